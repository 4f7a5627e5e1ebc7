"""Variant records in Python: a killer read (ISS text and nonet's JSON), solved, its
solution passing the checker; the logic calls refusing it by name; the arrays, which
hold givens alone, refusing it rather than dropping its cages; pickling keeping them."""

import json
import pickle

import pytest

import nonet
from conftest import EXAMPLES

KILLER = (EXAMPLES / "killer.txt").read_text().split()[0]
SOLUTION = "123456456123231564564231312645645312"


def as_json(puzzle: nonet.Puzzle, cells: str) -> str:
    """The puzzle's rules over other cells, in nonet's JSON."""
    return json.dumps({"puzzle": cells, "constraints": puzzle.constraints})


def test_a_killer_is_read_with_its_cages():
    p = nonet.Puzzle.parse(KILLER)
    assert (p.size, p.givens) == (6, 0)
    assert len(p.constraints) == 15
    assert p.constraints[0] == {"kind": "killer-cage", "cells": ["r6c5", "r6c6"], "value": 3}
    # nonet's JSON, as Puzzle.constraints writes it, reads back as the same puzzle.
    again = nonet.Puzzle.parse(as_json(p, "." * 36))
    assert again == p and again.constraints == p.constraints
    assert again != nonet.Puzzle.parse("." * 36), "the cages make it another puzzle"


@pytest.mark.parametrize("form", ["iss", "json"])
def test_a_killer_is_solved_and_its_solution_passes_the_checker(form):
    p = nonet.Puzzle.parse(KILLER)
    text = KILLER if form == "iss" else as_json(p, "." * 36)
    result = nonet.solve(text)
    assert result.status == "unique"
    assert str(result.solution) == SOLUTION
    assert nonet.count(text, limit=10) == 1
    assert nonet.check(text) == "unique"
    # The checker: the solution as givens keeps every cage; with 1 and 2
    # swapped everywhere the houses still hold, the cages do not.
    assert nonet.check(as_json(p, SOLUTION)) == "unique"
    broken = SOLUTION.translate(str.maketrans("12", "21"))
    assert nonet.check(as_json(p, broken)) == "invalid"
    assert "the givens break killer-cage" in nonet.solve(as_json(p, broken)).reason


@pytest.mark.parametrize("call", [nonet.explain, nonet.rate, nonet.hint])
def test_logic_reads_a_killers_cages(call):
    assert call(KILLER) is not None


def test_arrays_refuse_variant_rules_instead_of_dropping_them(tmp_path):
    with pytest.raises(nonet.ParseError, match=r"<string>:1:1: killer-cage rules do not fit an array"):
        nonet.parse_array(KILLER)
    path = tmp_path / "killer.txt"
    path.write_text(KILLER + "\n")
    with pytest.raises(nonet.ParseError, match="killer-cage"):
        nonet.load(path)


def test_pickling_keeps_the_rules_and_the_extra_houses():
    p = nonet.Puzzle.parse(KILLER + " comment")
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back.constraints == p.constraints and back.comment == "comment"
    assert nonet.solve(back).solution == nonet.solve(p).solution
    # ISS's Windoku adds houses to a classic grid: they travel too.
    windoku = nonet.Puzzle.parse(".Windoku.~R1C1_1")
    back = pickle.loads(pickle.dumps(windoku))
    assert back == windoku
    assert back != nonet.Puzzle.parse(".~R1C1_1")


def test_a_latin_square_has_rows_and_columns_only():
    # 5×5 has no boxes: as a Latin square every size reads, and a futoshiki solves.
    assert nonet.count("." * 25, limit=200000, variant="latin") == 161280
    p = nonet.Puzzle.parse("3" + "." * 24, variant="latin")
    assert p.size == 5 and p.variant == "latin"
    with pytest.raises(ValueError):
        nonet.Puzzle.parse("." * 25)
    futoshiki = (EXAMPLES / "futoshiki.json").read_text()
    result = nonet.solve(futoshiki)
    assert result.status == "unique"
    assert str(result.solution) == "5432143512321452145315234"
    assert nonet.rate(futoshiki).er > 0
