//===- PpEvents.cpp - preprocessor callbacks a PCH swallowed --------------===//
#include "frontend/PpEvents.h"
#include "support/ByteCodec.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTReader.h"

using namespace clang;

namespace hipwright {

bool PpEventRecorder::inFile(SourceLocation Loc) const {
  return Loc.isValid() &&
         SM.getFileEntryRefForID(SM.getFileID(SM.getExpansionLoc(Loc)));
}

void PpEventRecorder::MacroDefined(const Token &Name, const MacroDirective *) {
  if (!inFile(Name.getLocation()))
    return;
  PpEvent E;
  E.What = PpEvent::Defined;
  E.Loc = Name.getLocation().getRawEncoding();
  E.Name = Name.getIdentifierInfo()->getName().str();
  Out.push_back(std::move(E));
}

void PpEventRecorder::MacroExpands(const Token &Name, const MacroDefinition &,
                                   SourceRange Range, const MacroArgs *) {
  if (!inFile(Name.getLocation()))
    return;
  PpEvent E;
  E.What = PpEvent::Expands;
  E.Loc = Name.getLocation().getRawEncoding();
  E.Begin = Range.getBegin().getRawEncoding();
  E.End = Range.getEnd().getRawEncoding();
  E.Name = Name.getIdentifierInfo()->getName().str();
  Out.push_back(std::move(E));
}

void PpEventRecorder::SourceRangeSkipped(SourceRange Range,
                                         SourceLocation EndifLoc) {
  if (!inFile(Range.getBegin()))
    return;
  PpEvent E;
  E.What = PpEvent::Skipped;
  E.Loc = EndifLoc.getRawEncoding();
  E.Begin = Range.getBegin().getRawEncoding();
  E.End = Range.getEnd().getRawEncoding();
  Out.push_back(std::move(E));
}

namespace {

/// The #define of \p II at \p Loc in the macro history the PCH restored.
const MacroDirective *definitionAt(Preprocessor &PP, IdentifierInfo *II,
                                   SourceLocation Loc) {
  // A name the TU knew before the PCH loaded (a keyword such as __cdecl)
  // has its macro history read from the PCH only when asked to.
  if (II->isOutOfDate())
    if (ExternalPreprocessorSource *Ext = PP.getExternalSource())
      Ext->updateOutOfDateIdentifier(*II);
  for (const MacroDirective *MD = PP.getLocalMacroDirectiveHistory(II); MD;
       MD = MD->getPrevious())
    if (isa<DefMacroDirective>(MD) && MD->getLocation() == Loc)
      return MD;
  return nullptr;
}

Token nameToken(Preprocessor &PP, IdentifierInfo *II, SourceLocation Loc) {
  Token T;
  T.startToken();
  T.setKind(tok::identifier);
  T.setIdentifierInfo(II);
  T.setLocation(Loc);
  T.setLength(II->getLength());
  return T;
}

} // namespace

bool replayPpEvents(CompilerInstance &CI, const std::vector<PpEvent> &Events) {
  if (Events.empty())
    return true;
  IntrusiveRefCntPtr<ASTReader> Reader = CI.getASTReader();
  Preprocessor &PP = CI.getPreprocessor();
  PPCallbacks *Callbacks = PP.getPPCallbacks();
  if (!Reader || Reader->getModuleManager().size() != 1)
    return false;
  if (!Callbacks)
    return true;
  serialization::ModuleFile &Pch =
      Reader->getModuleManager().getPrimaryModule();
  auto Place = [&](uint64_t Raw) {
    return Reader->TranslateSourceLocation(
        Pch, SourceLocation::getFromRawEncoding(
                 static_cast<SourceLocation::UIntTy>(Raw)));
  };
  for (const PpEvent &E : Events) {
    switch (E.What) {
    case PpEvent::Defined: {
      IdentifierInfo *II = PP.getIdentifierInfo(E.Name);
      SourceLocation Loc = Place(E.Loc);
      const MacroDirective *MD = definitionAt(PP, II, Loc);
      if (!MD)
        return false;
      Callbacks->MacroDefined(nameToken(PP, II, Loc), MD);
      break;
    }
    case PpEvent::Expands: {
      IdentifierInfo *II = PP.getIdentifierInfo(E.Name);
      SourceLocation Loc = Place(E.Loc);
      Callbacks->MacroExpands(nameToken(PP, II, Loc), MacroDefinition(),
                              SourceRange(Place(E.Begin), Place(E.End)),
                              nullptr);
      break;
    }
    case PpEvent::Skipped:
      Callbacks->SourceRangeSkipped(SourceRange(Place(E.Begin), Place(E.End)),
                                    Place(E.Loc));
      break;
    }
  }
  return true;
}

void writePpEvents(ByteWriter &W, const std::vector<PpEvent> &Events) {
  W.num(Events.size());
  for (const PpEvent &E : Events) {
    W.num(E.What);
    W.num(E.Loc);
    W.num(E.Begin);
    W.num(E.End);
    W.str(E.Name);
  }
}

std::vector<PpEvent> readPpEvents(ByteReader &R) {
  std::vector<PpEvent> Out;
  uint64_t N = R.count();
  for (uint64_t I = 0; I < N && R.ok(); ++I) {
    PpEvent E;
    uint64_t K = R.num();
    if (K > PpEvent::Skipped)
      R.fail();
    E.What = static_cast<PpEvent::Kind>(K);
    E.Loc = R.num();
    E.Begin = R.num();
    E.End = R.num();
    E.Name = R.str();
    Out.push_back(std::move(E));
  }
  return Out;
}

} // namespace hipwright
