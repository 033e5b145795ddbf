// verify's discovery of the headers a test program brings along: quoted
// includes, transitively, inside the program's directory only.
#include "verify/LocalHeaders.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace hipwright::verify;
using namespace llvm;

namespace {

void writeFile(StringRef Dir, StringRef Rel, StringRef Text) {
  SmallString<256> P(Dir);
  sys::path::append(P, Rel);
  sys::fs::create_directories(sys::path::parent_path(P));
  std::error_code EC;
  raw_fd_ostream OS(P, EC);
  REQUIRE(!EC);
  OS << Text;
}

bool has(const std::vector<std::string> &V, StringRef S) {
  return std::find(V.begin(), V.end(), S.str()) != V.end();
}

} // namespace

TEST_CASE("local headers: quoted includes below the program, transitively") {
  SmallString<256> Root;
  REQUIRE(!sys::fs::createUniqueDirectory("hw-localheaders", Root));
  SmallString<256> Prog(Root);
  sys::path::append(Prog, "prog");
  writeFile(Prog, "main.cu",
            "#include <cstdio>\n"
            "#include \"kernel.cuh\"\n"
            "  #  include \"sub/util.h\"\n"
            "#include \"../outside.h\"\n"
            "#include \"missing.h\"\n"
            "#include <angled.h>\n");
  writeFile(Prog, "kernel.cuh", "#include \"sub/util.h\"\n__shared__ int s;\n");
  writeFile(Prog, "sub/util.h", "#include \"deeper.h\"\n");
  writeFile(Prog, "sub/deeper.h", "int d;\n");
  writeFile(Prog, "angled.h", "int a;\n");
  writeFile(Root, "outside.h", "int o;\n");

  SmallString<256> Main(Prog);
  sys::path::append(Main, "main.cu");
  std::vector<std::string> H = localHeaders(Main);
  CHECK(H.size() == 3);
  CHECK(has(H, "kernel.cuh"));
  CHECK(has(H, "sub/util.h"));
  // Resolved next to its includer (sub/), not next to main.cu.
  CHECK(has(H, "sub/deeper.h"));
  CHECK_FALSE(has(H, "../outside.h"));
  CHECK_FALSE(has(H, "outside.h"));
  CHECK_FALSE(has(H, "angled.h"));
  CHECK_FALSE(has(H, "missing.h"));
  sys::fs::remove_directories(Root);
}

TEST_CASE("local headers: a program without quoted includes brings none") {
  SmallString<256> Root;
  REQUIRE(!sys::fs::createUniqueDirectory("hw-localheaders", Root));
  writeFile(Root, "a.cu", "#include <cuda_runtime.h>\nint main() {}\n");
  writeFile(Root, "b.cuh", "int unused;\n");
  SmallString<256> A(Root);
  sys::path::append(A, "a.cu");
  CHECK(localHeaders(A).empty());
  sys::fs::remove_directories(Root);
}
