// Rule family "captures": what a top-level functor lambda captures must make sense in the copy of
// the lambda that runs on the device.
//
//   hpar-capture-by-ref   `[&]` or `&x`: the copy holds references to host variables
//   hpar-capture-this     members used through the captured `this`: the copy holds a host pointer
//   hpar-mutable-lambda   `mutable`: every device thread would change its own copy of the captures
//
// Only the functors of top-level dispatches (CheckContext::sites) are checked: the closures of
// nested patterns run inside the kernel, where capturing by reference is the normal idiom.
//
// Macros: HPAR_LAMBDA / KOKKOS_LAMBDA expand to `[=]`, so the capture list may be spelled in a
// macro. Fix-its only touch text written in the file: a plain capture list, the `mutable` keyword
// after the parameters, or the name of the lambda macro itself (HPAR_LAMBDA -> HPAR_CLASS_LAMBDA).
#include "checks/Checks.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string quotedList(const std::vector<std::string>& Names) {
  std::string S;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I > 0) S += I + 1 == Names.size() ? " and " : ", ";
    S += "'" + Names[I] + "'";
  }
  return S;
}

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

class CaptureChecker {
public:
  explicit CaptureChecker(CheckContext& C)
      : Ctx(C.ast), SM(C.ast.getSourceManager()), TU(C.tu), Report(C.report),
        Target(C.target) {}

  void checkSite(const analysis::DispatchSite& Site) {
    const LambdaExpr* L = analysis::lambdaOf(Site.functor);
    if (!L) return;
    // A functor written once in a template is found once (DispatchFinder skips the other
    // instantiations); a lambda variable passed to two dispatches is reported once.
    if (!Checked.insert(L).second) return;
    Kernel = TU.kernels[Site.kernel].name;
    bool ByRef = checkByRef(L);
    checkThis(L, ByRef);
    checkMutable(L);
    if (!Target.genericLambdaFunctors) checkGeneric(L);
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
  /// when a capture is not a plain name (init-captures, packs): the fix-it is then left out.
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

  /// hpar-capture-by-ref. Returns whether it reported (its fix-it then also settles `this`).
  bool checkByRef(const LambdaExpr* L) {
    std::vector<const LambdaCapture*> ByRef;
    for (const LambdaCapture& C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef) ByRef.push_back(&C);
    bool RefDefault = L->getCaptureDefault() == LCD_ByRef;
    if (!RefDefault && ByRef.empty()) return false;

    SourceLocation Loc = RefDefault ? L->getCaptureDefaultLoc() : SourceLocation();
    if (Loc.isInvalid())
      for (const LambdaCapture* C : ByRef)
        if (C->isExplicit()) {
          Loc = ampersandBefore(L, C->getLocation());
          if (Loc.isInvalid()) Loc = C->getLocation();
          break;
        }
    if (Loc.isInvalid()) Loc = L->getBeginLoc();
    Loc = SM.getExpansionLoc(Loc);

    // The elements of a captured pack share their name and place: name and note each once.
    std::vector<std::string> Names;
    std::vector<const LambdaCapture*> Noted;
    for (const LambdaCapture* C : ByRef) {
      std::string Name = C->getCapturedVar()->getName().str();
      if (llvm::is_contained(Names, Name)) continue;
      Names.push_back(Name);
      Noted.push_back(C);
    }
    std::string Msg = "lambda of kernel '" + Kernel + "' ";
    if (Names.empty())
      Msg += "has the by-reference capture default '&': a kernel's lambda is copied to the device, "
             "where references to host variables are invalid; capture by value";
    else
      Msg += "captures " + quotedList(Names) +
             " by reference: its copy on the device would refer to host memory; capture by value";
    {
      auto D = Report.report(diag::CheckId::CaptureByRef, Loc, Msg);
      D << SourceRange(SM.getExpansionRange(L->getIntroducerRange()).getAsRange());
      if (auto Text = byValueIntroducer(L))
        D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(L->getIntroducerRange()), *Text);
    }  // emitted here, before its notes
    for (const LambdaCapture* C : Noted)
      Report.note(SM.getExpansionLoc(C->getLocation()),
                  "'" + C->getCapturedVar()->getName().str() + "' captured by reference here");
    return true;
  }

  /// hpar-capture-this.
  void checkThis(const LambdaExpr* L, bool ByRefFixed) {
    const LambdaCapture* This = nullptr;
    for (const LambdaCapture& C : L->captures())
      if (C.capturesThis() && C.getCaptureKind() == LCK_This) This = &C;
    if (!This) return;

    FirstMemberUse Use;
    Use.TraverseStmt(L->getBody());
    std::string Class = "the class";
    if (const CXXRecordDecl* RD = L->getLambdaClass())
      for (const DeclContext* DC = RD->getParent(); DC; DC = DC->getParent())
        if (const auto* M = dyn_cast<CXXMethodDecl>(DC); M && !M->getParent()->isLambda()) {
          Class = "'" + M->getParent()->getNameAsString() + "'";
          break;
        }

    SourceLocation Loc = This->isExplicit() ? This->getLocation() : L->getCaptureDefaultLoc();
    if (Loc.isInvalid()) Loc = L->getBeginLoc();
    std::string Msg = "lambda of kernel '" + Kernel + "' ";
    Msg += Use.Found ? "uses members of " + Class + " through the captured 'this' pointer"
                     : "captures the 'this' pointer of " + Class;
    Msg += ", a host address on the device; capture the object by value with '[=, *this]' "
           "(HPAR_CLASS_LAMBDA, KOKKOS_CLASS_LAMBDA)";
    {
      auto D = Report.report(diag::CheckId::CaptureThis, SM.getExpansionLoc(Loc), Msg);
      D << SourceRange(SM.getExpansionRange(L->getIntroducerRange()).getAsRange());
      // After a by-reference report, its fix-it already captures `*this`.
      if (!ByRefFixed)
        if (std::optional<FixItHint> Fix = thisFix(L, This)) D << *Fix;
    }
    if (Use.Found) {
      const ValueDecl* Member = Use.Found->getMemberDecl();
      Report.note(SM.getExpansionLoc(Use.Found->getExprLoc()),
                  "member '" + Member->getNameAsString() + "' used through 'this' here");
    }
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

  /// hpar-mutable-lambda.
  /// A generic lambda (an `auto` parameter) as a kernel's functor: nvcc refuses it ("extended
  /// lambdas cannot be generic lambdas"), in the CUDA output as with Kokkos; reported at the
  /// first `auto` parameter. Nested closures may stay generic: they are not extended lambdas.
  void checkGeneric(const LambdaExpr* L) {
    if (!L->isGenericLambda()) return;
    const ParmVarDecl* Auto = nullptr;
    for (const ParmVarDecl* P : L->getCallOperator()->parameters())
      if (P->getType()->getContainedAutoType() || P->getType()->isTemplateTypeParmType() ||
          P->getType().getNonReferenceType()->isTemplateTypeParmType()) {
        Auto = P;
        break;
      }
    SourceLocation Loc = SM.getExpansionLoc(Auto ? Auto->getLocation() : L->getBeginLoc());
    std::string Name = Auto && Auto->getIdentifier() ? " '" + Auto->getName().str() + "'" : "";
    Report.report(diag::CheckId::GenericLambda, Loc,
                  "lambda of kernel '" + Kernel + "' is generic (its parameter" + Name +
                      " is declared 'auto'): nvcc cannot compile a generic extended lambda; "
                      "give the parameter its type (an index type such as 'int', or "
                      "'const Kokkos::TeamPolicy<>::member_type&' for a team)");
  }

  void checkMutable(const LambdaExpr* L) {
    if (!L->isMutable()) return;
    std::optional<SourceLocation> Mutable;
    std::optional<SourceLocation> AfterMutable;
    // `mutable` follows the parameter list; look for it between `)` and the body.
    if (TypeSourceInfo* TSI = L->getCallOperator()->getTypeSourceInfo())
      if (auto FTL = TSI->getTypeLoc().IgnoreParens().getAs<FunctionTypeLoc>()) {
        SourceLocation RParen = FTL.getRParenLoc();
        SourceLocation BodyBegin = L->getBody()->getBeginLoc();
        if (RParen.isFileID() && BodyBegin.isFileID())
          for (std::optional<Token> T = nextToken(RParen);
               T && SM.isBeforeInTranslationUnit(T->getLocation(), BodyBegin); T = nextToken(T->getLocation())) {
            // findNextToken lexes raw: keywords come back as raw identifiers.
            if (T->is(tok::raw_identifier) && T->getRawIdentifier() == "mutable") {
              Mutable = T->getLocation();
              if (std::optional<Token> N = nextToken(T->getLocation())) AfterMutable = N->getLocation();
              break;
            }
          }
      }
    SourceLocation Loc = Mutable ? *Mutable : SM.getExpansionLoc(L->getBeginLoc());
    auto D = Report.report(diag::CheckId::MutableLambda, Loc,
                           "lambda of kernel '" + Kernel +
                               "' is 'mutable': every device thread would change its own copy "
                               "of the captures; remove 'mutable' and keep changing state in a View");
    if (Mutable) {
      D << SourceRange(*Mutable, *Mutable);
      D << FixItHint::CreateRemoval(
          AfterMutable ? CharSourceRange::getCharRange(*Mutable, *AfterMutable)
                       : CharSourceRange::getTokenRange(*Mutable));
    }
  }

  ASTContext& Ctx;
  SourceManager& SM;
  const ir::TranslationUnit& TU;
  diag::Reporter& Report;
  const ir::Target& Target;
  std::string Kernel;
  llvm::SmallPtrSet<const LambdaExpr*, 8> Checked;
};

}  // namespace

void checkCaptures(CheckContext& C) {
  CaptureChecker K(C);
  for (const auto& Site : C.sites)
    if (!C.tu.kernels[Site.kernel].onHost && !C.tu.kernels[Site.kernel].onHostThreads)
      K.checkSite(Site);  // the host may capture anything
}

}  // namespace checks
}  // namespace hpar
