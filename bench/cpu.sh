#!/usr/bin/env bash
# The benchmarks on a multicore CPU (bench/README.md, "CPU mode"): every natural benchmark
# (bench/<name>.cpp, a Kokkos program) built three ways from the same source, beside the
# hand-written OpenMP baseline (bench/baselines/openmp/<name>.cpp), all run in one go on one host:
#
#   <name>-kokkos-openmp   Kokkos itself, its OpenMP backend (Kokkos_ENABLE_OPENMP, Release),
#                          built there with that machine's g++ from the Kokkos source given here
#   <name>-hpar-omp-gcc    hpar-translate --backend=openmp (for the host), that machine's g++
#   <name>-hpar-omp-clang  the same translation, clang++-19 here (LLVM's libomp carried beside it)
#   <name>-openmp-baseline the baseline, that machine's g++
#
# Every build is -O3 -DNDEBUG -fopenmp, with no -march: each compiler targets the same generic
# x86-64 as a Kokkos build without Kokkos_ARCH_* does. The hpar builds' OpenMP flags are those of
# rewriter/emit/Builds.def (openmp-host-clang, openmp-host-gcc), as hpar-c++ (HPAR_DRIVER, default
# beside the translator) prints them here; run.sh carries the GCC ones.
#
#   bench/cpu.sh KOKKOS_SRC [OUTDIR]
#       here (hpar built in build/, clang++-19): translates, builds the clang binaries, and packs
#       OUTDIR (default bench/out/cpu) with the sources, the runtime's headers, the Kokkos source
#       (KOKKOS_SRC: a Kokkos 4.6 source tree, without its .git)
#       and OUTDIR/run.sh.
#   OUTDIR/run.sh [--threads N] [--only NAME,...] [--rounds R] [--build-only] [ARGS...]
#       there (g++, cmake; no network, no LLVM): builds Kokkos and the g++ binaries, runs every
#       binary with OMP_NUM_THREADS=N (default: the processors), OMP_PROC_BIND=spread and
#       OMP_PLACES=threads, each with its default problem size and ARGS (default
#       --reps 10 --warmup 2), and prints the RESULT lines and a table. --rounds R (default 1)
#       runs the whole set R times, the builds of a benchmark in turn in every round, and the
#       table takes each build's best over the rounds: one process's time on a host moves by
#       5-10% from one process to the next (memory placement), more than most differences here. The launch benchmark also
#       runs with no OpenMP variable set. BENCH_CXX: the compiler there (default: g++ on PATH);
#       RUN_TIMEOUT: seconds a run may take (default 300). Builds already in OUTDIR/bin are kept,
#       so a second call skips them. The table gives each build's best time and its speed over
#       Kokkos' (Kokkos' time over the build's: above 1 is faster than Kokkos).
set -uo pipefail
cd "$(dirname "$0")/.."
kokkos_src=${1:?usage: bench/cpu.sh KOKKOS_SRC [OUTDIR]}
out=${2:-bench/out/cpu}
translate=${HPAR_TRANSLATE:-build/bin/hpar-translate}
benchmarks=(launch triad dot scan stencil3d yax spmv team_scan batched_gemm big_scratch team_mdrange nbody nbody_team docking stream)
[ -f "$kokkos_src/core/src/Kokkos_Core.hpp" ] ||
  { echo "cpu.sh: $kokkos_src is not a Kokkos source tree" >&2; exit 2; }
[ -x "$translate" ] || { echo "cpu.sh: $translate not built (cmake --build build)" >&2; exit 2; }
driver=${HPAR_DRIVER:-$(dirname "$translate")/hpar-c++}
# The clang build here links LLVM's libomp from beside the program ($ORIGIN), not the build's rpath.
clang_omp=$(HPAR_CXX=clang++-19 "$driver" --hpar-print-flags=openmp-host-clang) &&
  gcc_omp=$(HPAR_CXX=g++ "$driver" --hpar-print-flags=openmp-host-gcc) ||
  { echo "cpu.sh: $driver cannot print the OpenMP flags" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out/src/bench/baselines/openmp" "$out/src/hpar" "$out/gen" "$out/bin" "$out/logs"
cp bench/*.cpp bench/*.hpp "$out/src/bench/"
cp bench/baselines/openmp/*.cpp bench/baselines/openmp/*.hpp "$out/src/bench/baselines/openmp/"
cp -r include runtime/include/. "$out/src/hpar/"  # src/hpar/include (the API), src/hpar/hpar (rt)
tar -C "$kokkos_src" --exclude=./.git --exclude=./doc -cJf "$out/kokkos-src.tar.xz" .

includes=(-I include -I include/hpar/compat -I runtime/include -I bench)
eval "flags=(-std=c++17 -O3 -DNDEBUG $clang_omp)"
failed=0
for b in "${benchmarks[@]}"; do
  if ! "$translate" --backend=openmp "bench/$b.cpp" -o "$out/gen/$b.hpar.cpp" -- -std=c++17 -I bench \
       > "$out/logs/$b-translate.log" 2>&1; then
    echo "cpu.sh: translating bench/$b.cpp failed:"; tail -n 5 "$out/logs/$b-translate.log"
    failed=1
  fi
done
# clang's builds here, two at a time; they find libomp.so.5 beside them.
for b in "${benchmarks[@]}"; do
  [ -f "$out/gen/$b.hpar.cpp" ] && echo "$b"
done | xargs -P 2 -I{} sh -c 'clang++-19 "$@" "$0/gen/{}.hpar.cpp" -o "$0/bin/{}-hpar-omp-clang" \
    -Wl,-rpath,\$ORIGIN > "$0/logs/{}-hpar-omp-clang.log" 2>&1 ||
    echo "cpu.sh: clang++-19 build of {} failed (see $0/logs/{}-hpar-omp-clang.log)"' \
  "$out" "${flags[@]}" "${includes[@]}"
cp "$(readlink -f /usr/lib/llvm-19/lib/libomp.so.5)" "$out/bin/libomp.so.5"

# The part that runs there.
cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Made by bench/cpu.sh: builds Kokkos and the g++ binaries, runs every benchmark build on this host.
set -uo pipefail
cd "$(dirname "$0")"
threads=$(nproc)
only=""
rounds=1
build_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    *) break ;;
  esac
done
limit=${RUN_TIMEOUT:-300}  # seconds a run may take
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--reps 10 --warmup 2)
benchmarks=(BENCHMARKS)
[ -n "$only" ] && IFS=, read -r -a benchmarks <<< "$only"
jobs=$(nproc)
cxx=${BENCH_CXX:-g++}  # not $CXX: a wrapper there may differ from the g++ on PATH
# -foffload=disable: a g++ built with offload targets would otherwise also compile every
# `declare target` function for them (the OpenMP build for the host has no target region).
flags=(-std=c++17 -O3 -DNDEBUG -fopenmp -foffload=disable)
# hpar's output: the flags of its build for GCC on the host (Builds.def, openmp-host-gcc).
hpar_flags=(-std=c++17 -O3 -DNDEBUG HPAR_OPENMP_HOST_GCC)
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) processors;" \
     "$($cxx --version | head -n 1)"

# Kokkos: Serial and OpenMP, Release, installed in kokkos/ (unless every Kokkos build is here).
missing=0
for b in "${benchmarks[@]}"; do [ -x "bin/$b-kokkos-openmp" ] || missing=1; done
if [ $missing = 1 ] && [ ! -f kokkos/include/Kokkos_Core.hpp ]; then
  rm -rf kokkos-src kokkos-build && mkdir kokkos-src && tar -C kokkos-src -xJf kokkos-src.tar.xz
  gen=(); command -v ninja > /dev/null && gen=(-G Ninja)
  cmake -S kokkos-src -B kokkos-build "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_STANDARD=17 -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON \
    -DCMAKE_INSTALL_PREFIX="$PWD/kokkos" > logs/kokkos-configure.log 2>&1 &&
    cmake --build kokkos-build -j "$jobs" > logs/kokkos-build.log 2>&1 &&
    cmake --install kokkos-build > logs/kokkos-install.log 2>&1 ||
    { echo "run.sh: building Kokkos failed:"; tail -n 20 logs/kokkos-*.log; exit 1; }
fi
klib=kokkos/lib; [ -d kokkos/lib64 ] && klib=kokkos/lib64

# build NAME KIND: one g++ binary (kept when it is already there).
build() {
  local b=$1 kind=$2
  [ -x "bin/$b-$kind" ] && return 0
  [ "$kind" = openmp-baseline ] && [ ! -f "src/bench/baselines/openmp/$b.cpp" ] && return 0  # launch
  case $kind in
    kokkos-openmp)
      $cxx "${flags[@]}" -DBENCH_IMPL='"kokkos-openmp"' -Ikokkos/include -Isrc/bench src/bench/$b.cpp \
        -o bin/$b-kokkos-openmp -L$klib -lkokkoscontainers -lkokkoscore -ldl ;;
    hpar-omp-gcc)
      $cxx "${hpar_flags[@]}" -Isrc/hpar/include -Isrc/hpar/include/hpar/compat -Isrc/hpar -Isrc/bench \
        gen/$b.hpar.cpp -o bin/$b-hpar-omp-gcc ;;
    openmp-baseline)
      $cxx "${flags[@]}" -Isrc/bench src/bench/baselines/openmp/$b.cpp -o bin/$b-openmp-baseline ;;
  esac > logs/$b-$kind.log 2>&1 || echo "run.sh: $kind build of $b failed (logs/$b-$kind.log)"
}
export -f build; export cxx klib; export flags_text="${flags[*]}" hpar_flags_text="${hpar_flags[*]}"
for b in "${benchmarks[@]}"; do
  for kind in kokkos-openmp hpar-omp-gcc openmp-baseline; do echo "$b $kind"; done
done | xargs -P "$jobs" -L 1 bash -c 'flags=($flags_text); hpar_flags=($hpar_flags_text); build "$0" "$1"'
[ $build_only = 1 ] && exit 0

# Each binary alone on the host, one after another; a run past 300 s is stopped.
: > results.txt
run() {
  local exe=$1; shift
  local got
  got=$(timeout "$limit" "$@" "bin/$exe" "${args[@]}" 2>&1)
  local status=$?
  if [ $status -ne 0 ]; then echo "FAILED $exe (status $status)"; echo "$got" | tail -n 5; fi
  # Every program closes with the host's copy bandwidth: named by its program (copy:NAME).
  echo "$got" | grep -E '^(RESULT|FLOPS) ' |
    sed "s/ impl=[^ ]*/ impl=${exe#*-}${tag}/; s/^RESULT name=copy /RESULT name=copy:${exe%%-*} /" |
    tee -a results.txt
}
omp=(env OMP_NUM_THREADS=$threads OMP_PROC_BIND=spread OMP_PLACES=threads)
for round in $(seq "$rounds"); do
  [ "$rounds" -gt 1 ] && echo "ROUND $round"
  for b in "${benchmarks[@]}"; do
    for kind in kokkos-openmp openmp-baseline hpar-omp-gcc hpar-omp-clang; do
      [ -x "bin/$b-$kind" ] || { [ "$round" = 1 ] && { [ -f "src/bench/baselines/openmp/$b.cpp" ] ||
                                 [ "$kind" != openmp-baseline ]; } && echo "MISSING $b-$kind"; continue; }
      tag="" run "$b-$kind" "${omp[@]}"
      [ "$b" = launch ] && tag="-defaultenv" run "$b-$kind" env
    done
  done
done

# The table: best ms of each build, and Kokkos' time over the build's.
echo
echo "threads=$threads OMP_PROC_BIND=spread OMP_PLACES=threads; best of ${args[*]}, over $rounds round(s)"
awk '
  /^RESULT name=copy:/ && !/^RESULT name=copy:triad / { next }  # the copy row of the triad program only
  /^RESULT/ {
    for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
    key = f["name"]; impl = f["impl"]
    if (ms[key, impl] == "" || f["best_ms"] + 0 < ms[key, impl] + 0) {  # the best over the rounds
      ms[key, impl] = f["best_ms"]; gb[key, impl] = f["gbytes_per_s"]
    }
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    if (!(impl in iseen)) { iseen[impl] = 1; impls[++m] = impl }
    if (f["check"] != "ok") bad[key, impl] = 1
  }
  END {
    printf "%-22s", "benchmark"
    for (j = 1; j <= m; ++j) printf " %24s", impls[j]
    printf "\n"
    for (k = 1; k <= n; ++k) {
      key = order[k]
      printf "%-22s", key
      base = ms[key, "kokkos-openmp"]
      for (j = 1; j <= m; ++j) {
        v = ms[key, impls[j]]
        if (v == "") { printf " %24s", "-"; continue }
        cell = sprintf("%.4g ms %.1f GB/s", v, gb[key, impls[j]])
        if (base != "" && v > 0 && impls[j] != "kokkos-openmp") cell = cell sprintf(" %.2fx", base / v)
        if (bad[key, impls[j]]) cell = cell " FAILED"
        printf " %24s", cell
      }
      printf "\n"
    }
  }' results.txt
RUN
sed -i "s/^benchmarks=(BENCHMARKS)/benchmarks=(${benchmarks[*]})/" "$out/run.sh"
gcc_omp=${gcc_omp//\\/\\\\}; gcc_omp=${gcc_omp//&/\\&}; gcc_omp=${gcc_omp//|/\\|}
sed -i "s|^\(hpar_flags=(.*\)HPAR_OPENMP_HOST_GCC)|\1$gcc_omp)|" "$out/run.sh"
chmod +x "$out/run.sh"
echo "cpu.sh: $(du -sh "$out" | cut -f1) in $out; there: $out/run.sh"
exit $failed
