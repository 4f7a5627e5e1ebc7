"""nonet.dask on a distributed.LocalCluster of two worker processes: the answers
equal the in-process ones."""

import dask
import dask.array as da
import dask.bag as db
import numpy as np
import pytest

import nonet
import nonet.dask as nd

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    # Worker processes inherit the environment (PYTHONPATH, and LD_PRELOAD under the sanitizers).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def quizzes():
    made = nonet.generate_many(60, seed=17)
    return np.vstack([made.puzzles, np.zeros((4, 81), np.uint8)])  # and some with many solutions


def test_solve_array(client, quizzes):
    x = da.from_array(quizzes, chunks=(16, 81))
    solutions, status, count = dask.compute(*nd.solve_array(x))
    expected = nonet.solve_many(quizzes)
    assert (solutions == expected.solutions).all() and (status == expected.status).all()
    assert (count == expected.count).all()
    assert len(client.scheduler_info()["workers"]) == 2
    assert (nd.count_array(x, 3).compute() == nonet.count_many(quizzes, 3).count).all()


def test_rate_array_and_bag(client, quizzes):
    x = da.from_array(quizzes[:20], chunks=(7, 81))
    er, ep, ed, solved, status = dask.compute(*nd.rate_array(x))
    expected = nonet.rate_many(quizzes[:20])
    for got, want in zip((er, ep, ed, solved, status), expected[:3] + (expected.solved, expected.status)):
        np.testing.assert_array_equal(got, want)
    lines = nonet.to_lines(quizzes[:20])
    rated = nd.rate_bag(db.from_sequence(lines, npartitions=3)).compute()
    assert [r["er"] for r in rated] == list(expected.er) and [r["puzzle"] for r in rated] == lines


def test_solve_bag(client, quizzes):
    puzzles = [nonet.Puzzle(row) for row in quizzes]  # Puzzle objects travel pickled
    solved = nd.solve_bag(db.from_sequence(puzzles, npartitions=4)).compute()
    assert [s["solution"] for s in solved] == [str(nonet.solve(p).solution) for p in puzzles]
    assert [s["status"] for s in solved] == [nonet.check(p) for p in puzzles]


def test_generate_shards(client):
    puzzles, solutions = dask.compute(*nd.generate_array(12, seed=99, parts=3, difficulty="easy"))
    expected = nonet.generate_many(12, seed=99, difficulty="easy")
    assert (puzzles == expected.puzzles).all() and (solutions == expected.solutions).all()
    assert nd.generate_bag(12, seed=99, parts=5, difficulty="easy").compute() == nonet.to_lines(expected.puzzles)
    assert nd.shards(10, 3) == [(0, 3), (3, 3), (6, 4)]
    with pytest.raises(nonet.GenerateError):
        nd.generate_array(4, seed=1, parts=2, difficulty="no-such-level")


def test_argument_errors():
    with pytest.raises(TypeError, match="dtype uint8"):
        nd.solve_array(da.zeros((4, 81), dtype=np.int32))
    with pytest.raises(TypeError, match="dask.array.Array"):
        nd.solve_array(np.zeros((4, 81), np.uint8))
