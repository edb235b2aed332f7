// A dispatch over a host space inside a host kernel's functor, in the OpenMP build for the host,
// where Kokkos::OpenMP's kernels are translated regions: a range or MDRange dispatch over
// Kokkos::OpenMP (or DefaultHostExecutionSpace) there is left as written, for the header to run
// on the calling thread as Kokkos does; a TeamPolicy over it is a translated kernel of its own,
// whose region, nested in the outer kernel's, has the calling thread alone (the execution of
// both: exec/kokkos_host_parallel_space). The nested patterns of the inner team functor belong
// to the inner kernel, not to the outer range kernel. In the CUDA build all three are the
// header's. A dispatch over the device inside a host kernel stays an error (nested_dispatch.cpp).
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %FileCheck %s --check-prefix=HOST < %t.cpp
// RUN: %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.bad.cu -- -DDEVICE_INSIDE 2>&1 | %FileCheck %s --check-prefix=BAD
// In the OpenMP build for the host the default space's kernels run on the host's threads too, so
// a dispatch over it inside a kernel is legal there, as in Kokkos' OpenMP build (the same code is
// reported in the CUDA build above):
// RUN: %hpar-translate --backend=openmp %s -o %t.default.cpp -- -DDEVICE_INSIDE 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %FileCheck %s --check-prefix=DEFAULT < %t.default.cpp
// DEFAULT: hpar_device_L44(
#include <Kokkos_Core.hpp>

using host = Kokkos::DefaultHostExecutionSpace;
using team_t = Kokkos::TeamPolicy<host>;

void rows(Kokkos::View<double**, Kokkos::HostSpace> a, Kokkos::View<double*, Kokkos::HostSpace> s) {
  const long m = long(a.extent(1));
  Kokkos::parallel_for("rows", Kokkos::RangePolicy<host>(0, a.extent(0)), [=](const int i) {
    // HOST: Kokkos::parallel_for("fill", Kokkos::RangePolicy<Kokkos::OpenMP>(0, a.extent(1)),
    // CUDA: Kokkos::parallel_for("fill", Kokkos::RangePolicy<Kokkos::OpenMP>(0, a.extent(1)),
    Kokkos::parallel_for("fill", Kokkos::RangePolicy<Kokkos::OpenMP>(0, a.extent(1)),
                         [=](const int j) { a(i, j) = i + j; });
    double t = 0;
    // HOST: Kokkos::parallel_reduce("sum", Kokkos::MDRangePolicy<host, Kokkos::Rank<2>>({0, 0}, {1, m}),
    Kokkos::parallel_reduce("sum", Kokkos::MDRangePolicy<host, Kokkos::Rank<2>>({0, 0}, {1, m}),
                            [=](const int, const int j, double& acc) { acc += a(i, j); }, t);
    s(i) = t;
    // HOST: hpar_teams_L[[#@LINE+2]]("teams", team_t(2, Kokkos::AUTO),
    // CUDA: Kokkos::parallel_for("teams", team_t(2, Kokkos::AUTO),
    Kokkos::parallel_for("teams", team_t(2, Kokkos::AUTO),
                         [=](const team_t::member_type& team) {
      Kokkos::single(Kokkos::PerTeam(team), [&]() { s(i) += team.league_rank(); });
    });
#if defined(DEVICE_INSIDE)
    Kokkos::parallel_for("device", Kokkos::TeamPolicy<>(2, Kokkos::AUTO),
                         KOKKOS_LAMBDA(const Kokkos::TeamPolicy<>::member_type&) {});
    // BAD: nested_dispatch_host.cpp:[[#@LINE-2]]:5: error: nested dispatch: a parallel pattern inside the functor of kernel 'hpar_rows_L[[#@LINE-19]]' is only legal over TeamThreadRange, TeamVectorRange or ThreadVectorRange inside a TeamPolicy functor [hpar-nested-dispatch]
#endif
  });
}
// HOST: hpar_rows_L21
// QUIET-NOT: error:
