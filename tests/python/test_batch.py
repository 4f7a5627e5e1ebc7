"""The batch functions: arrays in, arrays out, on every core with the GIL released;
each row answered as the single-puzzle function answers it."""

import threading
import time

import numpy as np
import pytest

import nonet
from conftest import JIGSAW_REGIONS, assert_solves, example


def rows(puzzles):
    return np.stack([p.grid().ravel() for p in puzzles])


def test_solve_many_against_solve(seventeen):
    sample = seventeen[::97]  # ~500 puzzles spread over the file
    batch = nonet.solve_many(sample)
    assert batch.solutions.shape == sample.shape and batch.solutions.dtype == np.uint8
    assert batch.status.dtype == np.uint8 and batch.count.dtype == np.uint64
    assert (batch.status == nonet.Status.UNIQUE).all() and (batch.count == 1).all()
    for row, solution in zip(sample[:60], batch.solutions[:60]):
        one = nonet.solve(nonet.Puzzle(row))
        assert str(one.solution) == "".join(map(str, solution))
        assert_solves(nonet.Puzzle(row), solution)
    assert (nonet.solve_many(sample, threads=1).solutions == batch.solutions).all()


def test_solve_many_statuses():
    mixed = rows([nonet.Puzzle.parse(t) for t in ["." * 16, "123....4........", "11.............."]])
    batch = nonet.solve_many(mixed)
    assert [str(nonet.Status(s)) for s in batch.status] == ["multiple", "no-solution", "invalid"]
    assert [nonet.STATUS_NAMES[s] for s in batch.status] == [nonet.check(nonet.Puzzle(r)) for r in mixed]
    assert list(batch.count) == [2, 0, 0]
    assert (batch.solutions[1:] == 0).all()
    assert_solves(nonet.Puzzle(mixed[0]), batch.solutions[0])
    gave_up = nonet.solve_many(np.zeros((3, 81), np.uint8), max_nodes=1)
    assert (gave_up.status == nonet.Status.GAVE_UP).all()


def variant_rows():
    yield "classic", None, rows([nonet.Puzzle.parse(example("classic.txt"))])
    yield "diagonal", None, rows([nonet.Puzzle.parse(example("diagonal.txt"), variant="diagonal")])
    yield "windoku", None, rows([nonet.Puzzle.parse(example("windoku.txt"), variant="windoku")])
    yield "jigsaw", JIGSAW_REGIONS, rows([nonet.Puzzle.parse(example("jigsaw.txt"), variant="jigsaw",
                                                             regions=JIGSAW_REGIONS)])
    for size in (4, 16):
        yield "classic", None, nonet.generate_many(3, seed=2, size=size).puzzles


@pytest.mark.parametrize("variant,regions,array", list(variant_rows()),
                         ids=["classic", "diagonal", "windoku", "jigsaw", "4x4", "16x16"])
def test_every_variant(variant, regions, array):
    batch = nonet.solve_many(array, variant=variant, regions=regions)
    assert (batch.status == nonet.Status.UNIQUE).all()
    for row, solution in zip(array, batch.solutions):
        puzzle = nonet.Puzzle(row, variant=variant, regions=regions)
        assert_solves(puzzle, solution)
        assert (nonet.solve(puzzle).solution.grid().ravel() == solution).all()
    counts = nonet.count_many(array, 5, variant=variant, regions=regions)
    assert (counts.count == 1).all()


def test_count_many_against_count():
    empty = np.zeros((4, 16), np.uint8)
    assert list(nonet.count_many(empty, 1000).count) == [288] * 4
    some = nonet.generate_many(20, seed=9).puzzles.copy()
    some[::2, :] = 0  # empty grids: many solutions
    batch = nonet.count_many(some, 3)
    assert list(batch.count) == [nonet.count(nonet.Puzzle(r), 3) for r in some]
    assert [nonet.STATUS_NAMES[s] for s in batch.status] == [nonet.check(nonet.Puzzle(r)) for r in some]


def test_rate_many_against_rate():
    puzzles = nonet.generate_many(12, seed=4, difficulty="easy").puzzles
    puzzles = np.vstack([puzzles, np.zeros((1, 81), np.uint8)])  # the last one is not unique: NaN
    for scale in ("se", "sukaku"):
        batch = nonet.rate_many(puzzles, scale)
        for i, row in enumerate(puzzles[:-1]):
            one = nonet.rate(nonet.Puzzle(row), scale)
            assert (batch.er[i], batch.ep[i], batch.ed[i], batch.solved[i]) == (one.er, one.ep, one.ed, one.solved)
        assert np.isnan(batch.er[-1]) and batch.status[-1] == nonet.Status.MULTIPLE
        assert batch.er.dtype == np.float64 and batch.solved.dtype == np.bool_


def test_generate_many():
    batch = nonet.generate_many(6, seed=21, symmetry="rot180")
    assert batch.puzzles.shape == batch.solutions.shape == (6, 81)
    assert [str(p) for p in nonet.generate(6, seed=21, symmetry="rot180")] == nonet.to_lines(batch.puzzles)
    for puzzle, solution in zip(batch.puzzles, batch.solutions):
        assert_solves(nonet.Puzzle(puzzle), solution)
        assert nonet.check(nonet.Puzzle(puzzle)) == "unique"
    # Any split of the stream, on any number of threads, gives the same rows.
    split = np.vstack([nonet.generate_many(2, seed=21, symmetry="rot180", threads=1).puzzles,
                       nonet.generate_many(4, seed=21, symmetry="rot180", start=2).puzzles])
    assert (split == batch.puzzles).all()
    jigsaw = nonet.generate_many(2, seed=1, variant="jigsaw", regions=JIGSAW_REGIONS)
    for row in jigsaw.puzzles:
        assert nonet.check(nonet.Puzzle(row, variant="jigsaw", regions=JIGSAW_REGIONS)) == "unique"


def test_dtype_and_shape_errors():
    good = np.zeros((2, 81), np.uint8)
    for function in (nonet.solve_many, nonet.count_many, nonet.rate_many):
        with pytest.raises(TypeError, match="expected dtype uint8, got float64"):
            function(good.astype(np.float64))
        with pytest.raises(TypeError, match="expected a NumPy array"):
            function([[0] * 81])
        with pytest.raises(ValueError, match="expected a 2-D array"):
            function(good[0])
        with pytest.raises(ValueError, match="rows of 80 cells"):
            function(good[:, :80])
    bad = good.copy()
    bad[1, 10] = 10
    with pytest.raises(ValueError, match=r"row 1, cell r2c2 holds 10"):
        nonet.solve_many(bad)
    with pytest.raises(ValueError, match="rows of 81 cells are not N\\*N cells of a classic puzzle of size 4"):
        nonet.solve_many(good, size=4)
    with pytest.raises(ValueError, match="threads"):
        nonet.solve_many(good, threads=0)
    # A strided (not contiguous) uint8 view is accepted.
    wide = np.zeros((2, 162), np.uint8)
    assert nonet.solve_many(wide[:, ::2]).solutions.shape == (2, 81)
    assert nonet.solve_many(np.zeros((0, 81), np.uint8)).solutions.shape == (0, 81)


def ticks_during(batch):
    """How often a Python thread, sleeping 1 ms between ticks, ticked while batch() ran, and how long it ran."""
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.01)
    start = time.perf_counter()
    batch()
    end = time.perf_counter()
    stop.set()
    ticker.join()
    return sum(start < t < end for t in ticks), end - start


def test_gil_is_released_during_a_batch():
    """A Python thread keeps ticking while a batch runs (it could not, were the GIL held)."""
    rows = 2
    while True:
        empty = np.zeros((rows, 81), np.uint8)  # counting 50,000 grids of each: ~50 ms a row
        ticks, seconds = ticks_during(lambda: nonet.count_many(empty, 50_000, threads=1))
        if seconds > 0.2 or rows > 1000:
            break
        rows *= 4
    assert ticks >= 10, f"{ticks} ticks in {seconds:.3f} s: the GIL was held"


def test_parse_array_and_load(tmp_path):
    text = "# header\n" + example("classic.txt") + "\n" + "." * 81 + "\r\n"
    array = nonet.parse_array(text)
    assert array.shape == (2, 81) and array.dtype == np.uint8 and array[1].sum() == 0
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert (nonet.load(path) == array).all()
    with pytest.raises(nonet.ParseError, match=r"^<string>:2:1: not a puzzle"):
        nonet.parse_array("." * 81 + "\n...\n")
    with pytest.raises(nonet.ParseError, match="an array holds one size"):
        nonet.parse_array("." * 81 + "\n" + "." * 16 + "\n")
    with pytest.raises(FileNotFoundError):
        nonet.load(tmp_path / "missing.txt")
    assert nonet.to_lines(array)[0] == str(nonet.Puzzle.parse(example("classic.txt")))


def test_load_names_a_directory_and_a_binary_file(tmp_path):
    with pytest.raises(IsADirectoryError):
        nonet.load(tmp_path)
    binary = tmp_path / "program"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    with pytest.raises(nonet.ParseError, match=r": binary file, not puzzles$"):
        nonet.load(binary)


def test_read_csv(tmp_path):
    """The Kaggle layout: a header, then quiz,solution with 0 for empty."""
    made = nonet.generate_many(5, seed=3)
    lines = ["quizzes,solutions"] + [
        "".join(map(str, q)) + "," + "".join(map(str, s)) for q, s in zip(made.puzzles, made.solutions)]
    for ending in ("\n", "\r\n"):
        path = tmp_path / "sudoku.csv"
        path.write_bytes((ending.join(lines) + ending).encode())
        quizzes, solutions = nonet.read_csv(path)
        assert quizzes.dtype == np.uint8 and quizzes.shape == (5, 81)
        assert (quizzes == made.puzzles).all() and (solutions == made.solutions).all()
        assert (nonet.solve_many(quizzes).solutions == solutions).all()
    path.write_text("quizzes,solutions\n123,456\n")
    with pytest.raises(ValueError, match="not a file of lines"):
        nonet.read_csv(path)


def test_batches_take_any_integer_array():
    puzzles = nonet.generate_many(4, seed=3).puzzles
    wide = puzzles.astype(np.int64)  # what np.array([[...]]) and pandas give
    assert (nonet.solve_many(wide).solutions == nonet.solve_many(puzzles).solutions).all()
    assert (nonet.count_many(wide).count == 1).all()
    with pytest.raises(ValueError, match="cells must be digits"):
        nonet.solve_many(wide - 1)
    with pytest.raises(TypeError):
        nonet.solve_many(puzzles.astype(np.float64))
