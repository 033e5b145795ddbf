//===- ReportJsonView.h - reading the report model --------------*- C++ -*-===//
//
// The printers read the report's JSON (BuildReport.h); these accessors keep
// them short and give absent fields neutral values instead of crashes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/Support/JSON.h"

#include <string>

namespace hipwright::report {

inline const llvm::json::Object &obj(const llvm::json::Object &O,
                                     llvm::StringRef K) {
  static const llvm::json::Object Empty;
  const llvm::json::Object *P = O.getObject(K);
  return P ? *P : Empty;
}

inline const llvm::json::Array &arr(const llvm::json::Object &O,
                                    llvm::StringRef K) {
  static const llvm::json::Array Empty;
  const llvm::json::Array *P = O.getArray(K);
  return P ? *P : Empty;
}

inline std::string str(const llvm::json::Object &O, llvm::StringRef K) {
  return O.getString(K).value_or("").str();
}

inline double num(const llvm::json::Object &O, llvm::StringRef K) {
  return O.getNumber(K).value_or(0);
}

inline long long intOf(const llvm::json::Object &O, llvm::StringRef K) {
  if (auto I = O.getInteger(K))
    return *I;
  return (long long)O.getNumber(K).value_or(0);
}

inline bool flag(const llvm::json::Object &O, llvm::StringRef K) {
  return O.getBoolean(K).value_or(false);
}

/// Array elements that are objects (printers skip anything else).
template <typename Fn> void eachObj(const llvm::json::Array &A, Fn F) {
  for (const llvm::json::Value &V : A)
    if (const llvm::json::Object *O = V.getAsObject())
      F(*O);
}

} // namespace hipwright::report
