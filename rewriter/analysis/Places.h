// Where the memory a write reaches lives, as the walk in execution context (ExecWalk.h) judges it
// for the races family: a place of one participant's own, one every participant shares, or one
// the walk cannot tell (Origin, and PlaceTracker, which follows the references, pointers and Views
// of the functions the walk is in); and whether a local variable is changed after its declaration
// (then what it reaches by the time of a write is not judged).
#pragma once

#include "analysis/AnalysedFile.h"
#include "analysis/Varying.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// Where a place in memory (or the memory a pointer or View reaches) lives, as far as the rule
/// can tell.
struct Origin {
  enum Kind { Unknown, Private, Shared };
  Kind kind = Unknown;
  /// Shared: the participants between which the place differs (AcrossThreads,
  /// AcrossLanes): an element indexed by team_rank() differs between threads.
  unsigned varies = 0;
  /// Filled by the host before the launch (the functor, the host's variables, their members):
  /// the Views and pointers read from it reach device memory that every participant shares.
  bool fromHost = false;
  std::string what;           // how messages name the place: "an element of 'sh'"
  std::string role;           // what it is, past its name: "a member of the functor"
  const clang::Decl* decl = nullptr;  // where its name is declared

  static Origin unknown() { return {}; }
  static Origin own() { return {Private, 0, false, "", "", nullptr}; }
  static Origin shared(std::string What, const clang::Decl* D, bool FromHost = false, std::string Role = "") {
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
Origin either(const Origin& A, const Origin& B);

/// Whether a parameter (or declared type) is a reference through which a write reaches the
/// argument.
bool mutableReference(clang::QualType T);

/// The name an expression denotes, for messages ("'sh'"), or "".
std::string nameOf(const clang::Expr* E);

/// The declaration an expression names, for notes, or null.
const clang::Decl* declOf(const clang::Expr* E);

/// Whether evaluating S may change state (a non-const member call other than an accessor, a call
/// taking a pointer to non-const): the value it gives may then differ between participants
/// (atomic_fetch_add, a random number generator).
bool changesState(const clang::Stmt* S);

/// Whether the local variable V is changed after its declaration anywhere in its function (the
/// lambdas written there included): assigned, incremented, its address taken, or bound to a
/// non-const reference.
bool changedInItsFunction(const clang::VarDecl* V);

/// A function the walk is in, as it was called: the object `this` points to, and what its
/// reference, pointer and View parameters reach.
struct PlaceContext {
  const clang::FunctionDecl* fn = nullptr;
  Origin self;
  llvm::DenseMap<const clang::ParmVarDecl*, Origin> params;
  std::string key;  // what the walk's contextKey said of it, and of those it is called from
};

/// Where the places the walk meets live, as it stands: `contexts` are the functions it is in
/// (outermost first, kept by the walk), `values` what differs between the participants there.
/// What a local reference, pointer or View reaches is what its declaration, walked before its
/// uses, bound (bind).
class PlaceTracker {
public:
  PlaceTracker(const AnalysedFile& file, VaryingValues& values, const std::vector<PlaceContext>& contexts)
      : File(file), Values(values), Contexts(contexts) {}

  /// Records what the reference, pointer or View variable V reaches, from its declaration.
  void bind(const clang::VarDecl* V);
  /// Whether a pointer or View variable is changed after its declaration (changedInItsFunction,
  /// asked once per variable).
  bool changedAfterDeclaration(const clang::VarDecl* V);
  /// Where the place an lvalue expression designates lives.
  Origin storageOf(const clang::Expr* E);
  /// Where the memory a pointer expression points to lives.
  Origin pointee(const clang::Expr* E);
  /// Where the elements of a View expression live.
  Origin viewData(const clang::Expr* E);
  /// The participants between which a value differs: as the varying values say, and all of them
  /// for a value that a call with side effects gives (atomic_fetch_add, a random number
  /// generator).
  unsigned differs(const clang::Expr* E);

private:
  bool declaredInWalk(const clang::VarDecl* V) const;
  Origin boundTo(const clang::VarDecl* V) const;
  Origin element(const clang::Expr* Object, unsigned Index);
  static Origin named(Origin O, std::string What, const clang::Decl* D);

  const AnalysedFile& File;
  VaryingValues& Values;
  const std::vector<PlaceContext>& Contexts;
  llvm::DenseMap<const clang::VarDecl*, Origin> Bound;
  llvm::DenseMap<const clang::VarDecl*, bool> Changed;
};

}  // namespace analysis
}  // namespace hpar
