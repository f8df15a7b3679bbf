"""``sciground index ...`` and ``sciground refs ...``: a thin layer over citations.

    sciground index add FILE... [--db PATH] [--source NAME]
    sciground index stats [--db PATH]
    sciground refs verify FILE|- [--db PATH] [--sources crossref,openalex,...] [--offline] [--json]

``--db`` defaults to $SCIGROUND_DB, else platformdirs' user data directory
(citations.sources.local.default_db_path). ``refs verify`` reads reference strings one per
line, a .bib file, a CSL-JSON file (.json), or an answer text with a reference list or
in-text citations (citations.extract), and prints one result per reference: verdict,
(a reference the index does not hold is *unverified* unless --complete says the index is
exhaustive),
fields that differ, corrected reference and the candidates considered (or JSON Lines of
VerificationResult with --json). Exit status 0, or 1 when any reference is corrupted or
fabricated; errors exit 2 (grounding.cli.main).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from annotations.argtypes import non_negative_int, positive_int
from annotations.textsafe import strip_controls
from citations.bibtex import BadEntry
from citations.engines import RayOptions, add_engine_options
from citations.errors import InputError
from citations.model import Reference, Verdict


def _db(args: argparse.Namespace) -> Path | None:
    # ``--db`` after the action, or before it ("sciground index --db F add ...")
    db = getattr(args, "db", None) or getattr(args, "index_db", None)
    if db:
        return Path(db)
    env = os.environ.get("SCIGROUND_DB")
    return Path(env) if env else None


def _index(args: argparse.Namespace) -> Any:
    from citations.sources.local import LocalIndex

    return LocalIndex(_db(args), complete=bool(getattr(args, "complete", False)))


def cmd_index_add(args: argparse.Namespace) -> int:
    from citations.sources.index_counts import AddCounts

    index = None  # opened (and created) at the first file there is to read
    total = AddCounts()
    skipped = 0
    for f in args.files:
        errors: list[InputError] = []
        if (fmt := unsupported_format(f)) is not None:  # by its name: record files are big
            skipped += 1
            print(
                f"sciground: skipped: {f}: {fmt} is not a format index add reads; export "
                "the records as BibTeX (.bib) or CSL-JSON (.json)",
                file=sys.stderr,
            )
            continue
        if not Path(f).is_file():
            skipped += 1
            what = "is a directory, not a file of records" if Path(f).is_dir() else "no such file"
            print(f"sciground: skipped: {f}: {what}", file=sys.stderr)
            continue
        index = index or _index(args)
        try:
            counts = index.import_file(f, source=args.source, errors=errors)
        except InputError as exc:  # a missing or unreadable file: reported, the rest go on
            skipped += 1
            print(f"sciground: skipped: {exc}", file=sys.stderr)
            continue
        total += counts
        skipped += len(errors)
        print(
            f"{f}: {counts.total} records ({counts.describe()})"
            + (f", {len(errors)} skipped" if errors else "")
        )
        for e in errors[:5]:
            print(f"  skipped: {e}", file=sys.stderr)
    if index is None:
        raise InputError("no file of records to read: no index was created or changed")
    print(f"index {index.path}: {total.describe()}")
    return 1 if skipped else 0  # what was readable is in; what was not is reported


def cmd_index_stats(args: argparse.Namespace) -> int:
    from citations.sources.local import default_db_path

    db = _db(args) or default_db_path()
    if not db.is_file():
        raise InputError(f"{db}: no index there yet (build one with `sciground index add FILE`)")
    st = _index(args).stats()
    print(f"index: {st.path}")
    print(
        f"records: {st.records}  with DOI: {st.with_doi}  with arXiv id: {st.with_arxiv}  "
        f"size: {st.size_bytes / 1e6:.1f} MB"
    )
    for src, n in st.by_source.items():
        print(f"  {src}: {n}")
    return 0


def verifier_options(args: argparse.Namespace) -> Any:
    """VerifierOptions from the source flags (add_source_options); environment read here:
    SCIGROUND_DB, SCIGROUND_MAILTO, SEMANTIC_SCHOLAR_API_KEY, and for ``--parser llm``
    SCIGROUND_LLM_BASE_URL (or OPENAI_BASE_URL), SCIGROUND_LLM_MODEL, OPENAI_API_KEY."""
    from citations.runner import VerifierOptions

    sources: tuple[str, ...] = ()
    if args.sources:  # the online sources' module loads httpx: only when they are asked for
        from citations.sources.cascade import parse_source_list

        sources = parse_source_list(args.sources)
    llm = None
    if getattr(args, "parser", "rules") == "llm":
        from pydantic import SecretStr

        from citations.llm_parser import LLMParserSettings

        env = os.environ
        key = env.get("OPENAI_API_KEY", "").strip()
        llm = LLMParserSettings(
            base_url=(env.get("SCIGROUND_LLM_BASE_URL") or env.get("OPENAI_BASE_URL") or "").strip()
            or None,
            model=env.get("SCIGROUND_LLM_MODEL", "").strip() or None,
            api_key=SecretStr(key) if key else None,
        )
    return VerifierOptions(
        parser=getattr(args, "parser", "rules"),
        llm=llm,
        db=_db(args),
        complete=bool(getattr(args, "complete", False)),
        sources=sources,
        offline=bool(args.offline),
        mailto=args.mailto or os.environ.get("SCIGROUND_MAILTO"),
        api_key=os.environ.get("SEMANTIC_SCHOLAR_API_KEY") or None,
        cache_path=Path(args.cache) if args.cache else None,
        workers=args.workers,
        checkpoint=Path(args.checkpoint) if getattr(args, "checkpoint", None) else None,
    )


def add_source_options(p: argparse.ArgumentParser) -> None:
    """The flags that choose bibliographic sources (shared with ``sciground check``)."""
    p.add_argument(
        "--db", help="local index file (default: $SCIGROUND_DB or the user data directory)"
    )
    p.add_argument(
        "--sources",
        metavar="NAMES",
        help="online sources to consult besides the local index, comma-separated: "
        "crossref,datacite,openalex,arxiv,semantic_scholar,europepmc,doi,web "
        "(default: none, offline)",
    )
    p.add_argument(
        "--offline",
        action="store_true",
        help="answer online sources from the HTTP cache only: no network",
    )
    p.add_argument(
        "--mailto",
        help="contact e-mail for the Crossref / OpenAlex polite pools (default: $SCIGROUND_MAILTO)",
    )
    p.add_argument("--cache", help="HTTP cache file (default: the user cache directory)")
    p.add_argument(
        "--workers",
        type=positive_int,
        default=4,
        help="references verified at once: processes for the local index (at most "
        "one per CPU), threads for online sources (default 4)",
    )
    p.add_argument(
        "--complete",
        action="store_true",
        help="the local index holds every citable work of the venues it holds: a "
        "reference it lacks is fabricated (default: unverified); one whose venue "
        "the index does not hold (a Nature paper, an ACL index) stays unverified, "
        "and the reason says so",
    )
    p.add_argument(
        "--parser",
        choices=("rules", "llm"),
        default="rules",
        help="reference-string parser: rules, or an OpenAI-compatible model for the "
        "strings the rules cannot read (SCIGROUND_LLM_BASE_URL, SCIGROUND_LLM_MODEL, "
        "OPENAI_API_KEY)",
    )


def _bad_entry_result(entry: BadEntry, path: str) -> Any:
    from citations.verify import VerificationResult

    return VerificationResult(
        reference=Reference(raw=entry.raw or entry.key or " "),
        verdict=Verdict.UNPARSED,
        reason=f"broken BibTeX entry at {path}:{entry.line}: {entry.message}",
    )


def _results(
    items: list[str | Reference | BadEntry], args: argparse.Namespace, options: Any
) -> Iterator[tuple[str, str]]:
    """(verdict, printed text) per item, in order, streamed: broken BibTeX entries in
    their place (UNPARSED, reported on stderr as file:line), the rest from the runner,
    rendered where they were verified (worker processes with --workers)."""
    from citations.runner import iter_rendered_references

    render = partial(render_result, as_json=bool(args.json), candidates=args.candidates)
    good = (r for r in items if not isinstance(r, BadEntry))
    checked: Iterator[tuple[str, str]]
    if getattr(args, "engine", "local") == "ray":  # the same results, from a Ray cluster
        from citations.engine_ray import verify_references_ray

        checked = map(
            render, verify_references_ray(list(good), options, RayOptions(address=args.ray_address))
        )
    else:
        checked = iter_rendered_references(good, options, render)
    for r in items:
        if isinstance(r, BadEntry):
            print(
                strip_controls(
                    f"sciground: {args.file}:{r.line}: broken BibTeX entry skipped: {r.message}"
                ),
                file=sys.stderr,
            )
            yield render(_bad_entry_result(r, args.file))
        else:
            yield next(checked)


def unsupported_format(name: str, text: str | None = None) -> str | None:
    """The name of the bibliographic export format (citations/data/unsupported_formats.tsv)
    that a file named ``name`` is in, by its ending or by the first non-blank line of its
    ``text``; None for any other file."""
    from citations.data import unsupported_formats

    lower = name.lower()
    first = next((ln for ln in (text or "").splitlines() if ln.strip()), "")
    for fmt in unsupported_formats():
        if lower.endswith(fmt.endings) or (fmt.first_line and fmt.first_line.match(first)):
            return fmt.name
    return None


def _check_refs_input(path: str) -> None:
    """Refuse, before anything is verified, a references file that holds no letter or digit
    or is in an export format refs verify does not read. Standard input ("-") is read here
    and put back for read_references.

    Raises: InputError naming the file (a missing or unreadable one is left to
    read_references, which names it too)."""
    if path == "-":
        text: str | None = sys.stdin.read()
        sys.stdin = io.StringIO(text)
        shown = "standard input"
    else:
        p = Path(path)
        if not p.is_file():
            return
        try:
            text = p.read_bytes().decode("utf-8-sig")
        except UnicodeDecodeError:
            text = None  # read_references names the byte
        shown = path
    fmt = unsupported_format("" if path == "-" else path, text)
    if fmt is not None:
        raise InputError(
            f"{shown}: {fmt} is not a format refs verify reads; export the references as "
            "BibTeX (.bib) or CSL-JSON (.json), or give them one per line"
        )
    if text is not None and not re.search(r"[^\W_]", text):
        raise InputError(f"{shown}: empty (no letter or digit): no references to verify")


def cmd_refs_verify(args: argparse.Namespace) -> int:
    from citations.reference_files import read_references

    _check_refs_input(args.file)
    items = read_references(args.file)
    if not items:
        print(f"sciground: {args.file}: no references found", file=sys.stderr)
        return 0
    if args.checkpoint and not args.sources:
        print(
            "sciground: warning: --checkpoint applies to online sources (--sources); "
            "with the local index alone nothing is written to it",
            file=sys.stderr,
        )
    options = verifier_options(args)
    show = bool(args.progress) or sys.stderr.isatty()
    from citations.progress import VerifyProgress

    status, done = 0, 0
    counts: Counter[str] = Counter()
    try:
        with VerifyProgress(
            len(items), options.online_sources, enabled=show, force=bool(args.progress)
        ) as progress:
            options = progress.attach(options)
            for verdict, text in _results(items, args, options):
                if verdict in (Verdict.CORRUPTED.value, Verdict.FABRICATED.value):
                    status = 1
                progress.console_print(text)
                progress.advance(verdict)
                counts[verdict] += 1
                done += 1
    except KeyboardInterrupt:
        print(
            f"sciground: interrupted after {done} of {len(items)} reference(s)"
            + (
                "; the online sources' answers so far are in --checkpoint"
                if args.checkpoint and args.sources
                else ""
            ),
            file=sys.stderr,
        )
        return 130
    order = [v.value for v in Verdict] + sorted(set(counts) - {v.value for v in Verdict})
    print(
        f"sciground: {done} reference(s): "
        + ", ".join(f"{counts[v]} {v}" for v in order if counts[v]),
        file=sys.stderr,
    )
    return status


def render_result(res: Any, *, as_json: bool = False, candidates: int = 3) -> tuple[str, str]:
    """(verdict value, the text ``refs verify`` prints for ``res``): a JSON line
    (as_json) or a text block showing up to ``candidates`` compared candidates (search hits
    scoring under VerifyConfig.min_search_score are in the JSON only)."""
    if as_json:
        return res.verdict.value, str(res.model_dump_json(exclude_none=True))
    raw = res.reference.raw
    if len(raw) > 2000:  # longer than any real reference: junk, shown in part
        raw = f"{raw[:300]}... ({len(raw)} characters)"
    out = [f"[{res.verdict.value.upper()}] {raw}"]
    if res.reason:
        out.append(f"  why: {res.reason}")
    for fm in res.fields:
        if fm.status.value == "conflict":
            out.append(
                f"  differs: {fm.field.value}: cited {fm.cited!r} / record {fm.found!r}"
                + (f" ({fm.note})" if fm.note else "")
            )
        elif fm.status.value == "missing" and fm.cited and fm.found and fm.note:
            # written on both sides yet not compared ("... an acronym that cannot be checked")
            out.append(
                f"  unconfirmed: {fm.field.value}: cited {fm.cited!r} / record {fm.found!r} "
                f"({fm.note})"
            )
    for w in (*res.reference.warnings, *res.warnings):
        out.append(f"  note: {w}")
    if res.notices:
        out.append(
            ("  RETRACTED: " if res.retracted else "  notices: ")
            + ", ".join(n.replace("_", " ") for n in res.notices)
        )
    if res.corrected and res.verdict is Verdict.CORRUPTED:
        out.append(f"  corrected: {res.corrected}")
    # search hits below the score threshold were not compared (score 0): not listed, so
    # the candidates shown are those the reason counts
    for c in [c for c in res.candidates if c.compared][:candidates]:
        flag = "*" if c.same_work else " "
        out.append(
            f"  {flag} candidate {c.score:.2f} {c.record.source}:{c.record.id} "
            f"{c.record.title[:90]!r} ({c.record.year})"
        )
    # the reference string and the records' fields are input: no escape sequences
    return res.verdict.value, strip_controls("\n".join(out)) + "\n"


def register(subparsers: Any) -> None:
    """Add the ``index`` and ``refs`` commands to the sciground parser."""
    db_help = "index file (default: $SCIGROUND_DB or the user data directory)"
    p_index = subparsers.add_parser("index", help="build and inspect the local reference index")
    p_index.add_argument("--db", dest="index_db", help=db_help)
    isub = p_index.add_subparsers(dest="index_command", required=True, metavar="ACTION")
    p_add = isub.add_parser("add", help="import records (.jsonl[.gz], .json, .bib)")
    p_add.add_argument("files", nargs="+", metavar="FILE")
    p_add.add_argument("--db", help=db_help)
    p_add.add_argument("--source", help="source name stored with the records")
    p_add.set_defaults(func=cmd_index_add)
    p_stats = isub.add_parser("stats", help="what the index holds")
    p_stats.add_argument("--db", help=db_help)
    p_stats.set_defaults(func=cmd_index_stats)

    p_refs = subparsers.add_parser("refs", help="verify references")
    rsub = p_refs.add_subparsers(dest="refs_command", required=True, metavar="ACTION")
    p_ver = rsub.add_parser(
        "verify",
        help="verify references against the local index (and online sources with --sources)",
    )
    p_ver.add_argument(
        "file", metavar="FILE|-", help="references one per line, .bib, CSL-JSON, or an answer text"
    )
    add_source_options(p_ver)
    p_ver.add_argument(
        "--checkpoint",
        help="online sources (--sources): JSONL file of "
        "finished results to resume an interrupted run from",
    )
    p_ver.add_argument("--json", action="store_true", help="one JSON result per line")
    p_ver.add_argument(
        "--candidates", type=non_negative_int, default=3, help="candidates to show (0: none)"
    )
    add_engine_options(p_ver)
    p_ver.add_argument(
        "--progress",
        action="store_true",
        help="show progress on stderr even when it is not a terminal",
    )
    p_ver.set_defaults(func=cmd_refs_verify)


__all__ = ["add_source_options", "register", "verifier_options"]
