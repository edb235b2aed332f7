#!/usr/bin/env bash
# Runs on a machine with an NVIDIA GPU, in a folder prepared by test/differential/run.py
# --cuda-dir: compiles src/*.hpar.cu with nvcc (sm_90, -O3, on all cores), runs each program,
# writes results/<name>.cuda.out and compares every program's output with the serial build's
# (expected/<name>.out). Each program runs REPEAT times (default 20, or HPAR_GPU_REPEAT), and
# every run's output is compared: a race shows in some runs and not others.
# Usage: ./run-cuda.sh [NVCC] [REPEAT]
set -uo pipefail
cd "$(dirname "$0")"
nvcc=${1:-${NVCC:-nvcc}}
repeat=${2:-${HPAR_GPU_REPEAT:-20}}
command -v "$nvcc" >/dev/null || nvcc=/usr/local/cuda/bin/nvcc
mkdir -p bin results
build_one() {
  local src=$1 name
  name=$(basename "$src" .hpar.cu)
  "$nvcc" -std=c++17 -O3 -arch=sm_90 --extended-lambda --expt-relaxed-constexpr -cudart static \
    -Iinclude -Iinclude/hpar/compat "$src" -o "bin/$name" > "results/$name.build.log" 2>&1 ||
    echo "BUILD-FAILED $name"
}
export -f build_one; export nvcc
start=$(date +%s)
ls src/*.hpar.cu | xargs -P "$(nproc)" -I{} bash -c 'build_one {}' | tee results/build.log
echo "compiled in $(( $(date +%s) - start )) s"
start=$(date +%s)
# results/<name>.cuda.out is the first run's output, results/<name>.cuda.run<k>.out run k's.
for exe in bin/*; do
  name=$(basename "$exe")
  for ((run = 1; run <= repeat; ++run)); do
    out=results/$name.cuda.out; [ $run -eq 1 ] || out=results/$name.cuda.run$run.out
    timeout 300 "$exe" > "$out" 2> "results/$name.cuda.err" ||
      echo "$name run $run exited with status $?" | tee -a results/run.log
  done
done
echo "ran in $(( $(date +%s) - start )) s, $repeat runs each"
bad=0
for exp in expected/*.out; do
  name=$(basename "$exp" .out)
  for ((run = 1; run <= repeat; ++run)); do
    out=results/$name.cuda.out; [ $run -eq 1 ] || out=results/$name.cuda.run$run.out
    python3 compare.py "$exp" "$out" --map "expected/$name.cpp.map" \
      --source "$name.cpp" --build "cuda run $run" || bad=1
  done
done | tee results/summary.txt
grep -q MISMATCH results/summary.txt && exit 1
exit 0
