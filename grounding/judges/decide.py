"""The decision table of the rules judge (pure): part results in, one label out.

==============================================  =========================================
part results                                    label
==============================================  =========================================
any part contradicted                           contradiction, naming that part
a part not found                                nei, naming the first part not found
every part verified, at least one on its own    supported, naming the verified parts
every part verified only in company (weak)      nei: found elsewhere in the paper only
no checkable part                               None: the caller judges by premises/cues
==============================================  =========================================

Word overlap never appears in this table: a part is verified by a checker
(``grounding.judges.number_check``, ``grounding.judges.statement_check``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from annotations.schema import Label
from grounding.judges.statement_check import PartResult, Status


@dataclass(frozen=True, slots=True)
class Decision:
    """A label, the part result that decided it (None for a nothing-checkable sentence)
    and the rationale."""

    label: Label
    deciding: PartResult | None
    reason: str


def decide(results: Sequence[PartResult]) -> Decision | None:
    """Apply the decision table above to ``results`` (in sentence order).

    Returns: Decision, or None when ``results`` is empty (nothing checkable).
    Raises: nothing.
    """
    if not results:
        return None
    for r in results:
        if r.status is Status.CONTRADICTED:
            return Decision(Label.CONTRADICTION, r, f"Contradicted: {r.why}.")
    for r in results:
        if r.status is Status.NOT_FOUND:
            return Decision(Label.NEI, r, f"Not enough information: {r.why}.")
    strong = [r for r in results if not r.weak]
    if not strong:
        return Decision(
            Label.NEI,
            results[0],
            "Not enough information: "
            + "; ".join(r.why for r in results[:3])
            + ", but nowhere with the sentence's own words.",
        )
    return Decision(
        Label.SUPPORTED,
        strong[0],
        "Supported: "
        + "; ".join(r.why for r in results[:4])
        + ("; ..." if len(results) > 4 else "")
        + ".",
    )


__all__ = ["Decision", "decide"]
