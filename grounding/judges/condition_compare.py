"""A comparison of a value with the value at another condition that the sentence names but
does not give ("at 1000 ppm the efficiency rose above the 500 ppm value, reaching 88.0%"),
read in the paper (pure over an :class:`EvidenceIndex`; no I/O).

The two numbers around the comparison word ("1000 ppm", "500 ppm") name its sides; they are
conditions, not the values compared, so their order says nothing about the comparison. The
value compared is the sentence's number of another unit ("88.0%"); the other side's value
is the number of that unit that a paper sentence binds to the other condition ("500 ppm of
imidazole shows 91.7% efficiency"): the comparison holds when the two go the way the word
says.
"""

from __future__ import annotations

from collections.abc import Iterable

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.condition_sides import checkable, condition_sides, same_condition
from grounding.judges.direction_check import PaperSentence, PaperSentences
from grounding.judges.keyed_rows import keyed_rows
from grounding.judges.number_direction import judged_order, metric_direction
from grounding.judges.rules_cells import cell_near, same_table
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, same_value

#: Longest gap (characters) between a value and the condition that binds it in a sentence.
BIND_REACH = 80


def _bound(
    sentence: str, unit: str | None, cond_unit: str | None
) -> list[tuple[Quantity, Quantity]]:
    """(condition, value) pairs of ``sentence``: each number of ``unit`` with the nearest
    number of ``cond_unit`` before it within :data:`BIND_REACH` characters (else none)."""
    qs = checkable(sentence)
    out = []
    for q in qs:
        if q.unit != unit:
            continue
        conds = [c for c in qs if c.unit == cond_unit and c.end <= q.start]
        if conds and q.start - conds[-1].end <= BIND_REACH:
            out.append((conds[-1], q))
    return out


def _found(
    paper: PaperSentences, pages: Iterable[int], other: Quantity, value: Quantity, terms: set[str]
) -> tuple[PaperSentence, Quantity] | None:
    """The first paper sentence on ``pages`` holding a word of ``terms`` that binds one
    value of ``value``'s unit to the condition ``other``, and that value."""
    for n in pages:
        for p in paper.page(n):
            if not terms & set(content_terms(p.text)):
                continue
            got = [
                q
                for c, q in _bound(fold(p.text), value.unit, other.unit)
                if same_condition(c, other)
            ]
            if len(got) == 1:
                return p, got[0]
    return None


def _in_table(
    index: EvidenceIndex, own: Quantity, other: Quantity, value: Quantity
) -> tuple[Hit, Quantity] | None:
    """The cell of the table row keyed by ``other`` (:func:`keyed_rows.keyed_rows`: "300"
    under "Conc. (ppm)") in the column where the row keyed by ``own`` holds ``value``, the
    two rows of one table; None unless exactly one such cell."""
    got: list[tuple[Hit, Quantity]] = []
    for _, row in keyed_rows(index, own):
        cell = next((c for c in row.cells[1:] if same_value(value, c.quantity)), None)
        if cell is None:
            continue
        for pid, theirs in keyed_rows(index, other):
            there = cell_near(theirs, cell.x) if same_table(row, theirs) else None
            if there is not None and there is not theirs.cells[0]:
                got.append((Hit(theirs, pid, 1.0), there.quantity))
    return got[0] if len(got) == 1 else None


def compare_at_condition(
    text: str, start: int, end: int, direction: str, index: EvidenceIndex, pages: set[int]
) -> tuple[bool, Hit, str] | None:
    """The comparison word at ``start``-``end`` (``direction`` "up": the sentence's value
    is the larger) between the sentence's value at its own condition and the value the
    paper gives at the other condition (:func:`condition_sides.condition_sides`), looked
    up in the paper's sentences on ``pages`` first, then on every page (a sentence sharing
    a content word of the sentence's metric), else in the table rows ``index`` keys by the
    two conditions (:func:`_in_table`). Returns (holds, the paper passage's hit, reason),
    or None when the sentence is not shaped so or the paper binds no single value to the
    other condition."""
    if direction not in ("up", "down"):
        return None
    s = fold(text)
    sides = condition_sides(s, start, end)
    if sides is None:
        return None
    own, other, value = sides
    terms = {t for t in content_terms(s) if not is_numeric(t)} - set(content_terms(s[start:end]))
    paper = PaperSentences.of(index)
    everywhere = paper.page_numbers()
    got = _found(paper, sorted(pages), other, value, terms) or _found(
        paper, [n for n in everywhere if n not in pages], other, value, terms
    )
    if got is not None:
        p, theirs = got
        hit, quote = paper.hit_for(p, 1.0), p.text[:120]
    elif (cell := _in_table(index, own, other, value)) is not None:
        hit, theirs = cell
        quote = hit.entry.text[:120]
    else:
        return None
    if hit is None or theirs.value == value.value:
        return None
    holds = (value.value > theirs.value) == (direction == "up")
    word = s[start:end].split()[0].lower() if s[start:end].split() else ""
    judged = judged_order(word, value.value, theirs.value, metric_direction(s))
    holds = holds if judged is None else judged  # "better" on an error rate: the lower
    how = "" if holds else "the other way: "
    return (
        holds,
        hit,
        f"page {hit.entry.page} gives {theirs.text} at {other.text} against {value.text} "
        f'({how}"{quote}")',
    )


__all__ = ["compare_at_condition"]
