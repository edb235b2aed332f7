// hpar, OpenMP 5 offload backend: the loops of hpar's own library code on the OpenMP device, the
// backend's part of include/hpar/impl/library_for.hpp (named by HPAR_IMPL_BACKEND_LIBRARY_FOR in
// hpar/rt/openmp/config.hpp). Mapping: one `target teams distribute parallel for` on
// omp_device(); the functor reaches the device as a copy of its bytes, as a kernel's does. In a
// build for the host, one `parallel for` over the runtime's threads (no target construct, as the
// generated regions). Synchronous (a target region without nowait).
#pragma once

#include <cstddef>

namespace hpar {
namespace impl {

template <class F>
void backend_library_for(const char* label, size_t n, const F& f) {
  (void)label;
  if (n == 0) return;
#if defined(HPAR_IMPL_OMP_HOST_ONLY)
  #pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i) f(i);
#else
  const unsigned char* f_bytes = reinterpret_cast<const unsigned char*>(&f);
  #pragma omp target teams distribute parallel for device(omp_device()) map(to: f_bytes[0:sizeof(F)])
  for (size_t i = 0; i < n; ++i) {
    const F& fn = *reinterpret_cast<const F*>(f_bytes);
    fn(i);
  }
#endif
}

}  // namespace impl
}  // namespace hpar
