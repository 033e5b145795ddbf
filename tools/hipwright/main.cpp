//===- main.cpp - the hipwright command line ------------------------------===//
//
// Thin: picks the subcommand and hands it the rest of the arguments.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "output/VersionInfo.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace hipwright;

static void printUsage(llvm::raw_ostream &OS) {
  OS << "usage: hipwright <command> [options]\n\n"
        "commands:\n"
        "  port [PATH...] [options] [-- CLANG_ARGS...]\n"
        "                  translate CUDA sources to HIP\n"
        "  lint [PATH...] [options] [-- CLANG_ARGS...]\n"
        "                  report wave64 and portability hazards\n"
        "  report [PATH...] [options]\n"
        "                  write a migration-effort report (html, md, json, "
        "csv)\n"
        "  verify [DIR...] [options]\n"
        "                  build and run test programs for both vendors at\n"
        "                  32- and 64-lane wavefronts\n"
        "  explain [RULE]  list the rules, or explain one\n"
        "  query NAME      show the HIP mapping of one CUDA API\n"
        "  --version       this build: release, git commit, LLVM, rules "
        "tables' hash\n\n"
        "Run `hipwright <command> --help` for a command's options.\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  if (argc < 2) {
    printUsage(llvm::errs());
    return ExitUsage;
  }
  std::string Cmd = argv[1];
  std::vector<std::string> Args(argv + 2, argv + argc);
  if (Cmd == "port")
    return runPortCommand(Args);
  if (Cmd == "query")
    return runQueryCommand(Args);
  if (Cmd == "lint")
    return runLintCommand(Args);
  if (Cmd == "explain")
    return runExplainCommand(Args);
  if (Cmd == "report")
    return runReportCommand(Args);
  if (Cmd == "verify")
    return runVerifyCommand(Args);
  if (Cmd == "-h" || Cmd == "--help" || Cmd == "help") {
    printUsage(llvm::outs());
    return ExitOk;
  }
  if (Cmd == "--version" || Cmd == "version") {
    printVersion(llvm::outs());
    return ExitOk;
  }
  llvm::errs() << "hipwright: unknown command '" << Cmd << "'\n";
  printUsage(llvm::errs());
  return ExitUsage;
}
