"""Table checks of numbers: the row a number's words name, the column its sentence names.

Each function reads a sentence's :class:`NumberCheck` records and the evidence index's table
rows (cells with x centres, PDF points) and may turn a found or absent number into a
conflict with the cell that holds the paper's value (C1), or record a swapped entity (C2).
"""

from __future__ import annotations

import re

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.number_common import (
    NAME_AFTER,
    NAME_BEFORE,
    ROW_NAME,
    Findings,
    NumberCheck,
    plausible,
)
from grounding.judges.number_direction import judged_order, metric_direction
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
from grounding.judges.rules_tables import column_headers, columns_naming
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.quantities import Quantity, comparable, same_value


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
    if not rows:
        return
    labels = {pid: set(content_terms(row_label(index.entries[pid]))) for pid in rows}
    s = fold(text)
    names: list[tuple[int, str, list[int]]] = []
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
        names.append((m.start(), token, matching))
    check_label_rows(text, index, rows, labels, checks)
    if not any(n[2] for n in names):
        return
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
        ]
        if before and before[-1][2]:
            chosen = before[-1]
            near_terms = set(content_terms(chosen[1]))
            for n in names:  # "DeepSeek-R1-Distill-Qwen-32B ... DeepSeek-R1 ... 72.6"
                if n[0] < chosen[0] and n[2] and set(content_terms(n[1])) > near_terms:
                    chosen = n
            groups.setdefault(chosen[0], []).append(c)
    for pos, group in groups.items():
        _, name, matching = next(n for n in names if n[0] == pos)
        entries = [(pid, index.entries[pid]) for pid in matching]
        values_in = {
            pid: [
                c for c in group if any(same_value(c.quantity, cell.quantity) for cell in e.cells)
            ]
            for pid, e in entries
        }
        best_pid = max(
            values_in, key=lambda pid: (len(values_in[pid]), len(index.entries[pid].cells))
        )
        best = index.entries[best_pid]
        inside = values_in[best_pid]
        hit = Hit(best, best_pid, 1.0)
        for c in inside:
            c.status, c.hit = "found", hit
        if inside and len(inside) < len(group):
            cells = best.cells
            page_lines = [
                e
                for e in index.entries
                if e.page == best.page
                and e.kind == "line"
                and len(e.quantities) < 0.3 * len(e.terms)
            ]
            for c in group:
                if (
                    c in inside
                    or c.status == "found"
                    or (
                        c.status == "found_far"
                        and any(
                            same_value(c.quantity, e)
                            for line in page_lines
                            for e in line.quantities
                        )
                    )
                ):
                    continue  # the value is written in the page's prose
                anchor = min(inside, key=lambda a: abs(a.quantity.start - c.quantity.start))
                idx = next(
                    i for i, cell in enumerate(cells) if same_value(anchor.quantity, cell.quantity)
                )
                order = sorted(group, key=lambda g: g.quantity.start)
                j = idx + order.index(c) - order.index(anchor)
                if (
                    0 <= j < len(cells)
                    and plausible(c.quantity, cells[j].quantity)
                    and comparable(c.quantity, cells[j].quantity)
                ):
                    c.status, c.hit, c.correction = "conflict", hit, cells[j].quantity
        elif not inside and len(group) >= 2:
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
                continue  # nobody else holds them, or the sentence names it
            # the tightest row holding them all (a column-group piece before its full line)
            pid = min(holders, key=lambda r: len(index.entries[r].cells))
            e = index.entries[pid]
            other = row_label(e)
            if other and name in text:
                found.errors.append(ErrorSpan(span=name, tags=(ErrorTag.C2,), correction=other))
                found.notes.append(
                    f'the values belong to "{other}" on page {e.page}, not to {name}'
                )
                for c in group:
                    c.status, c.hit = "found", Hit(e, pid, 1.0)


def _listed_for_names(
    s: str, q: Quantity, qs: list[Quantity], names: list[tuple[int, str, list[int]]]
) -> bool:
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
        and c.status in ("found", "found_far", "absent")
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
    claim_terms = set(content_terms(text))
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
    # numbers whose named row holds them: the anchors giving a column
    anchors: list[tuple[NumberCheck, int, Entry, float]] = []
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
            if c.status != "found" or c.hit is None or c.hit.entry.kind != "row":
                c.status, c.hit = "found", Hit(e, pid, 1.0)
    anchored = {id(a[0]) for a in anchors}
    for c in checks:
        if id(c) in anchored or id(c) not in named:
            continue
        cands = named[id(c)]
        local = words_before(text, c.quantity) | phrase_after(text, c.quantity)
        if c.status == "found" and c.hit is not None and c.hit.entry.kind == "row":
            # found in a row its own words name at least as well ("BLIP reaches 55.4 on
            # OKVQA": the BLIP row holds it): that row, not the named one, is meant
            if (
                len(label_terms(c.hit.entry) & local)
                >= max((len(label_terms(e) & local) for _, e in cands), default=0)
                > 0
            ):
                continue
        if len(cands) != 1:
            continue
        pid, row = cands[0]
        if any(same_value(c.quantity, cell.quantity) for cell in row.cells):
            continue
        xs = [x for a, apid, ae, x in anchors if apid != pid and same_table(ae, row)]
        if not xs and c.status != "absent":
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
            if len(holders) == 1 and own and not own & claim_terms:
                xs = [holders[0][1]]
        if not xs and c.status in ("absent", "found_far"):
            # a header word the number's clause names ("the average" -> "Avg.")
            heads = column_headers(row, index.pages.get(row.page))
            col = header_column(heads, local)
            if col is not None:
                xs = [row.cells[col].x]
        if not xs:
            continue
        target = cell_near(row, xs[0])
        if target is None:
            continue
        cand = target.quantity
        if (
            not same_value(c.quantity, cand)
            and plausible(c.quantity, cand)
            and cand.decimals == c.quantity.decimals
        ):
            c.status, c.hit, c.correction = "conflict", Hit(row, pid, 1.0), cand


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
    not name, is corrected with the row's closest value of the same precision (C1)."""
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
        or c.status == "found"
        and c.hit is not None
        and (
            c.hit.entry.kind != "row"
            or labels.get(c.hit.pid, set()) <= claim_terms
            or set(content_terms(row_label(c.hit.entry))) <= claim_terms
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
        c.status, c.hit, c.correction = "conflict", Hit(entry, named[0], 1.0), best


def check_columns(cfg: RulesConfig, text: str, index: EvidenceIndex, found: Findings) -> None:
    """A number read from a table row must sit under the column its sentence names.

    For each number found in a row, the nearest name in the sentence (60 characters
    before to 40 after, skipping names of the row itself) that heads a column of that
    table decides: if the number is not in that column, the cell under the named
    column is the correction (C1).
    """
    s = fold(text)
    qs = [q for q in sentence_quantities(text) if q.checkable]
    names = []
    for m in ROW_NAME.finditer(s):
        token = m.group(0).rstrip("-")
        terms = [t for t in content_terms(token) if not is_numeric(t)]
        if len(token) >= 2 and terms:
            names.append((m.start(), m.end(), terms))
    for c in found.numbers:
        if c.status != "found" or c.hit is None or c.hit.entry.kind != "row":
            continue
        entry = c.hit.entry
        q = c.quantity
        idx = next((i for i, cell in enumerate(entry.cells) if same_value(q, cell.quantity)), None)
        if idx is None:
            continue
        heads = column_headers(entry, index.pages.get(entry.page))
        if not any(heads):
            continue
        label = set(content_terms(row_label(entry)))
        # in a list of numbers ("A and B score 70.98 and 68.45") the names before it
        # go respectively, not the last one to every number
        listed = in_number_list(text, q) or any(
            x.start == q.start and ordered_run(s, x, qs) for x in qs
        )
        near = []
        for a, b, terms in names:
            if set(terms) <= label:
                continue
            if a >= q.end and NAME_AFTER.fullmatch(s[q.end : a]):
                near.append((a - q.end, terms))  # "48.9% for DeepSeek-V3"
            elif b <= q.start and NAME_BEFORE.fullmatch(s[b : q.start]) and not listed:
                near.append((q.start - b, terms))  # "R1's 30.1", "KAT at 54.4"
        for _, terms in sorted(near, key=lambda n: n[0]):
            cols = columns_naming(terms, heads)
            if not cols:
                continue
            if idx not in cols and len(cols) == 1:
                cand = entry.cells[cols[0]].quantity
                if not same_value(q, cand) and plausible(q, cand):
                    c.status, c.correction = "conflict", cand
            break


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
        if c.status in ("found", "found_far")
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
                a.status, a.hit, a.correction = "conflict", Hit(ha[1], ha[0], 1.0), b.quantity
                b.status, b.hit, b.correction = "conflict", Hit(hb[1], hb[0], 1.0), a.quantity
                return


def compare_rows(
    text: str, start: int, end: int, direction: str, index: EvidenceIndex, pages: set[int]
) -> tuple[bool, Hit, str] | None:
    """A comparison of two named things read in the paper: two table rows
    (:func:`compare_table_rows`), else the values the paper's prose binds to each side
    (:func:`grounding.judges.number_binding.compare_in_prose`). (holds, hit, reason), or
    None when neither settles it."""
    got = compare_table_rows(text, start, end, direction, index, pages)
    if got is None:
        from grounding.judges.number_binding import compare_in_prose

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

    # the nearest name on each side that is no metric's ("Whisper's WER is lower than
    # Conformer's": WER names the column, Whisper the row)
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
    page = index.pages.get(ra.page)
    heads = column_headers(ra, page)
    col = header_column(heads, {t for t in content_terms(s) if not is_numeric(t)})
    word = s[start:end].split()[0] if s[start:end].split() else ""
    judging = judged_order(word, 1.0, 0.0, "higher") is not None
    said = metric_direction(s)
    idxs = [col] if col is not None else list(range(len(ra.cells)))
    # the column where the two rows hold the sentence's own pair ("(1 vs 4)"), if any
    mine = [q for q in sentence_quantities(text) if q.checkable]
    pairs = [
        (a, b)
        for a, b in zip(mine, mine[1:])
        if (run := ordered_run(s, a, mine)) is not None and b in run[0]
    ]
    stated = [
        i
        for i, cell in enumerate(ra.cells)
        if (other := cell_near(rb, cell.x)) is not None
        and any(same_value(a, cell.quantity) and same_value(b, other.quantity) for a, b in pairs)
    ]
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
    metrics = {m for _, m in diffs}
    if judging and None not in metrics:
        # a judging word ("outperforms", "better", "trails") reads each column with its
        # metric's direction (an error, a loss, a time: lower is better; a header's "↓"
        # or the sentence's words say which)
        better = [judged_order("better", d, 0.0, m) for d, m in diffs]
        if len(set(better)) != 1:
            return None
        holds = bool(
            judged_order(word, 1.0 if better[0] else 0.0, 0.0 if better[0] else 1.0, "higher")
        )
        ways = " / ".join(sorted(f"{m} is better" for m in metrics))
        return (
            holds,
            Hit(ra, pa, 1.0),
            f"'{row_label(ra)}' is {'better' if better[0] else 'worse'} than "
            f"'{row_label(rb)}' {where} ({ways}) on page {ra.page}",
        )
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


def header_text(
    entry: Entry, page: object, col: int, max_dy: float = 220.0, max_dx: float = 30.0
) -> str:
    """The words printed above cell ``col`` of a row entry, as written ("WER ↓"): those
    nearer that cell's x centre than any other cell's, as
    :func:`grounding.judges.rules_tables.column_headers` assigns them."""
    cells = entry.cells
    words = getattr(page, "words", ()) or ()
    if not cells or not entry.rects or not words or not 0 <= col < len(cells):
        return ""
    box = entry.rects[0]
    xs = [c.x for c in cells]
    mine = []
    for w in words:
        r = w.rect
        if r.y1 > box.y0 + 0.5 or r.y0 < box.y0 - max_dy or is_numeric(w.text.strip()):
            continue
        cx = (r.x0 + r.x1) / 2
        if cx < box.x0 - max_dx or cx > box.x1 + max_dx:
            continue
        dists = [abs(x - cx) for x in xs]
        if min(dists) <= max_dx and dists.index(min(dists)) == col:
            mine.append(w)
    if not mine:
        return ""
    # the header line nearest above the row: not prose printed higher up
    low = max(w.rect.y1 for w in mine)
    return " ".join(w.text for w in mine if w.rect.y1 >= low - 12)
