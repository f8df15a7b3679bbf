"""Shares bound to the component named after them (:func:`check_share_nouns`): "the
FA-fraction consisted of 11.65 wt% water and 87.00 wt% FA" where the paper writes "87.00 wt
% water, 11.65 wt% FA, 0.73 wt% succinic acid". A share written "N wt% X" (also "%", "mol%",
"vol%") names its component right after its unit, so two values exchanged between the
components of a composition are each found in the paper while neither is the paper's value
for its component.

A share of the sentence is a conflict (C1, the paper's share of that component as the
correction) when the paper sentence holding the value it was found at gives that value to
another component and gives the sentence's component another share in the same unit; the
later corrections of a C1 keep that share (``number_binding.check_corrections``). Pure
over the sentence's number checks and the index's pages; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex
from grounding.judges.name_binding import stated_values
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.lexicon import content_terms, fold
from grounding.quantities import Quantity, extract_quantities, same_value

#: units of a share of a whole ("wt" is read from "wt%", "mol" from "mol%")
SHARE_UNITS = frozenset({"%", "wt", "mol", "vol"})
#: the component named right after a share's unit: "wt % water", "% fructose", "% LA"
_COMPONENT = re.compile(r"\s*(?:(?:wt|mol|vol)\.?\s*)?%?\s*([^\W\d_][\w-]*)")


def component(text: str, q: Quantity) -> str | None:
    """The content term of the word right after the share ``q`` in ``text`` (its
    component), or None when that word is a function word or there is none."""
    m = _COMPONENT.match(text, q.end)
    if m is None:
        return None
    terms = content_terms(m.group(1))
    return terms[0] if len(terms) == 1 else None


def check_share_nouns(text: str, index: EvidenceIndex, found: Findings) -> None:
    """Mark each share of the sentence ``text`` that the paper gives another component a
    conflict (module docstring). Changes ``found``."""
    s = fold(text)
    for c in found.numbers:
        q = c.quantity
        if c.status != NumberStatus.FOUND or c.hit is None or q.unit not in SHARE_UNITS:
            continue
        mine = component(s, q)
        if mine is None or c.hit.entry.kind == "row":
            continue
        fix = paper_share(index, c, mine)
        if fix is not None:
            c.status, c.correction = NumberStatus.CONFLICT, fix
            c.why = f"the paper gives {q.text} to another component"


def paper_share(index: EvidenceIndex, c: NumberCheck, mine: str) -> Quantity | None:
    """The paper's share of component ``mine`` in the sentence of the passage where ``c``
    was found, when that sentence gives ``c``'s value to another component; else None."""
    assert c.hit is not None
    for e, sentence, lo in stated_values(index, c.hit.entry, c.quantity):
        if e.unit != c.quantity.unit:
            continue
        flat = fold(sentence)
        if len(flat) != len(sentence):
            return None  # offsets of the page and of its folded sentence differ
        shares = [
            (x, component(flat, x)) for x in extract_quantities(flat) if x.unit == c.quantity.unit
        ]
        theirs = next((k for x, k in shares if x.start == e.start - lo), None)
        if theirs is None or theirs == mine:
            return None  # the value is the sentence's component's, or unread
        for x, k in shares:
            if k == mine and not same_value(c.quantity, x):
                return x
    return None


__all__ = ["SHARE_UNITS", "check_share_nouns", "component", "paper_share"]
