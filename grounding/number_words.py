"""Spelled-out numbers: "five", "twenty-one", "two hundred and five", "a dozen",
"fourfold", "hundreds", "millions".

Pure functions, no I/O; :mod:`grounding.quantities` turns the spans found here into
quantities (it decides units, qualifiers and whether a bare word is a number at all).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Cardinal words and their values ("hundred" and "thousand" also scale what precedes).
WORD_NUMBERS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "thousand": 1000,
    "dozen": 12,
}
#: Words that multiply the number before them ("two hundred", "five million").
SCALES: dict[str, float] = {
    "hundred": 100.0,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
}
#: Plural scale words that name an order of magnitude, not a value: (low, high) bounds
#: ("hundreds" of something is at least 100 and fewer than 1000).
VAGUE: dict[str, tuple[float, float]] = {
    "dozens": (24.0, 144.0),
    "hundreds": (100.0, 1e3),
    "thousands": (1e3, 1e6),
    "millions": (1e6, 1e9),
    "billions": (1e9, 1e12),
    "trillions": (1e12, 1e15),
}
#: Fraction words and their shares in percent, the plurals for "two thirds", "three quarters".
FRACTIONS: dict[str, float] = {
    "half": 50.0,
    "third": 100 / 3,
    "quarter": 25.0,
    "fifth": 20.0,
    "tenth": 10.0,
    "thirds": 100 / 3,
    "quarters": 25.0,
    "fifths": 20.0,
    "tenths": 10.0,
}
ORDINALS: dict[str, int] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
}

_TENS = frozenset(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"))
_VOCAB = sorted(
    set(WORD_NUMBERS) | set(FRACTIONS) | set(ORDINALS) | set(SCALES), key=len, reverse=True
)
#: One number word, possibly hyphenated ("twenty-one", "four-fold", "fivefold").
#: The two leading assertions change no match: a word start (lookbehind, tested first: it
#: fails at once inside a word, where most letters are) that is a letter (~15% faster).
#: The words are grouped by first letter, each group in _VOCAB's order: words with other
#: first letters cannot match where one does, so the first word to match is the same, and
#: a word start tries one branch per letter instead of one per word (~1/3 less time).
_FIRSTS = list(dict.fromkeys(w[0] for w in _VOCAB))
_VOCAB_RE = "|".join(
    c + "(?:" + "|".join(w[1:] for w in _VOCAB if w[0] == c) + ")" for c in _FIRSTS
)
WORD_RE = re.compile(
    r"(?<![A-Za-z-])(?=[A-Za-z])(?:[A-Za-z]+-)?(?:"
    + _VOCAB_RE
    + r")(?:fold|-[A-Za-z]+)?(?![A-Za-z])",
    re.IGNORECASE,
)
#: :data:`WORD_RE` without IGNORECASE, for lower-cased text.
WORD_RE_LOWER = re.compile(WORD_RE.pattern)
_VAGUE_RE = re.compile(r"(?<![A-Za-z-])(" + "|".join(VAGUE) + r")(?![A-Za-z])")
_TENS_OF = {"tens": 10.0, "hundreds": 100.0}
_VAGUE_COMPOUND_RE = re.compile(
    r"(?<![a-z-])(tens|hundreds) of (thousands|millions|billions)"
    r"(?![a-z])"
)
#: One of these is in every text :data:`_VAGUE_RE` matches in (a cheap test first).
_VAGUE_CUES = ("dozens", "hundreds", "thousands", "illions")
_JOIN_RE = re.compile(r" (?:and )?")


@dataclass(frozen=True, slots=True)
class WordSpan:
    """A run of number words: ``text[start:end]``, its parts (lower-case, hyphens split)."""

    start: int
    end: int
    parts: tuple[str, ...]


def cardinal_value(parts: tuple[str, ...]) -> float | None:
    """Value of cardinal words ("two", "hundred", "and", "five" -> 205; "twenty", "one" ->
    21; "five", "million" -> 5e6); None if a part is not a cardinal or the order is not one
    a number is written in ("five six")."""
    total = 0.0
    current = 0.0
    last = ""
    for p in parts:
        if p == "and":
            continue
        if p in SCALES and p != "hundred":
            total += max(current, 1.0) * SCALES[p]
            current = 0.0
        elif p == "hundred":
            current = max(current, 1.0) * 100.0
        elif p == "dozen":
            current = max(current, 1.0) * 12.0
        elif p in WORD_NUMBERS:
            value = WORD_NUMBERS[p]
            if last and last not in SCALES and not (last in _TENS and value < 10):
                return None  # "five six", "twenty thirty"
            current += value
        else:
            return None
        last = p
    return total + current


def number_word_runs(text: str, low: str) -> list[WordSpan]:
    """Runs of number words in ``text`` (``low`` is ``text.lower()``, same length), adjacent
    words joined when they form one number ("two hundred and five", "five million")."""
    pattern = WORD_RE_LOWER if len(low) == len(text) else WORD_RE
    source = low if len(low) == len(text) else text
    runs: list[WordSpan] = []
    for m in pattern.finditer(source):
        parts = tuple(m.group(0).lower().split("-"))
        if runs and _joins(runs[-1].parts, source[runs[-1].end : m.start()], parts):
            runs[-1] = WordSpan(runs[-1].start, m.end(), runs[-1].parts + parts)
            continue
        runs.append(WordSpan(m.start(), m.end(), parts))
    return runs


def _joins(prev: tuple[str, ...], gap: str, parts: tuple[str, ...]) -> bool:
    """Whether number words ``prev``, ``gap``, ``parts`` are one number: "two hundred",
    "five million", "two dozen", "hundred and five", "twenty one", "two thirds"."""
    if _JOIN_RE.fullmatch(gap) is None:
        return False
    first, last = parts[0], prev[-1]
    if gap == " " and len(prev) == 1 and first in FRACTIONS and WORD_NUMBERS.get(last, 10) < 10:
        return True  # "one third", "two thirds", "three quarters"
    if gap == " " and (first in SCALES or first == "dozen"):
        pass
    elif last in SCALES and WORD_NUMBERS.get(first, 100) < 100:
        pass
    elif not (gap == " " and last in _TENS and WORD_NUMBERS.get(first, 10) < 10):
        return False
    return cardinal_value(prev + parts) is not None


def vague_spans(low: str) -> list[tuple[int, int, tuple[float, float]]]:
    """``(start, end, (low, high))`` for each "hundreds" / "millions" ... in lower-cased text;
    "tens of thousands" and "hundreds of thousands" are one span ((1e4, 1e5), (1e5, 1e6))."""
    if not any(w in low for w in _VAGUE_CUES):
        return []
    out = []
    for m in _VAGUE_COMPOUND_RE.finditer(low):
        lo = _TENS_OF[m.group(1)] * VAGUE[m.group(2)][0]
        out.append((m.start(), m.end(), (lo, lo * 10)))
    taken = [(a, b) for a, b, _ in out]
    for m in _VAGUE_RE.finditer(low):
        if not any(a <= m.start() < b for a, b in taken):
            out.append((m.start(), m.end(), VAGUE[m.group(1)]))
    return sorted(out)


__all__ = [
    "FRACTIONS",
    "ORDINALS",
    "SCALES",
    "VAGUE",
    "WORD_NUMBERS",
    "WordSpan",
    "cardinal_value",
    "number_word_runs",
    "vague_spans",
]
