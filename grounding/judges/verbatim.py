"""A sentence the paper states (near) verbatim, numbers and all, is never contradicted by
its own numbers: whatever a number checker read elsewhere ("up to 500 ppm" against the
1000 ppm of the next clause), the paper's own sentence settles them.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from collections.abc import Iterator
from difflib import SequenceMatcher

from rapidfuzz import fuzz

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.number_common import Findings, short
from grounding.judges.rules_cues import OPPOSITE, words
from grounding.lexicon import fold
from grounding.number_words import ORDINALS
from grounding.quantities import extract_quantities

#: rapidfuzz partial_ratio (0-100) of the folded, lower-cased sentence against the page
#: text around a retrieved passage for the sentence to count as stated there
SAME_TEXT = 95.0


def _flat(text: str) -> str:
    return " ".join(fold(text).lower().split())


def _same_numbers(text: str, index: EvidenceIndex, hits: list[Hit], n: int,
                  cutoff: float) -> Iterator[tuple[Hit, str]]:
    """(passage, page text aligned with ``text``) for each of the best ``n`` passages (not
    table rows) around which the page matches ``text`` at rapidfuzz partial_ratio
    ``cutoff`` or more, the aligned text widened to whole words and holding the sentence's
    checkable numbers, the same values in the same order (folded, lower case)."""
    mine = [q.value for q in extract_quantities(text) if q.checkable]
    s = _flat(text)
    for h in hits[:n]:
        if h.entry.kind == "row":
            continue
        page = getattr(index.pages.get(h.entry.page), "text", "") or h.entry.text
        lo = max(0, h.entry.start - len(text) - 40)
        around = _flat(page[lo:h.entry.end + len(text) + 40])
        al = fuzz.partial_ratio_alignment(s, around, score_cutoff=cutoff)
        if al is None:
            continue
        a, b = al.dest_start, al.dest_end          # whole words: none cut in two
        while a > 0 and around[a - 1].isalnum():
            a -= 1
        while b < len(around) and around[b].isalnum():
            b += 1
        window = around[a:b]
        theirs = [q.value for q in extract_quantities(window) if q.checkable]
        if len(theirs) == len(mine) and all(math.isclose(x, y, rel_tol=1e-9)
                                            for x, y in zip(mine, theirs)):
            yield h, window


def verbatim_hit(text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5) -> Hit | None:
    """The first of the best ``n`` passages (not table rows) around which the page states
    ``text`` near verbatim (partial_ratio at least :data:`SAME_TEXT`) with the very numbers
    of the sentence, in the same order; None when there is none or the sentence has no
    number.

    Args: text: the sentence. index: the paper's index (page texts). hits: retrieved
          passages, best first.
    Returns: the Hit, or None. Raises: nothing.
    """
    if not any(q.checkable for q in extract_quantities(text)):
        return None
    return next((h for h, _ in _same_numbers(text, index, hits, n, SAME_TEXT)), None)


#: partial_ratio a sentence must reach against the page text for a one-word difference
#: to be read as the same sentence with that word changed
SAME_BUT_ONE = 85.0
_SUPERLATIVE = re.compile(r"(?:most|least|\w+est)$")


@dataclass(frozen=True, slots=True)
class Flip:
    """The paper's own sentence with one word changed: ``word`` in the sentence where the
    paper (``hit``) says ``paper`` ("" for a word the paper does not have). tag: C3 for an
    operator word turned to its opposite, C1 for a rank the paper does not give."""

    word: str
    paper: str
    tag: ErrorTag
    hit: Hit


def flipped_statement(text: str, index: EvidenceIndex, hits: list[Hit],
                      n: int = 5) -> Flip | None:
    """The paper states ``text`` near verbatim (partial_ratio at least
    :data:`SAME_BUT_ONE` around one of the best ``n`` passages, the same numbers in the
    same order) except for one word: an operator word turned to its opposite
    ("increased" / "decreased", "most" / "least": ``rules_cues.OPPOSITE``), or a rank put
    before or taken from a superlative ("the second most common" / "the most common").
    Every other word is the paper's, so the changed word is what the sentence gets wrong.

    Returns: the Flip, or None. Raises: nothing.
    """
    mine = words(text)
    if len(mine) < 4:
        return None
    for h, window in _same_numbers(text, index, hits, n, SAME_BUT_ONE):
        flip = _one_word(mine, words(window), h)
        if flip is not None:
            return flip
    return None


def _one_word(mine: list[str], theirs: list[str], hit: Hit) -> Flip | None:
    """The one changed word between two word lists, as a Flip, or None (no change, more
    than one, or one that is no operator or rank). Paper words before the sentence's first
    word or after its last are not changes."""
    ops = [op for op in SequenceMatcher(None, mine, theirs, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    inner = [op for op in ops if not (op[0] == "insert" and op[1] in (0, len(mine)))]
    if len(inner) != 1:
        return None
    kind, i1, i2, j1, j2 = inner[0]
    if kind == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
        a, b = mine[i1], theirs[j1]
        if b in OPPOSITE.get(a, ()):
            return Flip(a, b, ErrorTag.C3, hit)
    if kind == "delete" and i2 - i1 == 1 and mine[i1] in ORDINALS and i2 < len(mine) \
            and _SUPERLATIVE.match(mine[i2]):
        return Flip(mine[i1], "", ErrorTag.C1, hit)
    return None


def flip_contradiction(text: str, index: EvidenceIndex, hits: list[Hit],
                       found: Findings) -> tuple[str, list[Hit]] | None:
    """The rationale and evidence of a sentence contradicted by :func:`flipped_statement`
    (its error span, C3 or C1 with the paper's word as the correction, added to
    ``found.errors``), or None when the paper has no such sentence."""
    flip = flipped_statement(text, index, hits)
    if flip is None:
        return None
    pattern = re.escape(flip.word) + (r"\s+\w+" if not flip.paper else "")
    m = re.search(r"\b" + pattern + r"\b", fold(text), re.IGNORECASE)
    if m is None or len(fold(text)) != len(text):
        return None
    span = text[m.start():m.end()]
    fixed = flip.paper or span[len(flip.word):].strip()
    found.errors.append(ErrorSpan(span=span, tags=(flip.tag,), correction=fixed))
    return (f"Contradicted: the sentence says '{span}' where the same statement on page "
            f"{flip.hit.entry.page} says '{fixed}' (\"{short(flip.hit.entry.text)}\").",
            [flip.hit])


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


__all__ = ["SAME_BUT_ONE", "SAME_TEXT", "Flip", "flip_contradiction", "flipped_statement",
           "keep_verbatim", "verbatim_hit"]
