#!/usr/bin/env bash
# nonet against the Interactive Sudoku Solver (ISS) on ISS's own published
# variant collections, side by side in one run: both prove uniqueness (count
# to 2), one thread each. ISS is run from a checkout outside this repository
# (nothing of it is committed):
#   git clone https://github.com/sigh/Interactive-Sudoku-Solver /tmp/iss   # any commit; docs/performance.md names ours
#   bench/iss_compare.sh build/release/nonet /tmp/iss [COLLECTION ...]
# Prints, per collection: the puzzles nonet reads, ISS's total ms and guesses
# on those puzzles, nonet's total ms (median of 3 runs of the whole file) and
# guesses, and the ratio ISS/nonet (above 1: nonet is faster).
set -euo pipefail
nonet=$(realpath "${1:?usage: iss_compare.sh NONET_BINARY ISS_CHECKOUT [COLLECTION ...]}")
iss=$(realpath "${2:?usage: iss_compare.sh NONET_BINARY ISS_CHECKOUT [COLLECTION ...]}")
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
tsv=$here/../shared/data/variants/iss/puzzles.tsv
[ -f "$tsv" ] || { echo "needs $tsv" >&2; exit 1; }
collections=("$@")
[ ${#collections[@]} -gt 0 ] || collections=(TAREK_ALL HS_KILLERS MATHEMAGIC_KILLERS LITTLE_KILLER_SNIPES EXAMPLES)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-22s %7s %10s %9s %10s %9s %7s\n' collection puzzles iss_ms iss_guess nonet_ms nonet_gs ratio
for collection in "${collections[@]}"; do
  # The puzzles nonet reads (the others name a rule nonet has no constraint for).
  awk -F'\t' -v c="$collection" '$1 == c { print $2 "\t" $3 }' "$tsv" > "$work/all.tsv"
  cut -f2 "$work/all.tsv" > "$work/inputs.txt"
  "$nonet" check -j1 "$work/inputs.txt" > "$work/check.txt" 2>/dev/null || true
  paste "$work/all.tsv" "$work/check.txt" | awk -F'\t' '$3 !~ /malformed/ { print $1 "\t" $2 }' > "$work/read.tsv"
  count=$(wc -l < "$work/read.tsv")
  [ "$count" -gt 0 ] || { printf '%-22s %7d (none read)\n' "$collection" 0; continue; }
  cut -f2 "$work/read.tsv" > "$work/puzzles.txt"
  # ISS: its benchmark tool on each of the same puzzle strings (its own
  # timing of the solve, without node's start-up), as JSON rows.
  : > "$work/iss.json"
  while IFS= read -r puzzle; do
    printf '%s\n' "$puzzle" > "$work/one.txt"
    (cd "$iss" && node tools/perf/benchmark_puzzles.js --max-backtracks none --solutions 2 \
      --input-file "$work/one.txt" --json) >> "$work/iss.json" 2>/dev/null
  done < "$work/puzzles.txt"
  read -r iss_ms iss_guesses < <(python3 -c "
import json, sys
rows = [row for line in open(sys.argv[1]) if line.strip() for row in json.loads(line)]
print(round(sum(r['ms'] for r in rows), 1), sum(r['guesses'] for r in rows))" "$work/iss.json")
  # nonet: the whole file, three times; the median.
  times=()
  for run in 1 2 3; do
    start=$(date +%s%N)
    "$nonet" count -j1 --limit 2 --format json "$work/puzzles.txt" > "$work/nonet.json"
    times+=($(( ($(date +%s%N) - start) / 1000 )))
  done
  nonet_ms=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p | awk '{ printf "%.1f", $1 / 1000 }')
  nonet_guesses=$(python3 -c "
import json, sys
print(sum(json.loads(line).get('guesses', 0) for line in open(sys.argv[1]) if line.strip()))" "$work/nonet.json")
  ratio=$(awk -v a="$iss_ms" -v b="$nonet_ms" 'BEGIN { printf "%.2f", b > 0 ? a / b : 0 }')
  printf '%-22s %7d %10s %9s %10s %9s %7s\n' "$collection" "$count" "$iss_ms" "$iss_guesses" "$nonet_ms" "$nonet_guesses" "$ratio"
done
