//===- MergedOverloads.cpp - overloads the port makes identical ----------===//
#include "port/MergedOverloads.h"

#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;

namespace hipwright {

void MergedOverloads::add(const FunctionDecl *FD) {
  if (!FD->isThisDeclarationADefinition() || !FD->getIdentifier() ||
      FD->getDescribedFunctionTemplate() || FD->isTemplateInstantiation() ||
      isa<CXXMethodDecl>(FD) || FD->getNumParams() == 0)
    return;
  if (UserFile(Ctx.getSourceManager().getExpansionLoc(FD->getBeginLoc())))
    Defs.push_back(FD);
}

void MergedOverloads::yieldToHip(const FunctionDecl *FD) {
  if (UserFile(Ctx.getSourceManager().getExpansionLoc(FD->getBeginLoc())))
    Yielding.push_back(FD);
}

std::string MergedOverloads::portedParameters(const FunctionDecl *FD) const {
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = true;
  std::string Out;
  for (const ParmVarDecl *P : FD->parameters()) {
    std::string Type = P->getType().getAsString(Policy);
    // Each identifier as the port writes it.
    std::string Ported;
    for (size_t I = 0; I < Type.size();) {
      if (!llvm::isAlpha(Type[I]) && Type[I] != '_') {
        Ported += Type[I++];
        continue;
      }
      size_t J = I;
      while (J < Type.size() && (llvm::isAlnum(Type[J]) || Type[J] == '_'))
        ++J;
      std::string Name = Type.substr(I, J - I);
      const Rule *R = Rules.lookup(Name);
      Ported += R && R->hasHip() ? R->Hip : Name;
      I = J;
    }
    Out += Ported + ";";
  }
  return Out;
}

void MergedOverloads::finish(TuResult &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto MakeTemplate = [&](const FunctionDecl *FD) {
    SourceLocation Begin = FD->getBeginLoc();
    // `__device__ double atomicMax(...)` begins with a macro: the template
    // head goes where that macro is written, if the declaration starts there.
    if (Begin.isMacroID() &&
        !Lexer::isAtStartOfMacroExpansion(Begin, SM, Ctx.getLangOpts(), &Begin))
      return;
    if (Begin.isMacroID())
      return; // a macro inside a macro
    if (auto Path = UserFile(Begin))
      Out.Edits.push_back(
          {*Path, SM.getFileOffset(Begin), 0, "template <typename = void> "});
  };
  for (const FunctionDecl *FD : Yielding)
    MakeTemplate(FD);
  // Same scope, same name, same parameters after the port, different ones
  // before it: the port would make the later one a redefinition.
  std::map<std::tuple<const DeclContext *, std::string, std::string>,
           const FunctionDecl *>
      First;
  for (const FunctionDecl *FD : Defs) {
    auto Key = std::make_tuple(FD->getDeclContext()->getRedeclContext(),
                               FD->getName().str(), portedParameters(FD));
    auto [It, New] = First.try_emplace(Key, FD);
    if (New)
      continue;
    const FunctionDecl *Earlier = It->second;
    bool SameInCuda = Earlier->getNumParams() == FD->getNumParams();
    for (unsigned I = 0; SameInCuda && I < FD->getNumParams(); ++I)
      SameInCuda = Ctx.hasSameType(Earlier->getParamDecl(I)->getType(),
                                   FD->getParamDecl(I)->getType());
    if (SameInCuda)
      continue; // not the port's doing
    MakeTemplate(FD);
  }
}

} // namespace hipwright
