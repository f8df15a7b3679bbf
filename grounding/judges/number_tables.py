"""Table checks of numbers: the row a number's words name, the column its sentence names.

Each function reads a sentence's :class:`NumberCheck` records and the evidence index's table
rows (cells with x centres, PDF points) and may turn a found or absent number into a
conflict with the cell that holds the paper's value (C1), or record a swapped entity (C2).
"""

from __future__ import annotations

import re

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.name_forms import longer_name, short_form_in
from grounding.judges.number_common import (
    COLUMN_AFTER,
    COMPARED,
    NAME_BEFORE,
    ROW_NAME,
    Findings,
    NumberCheck,
    NumberStatus,
    plausible,
    short,
)
from grounding.judges.number_lists import ordered_run
from grounding.judges.parts import sentence_quantities
from grounding.judges.row_binding import row_key
from grounding.judges.rules_cells import (
    best_rows,
    in_number_list,
    phrase_after,
    same_table,
)
from grounding.judges.rules_config import RulesConfig
from grounding.judges.rules_tables import column_headers, columns_naming
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, same_value

#: a name written in the sentence: (its offset in the folded sentence, the name, the ids
#: of the candidate rows whose label holds all its words)
RowName = tuple[int, str, list[int]]


def check_table_rows(
    cfg: RulesConfig, text: str, index: EvidenceIndex, hits: list[Hit], found: Findings
) -> None:
    """Hold numbers to the table row of the entity they are attributed to.

    A number follows the last name before it (within 80 characters) that labels a
    table row on the pages of the best passages. If that row holds the value, the row
    becomes the evidence; if it holds another number of the same entity but not this
    one, the aligned cell is the correction (C1); if the row holds none of the entity's
    two or more numbers while one other row holds them all, the name is wrong (C2).
    """
    checks = [
        c
        for c in found.numbers
        if c.quantity.bound is None and c.quantity.kind in ("number", "percent")
    ]
    if not checks:
        return
    rows = _candidate_rows(index, hits, checks)
    if not rows:
        return
    labels = {pid: set(content_terms(row_label(index.entries[pid]))) for pid in rows}
    s = fold(text)
    names = _row_names(text, s, index, rows, labels)
    check_label_rows(text, index, rows, labels, checks)
    if not any(n[2] for n in names):
        return
    groups = _numbers_by_name(text, s, index, checks, names)
    for pos, group in groups.items():
        _, name, matching = next(n for n in names if n[0] == pos)
        _check_named_row(text, index, rows, name, matching, group, found)


def _candidate_rows(index: EvidenceIndex, hits: list[Hit], checks: list[NumberCheck]) -> list[int]:
    """The ids of the table rows a sentence's numbers may be read from: every row on the
    pages of the five best passages and of the numbers' own hits, then (for two or more
    numbers) every row elsewhere holding at least two of them."""
    pages = {h.entry.page for h in hits[:5]} | {
        c.hit.entry.page for c in checks if c.hit is not None
    }
    rows = [pid for p in sorted(pages) for pid in index.rows_by_page.get(p, [])]
    if len(checks) >= 2:
        for p, pids in index.rows_by_page.items():
            if p in pages:
                continue
            for pid in pids:
                cells = index.entries[pid].cells
                if (
                    sum(1 for c in checks if any(same_value(c.quantity, x.quantity) for x in cells))
                    >= 2
                ):
                    rows.append(pid)
    return rows


def _row_names(
    text: str, s: str, index: EvidenceIndex, rows: list[int], labels: dict[int, set[str]]
) -> list[RowName]:
    """The names of the folded sentence ``s`` (a metric written right after its number,
    "84.4 MAP", is none), each with the rows of ``rows`` (two or more cells) whose
    ``labels`` hold all its words."""
    names: list[RowName] = []
    number_ends = {q.end for q in sentence_quantities(text)}
    for m in ROW_NAME.finditer(s):
        token = m.group(0).rstrip("-")
        if len(token) < 2 or m.start() - 1 in number_ends or m.start() in number_ends:
            continue  # "84.4 MAP": a metric after its number
        terms = [t for t in content_terms(token) if not is_numeric(t)]
        if not terms:
            continue
        matching = [
            pid
            for pid in rows
            if len(index.entries[pid].cells) >= 2 and all(t in labels[pid] for t in terms)
        ]
        # a name's number part names its row too: "LPC-2" is the LPC-2 row, not the LPC
        # row (a shorter name's, the name's words all the same)
        whole = [pid for pid in matching if all(t in labels[pid] for t in content_terms(token))]
        if whole and len(whole) < len(matching):
            matching = whole
        names.append((m.start(), token, matching))
    return names


def _numbers_by_name(
    text: str, s: str, index: EvidenceIndex, checks: list[NumberCheck], names: list[RowName]
) -> dict[int, list[NumberCheck]]:
    """The numbers that follow a row name, keyed by that name's offset: the last name
    within 80 characters before the number (a name heading a column does not count),
    widened to an earlier name that holds all its words. Numbers of an ordered list
    written after as many names (:func:`_listed_for_names`) are left out."""
    header_terms: set[str] = set()
    for n in names:
        for pid in n[2][:4]:
            e = index.entries[pid]
            for h in column_headers(e, index.pages.get(e.page)):
                header_terms |= h
    groups: dict[int, list[NumberCheck]] = {}
    qs = [q for q in sentence_quantities(text) if q.checkable]
    for c in checks:
        if _listed_for_names(s, c.quantity, qs, names):
            continue  # "A and B reach x and y, respectively": row_binding
        before = [
            n
            for n in names
            if n[0] < c.quantity.start
            and c.quantity.start - n[0] <= 80
            # a name heading a column ("AIME") does not stop the row name
            and (n[2] or not all(t in header_terms for t in content_terms(n[1])))
            # nor the other side of a comparison, a clause before the number ("level with
            # QwQ-32B-Preview, scoring 47.0%"; "ahead of PDC at 0.459" is PDC's)
            and not (
                COMPARED.search(s[max(0, n[0] - 25) : n[0]]) and "," in s[n[0] : c.quantity.start]
            )
        ]
        if before and before[-1][2]:
            chosen = before[-1]
            near_terms = set(content_terms(chosen[1]))
            for n in names:  # "DeepSeek-R1-Distill-Qwen-32B ... DeepSeek-R1 ... 72.6"
                if n[0] < chosen[0] and n[2] and set(content_terms(n[1])) > near_terms:
                    chosen = n
            groups.setdefault(chosen[0], []).append(c)
    return groups


def _check_named_row(
    text: str,
    index: EvidenceIndex,
    rows: list[int],
    name: str,
    matching: list[int],
    group: list[NumberCheck],
    found: Findings,
) -> None:
    """Read the ``group`` of numbers that follow ``name`` in the row of ``matching`` (row
    ids) holding most of them: those it holds are found there, the others corrected by
    their aligned cell (:func:`_correct_by_position`); when it holds none of two or more,
    the name may be the wrong one (:func:`_check_wrong_name`)."""
    entries = [(pid, index.entries[pid]) for pid in matching]
    values_in = {
        pid: [c for c in group if any(same_value(c.quantity, cell.quantity) for cell in e.cells)]
        for pid, e in entries
    }
    best_pid = max(values_in, key=lambda pid: (len(values_in[pid]), len(index.entries[pid].cells)))
    best = index.entries[best_pid]
    inside = values_in[best_pid]
    hit = Hit(best, best_pid, 1.0)
    for c in inside:
        c.status, c.hit = NumberStatus.FOUND, hit
    if inside and len(inside) < len(group):
        _correct_by_position(index, hit, inside, group)
    elif not inside and len(group) >= 2:
        _check_wrong_name(text, index, rows, name, matching, group, found)


def _correct_by_position(
    index: EvidenceIndex, hit: Hit, inside: list[NumberCheck], group: list[NumberCheck]
) -> None:
    """The numbers of ``group`` that the row of ``hit`` does not hold (and the page's prose
    does not state), each corrected by the cell as far from the nearest held number's
    cell (of ``inside``) as the sentence writes it from that number (C1)."""
    best = hit.entry
    cells = best.cells
    page_lines = [
        e
        for e in index.entries
        if e.page == best.page and e.kind == "line" and len(e.quantities) < 0.3 * len(e.terms)
    ]
    for c in group:
        if (
            c in inside
            or c.status == NumberStatus.FOUND
            or (
                c.status == NumberStatus.FOUND_FAR
                and any(same_value(c.quantity, e) for line in page_lines for e in line.quantities)
            )
        ):
            continue  # the value is written in the page's prose
        anchor = min(inside, key=lambda a: abs(a.quantity.start - c.quantity.start))
        idx = next(i for i, cell in enumerate(cells) if same_value(anchor.quantity, cell.quantity))
        order = sorted(group, key=lambda g: g.quantity.start)
        j = idx + order.index(c) - order.index(anchor)
        if (
            0 <= j < len(cells)
            and plausible(c.quantity, cells[j].quantity)
            and comparable(c.quantity, cells[j].quantity)
        ):
            c.status, c.hit, c.correction = NumberStatus.CONFLICT, hit, cells[j].quantity


def _check_wrong_name(
    text: str,
    index: EvidenceIndex,
    rows: list[int],
    name: str,
    matching: list[int],
    group: list[NumberCheck],
    found: Findings,
) -> None:
    """Numbers none of whose ``matching`` rows holds them, while a row of ``rows`` that the
    sentence does not name holds them all: ``name`` is the wrong one (C2, corrected by
    that row's label), and the numbers are found in that row."""
    holders = [
        pid
        for pid in rows
        if pid not in matching
        and all(
            any(same_value(c.quantity, cell.quantity) for cell in index.entries[pid].cells)
            for c in group
        )
    ]
    claim_terms = set(content_terms(text))
    named = [
        pid
        for pid in holders
        if {
            t
            for t in content_terms(row_label(index.entries[pid]))
            if not is_numeric(t) and len(t) >= 3
        }
        & claim_terms
    ]
    if not holders or named:
        return  # nobody else holds them, or the sentence names it
    # the tightest row holding them all (a column-group piece before its full line)
    pid = min(holders, key=lambda r: len(index.entries[r].cells))
    e = index.entries[pid]
    other = row_label(e)
    if other and name in text:
        found.errors.append(ErrorSpan(span=name, tags=(ErrorTag.C2,), correction=other))
        found.notes.append(f'the values belong to "{other}" on page {e.page}, not to {name}')
        for c in group:
            c.status, c.hit = NumberStatus.FOUND, Hit(e, pid, 1.0)


def _listed_for_names(s: str, q: Quantity, qs: list[Quantity], names: list[RowName]) -> bool:
    """True if ``q`` is one of an ordered list of values ("A and B reach x and y,
    respectively", "A scores lower than B (x vs y)") written after at least as many names
    of table rows in its sentence: each value goes to its own name, not all to the last."""
    me = next((x for x in qs if x.start == q.start), None)
    got = ordered_run(s, me, qs) if me is not None else None
    if got is None:
        return False
    run = got[0]
    lo = max(s.rfind(". ", 0, run[0].start) + 1, s.rfind(";", 0, run[0].start) + 1, 0)
    before = [n for n in names if lo <= n[0] < run[0].start and n[2]]
    if len({tuple(n[2]) for n in before}) < len(run):
        return False
    first = before[-len(run)][0]
    return not any(first <= x.start < run[0].start for x in qs)


def check_label_rows(
    text: str,
    index: EvidenceIndex,
    rows: list[int],
    labels: dict[int, set[str]],
    checks: list[NumberCheck],
) -> None:
    """A sentence that spells out a row's whole label ("Training without hard negatives
    ..." for the row "No hard negatives") speaks of that row: a lone number of the
    sentence that the row does not hold, but that was read from a row the sentence does
    not name (not even by a short form: "R1-Zero" names "DeepSeek-R1-Zero"), is corrected
    with the row's closest value of the same precision (C1)."""
    if len(checks) != 1:
        return
    c = checks[0]
    claim_terms = set(content_terms(text))
    named = [
        pid
        for pid in rows
        if len(labels[pid]) >= 2
        and labels[pid] <= claim_terms
        and not any(same_value(c.quantity, x.quantity) for x in index.entries[pid].cells)
    ]
    if (
        len(named) != 1
        or c.status == NumberStatus.FOUND
        and c.hit is not None
        and (
            c.hit.entry.kind != "row"
            or labels.get(c.hit.pid, set()) <= claim_terms
            or set(content_terms(row_label(c.hit.entry))) <= claim_terms
            or short_form_in(text, row_label(c.hit.entry))
        )
    ):
        return
    entry = index.entries[named[0]]
    cands = [
        x.quantity
        for x in entry.cells
        if plausible(c.quantity, x.quantity) and x.quantity.decimals == c.quantity.decimals
    ]
    if cands:
        best = min(cands, key=lambda e: abs(e.value - c.quantity.value))
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(entry, named[0], 1.0), best


def check_columns(cfg: RulesConfig, text: str, index: EvidenceIndex, found: Findings) -> None:
    """A number read from a table row must sit under the column its sentence names.

    For each number found in a row the sentence names (a word of its label, not as the start
    of a longer name: "DeepSeek-R1" names no "DeepSeek-R1-Distill-Llama-8B" row), the
    nearest name of the sentence that heads a column of that table decides: a name after
    it, joined by "for", "on", "in", "under" or "of" (``number_common.COLUMN_AFTER``:
    "62.1% on MATH-500", "82.0 F1 on MeSH"), one right before it ("R1's 30.1"), or one in
    a condition set before the clause ("On the MeSH dataset, SPECTER obtains an F1 of
    86.4"), the nearest first; names of the row itself are skipped, and so is a row of a
    shorter or longer name than the sentence's ("LPC" for "LPC-2"). If the number is
    not in that column, the cell under the named column is the correction (C1), in any
    scale ("11.4 for pH" where the pH cell is 1.3); a cell of another kind (a year, a
    reference) corrects nothing, and the number, which the row gives under another
    column, is not verified (misbound, N1). A table without the named column sends the
    number to the same entity's row in a table with it (:func:`_in_other_table`). A
    metric word written with the number that heads its own column and not the named one
    ("91.5 nDCG on Co-View") reads a sub-column under a group header spanning several
    columns: no conflict.
    """
    s = fold(text)
    said = set(content_terms(s))
    qs = [q for q in sentence_quantities(text) if q.checkable]
    names = []
    for m in ROW_NAME.finditer(s):
        token = m.group(0).rstrip("-")
        terms = [t for t in content_terms(token) if not is_numeric(t)]
        if len(token) >= 2 and terms:
            names.append((m.start(), m.end(), terms))
    # numbers found in text lines, read here in a row set beside prose: that row corrects
    # them, and verifies nothing the text lines did not (their hit is kept)
    moved: list[tuple[NumberCheck, Hit]] = []
    for c in found.numbers:
        if c.status != NumberStatus.FOUND or c.hit is None:
            continue
        if c.hit.entry.kind != "row":
            lines = c.hit
            if not _to_named_row(index, c, said):
                continue
            moved.append((c, lines))
        entry = c.hit.entry
        q = c.quantity
        idx = next((i for i, cell in enumerate(entry.cells) if same_value(q, cell.quantity)), None)
        if idx is None:
            continue
        heads = column_headers(entry, index.pages.get(entry.page))
        if not any(heads):
            continue
        label = set(content_terms(row_label(entry)))
        if not label & said or any(
            set(terms) <= label
            and (longer_name(s[a:b], row_label(entry)) or longer_name(row_label(entry), s[a:b]))
            for a, b, terms in names
        ):
            # a row the sentence does not name, a longer name's ("...-Llama-8B" for
            # "DeepSeek-R1"), or a shorter one's ("LPC" for "LPC-2")
            continue
        # in a list of numbers ("A and B score 70.98 and 68.45") the names before it
        # go respectively, not the last one to every number
        listed = in_number_list(text, q) or any(
            x.start == q.start and ordered_run(s, x, qs) for x in qs
        )
        near = _names_near(s, q, qs, names, label, listed)
        for _, terms, between in sorted(near, key=lambda n: n[0]):
            if _named_column(index, c, idx, heads, terms, between):
                break
    for c, lines in moved:
        if c.status == NumberStatus.FOUND:
            c.hit = lines


#: a name that opens the sentence in a condition set before its clause: "On the MeSH
#: dataset, ...", "For Co-View, ...", "In the recommendation task, ..."
_FRONTED_BEFORE = re.compile(r"\s*(?:on|for|in|under|across)\s+(?:the\s+)?", re.I)
_FRONTED_AFTER = re.compile(
    r"(?:\s+(?:data\s*set|dataset|task|benchmark|split|test\s+set|corpus|subset)s?)?\s*,"
    r"(?![^,]*\b(?:and|or|while|whereas|but)\b[^,]*,)",
    re.I,
)
#: what may stand between a number and the noun it measures ("40.7 mol% LA")
_NOUN_GAP = re.compile(r"[\s%]*")


def _names_near(
    s: str,
    q: Quantity,
    qs: list[Quantity],
    names: list[tuple[int, int, list[str]]],
    label: set[str],
    listed: bool,
) -> list[tuple[int, list[str], str]]:
    """The names of the folded sentence ``s`` that may name ``q``'s column, each as
    (distance, terms, the words between the value and a name after it): a name after it
    joined by "for", "on", "in", "under" or "of" ("48.9% for DeepSeek-V3", "62.1% on
    MATH-500"), or one right before it ("R1's 30.1", "KAT at 54.4") unless ``q`` is one of
    a list (``listed``) or the name is the noun of the number before it ("40.7 mol% LA
    with 11.5 wt% humins": LA is 40.7's); names of the row (``label``) left out."""
    near = []
    for a, b, terms in names:
        if set(terms) <= label:
            continue
        if a >= q.end and COLUMN_AFTER.fullmatch(s[q.end : a]):
            near.append((a - q.end, terms, s[q.end : a]))
        elif (
            b <= q.start
            and NAME_BEFORE.fullmatch(s[b : q.start])
            and not listed
            and not any(x.end <= a and _NOUN_GAP.fullmatch(s[x.end : a]) for x in qs)
        ):
            near.append((q.start - b, terms, ""))
        elif b <= q.start and _FRONTED_BEFORE.fullmatch(s[:a]) and _FRONTED_AFTER.match(s, b):
            # a condition set before the clause ("On the MeSH dataset, SPECTER obtains an
            # F1 of 86.4"): it names the column of every value after it; nearer names first
            near.append((len(s) + q.start - b, terms, ""))
    return near


def _named_column(
    index: EvidenceIndex,
    c: NumberCheck,
    idx: int,
    heads: list[set[str]],
    terms: list[str],
    between: str,
) -> bool:
    """Check a number found in cell ``idx`` of its row (``c.hit``) under the column(s) a
    name of the sentence heads (``terms``; ``between``: the words between the value and
    the name after it). True when that name decided (the number checked, or left as
    found), False when no column of this or another table bears the name."""
    if c.hit is None:
        return False
    entry, q = c.hit.entry, c.quantity
    cols = columns_naming(terms, heads)
    metric = [t for t in content_terms(between) if not is_numeric(t)]
    if len(cols) > 1 and metric:
        # "91.5 MAP on Co-View": the metric written with the value picks the sub-column
        # of the group the name heads
        cols = [i for i in cols if any(t in heads[i] for t in metric)] or cols
    if idx in cols:
        return True
    others = _entity_rows(index, entry, terms)  # read once for the checks below
    if not cols:
        return _in_other_table(c, entry, others)
    if _held_elsewhere(c, others):
        return True  # "SPECTER scores 91.5 on CITE": another table's SPECTER row holds it
    if len(cols) == 1 and not _own_metric(between, heads, idx, cols[0]):
        cand = entry.cells[cols[0]].quantity
        if not same_value(q, cand) and _bound_cell(q, cand):
            c.status, c.correction = NumberStatus.CONFLICT, cand
        elif not same_value(q, cand):
            # a cell of another kind there: the row holds q under another column, which
            # verifies nothing (N1), and corrects nothing
            c.status, c.correction = NumberStatus.MISBOUND, None
            c.why = (
                f"{q.text} is in another column of page {entry.page}'s row "
                f'"{short(row_label(entry), 40)}" than the one the sentence names'
            )
    elif len(cols) > 1 and not any(_own_metric(between, heads, idx, i) for i in cols):
        # the name heads several columns ("Cite": its MAP and nDCG sub-columns), none of
        # them the value's: no one cell corrects it (C1, no correction)
        cands = [entry.cells[i].quantity for i in cols if i < len(entry.cells)]
        if _in_other_table(c, entry, others):
            return True  # the entity's row in a table with one such column decided
        if cands and all(_bound_cell(q, x) and not same_value(q, x) for x in cands):
            c.status, c.correction = NumberStatus.REFUTED, None
            c.why = (
                f'page {entry.page}\'s row "{short(row_label(entry), 40)}" gives '
                f"{' / '.join(x.text for x in cands)} under the columns the sentence "
                f"names and {q.text} under another"
            )
    return True


def _to_named_row(index: EvidenceIndex, c: NumberCheck, said: set[str]) -> bool:
    """For a number found in text lines, not a table row: True (and that row becomes its
    hit) when one row of the hit's page the index reads from a table set beside prose
    (:meth:`EvidenceIndex.loose_rows`: "Linked bib. entries 19.3 6.8" next to the other
    column's text) holds the value and is labelled by words the sentence writes, or their
    abbreviations (``said``: its content terms; "bib." for "bibliography")."""
    if c.hit is None:
        return False
    page = c.hit.entry.page
    held = [
        (pid, e)
        for pid, e in index.loose_rows(page)
        if e.cells
        and e.rects
        and any(same_value(c.quantity, cell.quantity) for cell in e.cells)
        and (label := set(content_terms(row_label(e))))
        and all(any(w.startswith(t) for w in said) for t in label)  # "bib." for bibliography
    ]
    if len(held) != 1:
        return False
    c.hit = Hit(held[0][1], held[0][0], c.hit.score)
    return True


def _bound_cell(q: Quantity, cell: Quantity) -> bool:
    """Whether the cell a sentence binds ``q`` to by row and named column corrects it: a
    value of the same kind and sign, in any scale (the binding, not the size, says it is
    the value meant: "11.4 for pH" where the pH cell is 1.3); a cell of another kind
    (a year, a reference, a rank) or sign corrects nothing."""
    if cell.kind in ("ref", "year", "rank") or q.kind in ("ref", "year", "rank"):
        return False
    if (q.value < 0) != (cell.value < 0):
        return False
    return comparable(q, cell) and (q.kind == cell.kind or plausible(q, cell))


def _entity_rows(
    index: EvidenceIndex, entry: Entry, terms: list[str]
) -> list[tuple[int, Entry, list[int]]]:
    """The rows (id, entry, columns named by ``terms``) of the same entity as ``entry``
    (the same label key) in the paper's other tables."""
    key = row_key(entry)
    if key is None:
        return []
    out = []
    for page, ids in index.rows_by_page.items():
        for pid in ids:
            e = index.entries[pid]
            if e is entry or not e.cells or same_table(e, entry):
                continue
            other = row_key(e)
            if other is None or other.key != key.key:
                continue
            cols = columns_naming(terms, column_headers(e, index.pages.get(page)))
            out.append((pid, e, [i for i in cols if i < len(e.cells)]))
    return out


def _held_elsewhere(c: NumberCheck, others: list[tuple[int, Entry, list[int]]]) -> bool:
    """True (and that row becomes the evidence) if the same entity's row in another table
    (``others``: :func:`_entity_rows`) holds the number under a column the name heads."""
    for pid, e, cols in others:
        if any(same_value(c.quantity, e.cells[i].quantity) for i in cols):
            c.hit = Hit(e, pid, 1.0)
            return True
    return False


def _in_other_table(
    c: NumberCheck, entry: Entry, others: list[tuple[int, Entry, list[int]]]
) -> bool:
    """A number read in a row of a table without one column its sentence names ("SPECTER
    scores 80.0 on USR": 80.0 is the average of Table 1, which has no USR column), checked
    in the other rows of the same entity (the same label key) whose tables have one
    column so named, when they agree on its cell: that cell holding the value verifies it
    (that row becomes the evidence); another value of its kind is the correction (C1);
    one of another kind leaves the number misbound (N1). ``others``: the entity's rows in
    the paper's other tables (:func:`_entity_rows`). True when such a row decided."""
    named = [(pid, e, e.cells[cols[0]].quantity) for pid, e, cols in others if len(cols) == 1]
    if len({round(cell.value, 9) for _, _, cell in named}) != 1:
        return False
    pid, e, cand = named[0]
    q = c.quantity
    if same_value(q, cand):
        c.hit = Hit(e, pid, 1.0)
    elif _bound_cell(q, cand):
        c.status, c.hit, c.correction = NumberStatus.CONFLICT, Hit(e, pid, 1.0), cand
    else:
        c.status, c.correction = NumberStatus.MISBOUND, None
        c.why = (
            f'{q.text} is in page {entry.page}\'s row "{short(row_label(entry), 40)}", '
            f"not under the column the sentence names (page {e.page})"
        )
    return True


def _own_metric(between: str, heads: list[set[str]], own: int, named: int) -> bool:
    """True if the words between a value and the column name after it ("91.5 nDCG on
    Co-View") name the value's own column and not the named one: a sub-column under a
    group header that spans several columns, which the nearest cell alone takes."""
    return any(
        t in heads[own] and t not in heads[named]
        for t in content_terms(between)
        if not is_numeric(t)
    )


def check_row_swaps(text: str, index: EvidenceIndex, found: Findings) -> None:
    """Two values given to each other's table rows ("1820 (Codeforces) and 89.9 (CLUEWSC)"
    where the Codeforces row holds 89.9 and the CLUEWSC row 1820): each number names its
    rows by the words right after it (``rules_cells.phrase_after``; a label such as "NER"
    may name several rows, the best matches all count); when some row each names holds
    the other number and none holds its own, both are conflicts (C1), each corrected by the
    other value."""
    checks = [
        c
        for c in found.numbers
        if c.status in (NumberStatus.FOUND, NumberStatus.FOUND_FAR)
        and c.quantity.kind in ("number", "percent")
        and c.quantity.bound is None
    ]
    if len(checks) < 2:
        return
    pages = {c.hit.entry.page for c in checks if c.hit is not None}
    rows = [
        (pid, index.entries[pid])
        for p in sorted(pages)
        for pid in index.rows_by_page.get(p, [])
        if len(index.entries[pid].cells) >= 1
    ]
    if not rows:
        return
    named = {
        id(c): cands for c in checks if (cands := best_rows(phrase_after(text, c.quantity), rows))
    }

    def holding(cands: list[tuple[int, Entry]], c: NumberCheck) -> tuple[int, Entry] | None:
        return next(
            (
                (pid, row)
                for pid, row in cands
                if any(same_value(c.quantity, cell.quantity) for cell in row.cells)
            ),
            None,
        )

    for i, a in enumerate(checks):
        for b in checks[i + 1 :]:
            ra, rb = named.get(id(a)), named.get(id(b))
            if not ra or not rb or same_value(a.quantity, b.quantity):
                continue
            if {pid for pid, _ in ra} & {pid for pid, _ in rb}:
                continue  # one row named twice: not two rows
            ha, hb = holding(ra, b), holding(rb, a)
            if (
                ha is not None
                and hb is not None
                and holding(ra, a) is None
                and holding(rb, b) is None
            ):
                a.status, a.hit, a.correction = (
                    NumberStatus.CONFLICT,
                    Hit(ha[1], ha[0], 1.0),
                    b.quantity,
                )
                b.status, b.hit, b.correction = (
                    NumberStatus.CONFLICT,
                    Hit(hb[1], hb[0], 1.0),
                    a.quantity,
                )
                return
