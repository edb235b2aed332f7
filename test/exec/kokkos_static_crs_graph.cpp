// Checks Kokkos::StaticCrsGraph as applications use it: a neighbour-list graph made by create_staticcrsgraph from per-row counts and filled in a kernel through row_map, then read in kernels through row_map/entries and through rowConst (length, colidx, operator()); a graph made from std::vector<std::vector<int>> rows; a graph type with layout, device, void and size type arguments; create_mirror and create_mirror_view (the graph itself for a HostSpace graph), maximum_entry, create_block_partitioning, numRows, is_allocated and the typedefs. Every value is compared with the same computation on the host.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_StaticCrsGraph.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

KOKKOS_INLINE_FUNCTION int neighbours_of(int i) { return int((uint64_t(i) * 2654435761u >> 7) % 7); }
KOKKOS_INLINE_FUNCTION int neighbour(int i, int k, int n) { return int((uint64_t(i) * 31 + uint64_t(k) * 17 + 5) % uint64_t(n)); }

using graph_type = Kokkos::StaticCrsGraph<int, Kokkos::DefaultExecutionSpace>;

static_assert(std::is_same<graph_type::data_type, int>::value, "data_type");
static_assert(std::is_same<graph_type::entries_type::value_type, int>::value, "entries_type");
static_assert(std::is_same<graph_type::row_map_type::value_type, const graph_type::size_type>::value,
              "row_map_type holds const size_type");
static_assert(std::is_same<graph_type::execution_space, Kokkos::DefaultExecutionSpace>::value,
              "execution_space");
static_assert(std::is_same<graph_type::device_type::memory_space, graph_type::memory_space>::value,
              "device_type");
static_assert(std::is_same<graph_type::HostMirror::memory_space, Kokkos::HostSpace>::value,
              "HostMirror lives in HostSpace");

// Neighbour lists as a code builds them: counts on the host, entries filled in a kernel.
void neighbour_lists(const int n) {
  std::vector<int> counts(n);
  long total = 0;
  for (int i = 0; i < n; ++i) total += counts[i] = neighbours_of(i);
  graph_type graph = Kokkos::create_staticcrsgraph<graph_type>("neighbours", counts);
  check_eq("numRows()", long(graph.numRows()), n);
  check_eq("entries.extent(0)", long(graph.entries.extent(0)), total);
  check(graph.is_allocated(), "is_allocated()");

  auto row_map = graph.row_map;
  auto entries = graph.entries;
  Kokkos::parallel_for("fill_neighbours", n, KOKKOS_LAMBDA(const int i) {
    for (auto k = row_map(i); k < row_map(i + 1); ++k)
      entries(k) = neighbour(i, int(k - row_map(i)), n);
  });

  // Read it back in kernels: a weighted sum of neighbours through row_map/entries, and the same
  // through rowConst, per row.
  Kokkos::View<long*> by_entries("by_entries", n), by_row("by_row", n);
  Kokkos::View<int*> lengths("lengths", n);
  Kokkos::parallel_for("read_entries", n, KOKKOS_LAMBDA(const int i) {
    long s = 0;
    for (auto k = graph.row_map(i); k < graph.row_map(i + 1); ++k)
      s += long(graph.entries(k)) * long(k - graph.row_map(i) + 1);
    by_entries(i) = s;
  });
  Kokkos::parallel_for("read_rows", n, KOKKOS_LAMBDA(const int i) {
    const auto row = graph.rowConst(i);
    long s = 0;
    for (int k = 0; k < row.length; ++k) s += long(row.colidx(k)) * (k + 1);
    if (row.length > 0 && row(0) != row.colidx(0)) s = -1;
    by_row(i) = s;
    lengths(i) = row.length;
  });
  long rows_in_kernels = 0;
  Kokkos::parallel_reduce("num_rows_in_kernel", 1, KOKKOS_LAMBDA(const int, long& r) {
    r += long(graph.numRows());
  }, rows_in_kernels);
  check_eq("numRows() in a kernel", rows_in_kernels, n);

  auto h_entries = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), by_entries);
  auto h_rows = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), by_row);
  auto h_lengths = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), lengths);
  long bad = 0, bad_rows = 0, bad_lengths = 0;
  int largest = 0;
  for (int i = 0; i < n; ++i) {
    long s = 0;
    for (int k = 0; k < counts[i]; ++k) {
      s += long(neighbour(i, k, n)) * (k + 1);
      if (neighbour(i, k, n) > largest) largest = neighbour(i, k, n);
    }
    bad += h_entries(i) != s;
    bad_rows += h_rows(i) != s;
    bad_lengths += h_lengths(i) != counts[i];
  }
  check_eq("kernel over row_map/entries", bad, 0);
  check_eq("kernel over rowConst(i)", bad_rows, 0);
  check_eq("rowConst(i).length", bad_lengths, 0);

  // The host mirror: row map = running sum of the counts, the entries as filled.
  graph_type::HostMirror mirror = Kokkos::create_mirror(graph);
  long bad_mirror = 0;
  long sum = 0;
  for (int i = 0; i < n; ++i) {
    bad_mirror += long(mirror.row_map(i)) != sum;
    for (int k = 0; k < counts[i]; ++k) bad_mirror += mirror.entries(sum + k) != neighbour(i, k, n);
    sum += counts[i];
  }
  bad_mirror += long(mirror.row_map(n)) != total;
  check_eq("create_mirror(graph): row_map and entries", bad_mirror, 0);
  auto view = Kokkos::create_mirror_view(graph);
  check_eq("create_mirror_view(graph).numRows()", long(view.numRows()), n);
  check_eq("create_mirror_view(graph).entries(last)", view.entries(total - 1),
           neighbour(n - 1, counts[n - 1] - 1, n));
  check_eq("maximum_entry(graph)", Kokkos::maximum_entry(graph), largest);

  // Blocks of about equal cost: boundaries from 0 to n, not decreasing, each block's cost within
  // one row's cost of the mean.
  const int blocks = 7, cost_per_row = 4;
  graph.create_block_partitioning(blocks, cost_per_row);
  auto offsets = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), graph.row_block_offsets);
  check_eq("row_block_offsets.extent(0)", long(offsets.extent(0)), blocks + 1);
  check_eq("row_block_offsets(0)", long(offsets(0)), 0);
  check_eq("row_block_offsets(blocks)", long(offsets(blocks)), n);
  const double mean = double(total + long(n) * cost_per_row) / blocks;
  long bad_blocks = 0;
  for (int b = 0; b < blocks; ++b) {
    if (offsets(b) > offsets(b + 1)) {
      ++bad_blocks;
      continue;
    }
    const long cost = long(mirror.row_map(offsets(b + 1)) - mirror.row_map(offsets(b))) +
                      long(offsets(b + 1) - offsets(b)) * cost_per_row;
    bad_blocks += cost > mean + 6 + cost_per_row || cost < mean - 6 - cost_per_row;
  }
  check_eq("create_block_partitioning: balanced blocks", bad_blocks, 0);
}

// A graph given row by row, of a type with every template argument.
void adjacency_rows(const int n) {
  using Graph = Kokkos::StaticCrsGraph<unsigned, Kokkos::LayoutLeft, Kokkos::DefaultExecutionSpace,
                                       void, int>;
  static_assert(std::is_same<Graph::size_type, int>::value, "SizeType argument");
  static_assert(std::is_same<Graph::array_layout, Kokkos::LayoutLeft>::value, "layout argument");
  std::vector<std::vector<int>> rows(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i % 5; ++j) rows[i].push_back(i + 3 * j);
  Graph graph = Kokkos::create_staticcrsgraph<Graph>("rows", rows);
  check_eq("rows: numRows()", long(graph.numRows()), n);

  Kokkos::View<long*> sums("sums", n);
  Kokkos::parallel_for("row_sums", n, KOKKOS_LAMBDA(const int i) {
    long s = 0;
    for (int k = graph.row_map(i); k < graph.row_map(i + 1); ++k) s += graph.entries(k);
    sums(i) = s;
  });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), sums);
  long bad = 0;
  unsigned largest = 0;
  for (int i = 0; i < n; ++i) {
    long s = 0;
    for (int e : rows[i]) {
      s += e;
      if (unsigned(e) > largest) largest = unsigned(e);
    }
    bad += h(i) != s;
  }
  check_eq("rows: kernel sums of each row", bad, 0);
  check_eq("rows: maximum_entry", long(Kokkos::maximum_entry(graph)), long(largest));

  // Empty graphs.
  Graph empty;
  check_eq("default graph: numRows()", long(empty.numRows()), 0);
  check(!empty.is_allocated(), "default graph: not allocated");
  Graph no_rows = Kokkos::create_staticcrsgraph<Graph>("none", std::vector<int>());
  check_eq("graph of no rows: numRows()", long(no_rows.numRows()), 0);
  check_eq("graph of no rows: entries", long(no_rows.entries.extent(0)), 0);
}

// A graph in HostSpace: its mirror view is the graph itself.
void host_graph() {
  using Graph = Kokkos::StaticCrsGraph<int, Kokkos::HostSpace>;
  std::vector<std::vector<int>> rows = {{1, 2}, {}, {-3}, {4, 5, 6}};
  Graph graph = Kokkos::create_staticcrsgraph<Graph>("host", rows);
  auto same = Kokkos::create_mirror_view(graph);
  check(same.entries.data() == graph.entries.data(), "HostSpace graph: create_mirror_view shares entries");
  auto copy = Kokkos::create_mirror(graph);
  check(copy.entries.data() != graph.entries.data(), "HostSpace graph: create_mirror copies");
  check_eq("HostSpace graph: row_map(4)", long(copy.row_map(4)), 6);
  check_eq("HostSpace graph: rowConst(3)(2)", graph.rowConst(3)(2), 6);
  check_eq("HostSpace graph: rowConst(1).length", graph.rowConst(1).length, 0);
  check_eq("HostSpace graph: maximum_entry", Kokkos::maximum_entry(graph), 6);
  Graph negative = Kokkos::create_staticcrsgraph<Graph>("negative", std::vector<std::vector<int>>{{-4, -2}});
  check_eq("maximum_entry of negative entries is 0", Kokkos::maximum_entry(negative), 0);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    neighbour_lists(4000);
    adjacency_rows(1000);
    host_graph();
  }
  Kokkos::finalize();
  return report();
}
