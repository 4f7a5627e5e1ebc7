#!/usr/bin/env bash
# nonet's exact engines side by side with QQwing (`qqwing --solve`), one thread.
#
#   bench/run_bench.sh [BUILD_DIR]        (default: build-fast9)
#
# Environment: RUNS (passes per nonet measurement, default 5), QQWING_RUNS
# (default 3), HARD_COUNT (forum-hardest puzzles given to QQwing, default 1000;
# it needs ~3 ms a puzzle there), CARVED (size of each generated set, default
# 2000), SKIP_FULL=1 to leave out part 1.
#
# Part 1: bench_solvers on the full sets (fast and generic engines, first
# solution and count to 2) and on the generated classic/diagonal sets.
# Part 2: the same puzzle files for both programs, with '#' lines and CRs
# stripped because QQwing reads bare 81-character lines: all of
# puzzles2_17_clue, the first HARD_COUNT of puzzles5_forum_hardest_1905_11+, and
# qqwing/expert.txt. QQwing is timed by its CPU time (user + sys, bash `time`)
# over QQWING_RUNS runs, median; nonet by bench_solvers (thread CPU time,
# median of RUNS). "first" is `qqwing --solve`; "count-to-2" is
# `qqwing --solve --count-solutions` (QQwing counts every solution; on these
# unique puzzles that is the same search as counting to 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-fast9}
data=${NONET_DATA_DIR:-$root/../shared/data}
runs=${RUNS:-5}
qq_runs=${QQWING_RUNS:-3}
hard_count=${HARD_COUNT:-1000}
carved=${CARVED:-2000}
bench="$build/bench/bench_solvers"

[[ -x $bench ]] || { echo "no $bench: build first (cmake -S . -B build-fast9 -DCMAKE_BUILD_TYPE=Release && make -C build-fast9 bench_solvers)" >&2; exit 2; }
command -v qqwing > /dev/null || { echo "qqwing not found (apt-get install qqwing)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# nonet bench $(date -u +%FT%TZ) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg)"

if [[ ${SKIP_FULL:-0} != 1 ]]; then
  echo
  echo "## Part 1: full sets and generated sets ($runs runs, median)"
  "$bench" --runs "$runs" --diagonal "$carved"
fi

prepare() {  # source, count, destination
  awk -v limit="$2" '{ sub(/\r$/, "") } /^#/ || /^[[:space:]]*$/ { next } { print; if (++n >= limit) exit }' "$1" > "$3"
}
prepare "$data/tdoku/puzzles2_17_clue" 1000000 "$work/17_clue.txt"
prepare "$data/tdoku/puzzles5_forum_hardest_1905_11+" "$hard_count" "$work/forum_hardest_first$hard_count.txt"
prepare "$data/qqwing/expert.txt" 1000000 "$work/qqwing_expert.txt"
files=("$work/17_clue.txt" "$work/forum_hardest_first$hard_count.txt" "$work/qqwing_expert.txt")

echo
echo "## Part 2: the same files for nonet and QQwing"
"$bench" --runs "$runs" --diagonal 0 --no-generic "${files[@]}" | tee "$work/nonet.txt"

# Median CPU seconds of QQWING_RUNS runs of qqwing with the given options on a file.
qqwing_seconds() {
  local file=$1; shift
  local times=()
  for ((run = 0; run < qq_runs; ++run)); do
    local t
    t=$( { TIMEFORMAT='%U %S'; time qqwing "$@" < "$file" > /dev/null; } 2>&1 | awk '{print $1 + $2}')
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

echo
echo "| set | mode | puzzles | nonet fast9 puzzles/s | QQwing puzzles/s | QQwing µs/puzzle | fast9 / QQwing |"
echo "|---|---|---:|---:|---:|---:|---:|"
for file in "${files[@]}"; do
  name=$(basename "$file")
  count=$(wc -l < "$file")
  for mode in first count-to-2; do
    if [[ $mode == first ]]; then opts=(--solve); else opts=(--solve --count-solutions); fi
    seconds=$(qqwing_seconds "$file" "${opts[@]}")
    nonet_rate=$(awk -F'|' -v set="$name" -v mode="$mode" '
      { gsub(/ /, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $4); gsub(/ /, "", $6) }
      $2 == set && $3 == "fast9" && $4 == mode { print $6 }' "$work/nonet.txt")
    awk -v n="$count" -v s="$seconds" -v r="$nonet_rate" -v set="$name" -v mode="$mode" 'BEGIN {
      q = n / s; printf "| %s | %s | %d | %.0f | %.0f | %.1f | %.1fx |\n", set, mode, n, r, q, 1e6 / q, r / q }'
  done
done
