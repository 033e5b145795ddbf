#include "port/OutputWriter.h"

#include "TempDir.h"

#include <sys/stat.h>

using namespace hipwright;
using namespace hipwright::testing;
namespace fs = llvm::sys::fs;

/// A port result for files already on disk, as runPort would make it.
static PortResult
resultFor(const TempDir &D,
          std::vector<std::pair<std::string, std::string>> PathAndTranslation) {
  PortResult R;
  R.Inputs.Root = D.str();
  for (auto &[Path, Translated] : PathAndTranslation) {
    FileOutcome F;
    F.Path = Path;
    F.Original = *readFile(Path);
    F.Translated = Translated;
    F.Status = F.Original == Translated ? FileStatus::Unchanged
                                        : FileStatus::Translated;
    R.Inputs.Units.push_back(Path);
    R.Files.push_back(std::move(F));
  }
  return R;
}

static OutputOptions inPlace(std::vector<std::string> *Notes = nullptr) {
  OutputOptions O;
  O.Mode = OutputMode::InPlace;
  if (Notes)
    O.OnNote = [Notes](const std::string &L) { Notes->push_back(L); };
  return O;
}

TEST_CASE("in place twice: the CUDA original stays in .orig", "[output]") {
  TempDir D;
  std::string K = D.write("k.cu", "cudaMalloc\n");
  REQUIRE(!fs::setPermissions(K, fs::perms(0600)));
  REQUIRE(!llvm::errorToBool(writeOutputs(resultFor(D, {{K, "hipMalloc\n"}}),
                                          inPlace(), llvm::nulls())));
  CHECK(readFile(K) == "hipMalloc\n");
  CHECK(readFile(K + ".orig") == "cudaMalloc\n");
  CHECK(modeOf(K + ".orig") == 0600); // a private source, a private backup
  CHECK(modeOf(K) == 0600);

  // The --fix run changes the ported file again.
  std::vector<std::string> Notes;
  REQUIRE(!llvm::errorToBool(
      writeOutputs(resultFor(D, {{K, "hipMalloc /*fixed*/\n"}}),
                   inPlace(&Notes), llvm::nulls())));
  CHECK(readFile(K) == "hipMalloc /*fixed*/\n");
  CHECK(readFile(K + ".orig") == "cudaMalloc\n");
  CHECK(readFile(K + ".orig.1") == "hipMalloc\n");
  REQUIRE(Notes.size() == 1);
  CHECK(Notes[0].find("k.cu.orig.1") != std::string::npos);
}

TEST_CASE("in place through a symbolic link ports the file it names",
          "[output]") {
  TempDir D;
  std::string Real = D.write("real/k.cu", "cudaFree\n");
  std::string Link = D.path("k.cu");
  REQUIRE(!fs::create_link(Real, Link));
  // Both names are inputs: the file is written once.
  PortResult R = resultFor(D, {{Link, "hipFree\n"}, {Real, "hipFree\n"}});
  REQUIRE(!llvm::errorToBool(writeOutputs(R, inPlace(), llvm::nulls())));
  CHECK(fs::is_symlink_file(Link));
  CHECK(readFile(Real) == "hipFree\n");
  CHECK(readFile(Real + ".orig") == "cudaFree\n");
  CHECK(!fs::exists(Link + ".orig"));
}

TEST_CASE("in place tells about hard links it separates", "[output]") {
  TempDir D;
  std::string K = D.write("k.cu", "cudaFree\n");
  REQUIRE(!fs::create_hard_link(K, D.path("other.cu")));
  std::vector<std::string> Notes;
  REQUIRE(!llvm::errorToBool(writeOutputs(resultFor(D, {{K, "hipFree\n"}}),
                                          inPlace(&Notes), llvm::nulls())));
  CHECK(readFile(K) == "hipFree\n");
  CHECK(readFile(D.path("other.cu")) == "cudaFree\n");
  REQUIRE(Notes.size() == 1);
  CHECK(Notes[0].find("hard link") != std::string::npos);
}

TEST_CASE("in place writes nothing when a source changed since the port "
          "read it",
          "[output]") {
  TempDir D;
  std::string A = D.write("a.cu", "cudaFree\n");
  std::string B = D.write("b.cu", "cudaMalloc\n");
  PortResult R = resultFor(D, {{A, "hipFree\n"}, {B, "hipMalloc\n"}});
  D.write("b.cu", "cudaMalloc // edited meanwhile\n");
  llvm::Error E = writeOutputs(R, inPlace(), llvm::nulls());
  REQUIRE(static_cast<bool>(E));
  CHECK(llvm::toString(std::move(E)).find("b.cu") != std::string::npos);
  CHECK(readFile(A) == "cudaFree\n"); // checked before anything was written
  CHECK(readFile(B) == "cudaMalloc // edited meanwhile\n");
  CHECK(!fs::exists(A + ".orig"));
}

TEST_CASE("in place removes temporaries an interrupted run left", "[output]") {
  TempDir D;
  std::string K = D.write("k.cu", "cudaFree\n");
  D.write(".k.cu.hipwright-c0ffee", "cuda");
  std::vector<std::string> Notes;
  REQUIRE(!llvm::errorToBool(writeOutputs(resultFor(D, {{K, "hipFree\n"}}),
                                          inPlace(&Notes), llvm::nulls())));
  CHECK(!fs::exists(D.path(".k.cu.hipwright-c0ffee")));
  CHECK(countEntries(D.str()) == 2); // k.cu, k.cu.orig
}

TEST_CASE("an output root (--out-root) that would land on an input writes "
          "nothing",
          "[output]") {
  // Two file inputs in one directory: their common directory is that
  // directory, so --out-root . maps each file onto itself.
  TempDir D;
  std::string A = D.write("a.cu", "cudaFree\n");
  std::string B = D.write("b.cu", "cudaMalloc\n");
  PortResult R = resultFor(D, {{A, "hipFree\n"}, {B, "hipMalloc\n"}});
  OutputOptions O;
  O.Mode = OutputMode::OutRoot;
  O.OutRoot = D.str();
  llvm::Error E = writeOutputs(R, O, llvm::nulls());
  REQUIRE(static_cast<bool>(E));
  CHECK(llvm::toString(std::move(E)).find("a.cu") != std::string::npos);
  CHECK(readFile(A) == "cudaFree\n");
  CHECK(readFile(B) == "cudaMalloc\n");
}
