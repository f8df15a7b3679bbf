"""Two things a sentence contrasts, each given what the paper gives the other (pure over
the paper's sentences; no I/O).

"Proteins with serine at position 65 adopt the Up configuration, whereas those with
threonine adopt the Down configuration", where the paper writes "proteins carrying a
threonine at position 65 display an Up configuration, while ... the original serine 65
adopt the Down configuration": every word is the paper's, each clause found, and the
sentence is wrong. :func:`exchanged_pair` splits the sentence into its two contrasted
clauses (at "whereas", "while", ", but" or ";"; the two sharing a term, as parallel
statements do) and reads the paper's pairs of parallel statements on the evidence's pages
that hold :data:`PAIR_COVER` of its terms together: the two clauses of one of its
sentences (split the same way, or at ", and" where no list ends there: "It uses
TimeSformer to extract video features, and BERT to extract text features"), or two
consecutive sentences ("For the CC1π+ sideband, events with exactly two tracks ... For
the CCOther sideband, events with more than two tracks ..."), two statements being
parallel when they share at least :data:`MIN_COMMON` terms. A term is a content word's
root or a value ("the e = 0.9 source ... around 40 mHz"). Where exactly one term of the
sentence's first clause (the sentence alone gives it) stands only in the paper's second
statement, exactly one of its second clause only in the first, and the clauses' other
terms of their own side the paper's statements in their order (:data:`MIN_FRAME` of them,
one at least the first clause's, none the other way), the sentence exchanged the two
(C2; the span the first clause's word or value, the correction the paper's). Both must
tell things apart: a value, a noun or a word the dictionary does not know; not a
direction word ("higher" / "decreases"), which the direction checks read, nor a verb or
adjective only ("ranging" / "different").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from annotations.schema import ErrorTag
from grounding.judges.direction_check import (
    PaperSentence,
    PaperSentences,
    quote,
    sentence_terms,
)
from grounding.judges.parts import Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import raw_tokens
from grounding.lexicon.parts_of_speech import can_be_noun
from grounding.lexicon.words import DIRECTION_WORDS, GENERAL_WORDS
from grounding.memo import per_check
from grounding.quantities import extract_quantities

#: Share of the sentence's terms two statements of the paper hold together to be read.
PAIR_COVER = 0.5
#: Pairs of statements read, most of the sentence's terms first.
PAIRS = 8
#: Terms a clause must have of its own to be contrasted.
MIN_TERMS = 3
#: Terms two statements of the paper share to be parallel ("sideband", "events", "tracks").
MIN_COMMON = 2
#: Terms of the clauses, other than the exchanged two, on their own side of the paper's.
MIN_FRAME = 2

#: where a sentence turns from one thing to the other
_TURN = re.compile(r"\s*(?:;|,?\s+whereas\s+|,?\s+while\s+|,\s+but\s+)", re.IGNORECASE)
#: the same in the paper's sentences, where ", and" also joins two parallel statements
#: ("It uses TimeSformer to extract video features, and BERT to extract text features")
_PAPER_TURN = re.compile(_TURN.pattern + r"|,\s+and\s+", re.IGNORECASE)

Skip = Callable[[int, int], bool]


def exchanged_pair(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Skip | None = None,
) -> PartResult | None:
    """The sentence's two contrasted clauses against the paper's parallel statements on
    ``pages`` (the evidence's pages; None or none: nothing is read; module docstring).
    Returns a contradicted PartResult (span: the first clause's exchanged word or value;
    correction: the paper's in its place; hit: the line where the paper's pair starts),
    or None."""
    halves = _halves(text, _TURN)
    if halves is None:
        return None
    (first, at), (second, _) = halves
    mine_a, mine_b = _terms(first), _terms(second)
    own_a, own_b = mine_a - mine_b, mine_b - mine_a
    if not mine_a & mine_b or len(own_a) < MIN_TERMS - 1 or not own_b:
        return None  # two clauses about unlike things: no contrast of parallel ones
    for cover, s, p, q, where in _statements(paper, mine_a | mine_b, pages, skip):
        swap = _exchanged(own_a, own_b, p, q)
        if swap is None:
            continue
        x, y = swap
        span, fixed = _word(first, x), _word(where, y)
        if not (_names_thing(span) and _names_thing(fixed)):
            continue
        start = at + first.find(span)
        return PartResult(
            Part(PartKind.TERM, span, start, start + len(span), span),
            Status.CONTRADICTED,
            ErrorTag.C2,
            f"the sentence gives '{span}' what page {s.page} gives '{fixed}' (\"{quote(where)}\")",
            paper.hit_for(s, cover),
            span,
            fixed,
        )
    return None


def _halves(text: str, turn: re.Pattern[str]) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """The sentence's two contrasted clauses with their offsets: the first turn whose two
    sides each have :data:`MIN_TERMS` terms (the second one fewer); None when none."""
    for m in turn.finditer(text):
        if (
            m.group(0).strip(" ,").lower() == "and"
            and "," in text[max(0, m.start() - 40) : m.start()]
        ):
            continue  # the last item of a list ("white dwarfs, neutron stars, and black holes")
        a, b = text[: m.start()], text[m.end() :]
        if len(_terms(a)) >= MIN_TERMS and len(_terms(b)) >= MIN_TERMS - 1:
            return (a, 0), (b, m.end())
    return None


def _statements(
    paper: PaperSentences, claim: frozenset[str], pages: Iterable[int] | None, skip: Skip | None
) -> list[tuple[float, PaperSentence, frozenset[str], frozenset[str], str]]:
    """(share of the sentence's terms, the paper sentence the pair starts with, first,
    second, their text) for the paper's pairs of statements on ``pages`` (the two clauses
    of a sentence; two consecutive sentences) that hold :data:`PAIR_COVER` of the
    sentence's terms together: the :data:`PAIRS` that hold most, best first."""
    found: list[tuple[float, PaperSentence, frozenset[str], frozenset[str], str]] = []
    for n in sorted(set(pages or ())):
        sentences = [x for x in paper.page(n) if skip is None or not skip(x.page, x.start)]
        for i, s in enumerate(sentences):
            pairs = []
            halves = _halves(s.text, _PAPER_TURN)
            if halves is not None:
                (a, _), (b, _) = halves
                pairs.append((_terms(a), _terms(b), s.text))
            if i + 1 < len(sentences) and sentences[i + 1].sid == s.sid + 1:
                nxt = sentences[i + 1].text
                pairs.append((_terms(s.text), _terms(nxt), s.text + " " + nxt))
            for p, q, where in pairs:
                cover = len(claim & (p | q)) / len(claim)
                if cover >= PAIR_COVER:
                    found.append((cover, s, p, q, where))
    found.sort(key=lambda x: -x[0])
    return found[:PAIRS]


@per_check(maxsize=4096)
def _terms(text: str) -> frozenset[str]:
    """The terms of ``text`` (:func:`sentence_terms`) and its values ("#86.4")."""
    values = {f"#{q.value:g}" for q in extract_quantities(text) if q.checkable}
    return sentence_terms(text) | frozenset(values)


def _exchanged(
    own_a: frozenset[str], own_b: frozenset[str], p: frozenset[str], q: frozenset[str]
) -> tuple[str, str] | None:
    """(x, y): the one term of the first clause's own that only ``q`` holds and the one of
    the second's that only ``p`` holds, where the clauses' other own terms stand on their
    own side (at least :data:`MIN_FRAME`, one of them the first clause's) and none on the
    other; else None."""
    if len(p & q) < MIN_COMMON:
        return None
    xs, ys = own_a & (q - p), own_b & (p - q)
    if len(xs) != 1 or len(ys) != 1:
        return None
    anchor = len(own_a & (p - q))  # the first clause's own statement: at least one term
    frame = anchor + len(own_b & (q - p))
    return (next(iter(xs)), next(iter(ys))) if anchor and frame >= MIN_FRAME else None


def _names_thing(word: str) -> bool:
    """True for a word or value that can tell two things apart: a value, a noun or a word
    the dictionary does not know ("serine", "CCOther"); not a direction word ("higher",
    "decreases"), a general word of prose, or a verb or adjective only ("ranging",
    "different")."""
    low = word.lower()
    if word[:1].isdigit() or word[:1] in "-+.":
        return True
    return (
        bool(word) and low not in DIRECTION_WORDS and low not in GENERAL_WORDS and can_be_noun(word)
    )


def _word(text: str, term: str) -> str:
    """The word of ``text`` whose term is ``term`` (as written; a value's quantity as
    written), else ""."""
    if term.startswith("#"):
        return next(
            (q.text for q in extract_quantities(text) if q.checkable and f"#{q.value:g}" == term),
            "",
        )
    for tok in raw_tokens(text):
        if sentence_terms(tok) == {term}:
            return tok
    return ""


__all__ = ["MIN_COMMON", "MIN_FRAME", "MIN_TERMS", "PAIRS", "PAIR_COVER", "exchanged_pair"]
