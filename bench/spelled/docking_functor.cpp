// bench/docking.cpp with the body of its timed parallel_for a functor class (PoseEnergies) holding
// the Views and the counts (issue 47); the rest of the program is bench/spelled/docking_run.hpp.
#include <Kokkos_Core.hpp>

#include "docking_run.hpp"

/// The energy of pose k against the protein.
struct PoseEnergies {
  Kokkos::View<DockAtom*> protein, ligand;
  Kokkos::View<float*[3], Kokkos::LayoutRight> forcefield;
  Kokkos::View<float*[4], Kokkos::LayoutRight> poses;
  Kokkos::View<float*> energies;
  int nligand, nprotein;

  KOKKOS_INLINE_FUNCTION void operator()(const int k) const {
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
  }
};

/// The energies of the poses.
void pose_energies(const DockingViews& v, const int nposes, const int nprotein) {
  Kokkos::parallel_for("docking", nposes,
                       PoseEnergies{v.protein, v.ligand, v.forcefield, v.poses, v.energies,
                                    docking_ligand_atoms, nprotein});
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  const bench::Options opt = docking_options(argc, argv);
  const bool ok = docking_run(opt, "docking_functor", pose_energies);
  const bool copy_ok = bench::report_copy_bandwidth(opt);
  return ok && copy_ok ? 0 : 1;
}
