#!/usr/bin/env bash
# Instruction counts (callgrind) of a fixed sample per engine, rater band and
# generator level: a change that claims "same speed" compares two builds'
# tables (the machines are shared and noisy; instruction counts are not).
#   bench/callgrind.sh build/release/nonet > after.txt
#   paste before.txt after.txt
# Uses ../shared/data where it is present (the exact and rater samples).
set -uo pipefail
nonet=${1:?usage: callgrind.sh NONET_BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/../shared/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {  # NAME, then the command line: prints NAME and the instructions it ran
  local name=$1; shift
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$nonet" "$@" > /dev/null 2> "$work/log" < /dev/null
  printf '%-28s %14s\n' "$name" "$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' "$work/log")"
}
if [ -d "$data" ]; then
  head -n 5000 "$data/tdoku/puzzles2_17_clue" > "$work/17.txt"
  head -n 1000 "$data/tdoku/puzzles5_forum_hardest_1905_11+" > "$work/hardest.txt"
  head -n 40 "$data/variants/16x16/puzzles_1g.txt" > "$work/16.txt"
  count solve-17-clue solve -j1 "$work/17.txt"
  count solve-hardest solve -j1 "$work/hardest.txt"
  count count2-hardest count -j1 --limit 2 "$work/hardest.txt"
  count solve-16x16 solve -j1 "$work/16.txt"
  # The rater, band by band of the published SE rating (last field of a line).
  for band in 1-4 5-6 7 8 9; do
    lo=${band%-*}; hi=${band#*-}; n=$([ "$lo" -ge 7 ] && echo 6 || echo 25)
    awk -v lo="$lo" -v hi="$hi" -v n="$n" '{ r = int($NF) } r >= lo && r <= hi && ++k <= n' \
      "$data/rated/cbg-000-se121.txt" > "$work/band.txt"
    count "rate-se-$band.x" rate -j1 --time-limit 0 "$work/band.txt"
    count "rate-sukaku-$band.x" rate -j1 --time-limit 0 --scale sukaku "$work/band.txt"
  done
fi
count generate-simple generate -n 200 --difficulty simple --seed 21 -j1
count generate-easy generate -n 200 --difficulty easy --seed 21 -j1
count generate-intermediate generate -n 100 --difficulty intermediate --seed 21 -j1
count generate-expert generate -n 50 --difficulty expert --seed 21 -j1
count generate-master generate -n 5 --difficulty master --seed 21 -j1
count generate-extreme generate -n 2 --difficulty extreme --seed 21 -j1
count generate-any generate -n 500 --seed 21 -j1
count generate-diagonal generate -n 50 --variant diagonal --seed 21 -j1
# The generic closure solvers (the 9×9 band solvers serve classic grids):
# SE's direct techniques, then the basic techniques, on diagonal grids.
count generate-diagonal-intermediate generate -n 30 --variant diagonal --difficulty intermediate --seed 21 -j1
count generate-diagonal-expert generate -n 10 --variant diagonal --difficulty expert --seed 21 -j1
count generate-16x16 generate -n 2 --size 16 --seed 21 -j1
