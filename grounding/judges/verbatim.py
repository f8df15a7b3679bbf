"""A sentence the paper states (near) verbatim, numbers and all, is never contradicted by
its own numbers: whatever a number checker read elsewhere ("up to 500 ppm" against the
1000 ppm of the next clause), the paper's own sentence settles them.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import math

from rapidfuzz import fuzz

from annotations.schema import ErrorTag
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.number_common import Findings
from grounding.lexicon import fold
from grounding.quantities import extract_quantities

#: rapidfuzz partial_ratio (0-100) of the folded, lower-cased sentence against the page
#: text around a retrieved passage for the sentence to count as stated there
SAME_TEXT = 95.0


def _flat(text: str) -> str:
    return " ".join(fold(text).lower().split())


def verbatim_hit(text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5) -> Hit | None:
    """The first of the best ``n`` passages (not table rows) around which the page states
    ``text`` near verbatim (partial_ratio at least :data:`SAME_TEXT`) with the very numbers
    of the sentence, in the same order; None when there is none.

    Args: text: the sentence. index: the paper's index (page texts). hits: retrieved
          passages, best first.
    Returns: the Hit, or None. Raises: nothing.
    """
    mine = [q.value for q in extract_quantities(text) if q.checkable]
    if not mine:
        return None
    s = _flat(text)
    for h in hits[:n]:
        if h.entry.kind == "row":
            continue
        page = getattr(index.pages.get(h.entry.page), "text", "") or h.entry.text
        lo = max(0, h.entry.start - len(text) - 40)
        around = _flat(page[lo:h.entry.end + len(text) + 40])
        al = fuzz.partial_ratio_alignment(s, around, score_cutoff=SAME_TEXT)
        if al is None:
            continue
        window = around[al.dest_start:al.dest_end]
        theirs = [q.value for q in extract_quantities(window) if q.checkable]
        if len(theirs) == len(mine) and all(math.isclose(a, b, rel_tol=1e-9)
                                            for a, b in zip(mine, theirs)):
            return h
    return None


def keep_verbatim(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """Undo the number conflicts (C1) and value swaps (C2) of a sentence the paper states
    near verbatim (:func:`verbatim_hit`): each such number becomes found in that passage.
    Changes ``found`` in place."""
    if not any(c.status in ("conflict", "misbound") for c in found.numbers) and not any(
            ErrorTag.C2 in e.tags for e in found.errors):
        return
    hit = verbatim_hit(text, index, hits)
    if hit is None:
        return
    for c in found.numbers:
        if c.status in ("conflict", "misbound", "absent", "unverifiable", "found_far"):
            c.status, c.hit, c.correction, c.why = "found", hit, None, ""
    found.errors[:] = [e for e in found.errors if not ({ErrorTag.C1, ErrorTag.C2} & set(e.tags))]
    found.notes.clear()


__all__ = ["SAME_TEXT", "keep_verbatim", "verbatim_hit"]
