// hpar: pseudorandom numbers drawn inside kernels (Kokkos_Random.hpp of Kokkos 4).
//
//   Random_XorShift64_Pool<D>, Random_XorShift1024_Pool<D>   a pool of generator states in the
//       memory of D (an execution space or a Device), one per thread that draws at once;
//       pool.get_state() hands a kernel's thread a generator, pool.free_state(gen) gives it back
//   Random_XorShift64<D>, Random_XorShift1024<D>   the generators: urand, urand64, rand, rand64,
//       frand, drand (each as (), (range), (start, end)), normal(), normal(mean, std_dev)
//   rand<Generator, T>   max(), draw(gen), draw(gen, range), draw(gen, start, end) for the
//       scalar types Kokkos specialises
//   fill_random([exec,] view, pool, [start,] end)   fills a View of rank 0 to 8
//
// The algorithms are Kokkos' (after Vigna 2014, "An experimental exploration of Marsaglia's
// xorshift generators, scrambled"): xorshift64* and xorshift1024* with Kokkos' multipliers; a
// 32-bit draw is bits 16..47 of the scrambled word, a 64-bit draw the word minus one. A pool is
// seeded as Kokkos seeds it: seed 0 becomes 1318319, a host xorshift64* generator of that seed
// draws 17 values it throws away, then every 64-bit state word is the low 16 bits of four rand()
// draws. So state i of a pool holds Kokkos' state i for the same seed and state count, and
// yields the same numbers.
//
// Builds: the generators are plain values, the same code everywhere. A pool keeps its states
// and its lock words in Views of its device's memory, seeded on the host and deep_copied there.
//   over a space whose kernels run on several threads (CUDA, OpenMPTarget, OpenMP): get_state()
//     takes a free lock word with
//     impl::acquire_slot, starting at the calling thread's number (impl::thread_hint()), and copies
//     that state into the generator; free_state writes the state back, then releases the word;
//   over a host space run on the calling thread (Serial): hpar runs its kernels on one thread,
//     so, as Kokkos' host backends do, get_state takes the state of the thread's number without a
//     lock (state 0 in practice); a state taken twice without being freed is shared, not a hang.
// fill_random runs impl::library_for over chunks of 128 elements, in the order of the View's
// indices with the last fastest (Kokkos' order); each chunk takes one state, draws its values in
// that order and frees it. Serially that is one stream of draws from state 0, as in Kokkos.
// Invariants: a thread holds at most one state of a device pool at a time, briefly (Kokkos'
// rule); num_states() > 0 for get_state; a generator lives within one kernel iteration.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "complex.hpp"
#include "deep_copy.hpp"
#include "impl/library_for.hpp"
#include "impl/thread_slots.hpp"
#include "math.hpp"
#include "spaces.hpp"
#include "utility.hpp"
#include "view.hpp"

namespace hpar {

template <class DeviceType>
class Random_XorShift64_Pool;
template <class DeviceType>
class Random_XorShift1024_Pool;
namespace impl {
template <class DeviceType>
class XorShift64PoolStates;
template <class DeviceType>
class XorShift1024PoolStates;
}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// What a pool seeded with 0 is seeded with, and what a xorshift64* state of 0 becomes.
constexpr uint64_t random_replacement_seed = 1318319;
/// The multipliers that scramble the xorshift outputs (Vigna 2014, as Kokkos uses them).
constexpr uint64_t xorshift64_star_multiplier = 2685821657736338717ULL;
constexpr uint64_t xorshift1024_star_multiplier = 1181783497276652981ULL;

/// The draws both generators offer, from Generator::impl_next(), the next scrambled 64-bit word.
/// Integer draws in a range reject the top values that would make the remainder uneven.
template <class Generator>
class XorShiftDraws {
 public:
  // Enumerators of the constants' types rather than Kokkos' static constexpr members: GCC does
  // not let an object of a class with static data members into an OpenMP target region.
  enum : uint32_t { MAX_URAND = 0xffffffffU };
  enum : uint64_t { MAX_URAND64 = 0xffffffffffffffffULL };
  enum : int32_t { MAX_RAND = 0x7fffffff };
  enum : int64_t { MAX_RAND64 = 0x7fffffffffffffffLL };

  /// In [0, MAX_URAND]: bits 16..47 of the scrambled word.
  HPAR_INLINE_FUNCTION uint32_t urand() { return uint32_t((next() >> 16) & MAX_URAND); }
  /// In [0, MAX_URAND64 - 1]: the scrambled word (never 0) minus one.
  HPAR_INLINE_FUNCTION uint64_t urand64() { return next() - 1; }

  HPAR_INLINE_FUNCTION uint32_t urand(const uint32_t& range) {
    const uint32_t max_val = (MAX_URAND / range) * range;
    uint32_t x = urand();
    while (x >= max_val) x = urand();
    return x % range;
  }
  HPAR_INLINE_FUNCTION uint32_t urand(const uint32_t& start, const uint32_t& end) {
    return urand(end - start) + start;
  }
  HPAR_INLINE_FUNCTION uint64_t urand64(const uint64_t& range) {
    const uint64_t max_val = (MAX_URAND64 / range) * range;
    uint64_t x = urand64();
    while (x >= max_val) x = urand64();
    return x % range;
  }
  HPAR_INLINE_FUNCTION uint64_t urand64(const uint64_t& start, const uint64_t& end) {
    return urand64(end - start) + start;
  }

  /// In [0, MAX_RAND]: half of urand().
  HPAR_INLINE_FUNCTION int rand() { return int(urand() / 2); }
  HPAR_INLINE_FUNCTION int rand(const int& range) {
    const int max_val = (MAX_RAND / range) * range;
    int x = rand();
    while (x >= max_val) x = rand();
    return x % range;
  }
  HPAR_INLINE_FUNCTION int rand(const int& start, const int& end) {
    return rand(end - start) + start;
  }
  HPAR_INLINE_FUNCTION int64_t rand64() { return int64_t(urand64() / 2); }
  HPAR_INLINE_FUNCTION int64_t rand64(const int64_t& range) {
    const int64_t max_val = (MAX_RAND64 / range) * range;
    int64_t x = rand64();
    while (x >= max_val) x = rand64();
    return x % range;
  }
  HPAR_INLINE_FUNCTION int64_t rand64(const int64_t& start, const int64_t& end) {
    return rand64(end - start) + start;
  }

  // urand64() / MAX_URAND64, rounded as Kokkos rounds it: the draw converts to float (double)
  // first, so the largest draws round up to exactly 1 (end, for the (start, end) forms).
  HPAR_INLINE_FUNCTION float frand() { return urand64() / static_cast<float>(MAX_URAND64); }
  HPAR_INLINE_FUNCTION float frand(const float& range) {
    return range * urand64() / static_cast<float>(MAX_URAND64);
  }
  HPAR_INLINE_FUNCTION float frand(const float& start, const float& end) {
    return frand(end - start) + start;
  }
  HPAR_INLINE_FUNCTION double drand() { return urand64() / static_cast<double>(MAX_URAND64); }
  HPAR_INLINE_FUNCTION double drand(const double& range) {
    return range * urand64() / static_cast<double>(MAX_URAND64);
  }
  HPAR_INLINE_FUNCTION double drand(const double& start, const double& end) {
    return drand(end - start) + start;
  }

  /// A standard normal draw by the Box-Muller transform of two drand() draws (one of the pair is
  /// used), as Kokkos 4 draws it.
  HPAR_INLINE_FUNCTION double normal() {
    const double two_pi = 2.0 * 3.141592653589793238462643383279502884;
    const double u = drand();
    const double v = drand();
    const double r = ::hpar::sqrt(-2.0 * ::hpar::log(u));
    return r * ::hpar::cos(v * two_pi);
  }
  HPAR_INLINE_FUNCTION double normal(const double& mean, const double& std_dev = 1.0) {
    return mean + normal() * std_dev;
  }

 private:
  HPAR_INLINE_FUNCTION uint64_t next() { return static_cast<Generator&>(*this).impl_next(); }
};

}  // namespace impl

/// A xorshift64* generator: one 64-bit state word (period 2^64 - 1).
template <class DeviceType>
class Random_XorShift64 : public impl::XorShiftDraws<Random_XorShift64<DeviceType>> {
 public:
  using device_type = DeviceType;

  /// A state of 0 (which xorshift never leaves) becomes 1318319, as in Kokkos.
  HPAR_INLINE_FUNCTION Random_XorShift64(uint64_t state, int state_idx = 0)
      : m_state(state == 0 ? impl::random_replacement_seed : state), m_state_idx(state_idx) {}

  /// The next scrambled word (Vigna's xorshift64*: shifts 12, 25, 27).
  HPAR_INLINE_FUNCTION uint64_t impl_next() {
    m_state ^= m_state >> 12;
    m_state ^= m_state << 25;
    m_state ^= m_state >> 27;
    return m_state * impl::xorshift64_star_multiplier;
  }

 private:
  friend class impl::XorShift64PoolStates<DeviceType>;
  uint64_t m_state;
  int m_state_idx;
};

/// A xorshift1024* generator: sixteen 64-bit state words and a position (period 2^1024 - 1).
/// It holds its own copy of the words while a kernel's thread draws from it.
template <class DeviceType>
class Random_XorShift1024 : public impl::XorShiftDraws<Random_XorShift1024<DeviceType>> {
 public:
  using device_type = DeviceType;
  using pool_type = Random_XorShift1024_Pool<DeviceType>;
  /// How a pool stores the words: state(i, j) is word j of state i.
  using state_data_type = View<uint64_t* [16], typename DeviceType::device_type>;

  /// Word j of the generator is state(state_idx, j); p is the position of the last word drawn.
  HPAR_INLINE_FUNCTION Random_XorShift1024(const state_data_type& state, int p, int state_idx = 0)
      : m_p(p), m_state_idx(state_idx) {
    for (int j = 0; j < 16; ++j) m_state[j] = state(state_idx, j);
  }

  /// The next scrambled word (Vigna's xorshift1024*: shifts 31, 11, 30).
  HPAR_INLINE_FUNCTION uint64_t impl_next() {
    uint64_t s0 = m_state[m_p];
    m_p = (m_p + 1) & 15;
    uint64_t s1 = m_state[m_p];
    s1 ^= s1 << 31;
    s1 ^= s1 >> 11;
    s0 ^= s0 >> 30;
    m_state[m_p] = s0 ^ s1;
    return m_state[m_p] * impl::xorshift1024_star_multiplier;
  }

 private:
  friend class impl::XorShift1024PoolStates<DeviceType>;
  int m_p;
  int m_state_idx;
  uint64_t m_state[16];
};

namespace impl {

/// The state a kernel's thread takes: a free lock word over a space whose dispatches run on
/// several threads, the thread's own number over one that runs them on the calling thread (see
/// the top of this file).
template <class ExecSpace>
HPAR_INLINE_FUNCTION int take_random_state(int* locks, int n) {
  if constexpr (runs_on_calling_thread<ExecSpace>()) {
    (void)locks;
    return int(thread_hint() % size_t(n));
  } else {
    return acquire_slot(locks, n, thread_hint());
  }
}

/// The part of Random_XorShift64_Pool that kernels use: its Views and get/free_state.
template <class DeviceType>
class XorShift64PoolStates {
 public:
  using device_type = typename DeviceType::device_type;
  using execution_space = typename device_type::execution_space;
  using generator_type = Random_XorShift64<DeviceType>;

  /// A generator of its own for the calling thread until free_state.
  HPAR_INLINE_FUNCTION generator_type get_state() const {
    HPAR_ASSERT(m_num_states > 0);
    const int i = take_random_state<execution_space>(m_locks.data(), m_num_states);
    return generator_type(m_state(i), i);
  }
  /// The generator of state i, which the caller makes sure no other thread uses (no lock).
  HPAR_INLINE_FUNCTION generator_type get_state(const int i) const {
    return generator_type(m_state(i), i);
  }
  /// Writes the generator's state back and gives the state to the next thread.
  HPAR_INLINE_FUNCTION void free_state(const generator_type& gen) const {
    m_state(gen.m_state_idx) = gen.m_state;
    release_slot(m_locks.data(), gen.m_state_idx);
  }
  HPAR_INLINE_FUNCTION int num_states() const { return m_num_states; }

 protected:
  View<uint64_t*, device_type> m_state;
  View<int*, device_type> m_locks;  // 0 free, 1 taken (device spaces only)
  int m_num_states = 0;
};

/// The part of Random_XorShift1024_Pool that kernels use.
template <class DeviceType>
class XorShift1024PoolStates {
 public:
  using device_type = typename DeviceType::device_type;
  using execution_space = typename device_type::execution_space;
  using generator_type = Random_XorShift1024<DeviceType>;

  HPAR_INLINE_FUNCTION generator_type get_state() const {
    HPAR_ASSERT(m_num_states > 0);
    const int i = take_random_state<execution_space>(m_locks.data(), m_num_states);
    return generator_type(m_state, m_p(i), i);
  }
  HPAR_INLINE_FUNCTION generator_type get_state(const int i) const {
    return generator_type(m_state, m_p(i), i);
  }
  HPAR_INLINE_FUNCTION void free_state(const generator_type& gen) const {
    for (int j = 0; j < 16; ++j) m_state(gen.m_state_idx, j) = gen.m_state[j];
    m_p(gen.m_state_idx) = gen.m_p;
    release_slot(m_locks.data(), gen.m_state_idx);
  }
  HPAR_INLINE_FUNCTION int num_states() const { return m_num_states; }

 protected:
  typename generator_type::state_data_type m_state;
  View<int*, device_type> m_p;
  View<int*, device_type> m_locks;
  int m_num_states = 0;
};

}  // namespace impl

// ---- rand<Generator, T>: a generator's draws by scalar type ----------------------------------
// max() is the largest value of draw(gen); the (range) and (start, end) forms draw in [0, range)
// and [start, end). Integers of 32 bits or fewer draw with rand()/urand(), wider ones with
// rand64()/urand64(), floating types with frand()/drand().

template <class Generator, class Scalar>
struct rand;

/// As in Kokkos, the char and short draws return short, and draw(gen) for char gives [0, 255].
template <class Generator>
struct rand<Generator, char> {
  HPAR_INLINE_FUNCTION static short max() { return 127; }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen) { return short(gen.rand() & 0xff); }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen, const char& range) {
    return char(gen.rand(range));
  }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen, const char& start, const char& end) {
    return char(gen.rand(start, end));
  }
};

template <class Generator>
struct rand<Generator, short> {
  HPAR_INLINE_FUNCTION static short max() { return 32767; }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen) { return short(gen.rand() & 0x7fff); }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen, const short& range) {
    return short(gen.rand(range));
  }
  HPAR_INLINE_FUNCTION static short draw(Generator& gen, const short& start, const short& end) {
    return short(gen.rand(start, end));
  }
};

template <class Generator>
struct rand<Generator, int> {
  HPAR_INLINE_FUNCTION static int max() { return Generator::MAX_RAND; }
  HPAR_INLINE_FUNCTION static int draw(Generator& gen) { return gen.rand(); }
  HPAR_INLINE_FUNCTION static int draw(Generator& gen, const int& range) { return gen.rand(range); }
  HPAR_INLINE_FUNCTION static int draw(Generator& gen, const int& start, const int& end) {
    return gen.rand(start, end);
  }
};

template <class Generator>
struct rand<Generator, unsigned int> {
  HPAR_INLINE_FUNCTION static unsigned int max() { return Generator::MAX_URAND; }
  HPAR_INLINE_FUNCTION static unsigned int draw(Generator& gen) { return gen.urand(); }
  HPAR_INLINE_FUNCTION static unsigned int draw(Generator& gen, const unsigned int& range) {
    return gen.urand(range);
  }
  HPAR_INLINE_FUNCTION static unsigned int draw(Generator& gen, const unsigned int& start,
                                                const unsigned int& end) {
    return gen.urand(start, end);
  }
};

template <class Generator>
struct rand<Generator, long> {
  static constexpr bool narrow = sizeof(long) == 4;
  HPAR_INLINE_FUNCTION static long max() {
    return narrow ? long(Generator::MAX_RAND) : long(Generator::MAX_RAND64);
  }
  HPAR_INLINE_FUNCTION static long draw(Generator& gen) {
    return narrow ? long(gen.rand()) : long(gen.rand64());
  }
  HPAR_INLINE_FUNCTION static long draw(Generator& gen, const long& range) {
    return narrow ? long(gen.rand(int(range))) : long(gen.rand64(range));
  }
  HPAR_INLINE_FUNCTION static long draw(Generator& gen, const long& start, const long& end) {
    return narrow ? long(gen.rand(int(start), int(end))) : long(gen.rand64(start, end));
  }
};

template <class Generator>
struct rand<Generator, unsigned long> {
  static constexpr bool narrow = sizeof(unsigned long) == 4;
  HPAR_INLINE_FUNCTION static unsigned long max() {
    return narrow ? (unsigned long)(Generator::MAX_URAND) : (unsigned long)(Generator::MAX_URAND64);
  }
  HPAR_INLINE_FUNCTION static unsigned long draw(Generator& gen) {
    return narrow ? (unsigned long)(gen.urand()) : (unsigned long)(gen.urand64());
  }
  HPAR_INLINE_FUNCTION static unsigned long draw(Generator& gen, const unsigned long& range) {
    return narrow ? (unsigned long)(gen.urand((unsigned int)(range)))
                  : (unsigned long)(gen.urand64(range));
  }
  HPAR_INLINE_FUNCTION static unsigned long draw(Generator& gen, const unsigned long& start,
                                                 const unsigned long& end) {
    return narrow ? (unsigned long)(gen.urand((unsigned int)(start), (unsigned int)(end)))
                  : (unsigned long)(gen.urand64(start, end));
  }
};

template <class Generator>
struct rand<Generator, long long> {
  HPAR_INLINE_FUNCTION static long long max() { return Generator::MAX_RAND64; }
  HPAR_INLINE_FUNCTION static long long draw(Generator& gen) { return gen.rand64(); }
  HPAR_INLINE_FUNCTION static long long draw(Generator& gen, const long long& range) {
    return gen.rand64(range);
  }
  HPAR_INLINE_FUNCTION static long long draw(Generator& gen, const long long& start,
                                             const long long& end) {
    return gen.rand64(start, end);
  }
};

template <class Generator>
struct rand<Generator, unsigned long long> {
  HPAR_INLINE_FUNCTION static unsigned long long max() { return Generator::MAX_URAND64; }
  HPAR_INLINE_FUNCTION static unsigned long long draw(Generator& gen) { return gen.urand64(); }
  HPAR_INLINE_FUNCTION static unsigned long long draw(Generator& gen,
                                                      const unsigned long long& range) {
    return gen.urand64(range);
  }
  HPAR_INLINE_FUNCTION static unsigned long long draw(Generator& gen,
                                                      const unsigned long long& start,
                                                      const unsigned long long& end) {
    return gen.urand64(start, end);
  }
};

template <class Generator>
struct rand<Generator, float> {
  HPAR_INLINE_FUNCTION static float max() { return 1.0f; }
  HPAR_INLINE_FUNCTION static float draw(Generator& gen) { return gen.frand(); }
  HPAR_INLINE_FUNCTION static float draw(Generator& gen, const float& range) {
    return gen.frand(range);
  }
  HPAR_INLINE_FUNCTION static float draw(Generator& gen, const float& start, const float& end) {
    return gen.frand(start, end);
  }
};

template <class Generator>
struct rand<Generator, double> {
  HPAR_INLINE_FUNCTION static double max() { return 1.0; }
  HPAR_INLINE_FUNCTION static double draw(Generator& gen) { return gen.drand(); }
  HPAR_INLINE_FUNCTION static double draw(Generator& gen, const double& range) {
    return gen.drand(range);
  }
  HPAR_INLINE_FUNCTION static double draw(Generator& gen, const double& start,
                                          const double& end) {
    return gen.drand(start, end);
  }
};

/// The real part is drawn first, then the imaginary part, each in its own range.
template <class Generator>
struct rand<Generator, complex<float>> {
  HPAR_INLINE_FUNCTION static complex<float> max() { return complex<float>(1.0f, 1.0f); }
  HPAR_INLINE_FUNCTION static complex<float> draw(Generator& gen) {
    const float re = gen.frand();
    const float im = gen.frand();
    return complex<float>(re, im);
  }
  HPAR_INLINE_FUNCTION static complex<float> draw(Generator& gen, const complex<float>& range) {
    const float re = gen.frand(range.real());
    const float im = gen.frand(range.imag());
    return complex<float>(re, im);
  }
  HPAR_INLINE_FUNCTION static complex<float> draw(Generator& gen, const complex<float>& start,
                                                  const complex<float>& end) {
    const float re = gen.frand(start.real(), end.real());
    const float im = gen.frand(start.imag(), end.imag());
    return complex<float>(re, im);
  }
};

template <class Generator>
struct rand<Generator, complex<double>> {
  HPAR_INLINE_FUNCTION static complex<double> max() { return complex<double>(1.0, 1.0); }
  HPAR_INLINE_FUNCTION static complex<double> draw(Generator& gen) {
    const double re = gen.drand();
    const double im = gen.drand();
    return complex<double>(re, im);
  }
  HPAR_INLINE_FUNCTION static complex<double> draw(Generator& gen, const complex<double>& range) {
    const double re = gen.drand(range.real());
    const double im = gen.drand(range.imag());
    return complex<double>(re, im);
  }
  HPAR_INLINE_FUNCTION static complex<double> draw(Generator& gen, const complex<double>& start,
                                                   const complex<double>& end) {
    const double re = gen.drand(start.real(), end.real());
    const double im = gen.drand(start.imag(), end.imag());
    return complex<double>(re, im);
  }
};

namespace impl {

/// fill_random's loop body: chunk c is the elements c * 128 up to (c + 1) * 128 in index order
/// (last index fastest), drawn from one state.
template <class ViewType, class Pool>
struct FillRandomChunk {
  static constexpr size_t chunk = 128;
  static constexpr int rank = int(ViewType::rank);
  using value_type = typename ViewType::non_const_value_type;
  using generator_type = typename Pool::generator_type;

  ViewType a;
  Pool pool;
  value_type begin, end;
  size_t count;  // a.size()

  HPAR_HD void operator()(size_t c) const {
    generator_type gen = pool.get_state();
    const size_t first = c * chunk;
    const size_t last = first + chunk < count ? first + chunk : count;
    size_t idx[rank > 0 ? rank : 1] = {};
    size_t rest = first;
    for (int r = rank - 1; r >= 0; --r) {
      idx[r] = rest % a.extent(r);
      rest /= a.extent(r);
    }
    for (size_t k = first; k < last; ++k) {
      store(idx, ::hpar::rand<generator_type, value_type>::draw(gen, begin, end),
            std::make_index_sequence<size_t(rank)>());
      for (int r = rank - 1; r >= 0; --r) {  // the next index, last fastest
        if (++idx[r] < a.extent(r)) break;
        idx[r] = 0;
      }
    }
    pool.free_state(gen);
  }

  template <size_t... K>
  HPAR_HD void store(const size_t* idx, const value_type& x, std::index_sequence<K...>) const {
    (void)idx;
    a(idx[K]...) = x;
  }
};

}  // namespace impl

HPAR_IMPL_DEVICE_CODE_END

// ---- pools (host side: construction and seeding) ------------------------------------------------

namespace impl {

/// Kokkos' seeding stream: xorshift64* of the seed (0 -> 1318319), 17 draws skipped; each state
/// word is the low 16 bits of four rand() draws, the first lowest.
class RandomSeedStream {
 public:
  explicit RandomSeedStream(uint64_t seed)
      : m_gen(seed == 0 ? random_replacement_seed : seed, 0) {
    for (int i = 0; i < 17; ++i) m_gen.rand();
  }
  uint64_t next_word() {
    uint64_t word = 0;
    for (int k = 0; k < 4; ++k) word |= (uint64_t(m_gen.rand()) & 0xffff) << (16 * k);
    return word;
  }

 private:
  Random_XorShift64<DefaultHostExecutionSpace> m_gen;
};

}  // namespace impl

/// A pool of xorshift64* states in the memory of DeviceType (copy it into kernels by value).
template <class DeviceType = DefaultExecutionSpace>
class Random_XorShift64_Pool : public impl::XorShift64PoolStates<DeviceType> {
  using base = impl::XorShift64PoolStates<DeviceType>;

 public:
  using typename base::device_type;
  using typename base::execution_space;
  using typename base::generator_type;

  /// An empty pool: init it before use.
  Random_XorShift64_Pool() = default;
  /// As many states as the execution space runs threads at once.
  Random_XorShift64_Pool(uint64_t seed) { init(seed, execution_space().concurrency()); }

  /// (Re)seeds the pool with num_states new states (see the top of this file).
  void init(uint64_t seed, int num_states) {
    this->m_num_states = num_states;
    this->m_state = View<uint64_t*, device_type>("Kokkos::Random_XorShift64::state", num_states);
    this->m_locks = View<int*, device_type>("Kokkos::Random_XorShift64::locks", num_states);
    auto h_state = create_mirror_view(WithoutInitializing, this->m_state);
    impl::RandomSeedStream seeds(seed);
    for (int i = 0; i < num_states; ++i) h_state(i) = seeds.next_word();
    deep_copy(this->m_state, h_state);
  }
};

/// A pool of xorshift1024* states in the memory of DeviceType (copy it into kernels by value).
template <class DeviceType = DefaultExecutionSpace>
class Random_XorShift1024_Pool : public impl::XorShift1024PoolStates<DeviceType> {
  using base = impl::XorShift1024PoolStates<DeviceType>;

 public:
  using typename base::device_type;
  using typename base::execution_space;
  using typename base::generator_type;

  Random_XorShift1024_Pool() = default;
  Random_XorShift1024_Pool(uint64_t seed) { init(seed, execution_space().concurrency()); }

  /// (Re)seeds the pool: state i takes the seeding stream's words 16 i to 16 i + 15, position 0.
  void init(uint64_t seed, int num_states) {
    using state_view = typename generator_type::state_data_type;
    this->m_num_states = num_states;
    this->m_state = state_view("Kokkos::Random_XorShift1024::state", num_states);
    this->m_p = View<int*, device_type>("Kokkos::Random_XorShift1024::p", num_states);
    this->m_locks = View<int*, device_type>("Kokkos::Random_XorShift1024::locks", num_states);
    auto h_state = create_mirror_view(WithoutInitializing, this->m_state);
    impl::RandomSeedStream seeds(seed);
    for (int i = 0; i < num_states; ++i)
      for (int j = 0; j < 16; ++j) h_state(i, j) = seeds.next_word();
    deep_copy(this->m_state, h_state);
  }
};

// ---- fill_random --------------------------------------------------------------------------------

/// Fills a with draws in [begin, end) from the pool's states, on exec's space.
template <class ExecutionSpace, class ViewType, class RandomPool, class IndexType = int64_t,
          class = std::enable_if_t<is_execution_space<ExecutionSpace>::value>>
void fill_random(const ExecutionSpace&, ViewType a, RandomPool g,
                 typename ViewType::const_value_type begin,
                 typename ViewType::const_value_type end) {
  static_assert(is_view<ViewType>::value, "Kokkos::fill_random fills a View");
  static_assert(!std::is_const<typename ViewType::value_type>::value,
                "Kokkos::fill_random: the View's data must not be const");
  using loop = impl::FillRandomChunk<ViewType, RandomPool>;
  const size_t count = a.size();
  if (count == 0) return;
  impl::library_for<ExecutionSpace>("Kokkos::fill_random", (count + loop::chunk - 1) / loop::chunk,
                                    loop{a, g, begin, end, count});
}

/// Fills a with draws in [0, range).
template <class ExecutionSpace, class ViewType, class RandomPool, class IndexType = int64_t,
          class = std::enable_if_t<is_execution_space<ExecutionSpace>::value>>
void fill_random(const ExecutionSpace& exec, ViewType a, RandomPool g,
                 typename ViewType::const_value_type range) {
  fill_random(exec, a, g, typename ViewType::non_const_value_type(0), range);
}

/// The same on the View's execution space.
template <class ViewType, class RandomPool, class IndexType = int64_t,
          class = std::enable_if_t<is_view<ViewType>::value>>
void fill_random(ViewType a, RandomPool g, typename ViewType::const_value_type begin,
                 typename ViewType::const_value_type end) {
  fill_random(typename ViewType::execution_space(), a, g, begin, end);
}

template <class ViewType, class RandomPool, class IndexType = int64_t,
          class = std::enable_if_t<is_view<ViewType>::value>>
void fill_random(ViewType a, RandomPool g, typename ViewType::const_value_type range) {
  fill_random(typename ViewType::execution_space(), a, g,
              typename ViewType::non_const_value_type(0), range);
}

}  // namespace hpar
