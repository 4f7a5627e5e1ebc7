#!/usr/bin/python3
"""nonet against the Interactive Sudoku Solver (ISS) on random variant puzzles.

Each puzzle is drawn afresh: a random solution grid, then rules read off it
(cages and sums, arrows, thermometers, whispers, renban, dots, XV, quads,
outside clues, negative dots, ...), a few givens, and now and then one clue
changed so that the puzzle may have no solution. Both solvers read the same
ISS constraint string and count its solutions to a limit; the script reports
every puzzle where they disagree on the count or on the unique solution, with
its string. ISS runs from a checkout outside this repository (nothing of it
is committed):

  bench/iss_differential.py NONET ISS_CHECKOUT [--puzzles N] [--seed S] [--size 9] [--limit 3]

It is a check for answers nobody wrote by hand, not a timing: see
bench/iss_compare.sh for speed.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

DRIVER = r"""
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
const [iss, inputs, limit, maxBacktracks] = process.argv.slice(2);
const { runSolve } = await import(pathToFileURL(iss + '/tools/lib/solver_analysis.js'));
for (const input of readFileSync(inputs, 'utf8').split('\n').filter(Boolean)) {
  try {
    const r = runSolve({ name: 'x', input }, { maxBacktracks: +maxBacktracks, maxSolutions: +limit,
                                              collectSolutions: true });
    console.log(JSON.stringify({ status: r.status, solutions: r.counters.solutions,
                                 solution: r.solutionSet && r.solutionSet.length === 1 ? r.solutionSet[0] : '',
                                 ms: r.elapsedMs }));
  } catch (e) {
    console.log(JSON.stringify({ status: 'error', error: String(e) }));
  }
}
"""


NAMES = "123456789abcdefg"  # ISS's rows and columns: past 9 as a, b, ... (base 17)


def cell_id(n, cell):
    return f"R{NAMES[cell // n]}C{NAMES[cell % n]}"


GLOBAL_RULES = ["Diagonal~1", "Diagonal~-1", "Windoku", "DisjointSets", "AntiKnight", "AntiKing",
                "AntiConsecutive"]


class Grid:
    def __init__(self, n, rng, rules=(), layout=None):
        self.n = n
        self.rng = rng
        self.rules = rules
        self.layout = layout  # a jigsaw's region of each cell, or None for boxes
        self.box_rows, self.box_cols = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4),
                                        16: (4, 4)}[n]
        self.values = self.fill()

    def extra_houses(self, cell):
        n, r, c = self.n, cell // self.n, cell % self.n
        found = []
        if "Diagonal~1" in self.rules and r + c == n - 1:
            found.append(("d", 1))
        if "Diagonal~-1" in self.rules and r == c:
            found.append(("d", -1))
        if "Windoku" in self.rules and n == 9 and r % 4 and c % 4:  # ISS's windoku: 9x9 only here
            found.append(("w", (r // 4, c // 4)))
        if "DisjointSets" in self.rules:
            found.append(("s", (r % self.box_rows, c % self.box_cols)))
        return found

    def sees(self, a, b):
        """Whether two cells may not hold the same digit, by houses and the global rules."""
        if self.keys[a] & self.keys[b]:
            return True
        dr, dc = abs(a // self.n - b // self.n), abs(a % self.n - b % self.n)
        return ("AntiKnight" in self.rules and {dr, dc} == {1, 2}) or \
            ("AntiKing" in self.rules and dr <= 1 and dc <= 1)

    def houses_of(self, cell):
        n, r, c = self.n, cell // self.n, cell % self.n
        b = (r // self.box_rows) * (n // self.box_cols) + c // self.box_cols
        return (('r', r), ('c', c), ('b', self.layout[cell] if self.layout else b))

    def fill(self):
        n, rng = self.n, self.rng
        values = [0] * (n * n)
        peers = [set() for _ in range(n * n)]
        self.keys = [set(self.houses_of(a)) | set(self.extra_houses(a)) for a in range(n * n)]
        for a in range(n * n):
            for b in range(n * n):
                if a != b and self.sees(a, b):
                    peers[a].add(b)
        orthogonal = [self.neighbours(a, diagonal=False) for a in range(n * n)]
        consecutive = "AntiConsecutive" in self.rules
        nodes = [0]

        def candidates(cell):
            used = {values[p] for p in peers[cell]}
            if consecutive:
                for p in orthogonal[cell]:
                    if values[p]:
                        used |= {values[p] - 1, values[p] + 1}
            return [d for d in range(1, n + 1) if d not in used]

        def search():
            empty = [c for c in range(n * n) if values[c] == 0]
            if not empty:
                return True
            nodes[0] += 1
            if nodes[0] > cap[0]:
                return False
            cell = min(empty, key=lambda c: len(candidates(c)))
            digits = candidates(cell)
            rng.shuffle(digits)
            for d in digits:
                values[cell] = d
                if search():
                    return True
            values[cell] = 0
            return False

        cap = [1000]
        for _ in range(10):  # restarts: a random fill that wanders is cheaper to begin again
            values[:] = [0] * (n * n)
            nodes[0] = 0
            if search():
                return values
        raise ValueError("no grid")

    def neighbours(self, cell, diagonal=True):
        n, r, c = self.n, self.cell_row(cell), cell % self.n
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if diagonal:
            steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]

    def cell_row(self, cell):
        return cell // self.n

    def walk(self, length, diagonal=True, accept=None):
        """A random self-avoiding path of `length` cells, each step passing `accept(path, next)`."""
        for _ in range(200):
            path = [self.rng.randrange(self.n * self.n)]
            while len(path) < length:
                options = [c for c in self.neighbours(path[-1], diagonal) if c not in path
                           and (accept is None or accept(path, c))]
                if not options:
                    break
                path.append(self.rng.choice(options))
            if len(path) == length:
                return path
        return None


def rules_from(grid, rng):
    """ISS items for random rules that the grid keeps; some of them changed."""
    n, v = grid.n, grid.values
    ids = lambda cells: "~".join(cell_id(n, c) for c in cells)
    items = []
    total = n * (n + 1) // 2

    def cage():
        k = rng.randint(2, min(5, n))
        path = grid.walk(k, diagonal=False, accept=lambda p, c: v[c] not in [v[x] for x in p])
        if path:
            items.append(f"Cage~{sum(v[c] for c in path)}~{ids(path)}")

    def plain_sum():
        path = grid.walk(rng.randint(2, 5))
        if path:
            items.append(f"Sum~{sum(v[c] for c in path)}~{ids(path)}")

    def arrow():
        for _ in range(100):
            path = grid.walk(rng.randint(2, 4))
            if path and v[path[0]] == sum(v[c] for c in path[1:]):
                items.append(f"Arrow~{ids(path)}")
                return

    def double_arrow():
        for _ in range(100):
            path = grid.walk(rng.randint(3, 6))
            if path and v[path[0]] + v[path[-1]] == sum(v[c] for c in path[1:-1]):
                items.append(f"DoubleArrow~{ids(path)}")
                return

    def thermo():
        path = grid.walk(rng.randint(2, 5), accept=lambda p, c: v[c] > v[p[-1]])
        if path:
            items.append(f"Thermo~{ids(path)}")

    def whisper():
        difference = rng.choice([5, 5, 4, 3]) if n == 9 else rng.choice([2, 3])
        path = grid.walk(rng.randint(2, 5), accept=lambda p, c: abs(v[c] - v[p[-1]]) >= difference)
        if path:
            items.append(f"Whisper~{difference}~{ids(path)}")

    def renban():
        for _ in range(100):
            path = grid.walk(rng.randint(2, 5))
            if path:
                digits = sorted(v[c] for c in path)
                if digits == list(range(digits[0], digits[0] + len(digits))):
                    items.append(f"Renban~{ids(path)}")
                    return

    def between():
        for _ in range(100):
            path = grid.walk(rng.randint(3, 5))
            if path:
                low, high = sorted((v[path[0]], v[path[-1]]))
                if all(low < v[c] < high for c in path[1:-1]):
                    items.append(f"Between~{ids(path)}")
                    return

    def palindrome():
        for _ in range(300):
            path = grid.walk(rng.choice([3, 4, 5]))
            if path and all(v[path[i]] == v[path[-1 - i]] for i in range(len(path) // 2)):
                items.append(f"Palindrome~{ids(path)}")
                return

    def zipper():
        for _ in range(300):
            path = grid.walk(rng.choice([3, 4, 5]))
            if not path:
                continue
            k = len(path)
            sums = {v[path[i]] + v[path[k - 1 - i]] for i in range(k // 2)}
            if len(sums) == 1 and (k % 2 == 0 or sums == {v[path[k // 2]]}):
                items.append(f"Zipper~{ids(path)}")
                return

    def modular():
        m = 3
        for _ in range(100):
            path = grid.walk(rng.randint(3, 5))
            if path and all(len({v[c] % m for c in path[i:i + m]}) == m for i in range(len(path) - m + 1)):
                items.append(f"Modular~{m}~{ids(path)}")
                return

    def entropic():
        if n != 9:
            return
        for _ in range(100):
            path = grid.walk(rng.randint(3, 5))
            if path and all(len({(v[c] - 1) // 3 for c in path[i:i + 3]}) == 3 for i in range(len(path) - 2)):
                items.append(f"Entropic~{ids(path)}")
                return

    def region_sum_line():
        for _ in range(300):
            path = grid.walk(rng.randint(3, 6))
            if not path:
                continue
            segments, last = [], None
            for c in path:
                box = grid.houses_of(c)[2]
                if box != last:
                    segments.append(0)
                    last = box
                segments[-1] += v[c]
            if len(segments) > 1 and len(set(segments)) == 1:
                items.append(f"RegionSumLine~{ids(path)}")
                return

    def pill_arrow():
        for _ in range(500):
            path = grid.walk(rng.randint(4, 7))
            if path and path[1] - path[0] in (1, n) and (path[1] - path[0] == n or path[1] % n) and 10 * v[path[0]] + v[path[1]] == sum(v[c] for c in path[2:]):
                items.append(f"PillArrow~2~{ids(path)}")
                return

    def lunchbox():
        kind, index = rng.choice('RC'), rng.randrange(n)
        cells = [index * n + c for c in range(n)] if kind == 'R' else [r * n + index for r in range(n)]
        start = rng.randrange(n - 2)
        cells = cells[start:start + rng.randint(3, n - start)]
        values = [v[c] for c in cells]
        a, b = sorted((values.index(min(values)), values.index(max(values))))
        items.append(f"Lunchbox~{sum(values[a + 1:b])}~{ids(cells)}")

    def rellik_cage():
        path = grid.walk(rng.randint(2, 3), diagonal=False, accept=lambda p, c: v[c] not in [v[x] for x in p])
        if not path:
            return
        reachable = {0}
        for c in path:
            reachable |= {r + v[c] for r in reachable}
        missing = [t for t in range(1, 3 * n) if t not in reachable]
        if missing:
            items.append(f"RellikCage~{rng.choice(missing)}~{ids(path)}")

    def count_distinct():
        path = grid.walk(rng.randint(3, 6))
        if path and len({v[c] for c in path[1:]}) == v[path[0]]:
            items.append(f"CountDistinct~{ids(path)}")

    def pair(name, holds):
        for _ in range(100):
            a = rng.randrange(n * n)
            b = rng.choice(grid.neighbours(a, diagonal=False))
            if holds(v[a], v[b]):
                items.append(f"{name}~{cell_id(n, a)}~{cell_id(n, b)}")
                return

    def quad():
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        cells = [r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1]
        digits = sorted(rng.sample([v[x] for x in cells], rng.randint(1, 4)))
        items.append(f"Quad~{cell_id(n, cells[0])}~" + "~".join(map(str, digits)))

    def line(kind, index):
        if kind == 'R':
            return [v[index * n + c] for c in range(n)]
        return [v[r * n + index] for r in range(n)]

    def sandwich():
        kind, index = rng.choice('RC'), rng.randrange(n)
        values = line(kind, index)
        a, b = sorted((values.index(1), values.index(n)))
        items.append(f"Sandwich~{sum(values[a + 1:b])}~{kind}{NAMES[index]}")

    def outside(name, clue):
        kind, index = rng.choice('RC'), rng.randrange(n)
        values = line(kind, index)
        front = clue(values) if rng.random() < 0.7 else None
        back = clue(values[::-1]) if rng.random() < 0.7 or front is None else None
        if front is not None or back is not None:
            items.append(f"{name}~{kind}{NAMES[index]}~{'' if front is None else front}~{'' if back is None else back}")

    def x_sum(values):
        return sum(values[:values[0]])

    def skyscraper(values):
        seen, top = 0, 0
        for d in values:
            if d > top:
                seen, top = seen + 1, d
        return seen

    def numbered_room(values):
        return values[values[0] - 1]

    def hidden_skyscraper(values):  # the first one lower than one before it, if any
        top = 0
        for d in values:
            if d < top:
                return d
            top = max(top, d)
        return None

    def counting_circles():
        cells = []
        for digit in rng.sample(range(1, min(n, 4) + 1), rng.randint(1, min(n, 4))):
            cells += rng.sample([c for c in range(n * n) if v[c] == digit], digit)
        items.append(f"CountingCircles~{ids(cells)}")

    def little_killer():
        starts = []
        seen = set()

        def add(r, c, dr, dc):
            cells = []
            while 0 <= r < n and 0 <= c < n:
                cells.append(r * n + c)
                r, c = r + dr, c + dc
            key = tuple(sorted(cells))
            if len(cells) > 1 and key not in seen:
                seen.add(key)
                starts.append(cells)

        for r in range(n - 1):
            add(r, 0, 1, 1)
        for r in range(1, n - 1):
            add(r, n - 1, -1, -1)
        for c in range(1, n):
            add(0, c, 1, -1)
        for c in range(1, n - 1):
            add(n - 1, c, -1, 1)
        cells = rng.choice(starts)
        items.append(f"LittleKiller~{sum(v[c] for c in cells)}~{cell_id(n, cells[0])}")

    def every_dot():
        # Every kropki pair of the grid marked, and no other: the negative rule.
        for a in range(n * n):
            for b in (a + 1, a + n):
                if (b == a + 1 and b % n == 0) or b >= n * n:
                    continue
                if abs(v[a] - v[b]) == 1:
                    items.append(f"WhiteDot~{cell_id(n, a)}~{cell_id(n, b)}")
                elif v[a] == 2 * v[b] or v[b] == 2 * v[a]:
                    items.append(f"BlackDot~{cell_id(n, a)}~{cell_id(n, b)}")
        items.append("StrictKropki")

    def every_xv():
        for a in range(n * n):
            for b in (a + 1, a + n):
                if (b == a + 1 and b % n == 0) or b >= n * n:
                    continue
                if v[a] + v[b] in (5, 10):
                    items.append(f"{'X' if v[a] + v[b] == 10 else 'V'}~{cell_id(n, a)}~{cell_id(n, b)}")
        items.append("StrictXV")

    makers = [cage, cage, cage, plain_sum, arrow, double_arrow, thermo, thermo, whisper, renban, between,
              palindrome, zipper, modular, entropic, quad, sandwich, little_killer, little_killer,
              lambda: pair("WhiteDot", lambda a, b: abs(a - b) == 1),
              lambda: pair("BlackDot", lambda a, b: a == 2 * b or b == 2 * a),
              lambda: pair("X", lambda a, b: a + b == 10), lambda: pair("V", lambda a, b: a + b == 5),
              lambda: pair("GreaterThan", lambda a, b: a > b),
              lambda: outside("XSum", x_sum), lambda: outside("Skyscraper", skyscraper),
              region_sum_line, pill_arrow, lunchbox, rellik_cage, count_distinct, counting_circles,
              lambda: outside("NumberedRoom", numbered_room), lambda: outside("HiddenSkyscraper", hidden_skyscraper)]
    if rng.random() < 0.15:
        rng.choice([every_dot, every_xv])()
    for _ in range(rng.randint(1, 4 * n)):
        rng.choice(makers)()
    # ISS keeps one clue per place (a quad's corner, an outside clue's line or
    # diagonal, a pair's dot): a second one there replaces the first.
    kept, places = [], set()
    for item in reversed(items):
        parts = item.split("~")
        place = (parts[0] if parts[0] not in ("WhiteDot", "BlackDot", "X", "V") else "dot",
                 tuple(p for p in parts[1:] if p and p[0] in "RC"))
        if parts[0] in ("Quad", "LittleKiller", "Sandwich", "XSum", "Skyscraper", "NumberedRoom", "HiddenSkyscraper",
                        "WhiteDot", "BlackDot", "X", "V", "GreaterThan"):
            if place in places:
                continue
            places.add(place)
        kept.append(item)
    items = kept[::-1]
    if items and rng.random() < 0.2:
        # One clue changed by one: the puzzle may now have no solution.
        i = rng.randrange(len(items))
        parts = items[i].split("~")
        numeric = [j for j, p in enumerate(parts) if j > 0 and p.isdigit()]
        if numeric:
            j = rng.choice(numeric)
            parts[j] = str(max(0, int(parts[j]) + rng.choice([-1, 1])))
            items[i] = "~".join(parts)
    del total
    return items


def puzzle(n, rng, layouts=()):
    rules = rng.sample(GLOBAL_RULES, rng.choice([0, 0, 0, 1, 1, 2]))
    layout = rng.choice(layouts) if layouts and n == 9 and rng.random() < 0.2 else None
    if layout:  # windoku and disjoint sets are drawn over boxes; the rest often leave a jigsaw no grid
        rules = []
    elif n != 9:
        rules = [r for r in rules if r != "Windoku"]
    try:
        grid = Grid(n, rng, rules, layout)
    except ValueError:  # no grid found quickly for these rules: fewer
        try:
            grid = Grid(n, rng, (), layout)
        except ValueError:
            layout = None
            grid = Grid(n, rng)
    items = rules_from(grid, rng) + list(grid.rules)
    if layout:
        # ISS keeps the boxes beside the pieces unless told NoBoxes.
        items[:0] = ["NoBoxes", "Jigsaw~" + "".join(str(region) for region in layout)]
    givens = rng.sample(range(n * n), rng.randint(0, 2 * n))
    head = "." + "".join(f"~{cell_id(n, c)}_{grid.values[c]}" for c in sorted(givens))
    shape = [] if n == 9 else [f"Shape~{n}x{n}"]
    return "." + ".".join(shape + ([head[1:]] if givens else []) + items)


def wrong_steps(explanation, solution, n):
    """The steps of an explanation that place a digit other than the solution's or remove the solution's."""
    def digit_at(name):
        r, c = name[1:].split("c")
        return int(solution[(int(r) - 1) * n + int(c) - 1], 36) if n > 9 else int(solution[(int(r) - 1) * n + int(c) - 1])
    wrong = []
    for number, step in enumerate(explanation.get("steps", [])):
        bad = [f"{p['cell']}={p['digit']}" for p in step.get("placements", []) if digit_at(p["cell"]) != p["digit"]]
        bad += [f"{e['cell']}<>{e['digit']}" for e in step.get("eliminations", []) if digit_at(e["cell"]) == e["digit"]]
        if bad:
            wrong.append(f"step {number + 1} ({step.get('technique')}): {', '.join(bad)}")
    return wrong


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("nonet")
    parser.add_argument("iss")
    parser.add_argument("--puzzles", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=9, choices=[4, 6, 8, 9, 10, 12, 16])
    parser.add_argument("--limit", type=int, default=3)
    parser.add_argument("--max-backtracks", type=int, default=200000)
    parser.add_argument("--max-nodes", type=int, default=2000000)
    parser.add_argument("--logic", action="store_true",
                        help="also explain each unique puzzle and check every step against its solution")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # Jigsaw layouts where ../shared/data has them: one 9x9 puzzle in five is a jigsaw.
    layouts_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data", "variants",
                                "jigsaw", "valid_layouts.txt")
    layouts = []
    if os.path.exists(layouts_path):
        with open(layouts_path) as f:
            layouts = [[int(ch) - 1 for ch in line.strip()] for line in f if len(line.strip()) == 81]
    inputs = [puzzle(args.size, rng, layouts) for _ in range(args.puzzles)]
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "inputs.txt")
        with open(path, "w") as f:
            f.write("\n".join(inputs) + "\n")
        driver = os.path.join(work, "driver.mjs")
        with open(driver, "w") as f:
            f.write(DRIVER)
        iss = subprocess.run(["node", driver, os.path.abspath(args.iss), path, str(args.limit),
                              str(args.max_backtracks)], capture_output=True, text=True, check=True)
        theirs = [json.loads(line) for line in iss.stdout.splitlines()]
        def nonet(command, *extra, source=path, form="iss"):
            run = subprocess.run([args.nonet, command, "--format", "json", "--input-format", form,
                                  "--max-nodes", str(args.max_nodes), "-j1", *extra, source],
                                 capture_output=True, text=True)
            return [json.loads(line) for line in run.stdout.splitlines()], run.stderr
        mine, errors = nonet("count", "--limit", str(args.limit))
        solved, _ = nonet("solve")
        for row, first in zip(mine, solved):
            row["solution"] = first.get("solution", "")
        # Each puzzle written by nonet in its other formats and read back must
        # count the same: the writers and readers against the direct reading.
        converted = {}
        for form, reader in (("json", "json"), ("fpuzzles", "fpuzzles"), ("fpuzzles-link", "fpuzzles"),
                             ("sudokupad-link", "sudokupad")):
            run = subprocess.run([args.nonet, "convert", "--to", form, "--input-format", "iss", "-j1", path],
                                 capture_output=True, text=True)
            lines = run.stdout.splitlines()
            written = os.path.join(work, form + ".txt")
            with open(written, "w") as f:
                f.write("\n".join(line if not line.startswith("!") else "!" for line in lines) + "\n")
            counts, _ = nonet("count", "--limit", str(args.limit), source=written, form=reader)
            converted[form] = [None if line.startswith("!") else row.get("count")
                               for line, row in zip(lines, counts)]
        explained = []
        if args.logic:
            run = subprocess.run([args.nonet, "explain", "--format", "json", "--input-format", "iss",
                                  "--time-limit", "2", "-j1", path], capture_output=True, text=True)
            explained = [json.loads(line) for line in run.stdout.splitlines()]
    if len(mine) != len(inputs) or len(theirs) != len(inputs):
        print(f"lines: nonet {len(mine)}, ISS {len(theirs)}, puzzles {len(inputs)}\n{errors[:2000]}")
        return 1
    tally, disagreements = {}, 0
    for index, (text, a, b) in enumerate(zip(inputs, mine, theirs)):
        if b["status"] in ("capped", "error") or a.get("status") in ("gave-up", "malformed"):
            key = f"skipped: nonet {a.get('status')}, ISS {b['status']}"
            tally[key] = tally.get(key, 0) + 1
            if b["status"] == "error" or a.get("status") == "malformed":
                print(f"#{index} read differently: nonet {a}, ISS {b}\n  {text}")
            continue
        count = min(b["solutions"], args.limit)
        ours_count = a.get("count")
        # ISS writes digits past 9 as numbers, one after another: its solution is compared up to 9x9.
        same = ours_count == count and (count != 1 or args.size > 9 or a.get("solution") == b["solution"])
        key = "no solution" if count == 0 else "unique" if count == 1 else f"{args.limit}+" \
            if count == args.limit else f"{count}"
        tally[key] = tally.get(key, 0) + 1
        if not same:
            disagreements += 1
            print(f"#{index} disagree: nonet {a}, ISS {b}\n  {text}")
        if count == 1 and explained and args.size <= 9:
            wrong = wrong_steps(explained[index], b["solution"], args.size)
            tally["explained"] = tally.get("explained", 0) + 1
            tally["solved by logic"] = tally.get("solved by logic", 0) + bool(explained[index].get("solved"))
            if wrong:
                disagreements += 1
                print(f"#{index} explained wrongly: {wrong}\n  {text}")
        for form, counts in converted.items():
            if counts[index] is not None and counts[index] != ours_count:
                disagreements += 1
                print(f"#{index} written as {form} and read back counts {counts[index]}, read directly {ours_count}"
                      f"\n  {text}")
            tally[f"written as {form}"] = tally.get(f"written as {form}", 0) + (counts[index] is not None)
    print(f"{len(inputs)} puzzles ({args.size}x{args.size}, seed {args.seed}): " +
          ", ".join(f"{k} {v}" for k, v in sorted(tally.items())) + f"; {disagreements} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
