// Rule family "races": a write in a nested pattern's closure to memory that the participants
// running it share.
//
//   hpar-nested-write-race   inside the closure of a nested parallel_for / parallel_reduce /
//                            parallel_scan, a write (=, op=, ++/--, an overloaded operator, a
//                            non-const member call, a result or reducer of an inner nested
//                            reduction, a non-const reference argument of a function the walk
//                            does not enter) to a place that several participants share and
//                            write, with values that may differ
//
// Every thread of a team runs the team functor's code, and every vector lane runs its thread's
// code (Kokkos: CUDA runs a team as a block of team_size x vector_length threads, and each runs
// the functor; hpar's outputs do the same, docs/design.md section 8). So a variable declared in the
// functor, in a closure or in a function they call is each participant's own: writing it in a
// nested closure races with nobody, whichever level declared it (TestSNAP's compute_ui assigns a
// thread-level `rootpq` in each of its ThreadVectorRange closures). What participants share is
// memory that does not live on their stacks: the functor's members (one object for the whole
// dispatch on Kokkos' host backends), variables of the host code, static variables, the elements
// of Views and of scratch memory, and what a pointer into those points to. Whether a place is
// shared is followed through references, pointers and Views the walk sees bound (Origin below);
// a place reached otherwise (a function's result, a pointer or View assigned after its
// declaration) is not judged.
//
// Who writes it: the walk is TeamFlowWalk's (TeamWalk.h), in execution context. Every thread of
// the team runs team code; the lanes of a thread run different iterations only inside a closure
// that splits lanes (ThreadVectorRange, TeamVectorRange and their MDRange forms): elsewhere they
// run the same code in unison, as Kokkos' CUDA backend runs a TeamThreadRange closure on every
// lane of its thread, and their writes are the same. A single, a policy of one thread or one
// lane, a nested range of one index, control flow that differs between the participants (a
// condition on a closure's index, say), and a place that differs between them (an element indexed
// by team_rank() or by the closure's index) all leave participants out. An assignment whose value
// is the same on every participant left is no race either. A write inside a function of the main
// file that the closure calls is judged there, through its parameters.
#include "checks/TeamWalk.h"
#include "analysis/NestTree.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace hpar {
namespace checks {
namespace {

constexpr unsigned AllParticipants = analysis::AcrossThreads | analysis::AcrossLanes;

/// Where a place in memory (or the memory a pointer or View reaches) lives, as far as the rule
/// can tell.
struct Origin {
  enum Kind { Unknown, Private, Shared };
  Kind kind = Unknown;
  /// Shared: the participants between which the place differs (analysis::AcrossThreads,
  /// AcrossLanes): an element indexed by team_rank() differs between threads.
  unsigned varies = 0;
  /// Filled by the host before the launch (the functor, the host's variables, their members):
  /// the Views and pointers read from it reach device memory that every participant shares.
  bool fromHost = false;
  std::string what;           // how messages name the place: "an element of 'sh'"
  std::string role;           // what it is, past its name: "a member of the functor"
  const Decl* decl = nullptr;  // where its name is declared

  static Origin unknown() { return {}; }
  static Origin own() { return {Private, 0, false, "", "", nullptr}; }
  static Origin shared(std::string What, const Decl* D, bool FromHost = false, std::string Role = "") {
    return {Shared, 0, FromHost, std::move(What), std::move(Role), D};
  }
  Origin plus(unsigned Bits) const {
    Origin O = *this;
    O.varies |= Bits;
    return O;
  }
  std::string key() const { return std::string(1, char('0' + kind)) + char('0' + varies) + (fromHost ? "h" : ""); }
};

/// Either place, for a choice between two.
Origin either(const Origin& A, const Origin& B) {
  if (A.kind != B.kind) return Origin::unknown();
  Origin O = A;
  O.varies |= B.varies;
  O.fromHost = A.fromHost && B.fromHost;
  return O;
}

/// Whether a parameter (or declared type) is a reference through which a write reaches the
/// argument.
bool mutableReference(QualType T) {
  return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified();
}

/// The name an expression denotes, for messages ("'sh'"), or "".
std::string nameOf(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) return "'" + Ref->getDecl()->getNameAsString() + "'";
  if (const auto* M = dyn_cast<MemberExpr>(E)) return "'" + M->getMemberDecl()->getNameAsString() + "'";
  return "";
}

/// The declaration an expression names, for notes, or null.
const Decl* declOf(const Expr* E) {
  E = E->IgnoreParenImpCasts();
  if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) return Ref->getDecl();
  if (const auto* M = dyn_cast<MemberExpr>(E)) return M->getMemberDecl();
  return nullptr;
}

/// Whether a local variable is changed after its declaration anywhere in its function (the
/// lambdas written there included): assigned, incremented, its address taken, or bound to a
/// non-const reference.
class Reassignment : public RecursiveASTVisitor<Reassignment> {
public:
  explicit Reassignment(const VarDecl* V) : V(V) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitBinaryOperator(BinaryOperator* B) {
    if (B->isAssignmentOp() && names(B->getLHS())) Found = true;
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator* U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && names(U->getSubExpr())) Found = true;
    return !Found;
  }
  bool VisitCallExpr(CallExpr* Call) {
    const FunctionDecl* F = Call->getDirectCallee();
    if (!F) return true;
    unsigned First = 0;
    if (const auto* M = dyn_cast<CXXMethodDecl>(F); M && isa<CXXOperatorCallExpr>(Call) && M->isInstance()) {
      if (!M->isConst() && Call->getNumArgs() && names(Call->getArg(0))) Found = true;
      First = 1;
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      const auto* M = dyn_cast<CXXMethodDecl>(F);
      if (M && !M->isConst() && names(MC->getImplicitObjectArgument())) Found = true;
    }
    for (unsigned I = First; I < Call->getNumArgs() && I - First < F->getNumParams(); ++I)
      if (mutableReference(F->getParamDecl(I - First)->getType()) && names(Call->getArg(I))) Found = true;
    return !Found;
  }
  bool Found = false;

private:
  bool names(const Expr* E) const {
    const auto* Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return Ref && Ref->getDecl() == V;
  }
  const VarDecl* V;
};

class RaceChecker : TeamFlowWalk {
public:
  explicit RaceChecker(CheckContext& C) : TeamFlowWalk(C) {}

  void run() { walkKernels(); }

private:
  /// What a function walked is called with: the object `this` points to, and what its reference,
  /// pointer and View parameters reach.
  struct Context {
    const FunctionDecl* fn = nullptr;
    Origin self;
    llvm::DenseMap<const ParmVarDecl*, Origin> params;
    std::string key;  // what contextKey said of it, and of those it is called from
  };

  enum class WriteKind { Assign, Accumulate, Other };

  // ---- the walk ----

  std::string contextKey(const FunctionDecl* F, const CallExpr* Via,
                         const analysis::NestedPattern* Closure) override {
    Pending = Context();
    Pending.fn = F;
    if (analysis::isLambdaBody(F)) Pending.self = selfOfLambda(F);
    else if (Contexts.empty()) Pending.self = Origin::shared("the functor", nullptr, true);
    if (Via && !Closure) bindCall(F, Via);
    std::string Key = Pending.self.key() + ":";
    for (unsigned I = 0; I < F->getNumParams(); ++I) {
      auto It = Pending.params.find(F->getParamDecl(I));
      Key += It == Pending.params.end() ? "-" : It->second.key();
      Key += ",";
    }
    // What the policy's shape leaves out differs between kernels; what the caller's references
    // reach differs between its situations.
    Key += std::to_string(Kernel->teamSize == 1) + std::to_string(Kernel->vectorLength == 1);
    if (!Contexts.empty()) Key += "<" + Contexts.back().key;
    Pending.key = Key;
    return Key;
  }
  void entered(const FunctionDecl*) override { Contexts.push_back(Pending); }
  void leaving(const FunctionDecl*) override { Contexts.pop_back(); }

  /// The user's function F entered through Call: `this` is the object it is called on, and each
  /// reference, pointer and View parameter reaches what its argument reaches.
  void bindCall(const FunctionDecl* F, const CallExpr* Call) {
    unsigned First = 0;
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call); Op && isa<CXXMethodDecl>(F)) {
      First = 1;
      if (!analysis::isLambdaBody(F) && Op->getNumArgs()) Pending.self = storageOf(Op->getArg(0));
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      if (const Expr* Object = MC->getImplicitObjectArgument())
        Pending.self = Object->getType()->isPointerType() ? pointee(Object) : storageOf(Object);
    }
    for (unsigned I = 0; I < F->getNumParams() && I + First < Call->getNumArgs(); ++I) {
      const ParmVarDecl* P = F->getParamDecl(I);
      const Expr* Arg = Call->getArg(I + First);
      QualType T = P->getType();
      if (analysis::isView(T) && T->isReferenceType())  // where the caller's View's elements are
        Pending.params[P] = viewData(Arg);
      else if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        Pending.params[P] = storageOf(Arg);
      else if (T->isPointerType())
        Pending.params[P] = changedAfterDeclaration(P) ? Origin::unknown() : pointee(Arg);
      else if (analysis::isView(T))
        Pending.params[P] = changedAfterDeclaration(P) ? Origin::unknown() : viewData(Arg);
    }
  }

  /// `this` in a lambda's body: the object of the function the lambda is written in.
  Origin selfOfLambda(const FunctionDecl* F) const {
    const DeclContext* Home = cast<CXXMethodDecl>(F)->getParent()->getDeclContext();
    for (auto It = Contexts.rbegin(); It != Contexts.rend(); ++It)
      if (It->fn == Home) return It->self;
    return Origin::shared("the functor", nullptr, true);
  }

  /// Records what each reference, pointer and View a declaration binds reaches, as the walk
  /// finds it here; and judges the writes of a statement.
  void visit(const Stmt* S) override {
    if (const auto* Decls = dyn_cast<DeclStmt>(S)) {
      for (const Decl* D : Decls->decls())
        if (const auto* V = dyn_cast<VarDecl>(D); V && V->getInit() && V->hasLocalStorage()) bind(V);
      return;
    }
    if (const auto* B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAssignmentOp())
        write(B->getLHS(), B, B->isCompoundAssignmentOp() ? WriteKind::Accumulate : WriteKind::Assign,
              B->getRHS());
      return;
    }
    if (const auto* U = dyn_cast<UnaryOperator>(S)) {
      if (U->isIncrementDecrementOp()) write(U->getSubExpr(), U, WriteKind::Accumulate, nullptr);
      return;
    }
    if (const auto* Call = dyn_cast<CallExpr>(S)) return visitCall(Call);
    if (const auto* Construct = dyn_cast<CXXConstructExpr>(S)) {
      // A reducer made of a variable writes the reduction's result into it.
      const CXXConstructorDecl* Ctor = Construct->getConstructor();
      if (!Ctor || analysis::annotationOf(Ctor->getParent()) != "hpar::reducer") return;
      for (unsigned I = 0; I < Construct->getNumArgs() && I < Ctor->getNumParams(); ++I)
        if (mutableReference(Ctor->getParamDecl(I)->getType()))
          write(Construct->getArg(I), Construct, WriteKind::Other, nullptr);
    }
  }

  /// A call the walk does not enter (hpar's, the standard library's, an implicit member) writes
  /// the object of a non-const member (other than an accessor, whose result is what a write then
  /// targets) and what it binds to non-const references. An entered callee's writes are judged in
  /// its body, with what the call binds.
  void visitCall(const CallExpr* Call) {
    // The team member's collectives (team_broadcast writes its argument) are judged by the
    // collectives family: they are errors inside a nested closure for another reason.
    if (!analysis::teamMemberMethod(Call).empty()) return;
    const FunctionDecl* Callee = Call->getDirectCallee();
    if (!Callee || analysis::userCallee(Call, SM, C.paths)) return;
    const auto* Method = dyn_cast<CXXMethodDecl>(Callee);
    unsigned First = 0;
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call); Op && Method) {
      First = 1;
      OverloadedOperatorKind K = Op->getOperator();
      if (Method->isInstance() && !Method->isConst() && Op->getNumArgs() > 0 && K != OO_Subscript &&
          K != OO_Call && K != OO_Star && K != OO_Arrow && K != OO_Amp) {
        if (K == OO_Equal)
          write(Op->getArg(0), Call, WriteKind::Assign, Op->getNumArgs() > 1 ? Op->getArg(1) : nullptr);
        else
          write(Op->getArg(0), Call, WriteKind::Accumulate, nullptr);
      }
    } else if (const auto* MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      if (Method && Method->isInstance() && !Method->isConst())
        if (const Expr* Object = MC->getImplicitObjectArgument())
          write(Object, Call, WriteKind::Other, nullptr);
    }
    for (unsigned I = First; I < Call->getNumArgs() && I - First < Callee->getNumParams(); ++I)
      if (mutableReference(Callee->getParamDecl(I - First)->getType()))
        write(Call->getArg(I), Call, WriteKind::Other, nullptr);
  }

  // ---- where places live ----

  /// Whether V is declared in a function being walked (else the top-level lambda refers to a
  /// variable of the host code, captured).
  bool declaredInWalk(const VarDecl* V) const {
    const auto* Home = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    for (const Context& X : Contexts)
      if (X.fn == Home) return true;
    return false;
  }

  /// What a reference, pointer or View variable reaches: a parameter as its call bound it, a
  /// local as its declaration (walked before its uses) did.
  Origin boundTo(const VarDecl* V) const {
    if (const auto* P = dyn_cast<ParmVarDecl>(V)) {
      for (auto It = Contexts.rbegin(); It != Contexts.rend(); ++It) {
        auto Found = It->params.find(P);
        if (Found != It->params.end()) return Found->second;
      }
      return Origin::unknown();
    }
    auto Found = Bound.find(V);
    return Found == Bound.end() ? Origin::unknown() : Found->second;
  }

  void bind(const VarDecl* V) {
    QualType T = V->getType();
    const Expr* Init = V->getInit();
    if (T->isReferenceType()) {
      Bound[V] = storageOf(Init);
      return;
    }
    if (!T->isPointerType() && !analysis::isView(T)) return;
    Bound[V] = changedAfterDeclaration(V) ? Origin::unknown() : T->isPointerType() ? pointee(Init) : viewData(Init);
  }

  /// Whether a pointer or View variable is changed after its declaration (Reassignment): it may
  /// then reach something else by the time of a write, which is not judged.
  bool changedAfterDeclaration(const VarDecl* V) {
    auto Known = Changed.find(V);
    if (Known != Changed.end()) return Known->second;
    Reassignment R(V);
    if (const auto* F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()); F && F->getBody())
      R.TraverseStmt(F->getBody());
    return Changed[V] = R.Found;
  }

  /// Where the place an lvalue expression designates lives.
  Origin storageOf(const Expr* E) {
    if (!E) return Origin::unknown();
    E = E->IgnoreParenImpCasts();
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V) return Origin::unknown();
      const std::string Name = "'" + V->getNameAsString() + "'";
      if (!V->hasLocalStorage()) {
        const std::string Role = V->isStaticLocal() ? "a static variable" : "a global variable";
        return Origin::shared(Name + ", " + Role, V, false, Role);
      }
      if (!declaredInWalk(V))
        return Origin::shared(Name + ", a variable of the host code", V, true, "a variable of the host code");
      if (isa<ParmVarDecl>(V) && analysis::isView(V->getType()) && V->getType()->isReferenceType())
        return Origin::unknown();  // bound to where the caller's View's elements are, not to the View
      if (V->getType()->isReferenceType()) return boundTo(V);
      return Origin::own();
    }
    if (const auto* M = dyn_cast<MemberExpr>(E)) {
      const auto* Field = dyn_cast<FieldDecl>(M->getMemberDecl());
      if (!Field || Field->getType()->isReferenceType()) return Origin::unknown();
      Origin Base = M->isArrow() ? pointee(M->getBase()) : storageOf(M->getBase());
      if (Base.kind == Origin::Shared) {
        Base.role = "a member of " + Base.what;
        Base.what = "member '" + Field->getNameAsString() + "' of " + Base.what;
        Base.decl = Field;
      }
      return Base;
    }
    if (const auto* S = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr* Base = S->getBase()->IgnoreParenImpCasts();
      Origin O = Base->getType()->isArrayType() ? storageOf(Base) : pointee(S->getBase());
      return O.plus(differs(S->getIdx()));
    }
    if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      return pointee(U->getSubExpr());
    if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(E)) {
      const auto* M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
      if (!M || !M->isInstance() || Op->getNumArgs() == 0) return Origin::unknown();
      const Expr* Object = Op->getArg(0);
      unsigned Index = 0;
      for (unsigned I = 1; I < Op->getNumArgs(); ++I) Index |= differs(Op->getArg(I));
      if (analysis::isView(Object->getType()) &&
          (Op->getOperator() == OO_Call || Op->getOperator() == OO_Subscript))
        return element(Object, Index);
      // A class's own non-const operator handing out a part of it.
      if (!M->isConst() && M->getReturnType()->isReferenceType() &&
          analysis::annotationOf(M->getParent()).empty())
        return storageOf(Object).plus(Index);
      return Origin::unknown();
    }
    if (const auto* MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const Expr* Object = MC->getImplicitObjectArgument();
      const auto* M = MC->getMethodDecl();
      if (Object && M && analysis::isView(Object->getType()) && M->getDeclName().isIdentifier() &&
          M->getName() == "access") {
        unsigned Index = 0;
        for (const Expr* Arg : MC->arguments()) Index |= differs(Arg);
        return element(Object, Index);
      }
      return Origin::unknown();
    }
    if (const auto* Cond = dyn_cast<ConditionalOperator>(E))
      return either(storageOf(Cond->getTrueExpr()), storageOf(Cond->getFalseExpr()));
    if (isa<MaterializeTemporaryExpr, CXXTemporaryObjectExpr, CompoundLiteralExpr>(E)) return Origin::own();
    return Origin::unknown();
  }

  /// An element of the View `Object`, at indices that differ between the participants in Index.
  Origin element(const Expr* Object, unsigned Index) {
    Origin O = viewData(Object);
    if (O.kind != Origin::Shared) return O;
    const std::string Name = nameOf(Object);
    O.what = Name.empty() ? "an element of a View" : "an element of " + Name;
    O.role.clear();
    if (const Decl* D = declOf(Object)) O.decl = D;
    O.fromHost = false;
    return O.plus(Index);
  }

  /// Where the memory a pointer expression points to lives.
  Origin pointee(const Expr* E) {
    if (!E) return Origin::unknown();
    E = E->IgnoreParenImpCasts();
    if (E->getType()->isArrayType()) return storageOf(E);  // decayed
    if (isa<CXXThisExpr>(E)) return Contexts.empty() ? Origin::unknown() : Contexts.back().self;
    if (const auto* U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      return storageOf(U->getSubExpr());
    if (const auto* B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp()) {
      if (B->getLHS()->getType()->isPointerType()) return pointee(B->getLHS()).plus(differs(B->getRHS()));
      if (B->getRHS()->getType()->isPointerType()) return pointee(B->getRHS()).plus(differs(B->getLHS()));
      return Origin::unknown();
    }
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType()) return Origin::unknown();
      if (!declaredInWalk(V)) return Origin::shared("what '" + V->getNameAsString() + "' points to", V);
      return named(boundTo(V), "what '" + V->getNameAsString() + "' points to", V);
    }
    if (const auto* M = dyn_cast<MemberExpr>(E))  // a pointer the host filled in
      if (storageOf(M).fromHost)
        return Origin::shared("what '" + M->getMemberDecl()->getNameAsString() + "' points to",
                              M->getMemberDecl());
    if (const auto* MC = dyn_cast<CXXMemberCallExpr>(E)) {
      const Expr* Object = MC->getImplicitObjectArgument();
      const auto* M = MC->getMethodDecl();
      if (Object && M && analysis::isView(Object->getType()) && M->getDeclName().isIdentifier() &&
          M->getName() == "data")
        return named(viewData(Object), "the data of " + nameOf(Object), declOf(Object));
    }
    return Origin::unknown();
  }

  /// Where the elements of a View expression live.
  Origin viewData(const Expr* E) {
    if (!E) return Origin::unknown();
    E = analysis::strip(E);
    if (const auto* Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto* V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->hasLocalStorage()) return Origin::unknown();
      if (!declaredInWalk(V)) return Origin::shared("", V);  // a View of the host code: device memory
      if (isa<ParmVarDecl>(V)) return boundTo(V);  // what the call bound (bindCall)
      if (V->getType()->isReferenceType()) return storageOf(Ref).fromHost ? Origin::shared("", V) : Origin::unknown();
      return boundTo(V);
    }
    if (isa<MemberExpr>(E)) return storageOf(E).fromHost ? Origin::shared("", declOf(E)) : Origin::unknown();
    if (const auto* Construct = dyn_cast<CXXConstructExpr>(E)) {
      // A scratch View: View(team.team_scratch(level), n...).
      if (Construct->getNumArgs() == 0) return Origin::unknown();
      const auto* Call = dyn_cast<CallExpr>(analysis::strip(Construct->getArg(0)));
      llvm::StringRef Method = analysis::teamMemberMethod(Call);
      if (Method == "team_scratch" || Method == "team_shmem") return Origin::shared("", nullptr);
      if (Method == "thread_scratch") return Origin::shared("", nullptr).plus(analysis::AcrossThreads);
      return Origin::unknown();
    }
    if (const auto* Call = dyn_cast<CallExpr>(E)) {
      // A View of hpar's making from another (subview): into the same elements.
      if (Call->getNumArgs() == 0 || analysis::userCallee(Call, SM, C.paths) ||
          isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Call) || !analysis::isView(Call->getArg(0)->getType()))
        return Origin::unknown();
      unsigned Index = 0;
      for (unsigned I = 1; I < Call->getNumArgs(); ++I) Index |= differs(Call->getArg(I));
      return viewData(Call->getArg(0)).plus(Index);
    }
    return Origin::unknown();
  }

  /// O, named `What` (at D) when it is shared.
  static Origin named(Origin O, std::string What, const Decl* D) {
    if (O.kind == Origin::Shared) {
      O.what = std::move(What);
      O.role.clear();
      O.decl = D;
    }
    return O;
  }

  /// The participants between which a value differs: as Values says, and all of them for a
  /// value that a call with side effects gives (atomic_fetch_add, a random number generator).
  unsigned differs(const Expr* E) { return Values.vary(E).bits | (changesState(E) ? AllParticipants : 0); }

  static bool changesState(const Stmt* S) {
    if (!S || isa<LambdaExpr>(S)) return false;
    if (const auto* Call = dyn_cast<CallExpr>(S)) {
      if (const FunctionDecl* F = Call->getDirectCallee()) {
        const auto* M = dyn_cast<CXXMethodDecl>(F);
        bool Accessor = false;
        if (const auto* Op = dyn_cast<CXXOperatorCallExpr>(Call))
          Accessor = Op->getOperator() == OO_Subscript || Op->getOperator() == OO_Call ||
                     Op->getOperator() == OO_Star || Op->getOperator() == OO_Arrow;
        if (M && M->isInstance() && !M->isConst() && !Accessor) return true;
        for (const ParmVarDecl* P : F->parameters()) {
          QualType T = P->getType();
          if (T->isPointerType() && !T->getPointeeType().isConstQualified()) return true;
        }
      }
    }
    for (const Stmt* Child : S->children())
      if (changesState(Child)) return true;
    return false;
  }

  // ---- the rule ----

  /// Judges a write to Target (by Whole; Value: what an assignment stores).
  void write(const Expr* Target, const Expr* Whole, WriteKind Kind, const Expr* Value) {
    const analysis::NestedPattern* Closure = nullptr;
    for (const analysis::NestedPattern& F : Frames)
      if (!F.isSingle()) Closure = &F;
    if (!Closure) return;  // not in a nested range's closure
    Origin O = Target->getType()->isPointerType() && isa<CXXMemberCallExpr>(Whole) ? pointee(Target)
                                                                                     : storageOf(Target);
    if (O.kind != Origin::Shared) return;
    // Who runs the write: every thread; the lanes of a thread apart only inside a closure that
    // splits them (elsewhere they run the same code in unison).
    unsigned Who = analysis::AcrossThreads;
    for (const analysis::NestedPattern& F : Frames) {
      if (F.single == analysis::NestedPattern::Single::PerTeam) Who = 0;
      else if (F.single == analysis::NestedPattern::Single::PerThread) Who &= ~unsigned(analysis::AcrossLanes);
      else if (F.splitsLanes()) Who |= analysis::AcrossLanes;
    }
    for (const analysis::NestedPattern& F : Frames)
      if (!F.isSingle() && atMostOneIndex(F)) Who &= ~analysis::levelBits(F.range.level);
    if (Kernel->teamSize == 1) Who &= ~unsigned(analysis::AcrossThreads);
    if (Kernel->vectorLength == 1) Who &= ~unsigned(analysis::AcrossLanes);
    Who &= ~O.varies;         // a place of their own
    Who &= ~divergentBits();  // only some of them get here
    if (Kind == WriteKind::Assign && Value) Who &= differs(Value);  // the same value from all
    if (!Who) return;
    report(Target, Whole, Kind, O, Who, *Closure);
  }

  /// Whether a nested range has at most one index, as constants say.
  bool atMostOneIndex(const analysis::NestedPattern& P) const {
    std::vector<long long> Extents = analysis::constantExtents(P.call->getArg(0), P, C.ast);
    if (Extents.empty()) return false;
    long long Count = 1;
    for (long long E : Extents) {
      if (E < 0) return false;
      Count *= E;
    }
    return Count <= 1;
  }

  void report(const Expr* Target, const Expr* Whole, WriteKind Kind, const Origin& O, unsigned Who,
              const analysis::NestedPattern& Closure) {
    const char* Participants = Who == analysis::AcrossThreads ? "every thread of the team"
                               : Who == analysis::AcrossLanes ? "every vector lane of the thread"
                                                              : "every thread and vector lane of the team";
    // The target as written: 'acc', member 'calls', 'y(r)'.
    const Expr* Bare = Target->IgnoreParenImpCasts();
    std::string Written;
    if (const auto* M = dyn_cast<MemberExpr>(Bare); M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      Written = "member '" + M->getMemberDecl()->getNameAsString() + "'";
    else if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare))
      Written = "'" + Ref->getDecl()->getNameAsString() + "'";
    else
      Written = "'" + sourceText(Bare) + "'";
    // What the place is: through a reference or pointer, what it reaches; written by its own name,
    // what it is.
    const bool Itself = O.decl && O.decl == declOf(Bare) && !O.role.empty();
    std::string Msg = Written + " is written by " + Participants + " concurrently in the closure of the " +
                      Closure.pattern + " over " + Closure.range.name() + " in kernel '" + Kernel->name +
                      "': it is " + (Itself ? O.role : O.what) + ", one place for all of them; ";
    if (Kind != WriteKind::Accumulate)
      Msg += "let one of them write it (single), or give each a place of its own";
    else if (Closure.pattern == "parallel_reduce")
      Msg += "accumulate into the closure's value argument instead";
    else if (Closure.pattern == "parallel_scan")
      Msg += "accumulate into the closure's update argument instead";
    else
      Msg += "accumulate with parallel_reduce and '" + sourceText(Bare) + "' as its result";
    SourceLocation At = SM.getExpansionLoc(Target->getExprLoc());
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare)) At = SM.getExpansionLoc(Ref->getLocation());
    SourceRange Range = Whole->getSourceRange();
    if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID()) Range = SourceRange();
    if (!TeamWalk::report(diag::CheckId::NestedWriteRace, At, Range, Msg)) return;
    // Where the name written is declared, and the place it reaches.
    const Decl* Named = nullptr;
    if (const auto* Ref = dyn_cast<DeclRefExpr>(Bare)) Named = Ref->getDecl();
    if (Named) C.report.note(SM.getExpansionLoc(Named->getLocation()), Written + " declared here");
    if (O.decl && O.decl != Named) {
      std::string Name = isa<FieldDecl>(O.decl) ? "member '" : "'";
      Name += cast<NamedDecl>(O.decl)->getNameAsString() + "'";
      C.report.note(SM.getExpansionLoc(O.decl->getLocation()), Name + " declared here");
    }
    C.report.note(SM.getExpansionLoc(Closure.call->getBeginLoc()),
                  "nested " + Closure.pattern + " over " + Closure.range.name() + " here");
    noteChain();
  }

  std::string sourceText(const Expr* E) const {
    CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
    if (!E->getBeginLoc().isFileID() || !E->getEndLoc().isFileID()) return "the place written";
    return Lexer::getSourceText(R, SM, C.ast.getLangOpts()).str();
  }

  std::vector<Context> Contexts;  // the functions being walked, as called
  Context Pending;                // the one contextKey prepared for entered
  llvm::DenseMap<const VarDecl*, Origin> Bound;
  llvm::DenseMap<const VarDecl*, bool> Changed;
};

}  // namespace

/// Checks every instantiation of every dispatch: a dispatch in a function template runs another
/// functor in each. A write is reported once.
void checkRaces(CheckContext& C) { RaceChecker(C).run(); }

}  // namespace checks
}  // namespace hpar
