// Pieces of generated text that every backend writes the same way (the names themselves come
// from ir/Naming.h).
#pragma once

#include "ir/Kernel.h"
#include "ir/Naming.h"
#include "output/EditList.h"
#include <functional>
#include <string>
#include <vector>

namespace hpar {
namespace emit {

/// The prologue's lines for the standard headers Kokkos_Core.hpp brings in when analysis chose
/// those the program uses (ir::TranslationUnit::stdHeaders); "" otherwise.
std::string chosenStdHeaders(const ir::TranslationUnit& TU);

/// Returns `s` as the body of a C string literal.
std::string quoted(const std::string& s);

/// The opening of a generated host function named `name` that takes the dispatch's arguments,
/// up to its opening brace: its template header and signature. `more` are parameters after the
/// functor (of a parallel_for's launcher); `lead` is a template parameter with a default before
/// the deduced ones (`int MaxTeamThreads = 0`). The runtime's launch object normalises the policy
/// and builds the site record (launchSite).
std::string hostFunctionSignature(const ir::Kernel& K, const std::string& name,
                                  const std::string& more = "", const std::string& lead = "");

/// The initialiser of the dispatch's hpar::rt::KernelSite record in a function that
/// hostFunctionSignature opens: `{label, "kernel name", "file", line}`.
std::string launchSite(const ir::Kernel& K);

/// The launcher a dispatch site with kernels of several policy kinds calls (ir::Kernel::siteName):
/// it passes the dispatch to the launcher of its policy's kind and rank (`launcherOf` names a
/// kernel's launcher), and a policy over a host execution space to the API's own function, which
/// runs it on the host. `site` is the kernel with siteName; `kernels` those of the site that run on
/// the device.
std::string siteLauncher(const ir::Kernel& site, const std::vector<const ir::Kernel*>& kernels,
                         const std::function<std::string(const ir::Kernel&)>& launcherOf);

/// How a backend spells the index of dimension `d` of an MDRange point ("i[0]", "i0", ...).
using MDIndexSpelling = std::function<std::string(int d)>;

/// The index arguments of one functor call: `team` for a team policy, `index_type(i)` for a
/// range, `index_type(<index of d>)` for each dimension of an MDRange; without the conversion
/// (`i`) when asIndexType is false (ir::Kernel::plainIndexParams).
std::string indexArgs(const ir::Kernel& K, MDIndexSpelling mdIndex, bool asIndexType = true);

/// The functor call of a parallel_for through `functor`, with the work tag when the policy has
/// one: `f(typename Policy::work_tag(), index_type(i))`.
std::string forCall(const ir::Kernel& K, const std::string& functor, MDIndexSpelling mdIndex,
                    bool asIndexType = true);
/// forCall with the index arguments written out: `f(typename Policy::work_tag(), args)`.
std::string callWith(const ir::Kernel& K, const std::string& functor, const std::string& args);

/// The comment above a generated kernel naming the dispatch it comes from:
/// `// hpar: parallel_for "label" (TeamPolicy) from file.cpp:42`.
std::string kernelComment(const ir::Kernel& K);

/// Where a backend runs each level of a team kernel: "threadIdx.y", ...
using LevelMapping = const char* (*)(ir::NestedConstruct::Level level);

/// The comment above a team kernel that shows how its nest maps to the backend's threads: the
/// team's shape (`team`, a line of its own, followed by the team size, vector length and scratch
/// requests the policy gives as constants), then one line per nested construct, indented by its
/// depth, with its constant trip counts and where it runs. Empty for a kernel without nested constructs.
std::string nestComment(const ir::Kernel& K, const std::string& team, LevelMapping mapping);
/// nestComment's lines as plain text (for --explain-launch); `team` alone for a kernel without
/// nested constructs.
std::string nestText(const ir::Kernel& K, const std::string& team, LevelMapping mapping);

/// Names joined with ", ".
std::string joined(const std::vector<std::string>& names);

/// How a backend spells a staged loop's tiles (ir::StagedLoop, editStagedLoop).
struct StagingSpelling {
  std::string threads;  // the threads that stage together: "blockDim.x"
  std::string thread;   // this thread's number among them: "threadIdx.x"
  std::string barrier;  // a statement all of them reach: "__syncthreads();"
  /// The declaration of the tile `name`, the loop's `slot`th, of elements of `decltype(access)`,
  /// after tiles of `offset` bytes per thread.
  std::function<std::string(const std::string& name, const std::string& access, unsigned slot,
                            unsigned offset)>
      tile;
  /// The declaration of table `name`, the loop's `index`th, a copy of `view` after the tiles
  /// (`tileBytes` per thread) and the tables before it.
  std::function<std::string(const std::string& name, const std::string& view, unsigned index,
                            unsigned tileBytes)>
      table;
  std::string tableFits;  // the runtime's stage_table_fits
  std::string inBounds;  // the runtime's stage_in_bounds
  /// A constant condition: the build stages the loop where it holds and runs the loop as written
  /// where it does not (a plain `if`, which the compiler folds; both branches are compiled, so a
  /// lambda captures the same variables in the host's and the device's code).
  std::string condition;
  /// What goes on the line before the loop over a tile's indices, or nothing: the OpenMP
  /// runtime's HPAR_OMP_STAGE_UNROLL.
  std::string tileLoopPrefix;
};

/// Where a kernel's staged loop is: "file.cpp:12: the loop over j", and " in f (which the call
/// operator calls)" where it is in a function.
std::string stagedLoopPlace(const ir::Kernel& kernel);

/// The elements a staged loop reads, as the user writes them: "pos(j, 0), pos(j, 3)".
std::string stagedElements(const ir::StagedLoop& loop);

/// The bytes of tiles a staged loop takes per staging thread: each element's size rounded up to 16.
unsigned stagedBytesPerThread(const ir::StagedLoop& loop);

/// Rewrites a staged loop `for (T j = first; j < bound; ++j) body` of a range lambda
/// (ir::StagedLoop) into a loop over tiles of as many indices as threads stage together: they
/// load the tile's elements (`spelling.tile`), then run `body` for each index of the tile with
/// the reads of those elements taken from the tiles. The lambda gains `hpar_active` after its
/// index, and what follows the loop runs only when it is true.
void editStagedLoop(const ir::StagedLoop& loop, const StagingSpelling& spelling,
                    output::EditList& edits);

/// Whether a team parallel_for reads the Views its lambda only reads (ir::ViewReads) through the
/// runtime's read_only (rt/read_only.hpp), in a variant for Views whose memory is apart from the
/// others' at run time.
bool readsApart(const ir::Kernel& K);

/// For readsApart kernels: each read of a View the lambda only reads becomes
/// `hpar::rt::<ns>::read_only(member, B)(...)`, and the dispatch gains its last argument, whether
/// their memory is apart from the other Views' (`views_apart(memory_of(...), memory_of(...))`).
void editReadOnlyReads(const ir::Kernel& K, const std::string& ns, output::EditList& Edits);

}  // namespace emit
}  // namespace hpar
