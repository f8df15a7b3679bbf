"""Helpers the field normalisers share: a span's edges, the first number in it."""

from __future__ import annotations

import re

from citations.crf.titles import strip_span

__all__ = ["YEAR_RE", "first_match", "strip_span"]

YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20[0-3]\d)(?!\d)")
"""A year from 1500 to 2039 standing alone."""


def first_match(rx: re.Pattern[str], span: str) -> str | None:
    """The first match of ``rx`` in ``span``, spaces removed; None without one."""
    m = rx.search(span)
    return m.group(0).replace(" ", "") if m else None
