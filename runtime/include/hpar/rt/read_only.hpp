// hpar runtime: Views a team kernel only reads (docs/design.md section 8, "Views a team kernel
// only reads"), for every backend whose device code has a read-only data path (the CUDA output;
// the OpenMP output built by clang for an NVIDIA GPU). The translator rewrites each read of such
// a View B to `read_only(team, B)(...)` and passes the dispatch whether the Views' memory is
// apart from that of every View the kernel may write (views_apart, compared on the host); the
// kernel then reads B through the read-only data cache, which also lets the compiler move those
// loads ahead of earlier stores.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <hpar/view.hpp>

namespace hpar {
namespace rt {

/// The elements of a View that a team kernel only reads, as the translator rewrites each such
/// read: `read_only(team, B)(i, j)` for `B(i, j)`. When the team member says the kernel runs
/// knowing that B's memory overlaps that of no View it may write (impl_views_read_only(), a
/// constant of the kernel's variant), the value comes through impl::read_only_load; otherwise it
/// is read as written.
template <class View>
struct ReadOnlyElements {
  const View& view;
  bool cached;

  template <class... I>
  HPAR_HD auto operator()(I... i) const {
    return read(view(i...));
  }
  template <class I>
  HPAR_HD auto operator[](I i) const {
    return read(view[i]);
  }

 private:
  template <class Ref>
  HPAR_HD std::remove_cv_t<std::remove_reference_t<Ref>> read(Ref&& element) const {
    if constexpr (std::is_lvalue_reference<Ref>::value)
      if (cached) return impl::read_only_load(&element);
    return element;
  }
};

template <class Member, class View>
HPAR_HD ReadOnlyElements<View> read_only(const Member& team, const View& view) {
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
template <std::size_t R, std::size_t W>
bool views_apart(const std::array<MemoryRange, R>& read, const std::array<MemoryRange, W>& written) {
  for (const MemoryRange& r : read)
    for (const MemoryRange& w : written)
      if (r.begin < w.end && w.begin < r.end) return false;
  return true;
}

}  // namespace rt
}  // namespace hpar
