"""A sentence taken apart into the parts a reader would check (pure, no I/O).

:func:`decompose` returns, in sentence order:

- ``quantity`` parts: each checkable number (``grounding.quantities``) with the content
  words around it that bind it to an entity, metric or condition;
- ``comparison`` parts: a direction word ("outperforms", "higher", "drops", "matches")
  with its class (``up`` / ``down`` / ``same``) and the words on both sides; another
  comparative before "than" ("thinner than") is of class ``other``;
- ``polarity`` parts: a negation cue ("not", "without", "fails") with the words it governs;
- ``quantifier`` parts: all / every / only / none / most / both / "N of M";
- ``term`` parts: named terms in a slot (CamelCase, ACRONYMS, hyphenated names, code in
  backticks: datasets, models, methods, tools).

Derived numbers (ratios, differences, fold changes) are quantity parts; the number checker
finds their operands. Offsets are character offsets into the sentence as given.

Usage::

    for part in decompose("SPECTER does not outperform SciBERT on all tasks."):
        print(part.kind, part.text, part.value)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from grounding.judges.rules_cues import NEGATIONS
from grounding.lexicon import content_terms, fold, is_numeric
from grounding.lexicon.words import (
    DOWN_WORDS,
    NO_BOUND,
    NOT_COMPARATIVES,
    SAME_WORDS,
    UP_WORDS,
    direction_idioms,
    quantifier_idioms,
    quantifier_words,
)
from grounding.memo import per_check
from grounding.quantities import Quantity, text_quantities


class PartKind(str, Enum):
    """The kinds of checkable part."""

    QUANTITY = "quantity"
    COMPARISON = "comparison"
    POLARITY = "polarity"
    QUANTIFIER = "quantifier"
    TERM = "term"


@dataclass(frozen=True, slots=True)
class Part:
    """One checkable part of a sentence.

    kind: PartKind. text: the sentence's words that state it. start, end: character offsets
    of ``text`` in the sentence. value: the normalised content (a number's text, a
    direction ``up`` / ``down`` / ``same`` / ``other``, a quantifier class, ``neg`` for a negation,
    a term as written). binds: stemmed content terms around it that tie it to what it is
    about (entity, metric, condition), at most eight; for a quantifier, the terms of the
    three words after it, the quantified noun first.
    """

    kind: PartKind
    text: str
    start: int
    end: int
    value: str
    binds: tuple[str, ...] = ()

    def describe(self) -> str:
        """A short phrase naming the part for a rationale: ``comparison 'outperforms'``."""
        return f"{self.kind.value} '{self.text}'"


#: Words before a likeness word that make it an adjective of the noun after it ("of similar
#: documents", "the matching null model"), not a comparison the sentence asserts.
_DETERMINERS = frozenset("a an the of such other with for any each its their these those".split())
#: Words after a likeness word that make it a comparison ("identical to", "similar in").
_COMPARED = frozenset("to with in across between than at for on as".split())


def _attributive(s: str, start: int, end: int) -> bool:
    """True if the likeness word at ``start``-``end`` of ``s`` stands between a determiner
    and the noun it describes ("a cluster of similar documents"): no claim of likeness."""
    before = re.findall(r"[a-z]+", s[max(0, start - 20) : start].lower())
    after = re.match(r"\s+([a-z]+)", s[end : end + 20].lower())
    return (
        bool(before)
        and before[-1] in _DETERMINERS
        and after is not None
        and after.group(1) not in _COMPARED
    )


#: quantifier words of a sentence and their class ("every" -> "all", "neither" -> "none")
_QUANTIFIERS = quantifier_words("sentence")
#: phrases in which a direction word compares no quantity ("4+3 or higher", "raised
#: concerns")
_DIRECTION_IDIOMS = re.compile("|".join(f"(?:{p})" for p in direction_idioms()), re.IGNORECASE)
#: phrases in which such a word quantifies nothing ("no LA at all", "after all")
_IDIOMS = re.compile(
    r"\b(?:"
    + "|".join(r"\s+".join(map(re.escape, p.split())) for p in quantifier_idioms())
    + r")\b",
    re.IGNORECASE,
)
_COMPARATIVE = re.compile(r"[a-z]{2,}(?:er|ier)$")
_N_OF_M = re.compile(r"\b(\d+|\w+)\s+(?:of|out of)\s+(?:the\s+)?(\d+|\w+)\b", re.I)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_NAME = re.compile(
    r"(?<![\w@-])(?:[A-Z][a-z]*[A-Z0-9][\w-]*|[A-Z][a-z]+(?:-[A-Z0-9][\w]*)+|"
    r"[A-Z]{2,}[\w-]*|[a-z]+[A-Z][\w-]*)|`[^`]{2,60}`"
)
#: Name-like tokens (CamelCase, ACRONYMS, hyphenated capitalised names, code in backticks)
NAME = _NAME
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty hundred thousand".split()
)


def sentence_quantities(text: str) -> tuple[Quantity, ...]:
    """``extract_quantities(text)`` of a sentence, memoised (``text_quantities``): the
    judge's checkers read the same sentence's numbers several times, and the evidence
    search has read them first (Quantity is frozen, so sharing is safe)."""
    return text_quantities(text)


def _binds(s: str, start: int, end: int, width: int = 40) -> tuple[str, ...]:
    around = s[max(0, start - width) : start] + " " + s[end : end + width]
    return tuple(dict.fromkeys(t for t in content_terms(around) if not is_numeric(t)))[:8]


def decompose(text: str) -> tuple[Part, ...]:
    """The checkable parts of ``text`` in order of their offsets (see the module docstring).

    Args: text: one sentence, as written.
    Returns: a tuple of Part (empty for a sentence with nothing checkable, such as "This
        makes the approach attractive.").
    Raises: nothing; any string is accepted.
    """
    s = fold(text)
    if len(s) != len(text):  # offsets must index the sentence as written
        s = text
    parts = _quantity_parts(text, s) + _word_parts(s) + _n_of_m_parts(s) + _name_parts(s)
    return tuple(sorted(parts, key=lambda p: (p.start, p.kind.value)))


def _quantity_parts(text: str, s: str) -> list[Part]:
    """The sentence's checkable numbers (``s``: its folded text, or ``text`` itself)."""
    parts: list[Part] = []
    for q in sentence_quantities(text):
        if q.checkable:
            start = q.start if s is not text else text.find(q.text)
            if start < 0:
                continue  # a number read through a folded glyph ("¼")
            parts.append(
                Part(
                    PartKind.QUANTITY,
                    q.text,
                    start,
                    start + len(q.text),
                    q.text,
                    _binds(s, start, start + len(q.text)),
                )
            )
    return parts


#: a bracket or quotation mark right before a negation word (``_named_negation``)
_NAME_OPENS = re.compile(r"[(\[\"'‘“]\s*$")
#: the rest of a short name after its first word: up to three more words, then the
#: closing bracket or quotation mark
_NAME_REST = re.compile(r"(?:[\s-]+[\w-]+){0,3}\s*[)\]\"'’”]")
#: a verb that makes a bracketed "No ..." a sentence of its own ("(No events were seen)")
_NAME_VERB = re.compile(r"\b(?:is|are|was|were|be|been|did|does|do|had|has|have)\b", re.I)


def _named_negation(s: str, start: int, end: int) -> bool:
    """True if the negation word at ``s[start:end]`` opens a short name: capitalised, right
    after a bracket or quotation mark that closes within four words, with no verb ("(No
    hard negatives)", a table row's label; "the 'No Free Lunch' theorem")."""
    if not s[start].isupper() or not _NAME_OPENS.search(s, 0, start):
        return False
    rest = _NAME_REST.match(s, end)
    return rest is not None and not _NAME_VERB.search(rest.group(0))


@per_check(maxsize=256)
def _spans(pattern: re.Pattern[str], s: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in pattern.finditer(s))


def _inside(at: int, pattern: re.Pattern[str], s: str) -> bool:
    """Whether offset ``at`` of ``s`` lies inside a match of ``pattern`` (an idiom)."""
    return any(a <= at < b for a, b in _spans(pattern, s))


#: prepositions of direction that, right before a number, bound it ("above 0.8", "below
#: 5%", "over 25 mmol/L"): the number's check reads the bound, no comparison is stated
_BOUND_WORDS = frozenset({"above", "below", "over", "under", "beyond"})


def _bounds_a_number(s: str, end: int) -> bool:
    """Whether a number the quantity reader gives a bound starts right after offset
    ``end`` of ``s`` (only spaces between)."""
    return any(
        q.bound is not None and q.start >= end and not s[end : q.start].strip()
        for q in sentence_quantities(s)
    )


def _word_parts(s: str) -> list[Part]:
    """Comparisons (direction words, comparatives before "than"), negations and quantifiers."""
    parts: list[Part] = []
    for m in _WORD.finditer(s):
        w = m.group(0).lower().replace("’", "'")
        if w in UP_WORDS or w in DOWN_WORDS or w in SAME_WORDS:
            cls = "up" if w in UP_WORDS else "down" if w in DOWN_WORDS else "same"
            if w in ("more", "less", "fewer") and not re.match(
                r"\s+\w+(?:\s+\w+)?\s+than\b", s[m.end() :]
            ):
                continue  # "more" is a comparison only in "more X than"
            if cls == "same" and _attributive(s, m.start(), m.end()):
                continue  # "similar documents", "the matching null model"
            if _inside(m.start(), _DIRECTION_IDIOMS, s):
                continue  # "Gleason 4+3 or higher", "raised few safety concerns"
            if w in _BOUND_WORDS and _bounds_a_number(s, m.end()):
                continue  # "eccentricities above 0.8": the bound of a condition's value
            parts.append(
                Part(
                    PartKind.COMPARISON,
                    m.group(0),
                    m.start(),
                    m.end(),
                    cls,
                    _binds(s, m.start(), m.end()),
                )
            )
        elif (
            _COMPARATIVE.match(w)
            and re.match(r"\s+than\b", s[m.end() :])
            and w not in NOT_COMPARATIVES
        ):
            # a comparative outside the direction lists ("thinner than", "cheaper than"):
            # checked as written, its direction unknown
            parts.append(
                Part(
                    PartKind.COMPARISON,
                    m.group(0),
                    m.start(),
                    m.end(),
                    "other",
                    _binds(s, m.start(), m.end()),
                )
            )
        elif w in NEGATIONS or w.endswith("n't"):
            if w == "no" and re.match(r"\s+(?:longer|more)\b", s[m.end() :]):
                continue
            if w == "no" and NO_BOUND.match(s, m.end()):
                continue  # a bound, not a negation: "no higher than 5 GeV", "no fewer than"
            if _named_negation(s, m.start(), m.end()):
                continue  # a name: "(No hard negatives)", "the 'No Free Lunch' theorem"
            after = s[m.end() : m.end() + 40]
            governed = tuple(t for t in content_terms(after) if not is_numeric(t))[:4]
            parts.append(Part(PartKind.POLARITY, m.group(0), m.start(), m.end(), "neg", governed))
        elif w in _QUANTIFIERS:
            if _inside(m.start(), _IDIOMS, s):
                continue  # "no LA at all": an intensifier, not a quantifier
            after = " ".join(s[m.end() :].split()[:3])
            parts.append(
                Part(
                    PartKind.QUANTIFIER,
                    m.group(0),
                    m.start(),
                    m.end(),
                    _QUANTIFIERS[w],
                    tuple(t for t in content_terms(after) if not is_numeric(t))[:3],
                )
            )
    return parts


def _n_of_m_parts(s: str) -> list[Part]:
    """Counts of a whole ("3 of 5", "two out of three") as quantifiers."""
    parts: list[Part] = []
    for m in _N_OF_M.finditer(s):
        a, b = m.group(1).lower(), m.group(2).lower()
        if (a.isdigit() or a in _NUMBER_WORDS) and (b.isdigit() or b in _NUMBER_WORDS):
            parts.append(
                Part(
                    PartKind.QUANTIFIER,
                    m.group(0),
                    m.start(),
                    m.end(),
                    f"{a} of {b}",
                    _binds(s, m.start(), m.end(), 25),
                )
            )
    return parts


def _name_parts(s: str) -> list[Part]:
    """Name-like terms (not a capitalised sentence opener)."""
    parts: list[Part] = []
    first = re.match(r"\W*(\w+)", s)
    for m in _NAME.finditer(s):
        tok = m.group(0).strip("-")
        if first and m.start() == first.start(1) and not tok.startswith("`"):
            continue  # a capitalised sentence opener is not a name
        terms = [t for t in content_terms(tok.strip("`")) if not is_numeric(t)]
        if terms:
            parts.append(
                Part(PartKind.TERM, tok, m.start(), m.start() + len(tok), tok, tuple(terms))
            )
    return parts


__all__ = [
    "DOWN_WORDS",
    "NAME",
    "Part",
    "PartKind",
    "SAME_WORDS",
    "UP_WORDS",
    "decompose",
    "sentence_quantities",
]
