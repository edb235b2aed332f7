// Docking, hand-written OpenMP baseline for the host CPU: the energy of each of N poses of a
// 26-atom ligand (default N = 2^16) against a protein of P atoms (default P = 2,000); atoms 16-byte
// structs (x, y, z, type), the force field N_types x 3 (radius, hardness, charge), the poses'
// translations N x 4, all as bench/docking.cpp has them.
//
// Same sizes, inputs, timing, byte and flop counts and check as bench/docking.cpp. A pose is the
// unit of work: a static `parallel for` divides the poses among the threads; each places every
// ligand atom and runs the loop over the protein's atoms, the force field read from a copy on the
// thread's stack. Not `omp simd`: the force field's reads by type become gathers, emulated on the
// generic x86-64 the CPU builds target, and the loop took 10.8 ms with it against 8.5 without (two
// threads, 1,000 poses, 300 atoms, g++ 12 -O3). No tiling: the protein (32 KB at the default size)
// stays in each core's L1 or L2. The arrays are allocated uninitialised
// and first touched with the same static schedule.
#define BENCH_IMPL "openmp-baseline"
#include "problems.hpp"
#include "baselines/openmp/baseline.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

void docking_init(DockAtom* __restrict__ protein, DockAtom* __restrict__ ligand,
                  float* __restrict__ forcefield, float* __restrict__ poses,
                  float* __restrict__ energies, int64_t nprotein, int64_t nposes) {
  for (int l = 0; l < docking_ligand_atoms; ++l) ligand[l] = docking_ligand_atom(l);
  for (int t = 0; t < docking_types; ++t) {
    forcefield[3 * t + 0] = docking_radius(t);
    forcefield[3 * t + 1] = docking_hardness(t);
    forcefield[3 * t + 2] = docking_charge(t);
  }
#pragma omp parallel for schedule(static)
  for (int64_t p = 0; p < nprotein; ++p) protein[p] = docking_protein_atom(p);
#pragma omp parallel for schedule(static)
  for (int64_t k = 0; k < nposes; ++k) {
    for (int c = 0; c < 3; ++c) poses[4 * k + c] = docking_shift(k, c);
    poses[4 * k + 3] = 0.0f;
    energies[k] = bench_unset;
  }
}

void docking_kernel(const DockAtom* __restrict__ protein, const DockAtom* __restrict__ ligand,
                    const float* __restrict__ forcefield, const float* __restrict__ poses,
                    float* __restrict__ energies, int64_t nprotein, int64_t nposes) {
#pragma omp parallel for schedule(static)
  for (int64_t k = 0; k < nposes; ++k) {
    float ff[docking_types][3];
    for (int t = 0; t < docking_types; ++t)
      for (int c = 0; c < 3; ++c) ff[t][c] = forcefield[3 * t + c];
    const float tx = poses[4 * k + 0], ty = poses[4 * k + 1], tz = poses[4 * k + 2];
    const int turn = int(k % 4);
    float energy = 0.0f;
    for (int l = 0; l < docking_ligand_atoms; ++l) {
      const DockAtom a = ligand[l];
      const float lx = (turn == 0 ? a.x : turn == 1 ? -a.y : turn == 2 ? -a.x : a.y) + tx;
      const float ly = (turn == 0 ? a.y : turn == 1 ? a.x : turn == 2 ? -a.y : -a.x) + ty;
      const float lz = a.z + tz;
      const float radius = ff[a.type][0], charge = ff[a.type][2];
      for (int64_t p = 0; p < nprotein; ++p) {
        const DockAtom b = protein[p];
        const float dx = b.x - lx, dy = b.y - ly, dz = b.z - lz;
        const float d2 = dx * dx + dy * dy + dz * dz;
        const float overlap = radius + ff[b.type][0] - std::sqrt(d2);
        if (overlap > 0.0f) energy += ff[b.type][1] * overlap * overlap;
        energy += charge * ff[b.type][2] / (1.0f + d2);
      }
    }
    energies[k] = energy;
  }
}

bool run_docking(const bench::Options& opt) {
  const int64_t nposes = opt.n, nprotein = opt.m;
  DockAtom* protein = baseline::allocate<DockAtom>(nprotein);
  DockAtom* ligand = baseline::allocate<DockAtom>(docking_ligand_atoms);
  float* forcefield = baseline::allocate<float>(3 * docking_types);
  float* poses = baseline::allocate<float>(4 * nposes);
  float* energies = baseline::allocate<float>(nposes);
  docking_init(protein, ligand, forcefield, poses, energies, nprotein, nposes);

  const std::vector<double> seconds = bench::time_reps(
      opt, [&] { docking_kernel(protein, ligand, forcefield, poses, energies, nprotein, nposes); });

  const bool ok = check_docking(energies, nposes, nprotein);
  bench::print_result("docking", nposes, docking_bytes(nposes, nprotein), seconds, ok);
  bench::print_gflops("docking", docking_flops(nposes, nprotein), seconds);
  std::free(energies);
  std::free(poses);
  std::free(forcefield);
  std::free(ligand);
  std::free(protein);
  return ok;
}

int main(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 16, "poses", 2000, "protein atoms");
  if (opt.n < 1 || opt.n > docking_max_poses || opt.m < 1 || opt.m > docking_max_protein) {
    std::fprintf(stderr, "docking: --n must be 1 to 2^20, --m 1 to 16384\n");
    return 2;
  }
  const bool ok = run_docking(opt);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
