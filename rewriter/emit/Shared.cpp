#include "emit/Shared.h"

namespace hpar {
namespace emit {

std::string quoted(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out;
}

std::string hostFunctionHead(const ir::Kernel& K, const std::string& name) {
  std::string tparams = K.hasLabel ? "class Label, class PolicyOrCount, class Functor"
                                   : "class PolicyOrCount, class Functor";
  std::string params = K.hasLabel ? "const Label& label, " : "";
  params += "const PolicyOrCount& policy_or_count, const Functor& f";
  if (K.pattern != ir::Pattern::For) {
    tparams += ", class... Results";
    params += ", Results&&... results";
  }
  std::string label = K.hasLabel ? "hpar::impl::label_c_str(label)" : "\"\"";
  return "template <" + tparams + ">\nvoid " + name + "(" + params + ") {\n" +
         "  const auto policy = hpar::impl::to_policy(policy_or_count);\n" +
         "  using Policy = std::remove_const_t<decltype(policy)>;\n" +
         "  const hpar::rt::KernelSite site{" + label + ", \"" + K.name + "\", \"" + quoted(K.file) +
         "\", " + std::to_string(K.line) + "};\n" +
         "  if (const std::string why = hpar::impl::policy_problem(policy); !why.empty())\n" +
         "    hpar::rt::fail(site, why.c_str());\n";
}

std::string indexArgs(const ir::Kernel& K, MDIndexSpelling mdIndex) {
  if (K.policy == ir::PolicyKind::Team) return "team";
  if (K.policy == ir::PolicyKind::Range) return "index_type(i)";
  std::string s;
  for (int d = 0; d < K.rank; ++d) s += (d ? ", " : "") + std::string("index_type(") + mdIndex(d) + ")";
  return s;
}

std::string forCall(const ir::Kernel& K, const std::string& functor, MDIndexSpelling mdIndex) {
  return functor + "(" + (K.hasWorkTag ? "typename Policy::work_tag(), " : "") + indexArgs(K, mdIndex) + ")";
}

}  // namespace emit
}  // namespace hpar
