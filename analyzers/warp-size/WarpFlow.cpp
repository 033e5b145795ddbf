//===- WarpFlow.cpp - where a 32 means "one warp" -------------------------===//
#include "WarpFlow.h"
#include "analysis/TemplateCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace hipwright::warpsize {

StringRef calleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : StringRef();
  const Expr *Callee = CE->getCallee()->IgnoreImplicit();
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
    if (ULE->getName().isIdentifier())
      return ULE->getName().getAsIdentifierInfo()->getName();
  if (const auto *UME = dyn_cast<UnresolvedMemberExpr>(Callee))
    if (UME->getMemberName().isIdentifier())
      return UME->getMemberName().getAsIdentifierInfo()->getName();
  if (const auto *DME = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    if (DME->getMember().isIdentifier())
      return DME->getMember().getAsIdentifierInfo()->getName();
  return {};
}

const ValueDecl *forLoopVariable(const ForStmt *FS) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                              : nullptr;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
    if (BO->isAssignmentOp())
      if (const auto *D = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        return D->getDecl();
  return nullptr;
}

const Expr *forLoopInit(const ForStmt *FS) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
    if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl()))
      return V->getInit();
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
    return BO->getRHS();
  return nullptr;
}

std::string quotedSnippet(const Expr *E, const ASTContext &AST,
                          StringRef Fallback) {
  const SourceManager &SM = AST.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  std::string S = Lexer::getSourceText(R, SM, AST.getLangOpts()).str();
  if (S.empty() || S.size() > 40 || S.find('\n') != std::string::npos)
    return Fallback.str();
  return "'" + S + "'";
}

std::optional<Shuffle> asShuffle(const CallExpr *CE) {
  struct Entry {
    StringRef Name;
    ShuffleKind Kind;
    bool Sync; // *_sync take the lane mask first
  };
  static const Entry Table[] = {
      {"__shfl_sync", ShuffleKind::Index, true},
      {"__shfl_up_sync", ShuffleKind::Up, true},
      {"__shfl_down_sync", ShuffleKind::Down, true},
      {"__shfl_xor_sync", ShuffleKind::Xor, true},
      {"__shfl", ShuffleKind::Index, false},
      {"__shfl_up", ShuffleKind::Up, false},
      {"__shfl_down", ShuffleKind::Down, false},
      {"__shfl_xor", ShuffleKind::Xor, false},
  };
  if (isa<CXXMemberCallExpr>(CE))
    return std::nullopt; // cooperative-groups tile.shfl*: width = tile size
  StringRef Name = calleeName(CE);
  for (const Entry &E : Table) {
    if (Name != E.Name)
      continue;
    unsigned LaneIdx = E.Sync ? 2 : 1;
    if (CE->getNumArgs() <= LaneIdx)
      return std::nullopt;
    Shuffle S{CE, E.Kind, E.Name, CE->getArg(LaneIdx), nullptr};
    unsigned WidthIdx = LaneIdx + 1;
    if (CE->getNumArgs() > WidthIdx &&
        !isa<CXXDefaultArgExpr>(CE->getArg(WidthIdx)))
      S.WidthArg = CE->getArg(WidthIdx);
    return S;
  }
  return std::nullopt;
}

bool isWarpLevelCall(StringRef Name) {
  if (Name.starts_with("__shfl") || Name.starts_with("__ballot") ||
      Name == "__activemask" || Name == "__syncwarp" ||
      Name.starts_with("__match_") || Name == "__lane_id" ||
      Name == "tiled_partition" || Name == "coalesced_threads")
    return true;
  // __any_sync, __all_sync, __reduce_add_sync, ... (and legacy __any/__all)
  return Name == "__any" || Name == "__all" ||
         ((Name.starts_with("__any") || Name.starts_with("__all") ||
           Name.starts_with("__reduce_")) &&
          Name.ends_with("_sync"));
}

bool isWarpName(StringRef Name) {
  std::string L = Name.lower();
  StringRef S(L);
  return S.contains("warp") || S.contains("lane") || S.contains("wave");
}

bool readsDecl(const Stmt *S, const ValueDecl *D, unsigned MaxDepth) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == D;
  return MaxDepth > 0 && llvm::any_of(S->children(), [&](const Stmt *C) {
           return readsDecl(C, D, MaxDepth - 1);
         });
}

//===- compile-time integers ----------------------------------------------===//

std::optional<int64_t> applyIntOp(BinaryOperatorKind Op, int64_t L, int64_t R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return R ? std::optional<int64_t>(L / R) : std::nullopt;
  case BO_Rem:
    return R ? std::optional<int64_t>(L % R) : std::nullopt;
  case BO_Shl:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L << R) : std::nullopt;
  case BO_Shr:
    return R >= 0 && R < 63 ? std::optional<int64_t>(L >> R) : std::nullopt;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  default:
    return std::nullopt;
  }
}

/// clang's CUDA headers declare `const int warpSize = 32`, but warpSize is
/// the portable name of the wavefront width (64 on gfx9): never a literal 32.
///
/// A value a function computes is as much the target's: ggml's
/// `constexpr int warp_size = ggml_cuda_get_physical_warp_size();` is 32 in
/// a CUDA parse and 64 where the same source is built for gfx9.
static bool mentionsWarpSize(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 8)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S);
      CE && !isa<CXXOperatorCallExpr>(CE) && CE->getBuiltinCallee() == 0)
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = DRE->getDecl();
    if (D->getIdentifier() && D->getName() == "warpSize")
      return true;
    // const int W = warpSize; ... W / 2
    const auto *V = dyn_cast<VarDecl>(D);
    return V && V->getInit() && mentionsWarpSize(V->getInit(), Depth + 1);
  }
  for (const Stmt *Child : S->children())
    if (mentionsWarpSize(Child, Depth + 1))
      return true;
  return false;
}

static std::optional<int64_t> evalIntAt(const Expr *E, const ASTContext &Ctx,
                                        unsigned Depth) {
  if (!E || Depth > 8 || mentionsWarpSize(E))
    return std::nullopt;
  E = E->IgnoreParenCasts();
  if (!E->isValueDependent() && !E->isTypeDependent()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }
  // Dependent: evaluate by hand, template parameters at their defaults.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<NonTypeTemplateParmDecl>(DRE->getDecl()))
      return P->hasDefaultArgument()
                 ? evalIntAt(P->getDefaultArgument().getArgument().getAsExpr(),
                             Ctx, Depth + 1)
                 : std::nullopt;
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->getType().isConstQualified() && V->getInit())
        return evalIntAt(V->getInit(), Ctx, Depth + 1);
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = evalIntAt(BO->getLHS(), Ctx, Depth + 1);
    auto R = evalIntAt(BO->getRHS(), Ctx, Depth + 1);
    if (L && R)
      return applyIntOp(BO->getOpcode(), *L, *R);
  }
  return std::nullopt;
}

std::optional<int64_t> evalInt(const Expr *E, const ASTContext &Ctx) {
  return evalIntAt(E, Ctx, 0);
}

//===- names a constant is spelled with -----------------------------------===//

bool ConstantNames::anyWarpName() const {
  for (const std::string &M : Macros)
    if (isWarpName(M))
      return true;
  for (const ValueDecl *D : Decls)
    if (D->getIdentifier() && isWarpName(D->getName()))
      return true;
  return false;
}

std::string ConstantNames::display() const {
  if (!Macros.empty())
    return Macros.front(); // the macro closest to the literal
  if (!Decls.empty() && Decls.front()->getIdentifier())
    return Decls.front()->getName().str();
  return "";
}

/// The macros whose expansion produced \p L, innermost first; macro
/// arguments are looked through (MOD(tid, 32) does not name the 32).
static void macroChain(SourceLocation L, const SourceManager &SM,
                       const LangOptions &LO,
                       SmallVectorImpl<std::string> &Out) {
  for (unsigned Guard = 0; L.isMacroID() && Guard < 16; ++Guard) {
    if (SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateSpellingLoc(L);
      continue;
    }
    StringRef Name = Lexer::getImmediateMacroName(L, SM, LO);
    if (!Name.empty() &&
        std::find(Out.begin(), Out.end(), Name.str()) == Out.end())
      Out.push_back(Name.str());
    L = SM.getImmediateExpansionRange(L).getBegin();
  }
}

static void collectNames(const Stmt *S, const SourceManager &SM,
                         const LangOptions &LO, ConstantNames &Out,
                         unsigned Depth) {
  if (!S || Depth > 6)
    return;
  if (const auto *Lit = dyn_cast<IntegerLiteral>(S)) {
    macroChain(Lit->getLocation(), SM, LO, Out.Macros);
    return;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<NonTypeTemplateParmDecl>(D) ||
        (isa<VarDecl>(D) && D->getType().isConstQualified()))
      Out.Decls.push_back(D);
    macroChain(DRE->getLocation(), SM, LO, Out.Macros);
    return;
  }
  for (const Stmt *Child : S->children())
    collectNames(Child, SM, LO, Out, Depth + 1);
}

ConstantNames constantNames(const Expr *E, const SourceManager &SM,
                            const LangOptions &LO) {
  ConstantNames Out;
  collectNames(E, SM, LO, Out, 0);
  return Out;
}

/// Whether an integer literal 32 or a constant equal to 32 below \p S is
/// named by a warp-named macro or declaration.
static bool warp32Below(const Stmt *S, const ASTContext &Ctx, unsigned Depth) {
  if (!S || Depth > 6)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (const auto *Lit = dyn_cast<IntegerLiteral>(S)) {
    if (Lit->getValue() != 32)
      return false;
    SmallVector<std::string, 2> Chain;
    macroChain(Lit->getLocation(), SM, Ctx.getLangOpts(), Chain);
    return llvm::any_of(Chain,
                        [](const std::string &M) { return isWarpName(M); });
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && V->getIdentifier() && isWarpName(V->getName()) &&
        V->getType().isConstQualified() && V->getInit() &&
        evalInt(V->getInit(), Ctx) == 32)
      return true;
    SmallVector<std::string, 2> Chain;
    macroChain(DRE->getLocation(), SM, Ctx.getLangOpts(), Chain);
    return V && V->getInit() && evalInt(V->getInit(), Ctx) == 32 &&
           llvm::any_of(Chain,
                        [](const std::string &M) { return isWarpName(M); });
  }
  for (const Stmt *Child : S->children())
    if (warp32Below(Child, Ctx, Depth + 1))
      return true;
  return false;
}

bool spelledWithWarp32(const Expr *E, const ASTContext &Ctx) {
  return warp32Below(E, Ctx, 0);
}

//===- thread-index data flow ---------------------------------------------===//

/// "threadIdx" for threadIdx.x (a property reference in clang's CUDA
/// headers), "" for anything else.
static StringRef builtinVarName(const Expr *E) {
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParens();
  const Expr *Base = nullptr;
  if (const auto *P = dyn_cast<MSPropertyRefExpr>(E))
    Base = P->getBaseExpr();
  else if (const auto *M = dyn_cast<MemberExpr>(E))
    Base = M->getBase();
  if (!Base)
    return {};
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base)) // inside the property
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Base))
    if (DRE->getDecl()->getIdentifier())
      return DRE->getDecl()->getName();
  return {};
}

static bool isLaneIdCall(const CallExpr *CE) {
  StringRef N = calleeName(CE);
  return N == "__lane_id" || N == "__laneid" || N == "laneid" ||
         N == "lane_id" || N == "LaneId" || N == "laneId" || N == "thread_rank";
}

static bool isIndexArithmetic(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add:
  case BO_Sub:
  case BO_Mul:
  case BO_Div:
  case BO_Rem:
  case BO_And:
  case BO_Or:
  case BO_Xor:
  case BO_Shl:
  case BO_Shr:
    return true;
  default:
    return false;
  }
}

/// blockDim.x (.y, .z), a product of those, or one rounded up by adding a
/// constant (`blockDim.x + 31`): a count of threads per block.
static bool isBlockSize(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenCasts();
  if (builtinVarName(E) == "blockDim")
    return true;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  const Expr *L = BO->getLHS()->IgnoreParenCasts();
  const Expr *R = BO->getRHS()->IgnoreParenCasts();
  switch (BO->getOpcode()) {
  case BO_Mul:
    return isBlockSize(L, Depth + 1) && isBlockSize(R, Depth + 1);
  case BO_Add:
  case BO_Sub:
    return (isBlockSize(L, Depth + 1) && isa<IntegerLiteral>(R)) ||
           (isa<IntegerLiteral>(L) && isBlockSize(R, Depth + 1));
  default:
    return false;
  }
}

/// The expressions a const data member is initialised with: its default
/// member initialiser and every constructor's mem-initializer for it. A const
/// member keeps that value for the object's life, so NCCL's `const int wid;`
/// set by `wid(tid % WARP_SIZE)` is a lane wherever a member function reads
/// it. Empty for a member that is not const or has no initialiser.
static SmallVector<const Expr *, 2> constFieldInits(const FieldDecl *FD) {
  SmallVector<const Expr *, 2> Out;
  if (!FD->getType().isConstQualified())
    return Out;
  if (const Expr *In = FD->getInClassInitializer())
    Out.push_back(In);
  const auto *RD = dyn_cast<CXXRecordDecl>(FD->getParent());
  if (!RD)
    return Out;
  for (const CXXConstructorDecl *Ctor : RD->ctors()) {
    const FunctionDecl *Def = nullptr;
    if (!Ctor->hasBody(Def))
      continue;
    for (const CXXCtorInitializer *Init :
         cast<CXXConstructorDecl>(Def)->inits())
      if (Init->getMember() == FD && Init->isWritten())
        Out.push_back(Init->getInit());
  }
  return Out;
}

/// The const data member \p E reads through `this` (written or implicit).
static const FieldDecl *thisConstField(const Expr *E) {
  const auto *ME = dyn_cast<MemberExpr>(E);
  if (!ME || !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  return FD && FD->getType().isConstQualified() ? FD : nullptr;
}

/// Whether every initialiser of the const member \p FD satisfies \p Test
/// (and there is one).
template <typename Fn> static bool allFieldInits(const FieldDecl *FD, Fn Test) {
  SmallVector<const Expr *, 2> Inits = constFieldInits(FD);
  return !Inits.empty() && llvm::all_of(Inits, Test);
}

bool IndexFlow::isThreadIndex(const Expr *E) {
  if (!E || Depth > 6)
    return false;
  E = E->IgnoreParenCasts();
  if (builtinVarName(E) == "threadIdx")
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return threadVar(DRE->getDecl());
  if (const FieldDecl *FD = thisConstField(E))
    return threadVar(FD);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return isLaneIdCall(CE);
  // Only arithmetic carries the index along: data indexed by a thread
  // (in[threadIdx.x]) is not itself a thread index.
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return isIndexArithmetic(BO->getOpcode()) &&
           (isThreadIndex(BO->getLHS()) || isThreadIndex(BO->getRHS()));
  return false;
}

bool IndexFlow::threadVar(const ValueDecl *D) {
  if (LaneIdVars.contains(D))
    return true;
  auto [It, New] = ThreadVars.try_emplace(D, false);
  if (!New)
    return It->second;
  bool Result = false;
  if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
    // No flow into a callee's parameters; trust names that say it.
    std::string N = P->getName().lower();
    Result = StringRef(N).contains("lane") || N == "tid" || N == "thread_id" ||
             N == "threadid";
  } else if (const auto *V = dyn_cast<VarDecl>(D);
             V && V->hasLocalStorage() && V->getInit()) {
    ++Depth;
    Result = isThreadIndex(V->getInit());
    --Depth;
  } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
    ++Depth;
    Result = allFieldInits(FD, [&](const Expr *I) { return isThreadIndex(I); });
    --Depth;
  }
  ThreadVars[D] = Result;
  return Result;
}

IndexFlow::Split IndexFlow::splitKind(const BinaryOperator *BO) {
  auto V = evalInt(BO->getRHS(), Ctx);
  if (!V)
    return Split::None;
  if (Split Sub = subGroupSplit(BO, *V); Sub != Split::None)
    return Sub;
  Split S = Split::None;
  switch (BO->getOpcode()) {
  case BO_Rem:
    S = *V == 32 ? Split::LaneInGroup : Split::None;
    break;
  case BO_And:
    // & 31 keeps the lane; & ~31 keeps the group's first lane.
    S = *V == 31                            ? Split::LaneInGroup
        : (*V == -32 || *V == 0xffffffe0LL) ? Split::GroupIndex
                                            : Split::None;
    break;
  case BO_Div:
    S = *V == 32 ? Split::GroupIndex : Split::None;
    break;
  case BO_Shr:
    S = *V == 5 ? Split::GroupIndex : Split::None;
    break;
  default:
    break;
  }
  if (S == Split::GroupIndex && isBlockSize(BO->getLHS()))
    return Split::GroupCount;
  if (S == Split::None || !isThreadIndex(BO->getLHS()))
    return Split::None;
  return S;
}

IndexFlow::Split IndexFlow::subGroupSplit(const BinaryOperator *BO, int64_t V) {
  // Only a fraction spelled from the warp's own name: `tid / 8` alone is
  // as likely a row of data as a row of lanes.
  bool Fraction = false;
  switch (BO->getOpcode()) {
  case BO_Div:
  case BO_Rem:
    Fraction = V == 2 || V == 4 || V == 8 || V == 16;
    break;
  case BO_And:
    Fraction = V == 1 || V == 3 || V == 7 || V == 15;
    break;
  default:
    break;
  }
  if (!Fraction || !spelledWithWarp32(BO->getRHS(), Ctx) ||
      !isThreadIndex(BO->getLHS()))
    return Split::None;
  return Split::SubGroup;
}

/// A parameter named as a lane of a warp, not a count of lanes.
static bool isLaneParamName(StringRef Name) {
  std::string N = Name.lower();
  return N == "lane" || N == "laneid" || N == "lane_id" || N == "laneidx" ||
         N == "lane_idx" || N == "lane_index" || N == "laneindex";
}

/// Whether \p S holds inline PTX that reads %laneid.
static bool readsPtxLaneId(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 8)
    return false;
  if (const auto *A = dyn_cast<GCCAsmStmt>(S))
    return StringRef(A->getAsmString()).contains("%laneid");
  for (const Stmt *Child : S->children())
    if (readsPtxLaneId(Child, Depth + 1))
      return true;
  return false;
}

/// A user's lane-id helper: no parameters, an integer result, and a body
/// that reads PTX %laneid (`unsigned laneId() { asm("mov.u32 %0,
/// %%laneid;" ...); }`), whatever it is called.
static bool isPtxLaneIdHelper(const CallExpr *CE) {
  const FunctionDecl *Def = writtenDefinition(CE->getDirectCallee());
  return Def && Def->getNumParams() == 0 &&
         Def->getReturnType()->isIntegerType() &&
         readsPtxLaneId(Def->getBody());
}

bool IndexFlow::isWarpLane(const Expr *E) {
  if (!E || Depth > 6)
    return false;
  E = E->IgnoreParenCasts();
  if (isGroupLane(E))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return (isLaneIdCall(CE) && calleeName(CE) != "thread_rank") ||
           isPtxLaneIdHelper(CE);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return warpLaneVar(DRE->getDecl());
  if (const FieldDecl *FD = thisConstField(E))
    return warpLaneVar(FD);
  return false;
}

bool IndexFlow::warpLaneVar(const ValueDecl *D) {
  if (LaneIdVars.contains(D))
    return true;
  auto [It, New] = WarpLaneVars.try_emplace(D, false);
  if (!New)
    return It->second;
  bool Result = false;
  if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
    Result = P->getIdentifier() && isLaneParamName(P->getName());
  } else if (const auto *V = dyn_cast<VarDecl>(D);
             V && V->hasLocalStorage() && V->getInit()) {
    ++Depth;
    Result = isWarpLane(V->getInit());
    --Depth;
  } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
    ++Depth;
    Result = allFieldInits(FD, [&](const Expr *I) { return isWarpLane(I); });
    --Depth;
  }
  WarpLaneVars[D] = Result;
  return Result;
}

IndexFlow::LaneUse IndexFlow::laneUse(const BinaryOperator *BO) {
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  if (BO->getOpcode() == BO_Add) {
    for (auto [Lane, C] : {std::pair(L, R), std::pair(R, L)}) {
      if (evalInt(C, Ctx) != 32)
        continue;
      // lane + 32: the same lane of the next 32-lane group. A thread index
      // plus a plain 32 is as often an offset into data, so only a warp-
      // named 32 (threadIdx.x + WARP_SIZE) counts there.
      if (isWarpLane(Lane) ||
          (spelledWithWarp32(C, Ctx) && isThreadIndex(Lane)))
        return LaneUse::NextGroup;
    }
    return LaneUse::None;
  }
  if (BO->getOpcode() == BO_Div || BO->getOpcode() == BO_Shr ||
      BO->getOpcode() == BO_And) {
    // A lane numbered inside a 32-lane group has one of two halves on
    // every target; only a lane id that runs to 63 is split in four.
    auto C = evalInt(R, Ctx);
    bool Half = C && ((BO->getOpcode() == BO_Div && *C == 16) ||
                      (BO->getOpcode() == BO_Shr && *C == 4) ||
                      (BO->getOpcode() == BO_And && *C == 16));
    return Half && isWarpLane(L) && !isGroupLane(L) ? LaneUse::HalfSelect
                                                    : LaneUse::None;
  }
  if (!BO->isRelationalOp())
    return LaneUse::None;
  BinaryOperatorKind Op = BO->getOpcode();
  if (!isWarpLane(L)) {
    if (!isWarpLane(R))
      return LaneUse::None;
    std::swap(L, R); // 16 > lane is lane < 16
    Op = Op == BO_LT   ? BO_GT
         : Op == BO_GT ? BO_LT
         : Op == BO_LE ? BO_GE
                       : BO_LE;
  }
  auto C = evalInt(R, Ctx);
  if (!C)
    return LaneUse::None;
  bool Half = ((Op == BO_LT || Op == BO_GE) && *C == 16) ||
              ((Op == BO_LE || Op == BO_GT) && *C == 15);
  return Half ? LaneUse::HalfTest : LaneUse::None;
}

bool IndexFlow::isGroupLane(const Expr *E) {
  if (!E || Depth > 6)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return groupLaneVar(DRE->getDecl());
  if (const FieldDecl *FD = thisConstField(E))
    return groupLaneVar(FD);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  if (splitKind(BO) == Split::LaneInGroup)
    return true;
  switch (BO->getOpcode()) {
  case BO_Add:
  case BO_Sub:
  case BO_Xor:
  case BO_Or:
    return isGroupLane(BO->getLHS()) || isGroupLane(BO->getRHS());
  default:
    return false;
  }
}

bool IndexFlow::groupLaneVar(const ValueDecl *D) {
  auto [It, New] = GroupVars.try_emplace(D, false);
  if (!New)
    return It->second;
  bool Result = false;
  if (const auto *V = dyn_cast<VarDecl>(D);
      V && !isa<ParmVarDecl>(V) && V->hasLocalStorage() && V->getInit()) {
    ++Depth;
    Result = isGroupLane(V->getInit());
    --Depth;
  } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
    ++Depth;
    Result = allFieldInits(FD, [&](const Expr *I) { return isGroupLane(I); });
    --Depth;
  }
  GroupVars[D] = Result;
  return Result;
}

} // namespace hipwright::warpsize
