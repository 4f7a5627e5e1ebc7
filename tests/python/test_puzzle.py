"""nonet.Puzzle: parsing, the forms it prints, arrays, pickling, and the errors."""

import pickle
import subprocess

import numpy as np
import pytest

import nonet
from conftest import EXAMPLES, JIGSAW_REGIONS, example

WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_parse_and_print():
    p = nonet.Puzzle.parse(WIKIPEDIA + " wikipedia")
    assert str(p) == WIKIPEDIA
    assert p.comment == "wikipedia"
    assert (p.size, p.variant, p.regions, p.givens) == (9, "classic", None, 30)
    assert repr(p) == f"Puzzle('{WIKIPEDIA}')"
    assert p.pretty().splitlines()[0] == "5 3 . | . 7 . | . . ."


def test_grid_is_a_uint8_array():
    grid = nonet.Puzzle.parse(WIKIPEDIA).grid()
    assert grid.dtype == np.uint8 and grid.shape == (9, 9)
    assert list(grid[0]) == [5, 3, 0, 0, 7, 0, 0, 0, 0]
    assert nonet.Puzzle(grid) == nonet.Puzzle.parse(WIKIPEDIA)
    assert nonet.Puzzle(list(grid.ravel())) == nonet.Puzzle.parse(WIKIPEDIA)


def test_grid_block_and_json():
    text = "\n".join(" ".join(WIKIPEDIA[r * 9:r * 9 + 9]) for r in range(9))
    assert str(nonet.Puzzle.parse(text)) == WIKIPEDIA
    board = [[c for c in WIKIPEDIA[r * 9:r * 9 + 9]] for r in range(9)]
    import json
    assert str(nonet.Puzzle.parse(json.dumps(board))) == WIKIPEDIA


def test_variants():
    assert nonet.Puzzle.parse(example("diagonal.txt"), variant="diagonal").variant == "diagonal"
    assert nonet.Puzzle.parse(example("windoku.txt"), variant="windoku").variant == "windoku"
    jigsaw = nonet.Puzzle.parse(example("jigsaw.txt"), variant="jigsaw", regions=JIGSAW_REGIONS)
    # The labels are renumbered; the regions are the same sets of cells.
    def regions(labels):
        return sorted(sorted(i for i, l in enumerate(labels) if l == key) for key in set(labels))
    assert regions(jigsaw.regions) == regions(JIGSAW_REGIONS)
    assert nonet.Puzzle.parse("." * 16).size == 4
    assert nonet.Puzzle.parse("." * 256).size == 16
    six = nonet.Puzzle.parse((EXAMPLES / "six.txt").read_text())
    assert six.size == 6


def test_pickle_keeps_everything():
    for p in (nonet.Puzzle.parse(WIKIPEDIA + " c"),
              nonet.Puzzle.parse(example("jigsaw.txt"), variant="jigsaw", regions=JIGSAW_REGIONS),
              nonet.Puzzle.parse(example("windoku.txt"), variant="windoku")):
        q = pickle.loads(pickle.dumps(p))
        assert q == p and q.comment == p.comment and q.variant == p.variant and q.regions == p.regions
        assert type(q).__module__ == "nonet" and type(q).__name__ == "Puzzle"


def test_parse_error_positions():
    with pytest.raises(nonet.ParseError) as caught:
        nonet.Puzzle.parse(WIKIPEDIA + "\n...\n", source="mixed.txt")
    assert str(caught.value) == "mixed.txt:2:1: a second puzzle (Puzzle.parse reads one; nonet.parse_all reads many)"
    with pytest.raises(nonet.ParseError) as caught:
        nonet.Puzzle.parse("...", source="mixed.txt")
    assert str(caught.value) == ("mixed.txt:1:1: not a puzzle: 3 cells (expected N*N cells on one line, e.g. 81, "
                                 "or a grid of N rows of N)")
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, nonet.Error)


def test_parse_error_is_the_clis(tmp_path, nonet_binary):
    """Every malformed record: the message ParseError gives is the line `nonet check` writes on stderr."""
    bad = ["...", WIKIPEDIA[:40] + "x" + WIKIPEDIA[41:], "1 2 3\n4 5 6", "[[\"1\",\"2\"],[\"3\"]]"]
    for number, text in enumerate(bad):
        path = tmp_path / f"bad{number}.txt"
        path.write_text("# a comment line first\n" + text + "\n")
        cli = subprocess.run([nonet_binary, "check", str(path)], capture_output=True, text=True)
        with pytest.raises(nonet.ParseError) as caught:
            nonet.Puzzle.parse(path.read_text(), source=str(path))
        assert cli.stderr.splitlines()[0] == str(caught.value)


def test_parse_all():
    puzzles = nonet.parse_all((EXAMPLES / "classic.txt").read_text())
    assert [p.comment for p in puzzles] == ["wikipedia", "inkala-2012"]
    with pytest.raises(nonet.ParseError, match=r"^<string>:2:1: not a puzzle"):
        nonet.parse_all(WIKIPEDIA + "\n123\n")


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown variant 'sams'"):
        nonet.Puzzle.parse(WIKIPEDIA, variant="sams")
    with pytest.raises(ValueError, match="needs regions"):
        nonet.Puzzle.parse(WIKIPEDIA, variant="jigsaw")
    with pytest.raises(ValueError, match="regions:"):
        nonet.Puzzle.parse(WIKIPEDIA, variant="jigsaw", regions="1234")
    with pytest.raises(ValueError, match="cell r1c1 holds 10"):
        nonet.Puzzle([10] + [0] * 80)
    with pytest.raises(ValueError, match="expected N\\*N cells"):
        nonet.Puzzle([0] * 80)
    with pytest.raises(TypeError):
        nonet.solve(42)


def test_docstring_examples():
    """The examples in the package's docstrings (what help() shows) run as written."""
    import doctest
    failures, tried = doctest.testmod(nonet, extraglobs={"nonet": nonet}, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
