// A dispatch over a host space inside a host kernel's functor, in the OpenMP build for the host,
// where Kokkos::OpenMP's kernels are translated regions: a range or MDRange dispatch over
// Kokkos::OpenMP (or DefaultHostExecutionSpace) there is legal and left as written, for the header
// to run on the calling thread as Kokkos does (its execution: exec/kokkos_host_parallel_space);
// a TeamPolicy over Kokkos::OpenMP there is refused naming the kernel, since this build runs
// that space's teams only as translated regions. In the CUDA build both are header dispatches.
// RUN: not %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: %hpar-translate --backend=openmp %s -o %t.ok.cpp -- -DNO_TEAM
// RUN: %FileCheck %s --check-prefix=KEPT < %t.ok.cpp
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
#include <Kokkos_Core.hpp>

using host = Kokkos::DefaultHostExecutionSpace;

void rows(Kokkos::View<double**, Kokkos::HostSpace> a, Kokkos::View<double*, Kokkos::HostSpace> s) {
  const long m = long(a.extent(1));
  Kokkos::parallel_for("rows", Kokkos::RangePolicy<host>(0, a.extent(0)), [=](const int i) {
    // The inner dispatches stay as written (the header's), the outer one is a kernel.
    // KEPT: Kokkos::parallel_for("fill", Kokkos::RangePolicy<Kokkos::OpenMP>(0, a.extent(1)),
    Kokkos::parallel_for("fill", Kokkos::RangePolicy<Kokkos::OpenMP>(0, a.extent(1)),
                         [=](const int j) { a(i, j) = i + j; });
    double t = 0;
    // KEPT: Kokkos::parallel_reduce("sum", Kokkos::MDRangePolicy<host, Kokkos::Rank<2>>({0, 0}, {1, m}),
    Kokkos::parallel_reduce("sum", Kokkos::MDRangePolicy<host, Kokkos::Rank<2>>({0, 0}, {1, m}),
                            [=](const int, const int j, double& acc) { acc += a(i, j); }, t);
    s(i) = t;
#if !defined(NO_TEAM)
    Kokkos::parallel_for("teams", Kokkos::TeamPolicy<host>(2, 1),
                         [=](const Kokkos::TeamPolicy<host>::member_type& team) { s(i) += team.league_rank(); });
    // CHECK: nested_dispatch_host.cpp:[[#@LINE-2]]:5: error: nested dispatch: a TeamPolicy dispatch over a host-parallel space inside the functor of host kernel 'hpar_rows_L[[#@LINE-13]]' cannot run here: Kokkos would run its teams on the calling thread, and this build translates that space's teams into parallel regions; dispatch it over Kokkos::Serial, or outside the kernel [hpar-nested-dispatch]
#endif
  });
}
// KEPT: hpar_rows_L17
