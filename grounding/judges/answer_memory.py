"""What the rules judge remembers of the answer it is judging: the numbers it found wrong
(C1) so far, so that a later sentence repeating or computing from a wrong number is a
contradiction through its premise.

Linear in answer length: sentences are judged in order, so each call extends the running
state by the previous sentence (a dict keyed by the wrong value); only a call out of order
(another answer, a re-judged prefix) rebuilds it from the per-sentence records, once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from grounding.quantities import Quantity, comparable, extract_quantities, same_count_noun
from grounding.types import Sentence

#: A wrong number of an earlier sentence and the paper's value for it.
Wrong = tuple[Quantity, str]


def value_key(value: float) -> str:
    """The dict key of a number's value (12 significant digits: 0.1 + 0.2 meets 0.3)."""
    return format(value, ".12g")


@dataclass(slots=True)
class AnswerMemory:
    """Per evidence index: records of recently judged sentences and the running state of
    the answer in progress. ``max_records`` bounds memory (oldest records dropped).
    ``rebuilds`` counts the out-of-order calls that re-read the records (a test reads it)."""

    max_records: int = 4096
    records: dict[str, tuple[Wrong, ...]] = field(default_factory=dict)
    wrong: dict[str, list[Wrong]] = field(default_factory=dict)
    seen: int = 0
    last: str | None = None
    rebuilds: int = 0

    def sync(self, previous: Sequence[Sentence]) -> None:
        """Make the running state describe ``previous`` (the sentences before the one about
        to be judged): O(1) when ``previous`` extends the last call by one sentence."""
        if len(previous) == self.seen and (self.last if previous else None) == (
            previous[-1].text if previous else None
        ):
            return
        self.rebuilds += len(previous) > 0
        self.wrong = {}
        for s in previous:
            for w in self.records.get(s.text, ()):
                self.wrong.setdefault(value_key(w[0].value), []).append(w)
        self.seen, self.last = len(previous), previous[-1].text if previous else None

    def record(self, text: str, wrong: Sequence[Wrong]) -> None:
        """Store the wrong numbers found in ``text`` and advance the running state past it."""
        self.records.pop(text, None)
        self.records[text] = tuple(wrong)
        while len(self.records) > self.max_records:
            self.records.pop(next(iter(self.records)))
        for w in wrong:
            self.wrong.setdefault(value_key(w[0].value), []).append(w)
        self.seen, self.last = self.seen + 1, text

    def wrong_for(self, q: Quantity, operands: tuple[float, float] | None) -> Wrong | None:
        """An earlier wrong number that ``q`` repeats (same value, not another count noun
        nor another physical unit: "0.33 K" repeats no wrong "0.33 °C") or that is one of
        ``operands``; None if none. Dict lookups, no scan."""
        if q.kind not in ("word", "fraction"):
            for w in self.wrong.get(value_key(q.value), ()):
                if (
                    w[0].value != 0
                    and same_count_noun(q, w[0]) is not False
                    and comparable(q, w[0])
                ):
                    return w
        for v in operands or ():
            for w in self.wrong.get(value_key(v), ()):
                if w[0].value != 0 and math.isclose(v, w[0].value, rel_tol=1e-9):
                    return w
        return None

    def wrong_share(
        self, q: Quantity, before: Sequence[Quantity], rel_tol: float = 0.1
    ) -> Wrong | None:
        """A wrong number of the previous sentence that a part of a whole written in words
        (``q.kind == "fraction"``, no bound: "a fifth", "about half") restates while the
        paper's value does not give it: the reciprocal of a wrong multiplier ("roughly five
        times as many" where the paper says three times -> "only about a fifth the size"),
        or the wrong number's share of another number of that sentence of its kind
        (:func:`_same_kind`: "27.6 entries on average, of which 13.9 are linked" where the paper
        gives 19.3 ->
        "about half"). ``before``: the checkable numbers of the previous sentence.
        ``rel_tol``: relative tolerance of the share (a word fraction is approximate).
        None when nothing follows, or when the paper's value gives the same share too."""
        if q.kind != "fraction" or q.bound is not None or q.value <= 0 or not self.wrong:
            return None
        share = q.value / 100.0

        def near(x: float) -> bool:
            return math.isclose(x, share, rel_tol=rel_tol)

        for b in before:
            for w in self.wrong.get(value_key(b.value), ()):
                wrong, right = w[0].value, _value_of(w[1])
                if wrong == 0 or right is None or right == 0 or wrong == right:
                    continue
                if w[0].unit == "x" and near(1 / wrong) and not near(1 / right):
                    return w
                for o in before:
                    v = o.value
                    if v == 0 or v == wrong or not _same_kind(o, w[0]):
                        continue
                    if (near(wrong / v) and not near(right / v)) or (
                        near(v / wrong) and not near(v / right)
                    ):
                        return w
        return None


def _same_kind(a: Quantity, b: Quantity) -> bool:
    """Two numbers a share can be taken of: the same unit, or a count noun on one side only
    ("27.6 entries, of which 13.9 are linked"); never a percent or a multiplier with another."""
    if a.unit == b.unit:
        return True
    return (
        None in (a.unit, b.unit)
        and not {a.unit, b.unit} & {"%", "x"}
        and not (a.physical or b.physical)
    )


def _value_of(text: str) -> float | None:
    """The value of a correction as the judge writes it ("19.3", "three times")."""
    qs = extract_quantities(text)
    return qs[0].value if qs else None


__all__ = ["AnswerMemory", "Wrong", "value_key"]
