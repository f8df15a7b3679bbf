"""A value bound to the measure the paper defines for it: the paper's "hazard ratio (HR)
... 0.71" is no "OR of 0.71" nor "odds ratio of 0.71". The measures are the abbreviations
the paper defines (:class:`grounding.judges.abbreviations.Aliases`), each read in its
short or long form, so "OR" and "odds ratio" are one measure.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import math
import re

from grounding.evidence import EvidenceIndex
from grounding.judges.abbreviations import Aliases
from grounding.judges.number_common import Findings
from grounding.lexicon import content_terms, fold

#: characters before a value in which the measure it is a value of is named
REACH = 60


def _measures(window: str, aliases: Aliases) -> set[str]:
    """The defined measures (their short forms as written) ``window`` names, the short
    form as written (case kept: "OR", not "or") or the long form's words in order."""
    terms = content_terms(window)
    tokens = set(re.findall(r"[\w./-]+", window))
    out = set()
    for short, lf in aliases.written:
        if short in tokens or (len(lf) >= 2 and _in_order(lf, terms)):
            out.add(short)
    return out


def _in_order(lf: tuple[str, ...], terms: list[str]) -> bool:
    """True if the long form's terms stand next to each other, in order, in ``terms``."""
    n = len(lf)
    return any(tuple(terms[i:i + n]) == lf for i in range(len(terms) - n + 1))


def check_measure_binding(text: str, index: EvidenceIndex, found: Findings,
                          aliases: Aliases) -> None:
    """Each value found in a paper passage (not a table row) whose sentence names a defined
    measure right before it (within :data:`REACH` characters) that the paper does not name
    before the value, while the paper names another defined measure there: ``misbound``
    (nei), saying which measure the paper gives it for. Changes ``found.numbers`` in place.
    Raises: nothing."""
    if not aliases.written:
        return
    s = fold(text)
    for c in found.numbers:
        if c.status != "found" or c.hit is None or c.hit.entry.kind == "row":
            continue
        q = c.quantity
        mine = _measures(s[max(0, q.start - REACH):q.start], aliases)
        if not mine:
            continue
        page = getattr(index.pages.get(c.hit.entry.page), "text", "") or ""
        theirs: set[str] = set()
        for e in c.hit.entry.quantities:
            if math.isclose(e.value, q.value, rel_tol=1e-9) and e.start <= len(page):
                theirs |= _measures(fold(page[max(0, e.start - REACH):e.start]), aliases)
        if theirs and not mine & theirs:
            c.status, c.correction = "misbound", None
            c.why = (f"the sentence gives {q.text} for {', '.join(sorted(mine))} where "
                     f"page {c.hit.entry.page} gives it for {', '.join(sorted(theirs))}")


__all__ = ["REACH", "check_measure_binding"]
