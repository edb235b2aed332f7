// OpenMP 5 offload backend: each dispatch becomes a host function named after the dispatch whose
// body is the target region(s). Lowering table: ARCHITECTURE.md section 5; exact shapes:
// docs/design.md section 7.
#include "emit/Registry.h"
#include "emit/Shared.h"

#include <sstream>
#include <vector>

namespace hpar {
namespace emit {
namespace {

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

const char* kDevice = "device(hpar::rt::omp::device())";

/// The first line of a team kernel's nest comment and of its --explain-launch remark.
const char* kTeamMapping = "team: an OpenMP team of team_size x lanes threads per hpar team";

// The functor (and the reduction or scan spec) reach the device as copies of their bytes, as
// CUDA kernel parameters do: mapping the class itself is refused by GCC for classes with static
// members and warned about by clang for classes that are not trivially copyable.
const char* kFunctorBytes =
    "  const unsigned char* f_bytes = reinterpret_cast<const unsigned char*>(&f);\n";
/// kFunctorBytes for a region whose threads take threadFunctor(): with clang the functor is also
/// put in the GPU's constant memory for the launch (rt/openmp/device.hpp, ConstantFunctor).
const char* kFunctorToDevice =
    "  const unsigned char* f_bytes = reinterpret_cast<const unsigned char*>(&f);\n"
    "  const hpar::rt::omp::ConstantFunctor<Functor> in_constant(f);  // clang: the functor in constant memory\n";
const char* kSpecBytes =
    "  const unsigned char* spec_bytes = reinterpret_cast<const unsigned char*>(&spec);\n";
const char* kMapBoth = "map(to: f_bytes[0:sizeof(Functor)], spec_bytes[0:sizeof(Spec)])";
/// The maps of a kFunctorToDevice region: its bytes when the functor is not in constant memory,
/// else (HPAR_OMP_MAP_CONSTANT_FUNCTOR) its copy into constant memory, among the region's own
/// transfers.
const char* kMapFunctor = "map(to: f_bytes[0:in_constant.mapped_bytes()]) "
                          "HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes())";
const char* kMapFunctorAndSpec = "map(to: f_bytes[0:in_constant.mapped_bytes()], spec_bytes[0:sizeof(Spec)]) "
                                 "HPAR_OMP_MAP_CONSTANT_FUNCTOR(in_constant.constant_bytes())";
const char* kFunctorOnDevice = "const Functor& fn = *reinterpret_cast<const Functor*>(f_bytes);";
/// In a region's parallel part: the functor as each thread reads it (rt/openmp/device.hpp,
/// kernel_functor: from constant memory with clang, else the thread's own copy of a small
/// functor), the two lines indented by `indent`.
std::string threadFunctor(const std::string& indent) {
  return indent + "const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);\n" + indent +
         "const Functor& fn = thread_fn.get();\n";
}
/// The index of a range kernel's grid-stride loop: thread k of OpenMP team t starts at
/// begin + t * T + k and steps over every thread of every team, as the CUDA output's loop does.
const char* kGridStrideLoop =
    "    const int64_t stride = (int64_t)omp_get_num_teams() * omp_get_num_threads();\n"
    "    for (int64_t i = begin + (int64_t)omp_get_team_num() * omp_get_num_threads() + omp_get_thread_num();\n"
    "         i < end; i += stride)\n";
const char* kSpecOnDevice = "const auto thread_spec = hpar::rt::omp::thread_functor<Spec>(spec_bytes);\n"
                            "    const Spec& sp = thread_spec.get();";

/// The pragmas that open a region: for an OpenMP device, `target teams` (`teams`: its clauses)
/// whose only statement is `parallel` (`parallel`: its clauses), SPMD on a GPU; for the host (an
/// output translated without HPAR_OPENMP_OFFLOAD) the `parallel` region alone, on the OpenMP
/// runtime's thread pool. A target region's host fallback is no substitute there: g++'s starts and
/// ends a pool of threads at every launch (1.6 ms a launch, against 2 us for a parallel region:
/// docs/design.md section 7).
std::string openRegion(bool host, const std::string& indent, const std::string& teams,
                       const std::string& parallel) {
  std::string o = host ? "" : indent + "#pragma omp target teams " + teams + "\n";
  return o + indent + "#pragma omp parallel" + (parallel.empty() ? "" : " " + parallel) + "\n";
}
/// In a host region (openRegion), the worksharing loop over the range: a contiguous block of it
/// per thread, as Kokkos' OpenMP backend divides a range (a grid-stride loop would give
/// neighbouring threads neighbouring elements, sharing cache lines and leaving nothing to
/// vectorise).
const char* kHostBlockLoop =
    "    #pragma omp for schedule(static) nowait\n"
    "    for (int64_t i = begin; i < end; ++i)\n";

/// MDRange points are held as `i0`, `i1`, ... in an OpenMP region.
std::string pointIndex(int d) { return "i" + std::to_string(d); }
std::string indexArgs(const ir::Kernel& K) { return emit::indexArgs(K, pointIndex); }
std::string forCall(const ir::Kernel& K) { return emit::forCall(K, "fn", pointIndex); }

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
  }

  std::string kernel(const ir::TranslationUnit& TU, const ir::Kernel& K) const override {
    const bool host = !TU.openmpOffload;  // no target construct (openRegion)
    std::ostringstream o;
    o << kernelComment(K)
      << nestComment(K, kTeamMapping, levelMapping)
      << hostFunctionHead(K, K.name, readsApart(K) ? ", const bool reads_apart" : "", leadParams(K))
      << "  (void)site;\n"
      << "  using index_type = typename Policy::index_type;\n";
    if (K.policy == ir::PolicyKind::Team) {
      o << teamBody(K, host) << "}\n\n";
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
  /// The functor's call for one team of the league loop. A parallel_for that only reads some
  /// Views calls it twice over, so that each call, inlined, knows whether they are apart from
  /// the others (rt/read_only.hpp).
  static std::string teamCall(const ir::Kernel& K) {
    if (K.pattern == ir::Pattern::Reduce) return "        sp.call(fn, acc, team);\n";
    const std::string call = forCall(K);
    if (!readsApart(K)) return "        " + call + ";\n";
    const std::string apart = callWith(K, "fn", "team.reading_apart()");
    return "        if constexpr (Apart)  // " + joined(K.viewReads.readOnly) +
           ": only read, apart from the other Views: through the read-only data cache\n" +
           "          " + apart + ";\n" +
           "        else\n" +
           "          " + call + ";\n";
  }

  /// The region's statements that tell clang's device code for an NVIDIA GPU the shape the
  /// translator read from the policy (HPAR_OMP_ASSUME, rt/openmp/team.hpp): the team size when
  /// the vector length is known too, as the CUDA output's team_assume_block, and the lanes, the
  /// vector length as Kokkos rounds it (a power of two, at most 32: impl::resolved_vector_length,
  /// written out as a number, since clang ignores an assumption whose condition calls a function).
  static std::string shapeAssumed(const ir::Kernel& K) {
    if (!assumesShape(K)) return "";
    int lanes = 1;
    while (lanes * 2 <= K.vectorLength && lanes < 32) lanes *= 2;
    std::string o = "    // The shape read from the policy, for clang's device code for an NVIDIA GPU (checked before the launch):\n";
    if (K.teamSize > 0) o += "    HPAR_OMP_ASSUME(team_size == " + std::to_string(K.teamSize) + ");\n";
    return o + "    HPAR_OMP_ASSUME(lanes == " + std::to_string(lanes) + ");\n";
  }

  /// Whether the region states the policy's shape: both its team size and vector length are
  /// constants, or its vector length alone in a parallel_for. As with the CUDA output's
  /// team_assume_lanes, a team reduction told its lanes alone took more registers (yax: 48
  /// instead of 40 per thread).
  static bool assumesShape(const ir::Kernel& K) {
    return K.vectorLength > 0 && (K.teamSize > 0 || K.pattern == ir::Pattern::For);
  }

  /// The launcher's check that the policy asks for the shape the region assumes.
  static std::string shapeCheck(const ir::Kernel& K) {
    if (!assumesShape(K)) return "";
    if (K.teamSize > 0)
      return "  hpar::rt::check_team_shape(policy, " + std::to_string(K.teamSize) + ", " +
             std::to_string(K.vectorLength) + ", site);\n";
    return "  hpar::rt::check_team_lanes(policy, " + std::to_string(K.vectorLength) + ", site);\n";
  }

  /// Whether a team kernel's closure runs a nested scan over the team's threads (TeamThreadRange
  /// or TeamVectorRange), whose staging the launch then puts in the team's shared memory.
  static bool scansOverThreads(const std::vector<ir::NestedConstruct>& nest) {
    for (const ir::NestedConstruct& c : nest) {
      if (c.kind == ir::NestedConstruct::Kind::Scan &&
          (c.level == ir::NestedConstruct::Level::Thread ||
           c.level == ir::NestedConstruct::Level::TeamVector))
        return true;
      if (scansOverThreads(c.inner)) return true;
    }
    return false;
  }

  /// Whether a team kernel may have more than narrow_team_threads OpenMP threads a team (its
  /// shape is not constants below that), and so is compiled a second time for 1,024 with clang
  /// (rt/openmp/team_launch.hpp).
  static bool mayRunWide(const ir::Kernel& K) {
    return K.policy == ir::PolicyKind::Team &&
           !(K.teamSize > 0 && K.vectorLength > 0 && K.teamSize * K.vectorLength <= 256);
  }

  /// The template parameters a team launcher has before the deduced ones: its compilation for
  /// teams of up to 1,024 threads (mayRunWide), for Views only read and apart from the others
  /// (readsApart: the region then holds only the read-only call, which with both took team_scan
  /// from 80 to 84 registers and 0.42 to 0.49 ms on an H200), and for team memory in device
  /// memory (clang; the other compilation reads it as shared memory, rt/openmp/team_launch.hpp).
  static std::string leadParams(const ir::Kernel& K) {
    std::string lead = mayRunWide(K) ? "int MaxTeamThreads = 0" : "";
    if (readsApart(K)) lead += std::string(lead.empty() ? "" : ", ") + "bool Apart = false";
    if (placesTeamMemory(K)) lead += std::string(lead.empty() ? "" : ", ") + "bool TeamMemoryInDevice = false";
    return lead;
  }

  /// A team launcher's turn to another compilation of itself (leadParams): in the compilations
  /// where `compiled` holds, a return of `call` when `when` holds at run time.
  static std::string compilationChoice(const std::string& compiled, const std::string& when,
                                       const std::string& call) {
    return "  if constexpr (" + compiled + ") {\n    if (" + when + ")\n      return " + call + ";\n  }\n";
  }

  /// Whether a team launcher is compiled for where its team memory is (leadParams): when its
  /// policy asks for scratch (set_scratch_size), whose reads a pointer chosen in the region
  /// would make generic. Measured on an H200, a compilation for kernels without scratch made
  /// team_scan 0.357 to 0.418 ms and yax 0.556 to 0.613 (docs/performance.md).
  static bool placesTeamMemory(const ir::Kernel& K) {
    return K.policy == ir::PolicyKind::Team && K.policyTraced && !K.scratch.empty();
  }

  /// The launcher's call of its own compilation for `maxThreads`, `apart` and `inDevice`
  /// (leadParams), with its own arguments.
  static std::string selfCall(const ir::Kernel& K, const std::string& maxThreads, const std::string& apart,
                              const std::string& inDevice) {
    std::string args = mayRunWide(K) ? maxThreads : "";
    if (readsApart(K)) args += (args.empty() ? "" : ", ") + apart;
    if (placesTeamMemory(K)) args += (args.empty() ? "" : ", ") + inDevice;
    std::string call = K.name + "<" + args + ">(" + (K.hasLabel ? "label, " : "") + "policy_or_count, f";
    if (readsApart(K)) call += ", reads_apart";
    if (K.pattern != ir::Pattern::For) call += ", std::forward<Results>(results)...";
    return call + ")";
  }

  /// TeamPolicy for and reduce: one region, `target teams` whose only statement is `parallel`
  /// (docs/design.md section 8). A team that gets fewer threads than asked runs nothing and is
  /// reported.
  std::string teamBody(const ir::Kernel& K, bool host) const {
    const bool reduce = K.pattern == ir::Pattern::Reduce;
    std::ostringstream body;
    body << shapeAssumed(K) << threadFunctor("    ");
    if (reduce) body << "    " << kSpecOnDevice << "\n";
    // On the host the region's threads are groups of team_threads, one team each at a time (as
    // many teams as whole groups the region got); on a device an OpenMP team is a team.
    const std::string teamNum = host ? "host_team" : "omp_get_team_num()";
    if (host)
      body << "    const int host_teams = omp_get_num_threads() / team_threads;  // teams at once\n"
           << "    const int host_team = omp_get_thread_num() / team_threads;    // this thread's team\n"
           << "    if (host_teams == 0) {\n";
    else
      body << "    if (omp_get_num_threads() != team_threads) {\n";
    body << "      #pragma omp atomic write\n"
         << "      *granted = omp_get_num_threads();\n"
         << (host ? "    } else if (host_team < host_teams) {\n" : "    } else {\n")
         << "      unsigned char* team_shared = hpar::rt::omp::TeamLaunch::team_shared"
         << (placesTeamMemory(K) ? "<TeamMemoryInDevice>(shared, " : "(shared, team_memory, ")
         << teamNum << ", team_threads);\n";
    if (reduce)
      body << "      value_type own;  // a scalar value in a register; an array's in the thread's staging slot\n"
           << "      value_type* acc = hpar::rt::omp::local_reduce_value && sp.value_count() == 1 ? &own\n"
           << "          : staging + ((int64_t)omp_get_team_num() * team_threads + omp_get_thread_num()) * sp.value_count();\n"
           << "      sp.init(acc);\n";
    if (host)
      body << "      // A contiguous block of the league per team, as Kokkos' OpenMP backend divides it.\n"
           << "      const int per_team = (league_size + host_teams - 1) / host_teams;\n"
           << "      const int first = host_team * per_team;\n"
           << "      const int last = league_size - first < per_team ? league_size : first + per_team;\n"
           << "      for (int league = first; league < last; ++league) {\n";
    else
      body << "      for (int league = omp_get_team_num(); league < league_size; league += omp_get_num_teams()) {\n";
    body << "        const hpar::rt::omp::TeamMember team(league, league_size, team_size, lanes, team_shared,\n"
         << "            hpar::rt::omp::TeamLaunch::team_scratch"
         << (placesTeamMemory(K) ? "<TeamMemoryInDevice>(scratch, " : "(scratch, team_memory, ")
         << teamNum << ", team_threads, scratch0, scratch1),\n"
         << "            hpar::rt::omp::TeamLaunch::team_staging(team_memory, team_threads, scratch0));\n"
         << teamCall(K)
         << (host ? "        hpar::rt::omp::TeamLaunch::end_team(team, scratch0 + scratch1);\n"
                  : "        hpar::rt::omp::TeamLaunch::end_team(scratch0 + scratch1);\n")
         << "      }\n";
    if (reduce && host)
      body << "      // The team's threads joined in order into its result.\n"
           << "      hpar::rt::omp::TeamPartials<Spec>::host_team_join(sp, acc, staging, team_results, host_team,\n"
           << "                                                        team_threads, team_shared);\n";
    else if (reduce)
      body << "      if (omp_get_thread_num() % lanes != 0) sp.init(acc);  // a thread counts once, by its lane 0\n"
           << "      // The team's threads joined in order, in device memory (team_memory 0).\n"
           << "      hpar::rt::omp::TeamPartials<Spec>::team_join(sp, acc, staging, team_results, 0);\n";
    body << "    }\n";
    const std::string maps = std::string(kDevice) + " " + (reduce ? kMapFunctorAndSpec : kMapFunctor) +
                             " is_device_ptr(shared, scratch, granted" + (reduce ? ", staging, team_results" : "") + ")";
    const std::string scans = scansOverThreads(K.nest) ? "true" : "false";
    std::ostringstream o;
    o << shapeCheck(K);
    if (readsApart(K))
      o << "  // Views only read and apart from the others run this launcher's compilation that reads them\n"
        << "  // through the read-only data cache.\n"
        << "  if constexpr (!Apart) {\n"
        << "    if (reads_apart) return " << selfCall(K, "MaxTeamThreads", "true", "TeamMemoryInDevice") << ";\n"
        << "  }\n";
    if (mayRunWide(K))
      o << "  // Teams of more than 256 OpenMP threads run this launcher's compilation for 1,024 (clang:\n"
        << "  // its thread_limit below is then a constant, which any such team can start).\n"
        << compilationChoice("hpar::rt::omp::bounded_wide_teams && MaxTeamThreads == 0",
                             "hpar::rt::omp::TeamLaunch::wide(policy, f, /*scans=*/" + scans + ")",
                             selfCall(K, "1024", "Apart", "TeamMemoryInDevice"));
    if (placesTeamMemory(K))
      o << "  // Team memory too large for a GPU team's shared memory runs this launcher's compilation that\n"
        << "  // keeps it in device memory (clang: this one reads it as shared memory).\n"
        << compilationChoice("hpar::rt::omp::shared_team_memory && !TeamMemoryInDevice",
                             "hpar::rt::omp::TeamLaunch::team_memory_in_device(policy, f, /*scans=*/" + scans + ")",
                             selfCall(K, "MaxTeamThreads", "Apart", "true"));
    o << "  hpar::rt::omp::TeamLaunch launch(policy, f, site, /*scans=*/" << scans << ");\n"
      << "  const int league_size = policy.league_size(), team_size = launch.team_size(), nteams = launch.teams();\n"
      << "  const int lanes = launch.lanes(), team_threads = team_size * lanes;  // OpenMP threads per team\n"
      << "  unsigned char* shared = launch.shared();\n"
      << "  char* scratch = launch.scratch();\n"
      << "  const size_t scratch0 = launch.scratch0(), scratch1 = launch.scratch1();\n"
      << "  const size_t team_memory = launch.team_memory();  // shared memory per GPU team, or 0\n"
      << "  int* granted = launch.granted();  // the threads of a team that got fewer than asked\n";
    if (reduce)
      o << "  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);\n"
        << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
        << "  using value_type = typename Spec::value_type;\n"
        << "  hpar::rt::omp::TeamPartials<Spec> partials(spec, {nteams, team_threads}, site);\n"
        << "  value_type* staging = partials.staging();\n"
        << "  value_type* team_results = partials.results();\n";
    o << (host ? kFunctorBytes : kFunctorToDevice);
    if (reduce) o << kSpecBytes;
    o << (host ? "  // nteams teams at once, each a group of team_threads consecutive threads of one parallel\n"
                 "  // region running a contiguous block of the league (as Kokkos' OpenMP backend).\n"
               : "  // One OpenMP team per hpar team at a time (team t of the league in OpenMP team\n"
                 "  // t % nteams), `lanes` OpenMP threads per hpar thread; on the host one OpenMP team runs them all.\n")
      << openRegion(host, "  ",
                    std::string("num_teams(nteams) thread_limit(") +
                        (mayRunWide(K) ? "MaxTeamThreads > 0 ? MaxTeamThreads : team_threads" : "team_threads") +
                        ") HPAR_OMP_TEAM_MEMORY(team_memory) " + maps,
                    host ? "num_threads(nteams * team_threads)" : "num_threads(team_threads)")
      << "  {\n" << body.str() << "  }\n"
      << "  launch.finish();\n";
    if (reduce) o << "  partials.finish();\n";
    return o.str();
  }

  /// RangePolicy for: target teams whose only statement is parallel (SPMD on a GPU), with a
  /// grid-stride loop over the range.
  std::string rangeForBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    if (host) {
      o << "  const int64_t begin = policy.begin(), end = policy.end();\n"
        << kFunctorBytes
        << openRegion(host, "  ", "", "")
        << "  {\n"
        << threadFunctor("    ")
        << kHostBlockLoop
        << "      " << forCall(K) << ";\n"
        << "  }\n";
      return o.str();
    }
    o << "  const int64_t begin = policy.begin(), end = policy.end();\n"
      << "  const hpar::rt::omp::LaunchShape shape = hpar::rt::omp::partial_shape(hpar::rt::omp::device());\n"
      << "  const int nteams = shape.teams, nthreads = shape.threads;\n"
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

  /// RangePolicy reduce, any reducer: the grid-stride loop into one value per thread, joined per
  /// team in the region (rt::omp::TeamPartials) and over the teams on the host.
  std::string rangeReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << "  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << "  using value_type = typename Spec::value_type;\n"
      << "  const int64_t begin = policy.begin(), end = policy.end();\n"
      << "  hpar::rt::omp::TeamPartials<Spec> partials(spec, site);\n"
      << "  value_type* staging = partials.staging();\n"
      << "  value_type* team_results = partials.results();\n"
      << (host ? "  const int nthreads = partials.threads();\n"
               : "  const int nteams = partials.teams(), nthreads = partials.threads();\n")
      << "  const size_t team_memory = partials.team_memory();  // shared memory per GPU team, or 0\n"
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
      << "  partials.finish();\n";
    return o.str();
  }

  /// MDRangePolicy for: the rows of the box (every index but the fastest, which the policy's
  /// inner iteration direction names) in contiguous blocks, one per OpenMP team (short ones on a
  /// GPU, rt::omp::row_teams), and the fastest
  /// index shared by the team's threads, so that neighbouring threads touch neighbouring elements
  /// and a team's consecutive rows share cache lines (stencils).
  std::string mdRangeForBody(const ir::Kernel& K, bool host) const {
    if (host) {
      // The box's points in one collapsed worksharing loop: a contiguous block of them per
      // thread, the fastest index innermost.
      std::ostringstream o;
      o << mdBounds(K) << kFunctorBytes
        << "  // The rows of the box (every index but the innermost) divided among the threads when there are\n"
        << "  // enough of them, each row's innermost loop whole in one thread (vectorisable); else its points.\n"
        << "  int64_t points = 1;\n"
        << "  for (int d = 0; d < " << K.rank << "; ++d) points *= policy.upper(d) > policy.lower(d) ? policy.upper(d) - policy.lower(d) : 0;\n"
        << "  const int64_t inner_extent = Policy::inner_left ? u0 - l0 : u" << K.rank - 1 << " - l" << K.rank - 1 << ";\n"
        << "  const bool by_rows = inner_extent > 0 && points / inner_extent >= 4 * (int64_t)omp_get_max_threads();\n"
        << openRegion(host, "  ", "", "")
        << "  {\n"
        << threadFunctor("    ")
        << "    if (by_rows) {\n"
        << loopNest(K, "for schedule(static) nowait", "", forCall(K), "      ", K.rank - 1)
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
      r << "    const int64_t rows = ";
      for (size_t n = 0; n < outer.size(); ++n) {
        const int d = outer[n];
        r << (n ? " * " : "") << "(u" << d << " > l" << d << " ? u" << d << " - l" << d << " : 0)";
      }
      r << ";\n"
        << "    const int nteams = hpar::rt::omp::row_teams(rows, shape, hpar::rt::omp::device());  // short runs of rows on a GPU\n"
        << openRegion(host, "    ", "num_teams(nteams) thread_limit(nthreads) " + std::string(kDevice) + " " + kMapFunctor,
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
        << "            " << emit::forCall(K, "fn", rowPoint) << ";\n"
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
    o << mdBounds(K)
      << "  const hpar::rt::omp::LaunchShape shape = hpar::rt::omp::partial_shape(hpar::rt::omp::device());\n"
      << "  const int nthreads = shape.threads;\n"
      << kFunctorToDevice
      << "  if constexpr (Policy::inner_left) {\n" << region(true) << "  } else {\n" << region(false)
      << "  }\n";
    return o.str();
  }

  std::string clauseReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << "  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << "  typename Spec::value_type result;\n"
      << "  spec.init(&result);\n"
      << kFunctorBytes << kSpecBytes << mdBounds(K)
      << loopNest(K,
                  (host ? std::string("parallel for schedule(static)")
                        : std::string("target teams distribute parallel for ") + kDevice + " " + kMapBoth) +
                      " reduction(" + clauseOperator(K.reduceOp) + ": result)",
                  std::string(kFunctorOnDevice) + " const Spec& sp = *reinterpret_cast<const Spec*>(spec_bytes);",
                  "sp.call(fn, &result, " + indexArgs(K) + ")")
      << "  spec.final(&result);\n"
      << "  spec.store(&result, false);\n";
    return o.str();
  }

  std::string partialsReduceBody(const ir::Kernel& K, bool host) const {
    std::ostringstream o;
    o << "  const auto spec = hpar::impl::make_reduce_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << "  using value_type = typename Spec::value_type;\n"
      << "  hpar::rt::omp::ReducePartials<Spec> partials(spec, site);\n"
      << "  value_type* slots = partials.data();\n"
      << (host ? "  const int nthreads = partials.threads();\n"
               : "  const int nteams = partials.teams(), nthreads = partials.threads();\n")
      << "  const int count = spec.value_count();\n";
    o << mdBounds(K) << "  const int64_t total = 1";
    for (int d = 0; d < K.rank; ++d) o << " * (u" << d << " > l" << d << " ? u" << d << " - l" << d << " : 0)";
    o << ";\n";
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
      << "  partials.finish();\n";
    return o.str();
  }

  /// RangePolicy scan: one region over chunks of the range, each chunk's offset found by
  /// looking back over the chunks before it (rt/openmp/scan.hpp: a chunk is a team's tile on
  /// an NVIDIA GPU built by clang, else one thread's).
  std::string scanBody(const ir::Kernel&, bool host) const {
    std::ostringstream o;
    o << "  const auto spec = hpar::impl::make_scan_spec(policy, f, results...);\n"
      << "  using Spec = std::remove_const_t<decltype(spec)>;\n"
      << "  using value_type = typename Spec::value_type;\n"
      << "  const int64_t begin = policy.begin(), end = policy.end();\n"
      << "  hpar::rt::omp::ScanChunks<Spec> chunks(spec, begin, end, site);\n"
      << "  int64_t* states = chunks.states();\n"
      << "  value_type* aggregates = chunks.aggregates();\n"
      << "  value_type* inclusives = chunks.inclusives();\n"
      << "  const int64_t nchunks = chunks.count(), len = chunks.length();\n"
      << (host ? "  const int nthreads = chunks.threads();\n"
               : "  const int nteams = chunks.teams(), nthreads = chunks.threads();\n")
      << "  const std::size_t team_memory = chunks.team_memory();\n"
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
      << "    hpar::rt::omp::scan_single_pass<index_type>(sp, fn, states, aggregates, inclusives, begin, end, nchunks, len);\n"
      << "  }\n"
      << "  chunks.store_total();\n";
    return o.str();
  }
};

}  // namespace

std::unique_ptr<Backend> makeOpenMPBackend() { return std::make_unique<OpenMPBackend>(); }

}  // namespace emit
}  // namespace hpar
