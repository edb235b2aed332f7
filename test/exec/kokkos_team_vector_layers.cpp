// A SNAP-style layer recursion (the compute_ui kernel of TestSNAP's Kokkos version, cut down):
// each thread of a team builds the layers j = 1..J of a triangular array of complex numbers in its
// slice of two team-scratch buffers, each layer from the previous one by ThreadVectorRange loops
// whose lanes read elements that other lanes wrote in the loop before, with a middle column that
// every lane zeroes before the vector loop adds to it, a single(PerThread), atomic sums into a
// global View, and the buffers swapped and cleared between layers. It relies on Kokkos' rule
// that a ThreadVectorRange parallel_for and a single end with the thread's lanes synchronised
// (CUDA: __syncwarp of the lanes); without it lanes read stale scratch on a GPU. Checked against
// the same recursion run on the host, every element.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

struct Complex {
  double re, im;
};

using ExecSpace = Kokkos::DefaultExecutionSpace;
using team_policy = Kokkos::TeamPolicy<ExecSpace>;
using member_type = team_policy::member_type;
using ScratchView = Kokkos::View<Complex*, ExecSpace::scratch_memory_space,
                                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// The start of layer j in the packed layers ((j + 1)^2 elements each).
KOKKOS_INLINE_FUNCTION int layer_start(int j) { return j * (j + 1) * (2 * j + 1) / 6; }

// A coefficient of the recursion (TestSNAP's rootpqarray(p, q) = sqrt(p / q)).
KOKKOS_INLINE_FUNCTION double root(int p, int q) { return std::sqrt(double(p) / double(q)); }

KOKKOS_INLINE_FUNCTION double parity(int k) { return k % 2 == 0 ? 1.0 : -1.0; }

class Layers {
 public:
  Layers(int twojmax, int items)
      : twojmax_(twojmax),
        items_(items),
        angles_("angles", items, 2),
        total_("total", layer_start(twojmax + 1), 2) {}

  // Random-looking rotation angles of each item.
  void fill() {
    auto h = Kokkos::create_mirror_view(angles_);
    for (int i = 0; i < items_; ++i) {
      h(i, 0) = 0.1 + 1.3 * std::fmod(0.61803398875 * (i + 1), 1.0);
      h(i, 1) = 0.2 + 2.9 * std::fmod(0.41421356237 * (i + 7), 1.0);
    }
    Kokkos::deep_copy(angles_, h);
  }

  // The layers of every item, summed into total_ (as TestSNAP sums ulisttot).
  void compute(const int team_size) {
    const int vector_size = 32;
    const int per_thread = (twojmax_ + 1) * (twojmax_ / 2 + 1);
    const int items = items_, twojmax = twojmax_;
    team_policy policy((items + team_size - 1) / team_size, team_size, vector_size);
    policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView::shmem_size(team_size * 2 * per_thread)));
    Kokkos::deep_copy(total_, 0.0);
    auto angles = angles_;
    auto total = total_;
    Kokkos::parallel_for("layers", policy, KOKKOS_LAMBDA(const member_type& team) {
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, team.team_size()), [&](const int) {
        const int item = team.league_rank() * team.team_size() + team.team_rank();
        if (item >= items) return;
        ScratchView buf1(team.team_scratch(0), team.team_size() * per_thread);
        ScratchView buf2(team.team_scratch(0), team.team_size() * per_thread);
        const int base = team.team_rank() * per_thread;
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, per_thread),
                             [&](const int i) { buf1[base + i] = {0.0, 0.0}; });
        buf2[base] = {1.0, 0.0};
        const double theta = angles(item, 0), phi = angles(item, 1);
        const double a_r = std::cos(theta) * std::cos(phi), a_i = std::cos(theta) * std::sin(phi);
        const double b_r = std::sin(theta) * std::cos(2 * phi), b_i = -std::sin(theta) * std::sin(2 * phi);
        Kokkos::single(Kokkos::PerThread(team), [=]() { Kokkos::atomic_add(&total(0, 0), buf2[base].re); });
        for (int j = 1; j <= twojmax; j++) {
          const int start = layer_start(j);
          int mb_max = (j + 1) / 2, ma_max = j, m_max = mb_max * ma_max;
          // Left side of the layer from the previous one.
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, m_max), [&](const int m) {
            const int mb = m / ma_max, ma = m % ma_max;
            const int to = base + mb * (ma_max + 1) + ma, from = base + m;
            const double c = root(j - ma, j - mb);
            buf1[to].re += c * (a_r * buf2[from].re + a_i * buf2[from].im);
            buf1[to].im += c * (a_r * buf2[from].im - a_i * buf2[from].re);
          });
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, m_max), [&](const int m) {
            const int mb = m / ma_max, ma = m % ma_max;
            const int to = base + mb * (ma_max + 1) + ma + 1, from = base + m;
            const double c = root(ma + 1, j - mb);
            buf1[to].re += -c * (b_r * buf2[from].re + b_i * buf2[from].im);
            buf1[to].im += -c * (b_r * buf2[from].im - b_i * buf2[from].re);
          });
          // The middle column of an even layer, by the symmetry of the previous one.
          if (j % 2 == 0) {
            const int mb = j / 2;
            const int middle = base + mb_max * (ma_max + 1);
            const int from = base + m_max - 1;
            buf1[middle] = {0.0, 0.0};
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, j), [&](const int ma) {
              const double c = parity(m_max - 1 - ma) * root(j - ma, j - mb);
              buf1[middle + ma].re += c * (a_r * buf2[from - ma].re - a_i * buf2[from - ma].im);
              buf1[middle + ma].im += c * (-a_r * buf2[from - ma].im - a_i * buf2[from - ma].re);
            });
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, j), [&](const int ma) {
              const double c = parity(m_max - 1 - ma) * root(ma + 1, j - mb);
              buf1[middle + ma + 1].re += -c * (b_r * buf2[from - ma].re - b_i * buf2[from - ma].im);
              buf1[middle + ma + 1].im += -c * (-b_r * buf2[from - ma].im - b_i * buf2[from - ma].re);
            });
          }
          // Sums of the layer's left half.
          mb_max = j / 2 + 1;
          ma_max = j + 1;
          m_max = mb_max * ma_max;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, m_max), [&](const int m) {
            Kokkos::atomic_add(&total(start + m, 0), buf1[base + m].re);
            Kokkos::atomic_add(&total(start + m, 1), buf1[base + m].im);
          });
          // The next layer is built from this one.
          const ScratchView swap = buf2;
          buf2 = buf1;
          buf1 = swap;
          Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, per_thread),
                               [&](const int i) { buf1[base + i] = {0.0, 0.0}; });
        }
      });
    });
    Kokkos::fence();
  }

  // The same recursion on the host, one item after another: what total_ must hold.
  std::vector<double> reference() const {
    const int per_thread = (twojmax_ + 1) * (twojmax_ / 2 + 1);
    auto angles = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), angles_);
    std::vector<double> sum(2 * layer_start(twojmax_ + 1), 0.0);
    std::vector<Complex> b1(per_thread), b2(per_thread);
    for (int item = 0; item < items_; ++item) {
      std::fill(b1.begin(), b1.end(), Complex{0.0, 0.0});
      std::fill(b2.begin(), b2.end(), Complex{0.0, 0.0});
      b2[0] = {1.0, 0.0};
      const double theta = angles(item, 0), phi = angles(item, 1);
      const double a_r = std::cos(theta) * std::cos(phi), a_i = std::cos(theta) * std::sin(phi);
      const double b_r = std::sin(theta) * std::cos(2 * phi), b_i = -std::sin(theta) * std::sin(2 * phi);
      sum[0] += 1.0;
      for (int j = 1; j <= twojmax_; j++) {
        const int start = layer_start(j);
        int mb_max = (j + 1) / 2, ma_max = j, m_max = mb_max * ma_max;
        for (int m = 0; m < m_max; ++m) {
          const int mb = m / ma_max, ma = m % ma_max, to = mb * (ma_max + 1) + ma;
          const double c = root(j - ma, j - mb);
          b1[to].re += c * (a_r * b2[m].re + a_i * b2[m].im);
          b1[to].im += c * (a_r * b2[m].im - a_i * b2[m].re);
        }
        for (int m = 0; m < m_max; ++m) {
          const int mb = m / ma_max, ma = m % ma_max, to = mb * (ma_max + 1) + ma + 1;
          const double c = root(ma + 1, j - mb);
          b1[to].re += -c * (b_r * b2[m].re + b_i * b2[m].im);
          b1[to].im += -c * (b_r * b2[m].im - b_i * b2[m].re);
        }
        if (j % 2 == 0) {
          const int mb = j / 2, middle = mb_max * (ma_max + 1), from = m_max - 1;
          b1[middle] = {0.0, 0.0};
          for (int ma = 0; ma < j; ++ma) {
            const double c = parity(m_max - 1 - ma) * root(j - ma, j - mb);
            b1[middle + ma].re += c * (a_r * b2[from - ma].re - a_i * b2[from - ma].im);
            b1[middle + ma].im += c * (-a_r * b2[from - ma].im - a_i * b2[from - ma].re);
          }
          for (int ma = 0; ma < j; ++ma) {
            const double c = parity(m_max - 1 - ma) * root(ma + 1, j - mb);
            b1[middle + ma + 1].re += -c * (b_r * b2[from - ma].re - b_i * b2[from - ma].im);
            b1[middle + ma + 1].im += -c * (-b_r * b2[from - ma].im - b_i * b2[from - ma].re);
          }
        }
        mb_max = j / 2 + 1;
        ma_max = j + 1;
        m_max = mb_max * ma_max;
        for (int m = 0; m < m_max; ++m) {
          sum[2 * (start + m)] += b1[m].re;
          sum[2 * (start + m) + 1] += b1[m].im;
        }
        std::swap(b1, b2);
        std::fill(b1.begin(), b1.end(), Complex{0.0, 0.0});
      }
    }
    return sum;
  }

  Kokkos::View<double**> total() const { return total_; }

 private:
  int twojmax_, items_;
  Kokkos::View<double**> angles_;
  Kokkos::View<double**> total_;
};

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  {
    // TestSNAP's shape: teams of 4 threads of 32 lanes (as many threads as the build runs).
    const team_policy probe(1, 4, 32);
    const int team_size =
        std::min(4, probe.team_size_max([](const member_type&) {}, Kokkos::ParallelForTag()));
    for (const int twojmax : {2, 8, 14}) {
      Layers layers(twojmax, 2600);
      layers.fill();
      const std::vector<double> expected = layers.reference();
      for (int rep = 0; rep < 3; ++rep) {
        layers.compute(team_size);
        auto got = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), layers.total());
        int bad = 0;
        double scale = 0.0;
        for (const double e : expected) scale = std::max(scale, std::fabs(e));
        for (int k = 0; k < int(got.extent(0)); ++k)
          for (int c = 0; c < 2; ++c) {
            const double e = expected[2 * k + c];
            if (!(std::fabs(got(k, c) - e) <= 1e-10 * scale)) {
              if (bad < 3)
                std::printf("  twojmax %d, repetition %d: total(%d, %d) is %.17g, expected %.17g\n",
                            twojmax, rep, k, c, got(k, c), e);
              ++bad;
            }
          }
        if (bad) std::printf("  twojmax %d, repetition %d: %d of %d sums differ\n", twojmax, rep, bad,
                             2 * int(got.extent(0)));
        check(bad == 0, "layer sums");
      }
    }
  }
  Kokkos::finalize();
  return report();
}
