//===- ExistingHipBuild.cpp - a tree that already builds for HIP ----------===//
#include "buildfiles/ExistingHipBuild.h"
#include "buildfiles/CMakeSyntax.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hipwright {

namespace {

std::string relative(StringRef Path, StringRef Root) {
  if (!Root.empty() && Path.starts_with(Root) && Path.size() > Root.size() &&
      Path[Root.size()] == '/')
    return Path.drop_front(Root.size() + 1).str();
  return Path.str();
}

/// What in \p C says the file builds HIP code with CMake's HIP language or
/// ROCm's hip package; empty when nothing does.
std::string hipEvidence(const CMakeCommand &C) {
  auto Value = [&](size_t I) {
    return I < C.Args.size() && C.Args[I].isValue() ? C.Args[I].Content
                                                    : StringRef();
  };
  if (C.LowerName == "enable_language")
    for (size_t I = 0; I < C.Args.size(); ++I)
      if (Value(I) == "HIP")
        return "enable_language(HIP)";
  if (C.LowerName == "project")
    for (size_t I = 1; I < C.Args.size(); ++I)
      if (Value(I) == "HIP")
        return "project(... HIP)";
  if (C.LowerName == "find_package" && Value(0).equals_insensitive("hip"))
    return "find_package(" + Value(0).str() + ")";
  if (C.LowerName == "set" && Value(0) == "CMAKE_HIP_ARCHITECTURES")
    return "set(CMAKE_HIP_ARCHITECTURES ...)";
  return "";
}

} // namespace

std::optional<ExistingHipBuild>
findExistingHipBuild(const std::vector<std::string> &Paths,
                     const std::vector<std::string> &Texts, StringRef Root) {
  std::optional<ExistingHipBuild> Out;
  std::vector<std::string> Options;
  for (size_t I = 0; I < Paths.size() && I < Texts.size(); ++I) {
    Expected<std::vector<CMakeCommand>> Cmds = parseCMake(Texts[I], Paths[I]);
    if (!Cmds) {
      consumeError(Cmds.takeError()); // the migration reports it
      continue;
    }
    for (const CMakeCommand &C : *Cmds) {
      std::string E = hipEvidence(C);
      if (!E.empty() && !Out) {
        Out.emplace();
        Out->Evidence =
            relative(Paths[I], Root) + ":" + std::to_string(C.Line) + ": " + E;
      }
      if (C.LowerName == "option" && !C.Args.empty() && C.Args[0].isValue()) {
        StringRef Name = C.Args[0].Content;
        std::string Upper = Name.upper();
        StringRef U(Upper);
        // The switch itself (GGML_HIP, USE_ROCM), not its refinements
        // (GGML_HIP_GRAPHS) nor names that merely end in the letters (CHIP).
        bool Says = U == "HIP" || U == "ROCM" || U.ends_with("_HIP") ||
                    U.ends_with("_ROCM");
        if (Says)
          Options.push_back("-D" + Name.str() + "=ON (" +
                            relative(Paths[I], Root) + ":" +
                            std::to_string(C.Line) + ")");
      }
    }
  }
  if (Out)
    Out->Options = std::move(Options);
  return Out;
}

} // namespace hipwright
