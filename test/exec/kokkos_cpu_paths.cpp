// A program that takes its CPU paths when it is not built for a GPU, as ExaMiniMD and TestSNAP do:
// they test KOKKOS_ENABLE_OPENMPTARGET (with CUDA, HIP and SYCL) to choose GPU code, and without
// it take DefaultExecutionSpace::memory_space to be HostSpace (ExaMiniMD instantiates its neighbour
// lists for HostSpace, and for the default memory space only on a GPU). hpar's OpenMP build for the
// host is Kokkos' OpenMP configuration to such a program: KOKKOS_ENABLE_OPENMP alone, the default
// space's memory HostSpace and its layout LayoutRight, mirrors of its Views the Views themselves,
// and its kernels still parallel (a ScatterView of a default View contributes atomically). Built
// for a GPU, the program takes its GPU paths.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_ScatterView.hpp>
#include <type_traits>
#include "check.hpp"
#include "kokkos_cpu_paths.hpp"

template <class MemorySpace>
void NeighborCSR<MemorySpace>::build(Kokkos::View<const double*> x, double cutoff) {
  const int n = int(x.extent(0));
  num_neighs = Kokkos::View<int*, MemorySpace>("num_neighs", n);
  auto counts = Kokkos::create_mirror_view_and_copy(Kokkos::DefaultExecutionSpace::memory_space(), num_neighs);
  Kokkos::parallel_for("NeighborCSR::count", Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i) {
    int c = 0;
    for (int j = 0; j < n; ++j)
      if (j != i && (x(i) - x(j)) * (x(i) - x(j)) < cutoff * cutoff) ++c;
    counts(i) = c;
  });
  Kokkos::deep_copy(num_neighs, counts);
}

template <class MemorySpace>
long NeighborCSR<MemorySpace>::pairs() const {
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), num_neighs);
  long total = 0;
  for (size_t i = 0; i < h.extent(0); ++i) total += h(i);
  return total;
}

#ifdef APP_ENABLE_GPU
template class NeighborCSR<t_neigh_mem_space>;
#endif
template class NeighborCSR<Kokkos::HostSpace>;

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    using Exec = Kokkos::DefaultExecutionSpace;
#if defined(HPAR_BACKEND_OPENMP) && !defined(KOKKOS_ENABLE_OPENMPTARGET)
    // The OpenMP build for the host, as Kokkos' OpenMP backend is to a program.
    static_assert(std::is_same<Exec::memory_space, Kokkos::HostSpace>::value, "default memory");
    static_assert(std::is_same<Exec::array_layout, Kokkos::LayoutRight>::value, "default layout");
    static_assert(std::is_same<Kokkos::View<double*>::execution_space, Exec>::value,
                  "a View without spaces is of the default execution space");
    static_assert(Kokkos::SpaceAccessibility<Exec, Kokkos::HostSpace>::accessible, "accessibility");
    check(!std::is_same<Exec, Kokkos::Serial>::value, "the default space is not Serial");
#endif
#if defined(HPAR_BACKEND_OPENMP) && !defined(HPAR_OPENMP_OFFLOAD) && defined(KOKKOS_ENABLE_OPENMPTARGET)
#error "an OpenMP build for the host is not Kokkos with OpenMPTarget"
#endif
#if defined(HPAR_BACKEND_OPENMP) && !defined(KOKKOS_ENABLE_OPENMP)
#error "an OpenMP build defines KOKKOS_ENABLE_OPENMP"
#endif
#if defined(KOKKOS_ENABLE_CUDA) && !defined(APP_ENABLE_GPU)
#error "a CUDA build takes the GPU paths"
#endif

    // ExaMiniMD's choice: a list in the default memory space.
    const int n = 2000;
    Kokkos::View<double*> x("x", n);
    auto hx = Kokkos::create_mirror_view(x);
    for (int i = 0; i < n; ++i) hx(i) = 0.01 * i;
    Kokkos::deep_copy(x, hx);
    if (std::is_same<Exec::memory_space, Kokkos::HostSpace>::value)
      check(hx.data() == x.data(), "a mirror of a View in host memory is that View, as in Kokkos");
    NeighborCSR<t_neigh_mem_space> list;
    list.build(x, 0.05);
    // Each point has the neighbours within 0.05: 4 on each side, fewer at the ends.
    long expected = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (j != i && (0.01 * i - 0.01 * j) * (0.01 * i - 0.01 * j) < 0.05 * 0.05) ++expected;
    check_eq("neighbour pairs", list.pairs(), expected);

    // A histogram through a ScatterView of a View in the default space, with Kokkos' defaults.
    const int bins = 7, items = 1000000;
    Kokkos::View<double*> hist("hist", bins);
    auto scatter = Kokkos::Experimental::create_scatter_view(hist);
    Kokkos::parallel_for("histogram", items, KOKKOS_LAMBDA(const int i) {
      auto access = scatter.access();
      access(i % bins) += 0.5;
    });
    Kokkos::Experimental::contribute(hist, scatter);
    auto hh = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), hist);
    for (int b = 0; b < bins; ++b)
      check_same("histogram bin", hh(b), 0.5 * ((items - b + bins - 1) / bins));
  }
  Kokkos::finalize();
  return report();
}
