// Which ROCm the compile checks use, and which release it is
// (support/RocmPrefix.h); the ROCm headers a build may read
// (verify/ForeignHipHeaders.h).
#include "TempDir.h"

#include "support/RocmPrefix.h"
#include "verify/ForeignHipHeaders.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace hipwright;
using hipwright::testing::TempDir;

namespace {
/// Sets an environment variable for one scope, restoring it after.
class ScopedEnv {
public:
  ScopedEnv(const char *Name, const std::string &Value) : Name(Name) {
    if (const char *Old = std::getenv(Name))
      Saved = Old;
    setenv(Name, Value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (Saved)
      setenv(Name, Saved->c_str(), 1);
    else
      unsetenv(Name);
  }

private:
  const char *Name;
  std::optional<std::string> Saved;
};

const char *const HipVersionH = "#define HIP_VERSION_MAJOR 7\n"
                                "#define HIP_VERSION_MINOR 2\n"
                                "#define HIP_VERSION_PATCH 53211\n";
} // namespace

TEST_CASE("a named ROCm root and its release", "[rocm]") {
  TempDir D;
  D.write("rocm/include/hip/hip_version.h", HipVersionH);
  D.write("rocm/.info/version", "7.2.0-43\n");
  ScopedEnv Root("HIPWRIGHT_ROCM_PATH", D.path("rocm"));
  std::optional<RocmInstall> R = findRocm();
  REQUIRE(R);
  CHECK(R->Root == D.path("rocm"));
  CHECK(R->HipVersion == "7.2.53211");
  CHECK(R->Release == "7.2.0"); // .info/version, as a ROCm install has it
}

TEST_CASE("a fetched prefix names its release in its stamp", "[rocm]") {
  TempDir D;
  D.write("p/usr/include/hip/hip_version.h", HipVersionH);
  D.write("p/.hipwright-rocm-stamp",
          "lock-sha256 00\nrocm-version 7.2.4\nlayout-revision 2\n");
  ScopedEnv NoRoot("HIPWRIGHT_ROCM_PATH", "");
  ScopedEnv Prefix("HIPWRIGHT_ROCM_PREFIX", D.path("p"));
  std::optional<RocmInstall> R = findRocm();
  REQUIRE(R);
  CHECK(R->Root == D.path("p") + "/usr");
  CHECK(R->Release == "7.2.4");
  CHECK(R->HipVersion == "7.2.53211");
}

TEST_CASE("without a stamp or .info, the HIP version names the release",
          "[rocm]") {
  TempDir D;
  D.write("r/include/hip/hip_version.h", HipVersionH);
  ScopedEnv Root("HIPWRIGHT_ROCM_PATH", D.path("r"));
  std::optional<RocmInstall> R = findRocm();
  REQUIRE(R);
  CHECK(R->Release == "7.2.53211");
}

TEST_CASE("dependency files are read as make reads them", "[rocm]") {
  using hipwright::verify::dependenciesOf;
  std::vector<std::string> D = dependenciesOf(
      "obj/a.o: /src/a\\ b.hip \\\n  /r/include/hip/hip_runtime.h \\\n"
      "  /usr/include/stdio.h\nsecond.o: /x/y.h\n");
  CHECK(D == std::vector<std::string>{"/src/a b.hip",
                                      "/r/include/hip/hip_runtime.h",
                                      "/usr/include/stdio.h", "/x/y.h"});
}

TEST_CASE("ROCm headers from outside the ROCm in use are found", "[rocm]") {
  using hipwright::verify::firstForeignRocmHeader;
  std::vector<std::string> Ok = {
      "/src/k.hip",
      "/r/usr/include/hip/hip_runtime.h",
      "/r/usr/include/hipcub/hipcub.hpp",
      "/usr/lib/llvm-22/lib/clang/22/include/__clang_hip_runtime_wrapper.h",
      "/usr/include/stdio.h",
      "/src/include/hip_helpers.h"};
  CHECK_FALSE(firstForeignRocmHeader(Ok, "/r/usr/include"));
  std::vector<std::string> Old = Ok;
  Old.push_back("/usr/include/hip/hip_runtime.h");
  CHECK(firstForeignRocmHeader(Old, "/r/usr/include") ==
        std::optional<std::string>("/usr/include/hip/hip_runtime.h"));
  std::vector<std::string> Vendored = {
      "/src/third_party/include/rocprim/x.hpp"};
  CHECK(firstForeignRocmHeader(Vendored, "/r/usr/include"));
  // Paths are compared with their dots resolved: another release beside
  // the one in use is not inside it.
  std::vector<std::string> Sibling = {
      "/opt/rocm-7.2/include/../../rocm-6.4/include/hip/hip_runtime.h"};
  CHECK(firstForeignRocmHeader(Sibling, "/opt/rocm-7.2/include"));
}
