// Checks View::rank and View::rank_dynamic as Kokkos 4 spells them: integral constants usable as v.rank, decltype(v)::rank and v.rank() (mdspan's spelling).
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstddef>
#include <type_traits>

template <class V>
int rank_of(const V& v) {
  return int(v.rank());
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  Kokkos::View<double** [4]> v("v", 2, 3);
  static_assert(decltype(v)::rank() == 3, "decltype(v)::rank()");
  static_assert(decltype(v)::rank_dynamic() == 2, "decltype(v)::rank_dynamic()");
  static_assert(std::is_convertible<decltype(v.rank), std::size_t>::value, "rank converts to size_t");
  check_eq("v.rank()", rank_of(v), 3);
  check_eq("v.rank_dynamic()", int(v.rank_dynamic()), 2);
  check_eq("v.rank", int(v.rank), 3);
  std::size_t extents = 1;
  for (std::size_t r = 0; r < v.rank(); ++r) extents *= v.extent(r);
  check_eq("product of the extents over r < v.rank()", (long long)extents, 24);
  int in_kernel = 0;
  Kokkos::parallel_reduce("rank_in_kernel", 1, KOKKOS_LAMBDA(const int, int& r) { r += int(v.rank()) * 10 + int(v.rank_dynamic); }, in_kernel);
  check_eq("rank() in a kernel", in_kernel, 32);
  return report();
}
