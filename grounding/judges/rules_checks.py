"""The part checkers of the rules judge: pure functions from a sentence, its evidence and its
number checks to :class:`~grounding.judges.statement_check.PartResult` lists (statuses a
:class:`~grounding.judges.statement_check.Status`), which the decision table
(:mod:`grounding.judges.rules_table`) reads. None of them changes its arguments.

- numbers: :func:`number_results` (C1 / N1 / found), :func:`unbound_results` (a count bound
  to another noun, C2), :func:`absent_results` (N1);
- relations: :func:`relation_results` (reversed polarity C3, a swapped term C2, a
  direction its own numbers reverse C3), :func:`swap_results` (two names swapped, C2);
- names: :func:`name_results` (cited works N3 and names N1 the paper never mentions);
- terms, comparisons, negations and quantifiers held to one aligned passage:
  :func:`part_results`; the statement itself: :func:`statement_result`.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Container, Mapping, Sequence

from rapidfuzz import fuzz

from annotations.schema import ErrorTag
from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.answer_memory import AnswerMemory, Wrong
from grounding.judges.comparison_check import read_in_clause, reversed_order
from grounding.judges.condition_labels import label_of, labels
from grounding.judges.direction_check import ROOT_LETTERS, PaperSentence, PaperSentences
from grounding.judges.entity_check import (
    SUBJECT_PAGES,
    SUBJECT_SHARE,
    hit_alignment,
    other_entity,
)
from grounding.judges.name_check import FIGURE, missing_citation, unknown_names
from grounding.judges.number_common import (
    Findings,
    NumberCheck,
    NumberStatus,
    abbreviations_in,
    correction_text,
    short,
)
from grounding.judges.parts import NAME, Part, PartKind
from grounding.judges.relation_check import (
    direction_conflict,
    from_to,
    numbers_order,
    polarity_conflict,
    substitution,
)
from grounding.judges.row_binding import bind, named_rows, row_key
from grounding.judges.rules_cells import cell_near, table_rows
from grounding.judges.rules_cues import ANTONYMS, negates_at, words
from grounding.judges.slot_check import name_swap
from grounding.judges.stated_ratio import ratio_conflict
from grounding.judges.statement_check import (
    Alignment,
    PartResult,
    Status,
    check_comparison,
    check_polarity,
    check_quantifier,
    check_term,
    claim_terms,
    clause_of,
    flipped_operators,
    missing_entities,
    negated_in_passage,
    reversed_operators,
    spelled_in,
    title_words,
)
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric, root, unfold
from grounding.lexicon.words import GENERIC_COUNTS
from grounding.quantities import Quantity, extract_quantities, same_value

#: rapidfuzz partial_ratio (0-100) at which a sentence is the paper's own words (layout
#: noise and a changed connective allowed), the same cut as EvidenceIndex.locate.
VERBATIM = 90.0

#: Number statuses that a checker verified (found_far: only somewhere else in the paper).
_VERIFIED = {NumberStatus.FOUND: False, NumberStatus.DERIVED: False, NumberStatus.FOUND_FAR: True}


def bound_text(text: str, q: Quantity) -> str:
    """A bounded number with its bound words as the sentence writes them ("over 300 bar")."""
    m = re.search(
        r"(?:\b[a-z]+\s+)?(?:than|to|most|least|over|under|above|below|within|"
        r"exceeding|[<>≤≥])\s*$",
        fold(text)[max(0, q.start - 25) : q.start],
        re.I,
    )
    return (m.group(0) if m else "") + q.text


def first(results: list[PartResult], status: Status) -> PartResult | None:
    return next((r for r in results if r.status is status), None)


def _number_part(c: NumberCheck) -> Part:
    q = c.quantity
    return Part(PartKind.QUANTITY, q.text, q.start, q.end, q.text)


def settle_unit_readings(found: Findings) -> Findings:
    """``found`` with each conflict whose correction reads as the sentence's own number
    ("380.5 million" against "380.5M": a unit reading) found instead; a new Findings, the
    checks it changes copied."""
    numbers = [
        dataclasses.replace(c, status=NumberStatus.FOUND, correction=None, why="")
        if c.status == NumberStatus.CONFLICT
        and c.correction is not None
        and correction_text(c.quantity, c.correction) == c.quantity.text
        else c
        for c in found.numbers
    ]
    return dataclasses.replace(
        found, numbers=numbers, errors=list(found.errors), notes=list(found.notes)
    )


def number_results(found: Findings) -> list[PartResult]:
    """One PartResult per checked number: conflict -> contradicted (C1, the paper's value
    as correction); found / derived -> verified; found_far -> verified in company only;
    absent -> not found (N1; numbers read off a figure, number words, fractions and
    scientific notation are not held to the text); unsettled derived numbers -> not found."""
    out: list[PartResult] = []
    for c in found.numbers:
        part = _number_part(c)
        q = c.quantity
        if c.status == NumberStatus.CONFLICT and c.correction is not None:
            fixed = correction_text(q, c.correction)
            assert c.hit is not None and fixed != q.text  # settle_unit_readings ran
            out.append(
                PartResult(
                    part,
                    Status.CONTRADICTED,
                    ErrorTag.C1,
                    f"the sentence says {q.text} where page "
                    f"{c.hit.entry.page} gives {c.correction.text}",
                    c.hit,
                    q.text + c.suffix,
                    fixed + c.suffix,
                )
            )
            continue
        if c.status in _VERIFIED:
            where = f"page {c.hit.entry.page}" if c.hit is not None else "the paper"
            how = (
                "computed from the paper's numbers"
                if c.status == NumberStatus.DERIVED
                else f"found on {where}"
                if c.status == NumberStatus.FOUND
                else "found elsewhere in the paper"
            )
            out.append(
                PartResult(
                    part,
                    Status.VERIFIED,
                    why=c.why or f"{q.text} {how}",
                    hit=c.hit,
                    weak=_VERIFIED[c.status],
                )
            )
        elif c.status == NumberStatus.REFUTED:  # row_binding: none of the named rows' values
            out.append(
                PartResult(part, Status.CONTRADICTED, ErrorTag.C1, c.why, c.hit, span=q.text)
            )
        elif c.status == NumberStatus.MISBOUND:  # row_binding: another row's value
            out.append(PartResult(part, Status.NOT_FOUND, ErrorTag.N1, c.why, c.hit, span=q.text))
        elif c.status == NumberStatus.DERIVED_UNSETTLED:
            out.append(
                PartResult(
                    part,
                    Status.NOT_FOUND,
                    None,
                    f"{q.text} is computed from numbers of earlier sentences "
                    "that the paper does not state",
                )
            )
    return out


def unbound_results(text: str, found: Findings, index: EvidenceIndex) -> list[PartResult]:
    """A count found in its passage only as a count of something else: "684K papers" where
    the page says "684K triples" (the number is bound to another noun; C2, the paper's
    words as the correction). Compared only for numbers of at least 100 written in digits
    with a counted noun right after them on both sides (not a physical unit, a participle
    or an adjective such as "total"); the sentence's noun is bound when it stands within
    four words of the paper's number, or when the paper's noun is in the sentence too; and
    only where the passage holds at least half of the sentence's other words (the same
    statement, in the same language)."""
    out: list[PartResult] = []
    s = fold(text)
    terms = set(content_terms(s))
    for c in found.numbers:
        q = c.quantity
        mine_word = _word_after(s, q.end)
        if (
            c.status != NumberStatus.FOUND
            or c.hit is None
            or c.hit.entry.kind == "row"
            or q.physical
            or abs(q.value) < 100
            or q.kind != "number"
            or not _noun_like(mine_word)
        ):
            continue  # "three binaries": small counts bind loosely
        page = fold(getattr(index.pages.get(c.hit.entry.page), "text", "") or "")
        same = [
            e
            for e in c.hit.entry.quantities
            if e.value == q.value and e.kind == q.kind and not e.physical and e.end <= len(page)
        ]
        theirs = [_word_after(page, e.end) for e in same]
        if (
            not same
            or not all(map(_noun_like, theirs))
            or any(set(content_terms(w)) & terms for w in theirs)
            or {mine_word.lower(), *(w.lower() for w in theirs)} & GENERIC_COUNTS
        ):
            continue  # "407 men" / "407 cases": a count of cases names no other kind
        mine = set(content_terms(mine_word))
        rest = {t for t in terms if not is_numeric(t)} - mine
        if len(rest & set(c.hit.entry.terms)) * 2 < len(rest):
            continue  # not the same statement (or another language)
        near: set[str] = set()
        for e in same:
            near.update(
                content_terms(" ".join(page[: e.start].split()[-4:] + page[e.end :].split()[:4]))
            )
        if mine & near:
            continue
        e, word = same[0], theirs[0]
        out.append(
            PartResult(
                _number_part(c),
                Status.CONTRADICTED,
                ErrorTag.C2,
                f"the sentence gives {q.text} to another noun than page "
                f'{c.hit.entry.page} does ("{e.text} {word}")',
                c.hit,
                f"{s[q.start : q.end]} {mine_word}",
                f"{e.text} {word}",
            )
        )
    return out


def _word_after(s: str, end: int) -> str:
    """The word right after offset ``end`` of ``s`` (letters and hyphens), or ""."""
    m = re.match(r"[ \t\n]?([A-Za-z][A-Za-z-]*)", s[end:])
    return m.group(1) if m else ""


def _noun_like(word: str) -> bool:
    """A word that can be the counted noun after a number: not a participle, adverb, stop
    word or one of the adjectives that stand between a number and its noun."""
    w = word.lower()
    return (
        len(w) >= 3
        and w.isalpha()
        and not w.endswith(("ed", "ing", "ly"))
        and w not in STOPWORDS
        and w not in _NOT_NOUNS
    )


#: adjectives that stand between a number and its noun ("7,918 homologous gene families")
_NOT_NOUNS = frozenset(
    {
        "total",
        "new",
        "unique",
        "distinct",
        "additional",
        "different",
        "other",
        "separate",
        "individual",
        "independent",
        "similar",
        "further",
        "extra",
        "previous",
        "original",
        "random",
        "positive",
        "negative",
        "human",
        "training",
        "test",
        "full",
    }
)


def absent_results(text: str, found: Findings) -> list[PartResult]:
    figure = FIGURE.search(text) is not None
    out = []
    for c in found.numbers:
        if (
            c.status == NumberStatus.ABSENT
            and c.quantity.kind not in ("word", "fraction", "sci")
            and not figure
        ):
            out.append(
                PartResult(
                    _number_part(c),
                    Status.NOT_FOUND,
                    ErrorTag.N1,
                    (
                        f"{c.quantity.text} is not found: {c.elsewhere}, and no passage "
                        "gives a value for it"
                        if c.elsewhere
                        else f"{c.quantity.text} appears nowhere in the PDF text and no "
                        "passage gives a value for it"
                    ),
                    span=c.quantity.text,
                )
            )
    return out


def relation_results(
    text: str, hits: list[Hit], min_sim: float, index: EvidenceIndex | None = None
) -> list[PartResult]:
    """Contradicted relations, first found only: reversed polarity (C3), a swapped term
    (C2), a direction its own numbers reverse (C3), a multiplier its own two values do not
    give (C1, the correction their ratio; ``stated_ratio``). ``index``: the paper's index,
    for the page text around a passage (:func:`polarity_conflict`)."""
    pol = polarity_conflict(text, hits, min_sim, index)
    if pol is not None:
        span, hit, why = pol
        part = Part(PartKind.POLARITY, span, 0, 0, "neg")
        return [
            PartResult(
                part,
                Status.CONTRADICTED,
                ErrorTag.C3,
                f"{why} on page {hit.entry.page}",
                hit,
                span,
                "",
            )
        ]
    swap = substitution(text, hits)
    if swap is not None:
        span, correction, hit = swap
        return [
            PartResult(
                Part(PartKind.TERM, span, 0, 0, span),
                Status.CONTRADICTED,
                ErrorTag.C2,
                f'the sentence says "{span}" where the same '
                f'statement on page {hit.entry.page} says "{correction}"',
                hit,
                span,
                correction,
            )
        ]
    direction = direction_conflict(text)
    if direction is not None:
        span, why = direction
        return [
            PartResult(
                Part(PartKind.COMPARISON, span, 0, 0, ""),
                Status.CONTRADICTED,
                ErrorTag.C3,
                why,
                hits[0] if hits else None,
                span,
                "",
            )
        ]
    ratio = ratio_conflict(text)
    if ratio is not None:  # "223 genes, twice as many as the 80": the values' own ratio
        return [
            PartResult(
                Part(PartKind.COMPARISON, ratio.span, 0, 0, ""),
                Status.CONTRADICTED,
                ErrorTag.C1 if ratio.multiplier else ErrorTag.C3,
                ratio.reason,
                hits[0] if hits else None,
                ratio.span,
                ratio.correction,
            )
        ]
    return []


def swap_results(
    text: str, index: EvidenceIndex, hits: list[Hit], skip: Callable[[int, int], bool]
) -> list[PartResult]:
    """Two names of the sentence whose words the paper gives to each other
    (``slot_check.name_swap``): a swapped relation (C2), the span the first name, the
    correction the second."""
    swap = name_swap(text, index, hits, skip)
    if swap is None:
        return []
    span, correction, hit = swap
    return [
        PartResult(
            Part(PartKind.TERM, span, 0, 0, span),
            Status.CONTRADICTED,
            ErrorTag.C2,
            f"the sentence gives {span} what page {hit.entry.page} "
            f"says of {correction}, and the reverse (the two are swapped)",
            hit,
            span,
            correction,
        )
    ]


def name_results(text: str, index: EvidenceIndex) -> list[PartResult]:
    """Cited works (N3) and names (N1) the paper never mentions."""
    cite = missing_citation(text, index)
    if cite is not None:
        return [
            PartResult(
                Part(PartKind.TERM, cite, 0, 0, cite),
                Status.NOT_FOUND,
                ErrorTag.N3,
                f'the cited work "{cite}" is not mentioned in the '
                "PDF, so the claim rests on outside knowledge",
                span=cite,
            )
        ]
    names = unknown_names(text, index)
    if names:
        return [
            PartResult(
                Part(PartKind.TERM, names[0], 0, 0, names[0]),
                Status.NOT_FOUND,
                ErrorTag.N1,
                f"the name(s) {', '.join(names[:3])} never occur in the PDF",
                span=names[0],
            )
        ]
    return []


def written_in_order(
    found: Findings,
    a: float,
    b: float,
    page_quantities: Mapping[int, Sequence[Quantity]] | None = None,
) -> bool:
    """Whether the paper gives ``a`` before ``b`` (a "from a to b" change): read in a
    passage that verified one of them and holds both ("STDs of 0.44 °C (1950-1985) and
    0.51 °C (1985-2020)" for "rose from 0.44 to 0.51"; for "fell from 0.51 to 0.44" the
    direction word is not verified by the numbers); else on every page that gives both
    (``page_quantities``: ``EvidenceIndex.page_quantities``, in reading order: a table's
    earlier row or column first), at least one."""
    for c in found.numbers:
        if c.status != NumberStatus.FOUND or c.hit is None:
            continue
        if not (math.isclose(c.quantity.value, a) or math.isclose(c.quantity.value, b)):
            continue
        qs = c.hit.entry.quantities
        order = _first_of(qs, a, b)
        if order is not None:
            return order
    orders = [_first_of(qs, a, b) for qs in (page_quantities or {}).values()]
    held = [o for o in orders if o is not None]
    return bool(held) and all(held)


def _first_of(qs: Sequence[Quantity], a: float, b: float) -> bool | None:
    """Whether ``a`` occurs before ``b`` among ``qs`` (first occurrences); None unless both
    occur."""
    at_a = next((q.start for q in qs if math.isclose(q.value, a)), None)
    at_b = next((q.start for q in qs if math.isclose(q.value, b)), None)
    return None if at_a is None or at_b is None else at_a < at_b


def part_results(
    text: str,
    parts: tuple[Part, ...],
    al: Alignment | None,
    number_terms: list[frozenset[str]],
    found: Findings,
    clause_al: Callable[[Part], Alignment | None],
    table_dirs: dict[int, str | None],
    rows_cmp: Callable[[Part], tuple[Status, Hit, str] | None],
    terms_of: Callable[[Hit], frozenset[str]],
    same_min: float = 1.0,
    around: Callable[[Hit], frozenset[str]] | None = None,
    sentences_near: Callable[[Hit], list[PaperSentence]] | None = None,
    page_quantities: Mapping[int, Sequence[Quantity]] | None = None,
    page_sentences: Callable[[int], list[PaperSentence]] | None = None,
    page_share: Callable[[str], tuple[float, int]] | None = None,
) -> list[PartResult]:
    """Check the sentence's terms, comparisons, negations and quantifiers, each against the
    passage aligned with its own clause (``clause_al``; None: no passage states that
    clause), terms also against the sentence's aligned passage ``al`` and what verified
    its numbers (``number_terms``); a direction word also by ``table_dirs`` (the
    directions in which the sentence's table values differ from their table's first row) and
    by ``rows_cmp`` (two table rows the comparison names, read in the table: verified, or
    contradicted C3 when every compared column goes the other way). A term not found
    where its clause's passage is the same statement (``same_min`` of the clause's other
    words) with another name in its place, the term not in the lines around it either
    (``around``: the terms of a passage's surroundings), is contradicted (C2,
    :func:`_name_in_place`). A direction word is verified by the sentence's own number
    pair only when both numbers are found and, for a change "from a to b", the paper gives
    ``a`` first (:func:`written_in_order`, ``page_quantities`` the index's), and
    contradicted by the paper's sentence that writes the sentence's numbers on the page of
    its passage (``page_sentences``: a page's sentences) where it says only the other
    way (:func:`_comparison_result`)."""
    out: list[PartResult] = []
    ordered = _ordered_pair(text, found, page_quantities)
    pool = list(number_terms) + ([al.terms] if al else [])
    # the passages of the sentence's numbers, whose sentences around may name its terms
    anchors = list(
        dict.fromkeys(
            c.hit
            for c in found.numbers
            if c.hit is not None and c.status == NumberStatus.FOUND and c.hit.entry.kind != "row"
        )
    )
    # comparisons first: two table rows they compare also bind the names of those rows
    for p in sorted(parts, key=lambda p: p.kind is not PartKind.COMPARISON):
        if p.kind is PartKind.COMPARISON:
            read = _table_comparison(p, rows_cmp, table_dirs, text)
            if read is not None:
                result, hit = read
                if hit is not None:
                    pool.append(terms_of(hit))
                out.append(result)
                continue
        if p.kind is PartKind.QUANTITY:
            continue
        own = clause_al(p)
        if p.kind is PartKind.TERM:
            out.append(
                _term_result(
                    text, p, own, pool, anchors, same_min, around, sentences_near, page_share
                )
            )
        elif p.kind is PartKind.COMPARISON:
            out.append(
                threshold_result(text, p, found)
                or _comparison_result(text, p, own, ordered, sentences_near, page_sentences)
            )
        elif p.kind is PartKind.POLARITY:
            pol = _polarity_result(p, own, sentences_near)
            row = _negated_in_row(p, found) if pol.status is Status.NOT_FOUND else None
            out.append(row or pol)
        elif p.kind is PartKind.QUANTIFIER and (r := check_quantifier(p, own, text)) is not None:
            out.append(r)
    return out


#: what may stand between a direction word and the number it bounds ("longer than 50
#: pages", "fell below 5%", "exceeding 10^4"), and the direction a preposition there says
_TO_BOUND = re.compile(r"\s+(?:(than|below|under|above|over)\s+)?(?:the\s+)?")
_BOUND_OF = {"below": "down", "under": "down", "above": "up", "over": "up"}
_BOUNDS = {"up": frozenset({">", ">="}), "down": frozenset({"<", "<="})}


def threshold_result(text: str, p: Part, found: Findings) -> PartResult | None:
    """A direction word that bounds the number after it ("excluded for being longer than
    50 pages", "the error fell below 5%") states a threshold, not a comparison of two
    values: verified when the passage that verified that number writes it as a bound the
    same way ("Over 50 pages", "< 5%"), contradicted (C3) when it writes the other bound
    only ("shorter than 50 pages" for "Over 50 pages"); else None (the comparison is
    checked as such)."""
    m = _TO_BOUND.match(text, p.end)
    if m is None or p.value not in _BOUNDS:
        return None
    if m.group(1) is not None and _BOUND_OF.get(m.group(1).lower(), p.value) != p.value:
        return None
    other = "down" if p.value == "up" else "up"
    for c in found.numbers:
        if c.quantity.start != m.end() or c.status is not NumberStatus.FOUND or c.hit is None:
            continue
        bounds = {
            q.bound for q in c.hit.entry.quantities if math.isclose(q.value, c.quantity.value)
        }
        page = c.hit.entry.page
        if bounds & _BOUNDS[p.value]:
            return PartResult(
                p,
                Status.VERIFIED,
                why=f"'{p.text}' bounds {c.quantity.text} as page {page} does",
                hit=c.hit,
            )
        if bounds & _BOUNDS[other]:
            said = "over" if other == "up" else "under"
            # the word's own opposite where the lexicon pairs one ("shorter" -> "longer")
            opposite = min(ANTONYMS.get(p.text.lower(), ()), default="")
            return PartResult(
                p,
                Status.CONTRADICTED,
                ErrorTag.C3,
                f"the sentence says '{p.text}' {c.quantity.text} where page {page} gives "
                f"the bound the other way ({said} {c.quantity.text})",
                c.hit,
                p.text,
                opposite,
            )
    return None


def _ordered_pair(
    text: str, found: Findings, page_quantities: Mapping[int, Sequence[Quantity]] | None
) -> bool:
    """Whether the sentence has a number pair ordered as its direction word says, both of
    its numbers found in the paper (a change "from a to b" also given in that order)."""
    checked = {
        c.quantity.value
        for c in found.numbers
        if c.status in (NumberStatus.FOUND, NumberStatus.DERIVED)
    }
    changes = from_to(text)
    return any(
        a in checked
        and b in checked
        and ((a, b) not in changes or written_in_order(found, a, b, page_quantities))
        for a, b in numbers_order(text)
    )


def _comparison_result(
    text: str,
    p: Part,
    own: Alignment | None,
    ordered: bool,
    sentences_near: Callable[[Hit], list[PaperSentence]] | None,
    page_sentences: Callable[[int], list[PaperSentence]] | None,
) -> PartResult:
    """The comparison ``p`` checked against its clause's passage ``own``
    (:func:`check_comparison`; where the passage holds no sentence with the claim's
    numbers, the paper's sentences around it and then on its page are read for one), its
    word read where the passage compares the same things (:func:`read_in_clause`)."""
    near = [x.text for x in sentences_near(own.hit)] if sentences_near and own else []
    pool = near
    if page_sentences is not None and own is not None:
        pool = near + [x.text for x in page_sentences(own.hit.entry.page) if x.text not in near]
    cmp = check_comparison(p, own, text, ordered, pool)
    if own is not None and cmp.status is Status.VERIFIED and cmp.hit is own.hit:
        cmp = read_in_clause(p, own, text, near) or cmp
    elif own is not None and cmp.status is Status.NOT_FOUND:
        cmp = reversed_order(p, own, text, near) or cmp  # said with a verb the other way
    return cmp


#: a pair of values the sentence compares itself ("fell from -33.6 to -130.0 mV", "0.35
#: versus 0.24"): its changes are between them, not from their table's first row
_OWN_PAIR = re.compile(
    r"\bfrom\s+[-−–]?\d[\d.,]*\s*\S*\s+to\s+[-−–]?\d|\d\S*\s+(?:versus|vs\.?)\s+[-−–]?\d"
)


def _table_comparison(
    p: Part,
    rows_cmp: Callable[[Part], tuple[Status, Hit, str] | None],
    table_dirs: dict[int, str | None],
    text: str = "",
) -> tuple[PartResult, Hit | None] | None:
    """A comparison read in a table: two table rows it names (``rows_cmp``: verified, or
    contradicted C3 when every compared column goes the other way; the row's hit, whose
    terms then bind the sentence's names), or the direction of its table values from
    their table's first row (``table_dirs``; not where the sentence ``text`` compares a
    pair of values itself); None when no table reads it."""
    if (read := rows_cmp(p)) is not None:
        status, hit, why = read
        if status is Status.VERIFIED:
            return PartResult(p, status, why=f"'{p.text}': {why}", hit=hit), hit
        if status is Status.NOT_FOUND:
            return PartResult(p, status, ErrorTag.N2, f"'{p.text}' not found: {why}", hit), hit
        return PartResult(
            p, status, ErrorTag.C3, f"the sentence says '{p.text}' but {why}", hit, p.text, ""
        ), hit
    dirs = {w for w in table_dirs.values() if w is not None}
    # the end value of this change ("falling to -130.0"): the first of the sentence's
    # values read so after the change word
    end = min((at for at in table_dirs if at >= p.end), default=None)
    if p.value in dirs:
        return PartResult(
            p, Status.VERIFIED, why=f"'{p.text}' holds against the table row it is measured from"
        ), None
    if (
        p.value in _FLIP
        and dirs == {_FLIP[p.value]}
        and (end is None or table_dirs[end] is not None)
        and _CHANGE_VERB.match(p.text)
        and not _OWN_PAIR.search(text)
    ):
        # "improves ... to 67.3" where 67.3 is below its table's first row
        return PartResult(
            p,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence says '{p.text}' but its table value goes "
            f"{_FLIP[p.value]} from the table's first row",
            None,
            p.text,
            "",
        ), None
    return None


def _term_result(
    text: str,
    p: Part,
    own: Alignment | None,
    pool: list[frozenset[str]],
    anchors: list[Hit],
    same_min: float,
    around: Callable[[Hit], frozenset[str]] | None,
    sentences_near: Callable[[Hit], list[PaperSentence]] | None,
    page_share: Callable[[str], tuple[float, int]] | None = None,
) -> PartResult:
    """A term held to its clause's passage ``own`` and the terms of ``pool``; verified when
    the sentences next to that passage or to a number's passage (``anchors``) state it;
    contradicted (C2) when ``own`` is the same statement with another name in its place."""
    term = check_term(p, own, pool)
    anchor = (
        next(
            (
                h
                for h in ([own.hit] if own is not None else []) + anchors
                if sentences_near is not None and _holds_term(sentences_near(h), p)
            ),
            None,
        )
        if term.status is Status.NOT_FOUND
        else None
    )
    if anchor is not None:
        term = PartResult(
            p,
            Status.VERIFIED,
            why=f"'{p.text}' stated next to the passage on page {anchor.entry.page}",
            hit=anchor,
        )
    other = (
        _name_in_place(text, p, own, same_min)
        if term.status is Status.NOT_FOUND
        and own is not None
        and around is not None
        and not set(p.binds) <= around(own.hit)
        else None
    )
    if other is None or own is None:
        if term.status is Status.NOT_FOUND and page_share is not None and p.binds:
            share, pages = min(map(page_share, p.binds))
            if share >= SUBJECT_SHARE and pages >= SUBJECT_PAGES:
                # the paper's own subject ("LAVIS" in the LAVIS paper): its passages
                # often leave it unnamed, and naming it tells no passage from another
                return PartResult(
                    p,
                    Status.VERIFIED,
                    why=f"'{p.text}' is the paper's subject (on {share:.0%} of its pages)",
                )
        return term
    return PartResult(
        p,
        Status.CONTRADICTED,
        ErrorTag.C2,
        f"the sentence says '{p.text}' "
        f"where the same statement on page {own.hit.entry.page} says "
        f"'{other}'",
        own.hit,
        p.text,
        other,
    )


def _polarity_result(
    p: Part, own: Alignment | None, sentences_near: Callable[[Hit], list[PaperSentence]] | None
) -> PartResult:
    """A negation held to its clause's passage ``own``; a contradiction there is verified
    when a sentence next to the passage states the negation."""
    pol = check_polarity(p, own)
    if (
        pol.status is Status.CONTRADICTED
        and own is not None
        and sentences_near is not None
        and (said := _negates_near(sentences_near(own.hit), p))
    ):
        return PartResult(
            p,
            Status.VERIFIED,
            why=f"the negation '{p.text}' stated "
            f"next to the passage on page {own.hit.entry.page} "
            f"('{said}')",
            hit=own.hit,
        )
    return pol


def _negated_in_row(p: Part, found: Findings) -> PartResult | None:
    """A negated condition ("training without hard negatives lowers the average to 78.4")
    that the table row holding one of the sentence's found numbers names with a negation
    ("No hard negatives ... 78.4"): verified, the row as evidence; None otherwise."""
    governed = [t for t in p.binds[:1] if len(t) >= 3]
    for c in found.numbers if governed else ():
        h = c.hit
        if h is None or c.status is not NumberStatus.FOUND or h.entry.kind != "row":
            continue
        if _row_negates(h.entry, governed[0]):
            return PartResult(
                p,
                Status.VERIFIED,
                why=f"the negation '{p.text}' named by the table row of "
                f"{c.quantity.text} on page {h.entry.page}",
                hit=h,
            )
    return None


def _row_negates(row: Entry, term: str) -> bool:
    """True if the table ``row`` leaves out the thing ``term`` names: an ablation label
    ("-abstract", "w/o venue") holding it, or a negation cue with it among the three words
    after it ("No hard negatives")."""
    k = row_key(row)
    if k is not None and k.op == "remove" and any(term in content_terms(x) for x in words(k.label)):
        return True
    ws = words(row.text)
    return any(
        negates_at(ws, i) and any(term in content_terms(x) for x in ws[i + 1 : i + 4])
        for i in range(len(ws))
    )


def terms_around(index: EvidenceIndex, hit: Hit, reach: int = 400) -> frozenset[str]:
    """The content terms of the page text within ``reach`` characters of ``hit``."""
    text = getattr(index.pages.get(hit.entry.page), "text", "") or ""
    return frozenset(content_terms(text[max(0, hit.entry.start - reach) : hit.entry.end + reach]))


def sentences_around(index: EvidenceIndex, hit: Hit) -> list[PaperSentence]:
    """The paper's sentences that the passage ``hit`` (a line or 3-line window) overlaps,
    with the sentence before and the one after: where a statement the window cuts short
    goes on ("... we use the benchmark to validate the re-implementation. ALBEF ...")."""
    sentences = PaperSentences.of(index).page(hit.entry.page)
    at = _cut(sentences, hit)
    return sentences[max(0, at[0] - 1) : at[-1] + 2] if at else []


def sentences_cut(index: EvidenceIndex, hit: Hit) -> list[PaperSentence]:
    """The paper's sentences that the passage ``hit`` (a line or 3-line window) overlaps,
    whole: those a window cuts at its first or last line included."""
    sentences = PaperSentences.of(index).page(hit.entry.page)
    return [sentences[i] for i in _cut(sentences, hit)]


def _cut(sentences: list[PaperSentence], hit: Hit) -> list[int]:
    """The positions in ``sentences`` (one page's) of those the passage ``hit`` overlaps."""
    e = hit.entry
    return [
        i for i, s in enumerate(sentences) if s.start < e.end and e.start < s.start + len(s.text)
    ]


def _holds_term(sentences: list[PaperSentence], part: Part) -> bool:
    """True if ``sentences`` together hold every word of the term ``part``."""
    held: set[str] = set().union(*(s.terms for s in sentences)) if sentences else set()
    return bool(held) and all(root(t)[:ROOT_LETTERS] in held for t in part.binds)


def _negates_near(sentences: list[PaperSentence], part: Part, reach: int = 3) -> str:
    """A negation of ``sentences`` with the first word the negation ``part`` governs among
    the ``reach`` words after it ("a negative paper that the query does not cite" against
    "... the negative paper is a paper that is not cited by the query paper"), as the
    sentence writes it; "" when none."""
    governed = [t for t in part.binds[:1] if len(t) >= 3]
    for s in sentences:
        ws = words(s.text)
        for i in range(len(ws)):
            if negates_at(ws, i):
                after = [t for x in ws[i + 1 : i + 1 + reach] for t in content_terms(x)]
                if any(
                    a.startswith(g) or g.startswith(a)
                    for a in after
                    if len(a) >= 3
                    for g in governed
                ):
                    return " ".join(ws[i : i + 1 + reach])
    return ""


def _name_in_place(text: str, part: Part, al: Alignment, same_min: float) -> str | None:
    """The name the passage ``al`` (aligned with the clause of ``part``, a term it does not
    hold) gives where the sentence gives ``part``: when the passage holds ``same_min`` of
    the clause's other content words and exactly one name-like token (parts.NAME) that the
    sentence does not state nor abbreviates, that name; else None."""
    clause = clause_of(text, part.start, part.end)
    rest = [
        t for t in dict.fromkeys(content_terms(clause)) if not is_numeric(t) and t not in part.binds
    ]
    if not rest or sum(t in al.terms for t in rest) < same_min * len(rest):
        return None
    mine = set(content_terms(text))
    abbreviated = abbreviations_in(text)
    names = [m.group(0).strip("`-") for m in NAME.finditer(al.text)]
    names = [
        n
        for n in names
        if (ts := content_terms(n))
        and not set(ts) <= mine
        and not any(is_numeric(t) for t in ts)
        # an abbreviation of the sentence's words ("SSTAs" for "SST anomaly") names them
        and not {n.lower(), n.lower().removesuffix("s")} & abbreviated
        and not spelled_in(n, text)
    ]
    return names[0] if len(set(names)) == 1 else None


_FLIP = {"up": "down", "down": "up"}
#: Words of a change from a reference ("improves ... to 67.3"), which the table's first row
#: measures; superlatives and comparatives ("largest", "more") compare other things.
_CHANGE_VERB = re.compile(
    r"(?:improv|rais|increas|rise|rises|rising|rose|boost|lower|decreas|"
    r"hurt|drop|fall|fell|reduc|declin|degrad|worsen)",
    re.I,
)


def table_directions(text: str, index: EvidenceIndex, found: Findings) -> dict[int, str | None]:
    """Directions ("up" / "down"), keyed by the start of the sentence's value, in which its
    values written as the end of a change ("lowered the average to 77.5") and found in
    table rows differ from the cell of the same column in the first (top) row of their
    table, the reference such a change is measured from (None where, in a table of rows
    headed by values, a series of conditions, the row right above goes the other way);
    and the direction of a sentence's value from the paper's value a difference of the
    sentence is computed against ("78.4, 1.6 points below" 80.0)."""
    out: dict[int, str | None] = {}
    own = {c.quantity.value for c in found.numbers}
    for c in found.numbers:
        # a difference "1.6 points below the full model" computed from the sentence's own
        # value and one the paper gives: the direction of the sentence's value from it
        if c.status == NumberStatus.DERIVED and c.operands is not None:
            a, b = c.operands
            if (a in own) != (b in own) and a != b:
                mine, other = (a, b) if a in own else (b, a)
                out[c.quantity.start] = "down" if mine < other else "up"
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind != "row":
            continue
        if not re.search(r"\bto\s*$", fold(text)[: c.quantity.start]) or re.search(
            r"\bfrom\s+[\d.]+\s*%?\s*to\s*$", fold(text)[: c.quantity.start]
        ):
            continue  # "from 80.0 to 78.4" is read by numbers_order
        row = c.hit.entry
        cell = next((x for x in row.cells if same_value(c.quantity, x.quantity)), None)
        if cell is None:
            continue
        table = table_rows(index, row)
        if not table:
            continue
        top = min(table, key=lambda e: e.rects[0].y0)
        ref = cell_near(top, cell.x)
        if top is row or ref is None or ref.quantity.value == cell.quantity.value:
            continue
        way = "down" if cell.quantity.value < ref.quantity.value else "up"
        # a change to a later row of a series of conditions, rows headed by a value (0,
        # 100, 500, 1000 ppm: "at 1000 ppm it fell to 88.0%"), may be measured from the
        # row right above as well: where the two go opposite ways, neither is the reference
        above = [e for e in table if e.rects[0].y0 < row.rects[0].y0]
        prev = (
            cell_near(max(above, key=lambda e: e.rects[0].y0), cell.x)
            if above and not re.search(r"[^\W\d_]", row_label(row))
            else None
        )
        if prev is not None and prev.quantity.value != cell.quantity.value:
            if way != ("down" if cell.quantity.value < prev.quantity.value else "up"):
                out[c.quantity.start] = None
                continue
        out[c.quantity.start] = way
    return out


def _specific(c: NumberCheck) -> bool:
    """A number found where it is specific enough to bind the statement: a table cell, a
    decimal, or a value of at least 100 (a bare "3" or "two" binds nothing); or a number
    computed from two such numbers of the paper."""
    q = c.quantity
    if c.status == NumberStatus.DERIVED:
        return c.operands is not None and any(x != int(x) or abs(x) >= 100 for x in c.operands)
    return (
        c.status == NumberStatus.FOUND
        and c.hit is not None
        and (c.hit.entry.kind == "row" or q.decimals > 0 or abs(q.value) >= 100)
    )


def _statement_rest(
    al: Alignment, index: EvidenceIndex | None, reach: int = 200, page_reach: int = 600
) -> list[tuple[Quantity, tuple[str, ...], str]]:
    """The quantities of the page text from the end of ``al``'s passage to the end of the
    sentence it cuts (at most ``reach`` characters), each with the words written right
    before it (:func:`_words_before`) and the word right after it: a window may stop
    inside the paper's statement, before its last number ("... for an effective batch size
    of" | "32."). A sentence the page ends before it ends goes on at the top of the next
    page (at most ``page_reach`` characters more: "including 32 parasitic: [a list]" |
    "...; 15 bacterial: ...")."""
    e = al.hit.entry
    page = getattr(index.pages.get(e.page), "text", "") if index is not None else ""
    if not page or e.kind == "row" or e.end >= len(page):
        return []
    rest = page[e.end : e.end + reach]
    stop = re.search(r"[.!?](?:\s|$)", rest)
    if stop is None and e.end + reach >= len(page) and index is not None:
        following = getattr(index.pages.get(e.page + 1), "text", "")
        rest = page[e.end :] + "\n" + following[:page_reach]
        stop = re.search(r"[.!?](?:\s|$)", rest)
    rest = rest[: stop.end()] if stop else rest
    lead = page[max(0, e.start, e.end - 80) : e.end]
    return [
        (q, _words_before(lead + rest, len(lead) + q.start), _word_after(rest, q.end).lower())
        for q in extract_quantities(rest)
    ]


def _words_before(text: str, at: int, n: int = 3) -> tuple[str, ...]:
    """The last ``n`` words of ``text`` before offset ``at`` (folded, lower case)."""
    return tuple(re.findall(r"[a-z]+", fold(text[max(0, at - 80) : at]).lower())[-n:])


def _numbers_elsewhere(
    text: str,
    found: Findings,
    al: Alignment,
    rest: list[tuple[Quantity, tuple[str, ...], str]] | None = None,
    page: str = "",
) -> list[str]:
    """The sentence's checkable numbers that its words' passage does not give (each may be
    on the page, but a small number found apart from what it measures binds nothing):
    "up to 62 mol%" aligned with "yields of LA (up to 42 mol%)". A number the passage
    cuts off counts when ``rest`` (:func:`_statement_rest`) gives it after the same words
    as the sentence ("an effective batch size of 32"), or before the same counted noun
    ("15 bacterial"), not after others ("15% under definition one and 25% under
    definition two" gives no 25% to definition one). The number of a condition the
    passage's ``page`` text names ("1" of "definition 1", the page writing "definition
    one") is no value to find."""
    have = al.hit.entry.quantities
    out = []
    for c in found.numbers:
        q = c.quantity
        if (
            not q.checkable
            or c.status == NumberStatus.DERIVED
            or _POINTER.search(text[: q.start])
            or counts_own_list(text, q.end, q.value)
        ):
            continue
        if c.hit is not None and _near(c.hit, al.hit):
            continue  # found in the lines around the passage
        label = label_of(text, q.start)
        if label is not None and label in labels(page or al.hit.entry.text):
            continue  # the number of a condition the passage's page names ("definition 1")
        point = dataclasses.replace(q, bound=None)
        if any(same_value(point, e) for e in have):
            continue
        before, noun = _words_before(text, q.start), _counted(text, q)
        if not any(
            same_value(point, e) and (words == before or (noun and after == noun))
            for e, words, after in rest or ()
        ):
            out.append(q.text)
    return out


def _counted(text: str, q: Quantity) -> str:
    """The noun a whole number of ``text`` counts, written right after it ("15 bacterial",
    "32 parasitic"; :func:`_noun_like`), else "" (a physical unit, a decimal)."""
    if q.decimals or q.physical or q.kind != "number":
        return ""
    word = _word_after(text, q.end)
    return word.lower() if _noun_like(word) else ""


#: What introduces the list a count counts ("four libraries: A, B, C and D").
_LIST_INTRO = re.compile(r"[^.;:()]{0,60}?(?::|\(|\bsuch as\b|\bincluding\b|\bnamely\b)")
_LIST_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def counts_own_list(text: str, end: int, value: float) -> bool:
    """True if the count ending at offset ``end`` of ``text`` counts a list the sentence
    itself gives next ("four related libraries: MMF, UniLM, X-modaler and TorchMultimodal",
    "three models (A, B and C)"): the count is the sentence's own, its items are what the
    paper must state. The list runs to the next sentence stop or semicolon (inside
    brackets: to the closing one), bracketed asides left out ("MMF (Singh et al., 2020)")."""
    m = _LIST_INTRO.match(text, end)
    if m is None or value != int(value) or value < 2:
        return False
    rest = text[m.end() :]
    if m.group(0).endswith("("):
        rest = rest.split(")")[0]
    else:  # citations and asides inside the list go
        rest = re.sub(r"\s*\([^()]*\)", "", rest)
    body = re.split(r"[;()]|\.\s|\.$", rest)[0]
    items = [x for x in _LIST_SPLIT.split(body) if x.strip()]
    return len(items) == int(value)


#: A number right after one of these words names a part or an item, not an amount
#: ("Phase 4", "Release 6", "Table 2", "Eq. 3").
_POINTER = re.compile(
    r"\b(?:phase|phases|stage|stages|step|steps|table|tables|figure|figures|"
    r"fig|figs|section|sections|sec|release|version|v|chapter|appendix|"
    r"algorithm|eq|equation|item|part|round|layer|level|type|grade|class|"
    r"no|number|task|experiment|study|trial|arm|cohort|wave)\.?\s*$",
    re.I,
)


def _near(a: Hit, b: Hit, points: float = 40.0) -> bool:
    """Two hits on one page whose boxes lie within ``points`` (PDF points) of each other
    vertically: about three lines."""
    if a.entry.page != b.entry.page or not a.entry.rects or not b.entry.rects:
        return False
    return any(
        abs((r.y0 + r.y1) / 2 - (t.y0 + t.y1) / 2) <= points
        for r in a.entry.rects
        for t in b.entry.rects
    )


_UPPER, _LOWER = frozenset({"<", "<="}), frozenset({">", ">="})


def _bound_clash(c: NumberCheck) -> bool:
    """A number found in the paper with the opposite bound: "fewer than 40,000" where the
    passage says "over 40,000", "at least 714" against "up to 714"."""
    if c.status != NumberStatus.FOUND or c.hit is None or not c.quantity.bound:
        return False
    mine = c.quantity.bound
    point = dataclasses.replace(c.quantity, bound=None)
    for e in c.hit.entry.quantities:
        if e.bound and same_value(point, e):
            if (mine in _UPPER and e.bound in _LOWER) or (mine in _LOWER and e.bound in _UPPER):
                return True
    return False


def reads_as_english(
    text: str, paper_terms: Container[str] = frozenset(), min_words: int = 5
) -> bool:
    """False for a sentence of at least ``min_words`` words of letters none of which is an
    English function word (``STOPWORDS``) and most of whose content terms the paper never
    uses (``paper_terms``): "Das Entfernen des Abstracts senkt den Durchschnitt auf 68.1."
    The rules read English words only; a list of the paper's own terms ("Keywords: carbon
    steel; welding; corrosion") reads as English."""
    words = re.findall(r"[^\W\d_]{2,}", text.lower())
    if len(words) < min_words or any(w in STOPWORDS for w in words):
        return True
    terms = [t for t in content_terms(text) if not is_numeric(t)]
    return bool(terms) and 2 * sum(t in paper_terms for t in terms) >= len(terms)


def statement_result(
    text: str,
    al: Alignment | None,
    found: Findings,
    coverage: float,
    by_clause: list[Alignment | None],
    clause_spans: list[tuple[int, int]],
    same_min: float = 1.0,
    subject: frozenset[str] = frozenset(),
    paper_terms: Container[str] = frozenset(),
    index: EvidenceIndex | None = None,
) -> PartResult:
    """The statement itself (what the sentence says of its terms and numbers): verified by
    a specific number found in its passage, or by one aligned passage holding ``coverage``
    of its content words, or clause by clause (``by_clause``: the passage aligned with each
    clause) each holding ``coverage`` of its clause's words; else not found (N2). Verified
    terms alone do not verify what the sentence says about them; a passage whose words
    verify a statement must also give its small numbers (a number found apart from what it
    measures binds nothing) and must not state the opposite of its operator words
    ("least" / "most", "fewer than" / "over", "halving" / "doubling";
    statement_check.flipped_operators), nor bound its numbers the other way, nor be about
    another entity (a name of the sentence it lacks, or a sibling with other digits, where it
    holds all the rest: statement_check.missing_entities; ``subject``: the title's words,
    names the paper's passages may leave out). Where the passage is the same statement
    (``same_min`` of its words) with the opposite operator word on the same sides, the
    statement is contradicted (C3; statement_check.reversed_operators). Nor may that
    passage put another entity in its slot (:func:`_entity_swap`; ``paper_terms``: the
    paper's terms; ``index``: the pages its passage is read around)."""
    part = Part(PartKind.TERM, text, 0, len(text), "statement")
    if not reads_as_english(text, paper_terms):
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            "the sentence is not in English: what it says of its numbers and names cannot "
            "be checked",
        )
    clash = next((c for c in found.numbers if _bound_clash(c)), None)
    if clash is not None and clash.hit is not None:
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"page {clash.hit.entry.page} bounds {clash.quantity.text} the other "
            "way (a lower bound where the sentence gives an upper one, or the "
            "reverse)",
            hit=clash.hit,
        )
    strong = [c for c in found.numbers if _specific(c)]
    swapped = _entity_swap(text, part, strong, al, coverage, subject, paper_terms, index)
    if swapped is not None:
        return swapped
    if strong:
        loose = _clause_unbound(text, part, strong, coverage, by_clause, clause_spans, subject)
        if loose is not None:
            return loose
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"the statement holds its value {strong[0].quantity.text}",
            hit=strong[0].hit,
        )
    if (denial := _clause_denial(text, part, coverage, by_clause, clause_spans)) is not None:
        return denial
    if al is not None and al.coverage >= coverage:
        return _one_passage(text, part, al, found, same_min, subject, index)
    clauses = _by_clauses(text, part, coverage, by_clause, clause_spans, subject, index)
    if clauses is not None:
        return clauses
    best = (
        f"; the closest passage (page {al.hit.entry.page}) holds {al.coverage:.0%} of its words"
        if al is not None
        else ""
    )
    return PartResult(
        part,
        Status.NOT_FOUND,
        ErrorTag.N2,
        f"what the sentence says is not stated in the paper{best}",
    )


#: a clause coordinated after another ("..., and an endorectal coil is used"): a statement
#: of its own, where a clause that heads the sentence or qualifies a value is not
_COORDINATED = re.compile(r"[\s,;]*(?:and|but|while|whereas|although)\s", re.IGNORECASE)


def _clause_unbound(
    text: str,
    part: Part,
    strong: list[NumberCheck],
    coverage: float,
    by_clause: list[Alignment | None],
    clause_spans: list[tuple[int, int]],
    subject: frozenset[str],
) -> PartResult | None:
    """A clause coordinated after another ("and ...", "while ...") that holds no number,
    none of the specific numbers verifying the rest (``strong``), and that no passage of
    its own states (``by_clause``: holding ``coverage``
    of its words, flipping no operator, lacking none of its names, negating nothing it
    affirms): the statement ``part`` not found (N2), the clause quoted. "MP-MRI is acquired
    on a 1.5 Tesla scanner, and an endorectal coil is used at every centre": the scanner's
    value says nothing of the coil. None when every clause is bound or stated, or the
    sentence is one clause."""
    if len(clause_spans) < 2:
        return None
    starts = [c.quantity.start for c in strong]
    for a, (lo, hi) in zip(by_clause, clause_spans):
        clause = text[lo:hi]
        if (
            any(lo <= x < hi for x in starts)
            or not _COORDINATED.match(clause)
            or any(ch.isdigit() for ch in clause)
            or len(claim_terms(clause)) < 3
        ):
            continue
        if a is not None and _states_clause(text, lo, hi, a, coverage, subject):
            continue
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"its number binds the rest, but no passage states '{short(clause.strip(' ,;'))}'",
            hit=a.hit if a is not None else None,
        )
    return None


def _clause_denial(
    text: str,
    part: Part,
    coverage: float,
    by_clause: list[Alignment | None],
    clause_spans: list[tuple[int, int]],
) -> PartResult | None:
    """The first clause of ``text`` whose own passage holds ``coverage`` of its words and
    negates what it affirms (``statement_check.negated_in_passage``; "do not include an RL
    stage" for "combined SFT with a short RL stage"): the statement ``part`` not found
    (N2), the negation quoted; None when none does, or when the sentence has a negation
    of its own. The sentence's best passage may be another one that negates nothing."""
    for a, (lo, hi) in zip(by_clause, clause_spans):
        if a is None or a.coverage < coverage or len(by_clause) < 2:
            continue
        # the whole sentence first: one that negates anything is left to the polarity checks
        denied = negated_in_passage(text, a) and negated_in_passage(text[lo:hi], a)
        if denied and not _verbatim(text[lo:hi], a):
            return PartResult(
                part,
                Status.NOT_FOUND,
                ErrorTag.N2,
                f"the passage stating one of its clauses (page {a.hit.entry.page}) negates it "
                f"('{denied}')",
                hit=a.hit,
            )
    return None


def _states_clause(
    text: str, lo: int, hi: int, a: Alignment, coverage: float, subject: frozenset[str]
) -> bool:
    """True if the passage ``a`` states the clause ``text[lo:hi]``: it holds ``coverage``
    of its words, flips none of its operator words, lacks none of its names and negates
    nothing the sentence affirms (unless it states the clause word for word)."""
    clause = text[lo:hi]
    return (
        a.coverage >= coverage
        and not flipped_operators(clause, a)
        and not missing_entities(clause, a, subject)
        and not (negated_in_passage(text, a) and not _verbatim(clause, a))
    )


def _by_clauses(
    text: str,
    part: Part,
    coverage: float,
    by_clause: list[Alignment | None],
    clause_spans: list[tuple[int, int]],
    subject: frozenset[str],
    index: EvidenceIndex | None,
) -> PartResult | None:
    """The statement verified clause by clause (:func:`statement_result`): each clause's
    passage holds ``coverage`` of its words, flips no operator, lacks none of its names,
    puts no other entity in its slots and negates nothing the clause affirms; else None."""
    if by_clause and all(
        a is not None
        and _states_clause(text, lo, hi, a, coverage, subject)
        and other_entity(text[lo:hi], a, subject, index=index) is None
        for a, (lo, hi) in zip(by_clause, clause_spans)
    ):
        pages = sorted({a.hit.entry.page for a in by_clause if a is not None})
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"each clause of the statement is on page(s) {', '.join(map(str, pages))}",
            hit=by_clause[0].hit if by_clause[0] is not None else None,
        )
    return None


def _entity_swap(
    text: str,
    part: Part,
    strong: list[NumberCheck],
    al: Alignment | None,
    coverage: float,
    subject: frozenset[str],
    paper_terms: Container[str],
    index: EvidenceIndex | None = None,
) -> PartResult | None:
    """The statement's result when the passage that would verify it, that of its first
    specific number (``strong``) or the aligned one holding ``coverage`` of its words, puts
    another lower-case entity in its slot or the paper never names one it does
    (entity_check.other_entity); a table row is left out. None otherwise."""
    for ground in (
        hit_alignment(strong[0].hit) if strong and strong[0].hit else None,
        al if al is not None and al.coverage >= coverage else None,
    ):
        swap = other_entity(text, ground, subject, paper_terms, index=index) if ground else None
        if swap is not None and ground is not None and ground.hit.entry.kind != "row":
            if swap.certain and index is not None and _said_elsewhere(text, swap.word, index):
                # another passage on the statement writes the claim's word in its slot
                # ("muon neutrinos" beside "the appearance of electron neutrinos"): the
                # nearest passage does not settle it
                swap = dataclasses.replace(swap, certain=False)
            return swap.result(part, ground)
    return None


#: a word next to the one a slot check questions (hyphenated words whole)
_NEIGHBOUR_AFTER = re.compile(r"[\s-]+([A-Za-z][\w-]*)")
_NEIGHBOUR_BEFORE = re.compile(r"([A-Za-z][\w-]*)[\s-]+$")


def _said_elsewhere(text: str, word: str, index: EvidenceIndex, k: int = 8) -> bool:
    """True if one of the ``k`` passages retrieved for ``text`` writes ``word`` with the
    content word next to it in ``text`` (after it, or else before it): "muon neutrinos"."""
    at = re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text)
    if at is None:
        return False
    phrases = []
    if (m := _NEIGHBOUR_AFTER.match(text, at.end())) and m.group(1).lower() not in STOPWORDS:
        phrases.append(f"{word} {m.group(1)}")
    if (m := _NEIGHBOUR_BEFORE.search(text[: at.start()])) and m.group(1).lower() not in STOPWORDS:
        phrases.append(f"{m.group(1)} {word}")
    wanted = [_spaced(ph) for ph in phrases]
    return any(ph in _spaced(h.entry.text) for h in index.hits(text, k) for ph in wanted)


def _spaced(text: str) -> str:
    """``text`` folded, lower-cased, hyphens as spaces, runs of spaces as one."""
    return " ".join(fold(text).lower().replace("-", " ").split())


def _one_passage(
    text: str,
    part: Part,
    al: Alignment,
    found: Findings,
    same_min: float,
    subject: frozenset[str],
    index: EvidenceIndex | None = None,
) -> PartResult:
    """The statement held to the one passage ``al`` that holds enough of its words: not
    found when the passage lacks its small numbers, negates it, is about another entity or
    states the opposite operator word; contradicted (C3) when it is the same statement
    with the operator reversed; else verified."""
    page = index.pages.get(al.hit.entry.page) if index is not None else None
    loose = _numbers_elsewhere(
        fold(text), found, al, _statement_rest(al, index), getattr(page, "text", "")
    )
    if loose:
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"the passage stating it (page {al.hit.entry.page}) does not give {', '.join(loose)}",
            hit=al.hit,
        )
    denied = negated_in_passage(text, al)
    if denied and not _verbatim(text, al):
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"the passage stating it (page {al.hit.entry.page}) negates it ('{denied}')",
            hit=al.hit,
        )
    absent = missing_entities(text, al, subject)
    if absent:
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"the passage nearest in wording (page {al.hit.entry.page}) is "
            f"not about {', '.join(repr(a) for a in absent)}",
            hit=al.hit,
        )
    flips = flipped_operators(text, al)
    turned = reversed_operators(text, al, same_min)
    if turned:
        a, b = turned[0]
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence says '{a}' where the same statement on page "
            f"{al.hit.entry.page} says '{b}'",
            al.hit,
            unfold(text, a) if a in fold(text) else a,
            b,
        )
    if flips:
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"the passage stating it (page {al.hit.entry.page}) says "
            + ", ".join(f"'{b}' where the sentence says '{a}'" for a, b in flips),
            hit=al.hit,
        )
    return PartResult(
        part,
        Status.VERIFIED,
        why=f"the statement is on page "
        f"{al.hit.entry.page} ({al.coverage:.0%} of its words in one passage)",
        hit=al.hit,
    )


def _in_named_row(text: str, c: NumberCheck) -> bool:
    """True if ``c`` was found in a table row that ``text`` names and gives the number to
    (``named_rows``, ``bind``)."""
    h = c.hit
    if c.status is not NumberStatus.FOUND or h is None or h.entry.kind != "row":
        return False
    m = bind(text, c.quantity.start, c.quantity.end, named_rows(text, [(h.pid, h.entry)]))
    return m is not None


def subject_words(index: EvidenceIndex) -> frozenset[str]:
    """The words of the paper's title (the opening of its first page): the names of its own
    subject, which its passages often call "we" or "our model"."""
    first = index.pages.get(min(index.pages)) if index.pages else None
    return title_words(getattr(first, "text", "") or "")


def _verbatim(text: str, al: Alignment) -> bool:
    """True if the aligned passage states ``text`` word for word (rapidfuzz partial_ratio
    ``VERBATIM``, layout noise allowed)."""
    return fuzz.partial_ratio(fold(text).lower(), fold(al.text).lower(), score_cutoff=VERBATIM) > 0


def wrong_values(numbers: Sequence[NumberCheck]) -> list[Wrong]:
    """The numbers this sentence got wrong (C1) with the paper's value (not a value the
    paper states that the sentence bound to another row or condition: ``NumberCheck.why``)."""
    out: list[Wrong] = []
    for c in numbers:
        if c.status == NumberStatus.CONFLICT and c.correction is not None and not c.why:
            out.append((c.quantity, correction_text(c.quantity, c.correction)))
    return out


def inherited_error(text: str, found: Findings, memory: AnswerMemory) -> str | None:
    """A rationale when the sentence ``text`` repeats, or computes from, a number that an
    earlier sentence got wrong (found contradicted there; a part of a whole in words also
    as the reciprocal of a wrong multiplier or a wrong count's share of another number of
    the previous sentence, ``AnswerMemory.wrong_share``), else None. The label is then
    contradiction with no error span of its own (a false premise, C4 after propagation).
    A number found in a table row that the sentence gives it to is its own value, not a premise
    ("Without hard negatives, the average falls to 78.4" after a sentence that gave 78.4
    to the full model)."""
    for c in found.numbers:
        w = memory.wrong_for(c.quantity, c.operands) or memory.wrong_share(c.quantity, found.before)
        if w is not None and not _in_named_row(text, c):
            wrong, correction = w
            repeats = abs(c.quantity.value - wrong.value) <= 1e-9 * max(abs(wrong.value), 1)
            how = "repeats" if repeats else f"computes {c.quantity.text} from"
            return (
                f"Contradicted through its premise: it {how} {wrong.text}, which an "
                f"earlier sentence got wrong (the paper gives {correction})."
            )
    return None
