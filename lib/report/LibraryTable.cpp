//===- LibraryTable.cpp - CUDA libraries and their ROCm twins -------------===//
#include "report/LibraryTable.h"
#include "support/TsvTable.h"

#include "rules/EmbeddedRules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hipwright {

const char *toString(LibraryRole R) {
  switch (R) {
  case LibraryRole::Replace:
    return "replace";
  case LibraryRole::Tooling:
    return "tooling";
  case LibraryRole::Port:
    return "port";
  }
  return "?";
}

namespace {

std::vector<std::string> listOf(StringRef Cell) {
  std::vector<std::string> Out;
  if (Cell == "-")
    return Out;
  SmallVector<StringRef, 8> Parts;
  Cell.split(Parts, ' ', -1, false);
  for (StringRef P : Parts)
    Out.push_back(P.str());
  return Out;
}

bool globMatches(const std::vector<std::string> &Globs, StringRef S) {
  for (const std::string &G : Globs) {
    Expected<GlobPattern> P = GlobPattern::create(G);
    if (!P) { // addTable rejects these
      consumeError(P.takeError());
      continue;
    }
    if (P->match(S))
      return true;
  }
  return false;
}

} // namespace

Error LibraryTable::addTable(StringRef Name, StringRef Text) {
  return forEachTsvRow(Name, Text, 10, [&](const TsvRow &Row) -> Error {
    auto Fail = [&](const Twine &Msg) { return tsvError(Name, Row.Line, Msg); };
    ArrayRef<StringRef> C = Row.Cells;
    LibraryRow R;
    R.Line = Row.Line;
    R.Name = C[0].str();
    R.Kind = C[1].str();
    if (R.Kind != "header-only" && R.Kind != "library" && R.Kind != "tooling" &&
        R.Kind != "interop")
      return Fail("unknown kind '" + R.Kind + "'");
    R.Headers = listOf(C[2]);
    R.Namespaces = listOf(C[3]);
    R.Prefixes = listOf(C[4]);
    R.Links = listOf(C[5]);
    if (C[6] == "replace")
      R.Role = LibraryRole::Replace;
    else if (C[6] == "tooling")
      R.Role = LibraryRole::Tooling;
    else if (C[6] == "port")
      R.Role = LibraryRole::Port;
    else
      return Fail("unknown role '" + C[6] + "'");
    R.Rocm = C[7] == "-" ? "" : C[7].str();
    if (C[8] != "yes" && C[8] != "no")
      return Fail("translated must be yes or no, not '" + C[8] + "'");
    R.Translated = C[8] == "yes";
    R.Source = C[9] == "-" ? "" : C[9].str();
    if (R.Name.empty())
      return Fail("empty library name");
    if (R.Source.empty())
      return Fail(R.Name + ": every fact needs a source");
    if (R.Role == LibraryRole::Replace && R.Rocm.empty())
      return Fail(R.Name + ": a replace row must name its ROCm counterpart");
    if (R.Headers.empty() && R.Links.empty())
      return Fail(R.Name + ": no header and no link name to find it by");
    for (auto *Globs : {&R.Headers, &R.Links})
      for (const std::string &G : *Globs)
        if (Expected<GlobPattern> P = GlobPattern::create(G); !P)
          return Fail("'" + G +
                      "' is not a valid glob: " + toString(P.takeError()));
    for (const LibraryRow &Old : Rows)
      if (Old.Name == R.Name)
        return Fail("library '" + R.Name + "' is listed twice");
    Rows.push_back(std::move(R));
    return Error::success();
  });
}

const LibraryRow *LibraryTable::byHeader(StringRef Include) const {
  for (const LibraryRow &R : Rows)
    if (globMatches(R.Headers, Include))
      return &R;
  return nullptr;
}

const LibraryRow *LibraryTable::byNamespace(StringRef Ns) const {
  for (const LibraryRow &R : Rows)
    for (const std::string &N : R.Namespaces)
      if (N == Ns)
        return &R;
  return nullptr;
}

const LibraryRow *LibraryTable::byIdentifier(StringRef Id) const {
  const LibraryRow *Best = nullptr;
  size_t BestLen = 0;
  for (const LibraryRow &R : Rows)
    for (const std::string &P : R.Prefixes) {
      if (P.size() <= BestLen || !Id.starts_with(P) || Id.size() == P.size())
        continue;
      // cublasSgemm, cublas_v2, curand_init, nvtxRangePushA: the prefix
      // ends where a new word starts. cudaGraphicsGLRegisterBuffer's
      // prefix cudaGraphicsGL is followed by an upper-case letter too.
      char Next = Id[P.size()];
      if (!(isUpper(Next) || isDigit(Next) || Next == '_'))
        continue;
      Best = &R;
      BestLen = P.size();
    }
  return Best;
}

const LibraryRow *LibraryTable::byLink(StringRef Link) const {
  StringRef L = Link.trim();
  L.consume_front("CUDA::");
  L.consume_front("-l");
  // A path to the library file: libcublas.so, /x/libcublas_static.a.
  if (L.contains('/') || L.ends_with(".so") || L.ends_with(".a") ||
      L.contains(".so.")) {
    L = sys::path::filename(L);
    L.consume_front("lib");
    L = L.take_until([](char C) { return C == '.'; });
  }
  if (L.empty())
    return nullptr;
  // Link names are matched without case: find_package(NCCL) and
  // target_link_libraries(... cublasLt) both name a library.
  std::string Lower = L.lower();
  for (const LibraryRow &R : Rows) {
    std::vector<std::string> Globs;
    for (const std::string &G : R.Links)
      Globs.push_back(StringRef(G).lower());
    if (globMatches(Globs, Lower))
      return &R;
  }
  return nullptr;
}

const LibraryTable &LibraryTable::builtin() {
  static const LibraryTable Table = [] {
    LibraryTable T;
    for (unsigned I = 0; I < kEmbeddedReportRulesCount; ++I) {
      // rules/report/ holds other tables too (algorithms.tsv).
      if (StringRef(kEmbeddedReportRules[I].Name) != "libraries.tsv")
        continue;
      if (Error E = T.addTable(kEmbeddedReportRules[I].Name,
                               kEmbeddedReportRules[I].Content))
        // Compiled in and checked by the unit tests: a build defect.
        report_fatal_error(std::move(E));
    }
    return T;
  }();
  return Table;
}

} // namespace hipwright
