// Checks a functor whose operator() overloads serve different policies (Kokkos spelling): a RangePolicy<TagA> overload, a TeamPolicy<TagB> overload nesting ThreadVectorRange in TeamThreadRange, and untagged f(i) and f(i, value) overloads, each dispatched and each running only its own overload; a parallel_scan over RangePolicy<TagOffsets> with no value_type and no total, whose value type comes from the tag's overload (as a molecular-dynamics neighbour list computes its offsets); and a ThreadVectorRange reduction into a 3-vector struct with += and no reduction_identity.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>

struct TagA {};
struct TagB {};
struct TagOffsets {};

// A 3-vector as MD codes reduce forces: zero when constructed, its own copy constructor and
// assignment (so not trivially copyable), +=, and the volatile forms.
template <class Scalar>
struct Vec3 {
  Scalar x, y, z;
  KOKKOS_INLINE_FUNCTION Vec3() : x(0), y(0), z(0) {}
  KOKKOS_INLINE_FUNCTION Vec3(Scalar x_, Scalar y_, Scalar z_) : x(x_), y(y_), z(z_) {}
  KOKKOS_INLINE_FUNCTION Vec3(const Vec3& o) : x(o.x), y(o.y), z(o.z) {}
  KOKKOS_INLINE_FUNCTION Vec3& operator=(const Vec3& o) {
    x = o.x;
    y = o.y;
    z = o.z;
    return *this;
  }
  KOKKOS_INLINE_FUNCTION Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile Vec3& o) volatile {
    x += o.x;
    y += o.y;
    z += o.z;
  }
};

constexpr int kVector = 8;

struct Overloads {
  using member_type = Kokkos::TeamPolicy<TagB>::member_type;
  Kokkos::View<int*> a;
  Kokkos::View<long*> b;
  Kokkos::View<long*> row_sums;
  Kokkos::View<long*> offsets;
  Kokkos::View<double**> row_vec;
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
    // Every thread: a 3-vector over the row's first kVector elements, one per lane.
    Vec3<double> v;
    Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, kVector), [&](const int lane, Vec3<double>& lv) {
      const double e = a(r * cols + lane);
      lv += Vec3<double>(e, 2 * e, -e);
    }, v);
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      row_vec(r, 0) = v.x;
      row_vec(r, 1) = v.y;
      row_vec(r, 2) = v.z;
    });
  }

  // RangePolicy<TagOffsets> scan: each element's offset is the sum of b % 5 before it.
  KOKKOS_INLINE_FUNCTION void operator()(const TagOffsets&, const int& i, long& offset, const bool final) const {
    const long count = b(i) % 5;
    if (final) offsets(i) = offset;
    offset += count;
  }

  // Untagged RangePolicy: f(i) for parallel_for, f(i, value) for parallel_reduce.
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const { b(i) = 2 * long(a(i)); }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, long& s) const { s += b(i); }
};

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    const int rows = 257, cols = 24 * kVector, n = rows * cols;
    Overloads f{Kokkos::View<int*>("a", n), Kokkos::View<long*>("b", n), Kokkos::View<long*>("row_sums", rows),
                Kokkos::View<long*>("offsets", n), Kokkos::View<double**>("row_vec", rows, 3), cols};

    Kokkos::parallel_for("tag_a", Kokkos::RangePolicy<TagA>(0, n), f);
    Kokkos::parallel_for("untagged_for", Kokkos::RangePolicy<>(0, n), f);
    Kokkos::parallel_for("tag_b", Kokkos::TeamPolicy<TagB>(rows, Kokkos::AUTO, kVector), f);
    long total = -1;
    Kokkos::parallel_reduce("untagged_reduce", Kokkos::RangePolicy<>(0, n), f, total);
    Kokkos::parallel_scan("tag_offsets", Kokkos::RangePolicy<TagOffsets>(0, n), f);
    Kokkos::fence();

    auto ha = Kokkos::create_mirror_view(f.a);
    auto hb = Kokkos::create_mirror_view(f.b);
    auto hs = Kokkos::create_mirror_view(f.row_sums);
    Kokkos::deep_copy(ha, f.a);
    Kokkos::deep_copy(hb, f.b);
    Kokkos::deep_copy(hs, f.row_sums);
    auto ho = Kokkos::create_mirror_view(f.offsets);
    auto hv = Kokkos::create_mirror_view(f.row_vec);
    Kokkos::deep_copy(ho, f.offsets);
    Kokkos::deep_copy(hv, f.row_vec);
    long bad_a = 0, bad_b = 0, bad_rows = 0, bad_vec = 0, bad_offsets = 0, expected_total = 0;
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
      double first = 0;
      for (int lane = 0; lane < kVector; ++lane) first += (r * cols + lane) % 97;
      if (hv(r, 0) != first || hv(r, 1) != 2 * first || hv(r, 2) != -first) ++bad_vec;
    }
    long running = 0;
    for (int i = 0; i < n; ++i) {
      if (ho(i) != running) ++bad_offsets;
      running += (3 * long(i % 97)) % 5;
    }
    check_eq("f(TagA, i): elements of a not i % 97", bad_a, 0);
    check_eq("f(i) then f(TagB, member): elements of b not 3 a", bad_b, 0);
    check_eq("f(TagB, member): row sums wrong", bad_rows, 0);
    check_eq("f(i, value): the untagged reduction", total, expected_total);
    check_eq("f(TagB, member): 3-vector reductions wrong", bad_vec, 0);
    check_eq("f(TagOffsets, i, offset, final): offsets wrong", bad_offsets, 0);
  }
  Kokkos::finalize();
  return report();
}
