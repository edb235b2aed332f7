// OpenMP backend: a TeamPolicy kernel's launcher, for a device (`target teams` + `parallel`) and
// for the host (a `parallel` region of several teams side by side). Exact shapes: docs/design.md
// sections 7 and 8.
#include "emit/openmp/TeamKernel.h"
#include "emit/Shared.h"
#include "emit/openmp/RegionText.h"

#include <sstream>
#include <vector>

namespace hpar {
namespace emit {
namespace openmp {
namespace {

bool assumesShape(const ir::Kernel& K);
bool scansOverThreads(const std::vector<ir::NestedConstruct>& nest);
bool mayRunWide(const ir::Kernel& K);
bool placesTeamMemory(const ir::Kernel& K);
/// A leading template parameter of a team launcher (leadParams).
struct LeadParam {
  const char* type;
  const char* name;
  const char* initial;
};
std::vector<LeadParam> leadParams(const ir::Kernel& K);

/// The functor's call for one team of the league loop. A parallel_for that only reads some
/// Views calls it twice over, so that each call, inlined, knows whether they are apart from
/// the others (rt/read_only.hpp).
std::string teamCall(const ir::Kernel& K) {
  if (K.pattern == ir::Pattern::Reduce) return "        sp.call(fn, acc, team);\n";
  const std::string call = emit::forCall(K, "fn", pointIndex);
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
std::string shapeAssumed(const ir::Kernel& K) {
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
bool assumesShape(const ir::Kernel& K) {
  return K.vectorLength > 0 && (K.teamSize > 0 || K.pattern == ir::Pattern::For);
}

/// The options of a team launch (rt::omp::TeamOptions), one named field a line: the shape the
/// region assumes (shapeAssumed), which the dispatch checks against the policy, and whether the
/// closure scans over the team's threads.
std::string teamOptions(const ir::Kernel& K) {
  std::string o = "  hpar::rt::omp::TeamOptions options;  // what the region was compiled for\n";
  if (assumesShape(K) && K.teamSize > 0)
    o += "  options.assumed_team_size = " + std::to_string(K.teamSize) + ";\n";
  if (assumesShape(K))
    o += "  options.assumed_vector_length = " + std::to_string(K.vectorLength) + ";\n";
  o += std::string("  options.scans_over_threads = ") + (scansOverThreads(K.nest) ? "true" : "false") + ";\n";
  // The compilation's leading template arguments name its kernel in the device image, whose
  // registers size the launch (rt/openmp/occupancy.hpp).
  std::string lead;
  for (const LeadParam& p : leadParams(K)) lead += (lead.empty() ? "" : ", ") + std::string(p.name);
  if (!lead.empty()) o += "  options.compiled_for = hpar::rt::omp::template_args(" + lead + ");\n";
  return o;
}

/// Whether a team kernel's closure runs a nested scan over the team's threads (TeamThreadRange
/// or TeamVectorRange), whose staging the launch then puts in the team's shared memory.
bool scansOverThreads(const std::vector<ir::NestedConstruct>& nest) {
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
bool mayRunWide(const ir::Kernel& K) {
  return K.policy == ir::PolicyKind::Team &&
         !(K.teamSize > 0 && K.vectorLength > 0 && K.teamSize * K.vectorLength <= 256);
}

/// A team launcher's turn to another compilation of itself (leadParams): in the compilations
/// where `compiled` holds, a return of `call` when `when` holds at run time.
std::string compilationChoice(const std::string& compiled, const std::string& when,
                                     const std::string& call) {
  return "  if constexpr (" + compiled + ") {\n    if (" + when + ")\n      return " + call + ";\n  }\n";
}

/// Whether a team launcher is compiled for where its team memory is (leadParams): when its
/// policy asks for scratch (set_scratch_size), whose reads a pointer chosen in the region
/// would make generic. Measured on an H200, a compilation for kernels without scratch made
/// team_scan 0.357 to 0.418 ms and yax 0.556 to 0.613 (docs/performance.md).
bool placesTeamMemory(const ir::Kernel& K) {
  return K.policy == ir::PolicyKind::Team && K.policyTraced && !K.scratch.empty();
}

/// The launcher's call of its own compilation for `maxThreads`, `apart` and `inDevice`
/// (leadParams), with its own arguments.
std::string selfCall(const ir::Kernel& K, const std::string& maxThreads, const std::string& apart,
                            const std::string& inDevice) {
  std::string args;
  for (const LeadParam& p : leadParams(K)) {
    const std::string name = p.name;
    args += (args.empty() ? "" : ", ") +
            (name == "MaxTeamThreads" ? maxThreads : name == "Apart" ? apart : inDevice);
  }
  std::string call = K.name + "<" + args + ">(" + (K.hasLabel ? "label, " : "") + "policy_or_count, f";
  if (readsApart(K)) call += ", reads_apart";
  if (K.pattern != ir::Pattern::For) call += ", std::forward<Results>(results)...";
  return call + ")";
}

/// The template parameters a team launcher has before the deduced ones: its compilation for
/// teams of up to 1,024 threads (mayRunWide), for Views only read and apart from the others
/// (readsApart: the region then holds only the read-only call, which with both took team_scan
/// from 80 to 84 registers and 0.42 to 0.49 ms on an H200), and for team memory in device
/// memory (clang; the other compilation reads it as shared memory, rt/openmp/team_launch.hpp).
std::vector<LeadParam> leadParams(const ir::Kernel& K) {
  std::vector<LeadParam> lead;
  if (mayRunWide(K)) lead.push_back({"int", "MaxTeamThreads", "0"});
  if (readsApart(K)) lead.push_back({"bool", "Apart", "false"});
  if (placesTeamMemory(K)) lead.push_back({"bool", "TeamMemoryInDevice", "false"});
  return lead;
}

}  // namespace

/// teamLeadParams: leadParams, as the launcher declares them.
std::string teamLeadParams(const ir::Kernel& K) {
  std::string lead;
  for (const LeadParam& p : leadParams(K))
    lead += (lead.empty() ? "" : ", ") + std::string(p.type) + " " + p.name + " = " + p.initial;
  return lead;
}

/// TeamPolicy for and reduce: one region, `target teams` whose only statement is `parallel`
/// (docs/design.md section 8). A team that gets fewer threads than asked runs nothing and is
/// reported.
std::string teamKernelBody(const ir::Kernel& K, bool host) {
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
  std::ostringstream o;
  o << teamOptions(K)
    << "  const hpar::rt::omp::TeamDispatch<PolicyOrCount, Functor> dispatch(" << launchSite(K)
    << ", policy_or_count, f, options);\n";
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
                           "dispatch.wide()",
                           selfCall(K, "1024", "Apart", "TeamMemoryInDevice"));
  if (placesTeamMemory(K))
    o << "  // Team memory too large for a GPU team's shared memory runs this launcher's compilation that\n"
      << "  // keeps it in device memory (clang: this one reads it as shared memory).\n"
      << compilationChoice("hpar::rt::omp::shared_team_memory && !TeamMemoryInDevice",
                           "dispatch.team_memory_in_device()",
                           selfCall(K, "MaxTeamThreads", "Apart", "true"));
  const std::string kind = std::string(host ? "" : "Target") + (reduce ? "TeamReduce" : "TeamFor");
  o << "  using Launch = " << launchType(K, kind) << ";\n"
    << "  Launch launch(dispatch" << (reduce ? ", results..." : "") << ");\n"
    << launchAliases(K) << kRegionLocals
    << "  const int league_size = launch.league_size, team_size = launch.team_size, nteams = launch.teams;\n"
    << "  const int lanes = launch.lanes, team_threads = launch.team_threads;  // OpenMP threads per team\n"
    << "  unsigned char* shared = launch.shared;\n"
    << "  char* scratch = launch.scratch;\n"
    << "  const size_t scratch0 = launch.scratch0, scratch1 = launch.scratch1;\n"
    << "  const size_t team_memory = launch.team_memory;  // shared memory per GPU team, or 0\n"
    << "  int* granted = launch.granted;  // the threads of a team that got fewer than asked\n";
  if (reduce)
    o << "  value_type* staging = launch.staging;\n"
      << "  value_type* team_results = launch.team_results;\n";
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
  return o.str();
}

}  // namespace openmp
}  // namespace emit
}  // namespace hpar
