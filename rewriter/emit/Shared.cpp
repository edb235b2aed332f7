#include "emit/Shared.h"

namespace hpar {
namespace emit {

std::string chosenStdHeaders(const ir::TranslationUnit& TU) {
  if (!TU.stdHeadersChosen) return "";
  std::string Out = TU.stdHeaders.empty()
                        ? "// Of the standard headers Kokkos_Core.hpp includes, this program needs none "
                          "beyond its own\n// includes (each costs the compiler its parse).\n"
                        : "// Of the standard headers Kokkos_Core.hpp includes, this program needs these "
                          "beyond its own\n// includes (each costs the compiler its parse):\n";
  Out += "#define HPAR_IMPL_CHOSEN_STD_HEADERS 1\n";
  for (const std::string& Header : TU.stdHeaders) Out += "#include " + Header + "\n";
  return Out;
}

std::string quoted(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out;
}

std::string hostFunctionSignature(const ir::Kernel& K, const std::string& name,
                                  const std::string& more, const std::string& lead) {
  std::string tparams = lead.empty() ? "" : lead + ", ";
  tparams += K.hasLabel ? "class Label, class PolicyOrCount, class Functor"
                        : "class PolicyOrCount, class Functor";
  std::string params = K.hasLabel ? "const Label& label, " : "";
  params += "const PolicyOrCount& policy_or_count, const Functor& f" + more;
  if (K.pattern != ir::Pattern::For) {
    tparams += ", class... Results";
    params += ", Results&&... results";
  }
  return "template <" + tparams + ">\nvoid " + name + "(" + params + ") {\n";
}

std::string launchSite(const ir::Kernel& K) {
  const std::string label = K.hasLabel ? "hpar::impl::label_c_str(label)" : "\"\"";
  return "{" + label + ", \"" + K.name + "\", \"" + quoted(K.file) + "\", " + std::to_string(K.line) + "}";
}

std::string siteLauncher(const ir::Kernel& K, const std::vector<const ir::Kernel*>& kernels,
                         const std::function<std::string(const ir::Kernel&)>& launcherOf) {
  std::string tparams = K.hasLabel ? "class Label, class PolicyOrCount, class Functor"
                                   : "class PolicyOrCount, class Functor";
  std::string params = K.hasLabel ? "const Label& label, " : "";
  params += "const PolicyOrCount& policy_or_count, const Functor& f";
  std::string args = std::string(K.hasLabel ? "label, " : "") + "policy_or_count, f";
  if (K.pattern != ir::Pattern::For) {
    tparams += ", class... Results";
    params += ", Results&&... results";
    args += ", std::forward<Results>(results)...";
  }
  std::string o = std::string("// hpar: ") + ir::patternName(K.pattern) +
                  (K.label.empty() ? "" : " \"" + quoted(K.label) + "\"") + " from " + K.file + ":" +
                  std::to_string(K.line) +
                  ", instantiated with policies of several kinds: the launcher of the policy's kind\n"
                  "template <" + tparams + ">\nvoid " + K.siteName + "(" + params + ") {\n" +
                  "  using Policy = std::decay_t<decltype(hpar::impl::to_policy(policy_or_count))>;\n" +
                  "  if constexpr (hpar::impl::runs_on_host<PolicyOrCount, Functor>())  // the API runs it on the host\n" +
                  "    hpar::" + ir::patternName(K.pattern) + "(" + args + ");\n";
  for (const ir::Kernel* V : kernels) {
    const std::string test =
        V->policy == ir::PolicyKind::Team      ? "hpar::is_team_policy<Policy>::value"
        : V->policy == ir::PolicyKind::MDRange ? "hpar::impl::mdrange_rank<Policy>() == " + std::to_string(V->rank)
                                               : "hpar::is_range_policy<Policy>::value";
    o += "  else if constexpr (" + test + ")\n    " + launcherOf(*V) + "(" + args + ");\n";
  }
  return o + "  else\n    static_assert(sizeof(Policy) == 0, \"hpar: this policy's kind was not seen at this "
             "dispatch when it was translated\");\n}\n\n";
}

std::string indexArgs(const ir::Kernel& K, MDIndexSpelling mdIndex, bool asIndexType) {
  if (K.policy == ir::PolicyKind::Team) return "team";
  auto arg = [&](const std::string& index) {
    return asIndexType ? "index_type(" + index + ")" : index;
  };
  if (K.policy == ir::PolicyKind::Range) return arg("i");
  std::string s;
  for (int d = 0; d < K.rank; ++d) s += (d ? ", " : "") + arg(mdIndex(d));
  return s;
}

std::string forCall(const ir::Kernel& K, const std::string& functor, MDIndexSpelling mdIndex,
                    bool asIndexType) {
  return callWith(K, functor, indexArgs(K, mdIndex, asIndexType));
}

std::string callWith(const ir::Kernel& K, const std::string& functor, const std::string& args) {
  return functor + "(" + (K.hasWorkTag ? "typename Policy::work_tag(), " : "") + args + ")";
}

std::string kernelComment(const ir::Kernel& K) {
  std::string Out = std::string("// hpar: ") + ir::patternName(K.pattern);
  if (!K.label.empty()) Out += " \"" + quoted(K.label) + "\"";
  Out += std::string(" (") + ir::policyName(K.policy) + ")";
  return Out + " from " + K.file + ":" + std::to_string(K.line) + "\n";
}

/// The construct as the user wrote it: "parallel_reduce over ThreadVectorRange",
/// "parallel_for over TeamThreadMDRange (rank 3)", "single(PerTeam)".
static std::string constructName(const ir::NestedConstruct& N) {
  using L = ir::NestedConstruct::Level;
  if (N.kind == ir::NestedConstruct::Kind::Single)
    return N.level == L::PerTeam ? "single(PerTeam)" : "single(PerThread)";
  const char* Pattern = N.kind == ir::NestedConstruct::Kind::Reduce ? "parallel_reduce"
                        : N.kind == ir::NestedConstruct::Kind::Scan ? "parallel_scan"
                                                                     : "parallel_for";
  const char* Range = N.level == L::Vector       ? "ThreadVector"
                      : N.level == L::TeamVector ? "TeamVector"
                                                 : "TeamThread";
  std::string Name = std::string(Pattern) + " over " + Range + (N.md ? "MDRange" : "Range");
  if (N.md) Name += " (rank " + std::to_string(N.rank) + ")";
  // The trip counts known at translation time: "of 16 indices", "of 2 x ? indices".
  bool Known = false;
  std::string Extents;
  for (size_t D = 0; D < N.extents.size(); ++D) {
    Known = Known || N.extents[D] >= 0;
    Extents += D ? " x " : "";
    Extents += N.extents[D] >= 0 ? std::to_string(N.extents[D]) : std::string("?");
  }
  if (Known)
    Name += " of " + Extents + (N.extents.size() == 1 && N.extents[0] == 1 ? " index" : " indices");
  return Name;
}

/// A scratch request as the policy writes it: "level-0 scratch of 64 bytes per team and ? bytes
/// per thread (line 12)".
static std::string scratchText(const ir::ScratchRequest& R) {
  auto bytes = [](long long B) { return B >= 0 ? std::to_string(B) : std::string("?"); };
  std::string Out = "level-" + (R.level >= 0 ? std::to_string(R.level) : std::string("?")) + " scratch of ";
  if (R.perTeam) Out += bytes(R.teamBytes) + " bytes per team";
  if (R.perThread) Out += std::string(R.perTeam ? " and " : "") + bytes(R.threadBytes) + " bytes per thread";
  return Out + " (line " + std::to_string(R.line) + ")";
}

static void nestLines(const std::vector<ir::NestedConstruct>& Nest, const std::string& File,
                      LevelMapping Mapping, const std::string& Indent, std::string& Out) {
  for (const ir::NestedConstruct& N : Nest) {
    Out += "// " + Indent + File + ":" + std::to_string(N.line) + " " + constructName(N) + ": " +
           Mapping(N.level) + "\n";
    nestLines(N.inner, File, Mapping, Indent + "  ", Out);
  }
}

std::string nestComment(const ir::Kernel& K, const std::string& team, LevelMapping mapping) {
  if (K.nest.empty()) return "";
  std::string Out = "// " + team;
  std::string Asked;
  if (K.teamSize > 0) Asked = "team_size " + std::to_string(K.teamSize);
  if (K.vectorLength > 0)
    Asked += (Asked.empty() ? "" : ", ") + std::string("vector_length ") + std::to_string(K.vectorLength);
  if (K.policyTraced)
    for (const ir::ScratchRequest& R : K.scratch) Asked += (Asked.empty() ? "" : ", ") + scratchText(R);
  if (!Asked.empty()) Out += "; the policy asks for " + Asked;
  Out += "\n";
  nestLines(K.nest, K.file, mapping, "  ", Out);
  return Out;
}

std::string nestText(const ir::Kernel& K, const std::string& team, LevelMapping mapping) {
  const std::string Comment = nestComment(K, team, mapping);
  if (Comment.empty()) return team + "\n";
  std::string Out;
  for (size_t At = 0; At < Comment.size();) {
    size_t End = Comment.find('\n', At);
    if (End == std::string::npos) End = Comment.size();
    const std::string Line = Comment.substr(At, End - At);
    Out += (Line.rfind("// ", 0) == 0 ? Line.substr(3) : Line) + "\n";
    At = End + 1;
  }
  return Out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

bool readsApart(const ir::Kernel& K) {
  // Not at a dispatch with kernels of several kinds: its call's text serves them all.
  return K.policy == ir::PolicyKind::Team && K.pattern == ir::Pattern::For &&
         !K.viewReads.readOnly.empty() && K.siteName.empty() && K.variantOf < 0;
}

void editReadOnlyReads(const ir::Kernel& K, const std::string& ns, output::EditList& Edits) {
  if (!readsApart(K)) return;
  const std::string rt = "hpar::rt::" + ns + "::";
  for (const ir::ViewReads::Span& R : K.viewReads.reads) {
    Edits.insert(R.begin, rt + "read_only(" + R.member + ", ");
    Edits.insert(R.end, ")");
  }
  Edits.insert(K.viewReads.callEnd, ",\n    " + rt + "views_apart(" + rt + "memory_of(" +
                                        joined(K.viewReads.readOnlyAtCall) + "), " + rt +
                                        "memory_of(" + joined(K.viewReads.othersAtCall) + "))");
}

std::string stagedLoopPlace(const ir::Kernel& K) {
  std::string Place = K.file + ":" + std::to_string(K.stagedLoop.line) + ": the loop over " +
                      K.stagedLoop.var;
  if (K.stagedLoop.inHelper)
    Place += " in " + K.stagedLoop.helper.function + " (which the call operator calls)";
  return Place;
}

std::string stagedElements(const ir::StagedLoop& S) {
  std::string Out;
  for (const ir::StagedLoop::Slot& Slot : S.slots)
    Out += (Out.empty() ? "" : ", ") + Slot.view + "(" + S.var + Slot.rest + ")";
  return Out;
}

unsigned stagedBytesPerThread(const ir::StagedLoop& S) {
  unsigned Bytes = 0;
  for (const ir::StagedLoop::Slot& Slot : S.slots) Bytes += (Slot.bytes + 15) / 16 * 16;
  return Bytes;
}

void editStagedLoop(const ir::StagedLoop& S, const StagingSpelling& Spell, output::EditList& Edits) {
  const std::string T = S.type, Bound = "(" + S.bound + ")";
  const std::string Thread = "static_cast<" + T + ">(" + Spell.thread + ")";
  Edits.insert(S.flagAt, std::string(S.more ? ", const bool hpar_active" : ", bool") +
                               (S.defaultFlag ? " = true" : ""));
  // A plain `if`: the condition is a constant that differs between a build's host and device
  // compilations, and a branch `if constexpr` discards would leave the lambda capturing different
  // variables in each, in a different layout.
  std::string Head = "if (" + Spell.condition;
  for (const std::string& View : S.tables) Head += " && " + Spell.tableFits + "(" + View + ")";
  Head += ") {";
  Head += "  // hpar: every thread runs this loop alike: the threads load what it reads\n"
          "   // of " + stagedElements(S) + " together, a tile of one element each at a time\n";
  if (!S.tables.empty())
    Head += "   // and " + joined(S.tables) + " whole, where " +
            (S.tables.size() == 1 ? "it fits" : "they fit") + " (read at what a step computes)\n";
  Head += "  const " + T + " hpar_block = static_cast<" + T + ">(" + Spell.threads + ");\n";
  if (!S.tables.empty()) Head += "  " + Spell.barrier + "  // the threads are done with the tables\n";
  for (size_t K = 0; K < S.tables.size(); ++K)
    Head += "  " + Spell.table("hpar_table_" + std::to_string(K), S.tables[K], unsigned(K),
                               stagedBytesPerThread(S)) + "\n";
  Head += "  for (" + T + " hpar_tile = " + S.first + ", hpar_tile_end; hpar_tile < " + Bound +
          "; hpar_tile = hpar_tile_end) {\n"
          "    hpar_tile_end = " + (S.convertedBound ? "static_cast<" + T + ">(" : std::string()) +
          Bound + " - hpar_tile > hpar_block ? hpar_tile + hpar_block : " + Bound +
          (S.convertedBound ? ")" : "") + ";\n";
  std::string Loads;
  unsigned Offset = 0;
  for (size_t K = 0; K < S.slots.size(); ++K) {
    const ir::StagedLoop::Slot& Slot = S.slots[K];
    const std::string Tile = "hpar_stage_" + std::to_string(K);
    Head += "    " + Spell.tile(Tile, Slot.view + "(hpar_tile" + Slot.rest + ")", unsigned(K), Offset) +
            "\n";
    Offset += (Slot.bytes + 15) / 16 * 16;
    Loads += "      if (" + Spell.inBounds + "(" + Slot.view + ", hpar_at" + Slot.rest + ")) " + Tile +
             "[" + Spell.thread + "] = " + Slot.view + "(hpar_at" + Slot.rest + ");\n";
  }
  Head += "    " + Spell.barrier + "  // the threads are done with the last tile\n"
          "    if (hpar_tile_end - hpar_tile > " + Thread + ") {\n"
          "      const " + T + " hpar_at = hpar_tile + " + Thread + ";\n" +
          Loads +
          "    }\n"
          "    " + Spell.barrier + "\n" +
          (Spell.tileLoopPrefix.empty() ? std::string() : "    " + Spell.tileLoopPrefix + "\n") +
          "    for (" + T + " " + S.var + " = hpar_tile; " + S.var + " < hpar_tile_end; ++" + S.var +
          ")\n    ";
  Edits.replace(S.headBegin, S.bodyBegin - S.headBegin, Head);
  for (const ir::StagedLoop::Read& R : S.reads)
    Edits.replace(R.begin, R.end - R.begin,
                  "hpar_stage_" + std::to_string(R.slot) + "[" + S.var + " - hpar_tile]");
  for (const ir::StagedLoop::Read& R : S.tableReads)
    Edits.replace(R.begin, R.end - R.begin,
                  "hpar_table_" + std::to_string(R.slot) + ".at(" + S.tables[R.slot] + ", ");
  Edits.insert(S.loopEnd, "\n  }\n} else {  // hpar: the loop as written\n" + S.loop + "\n}");
  // A function that holds the loop: every thread calls it, and the assignment of its value is
  // the first of what runs for indices in the range.
  std::string Rest;
  if (S.inHelper && !S.helper.assignTo.empty()) {
    Edits.replace(S.helper.assignBegin, S.helper.callBegin - S.helper.assignBegin,
                  "const auto hpar_call = ");
    Rest = "\n" + S.helper.assignTo + " hpar_call;";
  }
  if (S.more)
    Edits.insert(S.restBegin, "\nif (hpar_active) {  // hpar: the rest for indices in the range" + Rest);
  if (S.more) Edits.insert(S.lambdaClose, "}  // hpar: if (hpar_active)\n");
}

}  // namespace emit
}  // namespace hpar
