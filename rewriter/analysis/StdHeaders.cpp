#include "analysis/StdHeaders.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"
#include <cctype>
#include <optional>
#include <set>

using namespace clang;

namespace hpar {
namespace analysis {

StdHeaderFacts::StdHeaderFacts(const Preprocessor& PP, const frontend::SearchPaths& Paths,
                               bool ShortParse)
    : shortParse(ShortParse), PP(PP), SM(PP.getSourceManager()), LangOpts(PP.getLangOpts()),
      Paths(Paths) {}

void StdHeaderFacts::InclusionDirective(SourceLocation HashLoc, const Token&,
                                        llvm::StringRef FileName, bool IsAngled,
                                        CharSourceRange, OptionalFileEntryRef File,
                                        llvm::StringRef, llvm::StringRef, const Module*, bool,
                                        SrcMgr::CharacteristicKind) {
  if (IsAngled && FileName == "complex") includesComplex = true;
  if (!File || Paths.apiInclude.empty()) return;
  const FileID IncluderFile = SM.getFileID(SM.getExpansionLoc(HashLoc));
  auto IncluderEntry = SM.getFileEntryRefForID(IncluderFile);
  if (!IncluderEntry) return;
  includes[IncluderEntry->getUniqueID()].push_back(File->getUniqueID());
  const std::string Compat = Paths.apiInclude + "/hpar/compat/";
  const llvm::StringRef Includer = IncluderEntry->getFileEntry().tryGetRealPathName();
  // A header outside the user's files (a library on a system include path) that includes the
  // Kokkos API may rely on Kokkos_Core.hpp's standard headers, and analysis does not read it.
  if (File->getFileEntry().tryGetRealPathName().starts_with(Compat) &&
      frontend::isLibraryLocation(SM, Paths, HashLoc) && !Includer.starts_with(Paths.apiInclude + "/"))
    libraryIncludesKokkos = true;
  if (!Includer.starts_with(Compat) || llvm::sys::path::filename(Includer) != "Kokkos_Core.hpp")
    return;
  coreFile = IncluderFile;
  coreId = IncluderEntry->getUniqueID();
  // hpar's own headers, included by a relative name, are spelled from the API's include
  // directory, which every translated file has on its path; the API itself (kokkos.hpp) is
  // always included.
  std::string Spelled = IsAngled ? "<" + FileName.str() + ">" : std::string();
  if (!IsAngled) {
    llvm::StringRef Real = File->getFileEntry().tryGetRealPathName();
    const std::string Api = Paths.apiInclude + "/";
    if (!Real.starts_with(Api)) return;
    Spelled = "<" + Real.drop_front(Api.size()).str() + ">";
    if (Spelled == "<hpar/kokkos.hpp>") return;
  }
  coreIncludes.emplace_back(File->getUniqueID(), Spelled);
}

void StdHeaderFacts::MacroExpands(const Token& MacroNameTok, const MacroDefinition& MD,
                                  SourceRange, const MacroArgs*) {
  const MacroInfo* Info = MD.getMacroInfo();
  if (!Info || frontend::isLibraryLocation(SM, Paths, MacroNameTok.getLocation())) return;
  macroDefinitions.push_back(Info->getDefinitionLoc());
}

bool StdHeaderFacts::isDefined(llvm::StringRef Name, bool Expands, int Depth) const {
  // Looked up, not added: a name the parse has not seen is no macro. (Adding identifiers from
  // here would also mix the fuzz target's instrumented allocations into clang's identifier table,
  // which AddressSanitizer then reports.)
  const auto Found = PP.getIdentifierTable().find(Name);
  if (Found == PP.getIdentifierTable().end()) return false;
  const MacroInfo* Info = PP.getMacroInfo(Found->getValue());
  if (!Info) return false;
  if (!Expands) return true;
  if (Depth > 16) return false;  // deeper than any real program goes: treated as unknown
  for (const Token& T : Info->tokens()) {
    const IdentifierInfo* II = T.getIdentifierInfo();
    if (!II || !T.is(tok::identifier) || II->getName() == "defined") continue;
    if (llvm::is_contained(Info->params(), II)) continue;
    if (!isDefined(II->getName(), true, Depth + 1)) return false;
  }
  return true;
}

void StdHeaderFacts::noteCondition(SourceLocation Loc, llvm::StringRef Text, bool Expands) {
  if (frontend::isLibraryLocation(SM, Paths, Loc)) return;
  const FileID In = SM.getFileID(SM.getExpansionLoc(Loc));
  auto identifierChar = [](char C) { return C == '_' || std::isalnum((unsigned char)C); };
  for (size_t I = 0; I < Text.size();) {
    if (!identifierChar(Text[I]) || std::isdigit((unsigned char)Text[I])) {
      ++I;
      continue;
    }
    size_t End = I;
    while (End < Text.size() && identifierChar(Text[End])) ++End;
    const llvm::StringRef Name = Text.slice(I, End);
    if (Name != "defined" && !isDefined(Name, Expands)) undefinedTests.emplace_back(In, Name.str());
    if (Name.size() > 1 && Name[0] == '_' && (Name[1] == '_' || std::isupper((unsigned char)Name[1])))
      testsCompilerMacro = true;
    I = End;
  }
}

void StdHeaderFacts::If(SourceLocation Loc, SourceRange ConditionRange, ConditionValueKind) {
  noteCondition(Loc, Lexer::getSourceText(CharSourceRange::getTokenRange(ConditionRange), SM,
                                          LangOpts),
                /*Expands=*/true);
}
void StdHeaderFacts::Elif(SourceLocation Loc, SourceRange ConditionRange, ConditionValueKind,
                          SourceLocation) {
  noteCondition(Loc, Lexer::getSourceText(CharSourceRange::getTokenRange(ConditionRange), SM,
                                          LangOpts),
                /*Expands=*/true);
}
void StdHeaderFacts::Ifdef(SourceLocation Loc, const Token& MacroNameTok, const MacroDefinition&) {
  if (const IdentifierInfo* Name = MacroNameTok.getIdentifierInfo())
    noteCondition(Loc, Name->getName(), /*Expands=*/false);
}
void StdHeaderFacts::Ifndef(SourceLocation Loc, const Token& MacroNameTok, const MacroDefinition&) {
  if (const IdentifierInfo* Name = MacroNameTok.getIdentifierInfo())
    noteCondition(Loc, Name->getName(), /*Expands=*/false);
}

namespace {

/// Collects the Kokkos_Core.hpp includes through which the declarations and types that the
/// user's code names came into the parse.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  UseCollector(ASTContext& Ctx, const frontend::SearchPaths& Paths, const StdHeaderFacts& Facts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Paths(Paths), Facts(Facts) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  /// The user's declarations only: the library's own code includes what it needs.
  bool TraverseDecl(Decl* D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        frontend::isLibraryLocation(SM, Paths, D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitDeclRefExpr(DeclRefExpr* E) {
    markDecl(E->getDecl());
    markDecl(E->getFoundDecl());
    return true;
  }
  bool VisitMemberExpr(MemberExpr* E) {
    markDecl(E->getMemberDecl());
    return true;
  }
  bool VisitOverloadExpr(OverloadExpr* E) {
    for (NamedDecl* D : E->decls()) markDecl(D);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* E) {
    markDecl(E->getConstructor());
    return true;
  }
  bool VisitCallExpr(CallExpr* E) {
    markDecl(E->getCalleeDecl());
    return true;
  }
  bool VisitExpr(Expr* E) {
    markType(E->getType(), 0);
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    markType(TL.getType(), 0);
    return true;
  }
  bool VisitValueDecl(ValueDecl* D) {
    markType(D->getType(), 0);
    return true;
  }
  bool VisitUsingDecl(UsingDecl* D) {
    for (UsingShadowDecl* S : D->shadows()) markDecl(S->getTargetDecl());
    return true;
  }

  /// The files holding what the user's code names.
  void markLocation(SourceLocation Loc) {
    if (Loc.isInvalid()) return;
    const FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
    if (!SeenFiles.insert(F).second) return;
    if (auto Entry = SM.getFileEntryRefForID(F)) files.insert(Entry->getUniqueID());
  }

  std::set<llvm::sys::fs::UniqueID> files;

private:
  /// Every declaration of `D` (a forward declaration in one header, the definition in another).
  void markDecl(const Decl* D) {
    if (!D || !SeenDecls.insert(D).second) return;
    for (const Decl* R : D->redecls()) markLocation(R->getLocation());
    if (const auto* S = dyn_cast<UsingShadowDecl>(D)) markDecl(S->getTargetDecl());
    if (const auto* F = dyn_cast<FunctionDecl>(D))
      if (const FunctionTemplateDecl* T = F->getPrimaryTemplate()) markDecl(T);
    if (const auto* Spec = dyn_cast<ClassTemplateSpecializationDecl>(D)) {
      markDecl(Spec->getSpecializedTemplate());
      markArguments(Spec->getTemplateArgs().asArray());
    }
  }

  void markArguments(llvm::ArrayRef<TemplateArgument> Args) {
    for (const TemplateArgument& A : Args) {
      if (A.getKind() == TemplateArgument::Type) markType(A.getAsType(), 1);
      if (A.getKind() == TemplateArgument::Template)
        markDecl(A.getAsTemplate().getAsTemplateDecl());
      if (A.getKind() == TemplateArgument::Pack) markArguments(A.getPackAsArray());
    }
  }

  /// The declarations a type names: each step of its sugar (typedefs, using-declarations,
  /// template specializations as written), then what it points to or is.
  void markType(QualType T, int Depth) {
    if (T.isNull() || Depth > 16 || !SeenTypes.insert(T.getTypePtr()).second) return;
    QualType Cur = T;
    for (int Step = 0; Step < 64; ++Step) {
      const Type* Ty = Cur.getTypePtr();
      if (const auto* TT = dyn_cast<TypedefType>(Ty)) markDecl(TT->getDecl());
      if (const auto* UT = dyn_cast<UsingType>(Ty)) markDecl(UT->getFoundDecl());
      if (const auto* TST = dyn_cast<TemplateSpecializationType>(Ty)) {
        markDecl(TST->getTemplateName().getAsTemplateDecl());
        markArguments(TST->template_arguments());
      }
      const QualType Next = Cur.getSingleStepDesugaredType(Ctx);
      if (Next == Cur) break;
      Cur = Next;
    }
    const Type* C = Cur.getTypePtr();
    if (const auto* P = C->getAs<PointerType>()) return markType(P->getPointeeType(), Depth + 1);
    if (const auto* R = C->getAs<ReferenceType>()) return markType(R->getPointeeType(), Depth + 1);
    if (const auto* M = C->getAs<MemberPointerType>()) {
      markType(QualType(M->getClass(), 0), Depth + 1);
      return markType(M->getPointeeType(), Depth + 1);
    }
    if (const ArrayType* A = C->getAsArrayTypeUnsafe())
      return markType(A->getElementType(), Depth + 1);
    if (const auto* F = C->getAs<FunctionProtoType>()) {
      markType(F->getReturnType(), Depth + 1);
      for (QualType P : F->getParamTypes()) markType(P, Depth + 1);
      return;
    }
    if (const TagDecl* Tag = C->getAsTagDecl()) markDecl(Tag);
  }

  ASTContext& Ctx;
  const SourceManager& SM;
  const frontend::SearchPaths& Paths;
  const StdHeaderFacts& Facts;
  llvm::DenseSet<FileID> SeenFiles;
  llvm::SmallPtrSet<const Decl*, 32> SeenDecls;
  llvm::SmallPtrSet<const Type*, 32> SeenTypes;
};

}  // namespace

/// The files reachable from `From` through `Includes`, leaving out the includes of `Skip` (a
/// file) that `SkipTo` lists.
static std::set<llvm::sys::fs::UniqueID>
reachable(const std::map<llvm::sys::fs::UniqueID, std::vector<llvm::sys::fs::UniqueID>>& Includes,
          llvm::sys::fs::UniqueID From, std::optional<llvm::sys::fs::UniqueID> Skip,
          const std::set<llvm::sys::fs::UniqueID>& SkipTo) {
  std::set<llvm::sys::fs::UniqueID> Seen{From};
  std::vector<llvm::sys::fs::UniqueID> Work{From};
  while (!Work.empty()) {
    const llvm::sys::fs::UniqueID Cur = Work.back();
    Work.pop_back();
    auto It = Includes.find(Cur);
    if (It == Includes.end()) continue;
    for (const llvm::sys::fs::UniqueID& Next : It->second) {
      if (Skip && Cur == *Skip && SkipTo.count(Next)) continue;
      if (Seen.insert(Next).second) Work.push_back(Next);
    }
  }
  return Seen;
}

bool StdHeaderFacts::shortParseHolds() const {
  HeaderSearch& HS = PP.getHeaderSearchInfo();
  if (testsCompilerMacro || libraryIncludesKokkos || includesComplex) return false;
  for (const auto& [In, Name] : undefinedTests) {
    auto Entry = SM.getFileEntryRefForID(In);
    if (In == SM.getMainFileID() || !Entry) return false;
    const IdentifierInfo* Guard = HS.getFileInfo(*Entry).getControllingMacro(nullptr);
    if (!Guard || Guard->getName() != Name) return false;
  }
  return true;
}

void chooseStdHeaders(ASTContext& Ctx, const frontend::SearchPaths& Paths,
                      const StdHeaderFacts& Facts, ir::TranslationUnit& TU) {
  const SourceManager& SM = Ctx.getSourceManager();
  if (Facts.shortParse) {
    TU.stdHeadersChosen = Facts.coreId.has_value();
    TU.stdHeaders.clear();
    return;
  }
  auto Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main || !Facts.coreId || Facts.coreIncludes.empty() || Facts.testsCompilerMacro ||
      Facts.libraryIncludesKokkos)
    return;
  UseCollector Uses(Ctx, Paths, Facts);
  Uses.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (SourceLocation Definition : Facts.macroDefinitions) Uses.markLocation(Definition);
  // What the program reaches without Kokkos_Core.hpp's optional headers: its own includes and
  // hpar's API.
  std::set<llvm::sys::fs::UniqueID> Optional;
  for (const auto& Include : Facts.coreIncludes) Optional.insert(Include.first);
  const std::set<llvm::sys::fs::UniqueID> Available =
      reachable(Facts.includes, Main->getUniqueID(), Facts.coreId, Optional);
  std::vector<std::set<llvm::sys::fs::UniqueID>> Reach;
  for (const auto& Include : Facts.coreIncludes)
    Reach.push_back(reachable(Facts.includes, Include.first, std::nullopt, {}));
  std::vector<bool> Needed(Facts.coreIncludes.size(), false);
  for (const llvm::sys::fs::UniqueID& File : Uses.files) {
    if (Available.count(File)) continue;
    for (size_t I = 0; I < Reach.size(); ++I)
      if (Reach[I].count(File)) {
        Needed[I] = true;
        break;
      }
  }
  // hpar's own headers among them (complex_std.hpp) adapt the API to standard types: their
  // declarations are reached implicitly (a trait specialization that enables a conversion), so
  // each is included whenever everything it includes is there anyway.
  std::set<llvm::sys::fs::UniqueID> Lean = Available;
  for (size_t I = 0; I < Reach.size(); ++I)
    if (Needed[I]) Lean.insert(Reach[I].begin(), Reach[I].end());
  for (size_t I = 0; I < Facts.coreIncludes.size(); ++I) {
    const auto& [Id, Spelled] = Facts.coreIncludes[I];
    if (Needed[I] || !llvm::StringRef(Spelled).starts_with("<hpar/")) continue;
    auto Own = Facts.includes.find(Id);
    bool Present = true;
    if (Own != Facts.includes.end())
      for (const llvm::sys::fs::UniqueID& File : Own->second)
        Present = Present && Lean.count(File);
    Needed[I] = Present;
  }
  TU.stdHeadersChosen = true;
  TU.stdHeaders.clear();
  for (size_t I = 0; I < Needed.size(); ++I)  // in Kokkos_Core.hpp's order
    if (Needed[I]) TU.stdHeaders.push_back(Facts.coreIncludes[I].second);
}

}  // namespace analysis
}  // namespace hpar
