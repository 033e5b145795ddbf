//===- PtxLop3.h - lop3's lookup table as a C++ expression -----*- C++ -*-===//
#pragma once

#include <string>

namespace hipwright::ptx {

/// The shortest bitwise expression over the letters A, B and C (PTX's a, b
/// and c operands) whose truth table is \p Lut, lop3's immediate: the
/// table is F(0xF0, 0xCC, 0xAA). Uses &, |, ^, ~ and parentheses; "0" and
/// "~0" for the constant tables. The caller substitutes the operands.
std::string lop3Expression(unsigned Lut);

} // namespace hipwright::ptx
