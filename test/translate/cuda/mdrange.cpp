// MDRangePolicy kernels: rank 2 and 3 for-loops map tiles onto blockIdx and points onto threadIdx
// (with a looping variant for tiles larger than a block); other kernels loop over linear tiles.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
// RUN: %FileCheck %s --check-prefix=RUNTIME < %hpar-src/runtime/include/hpar/rt/cuda/launchers.cuh
#include <hpar/hpar.hpp>

// CHECK-LABEL: // hpar: parallel_for "stencil" (MDRangePolicy) from mdrange.cpp:{{[0-9]+}}
// CHECK: template <class Policy, class Functor, bool ByValue, bool OnePointPerThread>
// CHECK: const hpar::rt::cuda::MDGrid<Policy::rank, Policy::inner_left> box) {
// CHECK: if constexpr (OnePointPerThread) {
// CHECK-NEXT: int64_t i[Policy::rank];
// CHECK-NEXT: if (box.point_of_thread(i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
// CHECK: for (int64_t bz = blockIdx.z; bz < box.tiles[2]; bz += gridDim.z)
// CHECK: if (box.point(bx, by, bz, tx, ty, tz, i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
// The launcher's MDRangeGridFor runs the looping variant or the one with one point per thread.
// CHECK: using Launch = hpar::rt::cuda::MDRangeGridFor<PolicyOrCount, Functor>;
// CHECK: const auto looping = hpar_stencil_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, false>;
// CHECK-NEXT: const auto direct = hpar_stencil_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value, true>;
// CHECK-NEXT: launch.run(looping, direct);
void stencil(hpar::View<double***> a, hpar::View<double***> b) {
  const int n = a.extent(0);
  hpar::parallel_for("stencil",
                     hpar::MDRangePolicy<hpar::Rank<3>>({1, 1, 1}, {n - 1, n - 1, n - 1}),
                     HPAR_LAMBDA(int i, int j, int k) {
                       b(i, j, k) = (a(i - 1, j, k) + a(i + 1, j, k) + a(i, j - 1, k) +
                                     a(i, j + 1, k) + a(i, j, k - 1) + a(i, j, k + 1)) / 6.0;
                     });
}

// CHECK-LABEL: // hpar: parallel_reduce "norm2" (MDRangePolicy) from mdrange.cpp:{{[0-9]+}}
// CHECK: const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
// CHECK: if (tiles.point(t, p, i)) spec.call(f, acc.data(), index_type(i[0]), index_type(i[1]))
// CHECK: using Launch = hpar::rt::cuda::MDRangeReduce<PolicyOrCount, Functor, Results...>;
// CHECK: launch.run(hpar_norm2_L{{[0-9]+}}<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>);
double norm2(hpar::View<double**> m) {
  double s = 0;
  hpar::parallel_reduce("norm2", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {m.extent(0), m.extent(1)}),
                        HPAR_LAMBDA(int i, int j, double& acc) { acc += m(i, j) * m(i, j); }, s);
  return s;
}

// Rank 4 and above: linear tiles, as the reduction.
// CHECK-LABEL: // hpar: parallel_for "fill4" (MDRangePolicy) from mdrange.cpp:{{[0-9]+}}
// CHECK: const hpar::rt::cuda::MDTiles<Policy::rank> tiles(policy);
// CHECK-NEXT: for (int64_t t = blockIdx.x; t < tiles.count; t += gridDim.x)
// CHECK-NEXT: for (int p = threadIdx.x; p < tiles.volume; p += blockDim.x) {
// CHECK: if (tiles.point(t, p, i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]), index_type(i[3]));
// CHECK: using Launch = hpar::rt::cuda::MDRangeTilesFor<PolicyOrCount, Functor>;
// CHECK: launch.run(hpar_fill4_L{{[0-9]+}}<typename Launch::Policy, Functor, Launch::by_value>);
void fill4(hpar::View<double****> a) {
  hpar::parallel_for("fill4",
                     hpar::MDRangePolicy<hpar::Rank<4>>({0, 0, 0, 0}, {a.extent(0), a.extent(1), a.extent(2), a.extent(3)}),
                     HPAR_LAMBDA(int i, int j, int k, int l) { a(i, j, k, l) = i + j + k + l; });
}

// What the launch objects do: the tiling built on the host from the policy, its shape, the launch
// on the policy's stream (for a for, only when there is a tile), its check.
// RUNTIME-LABEL: class MDRangeGridFor
// RUNTIME: Box box(this->policy);
// RUNTIME-NEXT: const LaunchShape shape = md_grid_shape(looping, box, this->site);
// RUNTIME-NEXT: if (shape.grid.x > 0)
// RUNTIME-NEXT: (box.one_point_per_thread ? direct : looping)<<<shape.grid, shape.block, shape.shmem,
// RUNTIME-NEXT: this->stream>>>(
// RUNTIME-NEXT: this->policy, functor_arg<by_value>(this->f, this->stream, this->site), box);
// RUNTIME-NEXT: check_launch(this->site);
// RUNTIME-LABEL: class MDRangeTilesFor
// RUNTIME: const MDTiles<Policy::rank> tiles(this->policy);
// RUNTIME-NEXT: const LaunchShape shape = md_shape(kernel, tiles, this->site);
// RUNTIME-NEXT: if (shape.grid.x > 0)
// RUNTIME-NEXT: kernel<<<shape.grid, shape.block, shape.shmem, this->stream>>>(
// RUNTIME-NEXT: this->policy, functor_arg<by_value>(this->f, this->stream, this->site));
// RUNTIME-NEXT: check_launch(this->site);
// RUNTIME-LABEL: class MDRangeReduce
// RUNTIME: const MDTiles<Policy::rank> tiles(this->policy);
// RUNTIME-NEXT: const LaunchShape shape = md_reduce_shape(kernel, tiles, this->spec, this->site);
// RUNTIME-NEXT: detail::launch_reduction(*this, this->spec, kernel, shape);
