#!/usr/bin/env bash
# Runs every CUDA execution program built by run-gpu-tests.sh (in the folder made by
# scripts/build-gpu-tests.sh) under compute-sanitizer's memcheck, racecheck and synccheck, on a
# machine with an NVIDIA GPU, and prints one line per program and tool and a closing
# "N passed, N failed" line. A run passes when the tool reports no error and no hazard; the
# programs that must stop with an error (HPAR-EXEC-FAILS) are held to the same rule, since they
# stop on the host before a bad launch.
#   usage: cd gpu/exec && ./sanitize-gpu-tests.sh [--tools LIST] [PROGRAM.cuda ...]
#   --tools LIST  comma-separated tools (default memcheck,racecheck,synccheck)
cd "$(dirname "$0")"
sanitizer=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
tools="memcheck racecheck synccheck"
if [ "${1:-}" = "--tools" ]; then tools=${2//,/ }; shift 2; fi
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(*.cuda)
# check_one PROGRAM: the three tools on one program, one line each.
check_one() {
  local exe=$1 tool out summary
  for tool in $tools; do
    out=$(timeout 600 "$sanitizer" --tool "$tool" --print-limit 10 "./$exe" 2>&1)
    summary=$(grep -E '(ERROR|RACECHECK) SUMMARY' <<<"$out" | tail -n 1)
    if grep -qE 'ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\)' <<<"$summary"; then
      echo "PASS $exe $tool"
    else
      echo "FAIL $exe $tool: ${summary:-no summary}"
      grep -E '^=========' <<<"$out" | head -n 15 | sed 's/^/    /'
    fi
  done
}
export -f check_one; export sanitizer tools
# Several programs at once (HPAR_SANITIZE_JOBS, default 8): the GPU runs them side by side.
printf '%s\n' "${programs[@]}" | xargs -P "${HPAR_SANITIZE_JOBS:-8}" -I{} bash -c 'check_one {}' > sanitize.log 2>&1
cat sanitize.log
pass=$(grep -c '^PASS' sanitize.log); fail=$(grep -c '^FAIL' sanitize.log)
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
