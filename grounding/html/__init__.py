"""Self-contained HTML reports: one check (``write_check_html``) and one evaluation
(``write_eval_html`` / ``write_eval_reports``). No network, no CDN: CSS and JS inline, page
images as ``data:`` URIs."""

from __future__ import annotations

from grounding.html.check import HtmlOptions, count_boxes, render_check_html, write_check_html
from grounding.html.evaluation import render_eval_html, write_eval_html, write_eval_reports
from grounding.html.graph import GraphNode, Placement, graph_svg, layered_layout
from grounding.html.rows import RowResult, report_from_row, row_results

__all__ = [
    "GraphNode",
    "HtmlOptions",
    "Placement",
    "RowResult",
    "count_boxes",
    "graph_svg",
    "layered_layout",
    "render_check_html",
    "render_eval_html",
    "report_from_row",
    "row_results",
    "write_check_html",
    "write_eval_html",
    "write_eval_reports",
]
