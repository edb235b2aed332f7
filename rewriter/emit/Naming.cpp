#include "emit/Naming.h"

#include "llvm/Support/Path.h"

namespace hpar {
namespace emit {

/// Replaces every character that cannot appear in an identifier by '_' and squeezes repeats.
static std::string identifierPart(const std::string& s) {
  std::string out;
  for (char c : s) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    char put = ok ? c : '_';
    if (put == '_' && !out.empty() && out.back() == '_') continue;
    out += put;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  while (!out.empty() && out.front() == '_') out.erase(out.begin());
  return out;
}

std::string kernelName(const ir::Kernel& K, std::set<std::string>& taken) {
  std::string base = identifierPart(K.label);
  if (base.empty()) base = identifierPart(llvm::sys::path::stem(K.file).str());
  if (base.empty()) base = "kernel";
  std::string name = "hpar_" + base + "_L" + std::to_string(K.line);
  if (taken.count(name)) name += "_C" + std::to_string(K.column);
  taken.insert(name);
  return name;
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

const char* patternName(ir::Pattern P) {
  switch (P) {
  case ir::Pattern::For: return "parallel_for";
  case ir::Pattern::Reduce: return "parallel_reduce";
  case ir::Pattern::Scan: return "parallel_scan";
  }
  return "";
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

}  // namespace emit
}  // namespace hpar
