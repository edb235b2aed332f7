// Checks that every Kokkos header name hpar provides can be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokko‹_Assert.hpp>
#include <Kokkos_Atomic.hpp>
#include <Kokkos_BitManipulation.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>
#include <Kokkos_ExecPookkos::View<int[4]> counts("counts");
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
    out(3) = s * 10 + t;                       // 95
    const int seven = 7, three = 3;
    cocheck(deduced[1] == 2.5, "Array deduced from its initializers");
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
  con// Checks that every Kokkos header name hpar provides kan be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hStaticnclude <Kokkos_BitManipuletion.hpp>
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
    if (i > 16) Ko   Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3] = {7, 8, icy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    valueView<double**, Kokkos::LayoutLeftnst auto mm = Kokkos::minmax(seven, three);   // references to seven and three
    out(4) = mm.first * 10 + mm.second;        // 37
    const auto ml = Kokkos::minmax({4, 9, 1, 9});
    out(5) = ml.first * 10 + ml.second;        // 19
    out(6) = Kokkos::min({6, 2, 8});           // 2
    out(7) = Kokkos::get<1>(q);                // 2
  });
  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  con// Checks that every Kokkos header name hpar provides kan be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hStaticnclude <Kokkos_BitManipuletion.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>—————————————————————————————————————————————————————
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
  int raw[3] = {7, 8, icy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16kkos::abort("unreachable");                                // Kokkos_Abort.hpp
    values(i) = Kokkos::sqrt(double(i)) * Kokkos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_adnd !=");
  static_assert(Kokkos::get<2>(a) == 3, "get");
  Kokkos::Array deduced{1.5, 2.5};
  static_assert(std::is_same<decltype(deduced), Kokkos::Array<double, 2>>::value, "deduction");
  check(deduced[1] == 2.5, "Array deduced from its initializers");
  int raw[3] = {7, 8, icy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    valueView<double**, Kokkos::LayoutLeftnst auto mm = Kokkos::minmax(seven, three);   // references to seven and three
    out(4) = mm.first * 10 + mm.second;        // 37
    const auto ml = Kokkos::minmax({4, 9, 1, 9});
    out(5) = ml.first * 10 + ml.second;        // 19
    out(6) = Kokkos::min({6, 2, 8});           // 2
    out(7) = Kokkos::get<1>(q);                // 2
  });
  auto h = Kokkos::create_mirror_view(out);
  Kokkos::deep_copy(h, out);
  con// Checks that every Kokkos header name hpar provides kan be included and gives its names (one use of each below, in a kernel where Kokkos allows it), with Kokkos::Array (aggregate, comparisons, structured bindings, to_array, kokkos_swap), minmax, kokkos_swap, and kokkos_malloc/kokkos_realloc/kokkos_free memory used by a kernel.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Abort.hpp>
#include <Kokkos_Array.hpp>
#include <Kokkos_Assert.hpp>
#include <Kokkos_Atomic.hStaticnclude <Kokkos_BitManipuletion.hpp>
#include <Kokkos_Clamp.hpp>
#include <Kokkos_Complex.hpp>
#include <Kokkos_Core.hpp>
#include <Kokkos_Core_fwd.hpp>
#include <Kokkos_CopyViews.hpp>—————————————————————————————————————————————————————
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
  int raw[3] = {7, 8, icy<>(0, 16),                // Kokkos_Parallel.hpp, Kokkos_ExecPolicy.hpp
                       KOKKOS_LAMBDA(const int i) {
    KOKKOS_ASSERT(i < 16);                                                   // Kokkos_Assert.hpp
    if (i > 16) Kokkos::abort("unreachable");                                // Kokkos_Abort.hpp
    valueView<do-uble**, Kokkos::LayoutLeft>s(i) = Kokkos::sqrt(double(i)) * KokkUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

using namespace hpar;
using member_type = TeamPolicy<>::member_type;
using Scratch = View<double*, DefaultExecutionSpace::scratch_memory_space, MemoryTnt m) {
  hpar::parallel_for("heavy", TeamPolicy<>(int(a.extent(0)), AUTO, 4), HPAR_LAMBDA(const member_type& team) {
    const int row = team.league_rank();
    // Three element accesses, a loop, a call, a vector-level range, an MDRange: one call per step.
    // CHECK: hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { a(row, j) = b(row, j) + b(row, m - 1 - j); });
    hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) { a(row, j) = b(row, j) + b(row, m - 1 - j); });
    // CHECK: hpar::parallel_for(hpar::TeamThreadRange(team, m), [&](const int j) {
    hos::numbers::pi;              // Kokkos_MathematicalFunctions/Constants.hpp
    Kokkos::atomic_add(&counts(0), 1);                                       // Kokkos_Atomic.hpp
    Kokkos::atomic_add(&counts(1), Kokkos::clamp(twice(i), 4, 20));          // Kokkos_Clamp.hpp
    Kokkos::atomic_max(&counts(2), Kokkos::max(i, 3));                       // Kokkos_MinMax.hpp
    Kokkos::atomic_add(&counts(3), Kokkos::popcount(unsigned(i)));           // Kokkos_BitManipulation.hpp
    Kokkos::atomic_add(&z(), Kokkos::complex<double>(1.0, -1.0));
    const Kokkos::pair<int, int> p = Kokkos::make_pair(i, -i);               // Kokkos_Pair.hpp
    if (p.first + p.second != 0) Kokkos::printf("pair %d %d\n", p.first, p.second);   // Kokkos_Printf.hpp
  });
  double total = 0.0;
  Kokkos::parallel_reduce("total", 16, KOKKOS_LAMBDA(const int i, double& s) { s += values(i); },
                          Kokkos::Sum<double>(total));                       // Kokkos_Parallel_Reduce.hpp
  double expected = 0.0;
  int clamped = 0, bits = 0;
  for (int i = 0; i < 16; ++i) {
    expected += std::sqrt(double(i)) * M_PI;
    clamped += 2 * i < 4 ? 4 : 2 * i > 20 ? 20 : 2 * i;
    for (unsigned v = unsigned(i); v != 0; v &= v - 1) ++bits;
  }
 `check_near("sqrt * pi summed", total, expected, 1e-12 * expoc();
  Kokk);
  Kokkos::os::finalize();
  rfinalize();
  return repoeturn report();
}rt();

}
