#include "analysis/NestTree.h"
#include "analysis/DispatchFinder.h"
#include "analysis/PolicyTrace.h"
#include "analysis/TeamCode.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// Walks bodies, appending each nested construct it meets to the list on top of its stack; a
/// construct's closure is walked with the construct's own list on top. A lambda runs where it is
/// run: as a construct's closure (written in place or stored in a variable first), or where it is
/// called. A lambda that is neither in the walked code (one handed to a function of another file)
/// is walked where it is written, once the code around it has been walked.
class NestWalker : public RecursiveASTVisitor<NestWalker> {
public:
  NestWalker(const ASTContext& Ctx, const AnalysedFile& File,
             std::vector<ir::NestedConstruct>& Top)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), File(File), Lists{&Top}, Pending(1) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  /// A lambda met where it is written: kept until its level is done (flush).
  bool TraverseLambdaExpr(LambdaExpr* L) {
    Pending.back().push_back(L);
    return true;
  }

  /// A call of the user's function, member or lambda (`row(i)`) walks what it runs, here.
  bool TraverseCXXOperatorCallExpr(CXXOperatorCallExpr* Call) {
    enterCallee(Call);
    return RecursiveASTVisitor::TraverseCXXOperatorCallExpr(Call);
  }
  bool TraverseCXXMemberCallExpr(CXXMemberCallExpr* Call) {
    enterCallee(Call);
    return RecursiveASTVisitor::TraverseCXXMemberCallExpr(Call);
  }

  bool TraverseCallExpr(CallExpr* Call) {
    std::optional<NestedPattern> P = nestedPatternOf(Call);
    if (!P) {
      enterCallee(Call);
      return RecursiveASTVisitor::TraverseCallExpr(Call);
    }
    ir::NestedConstruct N;
    N.kind = irKind(*P);
    N.level = irLevel(*P);
    N.md = P->range.md;
    N.rank = P->range.md ? P->range.rank : 1;
    N.line = SM.getExpansionLineNumber(Call->getBeginLoc());
    if (!P->isSingle()) N.extents = constantExtents(Call->getArg(0), *P, Ctx);
    std::vector<ir::NestedConstruct>& List = *Lists.back();
    List.push_back(std::move(N));
    // The range's extents and the results are walked at this level, the closure one deeper.
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (Call->getArg(I) != P->closure) TraverseStmt(const_cast<Expr*>(Call->getArg(I)));
    Lists.push_back(&List.back().inner);
    Pending.emplace_back();
    runClosure(callOperatorsOf(P->closure));
    flush();
    Pending.pop_back();
    Lists.pop_back();
    return true;
  }

  void walk(const FunctionDecl* F) {
    if (F && F->getBody() && Walked.insert(F).second) TraverseStmt(F->getBody());
  }

  /// Walks the lambdas met at the current level that nothing ran, where they are written.
  void flush() {
    while (!Pending.back().empty()) {
      const LambdaExpr* L = Pending.back().back();
      Pending.back().pop_back();
      if (!Ran.count(L->getLambdaClass())) runClosure(instancesOf(L->getCallOperator()));
    }
  }

private:
  void enterCallee(const CallExpr* Call) {
    const FunctionDecl* F = userCallee(Call, File);
    if (!F) return;
    if (const auto* M = dyn_cast<CXXMethodDecl>(F); M && M->getParent()->isLambda())
      runClosure({F});  // a lambda runs where it is called
    else if (Walked.insert(F).second)
      TraverseStmt(F->getBody());
  }

  /// Walks a closure's call operators at the current level: a generic or templated one in its
  /// first instantiation (where its calls are resolved), each other overload once. A closure
  /// already being walked (a recursion) is not entered again.
  void runClosure(const std::vector<const FunctionDecl*>& Operators) {
    if (Operators.empty()) return;
    const CXXRecordDecl* Class = cast<CXXMethodDecl>(Operators.front())->getParent();
    Ran.insert(Class);
    if (!Running.insert(Class).second) return;
    bool TemplateDone = false;
    for (const FunctionDecl* F : Operators) {
      const bool Instance = F->getPrimaryTemplate() != nullptr;
      if (Instance && TemplateDone) continue;
      TemplateDone |= Instance;
      if (F->getBody()) TraverseStmt(F->getBody());
    }
    Running.erase(Class);
  }

  const ASTContext& Ctx;
  const SourceManager& SM;
  const AnalysedFile& File;
  std::vector<std::vector<ir::NestedConstruct>*> Lists;
  std::vector<std::vector<const LambdaExpr*>> Pending;  // per level, lambdas met where written
  llvm::DenseSet<const FunctionDecl*> Walked;
  llvm::DenseSet<const CXXRecordDecl*> Ran, Running;
};

}  // namespace

/// The IR level of a recognised nested pattern.
ir::NestedConstruct::Level irLevel(const NestedPattern& P) {
  using L = ir::NestedConstruct::Level;
  if (P.single == NestedPattern::Single::PerTeam) return L::PerTeam;
  if (P.single == NestedPattern::Single::PerThread) return L::PerThread;
  switch (P.range.level) {
  case NestedLevel::Vector: return L::Vector;
  case NestedLevel::TeamVector: return L::TeamVector;
  default: return L::Thread;
  }
}

ir::NestedConstruct::Kind irKind(const NestedPattern& P) {
  using K = ir::NestedConstruct::Kind;
  if (P.isSingle()) return K::Single;
  if (P.pattern == "parallel_reduce") return K::Reduce;
  if (P.pattern == "parallel_scan") return K::Scan;
  return K::For;
}

std::vector<long long> constantExtents(const Expr* Range, const NestedPattern& P,
                                       const ASTContext& Ctx) {
  const Expr* E = strip(Range);
  while (const auto* F = dyn_cast_or_null<CXXFunctionalCastExpr>(E)) E = strip(F->getSubExpr());
  std::vector<const Expr*> Args;
  if (const auto* Call = dyn_cast_or_null<CallExpr>(E))
    Args.assign(Call->arg_begin(), Call->arg_end());
  else if (const auto* Construct = dyn_cast_or_null<CXXConstructExpr>(E))
    Args.assign(Construct->arg_begin(), Construct->arg_end());
  // The first argument is the team member; the rest are the extents, or one range's bounds.
  if (P.range.md) {
    if (Args.size() != size_t(P.range.rank) + 1) return {};
    std::vector<long long> Extents;
    for (size_t I = 1; I < Args.size(); ++I)
      Extents.push_back(signedConstant(Args[I], Ctx).value_or(-1));
    return Extents;
  }
  if (Args.size() == 2) return {signedConstant(Args[1], Ctx).value_or(-1)};
  if (Args.size() == 3) {
    std::optional<int64_t> Begin = signedConstant(Args[1], Ctx), End = signedConstant(Args[2], Ctx);
    if (!Begin || !End) return {-1};
    return {*End > *Begin ? *End - *Begin : 0};
  }
  return {};
}

void buildNest(ASTContext& Ctx, const AnalysedFile& File, const DispatchSite& Site,
               ir::Kernel& K) {
  NestWalker W(Ctx, File, K.nest);
  std::vector<const FunctionDecl*> Bodies = functorBodies(Site);
  // A templated operator() has one body per instantiation; the first stands for the others.
  if (!Bodies.empty()) W.walk(Bodies.front());
  for (size_t I = 1; I < Bodies.size(); ++I)
    if (!Bodies[I]->getPrimaryTemplate()) W.walk(Bodies[I]);
  W.flush();
}

}  // namespace analysis
}  // namespace hpar
