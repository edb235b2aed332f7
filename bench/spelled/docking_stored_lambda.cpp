// bench/docking.cpp with the body of its timed parallel_for a lambda stored in a variable before
// the dispatch (issue 47); the rest of the program is bench/spelled/docking_run.hpp.
#include <Kokkos_Core.hpp>

#include "docking_run.hpp"

/// The energies of the poses.
void pose_energies(const DockingViews& v, const int nposes, const int nprotein) {
  const auto protein = v.protein, ligand = v.ligand;
  const auto forcefield = v.forcefield;
  const auto poses = v.poses;
  const auto energies = v.energies;
  const int nligand = docking_ligand_atoms;
  const auto pose_energy = KOKKOS_LAMBDA(const int k) {
    const float tx = poses(k, 0), ty = poses(k, 1), tz = poses(k, 2);
    const int turn = k % 4;
    float energy = 0.0f;
    for (int l = 0; l < nligand; ++l) {
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
  };
  Kokkos::parallel_for("docking", nposes, pose_energy);
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = docking_options(argc, argv);
  const bool ok = docking_run(opt, "docking_stored_lambda", pose_energies);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
