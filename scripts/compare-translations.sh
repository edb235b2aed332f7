#!/usr/bin/env bash
# Translates every test, benchmark and example source with two builds of hpar-translate, for both
# backends, and reports each file whose output text, diagnostics or exit status differ. A change
# that should not change behaviour (a refactoring of rewriter/) must report none.
#   scripts/compare-translations.sh OLD_HPAR_TRANSLATE NEW_HPAR_TRANSLATE
# Exit status: 0 when everything is identical, 1 when something differs.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
  echo "usage: scripts/compare-translations.sh OLD_HPAR_TRANSLATE NEW_HPAR_TRANSLATE" >&2
  exit 2
fi
old=$1 new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
differ=0 files=0
for f in test/translate/*.cpp test/translate/*/*.cpp test/exec/*.cpp test/diagnostics/*.cpp \
         test/diagnostics/Inputs/*.cpp bench/*.cpp examples/*.cpp examples/*/*.cpp; do
  [ -f "$f" ] || continue
  for backend in cuda openmp; do
    files=$((files + 1))
    for which in old new; do
      bin=$old; [ "$which" = new ] && bin=$new
      "$bin" --backend=$backend "$f" -o "$work/$which.out" -- -std=c++17 -Itest/exec -Ibench \
        >"$work/$which.diag" 2>&1
      echo "exit $?" >>"$work/$which.diag"
      [ -f "$work/$which.out" ] || : >"$work/$which.out"
    done
    if ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.diag" "$work/new.diag"; then
      echo "differs: $f ($backend)"
      diff "$work/old.diag" "$work/new.diag" | head -5
      diff "$work/old.out" "$work/new.out" | head -10
      differ=$((differ + 1))
    fi
    rm -f "$work/old.out" "$work/new.out"
  done
done
echo "compare-translations: $files translations, $differ differ"
[ "$differ" -eq 0 ]
