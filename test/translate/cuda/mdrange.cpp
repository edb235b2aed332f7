// MDRangePolicy kernels: rank 2 and 3 for-loops map tiles onto blockIdx and points onto threadIdx
// (with a looping variant for tiles larger than a block); other kernels loop over linear tiles.
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <hpar/hpar.hpp>

// CHECK-LABEL: // hpar: parallel_for "stencil" (MDRangePolicy) from mdrange.cpp:{{[0-9]+}}
// CHECK: template <class Policy, class Functor, bool ByValue, bool OnePointPerThread>
// CHECK: const hpar::rt::cuda::MDGrid<Policy::rank, Policy::inner_left> box) {
// CHECK: if constexpr (OnePointPerThread) {
// CHECK-NEXT: int64_t i[Policy::rank];
// CHECK-NEXT: if (box.point_of_thread(i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
// CHECK: for (int64_t bz = blockIdx.z; bz < box.tiles[2]; bz += gridDim.z)
// CHECK: if (box.point(bx, by, bz, tx, ty, tz, i)) f(index_type(i[0]), index_type(i[1]), index_type(i[2]));
// CHECK: const auto looping = hpar_stencil_L{{[0-9]+}}<Policy, Functor, by_value, false>;
// CHECK-NEXT: const auto direct = hpar_stencil_L{{[0-9]+}}<Policy, Functor, by_value, true>;
// CHECK: hpar::rt::cuda::md_grid_shape(looping, box, site);
// CHECK: (box.one_point_per_thread ? direct : looping)<<<shape.grid, shape.block, shape.shmem, stream>>>(
// CHECK-NEXT: policy, hpar::rt::cuda::functor_arg<by_value>(f, stream, site), box);
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
// CHECK: hpar::rt::cuda::md_reduce_shape(kernel, tiles, spec, site);
double norm2(hpar::View<double**> m) {
  double s = 0;
  hpar::parallel_reduce("norm2", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {m.extent(0), m.extent(1)}),
                        HPAR_LAMBDA(int i, int j, double& acc) { acc += m(i, j) * m(i, j); }, s);
  return s;
}
