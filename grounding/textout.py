"""A check Report as terminal text: coloured (rich) on a TTY, plain otherwise.

The plain form is the one ``sciground check --format text`` has always printed (one line per
sentence: id, ``[LABEL]`` mark, sentence, premises, inherited tags; then error spans with
their correction, evidence pages, the judge's reason; a last line of counts). The coloured
form prints the same lines with the label mark and error spans styled; the label is still
written out in words, so colour is never the only cue.
"""

from __future__ import annotations

from typing import Any, TextIO

from annotations.schema import Label
from annotations.textsafe import strip_controls

__all__ = ["LABEL_MARK", "LABEL_STYLE", "print_report_text", "report_lines", "strip_controls"]

LABEL_MARK = {  # readable without colour
    Label.SUPPORTED: "[SUPPORTED]",
    Label.CONTRADICTION: "[CONTRADICTION]",
    Label.NEI: "[NEI]",
    Label.NOT_A_CLAIM: "[not a claim]",
}
#: rich styles per label (Okabe-Ito-like hues that stay distinct on dark and light terminals).
LABEL_STYLE = {
    Label.SUPPORTED: "bold green",
    Label.CONTRADICTION: "bold red",
    Label.NEI: "bold yellow",
    Label.NOT_A_CLAIM: "dim",
}

#: rich styles per citation verdict.
VERDICT_STYLE = {
    "verified": "bold green",
    "corrupted": "bold red",
    "fabricated": "bold red",
    "ambiguous": "bold yellow",
    "unverified": "bold yellow",
    "unparsed": "dim",
}

#: One printed line: a list of (text, rich style or "") pieces.
Piece = tuple[str, str]


def report_lines(report: Any) -> list[list[Piece]]:
    """The lines of the text form, each a list of (text, style) pieces; joining the texts of
    a line gives the plain line (without its newline)."""
    lines: list[list[Piece]] = [
        [(f"Question: {report.question}", "bold")],
        [(f"Paper: {report.pdf_path}   judge: {report.judge}", "")],
    ]
    for w in getattr(report, "warnings", ()) or ():
        lines.append([(f"Warning: {w}", "bold yellow")])
    lines.append([])
    for cs in report.sentences:
        a = cs.annotation
        line: list[Piece] = [
            (f"{cs.sentence.id:>4} ", "bold"),
            (LABEL_MARK[a.label], LABEL_STYLE[a.label]),
            (f" {a.sentence}", ""),
        ]
        if a.depends_on:
            line.append((f"  (rests on {', '.join(a.depends_on)})", "cyan"))
        if a.error_tags:
            line.append((f"  {' '.join(t.value for t in a.error_tags)}", "bold magenta"))
        lines.append(line)
        for e in a.errors:
            fix = f" -> {e.correction!r}" if e.correction else ""
            lines.append(
                [
                    ("       ", ""),
                    (f"{'/'.join(t.value for t in e.tags)}", "bold magenta"),
                    (f": {e.span!r}", "red"),
                    (fix, "green"),
                ]
            )
        pages = sorted({b.page_id for b in a.boxes})
        if pages:
            lines.append([(f"       evidence: page {', '.join(map(str, pages))}", "blue")])
        if a.label is not Label.NOT_A_CLAIM and a.rationale:
            lines.append([(f"       why: {a.rationale}", "dim")])
    refs = getattr(report, "references", ()) or ()
    if refs:
        lines.append([])
        lines.append([("Cited references:", "bold")])
        for r in refs:
            verdict = r.verdict.value
            listed = getattr(r, "listed_in", ())
            where = [
                f"cited in {', '.join(ids)}"
                for ids in [[i for i in r.sentence_ids if i not in listed]]
                if ids
            ]
            where += [f"listed in {', '.join(listed)}"] if listed else []
            cited_in = f" ({'; '.join(where)})" if where else ""
            lines.append(
                [
                    ("  ", ""),
                    (f"[{verdict.upper()}]", VERDICT_STYLE.get(verdict, "")),
                    (f" {r.reference.raw}{cited_in}", ""),
                ]
            )
            for f in r.differing:
                lines.append([(f"       differs: {f.value}", "red")])
            if r.corrected and verdict == "corrupted":
                lines.append([(f"       corrected: {r.corrected}", "green")])
            if r.reason:
                lines.append([(f"       why: {r.reason}", "dim")])
    counts = report.label_counts()
    lines.append([])
    lines.append([(", ".join(f"{k} {v}" for k, v in counts.items()), "bold")])
    # every piece may hold text from input: no escape sequence reaches the terminal
    return [[(strip_controls(text), style) for text, style in line] for line in lines]


def _is_tty(out: TextIO) -> bool:
    isatty = getattr(out, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed or detached stream
        return False


def print_report_text(report: Any, out: TextIO, *, color: bool | None = None) -> None:
    """Print ``report`` to ``out``: with colour when ``color`` is True, or when it is None
    and ``out`` is a terminal (``out.isatty()``); plain text otherwise (same characters as
    ``grounding.cli_check.print_text``). rich's own NO_COLOR handling applies on a TTY.

    Raises: nothing beyond the stream's own write errors.
    """
    lines = report_lines(report)
    use_color = _is_tty(out) if color is None else color
    if not use_color:
        for line in lines:
            out.write("".join(text for text, _ in line) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=out, force_terminal=True, highlight=False, soft_wrap=True, emoji=False)
    for line in lines:
        text = Text()
        for piece, style in line:
            text.append(piece, style=style or None)
        console.print(text)
