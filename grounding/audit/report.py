"""The result of an audit: cited works, (sentence, cited work) pairs, sentence verdicts,
problems; JSON lines and a text summary.

Support of a pair: ``supported``, ``contradiction``, ``nei`` (the cited work does not say
it), ``not_a_claim`` (the sentence claims nothing to check, e.g. "See [3] for a survey."),
or ``unavailable`` (no text of the cited work). A sentence citing several works takes the
verdict of the works together: contradiction if one contradicts it, else supported if one
supports it (or each of its clauses is supported by one of them: grounding.audit.core),
else nei, not_a_claim, unavailable in that order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

from annotations.schema import ErrorSpan, ErrorTag
from citations.extract import CitedReference
from citations.model import FieldMatch, FieldStatus
from citations.verify import VerificationResult
from grounding.audit.review import Problem
from grounding.pdf import Document
from grounding.types import Sentence

__all__ = [
    "AuditReport",
    "AuditedSentence",
    "CitedWork",
    "Evidence",
    "FINDING_ORDER",
    "Pair",
    "SUPPORT_VALUES",
    "combine",
    "worst_finding",
]

Support = Literal["supported", "contradiction", "nei", "not_a_claim", "unavailable"]
SUPPORT_VALUES: tuple[str, ...] = (
    "supported",
    "contradiction",
    "nei",
    "not_a_claim",
    "unavailable",
)
#: Findings from worst to best: a sentence is coloured by the first that applies to it.
FINDING_ORDER: tuple[str, ...] = (
    "contradiction",
    "fabricated",
    "nei",
    "corrupted",
    "unavailable",
    "supported",
    "not_a_claim",
    "uncited",
)


@dataclass(frozen=True, slots=True)
class CitedWork:
    """One cited work and where its text came from.

    index: position in AuditReport.works. cited: the citation as extracted (entry, mentions).
    result: the reference verification (verified / corrupted / fabricated / unverified ...).
    source: "pdf" (full text), "abstract" (abstract only) or "none". location: the PDF path
    or "<source>:<record id>" of the abstract. matched_by: "doi" / "title" for a PDF.
    note: why no text was found (source "none"). document: the text judged (not serialised).
    pdf_fields: for a PDF, the reference's year, first author and venue compared with the
    PDF's first page and metadata (grounding.audit.match.compare_with_pdf).
    """

    index: int
    cited: CitedReference
    result: VerificationResult
    source: Literal["pdf", "abstract", "none"]
    location: str | None = None
    matched_by: str | None = None
    note: str = ""
    document: Document | None = None
    pdf_fields: tuple[FieldMatch, ...] = ()

    @property
    def pdf_differs(self) -> tuple[FieldMatch, ...]:
        """The fields where the reference and its own PDF disagree ('cited 2021', the PDF
        dated 2022)."""
        return tuple(f for f in self.pdf_fields if f.status is FieldStatus.CONFLICT)

    @property
    def finding(self) -> str:
        """The reference verdict as a finding: 'corrupted' also when the reference differs
        from its own PDF (and its verdict is not worse)."""
        v = self.verdict
        if self.pdf_differs and v not in ("fabricated", "corrupted"):
            return "corrupted"
        return v

    def differs_text(self) -> str:
        """'year: cited '2021' / PDF '2022' (...)' per differing field, joined by '; '."""
        return "; ".join(
            f"{f.field.value}: cited {f.cited!r} / PDF {f.found!r}"
            + (f" ({f.note})" if f.note else "")
            for f in self.pdf_differs
        )

    @property
    def reference(self) -> str:
        return " ".join(self.cited.reference.raw.split())

    @property
    def verdict(self) -> str:
        return self.result.verdict.value

    @property
    def label(self) -> str:
        """ "[3]" for a numbered entry; else its first author-year mention as the review
        writes it ("Lo et al., 2020b": two works of one author and year stay apart); else
        the reference string shortened."""
        if self.cited.number is not None:
            return f"[{self.cited.number}]"
        for m in self.cited.mentions:
            if m.kind == "author_year":
                return " ".join(m.text.split())
        r = self.reference
        return r if len(r) <= 40 else r[:39] + "…"


@dataclass(frozen=True, slots=True)
class Evidence:
    """A passage of the cited work: page (1-based; None for an abstract), box (x0, y0, x1,
    y1) in PDF points, origin top-left (None for an abstract), text: the passage."""

    page: int | None
    box: tuple[float, float, float, float] | None
    text: str


@dataclass(frozen=True, slots=True)
class Pair:
    """One (sentence, cited work) verdict. claim: the sentence without its citations, as
    judged. errors: spans of the sentence (C1-C3 / N1-N3) with corrections. inherited: C4 /
    N4 when an earlier sentence citing the same work, which this one rests on (premises:
    its sentence ids), is contradicted / not backed by that work. supports_parts: the
    clauses of the sentence this work supports, when the cited works support it together."""

    sentence_id: str
    work: int
    claim: str
    support: Support
    rationale: str
    evidence: tuple[Evidence, ...] = ()
    errors: tuple[ErrorSpan, ...] = ()
    inherited: tuple[ErrorTag, ...] = ()
    premises: tuple[str, ...] = ()
    supports_parts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AuditedSentence:
    """A body sentence: its works (indexes into AuditReport.works), its pairs, the verdict of
    the works together (None when it cites nothing) and its worst finding."""

    sentence: Sentence
    works: tuple[int, ...]
    heading: bool
    pairs: tuple[Pair, ...]
    support: Support | None
    worst: str


def combine(supports: list[str]) -> Support | None:
    """The verdict of several cited works together (module docstring); None for none."""
    for s in ("contradiction", "supported", "nei", "not_a_claim", "unavailable"):
        if s in supports:
            return s
    return None


def worst_finding(support: str | None, verdicts: list[str]) -> str:
    """The worst of a sentence's combined support and its references' verdicts
    (FINDING_ORDER); "uncited" for a sentence without citations."""
    found = {support or "uncited", *(v for v in verdicts if v in ("fabricated", "corrupted"))}
    return next(f for f in FINDING_ORDER if f in found)


@dataclass(frozen=True)
class AuditReport:
    """The result of :func:`grounding.audit.audit`.

    review: the text. path: where it came from. works: every cited work, list entries
    first. sentences: the body's sentences in order. problems: bad input reported and
    skipped. judge: the judge's name. timings_s: seconds per stage.
    """

    review: str
    path: str
    works: tuple[CitedWork, ...]
    sentences: tuple[AuditedSentence, ...]
    problems: tuple[Problem, ...]
    judge: str
    timings_s: dict[str, float]

    @property
    def pairs(self) -> tuple[Pair, ...]:
        return tuple(p for s in self.sentences for p in s.pairs)

    def sentence(self, sentence_id: str) -> AuditedSentence:
        """The sentence with id "S3". Raises KeyError."""
        for s in self.sentences:
            if s.sentence.id == sentence_id:
                return s
        raise KeyError(sentence_id)

    def pair_record(self, pair: Pair) -> dict[str, Any]:
        """One JSON object per pair: sentence_id, sentence, claim, reference, reference_number,
        reference_verdict, corrected_reference, pdf_differs [{field, cited, pdf, note}]: where
        the reference and its own PDF disagree, source, source_location, support,
        sentence_support, evidence [{page, box, text}], errors, inherited, premises,
        supports_parts, rationale."""
        s = self.sentence(pair.sentence_id)
        w = self.works[pair.work]
        return {
            "sentence_id": pair.sentence_id,
            "sentence": s.sentence.text,
            "claim": pair.claim,
            "reference": w.reference,
            "reference_number": w.cited.number,
            "reference_verdict": w.verdict,
            "corrected_reference": w.result.corrected if w.verdict == "corrupted" else None,
            "pdf_differs": [
                {"field": f.field.value, "cited": f.cited, "pdf": f.found, "note": f.note}
                for f in w.pdf_differs
            ],
            "source": w.source,
            "source_location": w.location,
            "support": pair.support,
            "sentence_support": s.support,
            "evidence": [
                {"page": e.page, "box": list(e.box) if e.box else None, "text": e.text}
                for e in pair.evidence
            ],
            "errors": [e.model_dump(mode="json") for e in pair.errors],
            "inherited": [t.value for t in pair.inherited],
            "premises": list(pair.premises),
            "supports_parts": list(pair.supports_parts),
            "rationale": pair.rationale,
        }

    def records(self) -> list[dict[str, Any]]:
        """:meth:`pair_record` for every pair, in sentence order."""
        return [self.pair_record(p) for p in self.pairs]

    def counts(self) -> dict[str, Counter[str]]:
        """Counters: "pairs" by support, "sentences" by worst finding, "works" by source and
        "verdicts" by reference verdict."""
        return {
            "pairs": Counter(p.support for p in self.pairs),
            "sentences": Counter(s.worst for s in self.sentences if not s.heading),
            "works": Counter(w.source for w in self.works),
            "verdicts": Counter(w.verdict for w in self.works),
        }

    def summary_text(self) -> str:
        """A readable summary: each citing sentence, numbered as in the review (``S3``: its
        third sentence) with the line it starts on, with its pairs; then the counts and the
        problems."""
        lines: list[str] = []
        shown = [s for s in self.sentences if s.pairs]
        if shown:
            lines.append(
                f"{len(shown)} of the review's {len(self.sentences)} sentences cite a "
                "work (S<n>: its n-th sentence, and the line it starts on):"
            )
        for s in shown:
            line = self.review.count("\n", 0, s.sentence.start) + 1
            lines.append(
                f"  {s.sentence.id} (line {line}) [{(s.support or 'uncited').upper()}] "
                f"{s.sentence.text}"
            )
            for p in s.pairs:
                w = self.works[p.work]
                where = ""
                if p.evidence and p.evidence[0].page is not None:
                    where = f", page {p.evidence[0].page}"
                lines.append(
                    f"       {w.label} {p.support} ({w.source}{where}; reference {w.verdict})"
                )
                if w.pdf_differs:
                    lines.append(f"         reference differs from its PDF: {w.differs_text()}")
                for e in p.errors:
                    tags = "/".join(t.value for t in e.tags)
                    fix = f" -> {e.correction!r}" if e.correction else ""
                    lines.append(f"         {tags}: {e.span!r}{fix}")
                if p.support in ("contradiction", "nei", "unavailable"):
                    lines.append(f"         why: {p.rationale}")
        c = self.counts()
        lines.append("")
        lines.append("pairs: " + ", ".join(f"{k} {c['pairs'][k]}" for k in SUPPORT_VALUES))
        findings = [f"{k} {c['sentences'][k]}" for k in FINDING_ORDER if c["sentences"][k]]
        lines.append("sentences by worst finding: " + (", ".join(findings) or "none"))
        verdicts = [f"{k} {n}" for k, n in sorted(c["verdicts"].items())]
        lines.append(
            f"cited works: {len(self.works)} (full text {c['works']['pdf']}, "
            f"abstract only {c['works']['abstract']}, unavailable {c['works']['none']}); "
            "references: " + (", ".join(verdicts) or "none checked")
        )
        for pr in self.problems:
            lines.append(f"problem ({pr.kind}): {pr.message}")
        return "\n".join(lines) + "\n"
