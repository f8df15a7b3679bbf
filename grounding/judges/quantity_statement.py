"""A value found in a passage that says little of it, where the paper's statement of the
sentence's quantity gives another value (:func:`check_quantity_statement`; pure over the
sentence's number checks and the index; no I/O).

"Formic acid was the main product at 38.4 wt% of the initial carbon" finds 38.4 on a line
that gives it to "the total carbon content of the liquid phase", while a passage the
sentence retrieves states "The main product was the desired FA with a yield of 28.4 wt%
of the initial carbon". The number's own words (``number_binding.own_words``) are few in
the sentence of the paper where it was found (at most :data:`WEAK` of them) and most (at
least :data:`STRONG`) in a paper sentence of one of the sentence's best passages, which
gives exactly one value of the number's kind and unit, another one: the number is a
conflict (C1) corrected by that value.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.name_binding import paper_sentence, stated_values
from grounding.judges.number_binding import own_words
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.judges.number_lists import claim_list_words
from grounding.lexicon import fold
from grounding.quantities import Quantity, extract_quantities, same_value

#: Share of the number's own words the paper sentence it was found in may hold at most.
WEAK = 0.4
#: Share of the number's own words the paper's statement of its quantity holds at least.
STRONG = 0.7
#: The sentence's passages read, best first.
PASSAGES = 5

_WORD = re.compile(r"[a-z][a-z-]*")


def _share(words: set[str], sentence: str) -> float:
    theirs = set(_WORD.findall(fold(sentence).lower()))
    return len(words & theirs) / len(words)


def check_quantity_statement(
    text: str, index: EvidenceIndex, hits: list[Hit], found: Findings
) -> None:
    """Mark each value of ``text`` found where the paper says little of it, and given
    another value by the paper's statement of its quantity, a conflict (module docstring).
    Changes ``found``."""
    s = fold(text)
    mine = [c.quantity for c in found.numbers]
    listed = claim_list_words(s, mine)
    for c in found.numbers:
        q = c.quantity
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind == "row":
            continue
        if q.kind not in ("number", "percent") or q.bound is not None or q.range is not None:
            continue
        words = own_words(s, q, [x for x in mine if x is not q], listed)
        if len(words) < 3 or _found_share(c, index, words) > WEAK:
            continue
        stated = _statement_value(q, words, hits, index, mine)
        if stated is not None:
            fix, c.hit = stated
            c.status, c.correction = NumberStatus.CONFLICT, fix
            c.why = f"the paper's statement of it gives {fix.text}"


def _found_share(c: NumberCheck, index: EvidenceIndex, words: set[str]) -> float:
    """The most of ``words`` a paper sentence holding ``c``'s value in its passage holds."""
    assert c.hit is not None
    shares = [
        _share(words, sentence) for _, sentence, _ in stated_values(index, c.hit.entry, c.quantity)
    ]
    return max(shares, default=1.0)


def _statement_value(
    q: Quantity, words: set[str], hits: list[Hit], index: EvidenceIndex, mine: list[Quantity]
) -> tuple[Quantity, Hit] | None:
    """(the one value of ``q``'s kind and unit in a paper sentence of the best passages
    holding :data:`STRONG` of ``words``, the passage) when it is not ``q``'s value nor
    another of the sentence's (``mine``); None when no such sentence, or several values."""
    for h in hits[:PASSAGES]:
        if h.entry.kind == "row":
            continue
        page = getattr(index.pages.get(h.entry.page), "text", "")
        for e in index.page_quantities.get(h.entry.page, ()):
            if not h.entry.start <= e.start < h.entry.end:
                continue
            if e.kind != q.kind or e.unit != q.unit or not e.checkable:
                continue
            sentence, _ = paper_sentence(page, e)
            if _share(words, sentence) < STRONG:
                continue
            alike = [
                x for x in extract_quantities(sentence) if x.kind == q.kind and x.unit == q.unit
            ]
            if len(alike) != 1 or any(same_value(x, e) for x in mine):
                return None
            # the line that gives it, as the evidence (the window may hold other values)
            return e, index.hit_at(h.entry.page, e.start) or h
    return None


__all__ = ["PASSAGES", "STRONG", "WEAK", "check_quantity_statement"]
