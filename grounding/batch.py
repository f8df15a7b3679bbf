"""One row of a batch run (``check --batch``, ``eval``): the unit both engines call.

The local engine (grounding.cli_check.check_items) and the Ray engine
(grounding.engine_ray) check a row with :func:`check_row` and word a row that fails with
:func:`row_failure`, so the same row gives the same output line and the same message
whichever engine ran it. :data:`Item` and :class:`RunCounts` are the batch's input and
tally, shared by both engines (here, so that neither engine imports the other).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from annotations.errors import CheckerError
from annotations.jsonl import dump_row, dumps_line
from annotations.schema import QAPair


@dataclass(frozen=True, slots=True)
class RowOutput:
    """What checking one row produced.

    line: the output JSONL line (the MMSciFact row), ending in a newline.
    refs: one JSONL line per reference the answer cites (each ending in a newline); empty
        unless references were verified. sentences: how many sentences the answer has.
    warnings: the paper's and the check's warnings (grounding.check.Report.warnings:
    repaired file, pages without text, hidden text); they may quote PDF text.
    """

    line: str
    refs: tuple[str, ...]
    sentences: int
    warnings: tuple[str, ...] = ()


def refs_lines(qa_pair_id: str | None, report: Any) -> tuple[str, ...]:
    """The ``--refs-out`` JSONL lines of a Report: ``qa_pair_id`` (when given), the ids of
    the sentences citing the work (``sentence_ids``) and of those holding its
    reference-list entry (``listed_in``, when it has one), and its VerificationResult
    fields."""
    head = {"qa_pair_id": qa_pair_id} if qa_pair_id else {}
    return tuple(
        dumps_line(
            {
                **head,
                "sentence_ids": [i for i in ref.sentence_ids if i not in ref.listed_in],
                **({"listed_in": list(ref.listed_in)} if ref.listed_in else {}),
                **ref.result.model_dump(mode="json", exclude_none=True),
            }
        )
        + "\n"
        for ref in report.references
    )


def check_row(
    base: QAPair,
    document: Any,
    index: Any,
    judge: Any,
    *,
    sources: Any = None,
    verify_refs: bool = False,
) -> RowOutput:
    """Check one batch row against its paper.

    Args: base: the row (question_text, answer_raw, paper_id and the metadata kept in the
          output). document / index: the paper as read by grounding.pdf.read_pdf and its
          evidence index (built once per paper by the caller). judge: a Judge.
          sources: citations.runner.VerifierOptions for the cited references.
          verify_refs: verify the references the answer cites (RowOutput.refs).
    Returns: RowOutput. Raises: what grounding.check.check raises (InputError for an
          empty answer, JudgeError, ...); the caller words it with :func:`row_failure`.
    """
    from grounding.check import check

    report = check(
        base.question_text,
        base.answer_raw,
        document,
        judge=judge,
        index=index,
        paper_id=base.paper_id,
        verify_citations=verify_refs,
        sources=sources,
    )
    refs = refs_lines(base.qa_pair_id, report) if verify_refs else ()
    return RowOutput(
        dump_row(report.to_row(base=base)) + "\n",
        refs,
        len(report.sentences),
        tuple(report.warnings),
    )


def progress_line(n: int, total: int, qa_pair_id: str, sentences: int) -> str:
    """The per-row progress line both engines print on stderr: "[n/N] id: k sentences"."""
    return f"[{n}/{total}] {qa_pair_id}: {sentences} sentence{'' if sentences == 1 else 's'}"


def row_failure(exc: BaseException) -> tuple[str, str]:
    """(verb, detail) for a row that raised ``exc``: ("skipped", message) for a
    CheckerError (bad input, unreadable PDF, judge failure), ("failed", "Type: message")
    for anything else (a bug on one row, reported so the others go on)."""
    if isinstance(exc, CheckerError):
        return "skipped", str(exc)
    return "failed", f"{type(exc).__name__}: {exc}"


__all__ = ["RowOutput", "check_row", "progress_line", "refs_lines", "row_failure"]


#: (where, row, its PDF or None, error or None) — one item of a batch run.
Item = tuple[str, QAPair | None, Path | None, str | None]


@dataclass
class RunCounts:
    """What a batch run did: rows checked, skipped and failed; both engines fill one."""

    ok: int = 0
    skipped: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    #: True when the run was stopped by SIGINT (Ctrl-C) before the last row.
    interrupted: bool = False

    def fail(self, where: str, exc: BaseException) -> None:
        """Count a row that raised ``exc`` and report it (:func:`row_failure`)."""
        self.report(where, *row_failure(exc))

    def report(self, where: str, verb: str, detail: str) -> None:
        """Count a failed row and say so on stderr ("file:line: skipped: why")."""
        self.failed += 1
        self.failures.append(f"{where}: {detail}")
        print(f"sciground: {where}: {verb}: {detail}", file=sys.stderr)
