// The kernel IR: one record per top-level dispatch, plain data only.
//
// Analysis fills these from the AST; checks read them; each backend's emitter turns one into the
// text of a named kernel and its host launcher. Source positions are kept as file offsets into the
// main file, so nothing downstream of analysis needs the AST.
#pragma once

#include <string>
#include <vector>

namespace hpar {
namespace ir {

enum class Pattern { For, Reduce, Scan };
enum class PolicyKind { Range, MDRange, Team };

/// How an OpenMP reduction can be lowered: with the reduction clause (one built-in arithmetic
/// reducer, no functor join) or with per-thread partials (everything else).
struct ClauseReduction {
  bool eligible = false;
  std::string op;  // "+", "*", "min", "max", "&&", "||", "&", "|"
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
  ClauseReduction clause;

  std::string name;             // hpar_<label>_L<line>
  std::string file;             // file name as the user wrote it (for comments and messages)
  unsigned line = 0, column = 0;

  unsigned calleeBegin = 0, calleeEnd = 0;  // offsets of the callee expression to replace
  unsigned insertAt = 0;                    // offset before the enclosing top-level declaration
};

/// Text to insert into the main file, at an offset, to make something device-callable.
struct Insertion {
  unsigned offset = 0;
  std::string text;
};

/// Everything the emitters need for one translation unit.
struct TranslationUnit {
  std::string mainFile;
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
  /// Lambdas written without HPAR_LAMBDA: offsets just past their capture list.
  std::vector<unsigned> plainLambdas;
  /// Nested parallel_for calls whose closure is light enough to unroll: the offsets of their
  /// callee expressions, which become hpar::impl::unrolled_parallel_for.
  struct Callee {
    unsigned begin = 0, end = 0;
  };
  std::vector<Callee> unrolledNestedFors;
};

}  // namespace ir
}  // namespace hpar
