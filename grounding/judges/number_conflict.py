"""The paper's value that a number of the sentence, not found in the paper, stands for
(:func:`find_conflict`): the aligned cell of a table row holding another number of the
sentence, the same digits misread or transposed, else the closest comparable value of
the best passage about the number's context. The number checker
(:mod:`grounding.judges.number_check`) turns it into a conflict (C1) with that value as
the correction. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex, Hit, row_label
from grounding.judges.number_common import (
    NumberCheck,
    NumberStatus,
    comparable_in,
    context_terms,
    plausible,
    same_digits,
    transposed,
)
from grounding.judges.rules_config import RulesConfig
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, same_count_noun, same_value


def find_conflict(
    cfg: RulesConfig,
    text: str,
    q: Quantity,
    claim_qs: list[Quantity],
    checks: list[NumberCheck],
    hits: list[Hit],
    index: EvidenceIndex | None = None,
) -> tuple[Hit, Quantity] | None:
    """The passage and the value of the paper that the number ``q`` of ``text`` (one of
    its checkable numbers ``claim_qs``, not found in the paper) was meant to state, or
    None: in order, the cell a table row holding another found number of ``checks``
    gives ``q``'s place (:func:`_conflict_in_row`), the same digits with a misread
    separator (:func:`_misread_separator`) or two adjacent digits swapped
    (:func:`_transposed_digits`), else the closest comparable value of the best of
    ``hits`` about ``q``'s context (:func:`_conflict_in_context`). ``index`` widens the
    search to the paper's other rows and pages."""
    claimed_values = [c.quantity for c in checks if c.quantity.bound is None]
    anchored = [c for c in checks if c.status == NumberStatus.FOUND and c.hit is not None]
    return (
        _conflict_in_row(text, q, claim_qs, claimed_values, anchored, index)
        or _misread_separator(q, hits, index)
        or _transposed_digits(text, q, hits, index)
        or _conflict_in_context(cfg, text, q, claimed_values, hits)
    )


def _fits(q: Quantity, cand: Quantity, claimed_values: list[Quantity]) -> bool:
    """True if ``cand`` can correct ``q``: comparable, plausible, and not a value the
    sentence states itself (``claimed_values``)."""
    return (
        comparable(q, cand)
        and not any(same_value(o, cand) for o in claimed_values)
        and plausible(q, cand)
    )


def _conflict_in_row(
    text: str,
    q: Quantity,
    claim_qs: list[Quantity],
    claimed_values: list[Quantity],
    anchored: list[NumberCheck],
    index: EvidenceIndex | None,
) -> tuple[Hit, Quantity] | None:
    """A table row holding another number of this sentence (of ``anchored``, the nearest
    in the sentence first): the cell of a sibling row its words name
    (:func:`_sibling_row`), else the cell as far from that number's cell as ``q`` is from
    the number in ``claim_qs``."""
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
        if other is not None and _fits(q, other[1], claimed_values):
            return other
        j = idx + (pos - claim_qs.index(c.quantity))
        if 0 <= j < len(cells) and _fits(q, cells[j].quantity, claimed_values):
            return c.hit, cells[j].quantity
    return None


def _misread_separator(
    q: Quantity, hits: list[Hit], index: EvidenceIndex | None
) -> tuple[Hit, Quantity] | None:
    """A value with ``q``'s digits a power of 1000 apart ("1.25" vs "1.250"): in the three
    best passages, else (three significant digits or more) anywhere in the paper."""
    for h in hits[:3]:
        for e in h.entry.quantities:
            if e.checkable and e.value != q.value and same_digits(q, e):
                return h, e
    if index is not None and len(re.sub(r"\D", "", q.text).strip("0")) >= 3:
        for page, qs in index.page_quantities.items():
            for e in qs:
                if e.checkable and e.value != q.value and same_digits(q, e):
                    located = index.hit_at(page, e.start, 0.5)
                    if located is not None:
                        return located, e
    return None


def _transposed_digits(
    text: str, q: Quantity, hits: list[Hit], index: EvidenceIndex | None
) -> tuple[Hit, Quantity] | None:
    """A comparable value with two adjacent digits of ``q`` swapped ("76.45" for "76.54",
    "443" for "434"): in the eight best passages, else (three digits or more) anywhere in
    the paper next to (200 characters before to 60 after) at least two of the words
    around the number ("PASK ... Matched 2/3 (434)")."""
    for h in hits[:8]:
        for e in h.entry.quantities:
            if e.checkable and transposed(q, e) and comparable(q, e):
                return h, e
    if index is not None and len(re.sub(r"\D", "", q.text)) >= 3:
        near = context_terms(text, q, 40)
        for page, qs in index.page_quantities.items():
            for e in qs:
                if not (e.checkable and transposed(q, e) and comparable(q, e)):
                    continue
                ptext = getattr(index.pages.get(page), "text", "")
                around = set(content_terms(ptext[max(0, e.start - 200) : e.end + 60]))
                located = index.hit_at(page, e.start, 0.5)
                if len(near & around) >= 2 and located is not None:
                    return located, e
    return None


def _conflict_in_context(
    cfg: RulesConfig, text: str, q: Quantity, claimed_values: list[Quantity], hits: list[Hit]
) -> tuple[Hit, Quantity] | None:
    """The best passage about this number's context (a quarter of its words; retrieval
    score at least ``slot_min_score``) holding a comparable, plausible value in a form
    ``q`` takes (:func:`_other_form`) that the sentence does not state itself: that
    passage and its value closest to ``q`` (same precision first). Values of ``q``'s
    count noun are preferred; without one, the passage needs 40 % of the words, and a
    counted ``q`` no value of another count noun."""
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


__all__ = ["find_conflict"]
