#!/usr/bin/env bash
# Builds every benchmark into bench/out/, a directory that runs on its own on a GPU machine with
# only an NVIDIA driver (see bench/README.md):
#
#   <bench>-hpar-cuda      hpar source -> hpar-translate --backend=cuda   -> nvcc (cudart static)
#   <bench>-hpar-openmp    hpar source -> hpar-translate --backend=openmp -> g++-12 nvptx offload
#   <bench>-cuda-baseline  bench/baselines/<bench>.cu -> nvcc (cudart static)
#   <bench>-hpar-cuda-tuned, <bench>-hpar-openmp-tuned
#                          the same from bench/tuned/<bench>.cpp (team benchmarks: the launch
#                          shape picked by hand)
#   libgomp.so.1, libgomp-plugin-nvptx.so.1 (for the OpenMP binaries), run.sh
#
# The translated sources are kept in bench/out/gen/, the compiler output in bench/out/logs/.
# A failed build is reported with the end of its log and the others go on; the exit status is
# non-zero when any build failed.
#
# Environment: HPAR_TRANSLATE (translator, default build/bin/hpar-translate), NVCC (default
# /usr/local/cuda/bin/nvcc), OFFLOAD_CXX (default g++-12), BENCH_JOBS (parallel builds, default
# the number of processors).
set -uo pipefail
cd "$(dirname "$0")/.."

benchmarks=(triad dot scan stencil3d yax spmv team_scan batched_gemm big_scratch team_mdrange)
tuned=(yax spmv team_scan batched_gemm big_scratch team_mdrange)
out=bench/out
gen=$out/gen
logs=$out/logs
translate=${HPAR_TRANSLATE:-build/bin/hpar-translate}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
offload_cxx=${OFFLOAD_CXX:-g++-12}
jobs=${BENCH_JOBS:-$(nproc)}

includes=(-I include -I include/hpar/compat -I runtime/include -I bench)
nvcc_flags=(-O3 -std=c++17 -arch=sm_90 -cudart static)
hpar_nvcc_flags=("${nvcc_flags[@]}" --extended-lambda --expt-relaxed-constexpr)
offload_flags=(-O3 -std=c++17 -fopenmp -foffload=nvptx-none
               -foffload-options=nvptx-none=-misa=sm_80 -fcf-protection=none -fno-stack-protector
               -fno-exceptions)

mkdir -p "$gen" "$logs"

# ---- tools -------------------------------------------------------------------------------------
if [ ! -x "$translate" ]; then
  echo "build: $translate not found; building hpar"
  cmake --build build || { echo "build: cannot build hpar-translate" >&2; exit 1; }
fi

offload_ok=1
if ! dpkg-query -W -f='${Status}' gcc-12-offload-nvptx 2>/dev/null | grep -q "install ok installed"; then
  echo "build: installing gcc-12-offload-nvptx (GCC's nvptx offload compiler)"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo apt-get update -qq &&
         DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
           gcc-12-offload-nvptx; } > "$logs/install-offload.log" 2>&1; then
    echo "build: could not install gcc-12-offload-nvptx (see $logs/install-offload.log);" \
         "skipping the hpar-openmp builds"
    offload_ok=0
  fi
fi

# ---- one build step per output -----------------------------------------------------------------
# step NAME CMD...: runs CMD with its output in $logs/NAME.log, records NAME as ok or FAILED.
step() {
  local name=$1; shift
  if "$@" > "$logs/$name.log" 2>&1; then
    echo ok > "$logs/$name.status"
  else
    echo FAILED > "$logs/$name.status"
  fi
}

# build_hpar_cuda NAME [tuned]: bench/NAME.cpp (or bench/tuned/NAME.cpp) through the CUDA output.
build_hpar_cuda() {
  local b=$1 src=bench/$1.cpp suffix=""
  [ "${2:-}" = tuned ] && { src=bench/tuned/$1.cpp; suffix=-tuned; }
  "$translate" --backend=cuda "$src" -o "$gen/$b$suffix.hpar.cu" -- -std=c++17 -I bench &&
    "$nvcc" "${hpar_nvcc_flags[@]}" "${includes[@]}" "$gen/$b$suffix.hpar.cu" \
      -o "$out/$b-hpar-cuda$suffix"
}

build_hpar_openmp() {
  local b=$1 src=bench/$1.cpp suffix=""
  [ "${2:-}" = tuned ] && { src=bench/tuned/$1.cpp; suffix=-tuned; }
  "$translate" --backend=openmp "$src" -o "$gen/$b$suffix.hpar.cpp" -- -std=c++17 -I bench &&
    "$offload_cxx" "${offload_flags[@]}" "${includes[@]}" "$gen/$b$suffix.hpar.cpp" \
      -o "$out/$b-hpar-openmp$suffix"
}

build_baseline() {
  local b=$1
  "$nvcc" "${nvcc_flags[@]}" "${includes[@]}" "bench/baselines/$b.cu" -o "$out/$b-cuda-baseline"
}

targets=()
for b in "${benchmarks[@]}"; do
  targets+=("$b-cuda-baseline:build_baseline" "$b-hpar-cuda:build_hpar_cuda")
  [ "$offload_ok" = 1 ] && targets+=("$b-hpar-openmp:build_hpar_openmp")
done
for b in "${tuned[@]}"; do
  targets+=("$b-hpar-cuda-tuned:build_hpar_cuda:tuned")
  [ "$offload_ok" = 1 ] && targets+=("$b-hpar-openmp-tuned:build_hpar_openmp:tuned")
done

rm -f "$logs"/*.status
running=0
for t in "${targets[@]}"; do
  name=${t%%:*}; rest=${t#*:}; fn=${rest%%:*}; variant=""
  [ "$rest" != "$fn" ] && variant=${rest#*:}
  rm -f "$out/$name"
  echo "build: $name"
  step "$name" "$fn" "${name%%-*}" $variant &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

# ---- runtime libraries and the run script ------------------------------------------------------
if [ "$offload_ok" = 1 ]; then
  for lib in libgomp.so.1 libgomp-plugin-nvptx.so.1; do
    if [ -e "/usr/lib/x86_64-linux-gnu/$lib" ]; then
      cp -L "/usr/lib/x86_64-linux-gnu/$lib" "$out/$lib"
    else
      echo "build: /usr/lib/x86_64-linux-gnu/$lib not found; the OpenMP binaries need it" >&2
    fi
  done
fi
cp bench/run.sh "$out/run.sh"
chmod +x "$out/run.sh"

# ---- summary -----------------------------------------------------------------------------------
failed=0
echo
echo "build summary ($out):"
for t in "${targets[@]}"; do
  name=${t%%:*}
  status=$(cat "$logs/$name.status" 2>/dev/null || echo FAILED)
  printf '  %-26s %s\n' "$name" "$status"
  if [ "$status" != ok ]; then
    failed=1
    echo "    --- end of $logs/$name.log ---"
    if grep -q -E -i 'error|unresolved|undefined|fatal' "$logs/$name.log"; then
      grep -E -i 'error|unresolved|undefined|fatal' "$logs/$name.log" | head -n 12
    else
      tail -n 12 "$logs/$name.log"
    fi | sed 's/^/    /'
  fi
done
[ "$offload_ok" = 1 ] || { echo "  hpar-openmp builds skipped: no gcc-12-offload-nvptx"; failed=1; }
echo "  size: $(du -sh --exclude=gen --exclude=logs "$out" | cut -f1) (without gen/ and logs/)"
exit $failed
