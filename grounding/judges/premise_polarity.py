"""Whether a premise denies what the sentence affirms, word for word: the check a model's
reading of "supported" must pass.

A cross-encoder trained on natural-language inference reads a passage as stating a
sentence when the two share their words, and is known to be little moved by a negation
between them: the claim verifier read "manual annotation is the most scalable option" as
stated by "manual annotation is not conducive to scaling up". :func:`denied_term` finds,
in the premise's sentence closest to the claim, a negation cue ("not", "no", "never",
"without", "cannot"; not "not only") that governs, within the next three words, a content
word the sentence also writes, where the sentence does not negate that word itself (no
cue in the four words before it, nor the word's negative form: "not satisfactory" /
"unsatisfactory"). Pure; no I/O.
"""

from __future__ import annotations

from grounding.judges.rules_cues import affixed_opposites, negates_at, words
from grounding.lexicon import content_terms, root
from grounding.lexicon.words import negative_prefixes

__all__ = ["denied_term"]

#: How many words after a negation cue it governs, and before a word it negates.
_AFTER = 3
_BEFORE = 4
_PREFIXES = tuple(negative_prefixes())


def _roots(ws: list[str]) -> list[set[str]]:
    """The roots of each word's content terms (empty for a stop word)."""
    return [{root(t) for t in content_terms(w)} for w in ws]


def denied_term(claim: str, premise: str) -> str | None:
    """The word of ``claim`` that ``premise`` (one sentence) negates while the claim
    affirms it, as the premise writes it ("conducive"), or None.

    A word counts as the claim's when their roots are one (:func:`_shared`: "scalable" /
    "scaling")."""
    cw, pw = words(claim), words(premise)
    c_roots, p_roots = _roots(cw), _roots(pw)
    cset = set(cw)
    for j in range(len(pw)):
        if not negates_at(pw, j):
            continue
        governed = range(j + 1, min(len(pw), j + 1 + _AFTER))
        if any(_prefixed(pw[k], cset) for k in governed):
            continue  # the claim says it by a prefix ("not satisfactory" / "unsatisfactory")
        for k in governed:
            if not p_roots[k]:
                continue
            hits = [i for i, r in enumerate(c_roots) if _shared(r, p_roots[k])]
            if not hits:
                continue
            if any(_negated(cw, i) for i in hits):
                return None  # the claim denies it too
            return pw[k]
    return None


def _shared(a: set[str], b: set[str]) -> bool:
    """Whether two words' roots are one ("scal" / "scalabl": one starts the other, four
    letters or more)."""
    return any(
        x == y or (min(len(x), len(y)) >= 4 and (x.startswith(y) or y.startswith(x)))
        for x in a
        for y in b
    )


def _prefixed(word: str, claim_words: set[str]) -> bool:
    """Whether the claim writes ``word`` with a negative prefix ("unsatisfactory")."""
    return bool(affixed_opposites(word, claim_words)) or any(
        p + word in claim_words for p in _PREFIXES
    )


def _negated(ws: list[str], i: int) -> bool:
    """Whether a negation cue stands in the :data:`_BEFORE` words before ``ws[i]``."""
    return any(negates_at(ws, j) for j in range(max(0, i - _BEFORE), i))
