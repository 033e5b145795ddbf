//===- main.cpp - the hipwright command line ------------------------------===//
//
// Thin: picks the subcommand and hands it the rest of the arguments.
//
//===----------------------------------------------------------------------===//
#include "Commands.h"
#include "output/VersionInfo.h"
#include "support/SignalCleanup.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
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
        "  compile-check [options] FILE...\n"
        "                  compile HIP sources for gfx942/gfx950 (and sm_90)\n"
        "  merge SHARD_FILE...\n"
        "                  join the results of port/lint/report --shard K/N\n"
        "  explain [RULE]  list the rules, or explain one\n"
        "  query NAME      show the HIP mapping of one CUDA API\n"
        "  --version       this build: release, git commit, LLVM, rules "
        "tables' hash\n\n"
        "Run `hipwright <command> --help` for a command's options.\n";
}

static int runCommand(const std::string &Cmd,
                      const std::vector<std::string> &Args) {
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
  if (Cmd == "merge")
    return runMergeCommand(Args);
  if (Cmd == "compile-check")
    return runCompileCheckCommand(Args);
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

/// Standard output that could not be written (a full disk, a closed pipe)
/// is an I/O error, exit 2, whatever the command had decided: for lint, 1
/// would read as "findings". Checked here, once, so no stream is left with
/// an error for LLVM to turn into a crash report at exit.
static int checkStandardStreams(const std::string &Cmd, int RC) {
  llvm::outs().flush();
  if (llvm::outs().has_error()) {
    std::error_code EC = llvm::outs().error();
    llvm::outs().clear_error();
    llvm::errs() << "hipwright " << Cmd
                 << ": error: cannot write to standard output: " << EC.message()
                 << "\n";
    RC = ExitUsage;
  }
  // Nothing more can be said when stderr itself fails.
  if (llvm::errs().has_error())
    llvm::errs().clear_error();
  return RC;
}

static void ignorePipeSignal(int) {}

int main(int argc, char **argv) {
  // Before InitLLVM, so its handlers run first and pass the signal on.
  installSignalCleanup();
  // No exit-on-SIGPIPE: a write to a closed pipe then fails with EPIPE and
  // is reported like any other failed write (checkStandardStreams).
  llvm::InitLLVM X(argc, argv, /*InstallPipeSignalExitHandler=*/false);
  // A handler rather than SIG_IGN: children (verify's compilers and test
  // programs) get the default action back at exec, as they expect.
  struct sigaction Pipe = {};
  Pipe.sa_handler = ignorePipeSignal;
  sigemptyset(&Pipe.sa_mask);
  sigaction(SIGPIPE, &Pipe, nullptr);

  if (argc < 2) {
    printUsage(llvm::errs());
    return ExitUsage;
  }
  std::string Cmd = argv[1];
  std::vector<std::string> Args(argv + 2, argv + argc);
  return checkStandardStreams(Cmd, runCommand(Cmd, Args));
}
