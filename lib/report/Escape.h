//===- Escape.h - user text in HTML, Markdown and CSV -----------*- C++ -*-===//
//
// File names, messages, code and rule ids come from the user's tree; a file
// called `<img src=x onerror=alert(1)>.cu` must print as text everywhere.
// Every printer passes every piece of such text through one of these.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace hipwright {

/// & < > " ' as entities: safe in element text and in quoted attributes.
std::string htmlEscape(llvm::StringRef S);

/// One RFC 4180 field: quoted (with "" for ") when it holds a comma, quote,
/// CR or LF, or starts/ends with a space; otherwise as is. A field that
/// starts with = + - @ tab or CR, which a spreadsheet would run as a
/// formula, is also prefixed with a single quote (OWASP, CSV injection).
std::string csvField(llvm::StringRef S);

/// Text for a GitHub-flavoured Markdown table cell or list item: HTML
/// specials as entities (GitHub renders inline HTML), Markdown punctuation
/// backslash-escaped, `|` escaped, line breaks as spaces.
std::string markdownEscape(llvm::StringRef S);

} // namespace hipwright
