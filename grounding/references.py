"""The references an answer cites, verified, and the sentences that cite them.

``check_references(answer, sentences, options)`` extracts every cited work
(citations.extract: a reference list at the end, numbered markers, author-year mentions, bare
DOIs / arXiv ids / URLs), verifies each with the chosen sources (citations.runner: the local
index by default, online sources on request) and ties it to the sentences whose text holds a
mention of it or its reference-list entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from citations.extract import CitedReference, extract_citations
from citations.model import Field, Reference, Verdict
from citations.runner import VerifierOptions, verify_references
from citations.verify import VerificationResult
from grounding.types import Sentence


@dataclass(frozen=True, slots=True)
class CheckedReference:
    """One cited work: where the answer cites it, and the verifier's result.

    sentence_ids: ids ("S3") of the sentences holding a mention or the list entry.
    listed_in: those of them that hold the reference-list entry (not a mention).
    The result's fields are also reachable directly (reference, verdict, differing,
    corrected, reason, fields), so the report templates can treat it as a result.
    """

    cited: CitedReference
    result: VerificationResult
    sentence_ids: tuple[str, ...]
    listed_in: tuple[str, ...] = ()

    @property
    def reference(self) -> Reference:
        return self.result.reference

    @property
    def verdict(self) -> Verdict:
        return self.result.verdict

    @property
    def differing(self) -> tuple[Field, ...]:
        return self.result.differing

    @property
    def corrected(self) -> str | None:
        return self.result.corrected

    @property
    def reason(self) -> str:
        return self.result.reason or ""

    @property
    def fields(self) -> tuple[object, ...]:
        return tuple(self.result.fields)


def _overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    return a0 < b1 and b0 < a1


def citing_sentences(
    cited: CitedReference,
    sentences: Sequence[Sentence],
    *,
    entry: bool = True,
    mentions: bool = True,
) -> tuple[str, ...]:
    """Ids of the sentences whose character span overlaps a mention or the list entry
    (only the list entry with ``mentions=False``, only mentions with ``entry=False``)."""
    spans = [(m.start, m.end) for m in cited.mentions] if mentions else []
    if entry and cited.entry_start is not None and cited.entry_end is not None:
        spans.append((cited.entry_start, cited.entry_end))
    return tuple(s.id for s in sentences if any(_overlaps(s.start, s.end, a, b) for a, b in spans))


def check_references(
    answer: str, sentences: Sequence[Sentence], options: VerifierOptions | None = None
) -> tuple[CheckedReference, ...]:
    """Verify every reference ``answer`` cites (empty when it cites none).

    Raises: InputError for an unknown source name; source failures are results
    (UNVERIFIED), never exceptions.
    """
    cited = extract_citations(answer)
    if not cited:
        return ()
    results = verify_references([c.reference for c in cited], options or VerifierOptions())
    return tuple(
        CheckedReference(
            c, r, citing_sentences(c, sentences), citing_sentences(c, sentences, mentions=False)
        )
        for c, r in zip(cited, results)
    )
