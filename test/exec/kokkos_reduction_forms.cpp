// Checks reduction and scan forms Kokkos' own unit tests use (Kokkos spelling): a ThreadVectorRange parallel_scan that combines with a reducer (Prod: inclusive products per team thread, the reducer's reference gets the whole range's product); a nested parallel_reduce into a plain value whose functor class defines init, join and final (used, as Kokkos uses them), and the same through a custom reducer with final (applied, top level and nested); a top-level reduction into a class with only operator+= (starts from its default constructor, no reduction_identity); the First/Last location reducers (MinFirstLoc, MaxFirstLoc, MinMaxFirstLastLoc on values with ties, FirstLoc, LastLoc, a comparator form ordering by value modulo 50) with reducers deduced from rank-0 Views; half_t and bhalf_t sums.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>

using team_policy = Kokkos::TeamPolicy<>;
using member_type = team_policy::member_type;

// Two numbers combined as Kokkos' TestTeamReducerFunctor combines them: a product and a sum that
// both start away from zero, halved (and negated) by final.
struct PairValue {
  long prod, sum;
  KOKKOS_INLINE_FUNCTION PairValue() : prod(0), sum(0) {}
  KOKKOS_INLINE_FUNCTION PairValue& operator+=(const PairValue& o) {
    prod += o.prod;
    sum += o.sum;
    return *this;
  }
};

struct PairFunctor {
  using value_type = PairValue;
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const {
    v.prod = 1;
    v.sum = 10;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    dst.prod *= src.prod;
    dst.sum += src.sum;
  }
  KOKKOS_INLINE_FUNCTION void final(value_type& v) const {
    v.prod /= -2;
    v.sum /= -2;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type& update) const {
    update.prod *= (i + 1);
    update.sum += (i + 2);
  }
};

struct PairReducer {
  using reducer = PairReducer;
  using value_type = PairValue;
  KOKKOS_INLINE_FUNCTION PairReducer(value_type& v) : local(&v) {}
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const {
    v.prod = 1;
    v.sum = 10;
  }
  KOKKOS_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    dst.prod *= src.prod;
    dst.sum += src.sum;
  }
  KOKKOS_INLINE_FUNCTION void final(value_type& v) const {
    v.prod /= -2;
    v.sum /= -2;
  }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return *local; }
  value_type* local;
};

// Only +=: a reduction into it starts from PairCount() (Kokkos' default init).
struct PairCount {
  int a[2];
  KOKKOS_INLINE_FUNCTION PairCount() : a{0, 0} {}
  KOKKOS_INLINE_FUNCTION void operator+=(const PairCount& o) {
    a[0] += o.a[0];
    a[1] += o.a[1];
  }
};

// Orders by the value modulo 50.
struct ModuloLess {
  KOKKOS_INLINE_FUNCTION bool operator()(int x, int y) const { return x % 50 < y % 50; }
};

void vector_scan_with_reducer() {
  const int league = 3, threads = 4, lanes = 10;
  Kokkos::View<double***> prefix("prefix", league, threads, lanes);
  Kokkos::View<double**> totals("totals", league, threads);
  Kokkos::parallel_for(
      "vector_prod_scan", team_policy(league, Kokkos::AUTO, 4), KOKKOS_LAMBDA(const member_type& team) {
        const int l = team.league_rank();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, threads), [&](const int t) {
          double total = 0;
          Kokkos::Prod<double> prod(total);
          Kokkos::parallel_scan(
              Kokkos::ThreadVectorRange(team, lanes),
              [&](const int i, double& update, const bool final) {
                update *= 1.0 + 0.5 * ((i + t + l) % 3);  // inclusive: own factor first
                if (final) prefix(l, t, i) = update;
              },
              prod);
          Kokkos::single(Kokkos::PerThread(team), [&]() { totals(l, t) = total; });
        });
      });
  auto hp = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), prefix);
  auto ht = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), totals);
  for (int l = 0; l < league; ++l)
    for (int t = 0; t < threads; ++t) {
      double p = 1;
      for (int i = 0; i < lanes; ++i) {
        p *= 1.0 + 0.5 * ((i + t + l) % 3);
        check_same("ThreadVectorRange scan with Prod: inclusive product", hp(l, t, i), p);
      }
      check_same("ThreadVectorRange scan with Prod: the reducer's total", ht(l, t), p);
    }
}

void nested_functor_and_reducer_final() {
  const int league = 3, count = 8;
  Kokkos::View<long* [4]> out("out", league);
  Kokkos::parallel_for(
      "nested_final", team_policy(league, Kokkos::AUTO), KOKKOS_LAMBDA(const member_type& team) {
        PairValue by_functor;
        Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, count), PairFunctor{}, by_functor);
        PairValue by_reducer;
        Kokkos::parallel_reduce(
            Kokkos::TeamThreadRange(team, count),
            [&](const int i, PairValue& update) {
              update.prod *= (i + 1);
              update.sum += (i + 2);
            },
            PairReducer(by_reducer));
        Kokkos::single(Kokkos::PerTeam(team), [&]() {
          out(team.league_rank(), 0) = by_functor.prod;
          out(team.league_rank(), 1) = by_functor.sum;
          out(team.league_rank(), 2) = by_reducer.prod;
          out(team.league_rank(), 3) = by_reducer.sum;
        });
      });
  auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), out);
  // Each thread starts from init (1, 10); joins multiply the products and add the sums, so the
  // sum depends on how many threads joined: check the product and the sum's range instead.
  for (int l = 0; l < league; ++l) {
    check_eq("nested reduce with a functor's init/join/final: product, final applied", h(l, 0), -40320 / 2);
    check_eq("nested reduce with a reducer's final: product, final applied", h(l, 2), -40320 / 2);
    check(h(l, 1) <= -(10 + 44) / 2 && h(l, 3) <= -(10 + 44) / 2,
          "nested reduce: sums start from init and are halved and negated by final");
  }

  PairValue top;
  Kokkos::parallel_reduce("top_final", Kokkos::RangePolicy<>(0, 6),
                          KOKKOS_LAMBDA(const int i, PairValue& update) { update.prod *= (i + 1); },
                          PairReducer(top));
  check_eq("top-level reduce with a reducer's final: 6! halved and negated", top.prod, -360);

  PairCount counts;
  Kokkos::parallel_reduce(
      "plus_only", 100, KOKKOS_LAMBDA(const int i, PairCount& update) {
        update.a[0] += 1;
        update.a[1] += i;
      },
      counts);
  check_eq("reduction into a class with only +=: count", counts.a[0], 100);
  check_eq("reduction into a class with only +=: sum", counts.a[1], 4950);
}

void location_reducers() {
  const int n = 1000;
  Kokkos::View<int*> v("v", n);
  // Values 0..99 repeating: the minimum 0 at 0, 100, ..., the maximum 99 at 99, ..., 999.
  Kokkos::parallel_for("fill", n, KOKKOS_LAMBDA(const int i) { v(i) = i % 100; });

  using VL = Kokkos::ValLocScalar<int, int>;
  using MML = Kokkos::MinMaxLocScalar<int, int>;
  Kokkos::View<VL> min_first("min_first"), max_first("max_first"), max_first_by("max_first_by");
  Kokkos::View<MML> min_max("min_max");
  Kokkos::View<Kokkos::FirstLocScalar<int>> first("first");
  Kokkos::View<Kokkos::LastLocScalar<int>> last("last");
  Kokkos::parallel_reduce(
      "min_first", n, KOKKOS_LAMBDA(const int i, VL& r) {
        if (v(i) < r.val || (v(i) == r.val && i < r.loc)) {
          r.val = v(i);
          r.loc = i;
        }
      },
      Kokkos::MinFirstLoc(min_first));
  Kokkos::parallel_reduce(
      "max_first", n, KOKKOS_LAMBDA(const int i, VL& r) {
        if (v(i) > r.val || (v(i) == r.val && i < r.loc)) {
          r.val = v(i);
          r.loc = i;
        }
      },
      Kokkos::MaxFirstLoc(max_first));
  Kokkos::parallel_reduce(
      "max_first_by", n, KOKKOS_LAMBDA(const int i, VL& r) {
        // the largest value modulo 50: 49, first at 49
        if (v(i) % 50 > r.val % 50 || (v(i) % 50 == r.val % 50 && i < r.loc)) {
          r.val = v(i);
          r.loc = i;
        }
      },
      Kokkos::MaxFirstLocCustomComparator(max_first_by, ModuloLess{}));
  Kokkos::parallel_reduce(
      "min_max", n, KOKKOS_LAMBDA(const int i, MML& r) {
        if (v(i) < r.min_val || (v(i) == r.min_val && i < r.min_loc)) {
          r.min_val = v(i);
          r.min_loc = i;
        }
        if (v(i) > r.max_val || (v(i) == r.max_val && i > r.max_loc)) {
          r.max_val = v(i);
          r.max_loc = i;
        }
      },
      Kokkos::MinMaxFirstLastLoc(min_max));
  Kokkos::parallel_reduce(
      "first", n, KOKKOS_LAMBDA(const int i, Kokkos::FirstLocScalar<int>& r) {
        if (v(i) == 42 && i < r.min_loc_true) r.min_loc_true = i;
      },
      Kokkos::FirstLoc(first));
  Kokkos::parallel_reduce(
      "last", n, KOKKOS_LAMBDA(const int i, Kokkos::LastLocScalar<int>& r) {
        if (v(i) == 42 && i > r.max_loc_true) r.max_loc_true = i;
      },
      Kokkos::LastLoc(last));
  Kokkos::fence();
  auto h1 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), min_first);
  auto h2 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), max_first);
  auto h3 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), max_first_by);
  auto h4 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), min_max);
  auto h5 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), first);
  auto h6 = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), last);
  check_eq("MinFirstLoc: value", h1().val, 0);
  check_eq("MinFirstLoc: first index", h1().loc, 0);
  check_eq("MaxFirstLoc: value", h2().val, 99);
  check_eq("MaxFirstLoc: first index", h2().loc, 99);
  // Values equal under the comparator keep the first index and either value (Kokkos' join).
  check_eq("MaxFirstLocCustomComparator(ModuloLess): value modulo 50", h3().val % 50, 49);
  check_eq("MaxFirstLocCustomComparator(ModuloLess): first index", h3().loc, 49);
  check_eq("MinMaxFirstLastLoc: min", h4().min_val, 0);
  check_eq("MinMaxFirstLastLoc: first index of the min", h4().min_loc, 0);
  check_eq("MinMaxFirstLastLoc: max", h4().max_val, 99);
  check_eq("MinMaxFirstLastLoc: last index of the max", h4().max_loc, 999);
  check_eq("FirstLoc: first index of 42", h5().min_loc_true, 42);
  check_eq("LastLoc: last index of 42", h6().max_loc_true, 942);
}

void half_sums() {
  Kokkos::Experimental::half_t h = 0;
  Kokkos::parallel_reduce(
      "half_sum", 64, KOKKOS_LAMBDA(const int i, Kokkos::Experimental::half_t& s) {
        s += Kokkos::Experimental::cast_to_half(i % 4);
      },
      h);
  Kokkos::Experimental::bhalf_t b = 0;
  Kokkos::parallel_reduce(
      "bhalf_sum", 32, KOKKOS_LAMBDA(const int i, Kokkos::Experimental::bhalf_t& s) {
        s += Kokkos::Experimental::cast_to_bhalf(i % 2);
      },
      Kokkos::Sum<Kokkos::Experimental::bhalf_t>(b));
  check_eq("half_t sum", Kokkos::Experimental::cast_from_half<int>(h), 96);
  check_eq("bhalf_t sum", Kokkos::Experimental::cast_from_bhalf<int>(b), 16);
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  vector_scan_with_reducer();
  nested_functor_and_reducer_final();
  location_reducers();
  half_sums();
  return report();
}
