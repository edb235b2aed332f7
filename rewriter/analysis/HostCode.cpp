#include "analysis/HostCode.h"
#include "analysis/ExecWalk.h"
#include "analysis/TeamCode.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include <algorithm>

using namespace clang;

namespace hpar {
namespace analysis {
namespace {

/// What one function of the analysed file holds: its nested patterns and its calls of the user's
/// functions.
struct FunctionFacts {
  std::vector<NestedPattern> patterns;
  std::vector<std::pair<const FunctionDecl*, const CallExpr*>> calls;
};

/// Collects the functions of the analysed file with a resolved body (instantiations included).
class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  explicit FunctionCollector(const AnalysedFile& File) : File(File) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl* F) {
    if (!F->doesThisDeclarationHaveABody() || F->isDependentContext() || F->isImplicit()) return true;
    if (File.isUserCode(F->getLocation())) Found.push_back(F);
    return true;
  }
  std::vector<const FunctionDecl*> Found;

private:
  const AnalysedFile& File;
};

void scanHostStmt(const Stmt* S, FunctionFacts& Facts, std::vector<const FunctionDecl*>& Queue,
                  const AnalysedFile& File) {
  if (!S) return;
  if (const auto* L = dyn_cast<LambdaExpr>(S)) {
    for (const FunctionDecl* Body : instancesOf(L->getCallOperator())) Queue.push_back(Body);
    return;
  }
  if (const auto* Call = dyn_cast<CallExpr>(S)) {
    if (auto P = nestedPatternOf(Call)) Facts.patterns.push_back(*P);
    else if (const FunctionDecl* Callee = userCallee(Call, File)) {
      Facts.calls.push_back({Callee->getCanonicalDecl(), Call});
      Queue.push_back(Callee);
    }
  }
  for (const Stmt* Child : S->children()) scanHostStmt(Child, Facts, Queue, File);
}

/// Whether a function no kernel reaches is host code by itself: anything but a lambda and a
/// function taking a team member (a helper for functors, which host code may still call).
bool isHostRoot(const FunctionDecl* F) {
  if (!F || isLambdaBody(F)) return false;
  for (const ParmVarDecl* P : F->parameters())
    if (isTeamMember(P->getType())) return false;
  return true;
}

}  // namespace

const FunctionDecl* functionAsWritten(const FunctionDecl* F) {
  const FunctionDecl* Pattern = F->getTemplateInstantiationPattern();
  return (Pattern ? Pattern : F)->getCanonicalDecl();
}

/// The nested patterns of functions no kernel reaches that run on the host: those taking no
/// team member (roots), and those host code calls; in the order of the file.
std::vector<ir::HostConstruct> hostConstructs(ASTContext& Ctx, const AnalysedFile& File,
                                              const llvm::DenseSet<const FunctionDecl*>& Device) {
  const SourceManager& SM = Ctx.getSourceManager();
  FunctionCollector Collector(File);
  for (Decl* D : Ctx.getTranslationUnitDecl()->noload_decls())  // the analysed file's
    if (File.writtenHereExpanded(D->getBeginLoc())) Collector.TraverseDecl(D);
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
    scanHostStmt(F->getBody(), Scanned, Queue, File);
    Facts[Key] = std::move(Scanned);
  }
  std::stable_sort(Order.begin(), Order.end(), [&](const FunctionDecl* A, const FunctionDecl* B) {
    return SM.isBeforeInTranslationUnit(Definitions[A]->getBeginLoc(), Definitions[B]->getBeginLoc());
  });
  // Host functions, each with the call that first reached it from host code (null for roots).
  llvm::DenseMap<const FunctionDecl*, std::pair<const CallExpr*, const FunctionDecl*>> Host;
  std::vector<const FunctionDecl*> Work;
  for (const FunctionDecl* F : Order)
    if (!Device.count(functionAsWritten(F)) && isHostRoot(Definitions[F])) {
      Host[F] = {nullptr, nullptr};
      Work.push_back(F);
    }
  while (!Work.empty()) {
    const FunctionDecl* F = Work.back();
    Work.pop_back();
    for (const auto& [Callee, Call] : Facts[F].calls)
      if (!Device.count(functionAsWritten(Callee)) && !Host.count(Callee)) {
        Host[Callee] = {Call, F};
        Work.push_back(Callee);
      }
  }
  std::vector<ir::HostConstruct> Out;
  for (const FunctionDecl* F : Order) {
    if (!Host.count(F)) continue;
    for (const NestedPattern& P : Facts[F].patterns) {
      ir::HostConstruct H;
      H.construct = execConstruct(P, Ctx);
      H.function = functionName(Definitions[F]);
      // The host calls down to F, innermost first.
      for (const FunctionDecl* G = F; Host.lookup(G).first; G = Host.lookup(G).second) {
        auto [Call, Caller] = Host.lookup(G);
        H.calls.push_back({ir::Spot{Call->getBeginLoc(), Call->getSourceRange()},
                           functionName(Definitions.lookup(G)), functionName(Definitions.lookup(Caller))});
      }
      Out.push_back(std::move(H));
    }
  }
  return Out;
}

}  // namespace analysis
}  // namespace hpar
