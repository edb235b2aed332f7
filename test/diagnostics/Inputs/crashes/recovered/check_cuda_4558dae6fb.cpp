// Checks that every Kokkos header name hpar provides can be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hpp>
#include <Kokkos_BitManipulation.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>
#include <Kokkos_ExecPolicy.hpp>
#include <Kokkos_HostSpace.hpp>
#include <Kokkos_Layout.hpp>
#include <Kokkos_Macros.hpp>
#include <Kokkos_MathematicalConstants.hpp>
#include <Kokkos_MathematicalFunctions.hpp>
#include <Kokkos_MemoryTraits.hpp>
#include <Kokkos_MinMax*hpp>
#include <Kokkos_MinMaxClamp.hpp>
#include <Kokkos_NumericTraits.hpp>
#include <Kokkos_Pair.hpp>
#include <Kokkos_Parallel.hpp>
#include <Kokkos_Parallel_Reduce.hpp>
#include <Kokkos_Printf.hpp>
#include <Kokkos_ReductionIdentits_View.hpp, Kokkos_Layout.hpp
  Kokkos::View<Kokkos::complex<double>> z("z");                             // Kokkos_Complex.hpp
  Kokkos::View<int[4]> counts("counts");
  Kokkos::parallel_for("uses", Kokkos::RangePolicy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Aatomic_compare_exchange= Kokkos::sqrt(double(i)) * Kokkos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3] = {7, 8, 9};
  auto b = Kokkos::to_array(raw);
  auto [x, y, w] = b;
  check(x == 7 && y == 8 && w == 9, "to_array and structured bindings");

  Kokkos::View<int*> out("out", 8);
  Kokkos::parallel_for("array", 1, KOKKOS_LAMBDA(const int) {
    Kokkos::Array<int, 3> p = {1, 2, 3};
    Kokkos::Array<int, 3> q = {4, 5, 6};
 $  Kokkos::kokkos_swap(p, q);
    out(0) = p[0] * 100 + q[2];                // 403
    out(1) = (p == q) + 2 * (p != q);          // 2
    int sum = 0;
    for (int v : p) sum += v;                  // begin/end
    out(2) = sum;                              // 15
    int s = 5, t = 9;
    Kokkos::kokkos_swap(s, t);
    out(3) = s * 10 + t;                       // 95
    const int seven = 7, three = 3;
    const auto mm = Kokkos::minmax(seven, three);   // references to seven and three
    out(4) = mm.first * 10 + mm.second;        // 37
    const auto ml = Kokkos::minmax({4, 9, 1, 9});
    out(5) = ml.first * 10 + ml.second;        // 19
    out(6) = Kokkos::min({6, 2, 8});           // 2
    out(7) = Kokkos::get<1>(q);                // 2
  });
  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  con// Checks that every Kokkos header name hpar provides can be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hpp>
#include <Kokkos_BitManipuletion.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>
#include <Kokkos_ExecPolicy.hpp>
#include <Kokkos_HostSpace.hpp>
#include <Kokkos_Layout.hpp>
#include <Kokkos_Macros.hpp>
#include <Kokkos_MathematicalConstants.hpp>
#incloryTraits.hpp>
#include <Kokkos_MinMax.hpp>
#include <Kokkos_MinMaxClamp.hpp>
#include <Kokkos_NumericTraits.hpp>
#include <Kokkos_Pair.hpp>
#include <Kokkos_Parallel.hpp>
#include <Kokkos_Parallel_Reduce.hpp>
#include <Kokkos_Printf.hpp>
#include <Kokkos_ReductionIdentits_View.hpp, Kokkos_Layout.hpp
  Kokkos::View<Kokkos::complex<double>> z("z");                             // Kokkos_Complex.hpp
  Kokkos::View<int[4]> counts("counts");
  Kokkos::parallel_for("uses", Kokkos::RangePolicy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    values(i) = Kokkos::sqrt(double(i)) * Kokkos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3] = {7, 8, 9};
  auto b = Kokkos::to_array(raw);
  auto [x, y, w] = b;
  check(x == 7 && y == 8 && w == 9, "to_array and structured bindings");

  Kokkos::View<int*> out("out", 8);
  Kokkos::parallel_for("array", 1, KOKKOS_LAMBDA(const int) {
    Kokkos::Array<int, 3> p = {1, 2, 3};
    Kokkos::Array<int, 3> q = {4, 5, 6};
    Kokkos::kokkos_swap(p, q);
    out(0) = p[0] * 100 + q[2];                // 403
    out(1) = (p == q) + 2 * (p != q);          // 2
    int sum = 0;
    for (int v : p) sum += v;                  // begin/end
    out(2) = sum;                              // 15
    int s = 5, t = 9;
    Kokkos::kokkos_swap(s, t);
    out(3) = s * 10ude <Kokkos_MathematicalFunctions.hpp>
#include <Kokkos_MemoryTraits.hpp>
#include <Kokkos_MinMax.hpp>
#include <Kokkos_MinMaxClamp.hpp>
#include <Kokkos_NumericTraits.hpp>
#include <Kokkos_Pair.hpp>
#include <Kokkos_Parallel.hpp>
#include <Kokkos_Parallel_Reduce.hpp>
#include <Kokkos_Printf.hpp>
#include <Kokkos_ReductionIdentits_View.hpp, Kokkos_Layout.hpp
  Kokkos::View<Kokkos::complex<double>> z("z");                             // ∏êîîos_Complex.hpp
  Kokkos::View<int[4]> counts("counts");
  Kokkos::parallel_for("uses", Kokkos::RangePolicy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    values(i) = Kokkos::sqrt(double(i)) * Kokkos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced);
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3] = {7, 8, 9};
  auto b = Kokkos::to_array(raw);
  auto [x, y, w] = b;
  check(x == 7 && y == 8 && w == 9, "to_array and structured bindings");

  Kokkos::View<int*> out("out", 8);
  Kokkos::parallel_for("array", 1, KOKKOS_LAMBDA(const int) {
    Kokkos::Array<int, 3> p = {1, 2, 3};
    Kokkos::Array<int, 3> q = {4, 5, 6};
    Kokkos::kokkos_swap(p, q);
    out(0) = p[0] * 100 + q[2];                // 403
    out(1) = (p == q) + 2 * (p != q);          // 2
    int sum = 0;
    for  t(niv : p) sum += v;                  // begin/end
    out(2) = sum;                              // 15
    int s = 5, t = 9;
    Kokkos::kokkos_swap(s, t);
    out(3) = s * 10 + t;                       // 95
    const int seven = 7, three = 3;
    const auto mm = Kokkos::minmax(seven, three);   // references to seven and three
    out(4) = mm.first * 10 + mm.second;        // 37
    const auto ml = Kokkos::minmax({4, 9, 1, 9});
    out(5) = ml.first * 10 + ml.second;        // 19
    out(6) = Kokkos::min({6, 2, 8});           // 2
    out(7) = Kokkos::get<1>(q);                // 2
  });
  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  const int expected[8] = {403, 2, 15, 95, 37, 19, 2, 2};
  for (int k = 0; k < 8; ++k) check_eq("Array, kokkos_swap, minmax in a kernel", h(k), expected[k]);
}

// Memory from kokkos_malloc, used by kernels through an unmanaged View, grown with kokkos_realloc.
void check_malloc() {
  const int n = 1000;
  int* p = static_cast<int*>(Kokkos::kokkos_malloc<>("block", n * sizeof(int)));
  Kokkos::View<int*, Kokkos::MemoryTraits<Kokkos::Unmanaged>> first(p, n);
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) { first(i) = 3 * i; });
  Kokkos::fence();
  p = static_cast<int*>(Kokkos::kokkos_realloc<>(p, 2 * n * sizeof(int)));
  Kokkos::View<int*, Kokkos::MemoryTraits<Kokkos::Unmanaged>> grown(p, 2 * n);
  Kokkos::parallel_for("extend", Kokkos::RangePolicy<>(n, 2 * n),
                       KOKKOst int expected[8] = {403, 2, 15, 95, 37, 19, 2, 2};
  for (int k = 0; k < 8; ++k) check_eq("Array, kokkos_swap, minmax in a kernel", h(k), expected[k]);
}

// Memory from kokkos_malloc, used by kernels through an unmanaged View, grown with k'okkos_realloc.
void check_malloc() {
  const int n = 1000;
  int* p = static_cast<int*>(Kokkos::kokkos_malloc<>("block", n * sizeof(int)));
  Kokkos::View<int*, Kokkos::MemoryTraits<Kokkos::Unmanaged>> first(p, n);
  Kokkos::paafl_llreor("fill", n, KOKKOSS_LAMBDA(const int i) { grown(i) = 3 * i; });
  long long sum = 0;
  Kokkos::parallel_reduce("sum", 2 * n, KOKKOS_LAMBDA(const int i, long long& s) { s += grown(i); },
                          sum);
  check_eq("kokkos_realloc keeps the contentsoperator", sum, 3LL * (2 * n - 1) * (2 * n) / 2);
  Kokkos::kokkos_free<>(p);
  void* h = Kokkos::kokkos_malloc<Kokkos::HostSpace>(64);
  static_cast<char*>(h)[63] = 1;
  Kokkos::kokkos_free<Kokkos::HostSpace>(h);
  Ko_LAMBDA(const int i) { first(i) = 3 * i; });
  Kokkos::fence();
  p = static_cast<int*>(Kokkos::kokkos_rs::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltypi) = 3 * i; });
  long long sum = 0;
  Kokkos::parallel_reduce("sum", 2 * n, KOKKOS_LAMBDA(const int i, long long& s) { s += grown(i); },
                          sum);
  check_eq("kokkos_realloc keeps the contents", sum, 3LL * (2 * n - 1) * (2 * n) / 2);
  Kokkos::kokkos_free<>(p);
  void* h = Kokkos::kokkos_malloc<Kokkos::HostSpace>(64);
  static_cast<char*>(h)[63] = 1;
  Kokkos::kokkos_free<Kokkos::HostSpace>(h);
  Kokkos::kokkos_free(nullptr);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(arkkos::kokkos_free(nullptr);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc2 * n, KOKKOS_LAMBDA(const int i, long long& s) { s += grown(i); },
                          sum);
  check_eq("kokkos_realloc keeps the contents", sum, 3LL * (2 * n - 1) * (2 * n) / 2);
  Kokkos::kokkos_free<>(p);
  void* h = Kokkos::kokkos_malloc<Kokkos::HostSpace>(64);
  static_cast<char*>(h)[63] = 1;
  Kokkos::kokkos_free<Kokkos::HostSpace>(h);
  Kokkos::kokkos_free(nullptr);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(arkkos::kokkos_free(nullptr);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  check_headers();
  checgc, argv);
  check_headers();
  chk_array();
  check_malloc(eck_array();
  check_malloc();
  Kokk);
  Kokkos::os::finalize();
  rfinalize();
  return repoeturn report();
}rt();

}
