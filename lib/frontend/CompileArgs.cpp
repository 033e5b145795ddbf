//===- CompileArgs.cpp - clang command lines for CUDA sources -------------===//
#include "frontend/CompileArgs.h"
#include "frontend/ParsePrelude.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

SourceLanguage languageOf(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu" || Ext == ".cuh")
    return SourceLanguage::Cuda;
  if (Ext == ".c")
    return SourceLanguage::C;
  return SourceLanguage::Cxx;
}

CompileArgs::CompileArgs(CudaToolkit Toolkit, std::string ResourceDir,
                         std::vector<std::string> ExtraArgs)
    : Toolkit(std::move(Toolkit)), ResourceDir(std::move(ResourceDir)),
      ExtraArgs(std::move(ExtraArgs)) {}

Error CompileArgs::loadCompilationDatabase(StringRef BuildDir) {
  std::string Message;
  Database =
      clang::tooling::CompilationDatabase::loadFromDirectory(BuildDir, Message);
  if (!Database)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read compile_commands.json in " +
                                 BuildDir + ": " + Message);
  return Error::success();
}

static std::string absolutize(StringRef Path, StringRef Directory) {
  if (Path.empty() || sys::path::is_absolute(Path) || Directory.empty())
    return Path.str();
  SmallString<256> P(Directory);
  sys::path::append(P, Path);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

std::vector<std::string>
filterDatabaseFlags(const std::vector<std::string> &CommandLine,
                    StringRef Directory) {
  // Flags whose value is a path, joined (-Ifoo) or separate (-I foo).
  static const char *PathFlags[] = {"-I", "-isystem", "-iquote", "-include",
                                    "-idirafter"};
  std::vector<std::string> Out;
  for (size_t I = 1; I < CommandLine.size(); ++I) {
    StringRef A = CommandLine[I];
    bool Taken = false;
    for (const char *F : PathFlags) {
      if (A == F && I + 1 < CommandLine.size()) {
        Out.push_back(F);
        Out.push_back(absolutize(CommandLine[++I], Directory));
        Taken = true;
        break;
      }
      if (A.starts_with(F) && A.size() > strlen(F)) { // joined: -Ifoo
        Out.push_back(F);
        Out.push_back(absolutize(A.drop_front(strlen(F)), Directory));
        Taken = true;
        break;
      }
    }
    if (Taken)
      continue;
    if ((A == "-D" || A == "-U") && I + 1 < CommandLine.size()) {
      Out.push_back((A + CommandLine[++I]).str());
    } else if (A.starts_with("-D") || A.starts_with("-U")) {
      Out.push_back(A.str());
    } else if (A.starts_with("-std=") || A.starts_with("--std=")) {
      StringRef Std = A.substr(A.find('=') + 1);
      Out.push_back(("-std=" + Std).str());
    } else if (A == "-std" && I + 1 < CommandLine.size()) {
      Out.push_back("-std=" + CommandLine[++I]);
    }
  }
  return Out;
}

void CompileArgs::setInferredIncludeDirs(const std::string &File,
                                         std::vector<std::string> Dirs) {
  if (Dirs.empty())
    InferredIncludeDirs.erase(File);
  else
    InferredIncludeDirs[File] = std::move(Dirs);
}

std::vector<std::string> CompileArgs::argsFor(StringRef File) const {
  std::vector<std::string> Args = {
      "clang++", "-fsyntax-only", "-w", "-ferror-limit=0",
      // Also silences clang's "N errors
      // generated" line on stderr.
      "-fno-caret-diagnostics", "-resource-dir=" + ResourceDir};
  SourceLanguage Lang = languageOf(File);
  std::string Inc = Toolkit.Root + "/include";
  switch (Lang) {
  case SourceLanguage::Cuda:
    Args.insert(Args.end(),
                {"-x", "cuda", "--cuda-path=" + Toolkit.Root,
                 "-Wno-unknown-cuda-version", "--cuda-host-only", "-isystem",
                 Inc + "/cccl", "-include", kParsePreludePath});
    break;
  case SourceLanguage::Cxx:
    Args.insert(Args.end(),
                {"-x", "c++", "-isystem", Inc + "/cccl", "-isystem", Inc});
    break;
  case SourceLanguage::C:
    Args.insert(Args.end(), {"-x", "c", "-isystem", Inc});
    break;
  }
  bool HasStd = false;
  if (Database) {
    std::vector<clang::tooling::CompileCommand> Cmds =
        Database->getCompileCommands(File);
    if (!Cmds.empty())
      for (std::string &F : filterDatabaseFlags(Cmds.front().CommandLine,
                                                Cmds.front().Directory)) {
        HasStd |= StringRef(F).starts_with("-std=");
        Args.push_back(std::move(F));
      }
  }
  for (const std::string &A : ExtraArgs)
    HasStd |= StringRef(A).starts_with("-std=");
  if (!HasStd && Lang != SourceLanguage::C)
    Args.push_back("-std=c++17");
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  if (auto It = InferredIncludeDirs.find(File.str());
      It != InferredIncludeDirs.end())
    for (const std::string &Dir : It->second)
      Args.push_back("-I" + Dir);
  Args.push_back(File.str());
  return Args;
}

} // namespace hipwright
