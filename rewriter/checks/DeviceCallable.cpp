// Rule family "device-callable": everything a kernel calls must be able to run on the device.
//
//   hpar-device-not-visible   a called function has no visible definition
//   hpar-device-header        a called function is defined in a user header without
//                             HPAR_INLINE_FUNCTION / HPAR_FUNCTION (hpar rewrites only the main file)
//   hpar-device-virtual       a called function is virtual
//   hpar-device-exception     a called function (or the functor) throws
//   hpar-device-lambda-macro  a lambda functor comes from a macro other than HPAR_LAMBDA
//
// Functions defined in the main file are recorded in the IR to be made device-callable by the
// backend (CUDA: __host__ __device__; OpenMP: declare target).
#include "checks/Checks.h"
#include "analysis/Annotations.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hpar {
namespace checks {
namespace {

/// A function reached from a kernel, with the call that first reached it.
struct Reached {
  const FunctionDecl* fn;
  SourceLocation callSite;
};

/// Collects the functions a body calls directly, and the throw expressions in it.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCallExpr(CallExpr* C) {
    if (const FunctionDecl* F = C->getDirectCallee()) Calls.push_back({F, C->getBeginLoc()});
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr* C) {
    Calls.push_back({C->getConstructor(), C->getBeginLoc()});
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr* T) {
    Throws.push_back(T->getBeginLoc());
    return true;
  }
  std::vector<Reached> Calls;
  std::vector<SourceLocation> Throws;
};

class Checker {
public:
  explicit Checker(CheckContext& C)
      : Ctx(C.ast), SM(C.ast.getSourceManager()), Paths(C.paths), TU(C.tu), Report(C.report) {}

  void checkSite(const analysis::DispatchSite& Site) {
    const ir::Kernel& K = TU.kernels[Site.kernel];
    Kernel = &K;
    if (const LambdaExpr* L = analysis::lambdaOf(Site.functor)) {
      checkLambda(L);
      walk(L->getBody());
      return;
    }
    const CXXRecordDecl* RD =
        Site.functor->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition()) return;
    for (const CXXMethodDecl* M : RD->getDefinition()->methods()) {
      bool Entry = M->getOverloadedOperator() == OO_Call ||
                   (M->getDeclName().isIdentifier() &&
                    (M->getName() == "init" || M->getName() == "join" || M->getName() == "final"));
      if (Entry) reach({M, Site.call->getBeginLoc()});
    }
    // Templated operator() (generic functors) are reached through their pattern.
    for (const Decl* D : RD->getDefinition()->decls())
      if (const auto* FT = dyn_cast<FunctionTemplateDecl>(D))
        if (FT->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
          reach({FT->getTemplatedDecl(), Site.call->getBeginLoc()});
  }

private:
  void error(CheckId Check, SourceLocation Loc, const std::string& Msg) { Report.report(Check, Loc, Msg); }
  void note(SourceLocation Loc, const std::string& Msg) { Report.note(Loc, Msg); }

  /// A lambda functor needs a device execution space on CUDA unless HPAR_LAMBDA gave it one.
  void checkLambda(const LambdaExpr* L) {
    SourceLocation Bracket = L->getIntroducerRange().getEnd();
    if (Bracket.isMacroID()) {
      llvm::StringRef Macro = Lexer::getImmediateMacroName(Bracket, SM, Ctx.getLangOpts());
      if (Macro != "HPAR_LAMBDA" && Macro != "KOKKOS_LAMBDA" && Macro != "KOKKOS_CLASS_LAMBDA")
        error(CheckId::DeviceLambdaMacro, L->getBeginLoc(), "lambda of kernel '" + Kernel->name + "' comes from macro '" +
                                    Macro.str() + "'; write it with HPAR_LAMBDA or plainly");
      return;
    }
    unsigned After = SM.getFileOffset(
        Lexer::getLocForEndOfToken(Bracket, 0, SM, Ctx.getLangOpts()));
    if (MarkedLambdas.insert(After).second) TU.plainLambdas.push_back(After);
  }

  /// Checks the calls and throws of one body reached from the kernel.
  void walk(const Stmt* Body) {
    if (!Body) return;
    CallCollector C;
    C.TraverseStmt(const_cast<Stmt*>(Body));
    for (SourceLocation T : C.Throws)
      error(CheckId::DeviceException, T, "'throw' cannot run on the device (reached from kernel '" + Kernel->name + "')");
    for (const Reached& R : C.Calls) reach(R);
  }

  /// Checks one function reached from the kernel and, when it is the user's, walks its body.
  /// Template specializations are walked as instantiated (their calls are resolved there) and
  /// marked where they are written (the pattern).
  void reach(Reached R) {
    const FunctionDecl* Called = R.fn;
    if (!Called || Called->isImplicit() || Called->isDeleted()) return;
    const FunctionDecl* F = Called->getTemplateInstantiationPattern();
    F = (F ? F : Called)->getCanonicalDecl();
    if (frontend::isLibraryLocation(SM, Paths, F->getLocation())) return;  // hpar's API and the standard library
    if (!Visited.insert(Called->getCanonicalDecl()).second) return;
    std::string Name = F->getQualifiedNameAsString();
    const FunctionDecl* Body = Called->getDefinition();
    const auto* M = dyn_cast<CXXMethodDecl>(F);
    if (M && M->getParent()->isLambda()) {
      // A lambda defined inside device code is device code; check what it calls.
      walk(Body ? Body->getBody() : nullptr);
      return;
    }
    if (M && M->isVirtual()) {
      error(CheckId::DeviceVirtual, R.callSite, "kernel '" + Kernel->name + "' calls virtual function '" + Name +
                            "', which cannot be called on the device");
      return;
    }
    bool Annotated = false;
    for (const FunctionDecl* D : F->redecls())
      if (analysis::ownAnnotation(D) == "hpar::device_callable") Annotated = true;
    const FunctionDecl* Def = F->getDefinition();
    if (!Def) {
      error(CheckId::DeviceNotVisible, R.callSite, "kernel '" + Kernel->name + "' calls '" + Name +
                            "', whose definition is not visible in this file, so it cannot be "
                            "compiled for the device");
      note(F->getLocation(), "'" + Name + "' declared here");
      return;
    }
    bool InMain = SM.isWrittenInMainFile(SM.getExpansionLoc(Def->getLocation()));
    if (!InMain && !Annotated) {
      error(CheckId::DeviceHeader, R.callSite, "kernel '" + Kernel->name + "' calls '" + Name +
                            "', which is defined in another file without HPAR_INLINE_FUNCTION "
                            "or HPAR_FUNCTION");
      note(Def->getLocation(), "'" + Name + "' defined here");
      return;
    }
    if (InMain && !Annotated && Marked.insert(F).second) mark(F, Def);
    walk((Body ? Body : Def)->getBody());
  }

  /// Records the declarations of a main-file function that the backend must mark.
  void mark(const FunctionDecl* F, const FunctionDecl* Def) {
    bool Member = isa<CXXMethodDecl>(F);
    for (const FunctionDecl* D : F->redecls()) {
      SourceLocation Begin = SM.getExpansionLoc(D->getInnerLocStart());
      if (!SM.isWrittenInMainFile(Begin)) {
        error(CheckId::DeviceHeader, D->getLocation(), "'" + F->getQualifiedNameAsString() +
                                    "' is called from kernel '" + Kernel->name +
                                    "' but declared in another file; mark it HPAR_FUNCTION");
        continue;
      }
      ir::TranslationUnit::DeviceFunction DF;
      DF.declBegin = SM.getFileOffset(Begin);
      DF.isMember = Member || !D->getDeclContext()->getRedeclContext()->isFileContext();
      DF.isDefinition = D == Def;
      if (DF.isDefinition) {
        DF.defBegin = SM.getFileOffset(SM.getExpansionLoc(D->getOuterLocStart()));
        if (const auto* FT = D->getDescribedFunctionTemplate())
          DF.defBegin = SM.getFileOffset(SM.getExpansionLoc(FT->getBeginLoc()));
        SourceLocation End = SM.getExpansionLoc(D->getEndLoc());
        DF.defEnd = SM.getFileOffset(Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts()));
      }
      TU.deviceFunctions.push_back(DF);
    }
  }

  ASTContext& Ctx;
  SourceManager& SM;
  const frontend::SearchPaths& Paths;
  ir::TranslationUnit& TU;
  Reporter& Report;
  const ir::Kernel* Kernel = nullptr;
  llvm::DenseSet<const FunctionDecl*> Visited;  // specializations walked
  llvm::DenseSet<const FunctionDecl*> Marked;   // patterns recorded for marking
  llvm::DenseSet<unsigned> MarkedLambdas;
};

}  // namespace

void checkDeviceCallable(CheckContext& C) {
  Checker K(C);
  for (const auto& Site : C.sites) K.checkSite(Site);
}

}  // namespace checks
}  // namespace hpar
