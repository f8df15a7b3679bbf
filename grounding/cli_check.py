"""``sciground check`` (one answer or a JSONL batch) and ``sciground eval``."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from annotations.argtypes import non_negative_int, positive_int
from annotations.errors import InputError
from annotations.jsonl import drop_torn_tail, jsonl_lines
from annotations.layouts import PDF_SEARCH_DEPTH, resolve_pdf
from annotations.schema import QAPair
from citations.cli import add_source_options, verifier_options
from citations.engines import RayOptions, add_engine_options
from grounding.batch import Item, RunCounts
from grounding.judges.registry import JUDGE_NAMES
from grounding.sentences import has_words


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` and ``eval`` commands to the sciground parser."""
    _register_check(sub)
    _register_eval(sub)


def _register_check(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check",
        help="check an answer against a paper's PDF",
        description="Label every sentence of an answer supported / contradiction / nei / "
        "not_a_claim against the paper's PDF and print the MMSciFact row as JSON.",
    )
    p.add_argument("--pdf", help="the paper's PDF")
    p.add_argument(
        "--question", default="", help="the question that was asked (optional; default empty)"
    )
    p.add_argument("--question-file", help="read the question from this file")
    p.add_argument("--answer", help="a file with the answer, or - for standard input")
    p.add_argument(
        "--batch",
        metavar="ROWS.jsonl",
        help="check every row (paper_pdf_path, question_text, answer_raw) of a JSONL file",
    )
    p.add_argument(
        "--out",
        metavar="FILE",
        help="batch: output JSONL (default: standard output); "
        "rows already in it are skipped, so an interrupted run resumes",
    )
    p.add_argument(
        "--pdf-root",
        metavar="DIR",
        help="batch: directory that paper_pdf_path is relative to "
        "(default: the batch file's directory or one of its parents)",
    )
    p.add_argument(
        "--format",
        choices=("json", "text"),
        default="json",
        help="json: the MMSciFact row (default); text: a readable summary",
    )
    p.add_argument(
        "--html",
        metavar="REPORT.html",
        help="also write a self-contained HTML report with the evidence drawn on the pages",
    )
    add_judge_options(p)
    p.add_argument(
        "--no-refs", action="store_true", help="do not verify the references the answer cites"
    )
    p.add_argument(
        "--refs-out",
        metavar="FILE",
        help="write the verified references (with the sentences citing them) as "
        "JSONL; in --batch mode references are verified only when this is given",
    )
    add_source_options(p)
    add_engine_options(p)
    p.set_defaults(func=run_check)


def _register_eval(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    e = sub.add_parser(
        "eval",
        help="run the checker over an MMSciFact-format dataset and score it",
        description="Check every row of a dataset (mmscifact.jsonl, a folder of JSONL files, or "
        "a hydrated folder), write predictions.jsonl, metrics.json and report.md to --out, "
        "and print the scores. Resumable: rows already in predictions.jsonl are not re-run "
        "when they were made with the same judge settings (settings.json; other settings "
        "are refused).",
    )
    e.add_argument("--data", required=True, help="dataset file or folder")
    add_judge_options(e)
    e.add_argument("--out", default="sciground-eval", help="output folder (default: %(default)s)")
    e.add_argument(
        "--mode",
        choices=("holistic", "oracle_graph"),
        default="holistic",
        help="holistic: the system predicts everything (default); oracle_graph: the gold "
        "depends_on graph is given",
    )
    e.add_argument(
        "--pdf-root",
        metavar="DIR",
        help="folder that relative paper_pdf_path values start from (default: the "
        "dataset's folder and up to three folders above it)",
    )
    e.add_argument("--limit", type=positive_int, help="check only the first N rows")
    e.add_argument(
        "--resamples",
        type=non_negative_int,
        default=1000,
        help="bootstrap resamples for the CIs (0: no CIs)",
    )
    e.add_argument(
        "--html",
        action="store_true",
        help="also write report.html and per-row HTML reports of the worst rows",
    )
    e.add_argument(
        "--skip-invalid",
        action="store_true",
        help="skip off-schema dataset rows (reported) instead of stopping",
    )
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
            # text given where a file is asked ("--answer 'The model ...'") reads as a
            # missing file: say what the option takes
            shown = spec if "/" in spec or len(spec) <= 60 else spec[:60] + "…"
            raise InputError(
                f"{shown}: {what} file not found (give the {what} as a file, or - to "
                "read it from standard input)"
            )
        data, name = path.read_bytes(), spec
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: the {what} is not UTF-8 text (byte {exc.start})") from None


def add_judge_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--judge",
        choices=JUDGE_NAMES,
        default="rules",
        help="rules: offline, deterministic (default); verifier: the rules, plus the "
        "bundled claim verifier for the sentences they leave undecided; llm: an "
        "OpenAI-compatible server (SCIGROUND_LLM_BASE_URL, SCIGROUND_LLM_MODEL, "
        "OPENAI_API_KEY); nli: a local NLI model directory (SCIGROUND_NLI_MODEL_DIR)",
    )
    p.add_argument(
        "--llm-mode",
        choices=("sentence", "answer"),
        default=None,
        help="llm judge: one request per sentence, or one per answer that also "
        "returns the depends_on graph",
    )
    p.add_argument(
        "--retrieval",
        choices=("lexical", "hybrid"),
        default="lexical",
        help="evidence search: BM25 + fuzzy matching (default), or fused with "
        "sentence embeddings from a local model (extra 'embeddings'; "
        "SCIGROUND_EMBEDDINGS_DIR or the bundled all-MiniLM-L6-v2)",
    )


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
    from grounding.judges.registry import make_judge as build
    from grounding.judges.registry import settings_from_env

    settings = settings_from_env()
    mode = getattr(args, "llm_mode", None)
    if mode:
        llm = settings.llm.model_copy(update={"mode": mode})
        settings = settings.model_copy(update={"llm": llm})
    return partial(build, args.judge, settings)


def make_judge(args: argparse.Namespace) -> Any:
    """The judge named by --judge (see judge_factory)."""
    return judge_factory(args)()


def run_check(args: argparse.Namespace) -> int:
    if not args.batch and getattr(args, "engine", "local") == "ray":
        print(
            "sciground: note: --engine ray applies to --batch and eval; one answer is "
            "checked in this process",
            file=sys.stderr,
        )
    if args.batch:
        if args.format == "text" or args.html or args.answer or args.pdf:
            raise InputError(
                "--batch writes JSONL rows: --pdf, --answer, --format text and "
                "--html are for a single check"
            )
        return run_batch(args)
    if args.answer == "":
        raise InputError("--answer is empty: give the file that holds the answer")
    if not args.pdf or not args.answer:
        raise InputError("check needs --pdf and --answer (or --batch ROWS.jsonl)")
    if args.question and args.question_file:
        raise InputError("give the question with --question or --question-file, not both")
    from grounding.check import check

    question = args.question
    if args.question_file:
        question = read_text_arg(args.question_file, "question").strip()
    answer = read_text_arg(args.answer, "answer")
    if not has_words(answer):
        raise InputError(
            f"{args.answer}: the answer is empty (no letter or digit): nothing to check"
        )
    from grounding.pdf import read_pdf

    document = read_pdf(args.pdf)
    from grounding.textout import strip_controls

    for w in document.warnings:  # they quote PDF text: no escape sequences
        print(strip_controls(f"sciground: {args.pdf}: warning: {w}"), file=sys.stderr)
    report = check(
        question,
        answer,
        document,
        judge=make_judge(args),
        index=make_index_builder(args)(document),
        verify_citations=not args.no_refs,
        sources=verifier_options(args),
    )
    # the result first, so a file that cannot be written below loses nothing; a reader
    # that goes away (`| head`) does not cost the files either
    gone: BrokenPipeError | None = None
    row = report.to_row()
    try:
        if args.format == "text":
            from grounding.textout import print_report_text

            print_report_text(report, sys.stdout)
        else:
            print(
                json.dumps(row.model_dump(mode="json", by_alias=True), ensure_ascii=False, indent=2)
            )
        sys.stdout.flush()
    except BrokenPipeError as exc:
        gone = exc
    if args.refs_out:
        from grounding.batch import refs_lines

        with Path(args.refs_out).open("w", encoding="utf-8") as fh:
            fh.writelines(refs_lines(row.qa_pair_id, report))  # as --batch writes them
    if args.html:
        from grounding.html import write_check_html

        path = write_check_html(report, args.html)
        print(f"wrote {path}", file=sys.stderr)
    if gone is not None:
        raise gone  # main() stops quietly, as Unix tools do
    return 0


#: Fields a batch row must give as non-empty strings.
_REQUIRED = ("paper_pdf_path", "answer_raw")


def _row_error(obj: Any) -> str | None:
    """Why a decoded batch line is not a usable row, or None."""
    if not isinstance(obj, dict):
        return "not a JSON object"
    problems = []
    for k in _REQUIRED:
        v = obj.get(k)
        if v is None:
            problems.append(f"{k} is missing")
        elif not isinstance(v, str):
            problems.append(f"{k} must be a string (got {type(v).__name__} {json.dumps(v)[:40]})")
        elif not v.strip() and k != "answer_raw":
            problems.append(f"{k} is empty")
        elif k == "answer_raw" and not has_words(v):  # blank, or punctuation only
            problems.append(f"{k} is empty (no letter or digit)")
    return "; ".join(problems) or None


def iter_batch(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """(line, row dict or None, error or None) for each non-blank line of a batch file.

    Lines end at b"\\n" only (annotations.jsonl.jsonl_lines); each is decoded as strict
    UTF-8 (a byte-order mark on the first line is allowed). Errors name the column of a JSON
    syntax error (1-based, in characters), the byte of a UTF-8 error and each field that is
    missing, empty or not a string."""
    for lineno, raw in jsonl_lines(path.read_bytes()):
        try:
            text = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            yield lineno, None, f"not UTF-8 text (byte {exc.start + 1} of the line)"
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            yield lineno, None, f"not JSON: {exc.msg} at column {exc.colno}"
            continue
        err = _row_error(obj)
        yield lineno, (obj if err is None else None), err


def done_ids(out: Path) -> set[str]:
    """qa_pair_ids already written to an output JSONL (for resuming); lines end at b"\\n".

    Raises: InputError naming the line if a line (other than a torn last line, which
    ``drop_torn_tail`` removes first) is not a JSON row with a qa_pair_id: the file is not
    an output of this command, or was damaged, and appending to it would hide that."""
    done: set[str] = set()
    if not out.is_file():
        return done
    data = out.read_bytes()
    for lineno, raw in jsonl_lines(data):
        try:
            qa_pair_id = json.loads(raw)["qa_pair_id"]
        except (ValueError, KeyError, TypeError):
            qa_pair_id = None
        if not isinstance(qa_pair_id, str):
            if lineno == data.count(b"\n") + 1:  # a last line without its newline
                continue
            raise InputError(
                f"{out}:{lineno}: not an output row (JSON with a qa_pair_id); "
                "repair or remove that line, or write to another --out file"
            )
        done.add(qa_pair_id)
    return done


def _base_row(obj: dict[str, Any], lineno: int, batch: Path) -> QAPair:
    keep = {k: v for k, v in obj.items() if k in QAPair.model_fields and k != "annotations"}
    keep.setdefault("qa_pair_id", f"{batch.stem}__line{lineno}")
    keep.setdefault("paper_id", Path(obj["paper_pdf_path"]).stem)
    keep.setdefault("question_text", "")
    return QAPair.model_validate(keep)


#: Papers whose Document and evidence index a batch keeps at once. One entry holds 4-7 MB
#: (a 10-22 page paper of ../shared/data/papers, read and indexed; bench/batch_order.py
#: prints the figures), so the cache stays under ~60 MB whatever the batch's order; 8
#: covers the 6 papers of GroundQA dev, so its rows in any order read each paper once.
PAPER_CACHE_SIZE = 8


class PaperCache:
    """A bounded cache: PDF path -> (Document, evidence index), so rows of several papers
    interleaved in a batch read and index each paper about once.

    When full, it drops the paper needed furthest in the future (``get(pdf, next_use)``:
    a batch knows its rows in advance, and with this rule rows cycling over more papers
    than the cache holds still mostly hit, where least-recently-used would always miss);
    without ``next_use``, the least recently used.

    Usage::

        papers = PaperCache(EvidenceIndex.build)
        document, index = papers.get(Path("paper.pdf"))   # read and indexed once

    Raises (from get): PDFError from ``read_pdf``; nothing is cached for a PDF that fails.
    """

    def __init__(self, build_index: Any, size: int = PAPER_CACHE_SIZE) -> None:
        if size < 1:
            raise InputError(f"PaperCache size must be at least 1, not {size}")
        self.build_index = build_index
        self.size = size
        self._items: OrderedDict[Path, tuple[Any, Any]] = OrderedDict()  # oldest use first
        self._next: dict[Path, float] = {}
        self.reads = 0  # papers read and indexed (misses)

    def get(self, pdf: Path, next_use: float = math.inf) -> tuple[Any, Any]:
        """(Document, index) of ``pdf``, read and indexed when not cached. ``next_use``:
        the position in the batch of the next row of this paper (inf: none, or unknown)."""
        hit = self._items.get(pdf)
        if hit is not None:
            self._items.move_to_end(pdf)
            self._next[pdf] = next_use
            return hit
        from grounding.pdf import read_pdf

        document = read_pdf(pdf)
        entry = (document, self.build_index(document))
        self.reads += 1
        if len(self._items) >= self.size:
            # furthest next use; among equals (never again, or no hints) the least recent
            victim = max(self._items, key=self._next.__getitem__)
            del self._items[victim], self._next[victim]
        self._items[pdf] = entry
        self._next[pdf] = next_use
        return entry

    def __len__(self) -> int:
        return len(self._items)


def next_uses(items: Sequence[Item], done: AbstractSet[str] = frozenset()) -> list[float]:
    """Per item, the position of the next item with the same PDF that will be checked
    (not in error, id not in ``done``); inf where none."""
    out: list[float] = [math.inf] * len(items)
    later: dict[Path, int] = {}
    for k in range(len(items) - 1, -1, -1):
        _, base, pdf, err = items[k]
        if pdf is not None and base is not None and err is None and base.qa_pair_id not in done:
            out[k] = later.get(pdf, math.inf)
            later[pdf] = k
    return out


def check_items(
    items: Sequence[Item],
    judge: Any,
    out: TextIO,
    done: set[str],
    *,
    sources: Any = None,
    refs_out: TextIO | None = None,
    build_index: Any = None,
    papers: PaperCache | None = None,
) -> RunCounts:
    """Check each item and write its output row to ``out``; report bad items on stderr
    ("file:line: skipped: why") and keep going. Rows whose id is in ``done`` are skipped
    (ids written by this run are added, so a repeated id is checked once).
    With ``refs_out``, the references each answer cites are verified (with ``sources``) and
    written there as JSONL; otherwise they are not checked. A PDF's warnings (repaired file,
    pages without text, hidden text) are printed once per paper.
    Documents and indexes come from ``papers`` (default: a PaperCache of
    PAPER_CACHE_SIZE papers over ``build_index``), told when each paper is next needed, so
    rows of interleaved papers read each paper about once.
    SIGINT (KeyboardInterrupt) stops the loop after the rows written so far:
    ``RunCounts.interrupted`` is set and the output holds only whole rows."""
    from grounding.batch import check_row, progress_line
    from grounding.evidence import EvidenceIndex
    from grounding.textout import strip_controls

    if papers is None:
        papers = PaperCache(build_index or EvidenceIndex.build)
    counts = RunCounts()
    warned: set[Path] = set()
    upcoming = next_uses(items, done)
    try:
        for n, (where, base, pdf, err) in enumerate(items, start=1):
            try:
                if err is not None or base is None or pdf is None:
                    raise InputError(err or "no PDF for this row")
                if base.qa_pair_id in done:
                    counts.skipped += 1
                    continue
                doc, index = papers.get(pdf, upcoming[n - 1])
                result = check_row(
                    base, doc, index, judge, sources=sources, verify_refs=refs_out is not None
                )
                if pdf not in warned:
                    warned.add(pdf)
                    for w in result.warnings:  # they quote PDF text
                        print(strip_controls(f"sciground: {pdf}: warning: {w}"), file=sys.stderr)
                if refs_out is not None:
                    refs_out.writelines(result.refs)
                out.write(result.line)
                out.flush()
                done.add(base.qa_pair_id)
                counts.ok += 1
                print(
                    progress_line(n, len(items), base.qa_pair_id, result.sentences), file=sys.stderr
                )
            except (BrokenPipeError, KeyboardInterrupt):
                raise  # stop: the reader went away (cli.main), or Ctrl-C (below)
            except Exception as exc:  # a bad row or a bug on one row must not lose the others
                counts.fail(where, exc)
    except KeyboardInterrupt:
        counts.interrupted = True
    return counts


def run_items(
    args: argparse.Namespace,
    items: Sequence[Item],
    out: TextIO,
    done: set[str],
    *,
    sources: Any = None,
    refs_out: TextIO | None = None,
) -> RunCounts:
    """Check the items on the engine --engine names: this process (local), or a Ray
    cluster (grounding.engine_ray; --ray-address): the same output rows, in the same order."""
    if getattr(args, "engine", "local") == "ray":
        from grounding.engine_ray import check_items_ray

        return check_items_ray(
            items,
            out,
            done,
            judge=judge_factory(args),
            build_index=make_index_builder(args),
            sources=sources,
            refs_out=refs_out,
            options=RayOptions(address=args.ray_address),
        )
    return check_items(
        items,
        make_judge(args),
        out,
        done,
        sources=sources,
        refs_out=refs_out,
        build_index=make_index_builder(args),
    )


def _make_parent(path: Path) -> None:
    """Create ``path``'s folder. Raises InputError naming the part of it that is a file."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            raise InputError(f"{parent}: is not a directory (cannot write {path})")
    path.parent.mkdir(parents=True, exist_ok=True)


def _open_out(path: Path | None) -> tuple[TextIO, set[str]]:
    """The output stream and the ids already in it. An output file's torn last line (a
    crash mid-write) is cut off first, with a warning, so nothing is glued onto it."""
    if path is None:
        return sys.stdout, set()
    _make_parent(path)
    if path.is_dir():
        raise InputError(f"{path}: is a directory; give --out a file")
    fragment = drop_torn_tail(path)
    if fragment is not None:
        print(
            f"sciground: {path}: warning: dropped an incomplete last line ({len(fragment)} "
            "bytes, left by an interrupted write); its row is checked again",
            file=sys.stderr,
        )
    done = done_ids(path)
    return path.open("a", encoding="utf-8"), done


def _open_refs(path: Path, *, resume: bool) -> TextIO:
    """The --refs-out file: for appending, its torn last line (if any) cut off first, when
    the run resumes rows of --out (their references are in it already); rewritten when it
    starts afresh, so a rerun into a new --out does not list every reference twice."""
    _make_parent(path)
    if not resume:
        return path.open("w", encoding="utf-8")
    if drop_torn_tail(path) is not None:
        print(
            f"sciground: {path}: warning: dropped an incomplete last line (left by an "
            "interrupted write)",
            file=sys.stderr,
        )
    return path.open("a", encoding="utf-8")


def _missing_pdf(paper_pdf_path: str, root: Path, depth: int) -> str:
    """Why a row's PDF was not found: "is a directory" where the path names one."""
    p = Path(paper_pdf_path)
    here = root.resolve()
    bases = [p] if p.is_absolute() else [b / p for b in [here, *here.parents][: depth + 1]]
    if any(b.is_dir() for b in bases):
        return f"PDF {paper_pdf_path!r}: is a directory, not a PDF file"
    if p.is_absolute():
        return f"PDF {paper_pdf_path!r} not found"
    if not depth:
        return f"PDF {paper_pdf_path!r} not found under {here}"
    return (
        f"PDF {paper_pdf_path!r} not found under {here} or up to {depth} folders above it"
        " (--pdf-root DIR names the folder)"
    )


def batch_items(batch: Path, pdf_root: str | None) -> list[Item]:
    """The items of a batch file, one per non-blank line: bad lines carry their error, and
    so does a line whose qa_pair_id an earlier line has (it is skipped, not checked)."""
    items: list[Item] = []
    seen: dict[str, int] = {}
    root, depth = (Path(pdf_root), 0) if pdf_root else (batch.parent, 3)
    for lineno, obj, err in iter_batch(batch):
        where = f"{batch}:{lineno}"
        if obj is None:
            items.append((where, None, None, err))
            continue
        try:
            base = _base_row(obj, lineno, batch)
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(x) for x in first["loc"])
            items.append(
                (where, None, None, f"off-schema: {loc + ': ' if loc else ''}{first['msg']}")
            )
            continue
        if base.qa_pair_id in seen:  # a bad row: its answer would never be checked
            err = f"qa_pair_id {base.qa_pair_id!r} repeats line {seen[base.qa_pair_id]}"
            items.append((where, None, None, f"{err}; only the first is checked"))
            continue
        seen[base.qa_pair_id] = lineno
        pdf = resolve_pdf(base.paper_pdf_path, root, depth=depth)
        items.append(
            (where, base, pdf, None if pdf else _missing_pdf(base.paper_pdf_path, root, depth))
        )
    return items


def _interrupted(counts: RunCounts, *, resumable: bool = True) -> int:
    """Say how far a run stopped by Ctrl-C got (one line); the exit status 130. Only a run
    writing to a file (``resumable``) can be resumed."""
    how = (
        "run the same command to resume" if resumable else "give --out FILE to make a run resumable"
    )
    print(f"interrupted after {counts.ok + counts.failed} rows; {how}", file=sys.stderr)
    return 130


def _distinct_files(batch: Path, out: str | None, refs_out: str | None) -> None:
    """Refuse a batch whose --out or --refs-out is the batch file, or one file for both:
    rows in the batch file would read as done and nothing be checked; reference lines
    among the rows would stop the next run.

    Raises: InputError naming the two options."""
    named = [("--batch", batch), ("--out", out), ("--refs-out", refs_out)]
    seen: dict[Path, str] = {}
    for option, path in named:
        if not path:
            continue
        key = Path(path).resolve()
        if key in seen:
            raise InputError(
                f"{path}: given as both {seen[key]} and {option}; they must be different files"
            )
        seen[key] = option


def run_batch(args: argparse.Namespace) -> int:
    """Check every row of a JSONL batch; a bad row is reported (file:line) and skipped.
    Ctrl-C stops after the rows written so far: one line on stderr, exit status 130."""
    batch = Path(args.batch)
    if batch.is_dir():
        raise InputError(f"{batch}: is a directory; give --batch a JSONL file")
    if not batch.is_file():
        raise InputError(f"{batch}: no such file")
    _distinct_files(batch, args.out, args.refs_out)
    counts = RunCounts(interrupted=True)
    try:
        items = batch_items(batch, args.pdf_root)
        out_path = Path(args.out) if args.out else None
        out, done = _open_out(out_path)
        refs = _open_refs(Path(args.refs_out), resume=bool(done)) if args.refs_out else None
        try:
            counts = run_items(
                args, items, out, done, sources=verifier_options(args), refs_out=refs
            )
        finally:
            if out_path:
                out.close()
            if refs is not None:
                refs.close()
    except KeyboardInterrupt:
        pass  # before or between rows: counts says how far it got
    if counts.interrupted:
        return _interrupted(counts, resumable=bool(args.out))
    print(
        f"checked {counts.ok}, already done {counts.skipped}, failed {counts.failed} "
        f"(of {len(items)} rows)",
        file=sys.stderr,
    )
    return 1 if counts.failed else 0


#: What makes an eval's predictions: the judge options and, for model judges, the model.
_MODEL_ENV = {
    "llm": ("SCIGROUND_LLM_BASE_URL", "SCIGROUND_LLM_MODEL"),
    "nli": ("SCIGROUND_NLI_MODEL_DIR",),
}


def _eval_settings(args: argparse.Namespace) -> dict[str, str | None]:
    """The settings an eval's predictions depend on (written to settings.json beside them):
    the sciground version, --judge, --llm-mode, --retrieval and the model judge's variables."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        made_by = version("sciground")
    except PackageNotFoundError:
        made_by = None
    settings = {
        "sciground": made_by,
        "judge": args.judge,
        "llm_mode": getattr(args, "llm_mode", None),
        # the rules judge searches the lexical index whatever --retrieval says
        "retrieval": "lexical" if args.judge == "rules" else getattr(args, "retrieval", "lexical"),
    }
    for name in _MODEL_ENV.get(args.judge, ()):
        settings[name] = os.environ.get(name)
    return settings


def _check_eval_settings(out_dir: Path, pred_path: Path, settings: dict[str, str | None]) -> None:
    """Resume only predictions made with the same settings: raises InputError when
    ``out_dir/settings.json`` says other ones; writes it for a new run."""
    saved = out_dir / "settings.json"
    if pred_path.is_file() and pred_path.stat().st_size and saved.is_file():
        try:
            before = json.loads(saved.read_text(encoding="utf-8"))
        except ValueError:
            before = None
        if before != settings:
            diff = ", ".join(
                f"{k}: {before.get(k) if isinstance(before, dict) else '?'} -> {v}"
                for k, v in settings.items()
                if not isinstance(before, dict) or before.get(k) != v
            )
            raise InputError(
                f"{out_dir}: its predictions were made with other settings "
                f"({diff}); give another --out, or delete {pred_path} to check "
                "every row again"
            )
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    saved.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")


def _eval_items(
    args: argparse.Namespace, rows: Sequence[tuple[QAPair, Path | None]], root: Path
) -> list[Item]:
    """The items of an eval run: each gold row without its annotations, and its PDF or why
    it has none; says once on stderr where relative ``paper_pdf_path`` values are looked
    for when a PDF is missing and --pdf-root was not given."""
    items: list[Item] = [
        (
            f"{args.data}:{row.qa_pair_id}",
            row.model_copy(update={"annotations": ()}),
            pdf,
            None if pdf else _missing_pdf(row.paper_pdf_path, root, PDF_SEARCH_DEPTH),
        )
        for row, pdf in rows
    ]
    missing = sum(pdf is None for _, pdf in rows)
    if missing and not args.pdf_root:
        print(
            f"sciground: {missing} of {len(rows)} row(s) have no PDF: relative "
            f"paper_pdf_path values are looked for from {root} up; --pdf-root DIR names "
            "the folder they start from",
            file=sys.stderr,
        )
    return items


def run_eval(args: argparse.Namespace) -> int:
    """Check every dataset row with the chosen judge, then score against the gold rows."""
    from annotations.cli import report_skipped, skip_invalid_hint
    from annotations.jsonl import read_rows
    from annotations.layouts import load_dataset, refuse_repeated_ids
    from annotations.report import render_markdown, render_text
    from annotations.score import score

    with skip_invalid_hint(args.skip_invalid):
        data = load_dataset(args.data, skip_invalid=args.skip_invalid, pdf_root=args.pdf_root)
    # before any row is checked
    refuse_repeated_ids(data, args.data, "each gold row needs its own id to be scored")
    report_skipped(data.errors)
    rows = list(zip(data.rows, data.pdf_paths))[: args.limit]
    if not rows:
        raise InputError(f"{args.data}: no rows to evaluate")
    items = _eval_items(args, rows, Path(args.pdf_root) if args.pdf_root else data.root)
    out_dir = Path(args.out)
    if data.layout == "jsonl_dir" and out_dir.resolve() == Path(args.data).resolve():
        # predictions.jsonl there would be read as gold rows by the next eval or score
        raise InputError(
            f"--out {args.out} is the --data folder: its predictions.jsonl would be read as "
            "gold rows next time; give another --out"
        )
    pred_path = out_dir / "predictions.jsonl"
    _check_eval_settings(out_dir, pred_path, _eval_settings(args))
    out, done = _open_out(pred_path)
    try:
        counts = run_items(args, items, out, done)
    finally:
        out.close()
    if counts.interrupted:  # Ctrl-C: no scores of a partial run
        return _interrupted(counts)
    if not counts.ok and not counts.skipped:
        # every row failed (its PDF not found, most often): scores of zero would read as
        # a system wrong on everything, so none are written
        raise InputError(
            f"{args.data}: none of its {len(items)} row(s) could be checked (the first: "
            f"{counts.failures[0]}); nothing scored"
        )
    if counts.skipped:
        print(
            f"sciground: reused {counts.skipped} row(s) already in {pred_path} (same judge "
            "settings; delete it to check them again)",
            file=sys.stderr,
        )
    gold = [row for row, _ in rows]
    wanted = {row.qa_pair_id for row in gold}
    pred = [r for r in read_rows(pred_path) if r.qa_pair_id in wanted]
    metrics = score(gold, pred, mode=args.mode, resamples=args.resamples)
    (out_dir / "metrics.json").write_text(metrics.model_dump_json(indent=2), encoding="utf-8")
    header = (
        f"# sciground eval: {args.data}\n\njudge: {args.judge}; mode: {args.mode}; "
        f"rows: {len(gold)} ({counts.failed} failed to check)\n\n"
    )
    failures = "".join(f"- {f}\n" for f in counts.failures)
    (out_dir / "report.md").write_text(
        header
        + render_markdown(metrics)
        + (f"\n## Rows that failed\n\n{failures}" if failures else ""),
        encoding="utf-8",
    )
    if args.html:
        from grounding.html import write_eval_reports

        pdfs = {r.qa_pair_id: p for r, p in rows if p}
        write_eval_reports(metrics, gold, pred, pdfs, out_dir, judge=args.judge)
    print(render_text(metrics))
    html = f", {out_dir / 'report.html'} (and rows/)" if args.html else ""
    print(
        f"\nwrote {pred_path}, {out_dir / 'metrics.json'}, {out_dir / 'report.md'}{html}",
        file=sys.stderr,
    )
    return 1 if counts.failed or data.errors else 0  # a skipped row is a row not scored
