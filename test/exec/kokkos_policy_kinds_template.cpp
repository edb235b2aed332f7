// Checks one dispatch in a function template that is instantiated with policies of several kinds,
// as Kokkos' TestReductions_DeviceView writes it: test_count(N, policy, functor) reduces into a
// rank-0 View, a Sum reducer over it and a plain scalar, called with a RangePolicy, an
// MDRangePolicy of rank 3, an MDRangePolicy of rank 2, a TeamPolicy and a RangePolicy over the
// host execution space; and a parallel_for in a functor-class member template called with a
// RangePolicy and an MDRangePolicy. Each instantiation runs with its own policy's semantics.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>

struct RangeCount {
  KOKKOS_INLINE_FUNCTION void operator()(const int, int64_t& sum) const { sum += 1; }
};

struct BoxCount {
  KOKKOS_INLINE_FUNCTION void operator()(const int i, const int j, const int k, int64_t& sum) const {
    sum += i + 100 * j + 10000 * k;
  }
};

struct PlaneCount {
  KOKKOS_INLINE_FUNCTION void operator()(const int, const int, int64_t& sum) const { sum += 1; }
};

struct TeamCount {
  int per_team;
  KOKKOS_INLINE_FUNCTION void operator()(const Kokkos::TeamPolicy<>::member_type& team,
                                         int64_t& sum) const {
    for (int i = team.team_rank(); i < per_team; i += team.team_size()) sum += 1;
  }
};

template <class Policy, class Functor>
void test_count(const char* what, int64_t expected, const Policy& policy, const Functor& functor) {
  Kokkos::View<int64_t, typename Policy::execution_space> result("result");
  Kokkos::parallel_reduce("count_into_view", policy, functor, result);
  int64_t from_view = -1;
  Kokkos::deep_copy(from_view, result);
  check_eq(what, from_view, expected);

  Kokkos::deep_copy(result, 0);
  Kokkos::parallel_reduce("count_with_reducer", policy, functor,
                          Kokkos::Sum<int64_t, typename Policy::execution_space>(result));
  int64_t from_reducer = -1;
  Kokkos::deep_copy(from_reducer, result);
  check_eq(what, from_reducer, expected);

  int64_t scalar = -1;
  Kokkos::parallel_reduce("count_into_scalar", policy, functor, scalar);
  check_eq(what, scalar, expected);
}

// A parallel_for in a member template: each instantiation marks the points of its own policy.
struct Marker {
  Kokkos::View<int**> marks;
  template <class Policy, class Functor>
  void mark(const Policy& policy, const Functor& functor) const {
    Kokkos::parallel_for("mark", policy, functor);
  }
};

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  {
    test_count("RangePolicy", 100000, Kokkos::RangePolicy<>(0, 100000), RangeCount());
    // Sums of i + 100 j + 10000 k over the box: each index's sum times the other two extents.
    test_count("MDRangePolicy<Rank<3>>", 190LL * 30 * 40 + 100LL * 435 * 20 * 40 + 10000LL * 780 * 20 * 30,
               Kokkos::MDRangePolicy<Kokkos::Rank<3>>({0, 0, 0}, {20, 30, 40}), BoxCount());
    test_count("MDRangePolicy<Rank<2>>", 7 * 9, Kokkos::MDRangePolicy<Kokkos::Rank<2>>({1, 2}, {8, 11}),
               PlaneCount());
    test_count("TeamPolicy", 16 * 300, Kokkos::TeamPolicy<>(16, Kokkos::AUTO), TeamCount{300});
    test_count("RangePolicy<DefaultHostExecutionSpace>", 1234,
               Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 1234), RangeCount());

    Marker m{Kokkos::View<int**>("marks", 10, 12)};
    auto marks = m.marks;
    m.mark(Kokkos::RangePolicy<>(0, 10), KOKKOS_LAMBDA(int i) { marks(i, 0) += 1; });
    m.mark(Kokkos::MDRangePolicy<Kokkos::Rank<2>>({0, 1}, {10, 12}),
           KOKKOS_LAMBDA(int i, int j) { marks(i, j) += 10 * j; });
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), marks);
    long long wrong = 0;
    for (int i = 0; i < 10; ++i)
      for (int j = 0; j < 12; ++j) wrong += h(i, j) != (j == 0 ? 1 : 10 * j);
    check_eq("marks of both instantiations", wrong, 0);
  }
  return report();
}
