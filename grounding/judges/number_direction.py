"""Which way a metric is better, so that "A beats B" is read against the metric's own
direction: an error rate, a loss, a distance, a perplexity, a time or a latency is better
when lower; a table header's "↓" or "↑", or the paper's words "(lower is better)", decide.

Word lists live here, once. Pure; no I/O.
"""

from __future__ import annotations

import re

#: Metrics that are better when lower (lower-case words and abbreviations; a phrase is
#: matched as written, a single word also in the plural).
LOWER_BETTER = frozenset(
    """
error errors err loss losses distance distances perplexity ppl wer cer ter per mae mse rmse
latency latencies time times runtime runtimes seconds second ms fid eer cost costs bpc bpb
fpr fnr miss-rate miss-rates word-error-rate character-error-rate
""".split()
) | frozenset(
    (
        "error rate",
        "false positive rate",
        "false negative rate",
        "miss rate",
        "equal error rate",
        "word error rate",
        "character error rate",
        "inference time",
        "training time",
        "wall-clock time",
        "memory footprint",
    )
)

#: Metrics that are better when higher (named here so a sentence naming both kinds, "the
#: accuracy ... in less time", reads the one the comparison is about).
HIGHER_BETTER = frozenset(
    """
accuracy acc f1 precision recall bleu rouge meteor cider spice auc auroc auprc map ndcg mrr
hit hits score scores win-rate throughput speedup yield efficiency snr
""".split()
)

#: Comparison words that judge (better / worse), as opposed to words that only order
#: values (higher / lower): only these turn with the metric's direction.
BETTER_WORDS = frozenset(
    """better best beat beats beating outperform outperforms outperformed
outperforming surpass surpasses surpassed superior improve improves improved improving win
wins won lead leads leading ahead""".split()
)
WORSE_WORDS = frozenset(
    """worse worst trail trails trailing underperform underperforms
underperformed inferior lag lags lagging behind degrade degrades degraded hurt hurts""".split()
)
#: Degree words that may stand between a value and the comparison that sets it against
#: another ("84.5, well ahead of", "78.0, slightly below"), as a regex alternation.
COMPARISON_DEGREE = "well|far|slightly|just|clearly"

_LOWER_MARK = re.compile(r"↓|\(\s*lower\s+(?:is|=)\s+better\s*\)|\blower\s+is\s+better\b", re.I)
_HIGHER_MARK = re.compile(r"↑|\(\s*higher\s+(?:is|=)\s+better\s*\)|\bhigher\s+is\s+better\b", re.I)
_WORD = re.compile(r"[a-z][a-z0-9-]*")


def metric_direction(text: str) -> str | None:
    """``"lower"`` or ``"higher"``: which way the metric ``text`` names (a sentence, a
    clause or a table header) is better; None when it names no metric of a known direction
    or names both kinds. A "↓" / "↑" mark or "(lower is better)" wins over the words."""
    lower, higher = bool(_LOWER_MARK.search(text)), bool(_HIGHER_MARK.search(text))
    if lower != higher:
        return "lower" if lower else "higher"
    low = text.lower()
    words = _WORD.findall(low)
    stems = {
        w[:-1] if w.endswith("s") and w[:-1] in LOWER_BETTER | HIGHER_BETTER else w for w in words
    }
    phrase = any(" " in p and p in low for p in LOWER_BETTER)
    down = phrase or bool(stems & LOWER_BETTER)
    up = bool(stems & HIGHER_BETTER)
    if down == up:
        return None
    return "lower" if down else "higher"


def judged_order(word: str, a: float, b: float, direction: str | None) -> bool | None:
    """Whether "``a`` <word> ``b``" holds for a metric better in ``direction``: True or
    False for a judging word (``BETTER_WORDS`` / ``WORSE_WORDS``) when the direction is
    known; None for any other word or an unknown direction (the plain order decides)."""
    w = word.lower()
    if direction is None or (w not in BETTER_WORDS and w not in WORSE_WORDS) or a == b:
        return None
    a_better = a < b if direction == "lower" else a > b
    return a_better if w in BETTER_WORDS else not a_better


__all__ = [
    "BETTER_WORDS",
    "COMPARISON_DEGREE",
    "HIGHER_BETTER",
    "LOWER_BETTER",
    "WORSE_WORDS",
    "judged_order",
    "metric_direction",
]
