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
// Who writes it: the points are the execution trees' writes (ir/ExecTree.h), which analysis
// finds in its walk in execution context (analysis/ExecWalk.h), with where each place lives. Every thread of
// the team runs team code; the lanes of a thread run different iterations only inside a closure
// that splits lanes (ThreadVectorRange, TeamVectorRange and their MDRange forms): elsewhere they
// run the same code in unison, as Kokkos' CUDA backend runs a TeamThreadRange closure on every
// lane of its thread, and their writes are the same. A single, a policy of one thread or one
// lane, a nested range of one index, control flow that differs between the participants (a
// condition on a closure's index, say), and a place that differs between them (an element indexed
// by team_rank() or by the closure's index) all leave participants out. An assignment whose value
// is the same on every participant left is no race either. A write inside a function of the main
// file that the closure calls is judged there, through its parameters.
#include "checks/Checks.h"

namespace hpar {
namespace checks {
namespace {

using ir::ExecConstruct;
using ir::ExecPoint;

class RacesRule {
public:
  explicit RacesRule(CheckContext& C) : C(C), Once(C.report) {}

  void run() {
    for (const ir::ExecTree& T : C.execution.kernels) {
      const ir::Kernel& K = C.tu.kernels[T.kernel];
      if (K.policy != ir::PolicyKind::Team) continue;
      for (const ExecPoint& P : T.points)
        if (P.kind == ExecPoint::Kind::Write) judge(P, K);
    }
  }

private:
  /// Reports a write that several participants make to one place with values that may differ.
  void judge(const ExecPoint& P, const ir::Kernel& K) {
    const ExecConstruct* Closure = nullptr;  // the innermost nested range around the write
    for (const ExecConstruct& F : P.frames)
      if (!F.isSingle()) Closure = &F;
    if (!Closure) return;
    // Who runs the write: every thread; the lanes of a thread apart only inside a closure that
    // splits them (elsewhere they run the same code in unison).
    unsigned Who = ir::AcrossThreads;
    for (const ExecConstruct& F : P.frames) {
      if (F.level == ir::NestedConstruct::Level::PerTeam) Who = 0;
      else if (F.level == ir::NestedConstruct::Level::PerThread) Who &= ~unsigned(ir::AcrossLanes);
      else if (F.splitsLanes()) Who |= ir::AcrossLanes;
    }
    for (const ExecConstruct& F : P.frames)
      if (!F.isSingle() && F.atMostOneIndex) Who &= ~F.indexBits();
    if (K.teamSize == 1) Who &= ~unsigned(ir::AcrossThreads);
    if (K.vectorLength == 1) Who &= ~unsigned(ir::AcrossLanes);
    const ir::ExecWrite& W = P.write;
    Who &= ~W.placeVaries;      // a place of their own
    Who &= ~P.divergentBits;    // only some of them get here
    Who &= W.valueVaries;       // the same value from all
    if (Who) report(P, K, Who, *Closure);
  }

  void report(const ExecPoint& P, const ir::Kernel& K, unsigned Who, const ExecConstruct& Closure) {
    const ir::ExecWrite& W = P.write;
    const char* Participants = Who == ir::AcrossThreads ? "every thread of the team"
                               : Who == ir::AcrossLanes ? "every vector lane of the thread"
                                                        : "every thread and vector lane of the team";
    std::string Msg = W.written + " is written by " + Participants + " concurrently in the closure of the " +
                      Closure.pattern + " over " + Closure.rangeName + " in kernel '" + K.name +
                      "': it is " + W.place + ", one place for all of them; ";
    if (W.kind != ir::ExecWrite::Kind::Accumulate)
      Msg += "let one of them write it (single), or give each a place of its own";
    else if (Closure.pattern == "parallel_reduce")
      Msg += "accumulate into the closure's value argument instead";
    else if (Closure.pattern == "parallel_scan")
      Msg += "accumulate into the closure's update argument instead";
    else
      Msg += "accumulate with parallel_reduce and '" + W.text + "' as its result";
    if (!Once.report(diag::CheckId::NestedWriteRace, W.at.at, W.at.range, Msg)) return;
    // Where the name written is declared, and the place it reaches.
    if (!W.namedDecl.empty()) C.report.note(W.namedAt, W.namedDecl + " declared here");
    if (!W.placeDecl.empty()) C.report.note(W.placeAt, W.placeDecl + " declared here");
    C.report.note(W.closureAt,
                  "nested " + Closure.pattern + " over " + Closure.rangeName + " here");
    Once.noteChain(P.chain);
  }

  CheckContext& C;
  ReportOnce Once;
};

}  // namespace

/// Checks every instantiation of every dispatch: a dispatch in a function template runs another
/// functor in each. A write is reported once.
void checkRaces(CheckContext& C) { RacesRule(C).run(); }

}  // namespace checks
}  // namespace hpar
