"""End-to-end dry run of ``sciground eval --judge llm`` against a scripted local server.

Run: ``python bench/eval_llm_scripted.py [--data ../shared/data/groundqa/dev] [--out DIR]
[--mode sentence|answer]``

Starts :class:`bench.scripted_llm.ScriptedServer` (answers every request at once with a
valid JSON judgement), points SCIGROUND_LLM_BASE_URL / SCIGROUND_LLM_MODEL at it and calls
``grounding.cli.main(["eval", "--data", ..., "--judge", "llm", "--out", ...])``. The labels
are the script's, not a model's: the run shows the plumbing works (requests, validation,
evidence boxes, scoring files), not accuracy.

If the CLI does not offer ``--judge llm`` yet, it says so and instead runs ``check()`` over
every dev row with ``registry.make_judge("llm", settings_from_env())`` and prints label
counts, requests and time per sentence.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scripted_llm import ScriptedServer  # noqa: E402


def _direct(data: Path, judge_mode: str) -> int:
    """check() over every row of the dataset with the llm judge from the registry."""
    from annotations.layouts import resolve_pdf  # noqa: F401 - only to fail early if absent
    from annotations.schema import QAPair
    from grounding.check import check
    from grounding.evidence import EvidenceIndex
    from grounding.judges.registry import judge_sentences, make_judge, settings_from_env
    from grounding.pdf import read_pdf
    from grounding.sentences import split_sentences

    settings = settings_from_env()
    settings = settings.model_copy(
        update={"llm": settings.llm.model_copy(update={"mode": judge_mode})}
    )
    judge = make_judge("llm", settings)
    papers = data.parent.parent / "papers"
    files = sorted(data.glob("*.jsonl")) if data.is_dir() else [data]
    rows = [
        QAPair.model_validate_json(line)
        for f in files
        if not f.name.endswith(".citations.jsonl")
        for line in f.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    docs: dict[str, tuple[object, EvidenceIndex]] = {}
    counts: dict[str, int] = {}
    n = 0
    t0 = time.perf_counter()
    for row in rows:
        if row.paper_id not in docs:
            doc = read_pdf(papers / f"{row.paper_id}.pdf")
            docs[row.paper_id] = (doc, EvidenceIndex.build(doc))
        doc, index = docs[row.paper_id]
        if judge_mode == "answer":  # check() has no per-answer hook yet: call it directly
            sents = split_sentences(row.answer_raw)
            judgements, _ = judge_sentences(
                judge, row.question_text, sents, [index.search(x.text, k=8) for x in sents], doc
            )
            for j in judgements:
                counts[j.label.value] = counts.get(j.label.value, 0) + 1
                n += 1
            continue
        report = check(
            row.question_text,
            row.answer_raw,
            doc,
            judge=judge,
            index=index,  # type: ignore[arg-type]
            paper_id=row.paper_id,
        )
        for a in report.annotations:
            counts[a.label.value] = counts.get(a.label.value, 0) + 1
            n += 1
    dt = time.perf_counter() - t0
    print(f"rows: {len(rows)}  sentences: {n}  labels: {counts}")
    print(f"judge usage: {judge.usage().as_dict()}")  # type: ignore[attr-defined]
    print(
        f"wall: {dt:.2f} s  ({1000 * dt / max(n, 1):.1f} ms per sentence, PDF reading "
        "and indexing included)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "groundqa" / "dev"))
    ap.add_argument("--out", help="output folder (default: a new temporary folder)")
    ap.add_argument("--mode", choices=("sentence", "answer"), default="sentence")
    args = ap.parse_args(argv)
    data = Path(args.data)
    args.out = args.out or tempfile.mkdtemp(prefix="sciground-eval-llm-")
    if not data.exists():
        print(f"dataset not found: {data}", file=sys.stderr)
        return 2
    with ScriptedServer() as server:
        os.environ["SCIGROUND_LLM_BASE_URL"] = server.base_url
        os.environ["SCIGROUND_LLM_MODEL"] = "scripted"
        print(f"scripted server at {server.base_url}")
        from grounding.cli import build_parser
        from grounding.cli import main as cli_main

        probe = io.StringIO()
        try:
            with contextlib.redirect_stderr(probe):
                build_parser().parse_args(["eval", "--data", str(data), "--judge", "llm"])
            has_llm = True
        except SystemExit:
            has_llm = False
        t0 = time.perf_counter()
        if has_llm:
            rc = cli_main(["eval", "--data", str(data), "--judge", "llm", "--out", args.out])
            print(
                f"sciground eval --judge llm: exit {rc}, {server.requests} requests, "
                f"{time.perf_counter() - t0:.2f} s; output in {args.out}"
            )
        else:
            print(
                "the CLI has no --judge llm yet; running check() with "
                "registry.make_judge('llm') instead"
            )
            rc = _direct(data, args.mode)
            print(f"{server.requests} requests answered")
    return rc


if __name__ == "__main__":
    sys.exit(main())
