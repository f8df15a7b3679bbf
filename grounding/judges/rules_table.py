"""The rules judge's decision table: one ordered list of named rows over the checkers'
results for one sentence.

:class:`RulesState` holds the parsed :class:`~grounding.judges.claim.Claim`, its evidence
(the passages retrieved for it, minus the reference list and other studies' sentences)
and the checkers' results as named layers, each computed the first time a row reads it
(so a row that decides spares the checkers after it). No checker changes another's
results: the number checkers fill one ledger of their own (``numbers``), and every later
checker returns its findings.

Rows, in order (:data:`TABLE`; the first deciding row wins, then the amending rows may
replace its outcome; the name of the row that decided goes into
``Judgement.extra["row"]``):

======================  ==========================================================  =======
row                     when                                                        label
======================  ==========================================================  =======
unread_only             Chinese, Japanese or Korean with no number or Latin name    nei
not_a_claim             heading, framing, list introduction, reference entry,       n/a
                        offer, pure hedge, restatement of the question
no_evidence             no document and no passages                                 nei
number_review           a number's evidence is read from untrusted glyphs           nei
flipped_statement       the paper states the sentence with one operator reversed    C
changed_number          the paper states the sentence with one number changed (C1)  C
verb_slot_name          the paper always gives that verb another name (C2)          C
inherited_error         a number an earlier sentence got wrong, repeated or used    C
swapped_values          the number checkers found values of another row (C2)        C
speculative             a speculative interpretation the paper does not settle      nei
restated_contradiction  a paper sentence on the same things negates or reverses it  C
restated_support        a paper sentence on the same things states the relation     S
part_contradicted       a part (number, relation, name, term...) contradicted       C
part_not_found          a part not found                                            nei
found_elsewhere_only    every part verified only away from the sentence's passage   nei
parts_verified          every part verified                                         S
reversed_operator       nothing checkable; same statement, operator word reversed   C
flipped_operator        nothing checkable; the passage has the opposite operator    nei
stated_verbatim         nothing checkable; the paper states it (near) verbatim      S
nothing_checkable       nothing checkable otherwise                                 nei
wrong_table_reference   (amends) not contradicted; its values are in another table  C
hedged                  (amends) supported; the paper hedges what it states         nei
unread_language         (amends) supported; written in a language no check reads    nei
quote_negation          (amends) a quote leaves out the paper's negation            C
quote_missing           (amends) not contradicted; a quote the paper does not hold  nei
quote_trivial           (amends) the quote is the claim, and a few common words     nei
quote_found             (amends) the quotes are the claim and the paper holds them  S
======================  ==========================================================  =======

(C: contradiction, S: supported, n/a: not_a_claim.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from rapidfuzz import fuzz

from annotations.schema import ErrorSpan, ErrorTag, Label, Role
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.abbreviations import Aliases
from grounding.judges.answer_memory import AnswerMemory
from grounding.judges.attribution import Attribution
from grounding.judges.bracket_values import check_bracket_values
from grounding.judges.but_not import exchanged_but_not
from grounding.judges.claim import Claim, SentenceFinding
from grounding.judges.condition_compare import compare_at_condition
from grounding.judges.decide import Decision, decide
from grounding.judges.direction_check import PaperSentences, direction_check, negation_conflict
from grounding.judges.entity_check import hit_alignment, other_entity
from grounding.judges.exchanged_pair import exchanged_pair
from grounding.judges.hedge_check import closest_sentence, unhedged
from grounding.judges.inclusion_check import inclusion_conflict
from grounding.judges.keyed_rows import check_keyed_rows
from grounding.judges.listed_relation import listed_relation
from grounding.judges.measure_binding import check_measure_binding
from grounding.judges.name_binding import (
    check_condition_binding,
    check_name_binding,
    check_value_condition,
)
from grounding.judges.number_binding import check_changed_number, check_corrections
from grounding.judges.number_check import (
    add_condition_labels,
    check_in_passage,
    check_numbers,
    needs_review,
)
from grounding.judges.number_common import (
    Findings,
    NumberCheck,
    NumberChecker,
    NumberStatus,
    run_number_checkers,
    short,
)
from grounding.judges.number_compare import compare_rows, compare_value_with_row
from grounding.judges.number_swaps import check_swaps
from grounding.judges.number_tables import check_row_swaps
from grounding.judges.parts import Part, PartKind
from grounding.judges.percent_kinds import check_percent_kinds
from grounding.judges.premise_text import sentence_premises
from grounding.judges.quantity_statement import check_quantity_statement
from grounding.judges.quotes import QuoteCheck, check_quotes, framing_only
from grounding.judges.role_check import role_conflict
from grounding.judges.row_binding import check_row_binding, check_variant_rows
from grounding.judges.rules_checks import (
    VERBATIM,
    absent_results,
    bound_text,
    first,
    inherited_error,
    name_results,
    number_results,
    part_results,
    relation_results,
    sentences_around,
    sentences_cut,
    settle_unit_readings,
    statement_result,
    subject_words,
    swap_results,
    table_directions,
    terms_around,
    unbound_results,
)
from grounding.judges.rules_config import RulesConfig
from grounding.judges.rules_cues import SPECULATION, negated_lead
from grounding.judges.share_nouns import check_share_nouns
from grounding.judges.sibling_names import check_sibling_name
from grounding.judges.slash_pairs import check_slash_pairs
from grounding.judges.slot_check import check_slot_swaps
from grounding.judges.statement_check import (
    Alignment,
    PartResult,
    Status,
    align,
    clause_of,
    clauses,
    flipped_operators,
    reversed_operators,
)
from grounding.judges.sum_forms import check_sum_forms
from grounding.judges.superlative_check import column_extreme
from grounding.judges.table import Row, Table
from grounding.judges.table_refs import wrong_reference
from grounding.judges.unchecked import nothing_checkable_reason
from grounding.judges.verb_slot import slot_contradiction
from grounding.judges.verbatim import (
    exchanged_numbers,
    flip_contradiction,
    keep_verbatim,
    number_flip_contradiction,
)
from grounding.judges.year_check import year_results
from grounding.lexicon import content_terms, fold, unfold
from grounding.lexicon.languages import has_latin
from grounding.types import Passage


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a row decides: the label, the rationale, the passages shown as evidence, the
    error spans (as the sentence writes them) and the number checks as the row read them
    (for ``Judgement.extra["numbers"]`` and the answer memory). final: no amending row
    applies (a sentence that is no claim, or has no evidence)."""

    label: Label
    rationale: str
    evidence: tuple[Passage, ...] = ()
    errors: tuple[ErrorSpan, ...] = ()
    numbers: tuple[NumberCheck, ...] = ()
    final: bool = False


@dataclass
class Evidence:
    """The paper behind one sentence: its index, the passages behind pseudo-pages when it
    was built from passages (else None), what belongs to other studies, the answer so far,
    the paper's abbreviations, and the terms that stand with a table row (a function of
    the judge, which caches them per page)."""

    index: EvidenceIndex
    pseudo: list[Passage] | None
    attribution: Attribution
    memory: AnswerMemory
    aliases: Aliases
    terms_with: Callable[[Hit], frozenset[str]]


class RulesState:
    """One sentence, its evidence and its checkers' results (layers computed on first
    read). ``evidence`` is None when there is no document and no passages."""

    def __init__(self, claim: Claim, config: RulesConfig, evidence: Evidence | None) -> None:
        self.claim = claim
        self.config = config
        self.evidence = evidence

    # ------------------------------------------------------------------ evidence
    @property
    def ev(self) -> Evidence:
        assert self.evidence is not None, "a row read evidence it checked was there"
        return self.evidence

    @property
    def index(self) -> EvidenceIndex:
        return self.ev.index

    @cached_property
    def hits(self) -> list[Hit]:
        """The passages retrieved for the sentence, minus the reference list and (unless
        the sentence reports other work) other studies' sentences."""
        att, others = self.ev.attribution, self.claim.reports_other_work
        return [
            h
            for h in self.index.hits(self.claim.text, k=self.config.k)
            if not att.excluded(h.entry, allow_attributed=others)
        ]

    def skip(self, page: int, offset: int) -> bool:
        """True for a place in the reference list, or in another study's sentence."""
        att = self.ev.attribution
        return att.in_references(page, offset) or (
            not self.claim.reports_other_work and att.is_attributed(page, offset)
        )

    def passage(self, hit: Hit) -> Passage:
        """The passage of ``hit`` (on an index built from passages: that passage)."""
        pseudo = self.ev.pseudo
        if pseudo is not None and 1 <= hit.entry.page <= len(pseudo):
            base = pseudo[hit.entry.page - 1]
            return Passage(
                base.page, base.start, base.end, base.text, base.rects, round(hit.score, 4)
            )
        return hit.passage(self.index.pages.get(hit.entry.page))

    # ------------------------------------------------------------------ numbers
    @cached_property
    def raw_numbers(self) -> Findings:
        """The number checkers' findings: each checkable number found, derived, in conflict
        (C1), bound to another row (C2), absent... Each checker runs in turn on its own copy
        of the findings the one before returned (``number_common.run_number_checkers``;
        what each changed is in ``trail``); nothing after them writes to the result."""
        text, index, hits, cfg, skip = (
            self.claim.text,
            self.index,
            self.hits,
            self.config,
            self.skip,
        )
        recent, aliases = self.claim.recent_quantities, self.ev.aliases
        checkers: list[tuple[str, NumberChecker]] = [
            ("numbers", lambda f: check_numbers(cfg, text, index, hits, recent, f, skip)),
            ("in_passage", lambda f: check_in_passage(cfg, text, hits, f, skip, index=index)),
            ("share_nouns", lambda f: check_share_nouns(text, index, f)),
            ("bracket_values", lambda f: check_bracket_values(text, index, f)),
            ("swaps", lambda f: check_swaps(text, index, f, skip)),
            ("sum_forms", lambda f: check_sum_forms(text, hits, f)),
            ("slash_pairs", lambda f: check_slash_pairs(text, f)),
            ("row_swaps", lambda f: check_row_swaps(text, index, f)),
            ("slot_swaps", lambda f: check_slot_swaps(text, index, hits, f, skip)),
            ("row_binding", lambda f: check_row_binding(text, index, hits, f)),
            ("keyed_rows", lambda f: check_keyed_rows(index, f, text)),
            ("verbatim", lambda f: keep_verbatim(text, index, hits, f)),
            ("quantity_statement", lambda f: check_quantity_statement(text, index, hits, f)),
            ("name_binding", lambda f: check_name_binding(text, index, hits, f)),
            ("sibling_name", lambda f: check_sibling_name(text, index, hits, f)),
            ("condition_binding", lambda f: check_condition_binding(text, index, hits, f)),
            ("value_condition", lambda f: check_value_condition(text, index, hits, f)),
            ("percent_kinds", lambda f: check_percent_kinds(text, index, f, hits)),
            ("measure_binding", lambda f: check_measure_binding(text, index, f, aliases)),
            ("variant_rows", lambda f: check_variant_rows(text, f)),
            # each C1's value for its binding; then a paper statement with one number changed
            ("corrections", lambda f: check_corrections(text, index, f, skip)),
            ("changed_number", lambda f: check_changed_number(text, index, hits, f)),
            # the numbers that name a condition ("Phase 5"): found where it is named
            ("condition_labels", lambda f: add_condition_labels(text, index, hits, f)),
        ]
        return run_number_checkers(Findings(before=list(self.claim.before)), checkers)

    @cached_property
    def review(self) -> str | None:
        return needs_review(self.raw_numbers, self.hits)

    @cached_property
    def numbers(self) -> Findings:
        """The ledger with unit readings settled (``rules_checks.settle_unit_readings``)."""
        return settle_unit_readings(self.raw_numbers)

    @cached_property
    def number_parts(self) -> list[PartResult]:
        return number_results(self.numbers) + unbound_results(
            self.claim.text, self.numbers, self.index
        )

    @cached_property
    def years(self) -> list[PartResult]:
        """The years and periods of the sentence held to the paper's text (``year_check``);
        a verified one joins the part results only beside other parts (:attr:`parts`): a
        date makes no sentence checkable that was not, unless it is a date of the paper's
        history bound to its event (``event_dates``; ``Part.binds``)."""
        ref = self.ev.attribution.in_references
        return year_results(self.claim.text, self.index, self.hits, ref)

    @cached_property
    def number_conflict(self) -> bool:
        """True when a number part is contradicted (the sentence-level checkers are then
        not asked)."""
        return first(self.number_parts, Status.CONTRADICTED) is not None

    @cached_property
    def flip(self) -> SentenceFinding | None:
        return flip_contradiction(self.claim.text, self.index, self.hits)

    @cached_property
    def changed_number(self) -> SentenceFinding | None:
        return number_flip_contradiction(
            self.claim.text, self.index, self.hits, self.numbers.numbers
        )

    @cached_property
    def exchanged(self) -> SentenceFinding | None:
        return exchanged_numbers(self.claim.text, self.index, self.hits, self.numbers.numbers)

    @cached_property
    def verb_slot(self) -> SentenceFinding | None:
        return slot_contradiction(self.claim.text, self.index)

    # ------------------------------------------------------------------ parts
    @cached_property
    def parts(self) -> tuple[list[PartResult], Alignment | None, bool]:
        """The part results in the order the checkers are asked (numbers; relations, name
        swaps and absent numbers while nothing is contradicted; names, then terms,
        comparisons, negations, quantifiers and the statement while nothing is
        contradicted or missing), the passage aligned with the whole sentence, and whether
        the term checkers were asked."""
        text, hits = self.claim.text, self.hits
        results = list(self.number_parts)
        if not self.number_conflict:
            results += relation_results(text, hits, self.config.polarity_min_similarity, self.index)
            if first(results, Status.CONTRADICTED) is None:
                results += swap_results(text, self.index, hits, self.skip)
            if first(results, Status.CONTRADICTED) is None:
                results += self.relation_words
            if first(results, Status.CONTRADICTED) is None:
                results += absent_results(text, self.numbers)
        if not _stops(results):
            results += name_results(text, self.index)
        # the years contradicted or not found, apart from the numbers: a paper sentence with
        # one year changed is the whole-sentence rows' to read first, and a name the paper
        # never uses is named beside a year it never writes
        results += [y for y in self.years if y.status is not Status.VERIFIED or y.part.binds]
        if _stops(results):
            return results, None, False
        checked, al = self._check_parts(results)
        results += checked
        if results:  # the dates checked beside them, named in the rationale
            results += [y for y in self.years if y.status is Status.VERIFIED and not y.part.binds]
        return results, al, True

    @cached_property
    def relation_words(self) -> list[PartResult]:
        """A thing put in where the paper leaves it out, or the reverse (C3,
        ``inclusion_check``; the paper's sentences on the evidence's pages), else two names
        whose roles the paper gives the other way round (C2, ``role_check``; every page),
        else two contrasted things each given what the paper gives the other (C2,
        ``exchanged_pair``; the evidence's pages)."""
        paper = PaperSentences.of(self.index)
        pages = {h.entry.page for h in self.hits}
        text = self.claim.text
        found = (
            inclusion_conflict(text, paper, pages, self.skip)
            or role_conflict(text, paper, None, self.skip)
            or exchanged_pair(text, paper, pages, self.skip)
            or listed_relation(text, paper, pages, self.skip)
            or exchanged_but_not(text, paper, pages, self.skip)
        )
        return [] if found is None else [found]

    @cached_property
    def speculative(self) -> bool:
        """A speculative interpretation whose aligned passage holds too little of it (read
        only when the term checkers were asked)."""
        _, al, asked = self.parts
        return (
            asked
            and SPECULATION.search(self.claim.text) is not None
            and self.claim.role is Role.INTERPRETATION
            and (al is None or al.coverage < self.config.speculative_coverage)
        )

    @cached_property
    def decision(self) -> tuple[list[PartResult], Decision | None, bool]:
        """(part results, decision, whether a paper sentence restating the relation
        decided) by :func:`grounding.judges.decide.decide`."""
        results, _, _ = self.parts
        decision = decide(results)
        if decision is None or decision.label is Label.NEI:
            restated = self._restated(results)
            if restated is not None:
                return restated, decide(restated), True
        elif decision.label is Label.SUPPORTED and (
            said := [x.hit for x in results if x.part.kind is PartKind.POLARITY and x.hit]
        ):
            # a negation verified by a passage whose window holds another clause's "not":
            # contradicted where that same passage states the negated clause without one
            denied = self.denied
            if (
                denied is not None
                and denied.hit is not None
                and any(_overlaps(denied.hit, h) for h in said)
            ):
                restated = results + [denied]
                return restated, decide(restated), True
        return results, decision, False

    @cached_property
    def _pages(self) -> set[int]:
        """The pages of the retrieved evidence."""
        return {h.entry.page for h in self.hits}

    @cached_property
    def denied(self) -> PartResult | None:
        """The sentence's negation contradicted by the paper's sentences about what it
        negates, on the pages of the retrieved evidence (``negation_conflict``), or None."""
        return negation_conflict(
            self.claim.text, PaperSentences.of(self.index), self._pages, self.skip
        )

    def _restated(self, results: list[PartResult]) -> list[PartResult] | None:
        """The part results with a relation the sentence states in other words than the
        paper added (``direction_check``: a negation or a change word against the paper's
        sentences about the same things, on the pages of the retrieved evidence): a
        contradicted one always; a verified one only where what was not found is wording (a
        term, comparison or the statement) in a sentence with no number of its own to check
        (numbers are held to their own passages), never a name or a quantifier the paper
        lacks. None when it settles nothing."""
        r = self.denied or direction_check(
            self.claim.text, PaperSentences.of(self.index), self._pages, self.skip
        )
        if r is None:
            return None
        if r.status is Status.CONTRADICTED:
            return results + [r]
        if r.hit is not None and self._other_entity_at(r.hit):
            return None
        if self.claim.quantities or any(
            x.weak
            or x.status is Status.NOT_FOUND
            and (
                x.part.kind not in (PartKind.TERM, PartKind.COMPARISON)
                or x.code in (ErrorTag.N1, ErrorTag.N3)
            )
            for x in results
        ):
            return None
        return [x for x in results if x.status is Status.VERIFIED] + [r]

    def _other_entity_at(self, hit: Hit) -> bool:
        """Whether the passage of ``hit`` (not a table row) puts another entity in a slot of
        the sentence (entity_check.other_entity): it restates no relation of the sentence's."""
        return hit.entry.kind != "row" and (
            other_entity(
                self.claim.text,
                hit_alignment(hit),
                subject_words(self.index),
                index=self.index,
            )
            is not None
        )

    def _check_parts(self, prior: list[PartResult]) -> tuple[list[PartResult], Alignment | None]:
        """Check the terms, comparisons, negations and quantifiers of a sentence whose
        numbers raised nothing, each against the passage aligned with its own clause, and,
        when all of them and ``prior`` (the number results) are verified, the statement
        itself. Returns the new part results and the passage aligned with the whole sentence
        (None if none)."""
        cfg, text, index, hits = self.config, self.claim.text, self.index, self.hits
        att, aliases = self.ev.attribution, self.ev.aliases
        own = {h.pid: att.own_text(h.entry) for h in hits[: cfg.k] if att.cited(h.entry.page)}
        al = align(text, hits[: cfg.k], own, aliases)
        near = al if al is not None and al.coverage >= cfg.align_min else None
        clause_al = self._clause_aligner(own)
        parts_of = [Part(PartKind.TERM, text[a:b], a, b, "") for a, b in clauses(text)]
        number_terms = self._number_terms(near, own)
        # a term stated in the passage of another clause of the sentence is with the
        # statement too ("The LAVIS re-implementation ..., which reproduces ...")
        number_terms += [a.terms for p in parts_of if (a := clause_al(p, False)) is not None]
        pages = {h.entry.page for h in hits[:5]}

        def rows_cmp(p: Part) -> tuple[Status, Hit, str] | None:
            read = (
                compare_rows(text, p.start, p.end, p.value, index, pages)
                or compare_at_condition(text, p.start, p.end, p.value, index, pages)
                or compare_value_with_row(
                    text, p.start, p.end, p.value, index, self.numbers.numbers
                )
            )
            if read is not None:
                holds, hit, why = read
                return (Status.VERIFIED if holds else Status.CONTRADICTED), hit, why
            return column_extreme(text, p, index, self.numbers)

        checked = part_results(
            text,
            self.claim.parts,
            near,
            number_terms,
            self.numbers,
            # a term's passage widened to the sentences it cuts (the statement's are not)
            lambda p: clause_al(p, p.kind is PartKind.TERM),
            table_directions(text, index, self.numbers),
            rows_cmp,
            self.ev.terms_with,
            cfg.polarity_min_similarity,
            lambda h: terms_around(index, h),
            lambda h: sentences_around(index, h),
            index.page_quantities,
            PaperSentences.of(index).page,
            index.page_share,
        )
        results = prior + checked
        if results and not any(r.status is not Status.VERIFIED for r in results):
            table_read = next(
                (
                    r
                    for r in results
                    if r.part.kind is PartKind.COMPARISON
                    and r.hit is not None
                    and r.hit.entry.kind == "row"
                ),
                None,
            )
            checked.append(
                table_read
                if table_read is not None
                else statement_result(
                    text,
                    al,
                    self.numbers,
                    cfg.statement_coverage,
                    [clause_al(p, False) for p in parts_of],
                    [(p.start, p.end) for p in parts_of],
                    cfg.polarity_min_similarity,
                    subject_words(index),
                    index.doc_terms,
                    index,
                )
            )
        return checked, al

    def _number_terms(self, near: Alignment | None, own: dict[int, str]) -> list[frozenset[str]]:
        """The terms that stand with the sentence's found numbers, and (``near``: the
        passage aligned with the sentence) the lines around that passage."""
        cfg, hits = self.config, self.hits
        number_terms = [
            self.ev.terms_with(c.hit)
            for c in self.numbers.numbers
            if c.hit is not None and c.status in (NumberStatus.FOUND, NumberStatus.DERIVED)
        ]
        if near is not None:  # the lines around the aligned passage
            e0 = near.hit.entry
            number_terms += [
                frozenset(content_terms(own[h.pid])) if h.pid in own else frozenset(h.entry.terms)
                for h in hits[: cfg.k]
                if h.entry.kind != "row"
                and h.entry.page == e0.page
                and h.entry.start < e0.end
                and e0.start < h.entry.end
            ]
        return number_terms

    def _clause_aligner(self, own: dict[int, str]) -> Callable[[Part, bool], Alignment | None]:
        """The passage aligned with the clause of a part (searched again for the clause
        alone when the sentence's passages hold too little of it), None when none holds
        ``align_min`` of it; ``own`` gains the passages searched."""
        cfg, text, att = self.config, self.claim.text, self.ev.attribution
        others, aliases, hits = self.claim.reports_other_work, self.ev.aliases, self.hits
        aligned: dict[str, tuple[Alignment | None, list[Hit]]] = {}
        widened: dict[str, Alignment | None] = {}

        def strict(clause: str) -> tuple[Alignment | None, list[Hit]]:
            if clause not in aligned:
                a = align(clause, hits[: cfg.k], own, aliases)
                more: list[Hit] = []
                if (a is None or a.coverage < cfg.align_min) and clause != text:
                    more = [
                        h
                        for h in self.index.hits(clause, k=4)
                        if not att.excluded(h.entry, allow_attributed=others)
                    ]
                    own.update(
                        {h.pid: att.own_text(h.entry) for h in more if att.cited(h.entry.page)}
                    )
                    b = align(clause, more, own, aliases)
                    a = b if b is not None and (a is None or b.coverage > a.coverage) else a
                aligned[clause] = (
                    (a if a is not None and a.coverage >= cfg.align_min else None),
                    more,
                )
            return aligned[clause]

        def clause_al(p: Part, widen: bool) -> Alignment | None:
            clause = clause_of(text, p.start, p.end)
            a, more = strict(clause)
            if a is not None or not widen:
                return a
            # a term may be stated over two sentences, which a window cuts short at its
            # first or last line: a term's passage is widened to the sentences it cuts
            if clause not in widened:
                both = [*hits[: cfg.k], *more]
                wide = self._whole_sentences(both, others)
                b = align(clause, [h for h in both if h.pid in wide], wide, aliases)
                widened[clause] = b if b is not None and b.coverage >= cfg.align_min else None
            return widened[clause]

        return clause_al

    def _whole_sentences(self, hits: list[Hit], others: bool) -> dict[int, str]:
        """Per passage of ``hits`` (lines and windows), the paper's sentences it cuts,
        whole and joined (at most ``_WHOLE_MAX`` characters), where that adds to the
        passage; the sentences that report other work (unless ``others``: the claim does
        too) and the reference list are left out."""
        att = self.ev.attribution
        out: dict[int, str] = {}
        for h in hits:
            e = h.entry
            if e.kind == "row" or h.pid in out:
                continue
            cited = [] if others else att.cited(e.page)
            body = " ".join(
                s.text
                for s in sentences_cut(self.index, h)
                if not att.in_references(e.page, s.start)
                and not any(a < s.start + len(s.text) and s.start < b for a, b in cited)
            )
            if len(e.text) < len(body) <= _WHOLE_MAX:
                out[h.pid] = body
        return out

    # ------------------------------------------------------------------ outcomes
    def outcome(
        self,
        label: Label,
        rationale: str,
        hits: list[Hit] | tuple[Hit, ...],
        errors: list[ErrorSpan] | tuple[ErrorSpan, ...] = (),
        numbers: Findings | tuple[NumberCheck, ...] | None = None,
    ) -> Outcome:
        """An Outcome with ``hits`` as passages and ``errors`` quoted as the sentence writes
        them (spans are found in folded text, "-0.42"); ``numbers``: the number checks
        (default: the settled ledger) whose errors come first."""
        text = self.claim.text
        ledger = self.numbers if numbers is None else numbers
        if isinstance(ledger, Findings):
            errors = [*ledger.errors, *errors]
            checks = tuple(ledger.numbers)
        else:
            checks = ledger
        quoted = tuple(
            e if e.span in text else e.model_copy(update={"span": unfold(text, e.span)})
            for e in errors
        )
        return Outcome(label, rationale, tuple(self.passage(h) for h in hits), quoted, checks)

    @cached_property
    def quotes(self) -> list[QuoteCheck]:
        return check_quotes(self.claim.text, self.index)


#: the longest text of whole sentences a passage is widened to (a run-on "sentence" of a
#: table or list read as prose says nothing in particular)
_WHOLE_MAX = 700


def _stops(results: list[PartResult]) -> bool:
    """True when a part is contradicted or not found (the later checkers are not asked)."""
    return (
        first(results, Status.CONTRADICTED) is not None
        or first(results, Status.NOT_FOUND) is not None
    )


# ---------------------------------------------------------------------- rows
S = RulesState
Maybe = Outcome | None


def _unread_only(s: S, _: Maybe) -> Maybe:
    if not s.claim.language or has_latin(s.claim.text):
        return None
    return Outcome(
        Label.NEI,
        f"Not enough information: the sentence is written in {s.claim.language}, which no "
        "check reads, and has no number or Latin-script name to check.",
        final=True,
    )


def _not_a_claim(s: S, _: Maybe) -> Maybe:
    if not s.claim.not_a_claim:
        return None
    return Outcome(Label.NOT_A_CLAIM, f"Not a claim: {s.claim.not_a_claim}.", final=True)


def _no_evidence(s: S, _: Maybe) -> Maybe:
    if s.evidence is not None:
        return None
    return Outcome(
        Label.NEI,
        "No evidence available: no document or passages were given, so nothing could be checked.",
        final=True,
    )


#: Longest sentence (characters) the rules check as one claim. A paper's sentences and an
#: answer's stay far below it; longer text is a run-on paste with no sentence ends, whose
#: checks would each read every one of its numbers against all the others (time growing
#: with the square of its length) and whose label would say nothing about any statement.
LONGEST_CLAIM = 2000


def _too_long(s: S, _: Maybe) -> Maybe:
    n = len(s.claim.text)
    if n <= LONGEST_CLAIM:
        return None
    return Outcome(
        Label.NEI,
        f"Not enough information: {n:,} characters with no sentence end are too long to check "
        f"as one claim (at most {LONGEST_CLAIM:,}); split the text into sentences.",
        final=True,
    )


def _number_review(s: S, _: Maybe) -> Maybe:
    if s.review is None:
        return None
    return s.outcome(Label.NEI, s.review, [], numbers=s.raw_numbers)


def _sentence_finding(get: Callable[[S], SentenceFinding | None]) -> Callable[[S, Maybe], Maybe]:
    """A row contradicted by a whole-sentence checker, asked only while no number part is
    contradicted (and the ones before it found nothing)."""

    def row(s: S, _: Maybe) -> Maybe:
        if s.number_conflict:
            return None
        f = get(s)
        if f is None:
            return None
        checks = s.numbers.numbers if f.numbers is None else f.numbers
        return s.outcome(
            Label.CONTRADICTION, f.rationale, f.hits, [*s.numbers.errors, *f.errors], tuple(checks)
        )

    return row


def _inherited(s: S, _: Maybe) -> Maybe:
    if s.number_conflict:
        return None
    why = inherited_error(s.claim.text, s.numbers, s.ev.memory)
    if why is None:
        return None
    held = [c.hit for c in s.numbers.numbers if c.hit is not None]
    return s.outcome(Label.CONTRADICTION, why, list(dict.fromkeys(held))[:2] or s.hits[:1])


def _swapped_values(s: S, _: Maybe) -> Maybe:
    if s.number_conflict or not any(ErrorTag.C2 in e.tags for e in s.numbers.errors):
        return None
    ev = [c.hit for c in s.numbers.numbers if c.hit is not None][:1]
    return s.outcome(
        Label.CONTRADICTION,
        "Contradicted: "
        + "; ".join(s.numbers.notes)
        + (f" (page {ev[0].entry.page})." if ev else "."),
        ev,
    )


def _speculative(s: S, _: Maybe) -> Maybe:
    if not s.speculative:
        return None
    al = s.parts[1]
    return s.outcome(
        Label.NEI,
        "Not settled by the paper: a speculative inference; the "
        f"closest passage holds only {al.coverage if al else 0:.0%} of its "
        "content words.",
        [],
    )


def _decided(
    label: Label, *, restated: bool | None = None, weak: bool | None = None
) -> Callable[[S, Maybe], Maybe]:
    """A row of the part decision: ``label`` (reached through a paper sentence restating
    the relation, or not, or either when None; for nei: only through parts verified away
    from the sentence's passage when ``weak``, never when not)."""

    def row(s: S, _: Maybe) -> Maybe:
        results, decision, via = s.decision
        if decision is None or decision.label is not label:
            return None
        if restated is not None and via is not restated:
            return None
        if (
            weak is not None
            and (decision.deciding is not None and decision.deciding.status is Status.VERIFIED)
            is not weak
        ):
            return None
        return _part_outcome(s, results, decision)

    return row


def _part_outcome(s: S, results: list[PartResult], decision: Decision) -> Outcome:
    """The outcome of the part decision: the error spans of the parts that decided it,
    the passages that show it, its rationale quoting the first of them."""
    errors = [
        ErrorSpan(span=r.span, tags=(r.code,), correction=r.correction)
        for r in results
        if r.span
        and r.code is not None
        and (
            decision.label is Label.CONTRADICTION
            and r.status is Status.CONTRADICTED
            or decision.label is Label.NEI
            and r.status is Status.NOT_FOUND
        )
    ]
    al = s.parts[1]
    if decision.label is Label.CONTRADICTION:
        ev = [r.hit for r in results if r.status is Status.CONTRADICTED and r.hit is not None]
    elif decision.label is Label.SUPPORTED:
        ev = [r.hit for r in results if r.hit is not None] or ([al.hit] if al else [])
    else:
        ev = []
    ev = list(dict.fromkeys(ev))[:3]
    reason = decision.reason
    if ev and decision.label is not Label.NEI:
        reason = reason[:-1] + f' (evidence: "{short(ev[0].entry.text)}").'
    return s.outcome(decision.label, reason, ev, errors)


def _unchecked(s: S) -> Alignment | None | bool:
    """The passage aligned with a sentence that has nothing checkable (None: no passage);
    False when the sentence has something checkable (the nothing-checkable rows skip)."""
    if s.decision[1] is not None:
        return False
    return s.parts[1]


def _reversed_operator(s: S, _: Maybe) -> Maybe:
    al = _unchecked(s)
    if not isinstance(al, Alignment):
        return None
    turned = reversed_operators(s.claim.text, al, s.config.polarity_min_similarity)
    if not turned:
        return None
    a, b = turned[0]
    text = s.claim.text
    span = unfold(text, a) if a in fold(text).lower() else a
    return s.outcome(
        Label.CONTRADICTION,
        f"Contradicted: the sentence says '{a}' where the "
        f"same statement on page {al.hit.entry.page} says '{b}' "
        f'("{short(al.hit.entry.text)}").',
        [al.hit],
        [ErrorSpan(span=span, tags=(ErrorTag.C3,), correction=b)],
    )


def _flipped_operator(s: S, _: Maybe) -> Maybe:
    al = _unchecked(s)
    if not isinstance(al, Alignment):
        return None
    flips = flipped_operators(s.claim.text, al)
    if not flips:
        return None
    return s.outcome(
        Label.NEI,
        f"Not enough information: the passage on page "
        f"{al.hit.entry.page} says "
        + ", ".join(f"'{b}' where the sentence says '{a}'" for a, b in flips)
        + f' ("{short(al.hit.entry.text)}").',
        [al.hit],
    )


def _other_entity(s: S, _: Maybe) -> Maybe:
    al = _unchecked(s)
    if not isinstance(al, Alignment):
        return None
    swap = other_entity(
        s.claim.text,
        al,
        subject_words(s.index),
        s.index.doc_terms,
        index=s.index,
    )
    if swap is None:
        return None
    errors: list[ErrorSpan] = []
    label, rationale, hits = swap.verdict(al, errors)
    return s.outcome(label, rationale, hits, errors)


def _stated_verbatim(s: S, _: Maybe) -> Maybe:
    al = _unchecked(s)
    if not isinstance(al, Alignment) or al.coverage < 0.5:
        return None
    claim, passage = fold(s.claim.text).lower(), fold(al.text).lower()
    match = fuzz.partial_ratio_alignment(claim, passage, score_cutoff=VERBATIM)
    if match is None:
        return None
    # a negation right before the matched words, in the same sentence, says the opposite
    lead = re.split(r"[.;:!?]\s", passage[max(0, match.dest_start - 30) : match.dest_start])
    if negated_lead(lead[-1], claim):
        return None
    return s.outcome(
        Label.SUPPORTED,
        f"Supported: the paper states it on page "
        f'{al.hit.entry.page} ("{short(al.hit.entry.text)}").',
        [al.hit],
    )


def _nothing_checkable(s: S, _: Maybe) -> Maybe:
    al = _unchecked(s)
    if al is False:
        return None
    aligned = al if isinstance(al, Alignment) else None
    bounds = [
        bound_text(s.claim.text, c.quantity)
        for c in s.numbers.numbers
        if c.status == NumberStatus.UNVERIFIABLE
    ]
    return s.outcome(
        Label.NEI, nothing_checkable_reason(s.claim.text, s.index, aligned, bounds), []
    )


# ---------------------------------------------------------------------- amending rows


def _wrong_table_reference(s: S, so_far: Maybe) -> Maybe:
    if so_far is None or so_far.final or so_far.label is Label.CONTRADICTION:
        return None
    wrong = wrong_reference(s.claim.text, s.index, list(so_far.numbers))
    if wrong is None:
        return None
    return s.outcome(
        Label.CONTRADICTION,
        f"Contradicted: the paper gives {wrong.value} in {wrong.correction} "
        f"(page {wrong.hit.entry.page}), not in {wrong.span}.",
        [wrong.hit],
        [ErrorSpan(span=wrong.span, tags=(ErrorTag.C2,), correction=wrong.correction)],
        so_far.numbers,
    )


def _hedged(s: S, so_far: Maybe) -> Maybe:
    if so_far is None or so_far.final or so_far.label is not Label.SUPPORTED or not so_far.evidence:
        return None
    why = next((h for p in so_far.evidence[:3] if (h := _hedge_of(s, p)) is not None), None)
    if why is None:
        return None
    return Outcome(Label.NEI, why, (), (), so_far.numbers)


def _unread_language(s: S, so_far: Maybe) -> Maybe:
    """nei for a supported sentence written in a language no check reads: its relations,
    negations and terms in that language are unchecked; only its numbers and Latin-script
    names were (a contradiction they find stands). A nei rationale says the language."""
    if so_far is None or so_far.final or not s.claim.language:
        return None
    if so_far.label is Label.NEI:
        note = f" (It is written in {s.claim.language}, whose words no check reads.)"
        return replace(so_far, rationale=so_far.rationale + note)
    if so_far.label is not Label.SUPPORTED:
        return None
    checked = so_far.rationale.removeprefix("Supported: ")
    return Outcome(
        Label.NEI,
        f"Not enough information: it is written in {s.claim.language}, whose words no check "
        f"reads; only its numbers and Latin-script names were checked: {checked}",
        so_far.evidence,
        (),
        so_far.numbers,
    )


def _hedge_of(s: S, evidence: Passage) -> str | None:
    """The rationale of ``nei`` when the paper's sentence behind ``evidence`` hedges a
    finding that the sentence states as established (``hedge_check``); else None."""
    page = s.index.pages.get(evidence.page)
    if page is None:
        return None
    spans = sentence_premises(page.text, evidence.start, evidence.end)
    if not spans:
        return None
    text = s.claim.text
    stating = closest_sentence(text, page.text[spans[0][0] : spans[0][1]])
    word = unhedged(text, stating)
    if word is None:
        return None
    return (
        f'Not enough information: page {evidence.page} hedges it ("{word}": '
        f'"{short(stating)}"), the sentence states it as established.'
    )


def _quoted(s: S, so_far: Maybe) -> list[QuoteCheck]:
    """The sentence's quotes held to the paper (none once an outcome is final)."""
    return [] if so_far is None or so_far.final else s.quotes


def _negated_quote(quoted: list[QuoteCheck]) -> QuoteCheck | None:
    q = next((q for q in quoted if q.status == "negation"), None)
    return q if q is not None and q.passage is not None else None


def _missing_quote(quoted: list[QuoteCheck]) -> QuoteCheck | None:
    if _negated_quote(quoted) is not None:
        return None
    return next((q for q in quoted if q.status in (NumberStatus.ABSENT, "apart")), None)


def _whole_quote(s: S, quoted: list[QuoteCheck]) -> bool:
    """True when the quotes are the whole claim (the rest is framing, "The paper states
    that ...") and every one of them is in the paper, none with a negation left out."""
    return (
        bool(quoted)
        and _negated_quote(quoted) is None
        and _missing_quote(quoted) is None
        and framing_only(s.claim.text, [(q.start, q.end) for q in quoted])
    )


def _quote_negation(s: S, so_far: Maybe) -> Maybe:
    q = _negated_quote(_quoted(s, so_far))
    if q is None or q.passage is None or so_far is None:
        return None
    return Outcome(
        Label.CONTRADICTION,
        f"Contradicted: the quote leaves out '{q.elided}' "
        f'where page {q.passage.page} says "{short(q.paper)}".',
        _quote_passages(s, [q]),
        (ErrorSpan(span=q.text, tags=(ErrorTag.C3,), correction=q.paper),),
        so_far.numbers,
    )


def _quote_missing(s: S, so_far: Maybe) -> Maybe:
    q = _missing_quote(_quoted(s, so_far))
    if q is None or so_far is None or so_far.label is Label.CONTRADICTION:
        return None
    how = (
        "is not in the paper"
        if q.status == NumberStatus.ABSENT
        else "is in the paper only in pieces far apart or out of order"
    )
    return Outcome(
        Label.NEI,
        f'Not enough information: the quote "{short(q.text)}" {how}.',
        (),
        (ErrorSpan(span=q.text, tags=(ErrorTag.N2,), correction=""),),
        so_far.numbers,
    )


def _quote_trivial(s: S, so_far: Maybe) -> Maybe:
    quoted = _quoted(s, so_far)
    if (
        so_far is None
        or not _whole_quote(s, quoted)
        or not any(q.status == "trivial" for q in quoted)
    ):
        return None
    return Outcome(
        Label.NEI,
        "Not enough information: the quote is a few common words, "
        "which are no evidence of what the paper says.",
        (),
        (),
        so_far.numbers,
    )


def _quote_found(s: S, so_far: Maybe) -> Maybe:
    quoted = _quoted(s, so_far)
    if so_far is None or not _whole_quote(s, quoted) or any(q.status == "trivial" for q in quoted):
        return None
    found = [q for q in quoted if q.status == NumberStatus.FOUND]
    pages = ", ".join(str(q.passage.page) for q in found if q.passage is not None)
    return Outcome(
        Label.SUPPORTED,
        f"Supported: the paper has the quoted words on page(s) "
        f'{pages} ("{short(found[0].paper)}").',
        _quote_passages(s, found),
        (),
        so_far.numbers,
    )


def _quote_passages(s: S, quoted: list[QuoteCheck]) -> tuple[Passage, ...]:
    """The passages of ``quoted``; on an index built from passages, those passages."""
    pseudo, out = s.ev.pseudo, []
    for q in quoted:
        if q.passage is None:
            continue
        if pseudo is not None and 1 <= q.passage.page <= len(pseudo):
            out.append(pseudo[q.passage.page - 1])
        elif pseudo is None:
            out.append(q.passage)
    return tuple(out)


#: The rules judge's decision table (see the module docstring).
TABLE: Table[RulesState, Outcome] = Table(
    (
        Row(
            "unread_only",
            "written in Chinese, Japanese or Korean, with no number or Latin-script name",
            _unread_only,
        ),
        Row(
            "not_a_claim",
            "heading, framing, list introduction, reference entry, offer, pure "
            "hedge, restatement of the question",
            _not_a_claim,
        ),
        Row("no_evidence", "no document and no passages", _no_evidence),
        Row("too_long", "a run-on text too long to be one claim", _too_long),
        Row("number_review", "a number's evidence is read from untrusted glyphs", _number_review),
        Row(
            "flipped_statement",
            "the paper states the sentence with one operator word reversed",
            _sentence_finding(lambda s: s.flip),
        ),
        Row(
            "changed_number",
            "the paper states the sentence with one number changed (C1)",
            _sentence_finding(lambda s: s.changed_number),
        ),
        Row(
            "exchanged_numbers",
            "the paper states the sentence with two of its numbers exchanged (C1)",
            _sentence_finding(lambda s: s.exchanged),
        ),
        Row(
            "verb_slot_name",
            "the paper always gives that verb another name (C2)",
            _sentence_finding(lambda s: s.verb_slot),
        ),
        Row(
            "inherited_error",
            "a number an earlier sentence got wrong, repeated or used",
            _inherited,
        ),
        Row(
            "swapped_values",
            "the number checkers found values given to another row (C2)",
            _swapped_values,
        ),
        Row("speculative", "a speculative interpretation the paper does not settle", _speculative),
        Row(
            "restated_contradiction",
            "a paper sentence on the same things negates or reverses it",
            _decided(Label.CONTRADICTION, restated=True),
        ),
        Row(
            "restated_support",
            "a paper sentence on the same things states the relation",
            _decided(Label.SUPPORTED, restated=True),
        ),
        Row("part_contradicted", "a part contradicted", _decided(Label.CONTRADICTION)),
        Row("part_not_found", "a part not found", _decided(Label.NEI, weak=False)),
        Row(
            "found_elsewhere_only",
            "every part verified only away from the sentence's passage",
            _decided(Label.NEI, weak=True),
        ),
        Row("parts_verified", "every part verified", _decided(Label.SUPPORTED)),
        Row(
            "reversed_operator",
            "nothing checkable; the same statement with the operator word reversed",
            _reversed_operator,
        ),
        Row(
            "flipped_operator",
            "nothing checkable; the passage says the opposite operator",
            _flipped_operator,
        ),
        Row(
            "other_entity",
            "nothing checkable; the passage puts another lower-case entity in its slot (C2), "
            "or the paper never names it",
            _other_entity,
        ),
        Row(
            "stated_verbatim",
            "nothing checkable; the paper states it (near) verbatim",
            _stated_verbatim,
        ),
        Row("nothing_checkable", "nothing checkable otherwise", _nothing_checkable),
        Row(
            "wrong_table_reference",
            "not contradicted; its values are in another table than the one it names",
            _wrong_table_reference,
            amends=True,
        ),
        Row(
            "hedged",
            "supported; the paper hedges what it states as established",
            _hedged,
            amends=True,
        ),
        Row(
            "unread_language",
            "supported; the sentence is written in a language no check reads (not English)",
            _unread_language,
            amends=True,
        ),
        Row(
            "quote_negation",
            "a quote leaves out the paper's negation",
            _quote_negation,
            amends=True,
        ),
        Row(
            "quote_missing",
            "not contradicted; a quote the paper does not hold",
            _quote_missing,
            amends=True,
        ),
        Row(
            "quote_trivial",
            "the quote is the claim and a few common words",
            _quote_trivial,
            amends=True,
        ),
        Row(
            "quote_found",
            "the quotes are the claim and the paper holds them",
            _quote_found,
            amends=True,
        ),
    )
)


def _overlaps(a: Hit, b: Hit) -> bool:
    """Whether two hits' passages share text (same page, overlapping offsets; a table
    row's offsets are its own, so rows overlap only themselves)."""
    ea, eb = a.entry, b.entry
    if ea.page != eb.page or "row" in (ea.kind, eb.kind):
        return ea == eb
    return ea.start < eb.end and eb.start < ea.end


__all__ = ["TABLE", "Evidence", "Outcome", "RulesState"]
