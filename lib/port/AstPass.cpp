//===- AstPass.cpp - what the AST contributes to a translation ------------===//
#include "port/AstPass.h"
#include "frontend/ParsePrelude.h"
#include "port/DevicePtrArithmetic.h"
#include "port/GroupShuffles.h"
#include "port/HipAtomicOverloads.h"
#include "port/InputTree.h"
#include "port/MergedOverloads.h"
#include "port/VectorOperators.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hipwright {
namespace {

class Visitor : public RecursiveASTVisitor<Visitor> {
public:
  Visitor(ASTContext &Ctx, const TranslateOptions &Opts, const RuleTable &Rules,
          const UserFilePredicate &IsUserFile, StringRef ToolkitRoot,
          AstFacts &Facts, TuResult &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts), Rules(Rules),
        IsUserFile(IsUserFile), ToolkitRoot(ToolkitRoot), Facts(Facts),
        Out(Out), Calls{Ctx,
                        Rules,
                        [this](SourceLocation L) { return userFile(L); },
                        [this](const Decl *D) { return declaredInToolkit(D); },
                        Facts.Calls,
                        Out},
        Merged(Ctx, Rules, [this](SourceLocation L) { return userFile(L); }) {}

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitNamedDecl(NamedDecl *D) {
    if (!D->getIdentifier() || isa<ParmVarDecl>(D))
      return true;
    if (userFile(SM.getExpansionLoc(D->getLocation())))
      Facts.UserNames.insert(D->getName());
    return true;
  }

  /// Kernel definitions are counted here, in the parse that exists anyway,
  /// so `report` need not scan sources for __global__.
  bool VisitFunctionDecl(FunctionDecl *D) {
    Merged.add(D);
    if (D->isThisDeclarationADefinition() &&
        (duplicatesHipVectorOperator(
             D, [this](const Decl *X) { return declaredInToolkit(X); }) ||
         duplicatesHipAtomic(D)))
      Merged.yieldToHip(D);
    if (!D->hasAttr<CUDAGlobalAttr>() || !D->isThisDeclarationADefinition() ||
        !D->getIdentifier())
      return true;
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    if (auto Path = userFile(L))
      Out.Kernels.push_back(
          {*Path, SM.getExpansionLineNumber(L), D->getName().str()});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    noteRef(E->getLocation(), E->getDecl());
    noteNamespaceMember(E->getDecl(), E->getLocation());
    return true;
  }

  /// A call with dependent arguments in a template (`cudaMalloc(&p, n *
  /// sizeof(T))`) is not resolved yet, but its candidates are known: when
  /// they are all CUDA's, so is the name.
  bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *E) {
    if (E->getNumDecls() == 0 || !E->getName().isIdentifier())
      return true;
    bool AllCuda = llvm::all_of(E->decls(), [&](const NamedDecl *D) {
      return declaredInToolkit(D->getUnderlyingDecl());
    });
    noteRef(E->getNameLoc(), AllCuda);
    if (AllCuda)
      noteNamespaceMember(E->decls_begin()->getUnderlyingDecl(),
                          E->getNameLoc());
    return true;
  }

  bool VisitTypeLoc(TypeLoc TL) {
    if (auto TT = TL.getAs<TypedefTypeLoc>())
      noteRef(TT.getNameLoc(), TT.getDecl());
    else if (auto Tag = TL.getAs<TagTypeLoc>())
      noteRef(Tag.getNameLoc(), Tag.getDecl());
    else if (auto Spec = TL.getAs<TemplateSpecializationTypeLoc>())
      noteNamespaceMember(
          Spec.getTypePtr()->getTemplateName().getAsTemplateDecl(),
          Spec.getTemplateNameLoc());
    return true;
  }

  bool VisitMemberExpr(MemberExpr *E) {
    renameMember(E->getMemberDecl(), E->getMemberLoc());
    return true;
  }

  /// `CUmemAllocationProp p = {.requestedHandleTypes = t}`.
  bool VisitDesignatedInitExpr(DesignatedInitExpr *E) {
    for (const DesignatedInitExpr::Designator &D : E->designators())
      if (D.isFieldDesignator())
        renameMember(D.getFieldDecl(), D.getFieldLoc());
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    // In templates a call with dependent arguments is not resolved yet;
    // its callee is still spelled by name.
    StringRef Name;
    bool Cuda = false;
    SourceLocation NameLoc;
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    if (const FunctionDecl *FD = E->getDirectCallee()) {
      if (FD->getIdentifier())
        Name = FD->getName();
      Cuda = declaredInToolkit(FD);
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
        NameLoc = DRE->getLocation();
    } else if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee)) {
      if (ULE->getName().isIdentifier())
        Name = ULE->getName().getAsIdentifierInfo()->getName();
      Cuda = ULE->getNumDecls() > 0 &&
             llvm::all_of(ULE->decls(), [&](const NamedDecl *D) {
               return declaredInToolkit(D->getUnderlyingDecl());
             });
      NameLoc = ULE->getNameLoc();
    }
    if (takesLaneMask(Name) && E->getNumArgs() > 0)
      widenFullWarpMask(E->getArg(0));
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
        MC && shufflesNonNumber(MC, Ctx))
      callWordShuffle(MC);
    if (Cuda && !Name.empty() && NameLoc.isValid())
      applyCallRules(E, Name, NameLoc, Calls);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    if (Opts.Launch == LaunchSyntax::HipLaunchKernelGGL)
      rewriteLaunch(E);
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  const TranslateOptions &Opts;
  const RuleTable &Rules;
  const UserFilePredicate &IsUserFile;
  StringRef ToolkitRoot;
  AstFacts &Facts;
  TuResult &Out;
  llvm::DenseMap<FileID, std::optional<std::string>> UserPathCache;
  CallEditContext Calls;

public:
  MergedOverloads Merged;

  DevicePtrContext devicePtrContext() {
    return {Ctx, [this](SourceLocation L) { return userFile(L); },
            [this](const Decl *D) { return declaredInToolkit(D); }};
  }

private:
  /// The path of \p Loc's file when it is a user file.
  std::optional<std::string> userFile(SourceLocation Loc) {
    if (Loc.isInvalid() || !Loc.isFileID())
      return std::nullopt;
    FileID FID = SM.getFileID(Loc);
    auto [It, New] = UserPathCache.try_emplace(FID);
    if (New) {
      OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
      if (FE && IsUserFile(FE->getName()))
        It->second = normalizePath(FE->getName());
    }
    return It->second;
  }

  bool declaredInToolkit(const Decl *D) {
    SourceLocation L = SM.getExpansionLoc(D->getLocation());
    if (L.isInvalid())
      return false;
    StringRef Path = SM.getFilename(L);
    // clang's own CUDA wrappers declare much of the device API; the parse
    // prelude declares what nvcc's host pass has and clang's lacks (the
    // cache-hinted loads and stores), standing in for the toolkit.
    return Path.starts_with(ToolkitRoot) || Path.contains("__clang_cuda_") ||
           Path.contains("cuda_wrappers") || Path == kParsePreludePath;
  }

  void noteRef(SourceLocation Loc, const NamedDecl *D) {
    if (D && D->getIdentifier())
      noteRef(Loc, declaredInToolkit(D));
  }

  void noteRef(SourceLocation Loc, bool DeclaredInCuda) {
    SourceLocation Spell = SM.getSpellingLoc(Loc);
    auto Path = userFile(Spell);
    if (!Path)
      return;
    Facts.Refs[*Path][SM.getFileOffset(Spell)].DeclaredInCuda = DeclaredInCuda;
  }

  void edit(SourceLocation Begin, unsigned Length, std::string Text) {
    auto Path = userFile(Begin);
    if (!Path)
      return;
    Out.Edits.push_back(
        {*Path, SM.getFileOffset(Begin), Length, std::move(Text)});
  }

  /// A field of a CUDA struct that HIP's twin names differently (a
  /// `member` row): the name is only ever spelled after `.`, `->` or in a
  /// designator, where the token pass leaves names alone, so it is renamed
  /// here, where the parse says whose field it is.
  void renameMember(const ValueDecl *Member, SourceLocation NameLoc) {
    const auto *Field = dyn_cast_or_null<FieldDecl>(Member);
    if (!Field || !Field->getIdentifier() || NameLoc.isInvalid() ||
        !declaredInToolkit(Field))
      return;
    const RecordDecl *Record = Field->getParent();
    if (!Record || !Record->getIdentifier())
      return;
    const Rule *R = Rules.lookupMember(Record->getName(), Field->getName());
    if (!R || !R->renames())
      return;
    if (Opts.TargetRocm && !R->availableIn(*Opts.TargetRocm))
      return; // the CUDA spelling stays, as for names the target lacks
    SourceLocation Spell = SM.getSpellingLoc(NameLoc);
    auto Path = userFile(Spell);
    if (!Path)
      return;
    unsigned Len = Lexer::MeasureTokenLength(Spell, SM, Ctx.getLangOpts());
    edit(Spell, Len, R->Hip);
    auto [Line, Col] = std::pair(SM.getSpellingLineNumber(Spell),
                                 SM.getSpellingColumnNumber(Spell));
    Out.References.push_back({Field->getName().str(), R->Hip, R->Family, *Path,
                              SM.getFileOffset(Spell), Line, Col, true});
  }

  /// A name declared in a CUDA namespace that a `member` row of that
  /// namespace renames (cooperative_groups::reduce, which no ROCm release
  /// has): generic names like `reduce` or `plus` cannot be table rows of
  /// their own (thrust::reduce, std::plus), so the token pass renames only
  /// the tokens recorded here.
  void noteNamespaceMember(const NamedDecl *D, SourceLocation NameLoc) {
    if (!D || !D->getIdentifier() || NameLoc.isInvalid() ||
        !declaredInToolkit(D))
      return;
    StringRef Namespace = enclosingNamespace(*D);
    if (Namespace.empty())
      return;
    const Rule *R = Rules.lookupMember(Namespace, D->getName());
    if (!R || !R->renames())
      return;
    if (Opts.TargetRocm && !R->availableIn(*Opts.TargetRocm))
      return;
    SourceLocation Spell = SM.getSpellingLoc(NameLoc);
    if (auto Path = userFile(Spell))
      Facts.Refs[*Path][SM.getFileOffset(Spell)].NamespaceMember = R;
  }

  /// The outermost namespace \p D is declared in (cooperative_groups for
  /// CUDA's cooperative_groups::__v1::reduce, and for the
  /// cooperative_groups::__v1::details::reduce that an unqualified call
  /// finds by argument-dependent lookup); empty when \p D is a class member
  /// or global.
  static StringRef enclosingNamespace(const NamedDecl &D) {
    StringRef Outermost;
    for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent()) {
      if (isa<TranslationUnitDecl, LinkageSpecDecl>(DC))
        continue;
      const auto *NS = dyn_cast<NamespaceDecl>(DC);
      if (!NS)
        return "";
      Outermost = NS->getName();
    }
    return Outermost;
  }

  /// 0xffffffff (or ~0u) as a *_sync mask means "all lanes" on a 32-wide
  /// warp; ROCm 7's intrinsics take 64-bit masks and reject 32-bit ones, so
  /// the literal becomes the 64-bit all-lanes mask where it is spelled
  /// (possibly inside a #define body in a user header).
  void widenFullWarpMask(const Expr *Mask) {
    Mask = Mask->IgnoreParenImpCasts();
    if (const auto *Lit = dyn_cast<IntegerLiteral>(Mask)) {
      if (Lit->getValue().getZExtValue() != 0xffffffffULL)
        return;
      SourceLocation Spell = SM.getSpellingLoc(Lit->getLocation());
      unsigned Len = Lexer::MeasureTokenLength(Spell, SM, Ctx.getLangOpts());
      edit(Spell, Len, kFullLaneMask64.str());
      return;
    }
    // ~0u: both tokens must be spelled side by side in one place.
    const auto *Not = dyn_cast<UnaryOperator>(Mask);
    if (!Not || Not->getOpcode() != UO_Not ||
        Ctx.getTypeSize(Not->getType()) != 32)
      return;
    const auto *Zero =
        dyn_cast<IntegerLiteral>(Not->getSubExpr()->IgnoreParenImpCasts());
    if (!Zero || Zero->getValue() != 0)
      return;
    SourceLocation Begin = SM.getSpellingLoc(Not->getOperatorLoc());
    SourceLocation Last = SM.getSpellingLoc(Zero->getLocation());
    if (SM.getFileID(Begin) != SM.getFileID(Last) ||
        SM.getFileOffset(Last) < SM.getFileOffset(Begin))
      return;
    unsigned End = SM.getFileOffset(Last) +
                   Lexer::MeasureTokenLength(Last, SM, Ctx.getLangOpts());
    edit(Begin, End - SM.getFileOffset(Begin), kFullLaneMask64.str());
  }

  /// tile.shfl_xor(v, 1) -> cooperative_groups::hipwright_shfl_xor(tile, v,
  /// 1) for a v HIP's group shuffles do not take (port/GroupShuffles.h).
  /// Two edits around the group expression, which is left as written.
  void callWordShuffle(const CXXMemberCallExpr *Call) {
    const auto *Callee = dyn_cast<MemberExpr>(Call->getCallee());
    if (!Callee || Callee->isImplicitAccess() || Callee->isArrow())
      return;
    const Expr *Base = Callee->getBase()->IgnoreImplicit();
    CharSourceRange BaseRange = fileRange(Base->getSourceRange());
    CharSourceRange ArgRange = fileRange(Call->getArg(0)->getSourceRange());
    if (BaseRange.isInvalid() || ArgRange.isInvalid() ||
        SM.getFileID(BaseRange.getEnd()) != SM.getFileID(ArgRange.getBegin()))
      return;
    unsigned Between = SM.getFileOffset(ArgRange.getBegin()) -
                       SM.getFileOffset(BaseRange.getEnd());
    std::string Name = Callee->getMemberDecl()->getNameAsString();
    edit(BaseRange.getBegin(), 0,
         "cooperative_groups::hipwright_" + Name + "(");
    edit(BaseRange.getEnd(), Between, ", ");
  }

  CharSourceRange fileRange(SourceRange R) {
    return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM,
                                    Ctx.getLangOpts());
  }

  /// k<<<g, b, s, st>>>(args) -> hipLaunchKernelGGL(k, dim3(g), dim3(b), s,
  /// st, args). Done as small edits around the arguments rather than one big
  /// replacement, so names inside the arguments are still translated by the
  /// token pass without overlapping edits.
  void rewriteLaunch(CUDAKernelCallExpr *E) {
    const CallExpr *Config = E->getConfig();
    const Expr *Callee = E->getCallee()->IgnoreImplicit();
    if (!Config || Config->getNumArgs() < 2)
      return;
    CharSourceRange CalleeR = fileRange(Callee->getSourceRange());
    SourceLocation RParen = E->getRParenLoc();
    if (CalleeR.isInvalid() || RParen.isMacroID())
      return; // launches written inside macros keep their chevrons
    // Explicit configuration arguments (shared memory and stream default).
    SmallVector<CharSourceRange, 4> Cfg;
    for (const Expr *A : Config->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        break;
      CharSourceRange R = fileRange(A->getSourceRange());
      if (R.isInvalid())
        return;
      Cfg.push_back(R);
    }
    if (Cfg.size() < 2)
      return;
    SmallVector<CharSourceRange, 8> Args;
    for (const Expr *A : E->arguments()) {
      if (isa<CXXDefaultArgExpr>(A))
        break;
      CharSourceRange R = fileRange(A->getSourceRange());
      if (R.isInvalid())
        return;
      Args.push_back(R);
    }
    auto Off = [&](SourceLocation L) { return SM.getFileOffset(L); };
    auto Replace = [&](SourceLocation From, SourceLocation To,
                       std::string Text) {
      edit(From, Off(To) - Off(From), std::move(Text));
    };
    // Grid and block become dim3(...) unless they already are dim3 values.
    auto NeedsDim3 = [&](unsigned I) {
      const Expr *A = Config->getArg(I)->IgnoreUnlessSpelledInSource();
      const CXXRecordDecl *RD = A->getType()->getAsCXXRecordDecl();
      return !(RD && RD->getIdentifier() && RD->getName() == "dim3");
    };
    // What goes around each configuration argument. An argument spelled
    // with a comma outside parentheses (`Traits<2, 3>::smem`) would be split
    // by the macro, so it gets parentheses of its own.
    SmallVector<std::pair<StringRef, StringRef>, 4> Wrap;
    for (unsigned I = 0; I < Cfg.size(); ++I) {
      if (I < 2 && NeedsDim3(I))
        Wrap.push_back({"dim3(", ")"});
      else if (hasTopLevelComma(Cfg[I]))
        Wrap.push_back({"(", ")"});
      else
        Wrap.push_back({"", ""});
    }
    // Template-ids carry commas the macro would split on.
    bool Paren = false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      Paren = DRE->hasExplicitTemplateArgs();
    else if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(Callee))
      Paren = ULE->hasExplicitTemplateArgs();
    edit(CalleeR.getBegin(), 0,
         Paren ? "hipLaunchKernelGGL((" : "hipLaunchKernelGGL(");
    Replace(CalleeR.getEnd(), Cfg[0].getBegin(),
            (Paren ? ")" : "") + (", " + Wrap[0].first).str());
    for (unsigned I = 0; I + 1 < Cfg.size(); ++I)
      Replace(Cfg[I].getEnd(), Cfg[I + 1].getBegin(),
              (Wrap[I].second + ", " + Wrap[I + 1].first).str());
    // Between the last explicit configuration argument and the kernel's
    // arguments: close the wrapper and supply the defaults CUDA left
    // implicit (no dynamic shared memory, the null stream).
    std::string Tail = Wrap.back().second.str();
    for (size_t I = Cfg.size(); I < 4; ++I)
      Tail += ", 0";
    if (!Args.empty())
      Replace(Cfg.back().getEnd(), Args.front().getBegin(), Tail + ", ");
    else
      Replace(Cfg.back().getEnd(), RParen, Tail);
  }

  /// Whether the source of \p R has a comma outside any brackets.
  bool hasTopLevelComma(CharSourceRange R) {
    StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
    int Depth = 0;
    for (char C : Text) {
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if (C == ')' || C == ']' || C == '}')
        --Depth;
      else if (C == ',' && Depth == 0)
        return true;
    }
    return false;
  }
};

} // namespace

void runAstPass(ASTContext &Ctx, const TranslateOptions &Opts,
                const RuleTable &Rules, const UserFilePredicate &IsUserFile,
                StringRef ToolkitRoot, AstFacts &Facts, TuResult &Out) {
  Visitor V(Ctx, Opts, Rules, IsUserFile, ToolkitRoot, Facts, Out);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  V.Merged.finish(Out);
  rewriteDevicePtrArithmetic(V.devicePtrContext(), Out.Edits);
}

} // namespace hipwright
