#!/usr/bin/env bash
# nonet against the Interactive Sudoku Solver (ISS) on ISS's own published
# variant collections, side by side in one run: both count to 2 (prove
# uniqueness), one thread each. ISS is run from a checkout outside this
# repository (nothing of it is committed; docs/performance.md names the commit):
#   bench/iss_compare.sh BENCH_VARIANTS ISS_CHECKOUT [COLLECTION ...]
# BENCH_VARIANTS is the bench_variants binary (bench/bench_variants.cpp, built
# with -DNONET_BENCH=ON). Each collection is one run of each solver over the
# whole collection (ISS: its benchmark tool on the collection's name, which
# reports each puzzle's solve time without node's start-up). Prints, per
# collection: the puzzles nonet reads, each solver's total ms and guesses,
# ISS/nonet on the totals (3 = nonet three times faster), and the worst
# puzzle's nonet/ISS time (2 = nonet twice slower there) with its name; then a
# "cpu" row: nonet's CPU time per solve summed, ISS's process CPU time (from
# /usr/bin/time, node's start-up included) and their ratio.
# NONET_ISS_ROWS=1 adds a row per puzzle.
# NONET_MAX_NODES (default 2000000) caps nonet per puzzle; a puzzle that hits
# it counts as gave-up and its time as it stands.
set -euo pipefail
usage="usage: iss_compare.sh BENCH_VARIANTS ISS_CHECKOUT [COLLECTION ...]"
bench=$(realpath "${1:?$usage}")
iss=$(realpath "${2:?$usage}")
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
tsv=${NONET_ISS_TSV:-$here/../shared/data/variants/iss/puzzles.tsv}
[ -f "$tsv" ] || { echo "needs $tsv" >&2; exit 1; }
collections=("$@")
[ ${#collections[@]} -gt 0 ] || collections=(TAREK_ALL HS_KILLERS MATHEMAGIC_KILLERS LITTLE_KILLER_SNIPES HARD_PENCILMARKS EXAMPLES)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-21s %5s %10s %9s %10s %9s %6s %7s  %s\n' \
  collection read iss_ms iss_gs nonet_ms nonet_gs total worst "worst puzzle"
for collection in "${collections[@]}"; do
  awk -F'\t' -v c="$collection" '$1 == c { print $2 }' "$tsv" > "$work/names.txt"
  awk -F'\t' -v c="$collection" '$1 == c { print $3 }' "$tsv" > "$work/inputs.txt"
  "$bench" --max-nodes "${NONET_MAX_NODES:-2000000}" "$work/inputs.txt" > "$work/nonet.jsonl"
  (cd "$iss" && /usr/bin/time -f '%U %S' -o "$work/iss.cpu" node tools/perf/benchmark_puzzles.js \
    --max-backtracks none --solutions 2 --puzzles "$collection" --json) > "$work/iss.json" 2> "$work/iss.err" || true
  python3 - "$collection" "$work/names.txt" "$work/nonet.jsonl" "$work/iss.json" "$work/iss.cpu" <<'EOF'
import json, os, sys
collection, names_path, nonet_path, iss_path, iss_cpu_path = sys.argv[1:]
names = [line.rstrip('\n') for line in open(names_path)]
nonet = [json.loads(line) for line in open(nonet_path) if line.strip()]
try:
    iss = {row['puzzle']: row for row in json.load(open(iss_path))}
except (ValueError, OSError):
    iss = {}
# The puzzles both solvers answered: nonet read the record and ISS has a row.
pairs = [(names[row['index']], row, iss.get(names[row['index']])) for row in nonet if row['status'] != 'malformed']
pairs = [(name, ours, theirs) for name, ours, theirs in pairs if theirs is not None]
if not pairs:
    print(f'{collection:21} {0:5} (none read by both)')
    sys.exit(0)
iss_ms = sum(t['ms'] for _, _, t in pairs)
nonet_ms = sum(o['ms'] for _, o, _ in pairs)
worst_name, worst = max(((n, o['ms'] / max(t['ms'], 0.01)) for n, o, t in pairs), key=lambda p: p[1])
gave_up = sum(o['status'] == 'gave-up' for _, o, _ in pairs)
note = f'  ({gave_up} gave up)' if gave_up else ''
print(f"{collection:21} {len(pairs):5} {iss_ms:10.1f} {sum(t['guesses'] for _, _, t in pairs):9} "
      f"{nonet_ms:10.1f} {sum(o['guesses'] for _, o, _ in pairs):9} {iss_ms / max(nonet_ms, 0.001):6.2f} "
      f"{worst:7.2f}  {worst_name}{note}")
# CPU time beside the wall clock, which a loaded machine inflates: nonet's
# per solve, ISS's for its whole process (node's start-up and its JIT's
# threads included: an upper bound, over the whole collection).
try:
    iss_cpu = sum(float(x) for x in open(iss_cpu_path).read().split()[-2:]) * 1000
    print(f"{'':21} {'cpu':>5} {iss_cpu:10.1f} {'':9} {sum(o['cpu_ms'] for _, o, _ in pairs):10.1f} {'':9} "
          f"{iss_cpu / max(sum(o['cpu_ms'] for _, o, _ in pairs), 0.001):6.2f}")
except (ValueError, OSError, IndexError):
    pass
if os.environ.get('NONET_ISS_ROWS'):  # one row per puzzle as well
    for name, ours, theirs in pairs:
        print(f"  {name:40} iss {theirs['ms']:9.1f} ms {theirs['guesses']:7}  nonet {ours['ms']:9.1f} ms "
              f"{ours['guesses']:7} {ours['status']}")
EOF
done
