"""Each number read from the table row its own words name, in the column its sentence
gives it (:func:`check_named_cells`): "76.4 (co-citation)", "BERT-Large ... to 79.9". A
cell of that row holding another value is the correction (C1); the row holding the value
becomes the evidence. Reads a sentence's :class:`NumberCheck` records and the evidence
index's table rows (cells with x centres, PDF points). Pure over an
:class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus, plausible
from grounding.judges.number_lists import ordered_run
from grounding.judges.parts import sentence_quantities
from grounding.judges.rules_cells import (
    best_rows,
    cell_near,
    header_column,
    in_number_list,
    label_terms,
    name_before,
    phrase_after,
    same_table,
    text_after,
    words_before,
)
from grounding.judges.rules_config import RulesConfig
from grounding.judges.rules_tables import column_headers
from grounding.lexicon import content_terms, fold
from grounding.quantities import same_value

#: a number whose named row holds it: (the number, the row id, the row, its cell's x)
Anchor = tuple[NumberCheck, int, Entry, float]


def check_named_cells(
    cfg: RulesConfig, text: str, index: EvidenceIndex, hits: list[Hit], found: Findings
) -> None:
    """Read each number from the table row its own words name, in the right column.

    A number's local label (``rules_cells.phrase_after``: "76.4 (co-citation)", "13.9
    are linked"; else ``name_before``: "BERT-Large ... to 79.9") picks the row of the
    best passages' pages whose label shares most of it. The column comes from a sibling
    number of the sentence found in another row of the same table (its cell's x), else
    from the row where the number itself was found when that row's label is not named
    in the sentence, else from a column header that a word of the number's clause
    abbreviates ("the average" -> "Avg.") when no passage found holds the value. If
    the named row's cell in that column holds another value (and the row holds the
    claimed value nowhere), that cell is the correction (C1); if it holds the value, the
    named row becomes the evidence.
    """
    checks = [
        c
        for c in found.numbers
        if c.quantity.bound is None
        and c.quantity.kind in ("number", "percent")
        and c.status in (NumberStatus.FOUND, NumberStatus.FOUND_FAR, NumberStatus.ABSENT)
    ]
    if not checks:
        return
    pages = {h.entry.page for h in hits[:5]} | {
        c.hit.entry.page for c in found.numbers if c.hit is not None
    }
    rows = [
        (pid, index.entries[pid])
        for p in sorted(pages)
        for pid in index.rows_by_page.get(p, [])
        if len(index.entries[pid].cells) >= 2
    ]
    rows += [r for p in sorted(pages) for r in index.loose_rows(p)]
    if not rows:
        return
    named = _named_rows(text, checks, rows)
    anchors = _anchor_named(checks, named)
    anchored = {id(a[0]) for a in anchors}
    for c in checks:
        if id(c) in anchored or id(c) not in named:
            continue
        _correct_named_cell(text, index, rows, c, named[id(c)], anchors)


def _named_rows(
    text: str, checks: list[NumberCheck], rows: list[tuple[int, Entry]]
) -> dict[int, list[tuple[int, Entry]]]:
    """The rows of ``rows`` (id, entry) that each number's local label names best, keyed
    by ``id()`` of its check: the words after it, else (nothing written after it, and not
    one of a list of numbers) the name before it, else the words before it."""
    labels: list[set[str]] = []  # label_terms of each row, made on first use

    def rows_named(terms: set[str]) -> list[tuple[int, Entry]]:
        if terms and not labels:
            labels.extend(label_terms(e) for _, e in rows)
        return best_rows(terms, rows, labels)

    named: dict[int, list[tuple[int, Entry]]] = {}
    s = fold(text)
    qs = [q for q in sentence_quantities(text) if q.checkable]
    for c in checks:
        after = phrase_after(text, c.quantity)
        cands = rows_named(after)
        if (
            not cands
            and not re.search(r"[^\W\d_]", text_after(text, c.quantity.end))
            and not in_number_list(text, c.quantity)
            and not any(q.start == c.quantity.start and ordered_run(s, q, qs) for q in qs)
        ):
            # nothing written after the number: the row is named before it (not for
            # a list of numbers, "A and B scores (87.6 and 92.3)": they go respectively)
            cands = rows_named(name_before(text, c.quantity))
            if len(cands) != 1:
                cands = rows_named(words_before(text, c.quantity)) or cands
        if cands:
            named[id(c)] = cands
    return named


def _anchor_named(
    checks: list[NumberCheck], named: dict[int, list[tuple[int, Entry]]]
) -> list[Anchor]:
    """The numbers whose named rows hold them in exactly one cell: each is found in that
    row, and gives its column to the other numbers of the sentence."""
    anchors: list[Anchor] = []
    for c in checks:
        cands = named.get(id(c), [])
        holding = [
            (pid, e, cell)
            for pid, e in cands
            for cell in e.cells
            if same_value(c.quantity, cell.quantity)
        ]
        if len(holding) == 1:
            pid, e, cell = holding[0]
            anchors.append((c, pid, e, cell.x))
            if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind != "row":
                c.status, c.hit = NumberStatus.FOUND, Hit(e, pid, 1.0)
    return anchors


def _correct_named_cell(
    text: str,
    index: EvidenceIndex,
    rows: list[tuple[int, Entry]],
    c: NumberCheck,
    cands: list[tuple[int, Entry]],
    anchors: list[Anchor],
) -> None:
    """A number whose one named row of ``cands`` does not hold it: the cell of that row in
    the number's column (:func:`_named_column`) is the correction when it holds another
    plausible value of the same precision (C1)."""
    local = words_before(text, c.quantity) | phrase_after(text, c.quantity)
    if c.status == NumberStatus.FOUND and c.hit is not None and c.hit.entry.kind == "row":
        # found in a row its own words name at least as well ("BLIP reaches 55.4 on
        # OKVQA": the BLIP row holds it): that row, not the named one, is meant
        if (
            len(label_terms(c.hit.entry) & local)
            >= max((len(label_terms(e) & local) for _, e in cands), default=0)
            > 0
        ):
            return
        # ... or found in a row the sentence names whole, by more words than it names
        # the other ("Model-7B reaches 92.8 for MATH-500": the Model-7B row holds it, a
        # MATH-500 row of a table with models as columns is another model's)
        said = set(content_terms(text))
        held = label_terms(c.hit.entry)
        if held and held <= said and all(len(held) > len(label_terms(e) & said) for _, e in cands):
            return
    if len(cands) != 1:
        return
    pid, row = cands[0]
    if any(same_value(c.quantity, cell.quantity) for cell in row.cells):
        return
    if (
        c.status == NumberStatus.FOUND
        and c.hit is not None
        and c.hit.entry.kind != "row"
        and not label_terms(row) <= set(content_terms(text))
    ):
        # stated in the prose, and the row named only in part ("0.8% from the axial mass"
        # is no "Detector mass" cell; "27.6M of these PDFs" counts part of "Papers w/ PDF")
        return
    if _names_holder(text, rows, row, c):
        return
    xs = _named_column(text, index, rows, c, pid, row, anchors, local)
    if not xs:
        return
    target = cell_near(row, xs[0])
    if target is None:
        return
    cand = target.quantity
    if (
        not same_value(c.quantity, cand)
        and plausible(c.quantity, cand)
        and cand.decimals == c.quantity.decimals
    ):
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(row, pid, 1.0), cand


#: a word of a row label as written, stop words included ("author" of "+ author")
_LABEL_WORD = re.compile(r"[^\W\d_]{3,}")


def _names_holder(text: str, rows: list[tuple[int, Entry]], row: Entry, c: NumberCheck) -> bool:
    """True if another row of ``row``'s table holds the number and the sentence writes
    every word of that row's label, stop words included ("+ author" in "adding author
    names ... to 67.3": a label the index keeps no term for is named all the same)."""
    said = set(_LABEL_WORD.findall(fold(text).lower()))
    for _, e in rows:
        if e is row or not same_table(e, row):
            continue
        if any(same_value(c.quantity, cell.quantity) for cell in e.cells):
            words = set(_LABEL_WORD.findall(row_label(e).lower()))
            if words and words <= said:
                return True
    return False


def _named_column(
    text: str,
    index: EvidenceIndex,
    rows: list[tuple[int, Entry]],
    c: NumberCheck,
    pid: int,
    row: Entry,
    anchors: list[Anchor],
    local: set[str],
) -> list[float]:
    """The x centres of the column a number is read in, in the named ``row`` (id ``pid``):
    those of the anchors in other rows of its table, else the cell of the one other row
    of the table holding the value, else the column whose header a word of ``local``
    (the number's own words) names; empty when none."""
    xs = [x for a, apid, ae, x in anchors if apid != pid and same_table(ae, row)]
    if not xs and c.status != NumberStatus.ABSENT:
        # the one other row of this table holding the value, unless the sentence
        # names that row (a word of its label that the named row's label lacks;
        # a label without such words could be named in any way): its cell's column
        holders = [
            (e, cell.x)
            for p2, e in rows
            if p2 != pid and same_table(e, row)
            for cell in e.cells
            if same_value(c.quantity, cell.quantity)
        ]
        own = label_terms(holders[0][0]) - label_terms(row) if holders else set()
        if len(holders) == 1 and own and not own & set(content_terms(text)):
            xs = [holders[0][1]]
    if not xs and c.status in (NumberStatus.ABSENT, NumberStatus.FOUND_FAR):
        # a header word the number's clause names ("the average" -> "Avg.")
        heads = column_headers(row, index.pages.get(row.page))
        col = header_column(heads, local)
        if col is not None:
            xs = [row.cells[col].x]
    return xs


__all__ = ["check_named_cells"]
