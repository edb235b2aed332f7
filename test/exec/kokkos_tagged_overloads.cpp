// Checks a functor whose operator() overloads serve different policies (Kokkos spelling): a RangePolicy<TagA> overload, a TeamPolicy<TagB> overload nesting ThreadVectorRange in TeamThreadRange, and untagged f(i) and f(i, value) overloads, each dispatched and each running only its own overload.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>

struct TagA {};
struct TagB {};

constexpr int kVector = 8;

struct Overloads {
  using member_type = Kokkos::TeamPolicy<TagB>::member_type;
  Kokkos::View<int*> a;
  Kokkos::View<long*> b;
  Kokkos::View<long*> row_sums;
  int cols;

  // RangePolicy<TagA>: f(TagA, i).
  KOKKOS_INLINE_FUNCTION void operator()(TagA, const int i) const { a(i) = i % 97; }

  // TeamPolicy<TagB>: f(TagB, member), one team per row; each thread takes blocks of kVector
  // columns, whose elements its vector lanes share.
  KOKKOS_INLINE_FUNCTION void operator()(TagB, const member_type& team) const {
    const int r = team.league_rank();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols / kVector), [&](const int block) {
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kVector), [&](const int lane) {
        const int i = r * cols + block * kVector + lane;
        b(i) += a(i);
      });
    });
    long sum = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, cols), [&](const int j, long& s) { s += a(r * cols + j); }, sum);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { row_sums(r) = sum; });
  }

  // Untagged RangePolicy: f(i) for parallel_for, f(i, value) for parallel_reduce.
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = 2 * long(a(i)); }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, long& s) const { s += b(i); }
};

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const int rows = 257, cols = 24 * kVector, n = rows * cols;
    Overloads f{Kokkos::View<int*>("a", n), Kokkos::View<long*>("b", n), Kokkos::View<long*>("row_sums", rows), cols};

    Kokkos::parallel_for("tag_a", Kokkos::RangePolicy<TagA>(0, n), f);
    Kokkos::parallel_for("untagged_for", Kokkos::RangePolicy<>(0, n), f);
    Kokkos::parallel_for("tag_b", Kokkos::TeamPolicy<TagB>(rows, Kokkos::AUTO, kVector), f);
    long total = -1;
    Kokkos::parallel_reduce("untagged_reduce", Kokkos::RangePolicy<>(0, n), f, total);
    Kokkos::fence();

    auto ha = Kokkos::create_mirror_view(f.a);
    auto hb = Kokkos::create_mirror_view(f.b);
    auto hs = Kokkos::create_mirror_view(f.row_sums);
    Kokkos::deep_copy(ha, f.a);
    Kokkos::deep_copy(hb, f.b);
    Kokkos::deep_copy(hs, f.row_sums);
    long bad_a = 0, bad_b = 0, bad_rows = 0, expected_total = 0;
    for (int r = 0; r < rows; ++r) {
      long row = 0;
      for (int j = 0; j < cols; ++j) {
        const int i = r * cols + j;
        const long v = i % 97;
        if (ha(i) != v) ++bad_a;
        if (hb(i) != 3 * v) ++bad_b;  // 2a from f(i), then + a from f(TagB, member)
        row += v;
        expected_total += 3 * v;
      }
      if (hs(r) != row) ++bad_rows;
    }
    check_eq("f(TagA, i): elements of a not i % 97", bad_a, 0);
    check_eq("f(i) then f(TagB, member): elements of b not 3 a", bad_b, 0);
    check_eq("f(TagB, member): row sums wrong", bad_rows, 0);
    check_eq("f(i, value): the untagged reduction", total, expected_total);
  }
  Kokkos::finalize();
  return report();
}
