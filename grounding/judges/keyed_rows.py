"""Table rows keyed by a number ("300" under "Conc. (ppm)"): a value the sentence gives
at that key is held to the key's own row.

"At 300 ppm the polarization test gave an inhibition efficiency of 91.7%" names the row
of Table 2 whose first cell is 300 under a header holding "ppm"; 91.7 is the efficiency
of the 500 row, and the 300 row gives 84.2 in that column: C1, corrected by 84.2, however
the abstract writes 91.7% elsewhere. A value the key's row holds is found there.

Pure over the index's row entries; no I/O.
"""

from __future__ import annotations

import math
import re

from grounding.evidence import Entry, EvidenceIndex, Hit
from grounding.judges.number_common import (
    FROM_VALUE,
    Findings,
    NumberCheck,
    NumberStatus,
    initials,
    plausible,
    shares_unit,
)
from grounding.judges.rules_cells import cell_near, same_table
from grounding.judges.rules_tables import column_headers
from grounding.lexicon import content_terms, fold
from grounding.quantities import Quantity, same_value

#: what opens another clause between a value and its key
_OTHER_CLAUSE = re.compile(r";|,\s*(?:with|and|but|while|whereas|which)\b|\b(?:while|whereas)\b")


def _keyed(index: EvidenceIndex, key: Quantity) -> list[tuple[int, Entry]]:
    """Rows of three cells or more whose first (leftmost) cell is ``key``'s value and whose
    first column's header names ``key``'s unit ("Conc. (ppm)" for "300 ppm")."""
    unit = set(content_terms(key.unit or ""))
    if not unit:
        return []
    out = []
    for page, ids in index.rows_by_page.items():
        for pid in ids:
            e = index.entries[pid]
            if len(e.cells) < 3 or not e.rects:
                continue
            first = e.cells[0].quantity
            if first.range is not None or not math.isclose(first.value, key.value, rel_tol=1e-9):
                continue
            heads = column_headers(e, index.pages.get(page))
            if heads and unit & heads[0]:
                out.append((pid, e))
    return out


def keyed_rows(index: EvidenceIndex, key: Quantity) -> list[tuple[int, Entry]]:
    """The rows keyed by ``key`` (see :func:`_keyed`): (entry id, row entry) pairs."""
    return _keyed(index, key)


def check_keyed_rows(index: EvidenceIndex, found: Findings, text: str = "") -> None:
    """Hold each number of the sentence ``text`` to the row its numeric key names (module
    docstring; a sentence naming two keys is left alone, "from 500 to 1000 ppm" included:
    a unit written once after two values, :func:`number_common.shares_unit`): a number
    the row holds becomes found
    there; a number the row's table
    gives in another row, where the key's row has another plausible value in that column,
    becomes a conflict (C1) with that value as the correction. Changes ``found``.

    Args: index: the paper's evidence index. found: the number checks so far.
    Raises: nothing.
    """
    checks = [
        c
        for c in found.numbers
        if c.quantity.bound is None and c.quantity.kind in ("number", "percent")
    ]
    keyed = [
        (c.quantity, rows)
        for c in checks
        if c.quantity.unit not in (None, "%")
        if (rows := _keyed(index, c.quantity))
    ]
    if len(keyed) != 1:
        return  # no key, or several ("500 ppm ... than 1000 ppm"): no row
    key, rows = keyed[0]
    s = fold(text)
    if any(shares_unit(s, c.quantity, key) for c in checks if c.quantity is not key):
        return  # "from 500 to 1000 ppm": two keys, the first written without its unit
    held = next(c for c in checks if c.quantity is key)
    if held.status == NumberStatus.CONFLICT and _value_at_key(s, held, checks, rows, index):
        return
    for c in checks:
        # a multiplier ("4.8 times larger") compares two things: no cell of a row holds it;
        # a value of another clause than the key's ("68.5%, 84.2% and 91.7%, with 500 ppm
        # giving the highest"), or the value a change starts from ("rose from 0.24 to
        # 0.35"), is not given at that key
        if (
            c.quantity is not key
            and c.status != NumberStatus.CONFLICT
            and c.quantity.unit != "x"
            and not FROM_VALUE.search(s, max(0, c.quantity.start - 12), c.quantity.start)
            and not _OTHER_CLAUSE.search(
                s, min(c.quantity.end, key.end), max(c.quantity.start, key.start)
            )
        ):
            _hold(c, rows, index)


def _value_at_key(
    text: str,
    key: NumberCheck,
    checks: list[NumberCheck],
    rows: list[tuple[int, Entry]],
    index: EvidenceIndex,
) -> bool:
    """A key an earlier checker blamed ("The inhibition efficiency at 1000 ppm was 95.0%"
    corrected to the 500 ppm at which the paper gives 95.0%) whose own row gives the
    sentence's one other number a value, in the column whose header names that number's
    words or their initials ("IE" for "inhibition efficiency"): the value is what is
    wrong, not the key (also where an earlier checker made both conflicts: "At 300 ppm
    the efficiency was 68.5%" for the paper's 84.2% at 300 ppm and 68.5% at 100 ppm).
    The key becomes found in its row, the value a conflict (C1) corrected by that cell
    (by none where the key's rows of two tables give two values); True when it did so."""
    others = [c for c in checks if c is not key]
    if len(others) != 1:
        return False
    c = others[0]
    words = re.findall(
        r"[A-Za-z]{3,}",
        text[max(0, min(c.quantity.start, key.quantity.start) - 60) : c.quantity.start],
    )
    named = set(content_terms(" ".join(words))) | initials(" ".join(words), longest=3)
    cells = []
    for pid, row in rows:
        heads = column_headers(row, index.pages.get(row.page))
        for j, cell in enumerate(row.cells[1:], start=1):
            if j < len(heads) and heads[j] & named and plausible(c.quantity, cell.quantity):
                cells.append((pid, row, cell.quantity))
    if not cells:
        return False
    pid, row, value = cells[0]
    key.status, key.hit, key.correction, key.why = NumberStatus.FOUND, Hit(row, pid, 1.0), None, ""
    same = next((x for x in cells if same_value(c.quantity, x[2])), None)
    if same is not None:
        c.status, c.hit, c.correction, c.why = (
            NumberStatus.FOUND,
            Hit(same[1], same[0], 1.0),
            None,
            "",
        )
    elif len({x[2].value for x in cells}) == 1:
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(row, pid, 1.0), value
        c.why = f"the row of {key.quantity.text} gives {value.text}"
    else:
        # the key's rows of two tables give two values (two methods): the table that gives
        # the sentence's value to another key decides (:func:`_hold`), else it is open
        _hold(c, rows, index)
        if c.status != NumberStatus.CONFLICT or c.correction is None:
            given = " / ".join(x[2].text for x in cells)
            c.status, c.hit, c.correction = NumberStatus.REFUTED, Hit(row, pid, 1.0), None
            c.why = f"the rows of {key.quantity.text} give {given}"
    return True


def _hold(c: NumberCheck, rows: list[tuple[int, Entry]], index: EvidenceIndex) -> None:
    """``c`` found in the first keyed row holding it; else in conflict with the one keyed
    row (of those whose table gives ``c``'s value in another row) that has another value
    in that column; else left as it is."""
    q = c.quantity
    for pid, row in rows:
        if any(same_value(q, cell.quantity) for cell in row.cells[1:]):
            c.status, c.hit, c.why = NumberStatus.FOUND, Hit(row, pid, 1.0), ""
            return
    wrong: list[tuple[int, Entry, Quantity]] = []
    for pid, row in rows:
        for other_id in index.rows_by_page.get(row.page, []):
            other = index.entries[other_id]
            if other_id == pid or not other.cells or not same_table(row, other):
                continue
            cell = next((x for x in other.cells[1:] if same_value(q, x.quantity)), None)
            if cell is None:
                continue
            mine = cell_near(row, cell.x)
            if mine is not None and mine is not row.cells[0] and plausible(q, mine.quantity):
                wrong.append((pid, row, mine.quantity))
            break
    if len(wrong) == 1:
        pid, row, value = wrong[0]
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(row, pid, 1.0), value
        c.why = f"{q.text} is in another row of the table"


__all__ = ["check_keyed_rows", "keyed_rows"]
