//===- SharedOptions.cpp - the options several commands take --------------===//
#include "SharedOptions.h"

#include "rules/RocmVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace hipwright {

namespace {

using Result = std::optional<std::string>;

/// One row of the shared table: the commands that take it, and what it
/// does with a PortRequest and the scale options.
struct SharedRow {
  unsigned Commands;
  std::vector<std::string> Names;
  OptionValue Value;
  const char *Usage;
  const char *Help;
  Result (*Handle)(const OptionUse &, PortRequest &, ScaleOptions &);
};

Result takeJobs(const OptionUse &U, PortRequest &Req, ScaleOptions &) {
  return storeJobs(Req.Jobs)(U);
}

const SharedRow kSharedRows[] = {
    {PortRunCmds,
     {"-p"},
     OptionValue::Separate,
     "-p BUILD_DIR",
     "read BUILD_DIR/compile_commands.json",
     [](const OptionUse &U, PortRequest &Req, ScaleOptions &) -> Result {
       Req.BuildDir = U.Value;
       return std::nullopt;
     }},
    // verify passes the toolkit to its builds; it lists it among them.
    {PortRunCmds | VerifyCmd,
     {"--cuda-path"},
     OptionValue::Separate,
     "--cuda-path DIR",
     "CUDA toolkit",
     [](const OptionUse &U, PortRequest &Req, ScaleOptions &) -> Result {
       Req.CudaPath = U.Value;
       return std::nullopt;
     }},
    // verify has always accepted (and checked) it, though no port it runs
    // reads it: kept working, not listed in its help.
    {PortRunCmds | VerifyCmd,
     {"--rocm-version"},
     OptionValue::Separate,
     "--rocm-version X.Y",
     "oldest ROCm the port must build with",
     [](const OptionUse &U, PortRequest &Req, ScaleOptions &) -> Result {
       std::optional<RocmVersion> R = RocmVersion::parse(U.Value);
       if (!R)
         return "--rocm-version needs a ROCm release such as 6.2, not '" +
                U.Value + "'";
       Req.Options.TargetRocm = *R;
       return std::nullopt;
     }},
    {PortRunCmds,
     {"--no-cache"},
     OptionValue::None,
     "--no-cache",
     "neither read nor write the result cache\n"
     "(docs/cli.md: HIPWRIGHT_CACHE_DIR, ..._MAX_SIZE)",
     [](const OptionUse &, PortRequest &, ScaleOptions &S) -> Result {
       S.NoCache = true;
       return std::nullopt;
     }},
    {PortRunCmds,
     {"--shard"},
     OptionValue::Separate,
     "--shard K/N",
     "parse only shard K of N (split by path hash) and\n"
     "write its results to --shard-out FILE; `hipwright\n"
     "merge` joins the N files into this command's output",
     [](const OptionUse &U, PortRequest &, ScaleOptions &S) -> Result {
       Expected<ShardSpec> Spec = parseShardSpec(U.Value);
       if (!Spec)
         return toString(Spec.takeError());
       S.Shard = *Spec;
       return std::nullopt;
     }},
    {PortRunCmds,
     {"--shard-out"},
     OptionValue::Separate,
     "--shard-out FILE",
     "where --shard writes its results (never an input)",
     [](const OptionUse &U, PortRequest &, ScaleOptions &S) -> Result {
       S.ShardOut = U.Value;
       return std::nullopt;
     }},
    {PortRunCmds | VerifyCmd,
     {"--jobs"},
     OptionValue::Separate,
     "-j, --jobs N",
     "translation units in parallel",
     takeJobs},
    // Described with --jobs; -j alone also takes -j4.
    {PortRunCmds | VerifyCmd, {"-j"}, OptionValue::Joined, "", "", takeJobs},
};

} // namespace

std::vector<Option> sharedOptions(SharedCommand Command, PortRequest &Req,
                                  ScaleOptions &Scale) {
  std::vector<Option> Rows;
  for (const SharedRow &R : kSharedRows) {
    if (!(R.Commands & Command))
      continue;
    auto Handle = R.Handle;
    Rows.push_back({R.Names, R.Value, R.Usage, R.Help, "",
                    [Handle, &Req, &Scale](const OptionUse &U) {
                      return Handle(U, Req, Scale);
                    }});
  }
  return Rows;
}

Option takeOption(std::vector<Option> &Rows, StringRef Name) {
  auto It = llvm::find_if(
      Rows, [&](const Option &O) { return llvm::is_contained(O.Names, Name); });
  assert(It != Rows.end() && "no such shared option");
  Option O = std::move(*It);
  Rows.erase(It);
  return O;
}

std::function<std::optional<std::string>(std::vector<std::string>)>
clangArgsInto(PortRequest &Req) {
  return [&Req](std::vector<std::string> Rest) -> Result {
    Req.ExtraArgs.insert(Req.ExtraArgs.end(), Rest.begin(), Rest.end());
    return std::nullopt;
  };
}

void appendCommaList(StringRef List, std::vector<std::string> &Out) {
  SmallVector<StringRef, 4> Ids;
  List.split(Ids, ',', -1, false);
  for (StringRef Id : Ids)
    Out.push_back(Id.trim().str());
}

} // namespace hipwright
