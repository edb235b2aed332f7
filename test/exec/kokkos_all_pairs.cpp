// RangePolicy kernels whose inner loop visits every element of a View for each index (all pairs:
// n-body forces, pair energies). The CUDA output loads the elements such a loop reads into shared
// memory a tile at a time, every thread of a block running the lambda together: a range whose
// length is not a multiple of the block, a range starting past 0, a loop over part of a View, a
// loop whose bound is past the View's end with the reads under a condition, reads of a struct
// element, a bound from the View's extent and from a local constant, a loop that skips its own
// index with `continue`, and work after the loop. Integer sums, so every result is exact, but for
// softened forces (square roots, checked within a tolerance), whose lambda also captures a
// double that only the loop reads. The same kind of loop in a functor class and in a lambda
// stored in a variable before the dispatch, and in parallel_reduce lambdas (a sum and a Max
// reducer) whose loop updates the accumulator. A loop over every atom inside a loop over a few
// ligand atoms (the inner loop is the one staged), in a parallel_for whose outer loop does more
// work after the inner one, and in a parallel_reduce; both read a small View at the type of the
// atom a step reads (copied whole into shared memory), and a third kernel reads a View too large
// for that (its loop runs as written). The loop in a function the lambda calls, its value added to
// an element (a thread past the end must not add it) and to a reduction's value, and in a function
// template's instantiation that keeps an array of sums; a dispatch in a function template
// instantiated once; and reductions by functor classes, a sum and a Max through init and join.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

struct Atom {
  int x, y, z;
  int type;
};

constexpr int kWeight = 3;  // the column of w the pair loop reads

/// out(i) = sum_j p(j, 3) (p(j, 0) - p(i, 0)) + i, as a functor class, its loop's int compared
/// with the View's size_t extent.
struct WeightedOffsets {
  Kokkos::View<int*[4], Kokkos::LayoutRight> p;
  Kokkos::View<int64_t*> out;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    const int64_t xi = p(i, 0);
    int64_t sum = 0;
    for (int j = 0; j < p.extent(0); ++j) sum += p(j, 3) * (p(j, 0) - xi);  // int against size_t
    out(i) = sum + i;
  }
};

int value(int j, int c) { return (j * (7 + 3 * c) + 11 * c) % 101 - 50; }

/// The sum over every pair of p(j, 1) (p(j, 3) - p(i, 3)), as a functor class's reduction.
struct Moments {
  Kokkos::View<int*[4], Kokkos::LayoutRight> p;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, int64_t& sum) const {
    const int64_t wi = p(i, 3);
    for (int j = 0; j < n; ++j) sum += p(j, 1) * (p(j, 3) - wi);
  }
};

/// The largest (p(j, 2) - p(i, 2)) p(j, 0) over every pair, through the class's init and join.
struct Farthest {
  using value_type = int64_t;
  Kokkos::View<int*[4], Kokkos::LayoutRight> p;
  int n;
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const { v = INT64_MIN; }
  KOKKOS_INLINE_FUNCTION void join(value_type& into, const value_type& from) const {
    if (from > into) into = from;
  }
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type& m) const {
    const int64_t zi = p(i, 2);
    for (int j = 0; j < n; ++j) {
      const int64_t d = (p(j, 2) - zi) * p(j, 0);
      if (d > m) m = d;
    }
  }
};

/// The sum over every atom of its weight times its distance from x along x.
KOKKOS_INLINE_FUNCTION int64_t pull(const Kokkos::View<Atom*>& atoms,
                                    const Kokkos::View<int64_t*>& weights, const int64_t x,
                                    const int n) {
  int64_t sum = 0;
  for (int j = 0; j < n; ++j) {
    const Atom a = atoms(j);
    sum += (a.x - x) * weights(a.type);
  }
  return sum;
}

/// For each of W offsets from `first`, the sum over every body of p(j, 0) (p(j, 2) - offset);
/// their total, the k-th weighted by k + 1.
template <int W>
KOKKOS_INLINE_FUNCTION int64_t spread(const Kokkos::View<int*[4], Kokkos::LayoutRight>& p,
                                      const int64_t first, const int n) {
  int64_t sums[W] = {};
  for (int j = 0; j < n; ++j) {
    const int64_t x = p(j, 0), z = p(j, 2);
    for (int k = 0; k < W; ++k) sums[k] += x * (z - (first + k));
  }
  int64_t total = 0;
  for (int k = 0; k < W; ++k) total += sums[k] * (k + 1);
  return total;
}

/// The sum over every body of p(j, 3) (p(j, 1) - y).
KOKKOS_INLINE_FUNCTION int64_t push(const Kokkos::View<int*[4], Kokkos::LayoutRight>& p,
                                    const int64_t y, const int n) {
  int64_t sum = 0;
  for (int j = 0; j < n; ++j) sum += p(j, 3) * (p(j, 1) - y);
  return sum;
}

/// out(i) = sum_j w(j) (j - i), dispatched from a template instantiated once (for int64_t).
template <class T>
void offsets(const Kokkos::View<T*>& w, const Kokkos::View<T*>& out, const int n) {
  Kokkos::parallel_for("offsets", n, KOKKOS_LAMBDA(const int i) {
    T s = 0;
    for (int j = 0; j < n; ++j) s += w(j) * (j - i);
    out(i) = s;
  });
}

/// A check of one result: counts and reports a wrong value.
int expect(const char* what, int i, int64_t got, int64_t want) {
  if (got == want) return 0;
  std::printf("%s(%d): got %lld, want %lld\n", what, i, (long long)got, (long long)want);
  return 1;
}

int run(const int n) {
  int failures = 0;
  Kokkos::View<int*[4], Kokkos::LayoutRight> p("p", n);
  Kokkos::View<int**> w("w", n, 5);
  Kokkos::View<Atom*> atoms("atoms", n);
  Kokkos::View<int64_t*> out("out", n), out2("out2", n), out3("out3", n), out4("out4", n);
  Kokkos::View<double*[2], Kokkos::LayoutRight> force("force", n);
  Kokkos::View<int64_t*> out5("out5", n), out6("out6", n), out7("out7", n);
  const int nlig = 5;
  Kokkos::View<int*[2], Kokkos::LayoutRight> lig("lig", nlig);
  Kokkos::View<int64_t*> weights("weights", 3), big("big", 1000), out8("out8", n), out9("out9", n),
      out10("out10", n);
  Kokkos::deep_copy(out9, 7);
  Kokkos::parallel_for("tables", 1000, KOKKOS_LAMBDA(const int k) {
    if (k < 3) weights(k) = 2 * k - 3;
    big(k) = k % 13 - 6;
  });
  auto hp = Kokkos::create_mirror_view(p);
  auto hw = Kokkos::create_mirror_view(w);
  auto ha = Kokkos::create_mirror_view(atoms);
  for (int j = 0; j < n; ++j) {
    for (int c = 0; c < 4; ++c) hp(j, c) = value(j, c);
    for (int c = 0; c < 5; ++c) hw(j, c) = value(j, c + 4);
    ha(j) = Atom{value(j, 9), value(j, 10), value(j, 11), j % 3};
  }
  Kokkos::deep_copy(p, hp);
  Kokkos::deep_copy(w, hw);
  Kokkos::deep_copy(atoms, ha);
  auto hl = Kokkos::create_mirror_view(lig);
  for (int l = 0; l < nlig; ++l) hl(l, 0) = value(l, 12), hl(l, 1) = value(l, 13);
  Kokkos::deep_copy(lig, hl);

  // Every pair: out(i) = sum_j p(j, 3) ((p(j, 0) - p(i, 0))^2 + (p(j, 1) - p(i, 1))^2) + p(j, 2).
  Kokkos::parallel_for("pairs", n, KOKKOS_LAMBDA(const int i) {
    const int64_t xi = p(i, 0), yi = p(i, 1);
    int64_t sum = 0;
    for (int j = 0; j < n; ++j) {
      const int64_t dx = p(j, 0) - xi, dy = p(j, 1) - yi;
      sum += p(j, 3) * (dx * dx + dy * dy) + p(j, 2);
    }
    out(i) = sum;
  });

  // From index 2 on, pairs with j in [lo, hi) of column kWeight of w, skipping j == i, and a
  // second loop after the first.
  const int lo = n / 3, hi = n - n / 5, from = n < 2 ? n : 2;
  Kokkos::parallel_for("part", Kokkos::RangePolicy<>(from, n), KOKKOS_LAMBDA(const int i) {
    int64_t sum = 0;
    for (int j = lo; j < hi; ++j) {
      if (j == i) continue;
      sum += w(j, kWeight) * (j - i) + w(j, 0);
    }
    int64_t tail = 0;
    for (int j = 0; j < 3 && j < n; ++j) tail += w(j, 1);
    out2(i) = sum * 1000 + tail;
  });

  // A bound past the View's end, its reads under a condition; a bound from a local constant.
  const int past = n + 300;
  Kokkos::parallel_for("guarded", n, KOKKOS_LAMBDA(const int i) {
    const int half = past / 2;
    int64_t sum = 0, firsts = 0;
    for (int j = 0; j < past; ++j)
      if (j < p.extent_int(0) && (j + i) % 2 == 0) sum += p(j, 0) + j;
    for (int j = 0; j < half; ++j) firsts += j % 7;
    out3(i) = sum + firsts;
  });

  // Struct elements, the loop's bound the View's extent.
  Kokkos::parallel_for("atoms", n, KOKKOS_LAMBDA(const int i) {
    const Atom me = atoms(i);
    int64_t energy = 0;
    for (int j = 0; j < atoms.extent_int(0); ++j) {
      const Atom other = atoms(j);
      const int64_t d = (other.x - me.x) * (other.x - me.x) + (atoms(j).y - me.y) * (other.z - me.z);
      energy += other.type == me.type ? d : -d;
    }
    out4(i) = energy;
  });

  // Softened forces in the plane: a(i) = sum_j m(j) d / (|d|^2 + eps2)^(3/2), d = r(j) - r(i).
  const double eps2 = 0.25;
  Kokkos::parallel_for("forces", n, KOKKOS_LAMBDA(const int i) {
    const double xi = p(i, 0), yi = p(i, 1);
    double ax = 0.0, ay = 0.0;
    for (int j = 0; j < n; ++j) {
      const double dx = p(j, 0) - xi;
      const double dy = p(j, 1) - yi;
      const double r2 = dx * dx + dy * dy + eps2;
      const double inv_r = 1.0 / Kokkos::sqrt(r2);
      const double s = (p(j, 3) + 60) * inv_r * inv_r * inv_r;
      ax += dx * s;
      ay += dy * s;
    }
    force(i, 0) = ax;
    force(i, 1) = ay;
  });

  Kokkos::parallel_for("functor", n, WeightedOffsets{p, out5, n});
  const auto stored = KOKKOS_LAMBDA(const int i) {
    const int64_t yi = p(i, 1);
    int64_t sum = 0;
    for (int j = 0; j < n; ++j) sum += p(j, 2) * (p(j, 1) - yi);
    out6(i) = sum - i;
  };
  Kokkos::parallel_for("stored", n, stored);

  // For each ligand atom l, a sum over every atom j, weighted by l + 1 after the inner loop.
  Kokkos::parallel_for("docking", n, KOKKOS_LAMBDA(const int i) {
    int64_t total = 0;
    for (int l = 0; l < nlig; ++l) {
      const int64_t lx = lig(l, 0) + i, ly = lig(l, 1);
      int64_t near = 0;
      for (int j = 0; j < n; ++j) {
        const Atom a = atoms(j);
        const int64_t d = (a.x - lx) * (a.x - lx) + (a.y - ly);
        near += a.type == l % 3 ? d : -d * weights(a.type);
      }
      total += near * (l + 1);
    }
    out7(i) = total;
  });
  // The same with a View of 8000 bytes read at what a step computes: too large to copy whole.
  Kokkos::parallel_for("docking_big", n, KOKKOS_LAMBDA(const int i) {
    int64_t total = 0;
    for (int l = 0; l < nlig; ++l) {
      for (int j = 0; j < n; ++j) {
        const Atom a = atoms(j);
        total += (a.x - i) * big((a.type * 7 + l * 31 + a.x + 1000) % 1000);
      }
    }
    out8(i) = total;
  });
  // The loop in a function the lambda calls; its value added to an element.
  // What follows the assignment runs for indices in the range only: an atomic sum of every
  // element, which a thread past the end would add to again.
  Kokkos::View<int64_t> pulled("pulled");
  Kokkos::parallel_for("helper", n, KOKKOS_LAMBDA(const int i) {
    out9(i) += pull(atoms, weights, i, n);
    Kokkos::atomic_add(&pulled(), out9(i));
  });
  Kokkos::View<int64_t*> column("column", n), out11("out11", n);
  Kokkos::parallel_for("column", n, KOKKOS_LAMBDA(const int j) { column(j) = p(j, 3); });
  offsets(column, out11, n);
  Kokkos::parallel_for("spread", n, KOKKOS_LAMBDA(const int i) {
    const int64_t s = spread<3>(p, 3 * i, n);
    out10(i) = s;
  });

  auto h1 = Kokkos::create_mirror_view(out);
  auto h2 = Kokkos::create_mirror_view(out2);
  auto h3 = Kokkos::create_mirror_view(out3);
  auto h4 = Kokkos::create_mirror_view(out4);
  Kokkos::deep_copy(h1, out);
  Kokkos::deep_copy(h2, out2);
  Kokkos::deep_copy(h3, out3);
  Kokkos::deep_copy(h4, out4);
  // Reductions whose loop updates the accumulator: a pair energy (a sum, which a thread past the
  // end would change if its additions were not dropped) and the farthest pair (a Max reducer).
  int64_t energy = 0, farthest = 0;
  Kokkos::parallel_reduce("energy", n, KOKKOS_LAMBDA(const int i, int64_t& e) {
    const int64_t xi = p(i, 0);
    for (int j = 0; j < n; ++j) e += p(j, 3) * (p(j, 0) - xi) * (p(j, 0) - xi);
  }, energy);
  Kokkos::parallel_reduce("farthest", n, KOKKOS_LAMBDA(const int i, int64_t& m) {
    const int64_t yi = p(i, 1);
    for (int j = 0; j < n; ++j) {
      const int64_t d = (p(j, 1) - yi) * p(j, 2);
      if (d > m) m = d;
    }
  }, Kokkos::Max<int64_t>(farthest));
  int64_t pushed = 0;
  Kokkos::parallel_reduce("pushed", n, KOKKOS_LAMBDA(const int i, int64_t& e) {
    e += push(p, i, n);
  }, pushed);
  int64_t moments = 0, farthest2 = 0;
  Kokkos::parallel_reduce("moments", n, Moments{p, n}, moments);
  Kokkos::parallel_reduce("farthest2", n, Farthest{p, n}, farthest2);
  int64_t docked = 0;
  Kokkos::parallel_reduce("docked", n, KOKKOS_LAMBDA(const int i, int64_t& e) {
    for (int l = 0; l < nlig; ++l) {
      const int64_t lx = lig(l, 0) - i;
      for (int j = 0; j < n; ++j) {
        const int c = p(j, 2) % 3 + 2;  // 0 to 4
        e += p(j, 3) * (p(j, 0) - lx) * weights(c % 3);
      }
    }
  }, docked);
  {
    int64_t want_energy = 0, want_farthest = INT64_MIN, want_docked = 0, want_pushed = 0;
    int64_t want_moments = 0, want_farthest2 = INT64_MIN;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const int64_t dx = value(j, 0) - value(i, 0);
        want_energy += value(j, 3) * dx * dx;
        const int64_t d = int64_t(value(j, 1) - value(i, 1)) * value(j, 2);
        if (d > want_farthest) want_farthest = d;
        want_pushed += int64_t(value(j, 3)) * (value(j, 1) - i);
        want_moments += int64_t(value(j, 1)) * (value(j, 3) - value(i, 3));
        const int64_t d2 = int64_t(value(j, 2) - value(i, 2)) * value(j, 0);
        if (d2 > want_farthest2) want_farthest2 = d2;
        const int64_t w = 2 * ((value(j, 2) % 3 + 2) % 3) - 3;
        for (int l = 0; l < nlig; ++l) want_docked += value(j, 3) * (value(j, 0) - (value(l, 12) - i)) * w;
      }
    failures += expect("energy", n, energy, want_energy);
    failures += expect("farthest", n, farthest, want_farthest);
    failures += expect("docked", n, docked, want_docked);
    failures += expect("pushed", n, pushed, want_pushed);
    failures += expect("moments", n, moments, want_moments);
    failures += expect("farthest2", n, farthest2, want_farthest2);
  }
  auto h5 = Kokkos::create_mirror_view(out5);
  auto h6 = Kokkos::create_mirror_view(out6);
  Kokkos::deep_copy(h5, out5);
  Kokkos::deep_copy(h6, out6);
  auto h7 = Kokkos::create_mirror_view(out7);
  auto h8 = Kokkos::create_mirror_view(out8);
  Kokkos::deep_copy(h7, out7);
  Kokkos::deep_copy(h8, out8);
  int64_t pulled_total = 0;
  Kokkos::deep_copy(pulled_total, pulled);
  auto h9 = Kokkos::create_mirror_view(out9);
  auto h10 = Kokkos::create_mirror_view(out10);
  auto h11 = Kokkos::create_mirror_view(out11);
  Kokkos::deep_copy(h11, out11);
  Kokkos::deep_copy(h9, out9);
  Kokkos::deep_copy(h10, out10);
  auto hf = Kokkos::create_mirror_view(force);
  Kokkos::deep_copy(hf, force);
  int64_t want_pulled = 0;
  for (int i = 0; i < n; ++i) {
    int64_t s1 = 0, s2 = 0, tail = 0, s3 = 0, firsts = 0, s4 = 0;
    double ax = 0, ay = 0, magnitude = 0;
    int64_t s5 = 0, s6 = 0;
    for (int j = 0; j < n; ++j) {
      const int64_t dx = value(j, 0) - value(i, 0), dy = value(j, 1) - value(i, 1);
      s1 += value(j, 3) * (dx * dx + dy * dy) + value(j, 2);
      if (j >= lo && j < hi && j != i) s2 += int64_t(value(j, kWeight + 4)) * (j - i) + value(j, 4);
      if ((j + i) % 2 == 0) s3 += value(j, 0) + j;
      const int64_t ox = value(j, 9), oy = value(j, 10), oz = value(j, 11);
      const int64_t mx = value(i, 9), my = value(i, 10), mz = value(i, 11);
      const int64_t d = (ox - mx) * (ox - mx) + (oy - my) * (oz - mz);
      s4 += j % 3 == i % 3 ? d : -d;
      const double fx = value(j, 0) - value(i, 0), fy = value(j, 1) - value(i, 1);
      const double r2 = fx * fx + fy * fy + eps2;
      const double f = (value(j, 3) + 60) / (r2 * std::sqrt(r2));
      ax += fx * f;
      ay += fy * f;
      magnitude += std::fabs(fx * f) + std::fabs(fy * f);
      s5 += int64_t(value(j, 3)) * (value(j, 0) - value(i, 0));
      s6 += int64_t(value(j, 2)) * (value(j, 1) - value(i, 1));
    }
    for (int j = 0; j < 3 && j < n; ++j) tail += value(j, 5);
    for (int j = 0; j < past / 2; ++j) firsts += j % 7;
    failures += expect("pairs", i, h1(i), s1);
    failures += expect("part", i, h2(i), i >= 2 ? s2 * 1000 + tail : 0);
    failures += expect("guarded", i, h3(i), s3 + firsts);
    failures += expect("atoms", i, h4(i), s4);
    failures += expect("functor", i, h5(i), s5 + i);
    failures += expect("stored", i, h6(i), s6 - i);
    int64_t s7 = 0;
    for (int l = 0; l < nlig; ++l) {
      const int64_t lx = value(l, 12) + i, ly = value(l, 13);
      int64_t near = 0;
      for (int j = 0; j < n; ++j) {
        const int64_t d = (value(j, 9) - lx) * (value(j, 9) - lx) + (value(j, 10) - ly);
        near += j % 3 == l % 3 ? d : -d * (2 * (j % 3) - 3);
      }
      s7 += near * (l + 1);
    }
    failures += expect("docking", i, h7(i), s7);
    int64_t s8 = 0;
    for (int l = 0; l < nlig; ++l)
      for (int j = 0; j < n; ++j)
        s8 += int64_t(value(j, 9) - i) * (((j % 3) * 7 + l * 31 + value(j, 9) + 1000) % 1000 % 13 - 6);
    failures += expect("docking_big", i, h8(i), s8);
    int64_t s9 = 7;
    for (int j = 0; j < n; ++j) s9 += int64_t(value(j, 9) - i) * (2 * (j % 3) - 3);
    failures += expect("helper", i, h9(i), s9);
    want_pulled += s9;
    int64_t s10 = 0;
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < n; ++j) s10 += (k + 1) * int64_t(value(j, 0)) * (value(j, 2) - (3 * i + k));
    failures += expect("spread", i, h10(i), s10);
    int64_t s11 = 0;
    for (int j = 0; j < n; ++j) s11 += int64_t(value(j, 3)) * (j - i);
    failures += expect("offsets", i, h11(i), s11);
    // Each term rounds differently on a device (fused multiply-adds, the order of the sums).
    const double tolerance = 1e-12 * (magnitude + 1) * n;
    if (std::fabs(hf(i, 0) - ax) > tolerance || std::fabs(hf(i, 1) - ay) > tolerance) {
      std::printf("forces(%d): got %.17g %.17g, want %.17g %.17g\n", i, hf(i, 0), hf(i, 1), ax, ay);
      ++failures;
    }
    if (failures > 10) break;
  }
  failures += expect("pulled", n, pulled_total, want_pulled);
  return failures;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  int failures = 0;
  for (const int n : {1, 255, 1000, 3 * 256})
    if (const int f = run(n)) {
      std::printf("n = %d: %d wrong results\n", n, f);
      failures += f;
    }
  if (failures) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
