// Everything of bench/docking.cpp but its timed dispatch, for the spellings of that dispatch in
// bench/spelled/docking_*.cpp (issue 47): the Views and their initialisation, the timing loop, the
// check and the RESULT and FLOPS lines, as bench/docking.cpp writes them.
//
// The energy of each of N poses (default 2^16) of a 26-atom ligand against a protein of P atoms
// (default 2,000): atoms Views of DockAtom (x, y, z, type), the force field a
// View<float*[3], LayoutRight> (radius, hardness, charge by type), the poses' translations a
// View<float*[4], LayoutRight>, the energies a View<float*>.
// Timed: the spelling's dispatch plus Kokkos::fence(), per repetition.
// Bytes per run and flops: docking_bytes and docking_flops in problems.hpp.
// Check: check_docking (problems.hpp), a sample of poses against a host sum within a tolerance.
#pragma once

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "problems.hpp"

/// The docking problem's Views.
struct DockingViews {
  Kokkos::View<DockAtom*> protein, ligand;
  Kokkos::View<float*[3], Kokkos::LayoutRight> forcefield;
  Kokkos::View<float*[4], Kokkos::LayoutRight> poses;
  Kokkos::View<float*> energies;
};

/// A spelling's timed dispatch over the poses (the caller fences).
using DockingDispatch = void (*)(const DockingViews& views, int nposes, int nprotein);

/// The options of docking (--n poses, default 2^16; --m protein atoms, default 2,000); exits on
/// sizes out of range.
inline bench::Options docking_options(int argc, char* argv[]) {
  const bench::Options opt =
      bench::parse_options(argc, argv, int64_t(1) << 16, "poses", 2000, "protein atoms");
  if (opt.n < 1 || opt.n > docking_max_poses || opt.m < 1 || opt.m > docking_max_protein) {
    std::fprintf(stderr, "docking: --n must be 1 to 2^20, --m 1 to 16384\n");
    std::exit(2);
  }
  return opt;
}

/// Runs the benchmark with `dispatch` as its timed dispatch and prints its RESULT and FLOPS lines
/// under `result_name`; returns whether the check passed.
inline bool docking_run(const bench::Options& opt, const char* result_name,
                        DockingDispatch dispatch) {
  const int nposes = int(opt.n), nprotein = int(opt.m), nligand = docking_ligand_atoms;
  DockingViews v{Kokkos::View<DockAtom*>("protein", nprotein),
                 Kokkos::View<DockAtom*>("ligand", nligand),
                 Kokkos::View<float*[3], Kokkos::LayoutRight>("forcefield", docking_types),
                 Kokkos::View<float*[4], Kokkos::LayoutRight>("poses", nposes),
                 Kokkos::View<float*>("energies", nposes)};
  auto protein = v.protein, ligand = v.ligand;
  auto forcefield = v.forcefield;
  auto poses = v.poses;
  auto energies = v.energies;
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
    dispatch(v, nposes, nprotein);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r >= opt.warmup) seconds.push_back(t);
  }

  auto h = Kokkos::create_mirror_view(energies);
  Kokkos::deep_copy(h, energies);
  const bool ok = check_docking(h.data(), nposes, nprotein);
  bench::print_result(result_name, nposes, docking_bytes(nposes, nprotein), seconds, ok);
  bench::print_gflops(result_name, docking_flops(nposes, nprotein), seconds);
  return ok;
}
