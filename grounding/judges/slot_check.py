"""Values or terms exchanged between the slots of the paper's own statement (pure, no I/O).

A sentence that restates a passage of the paper word for word around its numbers ("two
absorption maxima at 430 nm and 474 nm, and two emission maxima at 445 nm ...") binds each
value to a slot: the words on either side of it. :func:`check_slot_swaps` aligns the
sentence with the passages that verified its numbers, numbers masked
(``difflib.SequenceMatcher`` over word tokens, every number one token ``#``), and reads
the paper's value in each slot the alignment pairs with a slot of the sentence. When two or
more slots hold values the paper gives to each other's slots (the sentence's values are a
permutation of the paper's values in those slots), each is a conflict (C1) corrected by the
paper's value in its slot.

Only permutations are read here: a single value the paper words differently is left to
``grounding.judges.number_check`` (the sentence may be about another condition).

:func:`name_swap` does the same for names: two names of the sentence whose words the
paper gives to each other ("RunnerBase implements iteration-based training, while
RunnerIter implements epoch-based training" against "RunnerBase implements epoch-based
training and RunnerIters implements iteration-based training") are a swapped relation (C2).

Usage::

    check_slot_swaps(text, index, hits, found, skip)   # updates found.numbers in place
    swap = name_swap(text, index, hits, skip)           # (name, other name, hit) or None
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.judges.parts import NAME
from grounding.judges.rules_cues import ANTONYMS, words
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, same_value

#: characters of page text read on either side of a passage (a sentence may run over two)
MARGIN = 200
#: share of the sentence's word tokens the alignment must pair with the passage's
MIN_COVERAGE = 0.7
#: word tokens a slot's aligned block must hold (the words that bind the value)
MIN_BLOCK_WORDS = 2

_WORD = re.compile(r"[^\W\d_]+|\d+")
NUMBER = "#"

Skip = Callable[[int, int], bool]
Token = tuple[str, int]  # (word or NUMBER, index of the quantity or -1)


def tokens(
    text: str, quantities: Sequence[Quantity], lo: int = 0, hi: int | None = None
) -> list[Token]:
    """Word tokens of ``text[lo:hi]`` (lower case), each quantity (offsets into ``text``)
    one ``("#", i)`` token, ``i`` its position in ``quantities``; digits outside the
    quantities (a name's "R1") are word tokens."""
    hi = len(text) if hi is None else hi
    spans = sorted(
        (q.start, q.end, i) for i, q in enumerate(quantities) if lo <= q.start and q.end <= hi
    )
    out: list[Token] = []
    pos = lo
    for start, end, i in spans + [(hi, hi, -1)]:
        if start < pos:
            continue  # overlapping readings: the first one wins
        out += [(m.group(0).lower(), -1) for m in _WORD.finditer(text, pos, start)]
        if i >= 0:
            out.append((NUMBER, i))
        pos = end
    return out


def aligned_slots(sent: list[Token], page: list[Token]) -> tuple[float, list[tuple[int, int]]]:
    """Align two token lists, numbers masked. Returns the share of ``sent``'s word tokens
    paired with ``page``'s, and (sentence quantity index, page quantity index) for every
    number paired inside a block holding at least ``MIN_BLOCK_WORDS`` words."""
    a = [t for t, _ in sent]
    b = [t for t, _ in page]
    words = sum(1 for t in a if t != NUMBER)
    if not words:
        return 0.0, []
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    paired = 0
    slots: list[tuple[int, int]] = []
    for blk in matcher.get_matching_blocks():
        chunk = a[blk.a : blk.a + blk.size]
        n_words = sum(1 for t in chunk if t != NUMBER)
        paired += n_words
        if n_words < MIN_BLOCK_WORDS:
            continue
        slots += [
            (sent[blk.a + k][1], page[blk.b + k][1]) for k in range(blk.size) if chunk[k] == NUMBER
        ]
    return paired / words, slots


def permuted(pairs: list[tuple[Quantity, Quantity]]) -> bool:
    """True when every sentence value of ``pairs`` (sentence value, paper value in its slot)
    differs from its slot's and is the paper's value of another slot among them."""
    if len(pairs) < 2:
        return False
    return all(
        not same_value(q, e) and any(same_value(q, e2) for j, (_, e2) in enumerate(pairs) if j != i)
        for i, (q, e) in enumerate(pairs)
    )


def check_slot_swaps(
    text: str,
    index: EvidenceIndex,
    hits: Sequence[Hit],
    found: Findings,
    skip: Skip | None = None,
    k: int = 5,
) -> None:
    """Mark the sentence's values that the paper's own statement gives in each other's slots
    (see the module docstring) as conflicts (C1), each corrected by the paper's value in
    its slot. Reads the passages of the numbers' hits and the first ``k`` prose ``hits``,
    each with ``MARGIN`` characters of its page on either side; the first passage whose
    alignment covers ``MIN_COVERAGE`` of the sentence's words and shows a permutation
    decides. Numbers already in conflict are left alone. Returns None; updates ``found``.
    """
    checks = found.numbers
    if sum(c.status in (NumberStatus.FOUND, NumberStatus.FOUND_FAR) for c in checks) < 2 or any(
        c.status == NumberStatus.CONFLICT for c in checks
    ):
        return
    sent = tokens(fold(text), [c.quantity for c in checks])
    cands = [c.hit for c in checks if c.hit is not None] + list(hits[:k])
    for hit, page, pqs in _windows(index, cands, skip):
        coverage, slots = aligned_slots(sent, page)
        if coverage < MIN_COVERAGE:
            continue
        wrong = [
            (checks[i], pqs[j])
            for i, j in slots
            if checks[i].status in (NumberStatus.FOUND, NumberStatus.FOUND_FAR)
            and not same_value(checks[i].quantity, pqs[j])
        ]
        if permuted([(c.quantity, p) for c, p in wrong]):
            _mark(wrong, hit)
            return


def _spans(index: EvidenceIndex, cands: Sequence[Hit]) -> list[tuple[Hit, int, int]]:
    """Each prose hit of ``cands`` (once) with the page-text offsets ``MARGIN`` characters
    either side of it."""
    out = []
    seen: set[tuple[int, int]] = set()
    for hit in cands:
        e = hit.entry
        if e.kind == "row" or (e.page, e.start) in seen:
            continue
        seen.add((e.page, e.start))
        size = len(getattr(index.pages.get(e.page), "text", ""))
        out.append((hit, max(0, e.start - MARGIN), min(size, e.end + MARGIN)))
    return out


def _windows(
    index: EvidenceIndex, cands: Sequence[Hit], skip: Skip | None
) -> list[tuple[Hit, list[Token], list[Quantity]]]:
    """Each span of :func:`_spans` with the tokens of its page text and the page's
    quantities in it (the tokens' indices), less those ``skip`` drops."""
    out = []
    for hit, lo, hi in _spans(index, cands):
        e = hit.entry
        ptext = getattr(index.pages.get(e.page), "text", "")
        pqs = [
            q
            for q in index.page_quantities.get(e.page, ())
            if q.checkable
            and lo <= q.start
            and q.end <= hi
            and not (skip is not None and skip(e.page, q.start))
        ]
        out.append((hit, tokens(ptext, pqs, lo, hi), pqs))
    return out


def _around(text: str, start: int, end: int, barrier: re.Pattern[str], width: int = 40) -> set[str]:
    """Stemmed non-numeric content terms within ``width`` characters of ``text[start:end]``,
    not crossing a match of ``barrier`` (another name, a clause break)."""
    left = barrier.split(text[max(0, start - width) : start])[-1]
    right = barrier.split(text[end : end + width])[0]
    if start - width > 0:
        left = re.sub(r"^\w*", "", left)  # no word cut in half at the window's edge
    right = re.sub(r"\w*$", "", right) if end + width < len(text) else right
    return {t for t in content_terms(left + " " + right) if not is_numeric(t)}


@lru_cache(maxsize=1024)
def _name_re(name: str) -> re.Pattern[str]:
    """A name as a whole word, any case, a plural "s" allowed ("RunnerIters")."""
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?:s|es)?(?![\w-])", re.I)


#: what ends the words of a name: another name, a number, a clause break
_BARRIER = re.compile(NAME.pattern + r"|\d|[,;:()]|\.\s|\b(?:and|or|but|while|whereas|than)\b")


def name_swap(
    text: str, index: EvidenceIndex, hits: Sequence[Hit], skip: Skip | None = None, k: int = 5
) -> tuple[str, str, Hit] | None:
    """Two names of the sentence that the paper's own statement gives each other's words
    ("RunnerBase implements iteration-based training, while RunnerIter implements
    epoch-based training" where page 4 says RunnerBase "implements epoch-based training" and
    RunnerIters "iteration-based training"): each name occurs once in one passage (first
    ``k`` prose ``hits``, ``MARGIN`` characters either side), the two within 300 characters,
    and the words around each name in the paper are those the sentence gives the OTHER
    name, by at least two terms more than its own (as ``number_swaps.check_swaps`` reads
    values). Returns (the first name, the second name, the passage's hit) or None."""
    s = fold(text)
    if len(s) != len(text):
        s = text
    names = list(
        dict.fromkeys(n for m in NAME.finditer(s) if len(n := m.group(0).strip("`-")) >= 2)
    )
    if len(names) < 2:
        return None
    barrier = _BARRIER
    pats = {n: _name_re(n) for n in names}
    # the sentence's side, once: each name written once, with its own words
    once = {}
    for n in names:
        found = list(pats[n].finditer(s))
        if len(found) == 1:
            once[n] = _around(s, found[0].start(), found[0].end(), barrier)
    pairs = [
        (na, nb)
        for i, na in enumerate(names)
        for nb in names[i + 1 :]
        if na in once
        and nb in once
        and na.lower() not in nb.lower()
        and nb.lower() not in na.lower()
    ]
    if not pairs:
        return None
    for hit, lo, hi in _spans(index, list(hits[:k])):
        window = getattr(index.pages.get(hit.entry.page), "text", "")[lo:hi]
        in_window: dict[str, list[re.Match[str]]] = {}  # each name searched once here
        for na, nb in pairs:
            for n in (na, nb):
                if n not in in_window:
                    in_window[n] = list(pats[n].finditer(window))
            if len(in_window[na]) != 1 or len(in_window[nb]) != 1:
                continue
            (pa_m,), (pb_m,) = in_window[na], in_window[nb]
            if abs(pa_m.start() - pb_m.start()) > 300:
                continue
            sa, sb = once[na], once[nb]
            pa = _around(window, pa_m.start(), pa_m.end(), barrier)
            pb = _around(window, pb_m.start(), pb_m.end(), barrier)
            straight = len(sa & pa) + len(sb & pb)
            crossed = len(sa & pb) + len(sb & pa)
            if (
                crossed >= straight + 2
                and sa & pb - sb
                and sb & pa - sa
                and not reversed_comparison(s, window)
            ):
                return na, nb, hit
    return None


def reversed_comparison(sentence: str, passage: str) -> bool:
    """True if the sentence compares with "than" ("A is higher than B") and the passage
    states the opposite word with "than" and not the sentence's word ("B is lower than
    A"): a comparison said from its other side, whose names stand crosswise by design."""
    mine, theirs = words(sentence), words(passage)
    have = set(theirs)
    for i, w in enumerate(mine):
        if "than" not in mine[i + 1 : i + 4] or w in have:
            continue
        for j, v in enumerate(theirs):
            if v in ANTONYMS.get(w, ()) and "than" in theirs[j + 1 : j + 4]:
                return True
    return False


def _mark(wrong: list[tuple[NumberCheck, Quantity]], hit: Hit) -> None:
    for c, paper in wrong:
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, hit, paper


__all__ = [
    "MARGIN",
    "MIN_BLOCK_WORDS",
    "MIN_COVERAGE",
    "aligned_slots",
    "check_slot_swaps",
    "name_swap",
    "permuted",
    "reversed_comparison",
    "tokens",
]
