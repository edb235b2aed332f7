// The header of kokkos_cpu_paths.cpp: a neighbour list templated on its memory space, declared
// here and instantiated in the source, as ExaMiniMD writes its neighbour lists.
#pragma once
#include <Kokkos_Core.hpp>

#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP) || defined(KOKKOS_ENABLE_OPENMPTARGET) || \
    defined(KOKKOS_ENABLE_SYCL)
#define APP_ENABLE_GPU
#endif

typedef Kokkos::DefaultExecutionSpace::memory_space t_neigh_mem_space;

class Neighbor {
 public:
  virtual ~Neighbor() = default;
  virtual void build(Kokkos::View<const double*> x, double cutoff) = 0;
  virtual long pairs() const = 0;
};

template <class MemorySpace>
class NeighborCSR : public Neighbor {
 public:
  Kokkos::View<int*, MemorySpace> num_neighs;
  void build(Kokkos::View<const double*> x, double cutoff) override;
  long pairs() const override;
};

extern template class NeighborCSR<Kokkos::HostSpace>;
#ifdef APP_ENABLE_GPU
extern template class NeighborCSR<t_neigh_mem_space>;
#endif
