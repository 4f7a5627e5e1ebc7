#!/usr/bin/env bash
# A fixed script of runs whose output must not change when a change claims
# "same behaviour": prints one md5 per run, so two builds compare with diff.
#   bench/same_output.sh build/release/nonet > after.txt
#   diff before.txt after.txt
# Uses ../shared/data where it is present, the bundled examples always.
# The logic commands run without their time limit (--time-limit 0): a run
# near the limit on a loaded machine would change its output.
set -uo pipefail
nonet=${1:?usage: same_output.sh NONET_BINARY}
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/../shared/data
sample() { awk -v every="$2" 'NR % every == 1' "$1"; }
run() {  # NAME, then the command line; stdin from the caller
  local name=$1; shift
  printf '%-34s %s\n' "$name" "$("$nonet" "$@" 2>&1 | md5sum | cut -d' ' -f1)"
}
ex=$here/examples
run solve-classic solve --format json "$ex/classic.txt" < /dev/null
run solve-diagonal solve --variant diagonal --format grid "$ex/diagonal.txt" < /dev/null
run solve-windoku solve --variant windoku "$ex/windoku.txt" < /dev/null
run solve-jigsaw solve --variant jigsaw --regions "$ex/jigsaw-regions.txt" "$ex/jigsaw.txt" < /dev/null
run solve-six solve "$ex/six.txt" < /dev/null
printf '%-34s %s\n' solve-random-empty "$(printf '%81s\n' | tr ' ' . | "$nonet" solve --random --seed 7 | md5sum | cut -d' ' -f1)"
printf '%-34s %s\n' count-empty-4x4 "$(printf '%16s\n' | tr ' ' . | "$nonet" count --limit 1000 | md5sum | cut -d' ' -f1)"
if [ -d "$data" ]; then
  run solve-17-clue solve -j1 --format json "$data/tdoku/puzzles2_17_clue" < /dev/null
  run count-forum-hardest count -j1 --limit 2 "$data/tdoku/puzzles5_forum_hardest_1905_11+" < /dev/null
  run check-serg check -j1 "$data/tdoku/puzzles7_serg_benchmark" < /dev/null
  run solve-16x16 solve -j1 "$data/variants/16x16/puzzles_1g.txt" < /dev/null
  sample "$data/rated/cbg-000-se121.txt" 200 > /tmp/same_output_cbg.txt
  sample "$data/rated/sudoku-exchange-diabolical-se.txt" 400 > /tmp/same_output_exchange.txt
  run rate-se-cbg rate --time-limit 0 -j1 /tmp/same_output_cbg.txt < /dev/null
  run rate-sukaku-exchange rate --time-limit 0 -j1 --scale sukaku /tmp/same_output_exchange.txt < /dev/null
  run explain-cbg explain --time-limit 0 -j1 --format json /tmp/same_output_cbg.txt < /dev/null
  run hint-cbg hint --time-limit 0 --level 3 /tmp/same_output_cbg.txt < /dev/null
  # Every rung of both ladders: wider samples of both rated sets on both scales.
  sample "$data/rated/cbg-000-se121.txt" 50 > /tmp/same_output_cbg50.txt
  sample "$data/rated/sudoku-exchange-diabolical-se.txt" 100 > /tmp/same_output_exchange100.txt
  run rate-se-cbg50 rate --time-limit 0 -j1 --format json /tmp/same_output_cbg50.txt < /dev/null
  run rate-sukaku-cbg50 rate --time-limit 0 -j1 --scale sukaku /tmp/same_output_cbg50.txt < /dev/null
  run rate-se-exchange100 rate --time-limit 0 -j1 /tmp/same_output_exchange100.txt < /dev/null
  run rate-sukaku-exchange100 rate --time-limit 0 -j1 --scale sukaku --format json /tmp/same_output_exchange100.txt < /dev/null
  run explain-text-exchange explain --time-limit 0 -j1 /tmp/same_output_exchange.txt < /dev/null
  run explain-extras-cbg explain --time-limit 0 -j1 --extras /tmp/same_output_cbg.txt < /dev/null
  run explain-sukaku-cbg explain --time-limit 0 -j1 --scale sukaku --format json /tmp/same_output_cbg.txt < /dev/null
  run hint-exchange hint --time-limit 0 /tmp/same_output_exchange.txt < /dev/null
fi
run rate-diagonal rate --time-limit 0 --variant diagonal "$ex/diagonal.txt" < /dev/null
run rate-windoku rate --time-limit 0 --variant windoku "$ex/windoku.txt" < /dev/null
run explain-jigsaw explain --time-limit 0 --variant jigsaw --regions "$ex/jigsaw-regions.txt" "$ex/jigsaw.txt" < /dev/null
run explain-classic explain --time-limit 0 --extras "$ex/classic.txt" < /dev/null
for level in simple easy intermediate expert master; do
  run "generate-$level" generate -n 20 --difficulty "$level" --seed 11 -j1 --format json
done
run generate-extreme generate -n 5 --difficulty extreme --seed 11 -j1 --format json
run generate-rating-4-5.9 generate -n 20 --rating 4.0-5.9 --symmetry rot180 --seed 12 -j1 --format json
run generate-rating-3-3.9-j2 generate -n 40 --rating 3.0-3.9 --seed 12 -j2
run generate-minimal generate -n 20 --minimal --seed 13 -j1
run generate-givens generate -n 20 --givens 24-26 --difficulty easy --seed 14 -j1
run generate-diagonal-expert generate -n 10 --variant diagonal --difficulty expert --seed 15 -j1 --format json
run generate-windoku-simple generate -n 20 --variant windoku --difficulty simple --symmetry rot180 --seed 16 -j1
run generate-6x6-easy generate -n 50 --size 6 --difficulty easy --seed 17 -j1
run generate-shard generate -n 40 --difficulty intermediate --seed 18 --shard 1/3 -j2
for sym in rot180 rot90 mirror dihedral; do run "generate-$sym" generate -n 50 --symmetry "$sym" --seed 3 -j1; done
run generate-6x6 generate -n 50 --size 6 --seed 4 -j1
run generate-16x16 generate -n 3 --size 16 --seed 4 -j1
run generate-diagonal generate -n 50 --variant diagonal --difficulty intermediate --seed 5 -j1
run generate-windoku generate -n 20 --variant windoku --seed 5 -j1
run generate-jigsaw generate -n 20 --variant jigsaw --regions "$ex/jigsaw-regions.txt" --seed 5 -j1
run generate-full generate -n 50 --full --seed 6 -j1
run render render --solution "$ex/classic.txt" < /dev/null
