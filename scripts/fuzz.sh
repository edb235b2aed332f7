#!/usr/bin/env bash
# Fuzzes hpar-translate's pipeline for SECONDS with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (fuzz/, docs/testing.md "Fuzzing").
#   scripts/fuzz.sh SECONDS [libFuzzer arguments...]
# Builds the fuzz target in build-fuzz/ (clang++-19, -DHPAR_FUZZ=ON) when needed, assembles the
# seed corpus from the project's test programs, and runs the target. The corpus it grows is kept
# in build-fuzz/fuzz/corpus for the next run. Exits non-zero when the target crashed, hit a
# sanitizer report, leaked, ran out of memory or time on one input; the input that did it is
# then in build-fuzz/fuzz/crashes/ (replay it: build-fuzz/bin/hpar-fuzz FILE, with
# HPAR_FUZZ_VERBOSE=1 to see the diagnostics and the text). The log is build-fuzz/fuzz/last-run.log.
# HPAR_FUZZ_BUILD names another build folder, HPAR_FUZZ_WORK another folder for the seeds, the
# corpus, the crashes and the log (the lit test uses its own). HPAR_FUZZ_SEEDS=0 starts from the
# corpus alone (the replay tests: -runs=0 then runs just the inputs they put there);
# HPAR_FUZZ_SEEDS=targeted seeds with the translate and diagnostics programs only, leaving out
# the execution programs (the suite's smoke test: see below).
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh SECONDS [libFuzzer arguments...]" >&2
  exit 2
fi
seconds=$1
shift
build=${HPAR_FUZZ_BUILD:-build-fuzz}
work=${HPAR_FUZZ_WORK:-$build/fuzz}

# One build at a time: the suite runs two tests of this script at once, and a second ninja in the
# same folder would rewrite the target while the first run executes it. flock holds the lock on
# file descriptor 9 until the build is done.
mkdir -p "$build"
(
  flock 9
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_COMPILER=clang++-19 -DHPAR_FUZZ=ON >"$build.configure.log" 2>&1 ||
      { cat "$build.configure.log"; exit 1; }
  fi
  cmake --build "$build" --target hpar-fuzz
) 9>"$build/.lock" || exit 1

# Seeds: every test program, prefixed with the mode byte the target reads first (0 cuda,
# 1 openmp, 2 --check, 3 --check for openmp; see fuzz/translate_fuzzer.cpp), one mode per seed
# in turn so that each mode starts from a quarter of them.
seeds=$work/seeds
rm -rf "$seeds"
mkdir -p "$seeds" "$work/corpus" "$work/crashes"
i=0
# (pragma_crash.cpp only crashes through `#pragma clang __debug crash`, which the target turns off.)
# The execution programs are the largest seeds: on 2 cores their 84 took 96 s of the target's
# time before any mutation, the other 93 took 71 s. The suite's smoke test leaves them out
# (HPAR_FUZZ_SEEDS=targeted); a fuzzing run starts from all of them.
exec_seeds=test/exec/*.cpp
[ "${HPAR_FUZZ_SEEDS:-1}" = targeted ] && exec_seeds=
for f in test/translate/*/*.cpp test/diagnostics/*.cpp test/diagnostics/Inputs/*.cpp \
         test/diagnostics/Inputs/crashes/*.cpp $exec_seeds; do
  [ "$f" = test/diagnostics/Inputs/crashes/pragma_crash.cpp ] && continue
  # (clang_*.cpp there crash clang itself: clang_crash_inputs.test.)
  case "$f" in test/diagnostics/Inputs/crashes/clang_*) continue ;; esac
  name=$(echo "$f" | tr '/' '_')
  { printf "\\x$(printf %02x $((i % 4)))"; cat "$f"; } >"$seeds/$name"
  i=$((i + 1))
done

# -max_len: the largest test program is 22 KB; longer texts only cost time. -timeout and
# -rss_limit_mb: one text taking longer than 60 s, or 4 GB, is reported (the header once let
# an MDRangePolicy rank make clang run out of memory). Crash inputs go to $work/crashes/.
#
# A crash that the target recovered from, as hpar-translate does (fuzz/translate_fuzzer.cpp), ends
# the target with status 77 and leaves the input in $work/recovered/. It is replayed with clang
# alone (HPAR_FUZZ_CLANG_ONLY=1): when clang alone crashes on it, the crash is clang's own, which
# hpar-translate reports as an internal error, and the search goes on for the time left; otherwise
# the crash was the translator's, and the run fails with the input moved to $work/crashes/.
mkdir -p "$work/recovered"
inputs=("$work/corpus" "$seeds")
if [ "${HPAR_FUZZ_SEEDS:-1}" = 0 ]; then
  inputs=("$work/corpus")
  echo "fuzz: $seconds s, no seeds, corpus in $work/corpus"
else
  echo "fuzz: $seconds s, seeds in $seeds ($i files), corpus in $work/corpus"
fi
: >"$work/last-run.log"
deadline=$(($(date +%s) + seconds))
executions=0
clang_crashes=0
status=0
while :; do
  left=$((deadline - $(date +%s)))
  [ "$left" -gt 0 ] || break
  first_line=$(($(wc -l <"$work/last-run.log") + 1))
  HPAR_FUZZ_RECOVERED="$work/recovered" "$build/bin/hpar-fuzz" -max_total_time="$left" \
    -max_len=24576 -timeout=60 -rss_limit_mb=4096 -dict=fuzz/hpar.dict \
    -artifact_prefix="$work/crashes/" -print_final_stats=1 "$@" "${inputs[@]}" 2>&1 |
    tee -a "$work/last-run.log" | grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE)'
  status=${PIPESTATUS[0]}
  run_log=$(tail -n "+$first_line" "$work/last-run.log")
  if [ "$status" -ne 77 ]; then
    n=$(echo "$run_log" | sed -n 's/^stat::number_of_executed_units: *//p' | tail -1)
    # -fork=N prints no final stats: its progress lines "#N: cov: ..." count every job's runs.
    [ -n "$n" ] || n=$(echo "$run_log" | sed -n 's/^#\([0-9]*\): cov:.*/\1/p' | tail -1)
    executions=$((executions + ${n:-0}))
    break
  fi
  # Under -fork=N the recovered job counts only its own runs; the progress lines count them all.
  n=$(echo "$run_log" | sed -n 's/^#\([0-9]*\): cov:.*/\1/p' | tail -1)
  [ -n "$n" ] ||
    n=$(echo "$run_log" | sed -n 's/^hpar-fuzz: recovered from a crash.* after \([0-9]*\) executions.*/\1/p' | tail -1)
  executions=$((executions + ${n:-0}))
  input=$(ls -t "$work/recovered"/recovered-* | grep -v "\.log$" | head -1)
  if HPAR_FUZZ_CLANG_ONLY=1 "$build/bin/hpar-fuzz" "$input" >"$input.clang-only.log" 2>&1; then
    echo "fuzz: FAILED: the translator crashed on $input, which clang alone parses" >&2
    mv "$input" "$work/crashes/"
    status=1
    break
  fi
  clang_crashes=$((clang_crashes + 1))
  echo "fuzz: clang alone crashes on $input too: clang's own crash; going on"
  # A corpus file is named by the SHA-1 of its content, as the saved input is: a crash while the
  # corpus is read would otherwise come back at every restart.
  rm -f "$work/corpus/${input##*/recovered-}"
  status=0
done
echo "fuzz: $executions executions in all; $clang_crashes inputs crashed clang itself (recovered," \
     "in $work/recovered/)"
if [ "$status" -ne 0 ]; then
  echo "fuzz: FAILED (exit status $status); the input is in $work/crashes/:" >&2
  ls -t "$work/crashes/" | head -5 >&2
fi
exit "$status"
