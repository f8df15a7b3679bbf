"""Dataset rows seen as check reports, and per-row scores for the evaluation report.

``report_from_row`` turns an MMSciFact row (a prediction written by ``sciground eval``, or a
gold row) into a :class:`grounding.check.Report`, so one HTML writer serves both a fresh
check and a stored prediction. ``row_results`` scores each row alone (sentence-label
accuracy, from annotations.score.pair_counts) to find the worst rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from annotations.align import locate
from annotations.schema import QAPair
from annotations.score import LABELS, PRED_VALUES, Mode, pair_counts
from grounding.check import CheckedSentence, Report
from grounding.types import Judgement, Sentence

__all__ = ["RowResult", "report_from_row", "row_results"]


def report_from_row(
    row: QAPair, pdf_path: str | Path | None = None, *, judge: str | None = None
) -> Report:
    """A Report holding a row's annotations as they are (no judge is run).

    Args: row: an MMSciFact row. pdf_path: the paper's PDF (for page images), or None.
          judge: name shown as the judge that labelled the row; defaults to "prediction"
          (the row's answer_model names the model that wrote the answer, not its judge).
    Returns: Report whose sentences carry the row's annotations; judgements repeat the
          label, role, rationale and errors and have no evidence passages (boxes come from
          ``2d_box``). Sentence offsets are found in ``answer_raw``; if a sentence is not
          there, the answer shown is the sentences joined by newlines.
    Raises: nothing.
    """
    texts = [a.sentence for a in row.annotations]
    answer = row.answer_raw
    offs = locate(answer, texts)
    if any(o is None for o in offs):
        answer = "\n".join(texts)
        offs = locate(answer, texts)
    sentences = []
    for i, (a, off) in enumerate(zip(row.annotations, offs)):
        start, end = (off.start, off.end) if off is not None else (0, 0)
        s = Sentence(index=i, start=start, end=end, text=answer[start:end] or a.sentence)
        j = Judgement(
            label=a.label, role=a.role, rationale=a.rationale, errors=a.errors, judge="row"
        )
        sentences.append(CheckedSentence(s, j, a))
    return Report(
        question=row.question_text,
        answer=answer,
        pdf_path=str(pdf_path) if pdf_path else None,
        paper_id=row.paper_id,
        sentences=tuple(sentences),
        judge=judge or "prediction",
    )


@dataclass(frozen=True, slots=True)
class RowResult:
    """How one QA pair scored: ``n_correct`` of ``n_sentences`` gold sentences got the gold
    label (a missing prediction counts as wrong). report_href: link to the row's HTML
    report, relative to the evaluation report (None: none written)."""

    qa_pair_id: str
    paper_id: str
    n_sentences: int
    n_correct: int
    level: str | None = None
    scenario: str | None = None
    predicted: bool = True
    report_href: str | None = None

    @property
    def accuracy(self) -> float | None:
        """Sentence-label accuracy in [0, 1]; None for a row without sentences."""
        return self.n_correct / self.n_sentences if self.n_sentences else None


def row_results(
    gold: Sequence[QAPair], pred: Sequence[QAPair], *, mode: Mode = "holistic"
) -> list[RowResult]:
    """One RowResult per gold row, in gold order (predictions matched by qa_pair_id).

    Raises: nothing (duplicate prediction ids: the last one wins).
    """
    by_id = {p.qa_pair_id: p for p in pred}
    n_pred = len(PRED_VALUES)
    out = []
    for g in gold:
        p = by_id.get(g.qa_pair_id)
        vec, _ = pair_counts(g, p, mode)
        correct = int(sum(vec[i * n_pred + i] for i in range(len(LABELS))))
        out.append(
            RowResult(
                qa_pair_id=g.qa_pair_id,
                paper_id=g.paper_id,
                n_sentences=len(g.annotations),
                n_correct=correct,
                level=g.level,
                scenario=g.scenario,
                predicted=p is not None,
            )
        )
    return out
