// hpar: ScanSpec, everything a backend needs to run one parallel_scan (docs/design.md section 6).
//
// value_type is the functor's value_type; otherwise the type of the update parameter of a
// non-generic operator() (the 2nd parameter, the 3rd with a work tag; with a work tag and
// operator() overloaded for other tags, the overload whose first parameter is the tag); otherwise the type of the
// total argument. init/join come from the functor when it defines them, else value_type() and
// +=. The functor is called as f([tag,] i, update, final): update holds the exclusive prefix on
// entry; the functor adds its own contribution.
#pragma once

#include <type_traits>

#include "core.hpp"
#include "impl/functor_traits.hpp"
#include "memory.hpp"
#include "policies.hpp"
#include "view.hpp"

namespace hpar {
namespace impl {

HPAR_IMPL_DEVICE_CODE_BEGIN

template <class Policy, class Functor, class Value>
class ScanSpec {
  using work_tag = typename Policy::work_tag;
  using hooks = functor_hooks<Functor, work_tag, Value&, const Value&>;

 public:
  using value_type = Value;

  ScanSpec(const Functor& f, void* total, Space total_space)
      : m_functor(f), m_total(total), m_total_space(total_space) {}

  HPAR_HD void init(value_type& v) const {
    if constexpr (hooks::tagged_init)
      m_functor.init(work_tag(), v);
    else if constexpr (hooks::init)
      m_functor.init(v);
    else
      v = value_type();
  }

  HPAR_HD void join(value_type& dst, const value_type& src) const {
    if constexpr (hooks::tagged_join)
      m_functor.join(work_tag(), dst, src);
    else if constexpr (hooks::join)
      m_functor.join(dst, src);
    else
      dst += src;
  }

  template <class F, class Idx>
  HPAR_HD void call(const F& f, value_type& update, bool final, Idx i) const {
    call_functor<work_tag>(f, Idx(i), update, final);  // the index as a value
  }

  /// Writes the total into the total argument, if there is one; waits for the device first.
  void store_total(const value_type* total, bool in_device_memory) const {
    if (!m_total) return;
    fence();
    copy_bytes(m_total, m_total_space, total, in_device_memory ? Space::device : Space::host,
               sizeof(value_type));
  }
  /// The same through `copies` (reduce_spec.hpp, FencedCopies' members: a backend's order, such
  /// as the CUDA runtime's stream): copies.wait() first only when the total is in host memory.
  template <class Copies>
  void store_total(const value_type* total, bool in_device_memory, const Copies& copies) const {
    if (!m_total) return;
    if (m_total_space == Space::host) copies.wait();
    copies.copy(m_total, m_total_space, total, in_device_memory ? Space::device : Space::host,
                sizeof(value_type));
  }

 private:
  Functor m_functor;
  void* m_total;
  Space m_total_space;
};

HPAR_IMPL_DEVICE_CODE_END

template <class Policy, class Functor, class Total>
struct scan_value {
  using work_tag = typename Policy::work_tag;
  using from_one_call =
      typename call_parameter<Functor, std::is_void<work_tag>::value ? 1 : 2>::type;
  // A tagged functor whose operator() is overloaded for other tags: the tag's own overload.
  using from_call = std::conditional_t<
      std::is_void<from_one_call>::value && !std::is_void<work_tag>::value,
      typename tagged_call_parameter<std::conditional_t<std::is_void<work_tag>::value, int, work_tag>,
                                     Functor, 1>::type,
      from_one_call>;
  using type = typename std::conditional_t<
      has_value_type<Functor>::value, functor_value_type<Functor>,
      std::conditional_t<!std::is_void<from_call>::value, identity<from_call>,
                         identity<Total>>>::type;
};

template <class T, class = void>
struct non_const_value_of {
  using type = T;
};
template <class T>
struct non_const_value_of<T, std::enable_if_t<is_view<T>::value>> {
  using type = typename T::non_const_value_type;
};

/// The spec of parallel_scan(policy, functor).
template <class Policy, class Functor>
auto make_scan_spec(const Policy&, const Functor& functor) {
  using V = typename scan_value<Policy, Functor, void>::type;
  static_assert(!std::is_void<V>::value,
                "hpar::parallel_scan: cannot tell the value type; give the functor a value_type "
                "or a non-generic operator()");
  return ScanSpec<Policy, Functor, V>(functor, nullptr, Space::host);
}

/// The spec of parallel_scan(policy, functor, total); total is a scalar lvalue or a rank-0 View.
template <class Policy, class Functor, class Total>
auto make_scan_spec(const Policy&, const Functor& functor, Total&& total) {
  using T = remove_cvref_t<Total>;
  using V = typename scan_value<Policy, Functor, typename non_const_value_of<T>::type>::type;
  if constexpr (is_view<T>::value) {
    static_assert(T::rank == 0, "hpar::parallel_scan: a View total must have rank 0");
    static_assert(std::is_same<typename T::non_const_value_type, V>::value,
                  "hpar::parallel_scan: the total's value type differs from the scan's");
    return ScanSpec<Policy, Functor, V>(functor, (void*)total.data(),
                                        T::memory_space::impl_space);
  } else {
    static_assert(std::is_same<T, V>::value,
                  "hpar::parallel_scan: the total's type differs from the scan's value type");
    return ScanSpec<Policy, Functor, V>(functor, (void*)&total, Space::host);
  }
}

#if defined(__HPAR_TRANSLATING__)
/// Whether make_scan_spec(policy, functor, total...) compiles: the static_asserts there, without
/// instantiating them (see HPAR_IMPL_IF_FITS).
template <class Policy, class Functor, class... Total>
constexpr bool scan_total_fits() {
  if constexpr (sizeof...(Total) == 0) {
    return !std::is_void<typename scan_value<Policy, Functor, void>::type>::value;
  } else {
    using T = remove_cvref_t<typename list_at<0, type_list<Total...>>::type>;
    using V = typename scan_value<Policy, Functor, typename non_const_value_of<T>::type>::type;
    if constexpr (is_view<T>::value)
      return T::rank == 0 && std::is_same<typename T::non_const_value_type, V>::value;
    else
      return std::is_same<T, V>::value;
  }
}
#endif

}  // namespace impl
}  // namespace hpar
