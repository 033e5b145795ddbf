#include "support/AtomicFile.h"

#include "TempDir.h"

#include <chrono>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace hipwright;
using namespace hipwright::testing;
namespace fs = llvm::sys::fs;

TEST_CASE("writeFileAtomically replaces a file and keeps its permissions",
          "[atomic-file]") {
  TempDir D;
  std::string F = D.path("k.cu");
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "old\n")));
  REQUIRE(!fs::setPermissions(F, fs::perms(0750)));
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "new\n")));
  CHECK(readFile(F) == "new\n");
  CHECK(modeOf(F) == 0750);
  CHECK(countEntries(D.str()) == 1); // no temporary file left behind
}

TEST_CASE("writeFileAtomically names the file it cannot write",
          "[atomic-file]") {
  llvm::Error E = writeFileAtomically("/proc/hipwright/nope/k.cu", "x");
  bool Failed = static_cast<bool>(E);
  REQUIRE(Failed);
  CHECK(llvm::toString(std::move(E)).find("/proc/hipwright/nope") !=
        std::string::npos);
}

TEST_CASE("a named output file does not get missing directories made",
          "[atomic-file]") {
  TempDir D;
  std::string F = D.path("typo/r.json");
  llvm::Error E = writeFileAtomically(F, "{}\n", namedOutputFile());
  bool Failed = static_cast<bool>(E);
  REQUIRE(Failed);
  CHECK(llvm::toString(std::move(E)).find(F) != std::string::npos);
  CHECK(!fs::exists(D.path("typo")));
  // An output tree does get them.
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "{}\n")));
  CHECK(readFile(F) == "{}\n");
}

TEST_CASE("writeFileAtomically gives a new file 0666 less the umask",
          "[atomic-file]") {
  TempDir D;
  mode_t Old = ::umask(027);
  llvm::Error E = writeFileAtomically(D.path("new.json"), "{}\n");
  ::umask(Old);
  REQUIRE(!llvm::errorToBool(std::move(E)));
  CHECK(modeOf(D.path("new.json")) == 0640);
}

TEST_CASE("writeFileAtomically keeps a 0600 file private", "[atomic-file]") {
  TempDir D;
  std::string F = D.write("secret.cu", "a\n");
  REQUIRE(!fs::setPermissions(F, fs::perms(0600)));
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "b\n")));
  CHECK(modeOf(F) == 0600);
}

TEST_CASE("writeFileAtomically applies given attributes", "[atomic-file]") {
  TempDir D;
  AtomicWriteOptions Opts;
  Opts.Attributes =
      FileAttributes{static_cast<uint32_t>(::geteuid()),
                     static_cast<uint32_t>(::getegid()), fs::perms(0604)};
  REQUIRE(!llvm::errorToBool(
      writeFileAtomically(D.path("k.cu.orig"), "x\n", Opts)));
  CHECK(modeOf(D.path("k.cu.orig")) == 0604);
}

TEST_CASE("writeFileAtomically keeps the owner when run as root",
          "[atomic-file]") {
  if (::geteuid() != 0) {
    WARN("not root: only root can give a file to another user; check "
         "skipped");
    return;
  }
  TempDir D;
  std::string F = D.write("k.cu", "old\n");
  REQUIRE(::chown(F.c_str(), 65534, 65534) == 0);
  REQUIRE(!llvm::errorToBool(writeFileAtomically(F, "new\n")));
  fs::file_status St;
  REQUIRE(!fs::status(F, St));
  CHECK(St.getUser() == 65534u);
  CHECK(St.getGroup() == 65534u);
}

TEST_CASE("writeFileAtomically writes through a symbolic link",
          "[atomic-file]") {
  TempDir D;
  std::string Target = D.write("real/k.cu", "old\n");
  std::string Link = D.path("k.cu");
  REQUIRE(!fs::create_link(Target, Link));
  REQUIRE(!llvm::errorToBool(writeFileAtomically(Link, "new\n")));
  CHECK(fs::is_symlink_file(Link));
  CHECK(readFile(Target) == "new\n");
  CHECK(countEntries(D.path("real")) == 1);
}

TEST_CASE("writeFileAtomically writes a device directly", "[atomic-file]") {
  // Renaming over /dev/null (as root, possible) would replace the device.
  REQUIRE(!llvm::errorToBool(writeFileAtomically("/dev/null", "x")));
  fs::file_status St;
  REQUIRE(!fs::status("/dev/null", St, /*Follow=*/false));
  CHECK(St.type() == fs::file_type::character_file);
  if (fs::exists("/dev/full")) {
    llvm::Error E = writeFileAtomically("/dev/full", "x");
    bool Failed = static_cast<bool>(E);
    REQUIRE(Failed);
    CHECK(llvm::toString(std::move(E)).find("/dev/full") != std::string::npos);
  }
}

TEST_CASE("writeFileAtomically with NoReplace never replaces a file",
          "[atomic-file]") {
  TempDir D;
  std::string F = D.write("k.cu.orig", "precious\n");
  AtomicWriteOptions Opts;
  Opts.NoReplace = true;
  llvm::Error E = writeFileAtomically(F, "other\n", Opts);
  REQUIRE(static_cast<bool>(E));
  CHECK(llvm::errorToErrorCode(std::move(E)) == std::errc::file_exists);
  CHECK(readFile(F) == "precious\n");
  CHECK(countEntries(D.str()) == 1);
  REQUIRE(!llvm::errorToBool(
      writeFileAtomically(D.path("fresh.orig"), "new\n", Opts)));
  CHECK(readFile(D.path("fresh.orig")) == "new\n");
}

TEST_CASE("isTemporaryOf matches only this file's temporaries",
          "[atomic-file]") {
  CHECK(isTemporaryOf(".k.cu.hipwright-0a9f3c", "k.cu"));
  CHECK(isTemporaryOf(".k.cu.orig.hipwright-0a9f3c", "k.cu"));
  CHECK(isTemporaryOf(".k.cu.orig.2.hipwright-0a9f3c", "k.cu"));
  CHECK_FALSE(isTemporaryOf(".k.cu.hipwright-0a9f3c", "j.cu"));
  CHECK_FALSE(isTemporaryOf(".k.cuh.hipwright-0a9f3c", "k.cu"));
  CHECK_FALSE(isTemporaryOf("k.cu.hipwright-0a9f3c", "k.cu"));
  CHECK_FALSE(isTemporaryOf(".k.cu.hipwright-0a9f3", "k.cu"));
  CHECK_FALSE(isTemporaryOf(".k.cu.hipwright-0A9F3C", "k.cu"));
  CHECK_FALSE(isTemporaryOf(".k.cu.hipwright-notes!", "k.cu"));
}

TEST_CASE("removeStaleTemporaries removes what a killed run left",
          "[atomic-file]") {
  TempDir D;
  std::string K = D.write("k.cu", "k\n");
  D.write(".k.cu.hipwright-1b2c3d", "half");
  D.write(".k.cu.orig.hipwright-aaaaaa", "half");
  D.write(".other.cu.hipwright-1b2c3d", "not ours to judge");
  D.write(".k.cu.hipwright-notes", "the user's");
  std::vector<std::string> Removed = removeStaleTemporaries({K});
  CHECK(Removed.size() == 2);
  CHECK(!fs::exists(D.path(".k.cu.hipwright-1b2c3d")));
  CHECK(!fs::exists(D.path(".k.cu.orig.hipwright-aaaaaa")));
  CHECK(fs::exists(D.path(".other.cu.hipwright-1b2c3d")));
  CHECK(fs::exists(D.path(".k.cu.hipwright-notes")));
  CHECK(fs::exists(K));
}

TEST_CASE("abandoned temporaries are removed: old and unlocked only",
          "[atomic-file]") {
  TempDir D;
  std::string Old = D.write("tu/ab/.x.tu.hipwright-a1b2c3", "partial");
  std::string Young = D.write("tu/ab/.y.tu.hipwright-d4e5f6", "partial");
  std::string Held = D.write("tu/cd/.z.tu.hipwright-0a0b0c", "partial");
  std::string Entry = D.write("tu/ab/.not-ours", "keep");
  auto TwoDaysAgo = std::chrono::system_clock::now() - std::chrono::hours(48);
  for (const std::string &P : {Old, Held, Entry}) {
    int FD = ::open(P.c_str(), O_RDWR);
    REQUIRE(FD >= 0);
    REQUIRE(!llvm::sys::fs::setLastAccessAndModificationTime(FD, TwoDaysAgo));
    ::close(FD);
  }
  // A live writer holds its temporary locked until the rename.
  int Lock = ::open(Held.c_str(), O_RDONLY);
  REQUIRE(Lock >= 0);
  REQUIRE(::flock(Lock, LOCK_EX) == 0);
  CHECK(removeAbandonedTemporaries(D.path("tu"), std::chrono::hours(24)) == 1);
  CHECK(!llvm::sys::fs::exists(Old));
  CHECK(llvm::sys::fs::exists(Young));
  CHECK(llvm::sys::fs::exists(Held));
  CHECK(llvm::sys::fs::exists(Entry));
  ::close(Lock);
  CHECK(removeAbandonedTemporaries(D.path("tu"), std::chrono::hours(24)) == 1);
  CHECK(!llvm::sys::fs::exists(Held));
}
