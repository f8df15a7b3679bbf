"""An :class:`~grounding.audit.AuditReport` as one self-contained HTML file.

Shows: the review's body with each sentence coloured by its worst finding (background and
underline pattern in the body text's own colour; icon and text badge on the cards, so
nothing relies on colour alone), markdown headings as headings and ``**strong**`` text in
bold; one card per citing
sentence with each cited work: its citation, reference verdict (and corrected reference),
the support of the sentence by that work, where the text came from (full-text PDF, abstract
only, unavailable), error spans with corrections, the rationale and, for PDF evidence, a
thumbnail of the evidence page with the evidence box drawn (grounding.render, embedded as a
``data:`` URI; nothing fetched); the cited works; the problems; counts.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from annotations.errors import CheckerError
from grounding.html.assets import BASE_CSS
from grounding.html.check import VERDICT_ICON

__all__ = ["render_audit_html", "write_audit_html"]

#: finding -> (css colour variable pair, icon, underline style)
_STYLE = {
    "contradiction": ("con", "\u2717", "wavy"),
    "fabricated": ("con", "\u2717", "wavy"),
    "nei": ("nei", "?", "dotted"),
    "corrupted": ("nei", "\u2260", "dotted"),
    "unavailable": ("nac", "\u2205", "dashed"),
    "supported": ("sup", "\u2713", "solid"),
    "not_a_claim": ("nac", "\u00b7", "none"),
    "uncited": ("nac", "\u00b7", "none"),
}
_CSS = (
    "".join(
        f".f-{k}{{background:var(--{c}-bg);text-decoration:underline {u} var(--{c});"
        f"text-underline-offset:3px}}.b-{k}{{color:var(--{c});background:var(--{c}-bg)}}"
        for k, (c, _, u) in _STYLE.items()
    )
    + """
.review{line-height:1.9;white-space:pre-wrap}
.review a{color:inherit}.review a:hover{outline:1px solid var(--line)}
.review .hd{display:inline-block;font-weight:650;margin:6px 0 0}
.review .h1{font-size:1.45em}.review .h2{font-size:1.25em}.review .h3{font-size:1.1em}
table.works td{text-align:left}
.card{border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin:10px 0}
.pair{display:flex;gap:14px;border-top:1px dashed var(--line);padding:8px 0}
.pair .thumb{position:relative;flex:none}
.pair .thumb img{display:block;border:1px solid var(--line)}
.pair .thumb i{position:absolute;border:2px solid var(--box)}
.pair .why{font-size:13.5px}
code.err{background:var(--con-bg);padding:0 3px}
"""
)
_THUMB_ZOOM = 0.4


def _e(x: object) -> str:
    return escape(str(x), quote=True)


def _badge(finding: str) -> str:
    _, icon, _ = _STYLE.get(finding, _STYLE["uncited"])
    return f'<span class="badge b-{_e(finding)}">{icon} {_e(finding.replace("_", " "))}</span>'


def _thumb(
    renderers: dict[str, Any], path: str, page: int, box: tuple[float, float, float, float]
) -> str:
    from grounding.render import PageRenderer

    try:
        r = renderers.get(path) or renderers.setdefault(path, PageRenderer(path))
        img = r.render(page, zoom=_THUMB_ZOOM, fmt="jpeg")
        w, h = r.page_size(page)
    except CheckerError as exc:
        return f'<p class="muted">no page image: {_e(exc)}</p>'
    x0, y0, x1, y1 = box
    style = (
        f"left:{100 * x0 / w:.2f}%;top:{100 * y0 / h:.2f}%;"
        f"width:{100 * (x1 - x0) / w:.2f}%;height:{100 * (y1 - y0) / h:.2f}%"
    )
    return (
        f'<div class="thumb"><img src="{img.data_uri}" width="{img.width}" '
        f'height="{img.height}" alt="page {page} of {_e(Path(path).name)}"><i style="{style}">'
        "</i></div>"
    )


#: A markdown heading marker at the end of the text before a heading sentence.
_HEADING_MARK = re.compile(r"(^|\n)([ \t]*)(#{1,6})[ \t]+$")
#: Markdown strong emphasis inside a sentence (on escaped text: '*' is not escaped).
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__")


def _inline(text: str) -> str:
    """Escaped ``text`` with markdown strong emphasis as <strong>."""
    return _STRONG.sub(lambda m: f"<strong>{m.group(1) or m.group(2)}</strong>", _e(text))


def render_audit_html(report: Any) -> str:
    """The HTML text of the report (a string; nothing written). Raises nothing for a page
    that cannot be rendered: its card says so."""
    renderers: dict[str, Any] = {}
    body: list[str] = []
    pos = 0
    text = report.review
    for s in report.sentences:
        gap = text[pos : s.sentence.start]
        mark = _HEADING_MARK.search(gap)
        if mark is not None:  # a markdown heading: shown as one, marker dropped
            body.append(_e(gap[: mark.start()] + mark.group(1) + mark.group(2)))
            body.append(f'<span class="hd h{len(mark.group(3))}">{_inline(s.sentence.text)}</span>')
        else:
            body.append(_e(gap))
            body.append(
                f'<a href="#{s.sentence.id}" class="f-{_e(s.worst)}" '
                f'title="{_e(s.sentence.id)}: {_e(s.worst)}">'
                f"{_inline(s.sentence.text)}</a>"
            )
        pos = s.sentence.end
    end = max((s.sentence.end for s in report.sentences), default=0)
    cards: list[str] = []
    try:
        for s in report.sentences:
            if not s.pairs:
                continue
            rows = [_pair_row(report, p, renderers) for p in s.pairs]
            cards.append(
                f'<div class="card" id="{s.sentence.id}"><b>{s.sentence.id}</b> '
                f"{_badge(s.worst)} {_e(s.sentence.text)}{''.join(rows)}</div>"
            )
    finally:
        for r in renderers.values():
            r.close()
    c = report.counts()
    counts = ", ".join(f"{_badge(k)} {n}" for k, n in c["sentences"].most_common())
    works = "".join(
        f"<tr><td>{_e(w.label)}</td><td>{VERDICT_ICON.get(w.verdict, '?')} {_e(w.verdict)}</td>"
        f"<td>{_e(w.source)}</td><td>{_e(w.location or w.note)}</td>"
        f"<td>{_e(w.reference)}</td></tr>"
        for w in report.works
    )
    problems = "".join(
        f"<li><b>{_e(p.kind.replace('_', ' '))}</b>: {_e(p.message)}</li>" for p in report.problems
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>sciground audit: {_e(report.path)}</title><style>{BASE_CSS}{_CSS}</style>"
        f'</head><body><header class="top"><h1>Review audit: {_e(report.path)}</h1>'
        f"<p>judge {_e(report.judge)}; {len(report.works)} cited works; "
        f"{len(report.pairs)} (sentence, work) pairs</p></header><main>"
        f"<section><h2>Sentences by worst finding</h2><p>{counts}</p></section>"
        f'<section><h2>Review</h2><div class="review">{"".join(body)}{_e(text[pos:end])}'
        "</div></section>"
        f"<section><h2>Citations</h2>{''.join(cards) or '<p>No sentence cites a work.</p>'}"
        "</section>"
        '<section><h2>Cited works</h2><table class="works"><tr><th>cited as</th>'
        "<th>reference</th>"
        f"<th>text</th><th>where</th><th>entry</th></tr>{works}</table></section>"
        + (f"<section><h2>Problems</h2><ul>{problems}</ul></section>" if problems else "")
        + "</main></body></html>\n"
    )


def _pair_row(report: Any, p: Any, renderers: dict[str, Any]) -> str:
    """The HTML of one (sentence, cited work) pair of a citation card: the evidence (a
    thumbnail of the PDF box, else the quoted text), the support and reference verdicts,
    where the text came from, the corrected reference, error spans and the rationale.
    ``renderers``: the open page renderers by PDF path (opened here as needed)."""
    w = report.works[p.work]
    verdict = w.verdict
    corrected = (
        f'<br><span class="muted">corrected: {_e(w.result.corrected)}</span>'
        if verdict == "corrupted" and w.result.corrected
        else ""
    )
    if w.pdf_differs:
        corrected += (
            f"<br>{_badge('corrupted')} reference differs from its PDF: {_e(w.differs_text())}"
        )
    src = {
        "pdf": f"full text: {_e(Path(w.location or '').name)}",
        "abstract": f"abstract only ({_e(w.location)})",
        "none": "cited work unavailable",
    }[w.source]
    errs = "".join(
        f'<br><code class="err">{_e("/".join(t.value for t in e.tags))}: '
        f"{_e(e.span)}{' → ' + _e(e.correction) if e.correction else ''}"
        "</code>"
        for e in p.errors
    )
    thumb = ""
    ev = next((e for e in p.evidence if e.page is not None and e.box), None)
    if ev is not None and w.location and ev.page is not None and ev.box is not None:
        thumb = _thumb(renderers, w.location, ev.page, ev.box)
    elif p.evidence:
        thumb = f'<blockquote class="muted">{_e(p.evidence[0].text)}</blockquote>'
    return (
        f'<div class="pair">{thumb}<div class="why">{_e(w.label)} '
        f'{_badge(p.support)} <span class="badge" title="reference verdict">'
        f"{VERDICT_ICON.get(verdict, '?')} reference {_e(verdict)}</span> "
        f'<span class="muted">{src}</span>{corrected}{errs}<br>{_e(p.rationale)}'
        "</div></div>"
    )


def write_audit_html(report: Any, path: str | Path) -> Path:
    """Write :func:`render_audit_html` to ``path`` (UTF-8). Returns the path.
    Raises: OSError if it cannot be written."""
    out = Path(path)
    out.write_text(render_audit_html(report), encoding="utf-8")
    return out
