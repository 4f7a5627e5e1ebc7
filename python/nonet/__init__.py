"""nonet: a Sudoku engine — solve, count, check, explain, rate and generate puzzles.

Classic 4x4 to 25x25, diagonal, windoku, jigsaw and Latin squares, over nonet's C++ library
(the same engine as the ``nonet`` command, with the same answers and messages).

One puzzle at a time::

    >>> import nonet
    >>> p = nonet.Puzzle.parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> str(nonet.solve(p).solution)[:9]
    '534678912'
    >>> nonet.count(p), nonet.check(p)
    (1, 'unique')
    >>> nonet.rate(p).er
    1.2

Batches are NumPy arrays, one puzzle a row of N*N uint8 cells (0 = empty),
answered on every core with the GIL released::

    >>> quizzes = nonet.parse_array(open("puzzles.txt").read())   # doctest: +SKIP
    >>> solved = nonet.solve_many(quizzes)                           # doctest: +SKIP
    >>> solved.solutions.shape, (solved.status == nonet.Status.UNIQUE).all()   # doctest: +SKIP

``nonet.dask`` runs the batch functions over a Dask cluster.
"""

from __future__ import annotations

import copy
import enum
import errno as _errno
import os as _os
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as _np

from . import _nonet
from ._nonet import Error, GenerateError, ParseError, Puzzle, PuzzleError, parse_all

__version__: str = _nonet.__version__

__all__ = [
    "Puzzle", "Error", "ParseError", "PuzzleError", "GenerateError", "Status", "STATUS_NAMES",
    "SolveResult", "Rating", "Step", "Candidate", "Hint", "Reveal", "Explanation",
    "parse_all", "parse_array", "load", "read_csv", "to_lines",
    "solve", "count", "check", "explain", "hint", "reveal", "candidates", "rate", "generate", "levels", "symmetries",
    "SolveBatch", "CountBatch", "RateBatch", "GenerateBatch",
    "solve_many", "count_many", "rate_many", "generate_many",
]

#: As the CLI's --max-nodes: the search per puzzle stops (status "gave-up") past this many nodes.
MAX_NODES = 100_000_000

PuzzleLike = Union[Puzzle, str]

#: The status words, by the codes the batch functions' status arrays hold.
STATUS_NAMES: Tuple[str, ...] = tuple(_nonet.status_names())


class Status(enum.IntEnum):
    """The codes of the batch functions' status arrays; ``STATUS_NAMES[code]`` is the CLI's word."""

    INVALID = 0      #: the givens clash
    NO_SOLUTION = 1  #: consistent givens, no grid completes them
    UNIQUE = 2       #: exactly one solution
    MULTIPLE = 3     #: two or more
    SOLVED = 4       #: a solution found, uniqueness not asked
    GAVE_UP = 5      #: past max_nodes

    def __str__(self) -> str:
        return STATUS_NAMES[self.value]


assert [str(s) for s in Status] == list(STATUS_NAMES), "Status out of step with the library"


def _puzzle(puzzle: PuzzleLike, variant: str = "classic", regions: Optional[str] = None, size: int = 0) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        return puzzle
    if isinstance(puzzle, str):
        return Puzzle.parse(puzzle, variant=variant, regions=regions, size=size)
    raise TypeError(f"expected a nonet.Puzzle or a str, got {type(puzzle).__name__}")


def _cells(array: Any) -> _np.ndarray:
    """A batch's cells as uint8: any integer array whose values fit (int64 from
    ``np.array([[...]])`` or pandas) is converted; other dtypes are refused."""
    if isinstance(array, _np.ndarray) and array.dtype != _np.uint8 and _np.issubdtype(array.dtype, _np.integer):
        if array.size and (array.min() < 0 or array.max() > 255):
            raise ValueError(f"cells must be digits from 0 (empty) up, got values from {array.min()} to {array.max()}")
        return array.astype(_np.uint8)
    return array


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 0
    if threads < 1:
        raise ValueError("threads must be at least 1 (None: every core)")
    return threads


# ---- Results ------------------------------------------------------------------


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``status`` is the CLI's word: 'unique', 'multiple', 'no-solution', 'invalid'
    or 'gave-up'; ``solution`` the only solution (or, for 'multiple', the first
    found), None where there is none; ``reason`` says why a puzzle is invalid.
    """

    status: str
    solution: Optional[Puzzle]
    count: int
    guesses: int
    nodes: int
    reason: str = ""

    def to_dict(self) -> Dict[str, Any]:
        """As ``nonet solve --format json`` writes it (solution as a line)."""
        out = asdict(self)
        out["solution"] = None if self.solution is None else str(self.solution)
        return out


@dataclass(frozen=True)
class Rating:
    """A Sudoku Explainer style rating: ER (hardest step), EP (hardest before the
    first placement), ED (first step), the hardest technique, and whether logic
    alone finished the puzzle."""

    er: float
    ep: float
    ed: float
    hardest: str
    solved: bool

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)


class Candidate(NamedTuple):
    """A digit in a cell; ``cell`` is the 0-based index (row * N + column)."""

    cell: int
    digit: int


@dataclass(frozen=True)
class Step:
    """One deduction of :func:`explain` or :func:`hint`.

    ``placements`` and ``eliminations`` are :class:`Candidate` tuples and ``cells``
    the pattern's cells, all as 0-based indices; ``text`` is the CLI's line
    ("Hidden single: 7 in row 3 → r3c5=7 (1.5)"); :meth:`to_dict` gives the CLI's
    JSON form, which names cells "r3c5".
    """

    technique: str
    rating: float
    text: str
    detail: str
    placements: List[Candidate]
    eliminations: List[Candidate]
    cells: List[int]
    houses: List[str]
    _json: Dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def _from(cls, raw: Dict[str, Any]) -> "Step":
        data = raw["json"]
        return cls(technique=data["technique"], rating=data["rating"], text=data["text"], detail=data["detail"],
                   placements=[Candidate(*c) for c in raw["placements"]],
                   eliminations=[Candidate(*c) for c in raw["eliminations"]],
                   cells=list(raw["cells"]), houses=list(data["houses"]), _json=data)

    def to_dict(self) -> Dict[str, Any]:
        """The step as ``nonet explain --format json`` writes it."""
        return copy.deepcopy(self._json)


@dataclass(frozen=True)
class Hint:
    """A hint: ``text`` is ``nonet hint --level L``'s words; ``step`` the whole step."""

    level: int
    text: str
    step: Step

    @property
    def technique(self) -> str:
        return self.step.technique

    def to_dict(self) -> Dict[str, Any]:
        return {"level": self.level, "text": self.text, "step": self.step.to_dict()}


@dataclass(frozen=True)
class Reveal:
    """A cell to fill in, as :func:`reveal` gives it: ``cell`` its name ("r1c5"),
    ``row`` and ``column`` from 1, ``digit`` its digit in the solution."""

    cell: str
    row: int
    column: int
    digit: int


class Explanation(list):
    """What :func:`explain` found: the steps (it is a list of :class:`Step`), and
    how the solve ended.

    ``status`` is the word every front end uses: 'solved'; or where logic
    stopped short 'stuck' (no technique applies), 'above-limit' (the next step
    is harder than ``max_technique``), 'multiple' (the puzzle has several
    solutions) or 'gave-up' (the time limit); ``stopped`` says why in words,
    ``candidates`` gives the pencil marks where it stopped (N*N groups of N
    characters, as :func:`candidates`), and ``rating`` the rating so far.
    """

    def __init__(self, steps: List[Step], status: str, stopped: str, rating: Rating, candidates: str) -> None:
        super().__init__(steps)
        self.status = status
        self.stopped = stopped
        self.rating = rating
        self.candidates = candidates

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def steps(self) -> List[Step]:
        return list(self)

    def __repr__(self) -> str:
        return f"Explanation(status={self.status!r}, steps={len(self)}, rating={self.rating!r})"

    def to_dict(self) -> Dict[str, Any]:
        """As ``nonet explain --format json`` writes it, less the record's own fields."""
        out: Dict[str, Any] = {"status": self.status, "solved": self.solved, "rating": self.rating.to_dict(),
                               "steps": [s.to_dict() for s in self]}
        if not self.solved:
            out["stopped"] = self.stopped
            out["candidates"] = self.candidates
        return out


# ---- One puzzle -----------------------------------------------------------------


def solve(puzzle: PuzzleLike, *, max_nodes: int = MAX_NODES, time_limit: float = 0, random: bool = False,
          seed: int = 0, variant: str = "classic", regions: Optional[str] = None, size: int = 0) -> SolveResult:
    """Solve a puzzle exactly and say whether its solution is unique.

    ``puzzle`` is a :class:`Puzzle` or text (parsed as ``Puzzle.parse`` with
    ``variant``, ``regions`` and ``size``, as every function here takes text).
    ``max_nodes`` and ``time_limit`` (seconds, 0: none) bound the search; past
    them the status is 'gave-up'. ``random=True`` picks a random solution,
    reproducibly for a ``seed`` (an empty grid gives a random full grid).

    >>> nonet.solve("1...............").status
    'multiple'
    """
    status, solution, found, guesses, nodes, reason = _nonet.solve(_puzzle(puzzle, variant, regions, size), max_nodes, time_limit, random, seed)
    return SolveResult(status, solution, found, guesses, nodes, reason)


def count(puzzle: PuzzleLike, limit: int = 2, *, max_nodes: int = MAX_NODES, variant: str = "classic",
          regions: Optional[str] = None, size: int = 0) -> int:
    """The number of solutions, counted up to ``limit`` (so 2 means "not unique").

    Raises :class:`PuzzleError` (status 'invalid') where the givens clash and
    (status 'gave-up') past ``max_nodes``. A puzzle without a solution counts 0.
    """
    return _nonet.count(_puzzle(puzzle, variant, regions, size), limit, max_nodes)[1]


def check(puzzle: PuzzleLike, *, max_nodes: int = MAX_NODES, variant: str = "classic", regions: Optional[str] = None,
          size: int = 0) -> str:
    """The CLI's verdict: 'unique', 'multiple', 'no-solution', 'invalid' or 'gave-up'.

    ``solve(p).reason`` says why a puzzle is invalid.
    """
    return _nonet.solve(_puzzle(puzzle, variant, regions, size), max_nodes, 0, False, 0)[0]


def explain(puzzle: PuzzleLike, *, scale: str = "se", max_technique: Optional[str] = None, extras: bool = False,
            time_limit: float = 60, max_nodes: int = MAX_NODES, variant: str = "classic",
            regions: Optional[str] = None, size: int = 0) -> Explanation:
    """The steps a person would take, easiest technique first, as ``nonet explain``.

    ``scale`` is 'se' (Sudoku Explainer 1.2.1) or 'sukaku'; ``max_technique`` (a
    technique name such as "xy-wing", or a rating such as "4.2") stops where a
    harder step would be needed; ``extras`` allows techniques no SE scale rates.
    ``time_limit`` (seconds, 0: none; 60 as the CLI) bounds the whole call.
    Returns an :class:`Explanation`: the list of steps, with ``status`` saying
    how it ended ('solved', 'stuck', 'above-limit', 'multiple').
    Raises :class:`PuzzleError` for clashing givens, no solution, or past the
    time or node limit (status 'gave-up').
    """
    found = _nonet.explain(_puzzle(puzzle, variant, regions, size), scale, max_technique, extras, time_limit, max_nodes)
    return Explanation([Step._from(s) for s in found["steps"]], found["status"], found["stopped"],
                       Rating(**found["rating"]), found["candidates"])


def hint(position: PuzzleLike, level: int = 1, *, scale: str = "se", extras: bool = True, time_limit: float = 60,
         max_nodes: int = MAX_NODES, variant: str = "classic", regions: Optional[str] = None,
         size: int = 0) -> Optional[Hint]:
    """The easiest next step from a position, as ``nonet hint``.

    ``position`` is a :class:`Puzzle` (its givens), or text: pencil marks —
    N*N groups of N characters, each the digit of its place or '.' (what
    :func:`candidates` returns as text), or a pencil-mark grid as HoDoKu prints
    it — or a puzzle. ``level`` 1 names the technique and its houses, 2 adds the
    cells to look at, 3 gives the whole step. Returns None where the position
    is solved or no technique applies (:func:`reveal` then gives a cell to
    fill in); on a puzzle with variant rules, also where logic finds no step
    within 0.06 s (a hint stops looking there and answers within 0.09 s;
    :func:`explain` looks as long as ``time_limit`` allows). Raises :class:`PuzzleError` where no grid
    fits the position (status 'contradiction': a wrong digit, a needed candidate
    crossed out), where the puzzle has several solutions and logic can take no
    step ('multiple'), and past the time or node limit ('gave-up': on a puzzle
    with one solution its message names a cell to reveal, with its digit at
    level 3, as ``nonet hint`` does).
    ``variant``/``regions``/``size`` say how to read text.
    """
    if not isinstance(position, (Puzzle, str)):
        raise TypeError(f"hint: expected a nonet.Puzzle or a str, got {type(position).__name__}")
    found = _nonet.hint(position, level, scale, extras, time_limit, max_nodes, variant, regions, size)
    if found is None:
        return None
    return Hint(level, found[0], Step._from(found[1]))


def reveal(position: PuzzleLike, *, time_limit: float = 60, max_nodes: int = MAX_NODES, variant: str = "classic",
           regions: Optional[str] = None, size: int = 0) -> Optional[Reveal]:
    """A cell to fill in without logic: the open cell with the fewest
    candidates and its digit in the solution, as the page's Reveal button and
    the cell ``nonet hint`` offers where it finds no step.

    ``position`` is what :func:`hint` takes. Returns None where the position
    is solved. Raises :class:`PuzzleError` where no one solution fits it
    (status 'multiple', 'contradiction', 'invalid', 'no-solution', or
    'gave-up' past ``time_limit`` seconds or ``max_nodes``).
    """
    if not isinstance(position, (Puzzle, str)):
        raise TypeError(f"reveal: expected a nonet.Puzzle or a str, got {type(position).__name__}")
    found = _nonet.reveal(position, time_limit, max_nodes, variant, regions, size)
    return None if found is None else Reveal(*found)


def candidates(puzzle: PuzzleLike, *, as_text: bool = False, variant: str = "classic", regions: Optional[str] = None,
               size: int = 0) -> Union[_np.ndarray, str]:
    """The pencil marks of the givens: each empty cell holds every digit its
    peers allow, a given only its digit.

    An (N, N, N) bool array: ``marks[row, column, digit - 1]``. With
    ``as_text=True``, N*N groups of N characters (each the digit of its place or
    '.'), the form :func:`hint` reads: cross digits out (replace them with '.')
    to make a position.
    """
    p = _puzzle(puzzle, variant, regions, size)
    if as_text:
        return _nonet.candidates(p)
    flat = _nonet.candidate_array(p)
    n = flat.shape[0]
    return flat.reshape(n, n, n)


def rate(puzzle: PuzzleLike, scale: str = "se", *, time_limit: float = 60, max_nodes: int = MAX_NODES,
         variant: str = "classic", regions: Optional[str] = None, size: int = 0) -> Rating:
    """The Sudoku Explainer style rating, as ``nonet rate``: ``scale`` 'se' (SE 1.2.1)
    or 'sukaku' (SukakuExplainer's default techniques).

    Only unique puzzles are rated: :class:`PuzzleError` otherwise (status
    'multiple', 'invalid', 'no-solution'), and past ``time_limit`` seconds (0:
    none; 60 as the CLI) or ``max_nodes`` (status 'gave-up'). ``solved`` is
    False where logic alone could not finish (ER is then a lower bound).
    """
    return Rating(*_nonet.rate(_puzzle(puzzle, variant, regions, size), scale, time_limit, max_nodes))


def levels() -> List[str]:
    """The generator's difficulty levels, easiest first ('simple', 'easy', ...)."""
    return [name for name, _, _ in _nonet.levels()]


def symmetries() -> List[str]:
    """The generator's symmetries ('none', 'rot180', ...)."""
    return list(_nonet.symmetries())


def generate(n: int = 1, *, difficulty: Optional[str] = None, rating: Optional[str] = None, symmetry: str = "none",
             seed: Optional[int] = None, start: int = 0, variant: str = "classic", regions: Optional[str] = None,
             size: int = 0, min_givens: int = 0, max_givens: int = 0, minimal: bool = False,
             max_attempts: int = 20000, threads: Optional[int] = None) -> List[Puzzle]:
    """``n`` new puzzles, each with exactly one solution, as ``nonet generate``.

    ``difficulty`` is a level name (see :func:`levels`) or ``rating`` an SE range
    ("2.6-3.9", "7", "8-"); ``symmetry`` one of :func:`symmetries`. Puzzle i of a
    stream depends only on (``seed``, ``start`` + i) and the options, never on
    threads, so any split of a stream gives the same puzzles. ``seed`` None picks
    one at random. Raises :class:`GenerateError` for options that cannot be met.
    Hard levels take seconds per puzzle.
    """
    batch = generate_many(n, difficulty=difficulty, rating=rating, symmetry=symmetry, seed=seed, start=start,
                          variant=variant, regions=regions, size=size, min_givens=min_givens, max_givens=max_givens,
                          minimal=minimal, max_attempts=max_attempts, threads=threads)
    return [Puzzle(row, variant=variant, regions=regions) for row in batch.puzzles]


# ---- Arrays ---------------------------------------------------------------------


def parse_array(text: str, *, variant: str = "classic", regions: Optional[str] = None, size: int = 0,
                source: str = "<string>") -> _np.ndarray:
    """Every puzzle of ``text`` (any format the CLI reads) as an (n, N*N) uint8 array.

    Raises :class:`ParseError` at the first record that is not a puzzle.
    """
    return _nonet.parse_array(text, variant, regions, size, source)


def load(path: Union[str, _os.PathLike], *, variant: str = "classic", regions: Optional[str] = None,
         size: int = 0) -> _np.ndarray:
    """Every puzzle of a file (as ``nonet solve FILE`` reads it) as an (n, N*N) uint8 array."""
    path = _os.fspath(path)
    if not _os.path.exists(path):
        raise FileNotFoundError(path)
    if _os.path.isdir(path):
        # The C++ stream opens a directory and fails at its first read, with
        # a message about stream buffers: say what it is, as open() would.
        raise IsADirectoryError(_errno.EISDIR, _os.strerror(_errno.EISDIR), path)
    return _nonet.load_array(path, variant, regions, size)


def read_csv(path: Union[str, _os.PathLike]) -> Tuple[_np.ndarray, _np.ndarray]:
    """The Kaggle sudoku CSV (header ``quizzes,solutions``; lines of 81 digits, 0 =
    empty, a comma, 81 digits) as two (n, 81) uint8 arrays: quizzes and solutions.

    The file is read as fixed-width bytes, without a Python object per line.
    """
    raw = _np.fromfile(_os.fspath(path), dtype=_np.uint8)
    header = int(_np.argmax(raw == ord("\n"))) + 1
    body = raw[header:]
    width = 165 if body.size >= 165 and body[163] == ord("\r") else 164  # 81 + ',' + 81 + '\n' (+ '\r')
    if body.size % width:
        raise ValueError(f"{_os.fspath(path)}: not a file of lines of 81 digits, a comma and 81 digits")
    lines = body.reshape(-1, width)
    if lines.size and ((lines[:, 81] != ord(",")).any() or (lines[:, width - 1] != ord("\n")).any()):
        raise ValueError(f"{_os.fspath(path)}: not a file of lines of 81 digits, a comma and 81 digits")
    digits = lines[:, :163] - _np.uint8(ord("0"))
    return _np.ascontiguousarray(digits[:, :81]), _np.ascontiguousarray(digits[:, 82:163])


def to_lines(array: _np.ndarray) -> List[str]:
    """Rows of an (n, N*N) uint8 array as the CLI's one-line form ('.' empty)."""
    if not isinstance(array, _np.ndarray) or array.ndim != 2:
        raise ValueError("to_lines: expected a 2-D array, one puzzle a row")
    alphabet = _np.frombuffer(b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", dtype=_np.uint8)
    return [bytes(row).decode("ascii") for row in alphabet[array]]


class SolveBatch(NamedTuple):
    """:func:`solve_many`'s answer: ``solutions`` (n, N*N) uint8 (zeros where none
    was found), ``status`` (n,) uint8 codes of :class:`Status`, ``count`` (n,)
    uint64 solutions found, up to 2."""

    solutions: _np.ndarray
    status: _np.ndarray
    count: _np.ndarray


class CountBatch(NamedTuple):
    """:func:`count_many`'s answer: ``count`` (n,) uint64 up to the limit, ``status`` (n,) uint8."""

    count: _np.ndarray
    status: _np.ndarray


class RateBatch(NamedTuple):
    """:func:`rate_many`'s answer: float64 ``er``, ``ep``, ``ed`` (NaN where not rated:
    the puzzle is not unique), bool ``solved``, and uint8 ``status`` (the exact verdict)."""

    er: _np.ndarray
    ep: _np.ndarray
    ed: _np.ndarray
    solved: _np.ndarray
    status: _np.ndarray


class GenerateBatch(NamedTuple):
    """:func:`generate_many`'s answer: ``puzzles`` and ``solutions``, (n, N*N) uint8 each."""

    puzzles: _np.ndarray
    solutions: _np.ndarray


def solve_many(array: _np.ndarray, *, variant: str = "classic", regions: Optional[str] = None, size: int = 0,
               max_nodes: int = MAX_NODES, threads: Optional[int] = None) -> SolveBatch:
    """Solve every row of an (n, N*N) uint8 array (0 = empty) on ``threads`` threads
    (None: every core), with the GIL released; rows answer as :func:`solve` does.

    ``array`` must be a NumPy uint8 array (TypeError otherwise) of 2 dimensions
    whose rows are N*N cells of 0..N (ValueError otherwise); N comes from the row
    length unless ``size`` says it. ``variant``/``regions`` apply to every row.

    >>> quizzes, _ = nonet.read_csv("sudoku.csv")        # doctest: +SKIP
    >>> nonet.solve_many(quizzes).solutions              # doctest: +SKIP
    """
    return SolveBatch(*_nonet.solve_many(_cells(array), variant, regions, size, max_nodes, _threads(threads)))


def count_many(array: _np.ndarray, limit: int = 2, *, variant: str = "classic", regions: Optional[str] = None,
               size: int = 0, max_nodes: int = MAX_NODES, threads: Optional[int] = None) -> CountBatch:
    """Count the solutions of every row up to ``limit``, as :func:`solve_many` solves them.

    Where :func:`count` raises (clashing givens, past ``max_nodes``) the status says so."""
    return CountBatch(*_nonet.count_many(_cells(array), limit, variant, regions, size, max_nodes, _threads(threads)))


def rate_many(array: _np.ndarray, scale: str = "se", *, variant: str = "classic", regions: Optional[str] = None,
              size: int = 0, time_limit: float = 0, max_nodes: int = MAX_NODES,
              threads: Optional[int] = None) -> RateBatch:
    """Rate every row as :func:`rate` does, on every core; rows that are not unique keep NaN."""
    return RateBatch(*_nonet.rate_many(_cells(array), scale, variant, regions, size, time_limit, max_nodes, _threads(threads)))


def generate_many(n: int, *, difficulty: Optional[str] = None, rating: Optional[str] = None, symmetry: str = "none",
                  seed: Optional[int] = None, start: int = 0, variant: str = "classic", regions: Optional[str] = None,
                  size: int = 0, min_givens: int = 0, max_givens: int = 0, minimal: bool = False,
                  max_attempts: int = 20000, threads: Optional[int] = None) -> GenerateBatch:
    """Puzzles ``start`` .. ``start + n - 1`` of the stream for ``seed``, as arrays, on every core.

    The options are :func:`generate`'s; row i is the same whatever ``threads``
    or however the stream is split (``generate_many(10, seed=s)`` equals
    ``generate_many(4, seed=s)`` followed by ``generate_many(6, seed=s, start=4)``).
    """
    if n < 0 or start < 0:
        raise ValueError("generate_many: n and start must not be negative")
    if seed is None:
        seed = int.from_bytes(_os.urandom(8), "little")
    return GenerateBatch(*_nonet.generate_many(n, seed, start, variant, regions, size, difficulty, rating, symmetry,
                                                min_givens, max_givens, minimal, max_attempts, _threads(threads)))
