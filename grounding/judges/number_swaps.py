"""Two values of a sentence exchanged (:func:`check_swaps`): "A 80.1, B 75.3" where the
paper says "A 75.3, B 80.1", "223 showed human-specific ... and 80 showed mouse-specific"
where the paper gives 223 to mouse. Each value keeps its own words (:func:`_own_words`);
both become conflicts (C1), each corrected by the other. Then the value-binding checks of
:mod:`grounding.judges.number_binding`. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex
from grounding.judges.condition_labels import labels
from grounding.judges.number_binding import (
    Skip,
    check_corrections,
    check_listed_rows,
    check_value_binding,
)
from grounding.judges.number_common import Findings, NumberStatus
from grounding.judges.number_lists import claim_list_words, respectively_words
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, same_value


def _around(
    text: str, start: int, end: int, lo: int = 0, hi: int | None = None, words: int = 6
) -> set[str]:
    """Stemmed non-numeric content terms of the ``words`` words either side of a number
    at ``start``-``end``, inside ``lo``-``hi`` (where the other number's words begin or
    end, :func:`_own_words`) and not crossing another number or a clause break, so each
    number keeps its own neighbours ("223 genes showed evidence of mouse-specific ..."
    reaches the qualifier that a paraphrase states closer)."""
    hi = len(text) if hi is None else hi
    a, z = max(lo, start - 12 * words), min(hi, end + 12 * words)
    # a value alone in brackets after what it measures, "larger for A (1.6) than for B
    # (1.1)": its left words are those before the bracket
    opened = _PAREN_OPEN.search(text, a, start)
    left_end = opened.start() if opened and _PAREN_CLOSE.match(text, end) else start
    left_text = _BREAK.split(text[a:left_end])[-1]
    right_text = _BREAK.split(text[end:z])[0]
    left, right = left_text.split(), right_text.split()
    # no word cut in half at the window's edge (where no break stopped the words first)
    cut_left = len(left_text) == left_end - a and 0 < a and text[a - 1].isalnum()
    if left and cut_left and text[a].isalnum():
        left = left[1:]
    cut_right = len(right_text) == z - end and z < len(text) and text[z - 1].isalnum()
    if right and cut_right and text[z].isalnum():
        right = right[:-1]
    near = _last_content(left, words) + _last_content(right[::-1], words)[::-1]
    return (
        {t for t in content_terms(" ".join(near)) if not is_numeric(t)}
        | {w.lower().strip(".,") for w in near if _COMPOUND.fullmatch(w.strip(".,"))}
        | labels(text, left_end - len(left_text), end + len(right_text))
    )


def _last_content(tokens: list[str], n: int) -> list[str]:
    """The tail of ``tokens`` that holds its last ``n`` content words (stop words between
    them kept): "Fructose achieved the highest LA yield of" keeps "Fructose" at six."""
    seen = 0
    for i in range(len(tokens) - 1, -1, -1):
        seen += bool(content_terms(tokens[i]))
        if seen == n:
            return tokens[i:]
    return tokens


#: a hyphenated compound, kept whole as well ("water-in" / "water-out" differ in the
#: word that content_terms drops)
_COMPOUND = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")


#: words that start the second of two coordinated statements
_COORDINATOR = re.compile(r",|;|\b(?:and|while|whereas|but|versus|vs|than)\b")
#: what ends a number's neighbourhood: another number (not a digit inside a name, "ECFP-T65S",
#: "R1", "pK1/2", "GPT-4o", "Llama-3-70B"), a clause break
_BREAK = re.compile(r"(?<![^\W_]|/)(?<![^\W_]-)\d|[;:()]|,\s|\.\s")
#: the opening bracket right before a value and the closing one right after it (a unit or
#: per cent sign may sit between)
_PAREN_OPEN = re.compile(r"\(\s*$")
_PAREN_CLOSE = re.compile(r"\s*(?:%|[^\W\d_]{1,6})?\s*\)")


def _own_words(text: str, a: Quantity, b: Quantity) -> tuple[set[str], set[str]]:
    """The neighbours (:func:`_around`) of two numbers of one text, each kept to its side
    of the last coordinator between them ("223 showed X and 80 showed Y": "and"; the
    midpoint when there is none), less the words both have."""
    first, second = (a, b) if a.start <= b.start else (b, a)
    cuts = list(_COORDINATOR.finditer(text, first.end, second.start))
    mid = cuts[-1].start() if cuts else (first.end + second.start) // 2
    x = _around(text, first.start, first.end, hi=mid)
    y = _around(text, second.start, second.end, lo=mid)
    x, y = x - y, y - x
    return (x, y) if first is a else (y, x)


def check_swaps(text: str, index: EvidenceIndex, found: Findings, skip: Skip | None = None) -> None:
    """Two values of the sentence exchanged ("A 80.1, B 75.3" where the paper says "A 75.3,
    B 80.1", or "223 showed human-specific ... and 80 showed mouse-specific" where the
    paper gives 223 to mouse): both found in one passage of prose (each once), where each
    value's own words (:func:`_own_words`) are those the sentence gives the OTHER value: at
    least one crossing word for each, two in all, and no fewer than stay in place. Both
    numbers become conflicts (C1), each corrected by the other.
    """
    checks = [
        c
        for c in found.numbers
        if c.status == NumberStatus.FOUND
        and c.hit is not None
        and c.quantity.kind in ("number", "percent")
    ]
    s = fold(text)
    # a list of values given to a list of names ("respectively", or in the order of a list
    # of names that opens the clause): each value's words are its name's, however far
    # apart the two lists are written
    listed = claim_list_words(s, [c.quantity for c in found.numbers])
    for i, a in enumerate(checks):
        for b in checks[i + 1 :]:
            qa, qb = a.quantity, b.quantity
            ha, hb = a.hit, b.hit
            if same_value(qa, qb) or ha is None or hb is None or ha.entry.page != hb.entry.page:
                continue
            both_listed = qa.start in listed and qb.start in listed  # one unit for all
            units_differ = qa.unit != qb.unit and None not in (qa.unit, qb.unit)
            if not both_listed and (
                (qa.physical or qb.physical)
                and units_differ
                or qa.kind != qb.kind
                or not comparable(qa, qb)
            ):
                continue  # "8.1M ... (10.0%)": not two values of one kind; a unit may
                # be written once for both ("by 1.6 pH units, and B by 1.1"); counted
                # nouns may differ ("223 genes ... 80 showed")
            pno = ha.entry.page
            page = getattr(index.pages.get(pno), "text", "")
            lo, hi = min(ha.entry.start, hb.entry.start), max(ha.entry.end, hb.entry.end)
            if hi - lo > 600:
                continue
            qs = [
                e
                for e in index.page_quantities.get(pno, ())
                if lo <= e.start < hi and not (skip is not None and skip(pno, e.start))
            ]
            ea = [e for e in qs if same_value(qa, e)]
            eb = [e for e in qs if same_value(qb, e)]
            if len(ea) != 1 or len(eb) != 1:
                continue
            ptext = page  # quantity offsets index Page.text as written
            if both_listed:
                sa, sb = listed[qa.start], listed[qb.start]
            else:
                sa, sb = _own_words(s, qa, qb)
            theirs = (
                respectively_words(ptext, qs)
                if "respectively" in ptext[lo:hi] or "/" in ptext[lo:hi]
                else {}
            )
            if ea[0].start in theirs and eb[0].start in theirs:
                pa, pb = theirs[ea[0].start], theirs[eb[0].start]
            else:
                pa, pb = _own_words(ptext, ea[0], eb[0])
            straight = len(sa & pa) + len(sb & pb)
            crossed = len(sa & pb) + len(sb & pa)
            if crossed >= max(straight, 2) and len(sa & pb) >= 1 and len(sb & pa) >= 1:
                a.status, a.correction = NumberStatus.CONFLICT, eb[0]
                b.status, b.correction = NumberStatus.CONFLICT, ea[0]
                return
    # one value given to another entity or condition than the paper gives it
    check_value_binding(text, index, found, skip)
    check_listed_rows(text, index, found)
    # the correction of each C1 read in prose: the passage's value for its own binding
    check_corrections(text, index, found, skip)


__all__ = ["check_swaps"]
