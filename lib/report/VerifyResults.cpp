//===- VerifyResults.cpp - `hipwright verify` results in a report ---------===//
#include "report/VerifyResults.h"
#include "support/JsonNesting.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace llvm;

namespace hipwright {

static Error bad(StringRef Name, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           Name + ": not a verify results file: " + Why);
}

Expected<json::Object> parseVerifyResults(StringRef Name, StringRef Text) {
  Expected<json::Value> V = parseJsonBounded(Text);
  if (!V)
    return bad(Name, toString(V.takeError()));
  json::Object *Root = V->getAsObject();
  if (!Root)
    return bad(Name, "the top level is not an object");
  json::Array *Programs = Root->getArray("programs");
  if (!Programs)
    return bad(Name, "no \"programs\" array");
  std::vector<std::string> Columns;
  json::Array OutPrograms;
  for (size_t I = 0; I < Programs->size(); ++I) {
    std::string Where = "programs[" + std::to_string(I) + "]";
    json::Object *P = (*Programs)[I].getAsObject();
    if (!P)
      return bad(Name, Where + " is not an object");
    std::optional<StringRef> PName = P->getString("name");
    if (!PName)
      return bad(Name, Where + " has no \"name\" string");
    json::Object *Cells = P->getObject("cells");
    if (!Cells)
      return bad(Name, Where + " has no \"cells\" object");
    // json::Object iterates in hash order; sort the cell names so columns
    // do not depend on it.
    std::vector<std::string> Keys;
    for (auto &[K, _] : *Cells)
      Keys.push_back(K.str());
    std::sort(Keys.begin(), Keys.end());
    json::Object OutCells;
    for (const std::string &K : Keys) {
      json::Object *C = Cells->getObject(K);
      if (!C || !C->getString("status"))
        return bad(Name, Where + ".cells." + K + " has no \"status\" string");
      OutCells[K] =
          json::Object{{"status", C->getString("status")->str()},
                       {"detail", C->getString("detail").value_or("").str()}};
      if (std::find(Columns.begin(), Columns.end(), K) == Columns.end())
        Columns.push_back(K);
    }
    OutPrograms.push_back(
        json::Object{{"name", PName->str()},
                     {"file", P->getString("file").value_or("").str()},
                     {"cells", std::move(OutCells)}});
  }
  json::Value Summary = json::Object{};
  if (json::Value *S = Root->get("summary")) {
    if (!S->getAsObject())
      return bad(Name, "\"summary\" is not an object");
    Summary = *S;
  }
  json::Array Cols;
  for (const std::string &C : Columns)
    Cols.push_back(C);
  return json::Object{{"source", Name.str()},
                      {"columns", std::move(Cols)},
                      {"programs", std::move(OutPrograms)},
                      {"summary", std::move(Summary)}};
}

Expected<json::Object> readVerifyResults(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(),
                             Path + ": " + Buf.getError().message());
  return parseVerifyResults(Path, (*Buf)->getBuffer());
}

} // namespace hipwright
