// bench/docking.cpp with the pose's energy computed by a helper function the lambda calls,
// `pose_energy(protein, ligand, forcefield, tx, ty, tz, turn, nprotein)`, a KOKKOS_INLINE_FUNCTION
// holding both loops (issue 47); the rest of the program is bench/spelled/docking_run.hpp.
#include <Kokkos_Core.hpp>

#include "docking_run.hpp"

using Atoms = Kokkos::View<DockAtom*>;
using ForceField = Kokkos::View<float*[3], Kokkos::LayoutRight>;

/// The energy of the ligand, turned `turn` quarter turns about z and moved by (tx, ty, tz),
/// against the protein.
KOKKOS_INLINE_FUNCTION float pose_energy(const Atoms& protein, const Atoms& ligand,
                                         const ForceField& forcefield, const float tx,
                                         const float ty, const float tz, const int turn,
                                         const int nprotein) {
  float energy = 0.0f;
  for (int l = 0; l < ligand.extent_int(0); ++l) {
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
  return energy;
}

/// The energies of the poses.
void pose_energies(const DockingViews& v, const int nposes, const int nprotein) {
  const auto protein = v.protein, ligand = v.ligand;
  const auto forcefield = v.forcefield;
  const auto poses = v.poses;
  const auto energies = v.energies;
  Kokkos::parallel_for("docking", nposes, KOKKOS_LAMBDA(const int k) {
    energies(k) = pose_energy(protein, ligand, forcefield, poses(k, 0), poses(k, 1), poses(k, 2),
                              k % 4, nprotein);
  });
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = docking_options(argc, argv);
  const bool ok = docking_run(opt, "docking_helper", pose_energies);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
