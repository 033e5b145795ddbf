//===- HeaderCheckScope.cpp - which rows the headers can vouch for --------===//
#include "rules/HeaderCheckScope.h"

#include "llvm/ADT/StringRef.h"

namespace hipwright {

/// Libraries scripts/rocm-packages.lock does not fetch (MIOpen, rocBLAS)
/// or that Debian packages incompletely (rocWMMA has no internal/
/// headers), by table or by the HIP name's prefix.
static std::string missingLibrary(const Rule &R) {
  if (R.Family == "cudnn")
    return "MIOpen";
  std::string Lower = llvm::StringRef(R.Hip).lower();
  for (auto [Prefix, Lib] :
       {std::pair{"rocwmma", "rocWMMA"}, std::pair{"miopen", "MIOpen"},
        std::pair{"rocblas", "rocBLAS"}})
    if (llvm::StringRef(Lower).starts_with(Prefix))
      return Lib;
  return "";
}

HeaderCheck headerCheckOf(const Rule &R, const RocmVersion &Release,
                          std::string *Library) {
  if (!R.hasHip())
    return HeaderCheck::NoHipName;
  if (R.emulated())
    return HeaderCheck::Emulated;
  if (std::string Lib = missingLibrary(R); !Lib.empty()) {
    if (Library)
      *Library = Lib;
    return HeaderCheck::MissingLibrary;
  }
  if (R.Since && Release < *R.Since)
    return HeaderCheck::NewerRelease;
  if (R.Until && *R.Until < Release)
    return HeaderCheck::OlderRelease;
  return HeaderCheck::Checked;
}

} // namespace hipwright
