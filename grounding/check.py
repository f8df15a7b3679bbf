"""``check``: the one entry point — question + answer + PDF in, a :class:`Report` out.

Stages (each callable alone): ``read_pdf`` -> ``split_sentences`` -> ``EvidenceIndex.search``
-> ``Judge.judge`` per sentence -> ``build_graph`` (depends_on) -> ``propagate`` (C4 / N4).
The Report converts to an MMSciFact row (``Report.to_row``) whose evidence boxes follow the
gold convention: pixels of the page rendered at 144 dpi, origin top-left, pages 1-based.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from annotations.errors import InputError
from annotations.schema import (
    BoxAnnotation,
    ErrorSpan,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    SentenceAnnotation,
    sentence_id,
)
from citations.runner import VerifierOptions
from grounding.collector import paused_gc
from grounding.evidence import EvidenceIndex
from grounding.graph import build_graph, depends_on
from grounding.judges.base import Judge
from grounding.judges.error_phrases import phrase_errors
from grounding.judges.registry import judge_sentences, make_judge
from grounding.memo import forget_check_memos
from grounding.pdf import Document, Page, read_pdf
from grounding.propagate import propagate
from grounding.quantities import extract_quantities
from grounding.references import CheckedReference, check_references
from grounding.sentences import (
    has_words,
    is_heading,
    is_question,
    is_table_header,
    reference_list_spans,
    split_sentences,
)
from grounding.types import GOLD_ZOOM, Judgement, Passage, Rect, Sentence

#: Candidate passages handed to the judge per sentence.
PASSAGES_PER_SENTENCE = 8


@dataclass(frozen=True, slots=True)
class CheckedSentence:
    """One answer sentence after the whole pipeline.

    sentence: text and character offsets into the answer. judgement: the judge's own verdict
    (before propagation). annotation: the final MMSciFact annotation (after propagation).
    """

    sentence: Sentence
    judgement: Judgement
    annotation: SentenceAnnotation


@dataclass(frozen=True)
class Report:
    """The result of :func:`check`.

    sentences: one CheckedSentence per answer sentence, in order. judge: backend name.
    timings_s: seconds per stage ("pdf", "index", "judge", "total").
    judge_usage: a model judge's request, token and cost counters (empty for rules).
    references: each reference the answer cites, its verdict and the sentences citing it.
    warnings: what the reader of the result should know about the PDF, one sentence each
    (``Document.warnings``: a damaged file MuPDF repaired, pages without a text layer among
    pages with text, text the PDF never paints that was left out of the evidence).
    """

    question: str
    answer: str
    pdf_path: str | None
    paper_id: str
    sentences: tuple[CheckedSentence, ...]
    judge: str
    timings_s: dict[str, float] = field(default_factory=dict)
    judge_usage: dict[str, Any] = field(default_factory=dict)
    references: tuple[CheckedReference, ...] = ()
    warnings: tuple[str, ...] = ()

    def references_of(self, sentence_id: str) -> tuple[CheckedReference, ...]:
        """The verified references that sentence ``sentence_id`` cites."""
        return tuple(r for r in self.references if sentence_id in r.sentence_ids)

    @property
    def annotations(self) -> tuple[SentenceAnnotation, ...]:
        return tuple(s.annotation for s in self.sentences)

    @property
    def graph(self) -> nx.DiGraph:
        """The depends_on graph: nodes "S1".., edges sentence -> premise."""
        g = nx.DiGraph()
        for cs in self.sentences:
            g.add_node(cs.sentence.id, index=cs.sentence.index, label=cs.annotation.label.value)
        for cs in self.sentences:
            for premise in cs.annotation.depends_on:
                g.add_edge(cs.sentence.id, premise)
        return g

    def label_counts(self) -> dict[str, int]:
        counts = {lab.value: 0 for lab in Label}
        for a in self.annotations:
            counts[a.label.value] += 1
        return counts

    def to_row(
        self,
        *,
        qa_pair_id: str | None = None,
        base: QAPair | None = None,
        answer_model: str | None = None,
    ) -> QAPair:
        """The report as an MMSciFact row. ``base`` supplies the row's metadata (level,
        scenario, ...) when checking a dataset row; otherwise the id is
        ``<paper_id>__<hash of question and answer>`` unless ``qa_pair_id`` is given."""
        if base is not None:
            return base.model_copy(update={"annotations": self.annotations})
        if qa_pair_id is None:  # stable and distinct per (question, answer) on one paper
            digest = hashlib.sha1(f"{self.question}\x00{self.answer}".encode()).hexdigest()[:10]
            qa_pair_id = f"{self.paper_id}__{digest}"
        return QAPair(
            qa_pair_id=qa_pair_id,
            paper_id=self.paper_id,
            paper_pdf_path=self.pdf_path or "",
            question_text=self.question,
            answer_raw=self.answer,
            answer_model=answer_model,
            annotations=self.annotations,
        )


@paused_gc()
def check(
    question: str,
    answer: str,
    pdf: str | Path | Document,
    *,
    judge: Judge | None = None,
    index: EvidenceIndex | None = None,
    paper_id: str | None = None,
    verify_citations: bool = True,
    sources: VerifierOptions | None = None,
) -> Report:
    """Fact-check ``answer`` (to ``question``) against the paper ``pdf``.

    Args: question: the question asked (may be empty). answer: the model's answer, any length.
          pdf: a path to the paper's PDF, or a Document already read with ``read_pdf``.
          judge: labels sentences; defaults to the offline RulesJudge.
          index: a prebuilt EvidenceIndex of ``pdf`` (reuse it for many answers on one paper).
          paper_id: id used in image ids; defaults to the PDF's file stem.
          verify_citations: verify the references the answer cites (Report.references).
          sources: where to verify them (citations.runner.VerifierOptions); default: the
          local index only, offline. A source that fails makes a reference unverified.
    Returns: Report with one CheckedSentence per sentence.
    Raises: InputError if the answer has no letter or digit or ``index`` is of another
            paper; PDFError if the PDF is missing, not a PDF, encrypted or has no text
            layer; JudgeError if a model judge fails.
    """
    if not isinstance(answer, str) or not has_words(answer):
        # blank, zero-width or no-break spaces, punctuation only: as the CLI refuses it
        raise InputError("the answer is empty (no letter or digit): nothing to check")
    t0 = time.perf_counter()
    forget_check_memos()  # each check starts from the same (empty) memos of texts
    document = pdf if isinstance(pdf, Document) else read_pdf(pdf)
    t_pdf = time.perf_counter()
    index = _index_for(document, pdf, index)
    t_index = time.perf_counter()
    judge = judge or make_judge("rules")  # offline: no network, no model
    pid = paper_id or Path(document.path).stem

    sentences = split_sentences(answer)
    judgements, judge_graph = _judge_answer(judge, question, answer, sentences, document, index)
    t_judge = time.perf_counter()

    widen = bool(getattr(judge, "marks_words", False))
    final = _annotate(sentences, judgements, judge_graph, document, pid, widen)
    t_label = time.perf_counter()
    references = check_references(answer, sentences, sources) if verify_citations else ()
    t_end = time.perf_counter()
    forget_check_memos()  # ... and ends with them empty: no text outlives its check
    usage = getattr(judge, "usage", None)
    return Report(
        question=question,
        answer=answer,
        pdf_path=document.path,
        paper_id=pid,
        sentences=tuple(CheckedSentence(s, j, a) for s, j, a in zip(sentences, judgements, final)),
        judge=getattr(judge, "name", type(judge).__name__),
        references=references,
        warnings=document.warnings,
        timings_s={
            "pdf": t_pdf - t0,
            "index": t_index - t_pdf,
            "judge": t_judge - t_index,
            "references": t_end - t_label,
            "total": t_end - t0,
        },
        judge_usage=usage().as_dict() if callable(usage) else {},
    )


def _index_for(
    document: Document, pdf: str | Path | Document, index: EvidenceIndex | None
) -> EvidenceIndex:
    """The EvidenceIndex to check against: ``index`` once it is known to be of ``document``,
    else one built for ``document`` (``pdf`` tells whether the caller passed it read)."""
    if index is not None:
        _same_paper(index, document)
        return index
    # a Document read here is this check's own: its index is built for it alone and
    # freed with it (for_document would keep both alive until the next check)
    if document is not pdf:
        return EvidenceIndex.build(document)
    return EvidenceIndex.for_document(document)


def _judge_answer(
    judge: Judge,
    question: str,
    answer: str,
    sentences: list[Sentence],
    document: Document,
    index: EvidenceIndex,
) -> tuple[list[Judgement], list[tuple[str, ...]] | None]:
    """One Judgement per sentence of ``answer`` (markdown headings: not a claim), and the
    judge's graph; the judge gets candidate passages unless it retrieves its own."""
    # a judge that searches the document's index itself needs no candidate passages
    # (their boxes cost a lookup per passage)
    passages = (
        [() for _ in sentences]
        if getattr(judge, "retrieves_evidence", False)
        else [tuple(index.search(s.text, k=PASSAGES_PER_SENTENCE)) for s in sentences]
    )
    judgements, judge_graph = judge_sentences(judge, question, sentences, passages, document, index)
    # a markdown heading, a reference list, a table's header row or a question is never a
    # claim, whatever a judge made of its words
    entries = reference_list_spans(answer)
    return [
        _structural(answer, s, j, (s.start, s.end) in entries)
        for s, j in zip(sentences, judgements)
    ], judge_graph


def _structural(
    answer: str, sentence: Sentence, judgement: Judgement, in_reference_list: bool
) -> Judgement:
    """``judgement``, or not_a_claim when the sentence's form asserts nothing."""
    if is_heading(answer, sentence):
        why = "a markdown heading"
    elif in_reference_list:
        why = "part of a reference list"
    elif is_table_header(answer, sentence):
        why = "the header row of a markdown table"
    elif is_question(sentence):
        why = "a question"
    else:
        return judgement
    return Judgement(Label.NOT_A_CLAIM, None, f"Not a claim: {why}.", judge=judgement.judge)


def _annotate(
    sentences: list[Sentence],
    judgements: list[Judgement],
    judge_graph: list[tuple[str, ...]] | None,
    document: Document,
    paper_id: str,
    widen: bool = False,
) -> tuple[SentenceAnnotation, ...]:
    """The final annotations of judged sentences: linked (the judge's own links, else
    :func:`build_graph`), with evidence boxes where the label takes them, after premise
    propagation; with ``widen``, error spans widened to their phrases
    (:func:`~grounding.judges.error_phrases.phrase_errors`)."""
    if judge_graph is not None:  # a judge that links sentences itself (LLM, per answer)
        graph = _graph_from(sentences, judge_graph)
    else:
        graph = build_graph(
            sentences, roles=[j.role for j in judgements], labels=[j.label for j in judgements]
        )
    _link_wrong_numbers(graph, sentences, judgements)
    own = []
    for sentence, j in zip(sentences, judgements):
        not_claim = j.label is Label.NOT_A_CLAIM
        own.append(
            SentenceAnnotation(
                sentence=sentence.text,
                label=j.label,
                role=None if not_claim else j.role,
                rationale=j.rationale,
                depends_on=() if not_claim else depends_on(graph, sentence.id),
                errors=phrase_errors(sentence.text, j.errors) if widen else j.errors,
                propagation_type=PropagationType.NONE,
                boxes=evidence_boxes(document, j.evidence, paper_id)
                if j.label in (Label.SUPPORTED, Label.CONTRADICTION)
                else (),
            )
        )
    final = [_own_inference(a, j) for a, j in zip(propagate(own), judgements)]
    labels = {sentence_id(i): a.label for i, a in enumerate(final)}
    return tuple(_inherited(o, a, labels) for o, a in zip(own, final))


def _link_wrong_numbers(
    graph: nx.DiGraph, sentences: list[Sentence], judgements: list[Judgement]
) -> None:
    """Add to ``graph`` the premise of each sentence contradicted with no error of its own
    (a value repeated or computed from an earlier sentence's wrong number: the judge's
    "through its premise") that the graph links to no contradicted sentence: the earlier
    sentences whose own C1 error holds a value this sentence writes, else the nearest
    earlier one with a C1 error. Without the edge such a sentence would be a contradiction
    with no span, no premise and no C4; with it, propagation tags it C4 (false_premise)."""
    label = {s.id: j.label for s, j in zip(sentences, judgements)}
    wrong: list[tuple[int, set[float]]] = []  # (index, values of its C1 spans), in order
    for i, (s, j) in enumerate(zip(sentences, judgements)):
        if j.label is Label.CONTRADICTION and not j.errors and wrong:
            if not any(label[p] is Label.CONTRADICTION for p in graph.successors(s.id)):
                written = {q.value for q in extract_quantities(s.text)}
                same = [k for k, values in wrong if values & written]
                for k in same or [wrong[-1][0]]:
                    graph.add_edge(s.id, sentences[k].id)
        c1 = [e.span for e in j.errors if ErrorTag.C1 in e.tags]
        if j.label is Label.CONTRADICTION and c1:
            wrong.append((i, {q.value for span in c1 for q in extract_quantities(span)}))


def _own_inference(final: SentenceAnnotation, judgement: Judgement) -> SentenceAnnotation:
    """``final`` with its inference as its own N2 error when the judge found a statement
    the paper does not settle (``extra["inference"]``) and no premise of it is bad: nothing
    but the sentence's own reach beyond the paper explains its nei. A sentence resting on
    a contradicted or unsettled premise keeps the premise's account (C4 / N4)."""
    span = judgement.extra.get("inference")
    if (
        not isinstance(span, str)
        or not span
        or final.label is not Label.NEI
        or final.propagation_type is not PropagationType.NONE
        or final.errors
    ):
        return final
    return final.model_copy(update={"errors": (ErrorSpan(span=span, tags=(ErrorTag.N2,)),)})


def _inherited(
    own: SentenceAnnotation, final: SentenceAnnotation, labels: dict[str, Label]
) -> SentenceAnnotation:
    """``final`` (``own`` after propagation) with boxes only where its label takes them,
    and, when propagation changed the label, a rationale that names the premises it comes
    from first (the judge's reading of the sentence on its own follows).

    labels: the final label of each sentence, by id (``"S1"``...)."""
    update: dict[str, Any] = {}
    if final.boxes and final.label not in (Label.SUPPORTED, Label.CONTRADICTION):
        update["boxes"] = ()
    if final.label is not own.label:
        bad = [p for p in final.depends_on if labels.get(p) is final.label] or list(
            final.depends_on
        )
        word = "Contradicted" if final.label is Label.CONTRADICTION else "Not established"
        state = "contradicted" if final.label is Label.CONTRADICTION else "not established"
        tags = ", ".join(t.value for t in final.error_tags)
        update["rationale"] = (
            f"{word} through its premise{'s' if len(bad) > 1 else ''}: it rests on"
            f" {', '.join(bad)}, {state}{f' ({tags})' if tags else ''}."
            f" On its own: {own.rationale}"
        )
    return final.model_copy(update=update) if update else final


def _same_paper(index: Any, document: Document) -> None:
    """Raise InputError if ``index`` (an EvidenceIndex, or a wrapper with ``.lexical``) was
    built from another paper than ``document`` (page count or a page's text differ)."""
    pages = getattr(getattr(index, "lexical", index), "pages", None)
    if not isinstance(pages, dict):
        return  # a duck-typed index: nothing to compare
    mine = document.pages
    if len(pages) != len(mine) or any(
        getattr(pages.get(p.number), "text", None) != p.text for p in (mine[0], mine[-1])
    ):
        raise InputError(f"the index given was built from another paper than {document.path}")


def _graph_from(sentences: list[Sentence], premises: list[tuple[str, ...]]) -> nx.DiGraph:
    """A depends_on graph from a judge's own links, keeping only edges to earlier sentences
    (so it stays acyclic whatever the judge said)."""
    g = nx.DiGraph()
    order = {s.id: s.index for s in sentences}
    for s in sentences:
        g.add_node(s.id, index=s.index)
    for s, deps in zip(sentences, premises):
        for d in deps:
            if d in order and order[d] < s.index:
                g.add_edge(s.id, d)
    return g


def merge_line_rects(rects: tuple[Rect, ...] | list[Rect]) -> list[Rect]:
    """Merge the line boxes of one passage into regions: consecutive lines that overlap
    horizontally (same column) become one box; a jump to another column starts a new one."""
    regions: list[Rect] = []
    for r in rects:
        if regions:
            last = regions[-1]
            overlap = min(last.x1, r.x1) - max(last.x0, r.x0)
            close = r.y0 - last.y1 < max(2.0 * (r.y1 - r.y0), 6.0)
            if overlap > 0 and close and r.y0 >= last.y0 - 1.0:
                regions[-1] = last.union(r)
                continue
        regions.append(r)
    return regions


def evidence_boxes(
    document: Document, evidence: tuple[Passage, ...], paper_id: str
) -> tuple[BoxAnnotation, ...]:
    """Gold-convention boxes for evidence passages: 144-dpi pixels, origin top-left,
    ``page_id`` 1-based, ``img_size`` the rendered page's [width, height]. Duplicates dropped."""
    out: list[BoxAnnotation] = []
    seen: set[tuple[int, tuple[float, ...]]] = set()
    for p in evidence:
        page: Page = document.page(p.page)
        size = page.image_size(GOLD_ZOOM)
        for region in merge_line_rects(p.rects):
            coords = region.to_pixels(GOLD_ZOOM)
            key = (p.page, coords)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                BoxAnnotation(
                    page_id=p.page,
                    page_name=f"page {p.page}",
                    image_id=f"{paper_id}_page_{p.page}",
                    coords=coords,
                    img_size=size,
                )
            )
    return tuple(out)


def report_summary(report: Report) -> dict[str, Any]:
    """Counts per label and the judge used, for text output and logs."""
    return {"judge": report.judge, "sentences": len(report.sentences), **report.label_counts()}
