"""The judge interface: one sentence, its context and its candidate evidence in, a label out.

Every judge (rules, OpenAI-compatible LLM, local NLI) implements :class:`Judge`; the
pipeline in ``grounding.check`` needs nothing else from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from grounding.types import Judgement, Passage, Sentence


@dataclass(frozen=True, slots=True)
class ClaimContext:
    """What a judge sees for one sentence.

    sentence: the sentence to label. question: the question asked. previous: the earlier
    sentences of the answer, in order. passages: candidate evidence, best first.
    document: the paper (``grounding.pdf.Document``), for judges that search further.
    index: the evidence index of ``document`` the pipeline searched (an
    ``grounding.evidence.EvidenceIndex``, or an object wrapping one as ``.lexical``, such as
    ``grounding.embeddings.HybridIndex``), so that a judge does not build another; None if
    the caller has none.
    """

    sentence: Sentence
    question: str
    previous: tuple[Sentence, ...]
    passages: tuple[Passage, ...]
    document: object | None = None
    index: object | None = None


@runtime_checkable
class Judge(Protocol):
    """Labels one sentence. ``name`` identifies the backend in reports (e.g. "rules").

    A judge may also set ``retrieves_evidence = True`` (not part of the protocol, read with
    ``getattr``): it searches ``ClaimContext.document`` itself whenever one is given, so
    the pipeline passes no candidate passages (``passages == ()``). A judge whose error
    spans mark the word its checks found (a value, a relation word, a citation) sets
    ``marks_words = True``: the pipeline widens each span to the phrase that carries the
    error (``grounding.judges.error_phrases``); a judge that writes phrases (an LLM told
    the guidelines) keeps its own.
    """

    name: str

    def judge(self, claim: ClaimContext) -> Judgement:
        """Label ``claim.sentence``. Raises JudgeError if the backend fails."""
        ...
