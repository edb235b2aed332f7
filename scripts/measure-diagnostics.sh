#!/usr/bin/env bash
# Measures what a user sees for each program of examples/mistakes/: the lines hpar-translate
# --check prints, and the lines g++ prints for the same program built against Kokkos (Debian's
# libtrilinos-kokkos-dev), or, where g++ accepts it, what the Kokkos build does when it runs.
# Prints one markdown table row per program (docs/diagnostics.md, "Measured").
#
#   scripts/measure-diagnostics.sh [BUILD_DIR]        (default: build)
#
# Needs: libtrilinos-kokkos-dev (apt-get install libtrilinos-kokkos-dev), g++.
set -u
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$here/build}"
kokkos_inc=/usr/include/trilinos
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -f "$kokkos_inc/Kokkos_Core.hpp" ] || { echo "Kokkos headers not found in $kokkos_inc" >&2; exit 1; }

echo "| program | hpar: exit, lines, ids | g++ + Kokkos $(sed -n 's/#define KOKKOS_VERSION \([0-9]*\)/\1/p' $kokkos_inc/KokkosCore_config.h): lines | Kokkos at run time |"
echo "|---|---|---|---|"
for src in "$here"/examples/mistakes/*.cpp; do
  name="$(basename "$src" .cpp)"
  "$build/bin/hpar-translate" --check "$src" -- -std=c++17 > "$work/$name.hpar" 2>&1
  hrc=$?
  hlines=$(wc -l < "$work/$name.hpar")
  ids=$(grep -o '\[hpar-[a-z-]*\]' "$work/$name.hpar" | sort -u | tr -d '[]' | paste -sd, -)
  # Kokkos' headers as a CMake find_package(Kokkos) build sees them: system headers.
  g++ -std=c++17 -isystem "$kokkos_inc" "$src" -o "$work/$name" -ltrilinos_kokkoscore -ldl \
    > "$work/$name.gxx" 2>&1
  grc=$?
  glines=$(wc -l < "$work/$name.gxx")
  if [ $grc -ne 0 ]; then
    gerr=$(grep -c 'error' "$work/$name.gxx")
    gcol="$glines ($gerr lines with \"error\")"
    run="does not compile"
  else
    gcol="0 (compiles)"
    timeout 20 "$work/$name" > "$work/$name.run" 2>&1
    rrc=$?
    out="$(tail -n 2 "$work/$name.run" | tr '\n' ' ' | cut -c1-160)"
    [ $rrc -eq 124 ] && out="killed after 20 s; $out"
    run="exit $rrc: ${out% }"
  fi
  echo "| $name | $hrc, $hlines, $ids | $gcol | $run |"
done
