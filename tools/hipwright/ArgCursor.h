//===- ArgCursor.h - walking a subcommand's arguments -----------*- C++ -*-===//
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hipwright {

/// Reads `--name value`, `--name=value` and flags off an argument list.
class ArgCursor {
public:
  explicit ArgCursor(const std::vector<std::string> &Args) : Args(Args) {}

  bool done() const { return I >= Args.size(); }
  const std::string &peek() const { return Args[I]; }
  std::string next() { return Args[I++]; }

  /// Matches option \p Name with a value; sets \p Missing when the value is
  /// absent.
  std::optional<std::string> value(const std::string &Name, bool &Missing) {
    if (done())
      return std::nullopt;
    const std::string &A = Args[I];
    if (A == Name) {
      if (I + 1 >= Args.size()) {
        Missing = true; // left in place: the caller reports it
        return std::nullopt;
      }
      I += 2;
      return Args[I - 1];
    }
    if (A.rfind(Name + "=", 0) == 0) {
      ++I;
      return A.substr(Name.size() + 1);
    }
    return std::nullopt;
  }

  bool flag(const std::string &Name) {
    if (done() || Args[I] != Name)
      return false;
    ++I;
    return true;
  }

private:
  const std::vector<std::string> &Args;
  size_t I = 0;
};

} // namespace hipwright
