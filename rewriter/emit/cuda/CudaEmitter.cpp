// CUDA backend: each dispatch becomes a __global__ function template named after the dispatch
// and a host launcher of a few lines that builds the runtime's launch object for the dispatch's
// pattern and policy kind (rt/cuda/launchers.cuh: RangeFor, TeamReduce, ...) and runs it with the
// kernel instantiated for the types that object names; the runtime sizes the grid from the
// occupancy API, launches on the stream of the policy's execution space instance and checks the
// launch. The functor is a kernel parameter, or is read from device memory when the kernel's
// parameters would not fit in the parameter space (rt/cuda/functor_arg.cuh).
// Lowering table: ARCHITECTURE.md section 4; the exact shapes: docs/design.md section 7.
#include "emit/Registry.h"
#include "emit/Shared.h"

#include <sstream>
#include <vector>

namespace hpar {
namespace emit {
namespace {

/// MDRange points are held as `i[d]` in a CUDA kernel.
std::string pointIndex(int d) { return "i[" + std::to_string(d) + "]"; }
std::string indexArgs(const ir::Kernel& K) { return emit::indexArgs(K, pointIndex); }
std::string forCall(const ir::Kernel& K) { return emit::forCall(K, "f", pointIndex); }

/// Where each level of a team kernel runs (the nest comment above the kernel).
const char* levelMapping(ir::NestedConstruct::Level L) {
  switch (L) {
  case ir::NestedConstruct::Level::Thread: return "the team's threads, threadIdx.y";
  case ir::NestedConstruct::Level::Vector: return "the thread's lanes, threadIdx.x";
  case ir::NestedConstruct::Level::TeamVector:
    return "every lane of every thread, threadIdx.x + blockDim.x * threadIdx.y";
  case ir::NestedConstruct::Level::PerTeam: return "threadIdx.x == 0 && threadIdx.y == 0";
  case ir::NestedConstruct::Level::PerThread: return "lane 0 of each thread, threadIdx.x == 0";
  }
  return "";
}

/// One parameter of a generated kernel: its type and name. The functor and the spec are `held`:
/// the kernel takes them as FunctorArg<type, ByValue> (named name + "_arg") and reads them through
/// `const type& name`; ByValue is true when every parameter fits in the kernel-parameter space,
/// else they are read from device memory (rt/cuda/functor_arg.cuh).
struct KernelParam {
  std::string type;
  std::string name;
  bool held;
};

const KernelParam kPolicyParam{"Policy", "policy", false};
const KernelParam kFunctorParam{"Functor", "f", true};
const KernelParam kSpecParam{"Spec", "spec", true};
const KernelParam kTeamScratchParam{"hpar::rt::cuda::TeamScratch", "scratch", false};

/// `template <...>\n__global__ void <attributes><name>(<params>) {\n` and the references to the held
/// parameters. `tparams` are the template parameters before ByValue, `more` those after it.
std::string kernelHead(const std::string& attributes, const std::string& name, const std::string& tparams,
                       const std::vector<KernelParam>& params, const std::string& more = "") {
  std::ostringstream o;
  const std::string opening = "__global__ void " + attributes + name + "(";
  o << "template <" << tparams << ", bool ByValue" << more << ">\n" << opening;
  size_t column = opening.size() - (opening.rfind('\n') + 1);  // npos + 1 == 0
  for (size_t k = 0; k < params.size(); ++k) {
    const KernelParam& p = params[k];
    std::string text = p.held ? "const hpar::rt::cuda::FunctorArg<" + p.type + ", ByValue> " + p.name + "_arg"
                              : "const " + p.type + " " + p.name;
    text += k + 1 < params.size() ? "," : ") {";
    if (k > 0 && column + 1 + text.size() > 100) {
      o << "\n    ";
      column = 4;
    } else if (k > 0) {
      o << " ";
      ++column;
    }
    o << text;
    column += text.size();
  }
  o << "\n";
  for (const KernelParam& p : params)
    if (p.held) o << "  const " << p.type << "& " << p.name << " = " << p.name << "_arg.get();\n";
  return o.str();
}

/// A staged loop's tiles: static shared memory of one element per thread of the block, in the
/// device's compilation (rt/cuda/stage.cuh).
const StagingSpelling kCudaStaging{
    "hpar::rt::cuda::stage_threads()", "hpar::rt::cuda::stage_thread()",
    "hpar::rt::cuda::stage_barrier();",
    [](const std::string& Name, const std::string& Access, unsigned Slot, unsigned) {
      return "const hpar::rt::cuda::StageTile<decltype(" + Access + "), " + std::to_string(Slot) +
             "> " + Name + ";";
    },
    [](const std::string& Name, const std::string& View, unsigned Index, unsigned) {
      return "const hpar::rt::cuda::StageTable<decltype(" + View + ".data()), " +
             std::to_string(Index) + "> " + Name + "(" + View + ");";
    },
    "hpar::rt::cuda::stage_table_fits", "hpar::rt::cuda::stage_in_bounds",
    "hpar::rt::cuda::stage_loops"};

/// The first line of a team kernel's nest comment and of its --explain-launch remark.
const char* kTeamMapping =
    "team: a block of (vector_length, team_size) threads per team, teams over blockIdx.x";

/// Whether the team kernel's policy gives its team size and vector length as constants: the
/// kernel is then compiled for that block alone (rt/cuda/team.cuh, team_fixed_threads).
bool fixedTeamShape(const ir::Kernel& K) { return K.teamSize > 0 && K.vectorLength > 0; }

/// Team kernels are compiled for the largest team the policy allows, or for its one shape.
std::string teamBounds(const ir::Kernel& K) {
  if (fixedTeamShape(K))
    return "__launch_bounds__(hpar::rt::cuda::team_max_threads<Policy>(" +
           std::to_string(K.teamSize) + ", " + std::to_string(K.vectorLength) +
           "), hpar::rt::cuda::team_fixed_min_blocks<Policy>())\n    ";
  return "__launch_bounds__(hpar::rt::cuda::team_max_threads<Policy, Narrow>(), "
         "hpar::rt::cuda::team_min_blocks<Policy, Narrow>())\n    ";
}

/// The template parameters of a team kernel compiled in several variants (none for one shape
/// and no read-only Views).
std::string teamVariantParam(const ir::Kernel& K) {
  return std::string(fixedTeamShape(K) ? "" : ", bool Narrow") +
         (readsApart(K) ? ", bool ReadOnly" : "");
}

/// Whether a team kernel compiled for any shape is told its vector length, a constant of its
/// policy (team_assume_lanes). Only for parallel_for, where it spares a TeamThreadRange scan of
/// a number its chunked fallback: a team reduction ran 3 to 5 % slower with it (yax, natural and
/// tuned, on an H200; docs/performance.md).
bool knownLanes(const ir::Kernel& K) {
  return !fixedTeamShape(K) && K.vectorLength > 0 && K.pattern == ir::Pattern::For;
}

/// The first line of a team kernel compiled for one shape, or for one vector length when only
/// that is a constant (knownLanes; none otherwise).
std::string teamAssume(const ir::Kernel& K) {
  if (fixedTeamShape(K))
    return "  hpar::rt::cuda::team_assume_block<" + std::to_string(K.teamSize) + ", " +
           std::to_string(K.vectorLength) + ">();  // the policy's team size and vector length\n";
  if (knownLanes(K))
    return "  hpar::rt::cuda::team_assume_lanes<" + std::to_string(K.vectorLength) +
           ">();  // the policy's vector length\n";
  return "";
}

/// The block a team kernel is compiled for, which its launch checks the policy asks for
/// (hpar::rt::cuda::TeamKernelBlock).
std::string teamKernelBlock(const ir::Kernel& K) {
  const std::string Block = "hpar::rt::cuda::TeamKernelBlock::";
  if (fixedTeamShape(K))
    return Block + "team_size_and_vector_length(" + std::to_string(K.teamSize) + ", " +
           std::to_string(K.vectorLength) + ")";
  if (knownLanes(K)) return Block + "vector_length(" + std::to_string(K.vectorLength) + ")";
  return Block + "any()";
}

/// The runtime class that launches a kernel (rt/cuda/launchers.cuh; RangeScan: rt/cuda/scan.cuh).
const char* launchClass(const ir::Kernel& K) {
  if (K.pattern == ir::Pattern::Scan) return "RangeScan";  // only over a RangePolicy (analysis)
  const bool For = K.pattern == ir::Pattern::For;
  switch (K.policy) {
  case ir::PolicyKind::Range: return For ? "RangeFor" : "RangeReduce";
  case ir::PolicyKind::MDRange:
    return !For ? "MDRangeReduce" : K.rank <= 3 ? "MDRangeGridFor" : "MDRangeTilesFor";
  case ir::PolicyKind::Team: return For ? "TeamFor" : "TeamReduce";
  }
  return "";
}

/// The kernel instantiated for the launch object's types: `name<typename Launch::Policy, Functor,
/// Launch::by_value>` (with `typename Launch::Spec` for a reduction or scan), then `variant`, the
/// template arguments after ByValue.
std::string instance(const ir::Kernel& K, const std::string& variant = "") {
  return K.name + "<typename Launch::Policy, Functor, " +
         (K.pattern == ir::Pattern::For ? "" : "typename Launch::Spec, ") + "Launch::by_value" +
         variant + ">";
}

/// `head(args[0], args[1], ...)` followed by `tail`, wrapped at 100 columns with the arguments
/// after a break aligned under the first.
std::string wrappedCall(const std::string& head, const std::vector<std::string>& args,
                        const std::string& tail) {
  std::string o = head;
  size_t column = head.size() - (head.rfind('\n') + 1);  // npos + 1 == 0
  const std::string indent(column, ' ');
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string text = args[k] + (k + 1 < args.size() ? "," : tail);
    if (k > 0 && column + 1 + text.size() > 100) {
      o += "\n" + indent;
      column = indent.size();
    } else if (k > 0) {
      o += " ";
      ++column;
    }
    o += text;
    column += text.size();
  }
  return o + "\n";
}

/// The league-stride loop of a team kernel: block b runs teams b, b + gridDim.x, ... Every
/// collective starts with its own barrier, so teams are separated by one only when they use
/// scratch memory and another team of the block follows (scratch.end_team(), rt/cuda/team.cuh).
std::string leagueLoop(const ir::Kernel& K, const std::string& body) {
  return "  const int league_size = policy.league_size();\n"
         "  for (int league = blockIdx.x; league < league_size; league += gridDim.x) {\n"
         "    const hpar::rt::cuda::TeamMember team(league, league_size, scratch.state()" +
         std::string(readsApart(K) ? ", ReadOnly" : "") + ");\n"
         "    " + body + ";\n"
         "    scratch.end_team(league);\n"
         "  }\n";
}

/// The loop nest that visits this thread's share of the iteration space, around `body`.
std::string loops(const ir::Kernel& K, const std::string& body) {
  std::ostringstream o;
  if (K.policy == ir::PolicyKind::Range) {
    o << "  const int64_t end = policy.end();\n"
      << "  for (int64_t i = policy.begin() + blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < end;\n"
      << "       i += (int64_t)gridDim.x * blockDim.x)\n"
      << "    " << body << ";\n";
  } else {
    o << "  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);\n"
      << "  for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)\n"
      << "    for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {\n"
      << "      int64_t i[Policy::rank];\n"
      << "      if (tiles.point(t, p, i)) " << body << ";\n"
      << "    }\n";
  }
  return o.str();
}

class CudaBackend : public Backend {
public:
  std::string prologue(const ir::TranslationUnit& TU) const override {
    std::string Out = "// Generated by hpar-translate " HPAR_VERSION " (backend: cuda) from " +
                      TU.mainFile +
                      ".\n// Edit the source file, not this one.\n#include <hpar/rt/cuda.cuh>\n";
    // The range scan's runtime only where a kernel needs it (nvcc's time).
    for (const ir::Kernel& K : TU.kernels)
      if (K.pattern == ir::Pattern::Scan && !K.onHost) {
        Out += "#include <hpar/rt/cuda/scan.cuh>\n";
        break;
      }
    for (const ir::Kernel& K : TU.kernels)
      if (K.staged) {
        Out += "#include <hpar/rt/cuda/stage.cuh>\n";
        break;
      }
    return Out + chosenStdHeaders(TU);
  }

  std::string launcher(const ir::Kernel& K) const override { return K.name + "_launch"; }

  std::string kernel(const ir::TranslationUnit&, const ir::Kernel& K) const override {
    std::ostringstream o;
    o << kernelComment(K)
      << nestComment(K, kTeamMapping, levelMapping);
    switch (K.pattern) {
    case ir::Pattern::For: o << forKernel(K); break;
    case ir::Pattern::Reduce: o << reduceKernel(K); break;
    case ir::Pattern::Scan: o << scanKernel(K); break;
    }
    o << "\n";
    return o.str();
  }

  std::string explainLaunch(const ir::TranslationUnit&, const ir::Kernel& K) const override {
    if (K.policy == ir::PolicyKind::Range && K.staged)
      return "a grid-stride loop over blockIdx.x * blockDim.x + threadIdx.x, every thread of a "
             "block running the lambda together (past the end at the last index, hpar_active "
             "false); the loop at line " + std::to_string(K.stagedLoop.line) + " reads " +
             stagedElements(K.stagedLoop) + " from shared memory, loaded a tile of blockDim.x "
             "indices at a time; the block size from the occupancy API, at most " +
             "256 threads";
    if (K.policy == ir::PolicyKind::Range)
      return std::string("a grid-stride loop over blockIdx.x * blockDim.x + threadIdx.x; the block "
                         "size from the occupancy API, ") +
             (K.pattern == ir::Pattern::For
                  ? "the grid as many blocks as cover the range, at most 32 waves of resident "
                    "blocks"
                  : "one wave of resident blocks");
    if (K.policy == ir::PolicyKind::MDRange)
      return K.pattern == ir::Pattern::For && K.rank <= 3
                 ? "one block per tile (blockIdx.x, .y, .z), one thread per point of the tile "
                   "(threadIdx.x on the index the iteration pattern moves fastest)"
                 : "tiles over blockIdx.x, the points of a tile over threadIdx.x, one wave of "
                   "resident blocks";
    std::string Plain = nestText(K, kTeamMapping, levelMapping);
    if (readsApart(K))
      Plain += joined(K.viewReads.readOnly) +
               " only read: read through the read-only data cache by each launch that finds "
               "their memory apart from the other Views'\n";
    if (fixedTeamShape(K))
      return Plain + "shape: team size " + std::to_string(K.teamSize) + " and vector length " +
             std::to_string(K.vectorLength) +
             " from the policy; the kernel is compiled for that block alone";
    return Plain +
           "shape: chosen at run time. A team size given at run time is used as it is; with AUTO, "
           "teams of 256 / vector_length threads, the occupancy API's larger block where it keeps "
           "more threads resident, or the largest block the kernel can launch where the league is "
           "too short to fill the GPU with teams of 256 threads. The kernel is compiled for blocks "
           "of at most 256 threads and for any block, and a launch takes the first when its block "
           "fits it. Run with HPAR_EXPLAIN_LAUNCH=1 to see the shape of each launch";
  }

  /// A team parallel_for that only reads some of its Views: each read of them becomes
  /// `read_only(team, B)(...)`, and the call gains whether their memory is apart from the others'.
  void editDispatch(const ir::Kernel& K, output::EditList& Edits) const override {
    editReadOnlyReads(K, "cuda", Edits);
    if (K.staged) editStagedLoop(K.stagedLoop, kCudaStaging, Edits);
  }

  void markDeviceCode(const ir::TranslationUnit& TU, output::EditList& Edits) const override {
    for (const auto& F : TU.deviceFunctions) Edits.insert(F.declBegin, "__host__ __device__ ");
    for (unsigned Offset : TU.plainLambdas) Edits.insert(Offset, " __host__ __device__");
    for (const ir::TranslationUnit::DeviceLambda& L : TU.deviceLambdas) {
      if (L.macroLength == 0)
        Edits.insert(L.begin, " __device__");
      else
        Edits.replace(L.begin, L.macroLength, L.introducer + " __device__");
    }
  }

private:
  /// The launcher: the dispatch's signature, then a launch object of the runtime's class for the
  /// kernel (launchClass) built from the site, the policy or count, the functor, `options` and the
  /// results, run with the kernel instantiated for its types. `variants` are lines that name the
  /// kernel's variants run() chooses from (`runArgs`); `note` a comment before the launch object.
  std::string launcherText(const ir::Kernel& K, const std::vector<std::string>& options,
                           const std::string& variants, const std::string& runArgs,
                           const std::string& more = "", const std::string& note = "") const {
    const bool Results = K.pattern != ir::Pattern::For;
    std::vector<std::string> Args{launchSite(K), "policy_or_count", "f"};
    Args.insert(Args.end(), options.begin(), options.end());
    if (Results) Args.push_back("results...");
    return hostFunctionSignature(K, launcher(K), more) + "  using Launch = hpar::rt::cuda::" +
           launchClass(K) + "<PolicyOrCount, Functor" + (Results ? ", Results..." : "") + ">;\n" +
           note + wrappedCall("  const Launch launch(", Args, ");") + variants + "  launch.run(" +
           runArgs + ");\n}\n";
  }

  /// The launcher of a kernel with one variant.
  std::string launcherOf(const ir::Kernel& K) const { return launcherText(K, {}, "", instance(K)); }

  /// The comment on the Views a team kernel's lambda only reads, and the launch's option that
  /// explains how it reads them (ReadOnlyViews).
  static std::string readOnlyNote(const ir::Kernel& K) {
    const std::string Read = joined(K.viewReads.readOnly);
    const std::string Others = K.viewReads.others.empty()
                                   ? "no other View"
                                   : "none of " + joined(K.viewReads.others) + "'s";
    return "  // " + Read + ": only read by the kernel. reads_apart: their memory overlaps " +
           Others + ";\n"
           "  // the kernel then reads them through the read-only data cache (read_only).\n";
  }

  /// The launcher of a team kernel: compiled for one block, one variant; else the narrow and the
  /// wide one (TeamKernelBlock). With Views only read, each is the one for reads_apart.
  std::string teamLauncher(const ir::Kernel& K) const {
    std::vector<std::string> Options{teamKernelBlock(K)};
    if (!readsApart(K)) {
      if (fixedTeamShape(K)) return launcherText(K, Options, "", instance(K));
      return launcherText(K, Options,
                          "  const auto narrow = " + instance(K, ", true") + ";\n" +
                              "  const auto wide = " + instance(K, ", false") + ";\n",
                          "narrow, wide");
    }
    Options.push_back("hpar::rt::cuda::ReadOnlyViews{\"" + joined(K.viewReads.readOnly) +
                      "\", reads_apart}");
    auto Chosen = [&](const std::string& Local, const std::string& Apart, const std::string& Not) {
      return "  const auto " + Local + " = reads_apart ? " + instance(K, Apart) + "\n" +
             std::string(Local.size() + 28, ' ') + ": " + instance(K, Not) + ";\n";
    };
    if (fixedTeamShape(K))
      return launcherText(K, Options, Chosen("kernel", ", true", ", false"), "kernel",
                          ", const bool reads_apart", readOnlyNote(K));
    // Views that overlap what the kernel writes are rare (a View read and written through two
    // names): they run the wide kernel as written whatever the block, which saves nvcc a fourth
    // instantiation of every such kernel.
    return launcherText(K, Options,
                        Chosen("narrow", ", true, true", ", false, false") +
                            Chosen("wide", ", false, true", ", false, false"),
                        "narrow, wide", ", const bool reads_apart", readOnlyNote(K));
  }

  /// Rank-2/3 MDRange for: tiles on blockIdx, points on threadIdx (no division per point).
  std::string gridForKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{
        kPolicyParam, kFunctorParam,
        {"hpar::rt::cuda::MDGrid<Policy::rank, Policy::inner_left>", "box", false}};
    std::ostringstream o;
    const char* axes[3] = {"x", "y", "z"};
    o << kernelHead("", K.name, "class Policy, class Functor", params, ", bool OnePointPerThread")
      << "  using index_type = typename Policy::index_type;\n"
      << "  if constexpr (OnePointPerThread) {  // the usual case: one block per tile, one thread per point\n"
      << "    int64_t i[Policy::rank];\n"
      << "    if (box.point_of_thread(i)) " << forCall(K) << ";\n"
      << "  } else {  // tiles or points beyond what the grid and the block cover\n";
    std::string indent = "    ";
    for (int a = 2; a >= 0; --a, indent += "  ")
      o << indent << "for (int64_t b" << axes[a] << " = blockIdx." << axes[a] << "; b" << axes[a]
        << " < box.tiles[" << a << "]; b" << axes[a] << " += gridDim." << axes[a] << ")\n";
    for (int a = 2; a >= 0; --a, indent += "  ")
      o << indent << "for (int t" << axes[a] << " = threadIdx." << axes[a] << "; t" << axes[a]
        << " < box.tile[" << a << "]; t" << axes[a] << " += blockDim." << axes[a] << ")"
        << (a == 0 ? " {" : "") << "\n";
    o << indent << "int64_t i[Policy::rank];\n"
      << indent << "if (box.point(bx, by, bz, tx, ty, tz, i)) " << forCall(K) << ";\n"
      << std::string(indent.size() - 2, ' ') << "}\n"
      << "  }\n"
      << "}\n\n"
      << launcherText(K, {},
                      "  const auto looping = " + instance(K, ", false") + ";\n" +
                          "  const auto direct = " + instance(K, ", true") + ";\n",
                      "looping, direct");
    return o.str();
  }

  /// TeamPolicy for: one block of (vector_length, team_size) threads per team, league-stride.
  std::string teamForKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kTeamScratchParam};
    std::ostringstream o;
    o << kernelHead(teamBounds(K), K.name, "class Policy, class Functor", params,
                    teamVariantParam(K))
      << teamAssume(K)
      << leagueLoop(K, forCall(K)) << "}\n\n"
      << teamLauncher(K);
    return o.str();
  }

  /// TeamPolicy reduce: every lane runs the functor; lane 0 of each thread contributes.
  std::string teamReduceKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kSpecParam,
                                          {"hpar::rt::cuda::ReduceState<Spec>", "state", false},
                                          kTeamScratchParam};
    std::ostringstream o;
    o << kernelHead(teamBounds(K), K.name, "class Policy, class Functor, class Spec", params,
                    teamVariantParam(K))
      << teamAssume(K)
      << "  hpar::rt::cuda::Accumulator<Spec> acc(spec);\n"
      << leagueLoop(K, "spec.call(f, acc.data(), team)")
      << "  hpar::rt::cuda::finish_team_reduce(spec, state, acc.data());\n"
      << "}\n\n"
      << teamLauncher(K);
    return o.str();
  }

  /// The comment of a kernel whose lambda has a staged loop: what the loop reads, and what a
  /// thread past the end does (`past`, after "told by hpar_active that it is not in the range, ").
  static std::string stagedNote(const ir::Kernel& K, const std::string& past) {
    return "  // " + stagedLoopPlace(K) + " reads " + stagedElements(K.stagedLoop) +
           " alike in every thread;\n" +
           "  // the block loads them into shared memory a tile at a time, so all its threads run the\n"
           "  // lambda together: one past the end runs it at the last index, told by hpar_active\n"
           "  // that it is not in the range, " + past + "\n";
  }
  /// The grid-stride loop by blocks of a staged kernel, every thread calling `call` (a statement
  /// without its semicolon) at its index i, which may be past the end.
  static std::string stagedBlocks(const std::string& call) {
    return "  const int64_t end = policy.end();\n"
           "  for (int64_t first = policy.begin() + blockIdx.x * (int64_t)blockDim.x; first < end;\n"
           "       first += (int64_t)gridDim.x * blockDim.x) {\n"
           "    const int64_t i = first + threadIdx.x;\n"
           "    " + call + ";\n"
           "  }\n";
  }

  /// A range parallel_for whose lambda has a staged loop (ir::StagedLoop): the grid-stride loop
  /// steps by blocks, and every thread of a block calls the lambda, those past the end at the last
  /// index with hpar_active false, so that all reach the loop's barriers.
  std::string stagedForKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor", params)
      << "  using index_type = typename Policy::index_type;\n"
      << stagedNote(K, "and skips what follows the loop")
      << stagedBlocks(callWith(K, "f", "index_type(i < end ? i : end - 1), i < end"))
      << "}\n\n"
      << launcherOf(K);
    return o.str();
  }

  std::string forKernel(const ir::Kernel& K) const {
    if (K.policy == ir::PolicyKind::Team) return teamForKernel(K);
    if (K.policy == ir::PolicyKind::MDRange && K.rank <= 3) return gridForKernel(K);
    if (K.staged) return stagedForKernel(K);
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor", params)
      << "  using index_type = typename Policy::index_type;\n"
      << loops(K, forCall(K)) << "}\n\n"
      << launcherOf(K);
    return o.str();
  }

  /// A range parallel_reduce whose lambda has a staged loop: as stagedForKernel, and a thread past
  /// the end accumulates into a value of its own that is dropped (the lambda may add to its
  /// accumulator inside the loop). Blocks of at most stage_max_block threads, the tiles' size.
  std::string stagedReduceKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kSpecParam,
                                          {"hpar::rt::cuda::ReduceState<Spec>", "state", false}};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor, class Spec", params)
      << "  using index_type = typename Policy::index_type;\n"
      << "  static_assert(!Spec::is_array, \"a staged reduction's lambda holds whole values\");\n"
      << stagedNote(K, "adds to `dropped` instead of its accumulator, and skips\n  // what follows the loop")
      << "  hpar::rt::cuda::Accumulator<Spec> acc(spec), dropped(spec);\n"
      << stagedBlocks("spec.call(hpar::rt::cuda::with_flag(f, i < end), i < end ? acc.data() : dropped.data(),\n"
                      "                  index_type(i < end ? i : end - 1))")
      << "  hpar::rt::cuda::finish_reduce(spec, state, acc.data());\n"
      << "}\n\n"
      << launcherText(K, {}, "", instance(K) + ", hpar::rt::cuda::stage_max_block");
    return o.str();
  }

  std::string reduceKernel(const ir::Kernel& K) const {
    if (K.policy == ir::PolicyKind::Team) return teamReduceKernel(K);
    if (K.staged) return stagedReduceKernel(K);
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kSpecParam,
                                          {"hpar::rt::cuda::ReduceState<Spec>", "state", false}};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor, class Spec", params)
      << "  using index_type = typename Policy::index_type;\n"
      << "  hpar::rt::cuda::Accumulator<Spec> acc(spec);\n"
      << loops(K, "spec.call(f, acc.data(), " + indexArgs(K) + ")")
      << "  hpar::rt::cuda::finish_reduce(spec, state, acc.data());\n"
      << "}\n\n"
      << launcherOf(K);
    return o.str();
  }

  std::string scanKernel(const ir::Kernel& K) const {
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kSpecParam,
                                          {"hpar::rt::cuda::ScanState<Spec>", "state", false}};
    std::ostringstream o;
    o << kernelHead("__launch_bounds__(hpar::rt::cuda::ScanTiling<typename Spec::value_type>::"
                    "block_threads,\n    hpar::rt::cuda::ScanTiling<typename Spec::value_type>::"
                    "min_blocks)\n    ",
                    K.name, "class Policy, class Functor, class Spec", params)
      << "  using index_type = typename Policy::index_type;\n"
      << "  using value_type = typename Spec::value_type;\n"
      << "  hpar::rt::cuda::scan_tiles(spec, state, policy.begin(), policy.end(),\n"
      << "      [&](int64_t i, value_type& update, bool final) { spec.call(f, update, final, index_type(i)); });\n"
      << "}\n\n"
      << launcherOf(K);
    return o.str();
  }
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() { return std::make_unique<CudaBackend>(); }

}  // namespace emit
}  // namespace hpar
