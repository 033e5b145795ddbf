//===- Progress.cpp - a progress line on a terminal -----------------------===//
#include "support/Progress.h"
#include "support/Plural.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <memory>

using namespace llvm;

namespace hipwright {

static std::string clock(double Seconds) {
  long S = std::lround(std::max(0.0, Seconds));
  std::string Out;
  raw_string_ostream OS(Out);
  if (S >= 3600)
    OS << S / 3600 << ":" << format("%02ld", (S / 60) % 60);
  else
    OS << S / 60;
  OS << ":" << format("%02ld", S % 60);
  return Out;
}

std::string formatProgress(StringRef Label, size_t Done, size_t Total,
                           double ElapsedSeconds) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << Label << ": " << Done << "/" << countOf(Total, "file") << ", "
     << clock(ElapsedSeconds) << " elapsed";
  // A linear estimate: TUs differ in size, but on a tree of hundreds the
  // average is what a person planning a coffee break wants.
  if (Done > 0 && Done < Total)
    OS << ", about " << clock(ElapsedSeconds / Done * (Total - Done))
       << " left";
  return Out;
}

ProgressCallback alwaysProgress(StringRef Label) {
  struct State {
    std::string Label;
    std::chrono::steady_clock::time_point Start, LastDraw;
    bool Drawn = false;
  };
  auto S = std::make_shared<State>();
  S->Label = Label.str();
  S->Start = std::chrono::steady_clock::now();
  return [S](size_t Done, size_t Total) {
    auto Now = std::chrono::steady_clock::now();
    if (Done >= Total) {
      if (S->Drawn)
        errs() << "\r\x1b[K"; // erase: the command's own summary follows
      S->Drawn = false;
      return;
    }
    if (S->Drawn && Now - S->LastDraw < std::chrono::milliseconds(100))
      return;
    double Elapsed = std::chrono::duration<double>(Now - S->Start).count();
    errs() << "\r\x1b[K" << formatProgress(S->Label, Done, Total, Elapsed);
    errs().flush();
    S->LastDraw = Now;
    S->Drawn = true;
  };
}

ProgressCallback terminalProgress(StringRef Label) {
  if (!sys::Process::StandardErrIsDisplayed())
    return {};
  return alwaysProgress(Label);
}

} // namespace hipwright
