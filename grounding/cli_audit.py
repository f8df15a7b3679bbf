"""``sciground audit REVIEW.md --papers DIR``: does each cited work say what the review's
sentence claims? Registration is light; grounding.audit is imported when the command runs.

Exit status: 0 when the audit ran (whatever it found); 1 when bad input was reported and
skipped (unreadable or encrypted PDF, ambiguous PDF, a reference without a marker, a
marker without an entry, duplicate entries); 2 for an error that stops it (review
missing, empty or not UTF-8; --papers folder missing; output not writable); 130 when
stopped by Ctrl-C, after one line on standard error saying how far it got (nothing is
written then).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from annotations.errors import InputError
from annotations.textsafe import strip_controls
from citations.cli import add_source_options, verifier_options
from grounding.cli_check import add_judge_options, make_judge, read_text_arg
from grounding.sentences import has_words

#: Problem kinds that make the exit status 1 (a PDF in the folder that no reference cites
#: is only noted).
BAD_INPUT = frozenset(
    {"missing_dir", "unreadable_pdf", "ambiguous_pdf", "no_marker", "no_entry", "duplicate_entry"}
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "audit",
        help="audit a literature review against the works it cites",
        description="For each sentence of a review and each work it cites: is the reference "
        "real and correct, and does the cited work (its PDF in --papers, else its abstract "
        "from --sources) say what the sentence claims? Prints a text summary, or one JSON "
        "object per (sentence, cited work) with --json.",
    )
    p.add_argument(
        "review", metavar="REVIEW", help="the review (markdown or text), or - for standard input"
    )
    p.add_argument("--papers", metavar="DIR", help="folder with the cited works' PDFs")
    p.add_argument(
        "--json",
        action="store_true",
        help="one JSON object per (sentence, cited work) pair instead of the summary",
    )
    p.add_argument("--html", metavar="OUT.html", help="also write an HTML review report")
    add_judge_options(p)
    add_source_options(p)
    p.set_defaults(func=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    from grounding.audit import AuditProgress, audit

    if args.papers is not None and not Path(args.papers).is_dir():
        raise InputError(f"--papers {args.papers}: no such folder of papers")
    text = read_text_arg(args.review, "review")
    name = "standard input" if args.review == "-" else args.review
    if text.strip() and not has_words(text):  # only invisible characters or punctuation
        raise InputError(f"{name}: the review is empty (no letter or digit): nothing to audit")
    progress = AuditProgress()
    try:
        report = audit(
            text,
            papers=args.papers,
            sources=verifier_options(args),
            judge=make_judge(args),
            path=name,
            progress=progress,
        )
    except KeyboardInterrupt:
        print(
            f"sciground: audit of {name} interrupted {progress.describe()}; nothing "
            "written: run the same command again",
            file=sys.stderr,
        )
        return 130
    if args.json:
        for rec in report.records():
            sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(strip_controls(report.summary_text()))  # quotes review and PDFs
    sys.stdout.flush()
    for pr in report.problems if args.json else ():  # the summary lists them already
        line = f"sciground: {name}: {pr.kind.replace('_', ' ')}: {pr.message}"
        print(strip_controls(line), file=sys.stderr)
    if args.html:
        from grounding.html.audit import write_audit_html

        print(f"wrote {write_audit_html(report, args.html)}", file=sys.stderr)
    return 1 if any(pr.kind in BAD_INPUT for pr in report.problems) else 0
