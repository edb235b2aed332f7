// What top-level lambda functors capture: see CaptureFindings.h.
#include "analysis/CaptureFindings.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Finds the first use of a member through `this` in a lambda body (nested lambdas included).
class FirstMemberUse : public RecursiveASTVisitor<FirstMemberUse> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitMemberExpr(MemberExpr* M) {
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())) {
      Found = M;
      return false;
    }
    return true;
  }
  const MemberExpr* Found = nullptr;
};

class CaptureReader {
public:
  explicit CaptureReader(ASTContext& Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  CaptureFinding read(const LambdaExpr* L, size_t Kernel) {
    CaptureFinding F;
    F.kernel = Kernel;
    F.lambda = L;
    F.begin = SM.getExpansionLoc(L->getBeginLoc());
    F.introducer = SM.getExpansionRange(L->getIntroducerRange()).getAsRange();
    readByRef(L, F);
    readThis(L, F);
    readMutable(L, F);
    readGeneric(L, F);
    return F;
  }

private:
  /// True when the whole capture list `[...]` is written in the file (no macro).
  bool plainIntroducer(const LambdaExpr* L) const {
    SourceRange R = L->getIntroducerRange();
    return R.getBegin().isFileID() && R.getEnd().isFileID();
  }

  /// The first token after `Loc` (in the file), if any.
  std::optional<Token> nextToken(SourceLocation Loc) const {
    return Lexer::findNextToken(Loc, SM, Ctx.getLangOpts());
  }

  /// The location of the `&` written before an explicit by-reference capture, or invalid.
  SourceLocation ampersandBefore(const LambdaExpr* L, SourceLocation CaptureLoc) const {
    if (!plainIntroducer(L)) return {};
    SourceLocation Prev;
    for (std::optional<Token> T = nextToken(L->getIntroducerRange().getBegin()); T;
         T = nextToken(T->getLocation())) {
      if (T->getLocation() == CaptureLoc) return Prev;
      if (T->is(tok::r_square) || !SM.isBeforeInTranslationUnit(T->getLocation(), L->getIntroducerRange().getEnd()))
        return {};
      Prev = T->is(tok::amp) ? T->getLocation() : SourceLocation();
    }
    return {};
  }

  /// The capture list with every capture by value, as text ("[=, *this]", "[a, b]"), or nothing
  /// when a capture is not a plain name (init-captures, packs).
  std::optional<std::string> byValueIntroducer(const LambdaExpr* L) const {
    if (!plainIntroducer(L)) return std::nullopt;
    bool Default = L->getCaptureDefault() != LCD_None;
    std::vector<std::string> Parts;
    if (Default) Parts.push_back("=");
    bool ThisDone = false;
    for (const LambdaCapture& C : L->captures()) {
      if (C.capturesThis() || C.capturesVLAType()) {
        if (C.capturesThis() && !ThisDone) Parts.push_back("*this");
        ThisDone = true;
        continue;
      }
      if (!C.isExplicit()) continue;
      if (C.isPackExpansion() || L->isInitCapture(&C)) return std::nullopt;
      // In an instantiated template a pack capture `v...` comes back as one capture per element.
      if (std::optional<Token> After = nextToken(C.getLocation()); !After || After->is(tok::ellipsis))
        return std::nullopt;
      // Under the `=` default an explicit by-value capture is an error, and it is redundant.
      if (!Default) Parts.push_back(C.getCapturedVar()->getName().str());
    }
    std::string Text = "[";
    for (size_t I = 0; I < Parts.size(); ++I) Text += (I ? ", " : "") + Parts[I];
    return Text + "]";
  }

  /// The captures by reference, where they are written, and the by-value capture list.
  void readByRef(const LambdaExpr* L, CaptureFinding& F) const {
    std::vector<const LambdaCapture*> ByRef;
    for (const LambdaCapture& C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef) ByRef.push_back(&C);
    F.refDefault = L->getCaptureDefault() == LCD_ByRef;

    SourceLocation Loc = F.refDefault ? L->getCaptureDefaultLoc() : SourceLocation();
    if (Loc.isInvalid())
      for (const LambdaCapture* C : ByRef)
        if (C->isExplicit()) {
          Loc = ampersandBefore(L, C->getLocation());
          if (Loc.isInvalid()) Loc = C->getLocation();
          break;
        }
    if (Loc.isInvalid()) Loc = L->getBeginLoc();
    F.byRefLoc = SM.getExpansionLoc(Loc);

    // The elements of a captured pack share their name and place: list each once.
    for (const LambdaCapture* C : ByRef) {
      std::string Name = C->getCapturedVar()->getName().str();
      if (llvm::any_of(F.byRef, [&](const ByRefCapture& B) { return B.name == Name; })) continue;
      F.byRef.push_back({Name, SM.getExpansionLoc(C->getLocation())});
    }
    if (std::optional<std::string> Text = byValueIntroducer(L))
      F.byValueFix = FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(L->getIntroducerRange()), *Text);
  }

  /// The captured `this`: where, whose, its first member use, and the `*this` fix-it.
  void readThis(const LambdaExpr* L, CaptureFinding& F) const {
    const LambdaCapture* This = nullptr;
    for (const LambdaCapture& C : L->captures())
      if (C.capturesThis() && C.getCaptureKind() == LCK_This) This = &C;
    if (!This) return;
    F.capturesThis = true;

    FirstMemberUse Use;
    Use.TraverseStmt(L->getBody());
    if (Use.Found) {
      F.memberUsed = Use.Found->getMemberDecl()->getNameAsString();
      F.memberUseLoc = SM.getExpansionLoc(Use.Found->getExprLoc());
    }
    if (const CXXRecordDecl* RD = L->getLambdaClass())
      for (const DeclContext* DC = RD->getParent(); DC; DC = DC->getParent())
        if (const auto* M = dyn_cast<CXXMethodDecl>(DC); M && !M->getParent()->isLambda()) {
          F.thisClass = "'" + M->getParent()->getNameAsString() + "'";
          break;
        }

    SourceLocation Loc = This->isExplicit() ? This->getLocation() : L->getCaptureDefaultLoc();
    if (Loc.isInvalid()) Loc = L->getBeginLoc();
    F.thisLoc = SM.getExpansionLoc(Loc);
    F.thisFix = thisFix(L, This);
  }

  /// The fix-it that captures `*this` instead of `this`: `, *this` after a plain `=` default,
  /// `*this` for an explicit `this`, or the class form of the lambda macro.
  std::optional<FixItHint> thisFix(const LambdaExpr* L, const LambdaCapture* This) const {
    SourceRange Intro = L->getIntroducerRange();
    if (plainIntroducer(L)) {
      if (This->isExplicit())
        return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(This->getLocation()), "*this");
      if (L->getCaptureDefault() == LCD_ByCopy) {
        SourceLocation After = Lexer::getLocForEndOfToken(L->getCaptureDefaultLoc(), 0, SM, Ctx.getLangOpts());
        return FixItHint::CreateInsertion(After, ", *this");
      }
      return std::nullopt;
    }
    // The capture list comes from a macro: name the class form of that macro, when the macro's
    // name is what the file says (HPAR_LAMBDA or KOKKOS_LAMBDA written directly).
    CharSourceRange Written = SM.getExpansionRange(Intro.getBegin());
    if (Written.getBegin() != SM.getExpansionRange(Intro.getEnd()).getBegin()) return std::nullopt;
    llvm::StringRef Name = Lexer::getSourceText(Written, SM, Ctx.getLangOpts());
    if (Name == "HPAR_LAMBDA" || Name == "KOKKOS_LAMBDA")
      return FixItHint::CreateReplacement(
          Written, Name == "HPAR_LAMBDA" ? "HPAR_CLASS_LAMBDA" : "KOKKOS_CLASS_LAMBDA");
    return std::nullopt;
  }

  /// A generic lambda's first `auto` parameter.
  void readGeneric(const LambdaExpr* L, CaptureFinding& F) const {
    if (!L->isGenericLambda()) return;
    F.generic = true;
    const ParmVarDecl* Auto = nullptr;
    for (const ParmVarDecl* P : L->getCallOperator()->parameters())
      if (P->getType()->getContainedAutoType() || P->getType()->isTemplateTypeParmType() ||
          P->getType().getNonReferenceType()->isTemplateTypeParmType()) {
        Auto = P;
        break;
      }
    F.genericLoc = SM.getExpansionLoc(Auto ? Auto->getLocation() : L->getBeginLoc());
    if (Auto && Auto->getIdentifier()) F.autoParameter = Auto->getName().str();
  }

  /// The `mutable` keyword, looked for between the parameter list's `)` and the body.
  void readMutable(const LambdaExpr* L, CaptureFinding& F) const {
    if (!L->isMutable()) return;
    F.isMutable = true;
    if (TypeSourceInfo* TSI = L->getCallOperator()->getTypeSourceInfo())
      if (auto FTL = TSI->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>()) {
        SourceLocation RParen = FTL.getRParenLoc();
        SourceLocation BodyBegin = L->getBody()->getBeginLoc();
        if (RParen.isFileID() && BodyBegin.isFileID())
          for (std::optional<Token> T = nextToken(RParen);
               T && SM.isBeforeInTranslationUnit(T->getLocation(), BodyBegin); T = nextToken(T->getLocation())) {
            // findNextToken lexes raw: keywords come back as raw identifiers.
            if (T->is(tok::raw_identifier) && T->getRawIdentifier() == "mutable") {
              F.mutableLoc = T->getLocation();
              if (std::optional<Token> N = nextToken(T->getLocation())) F.afterMutable = N->getLocation();
              break;
            }
          }
      }
  }

  ASTContext& Ctx;
  const SourceManager& SM;
};

}  // namespace

std::vector<CaptureFinding> findCaptures(ASTContext& Ctx, const std::vector<DispatchSite>& Sites) {
  std::vector<CaptureFinding> Found;
  CaptureReader Reader(Ctx);
  for (const DispatchSite& Site : Sites)
    if (const LambdaExpr* L = Site.functor ? lambdaOf(Site.functor) : nullptr)
      Found.push_back(Reader.read(L, Site.kernel));
  return Found;
}

}  // namespace analysis
}  // namespace hpar
