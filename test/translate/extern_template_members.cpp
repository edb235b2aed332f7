// A class template whose members dispatch, declared `extern template` in the file that
// constructs it (its explicit instantiation is in another source), as ExaMiniMD's neighbour lists
// are: clang's OpenMP offload device pass and nvcc instantiate the inline members anyway (for
// the vtable), so the translation must translate their dispatches in this file too, or those
// compilers meet them untranslated.
// The class also has a virtual, non-const init(double) that sets it up: not a scan's init hook,
// so the scan's kernel does not call it (no hpar-device-virtual).
// REQUIRES: clang-openmp
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hpar-translate --backend=openmp %s -o %t/omp.hpar.cpp -- -std=c++17
// RUN: %FileCheck %s --check-prefix=OMP < %t/omp.hpar.cpp
// RUN: %clangxx-omp -O2 -c %t/omp.hpar.cpp -o %t/omp.o
// RUN: %hpar-translate --backend=cuda %s -o %t/cuda.hpar.cu -- -std=c++17
// RUN: %FileCheck %s --check-prefix=CUDA < %t/cuda.hpar.cu
// RUN: %if nvcc %{ %nvcc -O2 -c %t/cuda.hpar.cu -o %t/cuda.o %}
#include <Kokkos_Core.hpp>

struct Base {
  virtual ~Base() {}
  virtual void init(double cutoff) = 0;
  virtual void build(int n) = 0;
};

template <class MemorySpace>
struct Lists : Base {
  struct TagCount {};
  struct TagOffsets {};
  Kokkos::View<int*, MemorySpace> counts, offsets;
  double cut = 0;

  void init(double cutoff) override { cut = cutoff; }

  void build(int n) override {
    counts = Kokkos::View<int*, MemorySpace>("counts", n);
    offsets = Kokkos::View<int*, MemorySpace>("offsets", n + 1);
    Kokkos::parallel_for("Lists::count", Kokkos::RangePolicy<TagCount>(0, n), *this);
    Kokkos::parallel_scan("Lists::offsets", Kokkos::RangePolicy<TagOffsets>(0, n), *this);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const TagCount&, const int i) const { counts(i) = i % 3; }
  KOKKOS_INLINE_FUNCTION void operator()(const TagOffsets&, const int& i, int& offset,
                                         const bool final) const {
    if (final) offsets(i) = offset;
    offset += counts(i);
  }
};

extern template struct Lists<Kokkos::DefaultExecutionSpace::memory_space>;

Base* make_lists() {
  Base* lists = new Lists<Kokkos::DefaultExecutionSpace::memory_space>();
  lists->init(2.5);
  return lists;
}

// OMP: {{^}}// hpar: parallel_for "Lists::count" (RangePolicy) from extern_template_members.cpp:{{[0-9]+}}
// OMP: {{^}}// hpar: parallel_scan "Lists::offsets" (RangePolicy) from extern_template_members.cpp:{{[0-9]+}}
// CUDA: {{^}}// hpar: parallel_for "Lists::count" (RangePolicy) from extern_template_members.cpp:{{[0-9]+}}
// CUDA: {{^}}// hpar: parallel_scan "Lists::offsets" (RangePolicy) from extern_template_members.cpp:{{[0-9]+}}
