// One functor class serving 2-D and 3-D MDRangePolicy loops and reductions through overloads of
// operator(), as Kokkos 3 programs (and its MDRange tutorial) write it, with the
// Kokkos::Experimental spellings of MDRangePolicy, Rank and Iterate. The indices reach the functor
// as values, so the (i, j, k) loop calls the three-index overload, not the (i, j, value_type&)
// reduction one.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <cstdio>

template <class ViewType>
struct Products {
  typedef long value_type;
  ViewType v;

  KOKKOS_INLINE_FUNCTION void operator()(const int i, const int j) const { v(i, j) = i * j; }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, const int j, const int k) const {
    v(i, j, k) = i * j * k;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, const int j, value_type& wrong) const {
    if (v(i, j) != i * j) wrong += 1;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, const int j, const int k,
                                         value_type& wrong) const {
    if (v(i, j, k) != i * j * k) wrong += 1;
  }
};

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  long wrong2 = -1, wrong3 = -1;
  {
    const int n = 24;
    using Rank2 = Kokkos::Experimental::MDRangePolicy<
        Kokkos::Experimental::Rank<2, Kokkos::Experimental::Iterate::Left,
                                   Kokkos::Experimental::Iterate::Left>>;
    using Rank3 = Kokkos::Experimental::MDRangePolicy<Kokkos::Experimental::Rank<3>>;
    Kokkos::View<double**> v2("v2", n, n);
    Kokkos::View<double***> v3("v3", n, n, n);
    Kokkos::parallel_for("fill2", Rank2({0, 0}, {n, n}), Products<decltype(v2)>{v2});
    Kokkos::parallel_for("fill3", Rank3({0, 0, 0}, {n, n, n}, {4, 4, 4}), Products<decltype(v3)>{v3});
    Kokkos::parallel_reduce("check2", Rank2({0, 0}, {n, n}), Products<decltype(v2)>{v2}, wrong2);
    Kokkos::parallel_reduce("check3", Rank3({0, 0, 0}, {n, n, n}), Products<decltype(v3)>{v3}, wrong3);
    auto h3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), v3);
    if (h3(3, 5, 7) != 105.0) wrong3 += 1000;
  }
  Kokkos::finalize();
  std::printf("wrong: %ld (2-D) %ld (3-D)\n", wrong2, wrong3);
  std::printf("%s\n", wrong2 == 0 && wrong3 == 0 ? "PASSED" : "FAILED");
  return wrong2 == 0 && wrong3 == 0 ? 0 : 1;
}
