// hpar: execution policies RangePolicy and MDRangePolicy, and to_policy.
//
// Policy template arguments, in any order: an execution space, IndexType<T> (or an integral
// type), Schedule<Static|Dynamic>, LaunchBounds<...>, a work tag (any other class), and for
// MDRangePolicy one Rank<N, OuterIterate, InnerIterate>.
//
// MDRangePolicy (docs/design.md sections 5 and 6): Iterate::Default is Left on CUDA and OpenMP for a GPU
// and Right on the host's spaces in every build; with Left, index 0 moves fastest. inner_left says how the
// indices move inside a tile, outer_left how the tiles are ordered. A tile extent given as 0 (or
// not given) is chosen here: on a device the inner index up to 32 wide, the others filling a
// tile volume of at most 256, so a tile maps onto one CUDA block; on the host Kokkos' host tiles
// (2 along every index but the innermost, which is whole).
#pragma once

#include <string>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "array.hpp"
#include "impl/traits.hpp"
#include "spaces.hpp"

namespace hpar {

struct ParallelForTag {};
struct ParallelReduceTag {};
struct ParallelScanTag {};

struct Static {};
struct Dynamic {};
template <class S = Static>
struct Schedule {
  using type = S;
};
template <class T>
struct IndexType {
  using type = T;
};
template <unsigned MaxThreads = 0, unsigned MinBlocks = 0>
struct LaunchBounds {
  static constexpr unsigned maxTperB = MaxThreads;
  static constexpr unsigned minBperSM = MinBlocks;
};

namespace Experimental {
/// Hints about the work items of a dispatch (Kokkos::Experimental::WorkItemProperty), added to a
/// policy with require(policy, property). hpar accepts them and schedules as without them.
struct WorkItemProperty {
  template <unsigned long Property>
  struct ImplWorkItemProperty {
    static const unsigned value = Property;
    using work_item_property = ImplWorkItemProperty<Property>;
  };
  static constexpr ImplWorkItemProperty<0> None{};
  static constexpr ImplWorkItemProperty<1> HintLightWeight{};
  static constexpr ImplWorkItemProperty<2> HintHeavyWeight{};
  static constexpr ImplWorkItemProperty<4> HintRegular{};
  static constexpr ImplWorkItemProperty<8> HintIrregular{};
  static constexpr ImplWorkItemProperty<16> ImplForceGlobalLaunch{};
  using None_t = ImplWorkItemProperty<0>;
  using HintLightWeight_t = ImplWorkItemProperty<1>;
  using HintHeavyWeight_t = ImplWorkItemProperty<2>;
  using HintRegular_t = ImplWorkItemProperty<4>;
  using HintIrregular_t = ImplWorkItemProperty<8>;
  using ImplForceGlobalLaunch_t = ImplWorkItemProperty<16>;
};
template <unsigned long A, unsigned long B>
constexpr WorkItemProperty::ImplWorkItemProperty<A | B> operator|(
    WorkItemProperty::ImplWorkItemProperty<A>, WorkItemProperty::ImplWorkItemProperty<B>) {
  return {};
}
template <unsigned long A, unsigned long B>
constexpr WorkItemProperty::ImplWorkItemProperty<A & B> operator&(
    WorkItemProperty::ImplWorkItemProperty<A>, WorkItemProperty::ImplWorkItemProperty<B>) {
  return {};
}
template <class T>
struct is_work_item_property : std::false_type {};
template <unsigned long P>
struct is_work_item_property<WorkItemProperty::ImplWorkItemProperty<P>> : std::true_type {};
}  // namespace Experimental

/// Requested chunk size of a RangePolicy (a scheduling hint).
struct ChunkSize {
  int value;
  explicit ChunkSize(int v) : value(v) {}
};

enum class Iterate { Default, Left, Right };

template <unsigned N, Iterate OuterDir = Iterate::Default, Iterate InnerDir = Iterate::Default>
struct Rank {
  // hpar-translate reports a wrong rank itself, with the policy's source location
  // (hpar-mdrange-rank, hpar-nested-mdrange-rank), so its parse does not stop here.
#if !defined(__HPAR_TRANSLATING__)
  static_assert(N >= 2 && N <= 8, "hpar::Rank: MDRangePolicy rank is 2 to 8");
#endif
  static constexpr unsigned rank = N;
  static constexpr Iterate outer_direction = OuterDir;
  static constexpr Iterate inner_direction = InnerDir;
};

namespace impl {

template <class T>
struct is_index_type : std::is_integral<T> {};
template <class T>
struct is_index_type<IndexType<T>> : std::true_type {};
template <class T>
struct is_schedule : std::false_type {};
template <class S>
struct is_schedule<Schedule<S>> : std::true_type {};
template <class T>
struct is_launch_bounds : std::false_type {};
template <unsigned A, unsigned B>
struct is_launch_bounds<LaunchBounds<A, B>> : std::true_type {};
template <class T>
struct is_rank : std::false_type {};
template <unsigned N, Iterate O, Iterate I>
struct is_rank<Rank<N, O, I>> : std::true_type {};
// An incomplete T (a space of another backend, impl::is_complete) is no work tag: the error its
// name gives is then the only one.
template <class T>
struct is_work_tag
    : std::integral_constant<bool, is_complete<T>::value && !is_execution_space<T>::value &&
                                       !is_index_type<T>::value && !is_schedule<T>::value &&
                                       !is_launch_bounds<T>::value && !is_rank<T>::value &&
                                       !Experimental::is_work_item_property<T>::value> {};

template <class T>
struct index_type_of {
  using type = T;
};
template <class T>
struct index_type_of<IndexType<T>> {
  using type = T;
};

struct no_rank {};

/// What the template arguments of a policy say.
template <class... Args>
struct PolicyTraits {
  static_assert(count_if<is_execution_space, Args...>::value <= 1, "hpar: two execution spaces");
  static_assert(count_if<is_index_type, Args...>::value <= 1, "hpar: two index types");
  static_assert(count_if<is_schedule, Args...>::value <= 1, "hpar: two schedules");
  static_assert(count_if<is_rank, Args...>::value <= 1, "hpar: two Rank arguments");
  static_assert(count_if<is_work_tag, Args...>::value <= 1,
                "hpar: two work tags (or an argument that is not a policy property)");
  using execution_space =
      typename find_first<is_execution_space, DefaultExecutionSpace, Args...>::type;
  // Without IndexType<T>, the execution space's size_type, as in Kokkos (size_t on the host,
  // unsigned int on Cuda and OpenMPTarget for a GPU).
  using index_type = typename index_type_of<typename find_first<
      is_index_type, IndexType<typename execution_space::size_type>, Args...>::type>::type;
  using schedule_type = typename find_first<is_schedule, Schedule<Static>, Args...>::type;
  using launch_bounds = typename find_first<is_launch_bounds, LaunchBounds<>, Args...>::type;
  using work_tag = typename find_first<is_work_tag, void, Args...>::type;
  using iteration_pattern = typename find_first<is_rank, no_rank, Args...>::type;
};

/// Stops the program with "hpar: error: " and the message (a policy Kokkos refuses when it is
/// built; Kokkos 4.6 without its deprecated code aborts there too).
[[noreturn]] __attribute__((format(printf, 1, 2))) inline void policy_error(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::fputs("hpar: error: ", stderr);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::abort();
}

/// Whether x is below zero; false for an unsigned type, without comparing it with zero (which
/// nvcc warns is pointless).
template <class X>
constexpr bool is_negative(const X& x) {
  if constexpr (std::is_signed<X>::value) return x < X(0);
  else return false;
}

/// Whether `bound` keeps its value, and its sign, as a T (Kokkos' checked narrowing of policy
/// bounds: a negative bound of an unsigned index, a value beyond T's range, a class whose round
/// trip differs).
template <class T, class B>
bool converts_exactly(const B& bound) {
  const T v = static_cast<T>(bound);
  if (!(static_cast<B>(v) == bound)) return false;
  if constexpr (std::is_arithmetic<B>::value) return is_negative(bound) == is_negative(v);
  return true;
}

/// A RangePolicy bound the conversion to the index type I changes stops the program with
/// Kokkos' message. Bounds that cannot be converted back are taken as they are.
template <class I, class B>
void check_bound_conversion(const B& bound) {
  if constexpr (std::is_convertible<I, B>::value)
    if (!converts_exactly<I>(bound))
      policy_error("Kokkos::RangePolicy bound type error: an unsafe implicit conversion is "
                   "performed on a bound (%s), which may not preserve its original value.",
                   std::to_string(bound).c_str());
}

/// A lower bound above the upper one: RangePolicy, or an MDRangePolicy's dimension (" in
/// dimension d"), with Kokkos' message.
[[noreturn]] inline void fail_policy_bounds(const char* what, const std::string& lower,
                                            const std::string& upper, const char* dimension) {
  policy_error("Kokkos::%s bounds error: The lower bound (%s) is greater than %s upper bound (%s)%s.",
               what, lower.c_str(), dimension[0] ? "its" : "the", upper.c_str(), dimension);
}

/// An MDRangePolicy bound (or tile) as array_index_type, when it keeps its value as that and as
/// the index type I; otherwise the program stops with Kokkos' message.
template <class I, class B>
int64_t checked_md_bound(B bound, int dim) {
  if (!converts_exactly<I>(bound) || !converts_exactly<int64_t>(bound))
    policy_error("Kokkos::MDRangePolicy bound type error: an unsafe implicit conversion is "
                 "performed on a bound (%s) in dimension (%d), which may not preserve its "
                 "original value.",
                 std::to_string(bound).c_str(), dim);
  return int64_t(bound);
}

/// Whether an iteration direction means index 0 moves fastest. Default follows the layout of the
/// space the policy runs on (Space; the default execution space unless named): Left on CUDA and on
/// OpenMP for a GPU, Right on the host (Serial, OpenMP, and the default space of the OpenMP build
/// for the host), as Kokkos' host spaces iterate Right in every build.
template <class Space = DefaultExecutionSpace>
constexpr bool iterate_left(Iterate d) {
  return d == Iterate::Left ||
         (d == Iterate::Default && std::is_same<typename Space::array_layout, LayoutLeft>::value);
}

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

/// The indices [begin, end) of one dimension.
template <class... Args>
class HPAR_ANNOTATE("hpar::policy::range") RangePolicy {
 public:
  using traits = impl::PolicyTraits<Args...>;
  using execution_space = typename traits::execution_space;
  using index_type = typename traits::index_type;
  using work_tag = typename traits::work_tag;
  using schedule_type = typename traits::schedule_type;
  using launch_bounds = typename traits::launch_bounds;
  using member_type = index_type;
  using policy = RangePolicy;
  static_assert(std::is_integral<index_type>::value, "hpar::RangePolicy: index type not integral");

  RangePolicy() = default;

  // Bounds of any type that converts to the index type (an integer, or a class with a conversion
  // operator), as in Kokkos. A bound the conversion changes stops the program, as Kokkos does
  // (without its deprecated code 4). A policy with begin > end is reported when it is
  // dispatched (impl::policy_problem), where the message can name the kernel.
  template <class B, class E,
            class = std::enable_if_t<std::is_convertible<B, member_type>::value &&
                                     std::is_convertible<E, member_type>::value>>
  RangePolicy(B begin, E end) : m_begin(member_type(begin)), m_end(member_type(end)) {
    impl::check_bound_conversion<member_type>(begin);
    impl::check_bound_conversion<member_type>(end);
    if (m_end < m_begin)
      impl::fail_policy_bounds("RangePolicy", std::to_string(m_begin), std::to_string(m_end), "");
  }
  template <class B, class E,
            class = std::enable_if_t<std::is_convertible<B, member_type>::value &&
                                     std::is_convertible<E, member_type>::value>>
  RangePolicy(B begin, E end, ChunkSize chunk) : RangePolicy(begin, end) {
    m_chunk = chunk.value;
  }
  template <class B, class E,
            class = std::enable_if_t<std::is_convertible<B, member_type>::value &&
                                     std::is_convertible<E, member_type>::value>>
  RangePolicy(const execution_space& space, B begin, E end) : RangePolicy(begin, end) {
    m_space = space;
  }
  template <class B, class E,
            class = std::enable_if_t<std::is_convertible<B, member_type>::value &&
                                     std::is_convertible<E, member_type>::value>>
  RangePolicy(const execution_space& space, B begin, E end, ChunkSize chunk)
      : RangePolicy(begin, end) {
    m_space = space;
    m_chunk = chunk.value;
  }

  /// The same range under other properties (Kokkos' converting constructor; require()).
  template <class... Other,
            class = std::enable_if_t<std::is_same<typename RangePolicy<Other...>::execution_space,
                                                  execution_space>::value>>
  RangePolicy(const RangePolicy<Other...>& other)
      : m_begin(member_type(other.begin())), m_end(member_type(other.end())), m_chunk(other.chunk_size()) {
    m_space = other.m_space;  // assigned: GCC 12 cannot return a space by value in device code
  }

  HPAR_HD member_type begin() const { return m_begin; }
  HPAR_HD member_type end() const { return m_end; }
  HPAR_HD int chunk_size() const { return m_chunk; }
  RangePolicy& set_chunk_size(int chunk) {
    m_chunk = chunk;
    return *this;
  }
  execution_space space() const { return m_space; }

 private:
  template <class...>
  friend class RangePolicy;

  member_type m_begin = 0;
  member_type m_end = 0;
  int m_chunk = 0;
  execution_space m_space{};
};

RangePolicy()->RangePolicy<>;
template <class B, class E>
RangePolicy(B, E) -> RangePolicy<>;
template <class B, class E>
RangePolicy(B, E, ChunkSize) -> RangePolicy<>;

/// A tiled N-dimensional index space [lower, upper).
template <class... Args>
class HPAR_ANNOTATE("hpar::policy::mdrange") MDRangePolicy {
 public:
  using traits = impl::PolicyTraits<Args...>;
  using execution_space = typename traits::execution_space;
  using index_type = typename traits::index_type;
  using work_tag = typename traits::work_tag;
  using schedule_type = typename traits::schedule_type;
  using launch_bounds = typename traits::launch_bounds;
  using iteration_pattern = typename traits::iteration_pattern;
  using policy = MDRangePolicy;
  static_assert(impl::is_rank<iteration_pattern>::value,
                "hpar::MDRangePolicy needs a Rank<N, ...> argument");

  // Enumerators, not static data members, so that GCC 12 can map a policy into a target region.
  // While hpar-translate parses, a rank outside 2..8 is reported by the translator from the
  // Rank<N> argument itself (hpar-mdrange-rank); the policy then uses rank 2, so that nothing
  // instantiates index sequences of a length such as 65536 or 2^32 - 1 and exhausts memory.
#if defined(__HPAR_TRANSLATING__)
  enum : int {
    rank = iteration_pattern::rank >= 2 && iteration_pattern::rank <= 8 ? int(iteration_pattern::rank) : 2
  };
#else
  enum : int { rank = int(iteration_pattern::rank) };
#endif
  /// Whether `rank` is not the rank written (while translating): the translator reports that.
  enum : bool { impl_rank_replaced = unsigned(rank) != iteration_pattern::rank };
  using array_index_type = int64_t;
  using point_type = Array<array_index_type, rank>;
  using tile_type = Array<array_index_type, rank>;

  enum : bool {
    /// true: index 0 moves fastest inside a tile.
    inner_left = impl::iterate_left<execution_space>(iteration_pattern::inner_direction),
    /// true: tile index 0 moves fastest.
    outer_left = impl::iterate_left<execution_space>(iteration_pattern::outer_direction)
  };

  // The directions the policy iterates in, Default resolved (Kokkos' inner_direction and
  // outer_direction). Static data members, which GCC 12 cannot map into a target region: the
  // OpenMP output passes a policy's bounds to its target regions, never the policy.
  static constexpr Iterate inner_direction = inner_left ? Iterate::Left : Iterate::Right;
  static constexpr Iterate outer_direction = outer_left ? Iterate::Left : Iterate::Right;

  MDRangePolicy() = default;

  // Bounds and tiles from braced lists or Kokkos::Array of any integer type: each must keep its
  // value as the index type and as array_index_type, or the program stops with Kokkos' message.
  template <class LT, size_t LN, class UT, size_t UN, class TT = array_index_type,
            size_t TN = rank,
            class = std::enable_if_t<std::is_integral<LT>::value && std::is_integral<UT>::value &&
                                     std::is_integral<TT>::value>>
  MDRangePolicy(const LT (&lower)[LN], const UT (&upper)[UN], const TT (&tile)[TN] = {}) {
    static_assert(impl_rank_replaced || (LN == size_t(rank) && UN == size_t(rank)),
                  "hpar::MDRangePolicy: lower and upper need rank entries");
    static_assert(impl_rank_replaced || TN <= size_t(rank),
                  "hpar::MDRangePolicy: too many tile entries");
    set_bounds(lower, upper, tile, TN);
  }
  template <class T, size_t TN = size_t(rank), class = std::enable_if_t<std::is_integral<T>::value>>
  MDRangePolicy(const Array<T, size_t(rank)>& lower, const Array<T, size_t(rank)>& upper,
                const Array<T, TN>& tile = Array<T, TN>{}) {
    static_assert(impl_rank_replaced || TN <= size_t(rank),
                  "hpar::MDRangePolicy: too many tile entries");
    set_bounds(lower, upper, tile, TN);
  }
  template <class T, size_t TN = size_t(rank), class = std::enable_if_t<std::is_integral<T>::value>>
  MDRangePolicy(const execution_space& space, const Array<T, size_t(rank)>& lower,
                const Array<T, size_t(rank)>& upper, const Array<T, TN>& tile = Array<T, TN>{})
      : MDRangePolicy(lower, upper, tile) {
    m_space = space;
  }

  MDRangePolicy(const point_type& lower, const point_type& upper,
                const tile_type& tile = tile_type{}) {
    for (int d = 0; d < rank; ++d) {
      m_lower[d] = lower[d];
      m_upper[d] = upper[d];
      m_tile[d] = tile[d];
    }
    check_bounds();
    choose_tiles();
  }

  template <class LT, size_t LN, class UT, size_t UN, class TT = array_index_type,
            size_t TN = rank,
            class = std::enable_if_t<std::is_integral<LT>::value && std::is_integral<UT>::value &&
                                     std::is_integral<TT>::value>>
  MDRangePolicy(const execution_space& space, const LT (&lower)[LN], const UT (&upper)[UN],
                const TT (&tile)[TN] = {})
      : MDRangePolicy(lower, upper, tile) {
    m_space = space;
  }

  MDRangePolicy(const execution_space& space, const point_type& lower, const point_type& upper,
                const tile_type& tile = tile_type{})
      : MDRangePolicy(lower, upper, tile) {
    m_space = space;
  }
  /// The same box under other properties (Kokkos' converting constructor; require()).
  template <class... Other,
            class = std::enable_if_t<
                std::is_same<typename MDRangePolicy<Other...>::execution_space, execution_space>::value &&
                int(MDRangePolicy<Other...>::rank) == int(rank)>>
  MDRangePolicy(const MDRangePolicy<Other...>& other)
      : m_lower(other.m_lower), m_upper(other.m_upper), m_tile(other.m_tile) {
    m_space = other.m_space;  // assigned: GCC 12 cannot return a space by value in device code
  }

  HPAR_HD int64_t lower(int d) const { return m_lower[d]; }
  HPAR_HD int64_t upper(int d) const { return m_upper[d]; }
  HPAR_HD int64_t tile(int d) const { return m_tile[d]; }
  /// Number of tiles along dimension d.
  HPAR_HD int64_t tile_count(int d) const {
    const int64_t n = m_upper[d] - m_lower[d];
    return n <= 0 ? 0 : (n + m_tile[d] - 1) / m_tile[d];
  }
  execution_space space() const { return m_space; }
  /// As in Kokkos: no limit on the host, a block's threads on a device.
  static int max_total_tile_size() {
    return impl_host_tiles ? std::numeric_limits<int>::max() : 256;
  }
  /// The tiles this policy would choose for its bounds if none were given.
  tile_type tile_size_recommended() const {
    MDRangePolicy p = *this;
    for (int d = 0; d < rank; ++d) p.m_tile[d] = 0;
    p.choose_tiles();
    return p.m_tile;
  }

  // Kokkos exposes the bounds as members too.
  point_type m_lower{};
  point_type m_upper{};
  tile_type m_tile{};

 private:
  template <class...>
  friend class MDRangePolicy;
  template <class L, class U, class T>
  void set_bounds(const L& lower, const U& upper, const T& tile, size_t tiles) {
    for (int d = 0; d < rank; ++d) {
      m_lower[d] = impl::checked_md_bound<index_type>(lower[d], d);
      m_upper[d] = impl::checked_md_bound<index_type>(upper[d], d);
      m_tile[d] = size_t(d) < tiles ? impl::checked_md_bound<index_type>(tile[d], d) : 0;
    }
    check_bounds();
    choose_tiles();
  }

  /// Kokkos names the first offending dimension in its iteration order.
  void check_bounds() const {
    for (int k = 0; k < rank; ++k) {
      const int d = inner_left ? k : rank - 1 - k;
      if (m_upper[d] < m_lower[d])
        impl::fail_policy_bounds("MDRangePolicy", std::to_string(m_lower[d]),
                                 std::to_string(m_upper[d]),
                                 (" in dimension " + std::to_string(d)).c_str());
    }
  }

  /// Whether the policy's kernels run on the host's CPU (its space keeps its data in HostSpace:
  /// Serial, OpenMP, and the default space of the OpenMP build for the host).
  static constexpr bool impl_host_tiles =
      std::is_same<typename execution_space::memory_space, HostSpace>::value;

  /// The tile sizes the policy was not given. On the host, Kokkos' host defaults: the whole
  /// extent along the innermost index, 2 along every other (its host kernels walk these tiles,
  /// which keeps a stencil's neighbouring rows in cache). On a device, a block-shaped tile: 32
  /// along the innermost index and the rest of 256 threads along the next ones.
  void choose_tiles() {
    if constexpr (impl_host_tiles) {
      for (int d = 0; d < rank; ++d)
        if (m_tile[d] <= 0) {
          const bool innermost = d == (inner_left ? 0 : rank - 1);
          const int64_t extent = m_upper[d] - m_lower[d];
          m_tile[d] = innermost ? (extent > 0 ? extent : 1) : 2;
        }
      return;
    }
    int64_t budget = 256;
    for (int d = 0; d < rank; ++d)
      if (m_tile[d] > 0) budget /= m_tile[d];
    if (budget < 1) budget = 1;
    bool first = true;
    for (int k = 0; k < rank; ++k) {
      const int d = inner_left ? k : rank - 1 - k;
      if (m_tile[d] > 0) {
        first = false;
        continue;
      }
      const int64_t extent = m_upper[d] - m_lower[d] > 0 ? m_upper[d] - m_lower[d] : 1;
      int64_t t = first ? 32 : budget;
      if (t > extent) t = extent;
      if (t > budget) t = budget;
      if (t < 1) t = 1;
      m_tile[d] = t;
      budget /= t;
      if (budget < 1) budget = 1;
      first = false;
    }
  }

  execution_space m_space{};
};

HPAR_IMPL_DEVICE_CODE_END

template <class T>
struct is_range_policy : std::false_type {};
template <class... A>
struct is_range_policy<RangePolicy<A...>> : std::true_type {};
template <class T>
struct is_mdrange_policy : std::false_type {};
template <class... A>
struct is_mdrange_policy<MDRangePolicy<A...>> : std::true_type {};

namespace impl {

/// The rank of an MDRangePolicy, 0 for any other policy: the launcher of a dispatch instantiated
/// with policies of several kinds picks its kernel by it (emit/Shared.cpp, siteLauncher).
template <class P>
constexpr unsigned mdrange_rank() {
  if constexpr (is_mdrange_policy<P>::value)
    return P::rank;
  else
    return 0;
}

/// What is wrong with a policy's values (policy_problem), or nothing: true when something is.
/// Every dispatch checks its policy, so the text is formatted into a buffer as printf formats it;
/// std::string concatenation would expand inline in every launcher and cost each translated file
/// host compile time (docs/performance.md, "build time").
class PolicyProblem {
 public:
  PolicyProblem() { text_[0] = 0; }
  explicit operator bool() const { return text_[0] != 0; }
  const char* c_str() const { return text_; }
  __attribute__((format(printf, 2, 3))) void say(const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::vsnprintf(text_, sizeof text_, format, args);
    va_end(args);
  }

 private:
  char text_[512];
};

/// A range policy's values: its bounds were checked when it was built (it has no setters).
template <class... A>
PolicyProblem policy_problem(const RangePolicy<A...>&) {
  return PolicyProblem();
}

/// Describes what is wrong with an MDRange policy's values.
template <class... A>
PolicyProblem policy_problem(const MDRangePolicy<A...>& p) {
  PolicyProblem why;
  for (int d = 0; d < MDRangePolicy<A...>::rank && !why; ++d) {
    if (p.upper(d) < p.lower(d))
      why.say("MDRangePolicy dimension %d: lower bound (%lld) is greater than upper bound (%lld)",
              d, (long long)p.lower(d), (long long)p.upper(d));
    else if (p.tile(d) < 1)
      why.say("MDRangePolicy dimension %d: tile extent %lld is not positive", d,
              (long long)p.tile(d));
  }
  return why;
}

/// Policy normalisation: an integral count n becomes RangePolicy<>(0, n); policies pass through.
template <class P>
auto to_policy(const P& p) {
  if constexpr (std::is_integral<P>::value)
    return RangePolicy<>(0, p);
  else
    return p;
}

}  // namespace impl

namespace Experimental {
/// The policy with a work-item property added (Kokkos::Experimental::require).
template <template <class...> class Policy, class... A, unsigned long P>
auto require(const Policy<A...>& policy, WorkItemProperty::ImplWorkItemProperty<P>) {
  return Policy<A..., WorkItemProperty::ImplWorkItemProperty<P>>(policy);
}
}  // namespace Experimental

// Kokkos 3's spellings, which programs written for it still use.
namespace Experimental {
using hpar::Iterate;
using hpar::MDRangePolicy;
using hpar::Rank;
}  // namespace Experimental

}  // namespace hpar
