"""Shared fixtures and checks of the Python tests (run by CTest as `python -m pytest`).

The package comes from PYTHONPATH (the build tree's python/ folder); the shared
puzzle sets from NONET_DATA_DIR (default ../shared/data beside the checkout),
and tests that need them skip when they are absent; the CLI from NONET_BINARY,
for the tests that compare with it.
"""

import math
import os
from pathlib import Path

import numpy as np
import pytest

import nonet

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """The shared puzzle sets; a test that takes them skips, saying so, where they
    are absent. Present means its README.md is there, as for the C++ tests
    (tests/test_support.hpp, NONET_NEEDS_SHARED_DATA)."""
    path = Path(os.environ.get("NONET_DATA_DIR", ROOT.parent / "shared" / "data"))
    if not (path / "README.md").is_file():
        pytest.skip(f"needs the shared puzzle sets, absent here: {path} (set NONET_DATA_DIR)")
    return path


@pytest.fixture(scope="session")
def seventeen(data_dir) -> np.ndarray:
    path = data_dir / "tdoku" / "puzzles2_17_clue"
    if not path.exists():
        pytest.skip(f"no {path}")
    return nonet.load(path)


@pytest.fixture(scope="session")
def nonet_binary() -> str:
    binary = os.environ.get("NONET_BINARY", "")
    if not binary or not os.access(binary, os.X_OK):
        pytest.skip("NONET_BINARY (the CLI) not given")
    return binary


def example(name: str) -> str:
    """The first puzzle line of examples/NAME."""
    for line in (EXAMPLES / name).read_text().splitlines():
        if line and not line.startswith("#"):
            return line
    raise AssertionError(f"no puzzle in {name}")


JIGSAW_REGIONS = (EXAMPLES / "jigsaw-regions.txt").read_text().split()[0]


def box_shape(n: int):
    """The most square r x c boxes with r <= c, as the library picks them."""
    rows = max(r for r in range(1, int(math.isqrt(n)) + 1) if n % r == 0)
    return rows, n // rows


def houses(puzzle: nonet.Puzzle):
    """Every house of the puzzle's variant, worked out here from the rules, not the library."""
    n = puzzle.size
    cells = np.arange(n * n).reshape(n, n)
    out = [list(cells[r]) for r in range(n)] + [list(cells[:, c]) for c in range(n)]
    if puzzle.variant == "jigsaw":
        labels = puzzle.regions
        out += [[i for i, label in enumerate(labels) if label == key] for key in sorted(set(labels))]
        return out
    br, bc = box_shape(n)
    out += [list(cells[r:r + br, c:c + bc].ravel()) for r in range(0, n, br) for c in range(0, n, bc)]
    if puzzle.variant == "diagonal":
        out += [list(np.diag(cells)), list(np.diag(np.fliplr(cells)))]
    if puzzle.variant == "windoku":  # boxes one cell in from the top left, one cell apart, off the far edge
        out += [list(cells[r:r + br, c:c + bc].ravel())
                for r in range(1, n - br, br + 1) for c in range(1, n - bc, bc + 1)]
    return out


def assert_solves(puzzle: nonet.Puzzle, solution) -> None:
    """``solution`` (a Puzzle or N*N cells) keeps every given and fills every house with 1..N once."""
    n = puzzle.size
    grid = np.asarray(solution.grid() if isinstance(solution, nonet.Puzzle) else solution).ravel()
    givens = puzzle.grid().ravel()
    assert grid.shape == (n * n,)
    assert (grid[givens != 0] == givens[givens != 0]).all(), "a given changed"
    for house in houses(puzzle):
        assert sorted(grid[house]) == list(range(1, n + 1)), f"house {house} breaks the rules"
