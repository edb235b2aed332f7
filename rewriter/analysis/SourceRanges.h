// Which recorded range of the analysed file holds a location, in logarithmic time: a dispatch's
// analysis asks whether it lies in an earlier kernel's functor, and which kernel's functor holds
// a nested pattern call (FunctorCalls.cpp). Comparing against every kernel instead made
// translation quadratic in the number of kernels of a file.
#pragma once

#include "analysis/AnalysedFile.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <optional>

namespace hpar {
namespace analysis {

/// Ranges of the analysed file, each with a value (a kernel's index), keyed by the file offsets of
/// their expansion locations. The ranges of AST nodes are nested or disjoint; only the outermost
/// are kept, so that the recorded ranges are disjoint and one ordered lookup answers a query.
class OuterRanges {
public:
  explicit OuterRanges(const AnalysedFile& File) : File(File) {}

  /// Records R with Value, unless a recorded range holds it. The recorded ranges that R holds
  /// are dropped; an equal range takes the new value. A range outside the analysed file is ignored.
  void add(clang::SourceRange R, size_t Value) {
    auto Begin = offsetOf(R.getBegin()), End = offsetOf(R.getEnd());
    if (!Begin || !End || *End < *Begin) return;
    auto Next = Ranges.upper_bound(*Begin);
    if (Next != Ranges.begin()) {
      auto Prev = std::prev(Next);
      const bool Equal = Prev->first == *Begin && Prev->second.first == *End;
      if (!Equal && Prev->second.first >= *End) return;  // held by a recorded range
    }
    // Drop the ranges R holds: those that begin inside it (disjointness means they end inside).
    auto First = Ranges.lower_bound(*Begin);
    while (First != Ranges.end() && First->first <= *End) First = Ranges.erase(First);
    Ranges[*Begin] = {*End, Value};
  }

  /// The value of the recorded range that strictly contains Loc (Loc lies after its beginning
  /// and before its end), if any.
  std::optional<size_t> containing(clang::SourceLocation Loc) const {
    auto Offset = offsetOf(Loc);
    if (!Offset) return std::nullopt;
    auto Next = Ranges.lower_bound(*Offset);  // the first range beginning at or after Loc
    if (Next == Ranges.begin()) return std::nullopt;
    auto Prev = std::prev(Next);
    if (*Offset < Prev->second.first) return Prev->second.second;
    return std::nullopt;
  }

private:
  std::optional<unsigned> offsetOf(clang::SourceLocation Loc) const {
    if (Loc.isInvalid()) return std::nullopt;
    auto [Id, Offset] = File.sourceManager().getDecomposedExpansionLoc(Loc);
    if (Id != File.id()) return std::nullopt;
    return Offset;
  }

  const AnalysedFile& File;
  std::map<unsigned, std::pair<unsigned, size_t>> Ranges;  // begin -> (end, value)
};

}  // namespace analysis
}  // namespace hpar
