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
4. The decision table (:mod:`grounding.judges.rules_table`, its rows in order, each named;
   the part decision itself in :mod:`grounding.judges.decide`): a part contradicted ->
   contradiction; a part not found -> nei naming it; every part verified -> supported.
   A sentence with nothing checkable is supported only when the paper states it (near)
   verbatim, or when it interprets a supported previous sentence without speculating;
   else nei with no error of its own, so that premise propagation decides. The row that
   decided is kept in ``Judgement.extra["row"]``.

The sentence is parsed once (:class:`grounding.judges.claim.Claim`); the checkers return
their results (:mod:`grounding.judges.rules_checks`) and none changes another's.

The rationale names the part that decided the label. Role: Interpretation for sentences
opened or linked by "This", "Therefore", "which means", "suggests"...; else Observation.

Usage::

    judge = RulesJudge()
    judgement = judge.judge(ClaimContext(sentence, question, previous, passages, document))
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from annotations.schema import Label
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.abbreviations import Aliases
from grounding.judges.answer_memory import AnswerMemory
from grounding.judges.attribution import Attribution
from grounding.judges.base import ClaimContext
from grounding.judges.claim import Claim
from grounding.judges.claim_kind import is_interpretation, not_a_claim_reason
from grounding.judges.error_phrases import inference
from grounding.judges.rules_checks import counts_own_list, wrong_values
from grounding.judges.rules_config import RulesConfig
from grounding.judges.rules_table import TABLE, Evidence, RulesState
from grounding.lexicon import is_numeric
from grounding.types import Judgement, Passage


class RulesJudge:
    """Offline judge implementing ``grounding.judges.base.Judge`` with the rules above.

    Args: config: RulesConfig thresholds. index: a prebuilt EvidenceIndex to use for every
          claim (else ``claim.index``, else one built from ``claim.document`` and cached,
          or from ``claim.passages`` when no document is given).
    """

    name = "rules"
    #: searches the document's index itself (see grounding.judges.base.Judge)
    retrieves_evidence = True
    #: its error spans mark the word a check found (see grounding.judges.base.Judge)
    marks_words = True

    def __init__(
        self, config: RulesConfig | None = None, index: EvidenceIndex | None = None
    ) -> None:
        self.config = config or RulesConfig()
        self._index = index
        self._cache: list[tuple[Any, EvidenceIndex]] = []
        #: per paper index (weakly keyed, so papers never mix): the answer memory and the
        #: paper's reference list and cited sentences
        self._memory: WeakKeyDictionary[EvidenceIndex, AnswerMemory] = WeakKeyDictionary()
        self._attribution: WeakKeyDictionary[EvidenceIndex, Attribution] = WeakKeyDictionary()
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
        given = getattr(claim.index, "lexical", claim.index)  # a HybridIndex wraps one
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
        """Label ``claim.sentence``; never raises for ordinary text (JudgeError is not used).
        The decision table's row that decided is in ``extra["row"]``."""
        parsed = Claim.of(claim)
        index, pseudo = self._index_for(claim)
        memory = self._memory.get(index) if index is not None else None
        if index is not None and memory is None:
            memory = self._memory[index] = AnswerMemory()
        if memory is not None:
            memory.sync(claim.previous)
        evidence = None
        if index is not None and memory is not None and not parsed.not_a_claim:
            att = self._attribution.get(index)
            if att is None:
                att = self._attribution[index] = Attribution.of(index)
            evidence = Evidence(
                index,
                pseudo,
                att,
                memory,
                self._aliases_of(index),
                lambda h: self._terms_with(h, index),
            )
        trace = TABLE.trace(RulesState(parsed, self.config, evidence))
        row, out = trace[-1]
        if out.label is Label.NOT_A_CLAIM:
            if memory is not None:
                memory.record(parsed.text, ())
            return Judgement(
                Label.NOT_A_CLAIM, None, out.rationale, judge=self.name, extra={"row": row}
            )
        if evidence is None:
            return Judgement(
                out.label, parsed.role, out.rationale, judge=self.name, extra={"row": row}
            )
        extra: dict[str, object] = {"numbers": {c.quantity.text: c.status for c in out.numbers}}
        if any(name == "hedged" for name, _ in trace):
            extra["hedged"] = True
        if parsed.language:
            extra["unread_language"] = parsed.language
        if row == "speculative":
            # the inferred statement: the sentence's own N2 error unless a bad premise
            # explains why the paper does not settle it (``check`` decides after linking)
            extra["inference"] = inference(parsed.text)
        extra["row"] = row
        evidence.memory.record(parsed.text, wrong_values(out.numbers))
        return Judgement(
            out.label,
            parsed.role,
            out.rationale,
            out.errors,
            out.evidence,
            judge=self.name,
            extra=extra,
        )

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
            held = frozenset(
                t
                for e in index.entries
                if e.page == hit.entry.page
                for t in e.terms
                if not is_numeric(t)
            )
            self._page_terms = {k: v for k, v in self._page_terms.items() if k[0] == id(index)}
            self._page_terms[key] = held
        return held | frozenset(hit.entry.terms)


__all__ = [
    "RulesConfig",
    "RulesJudge",
    "counts_own_list",
    "is_interpretation",
    "not_a_claim_reason",
]
