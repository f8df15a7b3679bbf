"""The number checkers run in turn, each on its own copy of the findings: a later checker
never changes what an earlier one returned, and each change is on the trail."""

from __future__ import annotations

from grounding.judges.number_common import Findings, NumberCheck, Step, run_number_checkers
from grounding.quantities import extract_quantities


def _quantity(text: str) -> NumberCheck:
    [q] = extract_quantities(text)
    return NumberCheck(q, "absent")


def test_each_checker_works_on_its_own_copy() -> None:
    seen: list[Findings] = []

    def add(f: Findings) -> None:
        f.numbers.append(_quantity("76.4%"))
        seen.append(f)

    def settle(f: Findings) -> None:
        f.numbers[0].status = "found"
        f.notes.append("settled")

    start = Findings()
    out = run_number_checkers(start, [("add", add), ("settle", settle)])
    assert start.numbers == [] and start.trail == []  # the input is left alone
    assert [c.status for c in seen[0].numbers] == ["absent"]  # the first result too
    assert seen[0].notes == []
    assert [c.status for c in out.numbers] == ["found"] and out.notes == ["settled"]
    assert out.trail == [
        Step("add", "76.4%", None, "absent"),
        Step("settle", "76.4%", "absent", "found"),
    ]


def test_a_checker_that_changes_nothing_leaves_no_step() -> None:
    start = Findings([_quantity("12 ms")])
    out = run_number_checkers(start, [("look", lambda f: None)])
    assert out.trail == [] and out is not start and out.numbers[0] is not start.numbers[0]
    assert out.numbers[0].quantity is start.numbers[0].quantity  # values are shared
