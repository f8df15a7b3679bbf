"""Year: the first year inside a date span ("(2017a)" -> 2017, "March 3, 2019" -> 2019).

A volume span that is only a year with no date span is the year ("...; 2012. p. 1622").
With no year in a date span, a year standing alone (not an end of a number range) in what
the labeller read as numbers or the venue is the year ("... p 1622-1627 2012",
"145: 109913, 2024a", "Workshop ... @ ICML2024").
"""

from __future__ import annotations

import re

from citations.reading.fields import Reading
from citations.reading.fields.spans import YEAR_RE


def read_year(dates: list[str], volume: str) -> int | None:
    """The first year of the ``dates`` spans, else a ``volume`` span that is a year alone."""
    for span in dates:
        m = YEAR_RE.search(span)
        if m:
            return int(m.group(1))
    if YEAR_RE.fullmatch(volume.strip(" ,.;:()")):
        return int(volume.strip(" ,.;:()"))
    return None


_NUMBERS = frozenset({"pages", "volume", "issue", "note", "container"})
_YEAR_TOKEN = re.compile(r"(?:[A-Z]{2,8})?(1[5-9]\d\d|20[0-3]\d)[a-z]?")
"""A year as a token: "2024", "2024a", "ICML2024"."""


def lone_year(words: list[str], labels: list[str]) -> int | None:
    """The last token that is a year alone, labelled as a number field, not next to a
    dash (no end of a page range)."""
    found = None
    for i, (w, x) in enumerate(zip(words, labels, strict=False)):
        near = words[max(0, i - 1) : i] + words[i + 1 : i + 2]
        m = _YEAR_TOKEN.fullmatch(w)
        if m and x in _NUMBERS and not any(n in "-–—" for n in near):
            found = int(m.group(1))
    return found


def _date_runs(r: Reading) -> list[str]:
    """The date spans, those in brackets right after the venue last ("Proceedings of
    ROCLING (ROCLING 2019), ..., 2016", "Workshop on Semantic Evaluation (SemEval 2015);
    ...; 1995": the conference's own year is no publication year when the string gives
    another), whether the bracket opens the date run or the venue's acronym."""
    lab = r.lab
    runs: list[tuple[bool, str]] = []
    start = -1
    for i, x in enumerate((*lab.labels, "")):
        if x == "date" and start < 0:
            start = i
        elif x != "date" and start >= 0:
            text = lab.text[lab.tokens[start][1] : lab.tokens[i - 1][2]]
            before = lab.text[: lab.tokens[start][1]]
            in_bracket = text.startswith("(") or before.count("(") > before.count(")")
            named = start > 0 and lab.labels[start - 1] == "container" and in_bracket
            runs.append((named, text))
            start = -1
    return [t for named, t in runs if not named] + [t for named, t in runs if named]


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``year`` from the date spans (or a year labelled volume, or a lone year)."""
    dates = _date_runs(r)
    year = read_year(dates, r.lab.span("volume"))
    if year is None:
        year = lone_year([t[0] for t in r.lab.tokens], list(r.lab.labels))
    return {"year": year}
