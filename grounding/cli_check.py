"""``sciground check`` (one answer or a JSONL batch) and ``sciground eval``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from annotations.errors import InputError
from annotations.layouts import resolve_pdf
from annotations.schema import QAPair
from citations.cli import add_source_options, verifier_options
from citations.engines import RayOptions, add_engine_options
from grounding.judges.registry import JUDGE_NAMES



def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check",
        help="check an answer against a paper's PDF",
        description="Label every sentence of an answer supported / contradiction / nei / "
        "not_a_claim against the paper's PDF and print the MMSciFact row as JSON.",
    )
    p.add_argument("--pdf", help="the paper's PDF")
    p.add_argument("--question", default="", help="the question that was asked")
    p.add_argument("--question-file", help="read the question from this file")
    p.add_argument("--answer", help="a file with the answer, or - for standard input")
    p.add_argument("--batch", metavar="ROWS.jsonl",
                   help="check every row (paper_pdf_path, question_text, answer_raw) of a JSONL file")
    p.add_argument("--out", metavar="FILE", help="batch: output JSONL (default: standard output); "
                   "rows already in it are skipped, so an interrupted run resumes")
    p.add_argument("--pdf-root", metavar="DIR",
                   help="batch: directory that paper_pdf_path is relative to "
                   "(default: the batch file's directory or one of its parents)")
    p.add_argument("--format", choices=("json", "text"), default="json")
    p.add_argument("--html", metavar="REPORT.html",
                   help="also write a self-contained HTML report with the evidence drawn on the pages")
    add_judge_options(p)
    p.add_argument("--no-refs", action="store_true",
                   help="do not verify the references the answer cites")
    p.add_argument("--refs-out", metavar="FILE",
                   help="write the verified references (with the sentences citing them) as "
                   "JSONL; in --batch mode references are verified only when this is given")
    add_source_options(p)
    add_engine_options(p)
    p.set_defaults(func=run_check)

    e = sub.add_parser(
        "eval",
        help="run the checker over an MMSciFact-format dataset and score it",
        description="Check every row of a dataset (mmscifact.jsonl, a folder of JSONL files, or "
        "a hydrated folder), write predictions.jsonl, metrics.json and report.md to --out, "
        "and print the scores. Resumable: rows already in predictions.jsonl are not re-run.",
    )
    e.add_argument("--data", required=True, help="dataset file or folder")
    add_judge_options(e)
    e.add_argument("--out", default="sciground-eval", help="output folder (default: %(default)s)")
    e.add_argument("--mode", choices=("holistic", "oracle_graph"), default="holistic")
    e.add_argument("--limit", type=int, help="check only the first N rows")
    e.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples for the CIs")
    e.add_argument("--html", action="store_true",
                   help="also write report.html and per-row HTML reports of the worst rows")
    e.add_argument("--skip-invalid", action="store_true",
                   help="skip off-schema dataset rows (reported) instead of stopping")
    add_engine_options(e)
    e.set_defaults(func=run_eval)


def read_text_arg(spec: str, what: str) -> str:
    """Text of a file argument, or of standard input for "-"; strict UTF-8.

    Raises: InputError if the file is missing or not UTF-8 text."""
    if spec == "-":
        data, name = sys.stdin.buffer.read(), "standard input"
    else:
        path = Path(spec)
        if path.is_dir():
            raise InputError(f"{spec}: is a directory; give the {what} as a file or -")
        if not path.is_file():
            raise InputError(f"{spec}: {what} file not found")
        data, name = path.read_bytes(), spec
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: the {what} is not UTF-8 text (byte {exc.start})") from None


def add_judge_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--judge", choices=JUDGE_NAMES, default="rules",
                   help="rules: offline, deterministic (default); llm: an OpenAI-compatible "
                   "server (SCIGROUND_LLM_BASE_URL, SCIGROUND_LLM_MODEL, OPENAI_API_KEY); "
                   "nli: a local NLI model directory (SCIGROUND_NLI_MODEL_DIR)")
    p.add_argument("--llm-mode", choices=("sentence", "answer"), default=None,
                   help="llm judge: one request per sentence, or one per answer that also "
                   "returns the depends_on graph")
    p.add_argument("--retrieval", choices=("lexical", "hybrid"), default="lexical",
                   help="evidence search: BM25 + fuzzy matching (default), or fused with "
                   "sentence embeddings from a local model (extra 'embeddings'; "
                   "SCIGROUND_EMBEDDINGS_DIR or the bundled all-MiniLM-L6-v2)")


def make_index_builder(args: argparse.Namespace) -> Any:
    """document -> evidence index for --retrieval (the encoder is loaded once, lazily)."""
    from grounding.evidence import EvidenceIndex

    if getattr(args, "retrieval", "lexical") == "lexical":
        return EvidenceIndex.for_document
    from grounding.embeddings import HybridIndex, load_sentence_encoder

    encoder: list[Any] = []
    model_dir = os.environ.get("SCIGROUND_EMBEDDINGS_DIR") or None

    def build(document: Any) -> Any:
        if not encoder:
            encoder.append(load_sentence_encoder(model_dir))
        return HybridIndex(EvidenceIndex.for_document(document), encoder[0])

    return build


def judge_factory(args: argparse.Namespace) -> Callable[[], Any]:
    """A picklable callable that builds the judge named by --judge, with model settings
    from the environment (read here only, on the driver; Ray workers build from it)."""
    from grounding.judges.registry import make_judge as build, settings_from_env

    settings = settings_from_env()
    mode = getattr(args, "llm_mode", None)
    if mode:
        settings = settings.model_copy(update={"llm": settings.llm.model_copy(update={"mode": mode})})
    return partial(build, args.judge, settings)


def make_judge(args: argparse.Namespace) -> Any:
    """The judge named by --judge (see judge_factory)."""
    return judge_factory(args)()


def run_check(args: argparse.Namespace) -> int:
    if args.batch:
        if args.format == "text" or args.html or args.answer or args.pdf:
            raise InputError("--batch writes JSONL rows: --pdf, --answer, --format text and "
                             "--html are for a single check")
        return run_batch(args)
    if not args.pdf or not args.answer:
        raise InputError("check needs --pdf and --answer (or --batch ROWS.jsonl)")
    if args.question and args.question_file:
        raise InputError("give the question with --question or --question-file, not both")
    from grounding.check import check

    question = args.question
    if args.question_file:
        question = read_text_arg(args.question_file, "question").strip()
    answer = read_text_arg(args.answer, "answer")
    if not answer.strip():
        raise InputError(f"{args.answer}: the answer is empty: nothing to check")
    from grounding.pdf import read_pdf

    document = read_pdf(args.pdf)
    report = check(question, answer, document, judge=make_judge(args),
                   index=make_index_builder(args)(document),
                   verify_citations=not args.no_refs, sources=verifier_options(args))
    # the result first, so a file that cannot be written below loses nothing
    if args.format == "text":
        from grounding.textout import print_report_text

        print_report_text(report, sys.stdout)
    else:
        row = report.to_row()
        print(json.dumps(row.model_dump(mode="json", by_alias=True), ensure_ascii=False, indent=2))
    sys.stdout.flush()
    if args.refs_out:
        from grounding.batch import refs_lines

        with Path(args.refs_out).open("w", encoding="utf-8") as fh:
            fh.writelines(refs_lines(None, report))
    if args.html:
        from grounding.html import write_check_html

        path = write_check_html(report, args.html)
        print(f"wrote {path}", file=sys.stderr)
    return 0


def iter_batch(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """(line, row dict or None, error or None) for each non-blank line of a batch file."""
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as exc:
                yield lineno, None, f"not JSON: {exc.msg} at column {exc.colno}"
                continue
            if not isinstance(obj, dict):
                yield lineno, None, "not a JSON object"
                continue
            missing = [k for k in ("paper_pdf_path", "answer_raw")
                       if not isinstance(obj.get(k), str) or not obj[k].strip()]
            if missing:
                yield lineno, None, f"missing or empty field(s): {', '.join(missing)}"
                continue
            yield lineno, obj, None


def done_ids(out: Path) -> set[str]:
    """qa_pair_ids already written to an output JSONL (for resuming)."""
    done: set[str] = set()
    if out.is_file():
        for line in out.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["qa_pair_id"])
            except (json.JSONDecodeError, KeyError, TypeError):
                continue
    return done


def _base_row(obj: dict[str, Any], lineno: int, batch: Path) -> QAPair:
    keep = {k: v for k, v in obj.items() if k in QAPair.model_fields and k != "annotations"}
    keep.setdefault("qa_pair_id", f"{batch.stem}__line{lineno}")
    keep.setdefault("paper_id", Path(obj["paper_pdf_path"]).stem)
    keep.setdefault("question_text", "")
    return QAPair.model_validate(keep)


@dataclass
class RunCounts:
    ok: int = 0
    skipped: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)

    def fail(self, where: str, exc: BaseException) -> None:
        """Count a row that raised ``exc`` and report it (grounding.batch.row_failure)."""
        from grounding.batch import row_failure

        self.report(where, *row_failure(exc))

    def report(self, where: str, verb: str, detail: str) -> None:
        """Count a failed row and say so on stderr ("file:line: skipped: why")."""
        self.failed += 1
        self.failures.append(f"{where}: {detail}")
        print(f"sciground: {where}: {verb}: {detail}", file=sys.stderr)


#: (where, row, its PDF or None, error or None) — one item of a batch run.
Item = tuple[str, QAPair | None, Path | None, str | None]


def check_items(items: Sequence[Item], judge: Any, out: TextIO, done: set[str], *,
                sources: Any = None, refs_out: TextIO | None = None,
                build_index: Any = None) -> RunCounts:
    """Check each item and write its output row to ``out``; report bad items on stderr
    ("file:line: skipped: why") and keep going. Rows whose id is in ``done`` are skipped.
    With ``refs_out``, the references each answer cites are verified (with ``sources``) and
    written there as JSONL; otherwise they are not checked.
    One paper's Document and EvidenceIndex are kept while consecutive rows share it."""
    from grounding.batch import check_row
    from grounding.evidence import EvidenceIndex
    from grounding.pdf import read_pdf

    build_index = build_index or EvidenceIndex.build
    counts = RunCounts()
    cached: tuple[Path, Any, Any] | None = None
    for n, (where, base, pdf, err) in enumerate(items, start=1):
        try:
            if err is not None or base is None or pdf is None:
                raise InputError(err or "no PDF for this row")
            if base.qa_pair_id in done:
                counts.skipped += 1
                continue
            if cached is None or cached[0] != pdf:
                doc = read_pdf(pdf)
                cached = (pdf, doc, build_index(doc))
            _, doc, index = cached
            row = check_row(base, doc, index, judge, sources=sources,
                            verify_refs=refs_out is not None)
            if refs_out is not None:
                refs_out.writelines(row.refs)
            out.write(row.line)
            out.flush()
            counts.ok += 1
            print(f"[{n}/{len(items)}] {base.qa_pair_id}: {row.sentences} sentences",
                  file=sys.stderr)
        except BrokenPipeError:
            raise                 # the reader of standard output went away: stop (cli.main)
        except Exception as exc:  # a bad row or a bug on one row must not lose the others
            counts.fail(where, exc)
    return counts


def run_items(args: argparse.Namespace, items: Sequence[Item], out: TextIO, done: set[str], *,
              sources: Any = None, refs_out: TextIO | None = None) -> RunCounts:
    """Check the items on the engine --engine names: this process (local), or a Ray
    cluster (grounding.engine_ray; --ray-address): the same output rows, in the same order."""
    if getattr(args, "engine", "local") == "ray":
        from grounding.engine_ray import check_items_ray

        return check_items_ray(items, out, done, judge=judge_factory(args),
                               build_index=make_index_builder(args), sources=sources,
                               refs_out=refs_out, options=RayOptions(address=args.ray_address))
    return check_items(items, make_judge(args), out, done, sources=sources, refs_out=refs_out,
                       build_index=make_index_builder(args))


def _open_out(path: Path | None) -> tuple[TextIO, set[str]]:
    if path is None:
        return sys.stdout, set()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path.open("a", encoding="utf-8"), done_ids(path)


def run_batch(args: argparse.Namespace) -> int:
    """Check every row of a JSONL batch; a bad row is reported (file:line) and skipped."""
    batch = Path(args.batch)
    if not batch.is_file():
        raise InputError(f"{batch}: no such file")
    items: list[Item] = []
    for lineno, obj, err in iter_batch(batch):
        where = f"{batch}:{lineno}"
        if obj is None:
            items.append((where, None, None, err))
            continue
        try:
            base = _base_row(obj, lineno, batch)
        except ValidationError as exc:
            items.append((where, None, None, f"off-schema: {exc.errors()[0]['msg']}"))
            continue
        root, depth = (Path(args.pdf_root), 0) if args.pdf_root else (batch.parent, 3)
        pdf = resolve_pdf(base.paper_pdf_path, root, depth=depth)
        missing = f"PDF {base.paper_pdf_path!r} not found" + (
            "" if Path(base.paper_pdf_path).is_absolute() else f" under {root}")
        items.append((where, base, pdf, None if pdf else missing))
    out_path = Path(args.out) if args.out else None
    out, done = _open_out(out_path)
    refs = Path(args.refs_out).open("a", encoding="utf-8") if args.refs_out else None
    try:
        counts = run_items(args, items, out, done, sources=verifier_options(args), refs_out=refs)
    finally:
        if out_path:
            out.close()
        if refs is not None:
            refs.close()
    print(f"checked {counts.ok}, already done {counts.skipped}, failed {counts.failed} "
          f"(of {len(items)} rows)", file=sys.stderr)
    return 1 if counts.failed else 0


def run_eval(args: argparse.Namespace) -> int:
    """Check every dataset row with the chosen judge, then score against the gold rows."""
    from annotations.jsonl import read_rows
    from annotations.layouts import load_dataset
    from annotations.report import render_markdown, render_text
    from annotations.score import score

    data = load_dataset(args.data, skip_invalid=args.skip_invalid)
    for err in data.errors:
        print(f"sciground: skipped: {err}", file=sys.stderr)
    rows = list(zip(data.rows, data.pdf_paths))[: args.limit]
    if not rows:
        raise InputError(f"{args.data}: no rows to evaluate")
    items: list[Item] = [
        (f"{args.data}:{row.qa_pair_id}", row.model_copy(update={"annotations": ()}), pdf,
         None if pdf else f"PDF {row.paper_pdf_path!r} not found")
        for row, pdf in rows
    ]
    out_dir = Path(args.out)
    pred_path = out_dir / "predictions.jsonl"
    out, done = _open_out(pred_path)
    try:
        counts = run_items(args, items, out, done)
    finally:
        out.close()
    gold = [row for row, _ in rows]
    wanted = {row.qa_pair_id for row in gold}
    pred = [r for r in read_rows(pred_path) if r.qa_pair_id in wanted]
    metrics = score(gold, pred, mode=args.mode, resamples=args.resamples)
    (out_dir / "metrics.json").write_text(metrics.model_dump_json(indent=2), encoding="utf-8")
    header = (f"# sciground eval: {args.data}\n\njudge: {args.judge}; mode: {args.mode}; "
              f"rows: {len(gold)} ({counts.failed} failed to check)\n\n")
    failures = "".join(f"- {f}\n" for f in counts.failures)
    (out_dir / "report.md").write_text(
        header + render_markdown(metrics) + (f"\n## Rows that failed\n\n{failures}" if failures else ""),
        encoding="utf-8")
    if args.html:
        from grounding.html import write_eval_reports

        write_eval_reports(metrics, gold, pred, {r.qa_pair_id: p for r, p in rows if p}, out_dir)
    print(render_text(metrics))
    html = f", {out_dir / 'report.html'} (and rows/)" if args.html else ""
    print(f"\nwrote {pred_path}, {out_dir / 'metrics.json'}, {out_dir / 'report.md'}{html}",
          file=sys.stderr)
    return 1 if counts.failed else 0
