#!/usr/bin/env bash
# Replays every input of this folder that crashed clang 19 itself during fuzzing (clang_crash_
# inputs.test): hpar-translate must end in its internal error, exit non-zero and write nothing;
# clang alone must crash on it too. A file's name says the fuzz target's mode: check_cuda_*,
# check_openmp_* (--check), cuda_*, openmp_*. The flags are the fuzz target's.
#   check.sh HPAR_TRANSLATE CLANGXX OUTDIR -I... (include flags for clang alone)
set -u
translate=$1 clangxx=$2 out=$3
shift 3
dir=$(dirname "$0")
flags=(-I "$dir/../../../../exec" -ferror-limit=5 -fno-spell-checking)
failed=0 n=0
for f in "$dir"/*.cpp; do
  name=$(basename "$f" .cpp)
  case "$name" in
    check_cuda_*) mode=(--check --backend=cuda) ;;
    check_openmp_*) mode=(--check --backend=openmp) ;;
    cuda_*) mode=(--backend=cuda -o "$out/$name.out") ;;
    *) mode=(--backend=openmp -o "$out/$name.out") ;;
  esac
  n=$((n + 1))
  if "$translate" "${mode[@]}" "$f" -- "${flags[@]}" > "$out/$name.log" 2>&1; then
    echo "$name: hpar-translate exited 0"; failed=1
  elif ! grep -q "hpar-translate: internal error while processing" "$out/$name.log"; then
    echo "$name: no internal error"; tail -3 "$out/$name.log"; failed=1
  fi
  [ -e "$out/$name.out" ] && { echo "$name: output written"; failed=1; }
  if "$clangxx" -std=c++17 -fsyntax-only "$@" "${flags[@]}" "$f" > "$out/$name.clang.log" 2>&1 ||
     ! grep -q "Sema::tryCaptureVariable" "$out/$name.clang.log"; then
    echo "$name: clang alone did not crash in Sema::tryCaptureVariable"; failed=1
  fi
done
echo "replayed $n inputs"
exit $failed
