#!/bin/sh
# Builds the fuzz tree (clang 14, ASan+UBSan, libFuzzer) if needed and runs
# each fuzz target in turn, one process at a time, nice'd.
#
#   fuzz/run.sh SECONDS [TARGET...]   `make fuzz`: SECONDS per target; new inputs
#                                     kept in $FUZZ_BUILD/corpus/TARGET
# (`make test` replays fuzz/corpus in its own tree: the fuzz_corpus_* tests.)
#
# TARGET: reader candidates regions solve fpuzzles links iss (default: all, the reader last).
# Exit status 1 where a target found a crash or broke an invariant (the input
# is in $FUZZ_BUILD/findings/), 77 where clang 14 is not installed.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-$root/build/fuzz}
jobs=${JOBS:-$(nproc)}
seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=${*:-candidates regions solve fpuzzles links iss reader}

if ! command -v clang++-14 >/dev/null || [ ! -d /usr/lib/llvm-14/lib/clang ]; then
  echo "fuzz: clang-14 and libclang-rt-14-dev are needed (make fuzz installs them)" >&2
  exit 77
fi
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 -DNONET_FUZZ=ON \
    -DNONET_CLI=OFF -DNONET_TESTS=OFF -DNONET_BENCH=OFF -DNONET_INSTALL=OFF >/dev/null
fi
started=$(date +%s)
cmake --build "$build" -j "$jobs" >/dev/null
echo "fuzz: build up to date in $(( $(date +%s) - started )) s"

# Seeds: the target's own folder; the solve target also takes the reader's
# inputs (every format), and the reader the pencil-mark positions (which it
# reads too), so each is kept once.
seeds() {
  echo "$root/fuzz/corpus/$1"
  case $1 in
    solve) echo "$root/fuzz/corpus/reader" ;;
    reader) echo "$root/fuzz/corpus/candidates" ;;
  esac
}

findings=$build/findings
mkdir -p "$findings"
scratch_root=$build/corpus
failed=""
for target in $targets; do
  scratch=$scratch_root/$target
  mkdir -p "$scratch"
  log=$build/$target.log
  # -timeout: every engine call under fuzzing has a time limit, so an input
  # that runs 10 s is a finding (a hang), not patience.
  if nice -n 10 "$build/fuzz/${target}_fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 -artifact_prefix="$findings/$target-" \
       -dict="$root/fuzz/puzzles.dict" "$scratch" $(seeds "$target") >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed="$failed $target"
  fi
  # The final status line (coverage, features, corpus) and the totals.
  summary=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 | tr '\t' ' ' || true)
  runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' || true)
  echo "fuzz: $target ($seconds s): $status: ${runs:-?} executions, ${rate:-?} exec/s; ${summary:-no status line}"
  if [ $status = FAILED ]; then
    grep -E 'ERROR|fuzz invariant broken|SUMMARY|Test unit written' "$log" | head -5 >&2
  fi
done
if [ -n "$failed" ]; then
  echo "fuzz: findings in$failed (logs: $build/TARGET.log, inputs: $findings/)" >&2
  exit 1
fi
