"""``sciground score`` and ``sciground hydrate``: thin commands over annotations.

Registered by grounding.cli through ``register(subparsers)``; each parser's
``func(args) -> int`` returns the exit status (0 ok, 1 finished with skipped rows or
missing PDFs, errors raised as CheckerError are printed by the caller with status 2).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from annotations.argtypes import non_negative_int
from annotations.errors import InputError, SchemaError
from annotations.layouts import (
    HYDRATED_DIR,
    dehydrate,
    hydrate,
    hydrated_folder,
    load_dataset,
    refuse_repeated_ids,
)
from annotations.report import render_markdown, render_text
from annotations.score import MODES, score


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` and ``hydrate`` subcommands to a subparsers object."""
    p = sub.add_parser(
        "score",
        help="score predicted rows against gold rows",
        description="Score MMSciFact-format predictions against gold: sentence labels, error "
        "spans, C4/N4 tags, depends_on edges, roles, evidence boxes, with bootstrap CIs.",
    )
    p.add_argument(
        "--gold",
        required=True,
        metavar="PATH",
        help="gold rows: a JSONL file, a folder of JSONL files or a hydrated folder",
    )
    p.add_argument("--pred", required=True, metavar="PATH", help="predicted rows (same forms)")
    p.add_argument(
        "--mode",
        choices=MODES,
        default="holistic",
        help="holistic (system predicts everything) or oracle_graph (gold depends_on given)",
    )
    p.add_argument(
        "--json", metavar="OUT", help="also write the metrics as JSON to OUT (- for stdout)"
    )
    p.add_argument("--markdown", metavar="OUT", help="also write a Markdown report to OUT")
    p.add_argument(
        "--resamples", type=non_negative_int, default=1000, help="bootstrap resamples (0: no CIs)"
    )
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="report off-schema rows (file and line) and go on without them",
    )
    p.set_defaults(func=run_score)

    h = sub.add_parser(
        "hydrate",
        help="convert between mmscifact.jsonl and the final_annotations/ layout",
        description=f"Flat rows (JSONL file or folder) -> DEST/{HYDRATED_DIR}/<paper_id>/"
        "<qa_pair_id>.json with _source.pdf; or, from a hydrated folder, -> the JSONL file DEST "
        "with the PDFs at their paper_pdf_path beside it.",
    )
    h.add_argument("src", help="mmscifact.jsonl, a folder of JSONL files, or a hydrated folder")
    h.add_argument("dest", help="output folder (to hydrated) or JSONL file (to flat)")
    h.add_argument(
        "--to",
        choices=("auto", "hydrated", "flat"),
        default="auto",
        help="direction (auto: flat if SRC is hydrated, else hydrated)",
    )
    h.add_argument(
        "--skip-invalid",
        action="store_true",
        help="report off-schema rows (file and line) and go on without them",
    )
    h.add_argument(
        "--pdf-root",
        metavar="DIR",
        help="folder that relative paper_pdf_path values start from (default: "
        "the rows' folder and up to three folders above it)",
    )
    h.set_defaults(func=run_hydrate)


def report_skipped(errors: Iterable[SchemaError]) -> None:
    """Print each row skipped by --skip-invalid (file, line and reason) to stderr."""
    for err in errors:
        print(f"sciground: skipped: {err}", file=sys.stderr)


@contextmanager
def skip_invalid_hint(skip_invalid: bool) -> Iterator[None]:
    """Re-raise a SchemaError (an off-schema or unreadable row, named by file and line)
    saying that --skip-invalid would report the row and go on, unless it was given."""
    try:
        yield
    except SchemaError as exc:
        if not skip_invalid:
            exc.args = (
                f"{exc.args[0]}; --skip-invalid reports such rows and goes on without them",
            ) + exc.args[1:]
        raise


def _load(path: str, skip_invalid: bool) -> Any:
    """load_dataset, with :func:`skip_invalid_hint`."""
    with skip_invalid_hint(skip_invalid):
        return load_dataset(path, skip_invalid=skip_invalid)


def run_score(args: argparse.Namespace) -> int:
    """Load both sides, score, print the text table; write JSON / Markdown if asked."""
    gold = _load(args.gold, args.skip_invalid)
    pred = _load(args.pred, args.skip_invalid)
    report_skipped(gold.errors + pred.errors)
    refuse_repeated_ids(gold, args.gold, "rows are matched by it; score one row per id")
    refuse_repeated_ids(pred, args.pred, "rows are matched by it; score one row per id")
    if not gold:
        raise InputError(f"{args.gold}: no valid gold rows")
    metrics = score(gold, pred, args.mode, resamples=args.resamples, seed=args.seed)
    payload = metrics.model_dump_json(indent=2)
    if args.json == "-":
        print(payload)
    else:
        sys.stdout.write(render_text(metrics))
        if args.json:
            Path(args.json).write_text(payload + "\n", encoding="utf-8")
    if args.markdown:
        Path(args.markdown).write_text(render_markdown(metrics), encoding="utf-8")
    return 1 if gold.errors or pred.errors else 0


def run_hydrate(args: argparse.Namespace) -> int:
    """Convert one layout to the other; print what was written and what was missing."""
    src = Path(args.src)
    to = args.to
    if to == "auto":
        to = "flat" if src.is_dir() and hydrated_folder(src) is not None else "hydrated"
    with skip_invalid_hint(args.skip_invalid):
        if to == "flat":
            res = dehydrate(src, args.dest, skip_invalid=args.skip_invalid)
        else:
            res = hydrate(src, args.dest, skip_invalid=args.skip_invalid, pdf_root=args.pdf_root)
    report_skipped(res.errors)
    for qid in res.missing_pdfs:
        print(f"sciground: no PDF found for {qid}", file=sys.stderr)
    if res.missing_pdfs and to == "hydrated" and not args.pdf_root:
        print(
            "sciground: relative paper_pdf_path values are looked for from the rows' "
            "folder up; --pdf-root DIR names the folder they start from",
            file=sys.stderr,
        )
    print(f"wrote {res.rows} rows and {res.pdfs} PDFs to {res.out}")
    return 1 if res.errors or res.missing_pdfs else 0
