"""Two things a sentence contrasts, each given what the paper gives the other (pure over
the paper's sentences; no I/O).

"Proteins with serine at position 65 adopt the Up configuration, whereas those with
threonine adopt the Down configuration", where the paper writes "proteins carrying a
threonine at position 65 display an Up configuration, while ... the original serine 65
adopt the Down configuration": every word is the paper's, each clause found, and the
sentence is wrong. :func:`exchanged_pair` splits the sentence into its two contrasted
clauses (at "whereas", "while", ", but" or ";"; the two sharing a term, as parallel
statements do) and reads the paper's pairs of
parallel statements about it: the two clauses of one of its sentences (split the same
way), or two consecutive sentences ("For the CC1π+ sideband, events with exactly two
tracks ... For the CCOther sideband, events with more than two tracks ..."), two
statements being parallel when they share at least :data:`MIN_COMMON` terms. Where exactly
one term of the sentence's first clause (the sentence alone gives it) stands only in the
paper's second statement, exactly one of its second clause only in the first, and the
clauses' other terms of their own side the paper's statements in their order
(:data:`MIN_FRAME` of them, none the other way), the sentence exchanged the two (C2; the
span the first clause's term, the correction the paper's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

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
from grounding.lexicon.words import DOWN_WORDS, GENERAL_WORDS, SAME_WORDS, UP_WORDS

#: Share of the sentence's terms a paper sentence holds to be read for the pair.
COVER = 0.4
#: Paper sentences read, best first.
SENTENCES = 5
#: Terms a clause must have of its own to be contrasted.
MIN_TERMS = 3
#: Terms two statements of the paper share to be parallel ("sideband", "events", "tracks").
MIN_COMMON = 2
#: Terms of the clauses, other than the exchanged two, on their own side of the paper's.
MIN_FRAME = 2

#: where a sentence turns from one thing to the other
_TURN = re.compile(r"\s*(?:;|,?\s+whereas\s+|,?\s+while\s+|,\s+but\s+)", re.IGNORECASE)

Skip = Callable[[int, int], bool]
#: words of change or comparison: exchanging two of them reverses a direction, which the
#: direction checks read
DIRECTION_WORDS = frozenset(w.lower() for w in (*UP_WORDS, *DOWN_WORDS, *SAME_WORDS))


def exchanged_pair(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Skip | None = None,
) -> PartResult | None:
    """The sentence's two contrasted clauses against the paper's parallel statements on
    ``pages`` (module docstring). Returns a contradicted PartResult (span: the first
    clause's exchanged word; correction: the paper's word in its place; hit: none, the
    rationale quotes the paper), or None."""
    halves = _halves(text)
    if halves is None:
        return None
    (first, at), (second, _) = halves
    mine_a, mine_b = sentence_terms(first), sentence_terms(second)
    own_a, own_b = mine_a - mine_b, mine_b - mine_a
    if not mine_a & mine_b or len(own_a) < MIN_TERMS - 1 or not own_b:
        return None  # two clauses about unlike things: no contrast of parallel ones
    claim = mine_a | mine_b
    for _, s in paper.about(claim, COVER, pages, skip)[:SENTENCES]:
        for p, q, where in _statements(paper, s):
            swap = _exchanged(own_a, own_b, p, q)
            if swap is None:
                continue
            x, y = swap
            span = _word(first, x)
            fixed = _word(where, y)
            if not (_names_thing(span) and _names_thing(fixed)):
                continue
            return PartResult(
                Part(
                    PartKind.TERM,
                    span,
                    at + first.find(span),
                    at + first.find(span) + len(span),
                    span,
                ),
                Status.CONTRADICTED,
                ErrorTag.C2,
                f"the sentence gives '{span}' what page {s.page} gives '{fixed}' "
                f'("{quote(where)}")',
                None,
                span,
                fixed,
            )
    return None


def _halves(text: str) -> tuple[tuple[str, int], tuple[str, int]] | None:
    """The sentence's two contrasted clauses with their offsets: the first turn whose two
    sides each have :data:`MIN_TERMS` terms; None when none."""
    for m in _TURN.finditer(text):
        a, b = text[: m.start()], text[m.end() :]
        if len(sentence_terms(a)) >= MIN_TERMS and len(sentence_terms(b)) >= MIN_TERMS - 1:
            return (a, 0), (b, m.end())
    return None


def _statements(
    paper: PaperSentences, s: PaperSentence
) -> Iterator[tuple[frozenset[str], frozenset[str], str]]:
    """(first, second, the text of both) for the paper's pairs of statements around
    ``s``: its own two clauses, then it with the sentence after it and before it."""
    halves = _halves(s.text)
    if halves is not None:
        (a, _), (b, _) = halves
        yield sentence_terms(a), sentence_terms(b), s.text
    page = paper.page(s.page)
    at = next((i for i, p in enumerate(page) if p.sid == s.sid), None)
    if at is None:
        return
    for i, j in ((at, at + 1), (at - 1, at)):
        if 0 <= i and j < len(page):
            # the words as written (``terms`` adds the long forms of abbreviations)
            first, second = page[i].text, page[j].text
            yield sentence_terms(first), sentence_terms(second), first + " " + second


def _exchanged(
    own_a: frozenset[str], own_b: frozenset[str], p: frozenset[str], q: frozenset[str]
) -> tuple[str, str] | None:
    """(x, y): the one term of the first clause's own that only ``q`` holds and the one of
    the second's that only ``p`` holds, where the clauses' other own terms stand on their
    own side (at least :data:`MIN_FRAME`) and none on the other; else None."""
    if len(p & q) < MIN_COMMON:
        return None
    xs, ys = own_a & (q - p), own_b & (p - q)
    if len(xs) != 1 or len(ys) != 1:
        return None
    frame = len(own_a & (p - q)) + len(own_b & (q - p))
    return (next(iter(xs)), next(iter(ys))) if frame >= MIN_FRAME else None


def _names_thing(word: str) -> bool:
    """True for a word that can name one of two things: a noun or a word the dictionary
    does not know ("serine", "CCOther"); not a direction word ("higher", "decreases"), a
    general word of prose, or a verb or adjective only ("ranging", "different")."""
    low = word.lower()
    return (
        bool(word) and low not in DIRECTION_WORDS and low not in GENERAL_WORDS and can_be_noun(word)
    )


def _word(text: str, term: str) -> str:
    """The word of ``text`` whose term is ``term`` (as written), else ""."""
    for tok in raw_tokens(text):
        if sentence_terms(tok) == {term}:
            return tok
    return ""


__all__ = ["COVER", "MIN_COMMON", "MIN_FRAME", "MIN_TERMS", "exchanged_pair"]
