#!/usr/bin/env python3
"""Logic on ISS's published variant puzzles: per collection, how many logic
alone solves and the hardest techniques reached (hint times:
bench/bench_variant_hints.cpp).
    bench/variant_logic.py build/rel/nonet [TIME_LIMIT_SECONDS]
Reads ../shared/data/variants/iss/puzzles.tsv; puzzles without rules beyond
the houses are left out (the classic ladder rates them)."""
import collections, json, os, subprocess, sys, tempfile

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
os.unlink(path)
per = collections.defaultdict(lambda: {"rated": 0, "solved": 0, "stuck": 0, "gave-up": 0, "other": 0,
                                       "hardest": collections.Counter()})
for line in out.splitlines():
    r = json.loads(line)
    if not r.get("constraints"):
        continue
    c = per[r["comment"]]
    rating = r.get("rating")
    if r["status"] == "rated" and rating["solved"]:
        c["solved"] += 1
        c["hardest"][f'{rating["hardest"]} {rating["er"]}'] += 1
    elif r["status"] == "rated":
        c["stuck"] += 1
    elif r["status"] == "gave-up":
        c["gave-up"] += 1
    else:
        c["other"] += 1
    c["rated"] += 1
print("| collection | puzzles with rules | solved by logic | stuck | out of time | not unique / unread | hardest steps of the solved (technique rating: puzzles) |")
print("|---|---|---|---|---|---|---|")
for name, c in sorted(per.items()):
    hardest = ", ".join(f"{k}: {v}" for k, v in c["hardest"].most_common(4))
    print(f'| {name} | {c["rated"]} | {c["solved"]} | {c["stuck"]} | {c["gave-up"]} | {c["other"]} | {hardest} |')
