"""nonet over Dask: solve, rate and generate puzzles across a cluster's workers.

Each helper builds a Dask collection whose partitions (or chunks) are answered
by the batch functions (:func:`nonet.solve_many`, :func:`nonet.rate_many`,
:func:`nonet.generate_many`), so a worker runs each partition on all its cores
with the GIL released. The answers are the same as the single-process ones:
solving and rating depend only on the puzzle, and puzzle i of a generated
stream only on (seed, i), so shards of a stream are disjoint and, concatenated,
are the stream. Dask does the scheduling; point a ``distributed.Client`` at any
scheduler and compute as usual::

    from distributed import Client
    import dask.array as da, nonet, nonet.dask

    client = Client("tcp://scheduler.example:8786")       # or Client(LocalCluster())
    quizzes = da.from_array(nonet.load("puzzles.txt"), chunks=(100_000, 81))
    solutions, status, count = nonet.dask.solve_array(quizzes)
    solutions, status = dask.compute(solutions, status)    # one solve per chunk

Every worker must be able to ``import nonet`` (the same build on each).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Tuple

import dask
import dask.array as da
import dask.bag as db
import numpy as np

import nonet

__all__ = ["solve_array", "count_array", "rate_array", "solve_bag", "rate_bag", "generate_array", "generate_bag",
           "shards"]


def _rows(x: da.Array, function: str) -> da.Array:
    """A 2-D uint8 Dask array chunked along the puzzles only (whole rows per chunk)."""
    if not isinstance(x, da.Array):
        raise TypeError(f"nonet.dask.{function}: expected a dask.array.Array, got {type(x).__name__}")
    if x.ndim != 2:
        raise ValueError(f"nonet.dask.{function}: expected a 2-D array of shape (n, N*N), got {x.ndim} dimensions")
    if x.dtype != np.uint8:
        raise TypeError(f"nonet.dask.{function}: expected dtype uint8, got {x.dtype}")
    return x.rechunk({1: -1})


# A chunk's answers travel as one structured array, so that solving a chunk
# happens once however many of its fields are computed.
def _solve_block(block: np.ndarray, options: Dict[str, Any]) -> np.ndarray:
    result = nonet.solve_many(block, **options)
    out = np.empty(len(block), dtype=[("solution", np.uint8, (block.shape[1],)), ("status", np.uint8),
                                      ("count", np.uint64)])
    out["solution"], out["status"], out["count"] = result.solutions, result.status, result.count
    return out


def _field(block: np.ndarray, name: str) -> np.ndarray:
    return block[name]


def solve_array(x: da.Array, **options: Any) -> Tuple[da.Array, da.Array, da.Array]:
    """Solve every row of an (n, N*N) uint8 Dask array: (solutions, status, count),
    as :func:`nonet.solve_many` gives them; ``options`` are solve_many's
    (variant, regions, size, max_nodes, threads). Compute the three together
    (``dask.compute(*solve_array(x))``) to solve each chunk once."""
    x = _rows(x, "solve_array")
    width = x.shape[1]
    answers = x.map_blocks(_solve_block, options, dtype=np.dtype([("solution", np.uint8, (width,)),
                                                                   ("status", np.uint8), ("count", np.uint64)]),
                           drop_axis=1, meta=np.empty((0,), dtype=np.uint8))
    solutions = answers.map_blocks(_field, "solution", dtype=np.uint8, new_axis=1, chunks=(x.chunks[0], (width,)))
    status = answers.map_blocks(_field, "status", dtype=np.uint8)
    count = answers.map_blocks(_field, "count", dtype=np.uint64)
    return solutions, status, count


def _count_block(block: np.ndarray, limit: int, options: Dict[str, Any]) -> np.ndarray:
    return nonet.count_many(block, limit, **options).count


def count_array(x: da.Array, limit: int = 2, **options: Any) -> da.Array:
    """The solution count (up to ``limit``) of every row, as :func:`nonet.count_many`."""
    x = _rows(x, "count_array")
    return x.map_blocks(_count_block, limit, options, dtype=np.uint64, drop_axis=1)


_RATE_FIELDS = [("er", np.float64), ("ep", np.float64), ("ed", np.float64), ("solved", np.bool_), ("status", np.uint8)]


def _rate_block(block: np.ndarray, scale: str, options: Dict[str, Any]) -> np.ndarray:
    result = nonet.rate_many(block, scale, **options)
    out = np.empty(len(block), dtype=_RATE_FIELDS)
    for name, _ in _RATE_FIELDS:
        out[name] = getattr(result, name)
    return out


def rate_array(x: da.Array, scale: str = "se", **options: Any) -> Tuple[da.Array, ...]:
    """Rate every row: (er, ep, ed, solved, status), as :func:`nonet.rate_many`."""
    x = _rows(x, "rate_array")
    answers = x.map_blocks(_rate_block, scale, options, dtype=np.dtype(_RATE_FIELDS), drop_axis=1,
                           meta=np.empty((0,), dtype=np.uint8))
    return tuple(answers.map_blocks(_field, name, dtype=dtype) for name, dtype in _RATE_FIELDS)


def _as_rows(puzzles: Iterable[Any], options: Dict[str, Any]) -> Tuple[List[str], np.ndarray]:
    """A partition of puzzles (Puzzle objects or text) as lines and an array."""
    read = {key: options[key] for key in ("variant", "regions", "size") if key in options}
    parsed = [p if isinstance(p, nonet.Puzzle) else nonet.Puzzle.parse(p, **read) for p in puzzles]
    for p in parsed:
        # An array row holds the givens alone: a killer's cages would be dropped.
        if p.constraints:
            raise ValueError(f"{p.constraints[0]['kind']} rules do not fit an array of cells: "
                             "solve such a puzzle with nonet.solve")
    if not parsed:
        return [], np.zeros((0, 81), dtype=np.uint8)
    return [str(p) for p in parsed], np.stack([p.grid().ravel() for p in parsed])


def _solve_partition(puzzles: Iterable[Any], options: Dict[str, Any]) -> List[Dict[str, Any]]:
    lines, rows = _as_rows(puzzles, options)
    if not lines:
        return []
    result = nonet.solve_many(rows, **options)
    solutions = nonet.to_lines(result.solutions)
    return [{"puzzle": line, "status": nonet.STATUS_NAMES[status], "count": int(count),
             "solution": solution if status in (nonet.Status.UNIQUE, nonet.Status.MULTIPLE) else None}
            for line, solution, status, count in zip(lines, solutions, result.status, result.count)]


def solve_bag(bag: db.Bag, **options: Any) -> db.Bag:
    """Solve a bag of puzzles (Puzzle objects or text, read with ``variant``/``regions``):
    a bag of dicts with puzzle, status, count and solution (one line each)."""
    return bag.map_partitions(_solve_partition, options)


def _rate_partition(puzzles: Iterable[Any], scale: str, options: Dict[str, Any]) -> List[Dict[str, Any]]:
    lines, rows = _as_rows(puzzles, options)
    if not lines:
        return []
    result = nonet.rate_many(rows, scale, **options)
    return [{"puzzle": line, "status": nonet.STATUS_NAMES[result.status[i]],
             "er": float(result.er[i]), "ep": float(result.ep[i]), "ed": float(result.ed[i]),
             "solved": bool(result.solved[i])} for i, line in enumerate(lines)]


def rate_bag(bag: db.Bag, scale: str = "se", **options: Any) -> db.Bag:
    """Rate a bag of puzzles: a bag of dicts with puzzle, status, er, ep, ed and solved
    (NaN ratings for puzzles that are not unique)."""
    return bag.map_partitions(_rate_partition, scale, options)


def shards(n: int, parts: int) -> List[Tuple[int, int]]:
    """(start, count) of each of ``parts`` contiguous, disjoint shards of a stream of
    ``n`` puzzles, as ``nonet generate --shard k/parts`` cuts it."""
    if n < 0 or parts < 1:
        raise ValueError("shards: n must not be negative and parts must be at least 1")
    bounds = [n * k // parts for k in range(parts + 1)]
    return [(bounds[k], bounds[k + 1] - bounds[k]) for k in range(parts)]


def _generate_shard(start: int, count: int, seed: int, options: Dict[str, Any]) -> nonet.GenerateBatch:
    return nonet.generate_many(count, seed=seed, start=start, **options)


def generate_array(n: int, *, seed: int, parts: int, **options: Any) -> Tuple[da.Array, da.Array]:
    """Puzzles 0..n-1 of the stream for ``seed`` in ``parts`` disjoint shards, one task
    each: (puzzles, solutions) as (n, N*N) uint8 Dask arrays, equal to
    ``nonet.generate_many(n, seed=seed, **options)``. ``seed`` is required, so
    that every worker makes its shard of the same stream."""
    width = nonet.generate_many(0, seed=seed, **options).puzzles.shape[1]  # checks the options here, not on a worker
    puzzles, solutions = [], []
    for start, count in shards(n, parts):
        made = dask.delayed(_generate_shard, pure=True)(start, count, seed, options)
        puzzles.append(da.from_delayed(made.puzzles, shape=(count, width), dtype=np.uint8))
        solutions.append(da.from_delayed(made.solutions, shape=(count, width), dtype=np.uint8))
    return da.concatenate(puzzles), da.concatenate(solutions)


def _generate_lines(shard: Iterable[Tuple[int, int]], seed: int, options: Dict[str, Any]) -> List[str]:
    lines: List[str] = []
    for start, count in shard:
        lines += nonet.to_lines(_generate_shard(start, count, seed, options).puzzles)
    return lines


def generate_bag(n: int, *, seed: int, parts: int, **options: Any) -> db.Bag:
    """The same stream as :func:`generate_array`, as a bag of puzzle lines ('.' empty)."""
    nonet.generate_many(0, seed=seed, **options)
    return db.from_sequence(shards(n, parts), npartitions=parts).map_partitions(_generate_lines, seed, options)
