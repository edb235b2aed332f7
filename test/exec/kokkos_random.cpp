// Checks Kokkos_Random.hpp as users call it: both pool types drawing with get_state/free_state in RangePolicy parallel_for and parallel_reduce over 1M items (ranges, means, normal moments, no repeated draws), inside TeamPolicy at team, thread and vector level, fill_random on Views of rank 1 to 3 and a strided subview (range and start/end, exec and no-exec forms), Kokkos::rand<Generator, T>, and the first draws of a pool's states against an independent host xorshift64*/xorshift1024* with Kokkos' seeding.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_Random.hpp>
#include "check.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

// Tolerances below are six standard errors of the statistic (or more): a correct generator
// misses one with probability about 2e-9, whatever threads draw what.
constexpr int n_items = 1 << 20;

// ---- an independent reference: Vigna (2014) and Kokkos' seeding, on the host ------------------

// xorshift64*: shifts 12, 25, 27, output multiplied by 2685821657736338717.
struct RefXorShift64Star {
  uint64_t x;
  uint64_t next() {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    return x * 0x2545F4914F6CDD1DULL;
  }
};

// xorshift1024*, in Vigna's published form.
struct RefXorShift1024Star {
  uint64_t s[16];
  int p = 0;
  uint64_t next() {
    const uint64_t s0 = s[p];
    p = (p + 1) & 15;
    uint64_t s1 = s[p];
    s1 ^= s1 << 31;
    s[p] = s1 ^ s0 ^ (s1 >> 11) ^ (s0 >> 30);
    return s[p] * 1181783497276652981ULL;
  }
};

// Kokkos' seeding of a pool: a xorshift64* of the seed (0 means 1318319) whose 31-bit draws are
// bits 17..47 of its output; 17 draws are skipped, then each state word packs the low 16 bits of
// four draws, the first lowest.
struct RefSeeding {
  RefXorShift64Star gen;
  explicit RefSeeding(uint64_t seed) : gen{seed == 0 ? 1318319 : seed} {
    for (int i = 0; i < 17; ++i) draw31();
  }
  uint32_t draw31() { return uint32_t(gen.next() >> 16) / 2; }
  uint64_t word() {
    uint64_t w = 0;
    for (int k = 0; k < 4; ++k) w |= uint64_t(draw31() & 0xffff) << (16 * k);
    return w;
  }
};

// What the generators make of one output word w.
uint64_t ref_urand64(uint64_t w) { return w - 1; }
uint32_t ref_urand(uint64_t w) { return uint32_t(w >> 16); }
double ref_drand(uint64_t w) { return double(w - 1) / 18446744073709551616.0; }

// ---- (1) and (4): RangePolicy kernels, for each pool type ---------------------------------------

struct Moments {
  double sum = 0, sum2 = 0, sum3 = 0, sum4 = 0;
  long n = 0;
  void add(double x) {
    sum += x;
    sum2 += x * x;
    sum3 += x * x * x;
    sum4 += x * x * x * x;
    ++n;
  }
  double mean() const { return sum / n; }
  double variance() const { return sum2 / n - mean() * mean(); }
};

template <class Pool>
void range_kernels(const char* name, const Pool& pool) {
  std::printf("%s: %d states\n", name, pool.num_states());
  const int n = n_items;
  Kokkos::View<unsigned*> u("u", n);
  Kokkos::View<uint64_t*> w("w", n);
  Kokkos::View<double*> d("d", n);
  Kokkos::View<double*> z("z", n);
  Kokkos::View<int64_t*> r64("r64", n);
  Kokkos::View<float*> f("f", n);
  Kokkos::parallel_for("draw_each", Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i) {
    typename Pool::generator_type gen = pool.get_state();
    u(i) = gen.urand(10u, 20u);
    w(i) = gen.urand64();
    d(i) = gen.drand(-2.0, 3.0);
    z(i) = gen.normal();
    r64(i) = gen.rand64(-1000000000000LL, 1000000000000LL);
    f(i) = gen.frand(0.5f);
    pool.free_state(gen);
  });
  auto h_u = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), u);
  auto h_w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), w);
  auto h_d = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), d);
  auto h_z = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), z);
  auto h_r64 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), r64);
  auto h_f = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), f);

  long bins[10] = {}, u_out = 0, d_out = 0, r_out = 0, f_out = 0, within1 = 0, within2 = 0;
  Moments dm, zm, rm, fm;
  for (int i = 0; i < n; ++i) {
    if (h_u(i) >= 10 && h_u(i) < 20) ++bins[h_u(i) - 10]; else ++u_out;
    if (!(h_d(i) >= -2.0 && h_d(i) <= 3.0)) ++d_out;
    if (!(h_r64(i) >= -1000000000000LL && h_r64(i) < 1000000000000LL)) ++r_out;
    if (!(h_f(i) >= 0.0f && h_f(i) <= 0.5f)) ++f_out;
    dm.add(h_d(i));
    zm.add(h_z(i));
    rm.add(double(h_r64(i)) * 1e-12);
    fm.add(h_f(i));
    if (std::fabs(h_z(i)) < 1.0) ++within1;
    if (std::fabs(h_z(i)) < 2.0) ++within2;
  }
  check_eq("urand(10, 20) in [10, 20)", u_out, 0);
  for (int b = 0; b < 10; ++b) check_near("urand(10, 20): share of one value", bins[b], n / 10.0, 2000);
  check_eq("drand(-2, 3) in [-2, 3]", d_out, 0);
  check_near("drand(-2, 3): mean", dm.mean(), 0.5, 0.01);
  check_near("drand(-2, 3): variance", dm.variance(), 25.0 / 12.0, 0.012);
  check_eq("rand64(-1e12, 1e12) in range", r_out, 0);
  check_near("rand64(-1e12, 1e12): mean / 1e12", rm.mean(), 0.0, 0.004);
  check_eq("frand(0.5) in [0, 0.5]", f_out, 0);
  check_near("frand(0.5): mean", fm.mean(), 0.25, 0.001);
  check_near("normal(): mean", zm.mean(), 0.0, 0.006);
  check_near("normal(): variance", zm.variance(), 1.0, 0.01);
  check_near("normal(): third moment", zm.sum3 / n, 0.0, 0.025);
  check_near("normal(): fourth moment", zm.sum4 / n, 3.0, 0.06);
  check_near("normal(): share within one sd", double(within1) / n, 0.6826894921, 0.003);
  check_near("normal(): share within two sd", double(within2) / n, 0.9544997361, 0.0013);
  // A state handed out twice, or not written back by free_state, repeats its draws.
  std::vector<uint64_t> sorted(h_w.data(), h_w.data() + n);
  std::sort(sorted.begin(), sorted.end());
  long repeats = 0;
  for (int i = 1; i < n; ++i) repeats += sorted[i] == sorted[i - 1];
  check(repeats <= 2, "urand64(): no value drawn twice in 1M draws");

  // Monte Carlo pi, the Kokkos tutorial's use of a pool in parallel_reduce.
  long inside = 0;
  Kokkos::parallel_reduce("monte_carlo_pi", Kokkos::RangePolicy<>(0, n),
      KOKKOS_LAMBDA(const int, long& count) {
        auto gen = pool.get_state();
        const double x = gen.drand();
        const double y = gen.drand();
        if (x * x + y * y < 1.0) ++count;
        pool.free_state(gen);
      }, inside);
  check_near("pi from 1M drand() pairs", 4.0 * double(inside) / n, 3.14159265358979, 0.01);

  double normal_sum = 0.0;
  Kokkos::parallel_reduce("normal_mean_sd", Kokkos::RangePolicy<>(0, n),
      KOKKOS_LAMBDA(const int, double& sum) {
        auto gen = pool.get_state();
        sum += gen.normal(3.0, 2.0);
        pool.free_state(gen);
      }, normal_sum);
  check_near("normal(3, 2): mean", normal_sum / n, 3.0, 0.012);

  // rand<Generator, T> for each scalar type, and the remaining draw forms: out-of-range counts.
  using Gen = typename Pool::generator_type;
  long bad = 0;
  Kokkos::parallel_reduce("rand_traits", Kokkos::RangePolicy<>(0, n / 4),
      KOKKOS_LAMBDA(const int, long& errors) {
        Gen gen = pool.get_state();
        const int a = Kokkos::rand<Gen, int>::draw(gen, -7, 9);
        const unsigned b = Kokkos::rand<Gen, unsigned int>::draw(gen, 5u);
        const long c = Kokkos::rand<Gen, long>::draw(gen, 3L, 4L);
        const unsigned long long e = Kokkos::rand<Gen, unsigned long long>::draw(gen);
        const long long g = Kokkos::rand<Gen, long long>::draw(gen, 1000000000000LL);
        const short s = Kokkos::rand<Gen, short>::draw(gen);
        const char ch = char(Kokkos::rand<Gen, char>::draw(gen, 'a', 'z'));
        const float x = Kokkos::rand<Gen, float>::draw(gen, 2.0f, 4.0f);
        const double y = Kokkos::rand<Gen, double>::draw(gen);
        const Kokkos::complex<double> cz =
            Kokkos::rand<Gen, Kokkos::complex<double>>::draw(gen, Kokkos::complex<double>(1.0, 3.0));
        const int r = gen.rand();
        const int r2 = gen.rand(100);
        const uint64_t u2 = gen.urand64(1000, 2000);
        const uint32_t u3 = gen.urand(7u);
        const uint32_t u4 = gen.urand();
        const int64_t r3 = gen.rand64();
        const int64_t r4 = gen.rand64(77);
        const float f2 = gen.frand();
        const float f3 = gen.frand(-1.0f, 1.0f);
        const double d2 = gen.drand(10.0);
        errors += !(a >= -7 && a < 9) + !(b < 5u) + !(c == 3) + (e == ~0ULL) +
                  !(g >= 0 && g < 1000000000000LL) + !(s >= 0) + !(ch >= 'a' && ch < 'z') +
                  !(x >= 2.0f && x <= 4.0f) + !(y >= 0.0 && y <= 1.0) +
                  !(cz.real() >= 0.0 && cz.real() <= 1.0 && cz.imag() >= 0.0 && cz.imag() <= 3.0) +
                  !(r >= 0) + !(r2 >= 0 && r2 < 100) + !(u2 >= 1000 && u2 < 2000) + !(u3 < 7u) +
                  (u4 > Gen::MAX_URAND) + !(r3 >= 0) + !(r4 >= 0 && r4 < 77) +
                  !(f2 >= 0.0f && f2 <= 1.0f) + !(f3 >= -1.0f && f3 <= 1.0f) +
                  !(d2 >= 0.0 && d2 <= 10.0);
        pool.free_state(gen);
      }, bad);
  check_eq("rand<Generator, T> and the other draw forms stay in range", bad, 0);
}

// ---- (2): a TeamPolicy kernel drawing at team, thread and vector level --------------------------

template <class Pool>
void team_kernels(const char* name, const Pool& pool) {
  (void)name;
  using team_policy = Kokkos::TeamPolicy<>;
  using member_type = team_policy::member_type;
  const int league = 64, per_team = 16384, rows = 64, lanes = 8, per_single = 16;
  Kokkos::View<int**> t("t", league, per_team);
  Kokkos::View<double**> tv("tv", league, rows * lanes);
  Kokkos::View<double**> tt("tt", league, per_single);
  Kokkos::parallel_for("team_draws", team_policy(league, Kokkos::AUTO, lanes),
      KOKKOS_LAMBDA(const member_type& team) {
        const int l = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, per_team), [&](const int i) {
          auto gen = pool.get_state();
          t(l, i) = gen.rand(1000);
          pool.free_state(gen);
        });
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows), [&](const int i) {
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](const int v) {
            auto gen = pool.get_state();
            tv(l, i * lanes + v) = gen.drand(1.0, 2.0);
            pool.free_state(gen);
          });
        });
        team.team_barrier();
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          auto gen = pool.get_state();
          for (int k = 0; k < per_single; ++k) tt(l, k) = gen.normal(10.0, 0.5);
          pool.free_state(gen);
        });
      });
  auto h_t = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), t);
  auto h_tv = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), tv);
  auto h_tt = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), tt);
  long out = 0, bins[10] = {};
  Moments tm, vm, sm;
  for (int l = 0; l < league; ++l) {
    for (int i = 0; i < per_team; ++i) {
      if (h_t(l, i) >= 0 && h_t(l, i) < 1000) ++bins[h_t(l, i) / 100]; else ++out;
      tm.add(h_t(l, i));
    }
    for (int k = 0; k < rows * lanes; ++k) {
      if (!(h_tv(l, k) >= 1.0 && h_tv(l, k) <= 2.0)) ++out;
      vm.add(h_tv(l, k));
    }
    for (int k = 0; k < per_single; ++k) {
      if (!(h_tt(l, k) > 7.0 && h_tt(l, k) < 13.0)) ++out;
      sm.add(h_tt(l, k));
    }
  }
  check_eq("team kernel: every draw in its range", out, 0);
  for (int b = 0; b < 10; ++b) check_near("TeamThreadRange rand(1000): share of a tenth", bins[b], 104857.6, 2000);
  check_near("TeamThreadRange rand(1000): mean", tm.mean(), 499.5, 2.0);
  check_near("ThreadVectorRange drand(1, 2): mean", vm.mean(), 1.5, 0.01);
  check_near("PerTeam normal(10, 0.5): mean", sm.mean(), 10.0, 0.1);
  check_near("PerTeam normal(10, 0.5): sd", std::sqrt(sm.variance()), 0.5, 0.07);
}

// ---- (3): fill_random ---------------------------------------------------------------------------

template <class Pool>
void fills(const char* name, const Pool& pool) {
  (void)name;
  // Rank 1, range form; the sentinel shows any element left unwritten.
  Kokkos::View<double*> a("a", n_items);
  Kokkos::deep_copy(a, -1.0);
  Kokkos::fill_random(a, pool, 5.0);
  auto h_a = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), a);
  long out = 0;
  Moments am;
  for (int i = 0; i < n_items; ++i) {
    if (!(h_a(i) >= 0.0 && h_a(i) <= 5.0)) ++out;
    am.add(h_a(i));
  }
  check_eq("fill_random(View<double*>, 5.0) in [0, 5]", out, 0);
  check_near("fill_random(View<double*>, 5.0): mean", am.mean(), 2.5, 0.01);

  // Rank 2, start/end form.
  Kokkos::View<int**> b("b", 1000, 1000);
  Kokkos::deep_copy(b, 1000);
  Kokkos::fill_random(b, pool, -50, 50);
  auto h_b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
  std::vector<long> count(100, 0);
  out = 0;
  Moments bm;
  for (int i = 0; i < 1000; ++i)
    for (int j = 0; j < 1000; ++j) {
      if (h_b(i, j) >= -50 && h_b(i, j) < 50) ++count[h_b(i, j) + 50]; else ++out;
      bm.add(h_b(i, j));
    }
  check_eq("fill_random(View<int**>, -50, 50) in [-50, 50)", out, 0);
  check_near("fill_random(View<int**>, -50, 50): mean", bm.mean(), -0.5, 0.2);
  for (int v = 0; v < 100; ++v) check_near("fill_random(View<int**>): share of one value", count[v], 10000, 650);

  // Rank 2 float and rank 3 uint64_t, with an execution space instance.
  Kokkos::View<float**> c("c", 300, 700);
  Kokkos::deep_copy(c, -1.0f);
  Kokkos::fill_random(Kokkos::DefaultExecutionSpace(), c, pool, 2.0f);
  Kokkos::View<uint64_t***> e("e", 64, 64, 64);
  Kokkos::fill_random(Kokkos::DefaultExecutionSpace(), e, pool, 100, 200);
  auto h_c = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), c);
  auto h_e = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), e);
  out = 0;
  Moments cm, em;
  for (int i = 0; i < 300; ++i)
    for (int j = 0; j < 700; ++j) {
      if (!(h_c(i, j) >= 0.0f && h_c(i, j) <= 2.0f)) ++out;
      cm.add(h_c(i, j));
    }
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j)
      for (int k = 0; k < 64; ++k) {
        if (!(h_e(i, j, k) >= 100 && h_e(i, j, k) < 200)) ++out;
        em.add(double(h_e(i, j, k)));
      }
  check_eq("fill_random(exec, View<float**>) and (exec, View<uint64_t***>) in range", out, 0);
  check_near("fill_random(exec, View<float**>, 2): mean", cm.mean(), 1.0, 0.008);
  check_near("fill_random(exec, View<uint64_t***>, 100, 200): mean", em.mean(), 149.5, 0.4);

  // A strided column of a matrix: only the column changes.
  Kokkos::View<double**> m("m", 20000, 8);
  Kokkos::deep_copy(m, -7.0);
  auto column = Kokkos::subview(m, Kokkos::ALL, 3);
  Kokkos::fill_random(column, pool, 1.0, 2.0);
  auto h_m = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), m);
  long column_out = 0, others_changed = 0;
  Moments mm;
  for (int i = 0; i < 20000; ++i)
    for (int j = 0; j < 8; ++j) {
      if (j == 3) {
        if (!(h_m(i, j) >= 1.0 && h_m(i, j) <= 2.0)) ++column_out;
        mm.add(h_m(i, j));
      } else if (h_m(i, j) != -7.0) {
        ++others_changed;
      }
    }
  check_eq("fill_random(subview column, 1, 2) in [1, 2]", column_out, 0);
  check_eq("fill_random(subview column) leaves the other columns", others_changed, 0);
  check_near("fill_random(subview column, 1, 2): mean", mm.mean(), 1.5, 0.013);
}

// ---- (5): reproducibility against the host reference --------------------------------------------

void reproducible_xorshift64(const uint64_t seed) {
  Kokkos::Random_XorShift64_Pool<> pool;
  pool.init(seed, 1);
  check_eq("init(seed, 1): num_states", pool.num_states(), 1);
  Kokkos::View<uint64_t*> words("words", 24);
  Kokkos::View<double*> reals("reals", 4);
  Kokkos::View<int*> ints("ints", 4);
  Kokkos::parallel_for("first_draws_64", Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {
    auto gen = pool.get_state();
    for (int k = 0; k < 8; ++k) words(k) = gen.urand64();
    for (int k = 0; k < 8; ++k) words(8 + k) = gen.urand();
    reals(0) = gen.drand();
    reals(1) = gen.normal();
    ints(0) = gen.rand(1000);
    pool.free_state(gen);
  });
  // A second kernel continues where free_state left the state.
  Kokkos::parallel_for("next_draws_64", Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {
    auto gen = pool.get_state();
    for (int k = 16; k < 24; ++k) words(k) = gen.urand64();
    pool.free_state(gen);
  });
  auto h_words = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), words);
  auto h_reals = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), reals);
  auto h_ints = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), ints);

  RefSeeding seeding(seed);
  RefXorShift64Star ref{seeding.word()};
  long mismatches = 0;
  for (int k = 0; k < 8; ++k) mismatches += h_words(k) != ref_urand64(ref.next());
  for (int k = 0; k < 8; ++k) mismatches += h_words(8 + k) != ref_urand(ref.next());
  check_eq("xorshift64* state 0: first urand64 and urand draws match the reference", mismatches, 0);
  check_same("xorshift64* state 0: drand", h_reals(0), ref_drand(ref.next()));
  const double u = ref_drand(ref.next()), v = ref_drand(ref.next());
  const double z = std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * 3.14159265358979323846 * v);
  check_near("xorshift64* state 0: normal (Box-Muller)", h_reals(1), z, 1e-12 * (1.0 + std::fabs(z)));
  uint32_t r = ref_urand(ref.next()) / 2;
  const uint32_t limit = (2147483647u / 1000u) * 1000u;
  while (r >= limit) r = ref_urand(ref.next()) / 2;
  check_eq("xorshift64* state 0: rand(1000)", h_ints(0), long(r % 1000));
  mismatches = 0;
  for (int k = 16; k < 24; ++k) mismatches += h_words(k) != ref_urand64(ref.next());
  check_eq("xorshift64* state 0: a later kernel continues the stream", mismatches, 0);
}

void reproducible_states() {
  // State 3 of a pool of 4, taken by index: the seeding stream's fourth word.
  const uint64_t seed = 424242;
  Kokkos::Random_XorShift64_Pool<> pool;
  pool.init(seed, 4);
  Kokkos::View<uint64_t*> first("first", 4);
  Kokkos::parallel_for("state_by_index", Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {
    for (int s = 0; s < 4; ++s) {
      auto gen = pool.get_state(s);
      first(s) = gen.urand64();
      pool.free_state(gen);
    }
  });
  auto h_first = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), first);
  RefSeeding seeding(seed);
  long mismatches = 0;
  for (int s = 0; s < 4; ++s) {
    RefXorShift64Star ref{seeding.word()};
    mismatches += h_first(s) != ref_urand64(ref.next());
  }
  check_eq("xorshift64* states 0..3 of a pool of 4 match the seeding stream", mismatches, 0);

  // xorshift1024*: a pool of one state, its sixteen words the stream's first sixteen.
  const uint64_t seed2 = 987654321;
  Kokkos::Random_XorShift1024_Pool<> pool2;
  pool2.init(seed2, 1);
  Kokkos::View<uint64_t*> w("w", 48);
  Kokkos::parallel_for("first_draws_1024", Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {
    auto gen = pool2.get_state();
    for (int k = 0; k < 20; ++k) w(k) = gen.urand64();
    for (int k = 20; k < 24; ++k) w(k) = gen.urand();
    pool2.free_state(gen);
  });
  Kokkos::parallel_for("next_draws_1024", Kokkos::RangePolicy<>(0, 1), KOKKOS_LAMBDA(const int) {
    auto gen = pool2.get_state();
    for (int k = 24; k < 48; ++k) w(k) = gen.urand64();
    pool2.free_state(gen);
  });
  auto h_w = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), w);
  RefSeeding seeding2(seed2);
  RefXorShift1024Star ref2;
  for (int j = 0; j < 16; ++j) ref2.s[j] = seeding2.word();
  mismatches = 0;
  for (int k = 0; k < 20; ++k) mismatches += h_w(k) != ref_urand64(ref2.next());
  for (int k = 20; k < 24; ++k) mismatches += h_w(k) != ref_urand(ref2.next());
  for (int k = 24; k < 48; ++k) mismatches += h_w(k) != ref_urand64(ref2.next());
  check_eq("xorshift1024* state 0: first draws and a later kernel's match the reference", mismatches, 0);
}

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  {
    // The Kokkos spelling of the types.
    using Pool64 = Kokkos::Random_XorShift64_Pool<>;
    using Pool1024 = Kokkos::Random_XorShift1024_Pool<Kokkos::DefaultExecutionSpace>;
    static_assert(std::is_same<Pool64::generator_type,
                               Kokkos::Random_XorShift64<Kokkos::DefaultExecutionSpace>>::value,
                  "generator_type");
    static_assert(std::is_same<Pool1024::device_type::memory_space,
                               Kokkos::DefaultExecutionSpace::memory_space>::value,
                  "device_type");
    using Gen = Pool64::generator_type;
    check(Gen::MAX_URAND == 0xffffffffU && Gen::MAX_RAND == INT_MAX &&
              Gen::MAX_URAND64 == ~0ULL && Gen::MAX_RAND64 == LLONG_MAX,
          "MAX_URAND, MAX_RAND, MAX_URAND64, MAX_RAND64");
    check(Kokkos::rand<Gen, int>::max() == INT_MAX && Kokkos::rand<Gen, unsigned int>::max() == UINT_MAX &&
              Kokkos::rand<Gen, long long>::max() == LLONG_MAX && Kokkos::rand<Gen, double>::max() == 1.0 &&
              Kokkos::rand<Gen, short>::max() == 32767,
          "rand<Generator, T>::max()");

    Pool64 pool64(5374857);
    Pool1024 pool1024(5374857);
    check_eq("Random_XorShift64_Pool(seed): one state per concurrent thread", pool64.num_states(),
             Kokkos::DefaultExecutionSpace().concurrency());
    check_eq("Random_XorShift1024_Pool(seed): one state per concurrent thread", pool1024.num_states(),
             Kokkos::DefaultExecutionSpace().concurrency());
    range_kernels("Random_XorShift64_Pool", pool64);
    range_kernels("Random_XorShift1024_Pool", pool1024);
    team_kernels("Random_XorShift64_Pool", pool64);
    team_kernels("Random_XorShift1024_Pool", pool1024);
    fills("Random_XorShift64_Pool", pool64);
    fills("Random_XorShift1024_Pool", pool1024);

    reproducible_xorshift64(20240917);
    reproducible_xorshift64(0);  // seed 0 is seeded as 1318319
    reproducible_states();
  }
  Kokkos::finalize();
  return report();
}
