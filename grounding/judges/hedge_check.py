"""A hedged finding stated as established: the paper says "may reduce", the claim "reduces".

Pure. :func:`unhedged` takes the claim and the sentence of the paper that a supported label
rests on; when that sentence hedges (a modal of possibility, "suggests", "is associated
with", "likely", "appears to", "potentially") a clause that the claim states with no hedge
of its own, the claim overstates the paper: not supported, and not a contradiction either
(the paper does not say the opposite), so ``nei`` (N2: beyond what the paper shows).

A hedge is held to its clause: a claim that keeps the hedge of one clause of the paper's
sentence ("substantial funding may be needed") but drops that of another ("effects may take
several years" -> "effects take several years") still overstates it.

The word lists are data, kept in :mod:`grounding.lexicon.words` (``hedges.tsv``).
"""

from __future__ import annotations

import re

from grounding.judges.clauses import clause_ranges
from grounding.lexicon import content_terms, is_numeric, stem
from grounding.lexicon.words import hedge_patterns


def _alternation(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(patterns) + r")\b", re.IGNORECASE)


#: Words and phrases by which a paper hedges a finding (matched case-insensitively, whole
#: words; ``lexicon/data/hedges.tsv``, use ``paper``).
HEDGE_WORDS = hedge_patterns("paper")
_HEDGE = _alternation(HEDGE_WORDS)
#: A claim that uses any of these words hedges (or reports) the finding itself (use
#: ``claim``: the paper's hedges and reporting words).
CLAIM_HEDGE_WORDS = hedge_patterns("claim")
_CLAIM_HEDGE = _alternation(CLAIM_HEDGE_WORDS)
#: Hedges of their own clause only (modals, adverbs: use ``local``).
_LOCAL = re.compile(r"(?:" + "|".join(hedge_patterns("local")) + r")", re.IGNORECASE)
#: "indicates" with a figure mark before it in its clause depicts ("the dashed line
#: indicates the mean"): the stems of the marks (use ``mark``).
_MARKS = frozenset(stem(w) for w in hedge_patterns("mark"))
_INDICATE = re.compile(r"indicat(?:es?|ing)", re.IGNORECASE)
# "may" as the month, "could not" / "may not" (a negated modal is no hedge of a finding),
# "could" of past ability ("yields of 42% could be achieved", "it could be shown that";
# the verbs: use ``ability``), "to indicate" (to state: "arguments to indicate the input")
_NOT_A_HEDGE = re.compile(
    r"\b(?-i:May)\s+\d|\b(?:[1-9]|[12]\d|3[01])\s+(?-i:May)\b|\b(?:may|might|could)\s+not\b"
    r"|\bcould\s+(?:also\s+)?(?:be\s+)?(?:" + "|".join(hedge_patterns("ability")) + r")\b"
    r"|\bto\s+indicate\b",
    re.IGNORECASE,
)
#: Where a sentence splits into clauses: punctuation, conjunctions, relative and
#: complement words ("that", "which").
_CLAUSE_CUT = re.compile(
    r"[;:()\[\]]|,\s|\s(?:and|but|while|whereas|although|because|so|as|which|where|that)\s"
    r"|\s[-\u2013\u2014]\s"
)


def _mask(text: str) -> str:
    return _NOT_A_HEDGE.sub(lambda m: "_" * len(m.group(0)), text)


def _clauses(text: str, min_terms: int = 3) -> list[tuple[int, int]]:
    """``text`` cut at :data:`_CLAUSE_CUT` into offset ranges, a piece with fewer than
    ``min_terms`` content terms joined to the next (the last to the one before)."""
    return clause_ranges(text, _CLAUSE_CUT, content_terms, min_terms)


def _depicts(text: str, m: re.Match[str]) -> bool:
    """True if hedge match ``m`` is an "indicates" whose clause names a figure mark before
    it ("Black dots indicate areas ...", "Cells shaded in green indicate low risk")."""
    if not _INDICATE.fullmatch(m.group(0)):
        return False
    lo = max([0] + [c.end() for c in _CLAUSE_CUT.finditer(text, 0, m.start())])
    return bool(_MARKS & set(content_terms(text[lo : m.start()])))


def _paper_hedges(text: str) -> list[re.Match[str]]:
    masked = _mask(text)
    return [m for m in _HEDGE.finditer(masked) if not _depicts(masked, m)]


def hedges(text: str) -> list[str]:
    """The hedge words of ``text`` in order (months, negated modals, "could" of past
    ability and the "indicates" of a figure mark left out)."""
    return [m.group(0) for m in _paper_hedges(text)]


def unhedged(claim: str, stating: str, min_share: float = 0.6) -> str | None:
    """The hedge of ``stating`` (the paper's sentence) that ``claim`` drops, or None.

    None when the paper's sentence has no hedge, does not hold at least ``min_share`` (0-1)
    of the claim's content words (it is not the sentence that states the claim), or when
    the claim hedges each hedged clause of it that the claim states (of a sentence of
    several clauses, one whose other content words, numbers left out, at least two, the
    claim holds ``min_share`` of): a claim hedge in the clauses of the claim that hold those
    words, or a hedge of a wider reach (not ``local``: "suggests", "whether") before them.
    Returns the first hedge dropped, as the paper writes it."""
    found = _paper_hedges(stating)
    if not found:
        return None
    own = set(content_terms(claim))
    if own and len(own & set(content_terms(stating))) < min_share * len(own):
        return None
    claimed = _own_hedges(claim, stating, found)
    parts = _clauses(stating)
    for lo, hi in parts:
        # a hedge that runs into this clause ("..., suggesting | that X") hedges it too
        here = [m for m in found if lo <= m.start() < hi or lo < m.end() <= hi]
        if not here:
            continue
        hedge_terms = {t for m in here for t in content_terms(m.group(0))}
        # numbers left out: a citation ("[4,8]") is no word the claim would state
        terms = {t for t in content_terms(stating[lo:hi]) if not is_numeric(t)} - hedge_terms
        if len(parts) > 1 and (len(terms) < 2 or len(terms & own) < min_share * len(terms)):
            continue  # a clause the claim does not state
        if not claimed or not _hedged_in_claim(claim, claimed, terms):
            return here[0].group(0)
    return None


def _own_hedges(claim: str, stating: str, found: list[re.Match[str]]) -> list[re.Match[str]]:
    """The claim hedges of ``claim`` that are its own: a claim hedge word that the paper's
    sentence also holds outside its hedges ("the proposed pathway", "whether to use") is
    a word of the statement both make, not a hedge the claim adds."""
    paper = [m.group(0).lower() for m in found]
    out = []
    for m in _CLAIM_HEDGE.finditer(_mask(claim)):
        word = m.group(0).lower()
        shared = re.search(r"\b" + re.escape(word) + r"\b", stating, re.IGNORECASE)
        if shared is None or any(word in h for h in paper):
            out.append(m)
    return out


def _hedged_in_claim(claim: str, claimed: list[re.Match[str]], terms: set[str]) -> bool:
    """True if a hedge of ``claimed`` (matches in ``claim``) stands in the claim's clauses
    that hold words of ``terms`` (:func:`_holds`), or has a wider reach and stands before
    them."""
    spans = [(a, b) for a, b in _clauses(claim) if _holds(set(content_terms(claim[a:b])), terms)]
    if not spans:
        return True  # the words are not placed: take the claim's hedges as its own
    lo, hi = spans[0][0], spans[-1][1]
    return any(
        lo <= m.start() < hi or (m.start() < lo and not _LOCAL.fullmatch(m.group(0)))
        for m in claimed
    )


def _holds(clause: set[str], terms: set[str]) -> bool:
    """True if a clause with content terms ``clause`` states words of ``terms``: two of
    them, or all its own when it has fewer (one shared word such as "result" does not
    place a clause)."""
    shared = len(clause & terms)
    return shared >= 2 or (shared >= 1 and shared == len(clause))


_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


def closest_sentence(claim: str, text: str) -> str:
    """The sentence of ``text`` (whitespace collapsed) that shares the most content words
    with ``claim``."""
    own = set(content_terms(claim))
    sents = [s for s in _SENT_END.split(" ".join(text.split())) if s.strip()]
    if not sents:
        return ""
    return max(sents, key=lambda s: len(own & set(content_terms(s))))


__all__ = ["CLAIM_HEDGE_WORDS", "HEDGE_WORDS", "closest_sentence", "hedges", "unhedged"]
