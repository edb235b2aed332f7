// Checks functors larger than CUDA's kernel-parameter space (32764 bytes): class functors holding a 240 KB table and lambdas capturing a 240 KB struct by value, in every kind of kernel (RangePolicy for, reduce with a reducer and with the functor's own init/join, scan; MDRangePolicy for of rank 2 and 4 and reduce; TeamPolicy for with a nested TeamThreadRange scan, TeamPolicy reduce), and a 20 KB functor that fits on its own but not next to the copy a functor-defined reduction keeps of it. Every value is a multiple of 1/4 below 2^40, so each sum is exact in any order.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>

constexpr int kTable = 30000;  // 240 KB of doubles
constexpr int kSmall = 2500;   // 20 KB of doubles
constexpr int kN = 100003;

double table_value(const int k) { return 0.25 * double(k % 97); }

struct Table {
  double c[kTable];
};

// ---- class functors ---------------------------------------------------------------------------------

struct ShiftByTable {
  Kokkos::View<double*> y;
  double table[kTable];
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = table[i % kTable] + double(i); }
};

// A functor-defined reduction: the reduction keeps a copy of the functor for init and join.
struct StridedTableSum {
  using value_type = double;
  double table[kTable];
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type& sum) const { sum += table[(7 * i) % kTable]; }
  KOKKOS_INLINE_FUNCTION void init(value_type& sum) const { sum = 0.0; }
  KOKKOS_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst += src; }
};

// 20 KB: a kernel parameter on its own, but not together with the reduction's copy of it.
struct Weights {
  using value_type = double;
  Kokkos::View<double*> y;
  double w[kSmall];
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { y(i) = w[i % kSmall]; }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type& sum) const { sum += w[i % kSmall] * y(i); }
  KOKKOS_INLINE_FUNCTION void init(value_type& sum) const { sum = 0.0; }
  KOKKOS_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const { dst += src; }
};

// One team per row of `m` columns: each thread writes its columns, then the team scans the row.
struct RowPrefix {
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::View<double**> rows;
  Kokkos::View<double**> prefix;
  double table[kTable];
  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team) const {
    const int row = team.league_rank();
    const int m = int(rows.extent(1));
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, m),
                         [&](const int j) { rows(row, j) = table[(row * m + j) % kTable]; });
    Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, m), [&](const int j, double& update, const bool final) {
      if (final) prefix(row, j) = update;
      update += table[(row * m + j) % kTable];
    });
  }
};

// ---- the tests ----------------------------------------------------------------------------------------

void test_class_functors(const Table& host_table) {
  ShiftByTable shift;
  shift.y = Kokkos::View<double*>("y", kN);
  for (int k = 0; k < kTable; ++k) shift.table[k] = host_table.c[k];
  Kokkos::parallel_for("shift_by_table", Kokkos::RangePolicy<>(0, kN), shift);
  auto y = Kokkos::create_mirror_view(shift.y);
  Kokkos::deep_copy(y, shift.y);
  long long bad = 0;
  for (int i = 0; i < kN; ++i)
    if (y(i) != table_value(i % kTable) + double(i)) ++bad;
  check_eq("RangePolicy parallel_for, 240 KB class functor (bad elements)", bad, 0);

  StridedTableSum strided;
  for (int k = 0; k < kTable; ++k) strided.table[k] = host_table.c[k];
  double sum = -1.0;
  Kokkos::parallel_reduce("strided_table_sum", kN, strided, sum);
  double expected = 0.0;
  for (int i = 0; i < kN; ++i) expected += table_value((7 * i) % kTable);
  check_same("RangePolicy parallel_reduce, 240 KB functor with init/join", sum, expected);
}

void test_middle_functor() {
  Weights weights;
  weights.y = Kokkos::View<double*>("weights_y", kN);
  for (int k = 0; k < kSmall; ++k) weights.w[k] = 0.25 * double(k % 13);
  Kokkos::parallel_for("weights_for", kN, weights);
  double dot = -1.0;
  Kokkos::parallel_reduce("weights_dot", kN, weights, dot);
  double expected = 0.0;
  for (int i = 0; i < kN; ++i) expected += (0.25 * double(i % kSmall % 13)) * (0.25 * double(i % kSmall % 13));
  check_same("20 KB functor: parallel_for then a functor-defined parallel_reduce", dot, expected);
}

void test_lambdas(const Table& t) {
  // RangePolicy reduce with two reducers.
  double sum = -1.0;
  double largest = -1.0;
  Kokkos::parallel_reduce("lambda_sum_max", kN,
                          KOKKOS_LAMBDA(const int i, double& s, double& m) {
                            const double v = t.c[(3 * i) % kTable];
                            s += v;
                            if (v > m) m = v;
                          },
                          Kokkos::Sum<double>(sum), Kokkos::Max<double>(largest));
  double esum = 0.0, emax = 0.0;
  for (int i = 0; i < kN; ++i) {
    const double v = table_value((3 * i) % kTable);
    esum += v;
    if (v > emax) emax = v;
  }
  check_same("RangePolicy parallel_reduce, lambda capturing 240 KB: Sum", sum, esum);
  check_same("RangePolicy parallel_reduce, lambda capturing 240 KB: Max", largest, emax);

  // RangePolicy scan: the scan keeps a copy of the closure too.
  Kokkos::View<int64_t*> pre("pre", kN);
  int64_t total = -1;
  Kokkos::parallel_scan("lambda_scan", kN,
                        KOKKOS_LAMBDA(const int i, int64_t& update, const bool final) {
                          if (final) pre(i) = update;
                          update += int64_t(4.0 * t.c[i % kTable]);
                        },
                        total);
  auto hpre = Kokkos::create_mirror_view(pre);
  Kokkos::deep_copy(hpre, pre);
  int64_t acc = 0;
  long long bad = 0;
  for (int i = 0; i < kN; ++i) {
    if (hpre(i) != acc) ++bad;
    acc += int64_t(4.0 * table_value(i % kTable));
  }
  check_eq("RangePolicy parallel_scan, lambda capturing 240 KB (bad elements)", bad, 0);
  check_eq("RangePolicy parallel_scan, lambda capturing 240 KB: total", total, acc);

  // MDRangePolicy: rank 2 for, rank 4 for, rank 2 reduce.
  const int ni = 300, nj = 170;
  Kokkos::View<double**> grid("grid", ni, nj);
  Kokkos::parallel_for("lambda_md2", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {ni, nj}),
                       KOKKOS_LAMBDA(const int i, const int j) { grid(i, j) = t.c[(i * nj + j) % kTable]; });
  auto hgrid = Kokkos::create_mirror_view(grid);
  Kokkos::deep_copy(hgrid, grid);
  bad = 0;
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      if (hgrid(i, j) != table_value((i * nj + j) % kTable)) ++bad;
  check_eq("MDRangePolicy<Rank<2>> parallel_for, lambda capturing 240 KB (bad elements)", bad, 0);

  const int e0 = 5, e1 = 7, e2 = 9, e3 = 11;
  Kokkos::View<double****> box("box", e0, e1, e2, e3);
  Kokkos::parallel_for("lambda_md4", Kokkos::MDRangePolicy<Kokkos::Rank<4>>({0, 0, 0, 0}, {e0, e1, e2, e3}),
                       KOKKOS_LAMBDA(const int a, const int b, const int c, const int d) {
                         box(a, b, c, d) = t.c[((a * e1 + b) * e2 + c) * e3 + d];
                       });
  auto hbox = Kokkos::create_mirror_view(box);
  Kokkos::deep_copy(hbox, box);
  bad = 0;
  for (int a = 0; a < e0; ++a)
    for (int b = 0; b < e1; ++b)
      for (int c = 0; c < e2; ++c)
        for (int d = 0; d < e3; ++d)
          if (hbox(a, b, c, d) != table_value(((a * e1 + b) * e2 + c) * e3 + d)) ++bad;
  check_eq("MDRangePolicy<Rank<4>> parallel_for, lambda capturing 240 KB (bad elements)", bad, 0);

  double gsum = -1.0;
  Kokkos::parallel_reduce("lambda_md2_sum", Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 0}, {ni, nj}),
                          KOKKOS_LAMBDA(const int i, const int j, double& s) { s += t.c[(i + 2 * j) % kTable]; },
                          gsum);
  double egsum = 0.0;
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j) egsum += table_value((i + 2 * j) % kTable);
  check_same("MDRangePolicy<Rank<2>> parallel_reduce, lambda capturing 240 KB", gsum, egsum);

  // TeamPolicy reduce: each team sums one row of `m` entries, the leader adds it.
  const int league = 257, m = 301;
  double team_sum = -1.0;
  Kokkos::parallel_reduce("lambda_team_sum", Kokkos::TeamPolicy<>(league, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type& team, double& s) {
                            const int row = team.league_rank();
                            double row_sum = 0.0;
                            Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, m),
                                                    [&](const int j, double& r) { r += t.c[(row * m + j) % kTable]; },
                                                    row_sum);
                            Kokkos::single(Kokkos::PerTeam(team), [&]() { s += row_sum; });
                          },
                          team_sum);
  double eteam = 0.0;
  for (int row = 0; row < league; ++row)
    for (int j = 0; j < m; ++j) eteam += table_value((row * m + j) % kTable);
  check_same("TeamPolicy parallel_reduce, lambda capturing 240 KB", team_sum, eteam);
}

void test_team_functor(const Table& host_table) {
  const int league = 123, m = 517;
  RowPrefix f;
  f.rows = Kokkos::View<double**>("rows", league, m);
  f.prefix = Kokkos::View<double**>("prefix", league, m);
  for (int k = 0; k < kTable; ++k) f.table[k] = host_table.c[k];
  Kokkos::parallel_for("row_prefix", Kokkos::TeamPolicy<>(league, Kokkos::AUTO), f);
  auto rows = Kokkos::create_mirror_view(f.rows);
  auto prefix = Kokkos::create_mirror_view(f.prefix);
  Kokkos::deep_copy(rows, f.rows);
  Kokkos::deep_copy(prefix, f.prefix);
  long long bad_rows = 0, bad_prefix = 0;
  for (int row = 0; row < league; ++row) {
    double acc = 0.0;
    for (int j = 0; j < m; ++j) {
      const double v = table_value((row * m + j) % kTable);
      if (rows(row, j) != v) ++bad_rows;
      if (prefix(row, j) != acc) ++bad_prefix;
      acc += v;
    }
  }
  check_eq("TeamPolicy parallel_for, 240 KB class functor (bad elements)", bad_rows, 0);
  check_eq("TeamPolicy parallel_for, 240 KB class functor: nested TeamThreadRange scan (bad elements)",
           bad_prefix, 0);
}

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    static Table table;  // static: the test's own copies are the ones on the stack
    for (int k = 0; k < kTable; ++k) table.c[k] = table_value(k);
    test_class_functors(table);
    test_middle_functor();
    test_lambdas(table);
    test_team_functor(table);
  }
  Kokkos::finalize();
  return report();
}
