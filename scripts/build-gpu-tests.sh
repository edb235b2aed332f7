#!/usr/bin/env bash
# Builds every execution test (test/exec) for a machine with an NVIDIA GPU, into one directory
# that can be copied there and run with scripts/run-gpu-tests.sh:
#   <name>.cuda        hpar-translate --backend=cuda, nvcc -cudart static (sm_90)
#   <name>.omp-gcc     hpar-translate --backend=openmp, g++-12 with nvptx offload
# plus the libgomp runtime and its nvptx plugin for the OpenMP binaries.
# Usage: scripts/build-gpu-tests.sh OUTDIR
#        scripts/build-gpu-tests.sh --cuda-sources OUTDIR
#   The second form only translates the CUDA programs (OUTDIR/src/*.hpar.cu) and copies the
#   headers they need (OUTDIR/include); run-gpu-tests.sh then compiles them with the GPU
#   machine's nvcc, on all its cores, before running them.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--cuda-sources" ]; then
  out=${2:?usage: build-gpu-tests.sh --cuda-sources OUTDIR}
  mkdir -p "$out/src" "$out/include" "$out/exec"
  cp -r include/. runtime/include/. "$out/include/"
  cp test/exec/*.hpp "$out/exec/"
  for src in test/exec/*.cpp; do
    grep -q 'HPAR-EXEC:.*cuda' "$src" || continue
    name=$(basename "$src" .cpp)
    build/bin/hpar-translate --backend=cuda "$src" -o "$out/src/$name.hpar.cu" ||
      echo "BUILD-FAILED $name.cuda (translation)" | tee -a "$out/build.log"
  done
  cp scripts/run-gpu-tests.sh scripts/sanitize-gpu-tests.sh "$out/"
  exit 0
fi
out=${1:?usage: build-gpu-tests.sh OUTDIR}
mkdir -p "$out/src"
inc="-Iinclude -Iinclude/hpar/compat -Iruntime/include -Itest/exec"
nvcc=${HPAR_NVCC:-/usr/local/cuda/bin/nvcc}
if ! dpkg-query -W -f='${Status}' gcc-12-offload-nvptx 2>/dev/null | grep -q "install ok installed"; then
  apt-get install -y -qq gcc-12-offload-nvptx >/dev/null
fi
build_one() {
  local src=$1 name
  name=$(basename "$src" .cpp)
  grep -q 'HPAR-EXEC:.*cuda' "$src" && {
    build/bin/hpar-translate --backend=cuda "$src" -o "$out/src/$name.hpar.cu" &&
    "$nvcc" -std=c++17 -O3 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -cudart static \
      $inc "$out/src/$name.hpar.cu" -o "$out/$name.cuda" || echo "BUILD-FAILED $name.cuda"
  }
  grep -q 'HPAR-EXEC:.*omp-gcc' "$src" && {
    build/bin/hpar-translate --backend=openmp "$src" -o "$out/src/$name.hpar.cpp" &&
    g++-12 -std=c++17 -O2 -fopenmp -fno-exceptions -foffload=nvptx-none "-foffload-options=nvptx-none=-misa=sm_80 -lm" \
      -fcf-protection=none -fno-stack-protector $inc "$out/src/$name.hpar.cpp" -o "$out/$name.omp-gcc" \
      || echo "BUILD-FAILED $name.omp-gcc"
  }
}
export -f build_one; export out inc nvcc
ls test/exec/*.cpp | xargs -P "$(nproc)" -I{} bash -c 'build_one {}' 2>&1 | tee "$out/build.log"
cp /usr/lib/x86_64-linux-gnu/libgomp.so.1 "$out/"
cp /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$out/" 2>/dev/null || true
cp scripts/run-gpu-tests.sh "$out/"
