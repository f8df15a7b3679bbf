"""A superlative read in the table its value comes from: "SPECTER has the best average
score in the table at 80.0" holds when 80.0, found in a table row, is the largest value of
its column among the rows of that table (the smallest for a "lowest" / "smallest", and
for "best" / "worst" on a metric where lower is better, ``number_direction``).

Only ever verifies: a column may hold rows the sentence does not compare (a baseline
block, another setting), so a larger value elsewhere in it leaves the superlative to the
other checks, never contradicted here. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import Cell, EvidenceIndex, Hit
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.judges.number_direction import metric_direction
from grounding.judges.parts import Part
from grounding.judges.rules_cells import cell_near, table_rows
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import DOWN_WORDS, UP_WORDS

#: judging superlatives: which end they mean turns with the metric's direction
_JUDGING = frozenset({"best", "worst"})
#: the fewest rows a column needs for a superlative to say something
_MIN_ROWS = 3


def is_superlative(word: str) -> bool:
    """True for a direction word (``direction_words.tsv``) that names an extreme
    ("largest", "lowest", "best")."""
    w = word.lower()
    return (w in UP_WORDS or w in DOWN_WORDS) and (w in _JUDGING or w.endswith("est"))


def column_extreme(
    text: str, part: Part, index: EvidenceIndex, found: Findings
) -> tuple[bool, Hit, str] | None:
    """(True, the row's hit, why) when the superlative ``part`` (class ``up`` or ``down``)
    holds for the sentence's first number after it in its clause that the number checks
    found in a table row: that cell is the extreme of its column over the rows of its
    table (at least three); None otherwise.

    Args: text: the sentence. part: a comparison part of it. index: the paper's evidence
          index. found: the sentence's number checks.
    Raises: nothing.
    """
    if not is_superlative(part.text) or part.value not in ("up", "down"):
        return None
    s = fold(text)
    stop = re.search(r"[;.]\s|,\s(?:and|but|while|whereas)\s", s[part.end :])
    end = part.end + (stop.start() if stop else len(s) - part.end)
    after = sorted(
        (c for c in found.numbers if part.end <= c.quantity.start < end),
        key=lambda c: c.quantity.start,
    )
    if not after or re.match(r"\s*(?:to|vs\.?|versus)\b", s[after[0].quantity.end :]):
        return None  # a change or a pair: another check reads it
    c = after[0]
    if c.status != NumberStatus.FOUND or c.hit is None:
        return None
    subject = set(content_terms(s[: part.start])) - {t for t in content_terms(s) if is_numeric(t)}
    for hit, cell, column in _columns(c, index, subject):
        up = part.value == "up"
        if part.text.lower() in _JUDGING and metric_direction(s) == "lower":
            up = not up  # the best error rate is the lowest
        extreme = max(column) if up else min(column)
        if cell.quantity.value == extreme and column.count(extreme) == 1:
            where = "largest" if up else "smallest"
            why = f"{c.quantity.text} is the {where} of its column in {len(column)} rows"
            return True, hit, why
    return None


def _columns(
    c: NumberCheck, index: EvidenceIndex, subject: set[str]
) -> list[tuple[Hit, Cell, list[float]]]:
    """The table cells holding the value of ``c`` (found in a row: that row; found in
    prose: each row of the paper with a cell of that value and a term of ``subject``, the
    sentence's words before the superlative), each with its hit and the values of its
    column over the rows of its table (at least :data:`_MIN_ROWS`)."""
    assert c.hit is not None
    if c.hit.entry.kind == "row":
        rows = [(c.hit.pid, c.hit.entry)]
    else:
        rows = [
            (pid, index.entries[pid])
            for pids in index.rows_by_page.values()
            for pid in pids
            if subject & set(index.entries[pid].terms)
        ]
    out = []
    for pid, row in rows:
        cell = next((x for x in row.cells if x.quantity.value == c.quantity.value), None)
        if cell is None:
            continue
        column = [
            x.quantity.value
            for e in table_rows(index, row)
            if (x := cell_near(e, cell.x)) is not None
        ]
        if len(column) >= _MIN_ROWS:
            out.append((Hit(row, pid, 1.0), cell, column))
    return out
