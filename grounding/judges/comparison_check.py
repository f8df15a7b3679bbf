"""A comparison word read where the passage says it: in the passage's sentence that holds
the comparison's own sides and outcome, not anywhere in the passage (pure, no I/O).

:func:`statement_check.check_comparison` verifies a direction word ("higher", "increased")
by a word of its class anywhere in the passage aligned with its clause. Two kinds of
passage hold the word and still say the other thing:

- **sides exchanged** (:func:`exchanged_sides`): the passage states the same comparison,
  with the same operator word (or one of its class) and the same multiplier ("4.8 times
  larger than"), the two sides the other way round: "the amount of pyrrole type is 4.8 times
  larger than pyridine type" for "pyridine type ... 4.8 times larger than pyrrole type";
- **the word in another clause** (:func:`bound_direction`): the passage's word of the
  claim's class governs other things ("an increased fluorescence quantum yield") while the
  words the claim's word governs ("reversible photoswitching") are governed there by the
  opposite word ("strongly reduced reversible photoswitching"): contradicted.

Both read the paper's sentences that the passage overlaps, sentence by sentence (a passage
is a line or a 3-line window: it may cut a sentence short, or hold two sentences that
compare the same things under different conditions).
"""

from __future__ import annotations

from collections.abc import Sequence

from annotations.schema import ErrorTag
from grounding.judges.attribution import _sentence_spans
from grounding.judges.direction_check import Change, changes, quote
from grounding.judges.parts import Part
from grounding.judges.relation_check import (
    class_of,
    comparisons,
    multiplier_at,
    verb_comparisons,
)
from grounding.judges.statement_check import Alignment, PartResult, Status
from grounding.lexicon import fold


def passage_sentences(passage: str) -> list[str]:
    """The sentences of a passage's text (lines joined; the page splitter's rule)."""
    flat = fold(passage).replace("\n", " ")
    return [flat[a:b].strip() for a, b in _sentence_spans(flat) if flat[a:b].strip()]


def exchanged_sides(
    part: Part, al: Alignment, text: str, around: Sequence[str] = ()
) -> PartResult | None:
    """The passage's sentences state the claim's comparison ("A is N times higher than B":
    a word of the claim's class with "than" and, if the claim gives one, the same
    multiplier) only with its sides exchanged: the claim's first side meets the passage's
    second and its second the passage's first (:func:`comparisons`; words both sides hold
    in place, "an otherwise identical", name no side), and no sentence of the passage
    states it in place (the two second sides meet, the claim's first side not on the
    passage's second).
    Contradicted (C3, the passage sentence as correction), else None."""
    word = part.text.lower()
    cls = class_of(word)
    low = fold(text).lower()
    mult = multiplier_at(low, part.start)
    mine = [x for x in comparisons(low, cls, mult) if x[0] == word] if cls else []
    if not mine or not mine[0][1] or not mine[0][2]:
        return None
    _, cl, cr = mine[0]
    crossed = None
    for sentence in around or passage_sentences(al.text):
        for _, el, er in comparisons(fold(sentence).lower(), cls or "", mult):
            if cr & er and not cl & er:
                return None  # stated in place
            if cl & er and cr & el and crossed is None:
                crossed = sentence
    if crossed is None:
        return None
    return PartResult(
        part,
        Status.CONTRADICTED,
        ErrorTag.C3,
        f"the sentence says '{part.text}' with its two sides the other way round from page "
        f'{al.hit.entry.page} ("{quote(crossed)}")',
        al.hit,
        part.text,
        quote(crossed),
    )


def _ordered(sentence: str) -> list[tuple[str, set[str], set[str]]]:
    """(word, larger side, smaller side) of each comparison of a paper sentence: with
    "than" (:func:`comparisons`, either class) or by a comparison verb
    (:func:`verb_comparisons`)."""
    low = fold(sentence).lower()
    return (
        comparisons(low, "up", None)
        + [(w, small, big) for w, big, small in comparisons(low, "down", None)]
        + verb_comparisons(low)
    )


def reversed_order(
    part: Part, al: Alignment, text: str, around: Sequence[str] = ()
) -> PartResult | None:
    """The passage's sentences order the claim's two sides ("the decadal amplitude is
    smaller than the interannual one": :func:`comparisons`) the other way ("the amplitude
    on the decadal timescale (0.33 °C) exceeds that on the interannual timescale (0.26
    °C)"), by a comparative with "than" or a comparison verb, and none orders them the
    claim's way: contradicted (C3, the passage sentence as correction), else None. A side
    is the terms it holds alone (the words before the comparison word, the subject
    included, and those of its other side); the claim's smaller side must meet the
    passage's larger side and not its smaller one, and its larger side the passage's
    smaller one."""
    word = part.text.lower()
    cls = class_of(word)
    low = fold(text).lower()
    mine = [x for x in comparisons(low, cls, None) if x[0] == word] if cls else []
    if not mine or not mine[0][1] or not mine[0][2]:
        return None
    _, left, right = mine[0]
    big, small = (left, right) if cls == "up" else (right, left)
    crossed = None
    for sentence in around or passage_sentences(al.text):
        for w, el, er in _ordered(sentence):
            if small & er and not small & el:
                return None  # ordered the claim's way
            if small & el and big & er and not small & er and crossed is None:
                crossed = (w, sentence)
    if crossed is None:
        return None
    w, sentence = crossed
    return PartResult(
        part,
        Status.CONTRADICTED,
        ErrorTag.C3,
        f"the sentence says '{part.text}' where page {al.hit.entry.page} orders the same two "
        f"things the other way ('{w}': \"{quote(sentence)}\")",
        al.hit,
        part.text,
        quote(sentence),
    )


def _change_at(text: str, part: Part) -> Change | None:
    """The change word of ``text`` (:func:`direction_check.changes`) at the part's place."""
    return next(
        (c for c in changes(text) if c.start == part.start or c.word.lower() == part.text.lower()),
        None,
    )


def bound_direction(
    part: Part, al: Alignment, text: str, around: Sequence[str] = ()
) -> PartResult | None:
    """The claim's change word read in the passage's clause that governs the same
    outcome (the words after the claim's word: :class:`direction_check.Change`). None (the
    passage's word stands) when a change word of the claim's direction has a word of that
    outcome before or after it ("frequencies higher than" for "higher frequencies");
    else contradicted (C3) when every change word of the passage governing a word of that
    outcome after it goes the other way; None otherwise (a passage may say it with a noun,
    "a slight degradation", that no change word reads)."""
    c = _change_at(text, part)
    if c is None or c.negated or not c.outcome or c.than:
        return None
    found: list[tuple[Change, str]] = []
    for sentence in around or passage_sentences(al.text):
        found += [(d, sentence) for d in changes(sentence)]
    near = [(d, s) for d, s in found if c.outcome & (d.outcome | d.agent)]
    if any(d.direction == c.direction and not d.negated for d, _ in near):
        return None
    bound = [(d, s) for d, s in near if not d.than and c.outcome & d.outcome]
    other = [(d, s) for d, s in bound if d.direction != c.direction and not d.negated]
    page = al.hit.entry.page
    if other and len(other) == len(bound):
        d, sentence = other[0]
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence says '{part.text}' where page {page} says '{d.word}' of the same "
            f'thing ("{quote(sentence)}")',
            al.hit,
            part.text,
            d.word,
        )
    return None


def read_in_clause(
    part: Part, al: Alignment, text: str, around: Sequence[str] = ()
) -> PartResult | None:
    """:func:`exchanged_sides`, else :func:`bound_direction`: the result that replaces a
    comparison verified by a word of its class in ``al``, or None when that word stands.
    ``around``: the paper's sentences the passage overlaps (and their neighbours), read
    instead of the passage's own text, which may cut a sentence short; () reads the
    passage's sentences."""
    return (
        exchanged_sides(part, al, text, around)
        or bound_direction(part, al, text, around)
        or reversed_order(part, al, text, around)
    )


__all__ = [
    "bound_direction",
    "exchanged_sides",
    "passage_sentences",
    "read_in_clause",
    "reversed_order",
]
