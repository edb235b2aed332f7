// Following a TeamPolicy to what it is built from, for the policies family (Policies.cpp): the
// construction that gives its team size and vector length, the local variable that holds it, and
// the set_scratch_size calls made on it, through set_* chains and a local variable of the
// function that declares it. A policy that reaches the dispatch any other way (a parameter, a
// function's result, a variable changed through a non-const reference) is incomplete, and only
// what is certain is judged. Sizes are read as constants (Expr::EvaluateAsInt) or not at all.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace hpar {
namespace analysis {

/// A constant as a signed number (team sizes, vector lengths, levels).
std::optional<int64_t> signedConstant(const clang::Expr* E, const clang::ASTContext& Ctx);

/// The class annotation of an expression's type ("hpar::policy::team", ...), or "" (also when the
/// type is dependent).
llvm::StringRef typeAnnotation(const clang::Expr* E);

/// The name of the TeamPolicy method a call calls ("set_scratch_size", ...), or "".
llvm::StringRef teamPolicyMethod(const clang::CXXMemberCallExpr* C);

/// One set_scratch_size(level, PerTeam(bytes), PerThread(bytes)) call; each part is known when
/// it is a constant.
struct ScratchRequest {
  std::optional<int64_t> level;
  bool hasTeam = false, hasThread = false;
  std::optional<uint64_t> teamBytes, threadBytes;

  /// Whether it may ask for bytes at its level (a size that is not a constant 0).
  bool asksForBytes() const {
    return (hasTeam && (!teamBytes || *teamBytes > 0)) ||
           (hasThread && (!threadBytes || *threadBytes > 0));
  }
};

/// Reads a set_scratch_size call.
ScratchRequest readRequest(const clang::CXXMemberCallExpr* Call, const clang::ASTContext& Ctx);

/// The sizes a TeamPolicy construction asks for: the team size and the vector length, each with
/// the argument that gives it (null when omitted or AUTO).
struct TeamShape {
  const clang::Expr* teamArg = nullptr;
  const clang::Expr* vectorArg = nullptr;

  /// The team size when it is a positive constant; nothing for AUTO, a size known only at run
  /// time, or one the header refuses at run time (zero or less).
  std::optional<int64_t> teamSize(const clang::ASTContext& Ctx) const;
};

/// Reads the sizes of a TeamPolicy construction.
TeamShape shapeOf(const clang::CXXConstructExpr* C);

/// What a TeamPolicy expression is built from: its construction, the local variable that holds
/// it, and the set_scratch_size calls on it.
struct PolicyBuild {
  const clang::CXXConstructExpr* construction = nullptr;
  const clang::VarDecl* variable = nullptr;
  std::vector<const clang::CXXMemberCallExpr*> scratchCalls;
  /// False when something this check cannot follow may change the policy (a parameter, a
  /// function's result, a non-const reference to the variable, an assignment).
  bool complete = true;

  /// Records a set_scratch_size call on the policy, once.
  void add(const clang::CXXMemberCallExpr* Call) {
    if (std::find(scratchCalls.begin(), scratchCalls.end(), Call) == scratchCalls.end())
      scratchCalls.push_back(Call);
  }
  /// The team size of the construction when it is a positive constant (TeamShape::teamSize).
  std::optional<int64_t> teamSize(const clang::ASTContext& Ctx) const {
    return construction ? shapeOf(construction).teamSize(Ctx) : std::nullopt;
  }
};

/// What a function body does with its local variables (PolicyTrace.cpp).
struct FunctionUses {
  llvm::DenseMap<const clang::VarDecl*, std::vector<const clang::DeclRefExpr*>> uses;
  /// The set_scratch_size calls on each variable (through set_* chains).
  llvm::DenseMap<const clang::VarDecl*, std::vector<const clang::CXXMemberCallExpr*>> scratchCalls;
  llvm::DenseMap<const clang::Stmt*, clang::DynTypedNode> parents;
};

/// Follows a TeamPolicy expression back to where it is built.
class PolicyTracer {
public:
  explicit PolicyTracer(clang::ASTContext& Ctx) : Ctx(Ctx) {}
  ~PolicyTracer();

  /// What Policy is built from.
  PolicyBuild trace(const clang::Expr* Policy);
  /// The construction a policy expression starts from (through set_* chains and a local
  /// variable's initializer), or null.
  const clang::CXXConstructExpr* constructionOf(const clang::Expr* E);

private:
  void traceExpr(const clang::Expr* E, PolicyBuild& B);
  void traceVariable(const clang::VarDecl* V, PolicyBuild& B);
  bool readsOnly(const clang::DeclRefExpr* Use,
                 const llvm::DenseMap<const clang::Stmt*, clang::DynTypedNode>& ParentOf);
  const FunctionUses& usesIn(const clang::FunctionDecl* Fn);

  clang::ASTContext& Ctx;
  llvm::SmallPtrSet<const clang::VarDecl*, 4> Visited;
  llvm::DenseMap<const clang::FunctionDecl*, std::unique_ptr<FunctionUses>> UsesByFunction;
};

}  // namespace analysis
}  // namespace hpar
