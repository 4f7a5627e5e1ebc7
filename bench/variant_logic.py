#!/usr/bin/env python3
"""Logic on ISS's published variant puzzles: per collection, how many logic
alone solves and the hardest techniques reached, and the time of a hint on
each start position (one `nonet hint` process per puzzle, start included).
    bench/variant_logic.py build/rel/nonet [TIME_LIMIT_SECONDS]
Reads ../shared/data/variants/iss/puzzles.tsv; puzzles without rules beyond
the houses are left out (the classic ladder rates them)."""
import collections, json, os, subprocess, sys, tempfile, time

nonet = sys.argv[1]
limit = sys.argv[2] if len(sys.argv) > 2 else "10"
tsv = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", "variants", "iss", "puzzles.tsv")
lines = [l.rstrip("\n").split("\t") for l in open(tsv)][1:]
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    for collection, name, text, *_ in lines:
        f.write(f"{text} {collection}\n")
    path = f.name
out = subprocess.run([nonet, "rate", "--format", "json", "--time-limit", limit, "-j1", path],
                     capture_output=True, text=True).stdout
per = collections.defaultdict(lambda: {"rated": 0, "solved": 0, "stuck": 0, "gave-up": 0, "other": 0,
                                       "hardest": collections.Counter()})
starts = []
for line in out.splitlines():
    r = json.loads(line)
    if not r.get("constraints"):
        continue
    c = per[r["comment"]]
    starts.append(lines[r["line"] - 1][2])
    rating = r.get("rating")
    if r["status"] == "solved":
        c["solved"] += 1
        c["hardest"][f'{rating["hardest"]} {rating["er"]}'] += 1
    elif r["status"] in ("stuck", "gave-up"):
        c[r["status"]] += 1
    else:
        c["other"] += 1
    c["rated"] += 1
print("| collection | puzzles with rules | solved by logic | stuck | out of time | not unique / unread | hardest steps of the solved (technique rating: puzzles) |")
print("|---|---|---|---|---|---|---|")
for name, c in sorted(per.items()):
    hardest = ", ".join(f"{k}: {v}" for k, v in c["hardest"].most_common(4))
    print(f'| {name} | {c["rated"]} | {c["solved"]} | {c["stuck"]} | {c["gave-up"]} | {c["other"]} | {hardest} |')
times = []
for text in starts:
    start = time.perf_counter()
    subprocess.run([nonet, "hint", "--time-limit", limit], input=text + "\n", capture_output=True, text=True)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"\nhint on the {len(times)} start positions, ms per process: median {times[len(times) // 2]:.1f}, "
      f"90% {times[int(len(times) * 0.9)]:.1f}, max {times[-1]:.1f}")
