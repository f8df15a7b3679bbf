"""Comparisons whose values the sentence does not state ("SPECTER outperforms SciBERT",
"Whisper's error rate is lower than Conformer's"), read in the paper: two table rows the
sentence names (:func:`compare_table_rows`), else the values the paper's prose binds to
each side (:func:`compare_in_prose`). Each returns (holds, hit, reason), or None when the
paper does not settle the comparison. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.number_binding import _KINDS, _REACH, own_words
from grounding.judges.number_common import ROW_NAME, NumberCheck, NumberStatus
from grounding.judges.number_direction import COMPARISON_DEGREE, judged_order, metric_direction
from grounding.judges.number_lists import ordered_run
from grounding.judges.parts import sentence_quantities
from grounding.judges.rules_cells import (
    best_rows,
    cell_near,
    header_column,
    same_table,
    table_row_ids,
)
from grounding.judges.rules_tables import column_headers, header_text
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, same_value


def compare_rows(
    text: str, start: int, end: int, direction: str, index: EvidenceIndex, pages: set[int]
) -> tuple[bool, Hit, str] | None:
    """A comparison of two named things read in the paper: two table rows
    (:func:`compare_table_rows`), else the values the paper's prose binds to each side
    (:func:`compare_in_prose`). (holds, hit, reason), or None when neither settles it."""
    got = compare_table_rows(text, start, end, direction, index, pages)
    if got is None:
        got = compare_in_prose(text, start, end, direction, index, pages)
    return got


def compare_table_rows(
    text: str, start: int, end: int, direction: str, index: EvidenceIndex, pages: set[int]
) -> tuple[bool, Hit, str] | None:
    """A comparison between two table rows ("SPECTER outperforms SciBERT", "BERT-Large
    trails SciBERT on CLS") read in the table: the last name before the direction word at
    ``start``-``end`` and the first name after it (same clause) must each name one row of
    one table on ``pages``; the column is the one a word of the sentence abbreviates
    ("average" -> "Avg.") if any, else every column the two rows share. Returns (holds,
    the first row's hit, reason) when every compared column goes one way (``direction``
    "up": the first row higher), or None when the rows, the columns or the cells disagree
    among themselves."""
    if direction not in ("up", "down"):
        return None
    s = fold(text)
    pair = _compared_rows(s, start, end, index, pages)
    if pair is None:
        return None
    (pa, ra), (pb, rb) = pair
    page = index.pages.get(ra.page)
    heads = column_headers(ra, page)
    col = header_column(heads, {t for t in content_terms(s) if not is_numeric(t)})
    word = s[start:end].split()[0] if s[start:end].split() else ""
    judging = judged_order(word, 1.0, 0.0, "higher") is not None
    said = metric_direction(s)
    idxs = [col] if col is not None else list(range(len(ra.cells)))
    stated = _stated_columns(text, s, ra, rb)
    if stated:
        idxs, col = stated, stated[0] if len(stated) == 1 else None
    diffs = []  # (row a's value - row b's, the column's metric direction)
    for i in idxs:
        cell = ra.cells[i]
        other = cell_near(rb, cell.x)
        if other is not None and cell.quantity.unit == other.quantity.unit:
            metric = (said or metric_direction(header_text(ra, page, i))) if judging else None
            diffs.append((cell.quantity.value - other.quantity.value, metric))
    if not diffs or any(d == 0 for d, _ in diffs):
        return None
    where = (
        "in the column of its numbers"
        if stated
        else "in the named column"
        if col is not None
        else f"in all {len(diffs)} columns"
    )
    if judging and None not in {m for _, m in diffs}:
        return _judged_rows(word, diffs, (pa, ra), rb, where)
    if all(d > 0 for d, _ in diffs):
        higher = True
    elif all(d < 0 for d, _ in diffs):
        higher = False
    else:
        return None
    holds = higher == (direction == "up")
    return (
        holds,
        Hit(ra, pa, 1.0),
        f"'{row_label(ra)}' is {'above' if higher else 'below'} '{row_label(rb)}' {where} "
        f"on page {ra.page}",
    )


def _compared_rows(
    s: str, start: int, end: int, index: EvidenceIndex, pages: set[int]
) -> tuple[tuple[int, Entry], tuple[int, Entry]] | None:
    """The two rows (id, entry) a comparison word at ``start``-``end`` of the folded
    sentence ``s`` sets against each other: the nearest name within 80 characters on each
    side that is no metric's ("Whisper's WER is lower than Conformer's": WER names the
    column, Whisper the row), each naming exactly one row (two or more cells) on
    ``pages``; None unless they are two rows of one table."""
    before = [m for m in ROW_NAME.finditer(s, max(0, start - 80), start)]
    after = [m for m in ROW_NAME.finditer(s, end, min(len(s), end + 80))]
    if not before or not after:
        return None
    rows = [
        (pid, index.entries[pid])
        for p in sorted(pages)
        for pid in index.rows_by_page.get(p, [])
        if len(index.entries[pid].cells) >= 2
    ]

    def row_of(name: str) -> tuple[int, Entry] | None:
        terms = {t for t in content_terms(re.sub(r"['’]s$", "", name)) if not is_numeric(t)}
        cands = best_rows(terms, rows)
        return cands[0] if len(cands) == 1 else None

    picked = []
    for side in (before[::-1], after):
        got = [m for m in side if metric_direction(m.group(0)) is None]
        row = row_of(got[0].group(0)) if got else None
        if row is None:
            return None
        picked.append(row)
    (pa, ra), (pb, rb) = picked
    if pa == pb or not same_table(ra, rb):
        return None
    return (pa, ra), (pb, rb)


#: what may stand between a value and the direction word that sets it against a name:
#: its unit or metric, a comma, a degree ("84.5, ahead of", "78.0 points, well below")
_VALUE_THEN_WORD = re.compile(
    rf"\s*%?(?:\s*[^\W\d_]{{1,6}}\.?)?,?\s*(?:(?:{COMPARISON_DEGREE})\s+)?$", re.I
)


def compare_value_with_row(
    text: str,
    start: int,
    end: int,
    direction: str,
    index: EvidenceIndex,
    numbers: Sequence[NumberCheck],
) -> tuple[bool, Hit, str] | None:
    """A value of the sentence set against a named thing by the direction word right after
    it ("obtains a MAP of 84.5, ahead of Citeomatic"; "only reaches an average of 78.0,
    below SPECTER's fixed embeddings"), read in the value's table: the cell where the
    number checks found the value (``numbers``: found in a table row) against the cell in
    its column of the one other row of that table the first name after the word names.
    ``direction``: "up" or "down", the word at ``start``-``end`` of ``text``. Returns
    (holds, the value's row, reason), or None when no such value, row or cell settles it
    (a judging word, "beats", is left to the metric-aware checks)."""
    s = fold(text)
    word = s[start:end].split()[0] if s[start:end].split() else ""
    if direction not in ("up", "down") or judged_order(word, 1.0, 0.0, "higher") is not None:
        return None
    c = next(
        (
            c
            for c in numbers
            if c.quantity.end <= start and _VALUE_THEN_WORD.fullmatch(s, c.quantity.end, start)
        ),
        None,
    )
    if c is None or c.status is not NumberStatus.FOUND or c.hit is None:
        return None
    ra, pa = c.hit.entry, c.hit.pid
    cells = [x for x in ra.cells if same_value(c.quantity, x.quantity)] if ra.kind == "row" else []
    name = next(iter(ROW_NAME.finditer(s, end, min(len(s), end + 60))), None)
    if len(cells) != 1 or name is None or re.search(r"\d", s[end : name.start()]):
        return None
    rows = [(pid, e) for pid, e in table_row_ids(index, ra) if pid != pa]
    named = best_rows(_side_terms(name.group(0)), rows)
    other = cell_near(named[0][1], cells[0].x) if len(named) == 1 else None
    if other is None or other.quantity.unit != cells[0].quantity.unit:
        return None
    mine, theirs = cells[0].quantity.value, other.quantity.value
    if mine == theirs:
        return None
    higher = mine > theirs
    rb = named[0][1]
    return (
        higher == (direction == "up"),
        Hit(ra, pa, 1.0),
        f"{c.quantity.text} is {'above' if higher else 'below'} the {other.quantity.text} of "
        f"'{row_label(rb)}' in its column on page {ra.page}",
    )


def _stated_columns(text: str, s: str, ra: Entry, rb: Entry) -> list[int]:
    """The columns (cell indices of ``ra``) where the two rows hold a pair of values the
    sentence itself states in order ("(1 vs 4)"); empty when none."""
    mine = [q for q in sentence_quantities(text) if q.checkable]
    pairs = [
        (a, b)
        for a, b in zip(mine, mine[1:])
        if (run := ordered_run(s, a, mine)) is not None and b in run[0]
    ]
    return [
        i
        for i, cell in enumerate(ra.cells)
        if (other := cell_near(rb, cell.x)) is not None
        and any(same_value(a, cell.quantity) and same_value(b, other.quantity) for a, b in pairs)
    ]


def _judged_rows(
    word: str,
    diffs: list[tuple[float, str | None]],
    first: tuple[int, Entry],
    rb: Entry,
    where: str,
) -> tuple[bool, Hit, str] | None:
    """A judging word ("outperforms", "better", "trails") read over the compared columns'
    ``diffs`` (the first row's value less the second's, the column's metric direction:
    an error, a loss, a time: lower is better; a header's "↓" or the sentence's words say
    which): (holds, the first row's hit, reason), or None when the columns disagree on
    which row is better."""
    pa, ra = first
    metrics = {m for _, m in diffs}
    better = [judged_order("better", d, 0.0, m) for d, m in diffs]
    if len(set(better)) != 1:
        return None
    holds = bool(judged_order(word, 1.0 if better[0] else 0.0, 0.0 if better[0] else 1.0, "higher"))
    ways = " / ".join(sorted(f"{m} is better" for m in metrics))
    return (
        holds,
        Hit(ra, pa, 1.0),
        f"'{row_label(ra)}' is {'better' if better[0] else 'worse'} than "
        f"'{row_label(rb)}' {where} ({ways}) on page {ra.page}",
    )


#: a name written in a sentence (a capital inside or at its start), "'s" left off
_SIDE_NAME = re.compile(r"(?<![\w@.-])(?=[\w.@/+-]*[A-Z])[A-Za-z][\w@/+-]*")
#: what ends the clause a comparison is read in
_CLAUSE_END = re.compile(
    r"[;:]|,\s*(?:and|but|while|whereas|which)\b|\.\s|\b(?:while|whereas|"
    r"because|although)\b"
)
#: how far apart the paper may state the two compared values (characters)
_PAIR_SPAN = 300


def compare_in_prose(
    text: str, start: int, end: int, direction: str, index: EvidenceIndex, pages: set[int]
) -> tuple[bool, Hit, str] | None:
    """A comparison whose values the sentence does not state ("Whisper's error rate is
    lower than Conformer's", "Conformer outperforms Whisper in word error rate") read from
    the values the paper's prose binds to each side: the nearest name before the
    comparison word at ``start``-``end`` and the first after it (not a metric's name), each
    bound (:func:`own_words`) to exactly one value of one passage of ``pages``, the two of
    one kind and unit, no more than ``_PAIR_SPAN`` characters apart, one of them bound to
    a word of the sentence's metric. A judging word ("beats", "outperforms", "trails")
    turns with the metric's direction (:mod:`number_direction`: the sentence's words,
    else the paper's around the values). Returns (holds, the first side's passage,
    reason), or None when the sides, the values or the metric are not all found; a
    sentence that states numbers in the comparison's clause is left to the checks of its
    own numbers.

    Args: direction: "up" (the first side higher / better) or "down".
    """
    if direction not in ("up", "down"):
        return None
    s = fold(text)
    sides = _compared_sides(s, start, end)
    if sides is None:
        return None
    best = _prose_pair(index, pages, *sides)
    if best is None:
        return None
    ea, eb, page_no, page = best
    word = s[start:end].split()[0].lower() if s[start:end].split() else ""
    higher = ea.value > eb.value
    holds = higher == (direction == "up")
    first, last = min(ea.start, eb.start), max(ea.end, eb.end)
    dirn = metric_direction(s) or metric_direction(page[max(0, first - 120) : last + 40])
    judged = judged_order(word, ea.value, eb.value, dirn)
    how = f"{ea.text} against {eb.text}"
    if judged is not None:
        holds = judged
        how += f", {dirn} is better"
    located = index.hit_at(page_no, ea.start)
    if located is None:
        return None
    return (
        holds,
        located,
        f"page {page_no} gives {how} ({'' if holds else 'the other way: '}"
        f'"{page[first:last][:120]}")',
    )


def _compared_sides(s: str, start: int, end: int) -> tuple[set[str], set[str], set[str]] | None:
    """The words of the two sides a comparison word at ``start``-``end`` of the folded
    sentence ``s`` sets against each other (the nearest name before it and the first
    after it in its clause, not a metric's), and the words left in the clause (the
    metric's): (first side, second side, metric), or None when a side is missing or the
    clause states a number."""
    cuts = [m.end() for m in _CLAUSE_END.finditer(s, 0, start)]
    lo = cuts[-1] if cuts else 0
    stop = _CLAUSE_END.search(s, end)
    hi = stop.start() if stop else len(s)
    if re.search(r"\d", s[lo:hi]):
        return None
    names = [(m, _side_terms(m.group(0))) for m in _SIDE_NAME.finditer(s, lo, hi)]
    names = [(m, t) for m, t in names if t and metric_direction(m.group(0)) is None]
    left = [t for m, t in names if m.end() <= start]
    right = [t for m, t in names if m.start() >= end]
    if not left or not right:
        return None
    a_terms, b_terms = left[-1], right[0]
    metric = (
        {t for t in content_terms(s[lo:hi]) if not is_numeric(t)}
        - a_terms
        - b_terms
        - set(content_terms(s[start:end]))
        - _COMPARE_WORDS
    )
    return a_terms, b_terms, metric


def _prose_pair(
    index: EvidenceIndex, pages: set[int], a_terms: set[str], b_terms: set[str], metric: set[str]
) -> tuple[Quantity, Quantity, int, str] | None:
    """The one pair of values the prose of ``pages`` binds to the two sides (``a_terms``,
    ``b_terms``), one of them to a word of ``metric``: (first side's value, second side's,
    page number, page text), or None when there is no such pair or more than one."""
    best: tuple[Quantity, Quantity, int, str] | None = None
    for page_no in sorted(pages):
        page = getattr(index.pages.get(page_no), "text", "")
        qs = [
            e
            for e in index.page_quantities.get(page_no, ())
            if e.checkable and e.kind in _KINDS and e.range is None and e.bound is None
        ]
        if not page or not qs:
            continue
        words = {}
        for e in qs:
            near = [x for x in qs if abs(x.start - e.start) <= _REACH * 2]
            words[e.start] = own_words(page, e, near, {})
        sides_a = [e for e in qs if a_terms <= words[e.start] and not b_terms & words[e.start]]
        sides_b = [e for e in qs if b_terms <= words[e.start] and not a_terms & words[e.start]]
        for ea in sides_a:
            for eb in sides_b:
                if (
                    abs(ea.start - eb.start) > _PAIR_SPAN
                    or ea.unit != eb.unit
                    or ea.kind != eb.kind
                    or ea.value == eb.value
                ):
                    continue
                if not metric or not (metric & (words[ea.start] | words[eb.start])):
                    continue
                if best is not None:
                    return None  # two readings: not one value a side
                best = (ea, eb, page_no, page)
    return best


#: comparison words: no metric of their own
_COMPARE_WORDS = frozenset(
    content_terms(
        "than higher lower better worse beats beat outperforms outperform trails trail "
        "surpasses exceeds above below ahead behind larger smaller greater less more"
    )
)


def _side_terms(name: str) -> set[str]:
    return {t for t in content_terms(re.sub(r"['’]s$", "", name)) if not is_numeric(t)}


__all__ = ["compare_in_prose", "compare_rows", "compare_table_rows", "compare_value_with_row"]
