"""A hedged finding stated as established: the paper says "may reduce", the claim "reduces".

Pure. :func:`unhedged` takes the claim and the sentence of the paper that a supported label
rests on; when that sentence hedges (a modal of possibility, "suggests", "is associated
with", "likely", "appears to", "potentially") and the claim carries no hedge of its own, the
claim overstates the paper: not supported, and not a contradiction either (the paper does
not say the opposite), so ``nei`` (N2: beyond what the paper shows).

The word lists are data, kept in :mod:`grounding.lexicon.words` (``hedges.tsv``).
"""

from __future__ import annotations

import re

from grounding.lexicon.words import hedge_patterns

#: Words and phrases by which a paper hedges a finding (matched case-insensitively, whole
#: words; ``lexicon/data/hedges.tsv``, use ``paper``).
HEDGE_WORDS = hedge_patterns("paper")
_HEDGE = re.compile(r"\b(?:" + "|".join(HEDGE_WORDS) + r")\b", re.IGNORECASE)
#: A claim that uses any of these words hedges (or reports) the finding itself (use
#: ``claim``: the paper's hedges and reporting words).
CLAIM_HEDGE_WORDS = hedge_patterns("claim")
_CLAIM_HEDGE = re.compile(r"\b(?:" + "|".join(CLAIM_HEDGE_WORDS) + r")\b", re.IGNORECASE)
# "may" as the month, "could not" / "may not" (a negated modal is no hedge of a finding),
# "could" of past ability ("yields of 42% could be achieved", "it could be shown that";
# the verbs: use ``ability``)
_NOT_A_HEDGE = re.compile(
    r"\bMay\s+\d|\b\d{1,2}\s+May\b|\b(?:may|might|could)\s+not\b"
    r"|\bcould\s+(?:also\s+)?(?:be\s+)?(?:" + "|".join(hedge_patterns("ability")) + r")\b",
    re.IGNORECASE,
)


def hedges(text: str) -> list[str]:
    """The hedge words of ``text`` in order (months and negated modals left out)."""
    masked = _NOT_A_HEDGE.sub(lambda m: "_" * len(m.group(0)), text)
    return [m.group(0) for m in _HEDGE.finditer(masked)]


def unhedged(claim: str, stating: str, min_share: float = 0.6) -> str | None:
    """The hedge of ``stating`` (the paper's sentence) that ``claim`` drops, or None when
    the paper's sentence has none, the claim hedges too, or the paper's sentence does not
    hold at least ``min_share`` of the claim's content words (it is not the sentence that
    states the claim)."""
    from grounding.lexicon import content_terms

    masked = _NOT_A_HEDGE.sub(lambda m: "_" * len(m.group(0)), claim)
    if _CLAIM_HEDGE.search(masked):
        return None
    found = hedges(stating)
    if not found:
        return None
    own = set(content_terms(claim))
    if own and len(own & set(content_terms(stating))) < min_share * len(own):
        return None
    return found[0]


_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


def closest_sentence(claim: str, text: str) -> str:
    """The sentence of ``text`` (whitespace collapsed) that shares the most content words
    with ``claim``."""
    from grounding.lexicon import content_terms

    own = set(content_terms(claim))
    sents = [s for s in _SENT_END.split(" ".join(text.split())) if s.strip()]
    if not sents:
        return ""
    return max(sents, key=lambda s: len(own & set(content_terms(s))))


__all__ = ["CLAIM_HEDGE_WORDS", "HEDGE_WORDS", "closest_sentence", "hedges", "unhedged"]
