#!/usr/bin/env bash
# Builds every benchmark into bench/out/, a directory that runs on its own on a GPU machine with
# only an NVIDIA driver (see bench/README.md):
#
#   <bench>-hpar-cuda      hpar source -> hpar-translate --backend=cuda   -> nvcc (cudart static)
#   <bench>-hpar-omp-clang hpar source -> hpar-translate --backend=openmp -> clang++-19 offload
#                          to sm_90 (scripts/setup-clang-offload.sh)
#   <bench>-hpar-omp-gcc   hpar source -> hpar-translate --backend=openmp -> g++-12 nvptx offload
#   <bench>-cuda-baseline  bench/baselines/<bench>.cu -> nvcc (cudart static), where there is one
#                          (nbody_team has none: run.sh compares it with nbody's)
#   <bench>-hpar-cuda-tuned, <bench>-hpar-omp-clang-tuned, <bench>-hpar-omp-gcc-tuned
#                          the same from bench/tuned/<bench>.cpp (team benchmarks: the launch
#                          shape picked by hand)
#   <spelled>-hpar-*       bench/spelled/<spelled>.cpp, a benchmark spelled as another user
#                          writes it (<benchmark>_<spelling>: its body stored in a variable, a
#                          functor class, a helper function, a constant written another way);
#                          hpar only
#   libgomp.so.1, libgomp-plugin-nvptx.so.1 (for the GCC binaries), clang-rt.tar.xz (LLVM 19's
#   offload runtime, for the clang binaries; run.sh unpacks it), run.sh
#
# The translated sources are kept in bench/out/gen/cuda/, gen/clang/ and gen/gcc/ (one folder per
# build: the copies of a source's translated headers, bench/spelled/*_run.hpp, go beside its output
# under <source name>.hpar-headers/), the compiler output in bench/out/logs/.
# A failed build is reported with the end of its log and the others go on; the exit status is
# non-zero when any build failed.
#
# Environment: HPAR_TRANSLATE (translator, default build/bin/hpar-translate), NVCC (default
# /usr/local/cuda/bin/nvcc), OFFLOAD_CXX (default g++-12), BENCH_JOBS (parallel builds, default
# the number of processors), BENCH_IMPLS (the builds to make, default
# "cuda-baseline hpar-cuda hpar-omp-clang hpar-omp-gcc"), BENCH_CUDA_THERE=1 (the CUDA builds are
# translated here and compiled by run.sh on the GPU machine, with its nvcc on all its cores:
# bench/out/cuda-builds.txt holds their commands, bench/out/src the headers they need),
# HPAR_DRIVER (hpar-c++, default beside the translator), BENCH_ONLY (the programs to build, by
# name: natural, tuned and spelled names, e.g. "nbody nbody_team" or "team_mdrange
# team_mdrange_functor"; a name covers its tuned variant too; default all).
# The hpar builds' compile and translate flags are those of rewriter/emit/Builds.def (cuda,
# openmp-nvptx-clang, openmp-nvptx-gcc), as hpar-c++ prints them; the baselines' are their own.
set -uo pipefail
cd "$(dirname "$0")/.."

benchmarks=(triad dot scan stencil3d yax spmv team_scan batched_gemm big_scratch team_mdrange nbody nbody_team docking stream)
tuned=(yax spmv team_scan batched_gemm big_scratch team_mdrange)
# The same programs spelled as other users write them (bench/spelled/NAME.cpp, issue 47): built
# as benchmarks of their own, through hpar only; those with run-time sizes also have a
# hand-written baseline that takes the sizes at run time (bench/baselines/NAME.cu).
# Keep in step with run.sh's list.
spelled=(triad_stored_lambda triad_functor
         dot_stored_lambda dot_functor
         stencil3d_stored_lambda stencil3d_functor stencil3d_constexpr stencil3d_plain
         yax_functor yax_helper
         spmv_functor spmv_helper spmv_local_const spmv_runtime
         team_scan_functor team_scan_helper
         batched_gemm_functor batched_gemm_helper batched_gemm_local_const batched_gemm_runtime
         team_mdrange_local_const team_mdrange_runtime team_mdrange_stored_lambda
         team_mdrange_functor team_mdrange_helper
         nbody_functor nbody_stored_lambda
         docking_functor docking_stored_lambda docking_helper)
# only ARRAY: keeps the names of ARRAY that BENCH_ONLY lists.
only() {
  local -n list=$1
  local kept=() b
  for b in "${list[@]}"; do [[ " $BENCH_ONLY " == *" $b "* ]] && kept+=("$b"); done
  list=("${kept[@]}")
}
if [ -n "${BENCH_ONLY:-}" ]; then only benchmarks; only tuned; only spelled; fi
out=bench/out
gen=$out/gen
logs=$out/logs
translate=${HPAR_TRANSLATE:-build/bin/hpar-translate}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
offload_cxx=${OFFLOAD_CXX:-g++-12}
jobs=${BENCH_JOBS:-$(nproc)}

includes=(-I include -I include/hpar/compat -I runtime/include -I bench)
nvcc_flags=(-O3 -std=c++17 -arch=sm_90 -cudart static)  # the CUDA baselines'
impls=${BENCH_IMPLS:-cuda-baseline hpar-cuda hpar-omp-clang hpar-omp-gcc}
wants() { [[ " $impls " == *" $1 "* ]]; }

mkdir -p "$gen/cuda" "$gen/clang" "$gen/gcc" "$logs"

# ---- tools -------------------------------------------------------------------------------------
if [ ! -x "$translate" ]; then
  echo "build: $translate not found; building hpar"
  cmake --build build || { echo "build: cannot build hpar-translate" >&2; exit 1; }
fi
driver=${HPAR_DRIVER:-$(dirname "$translate")/hpar-c++}

# ---- the hpar builds' flags (rewriter/emit/Builds.def) -----------------------------------------
# hpar_flags ARRAY OPTION BUILD [VAR=VALUE...]: ARRAY+=(the words `hpar-c++ --hpar-print-OPTION=BUILD`
# prints, in a shell's quoting), for sm_90; GCC 12's nvptx code is sm_80's (Builds.def). The
# programs are linked without the builds' link flags: the offload runtimes are carried beside them.
hpar_flags() {
  local array=$1 option=$2 build=$3 line; shift 3
  line=$(env HPAR_CUDA_ARCH=90 "$@" "$driver" "--hpar-print-$option=$build") ||
    { echo "build: $driver --hpar-print-$option=$build failed" >&2; exit 1; }
  eval "$array+=($line)"
}
hpar_nvcc_flags=(-O3 -std=c++17 -cudart static)
hpar_flags hpar_nvcc_flags flags cuda
cuda_translate=()
hpar_flags cuda_translate translate-flags cuda
offload_flags=(-O3 -std=c++17)
hpar_flags offload_flags flags openmp-nvptx-gcc HPAR_CXX="$offload_cxx"
gcc_translate=()
hpar_flags gcc_translate translate-flags openmp-nvptx-gcc HPAR_CXX="$offload_cxx"
clang_translate=()
hpar_flags clang_translate translate-flags openmp-nvptx-clang HPAR_CXX=clang++-19
clang_flags=()
if wants hpar-omp-clang; then
  clang_dir=$(scripts/setup-clang-offload.sh --pack) || { echo "build: clang offload set-up failed" >&2; exit 1; }
  read -r -a clang_flags <<< "$(scripts/setup-clang-offload.sh --flags)"
  [ "${#clang_flags[@]}" -gt 0 ] || { echo "build: no clang offload flags" >&2; exit 1; }
  clang_flags=(-O3 -std=c++17 "${clang_flags[@]}")
fi

offload_ok=1
wants hpar-omp-gcc || offload_ok=0
if [ "$offload_ok" = 1 ] && ! dpkg-query -W -f='${Status}' gcc-12-offload-nvptx 2>/dev/null | grep -q "install ok installed"; then
  echo "build: installing gcc-12-offload-nvptx (GCC's nvptx offload compiler)"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if ! { $sudo apt-get update -qq &&
         DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
           gcc-12-offload-nvptx; } > "$logs/install-offload.log" 2>&1; then
    echo "build: could not install gcc-12-offload-nvptx (see $logs/install-offload.log);" \
         "skipping the hpar-omp-gcc builds"
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

cuda_there=${BENCH_CUDA_THERE:-0}
# nvcc_build SOURCE OUTPUT FLAGS...: runs nvcc here, or with BENCH_CUDA_THERE=1 writes the
# command, relative to $out, into $out/cuda-builds.txt for run.sh.
nvcc_build() {
  local src=$1 exe=$2; shift 2
  if [ "$cuda_there" = 1 ]; then
    local rel=${src#"$out"/}
    [ "$rel" = "$src" ] && rel=src/$src
    echo "nvcc $* -I src/include -I src/include/hpar/compat -I src/runtime/include -I src/bench $rel -o ${exe#"$out"/}" \
      >> "$out/cuda-builds.txt"
  else
    "$nvcc" "$@" "${includes[@]}" "$src" -o "$exe"
  fi
}

# build_hpar_cuda NAME [tuned|spelled]: bench/NAME.cpp (or bench/tuned/NAME.cpp,
# bench/spelled/NAME.cpp) through the CUDA output.
build_hpar_cuda() {
  local b=$1 src=bench/$1.cpp suffix=""
  [ "${2:-}" = tuned ] && { src=bench/tuned/$1.cpp; suffix=-tuned; }
  [ "${2:-}" = spelled ] && src=bench/spelled/$1.cpp
  "$translate" --backend=cuda "$src" -o "$gen/cuda/$b$suffix.hpar.cu" -- -std=c++17 -I bench \
    "${cuda_translate[@]}" || return 1
  # The copies of the source's translated headers name the user's other headers (problems.hpp)
  # by their absolute path here (docs/design.md, "Dispatches in the user's headers"); compiled on
  # the GPU machine, they find them through its include path (-I src/bench) instead.
  if [ "$cuda_there" = 1 ] && [ -d "$gen/cuda/$b.hpar-headers" ]; then
    find "$gen/cuda/$b.hpar-headers" -type f -exec sed -i "s|^#include \"$PWD/bench/|#include \"|" {} + ||
      return 1
  fi
  nvcc_build "$gen/cuda/$b$suffix.hpar.cu" "$out/$b-hpar-cuda$suffix" "${hpar_nvcc_flags[@]}"
}

# translate_openmp NAME TAG [tuned|spelled]: the OpenMP output, $gen/TAG/NAME[-tuned].hpar.cpp
# (one per compiler, since the two builds of a benchmark run at the same time).
translate_openmp() {
  local b=$1 src=bench/$1.cpp suffix=""
  [ "${3:-}" = tuned ] && { src=bench/tuned/$1.cpp; suffix=-tuned; }
  [ "${3:-}" = spelled ] && src=bench/spelled/$1.cpp
  local -n translate_flags=$2_translate  # for the GPU: Kokkos with OpenMPTarget
  "$translate" --backend=openmp "$src" -o "$gen/$2/$b$suffix.hpar.cpp" \
    -- -std=c++17 -I bench "${translate_flags[@]}"
}
build_hpar_omp_clang() {
  local suffix=""; [ "${2:-}" = tuned ] && suffix=-tuned
  translate_openmp "$1" clang "${2:-}" &&
    clang++-19 "${clang_flags[@]}" "${includes[@]}" "$gen/clang/$1$suffix.hpar.cpp" -o "$out/$1-hpar-omp-clang$suffix"
}
build_hpar_omp_gcc() {
  local suffix=""; [ "${2:-}" = tuned ] && suffix=-tuned
  translate_openmp "$1" gcc "${2:-}" &&
    "$offload_cxx" "${offload_flags[@]}" "${includes[@]}" "$gen/gcc/$1$suffix.hpar.cpp" -o "$out/$1-hpar-omp-gcc$suffix"
}

build_baseline() {
  local b=$1
  nvcc_build "bench/baselines/$b.cu" "$out/$b-cuda-baseline" "${nvcc_flags[@]}"
}

targets=()
for b in "${benchmarks[@]}"; do
  wants cuda-baseline && [ -f "bench/baselines/$b.cu" ] && targets+=("$b-cuda-baseline:build_baseline")
  wants hpar-cuda && targets+=("$b-hpar-cuda:build_hpar_cuda")
  wants hpar-omp-clang && targets+=("$b-hpar-omp-clang:build_hpar_omp_clang")
  [ "$offload_ok" = 1 ] && targets+=("$b-hpar-omp-gcc:build_hpar_omp_gcc")
done
for b in "${spelled[@]}"; do
  # A spelling whose sizes are run-time values has a hand-written baseline that does not know them
  # either (bench/baselines/batched_gemm_runtime.cu, team_mdrange_runtime.cu).
  wants cuda-baseline && [ -f "bench/baselines/$b.cu" ] && targets+=("$b-cuda-baseline:build_baseline")
  wants hpar-cuda && targets+=("$b-hpar-cuda:build_hpar_cuda:spelled")
  wants hpar-omp-clang && targets+=("$b-hpar-omp-clang:build_hpar_omp_clang:spelled")
  [ "$offload_ok" = 1 ] && targets+=("$b-hpar-omp-gcc:build_hpar_omp_gcc:spelled")
done
for b in "${tuned[@]}"; do
  wants hpar-cuda && targets+=("$b-hpar-cuda-tuned:build_hpar_cuda:tuned")
  wants hpar-omp-clang && targets+=("$b-hpar-omp-clang-tuned:build_hpar_omp_clang:tuned")
  [ "$offload_ok" = 1 ] && targets+=("$b-hpar-omp-gcc-tuned:build_hpar_omp_gcc:tuned")
done

rm -f "$logs"/*.status "$out/cuda-builds.txt"
if [ "$cuda_there" = 1 ]; then
  rm -rf "$out/src"
  mkdir -p "$out/src/include" "$out/src/runtime" "$out/src/bench"
  cp -r include/. "$out/src/include/"
  cp -r runtime/include "$out/src/runtime/"
  cp -r bench/*.hpp bench/baselines "$out/src/bench/"
fi
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
if wants hpar-omp-clang; then
  cp "$clang_dir/runtime.tar.xz" "$out/clang-rt.tar.xz"
fi
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
wants hpar-omp-gcc && [ "$offload_ok" = 0 ] && { echo "  hpar-omp-gcc builds skipped: no gcc-12-offload-nvptx"; failed=1; }
echo "  size: $(du -sh --exclude=gen --exclude=logs "$out" | cut -f1) (without gen/ and logs/)"
exit $failed
