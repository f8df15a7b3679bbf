"""The number checker: each checkable number of a sentence found, derived, absent or in
conflict with the paper's value (C1 with the correction).

Entry point :func:`check_numbers`; the table-specific checks live in
:mod:`grounding.judges.number_tables` and :mod:`grounding.judges.number_cells`, the value
an absent number stands for in :mod:`grounding.judges.number_conflict`, two exchanged
values in :mod:`grounding.judges.number_swaps`. Pure over an :class:`EvidenceIndex`; no
I/O.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable

from grounding.evidence import EvidenceIndex, Hit, row_label
from grounding.judges.condition_labels import label_of, labels
from grounding.judges.number_cells import check_named_cells
from grounding.judges.number_common import (
    NAME,
    Findings,
    NumberCheck,
    NumberStatus,
    beside,
    cites_for,
    comparable_far,
    comparable_in,
    context_terms,
    plausible,
)
from grounding.judges.number_conflict import find_conflict
from grounding.judges.number_tables import check_columns, check_table_rows
from grounding.judges.parts import sentence_quantities
from grounding.judges.rules_cells import cell_near, same_table
from grounding.judges.rules_config import RulesConfig
from grounding.judges.rules_tables import column_headers
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import DOWN_WORDS, UP_WORDS, direction_stems
from grounding.memo import per_check
from grounding.numbers_match import Bound, Claim, Verdict, match, read_claims
from grounding.quantities import (
    Quantity,
    extract_quantities,
    same_count_noun,
    same_value,
    unit_base,
)

#: ``skip(page, offset)``: True where a page-text offset is not this paper's own statement.
Skip = Callable[[int, int], bool]


def check_numbers(
    cfg: RulesConfig,
    text: str,
    index: EvidenceIndex,
    hits: list[Hit],
    previous_qs: list[Quantity],
    found: Findings,
    skip: Skip | None = None,
) -> None:
    """Check every checkable number of ``text`` against the paper; fills ``found.numbers``
    (one NumberCheck each: found, found_far, derived, derived_unsettled, conflict with the
    correction, absent, unverifiable) and ``found.errors`` / ``found.notes`` for a value
    given to the wrong table row (C2).

    Args: cfg: thresholds. hits: the sentence's retrieved passages, best first.
          previous_qs: numbers of the previous sentences (operands of derived numbers).
          skip: ``skip(page, offset)`` is True for a page-text offset that is not this
          paper's own statement (reference list, cited sentences): numbers there confirm
          nothing.
    """
    claim_qs = [q for q in _claim_quantities(text) if not _names_paper_condition(text, q, index)]
    context_hits: dict[int, list[Hit]] = {}
    for q in claim_qs:
        check = NumberCheck(q, NumberStatus.ABSENT)
        if q.bound is not None:
            check.status = NumberStatus.UNVERIFIABLE
            check.hit = _same_bound(q, hits, skip)
            if check.hit is not None:
                check.status = NumberStatus.FOUND
        else:
            _look_up(cfg, text, index, hits, previous_qs, claim_qs, check, context_hits, skip)
        found.numbers.append(check)
    _check_count_swaps(cfg, text, hits, found)
    check_table_rows(cfg, text, index, hits, found)
    check_named_cells(cfg, text, index, hits, found)
    check_columns(cfg, text, index, found)
    _check_attached_names(cfg, text, index, found)
    _derive_from_column(text, index, claim_qs, found)
    # conflicts: an absent number whose slot in a matching passage holds another value (for
    # an amount found only far from the sentence's passages: :func:`_far_conflict`); a
    # multiplier computed from other numbers ("about 8 times larger") gives way to the one
    # the paper states for the same comparison ("4.8 times larger")
    for check in found.numbers:
        if check.status == NumberStatus.ABSENT or (
            check.quantity.unit == "x"
            and check.status in (NumberStatus.DERIVED, NumberStatus.DERIVED_UNSETTLED)
        ):
            _check_conflict(cfg, text, index, hits, claim_qs, found, check, context_hits, skip)
        elif check.status == NumberStatus.FOUND_FAR and check.quantity.physical:
            _far_conflict(text, index, found, check, skip)


def _claim_quantities(text: str) -> list[Quantity]:
    """The checkable numbers of ``text``; a peak the sentence reaches ("up to 42 mol%",
    "reaching up to 70%") loses its bound: the value reached is checked as the number
    itself."""
    peaks = {
        c.quantity.start
        for c in read_claims(text)
        if c.quantity.bound is not None and c.bound in (Bound.EXACT, Bound.ABOUT)
    }
    return [
        dataclasses.replace(q, bound=None) if q.start in peaks else q
        for q in sentence_quantities(text)
        if q.checkable
    ]


def add_condition_labels(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """The numbers of conditions the paper names too ("5" of "Phase 5"), which no value
    checker read (:func:`check_numbers` leaves them out), added as found: in the best
    passage that names the same condition, else elsewhere in the paper (found_far)."""
    for q in _claim_quantities(text):
        if not _names_paper_condition(text, q, index):
            continue
        label = label_of(text, q.start)
        hit = next((h for h in hits[:5] if label in labels(h.entry.text)), None)
        status = NumberStatus.FOUND if hit is not None else NumberStatus.FOUND_FAR
        found.numbers.append(NumberCheck(q, status, hit=hit))
    found.numbers.sort(key=lambda c: c.quantity.start)


def _names_paper_condition(text: str, q: Quantity, index: EvidenceIndex) -> bool:
    """True if ``q`` is the number of a condition ("1" of "definition 1") that the paper
    names too ("definition one"): a label, no value to check."""
    label = label_of(text, q.start)
    return label is not None and label in _paper_labels(index)


@per_check(maxsize=4)
def _paper_labels(index: EvidenceIndex) -> frozenset[str]:
    """The conditions named by a number anywhere in the paper (``condition_labels``)."""
    return frozenset(label for page in index.pages.values() for label in labels(page.text))


def _look_up(
    cfg: RulesConfig,
    text: str,
    index: EvidenceIndex,
    hits: list[Hit],
    previous_qs: list[Quantity],
    claim_qs: list[Quantity],
    check: NumberCheck,
    context_hits: dict[int, list[Hit]],
    skip: Skip | None,
) -> None:
    """Settle a number without a bound: found in the retrieved passages, else in the
    passages its own context retrieves (kept in ``context_hits`` by ``id()`` of the
    check); else derived from two numbers of this sentence, the previous ones or the best
    two passages (``derived_unsettled`` unless both operands are in the paper); else found
    elsewhere in the paper (``found_far``); else left absent. An uncertainty (the "0.08"
    of "0.95 ± 0.08") belongs to its value: it is found only right after that value
    (:func:`_find_value`), and is neither derived nor found elsewhere."""
    q = check.quantity
    of = _uncertain_value(q, claim_qs)
    hit = _find_value(q, hits, text, skip, of)
    if hit is None:
        ctx = index.hits(_clause(text, q), k=cfg.k)
        context_hits[id(check)] = ctx
        hit = _find_value(q, ctx, text, skip, of)
    if hit is not None:
        check.status, check.hit = NumberStatus.FOUND, hit
    elif (
        q.kind != "uncertainty"
        and (
            operands := _derived(
                text,
                q,
                claim_qs,
                [e for e in previous_qs if e.unit is not None or not q.physical]
                + [
                    e
                    for h in hits[:2]
                    for e in h.entry.quantities
                    # a bare number of prose is in no physical unit; a table cell may be
                    if e.checkable
                    and (e.unit is not None or h.entry.kind == "row" or not q.physical)
                ],
            )
        )
        is not None
    ):
        in_paper = all(
            any(
                math.isclose(v, e.value, rel_tol=1e-9)
                for qs in index.page_quantities.values()
                for e in qs
            )
            for v in operands
        )
        check.status = NumberStatus.DERIVED if in_paper else NumberStatus.DERIVED_UNSETTLED
        check.operands = operands
    elif q.kind not in ("word", "fraction", "uncertainty") and any(
        comparable_far(q, e) and same_value(q, e) and not (skip is not None and skip(page, e.start))
        for page, e in index.quantities_near(_could_match(q))
    ):
        check.status = NumberStatus.FOUND_FAR
    elif q.physical and q.unit not in (None, "%") and (row := _row_in_unit(index, q)) is not None:
        check.status, check.hit = NumberStatus.FOUND, row
    elif q.physical and (other := _other_prefix(q, hits[:3])) is not None:
        # "1.5 µHz" where the sentence's passage writes "1.5 mHz": the unit is wrong
        check.status, check.hit, check.correction = NumberStatus.CONFLICT, other[0], other[1]
    elif q.unit is not None and q.physical and q.kind not in ("word", "fraction", "uncertainty"):
        # written by the paper with another unit or none ("2.908" in a column headed
        # "icorr (μA/cm2)"): the rationale says where, not "nowhere"
        bare = next(
            (
                page
                for page, e in index.quantities_near(_could_match(q))
                if same_value(q, e) and not cites_for(q, e)
            ),
            None,
        )
        if bare is not None:
            check.elsewhere = f"page {bare} writes {q.value:g} but not in {q.unit}"


def _row_in_unit(index: EvidenceIndex, q: Quantity) -> Hit | None:
    """The one table row of the paper holding ``q``'s value (its sign included) in a column
    whose header names ``q``'s unit ("-130.0 mV" in a column headed "Eb (mVSCE)"): the
    cells of a table carry no unit, so no passage search finds them by it; None when no
    row or several rows do."""
    unit = {t for t in content_terms(q.unit or "") if not is_numeric(t)}
    if not unit:
        return None
    found = []
    for page, ids in index.rows_by_page.items():
        for pid in ids:
            e = index.entries[pid]
            cols = [i for i, x in enumerate(e.cells) if x.quantity.value == q.value]
            if not cols:
                continue
            heads = column_headers(e, index.pages.get(page))
            if any(i < len(heads) and _names_unit(heads[i], unit) for i in cols):
                found.append(Hit(e, pid, 1.0))
    return found[0] if len(found) == 1 else None


def _names_unit(head: set[str], unit: set[str]) -> bool:
    """True if the header terms ``head`` write every term of ``unit``, alone or with the
    reference it is measured against run on ("mVSCE" for mV vs. SCE)."""
    return all(any(h.startswith(u) for h in head) for u in unit)


def _other_prefix(q: Quantity, hits: list[Hit]) -> tuple[Hit, Quantity] | None:
    """The first of ``hits`` (prose) holding ``q``'s value in the same unit with another SI
    prefix ("1.5 mHz" for the sentence's "1.5 µHz"), with that quantity; None if none."""
    base = unit_base(q.unit)
    if base is None:
        return None
    for h in hits:
        for e in h.entry.quantities if h.entry.kind != "row" else ():
            if e.unit != q.unit and e.physical and unit_base(e.unit) == base and e.value == q.value:
                return h, e
    return None


def _derive_from_column(
    text: str, index: EvidenceIndex, claim_qs: list[Quantity], found: Findings
) -> None:
    """A difference against a row of the table another number of the sentence was read
    from, computed in that number's column (not another cell of its row: "3.6 is 1.6 units
    below that of Cerulean" is 5.2 - 3.6, not the row's "3" of the next column): an absent
    or far-found number, or one a row's cell corrects, becomes derived from the column's
    cells (:func:`_column_mates`)."""
    mates = _column_mates(index, found.numbers, text)
    for check in found.numbers if mates else ():
        in_row = (
            check.status == NumberStatus.CONFLICT
            and check.hit is not None
            and check.hit.entry.kind == "row"
            and not check.why
        )
        if (
            (check.status in (NumberStatus.ABSENT, NumberStatus.FOUND_FAR) or in_row)
            and check.quantity.kind not in ("word", "fraction")
            and (operands := _derived(text, check.quantity, claim_qs, mates)) is not None
        ):
            check.status, check.operands, check.hit = NumberStatus.DERIVED, operands, None
            check.correction = None


def _check_conflict(
    cfg: RulesConfig,
    text: str,
    index: EvidenceIndex,
    hits: list[Hit],
    claim_qs: list[Quantity],
    found: Findings,
    check: NumberCheck,
    context_hits: dict[int, list[Hit]],
    skip: Skip | None,
) -> None:
    """An absent number whose slot in a matching passage (the retrieved ones, those its
    context and its own clause retrieve; not the paper's statements of other works) holds
    another value: a conflict, that value the correction (C1). A value the paper reports
    only for a cited study is not refuted."""
    if skip is not None and _stated_by_cited(text, check.quantity, index, skip):
        return  # the paper reports it for a cited study: not refuted here
    extra = context_hits.get(id(check), [])
    own = _own_clause(text, check.quantity)
    if own is not None:  # the number's clause alone, without other numbers
        extra = extra + index.hits(own, k=cfg.k)
    if skip is not None:
        extra = [
            h
            for h in extra
            if h.entry.kind == "row"
            or not (skip(h.entry.page, h.entry.start) and skip(h.entry.page, h.entry.end - 1))
        ]
    of = _uncertain_value(check.quantity, claim_qs)
    conflict = (
        _other_uncertainty(of, hits + extra)
        if of is not None
        else find_conflict(cfg, text, check.quantity, claim_qs, found.numbers, hits + extra, index)
    )
    if conflict is not None:
        check.status = NumberStatus.CONFLICT
        check.hit, check.correction = conflict


#: characters between an amount and the value stated with it ("42 mol% at a reaction
#: time of 4 hours"), in the sentence and in the paper
_WITH_REACH = 60
_CUT = re.compile(r"[;:]|[.!?](?:\s|$)|,\s*(?:and|while|whereas|but)\b")


def _far_conflict(
    text: str, index: EvidenceIndex, found: Findings, check: NumberCheck, skip: Skip | None
) -> None:
    """An amount with a unit found only far from the sentence's passages ("peaked at 42
    mol% after 2 hours", "2 hours" written elsewhere in the paper) against the paper's
    statements of the value the sentence gives with it: where the paper writes that value
    (a specific one: a decimal, or 10 or more, with a unit) with amounts of the same unit
    next to it in the same sentence, all the same and none this one ("to reach its maximum
    with 42 mol% at a reaction time of 4 hours"), a conflict (C1) corrected by that amount;
    left as it is where one of them is this amount, or where they differ."""
    q = check.quantity
    mates = beside(
        text,
        [c.quantity for c in found.numbers if c is not check],
        q,
        lambda x: x.unit not in (None, q.unit) and (x.decimals > 0 or abs(x.value) >= 10),
        _WITH_REACH,
        _CUT,
    )
    fixes: list[tuple[int, Quantity]] = []
    for page, qs in index.page_quantities.items() if mates else ():
        ptext = getattr(index.pages.get(page), "text", "") or ""
        for a in qs:
            if not any(same_value(m, a) and m.unit == a.unit for m in mates):
                continue
            if skip is not None and skip(page, a.start):
                continue
            near = beside(
                ptext, qs, a, lambda x: x.unit == q.unit and x.kind == q.kind, _WITH_REACH, _CUT
            )
            if any(same_value(q, x) for x in near):
                return  # the paper states it with that value too
            if near:
                fixes.append((page, min(near, key=lambda x: abs(x.start - a.start))))
    if not fixes or len({round(x.value, 9) for _, x in fixes}) != 1:
        return
    page, fix = fixes[0]
    at = index.hit_at(page, fix.start)
    if at is not None:
        check.status, check.hit, check.correction = NumberStatus.CONFLICT, at, fix


def _other_uncertainty(of: Quantity, hits: list[Hit]) -> tuple[Hit, Quantity] | None:
    """The first passage giving the value ``of`` with another uncertainty: "77.70 ± 0.25",
    or a smaller number right after it where the PDF's text lost the sign ("0.95
    0.08(stat)"); (passage, that uncertainty), else None. An uncertainty's correction is
    its own value's, never another number of the passage."""
    for h in hits:
        qs = h.entry.quantities
        for a, b in zip(qs, qs[1:]):
            if not math.isclose(a.value, of.value, rel_tol=1e-9):
                continue
            if b.kind == "uncertainty" or (
                a.uncertainty is None and b.start - a.end <= 3 and abs(b.value) < abs(a.value)
            ):
                return h, b
    return None


#: words by which a sentence speaks of the paper's own work
_OWN_WORK = re.compile(
    r"\b(?:the authors(?:['’]s?)?|our|we|this (?:paper|study|work|article)|"
    r"the (?:paper|study|article) (?:shows?|finds?|reports?|presents?))\b",
    re.IGNORECASE,
)


def _stated_by_cited(text: str, q: Quantity, index: EvidenceIndex, skip: Skip) -> bool:
    """True if the paper writes ``q``'s value only where it reports another work (a span
    ``skip`` leaves out: "Beltagy et al. (2019) report ... 82% biomedical and 18% computer
    science"), next to at least two of the sentence's words around it: the value is the
    cited work's, so another passage's value of the paper's own does not refute it. Not
    for a sentence about the paper's own work ("The authors' tagger reached 94.1%"): the
    cited value is then given to the wrong work, and the paper's own value refutes it."""
    near = context_terms(text, q, 40)
    if len(near) < 2 or q.kind not in ("number", "percent") or _OWN_WORK.search(text):
        return False  # "The authors' tagger reached 94.1%": a claim about this
        # paper's own work, which the cited value does not settle
    for page, e in index.quantities_near(_could_match(q)):
        if not (same_value(q, e) and skip(page, e.start)):
            continue
        ptext = getattr(index.pages.get(page), "text", "")
        if len(near & set(content_terms(ptext[max(0, e.start - 150) : e.end + 60]))) >= 2:
            return True
    return False


def _could_match(q: Quantity) -> tuple[tuple[float, float], tuple[float, float]]:
    """Value ranges outside which no paper number can state the value of ``q`` (a claim
    without a bound) by :func:`same_value`: within ``0.2 |value| + step + 1e-6`` of it,
    the number itself or as a fraction x 100 (its branches allow at most 1e-9 relative,
    half a written step, or 5 % of the paper's value, about 5.3 % of the claim's)."""
    c = q.value
    b = 0.2 * abs(c) + q.step + 1e-6
    return (c - b, c + b), ((c - b) / 100, (c + b) / 100)


def _check_count_swaps(cfg: RulesConfig, text: str, hits: list[Hit], found: Findings) -> None:
    """Counts whose qualifying words were swapped ("3 hard negatives and 2 easy
    negatives" where the paper says "2 hard negatives and 3 easy negatives").

    A counted number ("3 hard ...") is contradicted by a close passage (score at least
    ``slot_min_score``) that gives the same count noun another value while stating the
    claim's value for a different count noun that the sentence also writes; the passage's
    value for the claim's noun is the correction (C1). Numbers already judged in conflict
    are left alone.
    """
    said = set(content_terms(fold(text)))
    for check in found.numbers:
        q = check.quantity
        if (
            check.status == NumberStatus.CONFLICT
            or q.bound is not None
            or q.unit is None
            or q.physical
            or q.unit == "point"
            or q.kind in ("fraction", "ref")
        ):
            continue
        for h in hits[:5]:
            if h.score < cfg.slot_min_score:
                continue
            qs = [e for e in h.entry.quantities if e.checkable]
            same = [e for e in qs if same_count_noun(q, e)]
            if not same or any(same_value(q, e) for e in same):
                continue
            # the paper gives the claim's value to another qualifier of the same thing
            # ("2 hard negatives and 3 easy negatives"), or to a word the sentence counts
            # with too; another noun the sentence never writes is the paper's own wording
            # for what it counts ("407 cases ... 479 men", written "407 men")
            passage = fold(h.entry.text)
            heads = {_head_after(passage, e) for e in same} - {None}
            if not any(
                same_value(q, e)
                and same_count_noun(q, e) is False
                and (set(content_terms(e.unit or "")) <= said or _head_after(passage, e) in heads)
                for e in qs
            ):
                continue
            cands = [e for e in same if plausible(q, e)]
            if cands:
                check.status, check.hit, check.correction = NumberStatus.CONFLICT, h, cands[0]
                m = re.match(r"\s+[A-Za-z][\w-]*", fold(text)[q.end :])  # q's frame
                check.suffix = m.group(0) if m else ""
                break


def _head_after(text: str, e: Quantity) -> str | None:
    """The word after the count word of ``e`` in ``text`` ("negatives" of "2 hard
    negatives"), or None: what the count word qualifies, when it is a qualifier."""
    m = re.search(
        rf"(?<![\w.]){re.escape(e.text)}\s+{re.escape(e.unit or '')}\w*\s+([^\W\d_]{{3,}})",
        text,
        re.IGNORECASE,
    )
    if m is None or not content_terms(m.group(1)):
        return None
    return m.group(1).lower()


def _check_attached_names(
    cfg: RulesConfig, text: str, index: EvidenceIndex, found: Findings
) -> None:
    """A value with a unit found in a passage about something else.

    For a number with a unit ("4-year", "45 minutes") whose name neighbour in the
    sentence ("4-year TianQin mission") is missing from the passage it was found in: if
    a passage about that name gives the same unit another value ("5-year TianQin"), the
    sentence took the value from the wrong statement (C1).
    """
    s = fold(text)
    for c in found.numbers:
        q = c.quantity
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind == "row":
            continue
        if q.unit is None or q.unit == "point" or q.kind not in ("number", "percent"):
            continue
        # the names the value is written against ("4-year TianQin", "TianQin's 4 years"),
        # not a name further along its clause ("the N1s XPS spectra of the 500 ppm sample")
        lo = max(0, q.start - 25)
        window = s[lo : q.end + 25]
        names = [
            m.group(0)
            for m in NAME.finditer(window)
            if m.start() + lo - q.end in range(0, 3) or q.start - (m.end() + lo) in range(0, 4)
        ]
        terms = {t for n in names for t in content_terms(n) if not is_numeric(t)}
        if not terms or terms & set(c.hit.entry.terms):
            continue
        for h in index.hits(_clause(text, q, 40), k=6):
            if not terms <= set(h.entry.terms):
                continue
            cands = [
                e
                for e in h.entry.quantities
                if e.unit == q.unit and e.checkable and not same_value(q, e) and plausible(q, e)
            ]
            if cands and not any(same_value(q, e) for e in h.entry.quantities):
                c.status, c.hit, c.correction = NumberStatus.CONFLICT, h, cands[0]
            break


def needs_review(found: Findings, hits: list[Hit]) -> str | None:
    """A rationale when a number's evidence comes from untrusted glyphs, else None."""
    for c in found.numbers:
        if c.status in (NumberStatus.FOUND, NumberStatus.CONFLICT) and c.hit is not None:
            pool = [c.hit]
        elif c.status == NumberStatus.ABSENT:
            pool = hits[:3]
        else:
            continue
        for h in pool:
            if h.entry.suspect:
                bad = h.entry.suspect[0]
                return (
                    f"Needs review: the evidence on page {h.entry.page} for "
                    f'{c.quantity.text} holds "{bad.text}", whose characters come '
                    "from an unrecognised symbol font next to a digit (possibly a "
                    "mis-encoded minus or operator); a person should check the PDF."
                )
    return None


def _uncertain_value(q: Quantity, claim_qs: list[Quantity]) -> Quantity | None:
    """The value of the claim that ``q`` (of kind "uncertainty") is the ± of, else None."""
    if q.kind != "uncertainty":
        return None
    return next(
        (v for v in reversed(claim_qs) if v.end <= q.start and v.uncertainty == q.value), None
    )


def _find_value(
    q: Quantity,
    hits: list[Hit],
    text: str = "",
    skip: Skip | None = None,
    of: Quantity | None = None,
) -> Hit | None:
    """The best passage stating ``q``'s value (table rows preferred), or None. ``of``: the
    value ``q`` is the uncertainty of ("0.25" of "77.70 ± 0.25"): the passage's number
    must come right after that value ("77.70 ± 0.25", or "0.95 0.08(stat)" where the
    PDF's text lost the sign); another row's "± 0.25" confirms nothing.

    A value stated for another count noun ("2 hard negatives" vs the claim's "2 easy
    negatives") does not count when the same passage gives the claim's noun another value.
    A small round number (an integer under 100, or a whole percentage) only counts in a
    passage sharing a word of the number's own context (``text`` around it): a bare "8" or
    "3)" elsewhere confirms nothing.
    """
    found: list[Hit] = []
    counted = q.unit is not None and not q.physical and q.unit != "point"
    small = q.decimals == 0 and abs(q.value) < 100 and q.kind != "sci"
    context = context_terms(text, q, 30) if (small and text) else set()
    for h in hits:
        if context and not context & set(h.entry.terms):
            continue
        qs = h.entry.quantities
        for i, e in enumerate(qs):
            if not (comparable_in(q, e, h) and same_value(q, e)):
                continue
            if of is not None and not (
                i > 0 and math.isclose(qs[i - 1].value, of.value, rel_tol=1e-9)
            ):
                continue  # not the uncertainty of the claim's value
            if skip is not None and h.entry.kind != "row" and skip(h.entry.page, e.start):
                continue  # stated in the reference list or for a cited study
            same = same_count_noun(q, e)
            if same is False and any(same_count_noun(q, o) for o in qs):
                continue
            if counted and same is None and q.decimals == 0 and abs(q.value) < 1000:
                continue  # "3 hard negatives" is not confirmed by a bare "3"
            if (
                q.unit is not None
                and e.unit is None
                and h.entry.kind != "row"
                and text
                and not context_terms(text, q, 30) & set(h.entry.terms)
            ):
                continue  # "7.0 percentage points" is not "topic 7" of another
                # statement: a bare number in prose shares a word
            found.append(h)
            break
    if not found:
        return None
    rows = [h for h in found if h.entry.kind == "row"]
    return rows[0] if rows else found[0]


_SIDES = {"<": "upper", "<=": "upper", ">": "lower", ">=": "lower"}


def _just_past(index: EvidenceIndex, h: Hit, text: str, q: Quantity) -> bool:
    """True if the page of passage ``h`` writes ``q``'s value (no bound, same unit) in the
    passage or within 250 characters past either edge after the same three words as the
    sentence ``text`` (the number's own statement, in the passage or cut off by its
    window; also where it reports another study: it still is not the other value's
    statement)."""
    lo, hi = h.entry.start, h.entry.end
    page = getattr(index.pages.get(h.entry.page), "text", "")
    mine = _WORD.findall(fold(text[: q.start]).lower())[-3:]
    if q.bound is not None:
        # "less than 200 sec": the bound is read against the passage's value, unless the
        # page states that very bound there ("at least 22% (from 48% to 70%)" just past "will
        # detect at least 70%")
        return any(
            lo - 250 < e.end
            and e.start < hi + 250
            and e.bound == q.bound
            and e.unit == q.unit
            and math.isclose(e.value, q.value)
            for e in index.page_quantities.get(h.entry.page, ())
        )
    return len(mine) == 3 and any(
        lo - 250 < e.end
        and e.start < hi + 250
        and e.checkable
        and e.unit == q.unit
        and same_value(q, e)
        and _WORD.findall(fold(page[max(0, e.start - 80) : e.start]).lower())[-3:] == mine
        for e in index.page_quantities.get(h.entry.page, ())
    )


_WORD = re.compile(r"[a-z0-9]+")


def _same_bound(q: Quantity, hits: list[Hit], skip: Skip | None = None) -> Hit | None:
    """The first passage (not a table row) stating ``q``'s bound as the sentence words it:
    the same value bounded on the same side ("over 40,000" for "more than 40,000")."""
    point = dataclasses.replace(q, bound=None)
    side = _SIDES.get(q.bound or "")
    for h in hits:
        if h.entry.kind == "row":
            continue
        for e in h.entry.quantities:
            if (
                e.checkable
                and _SIDES.get(e.bound or "") == side
                and comparable_in(q, e, h)
                and same_value(point, dataclasses.replace(e, bound=None))
                and not (skip is not None and skip(h.entry.page, e.start))
            ):
                return h
    return None


def _bounds_alike(claim: Claim, e: Quantity) -> bool:
    """True when the sentence and the paper bound the value with words of one side ("up to
    7%" / "up to 70%", "over 4,000" / "over 40,000"): the bound phrase ties the two numbers
    together, so the paper's is the correction however far apart they are."""
    side = _SIDES.get(claim.quantity.bound or "")
    return side is not None and side == _SIDES.get(e.bound or "") and e.kind == claim.quantity.kind


_CLAUSE_STOP = re.compile(r"[,;:()\[\]]|\.\s|\s(?:and|but|while|whereas|plus)\s")


def _own_clause(text: str, q: Quantity) -> str | None:
    """The clause of ``text`` around ``q`` (between commas, semicolons, brackets, "and",
    "but"...) with the sentence's other numbers taken out: a query for a number such as
    "roughly five times as many as PubMed Central" whose passage the sentence's other
    numbers would outrank. None when the clause holds fewer than two content words."""
    t = fold(text)
    stops = [(m.start(), m.end()) for m in _CLAUSE_STOP.finditer(t)]
    lo = max((b for a, b in stops if b <= q.start), default=0)
    hi = min((a for a, b in stops if a >= q.end), default=len(t))
    clause = t[lo : q.start] + q.text + t[q.end : hi]
    others = [x for x in extract_quantities(clause) if x.text != q.text]
    for x in sorted(others, key=lambda x: -x.start):
        clause = clause[: x.start] + " " + clause[x.end :]
    words = [w for w in content_terms(clause) if not is_numeric(w)]
    return clause if len(words) >= 2 else None


def _clause(text: str, q: Quantity, width: int = 70) -> str:
    """The words around ``q`` in ``text`` (a query for the number's own context)."""
    t = fold(text)
    lo = max(0, q.start - width)
    hi = min(len(t), q.end + width)
    return t[lo:hi]


def _column_mates(index: EvidenceIndex, checks: list[NumberCheck], text: str) -> list[Quantity]:
    """The cells in the column of each number found in a table row, from the rows of its
    table that the sentence names (every word of the row label in the sentence) and from
    its top row (the reference a change is measured from): the operands of a difference
    the sentence states against a row it does not quote ("78.4, 1.6 points below the full
    model": the top row's 80.0; "9.0 points above OpenAI-o1-mini": that row's 63.6); only
    the named rows' cells where the sentence names one."""
    words = set(content_terms(fold(text)))
    out: list[Quantity] = []
    named: list[Quantity] = []
    for c in checks:
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind != "row":
            continue
        row = c.hit.entry
        cell = next((x for x in row.cells if same_value(c.quantity, x.quantity)), None)
        if cell is None or not row.rects:
            continue
        table = [
            (pid, index.entries[pid])
            for pid in index.rows_by_page.get(row.page, [])
            if pid != c.hit.pid
            and index.entries[pid].rects
            and same_table(row, index.entries[pid])
            # a row may lack one value ("ND", "-"): its cells still sit in columns
            and abs(len(index.entries[pid].cells) - len(row.cells)) <= 1
        ]
        top = min((e.rects[0].y0 for _, e in table), default=row.rects[0].y0)
        for _, other in table:
            label = {t for t in content_terms(row_label(other)) if not is_numeric(t)}
            said = bool(label) and label <= words
            if not (other.rects[0].y0 == top < row.rects[0].y0 or said):
                continue
            mate = cell_near(other, cell.x, 8.0)
            if mate is not None and mate.quantity.checkable:
                (named if said else out).append(mate.quantity)
    # a row the sentence names is the reference ("below that of Cerulean"), not the top row
    return named or out


_DIFF_CUE = re.compile(
    r"\b(?:gap|lead|margin|difference|differ\w*|by|points?|ahead|behind|"
    r"drops?|gains?|more|less|fewer|lower|higher|below|above|total|sum|combined)\b",
    re.I,
)
#: A ratio written with its number: "3.2 times", "2-fold", "3.2x" after it, "a ratio of" or
#: "a factor of" before it (a "×" between two sizes, "10 µm × 10 µm", is no ratio).
_RATIO_AFTER = re.compile(r"\s*(?:-\s*)?(?:times|fold|x|×)(?!\s*\d)\b", re.I)
_RATIO_BEFORE = re.compile(r"\b(?:ratio|factor|quotient)\s+(?:of\s+)?(?:about\s+|~\s*)?$", re.I)
#: A word after a percent that makes it a relative change ("12% faster", "a 30% reduction",
#: "20% more"): the change and comparison words of ``grounding/lexicon/data``.
_CHANGE_WORD = re.compile(
    "|".join(direction_stems(cls, use) for cls in ("up", "down") for use in ("change", "pair"))
)
#: "by" before a percent: the size of a change ("improves by about 12%").
_BY_BEFORE = re.compile(
    r"\bby\s+(?:(?:about|around|approximately|nearly|roughly|almost|some|over|just)\s+)?$",
    re.I,
)
#: "to" before a number that a change ends at ("from 16% to 72%"): a value, not a difference.
_CHANGE_END = re.compile(
    r"\bfrom\b.*\bto\s+(?:(?:about|around|approximately|nearly|roughly|almost)\s+)?$", re.I
)


def _announced_percent(text: str, q: Quantity) -> bool:
    """Whether the sentence gives the percent ``q`` as computed from two numbers: a
    relative change ("improves by 12%", "12% faster", "a 30% reduction") or a share ("72%
    of the papers"). A percent with no such word beside it is a value of its own ("an
    accuracy of 72%", "from 16% to 72%"): two numbers of a passage whose ratio falls
    within its rounding say nothing about it."""
    if _BY_BEFORE.search(text[max(0, q.start - 40) : q.start]):
        return True
    after = re.findall(r"[^\W\d_]+", text[q.end : q.end + 40].lower())[:3]
    after = [w for w in after if w not in ("percent", "per", "cent")][:2]
    if after[:1] == ["of"]:
        return True
    return any(
        w in UP_WORDS or w in DOWN_WORDS or _CHANGE_WORD.fullmatch(w) is not None for w in after
    )


def _derived(
    text: str, q: Quantity, claim_qs: list[Quantity], previous: list[Quantity]
) -> tuple[float, float] | None:
    """True if ``q`` is a difference, sum, ratio or relative change (as the sentence's cue
    words announce: "gap", "times", "%") of two numbers of this sentence or the previous
    ones (for a physical unit: the sentence's in that unit, the others' in that unit or
    none). Returns the operand pair, or None.
    Spelled-out numbers are never derived."""
    if q.kind in ("word", "fraction") or _CHANGE_END.search(text[: q.start]):
        return None
    same_unit = q.physical and q.unit not in ("%", "x")
    # a value in a physical unit is computed from the sentence's values in that unit ("1.5
    # µHz" is no difference of two eccentricities), or from the passages' in that unit or
    # none (a table's cells carry no unit)
    pool = [x.value for x in claim_qs if x is not q and (not same_unit or x.unit == q.unit)]
    pool += [x.value for x in previous if not same_unit or x.unit in (q.unit, None)]
    values = list(dict.fromkeys(v for v in pool if v != 0))[:24]
    tol = max(10.0 ** (-q.decimals) / 2 + 1e-9, 0.05 * abs(q.value) if q.approx else 0.0)
    diff = _DIFF_CUE.search(text)
    ratio = (
        q.unit == "x"
        or _RATIO_AFTER.match(text, q.end) is not None
        or _RATIO_BEFORE.search(text[max(0, q.start - 30) : q.start]) is not None
    )
    pct = q.unit == "%" and _announced_percent(text, q)
    target = q.value
    for a, b in itertools.permutations(values, 2):
        ops = []
        if diff and abs(target) < 0.5 * max(abs(a), abs(b)):
            ops += [a - b]
        if ratio:
            ops += [a / b]
        if pct:
            ops += [(a - b) / b * 100, a / b * 100]
        if any(abs(v - target) <= tol for v in ops):
            return (a, b)
    return None


def check_in_passage(
    cfg: RulesConfig,
    text: str,
    hits: list[Hit],
    found: Findings,
    skip: Skip | None = None,
    min_overlap: float = 0.6,
    index: EvidenceIndex | None = None,
) -> None:
    """Numbers the lookup could not settle in their own passage -- a bound ("over 70%",
    "below 0.5%", "more than ten") or a value found only elsewhere in the paper -- held to
    the passage that states their context: the first of the best five passages (retrieval
    score at least ``slot_min_score``, not a table row) holding ``min_overlap`` of the
    words around the number. ``grounding.numbers_match.match`` decides against that
    passage's numbers: agree -> found there; disagree -> conflict, the refuting value as
    the correction (C1), unless the page writes the number after the sentence's own words
    in or just past the passage (with ``index``: the number's own statement, which the
    passage holds or its window cuts off)."""
    todo = [
        c for c in found.numbers if c.status in (NumberStatus.UNVERIFIABLE, NumberStatus.FOUND_FAR)
    ]
    if not todo:
        return
    claims = {cl.quantity.start: cl for cl in read_claims(text)}
    for c in todo:
        q = c.quantity
        claim = claims.get(q.start)
        ctx = context_terms(text, q, 40)
        if claim is None or len(ctx) < 3:
            continue
        for h in hits[:5]:
            if h.entry.kind == "row" or h.score < cfg.slot_min_score:
                continue
            if len(ctx & set(h.entry.terms)) / len(ctx) < min_overlap:
                continue
            qs = [
                e
                for e in h.entry.quantities
                if e.checkable and not (skip is not None and skip(h.entry.page, e.start))
            ]
            m = match(claim, qs)
            if m.verdict is Verdict.AGREE:
                c.status, c.hit = NumberStatus.FOUND, h
                if m.evidence is not None and not same_value(
                    dataclasses.replace(q, bound=None), m.evidence
                ):
                    c.why = (
                        f"{q.text} holds for the value page {h.entry.page} gives "
                        f"({m.evidence.text})"
                    )
            elif (
                m.verdict is Verdict.DISAGREE
                and m.evidence is not None
                and (plausible(q, m.evidence) or _bounds_alike(claim, m.evidence))
                and not (index is not None and _just_past(index, h, text, q))
            ):
                c.status, c.hit, c.correction = NumberStatus.CONFLICT, h, m.evidence
            else:
                continue
            break
