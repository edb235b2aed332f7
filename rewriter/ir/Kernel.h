// The kernel IR: one record per top-level dispatch, plain data only.
//
// Analysis fills these from the AST; checks read them; each backend's emitter turns one into the
// text of a named kernel and its host launcher. Source positions are kept as file offsets into the
// file the pass analysed (analysis/AnalysedFile.h), so nothing downstream of analysis needs the AST.
#pragma once

#include <string>
#include <vector>

namespace hpar {
namespace ir {

enum class Pattern { For, Reduce, Scan };
enum class PolicyKind { Range, MDRange, Team };

/// What a reduction with one result combines, when it is one of the built-in operations on one
/// arithmetic scalar: a built-in reducer (Sum<double>, Max<int>, ...) or a plain arithmetic result,
/// which sums, with a functor that defines no value_type (and so no join of its own). Everything
/// else (a functor's join, MinLoc and the reducers over structs, custom reducers, several
/// results) is Other. A backend may lower the named operations with its own reduction support.
enum class ScalarReduce { Other, Sum, Prod, Min, Max, LAnd, LOr, BAnd, BOr };

/// A nested construct of a team kernel, as written: a pattern over a nested range, or a single.
struct NestedConstruct {
  enum class Kind { For, Reduce, Scan, Single };
  /// The participants it splits its range over (Thread: the team's threads; Vector: the calling
  /// thread's lanes; TeamVector: every lane of every thread), or who runs a single (PerTeam: one
  /// lane of one thread; PerThread: one lane of each thread).
  enum class Level { Thread, Vector, TeamVector, PerTeam, PerThread };
  Kind kind = Kind::For;
  Level level = Level::Thread;
  int rank = 1;       // the rank of an MDRange form (TeamThreadMDRange, ...); 1 otherwise
  bool md = false;    // one of the MDRange forms
  unsigned line = 0;  // where it is written
  /// The range's trip count in each dimension (one for a one-dimensional range, `rank` for an
  /// MDRange form) when the range is built in the call from constants: `TeamThreadRange(team, 16)`
  /// has 16, `TeamThreadRange(team, 2, 10)` 8; -1 for a dimension known only at run time. Empty
  /// for a single and for a range built elsewhere.
  std::vector<long long> extents;
  std::vector<NestedConstruct> inner;  // the constructs its closure runs
};

/// One set_scratch_size(level, PerTeam(bytes), PerThread(bytes)) call on a team kernel's policy;
/// each part -1 when not a constant.
struct ScratchRequest {
  long long level = -1;
  bool perTeam = false, perThread = false;        // which parts the call gives
  long long teamBytes = -1, threadBytes = -1;      // their sizes
  unsigned line = 0;                               // where the call is written
};

/// What a team kernel's lambda does with the Views it captures, when everything it captures is
/// a View or a plain value (numbers, enumerations, structs of them): nothing else in it can point
/// into memory, so the captured Views' elements are the only memory it reaches besides scratch.
/// A View is `readOnly` when every use of it in the lambda (and in the lambdas it writes) is an
/// element read whose value is used at once (`x = B(i, j)`), or a question about its shape
/// (`extent`, `size`, ...); the other captured Views are `others`. Where the team member
/// parameter can be named at each such read (no lambda on the way hides it), `reads` gives the
/// offsets of the View's name at each read. A backend may then read those Views through a
/// read-only path whenever, at run time, their memory overlaps none of the others'.
struct ViewReads {
  std::vector<std::string> readOnly, others;  // the captured Views' names, as written
  /// The same Views as the dispatch's call names them, for the overlap check there: the names
  /// for a lambda; `f.b` for a functor object `f`; the argument that initialises the member for a
  /// functor built in the call (`Fill{a, b}`).
  std::vector<std::string> readOnlyAtCall, othersAtCall;
  std::string member;                         // the lambda's team member parameter
  struct Span {
    unsigned begin = 0, end = 0;
    std::string member;  // the team member there (`member`, or a helper function's parameter)
  };
  std::vector<Span> reads;  // each read of a readOnly View: the View's name
  unsigned callEnd = 0;     // the offset of the dispatch call's closing parenthesis
};

/// A range parallel_for whose functor (outside templates or in one instantiated once: a lambda
/// written in the call or stored in a variable only this call runs; or, outside templates, a class
/// no other dispatch runs, its call operator const)
/// runs a loop `for (T j = first; j < bound; ++j)` that every thread runs alike: its bounds are
/// captured values, fields and constants, and what comes before it in the call operator and the
/// loop itself only read memory and write the operator's own variables (no return, no break out of
/// the loop). The loop may sit inside blocks and counted loops of the same kind (bounds alike in
/// every thread, no break or continue of theirs), which then only read as well; the innermost such
/// loop that reads is the one staged. Its body reads elements `v(j, c...)` of Views the functor holds, the other subscripts
/// constants: the same elements in every thread. A backend may load them once per block, a tile at
/// a time, into memory the block's threads share. Every thread of the block then runs the functor
/// together, the threads past the range's end at its last index, which the flag the call operator
/// gains after its last parameter tells (`hpar_active`: after the index, or after a reduction's
/// accumulators, which the runtime's with_flag passes it after); the operator runs what follows
/// the loop only for
/// the threads in the range (what follows the body's statement that holds the loop), so the others
/// only read.
struct StagedLoop {
  unsigned line = 0;             // the loop's line
  std::string var, type;         // the loop variable and its type, as written / deduced
  std::string first, bound;      // `first` and `bound`, as written
  bool convertedBound = false;   // `j < bound` compares in another type than j's
  unsigned flagAt = 0;           // just past the call operator's last parameter
  unsigned headBegin = 0;        // the loop's `for`
  unsigned bodyBegin = 0;        // the loop's body
  unsigned loopEnd = 0;          // just past the loop's body
  unsigned restBegin = 0;        // just past the body's statement that holds the loop (or is it)
  unsigned lambdaClose = 0;      // the call operator body's closing brace
  bool more = false;             // statements follow the loop in the call operator's body
  bool defaultFlag = false;      // the flag has a default (`= true`): a class's call operator
  std::string loop;              // the loop as written, from its `for` to the end of its body
  /// One element the body reads: the View as written (`pos`) and its subscripts after the loop
  /// variable, each after ", " (`, 3`), so that `view(index rest)` reads it at another index.
  struct Slot {
    std::string view, rest;
    unsigned bytes = 0;  // the element's size (its alignment is at most 16)
  };
  std::vector<Slot> slots;
  struct Read {
    unsigned begin = 0, end = 0;  // the element access, `pos(j, 3)`
    unsigned slot = 0;
  };
  std::vector<Read> reads;
  /// Views the body reads at subscripts it computes from what a step reads (`ff(b.type, 0)`, a
  /// force field by the type of the atom read), none of whose elements are staged: a backend may
  /// copy one whole into shared memory before the tiles where it fits (the loop runs as written
  /// where one does not), and read `ff(b.type, 0)` there. `tableReads`: `slot` is the table,
  /// `begin` to `end` the access up to its first subscript (`ff(`).
  std::vector<std::string> tables;  // the Views as written
  std::vector<Read> tableReads;
  /// The loop is in a function of the file that only the call operator calls, and that only reads
  /// (its last statement may return a value): `T x = f(...);` or `lhs op= f(...);` among the
  /// operator's statements, its arguments Views the functor holds and values, alike in every
  /// thread or not. The operator then calls it in every thread; an assignment becomes
  /// `const auto hpar_call = f(...);`, and `lhs op hpar_call;` runs for indices in the range.
  struct HelperCall {
    std::string function;         // its name, for the comments
    unsigned assignBegin = 0;     // the assignment's `lhs`
    unsigned callBegin = 0;       // the call
    std::string assignTo;         // `lhs op`, or "" for a declaration
  };
  bool inHelper = false;
  HelperCall helper;
};

struct Kernel {
  Pattern pattern = Pattern::For;
  PolicyKind policy = PolicyKind::Range;
  int rank = 1;                 // MDRange rank; 1 for ranges and teams
  bool hasLabel = false;        // the call passes a label as its first argument
  std::string label;            // the label when it is a string literal
  bool hasWorkTag = false;      // the policy names a work tag
  unsigned numResults = 0;      // parallel_reduce result arguments
  bool hasScanTotal = false;    // parallel_scan with a total argument
  /// The policy runs on a host execution space (Serial, OpenMP): the call is left as written,
  /// so the header's serial implementation runs it on the host, and the device checks skip it.
  bool onHost = false;
  /// The policy runs on a host execution space that the build runs on the host's threads
  /// (Kokkos::OpenMP in the OpenMP build for the host): the kernel is translated, and its
  /// functor is host code, which may capture by reference and call any host function, so the
  /// device checks skip it.
  bool onHostThreads = false;
  /// Another instantiation of the dispatch (in a template) runs on a host execution space.
  bool alsoOnHost = false;
  ScalarReduce reduceOp = ScalarReduce::Other;  // parallel_reduce with one result
  /// Team kernels: the nested constructs the functor runs, in source order, each with those its
  /// closure runs (written in the functor, in the lambdas it writes, or in the analysed file's
  /// functions it calls, each function once).
  std::vector<NestedConstruct> nest;
  /// Team kernels: the team size and vector length the policy asks for, when its construction
  /// gives them as constants and nothing can change the policy before the dispatch; 0 when not
  /// known at translation time (AUTO, a run-time value, a policy from elsewhere).
  int teamSize = 0, vectorLength = 0;
  /// Team kernels: whether everything the policy is built from is known: its construction and
  /// its set_scratch_size calls, through set_* chains and a local variable nothing else changes.
  /// False for a policy from a parameter, a function's result, or a variable changed elsewhere.
  bool policyTraced = false;
  /// Team kernels whose policy is traced: its set_scratch_size calls in the order they run.
  std::vector<ScratchRequest> scratch;

  /// Team kernels of a lambda written in the dispatch: its View reads, when it captures Views
  /// and plain values only and at least one View is only read (empty `readOnly` otherwise).
  ViewReads viewReads;

  /// Range and MDRange kernels: the call operators the dispatch runs take their indices as
  /// parameters of fixed types (not a generic lambda, a template or a variadic function), so an
  /// index handed over as the loop's own integer converts to them exactly as the policy's
  /// index_type would (every index lies in the policy's bounds, index_type values).
  bool plainIndexParams = false;

  /// Range parallel_for kernels: the loop whose View reads a block may share (ir::StagedLoop),
  /// when `staged`.
  bool staged = false;
  StagedLoop stagedLoop;

  std::string name;             // hpar_<label>_L<line> (in a header: ir/Naming.h)
  std::string file;             // file name as the user wrote it (for comments and messages)
  bool inHeader = false;        // written in a header of the user's (TranslationUnit::header)
  /// Written in a template of a header: other files that include the header may instantiate it
  /// differently, and its translation must be theirs too, so nothing is taken from this file's
  /// instantiations (constant team shapes, device-only lambdas).
  bool inHeaderTemplate = false;
  unsigned line = 0, column = 0;

  unsigned calleeBegin = 0, calleeEnd = 0;  // offsets of the callee expression to replace
  unsigned insertAt = 0;                    // offset before the enclosing top-level declaration

  /// A dispatch in a template instantiated with policies of different kinds (a RangePolicy and
  /// an MDRangePolicy of rank 3, say) has a kernel per kind and rank, each named for its kind
  /// (`hpar_sum_L12_range`, `hpar_sum_L12_mdrange3`). The first of them has `siteName`, the
  /// launcher the call site calls, which picks the kernel by the policy's type; the others have
  /// `variantOf`, the first's index in TranslationUnit::kernels. Both stay empty for a dispatch
  /// of one kind.
  std::string siteName;
  int variantOf = -1;
};

/// Text to insert into the analysed file, at an offset, to make something device-callable.
struct Insertion {
  unsigned offset = 0;
  std::string text;
};

/// Everything the emitters need for one translation unit.
struct TranslationUnit {
  /// The file this IR rewrites: the translated source, or one of the user's headers with
  /// dispatches (`header`), which is rewritten into a copy that the output includes instead.
  std::string mainFile;
  bool header = false;
  /// Whether the parse saw HPAR_OPENMP_OFFLOAD (an OpenMP build for a device other than the
  /// host): the OpenMP output's prologue pins it, so that its build tests the same macros.
  bool openmpOffload = false;
  std::vector<Kernel> kernels;
  /// Functions (offsets of their declarations) that must become device-callable.
  struct DeviceFunction {
    unsigned declBegin = 0;   // where a CUDA execution-space specifier goes
    unsigned defBegin = 0;    // where an OpenMP declare-target region starts
    unsigned defEnd = 0;      // where it ends (just past the definition)
    bool isMember = false;    // members rely on implicit device compilation under OpenMP
    bool isDefinition = false;
  };
  std::vector<DeviceFunction> deviceFunctions;
  /// Constructors and destructors the device reaches that are defined outside their class, in
  /// any of the user's files (ir::Target::marksOutOfLineStructors): the raw encodings of the
  /// source locations where each definition begins and ends (just past it).
  struct OutOfLineDefinition {
    unsigned beginLoc = 0, endLoc = 0;
  };
  std::vector<OutOfLineDefinition> outOfLineStructors;
  /// Of those, the ones in the file this IR rewrites, as offsets in it (set by the translation,
  /// which gathers them from every file's walk): the backend marks them device code.
  struct Range {
    unsigned begin = 0, end = 0;
  };
  std::vector<Range> outOfLineDefinitionsHere;
  /// Lambdas written without HPAR_LAMBDA: offsets just past their capture list.
  std::vector<unsigned> plainLambdas;
  /// The lambdas that only the device calls: each written in the dispatch of a device
  /// parallel_for or parallel_reduce (in every instantiation), which passes it to the launcher
  /// and nowhere else. (A parallel_scan's launcher reads the value type from the lambda's call
  /// operator, so its lambda is left as it is.) CUDA compiles them for the device only, and the
  /// host compiler then skips their bodies.
  struct DeviceLambda {
    unsigned begin = 0;        // the macro that writes the introducer, or just past the captures
    unsigned macroLength = 0;  // 0 for a lambda written out
    std::string introducer;    // what the macro stands for ("[=]", "[=, *this]")
  };
  std::vector<DeviceLambda> deviceLambdas;
  /// Nested parallel_for calls whose closure is light enough to unroll: the offsets of their
  /// callee expressions, which become hpar::impl::unrolled_parallel_for.
  struct Callee {
    unsigned begin = 0, end = 0;
  };
  std::vector<Callee> unrolledNestedFors;
  /// Nested ThreadVectorMDRange and TeamVectorMDRange ranges to walk in the other direction
  /// (their closure's Views have stride 1 in the index Rank's direction walks slowest): the
  /// offsets of the range argument, which hpar::impl::walk_last_fastest(...) or
  /// walk_first_fastest(...) wraps.
  struct Rewalk {
    unsigned begin = 0, end = 0;
    bool lastFastest = true;
  };
  std::vector<Rewalk> rewalkedRanges;
  /// When set, the output includes of the standard headers compat/Kokkos_Core.hpp brings in only
  /// `stdHeaders` (as `<name>`), those the user's code uses (analysis/StdHeaders.h).
  bool stdHeadersChosen = false;
  std::vector<std::string> stdHeaders;
};

}  // namespace ir
}  // namespace hpar
