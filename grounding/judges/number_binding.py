"""A value found in the paper only as the value of something else: "glucose gave 38%"
where the paper gives 38% to fructose and 9% to glucose; "the water-in sample holds
13,370 events" where 13 370 is the water-out sample's; "the decadal amplitude (0.26 °C)"
where the paper gives the decadal amplitude as 0.33 °C and 0.26 °C to the interannual one.

:func:`check_value_binding` binds each number of the sentence to its own words (the words
next to it in its clause, the words before a bracket that holds it, the name a
"respectively" list gives it), and each number of the paper's passage likewise; a number
whose paper occurrence is bound to other words, while another value of the same kind in
that passage is bound to the sentence's words, is a conflict (C1) corrected by that value.
Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.condition_labels import label_spans
from grounding.judges.number_common import (
    Findings,
    NumberCheck,
    NumberStatus,
    beside,
    initials,
    same_digits,
    transposed,
)
from grounding.judges.number_lists import claim_list_words, respectively_words
from grounding.judges.rules_cells import cell_near, label_terms, same_table
from grounding.judges.share_nouns import SHARE_UNITS, component, paper_share
from grounding.judges.verbatim import NumberFlip, number_flips
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, extract_quantities, same_value

#: ``skip(page, offset)``: True where a page-text offset is not this paper's own statement.
Skip = Callable[[int, int], bool]

#: what ends a number's own words: a clause break or another number (not a digit inside a
#: name: "ECFP-T65S", "Llama-3-70B")
_BREAK = re.compile(r"(?<![^\W_])\d|[;:\[\]]|,\s|\.\s|\n\n")
#: words that start the second of two coordinated statements
_COORDINATOR = re.compile(r",|;|\b(?:and|while|whereas|but|versus|vs|followed|than)\b")
#: a compound kept whole ("water-in" and "water-out" differ in a word content_terms drops)
_COMPOUND = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")
#: how far around a number its own words are read (characters)
_REACH = 90
#: how far from the paper's value the passage's other values are read (characters)
_PASSAGE = 400
#: how near a value the sentence's other number stands to be stated with it (characters),
#: and what ends a clause between them
_WITH = 60
_CLAUSE_END = re.compile(r"[.;]\s|,\s*(?:while|whereas|but|and)\b")
_KINDS = ("number", "percent")


def _words(span: str) -> set[str]:
    return {t for t in content_terms(span) if not is_numeric(t)} | {
        w.lower() for w in _COMPOUND.findall(span)
    }


def own_words(
    text: str,
    q: Quantity,
    qs: list[Quantity],
    listed: dict[int, set[str]],
    left_n: int = 6,
    right_n: int = 6,
) -> set[str]:
    """The words ``text`` binds to the number ``q``: up to ``left_n`` content words before
    it and ``right_n`` after it inside its clause: not past another number of ``qs``, nor
    past the first coordinator ("and", "while", ",") after it, nor past the last one
    between the previous number and it; for a number in brackets, or set off by a comma
    with no number before it in reach, right after its words ("the decadal amplitude (0.33 °C)",
    "yield of acid, 38%,") the words before the bracket or comma; plus the name a
    "respectively" or slash list gives
    it (``listed``, by start offset), less the names that list gives its other values."""
    before = [x for x in qs if x.end <= q.start]
    after = [x for x in qs if x.start >= q.end]
    lo = max(before[-1].end if before else 0, q.start - _REACH)
    hi = min(after[0].start if after else len(text), q.end + _REACH)
    left = text[lo : q.start].rstrip()
    listing = bool(before) and before[-1].end >= q.start - _REACH
    if left.endswith("(") or (left.endswith(",") and not listing):
        left = left[:-1]  # "(0.33 °C)", "acid, 38%,": the words before it (not in a
        # list of values: "87 wt% water, 11.65 wt% FA")
    if listing:
        cut = list(_COORDINATOR.finditer(left))
        left = left[cut[-1].end() :] if cut else left
    cut = list(_COORDINATOR.finditer(text, q.end, hi))
    right = text[q.end : cut[0].start() if cut else hi]
    if right.lstrip().startswith(")"):
        right = ""
    left_words = _content_run(_BREAK.split(left)[-1].split()[::-1], left_n)[::-1]
    right_words = _content_run(_BREAK.split(right)[0].split(), right_n)
    # a listed value's words are its own name's, not the other names of its list
    others = set().union(*(v for k, v in listed.items() if k != q.start))
    own = listed.get(q.start, set())
    return (_words(" ".join(left_words + right_words)) - (others - own)) | own


def _content_run(words: list[str], n: int) -> list[str]:
    """The first words of ``words`` up to the ``n``-th that holds a content term (at most
    ``2 n`` words)."""
    out: list[str] = []
    seen = 0
    for w in words[: 2 * n]:
        out.append(w)
        seen += bool(content_terms(w))
        if seen >= n:
            break
    return out


def check_value_binding(
    text: str, index: EvidenceIndex, found: Findings, skip: Skip | None = None
) -> None:
    """Numbers found in a passage of prose (status ``found``) whose occurrence there is
    bound to other words than the sentence gives them (:func:`rebound`): the number becomes
    a conflict (C1) corrected by the value the passage binds to the sentence's words. A
    value the sentence gives to another of its numbers may be the correction (two values
    exchanged), not one that already corrects another of its numbers; table rows and lines that
    read as a table are left to the row checks."""
    s = fold(text)
    mine = [c.quantity for c in found.numbers]
    listed = claim_list_words(s, mine)
    names = _names(text)
    said = _words(s) | initials(s)
    for c in found.numbers:
        q = c.quantity
        if (
            c.status != NumberStatus.FOUND
            or c.hit is None
            or c.hit.entry.kind == "row"
            or q.kind not in _KINDS
            or q.bound is not None
            or q.range is not None
        ):
            continue
        words = own_words(s, q, [x for x in mine if x is not c.quantity], listed)
        if len(words) < 2:
            continue
        strong = names | listed.get(q.start, set()) | {w for w in words if "-" in w}
        if _stated_at_its_condition(s, q, mine, c.hit, index):
            continue
        fix = rebound(q, words, strong, said, names, c.hit, index, skip)
        if fix is not None and any(
            o.status == NumberStatus.CONFLICT
            and o.correction is not None
            and same_value(o.correction, fix)
            for o in found.numbers
        ):
            fix = None  # already the paper's value for another number of the sentence
        if fix is not None:
            c.status, c.correction = NumberStatus.CONFLICT, fix


def check_corrections(
    text: str, index: EvidenceIndex, found: Findings, skip: Skip | None = None
) -> None:
    """The correction of each number contradicted by a passage of prose (C1) is the value
    that passage gives for the number's own binding, not another value of it ("the LA yield
    peaked at 42 mol% after 2 hours" where the paper says "not achieved within 1 hour ...
    its maximum with 42 mol% at a reaction time of 4 hours": 4 hours, not 1 hour).

    The candidates are the passage's values of the correction's kind and unit, less those
    the sentence states for its other numbers (a value of the sentence is bound to its own
    words, unless the two were exchanged). Each is scored by the sentence's own words for
    the number (:func:`own_words`) it shares, then by its nearness to where the passage
    states another number of the sentence, on the same side as in the sentence (the value
    stated with the same co-value: "42 mol% ... 4 hours"). The best replaces the
    correction when it scores higher. A correction that is the sentence's own value for
    another of its numbers, with no other value at hand, is no correction: the number
    becomes ``misbound`` (not verified, N1). Changes ``found`` in place."""
    s = fold(text)
    mine = [c.quantity for c in found.numbers]
    listed = claim_list_words(s, mine)
    for c in found.numbers:
        fix, hit, q = c.correction, c.hit, replace(c.quantity, bound=None)
        if (
            c.status != NumberStatus.CONFLICT
            or fix is None
            or hit is None
            or hit.entry.kind == "row"
            or q.kind not in _KINDS
            or q.range is not None
        ):
            continue
        if transposed(q, fix) or same_digits(q, fix):
            continue  # a digit slip ("443" for "434"): the digits say which value
        part = component(s, q) if q.unit in SHARE_UNITS else None
        share = paper_share(index, c, part) if part is not None else None
        if share is not None:
            c.correction = share  # "0.73 wt% acetic acid": the paper's acetic acid share
            continue
        others = [o for o in found.numbers if o is not c]
        if any(
            o.status == NumberStatus.CONFLICT
            and o.correction is not None
            and same_value(o.correction, q)
            and same_value(o.quantity, fix)
            for o in others
        ):
            continue  # two values exchanged: each corrects the other
        best = _bound_value(s, c, q, others, listed, mine, index, skip)
        if isinstance(best, Quantity):
            c.correction = best
        elif best is False:
            # the only value at hand is the one the sentence gives its other number: not
            # this number's; not verified, and no correction
            c.status, c.correction = NumberStatus.MISBOUND, None
            c.why = (
                f"{q.text} is not what page {hit.entry.page} gives; the value there, "
                f"{fix.text}, is the one the sentence gives another of its numbers"
            )


def _written(o: Quantity, e: Quantity) -> bool:
    """True if the sentence's number ``o`` writes the value ``e`` (its digits, rounded as
    ``o`` is: "82" is not "eight")."""
    return o.kind != "word" and same_value(o, e) and round(e.value, o.decimals) == o.value


def _bound_value(
    s: str,
    c: NumberCheck,
    q: Quantity,
    others: list[NumberCheck],
    listed: dict[int, set[str]],
    mine: list[Quantity],
    index: EvidenceIndex,
    skip: Skip | None,
) -> Quantity | None | bool:
    """The value of :func:`check_corrections` for ``c`` (``q``: its quantity without a
    bound): a Quantity to correct it with, None to keep its correction, False when its
    correction is the value the passage binds to the sentence's other number and no
    other value is at hand."""
    fix, hit = c.correction, c.hit
    assert fix is not None and hit is not None
    page_no = hit.entry.page
    page = getattr(index.pages.get(page_no), "text", "")
    qs = [
        e
        for e in index.page_quantities.get(page_no, ())
        if e.checkable and not (skip is not None and skip(page_no, e.start))
    ]
    lo, hi = hit.entry.start - _REACH, hit.entry.end + _REACH
    near = [e for e in qs if lo <= e.start < hi]
    at = [e for e in near if same_value(fix, e)]
    if not page or not at:
        return None
    words = own_words(s, q, [x for x in mine if x is not c.quantity], listed)
    # the sentence's number that writes the correction: the correction is that number's
    # value (not this one's) unless the passage binds it to this number's words rather
    # than to that one's (two values exchanged keep their corrections)
    owner = next((o for o in others if _written(o.quantity, fix)), None)
    if owner is not None:
        theirs = own_words(s, owner.quantity, [x for x in mine if x is not owner.quantity], listed)
        in_list = _listed_in(page, near, lo, hi)
        paper = set().union(*(own_words(page, e, near, in_list) for e in at))
        if len((paper & words) - theirs) > len((paper & theirs) - words):
            return None
    pool = [
        e
        for e in near
        if (e.kind == fix.kind or {e.kind, fix.kind} <= {"number", "word"})
        and e.unit == fix.unit
        and e.range is None
        and e.denominator is None
        and e.points == fix.points
        and (e.value < 0) == (q.value < 0)
        and not same_value(q, e)
        and not any(_written(o.quantity, e) for o in others)
    ]
    if not pool:
        return False if owner is not None else None
    # where the passage states the sentence's other found numbers, and on which side of
    # them the sentence writes this one
    anchors = [
        (e.start, 1 if o.quantity.start < q.start else -1)
        for o in others
        if o.status == NumberStatus.FOUND and o.hit is not None and o.hit.entry.page == page_no
        for e in near
        if same_value(o.quantity, e) and not same_value(fix, e)
    ]
    stated = _conditions_stated(q, others, near)

    def score(e: Quantity) -> tuple[bool, int, float]:
        shared = len(words & own_words(page, e, near, {}))
        gaps = [(e.start - a) * side for a, side in anchors if (e.start - a) * side > 0]
        return _stated_with(page, e, stated), shared, -min(gaps, default=1e9)

    best = max(pool, key=score)
    held = next((e for e in pool if same_value(fix, e)), None)
    return best if held is None or score(best) > score(held) else None


def _conditions_stated(
    q: Quantity, others: list[NumberCheck], near: list[Quantity]
) -> list[tuple[int, int]]:
    """Where the passage (its quantities ``near``) writes the sentence's other found numbers
    with a unit (a condition: "1000 ppm"), wherever they were found: (offset, 1 if the
    sentence writes it before ``q``, else -1)."""
    return [
        (e.start, 1 if o.quantity.start < q.start else -1)
        for o in others
        if o.status == NumberStatus.FOUND and o.quantity.physical
        for e in near
        if same_value(o.quantity, e) and e.unit == o.quantity.unit
    ]


def _stated_with(page: str, e: Quantity, stated: list[tuple[int, int]]) -> bool:
    """Whether the passage states value ``e`` in one clause with a condition of
    ``stated``, on the side the sentence writes it ("1000 ppm of imidazole shows 88.0%" for
    "1000 ppm ... lowered it to 86.0%")."""
    return any(
        0 < (e.start - a) * side <= _WITH
        and not _CLAUSE_END.search(page, min(a, e.start), max(a, e.start))
        for a, side in stated
    )


def check_changed_number(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """A sentence the paper states word for word but for one number
    (:func:`grounding.judges.verbatim.number_flips`: "the 6 mHz at which the e = 0.9
    source is concentrated" where the paper says "e = 0.6") is wrong in that number: when
    the number checks contradict the sentence (a value read in another statement, "6 mHz
    -> 40 mHz" from "the e = 0.9 source is concentrated at around 40 mHz"), the C1 moves to
    the changed number, corrected by the paper's, and the sentence's other numbers are
    found in that statement; where two of its numbers have the changed one's value, the
    one in the changed place ("388 men ... and 388 men"). Nothing changes when no number
    is contradicted or the changed word is not one whole number of the sentence (a digit
    group of "13 370"). Two statements each one number away at another number leave the
    contradicted ones among those numbers with no correction (:func:`_open_flips`).
    Changes ``found`` in place.

    Args: text: the sentence. index: the paper's evidence index. hits: the sentence's
          passages, best first. found: the number checks.
    Raises: nothing.
    """
    if not any(c.status in _CONTRADICTED for c in found.numbers):
        return
    flips = number_flips(text, index, hits)
    if len(flips) > 1:
        _open_flips(flips, found)
        return
    if not flips:
        return
    flip = flips[0]
    said, paper = _plain(flip.word), _plain(flip.paper)
    target = sorted(
        (c for c in found.numbers if said is not None and c.quantity.value == said),
        key=lambda c: c.quantity.start,
    )
    if len(target) > 1 and len(target) == _written_times(text, flip.word) > flip.nth:
        target = [target[flip.nth]]  # "388 men ... and 388 men": the one in the flip's slot
    if len(target) != 1 or paper is None:
        return
    fix = _paper_number(text, target[0].quantity, flip.hit, flip.paper, paper, index)
    if fix is None:
        return
    stated = [q for q in extract_quantities(flip.window) if q.checkable]
    for c in found.numbers:
        if c is target[0]:
            c.status, c.hit, c.correction, c.why = NumberStatus.CONFLICT, flip.hit, fix, ""
        elif c.status in _CONTRADICTED + (
            NumberStatus.MISBOUND,
            NumberStatus.ABSENT,
            NumberStatus.FOUND_FAR,
        ) and any(same_value(c.quantity, q) for q in stated):
            c.status, c.hit, c.correction, c.why = NumberStatus.FOUND, flip.hit, None, ""


def _written_times(text: str, word: str) -> int:
    """How many times ``text`` writes the number token ``word`` (alone, not inside a
    longer number)."""
    return len(re.findall(r"(?<![\w.,])" + re.escape(word) + r"(?![\w]|[.,]\d)", fold(text)))


def _open_flips(flips: list[NumberFlip], found: Findings) -> None:
    """The sentence is one number away from two or more paper statements, each at another
    of its numbers ("479 men for definition one and 388 for definition two" where the
    paper says 479 / 543 and 647 / 388): which number is wrong is open, so a contradicted
    number that one of them changes keeps its C1 with no correction (``refuted``)."""
    said = {v for f in flips if (v := _plain(f.word)) is not None}
    pages = sorted({f.hit.entry.page for f in flips})
    where = ", ".join(f"'{f.paper}' for '{f.word}'" for f in flips)
    for c in found.numbers:
        if c.status in _CONTRADICTED and c.quantity.value in said:
            c.status, c.correction = NumberStatus.REFUTED, None
            c.why = (
                f"the sentence is one number away from {len(flips)} statements on page "
                f"{', '.join(map(str, pages))} ({where}): which number is wrong is open"
            )


def _paper_number(
    text: str, q: Quantity, hit: Hit, written: str, value: float, index: EvidenceIndex
) -> Quantity | None:
    """The page's number written ``written`` (value ``value``) in the statement around
    ``hit`` that stands where the sentence writes ``q``: of those near the passage, the one
    after the longest run of the sentence's own words before ``q`` ("criteria 1 and 2",
    not the "two" of "those two matrices" a line before); None when there is none."""
    h = hit.entry
    page = getattr(index.pages.get(h.page), "text", "")
    lo, hi = h.start - len(text) - 40, h.end + len(text) + 40
    cands = [
        e
        for e in index.page_quantities.get(h.page, ())
        if lo <= e.start < hi and e.value == value and e.text.startswith(written)
    ]
    mine = _flat_words(text[: q.start])

    def shared(e: Quantity) -> int:
        theirs = _flat_words(page[max(0, e.start - 120) : e.start])
        n = 0
        while n < min(len(mine), len(theirs)) and mine[-1 - n] == theirs[-1 - n]:
            n += 1
        return n

    return max(cands, key=shared, default=None)


def _flat_words(span: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", fold(span).lower())


#: the statuses of a number the checks contradict
_CONTRADICTED = (NumberStatus.CONFLICT, NumberStatus.REFUTED)


def _plain(word: str) -> float | None:
    """The value of a number token as :func:`number_flips` gives it ("1,000", "0.6")."""
    try:
        return float(word.replace(",", ""))
    except ValueError:
        return None


def check_listed_rows(text: str, index: EvidenceIndex, found: Findings) -> None:
    """Values of a "respectively" list found in table rows ("NER and REL reach 79.97 and
    67.57, respectively"): a value found only in the row another name of the list labels,
    while a row of the same table labelled by its own name holds another value in that
    cell's column, is a conflict (C1) corrected by that value."""
    s = fold(text)
    mine = [c.quantity for c in found.numbers]
    listed = respectively_words(s, mine)
    if len(listed) < 2:
        return
    names = list(listed.values())
    for c in found.numbers:
        q = c.quantity
        own = listed.get(q.start)
        if (
            own is None
            or c.status != NumberStatus.FOUND
            or c.hit is None
            or c.hit.entry.kind != "row"
        ):
            continue
        row = c.hit.entry
        label = label_terms(row)
        if own <= label or not any(n is not own and n <= label for n in names):
            continue  # in its own row, or in a row no other name labels
        cell = next((x for x in row.cells if same_value(q, x.quantity)), None)
        if cell is None:
            continue
        mates = [
            (pid, index.entries[pid])
            for pid in index.rows_by_page.get(row.page, [])
            if index.entries[pid] is not row
            and same_table(row, index.entries[pid])
            and own <= label_terms(index.entries[pid])
        ]
        if len(mates) != 1:
            continue
        pid, mate = mates[0]
        if any(same_value(q, x.quantity) for x in mate.cells):
            continue
        target = cell_near(mate, cell.x)
        if target is not None and target.quantity.checkable:
            c.status, c.hit, c.correction = (
                NumberStatus.CONFLICT,
                Hit(mate, pid, 1.0),
                target.quantity,
            )


def _names(text: str) -> set[str]:
    """Terms of the words of ``text`` written as names: capitalised after the first word,
    or holding a capital or digit inside ("LISA", "BERT-Large", "Co-View")."""
    out: set[str] = set()
    for i, m in enumerate(re.finditer(r"[A-Za-z][\w-]*", text)):
        w = m.group(0)
        if (i > 0 and w[0].isupper()) or any(ch.isupper() or ch.isdigit() for ch in w[1:]):
            out |= _words(w)
    return out


def _weight(ws: set[str], strong: set[str]) -> int:
    return sum(2 if w in strong else 1 for w in ws)


def _prose_line(page: str, e: Quantity) -> bool:
    """True if the line holding ``e`` with the lines either side reads as prose (ten
    words of three or more lower case letters), not as table lines ("KAT (Ensemble) [20]
    54.4 ALBEF")."""
    a = page.rfind("\n", 0, max(0, page.rfind("\n", 0, e.start))) + 1
    b = page.find("\n", e.end)
    b = page.find("\n", b + 1) if b >= 0 else -1
    line = page[a : b if b >= 0 else len(page)]
    return len(_LOWER_WORD.findall(line)) >= 10


_LOWER_WORD = re.compile(r"(?<![\w-])[a-z]{3,}(?![\w-])")


#: where a statement ends inside a passage or a clause of a sentence ends
_SENTENCE_CUT = re.compile(r"[.;]\s|[!?]")
_CLAUSE_CUT = re.compile(r"[;:]|,\s*(?:and|while|whereas|but)\b|\b(?:than|versus|vs)\b")


def _stated_at_its_condition(
    s: str, q: Quantity, mine: list[Quantity], hit: Hit, index: EvidenceIndex
) -> bool:
    """True if the passage of ``hit`` gives ``q``'s value at the condition the sentence
    gives it: a value of the sentence with a physical unit, in ``q``'s clause of the
    sentence ``s`` ("At 1000 ppm the efficiency fell to 88.0%"), is, in the passage's
    sentence holding ``q``'s value, the value of that unit nearest to it ("1000 ppm of
    imidazole shows 88.0% of IE, ... lower than ... 500 ppm"). The value is then bound
    where the sentence binds it, whatever other words the passage puts near it."""
    if _labelled_alike(s, q, hit, index):
        return True
    conditions = [
        x
        for x in mine
        if x is not q
        and x.physical
        and x.unit
        and not _CLAUSE_CUT.search(s, min(x.end, q.end), max(x.start, q.start))
    ]
    page = getattr(index.pages.get(hit.entry.page), "text", "")
    if not conditions or not page:
        return False
    qs = index.page_quantities.get(hit.entry.page, ())
    units = {x.unit for x in conditions}
    for e in qs:
        if not hit.entry.start <= e.start < hit.entry.end or not same_value(q, e):
            continue
        near = beside(page, qs, e, lambda f: f.unit in units, 200, _SENTENCE_CUT)
        for x in conditions:
            same_unit = [f for f in near if f.unit == x.unit]
            nearest = min(same_unit, key=lambda f: abs(f.start - e.start), default=None)
            if nearest is not None and same_value(nearest, x):
                return True
    return False


def _labelled_alike(s: str, q: Quantity, hit: Hit, index: EvidenceIndex) -> bool:
    """True if a condition named by a number in ``q``'s clause of the sentence ``s``
    ("15% ... under definition 1") is the one the passage's sentence holding ``q``'s value
    names on the same side of it ("15% ... according to definition one and 25% ...
    definition two": the first label after 15% is definition one)."""
    lo = max((m.end() for m in _CLAUSE_CUT.finditer(s, 0, q.start)), default=0)
    cut = _CLAUSE_CUT.search(s, q.end)
    mine = [x for x in label_spans(s, lo, cut.start() if cut else len(s)) if x[0] != q.start]
    page = getattr(index.pages.get(hit.entry.page), "text", "")
    if not mine or not page:
        return False
    for e in index.page_quantities.get(hit.entry.page, ()):
        if not hit.entry.start <= e.start < hit.entry.end or not same_value(q, e):
            continue
        start = max((m.end() for m in _SENTENCE_CUT.finditer(page, 0, e.start)), default=0)
        end = _SENTENCE_CUT.search(page, e.end)
        theirs = label_spans(page, start, end.start() if end else len(page))
        for a, _, label in mine:
            after = a >= q.end
            side = [x for x in theirs if (x[0] >= e.end) == after]
            near = min(side, key=lambda x: abs(x[0] - e.start), default=None)
            if near is not None and near[2] == label:
                return True
    return False


def rebound(
    q: Quantity,
    words: set[str],
    strong: set[str],
    said: set[str],
    names: set[str],
    hit: Hit,
    index: EvidenceIndex,
    skip: Skip | None = None,
) -> Quantity | None:
    """The value the passage of ``hit`` binds to ``words`` (the sentence's own words for
    ``q``) instead of ``q``, or None.

    Each occurrence of ``q``'s value in the passage (a line of prose) and each other value
    of its kind nearby (``_PASSAGE`` characters, not a range endpoint nor a part of a
    whole, written with the unit, count noun or none of every occurrence) gets its own
    words (:func:`own_words`). Counting only the words one of the two has and the other
    lacks, a name, a listed name or a hyphenated compound (``strong``) twice: another value
    ``f`` wins when ``words`` share at least 2 with ``f``, and either 2 more than with an
    occurrence or more and a strong one; or share 1 with ``f``, none with the occurrence,
    whose own words are none of the sentence's (``said``). Every occurrence must lose."""
    page_no = hit.entry.page
    page = getattr(index.pages.get(page_no), "text", "")
    qs = [
        e
        for e in index.page_quantities.get(page_no, ())
        if e.checkable and not (skip is not None and skip(page_no, e.start))
    ]
    at = [e for e in qs if hit.entry.start <= e.start < hit.entry.end and same_value(q, e)]
    if not at or not page or not all(_prose_line(page, e) for e in at):
        return None
    lo = max(0, min(e.start for e in at) - _PASSAGE)
    hi = max(e.end for e in at) + _PASSAGE
    near = [e for e in qs if lo <= e.start < hi]
    span = page[lo:hi]
    listed = _listed_in(page, near, lo, hi)
    theirs_named = _names(span) | set().union(set(), *listed.values())
    strong = strong | set().union(set(), *listed.values())
    here = [own_words(page, e, near, listed) for e in at]
    if any(len(mine) < 2 and e.start not in listed for e, mine in zip(at, here)):
        return None  # "in 300 and 1000 ppm": the paper binds the value to nothing
    best: tuple[int, Quantity] | None = None
    for f in near:
        if not _rival(q, f, at, page):
            continue
        theirs = own_words(page, f, near, listed)
        if all(_wins(words, strong, said, names, theirs_named, theirs, mine) for mine in here):
            score = _weight(words & theirs, strong)
            if best is None or score > best[0]:
                best = (score, f)
    return best[1] if best else None


def _listed_in(page: str, near: list[Quantity], lo: int, hi: int) -> dict[int, set[str]]:
    """:func:`respectively_words` of the page text ``page[lo:hi]`` (its quantities
    ``near``), by page offset: the names a "respectively" or slash list of the passage
    gives its values."""
    lo = max(0, lo)
    span = page[lo:hi]
    if "respectively" not in span and "/" not in span:
        return {}
    return {k + lo: v for k, v in respectively_words(span, [_shift(e, -lo) for e in near]).items()}


def _rival(q: Quantity, f: Quantity, at: list[Quantity], page: str) -> bool:
    """True if ``f``, a value near the occurrences ``at`` of ``q``'s value, may be the
    value the passage binds to the sentence's words: another value of the same kind, not
    an occurrence, a range or a part of a whole, with the same unit and sign, on a line of
    prose."""
    return not (
        any(f is e for e in at)
        or same_value(q, f)
        or f.kind != q.kind
        or f.range is not None
        or f.denominator is not None
        or f.points != q.points
        or not comparable(q, f)
        or (q.value < 0) != (f.value < 0)
        or (q.unit is not None and f.unit is not None and q.unit != f.unit)
        or any(f.unit != e.unit for e in at)
        or not _prose_line(page, f)
    )


def _wins(
    words: set[str],
    strong: set[str],
    said: set[str],
    names: set[str],
    theirs_named: set[str],
    theirs: set[str],
    mine: set[str],
) -> bool:
    """True if the sentence's ``words`` bind to a rival value's own words ``theirs`` rather
    than to one occurrence's ``mine`` (the rule of :func:`rebound`)."""
    s_f = _weight(words & (theirs - mine), strong)
    s_e = _weight(words & (mine - theirs), strong)
    named = bool(words & (theirs - mine) & strong)
    if words & (theirs - mine) & names:
        return False  # a name apart: the name checks say which name (C2)
    # one word apart ("treated" / "control"): the occurrence's own word is one the
    # sentence never uses
    alone = s_f >= 1 and s_e == 0 and bool(mine - theirs) and not (mine - theirs) & said
    # the entities exchanged: the sentence's name is f's, the occurrence's name is
    # one the sentence never writes ("glucose ... 38%" where fructose gave 38%)
    swapped = named and bool((mine - theirs) & theirs_named - said)
    return (s_f >= 2 and (s_f >= s_e + 2 or (named and s_f > s_e))) or alone or swapped


def _shift(e: Quantity, by: int) -> Quantity:
    return replace(e, start=e.start + by, end=e.end + by)


__all__ = [
    "check_changed_number",
    "check_corrections",
    "check_listed_rows",
    "check_value_binding",
    "own_words",
    "rebound",
]
