"""A statement the paper makes of one thing "but not" of another, said the other way round
(pure over the paper's sentences; no I/O).

"E. chaffeensis at the destination park but not at the source signalled unacceptable
risk", where the paper writes "E. chaffeensis at the source (Iberá) but not the
destination park signalled unacceptable risk": every word is the paper's and the negation
is found, yet the two places are exchanged. :func:`exchanged_but_not` reads the phrase
before "but not" (its last three words) and the first two words after it
(past a preposition and an article), in the sentence and in each paper sentence with "but
not" on the evidence's pages that shares :data:`MIN_SHARED` of the sentence's other terms;
where the sentence's phrase before is the paper's after and its words after are the
paper's before, with nothing of the two before-phrases in common, the sentence is
contradicted (C3; the span the sentence's phrase before "but not", the correction the
paper's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from annotations.schema import ErrorTag
from grounding.judges.direction_check import PaperSentences, quote
from grounding.judges.parts import Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import content_terms

#: Other terms of the sentence a paper sentence must hold to state the same thing.
MIN_SHARED = 2

_BUT_NOT = re.compile(r"\s+but\s+not\s+", re.IGNORECASE)
_LEAD = r"(?:at|in|on|of|for|with|from|to|by|the|a|an|its|their)"
#: the phrase before "but not": its last three words at most (a preposition and an
#: article among them add no terms)
_BEFORE = re.compile(r"((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)\s*$")
#: the two words after "but not", past a preposition and an article
_AFTER = re.compile(r"(?:" + _LEAD + r"\s+){0,2}((?:[^\W\d_][\w-]*)(?:\s+[^\W\d_][\w-]*)?)")
_BRACKETS = re.compile(r"\s*\([^()]*\)")

Skip = Callable[[int, int], bool]


def _sides(text: str) -> tuple[str, frozenset[str], frozenset[str], int] | None:
    """(the phrase before "but not", its terms, the terms of the two words after, the
    phrase's offset) of the first "but not" of ``text`` (brackets read as absent)."""
    flat = _BRACKETS.sub(lambda m: " " * len(m.group(0)), text)
    m = _BUT_NOT.search(flat)
    if m is None:
        return None
    before = _BEFORE.search(flat, 0, m.start())
    after = _AFTER.match(flat, m.end())
    if before is None or after is None:
        return None
    a, b = frozenset(content_terms(before.group(1))), frozenset(content_terms(after.group(1)))
    if not a or not b:
        return None
    lead = re.match(r"(?:" + _LEAD + r"\s+)*", before.group(1), re.IGNORECASE)
    cut = lead.end() if lead is not None else 0
    return before.group(1)[cut:], a, b, before.start(1) + cut


def exchanged_but_not(
    text: str, paper: PaperSentences, pages: Iterable[int] | None = None, skip: Skip | None = None
) -> PartResult | None:
    """The sentence's "A but not B" against the paper's "B but not A" on ``pages`` (module
    docstring); a contradicted PartResult, or None."""
    mine = _sides(text)
    if mine is None or not pages:
        return None
    span, a, b, at = mine
    rest = frozenset(content_terms(text)) - a - b
    for number in sorted(set(pages)):
        for s in paper.page(number):
            if "but not" not in s.text.lower() or (skip is not None and skip(s.page, s.start)):
                continue
            theirs = _sides(s.text)
            if theirs is None or len(rest & set(content_terms(s.text))) < MIN_SHARED:
                continue
            fixed, pa, pb = theirs[0], theirs[1], theirs[2]
            if a & pb and b & pa and not a & pa:
                return PartResult(
                    Part(PartKind.TERM, span, at, at + len(span), span),
                    Status.CONTRADICTED,
                    ErrorTag.C3,
                    f"the sentence says '{span}' but not the other, where page {s.page} "
                    f"says it of '{fixed}' (\"{quote(s.text)}\")",
                    paper.hit_for(s, 1.0),
                    span,
                    fixed,
                )
    return None


__all__ = ["MIN_SHARED", "exchanged_but_not"]
