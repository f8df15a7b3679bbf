"""A thing put in or left out the other way from the paper: "the result agrees better with
models that leave out the 2p2h contribution" where the paper says "agrees better with an
inclusion of 2p2h" (pure over the paper's sentences; no I/O).

An inclusion word (``lexicon/data/inclusion.tsv``: "include", "inclusion", "incorporate"
against "leave out", "exclude", "omit", "neglect") governs the content words of
up to four words after it. The sentence's word is compared with the paper's sentences about
the same statement (:data:`COVER` of its terms): where those that govern one of its governed
words do so only with words of the other class, the sentence puts in what the paper leaves
out, or the reverse: contradicted (C3). A negated word takes the other class ("don't
include" leaves out); a paper sentence naming both ("with and without 2p2h", "included or
excluded"), putting the inclusion itself out of scope, or hedging it ("there could be
other ways to include") settles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from annotations.schema import ErrorTag
from grounding.judges.direction_check import (
    PaperSentence,
    PaperSentences,
    _expand,
    quote,
    sentence_terms,
)
from grounding.judges.parts import Part, PartKind
from grounding.judges.rules_cues import NEGATIONS
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import fold
from grounding.lexicon.words import hedge_patterns, inclusion_words

#: Share (0-1) of the sentence's terms a paper sentence holds to state the same thing.
COVER = 0.5
#: Words after an inclusion word that it governs.
REACH = 4

_WORDS = inclusion_words()
_CUE = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(_WORDS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[a-z0-9][\w'-]*")
#: a paper sentence that hedges (``hedges.tsv``, use paper) states no inclusion
_HEDGED = re.compile(r"\b(?:" + "|".join(hedge_patterns("paper")) + r")\b", re.IGNORECASE)
#: "with and without X", "included or excluded": both ways, nothing settled; "an extension
#: which includes X is out of the current scope": the inclusion is itself left out
_BOTH = re.compile(
    r"\bwith(?:\s+\w+)?\s+(?:and|or|vs\.?|versus)\s+without\b|"
    r"\b(?:in|ex)clud\w*\s+(?:and|or)\s+(?:in|ex)clud\w*|"
    r"\b(?:out of|beyond)\s+(?:the\s+)?(?:\w+\s+)?scope\b",
    re.IGNORECASE,
)


def governed(text: str) -> list[tuple[str, str, int, frozenset[str]]]:
    """(word, class, offset, governed roots) of each inclusion word of ``text`` (folded):
    the roots (:func:`direction_check.sentence_terms`) of up to :data:`REACH` words after it. A
    word after a negation (within three words: "don't include") takes the other class."""
    s = fold(text).replace("\u2019", "'")
    out = []
    for m in _CUE.finditer(s):
        before = _TOKEN.findall(s[max(0, m.start() - 40) : m.start()].lower())
        word, cls, at = m.group(1), _WORDS[m.group(1).lower()], m.start()
        neg = [i for i, w in enumerate(before[-3:]) if w in NEGATIONS or w.endswith("n't")]
        if neg:
            cls = "out" if cls == "in" else "in"
            word = " ".join([*before[-3:][neg[0] :], word])  # "don't include"
            at = max(0, s.lower().rfind(word.lower(), 0, m.end()))
        after = " ".join(_TOKEN.findall(s[m.end() :].lower())[:REACH])
        out.append((word, cls, at, sentence_terms(after)))
    return out


def inclusion_conflict(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> PartResult | None:
    """The sentence's inclusion word against the paper's sentences on ``pages`` about the
    same statement (module docstring). Returns a contradicted PartResult (span: the
    sentence's word; correction: the paper's), or None."""
    mine = governed(text)
    if len(mine) != 1 or _BOTH.search(text):
        return None  # none, or several (the sentence weighs both)
    word, cls, at, terms = mine[0]
    terms = _expand(terms, paper.abbreviations)
    claim = _expand(sentence_terms(text), paper.abbreviations)
    if not terms or len(claim) < 3:
        return None
    against: list[tuple[str, float, PaperSentence]] = []
    for cover, p in paper.about(claim, COVER, pages, skip):
        theirs = [(w, k) for w, k, _, t in governed(p.text) if terms & t]
        if not theirs or _BOTH.search(p.text) or _HEDGED.search(p.text):
            continue  # both ways, or only a possibility ("there could be ways to include")
        if any(k == cls for _, k in theirs):
            return None  # the paper says it the same way
        against.append((theirs[0][0], cover, p))
    if not against:
        return None
    said, cover, best = against[0]
    part = Part(PartKind.POLARITY, word, at, at + len(word), cls, tuple(terms))
    return PartResult(
        part,
        Status.CONTRADICTED,
        ErrorTag.C3,
        f"the sentence says '{word}' where page {best.page} says '{said}' of the same thing "
        f'("{quote(best.text)}")',
        paper.hit_for(best, cover),
        word,
        said,
    )


__all__ = ["COVER", "governed", "inclusion_conflict"]
