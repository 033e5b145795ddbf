// Fix-its that call a function of hipwright_cuda_compat.h make the ported
// file include it, at a place the file's own code comes after.
#include "port/CompatHeader.h"

#include <catch2/catch.hpp>

using namespace hipwright;

static const std::string Include = "#include \"hipwright_cuda_compat.h\"\n";

TEST_CASE("a fix calling the warp-size helper brings the include after HIP's "
          "runtime header",
          "[compat]") {
  std::string Text = "// scan\n#include <cstdio>\n#include "
                     "<hip/hip_runtime.h>\nint w = "
                     "hipwright_device_warp_size();\n";
  REQUIRE(addCompatIncludeForFixes(Text));
  CHECK(Text == "// scan\n#include <cstdio>\n#include <hip/hip_runtime.h>\n" +
                    Include + "int w = hipwright_device_warp_size();\n");
  // Once is enough: a second pass finds the include.
  CHECK_FALSE(addCompatIncludeForFixes(Text));
}

TEST_CASE("without HIP's runtime header the include goes before the first "
          "#include, or at the top after a byte order mark",
          "[compat]") {
  std::string Text = "#pragma once\n#include \"helper.h\"\nint w() { return "
                     "hipwright_device_warp_size(); }\n";
  REQUIRE(addCompatIncludeForFixes(Text));
  CHECK(Text == "#pragma once\n" + Include +
                    "#include \"helper.h\"\nint w() { return "
                    "hipwright_device_warp_size(); }\n");

  std::string Bare = "\xEF\xBB\xBFint w = hipwright_device_warp_size();\n";
  REQUIRE(addCompatIncludeForFixes(Bare));
  CHECK(Bare ==
        "\xEF\xBB\xBF" + Include + "int w = hipwright_device_warp_size();\n");
}

TEST_CASE("text that does not call the helper, or already includes the "
          "header, is left as it is",
          "[compat]") {
  std::string Plain = "#include <hip/hip_runtime.h>\nint w = 64;\n";
  CHECK_FALSE(addCompatIncludeForFixes(Plain));
  CHECK(Plain == "#include <hip/hip_runtime.h>\nint w = 64;\n");

  std::string Has = "#include <hip/hip_runtime.h>\n" + Include +
                    "int w = hipwright_device_warp_size();\n";
  std::string Before = Has;
  CHECK_FALSE(addCompatIncludeForFixes(Has));
  CHECK(Has == Before);

  // The header's own text defines the function.
  std::string Header(compatHeaderText());
  REQUIRE(!Header.empty());
  CHECK_FALSE(addCompatIncludeForFixes(Header));
}
