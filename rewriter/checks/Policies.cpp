// Rule family "policies": execution policies and team scratch requests that no GPU can run.
//
//   hpar-mdrange-rank         MDRangePolicy<Rank<N>> with N outside 2..6 (Kokkos' limit)
//   hpar-nested-mdrange-rank  TeamThreadMDRange / ThreadVectorMDRange / TeamVectorMDRange with
//                             one extent or more than 8
//   hpar-team-size            TeamPolicy(league, team, vector) with constant team * vector > 1024
//   hpar-vector-length        a constant vector length that is not a power of two
//   hpar-scratch-too-large    a constant scratch request above what a team can get
//   hpar-scratch-level        a constant scratch level other than 0 or 1
//   hpar-scratch-unrequested  (warning) team_scratch / thread_scratch / team_shmem at a level the
//                             dispatch's policy requests no bytes for
//
// Only constants are judged (Expr::EvaluateAsInt): AUTO, run-time sizes and policies built where
// this file cannot follow them are left to the checks the header makes at run time
// (impl::policy_problem). The limits are those of current NVIDIA GPUs, the strictest target, so
// that code passing the checks fits every backend:
//   - a team is one CUDA block: at most 1024 threads (team size times vector length);
//   - level-0 scratch is the block's shared memory: at most 232448 bytes (227 KB), the opt-in
//     maximum per block of Hopper (H100, H200; cudaDevAttrMaxSharedMemoryPerBlockOptin), which
//     the CUDA runtime opts in to above 48 KB. Ampere A100 allows 163 KB, so this is an upper
//     bound: a request under it may still fail at launch on an older GPU, never the reverse;
//   - level-1 scratch is device (or host) memory, as much as the launch can allocate: it has no
//     limit here. Kokkos runs a team with 4 GB of level 1 (its unit test large_team_scratch_size)
//     and so does hpar; a request the memory cannot hold stops that launch at run time.
//
// Analysis reads the constructs, the dispatches' policies and the functors' scratch uses
// (analysis/PolicyFindings.h); this family judges them and words the diagnostics.
#include "analysis/PolicyFindings.h"
#include "checks/Checks.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include <optional>
#include <set>
#include <tuple>

using namespace clang;

namespace hpar {
namespace checks {
namespace {

using analysis::PolicyConstructFinding;
using Kind = PolicyConstructFinding::Kind;

constexpr int64_t MDRangeRankMin = 2, MDRangeRankMax = 6;   // Kokkos' MDRangePolicy
constexpr int64_t NestedRankMin = 2, NestedRankMax = 8;     // the team-level MDRanges
constexpr int64_t MaxTeamThreads = 1024;                    // threads of a CUDA block
constexpr uint64_t Level0Limit = 232448;                    // Hopper's opt-in shared memory

/// Scratch allocations are whole multiples of 8 bytes (impl::scratch_round).
uint64_t round8(uint64_t Bytes) {
  return Bytes > UINT64_MAX - 7 ? UINT64_MAX : (Bytes + 7) / 8 * 8;
}

/// The scratch bytes one level of a team takes, from its per-team and per-thread parts.
struct LevelBytes {
  uint64_t team = 0, thread = 0;
  std::optional<int64_t> teamSize;  // positive; null: unknown, counted as one thread
  /// The threads the per-thread part is taken for.
  uint64_t threads() const { return teamSize && *teamSize > 0 ? (uint64_t)*teamSize : 1; }
  /// What the team's level takes: every allocation is rounded up to 8 bytes.
  uint64_t total() const {
    return llvm::SaturatingAdd(round8(team), llvm::SaturatingMultiply(round8(thread), threads()));
  }
  /// What the team's level would take without the rounding.
  uint64_t unrounded() const {
    return llvm::SaturatingAdd(team, llvm::SaturatingMultiply(thread, threads()));
  }
};

/// The most scratch bytes a team can get at a level (0 or 1): level 1 has no constant limit.
uint64_t limitOf(int64_t Level) { return Level == 0 ? Level0Limit : UINT64_MAX; }

/// What a level's request is made of: "1024 bytes per team plus 512 bytes per thread, times team
/// size 256".
std::string partsOf(const LevelBytes& Bytes) {
  std::string M;
  if (Bytes.team > 0 || Bytes.thread == 0) M = std::to_string(Bytes.team) + " bytes per team";
  if (Bytes.thread > 0) {
    if (!M.empty()) M += " plus ";
    M += std::to_string(Bytes.thread) + " bytes per thread";
    if (Bytes.teamSize) M += ", times team size " + std::to_string(*Bytes.teamSize);
  }
  return M;
}

/// "; a GPU block can have at most 232448 bytes of shared memory (227 KB on Hopper)"
std::string limitClause() {
  return "; a GPU block can have at most " + std::to_string(Level0Limit) +
         " bytes of shared memory (227 KB on Hopper)";
}

/// The total of a request, as "is 263168 bytes per team" (or "is at least" when the team size is
/// unknown), or "" when the request is one per-team size that says it already.
std::string totalClause(const LevelBytes& Bytes) {
  const uint64_t Total = Bytes.total();
  if (Bytes.thread == 0 && Total == Bytes.team) return "";
  return std::string(Bytes.thread > 0 && !Bytes.teamSize ? " is at least " : " is ") +
         std::to_string(Total) + " bytes per team" +
         (Total != Bytes.unrounded() ? " (scratch allocations are whole multiples of 8 bytes)" : "");
}

/// The policies family: the constructs of the analysed file, then each instantiation of each dispatch.
class Checker {
public:
  explicit Checker(CheckContext& C) : C(C), Found(C.policies) {}

  /// Runs every check of the family.
  void run() {
    // Every construct of the analysed file (a policy may be built away from its dispatch) ...
    for (const PolicyConstructFinding& F : Found.written) {
      switch (F.kind) {
      case Kind::MDRangePolicy:
        checkMDRangeRank(F.loc, F.range, F.policyType, F.rank, nullptr);
        break;
      case Kind::TeamPolicy: checkTeamShape(F); break;
      case Kind::NestedMDRange: checkNestedRank(F); break;
      case Kind::ScratchRequest:
        checkLevel(F);
        checkRequestSize(F);
        break;
      case Kind::ScratchUse: checkLevel(F); break;
      }
    }
    // ... then what only a dispatch shows: the policy's scratch requests against its functor, in
    // every instantiation of a dispatch written in a template.
    // (Both lists follow the order of instances: the reports come in the order of the file.)
    size_t MDRange = 0, Traced = 0;
    for (size_t I = 0; I < C.instances; ++I) {
      for (; MDRange < Found.mdrangeDispatches.size() && Found.mdrangeDispatches[MDRange].instance == I; ++MDRange)
        checkSite(Found.mdrangeDispatches[MDRange]);
      for (; Traced < Found.teamScratch.size() && Found.teamScratch[Traced].instance == I; ++Traced)
        checkTeamPolicy(Found.teamScratch[Traced]);
    }
  }

private:
  /// Whether `Check` has not been reported at `L` yet: a construct of a template is seen once per
  /// instantiation (and in the template itself when it does not depend on the parameters), a
  /// dispatch once per instantiation. `Level` tells apart the reports of one check that one place
  /// may get for each scratch level.
  bool firstReport(diag::CheckId Check, SourceLocation L, int64_t Level = 0) {
    return Reported.insert({unsigned(Check), L.getRawEncoding(), Level}).second;
  }

  // ---- hpar-mdrange-rank ----

  /// Reports an MDRangePolicy type whose rank `N` is outside 2..6 at `At`; `Kernel` names the
  /// dispatch when the report is made there.
  void checkMDRangeRank(SourceLocation At, SourceRange Range, const Type* Policy, int64_t N,
                        const ir::Kernel* Kernel) {
    if (N >= MDRangeRankMin && N <= MDRangeRankMax) return;
    ReportedMDRanges.insert(Policy);
    if (!firstReport(diag::CheckId::MDRangeRank, At)) return;
    std::string M = Kernel ? "kernel '" + Kernel->name + "' runs over an MDRangePolicy of rank "
                           : "MDRangePolicy of rank ";
    M += std::to_string(N) + "; an MDRangePolicy has " + std::to_string(MDRangeRankMin) + " to " +
         std::to_string(MDRangeRankMax) + " dimensions (Rank<2> to Rank<6>, as in Kokkos)";
    C.report.report(diag::CheckId::MDRangeRank, At, M) << Range;
  }

  // ---- hpar-nested-mdrange-rank ----

  /// Reports a team-level MDRange whose number of extents is outside 2..8.
  void checkNestedRank(const PolicyConstructFinding& F) {
    const int Rank = F.extents;
    if ((Rank >= NestedRankMin && Rank <= NestedRankMax) ||
        !firstReport(diag::CheckId::NestedMDRangeRank, F.loc))
      return;
    std::string M = F.rangeName + " with " + std::to_string(Rank) +
                    (Rank == 1 ? " extent" : " extents") + "; a team-level MDRange takes " +
                    std::to_string(NestedRankMin) + " to " + std::to_string(NestedRankMax) +
                    " extents";
    if (Rank == 1) M += "; for a single index use " + F.singleName + "(team, n)";
    auto D = C.report.report(diag::CheckId::NestedMDRangeRank, F.loc, M);
    D << F.range;
    // With class template argument deduction, one extent becomes the one-dimensional range by
    // renaming the class: TeamThreadMDRange(team, n) -> TeamThreadRange(team, n).
    if (Rank == 1 && F.deducedName.isValid())
      D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(F.deducedName, F.deducedName),
                                        F.singleName);
  }

  // ---- hpar-team-size, hpar-vector-length ----

  /// Reports a TeamPolicy construction whose constant vector length is not a power of two, or
  /// whose constant team size times vector length is more than a team holds.
  void checkTeamShape(const PolicyConstructFinding& F) {
    const std::optional<int64_t> Team = F.team.value, Vector = F.vector.value;
    const bool VectorWritten = F.vector.present && F.vector.written;
    if (Vector && VectorWritten && !llvm::isPowerOf2_64(*Vector > 0 ? (uint64_t)*Vector : 0) &&
        firstReport(diag::CheckId::VectorLength, F.vector.loc)) {
      auto D = C.report.report(diag::CheckId::VectorLength, F.vector.loc,
                               "vector length " + std::to_string(*Vector) +
                                   " is not a power of two");
      D << F.vector.range;
      // A literal becomes the power of two below it, what the CUDA build would use anyway.
      if (*Vector > 1 && F.vector.literal)
        D << FixItHint::CreateReplacement(F.vector.range,
                                          std::to_string(llvm::bit_floor((uint64_t)*Vector)));
    }
    if (!Team) return;  // non-positive sizes are reported at run time
    const int64_t Lanes = Vector && *Vector > 0 ? *Vector : 1;  // AUTO: at least one
    if (*Team > MaxTeamThreads / Lanes && firstReport(diag::CheckId::TeamSize, F.team.loc)) {
      const bool Lanes1 = !(Vector && VectorWritten && *Vector > 1);
      std::string M = "team size " + std::to_string(*Team);
      if (Lanes1)
        M += " is more than the " + std::to_string(MaxTeamThreads) + " threads a team holds";
      else
        M += " times vector length " + std::to_string(*Vector) + " is " +
             std::to_string(*Team * Lanes) + " threads; a team holds at most " +
             std::to_string(MaxTeamThreads);
      auto D = C.report.report(diag::CheckId::TeamSize, F.team.loc, M);
      D << F.team.range;
      if (!Lanes1) D << F.vector.range;
    }
  }

  // ---- hpar-scratch-level ----

  /// Reports a constant scratch level other than 0 or 1 given to a scratch call.
  void checkLevel(const PolicyConstructFinding& F) {
    if (!F.hasLevel) return;
    const std::optional<int64_t> Level = F.level;
    if (!Level || *Level == 0 || *Level == 1 || !firstReport(diag::CheckId::ScratchLevel, F.levelLoc))
      return;
    C.report.report(diag::CheckId::ScratchLevel, F.levelLoc,
                    "scratch level " + std::to_string(*Level) + " given to " + F.method +
                        " does not exist; a team has scratch levels 0 and 1")
        << F.levelRange;
  }

  // ---- hpar-scratch-too-large ----

  /// One set_scratch_size call whose own constant sizes already exceed the limit (its per-thread
  /// part times the constant team size of the policy it is called on, or one thread).
  void checkRequestSize(const PolicyConstructFinding& F) {
    const analysis::ScratchRequest& R = F.request;
    if (!R.level || (*R.level != 0 && *R.level != 1)) return;
    LevelBytes Bytes;
    Bytes.team = R.hasTeam && R.teamBytes ? *R.teamBytes : 0;
    Bytes.thread = R.hasThread && R.threadBytes ? *R.threadBytes : 0;
    if (Bytes.thread > 0) Bytes.teamSize = F.policyTeamSize;
    if (Bytes.total() <= limitOf(*R.level)) return;
    TooLarge.insert(F.call);
    if (!firstReport(diag::CheckId::ScratchTooLarge, F.levelLoc)) return;
    std::string Parts = partsOf(Bytes), Total = totalClause(Bytes);
    C.report.report(diag::CheckId::ScratchTooLarge, F.levelLoc,
                    "level-" + std::to_string(*R.level) + " scratch of " + Parts +
                        (Bytes.thread > 0 && Bytes.teamSize ? "," : "") + Total +
                        limitClause())
        << F.arguments;
  }

  /// The requests of a dispatch's policy together: several set_scratch_size calls at one level
  /// add up (per team and per thread), which no single call shows. Later calls replace earlier
  /// ones at the same level, so each part counts with its smallest constant setting.
  void checkCombinedSize(const ir::Kernel& K, const analysis::TeamScratchFinding& P) {
    const std::vector<analysis::ScratchRequest>& Requests = P.requests;
    if (!P.complete) return;
    for (int64_t Level = 0; Level < 2; ++Level) {
      LevelBytes Bytes;
      std::optional<uint64_t> Team, Thread;
      std::vector<const analysis::ScratchRequestCall*> Parts;
      bool Reported = false;  // a call of this level already reported on its own
      for (size_t I = 0; I < Requests.size(); ++I) {
        const analysis::ScratchRequest& R = Requests[I];
        const analysis::ScratchRequestCall& Call = P.calls[I];
        if (!R.level) return;  // a level that is not constant: no sum is certain
        if (*R.level != Level) continue;
        Reported = Reported || TooLarge.count(Call.call);
        Parts.push_back(&Call);
        if (R.hasTeam) Team = std::min(Team.value_or(UINT64_MAX), R.teamBytes.value_or(0));
        if (R.hasThread) Thread = std::min(Thread.value_or(UINT64_MAX), R.threadBytes.value_or(0));
      }
      Bytes.team = Team.value_or(0);
      Bytes.thread = Thread.value_or(0);
      Bytes.teamSize = P.teamSize;
      if (Reported || Parts.size() < 2 || Bytes.total() <= limitOf(Level) ||
          !firstReport(diag::CheckId::ScratchTooLarge, P.policyLoc, Level))
        continue;
      C.report.report(diag::CheckId::ScratchTooLarge, P.policyLoc,
                      "kernel '" + K.name + "' asks for " + std::to_string(Bytes.total()) +
                          (Bytes.thread > 0 && !Bytes.teamSize ? " bytes or more" : " bytes") +
                          " of level-" + std::to_string(Level) + " scratch per team (" +
                          partsOf(Bytes) + ")" + limitClause())
          << P.policyRange;
      for (const analysis::ScratchRequestCall* Call : Parts)
        C.report.note(Call->levelLoc, "level-" + std::to_string(Level) + " scratch requested here")
            << Call->arguments;
    }
  }

  // ---- per dispatch ----

  /// What one instantiation of a dispatch shows: the rank of an MDRangePolicy built elsewhere.
  void checkSite(const analysis::MDRangeDispatchFinding& F) {
    // Reported at the construction when this file builds a policy of this type.
    if (!ReportedMDRanges.count(F.policyType))
      checkMDRangeRank(F.loc, F.range, F.policyType, F.rank, &C.tu.kernels[F.kernel]);
  }

  /// What one instantiation of a team dispatch shows: its policy's scratch requests against each
  /// other and against its functor's scratch uses.
  void checkTeamPolicy(const analysis::TeamScratchFinding& P) {
    const ir::Kernel& K = C.tu.kernels[P.kernel];
    checkCombinedSize(K, P);
    checkUnrequested(K, P);
  }

  // ---- hpar-scratch-unrequested ----

  /// Warns about scratch a functor uses at a level its policy gives no bytes: every allocation
  /// there returns nullptr. Only when every request is known: a level or size that is not a
  /// constant, or a policy this check cannot follow, silences it. The functor's bodies are its
  /// instantiated ones: in a generic lambda's pattern, t.team_scratch(0) is a dependent call.
  void checkUnrequested(const ir::Kernel& K, const analysis::TeamScratchFinding& P) {
    if (!P.complete) return;
    bool Requested[2] = {false, false};
    for (const analysis::ScratchRequest& R : P.requests) {
      if (!R.level) return;
      if ((*R.level == 0 || *R.level == 1) && R.asksForBytes()) Requested[*R.level] = true;
    }
    if (P.functorShmemSize) Requested[0] = true;
    if (Requested[0] && Requested[1]) return;
    for (const analysis::FunctorScratchUse& Use : P.uses) {
      const std::optional<int64_t> Level = Use.level;
      if (!Level || (*Level != 0 && *Level != 1) || Requested[*Level]) continue;
      if (!firstReport(diag::CheckId::ScratchUnrequested, Use.loc)) continue;
      const std::string L = std::to_string(*Level);
      const std::string Written = Use.method + "(" + (Use.method == "team_shmem" ? "" : L) + ")";
      C.report.report(diag::CheckId::ScratchUnrequested, Use.loc,
                      "kernel '" + K.name + "' uses " + Written +
                          ", but its policy requests no level-" + L +
                          " scratch; every allocation from it returns nullptr")
          << Use.range;
      C.report.note(P.builtAt, "the policy of kernel '" + K.name +
                                   "' is built here; request the bytes with set_scratch_size(" + L +
                                   ", PerTeam(bytes)) or PerThread(bytes)");
    }
  }

  CheckContext& C;
  const analysis::PolicyFindings& Found;
  std::set<std::tuple<unsigned, unsigned, int64_t>> Reported;  // (check, location, level) reported
  llvm::SmallPtrSet<const Type*, 8> ReportedMDRanges;  // MDRangePolicy types with a bad rank
  llvm::SmallPtrSet<const CXXMemberCallExpr*, 8> TooLarge;
};

}  // namespace

void checkPolicies(CheckContext& C) { Checker(C).run(); }

}  // namespace checks
}  // namespace hpar
