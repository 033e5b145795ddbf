#include "port/InputTree.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

using namespace hipwright;

static void touch(llvm::StringRef Path) {
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream(Path, EC) << "\n";
}

TEST_CASE("collectInputs walks directories for CUDA and C/C++ files",
          "[inputs]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-in", Dir));
  std::string D(Dir);
  touch(D + "/a/k.cu");
  touch(D + "/a/k.cuh");
  touch(D + "/b/host.cpp");
  touch(D + "/b/notes.txt");
  touch(D + "/b/x.c");
  auto T = collectInputs({D + "/a", D + "/b"});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Root == D);
  CHECK(T->Units == std::vector<std::string>{D + "/a/k.cu", D + "/b/host.cpp",
                                             D + "/b/x.c"});
  CHECK(T->Headers == std::vector<std::string>{D + "/a/k.cuh"});
  CHECK(T->contains(D + "/a/../a/k.cuh"));
  CHECK(!T->contains("/usr/local/cuda/include/cuda_runtime.h"));
  CHECK(T->relative(D + "/a/k.cu") == "a/k.cu");
  llvm::sys::fs::remove_directories(D);
}

TEST_CASE("collectInputs names a missing path", "[inputs]") {
  auto T = collectInputs({"/no/such/dir"});
  REQUIRE(!static_cast<bool>(T));
  CHECK(llvm::toString(T.takeError()).find("/no/such/dir") !=
        std::string::npos);
}

TEST_CASE("a single file is its own tree", "[inputs]") {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory("hw-one", Dir));
  std::string D(Dir);
  touch(D + "/k.cu");
  touch(D + "/side.cuh");
  auto T = collectInputs({D + "/k.cu"});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->SingleFile);
  CHECK(T->relative(D + "/k.cu") == "k.cu");
  CHECK(!T->contains(D + "/side.cuh"));
  llvm::sys::fs::remove_directories(D);
}

namespace {
std::string scratchDir(const char *Prefix) {
  llvm::SmallString<128> Dir;
  REQUIRE(!llvm::sys::fs::createUniqueDirectory(Prefix, Dir));
  return std::string(Dir);
}

void makeLink(const std::string &Target, const std::string &Link) {
  REQUIRE(!llvm::sys::fs::create_link(Target, Link));
}

bool noted(const std::vector<InputNote> &Notes, const std::string &Path,
           const std::string &Part) {
  for (const InputNote &N : Notes)
    if (N.Path == Path && N.Message.find(Part) != std::string::npos)
      return true;
  return false;
}
} // namespace

TEST_CASE("link cycles are walked once and reported", "[inputs]") {
  std::string D = scratchDir("hw-cycle");
  touch(D + "/a/k.cu");
  touch(D + "/b/x.cuh");
  // Two loops back to the root and one inside a: before the fix, each
  // loop multiplied the tree (41 copies of one loop, exponential in two).
  makeLink(D, D + "/a/up");
  makeLink(D, D + "/b/up");
  makeLink(D + "/a", D + "/a/self");
  auto T = collectInputs({D});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Units == std::vector<std::string>{D + "/a/k.cu"});
  CHECK(T->Headers == std::vector<std::string>{D + "/b/x.cuh"});
  CHECK(T->Unreadable.empty());
  REQUIRE(T->Skipped.size() == 3);
  CHECK(noted(T->Skipped, D + "/a/self", "links to " + D + "/a,"));
  CHECK(noted(T->Skipped, D + "/a/up", "already walked"));
  CHECK(noted(T->Skipped, D + "/b/up", "already walked"));
  llvm::sys::fs::remove_directories(D);
}

TEST_CASE("a link to a directory elsewhere is followed, a second path to a "
          "walked one is not",
          "[inputs]") {
  std::string D = scratchDir("hw-links");
  std::string Out = scratchDir("hw-outside");
  touch(Out + "/o.cu");
  touch(D + "/z/real.cu");
  makeLink(Out, D + "/ext");
  // Sorts before z: the file is still listed under its own path.
  makeLink(D + "/z", D + "/a_alias");
  makeLink(D + "/z/real.cu", D + "/same.cu");
  auto T = collectInputs({D});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Units ==
        std::vector<std::string>{D + "/ext/o.cu", D + "/z/real.cu"});
  CHECK(noted(T->Skipped, D + "/a_alias", "links to " + D + "/z,"));
  CHECK(noted(T->Skipped, D + "/same.cu", "same file as " + D + "/z/real.cu"));
  llvm::sys::fs::remove_directories(D);
  llvm::sys::fs::remove_directories(Out);
}

TEST_CASE("a dangling link to a source is an unreadable input", "[inputs]") {
  std::string D = scratchDir("hw-dangling");
  touch(D + "/k.cu");
  makeLink(D + "/gone.cu", D + "/lost.cu");
  makeLink(D + "/gone-dir", D + "/build");
  auto T = collectInputs({D});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->Units == std::vector<std::string>{D + "/k.cu"});
  CHECK(noted(T->Unreadable, D + "/lost.cu", "cannot be followed"));
  CHECK(noted(T->Skipped, D + "/build", "cannot be followed"));
  llvm::sys::fs::remove_directories(D);
}

TEST_CASE("the same file named twice is a single file", "[inputs]") {
  std::string D = scratchDir("hw-twice");
  touch(D + "/k.cu");
  auto T = collectInputs({D + "/k.cu", D + "/./k.cu"});
  REQUIRE(static_cast<bool>(T));
  CHECK(T->SingleFile);
  CHECK(T->Units == std::vector<std::string>{D + "/k.cu"});
  llvm::sys::fs::remove_directories(D);
}

TEST_CASE("a tree without sources is an error that says so", "[inputs]") {
  std::string D = scratchDir("hw-empty");
  touch(D + "/notes.txt");
  auto T = collectInputs({D});
  REQUIRE(!T);
  std::string Msg = llvm::toString(T.takeError());
  CHECK(Msg.find(D) == 0);
  CHECK(Msg.find("no CUDA, C or C++ sources") != std::string::npos);
  llvm::sys::fs::remove_directories(D);
}

// Root reads every directory whatever its mode, so the check runs in a
// child that drops to user nobody; without root it runs as the caller.
TEST_CASE("an unreadable subdirectory is reported, not skipped", "[inputs]") {
  std::string D = scratchDir("hw-noread");
  touch(D + "/k.cu");
  touch(D + "/locked/hidden.cu");
  // nobody must reach the tree to read the part that is readable.
  llvm::sys::fs::setPermissions(D, llvm::sys::fs::all_read |
                                       llvm::sys::fs::all_exe |
                                       llvm::sys::fs::owner_write);
  llvm::sys::fs::setPermissions(D + "/locked", llvm::sys::fs::no_perms);
  int Fds[2];
  REQUIRE(pipe(Fds) == 0);
  pid_t Pid = fork();
  if (Pid == 0) {
    close(Fds[0]);
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
      _exit(3);
    llvm::raw_fd_ostream Out(Fds[1], /*shouldClose=*/true);
    auto T = collectInputs({D});
    if (!T) {
      Out << "error: " << llvm::toString(T.takeError());
    } else {
      for (const std::string &U : T->Units)
        Out << "unit " << U << "\n";
      for (const InputNote &N : T->Unreadable)
        Out << "unreadable " << N.Path << " " << N.Message << "\n";
    }
    Out.flush();
    _exit(0);
  }
  close(Fds[1]);
  std::string Report;
  char Buf[512];
  ssize_t N;
  while ((N = read(Fds[0], Buf, sizeof(Buf))) > 0)
    Report.append(Buf, N);
  close(Fds[0]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  llvm::sys::fs::setPermissions(D + "/locked", llvm::sys::fs::all_all);
  llvm::sys::fs::remove_directories(D);
  REQUIRE(WIFEXITED(Status));
  REQUIRE(WEXITSTATUS(Status) == 0); // 3: could not drop to nobody
  INFO(Report);
  CHECK(Report.find("unit " + D + "/k.cu\n") != std::string::npos);
  CHECK(Report.find("unreadable " + D +
                    "/locked cannot be read: Permission denied") !=
        std::string::npos);
  CHECK(Report.find("hidden.cu") == std::string::npos);
}
