"""Label scores shared by the benchmark scripts (accuracy, per-class F1, macro-F1).

F1 per class is ``annotations.score.prf``'s; a class neither gold nor predicted counts 0,
and a prediction outside ``classes`` counts as wrong (it is no class's true positive).
"""

from __future__ import annotations

from collections.abc import Sequence

from annotations.score import prf


def class_scores(
    gold: Sequence[str], pred: Sequence[str], classes: Sequence[str]
) -> tuple[float, float, dict[str, float]]:
    """(accuracy, macro-F1 over ``classes``, F1 per class) of ``pred`` against ``gold``
    (same length, one label each); scores in [0, 1]."""
    acc = sum(g == p for g, p in zip(gold, pred)) / max(len(gold), 1)
    f1 = {
        c: prf(
            sum(g == c == p for g, p in zip(gold, pred)), list(pred).count(c), list(gold).count(c)
        ).f1
        or 0.0
        for c in classes
    }
    return acc, sum(f1.values()) / max(len(f1), 1), f1
