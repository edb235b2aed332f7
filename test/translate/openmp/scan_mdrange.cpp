// An OpenMP scan is one target region, its loop in the runtime (a team, a warp or a thread per
// chunk, each chunk's offset found by looking back over the chunks before it); an MDRange for
// gives each team a block of the box's rows and shares the fastest index, chosen by the policy's
// iteration direction, among its threads.
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: grep -v -e CHECK -e HOST %t.cpp | %FileCheck %s
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.cpp %}
// For the host the same scan in a parallel region, and the MDRange for one collapsed worksharing
// loop, the fastest index innermost, a contiguous block of points per thread.
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: grep -v -e CHECK -e HOST %t.host.cpp | %FileCheck %s --check-prefix=HOST
// RUN: %if clang-openmp %{ %clangxx-omp -fsyntax-only %t.host.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -fsyntax-only %t.host.cpp %}
// HOST-NOT: #pragma omp target
// HOST-LABEL: // hpar: parallel_scan "offsets"
// HOST: using Launch = hpar::rt::omp::RangeScan<PolicyOrCount, Functor, Results...>;
// HOST: const int nthreads = launch.threads;
// HOST: #pragma omp parallel num_threads(nthreads)
// HOST: hpar::rt::omp::scan_single_pass<int64_t>(sp, fn, states, aggregates, inclusives, begin, end, nchunks, len);
// HOST-LABEL: // hpar: parallel_for "fill3"
// HOST: using Launch = hpar::rt::omp::MDRangeFor<PolicyOrCount, Functor>;
// HOST: const Policy& policy = launch.policy;
// HOST: const int64_t l0 = policy.lower(0), u0 = policy.upper(0);
// HOST: const bool by_rows = launch.by_rows;
// HOST-NEXT: #pragma omp parallel
// HOST-NEXT: {
// HOST-NEXT: const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);
// HOST-NEXT: const Functor& fn = thread_fn.get();
// HOST-NEXT: if (by_rows) {
// The rows (i2, i1 with Left; i0, i1 with Right) in the policy's tiles (Kokkos' host default: 2 x 2
// rows), each row's innermost loop whole: a slab of i1 per thread when it has 16 rows per thread,
// every thread walking the slower index's tiles; else a worksharing loop over the tiles.
// HOST-NEXT: // Its rows in the policy's tiles (Kokkos' host default: 2 along each row index): each
// HOST-NEXT: // thread a slab of the fastest row index, all of them walking the slower ones together,
// HOST-NEXT: // or, with too few rows there, a contiguous block of tiles per thread.
// HOST-NEXT: if constexpr (Policy::inner_left) {
// HOST-NEXT: const int64_t t2 = policy.tile(2);
// HOST-NEXT: const int64_t t1 = policy.tile(1);
// HOST-NEXT: if (u1 - l1 >= 16 * (int64_t)omp_get_num_threads()) {
// HOST-NEXT: const int64_t slab_begin = l1 + (u1 - l1) * omp_get_thread_num() / omp_get_num_threads();
// HOST-NEXT: const int64_t slab_end = l1 + (u1 - l1) * (omp_get_thread_num() + 1) / omp_get_num_threads();
// HOST-NEXT: for (int64_t b2 = l2; b2 < u2; b2 += t2)
// HOST-NEXT: for (int64_t b1 = slab_begin; b1 < slab_end; b1 += t1)
// HOST-NEXT: for (int64_t i2 = b2; i2 < (b2 + t2 < u2 ? b2 + t2 : u2); ++i2)
// HOST-NEXT: for (int64_t i1 = b1; i1 < (b1 + t1 < slab_end ? b1 + t1 : slab_end); ++i1)
// HOST-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0)
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: } else {
// HOST-NEXT: #pragma omp for schedule(static) nowait collapse(2)
// HOST-NEXT: for (int64_t b2 = l2; b2 < u2; b2 += t2)
// HOST-NEXT: for (int64_t b1 = l1; b1 < u1; b1 += t1)
// HOST-NEXT: for (int64_t i2 = b2; i2 < (b2 + t2 < u2 ? b2 + t2 : u2); ++i2)
// HOST-NEXT: for (int64_t i1 = b1; i1 < (b1 + t1 < u1 ? b1 + t1 : u1); ++i1)
// HOST-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0)
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: }
// HOST-NEXT: } else {
// HOST-NEXT: const int64_t t0 = policy.tile(0);
// HOST-NEXT: const int64_t t1 = policy.tile(1);
// HOST-NEXT: if (u1 - l1 >= 16 * (int64_t)omp_get_num_threads()) {
// HOST-NEXT: const int64_t slab_begin = l1 + (u1 - l1) * omp_get_thread_num() / omp_get_num_threads();
// HOST-NEXT: const int64_t slab_end = l1 + (u1 - l1) * (omp_get_thread_num() + 1) / omp_get_num_threads();
// HOST-NEXT: for (int64_t b0 = l0; b0 < u0; b0 += t0)
// HOST-NEXT: for (int64_t b1 = slab_begin; b1 < slab_end; b1 += t1)
// HOST-NEXT: for (int64_t i0 = b0; i0 < (b0 + t0 < u0 ? b0 + t0 : u0); ++i0)
// HOST-NEXT: for (int64_t i1 = b1; i1 < (b1 + t1 < slab_end ? b1 + t1 : slab_end); ++i1)
// HOST-NEXT: for (int64_t i2 = l2; i2 < u2; ++i2)
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: } else {
// HOST-NEXT: #pragma omp for schedule(static) nowait collapse(2)
// HOST-NEXT: for (int64_t b0 = l0; b0 < u0; b0 += t0)
// HOST-NEXT: for (int64_t b1 = l1; b1 < u1; b1 += t1)
// HOST-NEXT: for (int64_t i0 = b0; i0 < (b0 + t0 < u0 ? b0 + t0 : u0); ++i0)
// HOST-NEXT: for (int64_t i1 = b1; i1 < (b1 + t1 < u1 ? b1 + t1 : u1); ++i1)
// HOST-NEXT: for (int64_t i2 = l2; i2 < u2; ++i2)
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: }
// HOST-NEXT: }
// HOST-NEXT: } else {
// HOST-NEXT: if constexpr (Policy::inner_left) {
// HOST-NEXT: #pragma omp for schedule(static) nowait collapse(3)
// HOST-NEXT: for (int64_t i2 = l2; i2 < u2; ++i2)
// HOST-NEXT: for (int64_t i1 = l1; i1 < u1; ++i1)
// HOST-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0) {
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: }
// HOST-NEXT: } else {
// HOST-NEXT: #pragma omp for schedule(static) nowait collapse(3)
// HOST-NEXT: for (int64_t i0 = l0; i0 < u0; ++i0)
// HOST-NEXT: for (int64_t i1 = l1; i1 < u1; ++i1)
// HOST-NEXT: for (int64_t i2 = l2; i2 < u2; ++i2) {
// HOST-NEXT: fn(i0, i1, i2);
// HOST-NEXT: }
// HOST-NEXT: }
// HOST-NEXT: }
// HOST-NEXT: }
// HOST-NOT: #pragma omp target
#include <hpar/hpar.hpp>

// CHECK-LABEL: // hpar: parallel_scan "offsets"
// CHECK: using Launch = hpar::rt::omp::TargetRangeScan<PolicyOrCount, Functor, Results...>;
// CHECK: int64_t* states = launch.states;
// CHECK: value_type* aggregates = launch.aggregates;
// CHECK: value_type* inclusives = launch.inclusives;
// CHECK: const int64_t nchunks = launch.count, len = launch.length;
// One region, no copy to the host between passes:
// CHECK: const int nteams = launch.teams, nthreads = launch.threads;
// CHECK: const std::size_t team_memory = launch.team_memory;
// CHECK: // One pass: each team (a warp or a thread where teams have no shared memory) takes the next
// CHECK-NEXT: // chunk, joins it, looks back over the chunks before it for its offset and runs it again
// CHECK-NEXT: // from there with final = true (rt/openmp/scan.hpp).
// CHECK-NEXT: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) HPAR_OMP_TEAM_MEMORY(team_memory) {{.*}} is_device_ptr(states, aggregates, inclusives)
// CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
// The lambda takes its index as an int: it is handed the loop's int64_t (ir::Kernel::plainIndexParams).
// CHECK: hpar::rt::omp::scan_single_pass<int64_t>(sp, fn, states, aggregates, inclusives, begin, end, nchunks, len);
// CHECK-NEXT: }
// CHECK-NEXT: launch.finish();
// CHECK-NOT: #pragma omp target
void offsets(hpar::View<int*> counts, hpar::View<int*> starts) {
  hpar::parallel_scan("offsets", counts.extent(0), [=](int i, int& update, bool final) {
    if (final) starts(i) = update;
    update += counts(i);
  });
}

// CHECK-LABEL: // hpar: parallel_for "fill3"
// CHECK: using Launch = hpar::rt::omp::TargetMDRangeFor<PolicyOrCount, Functor>;
// The rows are counted on the host, which chooses the teams (short runs of rows on a GPU:
// TargetMDRangeFor):
// CHECK: const int nthreads = launch.threads;
// CHECK: const int64_t rows = launch.rows;
// CHECK: const int nteams = launch.teams;
// CHECK: if constexpr (Policy::inner_left) {
// CHECK-NEXT: #pragma omp target teams num_teams(nteams) thread_limit(nthreads) {{.*}}
// CHECK-NEXT: #pragma omp parallel num_threads(nthreads)
// CHECK-NEXT: {
// CHECK-NEXT: const auto thread_fn = hpar::rt::omp::kernel_functor<Functor>(f_bytes);
// CHECK-NEXT: const Functor& fn = thread_fn.get();
// CHECK-NEXT: const int64_t per_team = (rows + omp_get_num_teams() - 1) / omp_get_num_teams();
// CHECK-NEXT: const int64_t first = omp_get_team_num() * per_team;
// CHECK-NEXT: const int64_t last = first + per_team < rows ? first + per_team : rows;
// CHECK-NEXT: if (first < last) {
// CHECK-NEXT: int64_t rest = first;
// CHECK-NEXT: int64_t i1 = l1 + rest % (u1 - l1);
// CHECK-NEXT: rest /= u1 - l1;
// CHECK-NEXT: int64_t i2 = l2 + rest % (u2 - l2);
// CHECK-NEXT: for (int64_t row = first; row < last; ++row) {
// CHECK-NEXT: for (int64_t i0 = l0 + omp_get_thread_num(); i0 < u0; i0 += omp_get_num_threads())
// CHECK-NEXT: fn(hpar::impl::unreduced_index(i0), i1, i2);
// CHECK-NEXT: // The next row: the row indices count up like the digits of a number.
// CHECK-NEXT: if (++i1 == u1) { i1 = l1; if (++i2 == u2) { i2 = l2; }}
// CHECK: } else {
// CHECK: int64_t i1 = l1 + rest % (u1 - l1);
// CHECK-NEXT: rest /= u1 - l1;
// CHECK-NEXT: int64_t i0 = l0 + rest % (u0 - l0);
// CHECK-NEXT: for (int64_t row = first; row < last; ++row) {
// CHECK-NEXT: for (int64_t i2 = l2 + omp_get_thread_num(); i2 < u2; i2 += omp_get_num_threads())
// CHECK-NEXT: fn(i0, i1, hpar::impl::unreduced_index(i2));
// CHECK-NEXT: // The next row: the row indices count up like the digits of a number.
// CHECK-NEXT: if (++i1 == u1) { i1 = l1; if (++i0 == u0) { i0 = l0; }}
void fill3(hpar::View<double***> a) {
  hpar::parallel_for("fill3", hpar::MDRangePolicy<hpar::Rank<3>>({0, 0, 0}, {a.extent(0), a.extent(1), a.extent(2)}),
                     [=](int i, int j, int k) { a(i, j, k) = i + j + k; });
}
