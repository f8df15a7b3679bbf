"""Render :class:`Metrics` for people: a plain-text table for the terminal and Markdown.

Numbers are shown with 3 decimals, ``-`` where a metric is undefined, and the bootstrap
interval as ``[low, high]`` beside the headline numbers that have one.
"""

from __future__ import annotations

from collections.abc import Sequence

from annotations.score import LABELS, PRED_VALUES, PRF, Metrics


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _ci(m: Metrics, key: str) -> str:
    iv = m.ci.get(key)
    if iv is None or iv.low is None or iv.high is None:
        return ""
    return f"[{iv.low:.3f}, {iv.high:.3f}]"


def headline(m: Metrics) -> list[tuple[str, float | None, str]]:
    """The headline metrics in report order: (display name, value or None, the key of its
    confidence interval in ``Metrics.ci``). depends_on edges are left out in oracle-graph mode."""
    rows: list[tuple[str, float | None, str]] = [
        ("label accuracy", m.labels.accuracy, "labels.accuracy"),
        ("label macro-F1", m.labels.macro_f1, "labels.macro_f1"),
        ("label balanced accuracy", m.labels.balanced_accuracy, "labels.balanced_accuracy"),
        ("error detection F1", m.labels.error_detection.f1, "labels.error_detection.f1"),
        ("error span F1 (exact)", m.spans.exact.f1, "spans.exact.f1"),
        ("error span F1 (IoU>=0.5)", m.spans.overlap.f1, "spans.overlap.f1"),
        ("span tag accuracy", m.spans.tag_accuracy, "spans.tag_accuracy"),
        ("C4/N4 tag F1", m.graph.inherited.f1, "graph.inherited.f1"),
        ("propagation accuracy", m.graph.propagation_accuracy, "graph.propagation_accuracy"),
    ]
    if m.graph.edges is not None:
        rows.append(("depends_on edge F1", m.graph.edges.f1, "graph.edges.f1"))
    rows += [
        ("role accuracy", m.graph.role_accuracy, "graph.role_accuracy"),
        ("evidence page hit rate", m.evidence.page_hit_rate, "evidence.page_hit_rate"),
        ("evidence box IoU", m.evidence.box_iou, "evidence.box_iou"),
    ]
    return rows


def _headline_rows(m: Metrics) -> list[list[str]]:
    return [[name, _num(val), _ci(m, key)] for name, val, key in headline(m)]


def _prf_rows(items: Sequence[tuple[str, PRF]]) -> list[list[str]]:
    return [
        [
            name,
            _num(p.precision),
            _num(p.recall),
            _num(p.f1),
            str(p.tp),
            str(p.predicted),
            str(p.support),
        ]
        for name, p in items
    ]


def _first(ids: Sequence[str], n: int = 5) -> str:
    """The first ``n`` ids, and how many more."""
    more = f" and {len(ids) - n} more" if len(ids) > n else ""
    return ", ".join(ids[:n]) + more


def _summary_line(m: Metrics) -> str:
    line = (
        f"mode {m.mode}: {m.n_gold_pairs} gold QA pairs, {m.n_sentences} sentences; "
        f"{m.n_missing_pairs} without prediction (scored as wrong), "
        f"{m.n_extra_pairs} predictions without gold (ignored), "
        f"{m.n_unaligned_sentences} gold sentences with no overlapping predicted sentence"
    )
    if m.missing_pair_ids:
        line += f" (no prediction for {_first(m.missing_pair_ids)})"
    if m.extra_pair_ids:
        line += f" (no gold for {_first(m.extra_pair_ids)})"
    if m.n_unlocated_pred_sentences:
        line += (
            f"; {m.n_unlocated_pred_sentences} predicted sentences are not in the gold "
            "answer_raw (text changed?) and match nothing"
        )
    if m.n_unplaced_pred_spans:
        line += (
            f"; {m.n_unplaced_pred_spans} predicted error spans are not in their sentence "
            "and match nothing"
        )
    if m.bootstrap.resamples:
        line += (
            f"; {int(m.bootstrap.confidence * 100)}% CI from {m.bootstrap.resamples} "
            f"bootstrap resamples of QA pairs (seed {m.bootstrap.seed})"
        )
    return line


def _sections(m: Metrics) -> list[tuple[str, list[str], list[list[str]]]]:
    prf_head = ["", "P", "R", "F1", "tp", "pred", "gold"]
    secs: list[tuple[str, list[str], list[list[str]]]] = [
        (
            "Headline",
            ["metric", "value", "95% CI" if m.bootstrap.confidence == 0.95 else "CI"],
            _headline_rows(m),
        ),
        (
            "Sentence labels",
            prf_head,
            _prf_rows(
                [(k, v) for k, v in m.labels.per_class.items()]
                + [("error (contradiction+nei)", m.labels.error_detection)]
            ),
        ),
        (
            "Confusion (rows gold, columns predicted)",
            ["gold \\ pred", *PRED_VALUES],
            [
                [lab.value, *(str(m.labels.confusion[lab.value][p]) for p in PRED_VALUES)]
                for lab in LABELS
            ],
        ),
    ]
    spans = [
        ("error spans exact", m.spans.exact),
        ("error spans IoU>=0.5", m.spans.overlap),
        ("C4/N4 tags", m.graph.inherited),
        *((f"tag {k}", v) for k, v in m.graph.inherited_per_tag.items()),
    ]
    if m.graph.edges is not None:
        spans.append(("depends_on edges", m.graph.edges))
    title = "Error spans, C4/N4 tags" + (", depends_on edges" if m.graph.edges is not None else "")
    secs.append((title, prf_head, _prf_rows(spans)))
    for fld, groups in m.breakdowns.items():
        secs.append(
            (
                f"By {fld}",
                [fld, "pairs", "sentences", "accuracy", "macro-F1", "error F1"],
                [
                    [
                        k,
                        str(g.n_pairs),
                        str(g.n_sentences),
                        _num(g.accuracy),
                        _num(g.macro_f1),
                        _num(g.error_f1),
                    ]
                    for k, g in groups.items()
                ],
            )
        )
    return secs


def _text_table(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def fmt(r: list[str]) -> str:
        cells = (c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
        return "  ".join(cells).rstrip()

    return "\n".join([fmt(head), "  ".join("-" * w for w in widths), *(fmt(r) for r in rows)])


def render_text(metrics: Metrics) -> str:
    """Plain-text tables for a terminal (no colour, fixed-width columns)."""
    parts = [_summary_line(metrics)]
    for title, head, rows in _sections(metrics):
        parts.append(f"\n{title}\n{_text_table(head, rows)}")
    return "\n".join(parts) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(metrics: Metrics) -> str:
    """The same tables as Markdown (GitHub pipe tables under ``###`` headings)."""
    parts = ["## Scores", "", _summary_line(metrics)]
    for title, head, rows in _sections(metrics):
        parts += [
            "",
            f"### {title}",
            "",
            "| " + " | ".join(_md_cell(h) for h in head) + " |",
            "|" + "|".join("---" if i == 0 else "---:" for i in range(len(head))) + "|",
        ]
        parts += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(parts) + "\n"
