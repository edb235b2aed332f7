// TestSNAP's compute_ui, as its Kokkos version spells it: a member function of a class, marked
// KOKKOS_INLINE_FUNCTION and called by each thread of a team functor inside a TeamThreadRange
// closure, declares `double rootpq;` at thread level and assigns it in each of its
// ThreadVectorRange closures before reading it there. Every lane runs its thread's code, so each
// lane has its own rootpq: no race, and the rule accepts it (with the per-thread slices of team
// scratch the closures add to, the buffers swapped between layers, and the atomic sums).
// RUN: %hpar-translate --check %s -- 2>&1 | %FileCheck %s --allow-empty --check-prefix=LEGAL
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: %FileCheck %s --check-prefix=OUTPUT < %t.cu
// RUN: %hpar-translate --backend=openmp %s -o %t.cpp
// RUN: %FileCheck %s --check-prefix=OUTPUT < %t.cpp
// LEGAL-NOT: {{error|warning}}
// OUTPUT: hpar_compute_ui_L
#include <Kokkos_Core.hpp>

using ExecSpace = Kokkos::DefaultExecutionSpace;
using team_policy = Kokkos::TeamPolicy<ExecSpace>;
using member_type = team_policy::member_type;
using SNADOUBLE = double;

struct SNAcomplex {
  SNADOUBLE re, im;
};
using ScratchViewType = Kokkos::View<SNAcomplex*, ExecSpace::scratch_memory_space,
                                     Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

class SNA {
 public:
  int twojmax, num_atoms;
  Kokkos::View<SNADOUBLE**> rootpqarray;
  Kokkos::View<SNADOUBLE*> ulist_parity;
  Kokkos::View<int*> idxu_block;
  Kokkos::View<SNADOUBLE***> rij;
  Kokkos::View<SNAcomplex**> ulisttot;

  // One neighbour's layers, by the thread that owns slice tid_index of the buffers.
  KOKKOS_INLINE_FUNCTION void compute_uarray(const member_type& team_member, ScratchViewType buf1,
                                             ScratchViewType buf2, const int tid_index, const int natom,
                                             const int nbor) const {
    const SNADOUBLE x = rij(natom, nbor, 0), y = rij(natom, nbor, 1), z = rij(natom, nbor, 2);
    const SNADOUBLE r = sqrt(x * x + y * y + z * z);
    const SNADOUBLE z0 = r / tan(r);
    SNADOUBLE r0inv;
    SNADOUBLE a_r, b_r, a_i, b_i;
    SNADOUBLE rootpq;
    r0inv = 1.0 / sqrt(r * r + z0 * z0);
    a_r = r0inv * z0;
    a_i = -r0inv * z;
    b_r = r0inv * y;
    b_i = -r0inv * x;

    for (int j = 1; j <= twojmax; j++) {
      int jju = idxu_block(j);
      int jjup = idxu_block(j - 1);
      int mb_max = (j + 1) / 2;
      int ma_max = j;
      int m_max = mb_max * ma_max;

      // fill in left side of matrix layer from previous layer jju
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, m_max), [&](const int m_iter) {
        const int mb = m_iter / ma_max;
        const int ma = m_iter % ma_max;
        const int buf1_index = tid_index + mb * (ma_max + 1) + ma;
        const int buf2_index = tid_index + m_iter;
        rootpq = rootpqarray(j - ma, j - mb);
        buf1[buf1_index].re += rootpq * (a_r * buf2[buf2_index].re + a_i * buf2[buf2_index].im);
        buf1[buf1_index].im += rootpq * (a_r * buf2[buf2_index].im - a_i * buf2[buf2_index].re);
      });

      // jju+1
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, m_max), [&](const int m_iter) {
        const int mb = m_iter / ma_max;
        const int ma = m_iter % ma_max;
        const int buf1_index = tid_index + mb * (ma_max + 1) + ma + 1;
        const int buf2_index = tid_index + m_iter;
        rootpq = rootpqarray(ma + 1, j - mb);
        buf1[buf1_index].re += -rootpq * (b_r * buf2[buf2_index].re + b_i * buf2[buf2_index].im);
        buf1[buf1_index].im += -rootpq * (b_r * buf2[buf2_index].im - b_i * buf2[buf2_index].re);
      });

      jjup += m_max - 1;
      jju += mb_max * (ma_max + 1);

      // handle middle column using inversion symmetry of previous layer
      if (j % 2 == 0) {
        int mb = j / 2;
        int buf_jju = tid_index + mb_max * (ma_max + 1);
        buf1[buf_jju] = {0.0, 0.0};
        int buf2_index = tid_index + m_max - 1;

        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, j), [&](const int ma) {
          rootpq = ulist_parity(jjup - ma) * rootpqarray(j - ma, j - mb);
          buf1[buf_jju + ma].re += rootpq * (a_r * buf2[buf2_index - ma].re + a_i * -buf2[buf2_index - ma].im);
          buf1[buf_jju + ma].im += rootpq * (a_r * -buf2[buf2_index - ma].im - a_i * buf2[buf2_index - ma].re);
        });

        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, j), [&](const int ma) {
          rootpq = ulist_parity(jjup - ma) * rootpqarray(ma + 1, j - mb);
          buf1[buf_jju + ma + 1].re += -rootpq * (b_r * buf2[buf2_index - ma].re + b_i * -buf2[buf2_index - ma].im);
          buf1[buf_jju + ma + 1].im += -rootpq * (b_r * -buf2[buf2_index - ma].im - b_i * buf2[buf2_index - ma].re);
        });
      }  // middle loop end

      // Add uarraytot for the layer.
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, m_max), [&](const int m_iter) {
        Kokkos::atomic_add(&(ulisttot(jju + m_iter, natom).re), buf1[tid_index + m_iter].re);
        Kokkos::atomic_add(&(ulisttot(jju + m_iter, natom).im), buf1[tid_index + m_iter].im);
      });

      // Swap buffers and initialize buf1 to zeros
      auto tmp = buf2;
      buf2 = buf1;
      buf1 = tmp;
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, m_max),
                           [&](const int i) { buf1[tid_index + i] = {0.0, 0.0}; });
    }  // twojmax
  }
};

// The team functor: each thread of a team takes one (atom, neighbour) pair.
struct ComputeUi {
  SNA snaptr;
  int nTotal, PerTeamScratch;

  KOKKOS_INLINE_FUNCTION void operator()(const member_type& team_member) const {
    const int ui_team_size = team_member.team_size();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team_member, ui_team_size), [&](const int not_using) {
      int iter = team_member.league_rank() * team_member.team_size() + team_member.team_rank();
      if (iter < nTotal) {
        int nbor = iter / snaptr.num_atoms;
        int natom = iter % snaptr.num_atoms;
        ScratchViewType buf1(team_member.team_scratch(0), ui_team_size * PerTeamScratch);
        ScratchViewType buf2(team_member.team_scratch(0), ui_team_size * PerTeamScratch);
        const int tid = team_member.team_rank();
        const int tid_index = tid * PerTeamScratch;
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team_member, PerTeamScratch),
                             [&](const int i) { buf1[tid_index + i] = {0.0, 0.0}; });
        buf2[tid_index] = {1.0, 0.0};
        Kokkos::single(Kokkos::PerThread(team_member),
                       [=]() { Kokkos::atomic_add(&(snaptr.ulisttot(0, natom).re), buf2[tid_index].re); });
        snaptr.compute_uarray(team_member, buf1, buf2, tid_index, natom, nbor);
      }
    });
  }
};

void compute_ui(const SNA& sna, int num_nbor) {
  const int nTotal = sna.num_atoms * num_nbor;
  const int ui_team_size = 4, vector_size = 32;
  const int PerTeamScratch = (sna.twojmax + 1) * (sna.twojmax / 2 + 1);
  team_policy policy_ui(nTotal / ui_team_size + 1, ui_team_size, vector_size);
  policy_ui = policy_ui.set_scratch_size(
      0, Kokkos::PerTeam(ScratchViewType::shmem_size(ui_team_size * 2 * PerTeamScratch)));
  Kokkos::parallel_for("compute_ui", policy_ui, ComputeUi{sna, nTotal, PerTeamScratch});
}
