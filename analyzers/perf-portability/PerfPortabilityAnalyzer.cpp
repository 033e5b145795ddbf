//===- PerfPortabilityAnalyzer.cpp - the perf-portability rules -----------===//
//
// Code that ports correctly and runs slower than it should on AMD because
// it was sized for NVIDIA: a block that does not fill whole 64-lane
// wavefronts, or a shared-memory tile that fits gfx942's LDS but leaves room
// for only one workgroup per compute unit. These are notes: the port is
// right without acting on them, so they never fail a default lint gate and
// cost no hours in the report's estimate; each names the number to revisit.
//
// Precision before recall: only values clang can evaluate count (a
// __launch_bounds__ argument or a static __shared__ size that depends on a
// template parameter is judged per instantiation, never in the pattern).
//
//===----------------------------------------------------------------------===//
#include "PerfPortabilityAnalyzer.h"
#include "hopper-only/DeviceCode.h"
#include "lds-limit/SharedMemoryUsage.h"
#include "perf-portability/OccupancyMath.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace hipwright {
namespace {

constexpr const char *kRuleLaunchBounds = "perf-portability.launch-bounds";
constexpr const char *kRuleLdsOccupancy = "perf-portability.lds-occupancy";

std::optional<uint64_t> positiveConstant(const Expr *E, const ASTContext &AST) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, AST) || !R.Val.getInt().isStrictlyPositive())
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

std::string plural(uint64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

class PerfPortabilityAnalyzer : public Analyzer {
public:
  using Analyzer::Analyzer;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(functionDecl(unless(isExpansionInSystemHeader()),
                                   isDefinition(), hasAttr(attr::CUDAGlobal))
                          .bind("kernel"),
                      this);
  }

  void run(const MatchFinder::MatchResult &R) override {
    if (!Usage)
      Usage = std::make_unique<SharedMemoryUsage>(*R.Context);
    if (const auto *K = R.Nodes.getNodeAs<FunctionDecl>("kernel")) {
      checkLaunchBounds(K, *R.Context);
      Kernels.push_back(K);
    }
  }

  // Shared memory is summed through callees, whose bodies may follow the
  // kernel in the file: counted once the whole TU is parsed.
  void finishTranslationUnit() override {
    for (const FunctionDecl *K : Kernels)
      checkLdsOccupancy(K);
  }

private:
  std::unique_ptr<SharedMemoryUsage> Usage;
  std::vector<const FunctionDecl *> Kernels;
  std::set<std::pair<unsigned, std::string>> Seen;

  Finding *reportOnce(SourceLocation Loc, StringRef Rule, std::string Msg) {
    unsigned Key = Ctx.sourceManager().getFileLoc(Loc).getRawEncoding();
    if (!Seen.insert({Key, Msg}).second)
      return nullptr;
    return Ctx.report(Loc, Rule, Severity::Note, std::move(Msg));
  }

  void checkLaunchBounds(const FunctionDecl *K, const ASTContext &AST) {
    const auto *A = K->getAttr<CUDALaunchBoundsAttr>();
    if (!A)
      return;
    std::optional<uint64_t> Threads = positiveConstant(A->getMaxThreads(), AST);
    unsigned Wave = Ctx.maxWaveSize();
    if (!Threads || Wave == 0 || *Threads % Wave == 0)
      return;
    WavefrontFill Fill = wavefrontFill(*Threads, Wave);
    std::string W = std::to_string(Wave);
    std::string Msg =
        "__launch_bounds__(" + std::to_string(*Threads) + ") on " +
        describeKernelInstance(K) + ": a block of " + std::to_string(*Threads) +
        " threads is " + plural(Fill.Waves, "wavefront", "wavefronts") +
        " of " + W + " lanes, the last of which runs with " +
        std::to_string(Fill.IdleLanes) + " of its " + W + " lanes idle";
    uint64_t Down = *Threads / Wave * Wave, Up = Fill.Waves * Wave;
    std::string Sizes =
        Down == 0 ? std::to_string(Up)
                  : std::to_string(Down) + " or " + std::to_string(Up);
    if (Finding *F = reportOnce(A->getLocation(), kRuleLaunchBounds, Msg))
      F->Suggestion = "size the block in whole " + W + "-lane wavefronts (" +
                      Sizes +
                      " threads here) and change its launches and the work "
                      "per thread to match";
  }

  void checkLdsOccupancy(const FunctionDecl *K) {
    uint64_t Bytes = Usage->staticBytes(K);
    if (Bytes == 0)
      return;
    std::string Counts, Fix;
    bool OnlyOne = false;
    for (const GpuTarget &T : Ctx.targets()) {
      std::optional<uint64_t> Lds = ldsPerComputeUnit(T);
      uint64_t N = Lds ? workgroupsPerCu(*Lds, Bytes) : 0;
      // 0: beyond the target's LDS, which lds-limit reports as an error.
      if (N == 0)
        continue;
      Counts += Counts.empty()
                    ? plural(N, "workgroup", "workgroups") + " of it on "
                    : ", " + std::to_string(N) + " on ";
      Counts += T.Name + " (" + std::to_string(*Lds / 1024) + " KiB)";
      if (N == 1) {
        OnlyOne = true;
        Fix +=
            (Fix.empty() ? "" : ", ") + formatBytes(*Lds / 2) + " on " + T.Name;
      }
    }
    if (!OnlyOne)
      return;
    std::string Msg = describeKernelInstance(K) + " uses " +
                      formatBytes(Bytes) +
                      " of static shared memory: one compute unit's LDS "
                      "holds " +
                      Counts;
    if (Finding *F = reportOnce(K->getLocation(), kRuleLdsOccupancy, Msg))
      F->Suggestion =
          "with one workgroup per compute unit nothing else runs while it "
          "waits at a barrier; at most " +
          Fix +
          " lets two share a compute unit (smaller tiles, fewer stages, or "
          "data kept in registers)";
  }
};

} // namespace

std::vector<RuleInfo> perfPortabilityRules() {
  return {
      {kRuleLaunchBounds, Severity::Note,
       "__launch_bounds__ maximum block size that is not a multiple of the "
       "wavefront size",
       "gfx942 and gfx950 run 64 threads per wavefront. A block size chosen "
       "in multiples of NVIDIA's 32-thread warps (96, 160, 32) leaves the "
       "last wavefront of every block partly empty: those lanes take issue "
       "slots, registers and a wave slot and do no work. The note gives the "
       "wavefront count and the idle lanes; the port is correct as it is."},
      {kRuleLdsOccupancy, Severity::Note,
       "static shared memory that fits a target's LDS but leaves room for "
       "only one workgroup per compute unit",
       "A gfx942 compute unit has 64 KiB of LDS for all the workgroups "
       "resident on it (gfx950: 160 KiB). A kernel sized for an NVIDIA SM, "
       "whose shared memory holds several such blocks, may get only one "
       "workgroup per CU on AMD when it uses more than half of that: "
       "nothing hides its barriers and memory latency. Computed from static "
       "__shared__ sizes only; the note gives the workgroups per CU on each "
       "target and the size that lets two share one."},
  };
}

std::unique_ptr<Analyzer> createPerfPortabilityAnalyzer(AnalysisContext &Ctx) {
  return std::make_unique<PerfPortabilityAnalyzer>(Ctx);
}

} // namespace hipwright
