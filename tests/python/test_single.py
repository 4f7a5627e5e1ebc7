"""One puzzle at a time: solve, count, check, explain, hint, rate, generate, on every variant."""

import inspect
import re
import json
import math
import subprocess

import pytest

import nonet
from conftest import JIGSAW_REGIONS, assert_solves, example

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKIPEDIA_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
CBG000 = "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7"
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
CLASH = "53..7..5.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NO_SOLUTION_4 = "123....4........"  # r1c4 can only be 4, which r2c4 already holds


def variant_puzzles():
    """A unique puzzle of every variant: classic 9x9, diagonal, windoku, jigsaw, and 4x4, 6x6, 16x16 made here."""
    yield nonet.Puzzle.parse(WIKIPEDIA)
    yield nonet.Puzzle.parse(example("diagonal.txt"), variant="diagonal")
    yield nonet.Puzzle.parse(example("windoku.txt"), variant="windoku")
    yield nonet.Puzzle.parse(example("jigsaw.txt"), variant="jigsaw", regions=JIGSAW_REGIONS)
    for size in (4, 6, 16):
        yield nonet.generate(1, seed=size, size=size)[0]


@pytest.mark.parametrize("puzzle", list(variant_puzzles()), ids=lambda p: f"{p.variant}-{p.size}")
def test_solve_every_variant(puzzle):
    result = nonet.solve(puzzle)
    assert (result.status, result.count) == ("unique", 1)
    assert result.solution.variant == puzzle.variant
    assert_solves(puzzle, result.solution)
    assert nonet.check(puzzle) == "unique"
    assert nonet.count(puzzle, limit=10) == 1
    assert result.to_dict()["solution"] == str(result.solution)


def test_solve_known_answer():
    assert str(nonet.solve(WIKIPEDIA).solution) == WIKIPEDIA_SOLUTION


def test_counts():
    assert nonet.count("." * 16, limit=1000) == 288  # every 4x4 grid
    assert nonet.count("." * 16, limit=100) == 100
    assert nonet.count("." * 16) == 2
    assert nonet.count(NO_SOLUTION_4) == 0
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.count(CLASH)
    assert caught.value.status == "invalid" and str(caught.value) == "digit 5 twice in row 1 (r1c1, r1c8)"


def test_verdicts():
    assert nonet.check("." * 16) == "multiple"
    assert nonet.check(NO_SOLUTION_4) == "no-solution"
    assert nonet.check(CLASH) == "invalid"
    assert nonet.solve(CLASH).reason == "digit 5 twice in row 1 (r1c1, r1c8)"
    assert nonet.solve(NO_SOLUTION_4).solution is None
    multiple = nonet.solve("." * 16)
    assert multiple.status == "multiple"
    assert_solves(nonet.Puzzle.parse("." * 16), multiple.solution)


def test_multiple_solutions_serg(data_dir):
    lines = [l for l in (data_dir / "tdoku" / "puzzles7_serg_benchmark").read_text().splitlines()
             if l and not l.startswith("#")][:20]
    assert {nonet.check(l.strip()) for l in lines} == {"multiple"}


def test_gave_up(seventeen):
    hard = nonet.Puzzle(seventeen[0])
    assert nonet.solve(hard, max_nodes=1).status == "gave-up"
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.count(hard, max_nodes=1)
    assert caught.value.status == "gave-up"


def test_random_solution_is_reproducible():
    empty = nonet.Puzzle.parse("." * 81)
    first = nonet.solve(empty, random=True, seed=7).solution
    assert first == nonet.solve(empty, random=True, seed=7).solution
    assert first != nonet.solve(empty, random=True, seed=8).solution
    assert_solves(empty, first)


def replay(puzzle, steps):
    """Applies the steps to the solution: each placement is the solution's digit,
    no elimination removes it; the placements fill the grid."""
    solution = nonet.solve(puzzle).solution.grid().ravel()
    grid = puzzle.grid().ravel().copy()
    for step in steps:
        for cell, digit in step.placements:
            assert solution[cell] == digit, step.text
            grid[cell] = digit
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step.text
    return grid, solution


@pytest.mark.parametrize("puzzle", list(variant_puzzles())[:4], ids=lambda p: p.variant)
def test_explain_solves(puzzle):
    steps = nonet.explain(puzzle)
    grid, solution = replay(puzzle, steps)
    assert (grid == solution).all()
    first = steps[0]
    assert first.text.startswith(first.technique) and first.rating > 0
    assert first.to_dict()["technique"] == first.technique
    assert json.loads(json.dumps(first.to_dict())) == first.to_dict()


def test_explain_matches_the_cli(nonet_binary):
    cli = subprocess.run([nonet_binary, "explain", "--format", "json"], input=WIKIPEDIA, capture_output=True,
                         text=True, check=True)
    assert json.loads(cli.stdout)["steps"] == [s.to_dict() for s in nonet.explain(WIKIPEDIA)]


def test_explain_errors():
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.explain(CLASH)
    assert caught.value.status == "invalid"
    with pytest.raises(nonet.PuzzleError, match="no solution"):
        nonet.explain(NO_SOLUTION_4)
    with pytest.raises(ValueError, match="unknown technique"):
        nonet.explain(WIKIPEDIA, max_technique="telepathy")
    with pytest.raises(ValueError, match="scale"):
        nonet.explain(WIKIPEDIA, scale="richter")
    assert nonet.explain(WIKIPEDIA, max_technique="1.0") == []


def test_hint_from_pencil_marks():
    marks = nonet.candidates(WIKIPEDIA, as_text=True)
    assert len(marks) == 729
    for level in (1, 2, 3):
        found = nonet.hint(marks, level=level)
        assert found.level == level and found.technique == "Hidden single"
    assert nonet.hint(marks, level=1).text == "Hint: Hidden single in box 2"
    assert "r1c6" in nonet.hint(marks, level=2).text
    step = nonet.hint(marks, level=3).step
    grid, solution = replay(nonet.Puzzle.parse(WIKIPEDIA), [step])
    assert nonet.hint(nonet.Puzzle.parse(WIKIPEDIA)).step == step
    assert nonet.hint(WIKIPEDIA_SOLUTION) is None


def test_hint_from_a_position_without_the_solution():
    solution = WIKIPEDIA_SOLUTION
    marks = list(nonet.candidates(WIKIPEDIA, as_text=True))
    cell = WIKIPEDIA.index(".")
    digit = int(solution[cell])
    marks[cell * 9 + digit - 1] = "."  # cross out the right digit
    with pytest.raises(nonet.PuzzleError, match="no grid fits these entries and pencil marks") as caught:
        nonet.hint("".join(marks))
    assert caught.value.status == "contradiction"


def test_hint_matches_the_cli(nonet_binary):
    marks = nonet.candidates(WIKIPEDIA, as_text=True)
    for level in (1, 2, 3):
        cli = subprocess.run([nonet_binary, "hint", "--level", str(level)], input=marks, capture_output=True,
                             text=True, check=True)
        assert cli.stdout.rstrip("\n") == nonet.hint(marks, level=level).text


def test_rate_known_ratings(data_dir):
    """Puzzles of cbg-000 with their published SE 1.2.1 ratings (the quick ones)."""
    rated = []
    for line in (data_dir / "rated" / "cbg-000-se121.txt").read_text().splitlines():
        puzzle, rating = line.split()
        if float(rating) <= 4.0:
            rated.append((puzzle, float(rating)))
        if len(rated) == 8:
            break
    for puzzle, rating in rated:
        found = nonet.rate(puzzle)
        assert found.solved and math.isclose(round(found.er, 1), rating), puzzle


def test_rate_scales():
    se = nonet.rate(WIKIPEDIA)
    assert (se.er, se.ep, se.ed, se.hardest, se.solved) == (1.2, 1.2, 1.2, "Hidden single", True)
    assert nonet.rate(WIKIPEDIA, "sukaku").solved
    assert se.to_dict()["hardest"] == "Hidden single"
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.rate("." * 16)
    assert caught.value.status == "multiple"


@pytest.mark.parametrize("options", [
    dict(), dict(variant="diagonal"), dict(variant="windoku"), dict(variant="jigsaw", regions=JIGSAW_REGIONS),
    dict(size=4), dict(size=16), dict(difficulty="easy", symmetry="rot180"),
    dict(variant="windoku", size=6), dict(variant="windoku", size=16),
], ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items() if k != "regions") or "classic")
def test_generate(options):
    puzzles = nonet.generate(2, seed=11, **options)
    assert len(puzzles) == 2 and puzzles[0] != puzzles[1]
    for p in puzzles:
        assert p.variant == options.get("variant", "classic")
        assert nonet.check(p) == "unique"
        assert_solves(p, nonet.solve(p).solution)
    if options.get("symmetry") == "rot180":
        for p in puzzles:
            filled = p.grid() != 0
            assert (filled == filled[::-1, ::-1]).all()
    if options.get("difficulty") == "easy":
        for p in puzzles:
            assert 1.6 <= nonet.rate(p).er <= 2.5


def test_generate_streams():
    stream = nonet.generate(4, seed=5)
    assert stream == nonet.generate(4, seed=5, threads=1)
    assert stream[2:] == nonet.generate(2, seed=5, start=2)
    assert stream != nonet.generate(4, seed=6)


def test_generate_matches_the_cli(nonet_binary):
    cli = subprocess.run([nonet_binary, "generate", "-n", "3", "--seed", "5", "--difficulty", "easy"],
                         capture_output=True, text=True, check=True)
    assert cli.stdout.split() == [str(p) for p in nonet.generate(3, seed=5, difficulty="easy")]


def test_generate_errors():
    with pytest.raises(nonet.GenerateError, match="unknown difficulty"):
        nonet.generate(1, difficulty="impossible")
    with pytest.raises(nonet.GenerateError):
        nonet.generate(1, size=6, symmetry="rot90")
    with pytest.raises(ValueError):
        nonet.generate(1, symmetry="spiral")
    assert "easy" in nonet.levels() and "rot180" in nonet.symmetries()


def test_explain_says_how_it_ended():
    solved = nonet.explain(WIKIPEDIA)
    assert isinstance(solved, nonet.Explanation) and isinstance(solved, list)
    assert solved.status == "solved" and solved.solved and solved.rating.er == 1.2
    capped = nonet.explain(CBG000, max_technique="3.0")
    assert capped.status == "above-limit" and not capped.solved
    assert capped.stopped == "the next step needs X-Wing (3.2), above the limit 3.0"
    assert len(capped.candidates) == 729
    several = nonet.explain("." * 81)
    assert several.status == "multiple" and several == []
    assert capped.to_dict()["status"] == "above-limit"


def test_hint_on_several_solutions_says_so():
    # Before, None: as if the puzzle were solved.
    with pytest.raises(nonet.PuzzleError, match="more than one solution") as caught:
        nonet.hint("." * 81)
    assert caught.value.status == "multiple"
    assert nonet.hint(WIKIPEDIA_SOLUTION) is None


def test_a_hint_out_of_time_names_a_cell_to_reveal():
    # A forum-hardest puzzle whose first step is a nested chain of seconds.
    hardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6."
    with pytest.raises(nonet.PuzzleError, match="; a cell to reveal: r[1-9]c[1-9]") as caught:
        nonet.hint(hardest, time_limit=0.2)
    assert caught.value.status == "gave-up"
    cell = re.search(r"revealed: r(\d)c(\d)=(\d)", _message_of(lambda: nonet.hint(hardest, level=3, time_limit=0.2)))
    assert cell, "level 3 gives the digit"
    row, column, digit = (int(x) for x in cell.groups())
    assert str(nonet.solve(hardest).solution)[(row - 1) * 9 + column - 1] == str(digit)


def test_reveal_gives_a_cell_with_the_fewest_candidates_and_its_digit():
    hardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6."
    shown = nonet.reveal(hardest)
    assert isinstance(shown, nonet.Reveal) and shown.cell == f"r{shown.row}c{shown.column}"
    solution = str(nonet.solve(hardest).solution)
    assert solution[(shown.row - 1) * 9 + shown.column - 1] == str(shown.digit)
    marks = nonet.candidates(hardest, as_text=True)
    groups = [marks[i:i + 9] for i in range(0, 81 * 9, 9)]
    fewest = min(9 - g.count(".") for g, given in zip(groups, hardest) if given == ".")
    picked = groups[(shown.row - 1) * 9 + shown.column - 1]
    assert 9 - picked.count(".") == fewest
    # From the player's own pencil marks too, and None once solved.
    assert nonet.reveal(marks) == shown
    assert nonet.reveal(solution) is None
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.reveal("." * 81)
    assert caught.value.status == "multiple"


def _message_of(call):
    with pytest.raises(nonet.PuzzleError) as caught:
        call()
    return str(caught.value)


def test_logic_calls_have_the_clis_time_limit():
    for function in (nonet.explain, nonet.rate, nonet.hint):
        assert inspect.signature(function).parameters["time_limit"].default == 60, function.__name__
    with pytest.raises(nonet.PuzzleError) as caught:
        nonet.rate(EASTER_MONSTER, time_limit=0.01)
    assert caught.value.status == "gave-up"


def test_candidates_as_an_array():
    marks = nonet.candidates(WIKIPEDIA)
    assert marks.shape == (9, 9, 9) and marks.dtype == bool
    assert marks[0, 0].tolist() == [d == 5 for d in range(1, 10)]  # the given 5
    assert marks[0, 2].nonzero()[0].tolist() == [0, 1, 3]          # r1c3: 1, 2 or 4
    text = nonet.candidates(WIKIPEDIA, as_text=True)
    assert "".join(str(d + 1) if marks.reshape(81, 9)[c, d] else "." for c in range(81) for d in range(9)) == text


def test_package_namespace_is_the_api():
    for private in ("np", "os", "json"):
        assert not hasattr(nonet, private), private


def test_text_takes_the_variant_everywhere():
    diagonal = example("diagonal.txt").split()[0]
    solved = nonet.solve(diagonal, variant="diagonal")
    assert solved.status == "unique" and solved.solution.variant == "diagonal"
    assert nonet.check(diagonal, variant="diagonal") == "unique"
    assert nonet.count(diagonal, variant="diagonal") == 1
    assert nonet.explain(diagonal, variant="diagonal").solved
    assert nonet.candidates(diagonal, variant="diagonal").shape == (9, 9, 9)
