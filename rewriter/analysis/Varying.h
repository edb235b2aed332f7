// Which values of a team functor differ between the participants that compute them, for the walk
// in execution context (ExecWalk.h) and the rules that read its trees: a collective under a
// condition on such a value is reached by only some participants (checks/Collectives.cpp);
// participants writing a place that such a value indexes write different places, or different
// values (checks/Races.cpp).
//
// team_rank() and team_scan()'s prefix differ between threads, and so does the memory of
// thread_scratch(); the index of a nested closure differs between the threads (thread level) or
// the lanes (vector level) that run it. A variable of the enclosing code that a nested pattern's
// closure writes (or a part of it: a member, an element of it as an array, through a non-const
// member call) differs between the participants of the closure's level (a single's: between the
// one that runs it and the others): each has its own copy and writes it in its own iterations. The
// dependence is followed through local variables (initialisations and assignments, without regard
// to order), through the arguments of the user's functions into their parameters, and out through
// their return values. league_rank(), team_size(), league_size(), the functor's captures and
// members, and the parameters of a helper called with uniform arguments are the same on every
// participant. A variable read after it was broadcast, reduced or scanned over a level (and after
// its last varying write) is the same on every participant of that level again.
#pragma once

#include "analysis/TeamCode.h"

#include "llvm/ADT/DenseMap.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hpar {
namespace analysis {

/// Which participants a value can differ between.
enum : unsigned { AcrossThreads = 1, AcrossLanes = 2 };

/// The participants the indices of a nested range at level L differ between.
unsigned levelBits(NestedLevel L);

/// Whether, and why, a value differs between the participants that compute it.
struct Varying {
  unsigned bits = 0;
  std::string source;   // "team_rank()", "the index 'i' of the enclosing TeamThreadRange"
  std::string through;  // the variable that carries it to where it is used, or ""
  const clang::ValueDecl* origin = nullptr;  // the variable `source` names itself, if any

  void merge(const Varying& Other) {
    if (!Other.bits) return;
    if (!bits) {
      source = Other.source;
      through = Other.through;
      origin = Other.origin;
    }
    bits |= Other.bits;
  }
  std::string describe() const {
    return "depends on " + source + (through.empty() ? "" : " through '" + through + "'");
  }
};

/// The varying variables of the functions a walk is in, innermost last.
class VaryingValues {
public:
  VaryingValues(const clang::SourceManager& SM, const AnalysedFile& File) : SM(SM), File(File) {}

  /// Enters F with its parameters varying as given (missing ones are uniform): finds the variables
  /// its body broadcasts and those that take a varying value.
  void enter(const clang::FunctionDecl* F, const std::vector<Varying>& Params);
  /// Leaves the function entered last.
  void leave() { Scopes.pop_back(); }

  /// Whether, and why, E (in the function entered last) differs between the participants that
  /// evaluate it.
  Varying vary(const clang::Expr* E, unsigned Depth = 0);
  /// The variation of the values Call passes to Callee's parameters.
  std::vector<Varying> argumentsOf(const clang::CallExpr* Call, const clang::FunctionDecl* Callee);

private:
  /// A function entered: its varying variables (parameters included), with where each was last
  /// given a varying value.
  struct Scope {
    const clang::FunctionDecl* fn = nullptr;
    llvm::DenseMap<const clang::ValueDecl*, Varying> vars;
    llvm::DenseMap<const clang::ValueDecl*, clang::SourceLocation> lastVaryingWrite;
  };

  std::optional<Varying> returnedBy(const clang::FunctionDecl* Callee, const std::vector<Varying>& Args,
                                    unsigned Depth);
  void collectReturns(const clang::Stmt* S, Varying& V, unsigned Depth);
  void findVaryingVariables(const clang::Stmt* Body);
  void propagate(const clang::Stmt* S, bool& Changed);
  void assign(const clang::ValueDecl* Var, const Varying& V, clang::SourceLocation Where, bool& Changed);
  static unsigned patternBits(const NestedPattern& P);
  void writtenByPart(const clang::Stmt* S, const clang::LambdaExpr* Closure, const NestedPattern& P,
                     unsigned Bits, bool& Changed);
  static bool declaredInside(const clang::VarDecl* Var, const clang::LambdaExpr* L);
  void findBroadcasts(const clang::Stmt* S);
  void broadcast(const clang::Expr* Arg, const clang::CallExpr* Call, unsigned Bits);
  unsigned broadcastBefore(const Scope& Owner, const clang::DeclRefExpr* Ref);

  const clang::SourceManager& SM;
  const AnalysedFile& File;
  std::vector<Scope> Scopes;
  /// The variables broadcast over some participants: where (the first time), and over which.
  llvm::DenseMap<const clang::ValueDecl*, std::pair<clang::SourceLocation, unsigned>> Broadcasts;
  /// What the user's functions return, by the variation of their arguments.
  std::map<std::pair<const clang::FunctionDecl*, std::string>, Varying> Returns;
};

}  // namespace analysis
}  // namespace hpar
