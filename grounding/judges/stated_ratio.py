"""A comparison the sentence makes between two of its own numbers, checked by arithmetic.

An answer often sets one value against another in one breath: "mouse-specific selection
was found in 223 genes, nearly three times as many as the 80 human-specific ones", "223
genes, more than the 80 human-specific ones". Each value may be the paper's own and so
verified, while the relation the sentence states between them is false: "twice as many as
the 80" (223 / 80 is 2.8), "2.8 times as many as the 223" (80 / 223 is 0.36), "fewer than
the 80". That relation needs no look-up in the paper: the two numbers the sentence writes
settle it. :func:`ratio_conflict` reads

* a **multiplier** between the two values: "N times as many (much, large, high ...) as",
  "N times more (higher, larger ...) than", "N times the", "N-fold", "twice", "half as
  many as", the
  multiplier in digits or words; the ratio of the first value to the second must be N
  within the rounding a writer allows (a quarter either way after "about", "nearly",
  "roughly"; 15% otherwise; "N times more than" may also mean N + 1 times as many);
* a **direction** between them: "more", "fewer", "less" than **the** other value (an
  article or "that of" before it: "more than 80" without one is a bound, not a second
  value).

Only two values of one kind are compared (both percentages or neither), neither a year
(a year is a condition: "in 2019, twice as many as in 2018"), a range's end or a value
with an uncertainty, and no preposition before the second ("as many as in 2018"). Pure;
no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from grounding.lexicon import STOPWORDS, fold
from grounding.number_words import WORD_NUMBERS

__all__ = ["RatioConflict", "ratio_conflict"]


@dataclass(frozen=True, slots=True)
class RatioConflict:
    """The sentence's relation between two of its values that the values contradict.

    span: the relation's words as the sentence writes them ("twice", "fewer"). reason:
    why, in words. correction: the ratio the two values give ("2.8 times"), or "" for a
    direction. multiplier: True for a multiplier (a wrong value: C1), False for a
    direction word (a wrong relation: C3)."""

    span: str
    reason: str
    correction: str
    multiplier: bool


def _num(name: str) -> str:
    """A value in digits ("223", "7,918", "2.8", "28.9M") as the named group ``name``, its
    scale letter (K, M, B) as ``name`` + "_scale"."""
    return (
        rf"(?<![\w.,-])(?P<{name}>\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?)"
        rf"(?P<{name}_scale>[kmb])?(?![\w-]|[.,]\d)"
    )


#: What may stand between the first value and the relation: its unit or noun and what
#: qualifies it (up to four words: "223 genes", "80 human-specific genes", "40,000 new
#: cases every year"), a comma, "which is", "or".
_FIRST_TAIL = (
    r"\s*(?P<apct>%)?(?P<anoun>(?:\s+[^\W\d_][\w-]*){0,4})\s*,?\s+"
    r"(?:(?:which|that)\s+is\s+|or\s+)?"
)
_APPROX = (
    r"(?:(?P<approx>nearly|almost|about|around|roughly|approximately|some|close\s+to|over|"
    r"more\s+than|less\s+than|under|just\s+over|just\s+under)\s+)?"
)
_WORD_MULT = "|".join(sorted((w for w, v in WORD_NUMBERS.items() if 2 <= v <= 20), key=len))
#: The multiplier: "2.8 times", "three times", "threefold", "3-fold", "twice", "half".
_MULT = (
    r"(?P<mult>(?P<mdig>\d+(?:\.\d+)?)\s*(?:-\s*)?(?:times|fold|x|×)"
    rf"|(?P<mword>{_WORD_MULT})(?:\s+times|-?fold)"
    r"|(?P<mname>twice|double|thrice|triple|half))"
)
#: "as many as", "as large a share as"; "more than", "higher than" (the sizes a ratio
#: measures: not "as fast as", whose ratio runs the other way when the values are times).
_AS = (
    r"as\s+(?:many|much|large|high|big|great|long|wide|heavy|frequent|common|likely)"
    r"(?:\s+[^\W\d_][\w-]*){0,2}\s+as"
)
_THAN = r"(?P<than>more|higher|larger|greater|bigger|longer)\s+than"
#: Before the second value: an article or "that of", and up to two words ("the 80", "the
#: human lineage's 80").
_SECOND = (
    r"\s+(?:(?:the|that\s+of|those\s+of|that\s+in|those\s+in)\s+)?"
    r"(?:[^\W\d_][\w'’-]*\s+){0,2}?"
)
_MULT_PAIR = re.compile(
    _num("a")
    + _FIRST_TAIL
    + _APPROX
    + _MULT
    + rf"(?:\s+(?:{_AS}|{_THAN})|(?=\s+(?:the|that\s+of)\s))"
    + _SECOND
    + _num("b")
    + r"\s*(?P<bpct>%)?"
)
#: "223 genes, fewer than the 80": a direction word against a second value after an article.
_DIRECTION_PAIR = re.compile(
    _num("a")
    + _FIRST_TAIL
    + r"(?:(?:far|well|slightly|many|much|considerably|substantially)\s+)?"
    + r"(?P<word>more|fewer|less)\s+than\s+(?:the|that\s+of|those\s+of)\s+"
    + r"(?:[^\W\d_][\w'’-]*\s+){0,2}?"
    + _num("b")
    + r"\s*(?P<bpct>%)?"
)
_WORD_VALUES = {"twice": 2.0, "double": 2.0, "thrice": 3.0, "triple": 3.0, "half": 0.5}
_PREPOSITION = re.compile(r"\b(?:in|on|at|during|for|by|from|since|after|before|with)\s+$")
#: Words after a second value that stand for the first value's noun ("the 80 ones").
_SAME_NOUN = frozenset(("ones", "one", "those", "that", "cases"))
_OPENING_WORDS = re.compile(r"(?:\s*[^\W\d_][\w-]*){0,3}")


def _value(text: str) -> float:
    return float(text.replace(",", ""))


def _plain(s: str, m: re.Match[str]) -> bool:
    """Whether the two values of ``m`` are plain values of one kind to compare: both
    percentages or neither, no year, no range's end, no uncertainty, no preposition before
    the second, and no other noun counted by each ("30 models, less than the 20 hours")."""
    if bool(m.group("apct")) != bool(m.group("bpct")) or m.group("a_scale") != m.group("b_scale"):
        return False
    for g in ("a", "b"):
        a, b = m.start(g), m.end(g)
        if "." not in m.group(g) and 1900 <= _value(m.group(g)) <= 2100:
            return False  # a year names a condition
        if re.search(r"\d\s*[-–]\s*$|±\s*$", s[max(0, a - 3) : a]) or re.match(
            r"\s*%?\s*(?:[-–]\s*\d|±|\+/?-)", s[b:]
        ):
            return False
    if _PREPOSITION.search(s[: m.start("b")]):
        return False
    first, second = _noun_after(m.group("anoun")), _noun_after(s[m.end() :])
    return not (first and second) or bool(set(first) & set(second) | _SAME_NOUN & set(second))


def _noun_after(text: str) -> list[str]:
    """The words that open ``text`` up to its first stop word or punctuation (at most
    three): the noun a value counts ("genes", "human-specific genes"); [] for none ("for
    the mouse lineage")."""
    out = []
    opening = _OPENING_WORDS.match(text)
    for w in opening.group(0).split() if opening else []:
        if w in STOPWORDS:
            break
        out.append(w)
    return out


def _multiplier(m: re.Match[str]) -> float:
    if m.group("mdig"):
        return float(m.group("mdig"))
    if m.group("mword"):
        return float(WORD_NUMBERS[m.group("mword")])
    return _WORD_VALUES[m.group("mname")]


def _fits(ratio: float, n: float, loose: bool, approx: str | None, than: bool) -> bool:
    """Whether ``ratio`` (first value / second) is what the multiplier ``n`` says, within
    the rounding a writer allows: a quarter either way for a multiplier in words or after
    "about", "nearly" (``loose``), 15% otherwise; "over N times" at least about N, "under
    N times" at most about N; "N times more than" (``than``) may also mean N + 1 times."""
    low, high = (0.75, 1.25) if loose else (0.85, 1.15)
    if approx in ("over", "more than", "just over"):
        low, high = 0.9, float("inf")
    elif approx in ("less than", "under", "just under"):
        low, high = 0.0, 1.1
    top = (n + 1) * high if than else n * high
    return n * low <= ratio <= top


def ratio_conflict(text: str) -> RatioConflict | None:
    """The first multiplier or direction word of ``text`` that its two values contradict
    (module docstring), or None; the span in lower case, as the sentence's other relation
    words are quoted. The reason quotes the two values and their ratio."""
    s = fold(text).lower()
    for m in _MULT_PAIR.finditer(s):
        a, b, n = _value(m.group("a")), _value(m.group("b")), _multiplier(m)
        if a <= 0 or b <= 0 or not _plain(s, m):
            continue
        approx = " ".join(m.group("approx").split()) if m.group("approx") else None
        loose = approx is not None or not m.group("mdig")
        ratio = a / b
        if _fits(ratio, n, loose, approx, bool(m.group("than"))):
            continue
        span = m.group("mult")
        return RatioConflict(
            span,
            f'the sentence says "{span}" but its own numbers give {m.group("a")} / '
            f"{m.group('b')} = {ratio:.2g}",
            f"{ratio:.2g} times",
            True,
        )
    for m in _DIRECTION_PAIR.finditer(s):
        a, b = _value(m.group("a")), _value(m.group("b"))
        if a == b or (m.group("word") == "more") == (a > b) or not _plain(s, m):
            continue
        span = m.group("word")
        return RatioConflict(
            span,
            f'the sentence says "{span}" but its own numbers ({m.group("a")} vs '
            f"{m.group('b')}) go the other way",
            "",
            False,
        )
    return None
