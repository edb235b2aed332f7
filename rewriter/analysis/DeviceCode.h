// Family 5's recogniser: what one function of device code does that matters. DeviceCallable.cpp
// walks the call graph from each kernel and reports; DeviceCode.cpp only recognises, in one
// function's definition, the calls to follow and the constructs the device cannot run.
// traverseLambdaBodies is how a walk of device code (this one, the races family's) enters a lambda.
#pragma once

#include "diag/Diagnostics.h"
#include "analysis/TeamCode.h"
#include "frontend/Frontend.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// One thing a function of device code does, in source order: a call to follow, or a construct
/// the device cannot run.
struct DeviceEvent {
  enum Kind { Call, Unsafe } kind = Call;
  clang::SourceLocation loc;
  /// Call: the function called (a constructor for a construction).
  const clang::FunctionDecl* callee = nullptr;
  /// Unsafe: the rule, the range to underline, what the code does ("throws an exception") and
  /// why the device cannot ("device code cannot throw or catch exceptions").
  diag::CheckId check = diag::CheckId::DeviceException;
  clang::SourceRange range;
  std::string what;
  std::string why;
  /// Unsafe, in a default argument or a default member initialiser: where it is used, and the
  /// note that says so.
  clang::SourceLocation usedAt;
  std::string usedNote;
};

/// Traverses a lambda for a RecursiveASTVisitor `visitor` that visits lambda bodies. A generic
/// lambda (`[&](auto i)`: a closure over an MDRange often is one) is traversed through the bodies
/// of its call operator's instantiations (instancesOf), where its calls are resolved and its
/// parameters have types; with `templateForm`, first also as written, through `base`, for what
/// only the template holds (a branch `if constexpr` discards in every instantiation). Any other
/// lambda is traversed through `base`: the visitor's usual traversal of the LambdaExpr.
template <class Visitor, class BaseTraversal>
bool traverseLambdaBodies(Visitor& visitor, clang::LambdaExpr* lambda, bool templateForm,
                          BaseTraversal base) {
  if (!lambda->isGenericLambda()) return base();
  if (templateForm && !base()) return false;
  for (const clang::FunctionDecl* Instance : instancesOf(lambda->getCallOperator()))
    if (clang::Stmt* Body = Instance->getBody(); Body && !visitor.TraverseStmt(Body)) return false;
  return true;
}

/// The calls and device-unsafe constructs of `fn`'s definition: its body and, for a constructor,
/// its member initialisers (an unwritten one is placed at its member), with the bodies of
/// lambdas (a generic one as written and in each instantiation: traverseLambdaBodies) and local
/// classes written inside it, and default arguments and default member initialisers it uses.
/// An event found more than once (in the template form of a generic lambda and in its
/// instantiations) is listed once. Unevaluated operands (sizeof, decltype, noexcept, a typeid of a
/// non-polymorphic operand) and static_asserts are skipped; discarded `if constexpr` branches are
/// not (nvcc rejects a `throw` there too).
std::vector<DeviceEvent> scanDeviceCode(const clang::FunctionDecl* fn, clang::ASTContext& ast,
                                        const frontend::SearchPaths& paths);

/// True when `type` (or its array element type) is a standard container or string: vector,
/// deque, list, forward_list, (multi)map, (multi)set, the unordered ones, basic_string, the
/// container adaptors, valarray.
bool isStdContainer(clang::QualType type, const clang::ASTContext& ast);

}  // namespace analysis
}  // namespace hpar
