//===- PtxParser.cpp - the PTX inside an asm statement --------------------===//
//
// PTX statements end at ';', `{ }` open scopes (for .reg declarations local
// to the asm), `@p` predicates an instruction, and an opcode carries its
// modifiers after dots (`ld.global.nc.v4.f32`). Operands are split at
// top-level commas; brackets hold addresses and braces hold vectors.
//
//===----------------------------------------------------------------------===//
#include "inline-ptx/PtxParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <cstdlib>

namespace hipwright::ptx {
namespace {

bool isIdentStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}

bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}

/// Removes // and /* */ comments and turns the asm escape `%%` into `%`,
/// so `%%laneid` reads as the special register it names.
std::string normalize(llvm::StringRef T) {
  std::string Out;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I).starts_with("//")) {
      while (I < T.size() && T[I] != '\n')
        ++I;
      Out += '\n';
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      size_t End = T.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? T.size() : End + 1;
      Out += ' ';
      continue;
    }
    if (T[I] == '%' && I + 1 < T.size() && T[I + 1] == '%') {
      Out += '%';
      ++I;
      continue;
    }
    Out += T[I];
  }
  return Out;
}

/// Splits at commas outside brackets and braces.
std::vector<std::string> splitTopLevel(llvm::StringRef S) {
  std::vector<std::string> Parts;
  int Depth = 0;
  std::string Cur;
  for (char C : S) {
    if (C == '[' || C == '{' || C == '(')
      ++Depth;
    else if (C == ']' || C == '}' || C == ')')
      --Depth;
    if (C == ',' && Depth == 0) {
      Parts.push_back(llvm::StringRef(Cur).trim().str());
      Cur.clear();
      continue;
    }
    Cur += C;
  }
  if (!llvm::StringRef(Cur).trim().empty() || !Parts.empty())
    Parts.push_back(llvm::StringRef(Cur).trim().str());
  return Parts;
}

int placeholderIndex(llvm::StringRef S) {
  if (!S.consume_front("%") || S.empty() ||
      !std::isdigit(static_cast<unsigned char>(S[0])))
    return -1;
  unsigned N;
  return S.getAsInteger(10, N) ? -1 : static_cast<int>(N);
}

Operand parseOperand(llvm::StringRef S) {
  Operand Op;
  S = S.trim();
  if (S.consume_front("!")) {
    Op = parseOperand(S);
    Op.Negated = true;
    Op.Text = "!" + Op.Text;
    return Op;
  }
  Op.Text = S.str();
  if (S.starts_with("[") && S.ends_with("]")) {
    Op.K = Operand::Kind::Address;
    llvm::StringRef Inner = S.drop_front().drop_back().trim();
    size_t Split = Inner.find_first_of("+-", 1);
    llvm::StringRef Base = Inner.substr(0, Split).trim();
    if (Split != llvm::StringRef::npos)
      Op.Offset = Inner.substr(Split).trim().str();
    Op.Index = placeholderIndex(Base);
    return Op;
  }
  if (S.starts_with("{") && S.ends_with("}")) {
    Op.K = Operand::Kind::Vector;
    for (const std::string &E : splitTopLevel(S.drop_front().drop_back()))
      Op.Elements.push_back(parseOperand(E));
    return Op;
  }
  if (S.starts_with("%")) {
    Op.Index = placeholderIndex(S);
    if (Op.Index >= 0 && S.size() > 1 &&
        llvm::all_of(S.drop_front(), [](char C) { return std::isdigit(C); }))
      Op.K = Operand::Kind::Placeholder;
    else if (S.size() > 1 && isIdentStart(S[1]))
      Op.K = Operand::Kind::Special;
    return Op;
  }
  if (!S.empty() && (std::isdigit(static_cast<unsigned char>(S[0])) ||
                     S[0] == '-' || S[0] == '+'))
    Op.K = Operand::Kind::Immediate;
  else if (!S.empty() && isIdentStart(S[0]))
    Op.K = Operand::Kind::Register;
  return Op;
}

void parseRegDecl(llvm::StringRef S, Program &P) {
  // `.reg .u32 a, b<4>` : the type is the second dotted word.
  S = S.drop_front(4).trim();
  RegDecl D;
  if (S.consume_front(".")) {
    size_t End = S.find_first_of(" \t\n");
    D.Type = S.substr(0, End).str();
    S = End == llvm::StringRef::npos ? "" : S.substr(End).trim();
  }
  // Vector register declarations (`.reg .v4 .f32 x`) carry a second type.
  while (S.consume_front(".")) {
    size_t End = S.find_first_of(" \t\n");
    D.Type += "." + S.substr(0, End).str();
    S = End == llvm::StringRef::npos ? "" : S.substr(End).trim();
  }
  for (const std::string &N : splitTopLevel(S))
    D.Names.push_back(N);
  P.Registers.push_back(std::move(D));
}

/// Peels `name:` labels off the front of a statement.
llvm::StringRef takeLabels(llvm::StringRef S, Program &P) {
  while (!S.empty() && isIdentStart(S[0])) {
    size_t I = 0;
    while (I < S.size() && isIdentChar(S[I]))
      ++I;
    llvm::StringRef Rest = S.substr(I).ltrim();
    if (!Rest.starts_with(":"))
      break;
    P.Labels.push_back(S.substr(0, I).str());
    S = Rest.drop_front().ltrim();
  }
  return S;
}

void parseStatement(llvm::StringRef S, Program &P) {
  S = takeLabels(S.trim(), P);
  if (S.empty())
    return;
  if (S.starts_with(".reg") && (S.size() == 4 || !isIdentChar(S[4]))) {
    parseRegDecl(S, P);
    return;
  }
  if (S.starts_with(".")) // other directives (.shared, .local): no code
    return;
  Instruction I;
  I.Text = S.str();
  if (S.consume_front("@")) {
    I.PredicateNegated = S.consume_front("!");
    size_t End = S.find_first_of(" \t\n");
    I.Predicate = S.substr(0, End).str();
    S = End == llvm::StringRef::npos ? "" : S.substr(End).trim();
  }
  size_t End = S.find_first_of(" \t\n");
  llvm::StringRef Op = S.substr(0, End);
  llvm::StringRef Rest = End == llvm::StringRef::npos ? "" : S.substr(End);
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Op.split(Parts, '.', -1, /*KeepEmpty=*/false);
  if (Parts.empty() || !isIdentStart(Parts[0][0])) {
    P.Problems.push_back(S.str());
    return;
  }
  I.Opcode = Parts[0].str();
  for (size_t K = 1; K < Parts.size(); ++K)
    I.Modifiers.push_back(Parts[K].str());
  for (const std::string &O : splitTopLevel(Rest.trim()))
    I.Operands.push_back(parseOperand(O));
  P.Instructions.push_back(std::move(I));
}

} // namespace

bool Operand::integerValue(long long &V) const {
  if (K != Kind::Immediate)
    return false;
  std::string T = Text;
  while (!T.empty() && (T.back() == 'U' || T.back() == 'u'))
    T.pop_back();
  // PTX float immediates (0f3f800000, 1.0) are not integers.
  if (T.find('.') != std::string::npos ||
      llvm::StringRef(T).starts_with_insensitive("0f") ||
      llvm::StringRef(T).starts_with_insensitive("0d"))
    return false;
  char *End = nullptr;
  V = std::strtoll(T.c_str(), &End, 0);
  if (End && *End == '\0')
    return true;
  // 0xffffffff and wider hex literals overflow strtoll's range.
  unsigned long long U = std::strtoull(T.c_str(), &End, 0);
  V = static_cast<long long>(U);
  return End && *End == '\0';
}

bool Instruction::hasModifier(llvm::StringRef M) const {
  return llvm::is_contained(Modifiers, M);
}

llvm::StringRef Instruction::type() const {
  for (const std::string &M : Modifiers) {
    llvm::StringRef S(M);
    if (S == "pred")
      return S;
    // b32, u64, s8, f16, bf16, f16x2, bf16x2, f32 ...
    llvm::StringRef Digits =
        S.drop_while([](char C) { return std::isalpha(C); });
    llvm::StringRef Prefix = S.drop_back(Digits.size());
    if ((Prefix == "b" || Prefix == "u" || Prefix == "s" || Prefix == "f" ||
         Prefix == "bf") &&
        !Digits.empty() && std::isdigit(static_cast<unsigned char>(Digits[0])))
      return S;
  }
  return "";
}

std::string Instruction::fullOpcode() const {
  std::string S = Opcode;
  for (const std::string &M : Modifiers)
    S += "." + M;
  return S;
}

Program parse(llvm::StringRef Template) {
  Program P;
  std::string Text = normalize(Template);
  std::string Cur;
  int VectorDepth = 0;
  auto Flush = [&] {
    parseStatement(Cur, P);
    Cur.clear();
  };
  for (char C : Text) {
    bool AtStart = llvm::StringRef(Cur).trim().empty() ||
                   llvm::StringRef(Cur).trim().ends_with(":");
    if ((C == '{' || C == '}') && AtStart && VectorDepth == 0) {
      // A scope of its own, not a vector operand.
      if (C == '{')
        ++P.Blocks;
      Flush();
      continue;
    }
    if (C == '{')
      ++VectorDepth;
    else if (C == '}' && VectorDepth > 0)
      --VectorDepth;
    else if (C == '}') { // `}` closing a scope right after an instruction
      Flush();
      continue;
    }
    if (C == ';' && VectorDepth == 0) {
      Flush();
      continue;
    }
    Cur += C;
  }
  Flush();
  return P;
}

bool AsmOperand::isOutput() const {
  return !Constraint.empty() && (Constraint[0] == '=' || Constraint[0] == '+');
}

char AsmOperand::letter() const {
  for (char C : Constraint)
    if (std::isalpha(static_cast<unsigned char>(C)))
      return C;
  return '\0';
}

const AsmOperand *AsmStatement::operand(int N) const {
  if (N < 0)
    return nullptr;
  if (static_cast<unsigned>(N) < Outputs.size())
    return &Outputs[N];
  N -= Outputs.size();
  if (static_cast<unsigned>(N) < Inputs.size())
    return &Inputs[N];
  return nullptr;
}

bool isKnownOpcode(llvm::StringRef Opcode) {
  static const llvm::StringSet<> Known = {"abs",
                                          "activemask",
                                          "add",
                                          "addc",
                                          "and",
                                          "applypriority",
                                          "atom",
                                          "bar",
                                          "barrier",
                                          "bfe",
                                          "bfi",
                                          "bfind",
                                          "bmsk",
                                          "bra",
                                          "brev",
                                          "brkpt",
                                          "call",
                                          "clz",
                                          "cnot",
                                          "copysign",
                                          "cos",
                                          "cp",
                                          "createpolicy",
                                          "cvt",
                                          "cvta",
                                          "discard",
                                          "div",
                                          "dp2a",
                                          "dp4a",
                                          "elect",
                                          "ex2",
                                          "exit",
                                          "fence",
                                          "fma",
                                          "fns",
                                          "getctarank",
                                          "griddepcontrol",
                                          "isspacep",
                                          "istypep",
                                          "ld",
                                          "ldmatrix",
                                          "ldu",
                                          "lg2",
                                          "lop3",
                                          "mad",
                                          "mad24",
                                          "madc",
                                          "mapa",
                                          "match",
                                          "max",
                                          "mbarrier",
                                          "membar",
                                          "min",
                                          "mma",
                                          "mov",
                                          "movmatrix",
                                          "mul",
                                          "mul24",
                                          "multimem",
                                          "nanosleep",
                                          "neg",
                                          "not",
                                          "or",
                                          "pmevent",
                                          "popc",
                                          "prefetch",
                                          "prefetchu",
                                          "prmt",
                                          "rcp",
                                          "red",
                                          "redux",
                                          "rem",
                                          "ret",
                                          "rsqrt",
                                          "sad",
                                          "selp",
                                          "set",
                                          "setmaxnreg",
                                          "setp",
                                          "shf",
                                          "shfl",
                                          "shl",
                                          "shr",
                                          "sin",
                                          "slct",
                                          "sqrt",
                                          "st",
                                          "stmatrix",
                                          "sub",
                                          "subc",
                                          "suld",
                                          "suq",
                                          "sured",
                                          "sust",
                                          "szext",
                                          "tanh",
                                          "tcgen05",
                                          "tensormap",
                                          "testp",
                                          "tex",
                                          "tld4",
                                          "trap",
                                          "txq",
                                          "vote",
                                          "wgmma",
                                          "wmma",
                                          "xor",
                                          "clusterlaunchcontrol",
                                          "cp.async"};
  return Known.contains(Opcode);
}

bool looksLikePtx(const Program &P) {
  for (const Instruction &I : P.Instructions) {
    if (!isKnownOpcode(I.Opcode))
      continue;
    if (!I.Modifiers.empty())
      return true;
    // Opcodes no host assembler has: `asm("trap;")` aborts a kernel.
    if (I.Opcode == "trap" || I.Opcode == "brkpt")
      return true;
    for (const Operand &O : I.Operands)
      if (O.K == Operand::Kind::Special)
        return true;
  }
  return false;
}

} // namespace hipwright::ptx
