"""Evidence that must not support a claim about this paper: the reference list, and sentences
that report other studies ("[12] reached ...", "Lee et al. reported ...").

:class:`Attribution` is built once per evidence index (it reads each page's text once) and
answers, for a passage or a number found in it, whether it belongs to this paper's own
statements. A claim that itself reports other work ("Prior work reported ...") may use
attributed sentences, never the reference list.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from grounding.evidence import Entry, EvidenceIndex

#: A heading that opens the reference list (a line of its own, optionally numbered).
REFERENCE_HEADING = re.compile(
    r"^\s*(?:\d+\.?\s*)?(?:references|bibliography|literature cited|works cited|"
    r"cited literature|referências|referencias|literatur(?:verzeichnis)?)\s*:?\s*$",
    re.IGNORECASE | re.MULTILINE,
)
#: A heading that ends it (appendices and supplements follow references in many papers).
#: A lettered heading is a line of words alone: "B. Datasets", "A\nBackground &
#: Terminology" (the letter on a line of its own), "B Dataset Details" (not for "A" and "I",
#: which open reference titles: "A Model of Extended Paragraph Vector"); an entry's wrapped
#: line that opens on an author's initial ("C. Lawrence Zitnick.", "K. Bretonnel Cohen,")
#: ends nothing.
_HEADING_WORDS = r"[A-Z][a-z]+(?:[ \t]+[A-Za-z&][\w&-]*){0,6}[ \t]*$"
_AFTER_REFERENCES = re.compile(
    r"^[ \t]*(?:[A-Z]\.[ \t]+"
    + _HEADING_WORDS
    + r"|[A-Z][ \t]*\n[ \t]*"
    + _HEADING_WORDS
    + r"|[B-HJ-Z][ \t]+"
    + _HEADING_WORDS
    + r"|(?i:appendix|appendices|supplementary|supporting information)\b)",
    re.MULTILINE,
)
#: A citation marker: [12], [7, 8], [3-5], "et al.", (Name, 2019), (Name et al. 2019).
CITATION_MARK = re.compile(
    r"\[\d+(?:\s*[,–-]\s*\d+)*\]|\bet al\b|"
    r"\([A-Z][A-Za-z'-]+(?: and [A-Z][A-Za-z'-]+)?,? (?:19|20)\d{2}[a-z]?\)"
)
#: Words by which a claim says it reports other work, not this paper's own result.
_OTHER_WORK = re.compile(
    r"\b(?:prior|previous|earlier|related|other|existing) (?:work|"
    r"stud(?:y|ies)|methods?|systems?|approaches|papers?|taggers?|"
    r"models?)\b|\bet al\b|\[\d+|\breported by\b|\b(?:19|20)\d{2}\)",
    re.IGNORECASE,
)
#: A cited study as the subject of a report: "Lee et al. [7] reported", "[12] reached".
_REPORTED = re.compile(
    r"(?:\[\d+(?:\s*[,–-]\s*\d+)*\]|\bet al\b\.?|\((?:19|20)\d{2}\))"
    r"[^.;]{0,40}?\b(?:report|show|found|find|reach|achiev|propos|demonstrat|"
    r"observ|obtain|claim|suggest|argu)\w*",
    re.IGNORECASE,
)
#: A sentence that opens on other work: "Prior transformer taggers ...", "[3] ...".
_OPENS_ON_OTHERS = re.compile(
    r"^\W*(?:prior|previous|earlier|existing|other|related)\b|"
    r"^\W*(?:[A-Z][\w'-]+ et al\b|\[\d)",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def claim_reports_other_work(text: str) -> bool:
    """True if the claim is itself about other studies ("Prior work reported 94.1% F1",
    "Lee et al. showed ..."), so that attributed sentences may support it."""
    return _OTHER_WORK.search(text) is not None


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """Sentence ranges of a page text: a break after . ! ? (not after "et al.", "e.g.",
    "i.e.", "Fig.") followed by white space, and around short unpunctuated lines (headings
    such as "3 Results")."""
    cuts = {0, len(text)}
    for m in _SENTENCE_END.finditer(text):
        if not _NO_BREAK.search(text, max(0, m.start() - 6), m.start()):
            cuts.add(m.end())
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped and len(stripped.split()) <= 6 and stripped[-1] not in ".,;:!?":
            cuts.update((pos, pos + len(line) + 1))
        pos += len(line) + 1
    edges = sorted(c for c in cuts if c <= len(text))
    return [(a, b) for a, b in zip(edges, edges[1:]) if b > a]


_NO_BREAK = re.compile(r"(?:\bal|\be\.g|\bi\.e|\bFig|\bEq|\bvs|\bcf)\.$")


@dataclass(slots=True)
class Attribution:
    """Which parts of one paper's pages are its own statements.

    references: per page number (1-based), the page-text offset range of the reference
    list on that page. texts: each page's text. :meth:`cited` gives, per page, the offset
    ranges of sentences that report other work: a citation marker with a reporting verb
    after it ("Lee et al. [7] reported"), or a cited sentence opening on other work
    ("Prior taggers reached ... [12]"); a sentence of this paper that merely cites ("ten
    times the size of SciBERT (Beltagy et al., 2019)") stays its own. They are read on
    first use, page by page (a check touches a few pages).
    """

    references: dict[int, tuple[int, int]] = field(default_factory=dict)
    texts: dict[int, str] = field(default_factory=dict)
    _cited: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    #: per page, the starts of its cited spans (they are sorted and disjoint): bisected
    _cited_starts: dict[int, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, index: EvidenceIndex) -> Attribution:
        """Find the reference list of ``index``'s pages (cited sentences come later)."""
        out = cls()
        inside = False
        for number in sorted(index.pages):
            text = getattr(index.pages[number], "text", "") or ""
            out.texts[number] = text
            lo = 0
            if not inside:
                for m in REFERENCE_HEADING.finditer(text):
                    if _YEAR.search(text, m.end(), m.end() + 400):  # entries follow
                        inside, lo = True, m.start()
                        break
            if inside:
                end = _AFTER_REFERENCES.search(text, lo + 12 if lo else 0)
                hi = end.start() if end is not None else len(text)
                out.references[number] = (lo, hi)
                if end is not None:
                    inside = False
        return out

    def cited(self, page: int) -> list[tuple[int, int]]:
        """Offset ranges of the sentences of ``page`` that report other work."""
        spans = self._cited.get(page)
        if spans is None:
            text = self.texts.get(page, "")
            spans = (
                [
                    (a, b)
                    for a, b in _sentence_spans(text)
                    if CITATION_MARK.search(text, a, b) is not None
                    and (
                        _REPORTED.search(text, a, b) is not None
                        or _OPENS_ON_OTHERS.match(text[a:b]) is not None
                    )
                ]
                if CITATION_MARK.search(text)
                else []
            )
            self._cited[page] = spans
        return spans

    def in_references(self, page: int, offset: int) -> bool:
        """True if page-text ``offset`` of ``page`` lies in the reference list."""
        span = self.references.get(page)
        return span is not None and span[0] <= offset < span[1]

    def is_attributed(self, page: int, offset: int) -> bool:
        """True if page-text ``offset`` lies in a sentence that cites other work."""
        spans = self.cited(page)
        starts = self._cited_starts.get(page)
        if starts is None:
            starts = self._cited_starts[page] = [a for a, _ in spans]
        i = bisect_right(starts, offset) - 1  # the last span starting at or before it
        return i >= 0 and offset < spans[i][1]

    def excluded(
        self, entry: Entry, offset: int | None = None, allow_attributed: bool = False
    ) -> bool:
        """True if ``entry`` (or, given ``offset``, the number there) is not this paper's own
        statement: in the reference list, or (unless ``allow_attributed``) wholly in cited
        sentences. Table rows are never excluded (offsets are into the row text)."""
        if entry.kind == "row":
            return False
        if offset is not None:
            return self.in_references(entry.page, offset) or (
                not allow_attributed and self.is_attributed(entry.page, offset)
            )
        if self.in_references(entry.page, entry.start):
            return True
        if allow_attributed or not self.cited(entry.page):
            return False
        step = max(1, (entry.end - entry.start) // 8)
        return all(self.is_attributed(entry.page, a) for a in range(entry.start, entry.end, step))

    def own_text(self, entry: Entry, page: Any = None) -> str:
        """``entry.text`` without the cited sentences it holds (for lines and windows)."""
        if entry.kind == "row" or not self.cited(entry.page):
            return entry.text
        chars = list(entry.text)
        for a, b in self.cited(entry.page):
            lo, hi = max(a, entry.start) - entry.start, min(b, entry.end) - entry.start
            if lo < hi:
                chars[lo:hi] = " " * (hi - lo)
        return "".join(chars)


__all__ = ["Attribution", "CITATION_MARK", "REFERENCE_HEADING", "claim_reports_other_work"]
