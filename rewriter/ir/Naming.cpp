#include "ir/Naming.h"

#include "llvm/Support/Path.h"

namespace hpar {
namespace ir {

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

std::string kernelName(const Kernel& K, std::set<std::string>& taken) {
  std::string base = identifierPart(K.label);
  if (base.empty()) base = identifierPart(llvm::sys::path::stem(K.file).str());
  if (base.empty()) base = "kernel";
  std::string name = "hpar_" + base + "_L" + std::to_string(K.line);
  // The translated source's kernels end in the line (or _C<column>); a header's name their file after
  // it, so that the two never meet in one program.
  if (K.inHeader) name += "_" + identifierPart(llvm::sys::path::filename(K.file).str());
  if (taken.count(name)) name += "_C" + std::to_string(K.column);
  taken.insert(name);
  return name;
}

const char* patternName(Pattern P) {
  switch (P) {
  case Pattern::For: return "parallel_for";
  case Pattern::Reduce: return "parallel_reduce";
  case Pattern::Scan: return "parallel_scan";
  }
  return "";
}

std::string policyKindSuffix(const Kernel& K) {
  switch (K.policy) {
  case PolicyKind::Range: return "range";
  case PolicyKind::MDRange: return "mdrange" + std::to_string(K.rank);
  case PolicyKind::Team: return "team";
  }
  return "";
}

const char* policyName(PolicyKind P) {
  switch (P) {
  case PolicyKind::Range: return "RangePolicy";
  case PolicyKind::MDRange: return "MDRangePolicy";
  case PolicyKind::Team: return "TeamPolicy";
  }
  return "";
}

}  // namespace ir
}  // namespace hpar
