"""A superlative read in the table its value comes from: "SPECTER has the best average
score in the table at 80.0" holds when 80.0, found in a table row, is the largest value of
its column among the rows of that table (the smallest for a "lowest" / "smallest", and
for "best" / "worst" on a metric where lower is better, ``number_direction``).

A cell that is not its column's extreme does not verify the superlative, and the word
found elsewhere in the paper (about another quantity) must not either: where the sentence
names the cell's row before the superlative, says it of the value itself (not of a
condition: "at the highest temperature, ... 37.0") and narrows nothing (``scope_words.tsv``:
"among the variants", "the second-highest"), the superlative is not found (N2), or
contradicted (C3) where the sentence also names the table ("In Table 1, LPC has the highest
LA yield, 37.0" where LP has 40.7). A column may hold rows the sentence does not compare
(a baseline block, another setting), so only a sentence that ranges over the table is
contradicted. Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import Cell, EvidenceIndex, Hit, row_label
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.judges.number_direction import metric_direction
from grounding.judges.parts import Part
from grounding.judges.rules_cells import cell_near, table_rows
from grounding.judges.statement_check import Status
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import DOWN_WORDS, SCOPE_WORDS, UP_WORDS

#: judging superlatives: which end they mean turns with the metric's direction (the
#: fastest run is the shortest time)
_JUDGING = frozenset({"best", "worst", "fastest", "slowest"})
#: the fewest rows a column needs for a superlative to say something
_MIN_ROWS = 3
#: a word that narrows the rows a superlative ranges over ("among", "second-highest")
_SCOPE = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in SCOPE_WORDS) + r")\b", re.I)
#: a superlative naming a condition, not the value: "at the highest temperature"
_CONDITION = re.compile(r"\b(?:at|with|for|under|in|on|from|by|to|of)\s+(?:the\s+)?$", re.I)
#: the sentence ranges over a whole table: "In Table 1", "in the table"
_TABLE_NAMED = re.compile(r"\b(?:tables?\s+[ivx\d]+|(?:in|of|across)\s+the\s+table)\b", re.I)


def is_superlative(word: str) -> bool:
    """True for a direction word (``direction_words.tsv``) that names an extreme
    ("largest", "lowest", "best")."""
    w = word.lower()
    return (w in UP_WORDS or w in DOWN_WORDS) and (w in _JUDGING or w.endswith("est"))


def column_extreme(
    text: str, part: Part, index: EvidenceIndex, found: Findings
) -> tuple[Status, Hit, str] | None:
    """(VERIFIED, the row's hit, why) when the superlative ``part`` (class ``up`` or
    ``down``) holds for the sentence's first number after it in its clause that the number
    checks found in a table row: that cell is the extreme of its column over the rows of
    its table (at least three). (NOT_FOUND or CONTRADICTED, the row's hit, why) when that
    cell is not its column's extreme and the sentence says the superlative of its row's
    value over the table (:func:`_over_table`; CONTRADICTED where it names the table).
    None otherwise.

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
    up = part.value == "up"
    if part.text.lower() in _JUDGING and metric_direction(s) == "lower":
        up = not up  # the best error rate is the lowest
    where = "largest" if up else "smallest"
    columns = _columns(c, index, subject)
    for hit, cell, column in columns:
        values = [v for v, _ in column]
        extreme = max(values) if up else min(values)
        if cell.quantity.value == extreme and values.count(extreme) == 1:
            why = f"{c.quantity.text} is the {where} of its column in {len(column)} rows"
            return Status.VERIFIED, hit, why
    if not columns or not _over_table(s, part, subject, columns[0][0]):
        return None
    hit, cell, column = columns[0]
    extreme = (max if up else min)(v for v, _ in column)
    names = [name for v, name in column if v == extreme]
    of = f" ({' / '.join(n for n in names if n)})" if any(names) else ""
    why = (
        f"{c.quantity.text} is not the {where} of its column: {extreme:g}{of} is,"
        f" in {len(column)} rows"
    )
    return (Status.CONTRADICTED if _TABLE_NAMED.search(s) else Status.NOT_FOUND), hit, why


def _over_table(s: str, part: Part, subject: set[str], hit: Hit) -> bool:
    """True when the folded sentence ``s`` says the superlative ``part`` of its row's value
    over the whole column: the row's name has a term of ``subject`` (the words before the
    superlative), no scope word narrows the rows, and the superlative names no condition
    ("at the highest temperature")."""
    name = set(content_terms(row_label(hit.entry))) if hit.entry.kind == "row" else set()
    return (
        bool(name & subject)
        and _SCOPE.search(s) is None
        and _CONDITION.search(s[: part.start]) is None
    )


def _columns(
    c: NumberCheck, index: EvidenceIndex, subject: set[str]
) -> list[tuple[Hit, Cell, list[tuple[float, str]]]]:
    """The table cells holding the value of ``c`` (found in a row: that row; found in
    prose: each row of the paper with a cell of that value and a term of ``subject``, the
    sentence's words before the superlative), each with its hit and its column over the
    rows of its table (at least :data:`_MIN_ROWS`): each row's value and label."""
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
            (x.quantity.value, row_label(e))
            for e in table_rows(index, row)
            if (x := cell_near(e, cell.x)) is not None
        ]
        if len(column) >= _MIN_ROWS:
            out.append((Hit(row, pid, 1.0), cell, column))
    return out
