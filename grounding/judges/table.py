"""Ordered, named decision tables: the one mechanism by which a judge picks a label.

A table is a tuple of :class:`Row` read top to bottom. A row has a name, its condition in
words (for the docs) and a pure function of the judge's state that returns an outcome, or
None when the row does not apply. The first row that returns an outcome decides; rows
marked ``amends`` come after the deciding rows and may replace the outcome so far (a
sentence that quotes the paper, a table reference that names the wrong table). The name
of the last row that returned an outcome is the row that decided, kept by the judges in
``Judgement.extra["row"]``.

Usage::

    TABLE = Table((
        Row("not_a_claim", "the sentence is framing", lambda s, _: s.framing()),
        Row("otherwise", "anything else", lambda s, _: s.nei()),
    ))
    row, outcome = TABLE.decide(state)

Used by the rules judge (:mod:`grounding.judges.rules_table`) and the verifier judge
(:mod:`grounding.judges.verifier_judge`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")
O = TypeVar("O")


@dataclass(frozen=True, slots=True)
class Row(Generic[S, O]):
    """One row of a decision table.

    name: what ``Judgement.extra["row"]`` says when this row decides. when: the condition
    in words. then: ``(state, outcome so far) -> outcome`` or None (the row does not
    apply); pure. amends: the row reads the outcome so far and may replace it (it runs
    after a deciding row has set one); a deciding row runs only while none is set.
    """

    name: str
    when: str
    then: Callable[[S, O | None], O | None]
    amends: bool = False


@dataclass(frozen=True, slots=True)
class Table(Generic[S, O]):
    """An ordered tuple of rows; :meth:`decide` applies them to a state."""

    rows: tuple[Row[S, O], ...]

    def __post_init__(self) -> None:
        names = [r.name for r in self.rows]
        if len(set(names)) != len(names):
            raise ValueError(f"decision table rows must have distinct names: {names}")

    def decide(self, state: S) -> tuple[str, O]:
        """``(name of the row that decided, outcome)`` for ``state``.

        Raises: ValueError if no row decides (a table ends with a row that always does).
        """
        name: str | None = None
        outcome: O | None = None
        for row in self.rows:
            if row.amends is (outcome is None):
                continue
            got = row.then(state, outcome)
            if got is not None:
                name, outcome = row.name, got
        if name is None or outcome is None:
            raise ValueError("no row of the decision table applied")
        return name, outcome

    def names(self) -> tuple[str, ...]:
        """The row names, in order."""
        return tuple(r.name for r in self.rows)


__all__ = ["Row", "Table"]
