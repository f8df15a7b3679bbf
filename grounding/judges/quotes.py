"""Quotes a sentence attributes to the paper ("the paper states that '... X ... Y'"), held
to the paper's text: a quote is found only when each of its fragments (the parts between
ellipses) occurs, in order, close together, and the text an ellipsis leaves out holds no
negation. A quote of a few common words ("the", "in this paper we") is no evidence.

Matching is on letters and digits only (case, spacing, punctuation, hyphenated line
breaks and ligatures aside), fragments starting and ending at word boundaries. Pure over an
:class:`EvidenceIndex` (its page texts); no I/O.

Usage::

    for q in check_quotes(sentence, index):
        q.status        # "found" | "absent" | "apart" | "negation" | "trivial"
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from grounding.evidence import EvidenceIndex, normalise_with_map
from grounding.judges.rules_cues import REPORTING, negation_count
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.types import Passage

#: a quoted span: straight or curly double quotes, guillemets, curly single quotes, or
#: straight single quotes that are no apostrophes (a non-letter on the outer side)
_QUOTE = re.compile(
    r'"([^"]+)"|\u201c([^\u201d]+)\u201d|\u00ab([^\u00bb]+)\u00bb'
    r"|(?<![\w\u2019'])\u2018([^\u2019]+)\u2019(?!\w)"
    r"|(?<![\w'])'([^']+)'(?![\w])"
)
#: an ellipsis: "...", ". . .", "…", optionally in square brackets; or an editor's words
#: in square brackets ("we [the authors] find"), which stand for the paper's own
_ELLIPSIS = re.compile(
    r"\s*(?:\[\s*(?:\.\s*){3,}\]|\[\s*\u2026\s*\]|(?:\.\s*){3,}|\u2026"
    r"|\[[^\]]{1,40}\])\s*"
)
#: a quote needs this many words (ellipses aside) to be checked as a quote of the paper; a
#: shorter one is a name or a term in quotes, which the term checks read
MIN_WORDS = 3
#: the most letters and digits an ellipsis may leave out between two fragments (about 60
#: words): fragments further apart are no single quote
MAX_GAP = 400
#: words that frame a quote rather than say anything ("the authors write that ...")
_FRAME = frozenset(
    content_terms(
        "paper article text abstract author authors write writes wrote written state states stated "
        "say says said put puts quote quotes quoted call calls called describe describes "
        "described phrase phrasing word words explicitly directly literally verbatim "
        "according"
    )
) | frozenset(REPORTING)


@dataclass(frozen=True, slots=True)
class QuoteCheck:
    """One quote of a sentence and what the paper holds of it.

    text: the quote as the sentence writes it (without quote marks); start, end: its
    offsets in the sentence. status: "found" (every fragment, in order, close, nothing
    negated left out), "absent" (a fragment the paper does not hold), "apart" (every
    fragment occurs, but never in order within :data:`MAX_GAP`), "negation" (found, but an
    ellipsis leaves out a negation: ``elided``), "trivial" (a few common words: no
    evidence, not searched). passage: where the paper holds it (found / negation), else
    None. paper: the paper's text from the first fragment to the last ("" if none).
    """

    text: str
    start: int
    end: int
    status: str
    passage: Passage | None = None
    paper: str = ""
    elided: str = ""


def quotes_in(sentence: str) -> list[tuple[str, int, int]]:
    """The quotes of ``sentence`` of at least :data:`MIN_WORDS` words, or of a few common
    words (:func:`is_trivial`): (text, start, end), offsets of the text inside the quote
    marks. A shorter quote that names something ("SciBERT", "gold standard") is left to the
    term checks."""
    out = []
    for m in _QUOTE.finditer(sentence):
        g = next(i for i in range(1, 6) if m.group(i) is not None)
        body = m.group(g)
        if len(_ELLIPSIS.sub(" ", body).split()) >= MIN_WORDS or is_trivial(body):
            out.append((body, m.start(g), m.end(g)))
    return out


def fragments(quote: str) -> list[str]:
    """The parts of ``quote`` between its ellipses (and editor's insertions), empty ones
    dropped; a letter whose case the editor changed ("[i]n") is the paper's letter."""
    quote = re.sub(r"\[([A-Za-z])\]", r"\1", quote)
    return [f.strip() for f in _ELLIPSIS.split(quote) if f.strip(" ,;:.")]


def is_trivial(quote: str) -> bool:
    """True for a quote of a few common words: fewer than two content words, no number
    and no name-like token (a capital inside a word, or an acronym)."""
    body = " ".join(fragments(quote))
    if re.search(r"\d|\b[A-Za-z]*[a-z][A-Z]|\b[A-Z]{2,}", body):
        return False
    return len([t for t in content_terms(body) if not is_numeric(t)]) < 2


def framing_only(sentence: str, spans: list[tuple[int, int]]) -> bool:
    """True when ``sentence`` outside the quote spans is only framing ("The paper states
    that", "According to the authors,"): the quote is the whole claim."""
    rest, last = [], 0
    for a, b in sorted(spans):
        rest.append(sentence[last:a])
        last = b
    rest.append(sentence[last:])
    return all(t in _FRAME for t in content_terms(" ".join(rest)))


class _Squashed:
    """A paper's text as one string of lower-case letters and digits, with the page and
    page offset of each character, and which characters start or end a word."""

    def __init__(self, index: EvidenceIndex) -> None:
        chars: list[str] = []
        self.page: list[int] = []
        self.offset: list[int] = []
        starts: list[bool] = []
        ends: list[bool] = []
        self.page_start: list[int] = []
        self.pages = sorted(index.pages)
        for number in self.pages:
            self.page_start.append(len(chars))
            norm, offs = normalise_with_map(index.pages[number].text)
            prev = " "
            for i, ch in enumerate(norm):
                if ch.isalnum():
                    chars.append(ch)
                    self.page.append(number)
                    self.offset.append(offs[i])
                    starts.append(not prev.isalnum())
                    nxt = norm[i + 1] if i + 1 < len(norm) else " "
                    ends.append(not nxt.isalnum())
                prev = ch
        self.text = "".join(chars)
        self.starts, self.ends = starts, ends

    def find_all(self, needle: str, limit: int = 200) -> list[int]:
        out: list[int] = []
        i = self.text.find(needle)
        while i >= 0 and len(out) < limit:
            if self.starts[i] and self.ends[i + len(needle) - 1]:
                out.append(i)
            i = self.text.find(needle, i + 1)
        return out


_SQUASHED: WeakKeyDictionary[EvidenceIndex, _Squashed] = WeakKeyDictionary()


def _squash(text: str) -> str:
    return "".join(ch for ch in fold(text).lower() if ch.isalnum())


def _original(index: EvidenceIndex, sq: _Squashed, a: int, b: int) -> str:
    """The page text from squashed position ``a`` to ``b`` (exclusive), across pages."""
    if b <= a:
        return ""
    pa, pb = sq.page[a], sq.page[b - 1]
    oa, ob = sq.offset[a], sq.offset[b - 1] + 1
    first: str = index.pages[pa].text
    if pa == pb:
        return first[oa:ob]
    last: str = index.pages[pb].text
    return first[oa:] + " " + last[:ob]


def _chains(occ: list[list[int]], lengths: list[int]) -> list[list[int]]:
    """Every in-order choice of one occurrence per fragment, each fragment starting at most
    :data:`MAX_GAP` characters after the previous one ends (the nearest such occurrence)."""
    out = []
    for first in occ[0]:
        chain = [first]
        for k in range(1, len(occ)):
            end = chain[-1] + lengths[k - 1]
            j = bisect_right(occ[k], end - 1)
            if j >= len(occ[k]) or occ[k][j] - end > MAX_GAP:
                break
            chain.append(occ[k][j])
        if len(chain) == len(occ):
            out.append(chain)
    return out


def check_quote(quote: str, start: int, end: int, index: EvidenceIndex) -> QuoteCheck:
    """Hold one quote (``quote``, at ``start``:``end`` of its sentence) to the paper's
    text; see :class:`QuoteCheck` for the statuses. Raises: nothing."""
    if is_trivial(quote):
        return QuoteCheck(quote, start, end, "trivial")
    sq = _SQUASHED.get(index)
    if sq is None:
        sq = _SQUASHED[index] = _Squashed(index)
    parts = [p for p in (_squash(f) for f in fragments(quote)) if p]
    if not parts:
        return QuoteCheck(quote, start, end, "trivial")
    occ = [sq.find_all(p) for p in parts]
    if not all(occ):
        return QuoteCheck(quote, start, end, "absent")
    lengths = [len(p) for p in parts]
    # the tightest first: the passage is where the quote's words stand closest
    chains = sorted(_chains(occ, lengths), key=lambda ch: ch[-1] - ch[0])
    if not chains:
        return QuoteCheck(quote, start, end, "apart")
    negated = ""
    for chain in chains:
        gaps = [
            _original(index, sq, chain[k] + lengths[k], chain[k + 1]) for k in range(len(chain) - 1)
        ]
        held = [g for g in gaps if negation_count(g)]
        a, b = chain[0], chain[-1] + lengths[-1]
        page = index.pages[sq.page[a]]
        oa = sq.offset[a]
        ob = sq.offset[b - 1] + 1 if sq.page[b - 1] == sq.page[a] else len(page.text)
        passage = Passage(
            sq.page[a],
            oa,
            ob,
            page.text[oa:ob],
            tuple(page.rects_for(oa, ob)) if hasattr(page, "rects_for") else (),
            1.0,
        )
        paper = " ".join(_original(index, sq, a, b).split())
        if not held:
            return QuoteCheck(quote, start, end, "found", passage, paper)
        if not negated:
            negated = " ".join(held[0].split())
            first = QuoteCheck(quote, start, end, "negation", passage, paper, negated)
    return first


def check_quotes(sentence: str, index: EvidenceIndex) -> list[QuoteCheck]:
    """Each quote of ``sentence`` (:func:`quotes_in`) held to the paper (:func:`check_quote`).

    Args: sentence: the answer sentence. index: the paper's evidence index (page texts).
    Returns: one QuoteCheck per quote, in order; [] when the sentence quotes nothing.
    """
    return [check_quote(q, a, b, index) for q, a, b in quotes_in(sentence)]


__all__ = [
    "MAX_GAP",
    "MIN_WORDS",
    "QuoteCheck",
    "check_quote",
    "check_quotes",
    "fragments",
    "framing_only",
    "is_trivial",
    "quotes_in",
]
