// hpar CUDA runtime: Views a team kernel only reads (docs/design.md section 8, "Views a team
// kernel only reads"). The translator rewrites each read of such a View B to
// `read_only(team, B)(...)`; the launcher compares the Views' memory on the host (views_apart)
// and launches the kernel's ReadOnly variant only when it is apart from every View the kernel
// may write, where the reads go through the read-only data cache.
#pragma once

#include <array>
#include <cstdint>

#include <hpar/rt/cuda/launch.cuh>
#include <hpar/rt/cuda/team.cuh>

namespace hpar {
namespace rt {
namespace cuda {

/// The elements of a View that a team kernel only reads, as the translator rewrites each such
/// read: `read_only(team, B)(i, j)` for `B(i, j)`. In the kernel's variant launched knowing that
/// B's memory overlaps that of no View the kernel may write (views_apart), the value comes
/// through the read-only data cache (__ldg), which also lets the compiler move the load ahead of
/// earlier stores; otherwise it is read as written.
template <class View>
struct ReadOnlyElements {
  const View& view;
  bool cached;

  template <class... I>
  __host__ __device__ auto operator()(I... i) const {
    return read(view(i...));
  }
  template <class I>
  __host__ __device__ auto operator[](I i) const {
    return read(view[i]);
  }

 private:
  template <class Ref>
  __host__ __device__ std::remove_cv_t<std::remove_reference_t<Ref>> read(Ref&& element) const {
    if constexpr (std::is_lvalue_reference<Ref>::value)
      if (cached) return impl::read_only_load(&element);
    return element;
  }
};

template <class View>
__host__ __device__ ReadOnlyElements<View> read_only(const TeamMember& team, const View& view) {
  return ReadOnlyElements<View>{view, team.impl_views_read_only()};
}

/// The bytes a View's elements occupy: [begin, end).
struct MemoryRange {
  uintptr_t begin = 0, end = 0;
};

template <class View>
MemoryRange memory_range(const View& v) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(v.data());
  return MemoryRange{begin, begin + v.impl_footprint() * sizeof(typename View::value_type)};
}

/// The memory of some Views, for views_apart.
template <class... Views>
std::array<MemoryRange, sizeof...(Views)> memory_of(const Views&... views) {
  return {memory_range(views)...};
}

/// Whether no range of `read` overlaps a range of `written`.
template <size_t R, size_t W>
bool views_apart(const std::array<MemoryRange, R>& read, const std::array<MemoryRange, W>& written) {
  for (const MemoryRange& r : read)
    for (const MemoryRange& w : written)
      if (r.begin < w.end && w.begin < r.end) return false;
  return true;
}

/// Tells, under HPAR_EXPLAIN_LAUNCH=1, how a launch of the kernel at `site` reads the Views it
/// only reads (`views`, their names): through the read-only data cache when `apart`.
inline void explain_read_only(const KernelSite& site, bool apart, const char* views) {
  if (detail::explain_launches())
    detail::explain_launch(site, "%s only read, %s", views,
                           apart ? "apart from the Views it may write: read through the "
                                   "read-only data cache"
                                 : "but their memory overlaps a View it may write: read as "
                                   "written");
}

}  // namespace cuda
}  // namespace rt
}  // namespace hpar
