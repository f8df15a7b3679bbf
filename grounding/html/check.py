"""One check :class:`~grounding.check.Report` as a single self-contained HTML file.

Shows: the question; the answer with each sentence coloured by its label (plus an icon, a
text badge for screen readers and an underline pattern), error spans marked with their code
and the correction shown on hover or keyboard focus; the depends_on graph (inline SVG,
grounding.html.graph) with premises whose error propagates marked; one card per sentence
with its role, premises, inherited tags, errors, rationale and, for supported and
contradicted sentences, thumbnails of the evidence pages with the evidence boxes drawn
(click, Enter or Space enlarges; Escape closes); the cited references with their verdict,
the fields that differ and the corrected reference (when given); a summary: counts per
label, judge, the PDF used.

Images are rendered by grounding.render (PyMuPDF), each evidence page once per size, and
embedded as ``data:`` URIs in CSS classes (``.pg-t<page>`` thumbnail, ``.pg-l<page>``
enlarged); boxes are positioned over them in percent of the page, from the MMSciFact
``2d_box`` coordinates (144-dpi pixels, origin top-left) and their ``img_size``. Nothing is
fetched from the network. Without a readable PDF the boxes are drawn on blank pages and a
note says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

from annotations.align import align
from annotations.errors import CheckerError
from annotations.schema import BoxAnnotation, ErrorSpan, ErrorTag, Label, PropagationType, QAPair
from grounding.html.assets import BASE_CSS, CHECK_CSS, CHECK_JS
from grounding.html.graph import ICON, LABEL_TEXT, GraphNode, graph_svg

__all__ = ["HtmlOptions", "count_boxes", "render_check_html", "write_check_html"]

LABEL_ORDER = (Label.SUPPORTED, Label.CONTRADICTION, Label.NEI, Label.NOT_A_CLAIM)
TAG_TEXT = {
    ErrorTag.C1: "wrong number, unit, statistic, count or rank",
    ErrorTag.C2: "wrong entity or attribute",
    ErrorTag.C3: "wrong relation (comparison, negation, cause, scope)",
    ErrorTag.C4: "a premise is contradicted",
    ErrorTag.N1: "invented specific detail",
    ErrorTag.N2: "inference or generalisation beyond the paper",
    ErrorTag.N3: "outside claim the paper cannot verify",
    ErrorTag.N4: "a premise cannot be verified",
}
VERDICT_ICON = {
    "verified": "\u2713",
    "corrupted": "\u2260",
    "fabricated": "\u2717",
    "ambiguous": "\u2248",
    "unverified": "?",
    "unparsed": "\u2205",
}


@dataclass(frozen=True, slots=True)
class HtmlOptions:
    """Image settings. thumb_zoom / large_zoom: PDF points -> pixels of the thumbnail and of
    the enlarged image (0.4 ~ 245 px wide for a letter page, ~11 KiB; 1.2 ~ 734 px,
    ~95 KiB as JPEG). fmt: "jpeg" or "png"; quality: JPEG quality 1-100."""

    thumb_zoom: float = 0.4
    large_zoom: float = 1.2
    fmt: str = "jpeg"
    quality: int = 55


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _val(x: Any) -> str:
    """An Enum's value or the string itself."""
    return str(getattr(x, "value", x))


# ------------------------------------------------------------------ answer text
def _place_errors(sentence: str, errors: Sequence[ErrorSpan]) -> list[tuple[int, int, ErrorSpan]]:
    """Non-overlapping (start, end, error) in the sentence, first unused occurrence of each
    span; spans not found or overlapping an earlier one are left out (still listed in the
    card)."""
    placed: list[tuple[int, int, ErrorSpan]] = []
    for err in errors:
        if not err.span:
            continue
        start = 0
        while True:
            i = sentence.find(err.span, start)
            if i < 0:
                break
            j = i + len(err.span)
            if all(j <= a or i >= b for a, b, _ in placed):
                placed.append((i, j, err))
                break
            start = i + 1
    return sorted(placed, key=lambda t: t[0])


def _family(err: ErrorSpan) -> str:
    return "nei" if err.tags and all(t.value.startswith("N") for t in err.tags) else "con"


def _error_mark(text: str, err: ErrorSpan) -> str:
    codes = " ".join(t.value for t in err.tags) or "?"
    what = "; ".join(f"{t.value}: {TAG_TEXT[t]}" for t in err.tags)
    fix = (
        f"<br>correction: <b>{_e(err.correction)}</b>"
        if err.correction
        else "<br><i>no correction given</i>"
    )
    return (
        f'<mark class="err fam-{_family(err)}" tabindex="0" data-code="{_e(codes)}">'
        f'{_e(text)}<span class="code" aria-hidden="true">{_e(codes)}</span>'
        f'<span class="fix" role="tooltip">{_e(what)}{fix}</span></mark>'
    )


def _sentence_html(
    sid: str, text: str, label: Label, errors: Sequence[ErrorSpan], gold: Label | None = None
) -> str:
    body: list[str] = []
    pos = 0
    for i, j, err in _place_errors(text, errors):
        body.append(_e(text[pos:i]))
        body.append(_error_mark(text[i:j], err))
        pos = j
    body.append(_e(text[pos:]))
    differs = gold is not None and gold != label
    cls = f"sent lab-{label.value}" + (" gold-diff" if differs else "")
    tip = f"{sid}: {LABEL_TEXT[label]}" + (
        f" (gold: {LABEL_TEXT[gold]})" if differs and gold else ""
    )
    mark = '<sup class="gd" aria-hidden="true">\u2260</sup>' if differs else ""
    return (
        f'<span class="{cls}" id="{_e(sid)}" data-id="{_e(sid)}" '
        f'data-label="{label.value}" tabindex="0" title="{_e(tip)}">'
        f'<span class="ic" aria-hidden="true">{ICON[label]}</span>'
        f'<span class="sr">{_e(tip)}: </span>{"".join(body)}'
        f'<sup class="sid" aria-hidden="true">{_e(sid)}</sup>{mark}</span>'
    )


def _answer_html(report: Any, gold: Sequence[Label | None] | None = None) -> str:
    """The answer with sentences in place; text between sentences kept as is."""
    answer: str = report.answer
    golds = list(gold) if gold is not None else [None] * len(report.sentences)
    out: list[str] = []
    pos = 0
    for cs, g in zip(report.sentences, golds):
        s = cs.sentence
        a = cs.annotation
        start, end = s.start, s.end
        if not (0 <= start <= end <= len(answer)) or answer[start:end] != s.text or start < pos:
            found = answer.find(s.text, pos)
            start, end = (found, found + len(s.text)) if found >= 0 else (pos, pos)
        out.append(_e(answer[pos:start]))
        out.append(_sentence_html(s.id, a.sentence or s.text, a.label, a.errors, g))
        pos = max(pos, end)
    out.append(_e(answer[pos:]))
    return "".join(out)


# ------------------------------------------------------------------ pages and boxes
@dataclass(frozen=True, slots=True)
class _PageArt:
    page: int
    width: int  # aspect ratio source (pixels of any zoom)
    height: int
    thumb_uri: str | None
    large_uri: str | None


def _pages_needed(report: Any) -> dict[int, tuple[int, int]]:
    """page_id -> img_size (144-dpi pixels) of every page that carries a box."""
    out: dict[int, tuple[int, int]] = {}
    for cs in report.sentences:
        for b in cs.annotation.boxes:
            out.setdefault(b.page_id, (int(b.img_size[0]), int(b.img_size[1])))
    return dict(sorted(out.items()))


def _render_pages(
    pdf_path: str | None, pages: dict[int, tuple[int, int]], opts: HtmlOptions
) -> tuple[dict[int, _PageArt], str | None]:
    """Render each page once per size; (art per page, a note when the PDF could not be used)."""
    blank = {p: _PageArt(p, max(1, w), max(1, h), None, None) for p, (w, h) in pages.items()}
    if not pages:
        return {}, None
    if not pdf_path:
        return blank, "no PDF given: evidence boxes are drawn on blank pages"
    from grounding.render import ImageFormat, PageRenderer

    try:
        renderer = PageRenderer(pdf_path)
    except CheckerError as exc:
        return blank, f"PDF not readable ({exc}): evidence boxes are drawn on blank pages"
    out: dict[int, _PageArt] = {}
    problems: list[str] = []
    fmt: ImageFormat = "png" if opts.fmt == "png" else "jpeg"
    with renderer:
        for p in pages:
            try:
                t = renderer.render(p, zoom=opts.thumb_zoom, fmt=fmt, quality=opts.quality)
                big = renderer.render(p, zoom=opts.large_zoom, fmt=fmt, quality=opts.quality)
            except CheckerError as exc:
                problems.append(str(exc))
                out[p] = blank[p]
                continue
            out[p] = _PageArt(p, big.width, big.height, t.data_uri, big.data_uri)
    return out, ("; ".join(problems) if problems else None)


def _pct(v: float, total: float) -> str:
    return f"{max(0.0, min(100.0, 100.0 * v / total)):.3f}%" if total else "0%"


def _box_span(b: BoxAnnotation) -> str:
    w, h = b.img_size
    x0, x1 = sorted((b.coords[0], b.coords[2]))
    y0, y1 = sorted((b.coords[1], b.coords[3]))
    return (
        f'<span class="box" style="left:{_pct(x0, w)};top:{_pct(y0, h)};'
        f'width:{_pct(x1 - x0, w)};height:{_pct(y1 - y0, h)}"></span>'
    )


def _thumbs_html(
    sid: str,
    boxes: Sequence[BoxAnnotation],
    art: dict[int, _PageArt],
    label: Label = Label.SUPPORTED,
    text: str = "",
) -> str:
    by_page: dict[int, list[BoxAnnotation]] = {}
    for b in boxes:
        by_page.setdefault(b.page_id, []).append(b)
    items = []
    for page, bs in sorted(by_page.items()):
        a = art.get(page)
        ratio = f"{a.width}/{a.height}" if a else "612/792"
        n = len(bs)
        caption = f"{sid} evidence: page {page}, {n} box{'es' if n != 1 else ''}"
        long_caption = f"{caption} \u2013 {ICON[label]} {LABEL_TEXT[label]}: {text}"
        items.append(
            f'<button type="button" class="thumb" data-page="{page}" data-sentence="{_e(sid)}" '
            f'data-caption="{_e(long_caption)}" aria-label="{_e(caption)}; press to enlarge">'
            f'<span class="pg pg-t{page}" style="aspect-ratio:{ratio}" role="img" '
            f'aria-label="page {page}">{"".join(_box_span(b) for b in bs)}</span>'
            f'<span class="cap">p. {page} \u00b7 {n} box{"es" if n != 1 else ""}</span></button>'
        )
    return f'<div class="thumbs">{"".join(items)}</div>' if items else ""


def _page_css(art: dict[int, _PageArt]) -> str:
    rules = []
    for p, a in art.items():
        if a.thumb_uri:
            rules.append(f".pg-t{p}{{background-image:url({a.thumb_uri})}}")
        if a.large_uri:
            rules.append(f".pg-l{p}{{background-image:url({a.large_uri})}}")
    return "\n".join(rules)


# ------------------------------------------------------------------ cards
def _gold_labels(report: Any, gold: QAPair | None) -> list[Label | None]:
    """The gold label of the gold sentence each report sentence overlaps most (or None)."""
    if gold is None:
        return [None] * len(report.sentences)
    al = align(
        gold.answer_raw,
        [g.sentence for g in gold.annotations],
        [cs.annotation.sentence for cs in report.sentences],
    )
    return [gold.annotations[k].label if k is not None else None for k in al.pred_to_gold]


def _card_html(
    cs: Any, art: dict[int, _PageArt], gold: Label | None = None, with_gold: bool = False
) -> str:
    s, a = cs.sentence, cs.annotation
    sid = s.id
    thumbs = (
        _thumbs_html(sid, a.boxes, art, a.label, a.sentence or s.text)
        if a.label in (Label.SUPPORTED, Label.CONTRADICTION)
        else ""
    )
    ev = " has-ev" if thumbs else ""
    bits = [
        f'<article class="card lab-{a.label.value}{ev}" id="card-{_e(sid)}" data-id="{_e(sid)}">',
        f'<div class="body"><header><span class="sidb">{_e(sid)}</span>'
        f'<span class="badge lab-{a.label.value}">{ICON[a.label]} {LABEL_TEXT[a.label]}</span>',
    ]
    if a.role is not None:
        bits.append(f'<span class="muted">{_e(_val(a.role))}</span>')
    if with_gold:
        if gold is None:
            bits.append('<span class="gold muted">gold: no matching sentence</span>')
        else:
            ok = gold == a.label
            rel = "= gold" if ok else "\u2260 gold"
            bits.append(
                f'<span class="gold {"ok" if ok else "wrong"}">'
                f"{rel}: {ICON[gold]} {LABEL_TEXT[gold]}</span>"
            )
    own = getattr(cs.judgement, "label", a.label)
    if own != a.label:
        bits.append(
            f'<span class="muted">(judge said {LABEL_TEXT.get(own, _val(own))}; '
            f"changed by its premises)</span>"
        )
    bits.append(f'<a class="back" href="#{_e(sid)}">in the answer \u2191</a></header>')
    bits.append(f'<div class="text">{_e(a.sentence or s.text)}</div><ul>')
    if a.depends_on:
        links = ", ".join(f'<a href="#card-{_e(d)}">{_e(d)}</a>' for d in a.depends_on)
        bits.append(f"<li>rests on {links}</li>")
    inherited = [t for t in a.error_tags if t.inherited]
    if inherited or a.propagation_type is not PropagationType.NONE:
        tags = " ".join(f'<span class="tag">{t.value}</span>' for t in inherited)
        bits.append(
            f"<li>{tags} {_e(a.propagation_type.value.replace('_', ' '))}: "
            f"{_e('; '.join(TAG_TEXT[t] for t in inherited))}</li>"
        )
    for err in a.errors:
        codes = " ".join(f'<span class="tag">{t.value}</span>' for t in err.tags)
        fix = f" \u2192 <b>{_e(err.correction)}</b>" if err.correction else ""
        what = "; ".join(TAG_TEXT[t] for t in err.tags)
        bits.append(
            f'<li class="error-item">{codes} \u201c{_e(err.span)}\u201d{fix} '
            f'<span class="muted">({_e(what)})</span></li>'
        )
    bits.append("</ul>")
    if a.rationale and a.label is not Label.NOT_A_CLAIM:
        bits.append(f'<div class="why">why: {_e(a.rationale)}</div>')
    bits.append("</div>")
    bits.append(thumbs)
    bits.append("</article>")
    return "".join(bits)


# ------------------------------------------------------------------ references
def _ref_fields(item: Any) -> list[tuple[str, str | None, str | None]]:
    """(field, cited, found) for each differing field of a verification result."""
    differing = [_val(f) for f in (getattr(item, "differing", None) or ())]
    fields = list(getattr(item, "fields", None) or ())
    by_name = {_val(getattr(f, "field", "")): f for f in fields}
    if not differing:
        differing = [n for n, f in by_name.items() if _val(getattr(f, "status", "")) == "conflict"]
    out = []
    for name in differing:
        f = by_name.get(name)
        out.append((name, getattr(f, "cited", None), getattr(f, "found", None)))
    return out


def _references_html(refs: Sequence[Any]) -> str:
    rows = []
    for i, item in enumerate(refs, start=1):
        ref = getattr(item, "reference", None)
        raw = getattr(ref, "raw", None) if ref is not None else None
        raw = raw if raw is not None else str(ref if ref is not None else item)
        marker = getattr(ref, "marker", None)
        verdict = _val(getattr(item, "verdict", "unverified"))
        diffs = _ref_fields(item)
        diff_html = (
            "".join(
                f'<div class="diff"><b>{_e(n)}</b>: '
                + (f"<del>{_e(c)}</del> " if c else "")
                + (f"\u2192 <ins>{_e(f)}</ins>" if f else "")
                + "</div>"
                for n, c, f in diffs
            )
            or '<span class="muted">\u2013</span>'
        )
        corrected = getattr(item, "corrected", None)
        reason = getattr(item, "reason", "") or ""
        cited_in = ", ".join(getattr(item, "sentence_ids", ()) or ())
        rows.append(
            f'<tr class="ref" data-verdict="{_e(verdict)}"><td>{i}</td>'
            f'<td class="raw">{_e(raw)}'
            + (f'<div class="muted">cited as {_e(marker)}</div>' if marker else "")
            + (f'<div class="muted">cited in {_e(cited_in)}</div>' if cited_in else "")
            + f'</td><td><span class="verdict v-{_e(verdict)}">'
            f"{VERDICT_ICON.get(verdict, '')} {_e(verdict)}</span>"
            + (f'<div class="muted" style="font-size:12px">{_e(reason)}</div>' if reason else "")
            + f"</td><td>{diff_html}</td>"
            f'<td class="raw">{_e(corrected) if corrected else chr(8211)}</td></tr>'
        )
    return (
        '<section id="references" aria-labelledby="h-refs"><h2 id="h-refs">Cited references'
        f' ({len(refs)})</h2><table class="refs"><thead><tr><th>#</th><th>reference as cited'
        "</th><th>verdict</th><th>fields that differ (cited \u2192 found)</th>"
        f"<th>corrected reference</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        "</section>"
    )


# ------------------------------------------------------------------ page
def _summary_html(report: Any, art_note: str | None, n_pages: int, refs: Sequence[Any]) -> str:
    counts = report.label_counts()
    total = max(1, sum(counts.values()))
    chips = "".join(
        f'<div class="count lab-{lab.value}"><b>{counts.get(lab.value, 0)}</b>'
        f"{ICON[lab]} {LABEL_TEXT[lab]}</div>"
        for lab in LABEL_ORDER
    )
    stack = "".join(
        f'<span class="lab-{lab.value}" '
        f'style="width:{100 * counts.get(lab.value, 0) / total:.2f}%" '
        f'title="{LABEL_TEXT[lab]}: {counts.get(lab.value, 0)}"></span>'
        for lab in LABEL_ORDER
    )
    pdf = report.pdf_path or "(none)"
    meta = [
        ("judge", report.judge),
        ("paper", getattr(report, "paper_id", "")),
        ("PDF", pdf),
        ("evidence pages", str(n_pages)),
        ("sentences", str(len(report.sentences))),
    ]
    timings = getattr(report, "timings_s", None) or {}
    if "total" in timings:
        # the check's own stages: a PDF read before the check (the CLI reads it first) is
        # not in it
        before = "" if timings.get("pdf", 0.0) > 0.01 else " (the PDF read before, not counted)"
        meta.append(("check time", f"{timings['total']:.2f} s{before}"))
    if refs:
        verdicts: dict[str, int] = {}
        for r in refs:
            v = _val(getattr(r, "verdict", "unverified"))
            verdicts[v] = verdicts.get(v, 0) + 1
        meta.append(("references", ", ".join(f"{k} {v}" for k, v in verdicts.items())))
        sources = sorted(
            {_val(getattr(s, "name", s)) for r in refs for s in (getattr(r, "sources", None) or ())}
        )
        if sources:
            meta.append(("reference sources", ", ".join(sources)))
    dl = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in meta)
    note = f'<p class="nopdf">{_e(art_note)}</p>' if art_note else ""
    warnings = tuple(getattr(report, "warnings", None) or ())
    if warnings:  # the PDF may be incomplete: said before any label is read
        items = "".join(f"<li>{_e(w)}</li>" for w in warnings)
        note += (
            f'<div class="nopdf warnings" role="note"><b>Warning'
            f"{'s' if len(warnings) > 1 else ''} about the PDF</b><ul>{items}</ul></div>"
        )
    return (
        f'<section id="summary" aria-labelledby="h-sum"><h2 id="h-sum">Summary</h2>'
        f'<div class="summary"><div style="flex:1 1 520px"><div class="counts">{chips}</div>'
        f'<div class="stack" aria-hidden="true">{stack}</div></div>'
        f'<dl class="meta" style="flex:1 1 300px">{dl}</dl></div>{note}</section>'
    )


def _graph_nodes(report: Any) -> list[GraphNode]:
    return [
        GraphNode(
            id=cs.sentence.id,
            label=cs.annotation.label,
            premises=tuple(cs.annotation.depends_on),
            inherited=tuple(t for t in cs.annotation.error_tags if t.inherited),
            text=cs.annotation.sentence or cs.sentence.text,
        )
        for cs in report.sentences
    ]


def render_check_html(
    report: Any,
    *,
    references: Sequence[Any] | None = None,
    options: HtmlOptions | None = None,
    title: str | None = None,
    gold: QAPair | None = None,
) -> str:
    """The report as one HTML document (string); see the module docstring.

    Args: report: a grounding.check.Report (or any object with its attributes: question,
          answer, pdf_path, paper_id, judge, sentences of CheckedSentence, label_counts()).
          references: verification results (citations.verify.VerificationResult or alike:
          ``.reference.raw``, ``.verdict``, ``.differing``/``.fields``, ``.corrected``);
          defaults to ``report.references`` when the report has it. options: image settings.
          gold: the gold row of the same answer: each card then shows the gold label.
    Returns: the HTML text. Raises: nothing for an unreadable PDF (a note is shown instead).
    """
    opts = options or HtmlOptions()
    refs = list(
        references if references is not None else (getattr(report, "references", None) or ())
    )
    pages = _pages_needed(report)
    art, note = _render_pages(report.pdf_path, pages, opts)
    name = Path(report.pdf_path).name if report.pdf_path else getattr(report, "paper_id", "")
    title = title or f"sciground check \u2013 {name}"
    legend = "".join(
        f'<span class="badge lab-{lab.value}">{ICON[lab]} {LABEL_TEXT[lab]}</span>'
        for lab in LABEL_ORDER
    )
    n_edges = sum(len(cs.annotation.depends_on) for cs in report.sentences)
    golds = _gold_labels(report, gold)
    cards = "".join(
        _card_html(cs, art, g, gold is not None) for cs, g in zip(report.sentences, golds)
    )
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">",
        f"<title>{_e(title)}</title>",
        f"<style>{BASE_CSS}{CHECK_CSS}\n{_page_css(art)}</style></head><body>",
        f'<header class="top"><h1>{_e(title)}</h1><p>judge {_e(report.judge)} \u00b7 '
        f"{len(report.sentences)} sentences \u00b7 written {when}</p></header><main>",
        _summary_html(report, note, len(pages), refs),
        f'<section id="question" aria-labelledby="h-q"><h2 id="h-q">Question</h2>'
        f'<div class="question">{_e(report.question) or "<span class=muted>(none given)</span>"}'
        f"</div></section>",
        f'<section id="answer" aria-labelledby="h-a"><h2 id="h-a">Answer</h2>'
        f'<div class="legend">{legend}<span class="muted">\u00b7 boxed text: an error '
        f"(code; hover or focus it for the correction) \u00b7 Enter on a sentence: its details"
        f'</span></div><p class="answer">{_answer_html(report, golds)}</p></section>',
        f'<section id="graph" aria-labelledby="h-g"><h2 id="h-g">What rests on what '
        f'<span class="muted">({n_edges} premise link{"s" if n_edges != 1 else ""})</span></h2>'
        f'<div class="graph-wrap">{graph_svg(_graph_nodes(report), anchor_prefix="card-")}</div>'
        '<div class="graph-legend">Arrows point from a sentence to the earlier sentence it '
        "rests on. A thick dashed outline marks a premise that is contradicted or unverifiable;"
        " its arrows are dashed and its dependents carry C4 (contradicted premise) or N4 "
        "(unverifiable premise).</div></section>",
        '<section id="sentences" aria-labelledby="h-s"><h2 id="h-s">Sentences</h2>'
        f'<div class="cards">{cards}</div>'
        "</section>",
    ]
    if refs:
        parts.append(_references_html(refs))
    parts += [
        "</main>",
        '<dialog id="lightbox" aria-label="Enlarged evidence page"><div class="bar-top">'
        '<span id="lightbox-cap"></span><button type="button" id="lightbox-close">'
        'Close (Esc)</button></div><div id="lightbox-stage"></div></dialog>',
        f"<script>{CHECK_JS}</script></body></html>",
    ]
    return "\n".join(parts)


def write_check_html(
    report: Any,
    path: str | Path,
    *,
    references: Sequence[Any] | None = None,
    options: HtmlOptions | None = None,
    title: str | None = None,
    gold: QAPair | None = None,
) -> Path:
    """Write :func:`render_check_html` to ``path`` (UTF-8; parent folders created).

    Returns: the path written. Raises: OSError if the file cannot be written, its
    ``filename`` the path (also where the write, not the open, failed).
    """
    out = Path(path)
    html = render_check_html(report, references=references, options=options, title=title, gold=gold)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
    except OSError as exc:
        if exc.filename:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), str(out)) from exc
    return out


def count_boxes(report: Any) -> int:
    """How many evidence boxes the HTML draws: boxes of supported / contradicted sentences."""
    return sum(
        len(cs.annotation.boxes)
        for cs in report.sentences
        if cs.annotation.label in (Label.SUPPORTED, Label.CONTRADICTION)
    )
