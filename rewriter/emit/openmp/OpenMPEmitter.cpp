// OpenMP 5 offload backend: each dispatch becomes a host function named after the dispatch whose
// body is the target region(s), set up by a launch object of the runtime (rt/openmp/launch.hpp,
// team_launch.hpp: RegionText.h's launchObject). Lowering table: ARCHITECTURE.md section 5; exact
// shapes: docs/design.md section 7.
#include "emit/Registry.h"
#include "emit/Shared.h"
#include "emit/openmp/RegionText.h"
#include "emit/openmp/TeamKernel.h"

#include <sstream>
#include <vector>

namespace hpar {
namespace emit {
namespace {

using namespace openmp;

/// The operator of OpenMP's reduction clause for a built-in scalar reduction, or "" when the
/// reduction needs per-thread partials (a functor's join, reducers over structs, custom reducers).
const char* clauseOperator(ir::ScalarReduce Op) {
  switch (Op) {
  case ir::ScalarReduce::Sum: return "+";
  case ir::ScalarReduce::Prod: return "*";
  case ir::ScalarReduce::Min: return "min";
  case ir::ScalarReduce::Max: return "max";
  case ir::ScalarReduce::LAnd: return "&&";
  case ir::ScalarReduce::LOr: return "||";
  case ir::ScalarReduce::BAnd: return "&";
  case ir::ScalarReduce::BOr: return "|";
  case ir::ScalarReduce::Other: return "";
  }
  return "";
}

/// Where each level of a team region runs (the nest comment above the region).
const char* levelMapping(ir::NestedConstruct::Level L) {
  switch (L) {
  case ir::NestedConstruct::Level::Thread: return "the team's threads, omp_get_thread_num() / lanes";
  case ir::NestedConstruct::Level::Vector: return "the thread's lanes (OpenMP threads of their own with clang on an NVIDIA GPU, else one lane)";
  case ir::NestedConstruct::Level::TeamVector: return "every lane of every thread, omp_get_thread_num()";
  case ir::NestedConstruct::Level::PerTeam: return "thread 0 of the team";
  case ir::NestedConstruct::Level::PerThread: return "lane 0 of every thread";
  }
  return "";
}

/// A staged loop's tiles: the team's shared memory with clang on an NVIDIA GPU (stage_loops), the
/// loop as written in every other build (rt/openmp/stage.hpp).
const StagingSpelling kOmpStaging{
    "hpar::rt::omp::stage_threads()", "hpar::rt::omp::stage_thread()",
    "hpar::rt::omp::stage_barrier();",
    [](const std::string& Name, const std::string& Access, unsigned, unsigned Offset) {
      return "const hpar::rt::omp::StageTile<decltype(" + Access + ")> " + Name + "(" +
             std::to_string(Offset) + ");";
    },
    [](const std::string& Name, const std::string& View, unsigned Index, unsigned TileBytes) {
      return "const hpar::rt::omp::StageTable<decltype(" + View + ".data())> " + Name + "(" + View +
             ", " + std::to_string(TileBytes) + ", " + std::to_string(Index) + ");";
    },
    "hpar::rt::omp::stage_table_fits", "hpar::rt::omp::stage_in_bounds",
    "hpar::rt::omp::stage_loops", "HPAR_OMP_STAGE_UNROLL"};

std::string indexArgs(const ir::Kernel& K) { return emit::indexArgs(K, pointIndex); }
/// The type a scan region hands its functor the index as: the loop's own int64_t where the call
/// operator takes it as a parameter of a fixed type (ir::Kernel::plainIndexParams, as forCall
/// below): through a 32-bit index_type clang's code zero-extends it in the loop, and scan's
/// kernel took 90 registers against 80 before 7331e10 gave OpenMPTarget Kokkos' unsigned index
/// type (docs/performance.md, 2026-11-30 21:05 UTC).
std::string scanIndexType(const ir::Kernel& K) { return K.plainIndexParams ? "int64_t" : "index_type"; }
/// The functor call of a parallel_for region. Functors whose index parameters have fixed types take
/// the loop's int64_t index as it is (ir::Kernel::plainIndexParams): the same values as through
/// index_type, but with clang on an NVIDIA GPU a 32-bit index_type (Kokkos' unsigned for
/// OpenMPTarget) round trip zero-extends the index in the loop, and stencil3d's kernel took 1.07
/// against 0.82 ms on an H200 (docs/performance.md, 2026-11-30 17:38 UTC).
std::string forCall(const ir::Kernel& K) {
  return emit::forCall(K, "fn", pointIndex, !K.plainIndexParams);
}

/// Local copies of the MDRange bounds: l0, u0, l1, u1, ...
std::string mdBounds(const ir::Kernel& K) {
  std::ostringstream o;
  for (int d = 0; d < K.rank; ++d)
    o << "  const int64_t l" << d << " = policy.lower(" << d << "), u" << d << " = policy.upper("
      << d << ");\n";
  return o.str();
}

/// A worksharing loop nest over an MDRange box (`pragma` on the outermost loop, collapsing its
/// `collapse` outer loops: all of them when 0) around `body`, in both orders, chosen by the
/// policy's inner iteration direction.
std::string loopNest(const ir::Kernel& K, const std::string& pragma, const std::string& prelude,
                     const std::string& body, const std::string& indent = "  ", int collapse = 0) {
  std::ostringstream o;
  auto nest = [&](bool left, const std::string& indent) {
    std::ostringstream n;
    n << indent << "#pragma omp " << pragma << " collapse(" << (collapse > 0 ? collapse : K.rank) << ")\n";
    for (int k = 0; k < K.rank; ++k) {
      int d = left ? K.rank - 1 - k : k;  // Left: index 0 innermost
      n << indent << std::string(2 * k, ' ') << "for (int64_t i" << d << " = l" << d << "; i" << d
        << " < u" << d << "; ++i" << d << ")" << (k + 1 == K.rank ? " {" : "") << "\n";
    }
    std::string in = indent + std::string(2 * K.rank, ' ');
    if (!prelude.empty()) n << in << prelude << "\n";
    n << in << body << ";\n"
      << indent << std::string(2 * (K.rank - 1), ' ') << "}\n";
    return n.str();
  };
  o << indent << "if constexpr (Policy::inner_left) {\n" << nest(true, indent + "  ") << indent << "} else {\n"
    << nest(false, indent + "  ") << indent << "}\n";
  return o.str();
}

class OpenMPBackend : public Backend {
public:
  std::string prologue(const ir::TranslationUnit& TU) const override {
    // The device the translation was for: the program's #if tests (KOKKOS_ENABLE_OPENMPTARGET,
    // hpar/rt/openmp/config.hpp) must read in the build as they read in the translator's parse.
    const std::string device =
        TU.openmpOffload
            ? "// For an OpenMP device other than the host (as Kokkos with OpenMPTarget).\n"
              "#ifndef HPAR_OPENMP_OFFLOAD\n#define HPAR_OPENMP_OFFLOAD 1\n#endif\n"
            : "// For the host (as Kokkos with OpenMP).\n#undef HPAR_OPENMP_OFFLOAD\n";
    return "// Generated by hpar-translate " HPAR_VERSION " (backend: openmp) from " + TU.mainFile +
           ".\n// Edit the source file, not this one.\n" + device +
           "#include <hpar/rt/openmp.hpp>\n" + chosenStdHeaders(TU);
  }

  std::string launcher(const ir::Kernel& K) const override { return K.name; }

  /// A team parallel_for that only reads some Views: each read becomes
  /// `hpar::rt::omp::read_only(team, B)(...)` and the call gains whether they are apart.
  void editDispatch(const ir::Kernel& K, output::EditList& Edits) const override {
    editReadOnlyReads(K, "omp", Edits);
    if (K.staged) editStagedLoop(K.stagedLoop, kOmpStaging, Edits);
  }

  std::string kernel(const ir::TranslationUnit& TU, const ir::Kernel& K) const override {
    const bool host = !TU.openmpOffload;  // no target construct (openRegion)
    std::ostringstream o;
    o << kernelComment(K)
      << nestComment(K, kTeamMapping, levelMapping)
      << hostFunctionSignature(K, K.name, readsApart(K) ? ", const bool reads_apart" : "", teamLeadParams(K));
    if (K.policy == ir::PolicyKind::Team) {
      o << teamKernelBody(K, host) << "}\n\n";
      return o.str();
    }
    switch (K.pattern) {
    case ir::Pattern::For:
      o << (K.policy == ir::PolicyKind::Range ? rangeForBody(K, host) : mdRangeForBody(K, host));
      break;
    case ir::Pattern::Reduce:
      if (K.policy == ir::PolicyKind::Range)
        o << rangeReduceBody(K, host);
      else
        o << (*clauseOperator(K.reduceOp) ? clauseReduceBody(K, host) : partialsReduceBody(K, host));
      break;
    case ir::Pattern::Scan: o << scanBody(K, host); break;
    }
    o << "}\n\n";
    return o.str();
  }

  /// Free functions are wrapped in declare target; member functions are compiled for the device
  /// implicitly when a target region uses them (OpenMP 5.0 implicit declare target).
  std::string explainLaunch(const ir::TranslationUnit& TU, const ir::Kernel& K) const override {
    if (!TU.openmpOffload && K.policy != ir::PolicyKind::Team && K.pattern != ir::Pattern::Scan)
      return std::string("for the host: one parallel region of the OpenMP runtime's threads, a "
                         "contiguous block of the ") +
             (K.policy == ir::PolicyKind::Range ? "range" : "box's points (collapsed, the fastest index innermost)") +
             " per thread" +
             (K.pattern == ir::Pattern::Reduce ? "; the threads' values joined in order" : "");
    if (K.policy == ir::PolicyKind::Range)
      return std::string("the range shared by every thread of every team: a grid-stride loop over "
                         "the threads of target teams + parallel") +
             (K.pattern == ir::Pattern::Reduce ? "; each team joins its threads' values, the host "
                                                 "joins the teams'"
                                               : "") +
             ", on the device or, without one, on the host";
    if (K.policy != ir::PolicyKind::Team && K.pattern == ir::Pattern::For)
      return std::string("a block of the box's rows (every index but the fastest) per team of "
                         "target teams + parallel, the fastest index shared by its threads, on "
                         "the device or, without one, on the host");
    if (K.policy != ir::PolicyKind::Team)
      return std::string("the box shared by every thread of every team: target teams distribute "
                         "parallel for, collapsed over every index, on the device or, without one, "
                         "on the host");
    return nestText(K, kTeamMapping, levelMapping) +
           (readsApart(K) ? joined(K.viewReads.readOnly) +
                                " only read: read through the read-only data cache (clang on an "
                                "NVIDIA GPU) by each launch that finds their memory apart from "
                                "the other Views'\n"
                          : std::string()) +
           (K.teamSize > 0
                ? "shape: team size " + std::to_string(K.teamSize) +
                      " from the policy, at most what the device grants a team"
                : std::string("shape: chosen at run time. A team size given at run time is used "
                              "as it is; AUTO is 256 threads on a GPU and 1 on the host (as "
                              "Kokkos' OpenMP backend), at most what the device grants a team")) +
           "; on the host as many teams run at once as the OpenMP runtime's threads hold" +
           "; lanes: the vector length with clang on an NVIDIA GPU, else 1 (a thread runs its "
           "vector loops itself)";
  }

  void markDeviceCode(const ir::TranslationUnit& TU, output::EditList& Edits) const override {
    for (const auto& F : TU.deviceFunctions) {
      if (F.isMember || !F.isDefinition) continue;
      Edits.insert(F.defBegin, "\n#pragma omp declare target\n");
      Edits.insert(F.defEnd, "\n#pragma omp end declare target\n");
    }
    // Constructors and destructors defined outside their class: clang compiles them for the
    // device only when marked (ir::Target::marksOutOfLineStructors).
    for (const auto& R : TU.outOfLineDefinitionsHere) {
      Edits.insert(R.begin, "\n#pragma omp declare target\n");
      Edits.insert(R.end, "\n#pragma omp end declare target\n");
    }
  }

private:
  /// RangePolicy for: target teams whose only statement is parallel (SPMD on a GPU), with a
  /// grid-stride loop over the range.
  std::string rangeForBody(const ir::Kernel& K, bool host) const {
    if (K.staged) return stagedRangeForBody(K, host);
    if (host) return hostRangeForBody(K, forCall(K));
    std::ostringstream o;
    o << launchObject(K, "TargetRangeFor") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << "  const int nteams = launch.teams, nthreads = launch.threads;\n"
      << kFunctorToDevice
      << openRegion(host, "  ", "num_teams(nteams) thread_limit(nthreads) " + std::string(kDevice) + " " + kMapFunctor,
                    "num_threads(nthreads)")
      << "  {\n"
      << threadFunctor("    ")
      << kGridStrideLoop
      << "      " << forCall(K) << ";\n"
      << "  }\n";
    return o.str();
  }

  /// RangePolicy for in a build for the host: a parallel region, a contiguous block of the range
  /// per thread, each index run as `call`.
  std::string hostRangeForBody(const ir::Kernel& K, const std::string& call) const {
    std::ostringstream o;
    o << launchObject(K, "RangeFor") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << kFunctorBytes
      << openRegion(true, "  ", "", "")
      << "  {\n"
      << threadFunctor("    ")
      << kHostBlockLoop
      << "      " << call << ";\n"
      << "  }\n";
    return o.str();
  }

  /// The shared memory a region whose lambda has a staged loop asks for: its tiles for nthreads
  /// threads, then its tables.
  static std::string stageMemory(const ir::Kernel& K) {
    std::string Bytes = "size_t(nthreads) * " + std::to_string(stagedBytesPerThread(K.stagedLoop));
    if (!K.stagedLoop.tables.empty())
      Bytes += " + " + std::to_string(K.stagedLoop.tables.size()) + " * hpar::rt::omp::stage_table_bytes";
    return Bytes;
  }

  /// The comment of a region whose lambda has a staged loop, and its threads: the launch's, at
  /// most stage_max_block (the tiles' size).
  static std::string stagedRegionNote(const ir::Kernel& K) {
    return "  // " + stagedLoopPlace(K) + " reads " + stagedElements(K.stagedLoop) +
           " alike in every thread;\n" +
           "  // with clang on an NVIDIA GPU a team's threads load them into its shared memory a\n"
           "  // tile at a time (hpar::rt::omp::stage_loops), every thread of the team running the lambda\n"
           "  const int nthreads = launch.threads < hpar::rt::omp::stage_max_block ? launch.threads\n"
           "                                                                      : hpar::rt::omp::stage_max_block;\n";
  }

  /// RangePolicy for whose lambda has a staged loop (ir::StagedLoop): the threads of a team take
  /// consecutive indices and every thread of it calls the lambda, one past the end at the last
  /// index with hpar_active false, so that all reach the staging's barriers; the region asks for
  /// the tiles' shared memory. On the host, each thread's block of the range with hpar_active true.
  std::string stagedRangeForBody(const ir::Kernel& K, bool host) const {
    if (host) return hostRangeForBody(K, callWith(K, "fn", "i, true"));
    std::ostringstream o;
    o << launchObject(K, "TargetRangeFor") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << stagedRegionNote(K)
      << "  const int nteams = launch.teams;\n"
      << "  const size_t stage_memory = " << stageMemory(K) << ";\n"
      << kFunctorToDevice
      << openRegion(host, "  ", "num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(stage_memory) " +
                                     std::string(kDevice) + " " + kMapFunctor,
                    "num_threads(nthreads)")
      << "  {\n"
      << threadFunctor("    ")
      << "    const int64_t team_threads = omp_get_num_threads();\n"
      << "    for (int64_t first = begin + (int64_t)omp_get_team_num() * team_threads; first < end;\n"
      << "         first += (int64_t)omp_get_num_teams() * team_threads) {\n"
      << "      const int64_t i = first + omp_get_thread_num();\n"
      << "      " << callWith(K, "fn", "i < end ? i : end - 1, i < end") << ";\n"
      << "    }\n"
      << "  }\n";
    return o.str();
  }

  /// RangePolicy reduce, any reducer: the grid-stride loop into one value per thread, joined per
  /// team in the region (rt::omp::TeamPartials) and over the teams on the host.
  std::string rangeReduceBody(const ir::Kernel& K, bool host) const {
    if (K.staged) return stagedRangeReduceBody(K, host);
    std::ostringstream o;
    o << launchObject(K, host ? "RangeReduce" : "TargetRangeReduce") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << "  value_type* staging = launch.staging;\n"
      << "  value_type* team_results = launch.team_results;\n"
      << (host ? "  const int nthreads = launch.threads;\n"
               : "  const int nteams = launch.teams, nthreads = launch.threads;\n")
      << "  const size_t team_memory = launch.team_memory;  // shared memory per GPU team, or 0\n"
      << (host ? kFunctorBytes : kFunctorToDevice) << kSpecBytes
      << openRegion(host, "  ",
                    "num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(team_memory) " +
                        std::string(kDevice) + " " + kMapFunctorAndSpec + " is_device_ptr(staging, team_results)",
                    "num_threads(nthreads)")
      << "  {\n"
      << threadFunctor("    ")
      << "    " << kSpecOnDevice << "\n"
      << "    // A scalar value stays in a register; an array's lives in the thread's staging slot.\n"
      << "    value_type own;\n"
      << "    value_type* acc = hpar::rt::omp::local_reduce_value && sp.value_count() == 1 ? &own\n"
      << "        : staging + ((int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num()) * sp.value_count();\n"
      << "    sp.init(acc);\n"
      << (host ? kHostBlockLoop : kGridStrideLoop)
      << "      sp.call(fn, acc, " << indexArgs(K) << ");\n"
      << "    hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, team_memory);\n"
      << "  }\n"
      << "  launch.finish();\n";
    return o.str();
  }

  /// RangePolicy reduce whose lambda has a staged loop: as rangeReduceBody, with every thread of
  /// a team calling the lambda as in stagedRangeForBody; one past the end adds to `dropped`, a
  /// value of its own, instead of its accumulator. The team memory is the larger of the tiles'
  /// and the team join's, which come one after the other (the join starts with a barrier). On the
  /// host, each thread's block of the range with hpar_active true.
  std::string stagedRangeReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << launchObject(K, host ? "RangeReduce" : "TargetRangeReduce") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << "  value_type* staging = launch.staging;\n"
      << "  value_type* team_results = launch.team_results;\n";
    if (host)
      o << "  const int nthreads = launch.threads;\n"
        << "  const size_t team_memory = launch.team_memory;\n";
    else
      o << stagedRegionNote(K)
        << "  const int64_t needed = (end - begin + nthreads - 1) / nthreads;  // teams with an index\n"
        << "  const int nteams = needed < launch.teams ? int(needed > 0 ? needed : 1) : launch.teams;\n"
        << "  const size_t team_memory = launch.team_memory;  // the join's shared memory per GPU team, or 0\n"
        << "  const size_t stage_memory = " << stageMemory(K) << ";\n"
        << "  const size_t region_memory = team_memory > stage_memory ? team_memory : stage_memory;\n";
    o << (host ? kFunctorBytes : kFunctorToDevice) << kSpecBytes
      << openRegion(host, "  ",
                    "num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(region_memory) " +
                        std::string(kDevice) + " " + kMapFunctorAndSpec + " is_device_ptr(staging, team_results)",
                    "num_threads(nthreads)")
      << "  {\n"
      << threadFunctor("    ")
      << "    " << kSpecOnDevice << "\n"
      << "    static_assert(!Spec::is_array, \"a staged reduction's lambda holds whole values\");\n"
      << "    value_type own, dropped;\n"
      << "    value_type* acc = hpar::rt::omp::local_reduce_value ? &own\n"
      << "        : staging + ((int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num());\n"
      << "    sp.init(acc);\n"
      << "    sp.init(&dropped);\n";
    if (host)
      o << kHostBlockLoop << "      sp.call(hpar::rt::omp::with_flag(fn, true), acc, " << indexArgs(K) << ");\n";
    else
      o << "    const int64_t team_threads = omp_get_num_threads();\n"
        << "    for (int64_t first = begin + (int64_t)omp_get_team_num() * team_threads; first < end;\n"
        << "         first += (int64_t)omp_get_num_teams() * team_threads) {\n"
        << "      const int64_t i = first + omp_get_thread_num();\n"
        << "      sp.call(hpar::rt::omp::with_flag(fn, i < end), i < end ? acc : &dropped, i < end ? i : end - 1);\n"
        << "    }\n";
    o << "    hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, team_memory);\n"
      << "  }\n"
      << "  launch.finish();\n";
    return o.str();
  }

  /// A host MDRange parallel_for's rows, rank 3 or more, in the policy's tiles (Kokkos' host
  /// default, policies.hpp: 2 along every row index), each row's innermost loop whole; in both
  /// orders. When the fastest row index has at least 16 rows per thread, each thread takes a
  /// contiguous slab of it and every thread walks the slower indices' tiles in order, so that the
  /// threads sweep the box together (a stencil's neighbouring planes stay in the caches of all of
  /// them at once); else a static worksharing loop over the tiles, a contiguous block per thread.
  static std::string hostTiledRows(const ir::Kernel& K) {
    auto walk = [&](bool left, const std::vector<int>& rows, bool slab) {
      const int fast = left ? 0 : K.rank - 1;
      const int split = rows.back();  // the fastest row index
      std::ostringstream w;
      const std::string in = "          ";
      auto lo = [&](int d) { return slab && d == split ? std::string("slab_begin") : "l" + std::to_string(d); };
      auto hi = [&](int d) { return slab && d == split ? std::string("slab_end") : "u" + std::to_string(d); };
      if (slab)
        w << in << "const int64_t slab_begin = l" << split << " + (u" << split << " - l" << split
          << ") * omp_get_thread_num() / omp_get_num_threads();\n"
          << in << "const int64_t slab_end = l" << split << " + (u" << split << " - l" << split
          << ") * (omp_get_thread_num() + 1) / omp_get_num_threads();\n";
      else
        w << in << "#pragma omp for schedule(static) nowait collapse(" << rows.size() << ")\n";
      std::string pad = in;
      for (int d : rows) {
        w << pad << "for (int64_t b" << d << " = " << lo(d) << "; b" << d << " < " << hi(d) << "; b" << d
          << " += t" << d << ")\n";
        pad += "  ";
      }
      for (int d : rows) {
        w << pad << "for (int64_t i" << d << " = b" << d << "; i" << d << " < (b" << d << " + t" << d
          << " < " << hi(d) << " ? b" << d << " + t" << d << " : " << hi(d) << "); ++i" << d << ")\n";
        pad += "  ";
      }
      w << pad << "for (int64_t i" << fast << " = l" << fast << "; i" << fast << " < u" << fast << "; ++i"
        << fast << ")\n"
        << pad << "  " << forCall(K) << ";\n";
      return w.str();
    };
    auto order = [&](bool left) {
      std::vector<int> rows;  // the row indices, slowest first
      for (int k = 0; k + 1 < K.rank; ++k) rows.push_back(left ? K.rank - 1 - k : k);
      const int split = rows.back();
      std::ostringstream o;
      for (int d : rows) o << "        const int64_t t" << d << " = policy.tile(" << d << ");\n";
      o << "        if (u" << split << " - l" << split << " >= 16 * (int64_t)omp_get_num_threads()) {\n"
        << walk(left, rows, true) << "        } else {\n" << walk(left, rows, false) << "        }\n";
      return o.str();
    };
    std::ostringstream o;
    o << "      // Its rows in the policy's tiles (Kokkos' host default: 2 along each row index): each\n"
      << "      // thread a slab of the fastest row index, all of them walking the slower ones together,\n"
      << "      // or, with too few rows there, a contiguous block of tiles per thread.\n"
      << "      if constexpr (Policy::inner_left) {\n" << order(true) << "      } else {\n" << order(false)
      << "      }\n";
    return o.str();
  }

  /// MDRangePolicy for: the rows of the box (every index but the fastest, which the policy's
  /// inner iteration direction names) in contiguous blocks, one per OpenMP team (short ones on a
  /// GPU, rt::omp::row_teams), and the fastest
  /// index shared by the team's threads, so that neighbouring threads touch neighbouring elements
  /// and a team's consecutive rows share cache lines (stencils).
  std::string mdRangeForBody(const ir::Kernel& K, bool host) const {
    if (host) {
      // The box's rows among the threads, each row's fastest loop whole (hostTiledRows for rank
      // 3 or more); with fewer than four rows per thread, its points in one collapsed
      // worksharing loop, a contiguous block of them per thread, the fastest index innermost.
      std::ostringstream o;
      o << launchObject(K, "MDRangeFor") << "  const Policy& policy = launch.policy;\n"
        << kRegionLocals
        << mdBounds(K) << kFunctorBytes
        << "  // The rows of the box (every index but the innermost) divided among the threads when there are\n"
        << "  // enough of them, each row's innermost loop whole in one thread (vectorisable); else its points.\n"
        << "  const bool by_rows = launch.by_rows;\n"
        << openRegion(host, "  ", "", "")
        << "  {\n"
        << threadFunctor("    ")
        << "    if (by_rows) {\n"
        << (K.rank >= 3 ? hostTiledRows(K) : loopNest(K, "for schedule(static) nowait", "", forCall(K), "      ", K.rank - 1))
        << "    } else {\n"
        << loopNest(K, "for schedule(static) nowait", "", forCall(K), "      ")
        << "    }\n"
        << "  }\n";
      return o.str();
    }
    auto region = [&](bool left) {
      const int fast = left ? 0 : K.rank - 1;
      // The outer dimensions from the fastest-varying row index to the slowest.
      std::vector<int> outer;
      for (int k = 1; k < K.rank; ++k) outer.push_back(left ? k : K.rank - 1 - k);
      std::ostringstream r;
      r << openRegion(host, "    ", "num_teams(nteams) thread_limit(nthreads) " + std::string(kDevice) + " " + kMapFunctor,
                      "num_threads(nthreads)")
        << "    {\n"
        << threadFunctor("      ")
        << "      const int64_t per_team = (rows + omp_get_num_teams() - 1) / omp_get_num_teams();\n"
        << "      const int64_t first = omp_get_team_num() * per_team;\n"
        << "      const int64_t last = first + per_team < rows ? first + per_team : rows;\n"
        << "      if (first < last) {\n"
        << "        int64_t rest = first;\n";
      for (size_t n = 0; n < outer.size(); ++n) {
        const int d = outer[n];
        r << "        int64_t i" << d << " = l" << d << " + rest % (u" << d << " - l" << d << ");\n";
        if (n + 1 < outer.size()) r << "        rest /= u" << d << " - l" << d << ";\n";
      }
      // A thread makes few passes of a row: its index is unreduced_index(i) in the call
      // (hpar/nested.hpp), so that clang's device code forms the body's addresses afresh.
      const emit::MDIndexSpelling rowPoint = [fast](int d) {
        return d == fast ? "hpar::impl::unreduced_index(i" + std::to_string(d) + ")" : pointIndex(d);
      };
      r << "        for (int64_t row = first; row < last; ++row) {\n"
        << "          for (int64_t i" << fast << " = l" << fast << " + omp_get_thread_num(); i" << fast
        << " < u" << fast << "; i" << fast << " += omp_get_num_threads())\n"
        << "            " << emit::forCall(K, "fn", rowPoint, !K.plainIndexParams) << ";\n"
        << "          // The next row: the row indices count up like the digits of a number.\n"
        << "          ";
      for (size_t n = 0; n < outer.size(); ++n) {
        const int d = outer[n];
        r << "if (++i" << d << " == u" << d << ") { i" << d << " = l" << d << "; ";
      }
      for (size_t n = 0; n < outer.size(); ++n) r << "}";
      r << "\n"
        << "        }\n"
        << "      }\n"
        << "    }\n";
      return r.str();
    };
    std::ostringstream o;
    o << launchObject(K, "TargetMDRangeFor") << "  const Policy& policy = launch.policy;\n"
      << kRegionLocals
      << mdBounds(K)
      << "  const int nthreads = launch.threads;\n"
      << kFunctorToDevice
      << "  const int64_t rows = launch.rows;  // every index but the fastest\n"
      << "  const int nteams = launch.teams;  // short runs of rows on a GPU\n"
      << "  if constexpr (Policy::inner_left) {\n" << region(true) << "  } else {\n" << region(false)
      << "  }\n";
    return o.str();
  }

  std::string clauseReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << launchObject(K, "MDRangeReduceClause") << "  const Policy& policy = launch.policy;\n"
      << kRegionLocals
      << "  value_type result;  // the reduction clause's variable\n"
      << "  launch.init(result);\n"
      << kFunctorBytes << kSpecBytes << mdBounds(K)
      << loopNest(K,
                  (host ? std::string("parallel for schedule(static)")
                        : std::string("target teams distribute parallel for ") + kDevice + " " + kMapBoth) +
                      " reduction(" + clauseOperator(K.reduceOp) + ": result)",
                  std::string(kFunctorOnDevice) + " const Spec& sp = *reinterpret_cast<const Spec*>(spec_bytes);",
                  "sp.call(fn, &result, " + indexArgs(K) + ")")
      << "  launch.finish(result);\n";
    return o.str();
  }

  std::string partialsReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << launchObject(K, "MDRangeReducePartials") << "  const Policy& policy = launch.policy;\n"
      << kRegionLocals
      << "  value_type* slots = launch.slots;\n"
      << (host ? "  const int nthreads = launch.threads;\n"
               : "  const int nteams = launch.teams, nthreads = launch.threads;\n")
      << "  const int count = launch.count;\n"
      << mdBounds(K)
      << "  const int64_t total = launch.total;  // the box's points\n";
    // Each team walks blocks of nthreads positions and its threads share each block, so every
    // position is visited once however many threads the implementation really starts.
    o << kFunctorBytes << kSpecBytes
      << openRegion(host, "  ", "num_teams(nteams) thread_limit(nthreads) " + std::string(kDevice) + " " + kMapBoth +
                                    " is_device_ptr(slots)",
                    "num_threads(nthreads)")
      << "  {\n"
      << "    " << kFunctorOnDevice << "\n"
      << "    " << kSpecOnDevice << "\n"
      << "    const int64_t team = omp_get_team_num(), thread = omp_get_thread_num();\n"
      << "    const int64_t team_stride = (int64_t)omp_get_num_teams() * nthreads;\n"
      << "    const int team_threads = omp_get_num_threads();\n"
      << "    value_type* acc = slots + (team * nthreads + thread) * count;\n";
    {
      // Unflatten a linear position; the fastest index follows the inner iteration direction.
      if (host)  // a contiguous block of positions per thread
        o << "    (void)team_stride; (void)team_threads;\n"
          << "    #pragma omp for schedule(static) nowait\n"
          << "    for (int64_t lin = 0; lin < total; ++lin) {\n";
      else
        o << "    for (int64_t block = team * nthreads; block < total; block += team_stride)\n"
          << "      for (int64_t lin = block + thread; lin < total && lin < block + nthreads; lin += team_threads) {\n";
      o << "        int64_t rest = lin;\n";
      for (int d = 0; d < K.rank; ++d) o << "        int64_t i" << d << ";\n";
      auto unflatten = [&](bool left) {
        std::ostringstream u;
        for (int k = 0; k < K.rank; ++k) {
          int d = left ? k : K.rank - 1 - k;
          u << "          i" << d << " = l" << d << " + rest % (u" << d << " - l" << d << "); rest /= (u"
            << d << " - l" << d << ");\n";
        }
        return u.str();
      };
      o << "        if constexpr (Policy::inner_left) {\n" << unflatten(true) << "        } else {\n"
        << unflatten(false) << "        }\n"
        << "        sp.call(fn, acc, " << indexArgs(K) << ");\n"
        << "      }\n";
    }
    o << "  }\n"
      << "  launch.finish();\n";
    return o.str();
  }

  /// RangePolicy scan: one region over chunks of the range, each chunk's offset found by
  /// looking back over the chunks before it (rt/openmp/scan.hpp: a chunk is a team's tile on
  /// an NVIDIA GPU built by clang, else one thread's).
  std::string scanBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << launchObject(K, host ? "RangeScan" : "TargetRangeScan") << kRegionLocals
      << "  const int64_t begin = launch.begin, end = launch.end;\n"
      << "  int64_t* states = launch.states;\n"
      << "  value_type* aggregates = launch.aggregates;\n"
      << "  value_type* inclusives = launch.inclusives;\n"
      << "  const int64_t nchunks = launch.count, len = launch.length;\n"
      << (host ? "  const int nthreads = launch.threads;\n"
               : "  const int nteams = launch.teams, nthreads = launch.threads;\n")
      << "  const std::size_t team_memory = launch.team_memory;\n"
      << (host ? kFunctorBytes : kFunctorToDevice) << kSpecBytes
      << "  // One pass: each team (a warp or a thread where teams have no shared memory) takes the next\n"
      << "  // chunk, joins it, looks back over the chunks before it for its offset and runs it again\n"
      << "  // from there with final = true (rt/openmp/scan.hpp).\n"
      << openRegion(host, "  ",
                    "num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(team_memory) " +
                        std::string(kDevice) + " " + kMapFunctorAndSpec + " is_device_ptr(states, aggregates, inclusives)",
                    "num_threads(nthreads)")
      << "  {\n"
      << threadFunctor("    ")
      << "    " << kSpecOnDevice << "\n"
      << "    hpar::rt::omp::scan_single_pass<" << scanIndexType(K)
      << ">(sp, fn, states, aggregates, inclusives, begin, end, nchunks, len);\n"
      << "  }\n"
      << "  launch.finish();\n";
    return o.str();
  }
};

}  // namespace

std::unique_ptr<Backend> makeOpenMPBackend() { return std::make_unique<OpenMPBackend>(); }

}  // namespace emit
}  // namespace hpar
