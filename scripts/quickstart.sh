#!/usr/bin/env bash
# Installs what is missing, builds hpar, translates examples/saxpy.cpp and runs it: through CUDA
# when an NVIDIA GPU and nvcc are present, otherwise through the OpenMP output on the host.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/bootstrap.sh
mkdir -p build/examples
inc="-Iinclude -Iruntime/include"
# A build's flags are hpar's (rewriter/emit/Builds.def), printed by the driver built above in a
# shell's quoting.
nvcc=${HPAR_NVCC:-/usr/local/cuda/bin/nvcc}
if [ -x "$nvcc" ] && nvidia-smi -L >/dev/null 2>&1; then
  echo "quickstart: CUDA on $(nvidia-smi -L | head -n 1)"
  build/bin/hpar-translate --backend=cuda examples/saxpy.cpp -o build/examples/saxpy.hpar.cu
  flags=$(HPAR_CUDA_ARCH=native build/bin/hpar-c++ --hpar-print-flags=cuda)
  eval "cuda=($flags)"
  "$nvcc" -std=c++17 -O3 "${cuda[@]}" $inc build/examples/saxpy.hpar.cu -o build/examples/saxpy-cuda
  build/examples/saxpy-cuda
else
  echo "quickstart: no NVIDIA GPU found; OpenMP output for the host (clang++-19)"
  build/bin/hpar-translate --backend=openmp examples/saxpy.cpp -o build/examples/saxpy.hpar.cpp
  flags=$(HPAR_CXX=clang++-19 build/bin/hpar-c++ --hpar-print-flags=openmp-host-clang)
  link=$(HPAR_CXX=clang++-19 build/bin/hpar-c++ --hpar-print-link-flags=openmp-host-clang)
  eval "openmp=($flags $link)"
  clang++-19 -std=c++17 -O2 "${openmp[@]}" $inc build/examples/saxpy.hpar.cpp -o build/examples/saxpy-openmp
  build/examples/saxpy-openmp
fi
