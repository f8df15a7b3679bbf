"""Volume and issue: the first number of the volume span ("Vol. 12" -> "12", "XIV" kept as
written) and of the issue span ("(3)" -> "3", "1-2" kept).

A volume that is a year when no date was labelled is the year's, not a volume
(:mod:`citations.reading.fields.year`); a volume token inside the title ("GPT-4") is none.
"""

from __future__ import annotations

import re

from citations.reading.fields import Reading
from citations.reading.fields.spans import YEAR_RE, first_match

_NUM_RE = re.compile(r"[A-Z]?\d+[A-Za-z]?(?:[-–/]\d+)?|\b[IVXLC]+\b")


def read_number(span: str) -> str | None:
    """The first volume- or issue-like number of ``span`` ("12", "C42", "1-2", "XIV")."""
    return first_match(_NUM_RE, span)


def _inside_title(r: Reading, title: str) -> bool:
    """Does the labeller's first volume token sit inside ``title`` as written?"""
    lab = r.lab
    k = lab.text.find(title) if title else -1
    if k < 0:
        return False
    pairs = zip(lab.tokens, lab.labels, strict=False)
    start = next((a for (w, a, _), x in pairs if x == "volume" and w[:1].isdigit()), -1)
    return k <= start < k + len(title)


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``volume`` and ``issue``."""
    volume = read_number(r.lab.span("volume"))
    if volume is not None and YEAR_RE.fullmatch(volume) and not r.lab.spans("date"):
        volume = None  # read as the year
    if volume is not None and _inside_title(r, str(fields.get("title") or "")):
        volume = None
    return {"volume": volume, "issue": read_number(r.lab.span("issue"))}
