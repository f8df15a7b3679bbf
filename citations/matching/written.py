"""A reference string as folded words with their offsets, for reading it against a record
(citations.matching.anchor, citations.matching.anchor_authors)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from citations.text.fold import fold, strip_markup

__all__ = [
    "AND",
    "CONNECTORS",
    "ET_AL",
    "NAME_GLUE",
    "FoldedString",
    "find_run",
    "punct_between",
    "read_string",
    "value_words",
]

_TOKEN = re.compile(r"[^\W_]+")
_PUNCT = frozenset(".,;:!?\"'()[]{}\u201c\u201d\u2018\u2019\u00ab\u00bb/")
#: words that open a container after a title: "In", "Em" (pt), "En" (es), "In:" (de, ABNT)
CONNECTORS = frozenset({"in", "em", "en"})
#: words between names: conjunctions (en, pt, es, de) and et-al forms
NAME_GLUE = frozenset(
    {"and", "und", "e", "y", "et", "al", "u", "a", "outros", "otros", "others", "etal", "jr", "sr"}
)
ET_AL = (
    ("et", "al"),
    ("u", "a"),
    ("e", "outros"),
    ("y", "otros"),
    ("and", "others"),
    ("others",),
    ("etal",),
)
AND = frozenset({"and", "und", "e", "y"})


@dataclass(frozen=True, slots=True)
class FoldedString:
    """The folded string and its words with character offsets; ``upper``: the folded
    words of 2+ letters written in capitals in the raw string (family names marked as
    such: "NAKOV Preslav", ABNT and many hand-typed lists)."""

    text: str
    words: tuple[str, ...]
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    upper: frozenset[str]


_LETTERS = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=4096)
def read_string(raw: str) -> FoldedString:
    plain = strip_markup(raw)
    text = fold(plain)
    ms = list(_TOKEN.finditer(text))
    upper = frozenset(fold(w) for w in _LETTERS.findall(plain) if w.isupper())
    return FoldedString(
        text,
        tuple(m.group() for m in ms),
        tuple(m.start() for m in ms),
        tuple(m.end() for m in ms),
        upper,
    )


@lru_cache(maxsize=16384)
def value_words(value: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(fold(strip_markup(value))))


def find_run(
    t: FoldedString,
    words: Sequence[str],
    masked: Sequence[bool],
    start: int = 0,
    stop: int | None = None,
) -> int | None:
    """First index i >= start with t.words[i:i+len(words)] == words, none masked, ending
    by ``stop``."""
    n = len(words)
    end = len(t.words) if stop is None else stop
    if not n:
        return None
    first, want = words[0], tuple(words)
    i = start
    while i <= end - n:
        try:
            i = t.words.index(first, i, end - n + 1)
        except ValueError:
            return None
        if t.words[i : i + n] == want and not any(masked[i : i + n]):
            return i
        i += 1
    return None


def punct_between(t: FoldedString, i: int) -> bool:
    """Punctuation between word i-1 and word i (or i is at an end)."""
    if i <= 0 or i >= len(t.words):
        return True
    return any(c in _PUNCT for c in t.text[t.ends[i - 1] : t.starts[i]])
