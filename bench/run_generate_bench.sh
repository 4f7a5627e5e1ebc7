#!/usr/bin/env bash
# Generator throughput against QQwing, one thread each, level by level.
#
#   bench/run_generate_bench.sh [BUILD_DIR] [RUNS]
#
# For each of QQwing's levels (and "any", its default), times `nonet generate --difficulty L -j 1` and
# `qqwing --generate M --difficulty L --one-line` in the same run, RUNS times
# each (different seeds for nonet; QQwing seeds itself), and prints the
# median puzzles/s of both and their ratio as a Markdown table. Then runs
# bench_generate for the in-process figures (every level, variant and
# symmetry, with mean givens). Both programs write to /dev/null, so the
# figures include process start and formatting but no terminal.
set -euo pipefail

build=${1:-build}
runs=${2:-3}
nonet="$build/nonet"
bench="$build/bench/bench_generate"
command -v qqwing > /dev/null || { echo "qqwing not found (apt-get install qqwing)" >&2; exit 1; }
[ -x "$nonet" ] || { echo "$nonet not built" >&2; exit 1; }

# Wall seconds of a command, to the millisecond.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Puzzles per run: about 1 s for nonet; about 3-5 s for QQwing, whose rate
# moves a lot from run to run (it rejection-samples levels: intermediate came
# out at 29-46 puzzles/s over 50-puzzle runs). Its "simple" (naked singles
# only, found by rejection) manages a few a second, so it gets few.
declare -A nonet_count=([any]=20000 [simple]=15000 [easy]=10000 [intermediate]=3000 [expert]=2500)
declare -A qqwing_count=([any]=1000 [simple]=15 [easy]=300 [intermediate]=150 [expert]=300)

echo "| level | nonet puzzles/s | qqwing puzzles/s | ratio |"
echo "|---|---:|---:|---:|"
for level in any simple easy intermediate expert; do
  nonet_rates=() qqwing_rates=()
  # QQwing's "any" is any difficulty: nonet's default (no --difficulty).
  level_option=(--difficulty "$level")
  [ "$level" = any ] && level_option=()
  for run in $(seq 1 "$runs"); do
    n=${nonet_count[$level]} q=${qqwing_count[$level]}
    t=$(seconds "$nonet" generate -n "$n" "${level_option[@]}" --seed "$run" -j 1)
    nonet_rates+=("$(awk -v n="$n" -v t="$t" 'BEGIN { printf "%.1f", n / t }')")
    t=$(seconds qqwing --generate "$q" --difficulty "$level" --one-line)
    qqwing_rates+=("$(awk -v n="$q" -v t="$t" 'BEGIN { printf "%.2f", n / t }')")
  done
  ours=$(printf '%s\n' "${nonet_rates[@]}" | median)
  theirs=$(printf '%s\n' "${qqwing_rates[@]}" | median)
  ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.0f", a / b }')
  echo "| $level | $ours | $theirs | ${ratio}x |"
done

if [ -x "$bench" ]; then
  echo
  "$bench" --count 1000 --rater
fi
