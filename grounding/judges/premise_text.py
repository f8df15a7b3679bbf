"""Whole sentences of a page around a passage (pure): what a premise or a stating sentence is.

A passage the evidence index returns (a few lines of two-column text) often cuts a sentence;
a reader of the paper, and a model scoring the passage, need the whole sentence.
"""

from __future__ import annotations

import re

_SENT_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9(\[\"'])")


def sentence_premises(
    page_text: str, start: int, end: int, max_chars: int = 700
) -> list[tuple[int, int]]:
    """Premises around ``page_text[start:end]``: the whole sentences it touches, and those
    with the next sentence; as (start, end) offsets into ``page_text``, each at most
    ``max_chars`` long (cut at a sentence end where possible)."""
    lo = max(0, start - max_chars)
    before = [m.end() for m in _SENT_END.finditer(page_text, lo, start)]
    s = before[-1] if before else lo if lo > 0 else 0
    ends = [
        m.start() for m in _SENT_END.finditer(page_text, end, min(len(page_text), end + max_chars))
    ]
    e1 = ends[0] if ends else min(len(page_text), end + 1)
    e1 = max(e1, end)
    out = [(s, min(e1, s + max_chars))]
    if len(ends) > 1 and ends[1] - s <= max_chars:
        out.append((s, ends[1]))
    return out


__all__ = ["sentence_premises"]
