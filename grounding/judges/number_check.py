"""The number checker: each checkable number of a sentence found, derived, absent or in
conflict with the paper's value (C1 with the correction).

Entry point :func:`check_numbers`; the table-specific checks live in
:mod:`grounding.judges.number_tables`. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable

from grounding.evidence import EvidenceIndex, Hit, row_label
from grounding.judges.number_binding import (
    check_corrections,
    check_listed_rows,
    check_value_binding,
)
from grounding.judges.number_common import (
    NAME,
    Findings,
    NumberCheck,
    comparable_far,
    comparable_in,
    context_terms,
    plausible,
    same_digits,
    transposed,
)
from grounding.judges.number_lists import respectively_words
from grounding.judges.number_tables import check_columns, check_named_cells, check_table_rows
from grounding.judges.parts import sentence_quantities
from grounding.judges.rules_cells import cell_near, same_table
from grounding.judges.rules_config import RulesConfig
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.numbers_match import Bound, Claim, Verdict, match, read_claims
from grounding.quantities import (
    Quantity,
    comparable,
    extract_quantities,
    same_count_noun,
    same_value,
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
    peaks = {
        c.quantity.start
        for c in read_claims(text)
        if c.quantity.bound is not None and c.bound in (Bound.EXACT, Bound.ABOUT)
    }
    # "up to 42 mol%", "reaching up to 70%": the value reached, checked as the number itself
    claim_qs = [
        dataclasses.replace(q, bound=None) if q.start in peaks else q
        for q in sentence_quantities(text)
        if q.checkable
    ]
    context_hits: dict[int, list[Hit]] = {}
    for q in claim_qs:
        check = NumberCheck(q, "absent")
        if q.bound is not None:
            check.status = "unverifiable"
            check.hit = _same_bound(q, hits, skip)
            if check.hit is not None:
                check.status = "found"
            found.numbers.append(check)
            continue
        hit = _find_value(q, hits, text, skip)
        if hit is None:
            ctx = index.hits(_clause(text, q), k=cfg.k)
            context_hits[id(check)] = ctx
            hit = _find_value(q, ctx, text, skip)
        if hit is not None:
            check.status, check.hit = "found", hit
        elif (
            operands := _derived(
                text,
                q,
                claim_qs,
                previous_qs + [e for h in hits[:2] for e in h.entry.quantities if e.checkable],
            )
        ) is not None:
            in_paper = all(
                any(
                    math.isclose(v, e.value, rel_tol=1e-9)
                    for qs in index.page_quantities.values()
                    for e in qs
                )
                for v in operands
            )
            check.status = "derived" if in_paper else "derived_unsettled"
            check.operands = operands
        elif q.kind not in ("word", "fraction") and any(
            comparable_far(q, e)
            and same_value(q, e)
            and not (skip is not None and skip(page, e.start))
            for page, e in index.quantities_near(_could_match(q))
        ):
            check.status = "found_far"
        found.numbers.append(check)
    _check_count_swaps(cfg, text, hits, found)
    check_table_rows(cfg, text, index, hits, found)
    check_named_cells(cfg, text, index, hits, found)
    check_columns(cfg, text, index, found)
    _check_attached_names(cfg, text, index, found)
    # a difference against a row of the table another number of the sentence was read
    # from, computed in that number's column (not another cell of its row: "3.6 is 1.6
    # units below that of Cerulean" is 5.2 - 3.6, not the row's "3" of the next column)
    mates = _column_mates(index, found.numbers, text)
    for check in found.numbers if mates else ():
        in_row = (
            check.status == "conflict"
            and check.hit is not None
            and check.hit.entry.kind == "row"
            and not check.why
        )
        if (
            (check.status in ("absent", "found_far") or in_row)
            and check.quantity.kind not in ("word", "fraction")
            and (operands := _derived(text, check.quantity, claim_qs, mates)) is not None
        ):
            check.status, check.operands, check.hit = "derived", operands, None
            check.correction = None
    # conflicts: an absent number whose slot in a matching passage holds another value
    for check in found.numbers:
        if check.status != "absent":
            continue
        if skip is not None and _stated_by_cited(text, check.quantity, index, skip):
            continue  # the paper reports it for a cited study: not refuted here
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
        conflict = _find_conflict(
            cfg, text, check.quantity, claim_qs, found.numbers, hits + extra, index
        )
        if conflict is not None:
            check.status = "conflict"
            check.hit, check.correction = conflict


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
    claim's value for a different count noun; the passage's value for the claim's noun
    is the correction (C1). Numbers already judged in conflict are left alone.
    """
    for check in found.numbers:
        q = check.quantity
        if (
            check.status == "conflict"
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
            if not any(same_value(q, e) and same_count_noun(q, e) is False for e in qs):
                continue
            cands = [e for e in same if plausible(q, e)]
            if cands:
                check.status, check.hit, check.correction = "conflict", h, cands[0]
                m = re.match(r"\s+[A-Za-z][\w-]*", fold(text)[q.end :])  # q's frame
                check.suffix = m.group(0) if m else ""
                break


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
        if c.status != "found" or c.hit is None or c.hit.entry.kind == "row":
            continue
        if q.unit is None or q.unit == "point" or q.kind not in ("number", "percent"):
            continue
        window = s[max(0, q.start - 25) : q.end + 25]
        names = [m.group(0) for m in NAME.finditer(window)]
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
                c.status, c.hit, c.correction = "conflict", h, cands[0]
            break


def _sibling_row(
    text: str, q: Quantity, anchor: Hit, idx: int, index: EvidenceIndex
) -> tuple[Hit, Quantity] | None:
    """Another row of the anchor's table whose label names ``q``'s own words ("of which
    13.9 are linked" -> the row "Linked bib. entries"): its cell in the anchor's column."""
    near = {
        t for t in content_terms(fold(text)[max(0, q.start - 25) : q.end + 25]) if not is_numeric(t)
    }
    own = set(content_terms(row_label(anchor.entry)))
    x = anchor.entry.cells[idx].x
    box = anchor.entry.rects[0] if anchor.entry.rects else None
    for pid in index.rows_by_page.get(anchor.entry.page, []):
        e = index.entries[pid]
        if pid == anchor.pid or not e.cells or not e.rects or box is None:
            continue
        if abs(e.rects[0].y0 - box.y0) > 120:
            continue
        label = set(content_terms(row_label(e)))
        if not (label - own) & near:
            continue
        cell = min(e.cells, key=lambda c: abs(c.x - x))
        if abs(cell.x - x) <= 15:
            return Hit(e, pid, 1.0), cell.quantity
    return None


def _find_conflict(
    cfg: RulesConfig,
    text: str,
    q: Quantity,
    claim_qs: list[Quantity],
    checks: list[NumberCheck],
    hits: list[Hit],
    index: EvidenceIndex | None = None,
) -> tuple[Hit, Quantity] | None:
    claimed_values = [c.quantity for c in checks if c.quantity.bound is None]
    anchored = [c for c in checks if c.status == "found" and c.hit is not None]
    # 1. a table row holding another number of this sentence: read the neighbouring cell
    pos = claim_qs.index(q)
    for c in sorted(anchored, key=lambda c: abs(claim_qs.index(c.quantity) - pos)):
        assert c.hit is not None
        entry = c.hit.entry
        if entry.kind != "row" or not entry.cells:
            continue
        cells = entry.cells
        idx = next(
            (i for i, cell in enumerate(cells) if same_value(c.quantity, cell.quantity)), None
        )
        if idx is None:
            continue
        other = _sibling_row(text, q, c.hit, idx, index) if index is not None else None
        if other is not None:
            cand = other[1]
            if (
                comparable(q, cand)
                and not any(same_value(o, cand) for o in claimed_values)
                and plausible(q, cand)
            ):
                return other
        j = idx + (pos - claim_qs.index(c.quantity))
        if 0 <= j < len(cells):
            cand = cells[j].quantity
            if (
                comparable(q, cand)
                and not any(same_value(o, cand) for o in claimed_values)
                and plausible(q, cand)
            ):
                return c.hit, cand
    # 2. a misread separator: same digits, a power of 1000 apart ("1.25" vs "1.250")
    for h in hits[:3]:
        for e in h.entry.quantities:
            if e.checkable and e.value != q.value and same_digits(q, e):
                return h, e
    if index is not None and len(re.sub(r"\D", "", q.text).strip("0")) >= 3:
        for page, qs in index.page_quantities.items():
            for e in qs:
                if e.checkable and e.value != q.value and same_digits(q, e):
                    located = index.entry_at(page, e.start)
                    if located is not None:
                        return Hit(located[1], located[0], 0.5), e
    # 2b. two adjacent digits swapped ("76.45" for "76.54", "443" for "434")
    for h in hits[:8]:
        for e in h.entry.quantities:
            if e.checkable and transposed(q, e) and comparable(q, e):
                return h, e
    # 2c. the same, anywhere in the paper, next to (200 characters before to 60 after)
    # at least two of the words around the number ("PASK ... Matched 2/3 (434)")
    if index is not None and len(re.sub(r"\D", "", q.text)) >= 3:
        near = context_terms(text, q, 40)
        for page, qs in index.page_quantities.items():
            for e in qs:
                if not (e.checkable and transposed(q, e) and comparable(q, e)):
                    continue
                ptext = getattr(index.pages.get(page), "text", "")
                around = set(content_terms(ptext[max(0, e.start - 200) : e.end + 60]))
                located = index.entry_at(page, e.start)
                if len(near & around) >= 2 and located is not None:
                    return Hit(located[1], located[0], 0.5), e
    # 3. the best passage about this number's context holding a comparable value
    context = context_terms(text, q)
    seen: set[int] = set()
    for h in sorted(hits, key=lambda h: -h.score):
        if h.pid in seen or h.score < cfg.slot_min_score:
            continue
        seen.add(h.pid)
        terms = set(h.entry.terms)
        overlap = len(context & terms) / max(len(context), 1)
        if overlap < 0.25:
            continue
        cands = [
            e
            for e in h.entry.quantities
            if e.checkable
            and comparable_in(q, e, h)
            and plausible(q, e)
            and not same_value(q, e)
            and not _other_form(q, e)
            and not any(
                same_value(o, e) and same_count_noun(o, e) is not False for o in claimed_values
            )
        ]
        same_noun = [e for e in cands if same_count_noun(q, e) or (q.physical and e.unit == q.unit)]
        if same_noun:
            cands = same_noun
        elif overlap < 0.4:
            continue
        elif q.kind == "word" or (
            q.unit
            and not q.physical
            and q.unit != "point"
            and any(same_count_noun(q, e) is False for e in cands)
        ):
            continue
        if not cands:
            continue
        best = min(
            cands,
            key=lambda e: (
                e.decimals != q.decimals,
                abs(e.value - q.value) / max(abs(q.value), 1e-9),
            ),
        )
        return h, best
    return None


def _other_form(q: Quantity, e: Quantity) -> bool:
    """True if ``e`` is written in a form ``q``'s value never takes: a part of a whole
    ("180/295") against a share in per cent ("61%"), or a share in words ("half") against
    a percentage written in digits ("18%"). Neither is then the value the other was
    meant to be."""
    return (
        (q.denominator is not None and e.unit == "%")
        or (e.denominator is not None and q.unit == "%")
        or (q.kind == "percent" and e.kind == "fraction" and e.approx)
    )


def needs_review(found: Findings, hits: list[Hit]) -> str | None:
    """A rationale when a number's evidence comes from untrusted glyphs, else None."""
    for c in found.numbers:
        if c.status in ("found", "conflict") and c.hit is not None:
            pool = [c.hit]
        elif c.status == "absent":
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


def _find_value(
    q: Quantity, hits: list[Hit], text: str = "", skip: Skip | None = None
) -> Hit | None:
    """The best passage stating ``q``'s value (table rows preferred), or None.

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
        for e in qs:
            if not (comparable_in(q, e, h) and same_value(q, e)):
                continue
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
        if c.status != "found" or c.hit is None or c.hit.entry.kind != "row":
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
_RATIO_CUE = re.compile(r"\b(?:times|fold|twice|half|ratio|double\w*|triple\w*)\b|×", re.I)
_PERCENT_CUE = re.compile(r"%|\bpercent", re.I)


def _derived(
    text: str, q: Quantity, claim_qs: list[Quantity], previous: list[Quantity]
) -> tuple[float, float] | None:
    """True if ``q`` is a difference, sum, ratio or relative change (as the sentence's cue
    words announce: "gap", "times", "%") of two numbers of this sentence or the previous
    ones. Returns the operand pair, or None. Spelled-out numbers are never derived."""
    if q.kind in ("word", "fraction"):
        return None
    pool = [x.value for x in claim_qs if x is not q] + [x.value for x in previous]
    values = list(dict.fromkeys(v for v in pool if v != 0))[:24]
    tol = max(10.0 ** (-q.decimals) / 2 + 1e-9, 0.05 * abs(q.value) if q.approx else 0.0)
    diff, ratio = _DIFF_CUE.search(text), _RATIO_CUE.search(text)
    pct = q.unit == "%" and _PERCENT_CUE.search(text)
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
    left = _BREAK.split(text[a:start])[-1].split()
    right = _BREAK.split(text[end:z])[0].split()
    if left and 0 < a and text[a - 1].isalnum() and text[a].isalnum():
        left = left[1:]  # no word cut in half at the window's edge
    if right and z < len(text) and text[z - 1].isalnum() and text[z].isalnum():
        right = right[:-1]
    near = left[-words:] + right[:words]
    return {t for t in content_terms(" ".join(near)) if not is_numeric(t)} | {
        w.lower().strip(".,") for w in near if _COMPOUND.fullmatch(w.strip(".,"))
    }


#: a hyphenated compound, kept whole as well ("water-in" / "water-out" differ in the
#: word that content_terms drops)
_COMPOUND = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)+")


#: words that start the second of two coordinated statements
_COORDINATOR = re.compile(r",|;|\b(?:and|while|whereas|but|versus|vs)\b")
#: what ends a number's neighbourhood: another number, a clause break
_BREAK = re.compile(r"\d|[;:()]|,\s|\.\s")


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
        if c.status == "found" and c.hit is not None and c.quantity.kind in ("number", "percent")
    ]
    s = fold(text)
    # a list of values given to a list of names, "respectively": each value's words are
    # its name's, however far apart the two lists are written
    listed = respectively_words(s, [c.quantity for c in found.numbers])
    for i, a in enumerate(checks):
        for b in checks[i + 1 :]:
            qa, qb = a.quantity, b.quantity
            ha, hb = a.hit, b.hit
            if same_value(qa, qb) or ha is None or hb is None or ha.entry.page != hb.entry.page:
                continue
            both_listed = qa.start in listed and qb.start in listed  # one unit for all
            if not both_listed and (
                (qa.physical or qb.physical)
                and qa.unit != qb.unit
                or qa.kind != qb.kind
                or not comparable(qa, qb)
            ):
                continue  # "8.1M ... (10.0%)": not two values of one kind;
                # counted nouns may differ ("223 genes ... 80 showed")
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
                a.status, a.correction = "conflict", eb[0]
                b.status, b.correction = "conflict", ea[0]
                return
    # one value given to another entity or condition than the paper gives it
    check_value_binding(text, index, found, skip)
    check_listed_rows(text, index, found)
    # the correction of each C1 read in prose: the passage's value for its own binding
    check_corrections(text, index, found, skip)


def check_in_passage(
    cfg: RulesConfig,
    text: str,
    hits: list[Hit],
    found: Findings,
    skip: Skip | None = None,
    min_overlap: float = 0.6,
) -> None:
    """Numbers the lookup could not settle in their own passage -- a bound ("over 70%",
    "below 0.5%", "more than ten") or a value found only elsewhere in the paper -- held to
    the passage that states their context: the first of the best five passages (retrieval
    score at least ``slot_min_score``, not a table row) holding ``min_overlap`` of the
    words around the number. ``grounding.numbers_match.match`` decides against that
    passage's numbers: agree -> found there; disagree -> conflict, the refuting value as
    the correction (C1)."""
    todo = [c for c in found.numbers if c.status in ("unverifiable", "found_far")]
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
                c.status, c.hit = "found", h
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
            ):
                c.status, c.hit, c.correction = "conflict", h, m.evidence
            else:
                continue
            break
