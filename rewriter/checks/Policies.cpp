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
#include "checks/Checks.h"
#include "checks/FunctorCalls.h"
#include "analysis/PolicyTrace.h"
#include "analysis/TeamCode.h"
#include "analysis/Annotations.h"
#include "analysis/PolicyInfo.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
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

constexpr int64_t MDRangeRankMin = 2, MDRangeRankMax = 6;   // Kokkos' MDRangePolicy
constexpr int64_t NestedRankMin = 2, NestedRankMax = 8;     // the team-level MDRanges
constexpr int64_t MaxTeamThreads = 1024;                    // threads of a CUDA block
constexpr uint64_t Level0Limit = 232448;                    // Hopper's opt-in shared memory

/// The name of the team member's scratch method a call calls ("team_scratch", "thread_scratch",
/// "team_shmem"), or "".
llvm::StringRef memberScratchMethod(const CXXMemberCallExpr* C) {
  llvm::StringRef N = analysis::teamMemberMethod(C);
  return N == "team_scratch" || N == "thread_scratch" || N == "team_shmem" ? N : "";
}

/// Scratch allocations are whole multiples of 8 bytes (impl::scratch_round).
uint64_t round8(uint64_t Bytes) {
  return Bytes > UINT64_MAX - 7 ? UINT64_MAX : (Bytes + 7) / 8 * 8;
}

/// The source range of a set_scratch_size call's arguments (every overload takes two or three,
/// none with a default).
SourceRange argumentRange(const CallExpr* C) {
  return SourceRange(C->getArg(0)->getBeginLoc(), C->getArg(C->getNumArgs() - 1)->getEndLoc());
}

/// The team member's scratch calls of a functor body: team_scratch(level), thread_scratch(level),
/// team_shmem().
class ScratchUseCollector : public RecursiveASTVisitor<ScratchUseCollector> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* C) {
    if (!memberScratchMethod(C).empty()) Calls.push_back(C);
    return true;
  }
  std::vector<const CXXMemberCallExpr*> Calls;
};

/// Whether a functor class (or one of its bases) asks for level-0 scratch through
/// team_shmem_size(team_size).
bool hasTeamShmemSize(const Expr* Functor) {
  const CXXRecordDecl* RD = analysis::recordOf(Functor->getType());
  if (!RD || RD->isLambda()) return false;
  if (analysis::hasMember(RD, "team_shmem_size")) return true;
  bool Found = false;
  RD->forallBases([&](const CXXRecordDecl* Base) {
    Found = Found || analysis::hasMember(Base, "team_shmem_size");
    return true;
  });
  return Found;
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

/// The policies family: the constructs of the main file, then each instantiation of each dispatch.
class Checker : public RecursiveASTVisitor<Checker> {
public:
  explicit Checker(CheckContext& C)
      : Ctx(C.ast), SM(C.ast.getSourceManager()), C(C), Tracer(C.ast) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  /// Runs every check of the family.
  void run() {
    // Every construct of the main file (a policy may be built away from its dispatch) ...
    for (Decl* D : Ctx.getTranslationUnitDecl()->noload_decls())  // as in analysis
      if (D->getBeginLoc().isValid() && inMainFile(D->getBeginLoc())) TraverseDecl(D);
    // ... then what only a dispatch shows: the policy's scratch requests against its functor, in
    // every instantiation of a dispatch written in a template.
    // (teamPolicies follow the order of instances: the reports come in the order of the file.)
    size_t Traced = 0;
    for (size_t I = 0; I < C.instances.size(); ++I) {
      checkSite(C.instances[I]);
      for (; Traced < C.teamPolicies.size() && C.teamPolicies[Traced].instance == I; ++Traced)
        checkTeamPolicy(C.teamPolicies[Traced]);
    }
  }

  /// Policies and nested MDRanges where they are built.
  bool VisitCXXConstructExpr(CXXConstructExpr* E) {
    // Copies were checked where the original was built.
    if (!inMainFile(E->getBeginLoc()) || E->getConstructor()->isCopyOrMoveConstructor()) return true;
    llvm::StringRef A = analysis::typeAnnotation(E);
    if (A == "hpar::policy::mdrange") {
      if (auto Facts = analysis::describePolicy(E->getType()))
        checkMDRangeRank(E, E->getType(), Facts->rank, nullptr);
    } else if (A == "hpar::policy::team") checkTeamShape(E);
    else if (A.starts_with("hpar::nested::") && A.ends_with("_mdrange")) checkNestedRank(E);
    return true;
  }

  /// Scratch requests (set_scratch_size) and scratch uses where they are written.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr* E) {
    if (!inMainFile(E->getBeginLoc())) return true;
    if (analysis::teamPolicyMethod(E) == "set_scratch_size") {
      checkLevel(E, "set_scratch_size");
      checkRequestSize(E);
    } else if (llvm::StringRef M = memberScratchMethod(E); !M.empty() && M != "team_shmem") {
      checkLevel(E, M);
    }
    return true;
  }

private:
  /// Whether `Check` has not been reported at `L` yet: a construct of a template is seen once per
  /// instantiation (and in the template itself when it does not depend on the parameters), a
  /// dispatch once per instantiation. `Level` tells apart the reports of one check that one place
  /// may get for each scratch level.
  bool firstReport(diag::CheckId Check, SourceLocation L, int64_t Level = 0) {
    return Reported.insert({unsigned(Check), L.getRawEncoding(), Level}).second;
  }

  /// Whether a location is the user's code of the main file (not a library header).
  bool inMainFile(SourceLocation L) const {
    return L.isValid() && SM.isWrittenInMainFile(SM.getExpansionLoc(L)) &&
           !frontend::isLibraryLocation(SM, C.paths, L);
  }

  // ---- hpar-mdrange-rank ----

  /// Reports an MDRangePolicy type whose rank `N` is outside 2..6 at `At`; `Kernel` names the
  /// dispatch when the report is made there.
  void checkMDRangeRank(const Expr* At, QualType Policy, int64_t N, const ir::Kernel* Kernel) {
    if (N >= MDRangeRankMin && N <= MDRangeRankMax) return;
    ReportedMDRanges.insert(Policy.getNonReferenceType().getCanonicalType().getUnqualifiedType().getTypePtr());
    if (!firstReport(diag::CheckId::MDRangeRank, At->getBeginLoc())) return;
    std::string M = Kernel ? "kernel '" + Kernel->name + "' runs over an MDRangePolicy of rank "
                           : "MDRangePolicy of rank ";
    M += std::to_string(N) + "; an MDRangePolicy has " + std::to_string(MDRangeRankMin) + " to " +
         std::to_string(MDRangeRankMax) + " dimensions (Rank<2> to Rank<6>, as in Kokkos)";
    C.report.report(diag::CheckId::MDRangeRank, At->getBeginLoc(), M) << At->getSourceRange();
  }

  // ---- hpar-nested-mdrange-rank ----

  /// Reports a team-level MDRange whose number of extents is outside 2..8.
  void checkNestedRank(const CXXConstructExpr* E) {
    analysis::NestedRangeKind K = analysis::nestedRangeOf(E);
    if (!K.md || (K.rank >= NestedRankMin && K.rank <= NestedRankMax) ||
        !firstReport(diag::CheckId::NestedMDRangeRank, E->getBeginLoc()))
      return;
    std::string Name = K.name();
    std::string M = Name + " with " + std::to_string(K.rank) +
                    (K.rank == 1 ? " extent" : " extents") + "; a team-level MDRange takes " +
                    std::to_string(NestedRankMin) + " to " + std::to_string(NestedRankMax) +
                    " extents";
    analysis::NestedRangeKind OneDimensional = K;
    OneDimensional.md = false;
    const std::string Single = OneDimensional.name();
    if (K.rank == 1) M += "; for a single index use " + Single + "(team, n)";
    auto D = C.report.report(diag::CheckId::NestedMDRangeRank, E->getBeginLoc(), M);
    D << E->getSourceRange();
    // With class template argument deduction, one extent becomes the one-dimensional range by
    // renaming the class: TeamThreadMDRange(team, n) -> TeamThreadRange(team, n).
    if (K.rank == 1)
      if (SourceLocation NameLoc = deducedNameLoc(E); NameLoc.isValid() && !NameLoc.isMacroID())
        D << FixItHint::CreateReplacement(CharSourceRange::getTokenRange(NameLoc, NameLoc), Single);
  }

  /// Where the class name of a construction written with deduced template arguments is, or an
  /// invalid location (explicit template arguments, or a form without written type).
  SourceLocation deducedNameLoc(const CXXConstructExpr* E) {
    const TypeSourceInfo* TSI = nullptr;
    if (const auto* T = dyn_cast<CXXTemporaryObjectExpr>(E)) {
      TSI = T->getTypeSourceInfo();
    } else {
      DynTypedNodeList Parents = Ctx.getParents(*E);
      if (Parents.size() == 1) {
        if (const auto* V = Parents[0].get<VarDecl>()) TSI = V->getTypeSourceInfo();
        else if (const auto* F = Parents[0].get<CXXFunctionalCastExpr>()) TSI = F->getTypeInfoAsWritten();
      }
    }
    if (!TSI) return SourceLocation();
    TypeLoc TL = TSI->getTypeLoc();
    if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>()) TL = Elaborated.getNamedTypeLoc();
    if (auto Deduced = TL.getAs<DeducedTemplateSpecializationTypeLoc>())
      return Deduced.getTemplateNameLoc();
    return SourceLocation();
  }

  // ---- hpar-team-size, hpar-vector-length ----

  /// Reports a TeamPolicy construction whose constant vector length is not a power of two, or
  /// whose constant team size times vector length is more than a team holds.
  void checkTeamShape(const CXXConstructExpr* E) {
    analysis::TeamShape S = analysis::shapeOf(E);
    std::optional<int64_t> Team = S.teamSize(Ctx);
    std::optional<int64_t> Vector = S.vectorArg ? analysis::signedConstant(S.vectorArg, Ctx) : std::nullopt;
    const bool VectorWritten = S.vectorArg && !isa<CXXDefaultArgExpr>(S.vectorArg);
    if (Vector && VectorWritten && !llvm::isPowerOf2_64(*Vector > 0 ? (uint64_t)*Vector : 0) &&
        firstReport(diag::CheckId::VectorLength, S.vectorArg->getBeginLoc())) {
      auto D = C.report.report(diag::CheckId::VectorLength, S.vectorArg->getBeginLoc(),
                               "vector length " + std::to_string(*Vector) +
                                   " is not a power of two");
      D << S.vectorArg->getSourceRange();
      // A literal becomes the power of two below it, what the CUDA build would use anyway.
      if (*Vector > 1 && isa<IntegerLiteral>(S.vectorArg->IgnoreParenImpCasts()) &&
          !S.vectorArg->getBeginLoc().isMacroID())
        D << FixItHint::CreateReplacement(S.vectorArg->getSourceRange(),
                                          std::to_string(llvm::bit_floor((uint64_t)*Vector)));
    }
    if (!Team) return;  // non-positive sizes are reported at run time
    const int64_t Lanes = Vector && *Vector > 0 ? *Vector : 1;  // AUTO: at least one
    if (*Team > MaxTeamThreads / Lanes && firstReport(diag::CheckId::TeamSize, S.teamArg->getBeginLoc())) {
      const bool Lanes1 = !(Vector && VectorWritten && *Vector > 1);
      std::string M = "team size " + std::to_string(*Team);
      if (Lanes1)
        M += " is more than the " + std::to_string(MaxTeamThreads) + " threads a team holds";
      else
        M += " times vector length " + std::to_string(*Vector) + " is " +
             std::to_string(*Team * Lanes) + " threads; a team holds at most " +
             std::to_string(MaxTeamThreads);
      auto D = C.report.report(diag::CheckId::TeamSize, S.teamArg->getBeginLoc(), M);
      D << S.teamArg->getSourceRange();
      if (!Lanes1) D << S.vectorArg->getSourceRange();
    }
  }

  // ---- hpar-scratch-level ----

  /// Reports a constant scratch level other than 0 or 1 given to `Method`.
  void checkLevel(const CXXMemberCallExpr* E, llvm::StringRef Method) {
    if (E->getNumArgs() == 0) return;
    std::optional<int64_t> Level = analysis::signedConstant(E->getArg(0), Ctx);
    if (!Level || *Level == 0 || *Level == 1 ||
        !firstReport(diag::CheckId::ScratchLevel, E->getArg(0)->getBeginLoc()))
      return;
    C.report.report(diag::CheckId::ScratchLevel, E->getArg(0)->getBeginLoc(),
                    "scratch level " + std::to_string(*Level) + " given to " + Method.str() +
                        " does not exist; a team has scratch levels 0 and 1")
        << E->getArg(0)->getSourceRange();
  }

  // ---- hpar-scratch-too-large ----

  /// One set_scratch_size call whose own constant sizes already exceed the limit (its per-thread
  /// part times the constant team size of the policy it is called on, or one thread).
  void checkRequestSize(const CXXMemberCallExpr* E) {
    analysis::ScratchRequest R = analysis::readRequest(E, Ctx);
    if (!R.level || (*R.level != 0 && *R.level != 1)) return;
    LevelBytes Bytes;
    Bytes.team = R.hasTeam && R.teamBytes ? *R.teamBytes : 0;
    Bytes.thread = R.hasThread && R.threadBytes ? *R.threadBytes : 0;
    if (Bytes.thread > 0)
      if (const CXXConstructExpr* Built = Tracer.constructionOf(E->getImplicitObjectArgument()))
        Bytes.teamSize = analysis::shapeOf(Built).teamSize(Ctx);
    if (Bytes.total() <= limitOf(*R.level)) return;
    TooLarge.insert(E);
    if (!firstReport(diag::CheckId::ScratchTooLarge, E->getArg(0)->getBeginLoc())) return;
    std::string Parts = partsOf(Bytes), Total = totalClause(Bytes);
    C.report.report(diag::CheckId::ScratchTooLarge, E->getArg(0)->getBeginLoc(),
                    "level-" + std::to_string(*R.level) + " scratch of " + Parts +
                        (Bytes.thread > 0 && Bytes.teamSize ? "," : "") + Total +
                        limitClause())
        << argumentRange(E);
  }

  /// The requests of a dispatch's policy together: several set_scratch_size calls at one level
  /// add up (per team and per thread), which no single call shows. Later calls replace earlier
  /// ones at the same level, so each part counts with its smallest constant setting.
  void checkCombinedSize(const ir::Kernel& K, const analysis::TracedPolicy& P) {
    const Expr* Policy = P.policy;
    const analysis::PolicyBuild& B = P.build;
    const std::vector<analysis::ScratchRequest>& Requests = P.requests;
    if (!B.complete) return;
    for (int64_t Level = 0; Level < 2; ++Level) {
      LevelBytes Bytes;
      std::optional<uint64_t> Team, Thread;
      std::vector<const CXXMemberCallExpr*> Parts;
      bool Reported = false;  // a call of this level already reported on its own
      for (size_t I = 0; I < Requests.size(); ++I) {
        const analysis::ScratchRequest& R = Requests[I];
        const CXXMemberCallExpr* Call = B.scratchCalls[I];
        if (!R.level) return;  // a level that is not constant: no sum is certain
        if (*R.level != Level) continue;
        Reported = Reported || TooLarge.count(Call);
        Parts.push_back(Call);
        if (R.hasTeam) Team = std::min(Team.value_or(UINT64_MAX), R.teamBytes.value_or(0));
        if (R.hasThread) Thread = std::min(Thread.value_or(UINT64_MAX), R.threadBytes.value_or(0));
      }
      Bytes.team = Team.value_or(0);
      Bytes.thread = Thread.value_or(0);
      Bytes.teamSize = B.teamSize(Ctx);
      if (Reported || Parts.size() < 2 || Bytes.total() <= limitOf(Level) ||
          !firstReport(diag::CheckId::ScratchTooLarge, Policy->getBeginLoc(), Level))
        continue;
      C.report.report(diag::CheckId::ScratchTooLarge, Policy->getBeginLoc(),
                      "kernel '" + K.name + "' asks for " + std::to_string(Bytes.total()) +
                          (Bytes.thread > 0 && !Bytes.teamSize ? " bytes or more" : " bytes") +
                          " of level-" + std::to_string(Level) + " scratch per team (" +
                          partsOf(Bytes) + ")" + limitClause())
          << Policy->getSourceRange();
      for (const CXXMemberCallExpr* Call : Parts)
        C.report.note(Call->getArg(0)->getBeginLoc(),
                      "level-" + std::to_string(Level) + " scratch requested here")
            << argumentRange(Call);
    }
  }

  // ---- per dispatch ----

  /// What one instantiation of a dispatch shows: the rank of an MDRangePolicy built elsewhere.
  void checkSite(const analysis::DispatchSite& Site) {
    const ir::Kernel& K = C.tu.kernels[Site.kernel];
    const Expr* Policy = analysis::policyArgument(Site);
    if (!Policy) return;
    // The kernel describes the policy of its first instantiation; another may take another one.
    QualType T = analysis::strip(Policy)->getType().getNonReferenceType().getCanonicalType();
    const std::optional<analysis::PolicyFacts> Facts = analysis::describePolicy(T);
    if (!Facts || Facts->kind != ir::PolicyKind::MDRange) return;
    // Reported at the construction when this file builds a policy of this type.
    if (!ReportedMDRanges.count(T.getUnqualifiedType().getTypePtr()))
      checkMDRangeRank(Policy, T, Facts->rank, &K);
  }

  /// What one instantiation of a team dispatch shows: its policy's scratch requests against each
  /// other and against its functor's scratch uses.
  void checkTeamPolicy(const analysis::TracedPolicy& P) {
    const analysis::DispatchSite& Site = C.instances[P.instance];
    const ir::Kernel& K = C.tu.kernels[Site.kernel];
    checkCombinedSize(K, P);
    checkUnrequested(Site, K, P);
  }

  // ---- hpar-scratch-unrequested ----

  /// Warns about scratch a functor uses at a level its policy gives no bytes: every allocation
  /// there returns nullptr. Only when every request is known: a level or size that is not a
  /// constant, or a policy this check cannot follow, silences it. The functor's bodies are its instantiated ones: in a generic lambda's pattern,
  /// t.team_scratch(0) is a dependent call.
  void checkUnrequested(const analysis::DispatchSite& Site, const ir::Kernel& K,
                        const analysis::TracedPolicy& P) {
    const Expr* Policy = P.policy;
    const analysis::PolicyBuild& B = P.build;
    const std::vector<analysis::ScratchRequest>& Requests = P.requests;
    if (!B.complete) return;
    bool Requested[2] = {false, false};
    for (const analysis::ScratchRequest& R : Requests) {
      if (!R.level) return;
      if ((*R.level == 0 || *R.level == 1) && R.asksForBytes()) Requested[*R.level] = true;
    }
    if (hasTeamShmemSize(Site.functor)) Requested[0] = true;
    if (Requested[0] && Requested[1]) return;
    ScratchUseCollector Uses;
    for (const FunctionDecl* Entry : analysis::functorBodies(Site))
      if (Entry->getBody()) Uses.TraverseStmt(Entry->getBody());
    for (const CXXMemberCallExpr* Use : Uses.Calls) {
      llvm::StringRef Method = memberScratchMethod(Use);
      std::optional<int64_t> Level =
          Method == "team_shmem" ? 0 : Use->getNumArgs() > 0 ? analysis::signedConstant(Use->getArg(0), Ctx)
                                                             : std::nullopt;
      if (!Level || (*Level != 0 && *Level != 1) || Requested[*Level]) continue;
      if (!firstReport(diag::CheckId::ScratchUnrequested, Use->getExprLoc())) continue;
      const std::string L = std::to_string(*Level);
      const std::string Written = Method.str() + "(" + (Method == "team_shmem" ? "" : L) + ")";
      C.report.report(diag::CheckId::ScratchUnrequested, Use->getExprLoc(),
                      "kernel '" + K.name + "' uses " + Written +
                          ", but its policy requests no level-" + L +
                          " scratch; every allocation from it returns nullptr")
          << SourceRange(Use->getExprLoc(), Use->getEndLoc());
      SourceLocation Built = B.variable       ? B.variable->getLocation()
                             : B.construction ? B.construction->getBeginLoc()
                                              : Policy->getBeginLoc();
      C.report.note(Built, "the policy of kernel '" + K.name +
                               "' is built here; request the bytes with set_scratch_size(" + L +
                               ", PerTeam(bytes)) or PerThread(bytes)");
    }
  }

  ASTContext& Ctx;
  SourceManager& SM;
  CheckContext& C;
  analysis::PolicyTracer Tracer;
  std::set<std::tuple<unsigned, unsigned, int64_t>> Reported;  // (check, location, level) reported
  llvm::SmallPtrSet<const Type*, 8> ReportedMDRanges;  // MDRangePolicy types with a bad rank
  llvm::SmallPtrSet<const CXXMemberCallExpr*, 8> TooLarge;
};

}  // namespace

void checkPolicies(CheckContext& C) { Checker(C).run(); }

}  // namespace checks
}  // namespace hpar
