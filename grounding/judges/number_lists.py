"""Values listed in the order of a list of names: "9 and 14 days for the base and large
models, respectively", "the base and large models took 9 and 14 days, respectively".

:func:`respectively_words` binds each value of such a list to the words of its name, on
either side of a comparison (an answer sentence or a passage of the paper). Pure; no I/O.
"""

from __future__ import annotations

import re

from grounding.lexicon import content_terms, is_numeric
from grounding.quantities import Quantity

_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
#: what joins two values of one list: ", ", " and ", ", and ", " or ", "/", "; "
_VALUE_GAP = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and|or|/|;|\|)\s*", re.I)
#: a list of two or more names: "A and B", "A, B and C", "A, B, and C" (a name is one to
#: three words, letters, digits, hyphens, dots)
_NAME = r"[A-Za-z][\w.+-]*"
_NAME_LIST = re.compile(
    rf"({_NAME}(?:\s+{_NAME}){{0,2}})((?:\s*,\s*{_NAME}(?:\s+{_NAME}){{0,2}})*)"
    rf"\s*,?\s+(?:and|or)\s+({_NAME})"
)
#: words a name list may start with that are not part of the first name
_LEAD = frozenset(
    (
        "the",
        "a",
        "an",
        "for",
        "of",
        "in",
        "on",
        "at",
        "by",
        "with",
        "to",
        "from",
        "and",
        "or",
        "while",
        "whereas",
        "both",
        "between",
    )
)
_SLASH_NAMES = re.compile(rf"(?<![\w/]){_NAME}(?:/{_NAME})+(?![\w/])")
_KINDS = ("number", "percent", "word", "sci")


def _value_runs(text: str, qs: list[Quantity]) -> list[list[Quantity]]:
    """Runs of two or more values next to each other, joined only by list words."""
    runs: list[list[Quantity]] = []
    cur: list[Quantity] = []
    for q in qs:
        if q.kind not in _KINDS:
            cur = []
            continue
        if cur and _VALUE_GAP.fullmatch(text[cur[-1].end : q.start]):
            cur.append(q)
        else:
            cur = [q]
        if len(cur) == 2:
            runs.append(cur)
    return runs


def _names(text: str, lo: int, hi: int, n: int, avoid: tuple[int, int]) -> list[str] | None:
    """The ``n`` names of a list written in ``text[lo:hi]`` outside ``avoid`` (the value
    list), nearest to ``avoid`` first; each name its last word for the first item, its
    first word for the last, and its words for the middle items."""
    best: tuple[int, list[str]] | None = None
    for m in _SLASH_NAMES.finditer(text, lo, hi):  # "base/large models"
        items = m.group(0).split("/")
        if len(items) == n and not (m.start() < avoid[1] and m.end() > avoid[0]):
            gap = avoid[0] - m.end() if m.end() <= avoid[0] else m.start() - avoid[1]
            if best is None or gap < best[0]:
                best = (gap, items)
    for m in _NAME_LIST.finditer(text, lo, hi):
        if m.start() < avoid[1] and m.end() > avoid[0]:
            continue
        items = _list_items(m)
        if len(items) != n or not all(items):
            continue
        gap = avoid[0] - m.end() if m.end() <= avoid[0] else m.start() - avoid[1]
        if best is None or gap < best[0]:
            best = (gap, items)
    return best[1] if best else None


def _slash_words(text: str, qs: list[Quantity]) -> dict[int, set[str]]:
    """The values of each slash list ("9/14 days") bound to the names of a list of as
    many names in the same sentence ("for the base and large models", "base/large")."""
    out: dict[int, set[str]] = {}
    for run in _value_runs(text, qs):
        if text[run[0].end : run[1].start].strip() != "/":
            continue
        while True:
            nxt = next((q for q in qs if q.start >= run[-1].end), None)
            if nxt is None or text[run[-1].end : nxt.start].strip() != "/":
                break
            run = run + [nxt]
        dot = text.rfind(". ", 0, run[0].start)
        end = text.find(". ", run[-1].end)
        lo, hi = (dot + 2 if dot >= 0 else 0), (end if end >= 0 else len(text))
        names = _names(text, lo, hi, len(run), (run[0].start, run[-1].end))
        if names is not None:
            out.update(_bind(run, names))
    return out


def _bind(run: list[Quantity], names: list[str]) -> dict[int, set[str]]:
    """{value start: its name's terms less those every name has}."""
    terms = [{t for t in content_terms(n) if not is_numeric(t)} for n in names]
    common = set.intersection(*terms) if terms else set()
    return {q.start: t - common for q, t in zip(run, terms) if t - common}


def respectively_words(text: str, qs: list[Quantity]) -> dict[int, set[str]]:
    """Each value of a "respectively" list in ``text``, by its start offset: the content
    terms of the name it is listed for, less the terms every name of the list has.

    Args: text: a sentence or passage (offsets of ``qs`` index it). qs: its quantities, in
          order (``extract_quantities``).
    Returns: {quantity.start: terms}; empty when ``text`` has no "respectively" or no list
        of as many names as values before it in its sentence.
    """
    out: dict[int, set[str]] = {}
    if "/" in text:
        out.update(_slash_words(text, qs))
    for m in _RESPECTIVELY.finditer(text):
        dot = text.rfind(". ", 0, m.start())
        lo = dot + 2 if dot >= 0 else 0
        runs = [r for r in _value_runs(text, [q for q in qs if lo <= q.start < m.start()])]
        if not runs:
            continue
        run = _extended(text, runs[-1], qs, m.start())
        names = _names(text, lo, m.start(), len(run), (run[0].start, run[-1].end))
        if names is None:
            continue
        out.update(_bind(run, names))
    return out


def _extended(text: str, run: list[Quantity], qs: list[Quantity], end: int) -> list[Quantity]:
    """``run`` (a run of two values, :func:`_value_runs`) extended to all the values of
    ``qs`` it continues, joined by list words, that start before ``end``."""
    while True:
        nxt = next((q for q in qs if q.start >= run[-1].end), None)
        if (
            nxt is None
            or nxt.start >= end
            or nxt.kind not in _KINDS
            or not _VALUE_GAP.fullmatch(text[run[-1].end : nxt.start])
        ):
            return run
        run = run + [nxt]


def claim_list_words(text: str, qs: list[Quantity]) -> dict[int, set[str]]:
    """:func:`respectively_words` of a claim sentence, and where it writes no
    "respectively", the values of a list that ends its clause bound in order to a list of as
    many names that opens the clause: "Glucose and cellobiose reached only 9% and 8%" gives
    9% to glucose and 8% to cellobiose, the order the sentence implies. For the sentence's
    own words only; a paper's list is bound by its "respectively" alone.

    Args: text: the folded sentence (offsets of ``qs`` index it). qs: its quantities, in
          order. Returns: {quantity.start: terms}, as :func:`respectively_words`.
    """
    out = respectively_words(text, qs)
    if out or _RESPECTIVELY.search(text):
        return out
    for run in _value_runs(text, qs):
        run = _extended(text, run, qs, len(text))
        if not _CLAUSE_END.match(text, run[-1].end):
            continue
        dot = text.rfind(". ", 0, run[0].start)
        lo = max(dot + 2 if dot >= 0 else 0, text.rfind(";", 0, run[0].start) + 1)
        names = _opening_names(text, lo, run[0].start)
        if names is not None and len(names) == len(run):
            out.update(_bind(run, names))
    return out


#: what may follow the last value of a list that ends its clause: a unit or count noun of
#: one word, then the clause's end
_CLAUSE_END = re.compile(r"\s*%?(?:\s*[^\W\d_]+)?\s*(?:[.;,)]|$)")
_LEAD_WORDS = re.compile(r"(?:\s*\b(?:" + "|".join(sorted(_LEAD)) + r")\b)*\s*", re.I)


def _opening_names(text: str, lo: int, hi: int) -> list[str] | None:
    """The names of the list of names that opens ``text[lo:hi]`` (after lead words: "Both
    glucose and cellobiose"), as :func:`_names` gives them; None when the clause opens
    otherwise, or a number or a comma stands between the list and ``hi``."""
    at = _LEAD_WORDS.match(text, lo, hi)
    m = _NAME_LIST.match(text, at.end() if at else lo, hi)
    if m is None or re.search(r"[\d,]", text[m.end() : hi]):
        return None  # a number between; "Compared with A and B, C ...": no subject
    items = _list_items(m)
    return items if all(items) else None


def _list_items(m: re.Match[str]) -> list[str]:
    """The names of a :data:`_NAME_LIST` match: the first name's last word (lead words
    left out; "" when none is left), each middle item, the last name."""
    first = [w for w in m.group(1).split() if w.lower() not in _LEAD]
    middle = [x.strip() for x in m.group(2).split(",") if x.strip()]
    return [first[-1] if first else ""] + middle + [m.group(3)]


#: what joins two values of an ordered pair or list: the list words, "vs", "versus"
_ORDER_GAP = re.compile(r"\s*(?:,\s*(?:and\s+)?|and|/|;|vs\.?|versus)\s*", re.I)
#: "respectively" after a list of values, in the same clause
_RESPECTIVELY_AFTER = re.compile(r"[^.;()\d]{0,40}?\brespectively\b", re.I)


def ordered_run(text: str, q: Quantity, qs: list[Quantity]) -> tuple[list[Quantity], int] | None:
    """The list of values ``q`` belongs to when the list goes in the order of names written
    before it: followed by "respectively" ("A and B reach 78.4 and 80.0, respectively"), or
    a bracketed pair after a comparison ("A scores lower than B (75.7 vs 84.5)"). Returns
    (the values in order, ``q``'s place), or None for a lone value or any other list.

    Args: text: the folded sentence (offsets of ``qs`` index it). qs: its quantities, in
          order.
    """
    if q not in qs:
        return None
    i = qs.index(q)
    lo = i
    while (
        lo > 0
        and qs[lo - 1].kind in _KINDS
        and _ORDER_GAP.fullmatch(text[qs[lo - 1].end : qs[lo].start])
    ):
        lo -= 1
    hi = i
    while (
        hi + 1 < len(qs)
        and qs[hi + 1].kind in _KINDS
        and _ORDER_GAP.fullmatch(text[qs[hi].end : qs[hi + 1].start])
    ):
        hi += 1
    run = qs[lo : hi + 1]
    if len(run) < 2:
        return None
    after = text[run[-1].end :]
    bracketed = text[: run[0].start].rstrip().endswith("(") and after.lstrip().startswith(")")
    if not (bracketed or _RESPECTIVELY_AFTER.match(after)):
        return None
    return run, i - lo


__all__ = ["claim_list_words", "ordered_run", "respectively_words"]
