"""The phrase an error span covers.

GroundQA's guidelines (``GUIDELINES.md``, "Error codes on spans") define ``span`` as "the
exact substring of the sentence that carries the error", with "81.2 F1" (a value with what
it measures) as the example of a wrong number and "BERT was released in 2018" (the whole
outside statement) as the example of an outside claim. The checkers find the word that is
wrong (a value, a direction word, the citation of another work); this module widens it to
the phrase that carries the error, reading only the sentence:

- a value (C1, N1): with the approximation word before it ("about 16 hours") and the word
  it measures or counts after it ("93.8 nDCG", "5,000 papers", with an adjective before
  that noun: "91.1M academic papers") or a short parenthesis naming it ("78.4
  (multitask)"); its correction widened the same way;
- a relation word (C3): the rest of its clause ("improved reasoning accuracy in their
  ablations");
- an outside claim (N3): the clause that holds the citation, up to the citation's end;
- an inference (N2): the statement a sentence infers, without its framing ("This suggests
  that ...", "In practice, this means ...", a leading "Because ...," or "Once ...," clause).

Pure functions of the sentence text; every span returned is a substring of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from annotations.schema import ErrorSpan, ErrorTag
from grounding.lexicon import STOPWORDS
from grounding.number_words import WORD_RE
from grounding.quantities import approximation_start

__all__ = ["inference", "outside_claim", "phrase_errors", "relation_phrase", "value_phrase"]

_DIGIT = re.compile(r"\d")
#: A word after a value: letters, digits and the joiners of names ("micro-F1", "cons@64").
_WORD = re.compile(r"[^\W_][\w@./+%‐–-]*", re.UNICODE)
#: Endings of an adjective before the noun a value counts ("91.1M academic papers").
_ADJECTIVE = ("ic", "al", "ive", "ous", "ary", "ful", "less", "able", "ible", "ant", "ent")
_PAREN = re.compile(r"\s?\((?:[^()\d\s]+\s?){1,3}\)")
_CLAUSE_END = re.compile(r"[,;:]\s|\s[-–—]\s|\.\s*$|\.\s|\s\(")
_HEADING = re.compile(r"^\s*(?:\*\*[^*]{1,80}\*\*|__[^_]{1,80}__)\s*:?\s*")
#: A leading subordinate clause an inference rests on ("Because ..., X").
_LEADING_CLAUSE = re.compile(
    r"^(?:because|since|once|if|as|given|when|whenever|although|though|while|with)\b[^,;]{3,200},\s+",
    re.IGNORECASE,
)
#: Framing that introduces an inferred statement ("this suggests that", "that means").
_FRAME = re.compile(
    r"^(?:[\w\s,'-]{0,60}?\b)?(?:suggests?|suggested|implies|imply|implied|means|meant|"
    r"indicates?|indicated|shows?|showed|proves?|proved|demonstrates?|demonstrated|"
    r"confirms?|confirmed|makes|made|points to the fact)\b(?:\s+that)?\s+",
    re.IGNORECASE,
)
_LEAD_ADVERB = re.compile(
    r"^(?:in practice|in short|in other words|more broadly|overall|taken together|"
    r"consequently|therefore|thus|hence|so)\s*,?\s+",
    re.IGNORECASE,
)
_TRAIL = " .;:,"


def _word_ok(word: str) -> bool:
    """A word that can stand in a value's phrase after it: not a function word, and not a
    verb form that starts the rest of the clause ("13.9 are linked", "80 showed ...")."""
    low = word.lower()
    if low in STOPWORDS or not any(c.isalpha() for c in word):
        return False
    return not (low.endswith(("ed", "ing")) and len(low) > 4)


def _word_after(text: str, end: int) -> int:
    """The end of the word that follows offset ``end`` after one space, when it can stand
    in a value's phrase (:func:`_word_ok`); ``end`` otherwise."""
    w = _WORD.match(text, end + 1) if text[end : end + 1] == " " else None
    if w is None or not _word_ok(w.group(0).rstrip(".")):
        return end
    return w.end() - (1 if w.group(0).endswith(".") else 0)


def value_phrase(text: str, span: str, correction: str = "") -> tuple[str, str]:
    """The phrase of a wrong value ``span`` in ``text``, and its correction widened the
    same way (unchanged when empty). Returns (span, correction) as given when ``span``
    holds no digit, is not in ``text``, or is longer than four words."""
    start = text.find(span)
    if start < 0 or not (_DIGIT.search(span) or WORD_RE.search(span)) or len(span.split()) > 4:
        return span, correction
    end = start + len(span)
    new_start = start
    approx = approximation_start(text[:start])
    if approx is not None:
        new_start = approx
    new_end = end
    paren = _PAREN.match(text, end)
    if paren is not None:
        new_end = paren.end()
    elif len(span.split()) == 1:  # a bare value: the word it measures or counts
        new_end = _word_after(text, end)
        if new_end > end and text[end + 1 : new_end].lower().endswith(_ADJECTIVE):
            new_end = _word_after(text, new_end)  # and the noun after its adjective
    if new_start == start and new_end == end:
        return span, correction
    wide = text[new_start:new_end]
    fixed = correction and text[new_start:start] + correction + text[end:new_end]
    return wide, fixed


def relation_phrase(text: str, span: str, correction: str = "") -> tuple[str, str]:
    """A relation word ``span`` (one or two words) widened to the end of its clause, and
    its correction followed by the same words (unchanged when empty); as given otherwise."""
    start = text.find(span)
    if start < 0 or len(span.split()) > 2:
        return span, correction
    m = _CLAUSE_END.search(text, start + len(span))
    end = m.start() if m is not None else len(text)
    wide = text[start:end].rstrip(_TRAIL)
    if len(wide.split()) > 12:
        return span, correction
    if correction and correction.split()[-1][-2:].lower() != span.split()[-1][-2:].lower():
        # a correction of another form ("leave out" -> "inclusion") does not take the
        # clause's rest: the pair stays as the check found it
        return span, correction
    return wide, correction and correction + wide[len(span) :]


def outside_claim(text: str, cite: str) -> str:
    """The clause of ``text`` that holds the citation ``cite``, up to the end of the
    citation (its closing bracket); ``cite`` when it is not in ``text``."""
    at = text.find(cite)
    if at < 0:
        return cite
    end = at + len(cite)
    close = re.match(r"[^()\[\]]{0,40}?[)\]]", text[end:])
    if close is not None:
        end += close.end()
    head = _HEADING.match(text)
    start = head.end() if head is not None and head.end() <= at else 0
    for sep in ("; ", ": "):
        cut = text.rfind(sep, start, at)
        if cut >= 0:
            start = cut + len(sep)
    return text[start:end].strip()


def inference(text: str) -> str:
    """The statement ``text`` infers, without its framing: after a leading subordinate
    clause ("Because ..., X"), a leading adverb ("In practice, "), and a framing verb
    ("this suggests that X"); the trailing full stop left out."""
    head = _HEADING.match(text)
    start = head.end() if head is not None else 0
    rest = text[start:]
    for pattern in (_LEAD_ADVERB, _LEADING_CLAUSE, _LEAD_ADVERB, _FRAME):
        m = pattern.match(rest)
        if m is not None and m.end() < len(rest) - 10:
            rest = rest[m.end() :]
    return rest.rstrip(_TRAIL) or text


def phrase_errors(text: str, errors: Sequence[ErrorSpan]) -> tuple[ErrorSpan, ...]:
    """``errors`` of sentence ``text`` with each value (C1, N1 with a digit), relation
    word (C3) and outside claim (N3) span widened to its phrase; the others as given."""
    out: list[ErrorSpan] = []
    for e in errors:
        span, correction = e.span, e.correction
        if ErrorTag.C1 in e.tags or ErrorTag.N1 in e.tags:
            span, correction = value_phrase(text, span, correction)
        elif ErrorTag.C3 in e.tags:
            span, correction = relation_phrase(text, span, correction)
        elif ErrorTag.N3 in e.tags:
            span = outside_claim(text, span)
        out.append(
            e if span == e.span else e.model_copy(update={"span": span, "correction": correction})
        )
    return tuple(out)
