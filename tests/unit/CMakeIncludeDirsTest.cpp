// The include directories a whole-tree port takes from the tree's CMake
// files when no compile_commands.json is given (issue 9: FDTD3d's sources
// include headers from the `inc/` folder its CMakeLists.txt adds).
#include "buildfiles/CMakeIncludeDirs.h"

#include "TempDir.h"

#include <catch2/catch.hpp>

using namespace hipwright;
using hipwright::testing::TempDir;

TEST_CASE("a target's include directories reach the sources it lists",
          "[buildfiles]") {
  TempDir D;
  D.write("Common/helper.h", "");
  D.write("app/inc/app.h", "");
  D.write("app/src/gpu.cu", "");
  D.write("app/src/other.cu", "");
  D.write("app/CMakeLists.txt",
          "include_directories(../Common)\n"
          "add_executable(app src/gpu.cu src/main.cpp)\n"
          "target_include_directories(app PRIVATE\n  inc\n"
          "  ${CMAKE_CURRENT_SOURCE_DIR}/inc  # twice: kept once\n"
          "  $<BUILD_INTERFACE:gen>  ${OTHER}/x  missing)\n");
  CMakeIncludeDirs Dirs(D.str());
  CHECK(Dirs.dirsFor(D.path("app/src/gpu.cu")) ==
        std::vector<std::string>{D.path("app/inc"), D.path("Common")});
  // Not a source of `app`: only the folder-wide directory.
  CHECK(Dirs.dirsFor(D.path("app/src/other.cu")) ==
        std::vector<std::string>{D.path("Common")});
}

TEST_CASE("folder-wide include directories reach sources below, not above",
          "[buildfiles]") {
  TempDir D;
  D.write("inc/top.h", "");
  D.write("lib/sub/inc/sub.h", "");
  D.write("CMakeLists.txt", "include_directories(inc)\n");
  D.write("lib/sub/CMakeLists.txt", "include_directories(inc)\n");
  D.write("lib/sub/k.cu", "");
  D.write("main.cu", "");
  CMakeIncludeDirs Dirs(D.str());
  CHECK(Dirs.dirsFor(D.path("lib/sub/k.cu")) ==
        std::vector<std::string>{D.path("lib/sub/inc"), D.path("inc")});
  CHECK(Dirs.dirsFor(D.path("main.cu")) ==
        std::vector<std::string>{D.path("inc")});
}

TEST_CASE("CMake files above the input root and broken ones add nothing",
          "[buildfiles]") {
  TempDir D;
  D.write("inc/x.h", "");
  D.write("CMakeLists.txt", "include_directories(inc)\n");
  D.write("tree/broken/CMakeLists.txt", "include_directories(inc\n");
  D.write("tree/broken/inc/y.h", "");
  D.write("tree/broken/k.cu", "");
  CMakeIncludeDirs Dirs(D.path("tree"));
  CHECK(Dirs.dirsFor(D.path("tree/broken/k.cu")).empty());
}
