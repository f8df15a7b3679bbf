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
from grounding.judges.number_common import Findings, NumberStatus
from grounding.judges.rules_cues import MEASURE_NOUNS
from grounding.lexicon import content_terms, fold

#: characters before a value in which the measure it is a value of is named
REACH = 60
_NOUNS = frozenset(t for w in MEASURE_NOUNS for t in content_terms(w))


def _measures(window: str, aliases: Aliases, last: bool = True) -> set[str]:
    """The defined measure ``window`` names last (every one it names when not ``last``:
    "the standard deviations (STDs) of NNI are" gives a value of both), read as the
    short form as written (case kept: "OR", not "or") or the long form's words in order;
    only measures whose long form ends in a statistic's noun (``rules_cues.MEASURE_NOUNS``:
    "odds ratio", not "transrectal ultrasound"), and only after the window's last ";" or
    ", and" (a list's earlier item binds nothing of the value)."""
    window = re.split(r";|,\s+and\s|\)\s*,", window)[-1]
    at: dict[str, int] = {}
    for short, lf in aliases.written:
        if lf[-1] not in _NOUNS:
            continue
        for m in re.finditer(r"(?<![\w-])" + re.escape(short) + r"(?![\w-])", window):
            at[short] = max(at.get(short, -1), m.start())
        if len(lf) >= 2:
            pattern = r"\W+".join(r"\b" + re.escape(t) + r"\w*" for t in lf)
            for m in re.finditer(pattern, window, re.IGNORECASE):
                at[short] = max(at.get(short, -1), m.start())
    if not at:
        return set()
    if not last:
        return set(at)
    end = max(at.values())
    return {s for s, i in at.items() if i == end}


def check_measure_binding(
    text: str, index: EvidenceIndex, found: Findings, aliases: Aliases
) -> None:
    """Each value found in a paper passage (not a table row) whose sentence names a defined
    measure right before it (within :data:`REACH` characters; the last one named) that the
    paper does not name before the value (any one named there: "STDs of NNI are 0.44 °C"
    is a value of both), while the paper names another defined measure there: ``misbound``
    (nei), saying which measure the paper gives it for. Changes ``found.numbers`` in place.
    Raises: nothing."""
    if not aliases.written:
        return
    s = fold(text)
    for c in found.numbers:
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind == "row":
            continue
        q = c.quantity
        mine = _measures(s[max(0, q.start - REACH) : q.start], aliases)
        if not mine:
            continue
        page = getattr(index.pages.get(c.hit.entry.page), "text", "") or ""
        theirs: set[str] = set()
        for e in c.hit.entry.quantities:
            if math.isclose(e.value, q.value, rel_tol=1e-9) and e.start <= len(page):
                window = fold(page[max(0, e.start - REACH) : e.start])
                theirs |= _measures(window, aliases, last=False)
        if theirs and not mine & theirs:
            c.status, c.correction = NumberStatus.MISBOUND, None
            c.why = (
                f"the sentence gives {q.text} for {', '.join(sorted(mine))} where "
                f"page {c.hit.entry.page} gives it for {', '.join(sorted(theirs))}"
            )


__all__ = ["REACH", "check_measure_binding"]
