// CUDA backend: each dispatch becomes a __global__ function template named after the dispatch
// and a host launcher that sizes the grid from the occupancy API and checks the launch. The
// functor is a kernel parameter, or is read from device memory when the kernel's parameters would
// not fit in the parameter space (rt/cuda/functor_arg.cuh). Everything a launcher issues (the
// kernel, a launch state's reset, the functor's copy, a result's copy) goes to `stream`, the
// stream of the policy's execution space instance (rt/cuda/launch.cuh, stream_of).
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

/// The launch arguments of the held parameters.
const char* kFunctorArg = "hpar::rt::cuda::functor_arg<by_value>(f, stream, site)";
const char* kSpecArg = "hpar::rt::cuda::functor_arg<by_value>(spec, stream, site)";

/// The launch configuration of every kernel: grid, block, dynamic shared memory and the stream.
const char* kLaunch = "<<<shape.grid, shape.block, shape.shmem, stream>>>";

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

/// The launcher's compile-time choice between passing the held parameters by value and through
/// device memory: whether all of `params`, by value, fit in the kernel-parameter space.
std::string byValueChoice(const std::vector<KernelParam>& params) {
  std::string types;
  for (const KernelParam& p : params) types += (types.empty() ? "" : ", ") + p.type;
  return "  constexpr bool by_value = hpar::rt::cuda::fits_in_parameters<" + types + ">();\n";
}

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

/// The launcher's choice of a team kernel variant: `args` the template arguments before the
/// read-only one.
std::string teamVariant(const ir::Kernel& K, const std::string& args) {
  if (!readsApart(K)) return K.name + "<" + args + ">";
  return "reads_apart ? " + K.name + "<" + args + ", true>\n" + "                  : " + K.name +
         "<" + args + ", false>";
}

/// The launcher's team kernel(s), `args` the template arguments before the variant, and its
/// TeamLaunch `launch` (team_launch with `launchArgs` after the kernels); then `kernel`, the one
/// to launch.
std::string teamKernels(const ir::Kernel& K, const std::string& args,
                        const std::string& launchArgs) {
  if (fixedTeamShape(K))
    return "  const auto kernel = " + teamVariant(K, args) + ";\n" +
           "  const hpar::rt::cuda::TeamLaunch launch = hpar::rt::cuda::team_launch(kernel, "
           "kernel, " + launchArgs + ");\n";
  // Views that overlap what the kernel writes are rare (a View read and written through two
  // names): they run the wide kernel as written whatever the block, which saves nvcc a fourth
  // instantiation of every such kernel.
  if (readsApart(K))
    return "  const auto narrow = reads_apart ? " + K.name + "<" + args + ", true, true>\n" +
           "                  : " + K.name + "<" + args + ", false, false>;\n" +
           "  const auto wide = reads_apart ? " + K.name + "<" + args + ", false, true>\n" +
           "                  : " + K.name + "<" + args + ", false, false>;\n" +
           "  const hpar::rt::cuda::TeamLaunch launch = hpar::rt::cuda::team_launch(narrow, wide, " +
           launchArgs + ");\n" + "  const auto kernel = launch.narrow ? narrow : wide;\n";
  return "  const auto narrow = " + teamVariant(K, args + ", true") + ";\n" +
         "  const auto wide = " + teamVariant(K, args + ", false") + ";\n" +
         "  const hpar::rt::cuda::TeamLaunch launch = hpar::rt::cuda::team_launch(narrow, wide, " +
         launchArgs + ");\n" +
         "  const auto kernel = launch.narrow ? narrow : wide;\n";
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

/// The launcher's check that the policy asks for that shape or vector length (none otherwise).
std::string teamShapeCheck(const ir::Kernel& K) {
  if (fixedTeamShape(K))
    return "  hpar::rt::cuda::check_team_shape(policy, " + std::to_string(K.teamSize) + ", " +
           std::to_string(K.vectorLength) + ", site);\n";
  if (knownLanes(K))
    return "  hpar::rt::cuda::check_team_lanes(policy, " + std::to_string(K.vectorLength) +
           ", site);\n";
  return "";
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
  /// The launcher's head, and `stream`: where its launches and copies go.
  std::string launcherHead(const ir::Kernel& K, const std::string& more = "") const {
    return hostFunctionHead(K, launcher(K), more) +
           "  const cudaStream_t stream = hpar::rt::cuda::stream_of(policy);  // the policy's "
           "instance's stream\n";
  }

  /// The launcher's comment and explanation of the Views its lambda only reads.
  static std::string readOnlyNote(const ir::Kernel& K) {
    if (!readsApart(K)) return "";
    const std::string Read = joined(K.viewReads.readOnly);
    const std::string Others = K.viewReads.others.empty()
                                   ? "no other View"
                                   : "none of " + joined(K.viewReads.others) + "'s";
    return "  // " + Read + ": only read by the kernel. reads_apart: their memory overlaps " +
           Others + ";\n"
           "  // the kernel then reads them through the read-only data cache (read_only).\n"
           "  hpar::rt::cuda::explain_read_only(site, reads_apart, \"" + Read + "\");\n";
  }

  std::string shapeOf(const ir::Kernel& K, const char* range, const char* md,
                      const char* extra) const {
    if (K.policy == ir::PolicyKind::Range)
      return std::string("  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::") + range +
             "(kernel, policy.end() - policy.begin(), " + extra + "site);\n";
    return std::string("  const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);\n") +
           "  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::" + md + "(kernel, tiles, " +
           extra + "site);\n";
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
      << launcherHead(K)
      << byValueChoice(params)
      << "  const auto looping = " << K.name << "<Policy, Functor, by_value, false>;\n"
      << "  const auto direct = " << K.name << "<Policy, Functor, by_value, true>;\n"
      << "  hpar::rt::cuda::MDGrid<Policy::rank, Policy::inner_left> box(policy);\n"
      << "  const hpar::rt::cuda::LaunchShape shape = hpar::rt::cuda::md_grid_shape(looping, box, site);\n"
      << "  if (shape.grid.x > 0)\n"
      << "    (box.one_point_per_thread ? direct : looping)" << kLaunch << "(\n"
      << "        policy, " << kFunctorArg << ", box);\n"
      << "  hpar::rt::cuda::check_launch(site);\n"
      << "}\n";
    return o.str();
  }

  /// The launcher of a reduction kernel: the spec, the shape (`shapeLine`), the launch state,
  /// the launch and the hand-over of the result.
  std::string reduceLauncher(const ir::Kernel& K, const std::vector<KernelParam>& params,
                             const std::string& shapeLine, const std::string& moreArgs = "") const {
    std::ostringstream o;
    o << launcherHead(K)
      << (K.policy == ir::PolicyKind::Team ? teamShapeCheck(K) : "")
      << "  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << byValueChoice(params)
      << (K.policy == ir::PolicyKind::Team
              ? ""
              : "  const auto kernel = " + K.name + "<Policy, Functor, Spec, by_value>;\n")
      << shapeLine
      << "  const auto state = hpar::rt::cuda::ReduceState<Spec>::acquire(shape, spec, stream, site);\n"
      << "  kernel" << kLaunch << "(policy, " << kFunctorArg << ",\n"
      << "      " << kSpecArg << ", state" << moreArgs << ");\n"
      << "  hpar::rt::cuda::check_launch(site);\n"
      << "  hpar::rt::cuda::store_result(spec, state, stream, site);\n"
      << "}\n";
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
      << launcherHead(K, readsApart(K) ? ", const bool reads_apart" : "")
      << teamShapeCheck(K)
      << readOnlyNote(K)
      << byValueChoice(params)
      << teamKernels(K, "Policy, Functor, by_value", "policy, f, 0, false, stream, site")
      << "  const hpar::rt::cuda::LaunchShape& shape = launch.shape;\n"
      << "  if (shape.grid.x > 0)\n"
      << "    kernel" << kLaunch << "(policy, " << kFunctorArg << ", launch.scratch);\n"
      << "  hpar::rt::cuda::check_launch(site);\n"
      << "}\n";
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
      << reduceLauncher(K, params,
                        teamKernels(K, "Policy, Functor, Spec, by_value",
                                    "policy, f,\n"
                                    "      hpar::rt::cuda::detail::accumulator_shared_per_thread("
                                    "spec), true, stream, site") +
                            "  const hpar::rt::cuda::LaunchShape& shape = launch.shape;\n",
                        ", launch.scratch");
    return o.str();
  }

  std::string forKernel(const ir::Kernel& K) const {
    if (K.policy == ir::PolicyKind::Team) return teamForKernel(K);
    if (K.policy == ir::PolicyKind::MDRange && K.rank <= 3) return gridForKernel(K);
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor", params)
      << "  using index_type = typename Policy::index_type;\n"
      << loops(K, forCall(K)) << "}\n\n"
      << launcherHead(K)
      << byValueChoice(params)
      << "  const auto kernel = " << K.name << "<Policy, Functor, by_value>;\n"
      << shapeOf(K, "range_shape", "md_shape", K.policy == ir::PolicyKind::Range ? "0, " : "")
      << "  if (shape.grid.x > 0)\n"
      << "    kernel" << kLaunch << "(policy, " << kFunctorArg << ");\n"
      << "  hpar::rt::cuda::check_launch(site);\n"
      << "}\n";
    return o.str();
  }

  std::string reduceKernel(const ir::Kernel& K) const {
    if (K.policy == ir::PolicyKind::Team) return teamReduceKernel(K);
    const std::vector<KernelParam> params{kPolicyParam, kFunctorParam, kSpecParam,
                                          {"hpar::rt::cuda::ReduceState<Spec>", "state", false}};
    std::ostringstream o;
    o << kernelHead("", K.name, "class Policy, class Functor, class Spec", params)
      << "  using index_type = typename Policy::index_type;\n"
      << "  hpar::rt::cuda::Accumulator<Spec> acc(spec);\n"
      << loops(K, "spec.call(f, acc.data(), " + indexArgs(K) + ")")
      << "  hpar::rt::cuda::finish_reduce(spec, state, acc.data());\n"
      << "}\n\n"
      << reduceLauncher(K, params, shapeOf(K, "reduce_shape", "md_reduce_shape", "spec, "));
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
      << launcherHead(K)
      << "  const auto spec = hpar::impl::make_scan_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << byValueChoice(params)
      << "  const auto kernel = " << K.name << "<Policy, Functor, Spec, by_value>;\n"
      << "  const hpar::rt::cuda::LaunchShape shape =\n"
      << "      hpar::rt::cuda::scan_shape(kernel, policy.end() - policy.begin(), spec, site);\n"
      << "  const auto state = hpar::rt::cuda::ScanState<Spec>::acquire(shape, spec, stream, site);\n"
      << "  kernel" << kLaunch << "(policy, " << kFunctorArg << ",\n"
      << "      " << kSpecArg << ", state);\n"
      << "  hpar::rt::cuda::check_launch(site);\n"
      << "  hpar::rt::cuda::store_total(spec, state, stream, site);\n"
      << "}\n";
    return o.str();
  }
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() { return std::make_unique<CudaBackend>(); }

}  // namespace emit
}  // namespace hpar
