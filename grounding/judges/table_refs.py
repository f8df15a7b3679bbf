"""The table or figure a sentence names for its values ("Table 3 shows 84.5"), held to
where the paper has those values: a value found only in another table (or only in a
paper sentence about another table or figure) makes the reference wrong (C2 on "Table 3",
the paper's "Table 2" as the correction), however right the value is.

Captions are lines that open with "Table N" / "Figure N" / "Fig. N" and a ":" or "." (or
nothing more on the line). A table is read as lying on the pages of its caption; a value
in a table row of a page that also holds the named table's caption is never called wrong
(which of two tables on one page a row belongs to is not decided). Pure over an
:class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.number_common import NumberCheck, NumberStatus
from grounding.lexicon import fold
from grounding.quantities import same_value

#: a reference in a sentence: "Table 3", "Tab. 3", "Figure 2b", "Fig. 2", "Figs. 2"
_REF = re.compile(
    r"\b(?P<kind>Tables?|Tab\.|Figures?|Figs?\.)\s*(?P<num>\d{1,3})(?![\d.,]\d)", re.IGNORECASE
)
#: a caption opening a line of the page text
_CAPTION = re.compile(
    r"(?m)^[ \t]*(?P<kind>Table|TABLE|Figure|FIGURE|Fig\.)\s*(?P<num>\d{1,3})"
    r"\s*(?:[:.|]|$)"
)


def _kind(word: str) -> str:
    return "table" if word.lower().startswith("tab") else "figure"


@dataclass(frozen=True, slots=True)
class Reference:
    """A table or figure the sentence names: kind ("table" / "figure"), number, and the
    offsets of its words in the sentence."""

    kind: str
    number: int
    start: int
    end: int


def references(text: str) -> list[Reference]:
    """The tables and figures ``text`` names, in order."""
    return [
        Reference(_kind(m.group("kind")), int(m.group("num")), m.start(), m.end())
        for m in _REF.finditer(fold(text))
    ]


class _Captions:
    """Where each table and figure caption of a paper is: (kind, number) -> pages, and
    page -> [(kind, number, y of the caption)]."""

    def __init__(self, index: EvidenceIndex) -> None:
        self.pages: dict[tuple[str, int], set[int]] = {}
        self.on_page: dict[int, list[tuple[str, int, float]]] = {}
        for number, page in index.pages.items():
            text = getattr(page, "text", "") or ""
            for m in _CAPTION.finditer(text):
                key = (_kind(m.group("kind")), int(m.group("num")))
                self.pages.setdefault(key, set()).add(number)
                rects = (
                    page.rects_for(m.start("kind"), m.end("num"))
                    if hasattr(page, "rects_for")
                    else ()
                )
                y = rects[0].y0 if rects else 0.0
                self.on_page.setdefault(number, []).append((key[0], key[1], y))


_CAPTIONS: WeakKeyDictionary[EvidenceIndex, _Captions] = WeakKeyDictionary()


def _captions(index: EvidenceIndex) -> _Captions:
    held = _CAPTIONS.get(index)
    if held is None:
        held = _CAPTIONS[index] = _Captions(index)
    return held


@dataclass(frozen=True, slots=True)
class WrongReference:
    """The sentence names ``reference`` (its words ``span``) for a value the paper gives in
    ``correction`` ("Table 2") instead; ``hit`` is where the value is."""

    reference: Reference
    span: str
    correction: str
    value: str
    hit: Hit


def _table_of(caps: _Captions, hit: Hit, kind: str) -> tuple[str, int] | None:
    """The caption of ``kind`` nearest the row ``hit`` vertically on its page, or None (a
    row is read under the table captions of its page first, then the figure ones)."""
    on = [c for c in caps.on_page.get(hit.entry.page, []) if c[0] == kind]
    if not on:
        return None
    y = hit.entry.rects[0].y0 if hit.entry.rects else 0.0
    best = min(on, key=lambda c: abs(c[2] - y))
    return best[0], best[1]


def _sentence_refs(index: EvidenceIndex, hit: Hit, q_start: int) -> list[Reference]:
    """The references of the paper's sentence that holds a prose value (its offset
    ``q_start`` in the page text)."""
    text = getattr(index.pages.get(hit.entry.page), "text", "") or ""
    lo = max(text.rfind(". ", 0, q_start), text.rfind(".\n", 0, q_start)) + 1
    ends = [i for i in (text.find(". ", q_start), text.find(".\n", q_start)) if i >= 0]
    hi = min(ends) if ends else len(text)
    return [r for r in references(text[lo:hi]) if not _CAPTION.match(text[lo:hi].strip())]


def _said_with(index: EvidenceIndex, ref: Reference, c: NumberCheck, reach: int = 250) -> bool:
    """True if the paper's text names the reference (not as a caption) within ``reach``
    characters of the value: the paper itself ties the value to that table or figure."""
    for number, page in index.pages.items():
        text = getattr(page, "text", "") or ""
        near = [
            m.start()
            for m in _REF.finditer(text)
            if _kind(m.group("kind")) == ref.kind and int(m.group("num")) == ref.number
        ]
        if not near:
            continue
        for q in index.page_quantities.get(number, ()):
            if same_value(c.quantity, q) and any(abs(q.start - at) <= reach for at in near):
                return True
    return False


def _in_named(index: EvidenceIndex, caps: _Captions, ref: Reference, c: NumberCheck) -> bool:
    """True if a table row on a page of the named table's caption gives the value."""
    pages = caps.pages.get((ref.kind, ref.number), set())
    for page in pages:
        for pid in index.rows_by_page.get(page, []):
            if any(same_value(c.quantity, q) for q in index.entries[pid].quantities):
                return True
    return False


def wrong_reference(
    text: str, index: EvidenceIndex, numbers: list[NumberCheck]
) -> WrongReference | None:
    """The one table or figure ``text`` names when the paper gives its checked values
    elsewhere; None when the sentence names none or several of a kind, when the paper has
    no caption of the named one, or when any value is (or may be) in it.

    Args: text: the sentence. index: the paper's index. numbers: the sentence's number
          checks (``Findings.numbers``); only values found in the paper are read.
    Returns: the WrongReference, or None. Raises: nothing.
    """
    refs = references(text)
    if len(refs) != 1 or re.match(
        r"(?:tables|figures|figs)\b", fold(text)[refs[0].start :], re.IGNORECASE
    ):
        return None  # none, several, or a plural ("Tables 1 and 2")
    ref = refs[0]
    caps = _captions(index)
    named = caps.pages.get((ref.kind, ref.number))
    # a specific value (a decimal, or at least 100): a small whole number is in many tables;
    # an amount with a physical unit ("500 ppm") is more often a condition than a result
    found = [
        c
        for c in numbers
        if c.status == NumberStatus.FOUND
        and c.hit is not None
        and c.quantity.checkable
        and not c.quantity.physical
        and (c.quantity.decimals > 0 or abs(c.quantity.value) >= 100)
    ]
    if not named or not found:
        return None
    other: tuple[str, int] | None = None
    for c in found:
        assert c.hit is not None
        if _said_with(index, ref, c):
            return None
        if c.hit.entry.kind == "row":
            if c.hit.entry.page in named or _in_named(index, caps, ref, c):
                return None
            where = _table_of(caps, c.hit, "table") or _table_of(caps, c.hit, "figure")
        else:
            said = [
                r for r in _sentence_refs(index, c.hit, _offset(index, c)) if r.kind == ref.kind
            ]
            if (
                not said
                or any(r.number == ref.number for r in said)
                or len({r.number for r in said}) != 1
                or _in_named(index, caps, ref, c)
            ):
                return None
            where = (said[0].kind, said[0].number)
        if where is None or where == (ref.kind, ref.number) or (other and where != other):
            return None
        other = where
    if other is None:
        return None
    s = fold(text)
    span = s[ref.start : ref.end] if len(s) == len(text) else text[ref.start : ref.end]
    label = "Table" if other[0] == "table" else "Figure"
    if re.match(r"(?:tab|figs?)\.", span, re.IGNORECASE) and other[0] == ref.kind:
        label = "Tab." if other[0] == "table" else "Fig."
    hit = found[0].hit
    assert hit is not None
    return WrongReference(
        ref, text[ref.start : ref.end], f"{label} {other[1]}", found[0].quantity.text, hit
    )


def _offset(index: EvidenceIndex, c: NumberCheck) -> int:
    """Where the value of ``c`` stands in its page's text (the passage start if not read)."""
    assert c.hit is not None
    for q in c.hit.entry.quantities:
        if same_value(c.quantity, q):
            return q.start
    return c.hit.entry.start


__all__ = ["Reference", "WrongReference", "references", "wrong_reference"]
