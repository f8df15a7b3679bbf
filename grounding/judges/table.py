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

StateT = TypeVar("StateT")
OutcomeT = TypeVar("OutcomeT")


@dataclass(frozen=True, slots=True)
class Row(Generic[StateT, OutcomeT]):
    """One row of a decision table.

    name: what ``Judgement.extra["row"]`` says when this row decides. when: the condition
    in words. then: ``(state, outcome so far) -> outcome`` or None (the row does not
    apply); pure. amends: the row reads the outcome so far and may replace it (it runs
    after a deciding row has set one); a deciding row runs only while none is set.
    """

    name: str
    when: str
    then: Callable[[StateT, OutcomeT | None], OutcomeT | None]
    amends: bool = False


@dataclass(frozen=True, slots=True)
class Table(Generic[StateT, OutcomeT]):
    """An ordered tuple of rows; :meth:`decide` applies them to a state."""

    rows: tuple[Row[StateT, OutcomeT], ...]

    def __post_init__(self) -> None:
        names = [r.name for r in self.rows]
        if len(set(names)) != len(names):
            raise ValueError(f"decision table rows must have distinct names: {names}")

    def decide(self, state: StateT) -> tuple[str, OutcomeT]:
        """``(name of the row that decided, outcome)`` for ``state``.

        Raises: ValueError if no row decides (a table ends with a row that always does).
        """
        return self.trace(state)[-1]

    def trace(self, state: StateT) -> list[tuple[str, OutcomeT]]:
        """Every row that returned an outcome for ``state``, in order: the deciding row,
        then each amending row that replaced the outcome; the last one stands.

        Raises: ValueError if no row decides.
        """
        out: list[tuple[str, OutcomeT]] = []
        for row in self.rows:
            if row.amends is not bool(out):
                continue
            got = row.then(state, out[-1][1] if out else None)
            if got is not None:
                out.append((row.name, got))
        if not out:
            raise ValueError("no row of the decision table applied")
        return out

    def names(self) -> tuple[str, ...]:
        """The row names, in order."""
        return tuple(r.name for r in self.rows)


__all__ = ["Row", "Table"]
