"""The offline rules judge: lexical evidence search plus checks of numbers, polarity and scope.

No network, no model. For one sentence it decides, in order:

1. not_a_claim -- headings, framing ("Here is..."), list introductions, reference-list
   entries, offers of help, pure hedges, restatements of the question.
2. contradiction -- a number the paper states differently where the evidence holds the
   right value (C1, with the correction: the cell of the table row the number's own words
   name, in the column of its sibling numbers; a count whose qualifier was swapped, "3
   hard / 2 easy"; the value of the number's own clause; transposed digits), a reversed
   polarity against a closely matching
   evidence line (negation or antonym, C3), a comparison whose direction the sentence's own
   numbers reverse (C3).
3. nei -- a checkable number found nowhere in the paper (N1), a cited work absent from the
   paper (N3), a speculative interpretation or a sentence whose content words the paper
   does not cover (N2).
4. supported -- otherwise, with the passages holding the sentence's numbers and words.

Role: Interpretation for sentences opened or linked by "This", "Therefore", "which
means", "suggests"...; else Observation.

Usage::

    judge = RulesJudge()
    judgement = judge.judge(ClaimContext(sentence, question, previous, passages, document))
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary


from annotations.schema import ErrorSpan, ErrorTag, Label, Role
from grounding.evidence import Entry, EvidenceIndex, Hit, row_label
from grounding.judges.base import ClaimContext
from grounding.judges.rules_cells import (best_rows, cell_near, header_column,
                                          in_number_list, label_terms, name_before,
                                          phrase_after, same_table, text_after,
                                          words_before)
from grounding.judges.rules_tables import column_headers, columns_naming
from grounding.judges.rules_cues import (ANTONYMS, FRAMING, HEDGES, INTERPRETATION, LIST_INTRO,
                                         OFFERS, SPECULATION, is_reference_entry,
                                         NEGATIONS, words)
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric, unfold
from grounding.quantities import (Quantity, comparable, extract_quantities, has_multiplier,
                                  same_count_noun, same_value)
from grounding.types import Judgement, Passage, Sentence


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """Thresholds of the rules judge (scores in [0, 1]).

    k: passages searched per sentence. slot_min_score: minimum retrieval score of the
    passage that must hold a differing value for a number to count as contradicted (C1).
    nei_coverage: share of the sentence's content words that must appear in the top three
    passages for a sentence without confirmed numbers to be supported.
    speculative_coverage: the same share required of a speculative Interpretation ("This
    suggests ... probably ..."). polarity_min_similarity: share of the sentence's content
    words an evidence passage must hold to be "the same statement" in the negation check.
    """

    k: int = 8
    slot_min_score: float = 0.35
    nei_coverage: float = 0.5
    speculative_coverage: float = 0.8
    polarity_min_similarity: float = 0.72
    interpretation_coverage: float = 1.01


@dataclass(slots=True)
class _NumberCheck:
    quantity: Quantity
    status: str                      # found, found_far, derived, conflict, absent, unverifiable
    hit: Hit | None = None
    correction: Quantity | None = None
    operands: tuple[float, float] | None = None
    #: the words the error span adds after the number ("3" + " hard"), "" for none
    suffix: str = ""


@dataclass(slots=True)
class _Findings:
    numbers: list[_NumberCheck] = field(default_factory=list)
    errors: list[ErrorSpan] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    wrong_before: list[tuple[Quantity, str]] = field(default_factory=list)


class RulesJudge:
    """Offline judge implementing ``grounding.judges.base.Judge`` with the rules above.

    Args: config: RulesConfig thresholds. index: a prebuilt EvidenceIndex to use for every
          claim (else ``claim.index``, else one built from ``claim.document`` and cached,
          or from ``claim.passages`` when no document is given).
    """

    name = "rules"
    #: searches the document's index itself (see grounding.judges.base.Judge)
    retrieves_evidence = True

    def __init__(self, config: RulesConfig | None = None,
                 index: EvidenceIndex | None = None) -> None:
        self.config = config or RulesConfig()
        self._index = index
        self._cache: list[tuple[Any, EvidenceIndex]] = []
        #: recent judgements per paper index, by sentence text, to see which earlier
        #: numbers of the same answer were wrong; weakly keyed by the index object so that
        #: papers never mix (an id could be reused once an index is freed)
        self._memory: WeakKeyDictionary[EvidenceIndex, dict[str, Judgement]] = (
            WeakKeyDictionary())

    # ------------------------------------------------------------------ index
    def _index_for(self, claim: ClaimContext) -> tuple[EvidenceIndex | None, list[Passage] | None]:
        """The index to search, and the passages behind pseudo-pages when built from text."""
        if self._index is not None:
            return self._index, None
        given = getattr(claim.index, "lexical", claim.index)   # a HybridIndex wraps one
        if isinstance(given, EvidenceIndex):
            return given, None
        doc = claim.document
        if doc is not None and getattr(doc, "pages", None) is not None:
            return EvidenceIndex.for_document(doc), None
        if claim.passages:
            key = tuple(claim.passages)
            for held, ix in self._cache:
                if held == key:
                    return ix, list(key)
            ix = EvidenceIndex.from_texts([p.text for p in key])
            self._cache = [(key, ix)] + self._cache[:3]
            return ix, list(key)
        return None, None

    # ------------------------------------------------------------------ main
    def judge(self, claim: ClaimContext) -> Judgement:
        """Label ``claim.sentence``; never raises for ordinary text (JudgeError is not used)."""
        text = claim.sentence.text
        reason = not_a_claim_reason(text, claim.question)
        if reason:
            return Judgement(Label.NOT_A_CLAIM, None, f"Not a claim: {reason}.", judge=self.name)
        role = Role.INTERPRETATION if is_interpretation(text) else Role.OBSERVATION
        index, pseudo = self._index_for(claim)
        if index is None:
            return Judgement(Label.NEI, role, "No evidence available: no document or "
                             "passages were given, so nothing could be checked.",
                             judge=self.name)
        hits = index.hits(text, k=self.config.k)
        found = _Findings()
        previous_qs = [q for s in claim.previous[-4:] for q in extract_quantities(s.text)
                       if q.checkable]
        self._check_numbers(text, index, hits, previous_qs, found)
        found.wrong_before = self._wrong_values(claim.previous, index)
        label, rationale, evidence = self._decide(text, role, index, hits, found)
        passages = tuple(self._to_passage(h, pseudo, index.pages.get(h.entry.page))
                         for h in evidence)
        # spans are found in folded text ("-0.42"); quote them as the sentence writes them
        errors = tuple(e if e.span in text else e.model_copy(update={"span": unfold(text, e.span)})
                       for e in found.errors)
        judgement = Judgement(label, role, rationale, errors, passages,
                              judge=self.name,
                              extra={"numbers": {c.quantity.text: c.status
                                                 for c in found.numbers}})
        memory = self._memory.setdefault(index, {})
        memory[text] = judgement
        while len(memory) > 512:
            memory.pop(next(iter(memory)))
        return judgement

    def _wrong_values(self, previous: tuple[Sentence, ...],
                      index: EvidenceIndex) -> list[tuple[Quantity, str]]:
        """Numbers this judge found contradicted (C1) in earlier sentences of the answer."""
        out = []
        memory = self._memory.get(index, {})
        for s in previous:
            j = memory.get(s.text)
            if j is None:
                continue
            for err in j.errors:
                if ErrorTag.C1 in err.tags:
                    for q in extract_quantities(err.span):
                        if q.checkable:
                            out.append((q, err.correction))
        return out

    @staticmethod
    def _to_passage(hit: Hit, pseudo: list[Passage] | None, page: Any = None) -> Passage:
        if pseudo is not None and 1 <= hit.entry.page <= len(pseudo):
            base = pseudo[hit.entry.page - 1]
            return Passage(base.page, base.start, base.end, base.text, base.rects,
                           round(hit.score, 4))
        return hit.passage(page)

    # ------------------------------------------------------------------ numbers
    def _check_numbers(self, text: str, index: EvidenceIndex, hits: list[Hit],
                       previous_qs: list[Quantity], found: _Findings) -> None:
        claim_qs = [q for q in extract_quantities(text) if q.checkable]
        context_hits: dict[int, list[Hit]] = {}
        for q in claim_qs:
            check = _NumberCheck(q, "absent")
            if q.bound is not None:
                check.status = "unverifiable"
                found.numbers.append(check)
                continue
            hit = _find_value(q, hits, text)
            if hit is None:
                ctx = index.hits(_clause(text, q), k=self.config.k)
                context_hits[id(check)] = ctx
                hit = _find_value(q, ctx, text)
            if hit is not None:
                check.status, check.hit = "found", hit
            elif (operands := _derived(text, q, claim_qs, previous_qs + [
                    e for h in hits[:2] for e in h.entry.quantities if e.checkable])) is not None:
                in_paper = all(any(math.isclose(v, e.value, rel_tol=1e-9)
                                   for qs in index.page_quantities.values() for e in qs)
                               for v in operands)
                check.status = "derived" if in_paper else "derived_unsettled"
                check.operands = operands
            elif q.kind not in ("word", "fraction") and any(
                    _comparable_far(q, e) and same_value(q, e)
                     for qs in index.page_quantities.values() for e in qs):
                check.status = "found_far"
            found.numbers.append(check)
        self._check_count_swaps(text, hits, found)
        self._check_table_rows(text, index, hits, found)
        self._check_named_cells(text, index, hits, found)
        self._check_columns(text, index, found)
        self._check_attached_names(text, index, found)
        # conflicts: an absent number whose slot in a matching passage holds another value
        for check in found.numbers:
            if check.status != "absent":
                continue
            extra = context_hits.get(id(check), [])
            own = _own_clause(text, check.quantity)
            if own is not None:           # the number's clause alone, without other numbers
                extra = extra + index.hits(own, k=self.config.k)
            conflict = self._find_conflict(text, check.quantity, claim_qs, found.numbers,
                                           hits + extra, index)
            if conflict is not None:
                check.status = "conflict"
                check.hit, check.correction = conflict

    def _check_count_swaps(self, text: str, hits: list[Hit], found: _Findings) -> None:
        """Counts whose qualifying words were swapped ("3 hard negatives and 2 easy
        negatives" where the paper says "2 hard negatives and 3 easy negatives").

        A counted number ("3 hard ...") is contradicted by a close passage (score at least
        ``slot_min_score``) that gives the same count noun another value while stating the
        claim's value for a different count noun; the passage's value for the claim's noun
        is the correction (C1). Numbers already judged in conflict are left alone.
        """
        for check in found.numbers:
            q = check.quantity
            if (check.status == "conflict" or q.bound is not None or q.unit is None
                    or q.physical or q.unit == "point" or q.kind in ("fraction", "ref")):
                continue
            for h in hits[:5]:
                if h.score < self.config.slot_min_score:
                    continue
                qs = [e for e in h.entry.quantities if e.checkable]
                same = [e for e in qs if same_count_noun(q, e)]
                if not same or any(same_value(q, e) for e in same):
                    continue
                if not any(same_value(q, e) and same_count_noun(q, e) is False for e in qs):
                    continue
                cands = [e for e in same if _plausible(q, e)]
                if cands:
                    check.status, check.hit, check.correction = "conflict", h, cands[0]
                    m = re.match(r"\s+[A-Za-z][\w-]*", fold(text)[q.end:])  # q's frame
                    check.suffix = m.group(0) if m else ""
                    break

    def _check_table_rows(self, text: str, index: EvidenceIndex, hits: list[Hit],
                          found: _Findings) -> None:
        """Hold numbers to the table row of the entity they are attributed to.

        A number follows the last name before it (within 80 characters) that labels a
        table row on the pages of the best passages. If that row holds the value, the row
        becomes the evidence; if it holds another number of the same entity but not this
        one, the aligned cell is the correction (C1); if the row holds none of the entity's
        two or more numbers while one other row holds them all, the name is wrong (C2).
        """
        checks = [c for c in found.numbers if c.quantity.bound is None
                  and c.quantity.kind in ("number", "percent")]
        if not checks:
            return
        pages = {h.entry.page for h in hits[:5]} | {c.hit.entry.page for c in checks
                                                     if c.hit is not None}
        rows = [pid for p in sorted(pages) for pid in index.rows_by_page.get(p, [])]
        if len(checks) >= 2:
            for p, pids in index.rows_by_page.items():
                if p in pages:
                    continue
                for pid in pids:
                    cells = index.entries[pid].cells
                    if sum(1 for c in checks if any(same_value(c.quantity, x.quantity)
                                                    for x in cells)) >= 2:
                        rows.append(pid)
        if not rows:
            return
        labels = {pid: set(content_terms(row_label(index.entries[pid]))) for pid in rows}
        s = fold(text)
        names: list[tuple[int, str, list[int]]] = []
        number_ends = {q.end for q in extract_quantities(text)}
        for m in _ROW_NAME.finditer(s):
            token = m.group(0).rstrip("-")
            if len(token) < 2 or m.start() - 1 in number_ends or m.start() in number_ends:
                continue                         # "84.4 MAP": a metric after its number
            terms = [t for t in content_terms(token) if not is_numeric(t)]
            if not terms:
                continue
            matching = [pid for pid in rows if len(index.entries[pid].cells) >= 2
                        and all(t in labels[pid] for t in terms)]
            names.append((m.start(), token, matching))
        self._check_label_rows(text, index, rows, labels, checks)
        if not any(n[2] for n in names):
            return
        header_terms: set[str] = set()
        for n in names:
            for pid in n[2][:4]:
                e = index.entries[pid]
                for h in column_headers(e, index.pages.get(e.page)):
                    header_terms |= h
        groups: dict[int, list[_NumberCheck]] = {}
        for c in checks:
            before = [n for n in names if n[0] < c.quantity.start
                      and c.quantity.start - n[0] <= 80
                      # a name heading a column ("AIME") does not stop the row name
                      and (n[2] or not all(t in header_terms for t in content_terms(n[1])))]
            if before and before[-1][2]:
                chosen = before[-1]
                near_terms = set(content_terms(chosen[1]))
                for n in names:      # "DeepSeek-R1-Distill-Qwen-32B ... DeepSeek-R1 ... 72.6"
                    if n[0] < chosen[0] and n[2] and set(content_terms(n[1])) > near_terms:
                        chosen = n
                groups.setdefault(chosen[0], []).append(c)
        for pos, group in groups.items():
            _, name, matching = next(n for n in names if n[0] == pos)
            entries = [(pid, index.entries[pid]) for pid in matching]
            values_in = {pid: [c for c in group if any(same_value(c.quantity, cell.quantity)
                                                       for cell in e.cells)]
                         for pid, e in entries}
            best_pid = max(values_in, key=lambda pid: (len(values_in[pid]),
                                                       len(index.entries[pid].cells)))
            best = index.entries[best_pid]
            inside = values_in[best_pid]
            hit = Hit(best, best_pid, 1.0)
            for c in inside:
                c.status, c.hit = "found", hit
            if inside and len(inside) < len(group):
                cells = best.cells
                page_lines = [e for e in index.entries if e.page == best.page
                              and e.kind == "line" and len(e.quantities) < 0.3 * len(e.terms)]
                for c in group:
                    if c in inside or c.status == "found" or (
                            c.status == "found_far" and any(same_value(c.quantity, e)
                                                            for line in page_lines
                                                            for e in line.quantities)):
                        continue                 # the value is written in the page's prose
                    anchor = min(inside, key=lambda a: abs(a.quantity.start - c.quantity.start))
                    idx = next(i for i, cell in enumerate(cells)
                               if same_value(anchor.quantity, cell.quantity))
                    order = sorted(group, key=lambda g: g.quantity.start)
                    j = idx + order.index(c) - order.index(anchor)
                    if (0 <= j < len(cells) and _plausible(c.quantity, cells[j].quantity)
                            and comparable(c.quantity, cells[j].quantity)):
                        c.status, c.hit, c.correction = "conflict", hit, cells[j].quantity
            elif not inside and len(group) >= 2:
                holders = [pid for pid in rows if pid not in matching and all(
                    any(same_value(c.quantity, cell.quantity) for cell in index.entries[pid].cells)
                    for c in group)]
                claim_terms = set(content_terms(text))
                named = [pid for pid in holders
                         if {t for t in content_terms(row_label(index.entries[pid]))
                             if not is_numeric(t) and len(t) >= 3} & claim_terms]
                if not holders or named:
                    continue                 # nobody else holds them, or the sentence names it
                # the tightest row holding them all (a column-group piece before its full line)
                pid = min(holders, key=lambda r: len(index.entries[r].cells))
                e = index.entries[pid]
                other = row_label(e)
                if other and name in text:
                    found.errors.append(ErrorSpan(span=name, tags=(ErrorTag.C2,),
                                                  correction=other))
                    found.notes.append(f"the values belong to \"{other}\" on page "
                                       f"{e.page}, not to {name}")
                    for c in group:
                        c.status, c.hit = "found", Hit(e, pid, 1.0)

    def _check_named_cells(self, text: str, index: EvidenceIndex, hits: list[Hit],
                           found: _Findings) -> None:
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
        checks = [c for c in found.numbers if c.quantity.bound is None
                  and c.quantity.kind in ("number", "percent")
                  and c.status in ("found", "found_far", "absent")]
        if not checks:
            return
        pages = {h.entry.page for h in hits[:5]} | {c.hit.entry.page for c in found.numbers
                                                     if c.hit is not None}
        rows = [(pid, index.entries[pid]) for p in sorted(pages)
                for pid in index.rows_by_page.get(p, []) if len(index.entries[pid].cells) >= 2]
        rows += [r for p in sorted(pages) for r in index.loose_rows(p)]
        if not rows:
            return
        claim_terms = set(content_terms(text))
        labels: list[set[str]] = []          # label_terms of each row, made on first use

        def rows_named(terms: set[str]) -> list[tuple[int, Entry]]:
            if terms and not labels:
                labels.extend(label_terms(e) for _, e in rows)
            return best_rows(terms, rows, labels)

        named: dict[int, list[tuple[int, Entry]]] = {}
        for c in checks:
            after = phrase_after(text, c.quantity)
            cands = rows_named(after)
            if (not cands and not re.search(r"[^\W\d_]", text_after(text, c.quantity.end))
                    and not in_number_list(text, c.quantity)):
                # nothing written after the number: the row is named before it (not for
                # a list of numbers, "A and B scores (87.6 and 92.3)": they go respectively)
                cands = rows_named(name_before(text, c.quantity))
                if len(cands) != 1:
                    cands = rows_named(words_before(text, c.quantity)) or cands
            if cands:
                named[id(c)] = cands
        # numbers whose named row holds them: the anchors giving a column
        anchors: list[tuple[_NumberCheck, int, Entry, float]] = []
        for c in checks:
            cands = named.get(id(c), [])
            holding = [(pid, e, cell) for pid, e in cands for cell in e.cells
                       if same_value(c.quantity, cell.quantity)]
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
                if len(label_terms(c.hit.entry) & local) >= max(
                        (len(label_terms(e) & local) for _, e in cands), default=0) > 0:
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
                holders = [(e, cell.x) for p2, e in rows if p2 != pid and same_table(e, row)
                           for cell in e.cells if same_value(c.quantity, cell.quantity)]
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
            if (not same_value(c.quantity, cand) and _plausible(c.quantity, cand)
                    and cand.decimals == c.quantity.decimals):
                c.status, c.hit, c.correction = "conflict", Hit(row, pid, 1.0), cand

    @staticmethod
    def _check_label_rows(text: str, index: EvidenceIndex, rows: list[int],
                          labels: dict[int, set[str]], checks: list[_NumberCheck]) -> None:
        """A sentence that spells out a row's whole label ("Training without hard negatives
        ..." for the row "No hard negatives") speaks of that row: a lone number of the
        sentence that the row does not hold, but that was read from a row the sentence does
        not name, is corrected with the row's closest value of the same precision (C1)."""
        if len(checks) != 1:
            return
        c = checks[0]
        claim_terms = set(content_terms(text))
        named = [pid for pid in rows if len(labels[pid]) >= 2 and labels[pid] <= claim_terms
                 and not any(same_value(c.quantity, x.quantity)
                             for x in index.entries[pid].cells)]
        if len(named) != 1 or c.status == "found" and c.hit is not None and (
                c.hit.entry.kind != "row" or labels.get(c.hit.pid, set()) <= claim_terms
                or set(content_terms(row_label(c.hit.entry))) <= claim_terms):
            return
        entry = index.entries[named[0]]
        cands = [x.quantity for x in entry.cells if _plausible(c.quantity, x.quantity)
                 and x.quantity.decimals == c.quantity.decimals]
        if cands:
            best = min(cands, key=lambda e: abs(e.value - c.quantity.value))
            c.status, c.hit, c.correction = "conflict", Hit(entry, named[0], 1.0), best

    def _check_columns(self, text: str, index: EvidenceIndex, found: _Findings) -> None:
        """A number read from a table row must sit under the column its sentence names.

        For each number found in a row, the nearest name in the sentence (60 characters
        before to 40 after, skipping names of the row itself) that heads a column of that
        table decides: if the number is not in that column, the cell under the named
        column is the correction (C1).
        """
        s = fold(text)
        names = []
        for m in _ROW_NAME.finditer(s):
            token = m.group(0).rstrip("-")
            terms = [t for t in content_terms(token) if not is_numeric(t)]
            if len(token) >= 2 and terms:
                names.append((m.start(), m.end(), terms))
        for c in found.numbers:
            if c.status != "found" or c.hit is None or c.hit.entry.kind != "row":
                continue
            entry = c.hit.entry
            q = c.quantity
            idx = next((i for i, cell in enumerate(entry.cells)
                        if same_value(q, cell.quantity)), None)
            if idx is None:
                continue
            heads = column_headers(entry, index.pages.get(entry.page))
            if not any(heads):
                continue
            label = set(content_terms(row_label(entry)))
            # in a list of numbers ("A and B score 70.98 and 68.45") the names before it
            # go respectively, not the last one to every number
            listed = in_number_list(text, q)
            near = []
            for a, b, terms in names:
                if set(terms) <= label:
                    continue
                if a >= q.end and _NAME_AFTER.fullmatch(s[q.end:a]):
                    near.append((a - q.end, terms))        # "48.9% for DeepSeek-V3"
                elif (b <= q.start and _NAME_BEFORE.fullmatch(s[b:q.start])
                      and not listed):
                    near.append((q.start - b, terms))      # "R1's 30.1", "KAT at 54.4"
            for _, terms in sorted(near, key=lambda n: n[0]):
                cols = columns_naming(terms, heads)
                if not cols:
                    continue
                if idx not in cols and len(cols) == 1:
                    cand = entry.cells[cols[0]].quantity
                    if not same_value(q, cand) and _plausible(q, cand):
                        c.status, c.correction = "conflict", cand
                break

    def _check_attached_names(self, text: str, index: EvidenceIndex,
                              found: _Findings) -> None:
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
            window = s[max(0, q.start - 25):q.end + 25]
            names = [m.group(0) for m in _NAME.finditer(window)]
            terms = {t for n in names for t in content_terms(n) if not is_numeric(t)}
            if not terms or terms & set(c.hit.entry.terms):
                continue
            for h in index.hits(_clause(text, q, 40), k=6):
                if not terms <= set(h.entry.terms):
                    continue
                cands = [e for e in h.entry.quantities if e.unit == q.unit and e.checkable
                         and not same_value(q, e) and _plausible(q, e)]
                if cands and not any(same_value(q, e) for e in h.entry.quantities):
                    c.status, c.hit, c.correction = "conflict", h, cands[0]
                break

    @staticmethod
    def _sibling_row(text: str, q: Quantity, anchor: Hit, idx: int,
                     index: EvidenceIndex) -> tuple[Hit, Quantity] | None:
        """Another row of the anchor's table whose label names ``q``'s own words ("of which
        13.9 are linked" -> the row "Linked bib. entries"): its cell in the anchor's column."""
        near = {t for t in content_terms(fold(text)[max(0, q.start - 25):q.end + 25])
                if not is_numeric(t)}
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

    def _find_conflict(self, text: str, q: Quantity, claim_qs: list[Quantity],
                       checks: list[_NumberCheck], hits: list[Hit],
                       index: EvidenceIndex | None = None) -> tuple[Hit, Quantity] | None:
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
            idx = next((i for i, cell in enumerate(cells)
                        if same_value(c.quantity, cell.quantity)), None)
            if idx is None:
                continue
            other = self._sibling_row(text, q, c.hit, idx, index) if index is not None else None
            if other is not None:
                cand = other[1]
                if (comparable(q, cand) and not any(same_value(o, cand) for o in claimed_values)
                        and _plausible(q, cand)):
                    return other
            j = idx + (pos - claim_qs.index(c.quantity))
            if 0 <= j < len(cells):
                cand = cells[j].quantity
                if (comparable(q, cand) and not any(same_value(o, cand) for o in claimed_values)
                        and _plausible(q, cand)):
                    return c.hit, cand
        # 2. a misread separator: same digits, a power of 1000 apart ("1.25" vs "1.250")
        for h in hits[:3]:
            for e in h.entry.quantities:
                if e.checkable and e.value != q.value and _same_digits(q, e):
                    return h, e
        if index is not None and len(re.sub(r"\D", "", q.text).strip("0")) >= 3:
            for page, qs in index.page_quantities.items():
                for e in qs:
                    if e.checkable and e.value != q.value and _same_digits(q, e):
                        located = index.entry_at(page, e.start)
                        if located is not None:
                            return Hit(located[1], located[0], 0.5), e
        # 2b. two adjacent digits swapped ("76.45" for "76.54", "443" for "434")
        for h in hits[:8]:
            for e in h.entry.quantities:
                if e.checkable and _transposed(q, e) and comparable(q, e):
                    return h, e
        # 2c. the same, anywhere in the paper, next to (200 characters before to 60 after)
        # at least two of the words around the number ("PASK ... Matched 2/3 (434)")
        if index is not None and len(re.sub(r"\D", "", q.text)) >= 3:
            near = _context_terms(text, q, 40)
            for page, qs in index.page_quantities.items():
                for e in qs:
                    if not (e.checkable and _transposed(q, e) and comparable(q, e)):
                        continue
                    ptext = getattr(index.pages.get(page), "text", "")
                    around = set(content_terms(ptext[max(0, e.start - 200):e.end + 60]))
                    located = index.entry_at(page, e.start)
                    if len(near & around) >= 2 and located is not None:
                        return Hit(located[1], located[0], 0.5), e
        # 3. the best passage about this number's context holding a comparable value
        context = _context_terms(text, q)
        seen: set[int] = set()
        for h in sorted(hits, key=lambda h: -h.score):
            if h.pid in seen or h.score < self.config.slot_min_score:
                continue
            seen.add(h.pid)
            terms = set(h.entry.terms)
            overlap = len(context & terms) / max(len(context), 1)
            if overlap < 0.25:
                continue
            cands = [e for e in h.entry.quantities
                     if e.checkable and _comparable_in(q, e, h) and _plausible(q, e)
                     and not same_value(q, e)
                     and not any(same_value(o, e) and same_count_noun(o, e) is not False
                                 for o in claimed_values)]
            same_noun = [e for e in cands if same_count_noun(q, e)
                         or (q.physical and e.unit == q.unit)]
            if same_noun:
                cands = same_noun
            elif overlap < 0.4:
                continue
            elif q.kind == "word" or (q.unit and not q.physical and q.unit != "point"
                                      and any(same_count_noun(q, e) is False for e in cands)):
                continue
            if not cands:
                continue
            best = min(cands, key=lambda e: (e.decimals != q.decimals,
                                              abs(e.value - q.value) / max(abs(q.value), 1e-9)))
            return h, best
        return None

    # ------------------------------------------------------------------ decision
    @staticmethod
    def _needs_review(found: _Findings, hits: list[Hit]) -> str | None:
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
                    return (f"Needs review: the evidence on page {h.entry.page} for "
                            f"{c.quantity.text} holds \"{bad.text}\", whose characters come "
                            "from an unrecognised symbol font next to a digit (possibly a "
                            "mis-encoded minus or operator); a person should check the PDF.")
        return None

    def _decide(self, text: str, role: Role, index: EvidenceIndex, hits: list[Hit],
                found: _Findings) -> tuple[Label, str, list[Hit]]:
        cfg = self.config
        review = self._needs_review(found, hits)
        if review is not None:
            return Label.NEI, review, []
        for c in found.numbers:
            # a "correction" that reads as the claim itself ("380.5 million" against
            # "380.5M", "8.1%" against "8.1M") is a reading of units, not a wrong number
            if (c.status == "conflict" and c.correction is not None
                    and _correction_text(c.quantity, c.correction) == c.quantity.text):
                c.status, c.correction = "found", None
        conflicts = [c for c in found.numbers if c.status == "conflict"]
        if conflicts:
            evidence: list[Hit] = []
            parts = []
            for c in conflicts:
                assert c.hit is not None and c.correction is not None
                found.errors.append(ErrorSpan(span=c.quantity.text + c.suffix,
                                              tags=(ErrorTag.C1,),
                                              correction=_correction_text(c.quantity,
                                                                          c.correction)
                                              + c.suffix))
                if c.hit not in evidence:
                    evidence.append(c.hit)
                parts.append(f"the sentence says {c.quantity.text} where page "
                             f"{c.hit.entry.page} gives {c.correction.text}")
            return (Label.CONTRADICTION, "Contradicted: " + "; ".join(parts) +
                    f" (evidence: \"{_short(evidence[0].entry.text)}\").", evidence)

        inherited = _inherited(found)
        if inherited is not None:
            held = [c.hit for c in found.numbers if c.hit is not None]
            return Label.CONTRADICTION, inherited, list(dict.fromkeys(held))[:2] or hits[:1]

        swaps = [e for e in found.errors if ErrorTag.C2 in e.tags]
        if swaps:
            ev = [c.hit for c in found.numbers if c.hit is not None][:1]
            return (Label.CONTRADICTION, "Contradicted: " + "; ".join(found.notes) +
                    (f" (page {ev[0].entry.page})." if ev else "."), ev)

        polarity = _polarity_conflict(text, hits, cfg.polarity_min_similarity)
        if polarity is not None:
            span, hit, why = polarity
            found.errors.append(ErrorSpan(span=span, tags=(ErrorTag.C3,), correction=""))
            return (Label.CONTRADICTION, f"Contradicted: {why} on page {hit.entry.page} "
                    f"(\"{_short(hit.entry.text)}\").", [hit])

        swap = _substitution(text, hits)
        if swap is not None:
            span, correction, hit = swap
            found.errors.append(ErrorSpan(span=span, tags=(ErrorTag.C2,), correction=correction))
            return (Label.CONTRADICTION, f"Contradicted: the sentence says \"{span}\" where "
                    f"the same statement on page {hit.entry.page} says \"{correction}\" "
                    f"(\"{_short(hit.entry.text)}\").", [hit])

        direction = _direction_conflict(text)
        if direction is not None:
            span, why = direction
            found.errors.append(ErrorSpan(span=span, tags=(ErrorTag.C3,), correction=""))
            return Label.CONTRADICTION, f"Contradicted: {why}.", hits[:1]

        figure = _FIGURE.search(text) is not None
        absent = [c for c in found.numbers if c.status == "absent"
                  and c.quantity.kind not in ("word", "fraction", "sci") and not figure]
        if absent:
            for c in absent:
                found.errors.append(ErrorSpan(span=c.quantity.text, tags=(ErrorTag.N1,)))
            names = ", ".join(c.quantity.text for c in absent)
            return (Label.NEI, f"Not in the paper: {names} appears nowhere in the PDF text "
                    "and no passage gives a value for it.", [])

        unsettled = [c for c in found.numbers if c.status == "derived_unsettled"]
        if unsettled:
            names = ", ".join(c.quantity.text for c in unsettled)
            return (Label.NEI, f"Not settled on its own: {names} is computed from numbers of "
                    "earlier sentences that the paper does not state; it stands or falls "
                    "with them.", [])

        missing_cite = _missing_citation(text, index)
        if missing_cite is not None:
            found.errors.append(ErrorSpan(span=missing_cite, tags=(ErrorTag.N3,)))
            return (Label.NEI, f"Not in the paper: the cited work \"{missing_cite}\" is not "
                    "mentioned in the PDF, so the claim rests on outside knowledge.", [])

        terms = [t for t in dict.fromkeys(content_terms(text)) if not is_numeric(t)]
        top_terms: set[str] = set()
        for h in hits[:3]:
            top_terms.update(h.entry.terms)
        local_cov = sum(1 for t in terms if t in top_terms) / max(len(terms), 1)
        found_hits = [c.hit for c in found.numbers if c.status == "found" and c.hit is not None]
        speculative = SPECULATION.search(text) is not None
        unknown_names = _unknown_names(text, index)
        if unknown_names:
            found.errors.append(ErrorSpan(span=unknown_names[0], tags=(ErrorTag.N1,)))
            return (Label.NEI, "Not in the paper: the name(s) "
                    f"{', '.join(unknown_names[:3])} never occur in the PDF.", [])
        if speculative and role is Role.INTERPRETATION and local_cov < cfg.speculative_coverage:
            return (Label.NEI, "Not settled by the paper: a speculative inference; the "
                    f"closest passages cover only {local_cov:.0%} of its content words.", [])
        if local_cov < cfg.nei_coverage and not found_hits:
            return (Label.NEI, f"Not found: the closest passages (best on page "
                    f"{hits[0].entry.page if hits else '-'}) cover only {local_cov:.0%} of "
                    "the sentence's content words.", [])
        evidence = list(dict.fromkeys(found_hits))[:3] or hits[:2]
        pages = sorted({h.entry.page for h in evidence})
        nums = [c.quantity.text for c in found.numbers if c.status in ("found", "found_far",
                                                                     "derived")]
        what = f"numbers {', '.join(nums)} found; " if nums else ""
        return (Label.SUPPORTED, f"Supported: {what}{local_cov:.0%} of content words in "
                f"passages on page(s) {', '.join(map(str, pages))} "
                f"(\"{_short(evidence[0].entry.text)}\").", evidence)


# ---------------------------------------------------------------------- helpers

def not_a_claim_reason(text: str, question: str = "") -> str | None:
    """Why ``text`` asserts nothing checkable (a short phrase), or None if it is a claim.

    Catches: markdown / bold headings, short unpunctuated title lines, reference-list
    entries and titles, framing openers ("Here is..."), list introductions ending in ":",
    offers of help, pure hedges, and restatements of ``question``.
    """
    s = fold(text).strip()
    bare = s.strip("*_#>-• \t").strip()
    if not bare:
        return "empty"
    if re.fullmatch(r"(?:\*\*|__)[^*_]+(?:\*\*|__)\s*:?", s) or s.startswith("#"):
        return "a heading"
    if re.fullmatch(r"(?:references?|bibliography|sources|works cited)\s*:?", bare, re.I):
        return "a reference-list title"
    if is_reference_entry(s):
        return "a reference-list entry"
    n_words = len(bare.split())
    if (not re.search(r"[.!?:;)\"'”]$", bare) and n_words <= 8 and not re.search(r"\d", bare)
            and bare[0].isupper()):
        return "a title line"
    if OFFERS.search(s):
        return "an offer of help"
    if HEDGES.search(bare):
        return "a pure hedge"
    if FRAMING.search(bare):
        return "framing"
    if bare.endswith(":") and (LIST_INTRO.search(bare) or n_words <= 12) \
            and not re.search(r"\d", bare):
        return "a list introduction"
    if question:
        q = set(content_terms(question))
        t = content_terms(bare)
        if t and len(t) >= 3 and sum(1 for w in t if w in q) / len(t) >= 0.9 \
                and not re.search(r"\d", bare):
            return "a restatement of the question"
    return None


def is_interpretation(text: str) -> bool:
    """True if ``text`` reads as an inference ("This suggests", "Therefore", "which means")."""
    s = re.sub(r"^\s*[-•]?\s*\*\*[^*]+\*\*:?\s*", "", fold(text)).strip().lstrip("*_-• ")
    return INTERPRETATION.search(s) is not None


def _context_terms(text: str, q: Quantity, width: int = 60) -> set[str]:
    lo, hi = max(0, q.start - width), min(len(text), q.end + width)
    return {t for t in content_terms(fold(text)[lo:hi]) if not is_numeric(t)}


def _plausible(q: Quantity, e: Quantity) -> bool:
    """Could ``e`` be the value ``q`` was meant to be? Same sign, and within a factor 3 or
    off by a power of ten (a decimal or thousands separator misread)."""
    if e.kind in ("ref", "year", "rank") or q.kind in ("ref", "year"):
        return False
    a, b = abs(q.value), abs(e.value)
    if a == 0 or b == 0:
        return a == b
    if (q.value < 0) != (e.value < 0):
        return False
    if 1 / 3 <= a / b <= 3:
        return True
    shift = math.log10(a / b)
    return abs(shift - round(shift)) < 1e-6 and q.unit is not None and not q.physical


def _same_digits(q: Quantity, e: Quantity) -> bool:
    """True if ``q`` and ``e`` differ by a power of 1000 with the same digits (1.25 / 1250),
    neither written with a multiplier ("8.1M" is no misread "8.1")."""
    if q.value == 0 or e.value == 0 or (q.value < 0) != (e.value < 0):
        return False
    if has_multiplier(q) or has_multiplier(e) or not comparable(q, e):
        return False
    shift = math.log10(abs(e.value) / abs(q.value))
    if abs(shift - round(shift)) > 1e-9 or round(shift) % 3 != 0:
        return False
    digits = [re.sub(r"\D", "", x.text).strip("0") for x in (q, e)]
    return digits[0] == digits[1] and len(digits[0]) >= 2


def _transposed(q: Quantity, e: Quantity) -> bool:
    """True if ``e`` is ``q`` with two adjacent digits swapped (76.45 / 76.54; 443 / 434):
    same sign, decimals and digit count, at least three digits, exactly one adjacent swap."""
    if q.value == e.value or (q.value < 0) != (e.value < 0) or q.decimals != e.decimals:
        return False
    a, b = re.sub(r"\D", "", q.text), re.sub(r"\D", "", e.text)
    if len(a) != len(b) or len(a) < 3:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return (len(diff) == 2 and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])


def _comparable_in(q: Quantity, e: Quantity, hit: Hit) -> bool:
    """``comparable`` plus: a physical unit (not %) only meets a unit-less number in a table row."""
    if not comparable(q, e):
        return False
    if q.physical and q.unit != "%" and e.unit is None and hit.entry.kind != "row":
        return False
    return True


def _comparable_far(q: Quantity, e: Quantity) -> bool:
    """``comparable``, and a physical unit (not %) must be written on the far side too."""
    if q.physical and q.unit != "%" and e.unit is None:
        return False
    return comparable(q, e)


def _find_value(q: Quantity, hits: list[Hit], text: str = "") -> Hit | None:
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
    context = _context_terms(text, q, 30) if (small and text) else set()
    for h in hits:
        if context and not context & set(h.entry.terms):
            continue
        qs = h.entry.quantities
        for e in qs:
            if not (_comparable_in(q, e, h) and same_value(q, e)):
                continue
            same = same_count_noun(q, e)
            if same is False and any(same_count_noun(q, o) for o in qs):
                continue
            if counted and same is None and q.decimals == 0 and abs(q.value) < 1000:
                continue          # "3 hard negatives" is not confirmed by a bare "3"
            found.append(h)
            break
    if not found:
        return None
    rows = [h for h in found if h.entry.kind == "row"]
    return rows[0] if rows else found[0]


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
    clause = t[lo:q.start] + q.text + t[q.end:hi]
    others = [x for x in extract_quantities(clause) if x.text != q.text]
    for x in sorted(others, key=lambda x: -x.start):
        clause = clause[:x.start] + " " + clause[x.end:]
    words = [w for w in content_terms(clause) if not is_numeric(w)]
    return clause if len(words) >= 2 else None


def _clause(text: str, q: Quantity, width: int = 70) -> str:
    """The words around ``q`` in ``text`` (a query for the number's own context)."""
    t = fold(text)
    lo = max(0, q.start - width)
    hi = min(len(t), q.end + width)
    return t[lo:hi]


_DIFF_CUE = re.compile(r"\b(?:gap|lead|margin|difference|differ\w*|by|points?|ahead|behind|"
                       r"drops?|gains?|more|less|fewer|lower|higher|total|sum|combined)\b", re.I)
_RATIO_CUE = re.compile(r"\b(?:times|fold|twice|half|ratio|double\w*|triple\w*)\b|×", re.I)
_PERCENT_CUE = re.compile(r"%|\bpercent", re.I)


def _derived(text: str, q: Quantity, claim_qs: list[Quantity],
             previous: list[Quantity]) -> tuple[float, float] | None:
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


def _correction_text(q: Quantity, e: Quantity) -> str:
    """The claim's span rewritten with the evidence value, keeping the claim's unit text."""
    value_text = e.text
    m = re.match(r"-?[\d.,]+(?:[eE][-+]?\d+)?", e.text)
    if m:
        value_text = m.group(0)
    qm = re.match(r"-?[\d.,]+(?:[eE][-+]?\d+)?[kKMB]?", q.text)
    if qm:
        return value_text + q.text[qm.end():]
    return value_text


def _short(text: str, n: int = 90) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"


def _polarity_conflict(text: str, hits: list[Hit],
                       min_sim: float) -> tuple[str, Hit, str] | None:
    """A closely matching evidence passage with the opposite polarity: (span, hit, reason).

    Two tests, both local: (1) an antonym (increased/decreased, enabled/disabled,
    outperforms/underperforms...) of a sentence word sits in the evidence next to a content
    word that also neighbours the sentence's word; (2) a negation cue governs (is within
    four words before) a content word shared by sentence and evidence on one side only.
    The evidence must hold at least ``min_sim`` of the sentence's content words.
    """
    claim_w = words(text)
    claim_terms = set(content_terms(text))
    if not claim_terms:
        return None
    for h in hits[:4]:
        if h.entry.kind == "row":
            continue
        ev_terms = set(h.entry.terms)
        cover = len(claim_terms & ev_terms) / len(claim_terms)
        ev_w = words(h.entry.text)
        ev_set = set(ev_w)
        cset = set(claim_w)
        for i, w in enumerate(claim_w):
            opp = ANTONYMS.get(w)
            if not opp or w in ev_set or (opp & cset) or h.score < 0.4:
                continue
            clause = _neighbour_stems(claim_w, i, 6)
            if len(clause & ev_terms) < 2:
                continue
            near_claim = _neighbour_stems(claim_w, i)
            for j, v in enumerate(ev_w):
                if v in opp and near_claim & _neighbour_stems(ev_w, j):
                    span = _find_word(text, w)
                    if span:
                        return (span, h, f"the sentence says \"{w}\" where the paper says "
                                f"\"{v}\"")
        if cover < min_sim:
            continue
        shared = claim_terms & ev_terms
        c_neg = _governed(claim_w, shared)
        e_neg = _governed(ev_w, shared)
        if bool(c_neg) != bool(e_neg):
            neg_w, aff_w, gov = (claim_w, ev_w, c_neg) if c_neg else (ev_w, claim_w, e_neg)
            if len(ev_w) > 35 and not _same_clause(neg_w, aff_w, gov):
                continue                   # a long passage: the negation may be elsewhere
            span = _negation_span(text) if c_neg else _affirmed_span(text, claim_w, e_neg)
            if span:
                which = "negates" if c_neg else "affirms"
                return span, h, f"the sentence {which} what the paper states the other way"
    return None


_TOKEN = re.compile(r"[\w@.+/-]*\w")


def _substitution(text: str, hits: list[Hit]) -> tuple[str, str, Hit] | None:
    """A name swapped inside an otherwise identical statement: (span, correction, hit).

    The sentence and a close evidence passage are aligned word by word (difflib); a single
    capitalised or mixed-case word of the sentence replaced by a different such word, with at
    least two identical words on each side, is an entity swap ("respond in Chinese" where
    the paper says "respond in English"). The sentence's word must not occur in the passage
    and the passage's word must not occur in the sentence.
    """
    from difflib import SequenceMatcher

    c_tok = _TOKEN.findall(fold(text))
    c_low = [t.lower() for t in c_tok]
    for h in hits[:3]:
        if h.entry.kind == "row" or h.score < 0.45:
            continue
        e_tok = _TOKEN.findall(fold(h.entry.text).replace("\n", " "))
        e_low = [t.lower() for t in e_tok]
        sm = SequenceMatcher(None, c_low, e_low, autojunk=False)
        ops = sm.get_opcodes()
        for k, (tag, i1, i2, j1, j2) in enumerate(ops):
            if tag != "replace" or i2 - i1 != 1 or j2 - j1 != 1:
                continue
            if k == 0 or k == len(ops) - 1:
                continue
            before, after = ops[k - 1], ops[k + 1]
            if before[0] != "equal" or after[0] != "equal":
                continue
            if before[2] - before[1] < 2 or after[2] - after[1] < 2:
                continue
            cw, ew = c_tok[i1], e_tok[j1]
            if not (_is_name(cw) and _is_name(ew)) or cw.lower() in e_low or ew.lower() in c_low:
                continue
            if cw.lower() in ew.lower() or ew.lower() in cw.lower():
                continue                       # "HMMER" / "HMMER3": the same name
            if cw in text:
                return cw, ew, h
    return None


def _is_name(token: str) -> bool:
    return bool(re.search(r"[A-Z]", token)) and not token.isupper() or (
        token.isupper() and len(token) >= 2)


def _inherited(found: _Findings) -> str | None:
    """A rationale when the sentence repeats, or computes from, a number that an earlier
    sentence got wrong (found contradicted there), else None. The label is then
    contradiction with no error span of its own (a false premise, C4 after propagation)."""
    for c in found.numbers:
        for wrong, correction in found.wrong_before:
            if c.quantity.kind in ("word", "fraction") or wrong.value == 0:
                continue
            if same_count_noun(c.quantity, wrong) is False:
                continue                  # "2 epochs" does not repeat a wrong "2 easy"
            repeats = math.isclose(c.quantity.value, wrong.value, rel_tol=1e-9)
            uses = c.operands is not None and any(math.isclose(v, wrong.value, rel_tol=1e-9)
                                                  for v in c.operands)
            if repeats or uses:
                how = "repeats" if repeats else f"computes {c.quantity.text} from"
                return (f"Contradicted through its premise: it {how} {wrong.text}, which an "
                        f"earlier sentence got wrong (the paper gives {correction}).")
    return None


def _same_clause(neg_w: list[str], aff_w: list[str], governed: set[str]) -> bool:
    """True if the words around a negation cue in ``neg_w`` (5 each side) and the words
    around the governed term in ``aff_w`` share at least three content terms: the two
    sides state the same clause, one of them negated."""
    for i, w in enumerate(neg_w):
        if w not in NEGATIONS:
            continue
        around = _neighbour_stems(neg_w, i, 5)
        if not around & governed:
            continue
        for j, v in enumerate(aff_w):
            if set(content_terms(v)) & governed:
                if len(around & (_neighbour_stems(aff_w, j, 5) | set(content_terms(v)))) >= 3:
                    return True
    return False


def _neighbour_stems(ws: list[str], i: int, width: int = 3) -> set[str]:
    out = set()
    for w in ws[max(0, i - width):i] + ws[i + 1:i + 1 + width]:
        out.update(content_terms(w))
    return out


def _governed(ws: list[str], shared: set[str]) -> set[str]:
    """The shared content terms that a negation cue precedes within four words."""
    out: set[str] = set()
    for i, w in enumerate(ws):
        if w in NEGATIONS:
            if w == "no" and i + 1 < len(ws) and ws[i + 1] in ("longer", "more"):
                continue
            follow = set()
            for x in ws[i + 1:i + 5]:
                follow.update(content_terms(x))
            out |= follow & shared
    return out


def _find_word(text: str, w: str) -> str | None:
    m = re.search(r"\b" + re.escape(w) + r"\b", text, re.IGNORECASE)
    return m.group(0) if m else None


def _negation_span(text: str) -> str | None:
    m = re.search(r"\b(?:not|no|never|without|cannot|\w+n't)\b(?:\s+\w+){0,2}", text,
                  re.IGNORECASE)
    return m.group(0) if m else None


def _affirmed_span(text: str, ws: list[str], negated: set[str]) -> str | None:
    """The words of ``text`` that the evidence negates: a quantifier ("Some participants")
    or the first word whose stem the evidence's negation governs ("reduced")."""
    m = re.search(r"\b(?:some|all|every|any)\b(?:\s+\w+)?", text, re.IGNORECASE)
    if m:
        return m.group(0)
    for w in ws:
        if w not in STOPWORDS and set(content_terms(w)) & negated and len(w) > 2:
            span = _find_word(text, w)
            if span:
                return span
    return None


_UP = r"(?:above|ahead|higher|better|outperform\w*|beats?|beating|exceeds?|surpass\w*|leads?|" \
      r"tops?|rais\w*|ris\w*|increas\w*|lifts?|improv\w*|gains?|up)"
_DOWN = r"(?:below|behind|lower\w*|worse|trails?|trailing|lags?|lagging|underperform\w*|" \
        r"drops?|dropp\w*|dipp\w*|dips?|fall\w*|fell|decreas\w*|reduc\w*|declin\w*|down)"
_PAIR = re.compile(r"(?:from\s+)?(-?\d+(?:\.\d+)?)\s*%?\s*(vs\.?|versus|against|to)\s+"
                   r"(-?\d+(?:\.\d+)?)(?![\w.]*\d)", re.IGNORECASE)


def _direction_conflict(text: str) -> tuple[str, str] | None:
    """A stated direction that the sentence's own number pair reverses.

    Reads "ahead ... (96.6 vs 96.3)", "below ... (83.3 vs 86.1)" (first number is the
    subject's) and "rises from 67.57 to 68.93", "drops from 80.0 to 78.4"; the direction word
    is the nearest one before the pair in the same clause.
    """
    s = fold(text)
    for m in _PAIR.finditer(s):
        a, b = float(m.group(1)), float(m.group(3))
        if a == b:
            continue
        is_from = m.group(2).lower() == "to"
        if is_from and not re.search(r"from\s+$", s[:m.start(1)]):
            continue
        clause_start = max(s.rfind(";", 0, m.start()), s.rfind(":", 0, m.start()),
                           s.rfind(". ", 0, m.start()), s.rfind(", and", 0, m.start()),
                           s.rfind(" but ", 0, m.start()), s.rfind(" while ", 0, m.start()))
        before = s[max(clause_start, m.start() - 80, 0):m.start()]
        if re.search(r"\d\s*(?:,|and)\s*$", s[:m.start(1)]) or \
                re.match(r"\s*(?:,|and)\s*-?\d", s[m.end():]):
            continue                      # "82.47 and 82.91 against 82.55 and 83.14": lists
        cues = list(re.finditer(r"\b(" + _UP + "|" + _DOWN + r")\b", before))
        if not cues:
            continue
        word = cues[-1].group(1)
        up = re.fullmatch(_UP, word) is not None
        grows = b > a if is_from else a > b
        if up != grows:
            return word, (f"the sentence says \"{word}\" but its own numbers "
                          f"({m.group(1)} {m.group(2)} {m.group(3)}) go the other way")
    return None


_CITATION = re.compile(r"\(?([A-Z][A-Za-z'\-]+)(?: et al\.?| and [A-Z][A-Za-z'\-]+)?,? "
                       r"\(?((?:19|20)\d{2})[a-z]?\)?")


#: Sentences that read values off a chart: their numbers are not in the PDF text.
_FIGURE = re.compile(r"\b(?:figure|fig\.|curve|plot|plotted|panel|axis|chart|histogram|"
                     r"legend|bar|bars|line|lines|dashed|dotted)\b", re.IGNORECASE)

_NAME_AFTER = re.compile(r"\s*%?\s*(?:for|by|of|from)\s+(?:the\s+)?", re.I)
_NAME_BEFORE = re.compile(r"(?:'s|’s)?\s*(?:\(|at|with|scores?|reaches|gets|obtains|of|:|=)?"
                          r"\s*", re.I)

#: Candidate row names: single tokens holding a capital (SPECTER, BERT-Large, o1-mini).
_ROW_NAME = re.compile(r"(?<![\w@.-])(?=[\w.@/+-]*[A-Z])[A-Za-z][\w@/+-]*(?:\.\d+)?")

_NAME = re.compile(r"(?<![\w@-])(?:[A-Z][a-z]*[A-Z0-9][\w-]*|[A-Z][a-z]+(?:-[A-Z0-9][\w]*)+|"
                   r"[A-Z]{2,}[\w-]*|[a-z]+[A-Z][\w-]*)")


def _unknown_names(text: str, index: EvidenceIndex) -> list[str]:
    """Name-like tokens of ``text`` (CamelCase, ACRONYMS, hyphenated proper names, capitalised
    words not opening the sentence) none of whose terms occur anywhere in the paper."""
    s = fold(text)
    out = []
    first = re.match(r"\W*(\w+)", s)
    for m in _NAME.finditer(s):
        tok = m.group(0).strip("-")
        if first and m.start() == first.start(1):
            continue
        terms = content_terms(tok)
        if not terms or any(is_numeric(t) for t in terms):
            continue
        if all(t not in index.doc_terms for t in terms) and tok in text:
            out.append(tok)
    return list(dict.fromkeys(out))


def _missing_citation(text: str, index: EvidenceIndex) -> str | None:
    """The first "Name et al., 2021" / "(Name, 2021)" whose surname the paper never mentions."""
    for m in _CITATION.finditer(fold(text)):
        name = m.group(1)
        if name.lower() in ("table", "figure", "section", "in", "since", "from", "until"):
            continue
        stemmed = content_terms(name)
        if not stemmed:
            continue
        if all(t not in index.doc_terms for t in stemmed) and not index.mentions(name):
            span = m.group(0).strip()
            if span.startswith("(") and (span.endswith(")") or span.count("(") > span.count(")")):
                span = span[1:]                # "(Name et al., 2014)" -> without brackets
            if span.endswith(")") and span.count(")") > span.count("("):
                span = span[:-1]               # but "Name et al. (2014)" keeps its own
            return span.strip()
    return None


__all__ = ["RulesConfig", "RulesJudge", "is_interpretation", "not_a_claim_reason"]
