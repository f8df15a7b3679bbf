"""The number checkers run in turn, each on its own copy of the findings: a later checker
never changes what an earlier one returned, and each change is on the trail."""

from __future__ import annotations

import json

from grounding.check import check
from grounding.judges.number_common import (
    Findings,
    NumberCheck,
    NumberStatus,
    Step,
    run_number_checkers,
)
from grounding.quantities import extract_quantities
from tests.conftest import PAPERS, need


def _quantity(text: str) -> NumberCheck:
    [q] = extract_quantities(text)
    return NumberCheck(q, NumberStatus.ABSENT)


def test_each_checker_works_on_its_own_copy() -> None:
    seen: list[Findings] = []

    def add(f: Findings) -> None:
        f.numbers.append(_quantity("76.4%"))
        seen.append(f)

    def settle(f: Findings) -> None:
        f.numbers[0].status = NumberStatus.FOUND
        f.notes.append("settled")

    start = Findings()
    out = run_number_checkers(start, [("add", add), ("settle", settle)])
    assert start.numbers == [] and start.trail == []  # the input is left alone
    assert [c.status for c in seen[0].numbers] == ["absent"]  # the first result too
    assert seen[0].notes == []
    assert [c.status for c in out.numbers] == ["found"] and out.notes == ["settled"]
    assert out.trail == [
        Step("add", "76.4%", None, NumberStatus.ABSENT),
        Step("settle", "76.4%", NumberStatus.ABSENT, NumberStatus.FOUND),
    ]


def test_a_checker_that_changes_nothing_leaves_no_step() -> None:
    start = Findings([_quantity("12 ms")])
    out = run_number_checkers(start, [("look", lambda f: None)])
    assert out.trail == [] and out is not start and out.numbers[0] is not start.numbers[0]
    assert out.numbers[0].quantity is start.numbers[0].quantity  # values are shared


def test_statuses_on_a_real_paper_are_members_printed_as_their_value() -> None:
    # SPECTER's row gives 91.5; 89.8 is another row's value (a conflict): both statuses
    # are enum members, written as plain strings in JSON
    pdf = need(PAPERS / "specter-2020.pdf")
    [s] = check(
        "What does SPECTER score?", "SPECTER scores 91.5 and 89.8 on average.", pdf
    ).sentences
    numbers = s.judgement.extra["numbers"]
    assert isinstance(numbers, dict) and numbers
    assert numbers == {"91.5": NumberStatus.FOUND, "89.8": NumberStatus.CONFLICT}
    assert all(isinstance(v, NumberStatus) for v in numbers.values())
    assert json.loads(json.dumps(numbers)) == {k: v.value for k, v in numbers.items()}
