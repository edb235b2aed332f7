// Docking, hand-written CUDA baseline: the energy of each of N poses of a 26-atom ligand
// (default N = 2^16) against a protein of P atoms (default P = 2000); atoms 16-byte structs
// (x, y, z, type), the force field N_types x 3 (radius, hardness, charge), the poses'
// translations N x 4, all as bench/docking.cpp has them.
//
// Same sizes, inputs, timing, byte and flop counts and check as bench/docking.cpp. Written as a
// CUDA programmer writes an all-pairs kernel: one thread per pose, blocks of 256 threads; the
// force field copied into shared memory once per block; for each ligand atom, placed by the
// thread's pose, the protein is walked a tile of 256 atoms at a time, every thread copying one
// atom (one 16-byte load) into shared memory, __syncthreads(), each thread adding the tile's
// terms from registers and shared memory (broadcast reads: every thread reads the same atom),
// __syncthreads(). The threads past the last pose take part in the copies and the barriers and
// write nothing.
#define BENCH_IMPL "cuda-baseline"
#include "problems.hpp"
#include "baselines/baseline.cuh"

#include <vector>

constexpr int kBlock = 256;

__global__ void docking_init(DockAtom* __restrict__ protein, DockAtom* __restrict__ ligand,
                             float* __restrict__ forcefield, float4* __restrict__ poses,
                             float* __restrict__ energies, int nprotein, int nposes) {
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nposes || i < nprotein; i += stride) {
    if (i < nprotein) protein[i] = docking_protein_atom(i);
    if (i < docking_ligand_atoms) ligand[i] = docking_ligand_atom(i);
    if (i < docking_types) {
      forcefield[3 * i + 0] = docking_radius(i);
      forcefield[3 * i + 1] = docking_hardness(i);
      forcefield[3 * i + 2] = docking_charge(i);
    }
    if (i < nposes) {
      poses[i] = make_float4(docking_shift(i, 0), docking_shift(i, 1), docking_shift(i, 2), 0.0f);
      energies[i] = bench_unset;
    }
  }
}

__global__ void __launch_bounds__(kBlock)
    docking_kernel(const float4* __restrict__ protein, const DockAtom* __restrict__ ligand,
                   const float* __restrict__ forcefield, const float4* __restrict__ poses,
                   float* __restrict__ energies, int nprotein, int nposes) {
  __shared__ float4 tile[kBlock];
  __shared__ float ff[docking_types][3];
  if (threadIdx.x < 3 * docking_types) ff[threadIdx.x / 3][threadIdx.x % 3] = forcefield[threadIdx.x];
  const int k = blockIdx.x * kBlock + threadIdx.x;
  const float4 shift = poses[k < nposes ? k : nposes - 1];
  const int turn = k % 4;
  float energy = 0.0f;
  for (int l = 0; l < docking_ligand_atoms; ++l) {
    const DockAtom a = ligand[l];
    const float lx = (turn == 0 ? a.x : turn == 1 ? -a.y : turn == 2 ? -a.x : a.y) + shift.x;
    const float ly = (turn == 0 ? a.y : turn == 1 ? a.x : turn == 2 ? -a.y : -a.x) + shift.y;
    const float lz = a.z + shift.z;
    __syncthreads();  // the force field is in; the threads are done with the last tile
    const float radius = ff[a.type][0], charge = ff[a.type][2];
    for (int first = 0; first < nprotein; first += kBlock) {
      if (first + int(threadIdx.x) < nprotein) tile[threadIdx.x] = protein[first + threadIdx.x];
      __syncthreads();
      const int count = nprotein - first < kBlock ? nprotein - first : kBlock;
      for (int j = 0; j < count; ++j) {
        const float4 b = tile[j];
        const int type = __float_as_int(b.w);
        const float dx = b.x - lx, dy = b.y - ly, dz = b.z - lz;
        const float d2 = dx * dx + dy * dy + dz * dz;
        const float overlap = radius + ff[type][0] - sqrtf(d2);
        if (overlap > 0.0f) energy += ff[type][1] * overlap * overlap;
        energy += charge * ff[type][2] / (1.0f + d2);
      }
      __syncthreads();
    }
  }
  if (k < nposes) energies[k] = energy;
}

bool run_docking(const bench::Options& opt) {
  const int nposes = int(opt.n), nprotein = int(opt.m);
  baseline::DeviceArray<DockAtom> protein(nprotein), ligand(docking_ligand_atoms);
  baseline::DeviceArray<float> forcefield(3 * docking_types), energies(nposes);
  baseline::DeviceArray<float4> poses(nposes);
  const int most = nposes > nprotein ? nposes : nprotein;
  docking_init<<<baseline::grid_stride_blocks(docking_init, 256, most), 256>>>(
      protein.data(), ligand.data(), forcefield.data(), poses.data(), energies.data(), nprotein,
      nposes);
  BASELINE_CHECK(cudaGetLastError());
  BASELINE_CHECK(cudaDeviceSynchronize());
  const float4* atoms = reinterpret_cast<const float4*>(protein.data());
  const unsigned blocks = unsigned((nposes + kBlock - 1) / kBlock);
  std::vector<double> seconds;
  for (int r = 0; r < opt.warmup + opt.reps; ++r) {
    const double start = bench::now_seconds();
    docking_kernel<<<blocks, kBlock>>>(atoms, ligand.data(), forcefield.data(), poses.data(),
                                       energies.data(), nprotein, nposes);
    BASELINE_CHECK(cudaDeviceSynchronize());
    const double t = bench::now_seconds() - start;
    BASELINE_CHECK(cudaGetLastError());
    if (r >= opt.warmup) seconds.push_back(t);
  }
  std::vector<float> h(nposes);
  BASELINE_CHECK(cudaMemcpy(h.data(), energies.data(), h.size() * sizeof(float), cudaMemcpyDeviceToHost));
  const bool ok = check_docking(h.data(), nposes, nprotein);
  bench::print_result("docking", nposes, docking_bytes(nposes, nprotein), seconds, ok);
  bench::print_gflops("docking", docking_flops(nposes, nprotein), seconds);
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
