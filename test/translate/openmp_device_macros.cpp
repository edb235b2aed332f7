// The OpenMP build's KOKKOS_ENABLE_* macros: for the host (the default) those of Kokkos' OpenMP
// backend, KOKKOS_ENABLE_OPENMP alone, so a program takes the paths it takes with Kokkos on a CPU
// (ExaMiniMD leaves its SNAP force out, TestSNAP picks GPU team sizes, under
// KOKKOS_ENABLE_OPENMPTARGET); translated with HPAR_OPENMP_OFFLOAD (hpar-c++ and
// hpar_add_executable define it when the OpenMP flags name a device other than the host), those
// of Kokkos with OpenMPTarget as well. The output's prologue keeps what the translation saw, so
// the compile reads the program's #if tests as the translation read them whatever it defines.
// RUN: %hpar-translate --backend=openmp %s -o %t.host.cpp
// RUN: %FileCheck %s --check-prefix=HOST < %t.host.cpp
// RUN: %hpar-translate --backend=openmp %s -o %t.device.cpp -- -std=c++17 -DHPAR_OPENMP_OFFLOAD=1
// RUN: %FileCheck %s --check-prefix=DEVICE < %t.device.cpp
// RUN: %if gcc-openmp %{ %gxx-omp -DEXPECT_HOST -fsyntax-only %t.host.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -DEXPECT_HOST -DHPAR_OPENMP_OFFLOAD=1 -fsyntax-only %t.host.cpp %}
// RUN: %if gcc-openmp %{ %gxx-omp -DEXPECT_DEVICE -fsyntax-only %t.device.cpp %}
// RUN: %if clang-openmp %{ %clangxx-omp -DEXPECT_HOST -fsyntax-only %t.host.cpp %}
// RUN: %if clang-openmp %{ %clangxx-omp -DEXPECT_DEVICE -fsyntax-only %t.device.cpp %}
// The driver: its default OpenMP flags are the host fallback; flags naming a GPU make a device
// build. Its translation is kept beside the object (whether or not this machine can compile for
// that GPU), and says which it was for.
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: %if clang-openmp %{ %hpar-cxx --hpar-backend=openmp -DEXPECT_HOST -c %s -o %t.d/a.o %}
// RUN: env HPAR_CXX=g++ %hpar-cxx --hpar-backend=openmp -DEXPECT_HOST -c %s -o %t.d/b.o
// RUN: %FileCheck %s --check-prefix=HOST < %t.d/b.o.hpar/openmp_device_macros.hpar.cpp
// RUN: env HPAR_CXX=g++ HPAR_OPENMP_FLAGS="-fopenmp -foffload=disable" %hpar-cxx --hpar-backend=openmp -DEXPECT_HOST -c %s -o %t.d/c.o
// RUN: %FileCheck %s --check-prefix=HOST < %t.d/c.o.hpar/openmp_device_macros.hpar.cpp
// RUN: env HPAR_CXX=g++ HPAR_OPENMP_FLAGS="-fopenmp -foffload=nvptx-none" %hpar-cxx --hpar-backend=openmp -DEXPECT_DEVICE -c %s -o %t.d/d.o || true
// RUN: %FileCheck %s --check-prefix=DEVICE < %t.d/d.o.hpar/openmp_device_macros.hpar.cpp
// RUN: env HPAR_CXX=clang++-19 HPAR_OPENMP_FLAGS="-fopenmp -fopenmp-targets=nvptx64-nvidia-cuda" %hpar-cxx --hpar-backend=openmp -DEXPECT_DEVICE -c %s -o %t.d/e.o || true
// RUN: %FileCheck %s --check-prefix=DEVICE < %t.d/e.o.hpar/openmp_device_macros.hpar.cpp
// RUN: env HPAR_CXX=g++ %hpar-cxx --hpar-backend=openmp -fopenmp-targets=nvptx64 -DEXPECT_DEVICE -c %s -o %t.d/f.o || true
// RUN: %FileCheck %s --check-prefix=DEVICE < %t.d/f.o.hpar/openmp_device_macros.hpar.cpp
// HOST: // For the host (as Kokkos with OpenMP).
// HOST-NEXT: #undef HPAR_OPENMP_OFFLOAD
// HOST-NEXT: #include <hpar/rt/openmp.hpp>
// DEVICE: // For an OpenMP device other than the host (as Kokkos with OpenMPTarget).
// DEVICE-NEXT: #ifndef HPAR_OPENMP_OFFLOAD
// DEVICE-NEXT: #define HPAR_OPENMP_OFFLOAD 1
// DEVICE-NEXT: #endif
// DEVICE-NEXT: #include <hpar/rt/openmp.hpp>
#include <Kokkos_Core.hpp>

#if !defined(KOKKOS_ENABLE_OPENMP)
#error "an OpenMP build defines KOKKOS_ENABLE_OPENMP"
#endif
#if defined(EXPECT_HOST) && defined(KOKKOS_ENABLE_OPENMPTARGET)
#error "an OpenMP build for the host is Kokkos with OpenMP, not OpenMPTarget"
#endif
#if defined(EXPECT_DEVICE) && !defined(KOKKOS_ENABLE_OPENMPTARGET)
#error "an OpenMP build for a device is Kokkos with OpenMPTarget"
#endif
#if !defined(EXPECT_HOST) && !defined(EXPECT_DEVICE) && !defined(__HPAR_TRANSLATING__)
#error "the test names what it expects"
#endif

// The spaces a program names exist in both: OpenMPTarget is the default execution space.
static_assert(std::is_same<Kokkos::DefaultExecutionSpace, Kokkos::Experimental::OpenMPTarget>::value,
              "the default execution space");

void fill(Kokkos::View<int*> v) {
  Kokkos::parallel_for("fill", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = i; });
}
