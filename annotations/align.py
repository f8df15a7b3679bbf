"""Align a prediction's sentences to the gold sentences of the same answer.

A system may split an answer differently from the annotators. Both segmentations are
placed on the gold ``answer_raw`` by character offsets, and each gold sentence takes the
predicted sentence that overlaps it by the most characters (ties: the earliest). A
predicted sentence, in turn, maps to the gold sentence it overlaps most; that map carries
the prediction's ``depends_on`` edges into gold sentence positions.

Offsets are Python string indices (code points) into the gold ``answer_raw``, half-open
``[start, end)``. A sentence is located left to right: exact ``str.find`` from the end of
the previous sentence; failing that, the same search with every whitespace run collapsed
to one space; failing that, an exact search from the start. A sentence found nowhere is
``None`` (unaligned) and carries no label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_WS = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Offset:
    """A half-open character range ``[start, end)`` in the gold answer string."""

    start: int
    end: int

    def overlap(self, other: Offset) -> int:
        """Characters shared with ``other`` (0 if disjoint)."""
        return max(0, min(self.end, other.end) - max(self.start, other.start))

    def iou(self, other: Offset) -> float:
        """Intersection over union of the two ranges, in [0, 1]; 0 for two empty ranges."""
        inter = self.overlap(other)
        union = (self.end - self.start) + (other.end - other.start) - inter
        return inter / union if union > 0 else 0.0


@dataclass(frozen=True, slots=True)
class _Squeezed:
    """``text`` with whitespace runs collapsed to one space; ``origin[i]`` is the
    index in the original string of squeezed character i (``origin[len] = len(text)``)."""

    text: str
    origin: tuple[int, ...]


def _squeeze(text: str) -> _Squeezed:
    out: list[str] = []
    origin: list[int] = []
    pos = 0
    for m in _WS.finditer(text):
        for i in range(pos, m.start()):
            out.append(text[i])
            origin.append(i)
        out.append(" ")
        origin.append(m.start())
        pos = m.end()
    for i in range(pos, len(text)):
        out.append(text[i])
        origin.append(i)
    origin.append(len(text))
    return _Squeezed("".join(out), tuple(origin))


def _squeezed_find(hay: _Squeezed, needle: str, start: int) -> Offset | None:
    """Find ``needle`` (whitespace-collapsed, stripped) in ``hay`` at original index >= start."""
    squeezed = _WS.sub(" ", needle).strip()
    if not squeezed:
        return None
    # first squeezed index whose original position is >= start
    lo = 0
    hi = len(hay.origin) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if hay.origin[mid] < start:
            lo = mid + 1
        else:
            hi = mid
    i = hay.text.find(squeezed, lo)
    if i < 0:
        return None
    end_sq = i + len(squeezed)
    return Offset(hay.origin[i], hay.origin[end_sq - 1] + 1)


def locate(text: str, pieces: Sequence[str], *, start: int = 0) -> list[Offset | None]:
    """Character ranges of ``pieces`` found in ``text`` in order (see the module docstring).

    Args: text: the string searched (the gold ``answer_raw``, or a slice of it).
          pieces: sentences (or spans) expected to occur in ``text`` in this order.
          start: index where the search for the first piece begins.
    Returns: one Offset per piece, relative to ``text``, or None where a piece is not found
    (an empty piece is never found).
    Raises: nothing.
    """
    out: list[Offset | None] = []
    cursor = start
    squeezed: _Squeezed | None = None
    for piece in pieces:
        if not piece:
            out.append(None)
            continue
        i = text.find(piece, cursor)
        if i >= 0:
            off: Offset | None = Offset(i, i + len(piece))
        else:
            if squeezed is None:
                squeezed = _squeeze(text)
            off = _squeezed_find(squeezed, piece, cursor)
            if off is None:
                j = text.find(piece)
                off = Offset(j, j + len(piece)) if j >= 0 else None
                if off is None:
                    off = _squeezed_find(squeezed, piece, 0)
        if off is not None:
            cursor = max(cursor, off.end)
        out.append(off)
    return out


@dataclass(frozen=True, slots=True)
class Alignment:
    """How one prediction's sentences sit on the gold sentences of one answer.

    Attributes:
        gold_to_pred: per gold sentence (by position), the predicted sentence index that
            overlaps it most, or None (no overlapping prediction: counts as missing).
        gold_overlaps: per gold sentence, every predicted sentence index overlapping it,
            in order (used to pool evidence boxes of a sentence the system split).
        pred_to_gold: per predicted sentence, the gold index it overlaps most, or None.
        gold_offsets / pred_offsets: located ranges in the gold answer (None: not found).
        identity: True when both sides have the same sentences (no offsets needed).
        text: the string the offsets index: the gold ``answer_raw``, or, for identical
            segmentations some sentence of which is not in it, the sentences joined by
            newlines (so spans inside sentences can still be placed and compared).
    """

    gold_to_pred: tuple[int | None, ...]
    gold_overlaps: tuple[tuple[int, ...], ...]
    pred_to_gold: tuple[int | None, ...]
    gold_offsets: tuple[Offset | None, ...]
    pred_offsets: tuple[Offset | None, ...]
    identity: bool
    text: str


def _best(
    target: Offset | None, others: Sequence[Offset | None]
) -> tuple[int | None, tuple[int, ...]]:
    if target is None:
        return None, ()
    best: int | None = None
    best_len = 0
    hits: list[int] = []
    for k, off in enumerate(others):
        if off is None:
            continue
        ov = target.overlap(off)
        if ov > 0:
            hits.append(k)
            if ov > best_len:
                best, best_len = k, ov
    return best, tuple(hits)


def align(answer_raw: str, gold: Sequence[str], pred: Sequence[str]) -> Alignment:
    """Align predicted sentences to gold sentences of one answer (module docstring).

    Args: answer_raw: the gold answer string; gold / pred: sentence texts in order.
    Returns: Alignment; identical sentence lists align one to one without searching.
    Raises: nothing; sentences that cannot be located stay unaligned.
    """
    if len(gold) == len(pred) and all(g == p for g, p in zip(gold, pred)):
        ids = tuple(range(len(gold)))
        offs = tuple(locate(answer_raw, gold))
        text = answer_raw
        if any(o is None for o in offs):
            text = "\n".join(gold)
            starts = [0]
            for g in gold:
                starts.append(starts[-1] + len(g) + 1)
            offs = tuple(Offset(a, a + len(g)) for a, g in zip(starts, gold))
        return Alignment(ids, tuple((i,) for i in ids), ids, offs, offs, True, text)
    g_off = locate(answer_raw, gold)
    p_off = locate(answer_raw, pred)
    g2p: list[int | None] = []
    overlaps: list[tuple[int, ...]] = []
    for off in g_off:
        best, hits = _best(off, p_off)
        g2p.append(best)
        overlaps.append(hits)
    p2g = [_best(off, g_off)[0] for off in p_off]
    return Alignment(
        tuple(g2p), tuple(overlaps), tuple(p2g), tuple(g_off), tuple(p_off), False, answer_raw
    )


def resolve_sentence_ref(ref: str, n: int) -> int | None:
    """0-based index of a ``depends_on`` reference among ``n`` sentences.

    Accepts ``"S3"`` (the benchmark's ids), ``"s3"``, ``"3"`` and surrounding spaces, all
    1-based; returns None for anything else or an index out of range.
    """
    ref = ref.strip()
    if ref[:1] in ("S", "s"):
        ref = ref[1:]
    if not ref.isdigit():
        return None
    k = int(ref) - 1
    return k if 0 <= k < n else None
