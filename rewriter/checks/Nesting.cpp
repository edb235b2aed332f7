// Rule family "nesting": where a nested pattern may run.
//
//   hpar-illegal-nesting      a nested range inside the closure of a nested pattern that already
//                             splits its level: TeamThreadRange / TeamVectorRange (or their MDRange
//                             forms) inside any nested range's closure; ThreadVectorRange (or its
//                             MDRange form) inside a ThreadVectorRange or TeamVectorRange closure
//   hpar-nested-outside-team  a nested pattern that no TeamPolicy functor runs: in the functor of a
//                             RangePolicy or MDRangePolicy dispatch or a function it calls, or in
//                             host code
//
// hpar-nested-dispatch and hpar-scan-policy belong to this family too but are reported by analysis
// (analysis/DispatchFinder.cpp), which does not record such a dispatch as a kernel.
//
// The walk starts at each functor's entry points and follows what runs there. Of a class functor
// only the members the dispatch runs are entry points (analysis::calledMembers): the operator()
// overload its work tag and pattern select, so a TeamPolicy overload of a functor that a
// RangePolicy dispatches under another tag is not range code. From there it follows direct calls of
// functions of the main file (free functions, members, lambdas, template instantiations) and, for
// team functors, the closures of nested patterns, one enclosing pattern deeper. A lambda merely
// written in a team functor runs only where it is called or passed to a nested pattern.
// single(PerTeam) and single(PerThread) closures are the collectives family's concern
// (Collectives.cpp): a nested range inside one is reported there as divergent.
//
// Host code: a function of the main file that no kernel reaches is host code when it takes no team
// member (main, a function building data, ...) or when host code calls it. A helper taking a team
// member that nothing calls is neither: it may be meant for a functor of another file.
#include "checks/TeamWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <set>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

class NestingChecker : TeamWalk {
public:
  explicit NestingChecker(CheckContext& C) : TeamWalk(C) {}

  void run() {
    for (const analysis::DispatchSite& S : C.instances) {
      Site = &S;
      Kernel = &C.tu.kernels[S.kernel];
      for (const FunctionDecl* F : analysis::functorBodies(S)) {
        std::vector<analysis::NestedPattern> Frames;
        if (Kernel->policy == ir::PolicyKind::Team) walkTeam(F, Frames);
        else walkFlat(F);
      }
    }
    checkHost();
  }

private:
  // ---- team functors: the level of each nested range against the enclosing closures ----

  void walkTeam(const FunctionDecl* F, std::vector<analysis::NestedPattern>& Frames) {
    if (!enter(F)) return;
    std::string Key;
    for (const analysis::NestedPattern& P : Frames) Key += char('0' + int(P.range.level));
    if (TeamWalked.insert({F->getCanonicalDecl(), Key}).second) walkTeamStmt(F->getBody(), Frames);
    leave();
  }

  void walkTeamStmt(const Stmt* S, std::vector<analysis::NestedPattern>& Frames) {
    if (!S || isa<LambdaExpr>(S)) return;  // a lambda runs where it is called
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      // A dispatch inside a host kernel's functor is a kernel of its own, walked as its own.
      if (analysis::isDispatchCall(Call)) return;
      if (auto P = analysis::nestedPatternOf(Call)) {
        if (!P->isSingle() && reportedIllegal(*P, Frames)) return;
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          if (I != 1) walkTeamStmt(Call->getArg(I), Frames);
        if (!P->isSingle()) Frames.push_back(*P);
        for (const FunctionDecl* Body : analysis::callOperatorsOf(P->closure)) walkTeam(Body, Frames);
        if (!P->isSingle()) Frames.pop_back();
        return;
      }
      if (const FunctionDecl* Callee = analysis::userCallee(Call, SM, C.paths)) {
        for (const Stmt* Child : S->children()) walkTeamStmt(Child, Frames);
        Chain.push_back({Call, Callee});
        walkTeam(Callee, Frames);
        Chain.pop_back();
        return;
      }
    }
    for (const Stmt* Child : S->children()) walkTeamStmt(Child, Frames);
  }

  /// Reports P when an enclosing closure already splits P's level; returns whether it did.
  bool reportedIllegal(const analysis::NestedPattern& P, const std::vector<analysis::NestedPattern>& Frames) {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      const analysis::NestedPattern& Outer = *It;
      bool Illegal = P.teamLevel() || (P.range.level == analysis::NestedLevel::Vector && Outer.splitsLanes());
      if (!Illegal) continue;
      std::string Why =
          P.teamLevel()
              ? P.range.name() + " splits the whole team, so it can only run directly in the team "
                                 "functor, not inside another nested pattern"
              : "the enclosing " + Outer.range.name() + " already splits the vector lanes; " +
                    P.range.name() + " can only run directly in the team functor or inside a " +
                    "TeamThreadRange or TeamThreadMDRange closure";
      const Expr* Range = P.call->getArg(0);
      if (!report(diag::CheckId::IllegalNesting, Range->getBeginLoc(), Range->getSourceRange(),
                  P.describe() + " inside the closure of " + Outer.describe() + " in kernel '" +
                      Kernel->name + "': " + Why))
        return true;
      C.report.note(Outer.call->getBeginLoc(), "enclosing " + Outer.describe() + " here")
          << Outer.call->getCallee()->getSourceRange();
      noteChain();
      return true;
    }
    return false;
  }

  // ---- range and MDRange functors: no nested pattern may run there ----

  void walkFlat(const FunctionDecl* F) {
    if (!enter(F)) return;
    if (FlatWalked.insert(F->getCanonicalDecl()).second) walkFlatStmt(F->getBody());
    leave();
  }

  /// Everything written in a range functor is device code, lambdas included.
  void walkFlatStmt(const Stmt* S) {
    if (!S) return;
    if (const auto* L = dyn_cast<LambdaExpr>(S)) {
      for (const FunctionDecl* Body : analysis::instancesOf(L->getCallOperator())) walkFlat(Body);
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      // A dispatch inside a host kernel's functor is a kernel of its own, walked as its own.
      if (analysis::isDispatchCall(Call)) return;
      if (auto P = analysis::nestedPatternOf(Call)) {
        reportInFlatKernel(*P);
        return;  // what its closure holds is the same mistake
      }
      if (const FunctionDecl* Callee = analysis::userCallee(Call, SM, C.paths)) {
        for (const Stmt* Child : S->children()) walkFlatStmt(Child);
        Chain.push_back({Call, Callee});
        walkFlat(Callee);
        Chain.pop_back();
        return;
      }
    }
    for (const Stmt* Child : S->children()) walkFlatStmt(Child);
  }

  void reportInFlatKernel(const analysis::NestedPattern& P) {
    const char* Policy = Kernel->policy == ir::PolicyKind::Range ? "RangePolicy" : "MDRangePolicy";
    std::string Where = Chain.empty()
                            ? "inside the functor of kernel '" + Kernel->name + "' (" + Policy + ")"
                            : "in " + analysis::functionName(Chain.back().second) + ", which kernel '" + Kernel->name +
                                  "' (" + Policy + ") calls";
    if (!report(diag::CheckId::NestedOutsideTeam, P.call->getBeginLoc(), P.call->getCallee()->getSourceRange(),
                "nested " + P.describe() + " " + Where +
                    ": nested patterns are only legal inside a TeamPolicy functor"))
      return;
    noteChain();
    C.report.note(Site->call->getBeginLoc(), std::string("kernel '") + Kernel->name +
                                                 "' is dispatched over " +
                                                 (Kernel->policy == ir::PolicyKind::Range ? "a " : "an ") +
                                                 Policy + " here; nested patterns need a TeamPolicy")
        << Site->call->getCallee()->getSourceRange();
  }

  // ---- host code ----

  /// What one function of the main file holds: its nested patterns and its calls of the user's
  /// functions.
  struct FunctionFacts {
    std::vector<analysis::NestedPattern> patterns;
    std::vector<std::pair<const FunctionDecl*, const CallExpr*>> calls;
  };

  /// Collects the functions of the main file with a resolved body (instantiations included).
  class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
  public:
    FunctionCollector(const SourceManager& SM, const frontend::SearchPaths& Paths)
        : SM(SM), Paths(Paths) {}
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl* F) {
      if (!F->doesThisDeclarationHaveABody() || F->isDependentContext() || F->isImplicit()) return true;
      SourceLocation Loc = SM.getExpansionLoc(F->getLocation());
      if (Loc.isValid() && SM.isWrittenInMainFile(Loc) && !frontend::isLibraryLocation(SM, Paths, Loc))
        Found.push_back(F);
      return true;
    }
    std::vector<const FunctionDecl*> Found;

  private:
    const SourceManager& SM;
    const frontend::SearchPaths& Paths;
  };

  void scanHostStmt(const Stmt* S, FunctionFacts& Facts, std::vector<const FunctionDecl*>& Queue) {
    if (!S) return;
    if (const auto* L = dyn_cast<LambdaExpr>(S)) {
      for (const FunctionDecl* Body : analysis::instancesOf(L->getCallOperator())) Queue.push_back(Body);
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      if (auto P = analysis::nestedPatternOf(Call)) Facts.patterns.push_back(*P);
      else if (const FunctionDecl* Callee = analysis::userCallee(Call, SM, C.paths)) {
        Facts.calls.push_back({Callee->getCanonicalDecl(), Call});
        Queue.push_back(Callee);
      }
    }
    for (const Stmt* Child : S->children()) scanHostStmt(Child, Facts, Queue);
  }

  /// Reports the nested patterns of functions no kernel reaches that run on the host: those
  /// taking no team member (roots), and those host code calls.
  void checkHost() {
    FunctionCollector Collector(SM, C.paths);
    for (Decl* D : C.ast.getTranslationUnitDecl()->noload_decls())  // the main file's
      if (D->getBeginLoc().isValid() && SM.isWrittenInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
        Collector.TraverseDecl(D);
    std::vector<const FunctionDecl*> Queue = std::move(Collector.Found);
    llvm::DenseMap<const FunctionDecl*, FunctionFacts> Facts;
    llvm::DenseMap<const FunctionDecl*, const FunctionDecl*> Definitions;
    std::vector<const FunctionDecl*> Order;
    while (!Queue.empty()) {
      const FunctionDecl* F = Queue.back();
      Queue.pop_back();
      if (!F || !F->getBody()) continue;
      const FunctionDecl* Key = F->getCanonicalDecl();
      if (Definitions.count(Key)) continue;
      Definitions[Key] = F;
      Order.push_back(Key);
      FunctionFacts Scanned;
      scanHostStmt(F->getBody(), Scanned, Queue);
      Facts[Key] = std::move(Scanned);
    }
    // Reported in the order of the file.
    std::stable_sort(Order.begin(), Order.end(), [&](const FunctionDecl* A, const FunctionDecl* B) {
      return SM.isBeforeInTranslationUnit(Definitions[A]->getBeginLoc(), Definitions[B]->getBeginLoc());
    });
    // Host functions, each with the call that first reached it from host code (null for roots).
    llvm::DenseMap<const FunctionDecl*, std::pair<const CallExpr*, const FunctionDecl*>> Host;
    std::vector<const FunctionDecl*> Work;
    for (const FunctionDecl* F : Order)
      if (!Device.count(sourceOf(F)) && isHostRoot(Definitions[F])) {
        Host[F] = {nullptr, nullptr};
        Work.push_back(F);
      }
    while (!Work.empty()) {
      const FunctionDecl* F = Work.back();
      Work.pop_back();
      for (const auto& [Callee, Call] : Facts[F].calls)
        if (!Device.count(sourceOf(Callee)) && !Host.count(Callee)) {
          Host[Callee] = {Call, F};
          Work.push_back(Callee);
        }
    }
    for (const FunctionDecl* F : Order) {
      auto It = Host.find(F);
      if (It == Host.end()) continue;
      const FunctionDecl* Def = Definitions[F];
      for (const analysis::NestedPattern& P : Facts[F].patterns) {
        std::string Where = It->second.first ? "which is called from host code" : "which runs on the host";
        if (!report(diag::CheckId::NestedOutsideTeam, P.call->getBeginLoc(), P.call->getCallee()->getSourceRange(),
                    "nested " + P.describe() + " in " + analysis::functionName(Def) + ", " + Where +
                        ": nested patterns are only legal inside a TeamPolicy functor"))
          continue;
        // The host calls down to F, outermost last.
        for (const FunctionDecl* G = F; Host.lookup(G).first; G = Host.lookup(G).second) {
          auto [Call, Caller] = Host.lookup(G);
          C.report.note(Call->getBeginLoc(), analysis::functionName(Definitions.lookup(G)) +
                                                 " is called here, from host code in " +
                                                 analysis::functionName(Definitions.lookup(Caller)))
              << Call->getSourceRange();
        }
      }
    }
  }

  /// Whether a function no kernel reaches is host code by itself: anything but a lambda and a
  /// function taking a team member (a helper for functors, which host code may still call).
  static bool isHostRoot(const FunctionDecl* F) {
    if (!F || analysis::isLambdaBody(F)) return false;
    for (const ParmVarDecl* P : F->parameters())
      if (analysis::isTeamMember(P->getType())) return false;
    return true;
  }

  // ---- shared ----

  /// The function as written: a template's instantiations (and the lambdas in them) are one.
  static const FunctionDecl* sourceOf(const FunctionDecl* F) {
    const FunctionDecl* Pattern = F->getTemplateInstantiationPattern();
    return (Pattern ? Pattern : F)->getCanonicalDecl();
  }

  /// Starts walking F; false when it has no body, is already being walked (recursion) or the
  /// call chain is too deep.
  bool enter(const FunctionDecl* F) {
    if (!F || !F->getBody() || Active.size() >= MaxCallDepth) return false;
    for (const FunctionDecl* A : Active)
      if (A->getCanonicalDecl() == F->getCanonicalDecl()) return false;
    Device.insert(sourceOf(F));
    Active.push_back(F);
    return true;
  }
  void leave() { Active.pop_back(); }

  const analysis::DispatchSite* Site = nullptr;
  const ir::Kernel* Kernel = nullptr;
  std::vector<const FunctionDecl*> Active;  // the functions being walked, outermost first
  llvm::DenseSet<const FunctionDecl*> Device;  // every function a kernel runs (sourceOf)
  std::set<std::pair<const FunctionDecl*, std::string>> TeamWalked;
  llvm::DenseSet<const FunctionDecl*> FlatWalked;
};

}  // namespace

void checkNesting(CheckContext& C) { NestingChecker(C).run(); }

}  // namespace checks
}  // namespace hpar
