"""The sentence a judge checks, parsed once: :class:`Claim`; and what a whole-sentence
checker returns: :class:`SentenceFinding`.

A Claim is built from the :class:`~grounding.judges.base.ClaimContext` the pipeline hands
a judge. Each reading of the sentence (its folded text, its parts, its checkable numbers,
whether it is framing, an interpretation, a report of other work) is computed on first use
and kept, so every checker reads the same one and none parses the sentence again.

Usage::

    claim = Claim.of(context)
    claim.parts, claim.quantities, claim.role
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from annotations.schema import ErrorSpan, Role
from grounding.evidence import Hit
from grounding.judges.attribution import claim_reports_other_work
from grounding.judges.base import ClaimContext
from grounding.judges.claim_kind import is_interpretation, not_a_claim_reason
from grounding.judges.number_common import NumberCheck
from grounding.judges.parts import Part, decompose, sentence_quantities
from grounding.lexicon import fold
from grounding.lexicon.languages import latin_reading, unread_language
from grounding.memo import per_check
from grounding.quantities import Quantity


@per_check(maxsize=256)
def checkable_numbers(text: str) -> tuple[Quantity, ...]:
    """The checkable numbers of a sentence (the last few sentences are read again as the
    operands of the next one's derived numbers)."""
    return tuple(q for q in sentence_quantities(text) if q.checkable)


@dataclass(frozen=True)
class Claim:
    """One answer sentence and what the judge reads in it, each reading computed once.

    text: the sentence as the judge reads it: as the answer writes it, with each Chinese,
    Japanese or Korean letter as a space (``lexicon.languages.latin_reading``; same
    offsets). question: the question asked (may be empty). previous: the earlier sentences
    of the answer, in order, as it writes them (read the same way where their numbers are
    read). language: the language the sentence is
    written in when the judge does not read it ("French", "Chinese"; ``""`` for English).
    """

    text: str
    question: str = ""
    previous: tuple[str, ...] = ()
    language: str = ""

    @classmethod
    def of(cls, context: ClaimContext) -> Claim:
        """The Claim of the sentence a judge is handed."""
        text = context.sentence.text
        return cls(
            latin_reading(text),
            context.question,
            tuple(s.text for s in context.previous),
            unread_language(text),
        )

    @cached_property
    def folded(self) -> str:
        """The sentence NFKC-folded, minus and dash variants as "-" (``lexicon.fold``)."""
        return fold(self.text)

    @cached_property
    def not_a_claim(self) -> str:
        """Why the sentence is no claim (framing, a heading, a question...), or "". Never
        for a sentence in a language the judge does not read: its shape in Latin letters
        ("SPECTER ... 90.0") is no heading."""
        if self.language:
            return ""
        return not_a_claim_reason(self.text, self.question) or ""

    @cached_property
    def role(self) -> Role:
        """Interpretation for a sentence opened or linked by "This", "Therefore", "which
        means", "suggests"...; else Observation."""
        return Role.INTERPRETATION if is_interpretation(self.text) else Role.OBSERVATION

    @cached_property
    def reports_other_work(self) -> bool:
        """True if the sentence itself reports other work ("Prior work reported ...")."""
        return claim_reports_other_work(self.text)

    @cached_property
    def parts(self) -> tuple[Part, ...]:
        """The checkable parts: quantities, terms, comparisons, negations, quantifiers."""
        return decompose(self.text)

    @cached_property
    def quantities(self) -> tuple[Quantity, ...]:
        """The sentence's checkable numbers."""
        return checkable_numbers(self.text)

    @cached_property
    def recent_quantities(self) -> list[Quantity]:
        """The checkable numbers of the last four earlier sentences (operands of the
        sentence's derived numbers)."""
        return [q for s in self.previous[-4:] for q in checkable_numbers(latin_reading(s))]

    @cached_property
    def before(self) -> list[Quantity]:
        """The checkable numbers of the previous sentence (what a share in words restates)."""
        if not self.previous:
            return []
        return list(checkable_numbers(latin_reading(self.previous[-1])))


@dataclass(frozen=True, slots=True)
class SentenceFinding:
    """What a whole-sentence checker found: the rationale, the passages that show it, the
    error spans it adds, and the number checks as it reads them (None: as they were).
    """

    rationale: str
    hits: tuple[Hit, ...]
    errors: tuple[ErrorSpan, ...] = ()
    numbers: tuple[NumberCheck, ...] | None = None


__all__ = ["Claim", "SentenceFinding", "checkable_numbers"]
