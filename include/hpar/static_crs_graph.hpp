// hpar: StaticCrsGraph, a graph (or sparse matrix pattern) in compressed row storage (Kokkos'
// Kokkos_StaticCrsGraph.hpp, Kokkos 4.6 semantics; Kokkos 4 deprecates the header but keeps it
// with its deprecated code, which is on by default).
//
//   StaticCrsGraph<DataType, Arg1Type[, Arg2Type[, Arg3Type[, SizeType]]]>
//       Arg1..3 are what View<DataType*, Arg1, Arg2, Arg3> takes (a device, or a layout then a
//       device, then memory traits; void where absent). Row i holds entries(k) for
//       row_map(i) <= k < row_map(i + 1); numRows() is row_map.extent(0) - 1 (0 when empty).
//   members: entries, row_map, row_block_offsets (Views in the graph's space; row_map and
//       row_block_offsets of const size_type); numRows(), is_allocated(), rowConst(i) (a
//       GraphRowViewConst: length, colidx(k), operator()(k)) work in kernels too;
//       create_block_partitioning(num_blocks, cost_per_row = 4) on the host
//   create_staticcrsgraph<Graph>(label, std::vector<Count> counts)   row i has counts[i] entries,
//       all zero (the caller fills them, in a kernel)
//   create_staticcrsgraph<Graph>(label, std::vector<std::vector<T>> rows)   entries given
//   create_mirror(graph) (always a host copy), create_mirror_view(graph) (the graph itself when its
//       memory space is HostSpace), maximum_entry(graph)
//
// Everything that builds or reads a whole graph runs on the host: the row map is summed there and
// copied with deep_copy; maximum_entry and create_block_partitioning read host copies. Kokkos uses
// parallel dispatches for the last two, which in hpar's headers would not be translated (design.md
// section 13); each reads as many values as the graph has rows or entries, once.
// Differences: maximum_entry is the largest entry or 0, whichever is larger, as Kokkos (its
// reduction starts from 0). create_block_partitioning puts the boundary of block b at the first row
// where the cost so far (entries plus cost_per_row per row) reaches b / num_blocks of the total;
// Kokkos' balancer may place the boundaries differently.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "core.hpp"
#include "deep_copy.hpp"
#include "macros.hpp"
#include "spaces.hpp"
#include "view.hpp"

namespace hpar {

namespace impl {

/// View<T, Args...> without the void arguments (StaticCrsGraph's defaults).
template <class T, class A1, class A2, class A3>
struct crs_view {
  using type = View<T, A1, A2, A3>;
};
template <class T, class A1, class A2>
struct crs_view<T, A1, A2, void> {
  using type = View<T, A1, A2>;
};
template <class T, class A1>
struct crs_view<T, A1, void, void> {
  using type = View<T, A1>;
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

/// A read-only view of one row of a graph: `length` entries, colidx(k) for k < length.
template <class GraphType>
struct GraphRowViewConst {
  using ordinal_type = const typename GraphType::data_type;

 private:
  ordinal_type* colidx_;
  const ordinal_type stride_;

 public:
  HPAR_INLINE_FUNCTION GraphRowViewConst(ordinal_type* const colidx_in, const ordinal_type& stride,
                                         const ordinal_type& count)
      : colidx_(colidx_in), stride_(stride), length(count) {}

  /// The row that starts at colidx_in(idx).
  template <class OffsetType>
  HPAR_INLINE_FUNCTION GraphRowViewConst(
      const typename GraphType::entries_type& colidx_in, const ordinal_type& stride,
      const ordinal_type& count, const OffsetType& idx,
      const std::enable_if_t<std::is_integral<OffsetType>::value, int>& = 0)
      : colidx_(&colidx_in(idx)), stride_(stride), length(count) {}

  /// The number of entries of the row.
  const ordinal_type length;

  /// Entry k of the row (k counts from 0; it is not a column index).
  HPAR_INLINE_FUNCTION ordinal_type& colidx(const ordinal_type& k) const {
    return colidx_[k * stride_];
  }
  HPAR_INLINE_FUNCTION ordinal_type& operator()(const ordinal_type& k) const { return colidx(k); }
};

HPAR_IMPL_DEVICE_CODE_END

template <class DataType, class Arg1Type, class Arg2Type = void, class Arg3Type = void,
          class SizeType = typename impl::crs_view<DataType*, Arg1Type, Arg2Type,
                                                   Arg3Type>::type::memory_space::size_type>
class StaticCrsGraph {
 private:
  using entries_view = typename impl::crs_view<DataType*, Arg1Type, Arg2Type, Arg3Type>::type;
  using memory_space_ = typename entries_view::memory_space;
  /// Where a host mirror lives: the graph's own device when its memory is HostSpace.
  using host_mirror_space = std::conditional_t<std::is_same<memory_space_, HostSpace>::value,
                                               typename entries_view::device_type, HostSpace>;

 public:
  using data_type = DataType;
  using array_layout = typename entries_view::array_layout;
  using execution_space = typename entries_view::execution_space;
  using memory_space = memory_space_;
  using device_type = typename entries_view::device_type;
  using memory_traits = typename entries_view::memory_traits;
  using size_type = SizeType;

  using staticcrsgraph_type = StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>;
  using HostMirror =
      StaticCrsGraph<data_type, array_layout, host_mirror_space, memory_traits, size_type>;

  using row_map_type = View<const size_type*, array_layout, device_type, memory_traits>;
  using entries_type = View<data_type*, array_layout, device_type, memory_traits>;
  using row_block_type = View<const size_type*, array_layout, device_type, memory_traits>;

  entries_type entries;
  row_map_type row_map;
  row_block_type row_block_offsets;

  HPAR_INLINE_FUNCTION StaticCrsGraph() {}

  template <class EntriesType, class RowMapType>
  HPAR_INLINE_FUNCTION StaticCrsGraph(const EntriesType& entries_, const RowMapType& row_map_)
      : entries(entries_), row_map(row_map_) {}

  HPAR_INLINE_FUNCTION size_type numRows() const {
    return row_map.extent(0) != 0 ? size_type(row_map.extent(0) - 1) : size_type(0);
  }

  HPAR_INLINE_FUNCTION bool is_allocated() const {
    return row_map.is_allocated() && entries.is_allocated();
  }

  /// Row i's entries (an empty row view for a row without entries).
  HPAR_INLINE_FUNCTION GraphRowViewConst<StaticCrsGraph> rowConst(const data_type i) const {
    const size_type start = row_map(i);
    const data_type count = static_cast<data_type>(row_map(i + 1) - start);
    if (count == 0) return GraphRowViewConst<StaticCrsGraph>(nullptr, 1, 0);
    return GraphRowViewConst<StaticCrsGraph>(entries, 1, count, start);
  }

  /// row_block_offsets = num_blocks + 1 row boundaries that split the rows into blocks of about
  /// equal cost (entries plus cost_per_row per row); computed on the host.
  void create_block_partitioning(size_type num_blocks, size_type fix_cost_per_row = 4) {
    View<size_type*, array_layout, device_type> block_offsets(
        "StaticCrsGraph::row_block_offsets", num_blocks + 1);
    const auto rows = create_mirror_view_and_copy(HostSpace(), row_map);
    const auto blocks = create_mirror_view(block_offsets);
    const size_t n = numRows();
    const double total = n == 0 ? 0.0 : double(rows(n)) + double(n) * double(fix_cost_per_row);
    size_t r = 0;
    for (size_t b = 1; b < size_t(num_blocks); ++b) {
      const double target = total * double(b) / double(num_blocks);
      while (r < n && double(rows(r)) + double(r) * double(fix_cost_per_row) < target) ++r;
      blocks(b) = size_type(r);
    }
    blocks(0) = 0;
    blocks(num_blocks) = size_type(n);
    deep_copy(block_offsets, blocks);
    row_block_offsets = block_offsets;
  }
};

// ---- construction ------------------------------------------------------------------------------

namespace impl {

/// A graph whose row i has counts[i] entries (zero): its row map is the running sum of count(i).
template <class Graph, class Count>
Graph crs_graph_with_rows(const std::string& label, size_t rows, const Count& count) {
  using row_work = View<typename Graph::size_type*, typename Graph::array_layout,
                        typename Graph::device_type, typename Graph::memory_traits>;
  row_work row_map("StaticCrsGraph::row_map", rows + 1);
  const auto host = create_mirror_view(row_map);
  size_t sum = 0;
  host(0) = 0;
  for (size_t i = 0; i < rows; ++i) {
    sum += size_t(count(i));
    host(i + 1) = typename Graph::size_type(sum);
  }
  deep_copy(row_map, host);
  Graph graph;
  graph.entries = typename Graph::entries_type(label, sum);
  graph.row_map = row_map;
  return graph;
}

}  // namespace impl

/// A graph of input.size() rows, row i with input[i] entries (zero).
template <class StaticCrsGraphType, class InputSizeType>
typename StaticCrsGraphType::staticcrsgraph_type create_staticcrsgraph(
    const std::string& label, const std::vector<InputSizeType>& input) {
  using Graph = typename StaticCrsGraphType::staticcrsgraph_type;
  return impl::crs_graph_with_rows<Graph>(label, input.size(),
                                          [&](size_t i) { return input[i]; });
}

/// A graph whose row i holds input[i].
template <class StaticCrsGraphType, class InputSizeType>
typename StaticCrsGraphType::staticcrsgraph_type create_staticcrsgraph(
    const std::string& label, const std::vector<std::vector<InputSizeType>>& input) {
  using Graph = typename StaticCrsGraphType::staticcrsgraph_type;
  static_assert(Graph::entries_type::rank == 1, "Kokkos::create_staticcrsgraph: entries of rank 1");
  Graph graph = impl::crs_graph_with_rows<Graph>(label, input.size(),
                                                 [&](size_t i) { return input[i].size(); });
  const auto host = create_mirror_view(graph.entries);
  size_t k = 0;
  for (const auto& row : input)
    for (const auto& entry : row) host(k++) = typename Graph::data_type(entry);
  deep_copy(graph.entries, host);
  return graph;
}

// ---- mirrors -------------------------------------------------------------------------------------

/// A copy of the graph in host memory.
template <class DataType, class Arg1Type, class Arg2Type, class Arg3Type, class SizeType>
typename StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>::HostMirror
create_mirror(const StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>& graph) {
  typename StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>::HostMirror mirror;
  const auto row_map = create_mirror(graph.row_map);
  const auto row_block_offsets = create_mirror(graph.row_block_offsets);
  mirror.entries = create_mirror(graph.entries);
  deep_copy(row_map, graph.row_map);
  deep_copy(mirror.entries, graph.entries);
  deep_copy(row_block_offsets, graph.row_block_offsets);
  mirror.row_map = row_map;
  mirror.row_block_offsets = row_block_offsets;
  return mirror;
}

/// The graph itself when its memory space is HostSpace, else create_mirror(graph).
template <class DataType, class Arg1Type, class Arg2Type, class Arg3Type, class SizeType>
typename StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>::HostMirror
create_mirror_view(const StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>& graph) {
  using Graph = StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>;
  if constexpr (std::is_same<typename Graph::memory_space, HostSpace>::value) {
    typename Graph::HostMirror same;
    same.entries = graph.entries;
    same.row_map = graph.row_map;
    same.row_block_offsets = graph.row_block_offsets;
    return same;
  } else {
    return create_mirror(graph);
  }
}

/// The largest entry of the graph, or 0 when every entry is smaller (Kokkos' reduction starts
/// from 0).
template <class DataType, class Arg1Type, class Arg2Type, class Arg3Type, class SizeType>
DataType maximum_entry(
    const StaticCrsGraph<DataType, Arg1Type, Arg2Type, Arg3Type, SizeType>& graph) {
  const auto host = create_mirror_view_and_copy(HostSpace(), graph.entries);
  DataType result = 0;
  for (size_t k = 0; k < host.extent(0); ++k)
    if (result < host(k)) result = host(k);
  return result;
}

}  // namespace hpar
