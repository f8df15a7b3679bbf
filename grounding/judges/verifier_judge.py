"""The verifier judge: the rules check numbers and names, a trained claim verifier reads
whether the paper states what the rules leave undecided.

For each sentence the rules judge (``grounding.judges.rules``) runs first. Where it settles
the sentence (framing, a checked value or name, a relation it contradicts, every part
verified) its label stands. Where it leaves the sentence undecided (``nei`` with nothing
missing: no part of it was found contradicted or absent, but nothing settled it either),
the sentence is scored by the claim verifier (:class:`grounding.verifier.model.Verifier`, a
cross-encoder trained in this repository, numpy at run time) against short premises: each
of the best ``k`` passages the evidence index finds, widened to the whole sentences it
cuts. The premise with the highest P(supported) and the one with the highest P(refuted)
decide. Table rows and number-dense passages are not read (the model was not trained on
tables), nor bibliography entries (a cited work's title states no finding of the paper), nor
are sentences the rules leave ``nei`` on purpose (a speculative inference the
paper does not settle, a hedged finding stated as established).

Decision table (:data:`TABLE`, a :class:`grounding.judges.table.Table` applied by
:func:`decide_verified`, pure; rows in order, the first that applies wins; its name is kept
in ``Judgement.extra["row"]``):

=====================  ==========================================================  ==============
row                    when                                                        label
=====================  ==========================================================  ==============
not_a_claim            the rules call it framing, a question, a refusal            not_a_claim
no_evidence            no document and no passages                                 nei
checked_conflict       the rules contradict a checked number or name (C1 / C2)     contradiction
unchecked_value        the rules found a number or name the paper lacks (N1)       nei
rules_relation         the rules contradict a relation (C3)                        contradiction
checked_support        the rules verified every part                               supported
verifier_refutes       undecided; P(refuted) >= ``refute`` on a premise, above     contradiction
                       P(supported)
verifier_hedged        undecided; P(supported) >= ``support`` on a premise that    nei
                       hedges what the sentence states as established
verifier_negated       undecided; P(supported) >= ``support`` on a premise that    nei
                       negates a word the sentence affirms
verifier_supports      undecided; P(supported) >= ``support`` on a premise         supported
not_stated             otherwise                                                   nei
=====================  ==========================================================  ==============

The two thresholds are fitted under leave-one-paper-out on GroundQA dev
(``bench/verifier_lopo.py``); the defaults of :class:`VerifierSettings` are the fit on all
six papers. A label the verifier decides carries, as evidence, the premise that decided it,
and its rationale quotes that premise with the verifier's probability.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from annotations.schema import ErrorSpan, ErrorTag, Label
from grounding.judges.base import ClaimContext
from grounding.judges.hedge_check import closest_sentence, unhedged
from grounding.judges.premise_polarity import denied_term
from grounding.judges.premise_text import sentence_premises
from grounding.judges.rules_cues import is_reference_entry
from grounding.judges.table import Row, Table
from grounding.lexicon.words import QUANTIFIER_PAIRS, direction_pairs, negation_words
from grounding.types import Judgement, Passage


class VerifierSettings(BaseModel):
    """Options of :class:`VerifierJudge` (frozen; unknown keys rejected).

    model_dir: folder of the verifier's weights (None: the shipped model).
    k: passages of the evidence index per sentence. max_chars: longest premise.
    support: P(supported) that makes a sentence the rules left undecided supported.
    refute: P(refuted) that makes it a contradiction (C3); 1.0 never does. Both fitted
    under leave-one-paper-out on GroundQA dev (``bench/verifier_lopo.py``; the defaults are
    the fit on all six papers). batch_size: pairs per forward pass.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    model_dir: str | None = None
    k: int = Field(default=4, ge=1, le=50)
    max_chars: int = Field(default=500, ge=100)
    support: float = Field(default=0.7, ge=0, le=1)
    refute: float = Field(default=0.9, ge=0, le=1)
    batch_size: int = Field(default=32, ge=1, le=1024)


@dataclass(frozen=True, slots=True)
class Scored:
    """One premise and the verifier's probabilities for the sentence against it."""

    passage: Passage
    supported: float
    refuted: float
    nei: float


def _relation_span(sentence: str, premise: str) -> str:
    """The words of ``sentence`` most likely to carry a wrong relation: the first
    direction, negation or quantifier word the premise lacks, else the sentence."""
    pairs = direction_pairs("edit") + QUANTIFIER_PAIRS
    cue = {w for pair in pairs for w in pair if " " not in w}
    cue |= set(negation_words("clause"))
    low = premise.lower()
    for m in re.finditer(r"[A-Za-z']+", sentence):
        w = m.group(0).lower()
        if w in cue and not re.search(rf"\b{re.escape(w)}\b", low):
            return m.group(0)
    return sentence.strip().rstrip(".")


def _quote(text: str, n: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


@dataclass(frozen=True, slots=True)
class VerifierState:
    """What the verifier's decision table reads: the sentence, the rules' judgement, the
    scored premises and the settings."""

    sentence: str
    rules: Judgement
    scored: Sequence[Scored]
    settings: VerifierSettings

    @property
    def tags(self) -> set[ErrorTag]:
        return {t for e in self.rules.errors for t in e.tags}

    @property
    def read(self) -> bool:
        """True when the verifier's reading decides: premises scored, rules undecided."""
        return bool(self.scored) and undecided(self.rules)

    def best(self) -> tuple[Scored, Scored]:
        """The premise with the highest P(supported) and the one with the highest
        P(refuted)."""
        return (
            max(self.scored, key=lambda s: s.supported),
            max(self.scored, key=lambda s: s.refuted),
        )


def _rules_if(
    test: Callable[[VerifierState], bool],
) -> Callable[[VerifierState, Judgement | None], Judgement | None]:
    """A row whose outcome is the rules' own judgement when ``test`` holds."""
    return lambda s, _: s.rules if test(s) else None


def _refutes(s: VerifierState, _: Judgement | None) -> Judgement | None:
    if not s.read:
        return None
    sup, ref = s.best()
    if not (ref.refuted >= s.settings.refute and ref.refuted > sup.supported):
        return None
    span = _relation_span(s.sentence, ref.passage.text)
    return Judgement(
        Label.CONTRADICTION,
        s.rules.role,
        f"Contradicted: the claim verifier reads page {ref.passage.page} as saying "
        f'otherwise (P(refuted)={ref.refuted:.2f}): "{_quote(ref.passage.text)}".',
        (ErrorSpan(span=span, tags=(ErrorTag.C3,)),),
        (ref.passage,),
    )


def _confident(s: VerifierState) -> Scored | None:
    """The premise with the highest P(supported) where the verifier's reading decides and
    that probability reaches the ``support`` threshold; else None."""
    if not s.read:
        return None
    sup, _ref = s.best()
    return sup if sup.supported >= s.settings.support else None


def _read_against(
    s: VerifierState, find: Callable[[str, str], str | None], but: Callable[[str, str], str]
) -> Judgement | None:
    """nei where the verifier's confident premise, read at its sentence closest to the
    claim, holds what ``find`` (claim, that sentence) returns: a word the reading must not
    pass over; ``but`` (word, sentence) says what, for the rationale."""
    sup = _confident(s)
    if sup is None:
        return None
    stating = closest_sentence(s.sentence, sup.passage.text)
    word = find(s.sentence, stating)
    if word is None:
        return None
    return Judgement(
        Label.NEI,
        s.rules.role,
        f"Not enough information: the claim verifier reads it on page {sup.passage.page} "
        f"(P(supported)={sup.supported:.2f}), but {but(word, stating)}",
        (),
        (sup.passage,),
    )


def _hedged(s: VerifierState, _: Judgement | None) -> Judgement | None:
    return _read_against(
        s,
        unhedged,
        lambda w, st: (
            f'the paper hedges it ("{w}": "{_quote(st)}"); the sentence states it as established.'
        ),
    )


def _negated(s: VerifierState, _: Judgement | None) -> Judgement | None:
    return _read_against(
        s,
        denied_term,
        lambda w, st: f'that passage negates "{w}", which the sentence affirms: "{_quote(st)}".',
    )


def _supports(s: VerifierState, _: Judgement | None) -> Judgement | None:
    sup = _confident(s)
    if sup is None:
        return None
    return Judgement(
        Label.SUPPORTED,
        s.rules.role,
        f"Supported: the claim verifier reads it on page {sup.passage.page} "
        f'(P(supported)={sup.supported:.2f}): "{_quote(sup.passage.text)}".',
        (),
        (sup.passage,),
    )


def _not_stated(s: VerifierState, _: Judgement | None) -> Judgement:
    if not s.read:
        return s.rules
    sup, _ref = s.best()
    r = s.rules
    return Judgement(
        r.label,
        r.role,
        r.rationale[:-1] + f"; no passage reads as stating it either (best "
        f"P(supported)={sup.supported:.2f} on page {sup.passage.page}).",
        r.errors,
        (),
    )


#: The verifier judge's decision table (see the module docstring).
TABLE: Table[VerifierState, Judgement] = Table(
    (
        Row(
            "not_a_claim",
            "the rules call it framing, a question, a refusal",
            _rules_if(lambda s: s.rules.label is Label.NOT_A_CLAIM),
        ),
        Row(
            "no_evidence",
            "no document and no passages",
            _rules_if(
                lambda s: s.rules.label is Label.NEI and s.rules.rationale.startswith(_NO_EVIDENCE)
            ),
        ),
        Row(
            "checked_conflict",
            "the rules contradict a checked number or name (C1 / C2)",
            _rules_if(
                lambda s: (
                    s.rules.label is Label.CONTRADICTION
                    and bool(s.tags & {ErrorTag.C1, ErrorTag.C2})
                )
            ),
        ),
        Row(
            "unchecked_value",
            "the rules found a number or name the paper lacks (N1)",
            _rules_if(lambda s: s.rules.label is Label.NEI and ErrorTag.N1 in s.tags),
        ),
        Row(
            "rules_relation",
            "the rules contradict a relation (C3)",
            _rules_if(lambda s: s.rules.label is Label.CONTRADICTION),
        ),
        Row(
            "checked_support",
            "the rules verified every part",
            _rules_if(lambda s: s.rules.label is Label.SUPPORTED),
        ),
        Row(
            "verifier_refutes",
            "undecided; P(refuted) >= refute on a premise, above P(supported)",
            _refutes,
        ),
        Row(
            "verifier_hedged",
            "undecided; P(supported) >= support on a premise that hedges what the sentence "
            "states as established",
            _hedged,
        ),
        Row(
            "verifier_negated",
            "undecided; P(supported) >= support on a premise that negates a word the "
            "sentence affirms",
            _negated,
        ),
        Row("verifier_supports", "undecided; P(supported) >= support on a premise", _supports),
        Row("not_stated", "otherwise", _not_stated),
    )
)


def decide_verified(
    sentence: str, rules: Judgement, scored: Sequence[Scored], settings: VerifierSettings
) -> Judgement:
    """The label of ``sentence`` from the rules' judgement and the scored premises, by the
    decision table of the module docstring (pure)."""
    state = VerifierState(sentence, rules, scored, settings)
    row, j = TABLE.decide(state)
    extra = dict(rules.extra)
    if state.read:
        sup, ref = state.best()
        extra["verifier"] = {"supported": round(sup.supported, 3), "refuted": round(ref.refuted, 3)}
    return Judgement(
        j.label,
        j.role,
        j.rationale,
        j.errors,
        j.evidence,
        judge="verifier",
        extra={**extra, **j.extra, "row": row, "rules_label": rules.label.value},
    )


def undecided(rules: Judgement) -> bool:
    """True when the rules leave the sentence to the verifier: ``nei`` with no part found
    absent (N1) and evidence to read (the rows verifier_* of the decision table), in a
    sentence written in English (the model reads English only)."""
    tags = {t for e in rules.errors for t in e.tags}
    return (
        rules.label is Label.NEI
        and ErrorTag.N1 not in tags
        and not rules.rationale.startswith(_SETTLED_NEI)
        and not rules.extra.get("hedged")
        and not rules.extra.get("unread_language")
        and rules.extra.get("row") != "too_long"
    )


# nei labels the rules reach on purpose: nothing to read, an inference the paper does not
# settle (a speculative sentence whose content the paper's passages do not hold), a
# hedged finding stated as established (``extra["hedged"]``), and a run-on text too long
# to be one claim (row ``too_long``)
_NO_EVIDENCE = "No evidence available"
_SETTLED_NEI = (_NO_EVIDENCE, "Not settled by the paper")
# four numbers in a row, as a table row's cells run ("84.2 88.4 91.5 36.9")
_CELL_RUN = re.compile(r"(?:[-+−]?\d[\d.,]*%?\s+){3}[-+−]?\d[\d.,]*%?")


def _prose(text: str) -> bool:
    """True for a premise the verifier can read: prose, not a table row or a run of cells
    (the model was not trained on tables): no four numbers in a row."""
    return _CELL_RUN.search(text) is None


class VerifierJudge:
    """Rules for numbers and names, the trained claim verifier for the statement (see the
    module docstring).

    Args: settings: VerifierSettings. rules: the rules judge to run first (a new one if
          None). verifier: a loaded Verifier (else the one in ``settings.model_dir``, or
          the shipped one).
    Raises: JudgeError if the verifier's weights cannot be read.
    """

    name = "verifier"
    retrieves_evidence = True
    marks_words = True

    def __init__(
        self,
        settings: VerifierSettings | None = None,
        *,
        rules: object | None = None,
        verifier: object | None = None,
    ) -> None:
        from grounding.judges.rules import RulesJudge
        from grounding.verifier.model import shipped_verifier

        self.settings = settings or VerifierSettings()
        self.rules = rules if rules is not None else RulesJudge()
        folder = Path(self.settings.model_dir) if self.settings.model_dir else None
        self.verifier = verifier if verifier is not None else shipped_verifier(folder)

    def premises(self, claim: ClaimContext) -> list[Passage]:
        """The premises the sentence is read against, best passage first, no repeats."""
        index, pseudo = self.rules.index_for(claim)  # type: ignore[attr-defined]
        if index is None:
            return []
        out: dict[tuple[int, int, int], Passage] = {}
        for hit in index.hits(claim.sentence.text, k=self.settings.k):
            e = hit.entry
            if e.kind == "row":
                continue
            page = None
            if pseudo is not None:
                base = pseudo[e.page - 1] if 1 <= e.page <= len(pseudo) else None
                text = base.text if base is not None else e.text
            else:
                page = index.pages.get(e.page)
                text = page.text if page is not None else e.text
            if pseudo is not None and base is None:
                spans = [(0, len(e.text))]
            else:
                spans = sentence_premises(text, e.start, e.end, self.settings.max_chars)[:1]
            for s, t in spans:
                key = (e.page, s, t)
                if key in out or not text[s:t].strip() or not _prose(text[s:t]):
                    continue
                if is_reference_entry(text[s:t]):
                    continue  # a bibliography entry's title is no finding of the paper
                if pseudo is not None:
                    rects = e.rects
                else:
                    rects = tuple(page.rects_for(s, t)) if page is not None else ()
                out[key] = Passage(
                    e.page, s, t, " ".join(text[s:t].split()), rects, round(hit.score, 4)
                )
        return list(out.values())

    def scored(
        self, claims: Sequence[ClaimContext], base: Sequence[Judgement]
    ) -> list[list[Scored]]:
        """Per claim, its premises scored by the verifier in one batched pass; ``[]`` for a
        claim the rules settle (``base``: the rules' judgements, in order)."""
        plans = [self.premises(c) if undecided(j) else [] for c, j in zip(claims, base)]
        pairs = [(p.text, c.sentence.text) for c, prem in zip(claims, plans) for p in prem]
        probs = self.verifier.predict(pairs, self.settings.batch_size) if pairs else []  # type: ignore[attr-defined]
        out, at = [], 0
        for prem in plans:
            out.append(
                [
                    Scored(p, q["supported"], q["refuted"], q["nei"])
                    for p, q in zip(prem, probs[at : at + len(prem)])
                ]
            )
            at += len(prem)
        return out

    def judge(self, claim: ClaimContext) -> Judgement:
        """Label one sentence (see :meth:`judge_many`)."""
        return self.judge_many([claim])[0]

    def judge_many(self, claims: Sequence[ClaimContext]) -> list[Judgement]:
        """Label sentences: the rules per sentence in order, then one batched verifier pass
        over every (premise, sentence) pair the decision table needs.

        Returns: one Judgement per claim, in order.
        """
        base = [self.rules.judge(c) for c in claims]  # type: ignore[attr-defined]
        return [
            decide_verified(c.sentence.text, j, sc, self.settings)
            for c, j, sc in zip(claims, base, self.scored(claims, base))
        ]


__all__ = [
    "TABLE",
    "Scored",
    "VerifierJudge",
    "VerifierSettings",
    "VerifierState",
    "decide_verified",
    "sentence_premises",
    "undecided",
]
