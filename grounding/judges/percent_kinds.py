"""Percent, percentage points and basis points are three kinds of amount: "5%" of a rate
is no "5 percentage points" (40% -> 45% is 5 points, 12.5%), and "25 bps" is
"0.25 percentage points". A sentence's value found in the paper only as another of these
kinds is not checked (nei, with the paper's wording); one the paper gives in the other
unit of a difference (points <-> basis points, 1 : 100) is found.

Pure over an :class:`EvidenceIndex` and the sentence's number checks; no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.number_common import Findings, NumberStatus
from grounding.quantities import Quantity

#: units the quantity reader gives basis points ("25 bps", "25 bp", "25 basis points")
_BPS = frozenset({"bps", "bp", "basis"})
_NAMES = {"percent": "a percentage", "points": "percentage points", "bps": "basis points"}


def percent_kind(q: Quantity) -> str | None:
    """ "points" (a difference in percentage points: "5 pp", "5 percentage points"),
    "bps" (basis points), "percent" ("5%", "5 percent"), or None for any other number."""
    if q.unit in _BPS:
        return "bps"
    if q.kind == "percent":
        return "points" if getattr(q, "points", False) else "percent"
    return None


def _kinds_at(quantities: Iterable[Quantity], value: float) -> set[str]:
    return {
        k
        for e in quantities
        if math.isclose(e.value, value, rel_tol=1e-9, abs_tol=1e-12)
        and (k := percent_kind(e)) is not None
    }


def _paper_kinds(index: EvidenceIndex, value: float) -> set[str]:
    return {k for qs in index.page_quantities.values() for k in _kinds_at(qs, value)}


def check_percent_kinds(text: str, index: EvidenceIndex, found: Findings, hits: list[Hit]) -> None:
    """Hold each percent, percentage-point or basis-point value of the sentence to the
    kind the paper gives it (changes ``found.numbers`` in place):

    * found, or in conflict, where its passage (or, for a conflict, a retrieved passage)
      gives the same value only as another kind, and the paper nowhere gives it as the
      sentence's kind: ``misbound`` (nei), saying what the paper gives;
    * in conflict or absent, where a retrieved passage (``hits``) gives the same amount in
      the other unit of a difference (points x 100 = basis points): found there.

    Raises: nothing.
    """
    for c in found.numbers:
        q = c.quantity
        mine = percent_kind(q)
        if mine is None or not q.checkable:
            continue
        if mine in ("points", "bps") and c.status in (NumberStatus.CONFLICT, NumberStatus.ABSENT):
            other, value = ("bps", q.value * 100) if mine == "points" else ("points", q.value / 100)
            at = next((h for h in hits if other in _kinds_at(h.entry.quantities, value)), None)
            if at is not None:
                c.status, c.hit, c.correction = NumberStatus.FOUND, at, None
                c.why = f"{q.text} found on page {at.entry.page} as {value:g} {_NAMES[other]}"
                continue
        if c.status == NumberStatus.FOUND and c.hit is not None:
            where = [c.hit]
        elif c.status == NumberStatus.CONFLICT:
            where = hits
        else:
            continue
        for h in where:
            theirs = _kinds_at(h.entry.quantities, q.value)
            if theirs and mine not in theirs and mine not in _paper_kinds(index, q.value):
                given = " or ".join(sorted(_NAMES[k] for k in theirs))
                c.status, c.hit, c.correction = NumberStatus.MISBOUND, h, None
                c.why = (
                    f"the sentence gives {q.text} as {_NAMES[mine]} where page "
                    f"{h.entry.page} gives {q.value:g} as {given}"
                )
                break


__all__ = ["check_percent_kinds", "percent_kind"]
