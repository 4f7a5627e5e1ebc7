#!/usr/bin/env bash
# `nonet serve` under load on loopback: wrk against solve and hint, requests/s
# and latency percentiles; then how long GET /api/v1/info takes while 1,000
# idle connections and 50 clients sending a byte a second are open
# (bench/idle_slow_clients.py). docs/api.md, "Benchmark". Not a test: the
# figures move with the machine's load.
#   bench/run_api_bench.sh [BUILD_DIR] [SECONDS] [CONNECTIONS]
set -euo pipefail
build=${1:-build/release}
seconds=${2:-10}
connections=${3:-8}
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
out=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$out"' EXIT
"$build/nonet" serve --port 0 > "$out/address" 2> "$out/log" &
server=$!
for _ in $(seq 50); do [ -s "$out/address" ] && break; sleep 0.1; done
url=$(head -1 "$out/address")
threads=$(( connections < 2 ? connections : 2 ))
bench() {  # ENDPOINT BODY
  cat > "$out/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$2'
LUA
  echo "== $1: $2"
  wrk -t "$threads" -c "$connections" -d "${seconds}s" --latency -s "$out/post.lua" "${url}api/v1/$1" |
    grep -E "Requests/sec|Latency |99%|50%|Non-2xx|Socket errors|requests in"
}
# Wikipedia's puzzle (solved by singles), and a hint whose next step is a pointing.
bench solve '{"puzzle": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}'
bench solve '{"puzzle": "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"}'
bench hint '{"puzzle": "..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....", "level": 3}'
echo "== idle and slow clients"
python3 "$(dirname "$0")/idle_slow_clients.py" "$(echo "$url" | sed 's|.*:\([0-9]*\)/$|\1|')" --idle 1000 --slow 50
echo "server log: $(wc -l < "$out/log") lines, $(grep -cv ' 200 ' "$out/log" || true) not 200"
