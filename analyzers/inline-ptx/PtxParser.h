//===- PtxParser.h - the PTX inside an asm statement ------------*- C++ -*-===//
//
// A small parser for the PTX text of a CUDA `asm` statement: enough to tell
// which instructions it holds, with which modifiers and operands, so the
// inline-ptx analyzer can name the idiom and its AMD equivalent. It is not
// a PTX validator: unknown text is kept, not rejected.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hipwright::ptx {

/// One operand of an instruction, as written (after `%%` -> `%`).
struct Operand {
  enum class Kind {
    Placeholder, ///< %0, %1: the asm statement's operand N
    Special,     ///< %laneid, %tid.x, %clock64: a PTX special register
    Register,    ///< a register declared in the asm (.reg) or a plain name
    Immediate,   ///< 0, 0x1f, -1, 1.0
    Address,     ///< [%1], [%1+16], [p]: Base is the inner operand
    Vector,      ///< {%0, %1, %2, %3}: Elements hold the parts
    Other,
  };
  Kind K = Kind::Other;
  std::string Text;   ///< as written, without surrounding spaces
  int Index = -1;     ///< Placeholder: N; Address: base placeholder N
  std::string Offset; ///< Address: "+16" etc. when present
  std::vector<Operand> Elements; ///< Vector parts
  bool Negated = false;          ///< `!p` (a predicate operand)

  bool isPlaceholder() const { return K == Kind::Placeholder; }
  /// Immediate value when the operand is an integer literal.
  bool integerValue(long long &V) const;
};

/// One PTX instruction: `@!p opcode.mod1.mod2 op, op, ...;`
struct Instruction {
  std::string Predicate; ///< "p" for `@p`, empty when unpredicated
  bool PredicateNegated = false;
  std::string Opcode;                 ///< "shfl"
  std::vector<std::string> Modifiers; ///< {"sync", "down", "b32"}
  std::vector<Operand> Operands;
  std::string Text; ///< the instruction as written, trimmed

  bool hasModifier(llvm::StringRef M) const;
  /// The first modifier that is a PTX type (.b32, .u64, .f32 ...), or "".
  llvm::StringRef type() const;
  /// "shfl.sync.down.b32"
  std::string fullOpcode() const;
};

/// A `.reg .u32 t<4>;` style declaration.
struct RegDecl {
  std::string Type; ///< "u32", "pred"
  std::vector<std::string> Names;
};

struct Program {
  std::vector<Instruction> Instructions;
  std::vector<RegDecl> Registers;
  std::vector<std::string> Labels;
  unsigned Blocks = 0;               ///< `{ }` scopes seen
  std::vector<std::string> Problems; ///< text the parser could not read
};

/// Parses the template of an asm statement (escapes already decoded, `%%`
/// still doubled as clang keeps it).
Program parse(llvm::StringRef Template);

/// The asm statement's operands, taken from the AST or the lexer.
struct AsmOperand {
  std::string Constraint; ///< "=r", "+l", "f"
  std::string Expr;       ///< source text of the C++ operand
  /// What the AST knows of the C++ operand (empty when it came from the
  /// lexer): its canonical type, the pointee type for pointers, and whether
  /// it may be written more than once in a rewrite (a name or a literal,
  /// free of side effects).
  std::string Type;
  std::string PointeeType;
  bool Simple = false;
  bool isOutput() const;
  /// The constraint letter without modifiers: 'r', 'l', 'f', 'd', 'h', 'n'.
  char letter() const;
};

/// A whole asm statement: the parsed PTX and the C++ side.
struct AsmStatement {
  Program Ptx;
  std::vector<AsmOperand> Outputs;
  std::vector<AsmOperand> Inputs;
  std::vector<std::string> Clobbers;
  bool Volatile = false;

  /// Operand %N: outputs first, then inputs (as GCC numbers them); null
  /// when out of range.
  const AsmOperand *operand(int N) const;
  unsigned numOperands() const { return Outputs.size() + Inputs.size(); }
};

/// True when \p Opcode is a PTX instruction name hipwright knows; used to
/// tell PTX from host (x86) assembly in code the parse did not see.
bool isKnownOpcode(llvm::StringRef Opcode);

/// True when the text reads as PTX: a known opcode with a dotted modifier
/// or a `%special` register operand. x86 AT&T assembly (`movl`, `rdtsc`,
/// `lock; xaddl`) has neither.
bool looksLikePtx(const Program &P);

} // namespace hipwright::ptx
