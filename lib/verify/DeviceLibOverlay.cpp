//===- DeviceLibOverlay.cpp - ROCm device libraries for clang 22 ----------===//
#include "verify/DeviceLibOverlay.h"

#include "verify/CompilerLog.h"
#include "verify/PublishedDirectory.h"
#include "verify/Subprocess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace hipwright::verify {

std::optional<unsigned> isaVersionNumber(StringRef Target) {
  StringRef Name = Target;
  if (!Name.consume_front("gfx") || Name.size() < 3)
    return std::nullopt;
  // The last two characters are hex digits (minor, stepping), the rest the
  // decimal major version.
  StringRef Major = Name.drop_back(2);
  unsigned Maj = 0, Min = 0, Step = 0;
  if (Major.getAsInteger(10, Maj) ||
      Name.substr(Name.size() - 2, 1).getAsInteger(16, Min) ||
      Name.substr(Name.size() - 1, 1).getAsInteger(16, Step))
    return std::nullopt;
  return Maj * 1000 + Min * 100 + Step;
}

std::optional<std::string> withIsaVersion(StringRef Ll, unsigned N) {
  static const Regex Constant(
      "^(@__oclc_ISA_version = .* constant i32 )([0-9]+),");
  SmallVector<StringRef, 1024> Lines;
  Ll.split(Lines, '\n');
  std::string Out;
  bool Changed = false;
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I];
    if (I)
      Out += '\n';
    SmallVector<StringRef, 3> M;
    if (!Changed && Constant.match(L, &M)) {
      // Only the number changes; the comma and what follows stay.
      Out +=
          (M[1] + std::to_string(N) + L.drop_front(M[1].size() + M[2].size()))
              .str();
      Changed = true;
    } else {
      Out += L;
    }
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

namespace {

std::string pathIn(StringRef Dir, StringRef Name) {
  SmallString<256> P(Dir);
  sys::path::append(P, Name);
  return std::string(P);
}

Expected<std::string> readText(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read " + Path + ": " +
                                                 Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

Error writeText(const std::string &Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC)
    return createStringError(EC, "cannot write " + Path + ": " + EC.message());
  OS << Text;
  OS.close();
  if (OS.has_error())
    return createStringError(OS.error(), "cannot write " + Path);
  return Error::success();
}

/// Builds the overlay in a fresh directory, then publishes it.
class OverlayBuilder {
public:
  OverlayBuilder(const CompileToolchain &Tools, std::string Dir)
      : Tools(Tools), Dir(std::move(Dir)) {}

  Error run(ArrayRef<std::string> Targets, StringRef Template);
  std::string Log;

private:
  /// Runs a tool; a failure is an error that shows what it printed.
  Error tool(std::vector<std::string> Argv) {
    std::string Name = sys::path::filename(Argv[0]).str();
    RunOutcome R = runLogged(std::move(Argv), Log, "");
    if (R.ok())
      return Error::success();
    return createStringError(inconvertibleErrorCode(),
                             Name + " failed: " + tailLines(R.Output, 3));
  }
  /// \p Bc disassembled to text.
  Expected<std::string> disassemble(const std::string &Bc) {
    std::string Ll = pathIn(Dir, "disassembled.ll");
    if (Error E = tool({*Tools.LlvmDis, Bc, "-o", Ll}))
      return std::move(E);
    Expected<std::string> Text = readText(Ll);
    sys::fs::remove(Ll);
    return Text;
  }
  Error addIsaVersion(StringRef Target, StringRef Template);
  Error foldIntoAbi500();

  const CompileToolchain &Tools;
  std::string Dir;
};

Error OverlayBuilder::addIsaVersion(StringRef Target, StringRef Template) {
  std::optional<unsigned> N = isaVersionNumber(Target);
  if (!N)
    return createStringError(inconvertibleErrorCode(),
                             "bad target name " + Target);
  std::string Lib =
      pathIn(Dir, ("oclc_isa_version_" + Target.drop_front(3) + ".bc").str());
  if (sys::fs::exists(Lib))
    return Error::success(); // packaged
  if (Template.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no oclc_isa_version_9*.bc in " +
                                 Tools.DeviceLibDir + " to derive " + Lib +
                                 " from");
  Expected<std::string> Text = disassemble(Template.str());
  if (!Text)
    return Text.takeError();
  std::optional<std::string> Out = withIsaVersion(*Text, *N);
  if (!Out)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read __oclc_ISA_version from " + Template);
  std::string Ll = pathIn(Dir, "isa.ll");
  if (Error E = writeText(Ll, *Out))
    return E;
  if (Error E = tool({*Tools.LlvmAs, Ll, "-o", Lib}))
    return E;
  sys::fs::remove(Ll);
  // Read back: the constant is what every builtin that asks the ISA reads.
  Expected<std::string> Check = disassemble(Lib);
  if (!Check)
    return Check.takeError();
  Regex Want("^@__oclc_ISA_version = .* constant i32 " + std::to_string(*N) +
                 ",",
             Regex::Newline);
  if (!Want.match(*Check))
    return createStringError(
        inconvertibleErrorCode(),
        "generated " + Lib +
            " does not define __oclc_ISA_version = " + std::to_string(*N));
  return Error::success();
}

Error OverlayBuilder::foldIntoAbi500() {
  std::string Hip = pathIn(Tools.DeviceLibDir, "hip.bc");
  std::string Abi = pathIn(Tools.DeviceLibDir, "oclc_abi_version_500.bc");
  std::string Daz = pathIn(Tools.DeviceLibDir, "oclc_daz_opt_off.bc");
  if (!sys::fs::exists(Hip) || !sys::fs::exists(Abi))
    return Error::success();
  std::vector<std::string> Parts = {Abi, Hip};
  if (sys::fs::exists(Daz))
    Parts.push_back(Daz);
  std::vector<std::string> Argv = {*Tools.LlvmLink};
  for (size_t I = 0; I < Parts.size(); ++I) {
    Expected<std::string> Text = disassemble(Parts[I]);
    if (!Text)
      return Text.takeError();
    // The linkage is the first word on a definition's line that can say
    // linkonce_odr; a later one would be inside a name or a string.
    SmallVector<StringRef, 1024> Lines;
    StringRef(*Text).split(Lines, '\n');
    std::string Out;
    for (StringRef L : Lines) {
      size_t At = L.find("linkonce_odr");
      if (At == StringRef::npos)
        Out += L;
      else
        Out += (L.take_front(At) + "weak_odr" +
                L.drop_front(At + StringRef("linkonce_odr").size()))
                   .str();
      Out += '\n';
    }
    std::string Ll = pathIn(Dir, "fold" + std::to_string(I) + ".ll");
    if (Error E = writeText(Ll, Out))
      return E;
    Argv.push_back(Ll);
  }
  std::string Linked = pathIn(Dir, "oclc_abi_version_500.bc");
  sys::fs::remove(Linked); // the symlink to the system's
  Argv.insert(Argv.end(), {"-o", Linked});
  if (Error E = tool(Argv))
    return E;
  for (size_t I = 1; I + 2 < Argv.size(); ++I)
    sys::fs::remove(Argv[I]);
  return Error::success();
}

Error OverlayBuilder::run(ArrayRef<std::string> Targets, StringRef Template) {
  std::error_code EC;
  for (sys::fs::directory_iterator It(Tools.DeviceLibDir, EC), End;
       It != End && !EC; It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.ends_with(".bc"))
      continue;
    if (std::error_code LinkEC =
            sys::fs::create_link(It->path(), pathIn(Dir, Name)))
      return createStringError(LinkEC, "cannot link " + It->path() + " into " +
                                           Dir + ": " + LinkEC.message());
  }
  if (EC)
    return createStringError(EC, "cannot list " + Tools.DeviceLibDir + ": " +
                                     EC.message());
  for (const std::string &T : Targets)
    if (Error E = addIsaVersion(T, Template))
      return E;
  return foldIntoAbi500();
}

/// Names the overlay after what it is made of: a new clang, new device
/// libraries or another target set make a new one.
std::string overlayKey(const CompileToolchain &Tools,
                       ArrayRef<std::string> Targets) {
  std::string Key = "v5";
  for (const std::string &T : Targets)
    Key += " " + T;
  RunSpec S;
  S.Argv = {*Tools.Clang, "--version"};
  S.TimeoutSeconds = 60;
  RunOutcome R = runProcess(S);
  Key += "\n" + StringRef(R.Output).split('\n').first.str() + "\n";
  std::vector<std::string> Entries;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Tools.DeviceLibDir, EC), End;
       It != End && !EC; It.increment(EC)) {
    sys::fs::file_status St;
    std::string Entry = sys::path::filename(It->path()).str();
    if (!sys::fs::status(It->path(), St))
      Entry += " " + std::to_string(St.getSize()) + " " +
               std::to_string(sys::toTimeT(St.getLastModificationTime()));
    Entries.push_back(Entry);
  }
  std::sort(Entries.begin(), Entries.end());
  for (const std::string &E : Entries)
    Key += E + "\n";
  return utohexstr(xxh3_64bits(Key), /*LowerCase=*/true);
}

} // namespace

Expected<std::string> deviceLibOverlay(const CompileToolchain &Tools,
                                       ArrayRef<std::string> Targets,
                                       StringRef WorkDir) {
  std::vector<std::string> Gfx;
  for (const std::string &T : Targets)
    if (StringRef(T).starts_with("gfx"))
      Gfx.push_back(T);
  auto Fill = [&](StringRef Tmp) -> Error {
    // Template for new ISA files: the newest packaged gfx9 one.
    std::string Template;
    std::error_code EC;
    for (sys::fs::directory_iterator It(Tools.DeviceLibDir, EC), End;
         It != End && !EC; It.increment(EC)) {
      StringRef Name = sys::path::filename(It->path());
      if (Name.starts_with("oclc_isa_version_9") && Name.ends_with(".bc") &&
          (Template.empty() || sys::path::filename(Template) < Name))
        Template = It->path();
    }
    OverlayBuilder B(Tools, Tmp.str());
    if (Error E = B.run(Gfx, Template))
      return createStringError(inconvertibleErrorCode(),
                               "cannot build the device-library overlay in " +
                                   WorkDir + ": " + toString(std::move(E)));
    return Error::success();
  };
  return publishDirectory(WorkDir, "devlibs-" + overlayKey(Tools, Gfx), Fill);
}

} // namespace hipwright::verify
