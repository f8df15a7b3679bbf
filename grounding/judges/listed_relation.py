"""One relation a paper states item by item in a list, and a sentence that pairs two names
of the list across its items (pure over the paper's sentences; no I/O).

"ACL Anthology Network (AAN) derived from the ACL Anthology, RefSeer (Huang et al., 2015)
derived from CiteSeerX, and Saier and Färber (2019) derived from arXiv" gives each corpus
its source; "RefSeer was derived from arXiv" has every word of it on the page, and is
wrong. :func:`listed_relation` reads the sentence as a name, a short stretch holding the
relation's verbs (at most :data:`MAX_BETWEEN` words: "was derived from") and a
name; then the paper's sentences on the evidence's pages that state that relation
:data:`MIN_ITEMS` times or more, each time between the nearest name before it in its
item and the first name after it (items end at ",", ";" and " and "). Where the paper
pairs the sentence's first name with another second name, gives the sentence's second
name to another first one, and never pairs the two, the sentence's second name is C2,
the paper's partner of its first name the correction.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from annotations.schema import ErrorTag
from grounding.judges.direction_check import PaperSentence, PaperSentences, quote
from grounding.judges.name_binding import key
from grounding.judges.parts import NAME, Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import content_term
from grounding.lexicon.parts_of_speech import can_be_verb

#: Words between the two names that may state the relation.
MAX_BETWEEN = 5
#: Times a paper sentence states the relation to be read as a list.
MIN_ITEMS = 2

_WORD = re.compile(r"[^\W\d_][\w-]*")
#: where an item of a list ends
_ITEM_END = re.compile(r",\s+(?:and\s+)?|;\s+|\s+and\s+")
_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_CAPITALISED = re.compile(r"(?:\s+[A-Z][\w-]*)+")

Skip = Callable[[int, int], bool]


def listed_relation(
    text: str, paper: PaperSentences, pages: Iterable[int] | None = None, skip: Skip | None = None
) -> PartResult | None:
    """The sentence's two names against the paper's lists of the same relation on
    ``pages`` (module docstring). Returns a contradicted PartResult (span: the sentence's
    second name; correction: the paper's partner of its first; hit: the paper's
    sentence), or None."""
    claim = _claim_pair(text)
    if claim is None or not pages:
        return None
    first, second, relation, at = claim
    for number in sorted(set(pages)):
        for s in paper.page(number):
            if skip is not None and skip(s.page, s.start):
                continue
            low = s.text.lower()
            if sum(low.count(t[:4]) for t in relation) < MIN_ITEMS:
                continue  # a stem's first letters open its words: fewer than a list
            pairs = _pairs(s.text, relation)
            x, y = key(first), key(second)
            if len(pairs) < MIN_ITEMS or any(x in a and key(b) == y for a, b, _ in pairs):
                continue  # no list, or the paper's own pair
            partners = {shown for a, _, shown in pairs if x in a}
            givers = [a for a, b, _ in pairs if key(b) == y]
            if len(partners) == 1 and givers:
                return _result(second, at, partners.pop(), s, paper)
    return None


def _claim_pair(text: str) -> tuple[str, str, frozenset[str], int] | None:
    """(first name, second name, the relation's content terms, the second name's offset)
    for the sentence's first two names with at most :data:`MAX_BETWEEN` words between them,
    at least one a content word the dictionary reads as a verb ("derived"; not "humins");
    None otherwise."""
    found = [m for m in NAME.finditer(text)]
    for a, b in zip(found, found[1:], strict=False):
        if key(a.group(0)) == key(b.group(0)):
            continue  # one name twice relates no two things
        between = text[a.end() : b.start()]
        words = _WORD.findall(between)
        if not words or len(words) > MAX_BETWEEN or re.search(r"[,;()]", between):
            continue
        terms = frozenset(t for w in words if (t := content_term(w)) is not None and can_be_verb(w))
        if terms:
            return a.group(0), b.group(0), terms, b.start()
    return None


def _pairs(sentence: str, relation: frozenset[str]) -> list[tuple[frozenset[str], str, str]]:
    """(names before, name after) for each statement of ``relation`` in ``sentence``: the
    keys of the names of its item before it (an abbreviation in brackets among them:
    "ACL Anthology Network (AAN)"; empty when the item names none), the first name after
    it before the item ends (outside brackets) and that name with the capitalised words
    after it ("ACL Anthology"), as the correction names it."""
    flat = _BRACKETS.sub(lambda m: " " * len(m.group(0)), sentence)
    out: list[tuple[frozenset[str], str, str]] = []
    last_end = 0
    for m in _WORD.finditer(flat):
        if content_term(m.group(0)) not in relation:
            continue
        item_start = max([last_end] + [x.end() for x in _ITEM_END.finditer(flat, 0, m.start())])
        before = frozenset(key(n.group(0)) for n in NAME.finditer(sentence, item_start, m.start()))
        stop = _ITEM_END.search(flat, m.end())
        after = NAME.search(flat, m.end(), stop.start() if stop else len(flat))
        last_end = m.end()
        if after is not None:
            more = _CAPITALISED.match(flat, after.end())
            out.append((before, after.group(0), after.group(0) + (more.group(0) if more else "")))
    return out


def _result(span: str, at: int, fixed: str, s: PaperSentence, paper: PaperSentences) -> PartResult:
    return PartResult(
        Part(PartKind.TERM, span, at, at + len(span), span),
        Status.CONTRADICTED,
        ErrorTag.C2,
        f"the sentence says '{span}' where page {s.page} gives '{fixed}' (\"{quote(s.text)}\")",
        paper.hit_for(s, 1.0),
        span,
        fixed,
    )


__all__ = ["MAX_BETWEEN", "MIN_ITEMS", "listed_relation"]
