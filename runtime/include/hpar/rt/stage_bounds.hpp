// hpar runtime, both backends: whether a staged loop's tile may load an element, and the alignment
// of a tile's elements (rt/cuda/stage.cuh, rt/openmp/stage.hpp; docs/design.md section 7, "A loop
// every thread runs alike").
#pragma once

#include <hpar/macros.hpp>

#include <cstddef>

namespace hpar {
namespace rt {

/// Whether `view(index, rest...)` lies inside the View's extents. A tile loads an element only
/// then: the loop's body may read it only under a condition (the program never reads outside a
/// View), and the tile must not read what the body would not.
template <class View, class Index, class... Rest>
HPAR_HD bool stage_in_bounds(const View& view, Index index, Rest... rest) {
  const long long subscripts[] = {(long long)index, (long long)rest...};
  bool inside = true;
  for (int dim = 0; dim < int(sizeof...(Rest)) + 1; ++dim)
    inside = inside && subscripts[dim] >= 0 &&
             std::size_t(subscripts[dim]) < std::size_t(view.extent(dim));
  return inside;
}

/// The alignment of every element of a tile of T: the largest power of two up to 16 that divides
/// sizeof(T), at least T's own. A tile starts at a multiple of it, so element k does too, and a
/// body's copy of an element (a struct of four floats) is one wide load from shared memory where
/// T's own alignment would make it one load per member.
template <class T>
constexpr std::size_t stage_alignment() {
  std::size_t a = 16;
  while (a > alignof(T) && sizeof(T) % a != 0) a /= 2;
  return a;
}

/// The bytes of shared memory a table of a staged loop takes: a View the loop reads at subscripts
/// it computes (a force field by an atom's type) is copied whole there when its elements from
/// data() to the last fit (stage_table_fits); the loop runs as written otherwise.
constexpr std::size_t stage_table_bytes = 4096;

template <class View>
HPAR_HD bool stage_table_fits(const View& view) {
  return view.impl_reach() * sizeof(*view.data()) <= stage_table_bytes;
}

/// A staged loop's table (both backends' StageTable): the threads copy the View's elements from
/// data() to the last into `elements`, thread `thread` of `threads` taking every threads-th.
template <class T, class View>
HPAR_HD void stage_copy_whole(T* elements, const View& view, std::size_t thread,
                              std::size_t threads) {
  const T* data = view.data();
  const std::size_t n = view.impl_reach();
  for (std::size_t k = thread; k < n; k += threads) elements[k] = data[k];
}

/// The copy in `elements` of `view(i...)`, at the View's own offset (a table holds less than
/// 2^32 elements).
template <class T, class View, class... I>
HPAR_HD const T& stage_table_element(const T* elements, const View& view, I... i) {
  return elements[unsigned(view.impl_offset(i...))];
}

/// A functor called with a staged loop's flag after the arguments a pattern passes it: a
/// reduction's call operator takes `hpar_active` after its accumulators (a class's with the
/// default `= true`, which only a last parameter may have), and the reduction's spec calls
/// `with_flag(f, active)` as it would call f.
template <class F>
struct Flagged {
  const F& f;
  bool flag;
  template <class... A>
  HPAR_HD auto operator()(A&&... args) const -> decltype(f(static_cast<A&&>(args)..., flag)) {
    return f(static_cast<A&&>(args)..., flag);
  }
};
template <class F>
HPAR_HD Flagged<F> with_flag(const F& f, bool flag) {
  return Flagged<F>{f, flag};
}

/// Element k of a tile, its alignment told to the compiler.
template <class T>
HPAR_HD T& stage_element(T* elements, std::size_t k) {
  constexpr std::size_t alignment = stage_alignment<T>();
  return *static_cast<T*>(__builtin_assume_aligned(elements + k, alignment));
}

}  // namespace rt
}  // namespace hpar
