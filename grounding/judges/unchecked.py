"""Why a sentence with no checkable part stays nei, said without contradicting itself.

The rules judge checks numbers, comparisons, negations, quantifiers and named terms
(``grounding.judges.parts``). A sentence may still hold a year ("in 2022") or a proper
name the parts leave out (a capitalised word such as "Salesforce", or a name opening the
sentence such as "LAVIS"): these are looked up in the paper here, so the rationale says
which of them the paper has and which it lacks, instead of "no number, name ...". And a
passage holding all of the sentence's words that still does not state it is called that
("holds all of its words, but not as one statement"), not "the paper does not state it
(100% of its words)".

Pure over the sentence and an :class:`grounding.evidence.EvidenceIndex` (no I/O).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from grounding.evidence import EvidenceIndex
from grounding.judges.parts import PartKind, decompose, sentence_quantities
from grounding.judges.statement_check import Alignment

#: Capitalised words that are no names (sentence openers, pronouns, months are kept).
_NOT_NAMES = frozenset(
    """I It Its This That These Those The A An We Our They Their He She
His Her You Your In On At By For From With Without Of To As And Or But If When While Where
Which Who What How Why Also However Moreover Finally First Second Third Table Figure Fig
Section Appendix Eq Overall Both Each Every All Some Many Most No Not""".split()
)
_CAPITAL = re.compile(r"(?<![\w-])[A-Z][a-z][A-Za-z]+(?![\w-])")


def unchecked_mentions(text: str) -> list[tuple[str, str]]:
    """The years and proper names of ``text`` that :func:`decompose` makes no part of:
    ("year", "2022"), ("name", "Salesforce"), ("name", "LAVIS") - a name opening the
    sentence counts when it is written as one (capitals or digits after its first letter).

    Returns: (kind, text as written) pairs in sentence order.
    Raises: nothing.
    """
    terms = {p.start for p in decompose(text) if p.kind is PartKind.TERM}
    out: list[tuple[int, str, str]] = []
    for q in sentence_quantities(text):
        if q.kind == "year":
            out.append((q.start, "year", q.text))
    for m in _CAPITAL.finditer(text):
        if m.start() in terms or m.group(0) in _NOT_NAMES:
            continue
        if m.start() == len(text) - len(text.lstrip()):
            continue  # "Released in ...": an opener, not a name
        out.append((m.start(), "name", m.group(0)))
    first = re.match(r"\s*([A-Za-z][\w-]*)", text)
    if (
        first
        and first.start(1) not in terms
        and re.search(r"[A-Z0-9]", first.group(1)[1:])
        and first.group(1) not in _NOT_NAMES
    ):
        out.append((first.start(1), "name", first.group(1)))
    return [(kind, word) for _, kind, word in sorted(out)]


def _in_paper(index: EvidenceIndex, kind: str, word: str) -> bool:
    if kind == "year":
        return any(q.text == word for qs in index.page_quantities.values() for q in qs)
    return index.mentions(word)


def nothing_checkable_reason(
    text: str, index: EvidenceIndex, al: Alignment | None, bounds: Sequence[str] = ()
) -> str:
    """The nei rationale of a sentence with no checkable part that the paper does not state
    near verbatim: which of its years and names the paper has or lacks, and how close the
    closest passage comes. ``bounds``: the sentence's bounded numbers ("over 300 bar") that
    no passage settled, named as such (they are numbers, though not checked).

    Returns: one sentence starting "Not enough information: ".
    Raises: nothing.
    """
    found = unchecked_mentions(text)
    have = [
        f"{'the year' if k == 'year' else 'the name'} {w if k == 'year' else repr(w)}"
        for k, w in found
        if _in_paper(index, k, w)
    ]
    lack = [
        f"{'the year' if k == 'year' else 'the name'} {w if k == 'year' else repr(w)}"
        for k, w in found
        if not _in_paper(index, k, w)
    ]
    if al is None:
        closest = "no passage shares its words"
    elif al.coverage >= 0.999:
        closest = (
            f"the closest passage (page {al.hit.entry.page}) holds all of its words, "
            "but not as one statement"
        )
    else:
        closest = (
            f"the closest passage (page {al.hit.entry.page}) holds {al.coverage:.0%} of its words"
        )
    if lack:
        return (
            f"Not enough information: {_join(lack)} "
            f"{'is' if len(lack) == 1 else 'are'} nowhere in the paper; {closest}."
        )
    if have:
        return (
            f"Not enough information: {_join(have)} "
            f"{'is' if len(have) == 1 else 'are'} in the paper, but no passage states what "
            f"the sentence says of {'it' if len(have) == 1 else 'them'}; {closest}."
        )
    if bounds:
        plural = "s" if len(bounds) > 1 else ""
        return (
            f"Not enough information: no passage settles the bound{plural} "
            f"{_join([repr(b) for b in bounds])} and the paper does not state the "
            f"sentence; {closest}."
        )
    return (
        "Not enough information: nothing checkable (no number, name, comparison, "
        f"negation or quantifier) and the paper does not state it; {closest}."
    )


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


__all__ = ["nothing_checkable_reason", "unchecked_mentions"]
