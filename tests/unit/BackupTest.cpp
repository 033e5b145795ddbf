#include "port/Backup.h"

#include "TempDir.h"

#include <unistd.h>

using namespace hipwright;
using namespace hipwright::testing;
namespace fs = llvm::sys::fs;

static FileAttributes attrs(unsigned Mode) {
  return {static_cast<uint32_t>(::geteuid()),
          static_cast<uint32_t>(::getegid()), fs::perms(Mode)};
}

TEST_CASE("the first backup is <file>.orig with the file's mode", "[backup]") {
  TempDir D;
  std::string K = D.write("k.cu", "ported\n");
  auto B = backUpOriginal(K, "cuda\n", attrs(0600));
  REQUIRE(static_cast<bool>(B));
  CHECK(B->Path == K + ".orig");
  CHECK_FALSE(B->Reused);
  CHECK(readFile(K + ".orig") == "cuda\n");
  CHECK(modeOf(K + ".orig") == 0600);
}

TEST_CASE("a backup holding the same bytes is reused, not rewritten",
          "[backup]") {
  TempDir D;
  std::string K = D.write("k.cu", "x\n");
  D.write("k.cu.orig", "cuda\n");
  auto B = backUpOriginal(K, "cuda\n", attrs(0644));
  REQUIRE(static_cast<bool>(B));
  CHECK(B->Path == K + ".orig");
  CHECK(B->Reused);
  CHECK(countEntries(D.str()) == 2);
}

TEST_CASE("a second port keeps the CUDA original and numbers its backup",
          "[backup]") {
  // port --in-place, then port --in-place --fix: k.cu.orig is the CUDA
  // original and must survive; the HIP state before the fix goes to .1.
  TempDir D;
  std::string K = D.write("k.cu", "hip\n");
  D.write("k.cu.orig", "cuda\n");
  auto B = backUpOriginal(K, "hip\n", attrs(0644));
  REQUIRE(static_cast<bool>(B));
  CHECK(B->Path == K + ".orig.1");
  CHECK(readFile(K + ".orig") == "cuda\n");
  CHECK(readFile(K + ".orig.1") == "hip\n");
  // And a third run goes on to .2.
  auto C = backUpOriginal(K, "hip, fixed\n", attrs(0644));
  REQUIRE(static_cast<bool>(C));
  CHECK(C->Path == K + ".orig.2");
  CHECK(readFile(K + ".orig.1") == "hip\n");
}

TEST_CASE("a name taken by a link or a directory is skipped, not followed",
          "[backup]") {
  TempDir D;
  std::string K = D.write("k.cu", "x\n");
  std::string Elsewhere = D.write("elsewhere.txt", "keep\n");
  REQUIRE(!fs::create_link(Elsewhere, K + ".orig"));
  REQUIRE(!fs::create_directory(K + ".orig.1"));
  auto B = backUpOriginal(K, "cuda\n", attrs(0644));
  REQUIRE(static_cast<bool>(B));
  CHECK(B->Path == K + ".orig.2");
  CHECK(readFile(Elsewhere) == "keep\n");
}

TEST_CASE("no free backup name is an error naming the file, nothing lost",
          "[backup]") {
  TempDir D;
  std::string K = D.write("k.cu", "x\n");
  D.write("k.cu.orig", "v0\n");
  for (unsigned N = 1; N <= kMaxNumberedBackups; ++N)
    D.write("k.cu.orig." + std::to_string(N), "v" + std::to_string(N) + "\n");
  auto B = backUpOriginal(K, "cuda\n", attrs(0644));
  REQUIRE(!static_cast<bool>(B));
  std::string Msg = llvm::toString(B.takeError());
  CHECK(Msg.find(K) != std::string::npos);
  CHECK(readFile(K + ".orig") == "v0\n");
  CHECK(readFile(K + ".orig.7") == "v7\n");
}
