"""The evaluation report (``sciground eval --html``) as one self-contained HTML file.

Shows: headline numbers with their bootstrap intervals; per-class precision / recall / F1;
the confusion matrix as a heat map (rows gold, columns predicted, cells shaded by the share
of the gold row, counts and percentages printed so colour is never the only cue); error
span, C4/N4 and edge scores; breakdowns by level, scenario and the other fields of
``Metrics.breakdowns``; the worst rows (lowest sentence-label accuracy) with links to their
own check reports.

Usage (what ``sciground eval --html`` does)::

    metrics = score(gold, pred)
    write_eval_reports(metrics, gold, pred, {row.qa_pair_id: pdf for row, pdf in pairs}, out_dir)
    # -> out_dir/report.html and out_dir/rows/<qa_pair_id>.html for the worst rows
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from annotations.report import headline
from annotations.schema import QAPair
from annotations.score import LABELS, PRED_VALUES, PRF, Metrics
from grounding.html.assets import BASE_CSS, EVAL_CSS
from grounding.html.graph import ICON, LABEL_TEXT
from grounding.html.rows import RowResult, report_from_row, row_results

__all__ = ["render_eval_html", "write_eval_html", "write_eval_reports"]

#: How many of the worst rows the report lists (and write_eval_reports renders).
WORST = 10


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _num(x: float | None) -> str:
    return "\u2013" if x is None else f"{x:.3f}"


def _bar(x: float | None, width: int = 90) -> str:
    if x is None:
        return ""
    return (
        f'<span class="bar" style="width:{max(1, round(width * x))}px" aria-hidden="true"></span>'
    )


def _ci(m: Metrics, key: str) -> str:
    iv = m.ci.get(key)
    if iv is None or iv.low is None or iv.high is None:
        return ""
    return f"[{iv.low:.3f}, {iv.high:.3f}]"


def _heat(share: float) -> tuple[str, str]:
    """(background, text colour) for a share in [0, 1]: white to dark blue (ColorBrewer Blues)."""
    stops = [(247, 251, 255), (198, 219, 239), (107, 174, 214), (33, 113, 181), (8, 48, 107)]
    x = max(0.0, min(1.0, share)) * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)
    f = x - i
    rgb = tuple(round(a + (b - a) * f) for a, b in zip(stops[i], stops[i + 1]))
    return f"rgb{rgb}", ("#fff" if share > 0.45 else "#111")


def _headline(m: Metrics) -> list[tuple[str, float | None, str]]:
    return [(name.replace(">=", "\u2265"), value, key) for name, value, key in headline(m)]


def _prf_table(items: Sequence[tuple[str, PRF]], cls: str = "") -> str:
    body = "".join(
        f"<tr><td>{name}</td><td class=num>{_num(p.precision)}</td><td class=num>"
        f"{_num(p.recall)}</td><td class=num>{_num(p.f1)} {_bar(p.f1, 70)}</td>"
        f"<td class=num>{p.tp}</td><td class=num>{p.predicted}</td>"
        f"<td class=num>{p.support}</td></tr>"
        for name, p in items
    )
    return (
        f'<table class="{cls}"><thead><tr><th></th><th>precision</th><th>recall</th>'
        f"<th>F1</th><th>tp</th><th>predicted</th><th>gold</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _confusion(m: Metrics) -> str:
    head = "".join(f"<th scope=col>{_e(p)}</th>" for p in PRED_VALUES)
    rows = []
    for lab in LABELS:
        counts = m.labels.confusion.get(lab.value, {})
        total = sum(counts.values())
        cells = []
        for p in PRED_VALUES:
            c = counts.get(p, 0)
            share = c / total if total else 0.0
            bg, fg = _heat(share)
            diag = " diag" if p == lab.value else ""
            cells.append(
                f'<td class="cell{diag}" data-gold="{lab.value}" data-pred="{_e(p)}" '
                f'data-count="{c}" style="background:{bg};color:{fg}" '
                f'title="gold {lab.value}, predicted {_e(p)}: {c} '
                f'({share:.0%} of the row)">'
                f"{c}<small>{share:.0%}</small></td>"
            )
        rows.append(
            f'<tr><th class="rowh" scope=row>{ICON[lab]} {lab.value}</th>{"".join(cells)}'
            f"<td class=num>{total}</td></tr>"
        )
    return (
        '<table class="heat" aria-label="confusion matrix, rows gold, columns predicted">'
        f"<thead><tr><th>gold \\ predicted</th>{head}<th>gold total</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        '<p class="muted" style="font-size:12.5px">Shade: share of the gold row '
        '<span class="scale" aria-hidden="true"></span> 0 \u2192 100 %. The outlined '
        "diagonal holds the correct predictions.</p>"
    )


def _breakdowns(m: Metrics) -> str:
    parts = []
    for fld, groups in m.breakdowns.items():
        if not groups:
            continue
        body = "".join(
            f"<tr><td>{_e(k)}</td><td class=num>{g.n_pairs}</td><td class=num>{g.n_sentences}</td>"
            f"<td class=num>{_num(g.accuracy)} {_bar(g.accuracy)}</td>"
            f"<td class=num>{_num(g.macro_f1)} {_bar(g.macro_f1)}</td>"
            f"<td class=num>{_num(g.error_f1)} {_bar(g.error_f1)}</td></tr>"
            for k, g in sorted(groups.items())
        )
        parts.append(
            f'<h3 id="by-{_e(fld)}">By {_e(fld.replace("_", " "))}</h3>'
            f'<table class="breakdown" data-field="{_e(fld)}">'
            f"<thead><tr><th>{_e(fld)}</th>"
            "<th>pairs</th><th>sentences</th><th>accuracy</th><th>macro-F1</th>"
            f"<th>error F1</th></tr></thead><tbody>{body}</tbody></table>"
        )
    return "".join(parts) or '<p class="muted">No breakdown fields in this dataset.</p>'


def _worst(rows: Sequence[RowResult], n: int) -> list[RowResult]:
    scored = [r for r in rows if r.n_sentences]
    return sorted(
        scored,
        key=lambda r: (
            r.accuracy if r.accuracy is not None else 1.0,
            -(r.n_sentences - r.n_correct),
            r.qa_pair_id,
        ),
    )[:n]


def _worst_table(rows: Sequence[RowResult], n: int) -> str:
    worst = _worst(rows, n)
    if not worst:
        return '<p class="muted">No scored rows.</p>'
    body = []
    for r in worst:
        name = (
            f'<a href="{_e(r.report_href)}">{_e(r.qa_pair_id)}</a>'
            if r.report_href
            else _e(r.qa_pair_id)
        )
        note = "" if r.predicted else ' <span class="muted">(no prediction)</span>'
        body.append(
            f'<tr class="worst-row"><td>{name}{note}</td><td>{_e(r.paper_id)}</td>'
            f"<td>{_e(r.level or '')}</td><td>{_e(r.scenario or '')}</td>"
            f"<td class=num>{r.n_correct} / {r.n_sentences}</td>"
            f"<td class=num>{_num(r.accuracy)} {_bar(r.accuracy, 70)}</td></tr>"
        )
    return (
        '<table class="worst"><thead><tr><th>QA pair</th><th>paper</th><th>level</th>'
        "<th>scenario</th><th>labels right</th><th>accuracy</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def render_eval_html(
    metrics: Metrics,
    rows_reports: Sequence[RowResult] = (),
    *,
    title: str = "sciground eval",
    subtitle: str = "",
    worst: int = WORST,
) -> str:
    """The evaluation report as one HTML document (string).

    Args: metrics: annotations.score.score output. rows_reports: per-row results (see
          grounding.html.rows.row_results), with ``report_href`` set where a row report was
          written. worst: how many of the worst rows to list.
    Returns: HTML text. Raises: nothing.
    """
    m = metrics
    kpis = "".join(
        f'<div class="kpi"><small>{name}</small><b>{_num(val)}</b>'
        f"<small>{_ci(m, key)}</small></div>"
        for name, val, key in _headline(m)[:4]
    )
    head_rows = "".join(
        f"<tr><td>{name}</td><td class=num>{_num(val)} {_bar(val)}</td>"
        f"<td class=num>{_ci(m, key)}</td></tr>"
        for name, val, key in _headline(m)
    )
    per_class = [
        (f"{ICON[lab]} {LABEL_TEXT[lab]}", m.labels.per_class[lab.value])
        for lab in LABELS
        if lab.value in m.labels.per_class
    ]
    per_class.append(("error (contradiction + nei)", m.labels.error_detection))
    spans = [
        ("error spans, exact", m.spans.exact),
        ("error spans, IoU\u22650.5", m.spans.overlap),
        ("C4/N4 tags", m.graph.inherited),
        *((f"tag {k}", v) for k, v in m.graph.inherited_per_tag.items()),
    ]
    if m.graph.edges is not None:
        spans.append(("depends_on edges", m.graph.edges))
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    sub = subtitle + " \u00b7 " if subtitle else ""
    summary = (
        f"mode {m.mode} \u00b7 {m.n_gold_pairs} gold QA pairs \u00b7 {m.n_sentences} "
        f"sentences \u00b7 {m.n_missing_pairs} without prediction \u00b7 "
        f"{m.n_unaligned_sentences} unaligned gold sentences"
    )
    if m.bootstrap.resamples:
        summary += (
            f" \u00b7 {round(m.bootstrap.confidence * 100)}% CI from "
            f"{m.bootstrap.resamples} bootstrap resamples (seed {m.bootstrap.seed})"
        )
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
            "img-src data:; style-src 'unsafe-inline'\">",
            f"<title>{_e(title)}</title><style>{BASE_CSS}{EVAL_CSS}</style></head><body>",
            f'<header class="top"><h1>{_e(title)}</h1><p>{_e(sub)}written {when}</p>'
            "</header><main>",
            f'<section id="headline"><h2>Headline</h2><p class="muted">{_e(summary)}</p>'
            f'<div class="kpis">{kpis}</div><h3>All headline metrics</h3><table><thead><tr>'
            f"<th>metric</th><th>value</th><th>CI</th></tr></thead><tbody>{head_rows}</tbody></table>"
            "</section>",
            f'<section id="classes"><h2>Sentence labels</h2>'
            f"{_prf_table(per_class, 'per-class')}</section>",
            f'<section id="confusion"><h2>Confusion matrix</h2>{_confusion(m)}</section>',
            f'<section id="spans"><h2>Error spans, inherited tags, premise links</h2>'
            f"{_prf_table(spans)}</section>",
            f'<section id="breakdowns"><h2>Breakdowns</h2>{_breakdowns(m)}</section>',
            '<section id="worst"><h2>Worst rows</h2><p class="muted">'
            "Lowest sentence-label accuracy"
            f" first; a link opens that row's check report.</p>{_worst_table(rows_reports, worst)}"
            "</section>",
            "</main></body></html>",
        ]
    )


def write_eval_html(
    metrics: Metrics,
    rows_reports: Sequence[RowResult],
    path: str | Path,
    *,
    title: str = "sciground eval",
    subtitle: str = "",
    worst: int = WORST,
) -> Path:
    """Write :func:`render_eval_html` to ``path`` (UTF-8, parents created); returns the path."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        render_eval_html(metrics, rows_reports, title=title, subtitle=subtitle, worst=worst),
        encoding="utf-8",
    )
    return out


def write_eval_reports(
    metrics: Metrics,
    gold: Sequence[QAPair],
    pred: Sequence[QAPair],
    pdf_paths: Mapping[str, str | Path | None],
    out_dir: str | Path,
    *,
    worst: int = WORST,
    title: str = "sciground eval",
    subtitle: str = "",
    judge: str = "prediction",
) -> Path:
    """The whole HTML side of an evaluation: ``out_dir/report.html`` and, for the ``worst``
    rows that have a prediction, ``out_dir/rows/<qa_pair_id>.html`` (the predicted row with
    its gold labels beside it, evidence pages from ``pdf_paths[qa_pair_id]``); ``judge``
    is the name those row reports show as the judge that labelled the predictions.

    Returns: the path of report.html. Raises: OSError if a file cannot be written; a row
    whose report fails is listed without a link (the loop goes on).
    """
    from grounding.html.check import write_check_html

    out = Path(out_dir)
    results = row_results(gold, pred, mode=metrics.mode)
    by_pred = {p.qa_pair_id: p for p in pred}
    by_gold = {g.qa_pair_id: g for g in gold}
    linked: dict[str, str] = {}
    for r in _worst(results, worst):
        p = by_pred.get(r.qa_pair_id)
        if p is None:
            continue
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in r.qa_pair_id)
        try:
            write_check_html(
                report_from_row(p, pdf_paths.get(r.qa_pair_id), judge=judge),
                out / "rows" / f"{safe}.html",
                gold=by_gold.get(r.qa_pair_id),
                title=f"{r.qa_pair_id} \u2013 predicted vs gold",
            )
        except Exception as exc:  # one bad row must not lose the evaluation report
            print(
                f"sciground: {r.qa_pair_id}: no HTML report: {type(exc).__name__}: {exc}",
                file=sys.stderr,
            )
            continue
        linked[r.qa_pair_id] = f"rows/{safe}.html"
    results = [replace(r, report_href=linked.get(r.qa_pair_id)) for r in results]
    return write_eval_html(
        metrics, results, out / "report.html", title=title, subtitle=subtitle, worst=worst
    )
