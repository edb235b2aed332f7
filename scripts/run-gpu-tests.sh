#!/usr/bin/env bash
# Runs the binaries made by scripts/build-gpu-tests.sh (on a machine with an NVIDIA GPU), each
# several times, and prints one line per program and a closing "N passed, N failed" line.
#   usage: cd gpu/exec && ./run-gpu-tests.sh [--repeat N] [--jobs J] [PROGRAM ...]
#   --repeat N  runs each program N times (default 20, or HPAR_GPU_REPEAT): a race between
#               threads or blocks shows in some runs and not others, so one run proves little.
#               A program passes when every run passes; a program that passes some runs and
#               fails others is reported INTERMITTENT with the numbers of its failed runs.
#   --jobs J    programs run J at a time (default 4, or HPAR_GPU_JOBS); each program's runs are
#               one after another.
#   PROGRAM     the builds to run (default: every *.cuda, *.omp-clang and *.omp-gcc here;
#               HPAR_GPU_TESTS, a space-separated list of globs, does the same).
cd "$(dirname "$0")"
repeat=${HPAR_GPU_REPEAT:-20}
jobs=${HPAR_GPU_JOBS:-4}
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) repeat=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) break ;;
  esac
done
# Sources translated elsewhere (build-gpu-tests.sh --cuda-sources): compile them here first.
nvcc=${HPAR_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
# Their flags are the cuda build's, as build-gpu-tests.sh wrote them (cuda-flags).
if [ -d include ] && ls src/*.hpar.cu >/dev/null 2>&1; then
  cuda_flags=$(cat cuda-flags)
  ls src/*.hpar.cu | xargs -P "$(nproc)" -I{} sh -c '
    name=$(basename {} .hpar.cu)
    [ -x "$name.cuda" ] || "$0" -std=c++17 -O3 $1 \
      -Iinclude -Iinclude/hpar/compat -Iexec {} -o "$name.cuda" > "$name.cuda.build.log" 2>&1 || echo "BUILD-FAILED $name.cuda" >> build.log' "$nvcc" "$cuda_flags"
fi
# The clang offload programs load LLVM 19's offload runtime, carried along packed.
if [ -f clang-rt.tar.xz ] && [ ! -f clang-rt/libomptarget.so.19.1 ]; then
  mkdir -p clang-rt && tar -xJf clang-rt.tar.xz -C clang-rt
fi
export OMP_TARGET_OFFLOAD=MANDATORY   # the OpenMP binaries must really run on the GPU

# run_program EXE: EXE $repeat times; one line (and the output of its first failed run).
run_program() {
  local exe=$1 expected output status ok failed="" nfailed=0 first_output="" run start=$SECONDS
  # libgomp and its plugin lie beside the programs; clang's runtime in clang-rt/.
  case "$exe" in
    *.omp-clang) export LD_LIBRARY_PATH=$PWD/clang-rt ;;
    *) export LD_LIBRARY_PATH=$PWD ;;
  esac
  # A program with an HPAR-EXEC-FAILS line must stop with that message, naming its kernel; with
  # HPAR-EXEC-FAILS-BEFORE-KERNELS it stops before any kernel, so none is named.
  expected=$(sed -n 's|^// HPAR-EXEC-FAILS: *||p' "src/${exe%.*}.hpar."* 2>/dev/null | head -n 1)
  named="kernel 'hpar_"
  if [ -z "$expected" ]; then
    expected=$(sed -n 's|^// HPAR-EXEC-FAILS-BEFORE-KERNELS: *||p' "src/${exe%.*}.hpar."* 2>/dev/null | head -n 1)
    named=""
  fi
  for ((run = 1; run <= repeat; ++run)); do
    output=$(timeout 300 "./$exe" 2>&1); status=$?
    if [ -n "$expected" ]; then
      if [ $status -ne 0 ] && grep -qF "$expected" <<<"$output" && grep -qF "$named" <<<"$output"; then
        ok=1; else ok=0; fi
    elif [ $status -eq 0 ] && grep -q '^PASSED' <<<"$output"; then ok=1; else ok=0; fi
    if [ $ok -eq 0 ]; then
      nfailed=$((nfailed + 1)); failed="$failed $run"
      [ -n "$first_output" ] || first_output="run $run, exit status $status:"$'\n'"$(tail -n 20 <<<"$output")"
    fi
  done
  if [ $nfailed -eq 0 ]; then
    echo "PASS $exe ($repeat of $repeat runs, $((SECONDS - start)) s)"
  else
    local kind=FAIL
    [ $nfailed -lt "$repeat" ] && kind=INTERMITTENT
    echo "$kind $exe: $nfailed of $repeat runs failed (runs$failed; $((SECONDS - start)) s)"
    sed 's/^/    /' <<<"$first_output"
  fi
}
export -f run_program; export repeat

programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
  for exe in ${HPAR_GPU_TESTS:-*.cuda *.omp-clang *.omp-gcc}; do
    [ -x "$exe" ] && programs+=("$exe")
  done
fi
start=$(date +%s)
# Each program's line as it finishes (a run cut short still shows what it reached).
printf '%s\n' "${programs[@]}" | xargs -P "$jobs" -I{} bash -c 'run_program {}' 2>&1 | tee run.log
pass=$(grep -c '^PASS' run.log); fail=$(grep -cE '^(FAIL|INTERMITTENT)' run.log)
build_failures=$(grep -c BUILD-FAILED build.log 2>/dev/null)
grep BUILD-FAILED build.log 2>/dev/null | while read -r _ exe _; do
  echo "FAIL (build) $exe"
  grep -m 20 -E "error|BUILD" "$exe.build.log" 2>/dev/null | sed 's/^/    /'
done
fail=$((fail + ${build_failures:-0}))
echo "$pass passed, $fail failed ($repeat runs each, $jobs programs at a time, $(( $(date +%s) - start )) s)"
[ "$fail" -eq 0 ]
