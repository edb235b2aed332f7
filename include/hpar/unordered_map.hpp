// hpar: UnorderedMap, a fixed-capacity hash table that kernels insert into and search
// concurrently (Kokkos' Kokkos_UnorderedMap.hpp, Kokkos 4 semantics), with the bitwise hash and
// equality of Kokkos_Functional.hpp (pod_hash, pod_equal_to).
//
//   UnorderedMap<Key, Value, Device, Hasher, EqualTo>   Value = void makes it a set
//   host:    UnorderedMap(capacity_hint), capacity(), size(), clear(), rehash(n),
//            failed_insert(), reset_failed_insert_flag(), begin_erase()/end_erase(),
//            create_copy_view(src), create_mirror(map), deep_copy(dst, src)
//   kernels: insert(k[, v[, op]]) -> UnorderedMapInsertResult, find(k) -> index or invalid_index,
//            exists(k), valid_at(i), key_at(i), value_at(i) (a reference), erase(k) (between
//            begin_erase and end_erase), capacity(), valid_index(i)
//
// Design: open addressing with linear probing over `capacity()` slots; slot i holds keys(i),
// values(i) and a state word states(i). A key starts probing at the slot its hash picks
// ((hash * capacity) >> 32) and walks forward, wrapping around, at most capacity() slots.
// Invariants:
//   - a state word moves only EMPTY -> BUSY (one thread wins a compare-and-swap) -> VALID (that
//     thread, after writing key and value) -> ERASED (erase, by compare-and-swap); only host
//     operations between kernels (clear, rehash, end_erase) make a slot EMPTY again;
//   - the key and value of a slot are written before its VALID state is published with release
//     order, and read only after a VALID state was read with acquire order: a thread that sees
//     VALID sees the key and the value it was inserted with;
//   - a VALID slot's key never changes, so every insert of key k walks the same slots and stops
//     at the same one: the first that is EMPTY, BUSY or holds k. At most one insert of k claims
//     it (success); the others wait for BUSY to become VALID and report existing. A thread waits
//     only on a slot another thread has claimed and is about to publish (no other waiting);
//   - insert fails (and sets the failed-insert flag) only when it walked all capacity() slots
//     without finding k or an EMPTY slot, i.e. when the table is full;
//   - scalars(count) is the number of VALID slots (updated atomically); size() reads it.
// Erase follows Kokkos: begin_erase() makes inserts fail (without the failed flag), erase(k) marks
// k's slot ERASED (probe sequences pass over it), end_erase() rebuilds the table in place so that
// ERASED slots are free again (entries may move to other indices; the storage stays the same,
// so every copy of the map sees the result).
//
// Per build: the keys, values, states and scalars are Views in Device's memory space. serial:
// host memory, the kernels run in order. CUDA: device memory; OpenMP: OpenMPTargetSpace memory.
// Acquire and release are the device primitives' (impl/primitives.hpp): PTX ld.acquire.gpu /
// st.release.gpu on CUDA, the __atomic builtins of GCC and Clang elsewhere (in target regions
// too), membar around volatile accesses in clang's OpenMP offload to an NVIDIA GPU. The host operations read and
// write the scalars with copy_bytes after a fence, and run their bulk work (rehash, end_erase)
// with impl::library_for over the map's execution space, so the device memory is never touched
// from the host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "atomics.hpp"
#include "core.hpp"
#include "deep_copy.hpp"
#include "impl/library_for.hpp"
#include "impl/primitives.hpp"
#include "macros.hpp"
#include "memory.hpp"
#include "spaces.hpp"
#include "utility.hpp"
#include "view.hpp"

namespace hpar {

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

HPAR_HD inline uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

/// MurmurHash3 (x86, 32-bit) of `len` bytes at `key`: the bitwise hash Kokkos' pod_hash uses.
HPAR_HD inline uint32_t murmur3_32(const void* key, int len, uint32_t seed) {
  const unsigned char* bytes = static_cast<const unsigned char*>(key);
  const uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
  uint32_t h = seed;
  const int blocks = len / 4;
  for (int b = 0; b < blocks; ++b) {
    uint32_t k;
    __builtin_memcpy(&k, bytes + 4 * b, 4);
    k *= c1;
    k = rotl32(k, 15);
    k *= c2;
    h ^= k;
    h = rotl32(h, 13);
    h = h * 5u + 0xe6546b64u;
  }
  const unsigned char* tail = bytes + 4 * blocks;
  uint32_t k = 0;
  switch (len & 3) {
    case 3: k ^= uint32_t(tail[2]) << 16; [[fallthrough]];
    case 2: k ^= uint32_t(tail[1]) << 8; [[fallthrough]];
    case 1:
      k ^= uint32_t(tail[0]);
      k *= c1;
      k = rotl32(k, 15);
      k *= c2;
      h ^= k;
  }
  h ^= uint32_t(len);
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

/// Reads a slot's state word with acquire order (see the top of this file).
HPAR_HD inline uint32_t umap_load_acquire(uint32_t* p) { return backend_load_acquire(p); }

/// Writes a slot's state word with release order.
HPAR_HD inline void umap_store_release(uint32_t* p, uint32_t v) { backend_store_release(p, v); }

/// The states of a slot (see the top of this file).
enum : uint32_t { umap_empty = 0, umap_busy = 1, umap_valid = 2, umap_erased = 3 };
/// The map's counters and flags, in device memory.
enum : int { umap_count = 0, umap_failed = 1, umap_erasable = 2, umap_erased_count = 3,
             umap_scalars = 4 };

}  // namespace impl

/// Kokkos' bitwise hash of a trivially copyable value: MurmurHash3 of its bytes.
template <class T>
struct pod_hash {
  using argument_type = T;
  using first_argument_type = T;
  using second_argument_type = uint32_t;
  using result_type = uint32_t;
  HPAR_HD uint32_t operator()(const T& t) const { return impl::murmur3_32(&t, sizeof(T), 0); }
  HPAR_HD uint32_t operator()(const T& t, uint32_t seed) const {
    return impl::murmur3_32(&t, sizeof(T), seed);
  }
};

/// Kokkos' bitwise equality: the two values have the same bytes.
template <class T>
struct pod_equal_to {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = bool;
  HPAR_HD bool operator()(const T& a, const T& b) const { return impl::same_bits(a, b); }
};

/// Kokkos' bitwise inequality.
template <class T>
struct pod_not_equal_to {
  using first_argument_type = T;
  using second_argument_type = T;
  using result_type = bool;
  HPAR_HD bool operator()(const T& a, const T& b) const { return !impl::same_bits(a, b); }
};

enum : unsigned { UnorderedMapInvalidIndex = ~0u };

/// What UnorderedMap::insert did: success() (the key was new and now has slot index()),
/// existing() (the key was there, at index()), or failed() (the table is full, or erasing).
/// Two words, as in Kokkos: the index, and the outcome bits above the probe count.
class UnorderedMapInsertResult {
 public:
  HPAR_HD UnorderedMapInsertResult() {}
  HPAR_FORCEINLINE_FUNCTION bool success() const { return (m_status & inserted) != 0; }
  HPAR_FORCEINLINE_FUNCTION bool existing() const { return (m_status & found) != 0; }
  HPAR_FORCEINLINE_FUNCTION bool failed() const { return m_index == UnorderedMapInvalidIndex; }
  /// Kokkos reports here that the insert claimed a slot it had to give back; this design never
  /// claims a slot before it knows the key is new.
  HPAR_FORCEINLINE_FUNCTION bool freed_existing() const { return false; }
  /// How many slots the insert passed over before it stopped.
  HPAR_FORCEINLINE_FUNCTION uint32_t list_position() const { return m_status & probes_mask; }
  HPAR_FORCEINLINE_FUNCTION uint32_t index() const { return m_index; }

  // The results insert returns.
  HPAR_HD static UnorderedMapInsertResult make_success(uint32_t i, uint32_t probes) {
    return UnorderedMapInsertResult(i, inserted | (probes & probes_mask));
  }
  HPAR_HD static UnorderedMapInsertResult make_existing(uint32_t i, uint32_t probes) {
    return UnorderedMapInsertResult(i, found | (probes & probes_mask));
  }
  HPAR_HD static UnorderedMapInsertResult make_failed(uint32_t probes) {
    return UnorderedMapInsertResult(UnorderedMapInvalidIndex, probes & probes_mask);
  }

 private:
  enum : uint32_t { inserted = 1u << 31, found = 1u << 30, probes_mask = (1u << 30) - 1 };
  HPAR_HD UnorderedMapInsertResult(uint32_t i, uint32_t status) : m_index(i), m_status(status) {}
  uint32_t m_index = UnorderedMapInvalidIndex;
  uint32_t m_status = 0;
};

/// What insert does to the value of a key that is already there (Kokkos 4): NoOp keeps it,
/// AtomicAdd adds the inserted value to it atomically.
template <class ValueTypeView, class ValuesIdxType>
struct UnorderedMapInsertOpTypes {
  using value_type = typename ValueTypeView::non_const_value_type;
  struct NoOp {
    HPAR_HD void op(ValueTypeView, ValuesIdxType, const value_type) const {}
  };
  struct AtomicAdd {
    HPAR_HD void op(ValueTypeView values, ValuesIdxType i, const value_type v) const {
      atomic_add(values.data() + i, v);
    }
  };
};

namespace impl {

/// Inserts every valid entry of `from` into `to` (rehash, end_erase): f(i) for i < from.capacity().
template <class To, class From>
struct UnorderedMapReinsert {
  To to;
  From from;
  HPAR_HD void operator()(size_t i) const {
    const uint32_t slot = uint32_t(i);
    if (!from.valid_at(slot)) return;
    if constexpr (To::is_set)
      to.insert(from.key_at(slot));
    else
      to.insert(from.key_at(slot), from.value_at(slot));
  }
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

template <class Key, class Value, class Device = DefaultExecutionSpace,
          class Hasher = pod_hash<std::remove_const_t<Key>>,
          class EqualTo = pod_equal_to<std::remove_const_t<Key>>>
class UnorderedMap {
 public:
  using declared_key_type = Key;
  using key_type = std::remove_const_t<Key>;
  using const_key_type = std::add_const_t<key_type>;
  using declared_value_type = Value;
  using value_type = std::remove_const_t<Value>;
  using const_value_type = std::add_const_t<value_type>;

  using device_type = Device;
  using execution_space = typename Device::execution_space;
  using memory_space = typename Device::memory_space;
  using hasher_type = Hasher;
  using equal_to_type = EqualTo;
  using size_type = uint32_t;

  using declared_map_type = UnorderedMap<Key, Value, Device, Hasher, EqualTo>;
  using insertable_map_type = UnorderedMap<key_type, value_type, Device, Hasher, EqualTo>;
  using modifiable_map_type = UnorderedMap<const_key_type, value_type, Device, Hasher, EqualTo>;
  using const_map_type = UnorderedMap<const_key_type, const_value_type, Device, Hasher, EqualTo>;

  static constexpr bool is_set = std::is_void<value_type>::value;
  static constexpr bool has_const_key = std::is_const<Key>::value;
  static constexpr bool has_const_value = is_set || std::is_const<Value>::value;
  static constexpr bool is_insertable_map = !has_const_key && (is_set || !has_const_value);
  static constexpr bool is_modifiable_map = has_const_key && !has_const_value;
  static constexpr bool is_const_map = has_const_key && has_const_value;

  using insert_result = UnorderedMapInsertResult;
  /// The same map in host memory (what create_mirror returns).
  using HostMirror = UnorderedMap<Key, Value, HostSpace, Hasher, EqualTo>;
  using host_mirror_type = HostMirror;

  enum : size_type { invalid_index = ~size_type(0) };

 private:
  /// A set keeps no values; an int stands in so that the types below exist.
  using impl_value_type = std::conditional_t<is_set, int, value_type>;
  using key_view = View<key_type*, Device>;
  using value_view = View<impl_value_type*, Device>;
  using state_view = View<uint32_t*, Device>;

  static_assert(std::is_trivially_copyable<key_type>::value,
                "hpar::UnorderedMap: keys must be trivially copyable");
  static_assert(is_set || std::is_trivially_copyable<impl_value_type>::value,
                "hpar::UnorderedMap: values must be trivially copyable");

  template <class, class, class, class, class>
  friend class UnorderedMap;

  /// Whether a map of key SK and value SV may be viewed as this one (constness may be added).
  template <class SK, class SV>
  static constexpr bool can_view() {
    return std::is_same<std::remove_const_t<SK>, key_type>::value &&
           std::is_same<std::remove_const_t<SV>, value_type>::value &&
           (has_const_key || !std::is_const<SK>::value) &&
           (has_const_value || !std::is_const<SV>::value);
  }

 public:
  using default_op_type = typename UnorderedMapInsertOpTypes<value_view, uint32_t>::NoOp;

  // ---- construction (host) -------------------------------------------------------------------------

  /// A map that holds at least capacity_hint keys (capacity() rounds up as Kokkos does).
  UnorderedMap(size_type capacity_hint = 0, hasher_type hasher = hasher_type(),
               equal_to_type equal_to = equal_to_type())
      : UnorderedMap(exact_capacity{calculate_capacity(capacity_hint)}, "UnorderedMap", hasher,
                     equal_to) {}

  /// view_alloc(label) first: the label names the map's Views.
  template <class... P>
  UnorderedMap(const impl::ViewCtorProp<P...>& prop, size_type capacity_hint = 0,
               hasher_type hasher = hasher_type(), equal_to_type equal_to = equal_to_type())
      : UnorderedMap(exact_capacity{calculate_capacity(capacity_hint)},
                     prop.label.empty() ? std::string("UnorderedMap") : prop.label, hasher,
                     equal_to) {}

  /// A view of another map of the same device with constness added (Kokkos' conversions
  /// to modifiable_map_type and const_map_type): they share the storage.
  template <class SK, class SV, class = std::enable_if_t<can_view<SK, SV>()>>
  UnorderedMap(const UnorderedMap<SK, SV, Device, Hasher, EqualTo>& src)
      : m_hasher(src.m_hasher), m_equal_to(src.m_equal_to), m_states(src.m_states),
        m_keys(src.m_keys), m_values(src.m_values), m_scalars(src.m_scalars) {}

  template <class SK, class SV, class = std::enable_if_t<can_view<SK, SV>()>>
  UnorderedMap& operator=(const UnorderedMap<SK, SV, Device, Hasher, EqualTo>& src) {
    return *this = UnorderedMap(src);
  }

  UnorderedMap(const UnorderedMap&) = default;
  UnorderedMap(UnorderedMap&&) = default;
  UnorderedMap& operator=(const UnorderedMap&) = default;
  UnorderedMap& operator=(UnorderedMap&&) = default;

  // ---- host operations -------------------------------------------------------------------------------

  /// Removes every entry and clears the flags; the capacity stays.
  void clear() {
    if (!is_allocated()) return;
    fence();
    deep_copy(m_states, uint32_t(impl::umap_empty));
    deep_copy(m_scalars, uint32_t(0));
  }

  /// Moves the entries into a new table of at least max(requested_capacity, size()) slots
  /// (rounded up as the constructor rounds its hint). The flags start clear again: a key whose
  /// insert failed is not in the new table; insert it again.
  bool rehash(size_type requested_capacity = 0) {
    static_assert(is_insertable_map, "hpar::UnorderedMap::rehash needs a map with non-const keys "
                                     "and values");
    const size_type n = size();
    if (requested_capacity < n) requested_capacity = n;
    insertable_map_type fresh(exact_capacity{calculate_capacity(requested_capacity)}, label(),
                              m_hasher, m_equal_to);
    if (n != 0) reinsert(fresh, *this, "UnorderedMap::rehash");
    *this = fresh;
    return true;
  }

  /// The number of entries.
  size_type size() const { return is_allocated() ? read_scalar(impl::umap_count) : 0; }

  /// Whether an insert failed since construction, clear(), rehash() or reset_failed_insert_flag().
  bool failed_insert() const {
    return is_allocated() && read_scalar(impl::umap_failed) != 0;
  }
  void reset_failed_insert_flag() { write_scalar(impl::umap_failed, 0); }

  /// Between begin_erase() and end_erase(), kernels may erase(k) and inserts fail.
  bool erasable() const { return is_allocated() && read_scalar(impl::umap_erasable) != 0; }

  bool begin_erase() {
    if (!is_insertable_map || erasable()) return false;
    write_scalar(impl::umap_erasable, 1);
    return true;
  }

  /// Ends the erase phase; the slots of erased keys become free (entries may move).
  bool end_erase() {
    if constexpr (!is_insertable_map) {
      return false;
    } else {
      if (!erasable()) return false;
      end_erase_rebuild();
      return true;
    }
  }

  HPAR_INLINE_FUNCTION bool is_allocated() const {
    return m_states.is_allocated() && m_keys.is_allocated() && m_scalars.is_allocated() &&
           (is_set || m_values.is_allocated());
  }

  /// Allocates this map with src's capacity (contents not copied).
  template <class SK, class SV, class SD>
  void allocate_view(const UnorderedMap<SK, SV, SD, Hasher, EqualTo>& src) {
    *this = UnorderedMap(exact_capacity{src.capacity()}, src.label(), src.m_hasher,
                         src.m_equal_to);
  }

  /// Copies src's table into this map's (reallocated to src's capacity when it differs).
  template <class SK, class SV, class SD>
  void deep_copy_view(const UnorderedMap<SK, SV, SD, Hasher, EqualTo>& src) {
    static_assert(std::is_same<std::remove_const_t<SK>, key_type>::value &&
                      std::is_same<std::remove_const_t<SV>, value_type>::value,
                  "hpar::deep_copy(UnorderedMap, UnorderedMap): different key or value types");
    if (!is_allocated() || capacity() != src.capacity()) allocate_view(src);
    copy_contents(src);
  }

  /// A new allocation like src with its contents (Kokkos' create_copy_view).
  template <class SK, class SV, class SD>
  void create_copy_view(const UnorderedMap<SK, SV, SD, Hasher, EqualTo>& src) {
    if (m_states.data() == src.m_states.data()) return;
    allocate_view(src);
    copy_contents(src);
  }

  // ---- kernels (and the host, for a map in host memory) ---------------------------------------------

  /// The number of slots: the most entries the map holds.
  HPAR_FORCEINLINE_FUNCTION size_type capacity() const { return size_type(m_states.extent(0)); }
  /// Kokkos' number of hash lists; here every slot starts a probe sequence.
  HPAR_INLINE_FUNCTION size_type hash_capacity() const { return capacity(); }

  HPAR_FORCEINLINE_FUNCTION static bool valid_index(size_type i) { return i != invalid_index; }

  /// Inserts k (with value v) unless it is there; on an existing key, op.op(values, index, v)
  /// runs (NoOp: nothing). See the top of this file for what concurrent inserts see.
  /// Always inlined: GCC 12's nvptx compiler stops with an internal error (in tree-nrv.cc) on the
  /// copies of it that its constant propagation makes when kernels pass it constant values.
  template <class InsertOpType = default_op_type>
  HPAR_FORCEINLINE_FUNCTION insert_result insert(const key_type& k,
                                                 const impl_value_type& v = impl_value_type(),
                                                 InsertOpType op = InsertOpType()) const {
    static_assert(!is_set || std::is_same<InsertOpType, default_op_type>::value,
                  "hpar::UnorderedMap: a set takes no insert operation");
    if constexpr (!is_insertable_map) {
      (void)k; (void)v; (void)op;
      return insert_result::make_failed(0);
    } else {
      const size_type n = capacity();
      uint32_t* scalars = m_scalars.data();
      if (n == 0 || atomic_load(&scalars[impl::umap_erasable]) != 0)
        return insert_result::make_failed(0);
      uint32_t* states = m_states.data();
      size_type i = first_slot(k, n);
      for (size_type probe = 0; probe < n; ++probe) {
        uint32_t s = impl::umap_load_acquire(&states[i]);
        if (s == impl::umap_empty) {
          if (atomic_compare_exchange(&states[i], uint32_t(impl::umap_empty),
                                      uint32_t(impl::umap_busy)) == impl::umap_empty) {
            m_keys.data()[i] = k;
            if constexpr (!is_set) m_values.data()[i] = v;
            impl::umap_store_release(&states[i], impl::umap_valid);
            atomic_add(&scalars[impl::umap_count], uint32_t(1));
            return insert_result::make_success(i, probe);
          }
          s = impl::umap_load_acquire(&states[i]);
        }
        // Another thread claimed the slot and is writing its key: wait for it.
        while (s == impl::umap_busy) s = impl::umap_load_acquire(&states[i]);
        if (s == impl::umap_valid && m_equal_to(m_keys.data()[i], k)) {
          if constexpr (!is_set) op.op(m_values, i, v);
          return insert_result::make_existing(i, probe);
        }
        i = i + 1 == n ? 0 : i + 1;
      }
      if (atomic_load(&scalars[impl::umap_failed]) == 0)
        atomic_store(&scalars[impl::umap_failed], uint32_t(1));
      return insert_result::make_failed(n);
    }
  }

  /// Between begin_erase() and end_erase(): removes k; returns whether it was there.
  HPAR_INLINE_FUNCTION bool erase(const key_type& k) const {
    if constexpr (!is_insertable_map) {
      (void)k;
      return false;
    } else {
      uint32_t* scalars = m_scalars.data();
      if (capacity() == 0 || atomic_load(&scalars[impl::umap_erasable]) == 0) return false;
      const size_type i = find(k);
      if (i == invalid_index) return false;
      if (atomic_compare_exchange(&m_states.data()[i], uint32_t(impl::umap_valid),
                                  uint32_t(impl::umap_erased)) != impl::umap_valid)
        return false;  // another thread erased it first
      atomic_sub(&scalars[impl::umap_count], uint32_t(1));
      atomic_add(&scalars[impl::umap_erased_count], uint32_t(1));
      return true;
    }
  }

  /// The index of k's entry, or invalid_index.
  HPAR_INLINE_FUNCTION size_type find(const key_type& k) const {
    const size_type n = capacity();
    if (n == 0) return invalid_index;
    uint32_t* states = m_states.data();
    size_type i = first_slot(k, n);
    for (size_type probe = 0; probe < n; ++probe) {
      const uint32_t s = impl::umap_load_acquire(&states[i]);
      if (s == impl::umap_empty) return invalid_index;
      if (s == impl::umap_valid && m_equal_to(m_keys.data()[i], k)) return i;
      i = i + 1 == n ? 0 : i + 1;
    }
    return invalid_index;
  }

  HPAR_INLINE_FUNCTION bool exists(const key_type& k) const { return find(k) != invalid_index; }

  /// Whether slot i holds an entry.
  HPAR_FORCEINLINE_FUNCTION bool valid_at(size_type i) const {
    return i < capacity() && impl::umap_load_acquire(&m_states.data()[i]) == impl::umap_valid;
  }

  HPAR_FORCEINLINE_FUNCTION key_type key_at(size_type i) const {
    HPAR_ASSERT(i < capacity());
    return m_keys.data()[i];
  }

  /// The value of slot i: a reference (atomic updates may use its address) unless the values
  /// are const.
  template <class Dummy = value_type>
  HPAR_FORCEINLINE_FUNCTION
      std::enable_if_t<!std::is_void<Dummy>::value,
                       std::conditional_t<has_const_value, impl_value_type, impl_value_type&>>
      value_at(size_type i) const {
    HPAR_ASSERT(i < capacity());
    return m_values.data()[i];
  }

 private:
  /// end_erase's work: when keys were erased, copies the table aside, empties it and inserts the
  /// entries again into the same storage, so that every copy of the map sees the result.
  void end_erase_rebuild() {
    if (read_scalar(impl::umap_erased_count) != 0) {
      insertable_map_type aside(exact_capacity{capacity()}, label() + " (end_erase)", m_hasher,
                                m_equal_to);
      aside.copy_contents(*this);
      fence();
      deep_copy(m_states, uint32_t(impl::umap_empty));
      const uint32_t failed = read_scalar(impl::umap_failed);
      deep_copy(m_scalars, uint32_t(0));
      if (failed) write_scalar(impl::umap_failed, 1);
      reinsert(*this, aside, "UnorderedMap::end_erase");
    } else {
      write_scalar(impl::umap_erasable, 0);
    }
  }

  /// Says that a constructor's capacity is already rounded.
  struct exact_capacity {
    size_type value;
  };

  UnorderedMap(exact_capacity capacity, const std::string& label, hasher_type hasher,
               equal_to_type equal_to)
      : m_hasher(hasher), m_equal_to(equal_to),
        m_states(label + " - states", capacity.value),
        m_keys(label + " - keys", capacity.value),
        m_values(label + " - values", is_set ? 0 : capacity.value),
        m_scalars(label + " - scalars", size_t(impl::umap_scalars)) {
    static_assert(is_insertable_map, "hpar::UnorderedMap: only a map with non-const keys (and "
                                     "values) can be constructed; convert it to a const one");
  }

  /// Kokkos' rounding of a capacity hint: 7/6 of it, up to a multiple of 128 (128 for 0).
  static size_type calculate_capacity(size_type hint) {
    return hint ? ((size_type(7ull * hint / 6u) + 127u) / 128u) * 128u : 128u;
  }

  /// The first slot k's probe sequence visits.
  HPAR_HD size_type first_slot(const key_type& k, size_type n) const {
    return size_type((uint64_t(uint32_t(m_hasher(k))) * n) >> 32);
  }

  std::string label() const {
    const std::string l = m_states.label();
    const size_t cut = l.rfind(" - states");
    return cut == std::string::npos ? std::string("UnorderedMap") : l.substr(0, cut);
  }

  uint32_t read_scalar(int which) const {
    uint32_t v = 0;
    fence();
    impl::copy_bytes(&v, impl::Space::host, m_scalars.data() + which, memory_space::impl_space,
                     sizeof(v));
    return v;
  }

  void write_scalar(int which, uint32_t v) const {
    if (!is_allocated()) return;
    fence();
    impl::copy_bytes(m_scalars.data() + which, memory_space::impl_space, &v, impl::Space::host,
                     sizeof(v));
  }

  /// Copies src's slots and scalars into this map's storage, of the same capacity.
  template <class SK, class SV, class SD>
  void copy_contents(const UnorderedMap<SK, SV, SD, Hasher, EqualTo>& src) {
    using src_space = typename UnorderedMap<SK, SV, SD, Hasher, EqualTo>::memory_space;
    constexpr impl::Space to = memory_space::impl_space, from = src_space::impl_space;
    const size_t n = capacity();
    fence();
    impl::copy_bytes(m_states.data(), to, src.m_states.data(), from, n * sizeof(uint32_t));
    impl::copy_bytes(m_keys.data(), to, src.m_keys.data(), from, n * sizeof(key_type));
    if constexpr (!is_set)
      impl::copy_bytes(m_values.data(), to, src.m_values.data(), from, n * sizeof(value_type));
    impl::copy_bytes(m_scalars.data(), to, src.m_scalars.data(), from,
                     impl::umap_scalars * sizeof(uint32_t));
  }

  /// Inserts every entry of `from` into `to` with a loop over from's slots where they live.
  template <class To, class From>
  static void reinsert(const To& to, const From& from, const char* label) {
    fence();
    impl::library_for<execution_space>(label, from.capacity(),
                                       impl::UnorderedMapReinsert<To, From>{to, from});
    fence();
  }

  hasher_type m_hasher;
  equal_to_type m_equal_to;
  state_view m_states;   // per slot: impl::umap_empty, busy, valid or erased
  key_view m_keys;       // per slot
  value_view m_values;   // per slot (extent 0 for a set)
  state_view m_scalars;  // impl::umap_count, umap_failed, umap_erasable, umap_erased_count
};

/// Copies src's contents into dst (any two memory spaces); dst takes src's capacity.
template <class DK, class DV, class DD, class SK, class SV, class SD, class H, class E>
void deep_copy(UnorderedMap<DK, DV, DD, H, E>& dst, const UnorderedMap<SK, SV, SD, H, E>& src) {
  dst.deep_copy_view(src);
}

/// A map in host memory with src's capacity (empty: deep_copy fills it, as in Kokkos).
template <class K, class V, class D, class H, class E>
typename UnorderedMap<K, V, D, H, E>::HostMirror create_mirror(
    const UnorderedMap<K, V, D, H, E>& src) {
  typename UnorderedMap<K, V, D, H, E>::HostMirror dst;
  dst.allocate_view(src);
  return dst;
}

}  // namespace hpar
