// Docking as a Kokkos program, written the way a Kokkos user writes it first: the energy of each
// of N poses of a 26-atom ligand (default N = 2^16) against a protein of P atoms (default
// P = 2000), summed over every pair of a ligand atom placed by the pose and a protein atom, with
// a force field indexed by the atoms' types (problems.hpp, "docking"). A RangePolicy
// parallel_for over the poses, each placing every ligand atom in turn and running a serial loop
// over the protein's atoms inside that loop, accumulating the energy in a local float. The atoms
// are Views of a struct (x, y, z, type), the force field a View<float*[3], LayoutRight>, the
// poses' translations a View<float*[4], LayoutRight>.
//
// Timed: one parallel_for dispatch plus Kokkos::fence(), per repetition.
// Bytes per run: docking_bytes; the FLOPS line counts 20 flops a pair (docking_flops).
// Check: every energy finite, and those of a sample of poses against a host sum within a
// tolerance (check_docking).
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "problems.hpp"

/// Runs the docking benchmark and prints its RESULT and FLOPS lines; returns whether the check
/// passed.
bool run_docking(const bench::Options& opt) {
  const int nposes = int(opt.n);
  const int nprotein = int(opt.m);
  const int nligand = docking_ligand_atoms;
  Kokkos::View<DockAtom*> protein("protein", nprotein), ligand("ligand", nligand);
  Kokkos::View<float*[3], Kokkos::LayoutRight> forcefield("forcefield", docking_types);
  Kokkos::View<float*[4], Kokkos::LayoutRight> poses("poses", nposes);
  Kokkos::View<float*> energies("energies", nposes);
  const int natoms = nprotein > nligand ? nprotein : nligand;
  Kokkos::parallel_for("docking_atoms", natoms, KOKKOS_LAMBDA(const int p) {
    if (p < nprotein) protein(p) = docking_protein_atom(p);
    if (p < nligand) ligand(p) = docking_ligand_atom(p);
    if (p < docking_types) {
      forcefield(p, 0) = docking_radius(p);
      forcefield(p, 1) = docking_hardness(p);
      forcefield(p, 2) = docking_charge(p);
    }
  });
  Kokkos::parallel_for("docking_poses", nposes, KOKKOS_LAMBDA(const int k) {
    for (int c = 0; c < 3; ++c) poses(k, c) = docking_shift(k, c);
    poses(k, 3) = 0.0f;
    energies(k) = bench_unset;
  });
  Kokkos::fence();

  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    Kokkos::Timer timer;
    Kokkos::parallel_for("docking", nposes, KOKKOS_LAMBDA(const int k) {
      const float tx = poses(k, 0), ty = poses(k, 1), tz = poses(k, 2);
      const int turn = k % 4;
      float energy = 0.0f;
      for (int l = 0; l < nligand; ++l) {
        // The ligand atom turned by the pose about z, then moved.
        const DockAtom a = ligand(l);
        const float lx = (turn == 0 ? a.x : turn == 1 ? -a.y : turn == 2 ? -a.x : a.y) + tx;
        const float ly = (turn == 0 ? a.y : turn == 1 ? a.x : turn == 2 ? -a.y : -a.x) + ty;
        const float lz = a.z + tz;
        const float radius = forcefield(a.type, 0), charge = forcefield(a.type, 2);
        for (int p = 0; p < nprotein; ++p) {
          const DockAtom b = protein(p);
          const float dx = b.x - lx, dy = b.y - ly, dz = b.z - lz;
          const float d2 = dx * dx + dy * dy + dz * dz;
          const float overlap = radius + forcefield(b.type, 0) - Kokkos::sqrt(d2);
          if (overlap > 0.0f) energy += forcefield(b.type, 1) * overlap * overlap;
          energy += charge * forcefield(b.type, 2) / (1.0f + d2);
        }
      }
      energies(k) = energy;
    });
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(energies);
  Kokkos::deep_copy(h, energies);
  const bool ok = check_docking(h.data(), nposes, nprotein);
  bench::print_result("docking", nposes, docking_bytes(nposes, nprotein), seconds, ok);
  bench::print_gflops("docking", docking_flops(nposes, nprotein), seconds);
  return ok;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
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
