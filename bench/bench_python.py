#!/usr/bin/python3
"""nonet.solve_many against `nonet solve -j N` on the same puzzles and cores.

    PYTHONPATH=build/py/python /usr/bin/python3 bench/bench_python.py \
        --binary build/py/nonet [--count 1000000] [--threads N] [--runs 5]

The puzzles are the 17-clue set (../shared/data/tdoku/puzzles2_17_clue, or
--puzzles FILE) repeated to --count. The CLI reads them from a file of
81-character lines and writes its answers to /dev/null; Python gets them as an
(n, 81) uint8 array (made once, not timed) and returns arrays. Both are timed
by wall clock and by CPU time (user + system; the CLI's as a finished child),
best of --runs rounds in which they take turns; the figures printed are each
one's times, the puzzles per second and the ratios python / cli (below 1:
Python is faster). CPU time is the steadier figure on a shared machine.
A second line times nonet.load() of the same file plus solve_many, the whole
path from the text file for a Python user.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import nonet

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds():
    """CPU time (user + system) of this process and its finished children."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best_interleaved(runs, *actions):
    """The best wall time and the best CPU time of each action over `runs` rounds,
    the actions taking turns in every round, so that a change in the machine's
    load hits them all."""
    wall = [[] for _ in actions]
    cpu = [[] for _ in actions]
    for _ in range(runs):
        for action, w, c in zip(actions, wall, cpu):
            start, start_cpu = time.perf_counter(), cpu_seconds()
            action()
            w.append(time.perf_counter() - start)
            c.append(cpu_seconds() - start_cpu)
    return [(min(w), min(c)) for w, c in zip(wall, cpu)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the nonet CLI of the same build")
    parser.add_argument("--puzzles", default=str(ROOT.parent / "shared/data/tdoku/puzzles2_17_clue"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    base = nonet.load(args.puzzles)
    quizzes = np.ascontiguousarray(np.resize(base, (args.count, base.shape[1])))
    with tempfile.TemporaryDirectory() as work:
        text = Path(work) / "puzzles.txt"
        text.write_text("\n".join(nonet.to_lines(quizzes)) + "\n")
        cli = [args.binary, "solve", "-j", str(args.threads), str(text)]

        def run_cli():
            subprocess.run(cli, stdout=subprocess.DEVNULL, check=True)

        def run_python():
            result = nonet.solve_many(quizzes, threads=args.threads)
            assert (result.status == nonet.Status.UNIQUE).all()

        def run_python_from_file():
            nonet.solve_many(nonet.load(text), threads=args.threads)

        run_python()  # warm: page in the library and the arrays
        (cli_s, cli_cpu), (py_s, py_cpu), (file_s, file_cpu) = best_interleaved(
            args.runs, run_cli, run_python, run_python_from_file)
    n = args.count
    print(f"# {n} puzzles ({Path(args.puzzles).name} repeated), {args.threads} threads, best of {args.runs}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"cli    nonet solve -j {args.threads}:  {cli_s:7.3f} s  {n / cli_s:10.0f} puzzles/s  "
          f"CPU {cli_cpu:7.3f} s")
    print(f"python solve_many(array):      {py_s:7.3f} s  {n / py_s:10.0f} puzzles/s  CPU {py_cpu:7.3f} s  "
          f"python/cli: wall {py_s / cli_s:.3f}, CPU {py_cpu / cli_cpu:.3f}")
    print(f"python solve_many(load(file)): {file_s:7.3f} s  {n / file_s:10.0f} puzzles/s  CPU {file_cpu:7.3f} s  "
          f"python/cli: wall {file_s / cli_s:.3f}, CPU {file_cpu / cli_cpu:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
