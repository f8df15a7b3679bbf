"""The decision-table mechanism shared by the rules and verifier judges."""

from __future__ import annotations

import pytest

from grounding.judges.table import Row, Table


def _table() -> Table[int, str]:
    return Table(
        (
            Row("negative", "below zero", lambda n, _: "neg" if n < 0 else None),
            Row("zero", "zero", lambda n, _: "zero" if n == 0 else None),
            Row("positive", "otherwise", lambda n, _: "pos"),
            Row(
                "big",
                "an amendment: above 100",
                lambda n, o: f"big {o}" if n > 100 else None,
                amends=True,
            ),
        )
    )


def test_the_first_deciding_row_wins_and_amendments_follow() -> None:
    t = _table()
    assert t.decide(-1) == ("negative", "neg")
    assert t.decide(0) == ("zero", "zero")
    assert t.decide(5) == ("positive", "pos")
    assert t.decide(500) == ("big", "big pos")
    assert t.names() == ("negative", "zero", "positive", "big")


def test_row_names_are_distinct_and_some_row_decides() -> None:
    with pytest.raises(ValueError):
        Table((Row("a", "", lambda n, _: None), Row("a", "", lambda n, _: None)))
    with pytest.raises(ValueError):
        Table((Row("a", "", lambda n, _: None),)).decide(1)


def test_the_judges_tables_have_named_rows() -> None:
    from grounding.judges.verifier_judge import TABLE

    assert TABLE.names()[0] == "not_a_claim" and TABLE.names()[-1] == "not_stated"
