"""``audit``: does each cited work say what the review's sentence claims?

Stages: read the review (sentences, citations, reference list: review.py) -> verify each
cited reference (citations.runner, as ``check`` does) -> find each work's text: a PDF of
the folder (match.py), else an abstract from online sources (abstracts.py), else none ->
judge every (sentence, cited work) pair against that work only, with the sentence's
citations removed (``claim_text``), the earlier sentences citing the same work as context;
the sentences citing one work are then linked and propagated as one answer about it
(C4 / N4, as ``check`` does). A sentence citing several works that none supports alone
is cut into clauses, each judged against each work: supported when every clause is.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from annotations.errors import InputError
from annotations.schema import ErrorTag, Label, SentenceAnnotation
from citations.extract import CitedReference
from citations.runner import VerifierOptions, verify_references
from citations.verify import VerificationResult
from grounding.audit.abstracts import AbstractFinder, AbstractLookup, text_document
from grounding.audit.match import PdfMatches, match_pdfs
from grounding.audit.report import (
    AuditedSentence,
    AuditReport,
    CitedWork,
    Evidence,
    Pair,
    Support,
    combine,
    worst_finding,
)
from grounding.audit.review import Problem, Review, claim_text, read_review
from grounding.check import PASSAGES_PER_SENTENCE, merge_line_rects
from grounding.evidence import EvidenceIndex
from grounding.graph import build_graph, depends_on
from grounding.judges.base import Judge
from grounding.judges.error_phrases import phrase_errors
from grounding.judges.registry import judge_sentences, make_judge
from grounding.propagate import propagate
from grounding.types import Judgement, Sentence

__all__ = ["AuditProgress", "audit", "claim_parts"]


@dataclass
class AuditProgress:
    """How far an audit got, updated as it runs (for a caller that is interrupted, e.g. by
    Ctrl-C): stage ("reading the review", "verifying references", "reading PDFs", "finding
    abstracts", "judging sentences"), done and total in that stage's unit (unit: "references",
    "PDFs", "cited works")."""

    stage: str = "reading the review"
    done: int = 0
    total: int = 0
    unit: str = ""

    def step(self, stage: str, done: int, total: int, unit: str) -> None:
        self.stage, self.done, self.total, self.unit = stage, done, total, unit

    def describe(self) -> str:
        """'while verifying references (3 of 12 references done)' or 'while reading the
        review'."""
        if not self.total:
            return f"while {self.stage}"
        return f"while {self.stage} ({self.done} of {self.total} {self.unit} done)"


def audit(
    review: str,
    *,
    papers: str | Path | None = None,
    sources: VerifierOptions | None = None,
    judge: Judge | None = None,
    abstracts: AbstractLookup | None = None,
    path: str = "review",
    progress: AuditProgress | None = None,
) -> AuditReport:
    """Audit a literature review against the works it cites.

    Args: review: markdown or plain text with citations and a reference list.
          papers: a folder of the cited works' PDFs (matched by DOI, else title + first
          author; see grounding.audit.match). sources: how references are verified and, when
          it names online sources, where abstracts are looked up (VerifierOptions; default:
          the local index, offline, no abstracts). judge: labels each pair (default rules).
          abstracts: where abstracts come from instead of a finder built from ``sources``
          (an AbstractLookup: AbstractFinder, or a corpus).
          path: the review's file name, for messages.
          progress: updated as each stage goes (AuditProgress), so that a caller stopped by
          Ctrl-C can say how far the audit got.
    Returns: AuditReport. Bad input (missing folder, unreadable PDF, references without
        markers, markers without entries, duplicate entries) is in ``report.problems``.
    Raises: InputError if the review has no text; JudgeError if a model judge fails.
    """
    if not isinstance(review, str) or not review.strip():
        raise InputError(f"{path}: the review is empty: nothing to audit")
    t0 = time.perf_counter()
    prog = progress if progress is not None else AuditProgress()
    options = sources or VerifierOptions()
    parsed = read_review(review)
    n_refs = len(parsed.cited)
    prog.step("verifying references", 0, n_refs, "references")
    results = (
        verify_references(
            [c.reference for c in parsed.cited],
            options,
            progress=lambda i, n: prog.step("verifying references", i, n, "references"),
        )
        if parsed.cited
        else []
    )
    t_refs = time.perf_counter()
    problems = list(parsed.problems)
    works = _find_texts(parsed, results, papers, options, abstracts, problems, prog.step)
    t_texts = time.perf_counter()
    judge = judge or make_judge("rules")
    sentences = _judge_pairs(parsed, works, judge, prog.step)
    t_end = time.perf_counter()
    return AuditReport(
        review=review,
        path=path,
        works=tuple(works),
        sentences=sentences,
        problems=tuple(problems),
        judge=getattr(judge, "name", type(judge).__name__),
        timings_s={
            "references": t_refs - t0,
            "texts": t_texts - t_refs,
            "judge": t_end - t_texts,
            "total": t_end - t0,
        },
    )


def _find_texts(
    parsed: Review,
    res: Sequence[VerificationResult],
    papers: str | Path | None,
    options: VerifierOptions,
    abstracts: AbstractLookup | None,
    problems: list[Problem],
    step: Callable[[str, int, int, str], None],
) -> list[CitedWork]:
    pairs = [(c.reference, r.matched) for c, r in zip(parsed.cited, res)]
    cited_somewhere = {i for s in parsed.sentences for i in s.works}
    found = (
        match_pdfs(Path(papers), pairs, progress=lambda i, n: step("reading PDFs", i, n, "PDFs"))
        if papers is not None
        else None
    )
    if found is not None:
        problems.extend(found.problems)
    own_finder = None
    if abstracts is None and options.online_sources:
        abstracts = own_finder = _abstract_finder(options)
    works: list[CitedWork] = []
    try:
        for i, (cited, result) in enumerate(zip(parsed.cited, res)):
            step(
                "finding abstracts" if abstracts is not None else "finding the cited works",
                i,
                len(res),
                "cited works",
            )
            works.append(_cited_work(i, cited, result, found, abstracts, i in cited_somewhere))
    finally:
        if own_finder is not None:
            own_finder.close()
    return works


def _abstract_finder(options: VerifierOptions) -> AbstractFinder:
    """An AbstractFinder over ``options.online_sources`` (the caller closes it)."""
    from citations.runner import default_cache_path
    from citations.sources.config import SourceConfig

    cfg = SourceConfig(
        mailto=options.mailto,
        api_key=options.api_key,
        offline=options.offline,
        cache_path=options.cache_path or default_cache_path(),
    )
    return AbstractFinder.from_names(options.online_sources, cfg)


def _cited_work(
    i: int,
    cited: CitedReference,
    result: VerificationResult,
    found: PdfMatches | None,
    abstracts: AbstractLookup | None,
    cited_in_text: bool,
) -> CitedWork:
    """Cited work ``i``'s text to check claims against: its PDF if ``found`` has one, else
    its abstract (looked up only when ``cited_in_text``), else none with a note why."""
    if found is not None and i in found.by_work:
        doc, how = found.by_work[i]
        return CitedWork(
            i,
            cited,
            result,
            "pdf",
            doc.path,
            how,
            document=doc,
            pdf_fields=found.fields.get(i, ()),
        )
    if found is None:
        note = "no papers folder"
    else:
        note = found.why.get(i, "no PDF of it in the papers folder")
    if abstracts is not None and cited_in_text:
        got, failures = abstracts.find(cited.reference, result.matched)
        if got is not None:
            loc = f"{got.source}:{got.record.id}"
            return CitedWork(
                i,
                cited,
                result,
                "abstract",
                loc,
                got.source,
                document=text_document(got.text, loc),
            )
        note += "; no abstract found" + (f" ({'; '.join(failures)})" if failures else "")
    elif cited_in_text:
        note += "; no online sources asked (--sources)"
    return CitedWork(i, cited, result, "none", note=note)


def _judge_pairs(
    parsed: Review,
    works: list[CitedWork],
    judge: Judge,
    step: Callable[[str, int, int, str], None] | None = None,
) -> tuple[AuditedSentence, ...]:
    mentions = [m for c in parsed.cited for m in c.mentions]
    claims = {
        cs.sentence.id: Sentence(
            cs.sentence.index, cs.sentence.start, cs.sentence.start + len(t), t
        )
        for cs in parsed.sentences
        if cs.works and not cs.heading
        for t in [claim_text(cs.sentence, mentions)]
    }
    verdicts: dict[tuple[str, int], Pair] = {}
    for k, w in enumerate(works):
        if step is not None:
            step("judging sentences", k, len(works), "cited works")
        citing = [cs for cs in parsed.sentences if w.index in cs.works and not cs.heading]
        if not citing:
            continue
        if w.document is None:
            for cs in citing:
                verdicts[(cs.sentence.id, w.index)] = Pair(
                    cs.sentence.id,
                    w.index,
                    claims[cs.sentence.id].text,
                    "unavailable",
                    f"Cited work unavailable: {w.note}.",
                )
            continue
        index = EvidenceIndex.for_document(w.document)
        own = [claims[cs.sentence.id] for cs in citing]
        passages = (
            [() for _ in own]
            if getattr(judge, "retrieves_evidence", False)
            else [tuple(index.search(s.text, k=PASSAGES_PER_SENTENCE)) for s in own]
        )
        # each claim sees the earlier claims citing the same work as its context
        judgements, _ = judge_sentences(judge, "", own, passages, w.document, index)
        for cs, claim, j, (label, tags, premises) in zip(
            citing, own, judgements, _propagated(own, judgements)
        ):
            verdicts[(cs.sentence.id, w.index)] = _pair(
                cs.sentence,
                claim,
                w,
                j,
                label,
                tags,
                tuple(citing[int(p[1:]) - 1].sentence.id for p in premises),
                widen=bool(getattr(judge, "marks_words", False)),
            )
    out = []
    for cs in parsed.sentences:
        pairs = tuple(
            verdicts[(cs.sentence.id, i)] for i in cs.works if (cs.sentence.id, i) in verdicts
        )
        support = combine([p.support for p in pairs])
        if support == "nei" and len([p for p in pairs if p.support != "unavailable"]) > 1:
            pairs, support = _together(cs.sentence, pairs, works, judge)
        worst = (
            "not_a_claim"
            if cs.heading
            else worst_finding(support, [works[i].finding for i in cs.works])
        )
        out.append(AuditedSentence(cs.sentence, cs.works, cs.heading, pairs, support, worst))
    return tuple(out)


#: Where a sentence citing several works is cut into parts: "; ", ", and ", ", while ",
#: ", whereas ", ", but ", ", and ... respectively" is not handled.
_PART_CUT = re.compile(r";\s+|,\s+(?:and|while|whereas|but)\s+|\s+while\s+|\s+whereas\s+")


def claim_parts(claim: str) -> list[str]:
    """The clauses of a claim that can stand alone (3+ words each), or [] if it has one."""
    parts = [p.strip(" ,.") for p in _PART_CUT.split(claim)]
    if len(parts) < 2 or any(len(p.split()) < 3 for p in parts):
        return []
    return [p[:1].upper() + p[1:] + "." for p in parts]


def _together(
    sentence: Sentence, pairs: tuple[Pair, ...], works: list[CitedWork], judge: Judge
) -> tuple[tuple[Pair, ...], Support | None]:
    """No single work supports the sentence: judge each of its clauses against each cited
    work; when every clause is supported by one of them, the works together support it, and
    each pair says which clauses its work supports."""
    parts = claim_parts(pairs[0].claim)
    if not parts:
        return pairs, combine([p.support for p in pairs])
    backed: dict[int, list[str]] = {}
    for p in pairs:
        doc = works[p.work].document
        if doc is None:
            continue
        index = EvidenceIndex.for_document(doc)
        clauses = [
            Sentence(i, sentence.start, sentence.start + len(t), t) for i, t in enumerate(parts)
        ]
        passages = (
            [() for _ in clauses]
            if getattr(judge, "retrieves_evidence", False)
            else [tuple(index.search(c.text, k=PASSAGES_PER_SENTENCE)) for c in clauses]
        )
        for c, passages_c in zip(clauses, passages):
            j = judge_sentences(judge, "", [c], [passages_c], doc, index)[0][0]
            if j.label is Label.SUPPORTED:
                backed.setdefault(p.work, []).append(c.text)
    covered = {t for ts in backed.values() for t in ts}
    if covered != set(parts):
        return pairs, combine([p.support for p in pairs])
    return tuple(
        p
        if p.work not in backed
        else replace(
            p,
            supports_parts=tuple(backed[p.work]),
            rationale=p.rationale + " Together with the other cited work(s), it supports the "
            "sentence: this work backs " + "; ".join(repr(t) for t in backed[p.work]) + ".",
        )
        for p in pairs
    ), "supported"


def _propagated(
    claims: list[Sentence], judgements: list[Judgement]
) -> list[tuple[Label, tuple[ErrorTag, ...], tuple[str, ...]]]:
    """(final label, inherited tags C4 / N4, premise ids "S<i+1>" local to ``claims``) per
    claim: the sentences citing one work read as one answer about it, linked into a
    depends_on graph and propagated as ``check`` does."""
    local = [Sentence(i, c.start, c.end, c.text) for i, c in enumerate(claims)]
    graph = build_graph(
        local, roles=[j.role for j in judgements], labels=[j.label for j in judgements]
    )
    own = [
        SentenceAnnotation(
            sentence=c.text,
            label=j.label,
            role=None if j.label is Label.NOT_A_CLAIM else j.role,
            rationale=j.rationale,
            errors=j.errors,
            depends_on=() if j.label is Label.NOT_A_CLAIM else depends_on(graph, c.id),
        )
        for c, j in zip(local, judgements)
    ]
    return [
        (
            a.label,
            tuple(t for t in a.error_tags if t in (ErrorTag.C4, ErrorTag.N4)),
            tuple(a.depends_on),
        )
        for a in propagate(own)
    ]


def _pair(
    sentence: Sentence,
    claim: Sentence,
    work: CitedWork,
    j: Judgement,
    label: Label,
    inherited: tuple[ErrorTag, ...],
    premises: tuple[str, ...],
    widen: bool = False,
) -> Pair:
    support = {
        Label.SUPPORTED: "supported",
        Label.CONTRADICTION: "contradiction",
        Label.NEI: "nei",
        Label.NOT_A_CLAIM: "not_a_claim",
    }[label]
    evidence: list[Evidence] = []
    if label in (Label.SUPPORTED, Label.CONTRADICTION):
        for p in j.evidence:
            if work.source == "pdf":
                for r in merge_line_rects(p.rects):
                    evidence.append(
                        Evidence(
                            p.page,
                            (round(r.x0, 1), round(r.y0, 1), round(r.x1, 1), round(r.y1, 1)),
                            p.text,
                        )
                    )
            else:
                evidence.append(Evidence(None, None, p.text))
    evidence = list(dict.fromkeys(evidence))  # a passage found twice, once
    # spans are quoted from the claim; keep those the sentence as written holds (with
    # ``widen``, each widened to the phrase that carries its error, as ``check`` does)
    errors = tuple(e for e in j.errors if e.span in sentence.text)
    if widen:
        errors = phrase_errors(sentence.text, errors)
    rationale = j.rationale
    if label is not j.label or inherited:
        rationale += (
            f" Rests on {', '.join(premises)}, which the same work does not back up "
            f"({'/'.join(t.value for t in inherited) or 'inherited'})."
        )
    if work.source == "abstract" and support == "nei":
        rationale += " (abstract only: the full paper may say it)"
    return Pair(
        sentence.id,
        work.index,
        claim.text,
        support,  # type: ignore[arg-type]
        rationale,
        tuple(evidence),
        errors,
        inherited,
        premises,
    )
