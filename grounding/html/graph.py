"""The depends_on graph as an inline SVG, placed by a small layered layout (no JS library).

Layout (Sugiyama-style, simplified): a node's layer is the length of its longest chain of
premises (a sentence with no premise is in layer 0, drawn at the top; edges point from a
sentence up to its premises); within a layer nodes are ordered by the mean position of
their premises, then of their dependents (two sweeps), ties by sentence order. Nodes with no
edge at all are drawn apart, wrapped in rows under the layered part. A cycle (not produced by
grounding.graph, but possible in hand-made rows) is broken by ignoring edges that close it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from annotations.schema import ErrorTag, Label

__all__ = ["GraphNode", "Placement", "graph_svg", "layered_layout"]

NODE_W = 64
NODE_H = 30
GAP_X = 22
GAP_Y = 58
MARGIN = 14
WRAP = 12  # isolated nodes per row


@dataclass(frozen=True, slots=True)
class GraphNode:
    """One sentence as the graph draws it: id "S3", its final label, premises (ids),
    inherited tags (C4/N4), its text (for the tooltip)."""

    id: str
    label: Label
    premises: tuple[str, ...] = ()
    inherited: tuple[ErrorTag, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a node is drawn: ``layer`` (row, 0 = top), ``order`` (column in its row),
    x, y: the node's top-left corner in SVG user units (pixels)."""

    layer: int
    order: int
    x: float
    y: float


def _layers(ids: Sequence[str], premises: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """Longest-premise-chain depth of each node; back edges of a cycle are ignored."""
    depth: dict[str, int] = {}
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(n: str) -> int:
        # iterative DFS to stay clear of the recursion limit on long answers
        stack: list[tuple[str, int]] = [(n, 0)]
        state[n] = 1
        while stack:
            node, i = stack[-1]
            ps = [p for p in premises.get(node, ()) if p in premises]
            if i < len(ps):
                stack[-1] = (node, i + 1)
                p = ps[i]
                if state.get(p) is None:
                    state[p] = 1
                    stack.append((p, 0))
                continue
            stack.pop()
            depth[node] = 1 + max((depth[p] for p in ps if state.get(p) == 2), default=-1)
            state[node] = 2
        return depth[n]

    for n in ids:
        if state.get(n) is None:
            visit(n)
    return depth


def layered_layout(
    ids: Sequence[str], premises: Mapping[str, Sequence[str]]
) -> dict[str, Placement]:
    """Place nodes for drawing.

    Args: ids: node ids in sentence order. premises: id -> ids of its premises (edges
          sentence -> premise); ids not in ``ids`` are ignored.
    Returns: a Placement per id. Connected nodes are in layers 0..k; isolated nodes (no
          edge in or out) follow in rows of ``WRAP`` below them.
    Raises: nothing.
    """
    known = set(ids)
    prem = {
        n: tuple(dict.fromkeys(p for p in premises.get(n, ()) if p in known and p != n))
        for n in ids
    }
    dependents: dict[str, list[str]] = {n: [] for n in ids}
    for n in ids:
        for p in prem[n]:
            dependents[p].append(n)
    connected = [n for n in ids if prem[n] or dependents[n]]
    isolated = [n for n in ids if not (prem[n] or dependents[n])]
    depth = _layers(connected, {n: prem[n] for n in connected})
    rows: dict[int, list[str]] = {}
    for n in connected:
        rows.setdefault(depth[n], []).append(n)
    seq = {n: i for i, n in enumerate(ids)}
    pos = {n: float(i) for r in rows.values() for i, n in enumerate(r)}

    def bary(n: str, nbrs: Sequence[str]) -> float:
        vals = [pos[m] for m in nbrs if m in pos]
        return sum(vals) / len(vals) if vals else pos[n]

    for sweep in (prem, dependents):
        layer_ids = sorted(rows) if sweep is prem else sorted(rows, reverse=True)
        for k in layer_ids:
            r = sorted(rows[k], key=lambda n: (bary(n, sweep[n]), seq[n]))
            rows[k] = r
            for i, n in enumerate(r):
                pos[n] = float(i)
    out: dict[str, Placement] = {}
    width = max((len(r) for r in rows.values()), default=0)
    width = max(width, min(WRAP, len(isolated)))
    for k, r in rows.items():
        shift = (width - len(r)) * (NODE_W + GAP_X) / 2
        for i, n in enumerate(r):
            out[n] = Placement(
                k, i, MARGIN + shift + i * (NODE_W + GAP_X), MARGIN + k * (NODE_H + GAP_Y)
            )
    base = len(rows)
    top = MARGIN + base * (NODE_H + GAP_Y) + (-GAP_Y + 36 if rows and isolated else 0)
    for j, n in enumerate(isolated):
        row, col = divmod(j, WRAP)
        out[n] = Placement(
            base + row, col, MARGIN + col * (NODE_W + GAP_X), top + row * (NODE_H + 18)
        )
    return out


ICON = {
    Label.SUPPORTED: "\u2713",
    Label.CONTRADICTION: "\u2717",
    Label.NEI: "?",
    Label.NOT_A_CLAIM: "\u2013",
}
LABEL_TEXT = {
    Label.SUPPORTED: "supported",
    Label.CONTRADICTION: "contradiction",
    Label.NEI: "not enough info",
    Label.NOT_A_CLAIM: "not a claim",
}
_BAD = {Label.CONTRADICTION: "C4", Label.NEI: "N4"}


def graph_svg(nodes: Sequence[GraphNode], *, anchor_prefix: str = "") -> str:
    """The graph as an ``<svg>`` element (string): one ``<g class="node">`` per node (with
    ``data-id``, a link to ``#<anchor_prefix><id>``, a ``<title>``), one ``<path
    class="edge">`` per (sentence, premise) edge, arrow heads at the premise. A premise
    whose label is contradiction or nei and that has dependents gets class ``bad-premise``
    (thick dashed outline) and its outgoing edges ``edge-C4`` / ``edge-N4``.
    """
    ids = [n.id for n in nodes]
    by_id = {n.id: n for n in nodes}
    place = layered_layout(ids, {n.id: n.premises for n in nodes})
    has_dependents = {p for n in nodes for p in n.premises if p in by_id and p != n.id}
    w = max((p.x for p in place.values()), default=0) + NODE_W + MARGIN
    h = max((p.y for p in place.values()), default=0) + NODE_H + MARGIN + 14
    parts = [
        f'<svg class="graph" role="group" aria-label="depends_on graph: '
        f'{len(nodes)} sentences" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="0 0 {w:.0f} {h:.0f}" xmlns="http://www.w3.org/2000/svg">',
        _ARROW_DEFS,
    ]
    for n in nodes:
        for pid in dict.fromkeys(n.premises):
            if pid in place and pid != n.id:
                parts.append(_edge_svg(n.id, pid, place, by_id[pid].label))
    linked = {n.id for n in nodes if any(q in by_id and q != n.id for q in n.premises)}
    linked |= has_dependents
    lone = [place[i] for i in ids if i not in linked]
    if lone and linked:
        y = min(p.y for p in lone) - 8
        parts.append(f'<text class="iso" x="{MARGIN}" y="{y:.1f}">without premise links:</text>')
    for n in nodes:
        bad = n.id in has_dependents and n.label in _BAD
        parts.append(_node_svg(n, place[n.id], bad, anchor_prefix))
    parts.append("</svg>")
    return "".join(parts)


#: The arrow heads of the edges: plain, and for premises labelled C4 / N4.
_ARROW_DEFS = (
    "<defs>"
    '<marker id="arr" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
    'markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
    'class="arrowhead"/></marker>'
    '<marker id="arr-C4" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
    'markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
    'class="arrowhead arrowhead-C4"/></marker>'
    '<marker id="arr-N4" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
    'markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" '
    'class="arrowhead arrowhead-N4"/></marker>'
    "</defs>"
)


def _edge_svg(nid: str, pid: str, place: Mapping[str, Placement], premise_label: Label) -> str:
    """The ``<path class="edge">`` from node ``nid`` to its premise ``pid`` (placed by
    ``place``): a curve from the top of ``nid`` to the bottom of ``pid`` (along the sides
    when ``pid`` is not above), styled by ``premise_label``."""
    a, b = place[nid], place[pid]
    x1, y1 = a.x + NODE_W / 2, a.y
    x2, y2 = b.x + NODE_W / 2, b.y + NODE_H
    if b.y >= a.y:  # same row or below (only with a cycle): route along the side
        x1, y1 = a.x + NODE_W, a.y + NODE_H / 2
        x2, y2 = b.x, b.y + NODE_H / 2
    tag = _BAD.get(premise_label)
    cls = f"edge edge-{tag}" if tag else "edge"
    marker = f"arr-{tag}" if tag else "arr"
    my = (y1 + y2) / 2
    return (
        f'<path class="{cls}" data-from="{escape(nid)}" data-to="{escape(pid)}" '
        f'd="M{x1:.1f},{y1:.1f} C{x1:.1f},{my:.1f} {x2:.1f},{my:.1f} '
        f'{x2:.1f},{y2:.1f}" marker-end="url(#{marker})">'
        f"<title>{escape(nid)} rests on {escape(pid)}"
        + (f" ({tag}: premise {LABEL_TEXT[premise_label]})" if tag else "")
        + "</title></path>"
    )


def _node_svg(n: GraphNode, p: Placement, bad: bool, anchor_prefix: str) -> str:
    """Node ``n`` at ``p``: a link to its sentence around a ``<g class="node">`` with its
    icon, id, tooltip and inherited tags; ``bad``: a wrong premise with dependents."""
    cls = f"node lab-{n.label.value}" + (" bad-premise" if bad else "")
    tip = f"{n.id} \u2013 {LABEL_TEXT[n.label]}"
    if n.inherited:
        tip += f" ({', '.join(t.value for t in n.inherited)} from a premise)"
    if bad:
        tip += " \u2013 premise with an error, propagated to its dependents"
    tip += f": {n.text}"
    parts = [
        f'<a href="#{escape(anchor_prefix + n.id)}" class="node-link">'
        f'<g class="{cls}" data-id="{escape(n.id)}" data-label="{n.label.value}" '
        f'transform="translate({p.x:.1f},{p.y:.1f})">'
        f"<title>{escape(tip)}</title>"
        f'<rect width="{NODE_W}" height="{NODE_H}" rx="7"/>'
        f'<text x="{NODE_W / 2}" y="{NODE_H / 2 + 5}" text-anchor="middle">'
        f"{ICON[n.label]} {escape(n.id)}</text>"
    ]
    if n.inherited:
        parts.append(
            f'<text class="inh" x="{NODE_W / 2}" y="{NODE_H + 12}" '
            f'text-anchor="middle">{" ".join(t.value for t in n.inherited)}</text>'
        )
    parts.append("</g></a>")
    return "".join(parts)
