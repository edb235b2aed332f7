// Family 5's recogniser (see DeviceCode.h): one pass over a function's definition that lists the
// calls to follow and the constructs the device cannot run, in source order.
//
//   throw, try                  hpar-device-exception
//   new, delete                 hpar-device-new (placement new into given storage is allowed)
//   typeid, dynamic_cast        hpar-device-rtti (nvcc rejects an upcast through dynamic_cast too)
//   static / thread_local local hpar-device-static-local (a const one with a constant
//                               initialiser is allowed: nvcc accepts it and it is read-only)
//   call through a pointer or a reference to a function, or a pointer to member function
//                               hpar-device-function-pointer
//   a standard container or string constructed, or returned by a library function
//                               hpar-device-std-container
#include "analysis/DeviceCode.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprConcepts.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"
#include <set>
#include <tuple>

using namespace clang;

namespace hpar {
namespace analysis {

bool isStdContainer(QualType T, const ASTContext& Ctx) {
  if (T.isNull() || T->isDependentType()) return false;
  const CXXRecordDecl* RD = Ctx.getBaseElementType(T.getNonReferenceType())->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !RD->isInStdNamespace()) return false;
  return llvm::StringSwitch<bool>(RD->getName())
      .Cases("vector", "deque", "list", "forward_list", "basic_string", true)
      .Cases("map", "multimap", "set", "multiset", true)
      .Cases("unordered_map", "unordered_multimap", "unordered_set", "unordered_multiset", true)
      .Cases("stack", "queue", "priority_queue", "valarray", true)
      .Default(false);
}

namespace {

const char* const ExceptionWhy = "device code cannot throw or catch exceptions";
const char* const RttiWhy = "device code has no run-time type information";
const char* const ContainerWhy =
    "standard containers and strings allocate host memory and cannot be used on the device: "
    "use a View, or a fixed-size array";

/// The function a call names, also through `(&f)(...)` and `(*f)(...)`; null for a call through
/// a pointer, a reference or a member pointer.
const FunctionDecl* directCallee(const CallExpr* C) {
  if (const FunctionDecl* F = C->getDirectCallee()) return F;
  // IgnoreParenImpCasts also skips substituted non-type template arguments.
  const Expr* E = C->getCallee() ? C->getCallee()->IgnoreParenImpCasts() : nullptr;
  while (const auto* U = dyn_cast_or_null<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref) break;
    E = U->getSubExpr() ? U->getSubExpr()->IgnoreParenImpCasts() : nullptr;
  }
  if (const auto* D = dyn_cast_or_null<DeclRefExpr>(E)) return dyn_cast<FunctionDecl>(D->getDecl());
  return nullptr;
}

class Scanner : public RecursiveASTVisitor<Scanner> {
  using Base = RecursiveASTVisitor<Scanner>;

public:
  Scanner(ASTContext& Ctx, const frontend::SearchPaths& Paths) : Ctx(Ctx), Paths(Paths) {}

  std::vector<DeviceEvent> Events;

  bool shouldVisitLambdaBody() const { return true; }

  /// A lambda written in the function: a generic one as written and in each instantiation, where
  /// its calls are resolved (traverseLambdaBodies).
  bool TraverseLambdaExpr(LambdaExpr* L) {
    return traverseLambdaBodies(*this, L, /*templateForm=*/true,
                                [&] { return Base::TraverseLambdaExpr(L); });
  }

  // ---- what does not run: unevaluated operands, types, compile-time checks ----
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr*) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr*) { return true; }
  bool TraverseRequiresExpr(RequiresExpr*) { return true; }
  bool TraverseConceptSpecializationExpr(ConceptSpecializationExpr*) { return true; }
  bool TraverseStaticAssertDecl(StaticAssertDecl*) { return true; }
  bool TraverseTypeLoc(TypeLoc) { return true; }  // decltype, array bounds, template arguments

  bool TraverseCXXTypeidExpr(CXXTypeidExpr* E) {
    unsafe(diag::CheckId::DeviceRtti, E->getBeginLoc(), E->getSourceRange(), "uses 'typeid'", RttiWhy);
    if (!E->isTypeOperand() && E->isPotentiallyEvaluated())
      return TraverseStmt(E->getExprOperand());
    return true;
  }

  // ---- what runs although it is written elsewhere: default arguments and initialisers ----
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr* E) {
    if (!isLibrary(E->getParam()->getLocation()))
      traverseUsed(E->getExpr(), E->getUsedLocation(), "default argument used here");
    return true;
  }
  bool TraverseCXXDefaultInitExpr(CXXDefaultInitExpr* E) {
    if (!isLibrary(E->getField()->getLocation()))
      traverseUsed(E->getExpr(), E->getUsedLocation(), "default member initialiser used here");
    return true;
  }
  /// The semantic form of an initialiser list: it holds the constructions and default member
  /// initialisers the written form leaves implicit.
  bool TraverseInitListExpr(InitListExpr* S) {
    InitListExpr* Sem = S->isSemanticForm() ? S : S->getSemanticForm();
    if (!Sem) return Base::TraverseInitListExpr(S);
    for (Stmt* Child : Sem->children())
      if (!TraverseStmt(Child)) return false;
    if (Sem->hasArrayFiller() && !TraverseStmt(Sem->getArrayFiller())) return false;
    return true;
  }

  // ---- calls ----
  bool VisitCallExpr(CallExpr* C) {
    if (const FunctionDecl* F = directCallee(C)) {
      call(F, C->getBeginLoc());
      // A library function that builds a container for the caller (std::to_string).
      if (!isa<CXXMethodDecl>(F) && !isa<CXXOperatorCallExpr>(C) && isLibrary(F->getLocation()) &&
          C->isPRValue() && isStdContainer(C->getType(), Ctx))
        unsafe(diag::CheckId::DeviceStdContainer, C->getBeginLoc(), C->getSourceRange(),
               "calls '" + F->getQualifiedNameAsString() + "', which constructs a '" +
                   typeName(C->getType()) + "'",
               ContainerWhy);
      return true;
    }
    functionPointerCall(C);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr* E) {
    call(E->getConstructor(), E->getBeginLoc());
    if (!E->isElidable() && isStdContainer(E->getType(), Ctx))
      unsafe(diag::CheckId::DeviceStdContainer, E->getBeginLoc(), E->getSourceRange(),
             "constructs a '" + typeName(E->getType()) + "'", ContainerWhy);
    return true;
  }

  // ---- constructs ----
  bool VisitCXXThrowExpr(CXXThrowExpr* E) {
    unsafe(diag::CheckId::DeviceException, E->getBeginLoc(), E->getSourceRange(), "throws an exception",
           ExceptionWhy);
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt* S) {
    unsafe(diag::CheckId::DeviceException, S->getTryLoc(), SourceRange(S->getTryLoc()),
           "has a 'try' block", ExceptionWhy);
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr* E) {
    const FunctionDecl* Op = E->getOperatorNew();
    if (Op ? Op->isReservedGlobalPlacementOperator() : E->getNumPlacementArgs() > 0)
      return true;  // placement new constructs in storage the code already has
    unsafe(diag::CheckId::DeviceNew, E->getBeginLoc(), E->getSourceRange(),
           E->isArray() ? "allocates memory with 'new[]'" : "allocates memory with 'new'",
           "device code cannot allocate memory: allocate a View before the dispatch, or use "
           "scratch memory");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr* E) {
    unsafe(diag::CheckId::DeviceNew, E->getBeginLoc(), E->getSourceRange(),
           E->isArrayForm() ? "frees memory with 'delete[]'" : "frees memory with 'delete'",
           "device code cannot free memory");
    return true;
  }

  // nvcc rejects every dynamic_cast in device code, an upcast too.
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr* E) {
    unsafe(diag::CheckId::DeviceRtti, E->getBeginLoc(), E->getSourceRange(), "uses 'dynamic_cast'",
           RttiWhy);
    return true;
  }

  bool VisitVarDecl(VarDecl* V) {
    if (!V->isStaticLocal() || V->isInvalidDecl()) return true;
    std::string Name = "'" + V->getName().str() + "'";
    SourceRange R = V->getSourceRange();
    if (V->getTLSKind() != VarDecl::TLS_None) {
      unsafe(diag::CheckId::DeviceStaticLocal, V->getLocation(), R,
             "declares thread_local variable " + Name,
             "the device has no thread-local storage");
      return true;
    }
    QualType T = V->getType();
    if (!V->isConstexpr() && !Ctx.getBaseElementType(T).isConstQualified()) {
      unsafe(diag::CheckId::DeviceStaticLocal, V->getLocation(), R,
             "declares static local variable " + Name,
             "device code may only have constant static locals ('static constexpr', or "
             "'static const' with a constant initialiser): every thread would share this one, "
             "apart from the host's copy");
      return true;
    }
    const Expr* Init = V->getInit();
    if (T->isDependentType() || (Init && (Init->isValueDependent() || Init->isTypeDependent())))
      return true;  // decided in each instantiation
    if (!V->hasConstantInitialization())
      unsafe(diag::CheckId::DeviceStaticLocal, V->getLocation(), R,
             "declares static local variable " + Name + " with a dynamic initialiser",
             "the device cannot initialise a static at run time: initialise it with a constant "
             "expression");
    return true;
  }

  /// Member initialisers of a constructor: an unwritten one (a member's or a base's own
  /// constructor) is placed at the member, or at the constructor for a base.
  void traverseInitialisers(const CXXConstructorDecl* Ctor) {
    for (const CXXCtorInitializer* I : Ctor->inits()) {
      if (!I->getInit()) continue;
      size_t First = Events.size();
      TraverseStmt(I->getInit());
      if (I->isWritten() || isa<CXXDefaultInitExpr>(I->getInit())) continue;
      SourceLocation At =
          I->getAnyMember() ? I->getAnyMember()->getLocation() : Ctor->getLocation();
      for (size_t E = First; E < Events.size(); ++E) {
        Events[E].loc = At;
        if (Events[E].kind == DeviceEvent::Unsafe) Events[E].range = SourceRange(At);
      }
    }
  }

private:
  bool isLibrary(SourceLocation Loc) const {
    return frontend::isLibraryLocation(Ctx.getSourceManager(), Paths, Loc);
  }

  std::string typeName(QualType T) const {
    return TypeName::getFullyQualifiedName(T.getNonReferenceType().getLocalUnqualifiedType(), Ctx,
                                           Ctx.getPrintingPolicy());
  }

  /// Traverses an initialiser written away from where it runs; its constructs note the use.
  void traverseUsed(Expr* E, SourceLocation UsedAt, const char* Note) {
    size_t First = Events.size();
    TraverseStmt(E);
    for (size_t I = First; I < Events.size(); ++I)
      if (Events[I].kind == DeviceEvent::Unsafe && Events[I].usedAt.isInvalid()) {
        Events[I].usedAt = UsedAt;
        Events[I].usedNote = Note;
      }
  }

  void call(const FunctionDecl* F, SourceLocation Loc) {
    if (!F) return;
    DeviceEvent E;
    E.kind = DeviceEvent::Call;
    E.loc = Loc;
    E.callee = F;
    Events.push_back(E);
  }

  void unsafe(diag::CheckId Check, SourceLocation Loc, SourceRange Range, std::string What, std::string Why) {
    DeviceEvent E;
    E.kind = DeviceEvent::Unsafe;
    E.check = Check;
    E.loc = Loc;
    E.range = Range;
    E.what = std::move(What);
    E.why = std::move(Why);
    Events.push_back(std::move(E));
  }

  /// A call with no named callee: through a pointer or a reference to a function, or through a
  /// pointer to member function. Calls still dependent in a template pattern are left to the
  /// instantiations.
  void functionPointerCall(const CallExpr* C) {
    const Expr* Callee = C->getCallee();
    if (!Callee || Callee->isTypeDependent() || C->isTypeDependent()) return;
    const Expr* E = Callee->IgnoreParenImpCasts();
    if (isa<CXXPseudoDestructorExpr>(E)) return;
    bool Member = false;
    if (const auto* B = dyn_cast<BinaryOperator>(E); B && B->isPtrMemOp()) {
      Member = true;
      E = B->getRHS() ? B->getRHS()->IgnoreParenImpCasts() : nullptr;
    }
    if (!E) return;
    QualType T = E->getType();
    if (!Member && !T->isFunctionPointerType() && !T->isFunctionType() &&
        !T->isFunctionReferenceType())
      return;
    if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr() ? U->getSubExpr()->IgnoreParenImpCasts() : nullptr;
    const ValueDecl* Named = nullptr;
    if (const auto* D = dyn_cast_or_null<DeclRefExpr>(E)) Named = D->getDecl();
    else if (const auto* M = dyn_cast_or_null<MemberExpr>(E)) Named = M->getMemberDecl();
    std::string Kind = Member ? "member function pointer"
                       : Named && Named->getType()->isReferenceType() ? "function reference"
                                                                      : "function pointer";
    std::string What = Named && Named->getIdentifier()
                           ? "calls through " + Kind + " '" + Named->getName().str() + "'"
                           : "calls through a " + Kind;
    unsafe(diag::CheckId::DeviceFunctionPointer, C->getBeginLoc(), Callee->getSourceRange(), What,
           "the device cannot call through function pointers: call the function directly, or "
           "pass a functor or a lambda");
  }

  ASTContext& Ctx;
  const frontend::SearchPaths& Paths;
};

}  // namespace

std::vector<DeviceEvent> scanDeviceCode(const FunctionDecl* Fn, ASTContext& Ctx,
                                        const frontend::SearchPaths& Paths) {
  Scanner S(Ctx, Paths);
  if (!Fn) return S.Events;
  if (const auto* Ctor = dyn_cast<CXXConstructorDecl>(Fn)) S.traverseInitialisers(Ctor);
  if (Stmt* Body = Fn->getBody()) S.TraverseStmt(Body);
  // A generic lambda's template form and its instantiations share the events that do not depend
  // on its parameters: keep the first of each.
  std::set<std::tuple<int, unsigned, unsigned, const FunctionDecl*, unsigned, std::string>> Seen;
  std::vector<DeviceEvent> Events;
  for (DeviceEvent& E : S.Events)
    if (Seen.insert({E.kind, unsigned(E.check), E.loc.getRawEncoding(), E.callee,
                     E.usedAt.getRawEncoding(), E.what})
            .second)
      Events.push_back(std::move(E));
  return Events;
}

}  // namespace analysis
}  // namespace hpar
