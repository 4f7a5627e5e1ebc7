#!/usr/bin/python3
"""nonet.solve_many against `nonet solve -j N` on the same puzzles and cores.

    PYTHONPATH=build/py/python /usr/bin/python3 bench/bench_python.py \
        --binary build/py/nonet [--count 1000000] [--threads N] [--runs 3]

The puzzles are the 17-clue set (../shared/data/tdoku/puzzles2_17_clue, or
--puzzles FILE) repeated to --count. The CLI reads them from a file of
81-character lines and writes its answers to /dev/null; Python gets them as an
(n, 81) uint8 array (made once, not timed) and returns arrays. Both are timed
by wall clock, best of --runs; the figures printed are each one's time, the
puzzles per second and the ratio python / cli (below 1: Python is faster).
A second line times nonet.load() of the same file plus solve_many, the whole
path from the text file for a Python user.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import nonet

ROOT = Path(__file__).resolve().parents[1]


def best(runs, action):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True, help="the nonet CLI of the same build")
    parser.add_argument("--puzzles", default=str(ROOT.parent / "shared/data/tdoku/puzzles2_17_clue"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--runs", type=int, default=3)
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
        cli_s = best(args.runs, run_cli)
        py_s = best(args.runs, run_python)
        file_s = best(args.runs, run_python_from_file)
    n = args.count
    print(f"# {n} puzzles ({Path(args.puzzles).name} repeated), {args.threads} threads, best of {args.runs}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"cli    nonet solve -j {args.threads}:  {cli_s:7.3f} s  {n / cli_s:10.0f} puzzles/s")
    print(f"python solve_many(array):      {py_s:7.3f} s  {n / py_s:10.0f} puzzles/s  ratio python/cli {py_s / cli_s:.3f}")
    print(f"python solve_many(load(file)): {file_s:7.3f} s  {n / file_s:10.0f} puzzles/s  ratio python/cli {file_s / cli_s:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
