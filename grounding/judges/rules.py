"""The offline rules judge: a sentence taken apart into checkable parts, one checker per kind
of part, and a decision table. "Supported" means every checkable part was verified.

No network, no model. For one sentence:

1. not_a_claim -- headings, framing ("Here is..."), list introductions, reference-list
   entries, offers of help, pure hedges, restatements of the question
   (:mod:`grounding.judges.claim_kind`).
2. Evidence: the passages retrieved for the sentence, minus the paper's reference list and
   (unless the sentence itself reports other work) sentences that report other studies
   (:mod:`grounding.judges.attribution`).
3. Parts (:mod:`grounding.judges.parts`) and their checkers: numbers
   (:mod:`grounding.judges.number_check`, table cells by row label x column header,
   derived numbers, count swaps, transposed digits: found / conflict C1 / absent N1);
   relations (:mod:`grounding.judges.relation_check`: reversed polarity C3, a term swapped
   in the same statement C2, a direction its own numbers reverse C3); names and cited works
   the paper never mentions (:mod:`grounding.judges.name_check`, N1 / N3); and terms,
   comparisons, negations and quantifiers held to one aligned passage
   (:mod:`grounding.judges.statement_check`).
4. The decision table (:mod:`grounding.judges.decide`): a part contradicted ->
   contradiction; a part not found -> nei naming it; every part verified -> supported.
   A sentence with nothing checkable is supported only when the paper states it (near)
   verbatim, or when it interprets a supported previous sentence without speculating;
   else nei with no error of its own, so that premise propagation decides.

The rationale names the part that decided the label. Role: Interpretation for sentences
opened or linked by "This", "Therefore", "which means", "suggests"...; else Observation.

Usage::

    judge = RulesJudge()
    judgement = judge.judge(ClaimContext(sentence, question, previous, passages, document))
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from annotations.schema import ErrorSpan, ErrorTag, Label, Role
from rapidfuzz import fuzz

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.abbreviations import Aliases
from grounding.judges.answer_memory import AnswerMemory, Wrong
from grounding.judges.attribution import Attribution, claim_reports_other_work
from grounding.judges.base import ClaimContext
from grounding.judges.claim_kind import is_interpretation, not_a_claim_reason
from grounding.judges.decide import decide
from grounding.judges.direction_check import (ROOT_LETTERS, PaperSentence, PaperSentences,
                                              direction_check, negation_conflict)
from grounding.judges.name_check import FIGURE, missing_citation, unknown_names
from grounding.judges.number_check import (check_in_passage, check_numbers, check_swaps,
                                           needs_review)
from grounding.judges.slot_check import check_slot_swaps, name_swap
from grounding.judges.number_tables import check_row_swaps, compare_rows
from grounding.judges.keyed_rows import check_keyed_rows
from grounding.judges.name_binding import check_condition_binding, check_name_binding
from grounding.judges.row_binding import check_row_binding
from grounding.judges.unchecked import nothing_checkable_reason
from grounding.judges.verb_slot import slot_contradiction
from grounding.judges.verbatim import (flip_contradiction, keep_verbatim,
                                       number_flip_contradiction)
from grounding.judges.number_common import Findings, NumberCheck, correction_text, short
from grounding.judges.parts import NAME, Part, PartKind, decompose, sentence_quantities
from grounding.judges.relation_check import (direction_conflict, numbers_order,
                                             polarity_conflict, substitution)
from grounding.judges.rules_config import RulesConfig
from grounding.judges.hedge_check import closest_sentence, unhedged
from grounding.judges.measure_binding import check_measure_binding
from grounding.judges.number_binding import check_corrections
from grounding.judges.percent_kinds import check_percent_kinds
from grounding.judges.premise_text import sentence_premises
from grounding.judges.quotes import QuoteCheck, check_quotes, framing_only
from grounding.judges.table_refs import wrong_reference
from grounding.judges.rules_cues import NEGATIONS, SPECULATION, words
from grounding.judges.statement_check import (Alignment, PartResult, Status, align,
                                              check_comparison, clause_of, clauses, check_polarity,
                                              check_quantifier, check_term, flipped_operators,
                                              missing_entities, negated_in_passage,
                                              reversed_operators, title_words)
from grounding.judges.rules_cells import cell_near, same_table
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric, root, unfold
from grounding.memo import per_check
from grounding.quantities import Quantity, same_value
from grounding.types import Judgement, Passage

#: rapidfuzz partial_ratio (0-100) at which a sentence is the paper's own words (layout
#: noise and a changed connective allowed), the same cut as EvidenceIndex.locate.
VERBATIM = 90.0

#: Number statuses that a checker verified (found_far: only somewhere else in the paper).
_VERIFIED = {"found": False, "derived": False, "found_far": True}


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
        #: per paper index (weakly keyed, so papers never mix): the answer memory and the
        #: paper's reference list and cited sentences
        self._memory: WeakKeyDictionary[EvidenceIndex, AnswerMemory] = WeakKeyDictionary()
        self._attribution: WeakKeyDictionary[EvidenceIndex, Attribution] = (
            WeakKeyDictionary())
        #: per paper index: the abbreviations the paper defines
        self._aliases: WeakKeyDictionary[EvidenceIndex, Aliases] = WeakKeyDictionary()
        #: terms of a page's lines, per (id of the index, page), for the current index only
        self._page_terms: dict[tuple[int, int], frozenset[str]] = {}

    # ------------------------------------------------------------------ index
    def index_for(self, claim: ClaimContext) -> tuple[EvidenceIndex | None, list[Passage] | None]:
        """The evidence index this judge searches for ``claim`` (built and cached as
        :meth:`judge` does), and the passages behind its pseudo-pages when it was built
        from ``claim.passages``; ``(None, None)`` when there is no evidence at all."""
        return self._index_for(claim)

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
        index, pseudo = self._index_for(claim)
        memory = self._memory.get(index) if index is not None else None
        if index is not None and memory is None:
            memory = self._memory[index] = AnswerMemory()
        if memory is not None:
            memory.sync(claim.previous)
        if reason:
            if memory is not None:
                memory.record(text, Label.NOT_A_CLAIM, ())
            return Judgement(Label.NOT_A_CLAIM, None, f"Not a claim: {reason}.", judge=self.name)
        role = Role.INTERPRETATION if is_interpretation(text) else Role.OBSERVATION
        if index is None or memory is None:
            return Judgement(Label.NEI, role, "No evidence available: no document or "
                             "passages were given, so nothing could be checked.",
                             judge=self.name)
        att = self._attribution.get(index)
        if att is None:
            att = self._attribution[index] = Attribution.of(index)
        others = claim_reports_other_work(text)
        hits = [h for h in index.hits(text, k=self.config.k)
                if not att.excluded(h.entry, allow_attributed=others)]

        def skip(page: int, offset: int) -> bool:
            return att.in_references(page, offset) or (
                not others and att.is_attributed(page, offset))

        previous_qs = [q for s in claim.previous[-4:] for q in _checkable(s.text)]
        found = Findings(before=list(_checkable(claim.previous[-1].text))
                         if claim.previous else [])
        check_numbers(self.config, text, index, hits, previous_qs, found, skip)
        check_in_passage(self.config, text, hits, found, skip)
        check_swaps(text, index, found, skip)
        check_row_swaps(text, index, found)
        check_slot_swaps(text, index, hits, found, skip)
        check_row_binding(text, index, hits, found)
        check_keyed_rows(index, found)
        keep_verbatim(text, index, hits, found)
        check_name_binding(text, index, hits, found)
        check_condition_binding(text, index, hits, found)
        check_percent_kinds(text, index, found, hits)
        check_measure_binding(text, index, found, self._aliases_of(index))
        check_corrections(text, index, found, skip)   # each C1's value for its binding
        label, rationale, evidence = self._decide(text, role, index, hits, found, att,
                                                  memory, others)
        wrong_ref = wrong_reference(text, index, found.numbers) \
            if label is not Label.CONTRADICTION else None
        if wrong_ref is not None:
            found.errors[:] = [ErrorSpan(span=wrong_ref.span, tags=(ErrorTag.C2,),
                                         correction=wrong_ref.correction)]
            label, evidence = Label.CONTRADICTION, [wrong_ref.hit]
            rationale = (f"Contradicted: the paper gives {wrong_ref.value} in "
                         f"{wrong_ref.correction} (page {wrong_ref.hit.entry.page}), not in "
                         f"{wrong_ref.span}.")
        passages = tuple(self._to_passage(h, pseudo, index.pages.get(h.entry.page))
                         for h in evidence)
        # spans are found in folded text ("-0.42"); quote them as the sentence writes them
        errors = tuple(e if e.span in text else e.model_copy(update={"span": unfold(text, e.span)})
                       for e in found.errors)
        extra_hedge = False
        if label is Label.SUPPORTED and passages:
            hedged = next((h for p in passages[:3]
                           if (h := self._hedged(text, index, p)) is not None), None)
            if hedged is not None:
                label, rationale, passages = Label.NEI, hedged, ()
                errors = ()
                extra_hedge = True
        quoted = check_quotes(text, index)
        if quoted:
            label, rationale, passages, errors = _quote_outcome(
                text, quoted, pseudo, (label, rationale, passages, errors))
        judgement = Judgement(label, role, rationale, errors, passages,
                              judge=self.name,
                              extra={"numbers": {c.quantity.text: c.status
                                                 for c in found.numbers},
                                     **({"hedged": True} if extra_hedge else {})})
        memory.record(text, label, _wrong_values(found))
        return judgement

    @staticmethod
    def _hedged(text: str, index: EvidenceIndex, evidence: Passage) -> str | None:
        """The rationale of ``nei`` when the paper's sentence behind ``evidence`` hedges a
        finding that ``text`` states as established (``hedge_check``); else None."""
        page = index.pages.get(evidence.page)
        if page is None:
            return None
        spans = sentence_premises(page.text, evidence.start, evidence.end)
        if not spans:
            return None
        stating = closest_sentence(text, page.text[spans[0][0]:spans[0][1]])
        word = unhedged(text, stating)
        if word is None:
            return None
        return (f"Not enough information: page {evidence.page} hedges it (\"{word}\": "
                f"\"{short(stating)}\"), the sentence states it as established.")

    @staticmethod
    def _to_passage(hit: Hit, pseudo: list[Passage] | None, page: Any = None) -> Passage:
        if pseudo is not None and 1 <= hit.entry.page <= len(pseudo):
            base = pseudo[hit.entry.page - 1]
            return Passage(base.page, base.start, base.end, base.text, base.rects,
                           round(hit.score, 4))
        return hit.passage(page)

    # ------------------------------------------------------------------ decision
    def _decide(self, text: str, role: Role, index: EvidenceIndex, hits: list[Hit],
                found: Findings, att: Attribution, memory: AnswerMemory,
                others: bool) -> tuple[Label, str, list[Hit]]:
        """Run the checkers in order of cost and certainty and apply the decision table."""
        cfg = self.config
        review = needs_review(found, hits)
        if review is not None:
            return Label.NEI, review, []
        results = _number_results(found) + _unbound_results(text, found, index)
        stop = _first(results, Status.CONTRADICTED)
        flip = flip_contradiction(text, index, hits, found) if stop is None else None
        if flip is None and stop is None:
            flip = number_flip_contradiction(text, index, hits, found)
        if flip is None and stop is None:
            flip = slot_contradiction(text, index, found)
        if flip is not None:
            return Label.CONTRADICTION, flip[0], flip[1]
        if stop is None:
            inherited = _inherited(found, memory)
            if inherited is not None:
                held = [c.hit for c in found.numbers if c.hit is not None]
                return Label.CONTRADICTION, inherited, list(dict.fromkeys(held))[:2] or hits[:1]
            swaps = [e for e in found.errors if ErrorTag.C2 in e.tags]
            if swaps:
                ev = [c.hit for c in found.numbers if c.hit is not None][:1]
                return (Label.CONTRADICTION, "Contradicted: " + "; ".join(found.notes) +
                        (f" (page {ev[0].entry.page})." if ev else "."), ev)
            results += _relation_results(text, hits, cfg.polarity_min_similarity)
            if _first(results, Status.CONTRADICTED) is None:
                results += _swap_results(text, index, hits, lambda p, o: att.in_references(
                    p, o) or (not others and att.is_attributed(p, o)))
            if _first(results, Status.CONTRADICTED) is None:
                results += _absent_results(text, found)
        if _first(results, Status.CONTRADICTED) is None and _first(results,
                                                                  Status.NOT_FOUND) is None:
            results += _name_results(text, index)
        parts = decompose(text)
        al: Alignment | None = None
        if _first(results, Status.CONTRADICTED) is None and _first(results,
                                                                  Status.NOT_FOUND) is None:
            checked, al = self._check_parts(text, parts, index, hits, found, att, others,
                                            results)
            results += checked
            if (SPECULATION.search(text) and role is Role.INTERPRETATION
                    and (al is None or al.coverage < cfg.speculative_coverage)):
                return (Label.NEI, "Not settled by the paper: a speculative inference; the "
                        f"closest passage holds only {al.coverage if al else 0:.0%} of its "
                        "content words.", [])
        decision = decide(results)
        if decision is None or decision.label is Label.NEI:
            restated = self._restated(text, index, {h.entry.page for h in hits}, att, others,
                                      results)
            if restated is not None:
                results, decision = restated, decide(restated)
        if decision is None:
            return self._nothing_checkable(text, role, index, al, memory, found)
        for r in results:
            keep = (decision.label is Label.CONTRADICTION and r.status is Status.CONTRADICTED
                    or decision.label is Label.NEI and r.status is Status.NOT_FOUND)
            if keep and r.span and r.code is not None:
                found.errors.append(ErrorSpan(span=r.span, tags=(r.code,),
                                              correction=r.correction))
        if decision.label is Label.CONTRADICTION:
            ev = [r.hit for r in results if r.status is Status.CONTRADICTED and r.hit is not None]
        elif decision.label is Label.SUPPORTED:
            ev = [r.hit for r in results if r.hit is not None] or ([al.hit] if al else [])
        else:
            ev = []
        ev = list(dict.fromkeys(ev))[:3]
        reason = decision.reason
        if ev and decision.label is not Label.NEI:
            reason = reason[:-1] + f" (evidence: \"{short(ev[0].entry.text)}\")."
        return decision.label, reason, ev

    def _restated(self, text: str, index: EvidenceIndex, pages: set[int], att: Attribution,
                  others: bool, results: list[PartResult]) -> list[PartResult] | None:
        """The part results with a relation the sentence states in other words than the
        paper added (``direction_check``: a negation or a change word against the paper's
        sentences about the same things, on ``pages``, those of the retrieved evidence): a
        contradicted one always; a verified one only where what was not found is wording (a
        term, comparison or the statement) in a sentence with no number of its own to check
        (numbers are held to their own passages), never a name or a quantifier the paper
        lacks. None when it settles nothing."""
        paper = PaperSentences.of(index)

        def skip(page: int, offset: int) -> bool:
            return att.in_references(page, offset) or (
                not others and att.is_attributed(page, offset))

        r = (negation_conflict(text, paper, pages, skip)
             or direction_check(text, paper, pages, skip))
        if r is None:
            return None
        if r.status is Status.CONTRADICTED:
            return results + [r]
        if _checkable(text) or any(x.weak or x.status is Status.NOT_FOUND and (
                x.part.kind not in (PartKind.TERM, PartKind.COMPARISON)
                or x.code in (ErrorTag.N1, ErrorTag.N3)) for x in results):
            return None
        return [x for x in results if x.status is Status.VERIFIED] + [r]

    def _aliases_of(self, index: EvidenceIndex) -> Aliases:
        """The abbreviations the paper behind ``index`` defines (read once per index)."""
        aliases = self._aliases.get(index)
        if aliases is None:
            aliases = self._aliases[index] = Aliases.of(p.text for p in index.pages.values())
        return aliases

    def _terms_with(self, hit: Hit, index: EvidenceIndex) -> frozenset[str]:
        """The terms that stand with a number found in ``hit``: the passage's own, or for a
        table row every word of its page (caption, column headers, row labels)."""
        if hit.entry.kind != "row":
            return frozenset(hit.entry.terms)
        key = (id(index), hit.entry.page)
        held = self._page_terms.get(key)
        if held is None:
            held = frozenset(t for e in index.entries if e.page == hit.entry.page
                             for t in e.terms if not is_numeric(t))
            self._page_terms = {k: v for k, v in self._page_terms.items()
                                if k[0] == id(index)}
            self._page_terms[key] = held
        return held | frozenset(hit.entry.terms)

    def _check_parts(self, text: str, parts: tuple[Part, ...], index: EvidenceIndex,
                     hits: list[Hit], found: Findings, att: Attribution, others: bool,
                     prior: list[PartResult]) -> tuple[list[PartResult], Alignment | None]:
        """Check the terms, comparisons, negations and quantifiers of a sentence whose
        numbers raised nothing, each against the passage aligned with its own clause, and,
        when all of them and ``prior`` (the number results) are verified, the statement
        itself. Returns the new part results and the passage aligned with the whole sentence
        (None if none)."""
        cfg = self.config
        own = {h.pid: att.own_text(h.entry) for h in hits[:cfg.k]
               if att.cited(h.entry.page)}
        aliases = self._aliases_of(index)
        al = align(text, hits[:cfg.k], own, aliases)
        near = al if al is not None and al.coverage >= cfg.align_min else None
        number_terms = [self._terms_with(c.hit, index) for c in found.numbers
                        if c.hit is not None and c.status in ("found", "derived")]
        if near is not None:          # the lines around the aligned passage
            e0 = near.hit.entry
            number_terms += [frozenset(content_terms(own[h.pid])) if h.pid in own
                             else frozenset(h.entry.terms) for h in hits[:cfg.k]
                             if h.entry.kind != "row" and h.entry.page == e0.page
                             and h.entry.start < e0.end and e0.start < h.entry.end]
        aligned: dict[str, Alignment | None] = {}

        def clause_al(p: Part) -> Alignment | None:
            clause = clause_of(text, p.start, p.end)
            if clause not in aligned:
                a = align(clause, hits[:cfg.k], own, aliases)
                if (a is None or a.coverage < cfg.align_min) and clause != text:
                    more = [h for h in index.hits(clause, k=4)
                            if not att.excluded(h.entry, allow_attributed=others)]
                    own.update({h.pid: att.own_text(h.entry) for h in more
                                if att.cited(h.entry.page)})
                    b = align(clause, more, own, aliases)
                    a = b if b is not None and (a is None or b.coverage > a.coverage) else a
                aligned[clause] = a if a is not None and a.coverage >= cfg.align_min \
                    else None
            return aligned[clause]

        pages = {h.entry.page for h in hits[:5]}
        parts_of = [Part(PartKind.TERM, text[a:b], a, b, "") for a, b in clauses(text)]
        # a term stated in the passage of another clause of the sentence is with the
        # statement too ("The LAVIS re-implementation ..., which reproduces ...")
        number_terms += [a.terms for a in map(clause_al, parts_of) if a is not None]

        def rows_cmp(p: Part) -> tuple[bool, Hit, str] | None:
            return compare_rows(text, p.start, p.end, p.value, index, pages)

        checked = _part_results(
            text, parts, near, number_terms, found, clause_al,
            _table_directions(text, index, found), rows_cmp, lambda h: self._terms_with(h, index),
            cfg.polarity_min_similarity, lambda h: _terms_around(index, h),
            lambda h: _sentences_around(index, h))
        results = prior + checked
        if results and not any(r.status is not Status.VERIFIED for r in results):
            table_read = next((r for r in results if r.part.kind is PartKind.COMPARISON
                               and r.hit is not None and r.hit.entry.kind == "row"), None)
            checked.append(table_read if table_read is not None else _statement_result(
                text, al, found, cfg.statement_coverage, [clause_al(p) for p in parts_of],
                [(p.start, p.end) for p in parts_of], cfg.polarity_min_similarity,
                _subject(index)))
        return checked, al

    def _nothing_checkable(self, text: str, role: Role, index: EvidenceIndex,
                           al: Alignment | None,
                           memory: AnswerMemory,
                           found: Findings) -> tuple[Label, str, list[Hit]]:
        """A sentence with no checkable part: supported when the paper states it (near)
        verbatim (its aligned passage matches it at rapidfuzz partial_ratio ``VERBATIM``),
        or when it interprets a supported previous sentence without speculating; else nei
        with no error span (premise propagation then decides). Word overlap alone never
        supports it. The same statement with an operator word reversed is contradicted
        (C3, its span added to ``found.errors``)."""
        turned = reversed_operators(text, al, self.config.polarity_min_similarity) \
            if al is not None else []
        if al is not None and turned:
            a, b = turned[0]
            found.errors.append(ErrorSpan(span=unfold(text, a) if a in fold(text).lower()
                                          else a, tags=(ErrorTag.C3,), correction=b))
            return (Label.CONTRADICTION, f"Contradicted: the sentence says '{a}' where the "
                    f"same statement on page {al.hit.entry.page} says '{b}' "
                    f"(\"{short(al.hit.entry.text)}\").", [al.hit])
        flips = flipped_operators(text, al) if al is not None else []
        if al is not None and flips:
            return (Label.NEI, f"Not enough information: the passage on page {al.hit.entry.page} "
                    "says " + ", ".join(f"'{b}' where the sentence says '{a}'" for a, b in flips)
                    + f" (\"{short(al.hit.entry.text)}\").", [al.hit])
        if al is not None and al.coverage >= 0.5 and fuzz.partial_ratio(
                fold(text).lower(), fold(al.text).lower(), score_cutoff=VERBATIM) > 0:
            return (Label.SUPPORTED, f"Supported: the paper states it on page "
                    f"{al.hit.entry.page} (\"{short(al.hit.entry.text)}\").", [al.hit])
        if role is Role.INTERPRETATION and memory.last_label is Label.SUPPORTED \
                and not SPECULATION.search(text):
            return (Label.SUPPORTED, "Supported through its premise: an interpretation of the "
                    "previous sentence, which the paper supports, with nothing of its own to "
                    "check.", [al.hit] if al else [])
        bounds = [_bound_text(text, c.quantity) for c in found.numbers
                  if c.status == "unverifiable"]
        return Label.NEI, nothing_checkable_reason(text, index, al, bounds), []


# ---------------------------------------------------------------------- part results

@per_check(maxsize=256)
def _checkable(text: str) -> tuple[Quantity, ...]:
    """The checkable numbers of a sentence (the last few sentences are read again as the
    operands of the next one's derived numbers)."""
    return tuple(q for q in sentence_quantities(text) if q.checkable)


def _bound_text(text: str, q: Quantity) -> str:
    """A bounded number with its bound words as the sentence writes them ("over 300 bar")."""
    m = re.search(r"(?:\b[a-z]+\s+)?(?:than|to|most|least|over|under|above|below|within|"
                  r"exceeding|[<>≤≥])\s*$", fold(text)[max(0, q.start - 25):q.start], re.I)
    return (m.group(0) if m else "") + q.text


def _first(results: list[PartResult], status: Status) -> PartResult | None:
    return next((r for r in results if r.status is status), None)


def _number_part(c: NumberCheck) -> Part:
    q = c.quantity
    return Part(PartKind.QUANTITY, q.text, q.start, q.end, q.text)


def _number_results(found: Findings) -> list[PartResult]:
    """One PartResult per checked number: conflict -> contradicted (C1, the paper's value
    as correction); found / derived -> verified; found_far -> verified in company only;
    absent -> not found (N1; numbers read off a figure, number words, fractions and
    scientific notation are not held to the text); unsettled derived numbers -> not found."""
    out: list[PartResult] = []
    for c in found.numbers:
        part = _number_part(c)
        q = c.quantity
        if c.status == "conflict" and c.correction is not None:
            fixed = correction_text(q, c.correction)
            if fixed == q.text:       # "380.5 million" against "380.5M": a unit reading
                c.status, c.correction, c.why = "found", None, ""
            else:
                assert c.hit is not None
                out.append(PartResult(part, Status.CONTRADICTED, ErrorTag.C1,
                                      f"the sentence says {q.text} where page "
                                      f"{c.hit.entry.page} gives {c.correction.text}",
                                      c.hit, q.text + c.suffix, fixed + c.suffix))
                continue
        if c.status in _VERIFIED:
            where = f"page {c.hit.entry.page}" if c.hit is not None else "the paper"
            how = ("computed from the paper's numbers" if c.status == "derived"
                   else f"found on {where}" if c.status == "found"
                   else "found elsewhere in the paper")
            out.append(PartResult(part, Status.VERIFIED, why=c.why or f"{q.text} {how}",
                                  hit=c.hit,
                                  weak=_VERIFIED[c.status]))
        elif c.status == "misbound":          # row_binding: another row's value
            out.append(PartResult(part, Status.NOT_FOUND, ErrorTag.N1, c.why, c.hit,
                                  span=q.text))
        elif c.status == "derived_unsettled":
            out.append(PartResult(part, Status.NOT_FOUND, None,
                                  f"{q.text} is computed from numbers of earlier sentences "
                                  "that the paper does not state"))
    return out


def _unbound_results(text: str, found: Findings, index: EvidenceIndex) -> list[PartResult]:
    """A count found in its passage only as a count of something else: "684K papers" where
    the page says "684K triples" (the number is bound to another noun; C2, the paper's
    words as the correction). Compared only for numbers of at least 100 written in digits
    with a counted noun right after them on both sides (not a physical unit, a participle
    or an adjective such as "total"); the sentence's noun is bound when it stands within
    four words of the paper's number, or when the paper's noun is in the sentence too; and
    only where the passage holds at least half of the sentence's other words (the same
    statement, in the same language)."""
    out: list[PartResult] = []
    s = fold(text)
    terms = set(content_terms(s))
    for c in found.numbers:
        q = c.quantity
        mine_word = _word_after(s, q.end)
        if c.status != "found" or c.hit is None or c.hit.entry.kind == "row" \
                or q.physical or abs(q.value) < 100 or q.kind != "number" \
                or not _noun_like(mine_word):
            continue                      # "three binaries": small counts bind loosely
        page = fold(getattr(index.pages.get(c.hit.entry.page), "text", "") or "")
        same = [e for e in c.hit.entry.quantities if e.value == q.value and e.kind == q.kind
                and not e.physical and e.end <= len(page)]
        theirs = [_word_after(page, e.end) for e in same]
        if not same or not all(map(_noun_like, theirs)) \
                or any(set(content_terms(w)) & terms for w in theirs):
            continue
        mine = set(content_terms(mine_word))
        rest = {t for t in terms if not is_numeric(t)} - mine
        if len(rest & set(c.hit.entry.terms)) * 2 < len(rest):
            continue                      # not the same statement (or another language)
        near: set[str] = set()
        for e in same:
            near.update(content_terms(" ".join(page[:e.start].split()[-4:]
                                               + page[e.end:].split()[:4])))
        if mine & near:
            continue
        e, word = same[0], theirs[0]
        out.append(PartResult(_number_part(c), Status.CONTRADICTED, ErrorTag.C2,
                              f"the sentence gives {q.text} to another noun than page "
                              f"{c.hit.entry.page} does (\"{e.text} {word}\")", c.hit,
                              f"{s[q.start:q.end]} {mine_word}", f"{e.text} {word}"))
    return out


def _word_after(s: str, end: int) -> str:
    """The word right after offset ``end`` of ``s`` (letters and hyphens), or ""."""
    m = re.match(r"[ \t\n]?([A-Za-z][A-Za-z-]*)", s[end:])
    return m.group(1) if m else ""


def _noun_like(word: str) -> bool:
    """A word that can be the counted noun after a number: not a participle, adverb, stop
    word or one of the adjectives that stand between a number and its noun."""
    w = word.lower()
    return len(w) >= 3 and w.isalpha() and not w.endswith(("ed", "ing", "ly")) \
        and w not in STOPWORDS and w not in _NOT_NOUNS


#: adjectives that stand between a number and its noun ("7,918 homologous gene families")
_NOT_NOUNS = frozenset({"total", "new", "unique", "distinct", "additional", "different",
                        "other", "separate", "individual", "independent",
                        "similar", "further", "extra", "previous", "original", "random",
                        "positive", "negative", "human", "training", "test", "full"})


def _absent_results(text: str, found: Findings) -> list[PartResult]:
    figure = FIGURE.search(text) is not None
    out = []
    for c in found.numbers:
        if c.status == "absent" and c.quantity.kind not in ("word", "fraction", "sci") \
                and not figure:
            out.append(PartResult(_number_part(c), Status.NOT_FOUND, ErrorTag.N1,
                                  f"{c.quantity.text} appears nowhere in the PDF text and no "
                                  "passage gives a value for it", span=c.quantity.text))
    return out


def _relation_results(text: str, hits: list[Hit], min_sim: float) -> list[PartResult]:
    """Contradicted relations, first found only: reversed polarity (C3), a swapped term
    (C2), a direction its own numbers reverse (C3)."""
    pol = polarity_conflict(text, hits, min_sim)
    if pol is not None:
        span, hit, why = pol
        part = Part(PartKind.POLARITY, span, 0, 0, "neg")
        return [PartResult(part, Status.CONTRADICTED, ErrorTag.C3,
                           f"{why} on page {hit.entry.page}", hit, span, "")]
    swap = substitution(text, hits)
    if swap is not None:
        span, correction, hit = swap
        return [PartResult(Part(PartKind.TERM, span, 0, 0, span), Status.CONTRADICTED,
                           ErrorTag.C2, f"the sentence says \"{span}\" where the same "
                           f"statement on page {hit.entry.page} says \"{correction}\"",
                           hit, span, correction)]
    direction = direction_conflict(text)
    if direction is not None:
        span, why = direction
        return [PartResult(Part(PartKind.COMPARISON, span, 0, 0, ""), Status.CONTRADICTED,
                           ErrorTag.C3, why, hits[0] if hits else None, span, "")]
    return []


def _swap_results(text: str, index: EvidenceIndex, hits: list[Hit],
                  skip: Callable[[int, int], bool]) -> list[PartResult]:
    """Two names of the sentence whose words the paper gives to each other
    (``slot_check.name_swap``): a swapped relation (C2), the span the first name, the
    correction the second."""
    swap = name_swap(text, index, hits, skip)
    if swap is None:
        return []
    span, correction, hit = swap
    return [PartResult(Part(PartKind.TERM, span, 0, 0, span), Status.CONTRADICTED,
                       ErrorTag.C2, f"the sentence gives {span} what page {hit.entry.page} "
                       f"says of {correction}, and the reverse (the two are swapped)",
                       hit, span, correction)]


def _name_results(text: str, index: EvidenceIndex) -> list[PartResult]:
    """Cited works (N3) and names (N1) the paper never mentions."""
    cite = missing_citation(text, index)
    if cite is not None:
        return [PartResult(Part(PartKind.TERM, cite, 0, 0, cite), Status.NOT_FOUND,
                           ErrorTag.N3, f"the cited work \"{cite}\" is not mentioned in the "
                           "PDF, so the claim rests on outside knowledge", span=cite)]
    names = unknown_names(text, index)
    if names:
        return [PartResult(Part(PartKind.TERM, names[0], 0, 0, names[0]), Status.NOT_FOUND,
                           ErrorTag.N1, f"the name(s) {', '.join(names[:3])} never occur in "
                           "the PDF", span=names[0])]
    return []


def _part_results(text: str, parts: tuple[Part, ...], al: Alignment | None,
                  number_terms: list[frozenset[str]], found: Findings,
                  clause_al: Callable[[Part], Alignment | None],
                  table_dirs: set[str],
                  rows_cmp: Callable[[Part], tuple[bool, Hit, str] | None],
                  terms_of: Callable[[Hit], frozenset[str]],
                  same_min: float = 1.0,
                  around: Callable[[Hit], frozenset[str]] | None = None,
                  sentences_near: Callable[[Hit], list[PaperSentence]] | None = None
                  ) -> list[PartResult]:
    """Check the sentence's terms, comparisons, negations and quantifiers, each against the
    passage aligned with its own clause (``clause_al``; None: no passage states that
    clause), terms also against the sentence's aligned passage ``al`` and what verified
    its numbers (``number_terms``); a direction word also by ``table_dirs`` (the
    directions in which the sentence's table values differ from their table's first row) and
    by ``rows_cmp`` (two table rows the comparison names, read in the table: verified, or
    contradicted C3 when every compared column goes the other way). A term not found
    where its clause's passage is the same statement (``same_min`` of the clause's other
    words) with another name in its place, the term not in the lines around it either
    (``around``: the terms of a passage's surroundings), is contradicted (C2,
    :func:`_name_in_place`)."""
    out: list[PartResult] = []
    # a pair ordered as its direction word says, both of its numbers found in the paper
    checked = {c.quantity.value for c in found.numbers if c.status in ("found", "derived")}
    ordered = any(a in checked and b in checked for a, b in numbers_order(text))
    pool = list(number_terms) + ([al.terms] if al else [])
    # the passages of the sentence's numbers, whose sentences around may name its terms
    anchors = list(dict.fromkeys(c.hit for c in found.numbers if c.hit is not None
                                 and c.status == "found" and c.hit.entry.kind != "row"))
    # comparisons first: two table rows they compare also bind the names of those rows
    for p in sorted(parts, key=lambda p: p.kind is not PartKind.COMPARISON):
        if p.kind is PartKind.COMPARISON and (read := rows_cmp(p)) is not None:
            holds, hit, why = read
            pool.append(terms_of(hit))
            out.append(PartResult(p, Status.VERIFIED, why=f"'{p.text}': {why}", hit=hit)
                       if holds else
                       PartResult(p, Status.CONTRADICTED, ErrorTag.C3,
                                  f"the sentence says '{p.text}' but {why}", hit, p.text, ""))
            continue
        if p.kind is PartKind.COMPARISON and p.value in table_dirs:
            out.append(PartResult(p, Status.VERIFIED, why=f"'{p.text}' holds against the "
                                  "table row it is measured from"))
            continue
        if p.kind is PartKind.COMPARISON and p.value in _FLIP \
                and table_dirs == {_FLIP[p.value]} and _CHANGE_VERB.match(p.text):
            # "improves ... to 67.3" where 67.3 is below its table's first row
            out.append(PartResult(p, Status.CONTRADICTED, ErrorTag.C3,
                                  f"the sentence says '{p.text}' but its table value goes "
                                  f"{_FLIP[p.value]} from the table's first row", None, p.text, ""))
            continue
        if p.kind is PartKind.QUANTITY:
            continue
        own = clause_al(p)
        if p.kind is PartKind.TERM:
            term = check_term(p, own, pool)
            anchor = next((h for h in ([own.hit] if own is not None else []) + anchors
                           if sentences_near is not None
                           and _holds_term(sentences_near(h), p)), None) \
                if term.status is Status.NOT_FOUND else None
            if anchor is not None:
                term = PartResult(p, Status.VERIFIED, why=f"'{p.text}' stated next to the "
                                  f"passage on page {anchor.entry.page}", hit=anchor)
            other = _name_in_place(text, p, own, same_min) \
                if term.status is Status.NOT_FOUND and own is not None and around is not None \
                and not set(p.binds) <= around(own.hit) else None
            out.append(term if other is None or own is None else PartResult(
                p, Status.CONTRADICTED, ErrorTag.C2, f"the sentence says '{p.text}' where the "
                f"same statement on page {own.hit.entry.page} says '{other}'", own.hit,
                p.text, other))
        elif p.kind is PartKind.COMPARISON:
            out.append(check_comparison(p, own, text, ordered))
        elif p.kind is PartKind.POLARITY:
            pol = check_polarity(p, own)
            if pol.status is Status.CONTRADICTED and own is not None \
                    and sentences_near is not None \
                    and (said := _negates_near(sentences_near(own.hit), p)):
                pol = PartResult(p, Status.VERIFIED, why=f"the negation '{p.text}' stated "
                                 f"next to the passage on page {own.hit.entry.page} "
                                 f"('{said}')", hit=own.hit)
            out.append(pol)
        elif p.kind is PartKind.QUANTIFIER and (r := check_quantifier(p, own)) is not None:
            out.append(r)
    return out


def _terms_around(index: EvidenceIndex, hit: Hit, reach: int = 400) -> frozenset[str]:
    """The content terms of the page text within ``reach`` characters of ``hit``."""
    text = getattr(index.pages.get(hit.entry.page), "text", "") or ""
    return frozenset(content_terms(text[max(0, hit.entry.start - reach):hit.entry.end + reach]))


def _sentences_around(index: EvidenceIndex, hit: Hit) -> list[PaperSentence]:
    """The paper's sentences that the passage ``hit`` (a line or 3-line window) overlaps,
    with the sentence before and the one after: where a statement the window cuts short
    goes on ("... we use the benchmark to validate the re-implementation. ALBEF ...")."""
    sentences = PaperSentences.of(index).page(hit.entry.page)
    at = [i for i, s in enumerate(sentences)
          if s.start < hit.entry.end and hit.entry.start < s.start + len(s.text)]
    return sentences[max(0, at[0] - 1):at[-1] + 2] if at else []


def _holds_term(sentences: list[PaperSentence], part: Part) -> bool:
    """True if ``sentences`` together hold every word of the term ``part``."""
    held: set[str] = set().union(*(s.terms for s in sentences)) if sentences else set()
    return bool(held) and all(root(t)[:ROOT_LETTERS] in held for t in part.binds)


def _negates_near(sentences: list[PaperSentence], part: Part, reach: int = 3) -> str:
    """A negation of ``sentences`` with the first word the negation ``part`` governs among
    the ``reach`` words after it ("a negative paper that the query does not cite" against
    "... the negative paper is a paper that is not cited by the query paper"), as the
    sentence writes it; "" when none."""
    governed = [t for t in part.binds[:1] if len(t) >= 3]
    for s in sentences:
        ws = words(s.text)
        for i, w in enumerate(ws):
            if w in NEGATIONS or w == "n't":
                after = [t for x in ws[i + 1:i + 1 + reach] for t in content_terms(x)]
                if any(a.startswith(g) or g.startswith(a) for a in after if len(a) >= 3
                       for g in governed):
                    return " ".join(ws[i:i + 1 + reach])
    return ""


def _name_in_place(text: str, part: Part, al: Alignment, same_min: float) -> str | None:
    """The name the passage ``al`` (aligned with the clause of ``part``, a term it does not
    hold) gives where the sentence gives ``part``: when the passage holds ``same_min`` of
    the clause's other content words and exactly one name-like token (parts.NAME) that the
    sentence does not state, that name; else None."""
    clause = clause_of(text, part.start, part.end)
    rest = [t for t in dict.fromkeys(content_terms(clause))
            if not is_numeric(t) and t not in part.binds]
    if not rest or sum(t in al.terms for t in rest) < same_min * len(rest):
        return None
    mine = set(content_terms(text))
    names = [m.group(0).strip("`-") for m in NAME.finditer(al.text)]
    names = [n for n in names if (ts := content_terms(n)) and not set(ts) <= mine
             and not any(is_numeric(t) for t in ts)]
    return names[0] if len(set(names)) == 1 else None


_FLIP = {"up": "down", "down": "up"}
#: Words of a change from a reference ("improves ... to 67.3"), which the table's first row
#: measures; superlatives and comparatives ("largest", "more") compare other things.
_CHANGE_VERB = re.compile(r"(?:improv|rais|increas|rise|rises|rising|rose|boost|lower|decreas|"
                          r"hurt|drop|fall|fell|reduc|declin|degrad|worsen)", re.I)


def _table_directions(text: str, index: EvidenceIndex, found: Findings) -> set[str]:
    """Directions ("up" / "down") in which the sentence's values written as the end of a
    change ("lowered the average to 77.5") and found in table rows differ from the cell of
    the same column in the first (top) row of their table, the reference such a change is
    measured from; and the direction of a sentence's value from the paper's value a
    difference of the sentence is computed against ("78.4, 1.6 points below" 80.0)."""
    out: set[str] = set()
    own = {c.quantity.value for c in found.numbers}
    for c in found.numbers:
        # a difference "1.6 points below the full model" computed from the sentence's own
        # value and one the paper gives: the direction of the sentence's value from it
        if c.status == "derived" and c.operands is not None:
            a, b = c.operands
            if (a in own) != (b in own) and a != b:
                mine, other = (a, b) if a in own else (b, a)
                out.add("down" if mine < other else "up")
        if c.status != "found" or c.hit is None or c.hit.entry.kind != "row":
            continue
        if not re.search(r"\bto\s*$", fold(text)[:c.quantity.start]) or re.search(
                r"\bfrom\s+[\d.]+\s*%?\s*to\s*$", fold(text)[:c.quantity.start]):
            continue                      # "from 80.0 to 78.4" is read by numbers_order
        row = c.hit.entry
        cell = next((x for x in row.cells if same_value(c.quantity, x.quantity)), None)
        if cell is None:
            continue
        table = [index.entries[pid] for pid in index.rows_by_page.get(row.page, [])]
        # rows of the same table have as many cells: another table close above on the
        # page (Table 1 over Table 2) is no reference for this one
        table = [e for e in table if e.rects and same_table(e, row)
                 and len(e.cells) == len(row.cells)]
        if not table:
            continue
        top = min(table, key=lambda e: e.rects[0].y0)
        ref = cell_near(top, cell.x)
        if top is row or ref is None or ref.quantity.value == cell.quantity.value:
            continue
        out.add("down" if cell.quantity.value < ref.quantity.value else "up")
    return out


def _specific(c: NumberCheck) -> bool:
    """A number found where it is specific enough to bind the statement: a table cell, a
    decimal, or a value of at least 100 (a bare "3" or "two" binds nothing); or a number
    computed from two such numbers of the paper."""
    q = c.quantity
    if c.status == "derived":
        return c.operands is not None and any(x != int(x) or abs(x) >= 100 for x in c.operands)
    return (c.status == "found" and c.hit is not None
            and (c.hit.entry.kind == "row" or q.decimals > 0 or abs(q.value) >= 100))


def _numbers_elsewhere(text: str, found: Findings, al: Alignment) -> list[str]:
    """The sentence's checkable numbers that its words' passage does not give (each may be
    on the page, but a small number found apart from what it measures binds nothing):
    "up to 62 mol%" aligned with "yields of LA (up to 42 mol%)"."""
    have = al.hit.entry.quantities
    out = []
    for c in found.numbers:
        q = c.quantity
        if not q.checkable or c.status == "derived" or _POINTER.search(text[:q.start]) \
                or counts_own_list(text, q.end, q.value):
            continue
        if c.hit is not None and _near(c.hit, al.hit):
            continue                      # found in the lines around the passage
        point = dataclasses.replace(q, bound=None)
        if not any(same_value(point, e) for e in have):
            out.append(q.text)
    return out


#: What introduces the list a count counts ("four libraries: A, B, C and D").
_LIST_INTRO = re.compile(r"[^.;:()]{0,60}?(?::|\(|\bsuch as\b|\bincluding\b|\bnamely\b)")
_LIST_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def counts_own_list(text: str, end: int, value: float) -> bool:
    """True if the count ending at offset ``end`` of ``text`` counts a list the sentence
    itself gives next ("four related libraries: MMF, UniLM, X-modaler and TorchMultimodal",
    "three models (A, B and C)"): the count is the sentence's own, its items are what the
    paper must state. The list runs to the next sentence stop or semicolon (inside
    brackets: to the closing one), bracketed asides left out ("MMF (Singh et al., 2020)")."""
    m = _LIST_INTRO.match(text, end)
    if m is None or value != int(value) or value < 2:
        return False
    rest = text[m.end():]
    if m.group(0).endswith("("):
        rest = rest.split(")")[0]
    else:                                 # citations and asides inside the list go
        rest = re.sub(r"\s*\([^()]*\)", "", rest)
    body = re.split(r"[;()]|\.\s|\.$", rest)[0]
    items = [x for x in _LIST_SPLIT.split(body) if x.strip()]
    return len(items) == int(value)


#: A number right after one of these words names a part or an item, not an amount
#: ("Phase 4", "Release 6", "Table 2", "Eq. 3").
_POINTER = re.compile(r"\b(?:phase|phases|stage|stages|step|steps|table|tables|figure|figures|"
                      r"fig|figs|section|sections|sec|release|version|v|chapter|appendix|"
                      r"algorithm|eq|equation|item|part|round|layer|level|type|grade|class|"
                      r"no|number|task|experiment|study|trial|arm|cohort|wave)\.?\s*$", re.I)


def _near(a: Hit, b: Hit, points: float = 40.0) -> bool:
    """Two hits on one page whose boxes lie within ``points`` (PDF points) of each other
    vertically: about three lines."""
    if a.entry.page != b.entry.page or not a.entry.rects or not b.entry.rects:
        return False
    return any(abs((r.y0 + r.y1) / 2 - (t.y0 + t.y1) / 2) <= points
               for r in a.entry.rects for t in b.entry.rects)


_UPPER, _LOWER = frozenset({"<", "<="}), frozenset({">", ">="})


def _bound_clash(c: NumberCheck) -> bool:
    """A number found in the paper with the opposite bound: "fewer than 40,000" where the
    passage says "over 40,000", "at least 714" against "up to 714"."""
    if c.status != "found" or c.hit is None or not c.quantity.bound:
        return False
    mine = c.quantity.bound
    point = dataclasses.replace(c.quantity, bound=None)
    for e in c.hit.entry.quantities:
        if e.bound and same_value(point, e):
            if (mine in _UPPER and e.bound in _LOWER) or (mine in _LOWER and e.bound in _UPPER):
                return True
    return False


def _statement_result(text: str, al: Alignment | None, found: Findings,
                      coverage: float, by_clause: list[Alignment | None],
                      clause_spans: list[tuple[int, int]], same_min: float = 1.0,
                      subject: frozenset[str] = frozenset()) -> PartResult:
    """The statement itself (what the sentence says of its terms and numbers): verified by
    a specific number found in its passage, or by one aligned passage holding ``coverage``
    of its content words, or clause by clause (``by_clause``: the passage aligned with each
    clause) each holding ``coverage`` of its clause's words; else not found (N2). Verified
    terms alone do not verify what the sentence says about them; a passage whose words
    verify a statement must also give its small numbers (a number found apart from what it
    measures binds nothing) and must not state the opposite of its operator words
    ("least" / "most", "fewer than" / "over", "halving" / "doubling";
    statement_check.flipped_operators), nor bound its numbers the other way, nor be about
    another entity (a name of the sentence it lacks, or a sibling with other digits, where it
    holds all the rest: statement_check.missing_entities; ``subject``: the title's words,
    names the paper's passages may leave out). Where the
    passage is the same statement (``same_min`` of its words) with the opposite operator
    word on the same sides, the statement is contradicted (C3;
    statement_check.reversed_operators)."""
    part = Part(PartKind.TERM, text, 0, len(text), "statement")
    clash = next((c for c in found.numbers if _bound_clash(c)), None)
    if clash is not None and clash.hit is not None:
        return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                          f"page {clash.hit.entry.page} bounds {clash.quantity.text} the other "
                          "way (a lower bound where the sentence gives an upper one, or the "
                          "reverse)", hit=clash.hit)
    strong = [c for c in found.numbers if _specific(c)]
    if strong:
        return PartResult(part, Status.VERIFIED, why=f"the statement holds its value "
                          f"{strong[0].quantity.text}", hit=strong[0].hit)
    if al is not None and al.coverage >= coverage:
        loose = _numbers_elsewhere(fold(text), found, al)
        if loose:
            return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                              f"the passage stating it (page {al.hit.entry.page}) does not give "
                              f"{', '.join(loose)}", hit=al.hit)
        denied = negated_in_passage(text, al)
        if denied and not _verbatim(text, al):
            return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                              f"the passage stating it (page {al.hit.entry.page}) negates it "
                              f"('{denied}')", hit=al.hit)
        absent = missing_entities(text, al, subject)
        if absent:
            return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                              f"the passage nearest in wording (page {al.hit.entry.page}) is "
                              f"not about {', '.join(repr(a) for a in absent)}", hit=al.hit)
        flips = flipped_operators(text, al)
        turned = reversed_operators(text, al, same_min)
        if turned:
            a, b = turned[0]
            return PartResult(part, Status.CONTRADICTED, ErrorTag.C3,
                              f"the sentence says '{a}' where the same statement on page "
                              f"{al.hit.entry.page} says '{b}'", al.hit, unfold(text, a)
                              if a in fold(text) else a, b)
        if flips:
            return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                              f"the passage stating it (page {al.hit.entry.page}) says "
                              + ", ".join(f"'{b}' where the sentence says '{a}'" for a, b in flips),
                              hit=al.hit)
        return PartResult(part, Status.VERIFIED, why=f"the statement is on page "
                          f"{al.hit.entry.page} ({al.coverage:.0%} of its words in one passage)",
                          hit=al.hit)
    if by_clause and all(a is not None and a.coverage >= coverage
                         and not flipped_operators(text[lo:hi], a)
                         and not missing_entities(text[lo:hi], a, subject)
                         and not (negated_in_passage(text, a) and not _verbatim(text[lo:hi], a))
                         for a, (lo, hi) in zip(by_clause, clause_spans)):
        pages = sorted({a.hit.entry.page for a in by_clause if a is not None})
        return PartResult(part, Status.VERIFIED, why="each clause of the statement is on "
                          f"page(s) {', '.join(map(str, pages))}",
                          hit=by_clause[0].hit if by_clause[0] is not None else None)
    best = f"; the closest passage (page {al.hit.entry.page}) holds {al.coverage:.0%} of " \
        "its words" if al is not None else ""
    return PartResult(part, Status.NOT_FOUND, ErrorTag.N2,
                      f"what the sentence says is not stated in the paper{best}")


def _subject(index: EvidenceIndex) -> frozenset[str]:
    """The words of the paper's title (the opening of its first page): the names of its own
    subject, which its passages often call "we" or "our model"."""
    first = index.pages.get(min(index.pages)) if index.pages else None
    return title_words(getattr(first, "text", "") or "")


def _verbatim(text: str, al: Alignment) -> bool:
    """True if the aligned passage states ``text`` word for word (rapidfuzz partial_ratio
    ``VERBATIM``, layout noise allowed)."""
    return fuzz.partial_ratio(fold(text).lower(), fold(al.text).lower(),
                              score_cutoff=VERBATIM) > 0


def _quote_outcome(text: str, quoted: list[QuoteCheck], pseudo: list[Passage] | None,
                   judged: tuple[Label, str, tuple[Passage, ...], tuple[ErrorSpan, ...]]
                   ) -> tuple[Label, str, tuple[Passage, ...], tuple[ErrorSpan, ...]]:
    """The label of a sentence that quotes the paper (``quoted``: its quotes held to the
    paper's text, ``quotes.check_quotes``), given the judge's own (``judged``: label,
    rationale, evidence, errors). A quote the paper holds with a negation left out by an
    ellipsis: contradiction (C3, the paper's words as the correction). A quote the paper
    does not hold, or only in pieces far apart or out of order: nei (N2), unless the
    judge found a contradiction. When the quotes are the whole claim (the rest is framing:
    "The paper states that ..."): supported by quotes found, and nei for a quote of a few
    common words, which is no evidence, however often the paper holds it."""
    label, rationale, passages, errors = judged
    whole = framing_only(text, [(q.start, q.end) for q in quoted])
    negated = next((q for q in quoted if q.status == "negation"), None)
    if negated is not None and negated.passage is not None:
        ev = _quote_passages([negated], pseudo)
        return (Label.CONTRADICTION, f"Contradicted: the quote leaves out '{negated.elided}' "
                f"where page {negated.passage.page} says \"{short(negated.paper)}\".", ev,
                (ErrorSpan(span=negated.text, tags=(ErrorTag.C3,), correction=negated.paper),))
    missing = next((q for q in quoted if q.status in ("absent", "apart")), None)
    if missing is not None:
        if label is Label.CONTRADICTION:
            return judged
        how = ("is not in the paper" if missing.status == "absent" else
               "is in the paper only in pieces far apart or out of order")
        return (Label.NEI, f"Not enough information: the quote \"{short(missing.text)}\" {how}.",
                (), (ErrorSpan(span=missing.text, tags=(ErrorTag.N2,), correction=""),))
    if not whole:
        return judged
    if any(q.status == "trivial" for q in quoted):
        return (Label.NEI, "Not enough information: the quote is a few common words, which "
                "are no evidence of what the paper says.", (), ())
    found = [q for q in quoted if q.status == "found"]
    pages = ", ".join(str(q.passage.page) for q in found if q.passage is not None)
    return (Label.SUPPORTED, f"Supported: the paper has the quoted words on page(s) {pages} "
            f"(\"{short(found[0].paper)}\").", _quote_passages(found, pseudo), ())


def _quote_passages(quoted: list[QuoteCheck], pseudo: list[Passage] | None
                    ) -> tuple[Passage, ...]:
    """The passages of ``quoted``; on an index built from passages, those passages."""
    out = []
    for q in quoted:
        if q.passage is None:
            continue
        if pseudo is not None and 1 <= q.passage.page <= len(pseudo):
            out.append(pseudo[q.passage.page - 1])
        elif pseudo is None:
            out.append(q.passage)
    return tuple(out)


def _wrong_values(found: Findings) -> list[Wrong]:
    """The numbers this sentence got wrong (C1) with the paper's value (not a value the
    paper states that the sentence bound to another row or condition: ``NumberCheck.why``)."""
    out: list[Wrong] = []
    for c in found.numbers:
        if c.status == "conflict" and c.correction is not None and not c.why:
            out.append((c.quantity, correction_text(c.quantity, c.correction)))
    return out


def _inherited(found: Findings, memory: AnswerMemory) -> str | None:
    """A rationale when the sentence repeats, or computes from, a number that an earlier
    sentence got wrong (found contradicted there; a part of a whole in words also as the
    reciprocal of a wrong multiplier or a wrong count's share of another number of the
    previous sentence,
    ``AnswerMemory.wrong_share``), else None. The label is then
    contradiction with no error span of its own (a false premise, C4 after propagation)."""
    for c in found.numbers:
        w = memory.wrong_for(c.quantity, c.operands) or memory.wrong_share(c.quantity,
                                                                         found.before)
        if w is not None:
            wrong, correction = w
            repeats = abs(c.quantity.value - wrong.value) <= 1e-9 * max(abs(wrong.value), 1)
            how = "repeats" if repeats else f"computes {c.quantity.text} from"
            return (f"Contradicted through its premise: it {how} {wrong.text}, which an "
                    f"earlier sentence got wrong (the paper gives {correction}).")
    return None


__all__ = ["RulesConfig", "RulesJudge", "counts_own_list", "is_interpretation",
           "not_a_claim_reason"]
