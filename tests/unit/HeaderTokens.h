//===- HeaderTokens.h - the identifiers a header spells ---------*- C++ -*-===//
//
// For the tests that look names up in real headers by their text
// (RulesAgainstHeadersTest, CudaDeviceFunctionsTest): every identifier a
// file spells outside comments, string literals and numbers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_set>

namespace hipwright::header_tokens {

inline bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
}
inline bool isIdentChar(char C) {
  return isIdentStart(C) || (C >= '0' && C <= '9');
}

/// Adds every identifier token of \p Text to \p Out. Comments and string
/// literals are skipped so a name that only appears in documentation does not
/// count; numbers are skipped whole so hex digits in rocRAND's precomputed
/// tables ("0xdeadbeef") do not read as identifiers.
inline void tokenize(const std::string &Text,
                     std::unordered_set<std::string> &Out) {
  size_t I = 0, N = Text.size();
  while (I < N) {
    char C = Text[I];
    if (C == '/' && I + 1 < N && Text[I + 1] == '/') {
      while (I < N && Text[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < N && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == std::string::npos ? N : End + 2;
    } else if (C == '"' || C == '\'') {
      // Crude: no raw strings; stops at the end of the line to recover from
      // an apostrophe in an #error message.
      ++I;
      while (I < N && Text[I] != C && Text[I] != '\n') {
        if (Text[I] == '\\')
          ++I;
        ++I;
      }
      ++I;
    } else if (C >= '0' && C <= '9') {
      while (I < N &&
             (isIdentChar(Text[I]) || Text[I] == '.' || Text[I] == '\''))
        ++I;
    } else if (isIdentStart(C)) {
      size_t Start = I;
      while (I < N && isIdentChar(Text[I]))
        ++I;
      Out.emplace(Text, Start, I - Start);
    } else {
      ++I;
    }
  }
}

inline void addFile(const std::filesystem::path &File,
                    std::unordered_set<std::string> &Out) {
  std::ifstream In(File, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  tokenize(SS.str(), Out);
}

} // namespace hipwright::header_tokens
