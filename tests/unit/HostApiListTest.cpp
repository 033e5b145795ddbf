//===- HostApiListTest.cpp - the CPU runtime's API lists against rules/ ---===//
//
// The CPU runtime declares and defines its cuda* and hip* entry points and
// device attributes from lists (include/hipwright/sim/hwsim/*.def). These
// tests fail when the lists drift from rules/ (a ported program would call
// a HIP name the runtime lacks), from CUDA's numbering, or when an entry
// point is written by hand beside them.
//
//===----------------------------------------------------------------------===//
#include "RequireTool.h"
#include "rules/RuleTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace hipwright;
using namespace llvm;

namespace {

/// One entry point of the lists; Cuda or Hip is empty for a one-spelling
/// entry.
struct Entry {
  std::string Cuda, Hip;
};

// The lists are read as plain text by the preprocessor: only the names are
// used, so the parameter types need not be declared here.
const std::vector<Entry> kEntries = {
#define HWSIM_API(Base, Impl, Params, Args) {"cuda" #Base, "hip" #Base},
#define HWSIM_CUDA_API(Base, Impl, Params, Args) {"cuda" #Base, ""},
#define HWSIM_HIP_API(Base, Impl, Params, Args) {"", "hip" #Base},
#include "../../include/hipwright/sim/hwsim/host_api_list.def"
};

struct Attribute {
  std::string Cuda; ///< empty: HIP only
  int Number;
  std::string Hip;
};

const std::vector<Attribute> kAttributes = {
#define HWSIM_DEVICE_ATTR(Cuda, Number, Hip, Value)                            \
  {"cudaDevAttr" #Cuda, Number, "hipDeviceAttribute" #Hip},
#define HWSIM_HIP_DEVICE_ATTR(Hip, Value) {"", 0, "hipDeviceAttribute" #Hip},
#include "../../include/hipwright/sim/hwsim/device_attributes.def"
};

/// The error-reporting calls (HostApiErrors.cpp), the only entry points
/// outside the lists (host_api_list.def says why).
const std::set<std::string> kErrorCalls = {
    "cudaGetErrorString",  "cudaGetErrorName",   "cudaGetLastError",
    "cudaPeekAtLastError", "hipGetErrorString",  "hipGetErrorName",
    "hipGetLastError",     "hipPeekAtLastError", "hipDrvGetErrorName",
    "hipDrvGetErrorString"};

std::set<std::string> spelled(bool Cuda) {
  std::set<std::string> Out;
  for (const Entry &E : kEntries)
    if (const std::string &N = Cuda ? E.Cuda : E.Hip; !N.empty())
      Out.insert(N);
  return Out;
}

std::string readSource(StringRef Rel) {
  std::string Path = std::string(HIPWRIGHT_SOURCE_DIR) + "/" + Rel.str();
  auto Buf = MemoryBuffer::getFile(Path);
  INFO(Path);
  REQUIRE(Buf);
  return (*Buf)->getBuffer().str();
}

/// Names of cuda* and hip* functions defined or declared at the start of a
/// line with the return type cudaError_t or hipError_t (the form an entry
/// point written by hand has; templates and inline forms start otherwise).
std::vector<std::string> handWrittenEntryPoints(StringRef Text) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!L.consume_front("cudaError_t ") && !L.consume_front("hipError_t "))
      continue;
    StringRef Name =
        L.take_while([](char C) { return isAlnum(C) || C == '_'; });
    if ((Name.starts_with("cuda") || Name.starts_with("hip")) &&
        L.drop_front(Name.size()).starts_with("("))
      Out.push_back(Name.str());
  }
  return Out;
}

} // namespace

TEST_CASE("host api list: every CUDA entry point ports to one the runtime "
          "has",
          "[host-api]") {
  const RuleTable &T = RuleTable::builtin();
  std::set<std::string> Hip = spelled(false);
  REQUIRE(Hip.size() > 50);
  for (const std::string &Cuda : spelled(true)) {
    INFO(Cuda);
    const Rule *R = T.lookup(Cuda);
    REQUIRE(R);
    CHECK(R->Kind == RuleKind::Function);
    REQUIRE(R->hasHip());
    INFO("rules/ port it to " << R->Hip);
    CHECK(Hip.count(R->Hip));
  }
}

TEST_CASE("host api list: every one-spelling entry point belongs to a pair",
          "[host-api]") {
  // A CUDA-only entry is an overload of a twin; a HIP-only one is what
  // rules/ port some CUDA name to (hipHostMalloc, hipInit, hipMemsetD8 ...).
  const RuleTable &T = RuleTable::builtin();
  std::set<std::string> Hip = spelled(false);
  std::set<std::string> PortedTo;
  for (const Rule &R : T.rules())
    if (R.hasHip())
      PortedTo.insert(R.Hip);
  for (const Entry &E : kEntries) {
    if (E.Hip.empty()) {
      INFO(E.Cuda << " has no HIP twin");
      CHECK(Hip.count("hip" + StringRef(E.Cuda).drop_front(4).str()));
    } else if (E.Cuda.empty()) {
      INFO(E.Hip << ": no rules/ row ports a CUDA name to it");
      CHECK(PortedTo.count(E.Hip));
    }
  }
}

TEST_CASE("host api list: no entry point is written beside the lists",
          "[host-api]") {
  std::set<std::string> Listed = spelled(true), Hip = spelled(false);
  Listed.insert(Hip.begin(), Hip.end());
  for (StringRef File : {"include/hipwright/sim/hwsim/host_api.h",
                         "lib/sim/runtime/HostApiDevice.cpp",
                         "lib/sim/runtime/HostApiErrors.cpp",
                         "lib/sim/runtime/HostApiMemory.cpp",
                         "lib/sim/runtime/HostApiStreams.cpp"}) {
    for (const std::string &Name : handWrittenEntryPoints(readSource(File))) {
      INFO(File.str() << ": " << Name
                      << " is written by hand; add it to a list in "
                         "include/hipwright/sim/hwsim/host_api_*.def");
      CHECK(kErrorCalls.count(Name));
      CHECK_FALSE(Listed.count(Name));
    }
  }
  // The scan sees the error calls, so it would see others.
  CHECK(handWrittenEntryPoints(readSource("lib/sim/runtime/HostApiErrors.cpp"))
            .size() >= 6);
}

TEST_CASE("host api list: device attributes match rules/ and CUDA's numbers",
          "[host-api]") {
  const RuleTable &T = RuleTable::builtin();
  std::set<int> Numbers;
  std::set<std::string> Hip;
  for (const Attribute &A : kAttributes) {
    INFO(A.Hip);
    CHECK(Hip.insert(A.Hip).second);
    if (A.Cuda.empty())
      continue;
    INFO(A.Cuda);
    CHECK(Numbers.insert(A.Number).second);
    const Rule *R = T.lookup(A.Cuda);
    REQUIRE(R);
    CHECK(R->Hip == A.Hip);
  }
  const char *Header = "/usr/local/cuda/include/driver_types.h";
  auto Buf = MemoryBuffer::getFile(Header);
  if (!Buf) {
    HIPWRIGHT_TOOL_MISSING("CUDA headers not found (" << Header << ")");
  }
  // "    cudaDevAttrWarpSize = 10, /**< ... */": CUDA's value for each name.
  std::map<std::string, int> Cuda;
  SmallVector<StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.trim();
    if (!L.starts_with("cudaDevAttr"))
      continue;
    auto [Name, Rest] = L.split('=');
    int N = 0;
    if (!Rest.trim().take_while(isDigit).getAsInteger(10, N))
      Cuda[Name.trim().str()] = N;
  }
  REQUIRE(Cuda.size() > 40);
  for (const Attribute &A : kAttributes) {
    if (A.Cuda.empty())
      continue;
    INFO(A.Cuda);
    REQUIRE(Cuda.count(A.Cuda));
    CHECK(Cuda[A.Cuda] == A.Number);
  }
}
