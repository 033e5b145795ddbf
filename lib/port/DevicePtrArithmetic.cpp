//===- DevicePtrArithmetic.cpp - CUdeviceptr integer code in HIP ----------===//
#include "port/DevicePtrArithmetic.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <map>

using namespace clang;

namespace hipwright {
namespace {

constexpr llvm::StringRef kDevicePtrNames[] = {"CUdeviceptr", "CUdeviceptr_v1",
                                               "CUdeviceptr_v2"};

/// Text to insert around expressions, gathered per offset so that two
/// insertions at one place become one edit (the edit set treats two
/// insertions at one offset as a conflict). Where wraps share an end, the
/// wider one is outside: it opens first and closes last.
class Insertions {
public:
  void wrap(unsigned Begin, unsigned End, std::string Open, std::string Close) {
    Wraps.push_back({Begin, End, std::move(Open), std::move(Close)});
  }
  void replace(unsigned Offset, unsigned Length, std::string Text) {
    Replaced.push_back({"", Offset, Length, std::move(Text)});
  }
  void emit(const std::string &File, std::vector<Replacement> &Edits) const {
    std::vector<const Wrap *> Sorted;
    for (const Wrap &W : Wraps)
      Sorted.push_back(&W);
    // Widest first: opens in this order, closes in the reverse.
    std::stable_sort(Sorted.begin(), Sorted.end(), [](auto *A, auto *B) {
      return A->End - A->Begin > B->End - B->Begin;
    });
    std::map<unsigned, std::string> Opens, Closes;
    for (const Wrap *W : Sorted) {
      Opens[W->Begin] += W->Open;
      Closes[W->End].insert(0, W->Close);
    }
    std::map<unsigned, std::string> At = Closes;
    for (auto &[Off, Text] : Opens)
      At[Off] += Text;
    for (auto &[Off, Text] : At)
      if (!Text.empty())
        Edits.push_back({File, Off, 0, Text});
    for (const Replacement &R : Replaced)
      Edits.push_back({File, R.Offset, R.Length, R.Text});
  }

private:
  struct Wrap {
    unsigned Begin, End;
    std::string Open, Close;
  };
  std::vector<Wrap> Wraps;
  std::vector<Replacement> Replaced;
};

class Rewriter : public RecursiveASTVisitor<Rewriter> {
public:
  Rewriter(const DevicePtrContext &C, std::vector<Replacement> &Edits)
      : C(C), SM(C.Ctx.getSourceManager()), Edits(Edits) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (Done.count(B))
      return true;
    if (B->isAdditiveOp()) {
      additiveChain(B);
    } else if (B->getOpcode() == BO_AddAssign ||
               B->getOpcode() == BO_SubAssign) {
      compoundAssign(B);
    } else if (B->getOpcode() == BO_Assign) {
      store(B->getLHS()->getType(), B->getRHS());
    } else if (B->isMultiplicativeOp() || B->isBitwiseOp() || B->isShiftOp() ||
               B->isRelationalOp() || B->isEqualityOp()) {
      integerUse(B);
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!isa<ParmVarDecl>(V) && V->getInit() &&
        V->getInitStyle() == VarDecl::CInit)
      store(V->getType(), V->getInit());
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *F = E->getDirectCallee();
    if (!F)
      return true;
    for (unsigned I = 0; I < E->getNumArgs() && I < F->getNumParams(); ++I)
      if (!isa<CXXDefaultArgExpr>(E->getArg(I)))
        store(F->getParamDecl(I)->getType(), E->getArg(I));
    return true;
  }

private:
  const DevicePtrContext &C;
  SourceManager &SM;
  std::vector<Replacement> &Edits;
  llvm::SmallPtrSet<const Expr *, 16> Done;

  /// Whether \p T is spelled through CUDA's CUdeviceptr typedef.
  bool isDevicePtrType(QualType T) const {
    for (QualType Cur = T; !Cur.isNull();) {
      if (const auto *TT = dyn_cast<TypedefType>(Cur.getTypePtr())) {
        const TypedefNameDecl *D = TT->getDecl();
        if (llvm::is_contained(kDevicePtrNames, D->getName()) && C.InToolkit(D))
          return true;
      }
      QualType Next = Cur.getSingleStepDesugaredType(C.Ctx);
      if (Next == Cur)
        break;
      Cur = Next;
    }
    return false;
  }

  /// A value spelled through CUdeviceptr. Arithmetic results keep their
  /// operand's typedef in clang, but those are judged as a whole by
  /// additiveChain / integerUse, not as values of their own.
  bool isDevicePtr(const Expr *E) const {
    const Expr *Inner = E->IgnoreParenImpCasts();
    return !isa<BinaryOperator>(Inner) && isDevicePtrType(Inner->getType());
  }

  bool isPlainInteger(const Expr *E) const {
    const Expr *Inner = E->IgnoreParenImpCasts();
    return Inner->getType()->isIntegerType() && !isDevicePtr(E);
  }

  bool isNull(const Expr *E) const {
    return E->isNullPointerConstant(C.Ctx, Expr::NPC_ValueDependentIsNotNull) !=
           Expr::NPCK_NotNull;
  }

  /// The bytes of \p R in a user file: written there directly or as one
  /// macro argument (`check(p + n)`), never in a macro body, where an edit
  /// would change every expansion. nullopt otherwise, or when \p File is
  /// set and the bytes are in another file.
  std::optional<std::pair<unsigned, unsigned>> range(SourceRange SR,
                                                     std::string &File) const {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(SR), SM, C.Ctx.getLangOpts());
    if (R.isInvalid())
      return std::nullopt;
    auto Path = C.UserFile(R.getBegin());
    if (!Path || (!File.empty() && File != *Path))
      return std::nullopt;
    File = *Path;
    return std::pair(SM.getFileOffset(R.getBegin()),
                     SM.getFileOffset(R.getEnd()));
  }
  std::optional<std::pair<unsigned, unsigned>> range(const Expr *E,
                                                     std::string &File) const {
    return range(E->getSourceRange(), File);
  }

  /// `a + b - c ...` as written (left-associated): its operands and the
  /// operators between them.
  static void flatten(BinaryOperator *B, std::vector<const Expr *> &Operands,
                      std::vector<BinaryOperatorKind> &Ops,
                      std::vector<const BinaryOperator *> &Chain) {
    Chain.push_back(B);
    const Expr *L = B->getLHS()->IgnoreParens();
    if (const auto *Inner = dyn_cast<BinaryOperator>(L);
        Inner && Inner->isAdditiveOp())
      flatten(const_cast<BinaryOperator *>(Inner), Operands, Ops, Chain);
    else
      Operands.push_back(B->getLHS());
    Ops.push_back(B->getOpcode());
    Operands.push_back(B->getRHS());
  }

  /// Whether \p E is an additive chain with an address in it: the chain
  /// rewrite owns its bytes (it starts with an insertion there), so a
  /// store does not wrap it again. Such a chain is an address (already the
  /// right type for a CUdeviceptr) or a distance (left for a person when
  /// stored as an address).
  bool chainWithAddress(const Expr *E) {
    auto *B = const_cast<BinaryOperator *>(
        dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()));
    if (!B || !B->isAdditiveOp())
      return false;
    std::vector<const Expr *> Operands;
    std::vector<BinaryOperatorKind> Ops;
    std::vector<const BinaryOperator *> Chain;
    flatten(B, Operands, Ops, Chain);
    return llvm::any_of(Operands,
                        [&](const Expr *O) { return isDevicePtr(O); });
  }

  void additiveChain(BinaryOperator *B) {
    std::vector<const Expr *> Operands;
    std::vector<BinaryOperatorKind> Ops;
    std::vector<const BinaryOperator *> Chain;
    flatten(B, Operands, Ops, Chain);
    for (const BinaryOperator *Link : Chain)
      Done.insert(Link);
    std::vector<size_t> Ptrs;
    for (size_t I = 0; I < Operands.size(); ++I)
      if (isDevicePtr(Operands[I]))
        Ptrs.push_back(I);
    std::string File;
    Insertions Ins;
    auto WrapChar = [&](const Expr *E) {
      auto R = range(E, File);
      if (R)
        Ins.wrap(R->first, R->second, "(char *)(", ")");
      return R.has_value();
    };
    if (Ptrs.size() == 1 && (Ptrs[0] == 0 || Ops[Ptrs[0] - 1] == BO_Add)) {
      // An address plus or minus integers: still an address.
      auto Whole = range(B, File);
      if (!Whole || !WrapChar(Operands[Ptrs[0]]))
        return;
      Ins.wrap(Whole->first, Whole->second, "(hipDeviceptr_t)(", ")");
    } else if (Ptrs.size() == 2 && Ptrs[0] == 0 && Ptrs[1] == 1 &&
               Ops[0] == BO_Sub) {
      // The distance between two addresses: an integer, as in CUDA.
      if (!WrapChar(Operands[0]) || !WrapChar(Operands[1]))
        return;
    } else {
      return;
    }
    Ins.emit(File, Edits);
  }

  /// `p += n` -> `p = (hipDeviceptr_t)((char *)(p) + n)`, for a `p` that
  /// can be spelled twice (no side effects).
  void compoundAssign(BinaryOperator *B) {
    const Expr *L = B->getLHS();
    if (!isDevicePtr(L) || !isPlainInteger(B->getRHS()) ||
        L->HasSideEffects(C.Ctx))
      return;
    std::string File;
    auto LR = range(L, File);
    auto Whole = range(B, File);
    auto Op = range(SourceRange(B->getOperatorLoc()), File);
    if (!LR || !Whole || !Op)
      return;
    llvm::StringRef Buffer =
        SM.getBufferData(SM.getFileID(SM.getFileLoc(B->getOperatorLoc())));
    std::string LText = Buffer.slice(LR->first, LR->second).str();
    Insertions Ins;
    Ins.replace(Op->first, Op->second - Op->first,
                std::string("= (hipDeviceptr_t)((char *)(") + LText + ") " +
                    (B->getOpcode() == BO_AddAssign ? "+" : "-"));
    Ins.wrap(Whole->second, Whole->second, "", ")");
    Ins.emit(File, Edits);
  }

  /// `addr % align`, `addr & mask`, `addr < limit`: integer operations on
  /// the address, which `void *` does not have. Comparisons of two
  /// addresses, or with a null constant, work on pointers as they are.
  void integerUse(BinaryOperator *B) {
    bool L = isDevicePtr(B->getLHS()), R = isDevicePtr(B->getRHS());
    if (!L && !R)
      return;
    if ((B->isRelationalOp() || B->isEqualityOp()) &&
        ((L && R) || (L ? isNull(B->getRHS()) : isNull(B->getLHS()))))
      return;
    std::string File;
    Insertions Ins;
    for (const Expr *Side : {B->getLHS(), B->getRHS()}) {
      if (!isDevicePtr(Side))
        continue;
      auto SR = range(Side, File);
      if (!SR)
        return;
      Ins.wrap(SR->first, SR->second, "(size_t)(", ")");
    }
    Ins.emit(File, Edits);
  }

  /// A value stored where the other type is expected: an integer into a
  /// CUdeviceptr (the address is made from it), or a CUdeviceptr into an
  /// integer (its address bits are taken).
  void store(QualType Dest, const Expr *Value) {
    if (!Value || Dest.isNull())
      return;
    const char *Open = nullptr;
    if (isDevicePtrType(Dest)) {
      if (!isPlainInteger(Value) || isNull(Value) || chainWithAddress(Value))
        return;
      Open = "(hipDeviceptr_t)(size_t)(";
    } else if (Dest->isIntegerType() && !Dest->isBooleanType() &&
               isDevicePtr(Value)) {
      Open = "(size_t)(";
    } else {
      return;
    }
    std::string File;
    auto R = range(Value, File);
    if (!R)
      return;
    Insertions Ins;
    Ins.wrap(R->first, R->second, Open, ")");
    Ins.emit(File, Edits);
  }
};

} // namespace

void rewriteDevicePtrArithmetic(const DevicePtrContext &C,
                                std::vector<Replacement> &Edits) {
  Rewriter R(C, Edits);
  R.TraverseDecl(C.Ctx.getTranslationUnitDecl());
}

} // namespace hipwright
