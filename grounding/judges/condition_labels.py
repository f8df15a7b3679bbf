"""Conditions named by a number: "definition 1" = "definition one", "Phase II", "day 7",
"cohort 2". The number that names a condition is no value of the claim; the same label
in a sentence and in the paper binds a value to the same condition.

Pure functions over text; no I/O.
"""

from __future__ import annotations

import re

from grounding.lexicon.words import CONDITION_NAMES
from grounding.number_words import WORD_NUMBERS

#: number words that may name a condition, as digits
_CARDINALS = {w: str(v) for w, v in WORD_NUMBERS.items() if 1 <= v <= 10}
#: a word of three or more letters, then the number that names it (digits, a number word,
#: a Roman numeral), not a value: no decimal, percent sign or range after it
_LABELLED = re.compile(
    r"\b([A-Za-z]{3,})\s+(\d{1,2}|"
    + "|".join(_CARDINALS)
    + r"|I{1,3}|IV|VI{0,3}|IX|X)\b(?![.,]?\d)(?!\s*(?:%|[-\u2013]\s*\d))"
)
#: the number that names a condition, as digits ("one", "I" -> "1")
_LABEL_NUMBER = _CARDINALS | {
    w: str(i) for i, w in enumerate("i ii iii iv v vi vii viii ix x".split(), 1)
}


def label_spans(text: str, lo: int = 0, hi: int | None = None) -> list[tuple[int, int, str]]:
    """(start, end, label) of each condition named by a number that starts inside
    ``lo``-``hi`` of ``text`` (character offsets), the label as "name#n" with the number as
    digits ("definition one" and "definition 1": both "definition#1"). Only a condition
    name (``lexicon/data/condition_names.tsv``) names one: "lasted 12", "that 15" do not.
    """
    hi = len(text) if hi is None else hi
    out = []
    for m in _LABELLED.finditer(text, max(0, lo), min(len(text), hi + 16)):
        word = m.group(1).lower()
        if m.start() >= hi or word not in CONDITION_NAMES:
            continue
        n = m.group(2).lower()
        out.append((m.start(), m.end(), f"{word}#{_LABEL_NUMBER.get(n, n)}"))
    return out


def labels(text: str, lo: int = 0, hi: int | None = None) -> set[str]:
    """The labels of :func:`label_spans`."""
    return {label for _, _, label in label_spans(text, lo, hi)}


def label_of(text: str, start: int) -> str | None:
    """The label whose number starts at offset ``start`` of ``text`` ("1" of "definition
    1": "definition#1"), or None: that number names a condition and is no value."""
    for a, b, label in label_spans(text, max(0, start - 40), start + 1):
        if a < start < b:
            return label
    return None


__all__ = ["label_of", "label_spans", "labels"]
