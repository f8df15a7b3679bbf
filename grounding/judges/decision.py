"""Decision policies that turn per-evidence scores into a label (pure functions).

:func:`decide_nli` is the policy an NLI judge applies to entailment / neutral / contradiction
probabilities computed for one claim against each evidence sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from annotations.errors import InputError
from annotations.schema import Label


@dataclass(frozen=True, slots=True)
class NLIThresholds:
    """Probability thresholds in [0, 1]: ``entail`` to support, ``contradict`` to refute."""

    entail: float = 0.65
    contradict: float = 0.55

    def __post_init__(self) -> None:
        for name in ("entail", "contradict"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise InputError(f"NLIThresholds.{name} must be in [0, 1], got {v!r}")


@dataclass(frozen=True, slots=True)
class NLIDecision:
    """The label and the index of the evidence item that decided it (None for nei)."""

    label: Label
    evidence_index: int | None
    reason: str


def decide_nli(
    probs_per_evidence: Sequence[Mapping[str, float]],
    thresholds: NLIThresholds | Mapping[str, float] | None = None,
) -> NLIDecision:
    """Label a claim from NLI probabilities against each evidence item.

    Policy ("contradiction first"): an evidence item whose contradiction probability reaches
    ``thresholds.contradict`` refutes the claim unless the SAME item entails it more
    strongly (entail >= threshold and entail > its contradict). Only when no item
    contradicts does the best entailment at or above ``thresholds.entail`` support it.
    Otherwise nei. A topically close but non-entailing sentence elsewhere can therefore
    never outweigh a direct contradiction.

    Args: probs_per_evidence: one mapping per evidence item with keys ``entail``,
          ``neutral``, ``contradict`` (probabilities in [0, 1]; ``neutral`` optional).
          thresholds: NLIThresholds, or a mapping with keys ``entail`` / ``contradict``.
    Returns: NLIDecision(label, evidence_index, reason).
    Raises: InputError if a probability is missing or outside [0, 1].
    """
    if thresholds is None:
        th = NLIThresholds()
    elif isinstance(thresholds, NLIThresholds):
        th = thresholds
    else:
        th = NLIThresholds(
            entail=float(thresholds["entail"]), contradict=float(thresholds["contradict"])
        )
    rows: list[tuple[float, float]] = []
    for i, probs in enumerate(probs_per_evidence):
        try:
            e, c = float(probs["entail"]), float(probs["contradict"])
        except KeyError as exc:
            raise InputError(f"evidence {i}: missing NLI probability {exc}") from None
        if not (0.0 <= e <= 1.0 and 0.0 <= c <= 1.0):
            raise InputError(f"evidence {i}: probabilities must be in [0, 1]")
        rows.append((e, c))
    contradicting = [
        (c, i)
        for i, (e, c) in enumerate(rows)
        if c >= th.contradict and not (e >= th.entail and e > c)
    ]
    if contradicting:
        c, i = max(contradicting)
        return NLIDecision(
            Label.CONTRADICTION, i, f"evidence {i} contradicts (p={c:.2f} >= {th.contradict:.2f})"
        )
    entailing = [(e, i) for i, (e, c) in enumerate(rows) if e >= th.entail]
    if entailing:
        e, i = max(entailing)
        return NLIDecision(
            Label.SUPPORTED, i, f"evidence {i} entails (p={e:.2f} >= {th.entail:.2f})"
        )
    return NLIDecision(Label.NEI, None, "no evidence entails or contradicts above threshold")


__all__ = ["NLIDecision", "NLIThresholds", "decide_nli"]
