"""Checkers of the parts that are not numbers: terms in a slot, comparisons, polarity and
quantifiers, each against ONE aligned evidence passage (a line or 3-line window of the
paper's own statements: never the reference list, never another study's result unless the
claim reports other work).

The aligned passage is the one, among the retrieved hits, that holds the largest share of
the sentence's content words; it is where the sentence's terms must sit together, with the
same polarity, direction and quantifier. Word overlap only picks the passage: a part is
verified by what the passage states about it, and a sentence with no checkable part is
verified only when the paper states it (near) verbatim. Pure; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from annotations.schema import ErrorTag
from grounding.evidence import Hit
from grounding.judges.abbreviations import Aliases
from grounding.judges.clauses import clause_ranges
from grounding.judges.condition_sides import condition_sides
from grounding.judges.number_common import short
from grounding.judges.parts import DOWN_WORDS, NAME, SAME_WORDS, UP_WORDS, Part
from grounding.judges.relation_check import sides_exchanged
from grounding.judges.rules_cues import NEGATIONS, OPPOSITE, REPORTING, negates_at, words
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric, root, stem
from grounding.lexicon.words import (
    STRONG_QUANTIFIERS,
    negation_words,
    operator_synonym_groups,
    quantifier_classes,
)
from grounding.memo import per_check
from grounding.quantities import extract_quantities


class Status(str, Enum):
    """What a checker found for one part."""

    VERIFIED = "verified"
    CONTRADICTED = "contradicted"
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class PartResult:
    """The outcome of checking one part.

    status: Status. code: the error code (C1-C3 when contradicted, N1-N3 when not found,
    None when verified). why: a phrase for the rationale ("'79.9' = Table row '+ venue'").
    hit: the passage that decided it, if any. span / correction: the error span in the
    sentence and the paper's value or term (for contradictions). weak: verified only in
    company (a number found elsewhere in the paper, not in the sentence's passage).
    """

    part: Part
    status: Status
    code: ErrorTag | None = None
    why: str = ""
    hit: Hit | None = None
    span: str = ""
    correction: str = ""
    weak: bool = False


@dataclass(frozen=True, slots=True)
class Alignment:
    """The passage aligned with a sentence: the hit, its own text (cited sentences blanked),
    its stemmed terms and lower-case words, and the share of the sentence's content terms it
    holds (coverage, in [0, 1])."""

    hit: Hit
    text: str
    terms: frozenset[str]
    words: tuple[str, ...]
    coverage: float


def claim_terms(text: str) -> list[str]:
    """The sentence's stemmed non-numeric content terms, first occurrence order, without
    the words that frame a statement (rules_cues.REPORTING: "found", "argue", "roughly")."""
    return list(_claim_terms(text))


@per_check(maxsize=4096)
def _claim_terms(text: str) -> tuple[str, ...]:
    return tuple(
        t
        for t in dict.fromkeys(content_terms(text))
        if not is_numeric(t) and t not in _FRAMING_TERMS
    )


#: the stems of rules_cues.REPORTING (words that frame a statement, not part of it)
_FRAMING_TERMS = frozenset(t for w in REPORTING for t in content_terms(w))


@per_check(maxsize=4096)
def _text_terms(text: str) -> frozenset[str]:
    return frozenset(content_terms(text))


def align(
    text: str, hits: Sequence[Hit], own_text: dict[int, str], aliases: Aliases | None = None
) -> Alignment | None:
    """The hit (line or window) holding the largest share of ``text``'s content terms.

    Args: text: the sentence. hits: retrieved passages, best first (already filtered of
          excluded evidence). own_text: per hit pid, its text without cited sentences
          (absent: the entry's own text and terms are used). aliases: abbreviations the
          paper defines; a passage holding a long form holds its short form, and the
          reverse ("reinforcement learning" / "RL").
    Returns: Alignment (its terms include the aliases), or None when no hit shares a term.
    """
    terms = _claim_terms(text)
    if not terms:
        return None
    best: tuple[float, Hit, frozenset[str]] | None = None
    for h in hits:
        if h.entry.kind == "row":
            continue
        body = own_text.get(h.pid)
        ev = _text_terms(body) if body is not None else frozenset(h.entry.terms)
        if aliases is not None:
            ev = aliases.expand(ev)
        cov = sum(1 for t in terms if t in ev) / len(terms)
        if best is None or cov > best[0]:
            best = (cov, h, ev)
    if best is None or best[0] <= 0:
        return None
    cov, h, ev = best
    body = own_text.get(h.pid, h.entry.text)
    return Alignment(h, body, ev, tuple(words(body)), cov)


def flipped_operators(text: str, al: Alignment) -> list[tuple[str, str]]:
    """(word, its opposite) for each operator word of ``text`` (rules_cues.OPPOSITE) that the
    aligned passage does not state, nor a word of its class ("most" for "the majority"),
    while it states the opposite, in sentence order; [] when none. Words split at hyphens
    too ("water-insoluble"). A comparison the passage says from its other side ("B is lower
    than A" for "A is higher than B", ``relation_check.sides_exchanged``) is no flip, nor
    is an opposite the passage negates when the sentence negates nothing ("do not contain
    high levels" for "low levels")."""
    have = {w for t in al.words for w in (t, *re.split(r"[-/]", t))}
    mine = words(text)
    negated = set() if any(w in NEGATIONS or w == "n't" for w in mine) else _negated_words(al.words)
    out: list[tuple[str, str]] = []
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in OPPOSITE and w not in have and not _SYNONYMS.get(w, frozenset()) & have:
            opposites = set().union(*(_SAID_AS.get(o, {o}) for o in OPPOSITE[w]))
            other = sorted(opposites & have - negated)
            if (
                other
                and (w, other[0]) not in out
                and not sides_exchanged(text, w, al.text, other[0])
            ):
                out.append((w, other[0]))
    return out


def _negated_words(ws: Sequence[str], reach: int = 3) -> set[str]:
    """The words of ``ws`` within ``reach`` words after a negation cue: "do not contain
    high levels" states "low levels", so its "high" is no opposite of "low"."""
    out: set[str] = set()
    for i, w in enumerate(ws):
        if w in NEGATIONS or w == "n't":
            out.update(ws[i + 1 : i + 1 + reach])
    return out


#: operator words that the passage may state with another word of the same group ("the
#: majority of" / "most"): no flip then (``lexicon/data/operator_synonyms.tsv``)
_SYNONYMS = {w: frozenset(group - {w}) for group in operator_synonym_groups() for w in group}
#: an opposite operator word with the words of its own listed group, the way a passage
#: may say it ("post-release" for "after release"; not the direction classes, whose words
#: are no opposites of each other's opposites)
_SAID_AS = {w: group for group in operator_synonym_groups(directions=False) for w in group}


def negated_in_passage(text: str, al: Alignment, reach: int = 3) -> str:
    """The negation of the aligned passage that denies what ``text`` affirms: ``text`` has
    no negation cue (rules_cues.NEGATIONS) and the passage has one with a content word of
    ``text`` among the ``reach`` words after it ("did not effectively prevent" for
    "effectively prevented"), none of them the opposite of a word of ``text`` ("do not
    contain high levels" for "low levels" says the same); the cue and those words, or ""
    when none. A passage that
    denies the statement does not verify it, however many of its words it holds."""
    mine = words(text)
    if any(w in NEGATIONS or w == "n't" or w in _DENYING for w in mine):
        return ""
    terms = set(claim_terms(text))
    for i, w in enumerate(al.words):
        if negates_at(al.words, i):
            after = al.words[i + 1 : i + 1 + reach]
            if any(OPPOSITE.get(x, frozenset()) & set(mine) for x in after):
                continue  # "not ... high" stated as "low": the same claim
            if _UNIVERSAL & set(after[:2]):
                continue  # "not all papers", "not solely": denies a quantifier, not the thing
            if any(t in terms for x in after for t in content_terms(x)):
                return " ".join([w, *after])
    return ""


#: Words that deny or exclude in other words than a negation cue ("rather than a neural
#: reward model", "skip markdown"): a sentence holding one may paraphrase a negated passage.
_DENYING = frozenset(negation_words("denying"))


def reversed_operators(text: str, al: Alignment, same_min: float) -> list[tuple[str, str]]:
    """The :func:`flipped_operators` of ``text`` that contradict it: the passage is the same
    statement (it holds ``same_min`` of the sentence's content words, the share the negation
    check asks for) and the words on either side of the operator word stand on the same
    sides of its opposite in the passage ("A improved B" against "A worsened B"; not "A is
    lower than B" against "B is higher than A", which says the same)."""
    if al.coverage < same_min:
        return []
    out = []
    mine = words(text)
    for w, other in flipped_operators(text, al):
        if (
            w in mine
            and other in al.words
            and _same_sides(mine, mine.index(w), al.words, al.words.index(other))
        ):
            out.append((w, other))
    return out


def _same_sides(a: Sequence[str], i: int, b: Sequence[str], j: int, width: int = 4) -> bool:
    """True if the nearest content words before ``a[i]`` and after it that ``b`` holds are
    found within ``2 * width`` words before and after ``b[j]`` respectively (at least one
    side must be checkable)."""
    b_terms = [set(content_terms(w)) for w in b]
    before_b = set().union(*b_terms[max(0, j - 2 * width) : j]) if j else set()
    after_b = set().union(*b_terms[j + 1 : j + 1 + 2 * width]) if j + 1 < len(b) else set()
    everywhere = set().union(*b_terms) if b_terms else set()
    left = [
        t for w in reversed(a[max(0, i - width) : i]) for t in content_terms(w) if t in everywhere
    ][:1]
    right = [t for w in a[i + 1 : i + 1 + width] for t in content_terms(w) if t in everywhere][:1]
    if not left and not right:
        return False
    return all(t in before_b for t in left) and all(t in after_b for t in right)


_CLAUSE_CUT = re.compile(
    r"[;:()\[\]]|,\s|\s(?:and|but|while|whereas|although|because|so|"
    r"which|where|with)\s|\s[-–—]\s"
)


def clause_of(text: str, start: int, end: int, min_terms: int = 3) -> str:
    """The clause of ``text`` holding offsets ``start``-``end`` (cut at ; : brackets,
    commas, and, but, while, because, which...), widened by its neighbours until it holds
    ``min_terms`` content terms (or is the whole sentence)."""
    cuts = [0] + [m.start() for m in _CLAUSE_CUT.finditer(text)] + [len(text)]
    lo = max((c for c in cuts if c <= start), default=0)
    hi = min((c for c in cuts if c >= end), default=len(text))
    while len(claim_terms(text[lo:hi])) < min_terms and (lo > 0 or hi < len(text)):
        lo = max((c for c in cuts if c < lo), default=0)
        hi = min((c for c in cuts if c > hi), default=len(text))
    return text[lo:hi]


def clauses(text: str, min_terms: int = 3) -> list[tuple[int, int]]:
    """The sentence cut into clauses (as :func:`clause_of`), each holding at least
    ``min_terms`` content terms (short pieces join their neighbour): offset ranges."""
    return clause_ranges(text, _CLAUSE_CUT, claim_terms, min_terms)


def _direction_words(ws: Sequence[str]) -> dict[str, set[str]]:
    """The passage words ``ws`` of each direction class (up / down / same), the direction
    words as listed or a noun made from one ("improvement" for "improves", "degradation"
    for "degrade", "reduction" for "reduce", "superiority": a noun ending of
    :data:`_NOMINAL` and the same :func:`grounding.lexicon.root`)."""
    out: dict[str, set[str]] = {"up": set(), "down": set(), "same": set()}
    for w in ws:
        for cls, group in (("up", UP_WORDS), ("down", DOWN_WORDS), ("same", SAME_WORDS)):
            if w in group or (w.endswith(_NOMINAL) and _root_of(w) in _DIRECTION_ROOTS[cls]):
                out[cls].add(w)
    return out


@lru_cache(maxsize=16384)
def _root_of(word: str) -> str:
    return root(stem(word)) if len(word) >= 6 else word


#: endings of the nouns made from direction words ("improvement", "reduction", "similarity")
_NOMINAL = ("ment", "ments", "tion", "tions", "sion", "ance", "ence", "ity", "ities")
#: the roots of the direction words of each class (derivations of six letters or more)
_DIRECTION_ROOTS = {
    cls: frozenset(_root_of(w) for w in group if len(w) >= 6)
    for cls, group in (("up", UP_WORDS), ("down", DOWN_WORDS), ("same", SAME_WORDS))
}


#: each quantifier class with the passage words that state it
_QUANT_CLASS = quantifier_classes("passage")
#: the quantifier words of class all and only: a negation before one denies the quantifier
#: (checked by :func:`check_quantifier`), not what it quantifies
_UNIVERSAL = frozenset(w for cls in ("all", "only") for w in _QUANT_CLASS.get(cls, ()))

#: Change words that state a magnitude: the implied relative change in percent.
MAGNITUDE_WORDS = {
    "halved": -50.0,
    "halves": -50.0,
    "halve": -50.0,
    "doubled": 100.0,
    "doubles": 100.0,
    "double": 100.0,
    "tripled": 200.0,
    "triples": 200.0,
    "quadrupled": 300.0,
}
_BY_PERCENT = re.compile(r"\bby\s+(?:about\s+|roughly\s+|~\s*)?(\d+(?:\.\d+)?)\s*%")


def check_term(part: Part, al: Alignment | None, extra: Sequence[frozenset[str]]) -> PartResult:
    """A named term is verified when the aligned passage, or another passage found for this
    statement (``extra``: the passages retrieved for it, and what verified one of its
    numbers: that passage, or for a table row the terms of its page, where its caption,
    header and row labels sit), holds it; else not found (N2: the paper never states it
    with this statement). A name the paper never uses at all is N1 (name_check)."""
    need = set(part.binds)
    if al is not None and need <= al.terms:
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"'{part.text}' stated on page {al.hit.entry.page}",
            hit=al.hit,
        )
    if any(need <= pool for pool in extra):
        return PartResult(part, Status.VERIFIED, why=f"'{part.text}' with its numbers")
    if al is not None and NAME.fullmatch(part.text) and spelled_in(part.text, al.text):
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"'{part.text}' stated on page {al.hit.entry.page} (spelled otherwise)",
            hit=al.hit,
        )
    return PartResult(
        part, Status.NOT_FOUND, ErrorTag.N2, f"{part.describe()} not found with the statement"
    )


def spelled_in(name: str, text: str) -> bool:
    """Does ``text`` write ``name`` (4+ letters or digits) with other hyphens, spaces or
    case: the same letters over one to three of its words ("RefSeer" for a PDF's
    line-broken "Ref-Seer", "Open AI" for "OpenAI")?"""
    key = re.sub(r"[^0-9a-z]", "", fold(name).lower())
    if len(key) < 4:
        return False
    toks = re.findall(r"[0-9a-z]+", fold(text).lower())
    return any("".join(toks[i : i + k]) == key for k in (1, 2, 3) for i in range(len(toks) - k + 1))


def check_comparison(
    part: Part,
    al: Alignment | None,
    text: str,
    numbers_order: bool,
    around: Sequence[str] = (),
) -> PartResult:
    """A direction word is verified by a word of the same class in the aligned passage (a
    comparative of class ``other``, "thinner than", by the same word only), or by
    the sentence's own number pair (``numbers_order``: found in the paper and ordered as the
    word says), or by the opposite word said from the other side ("B is lower than A" for
    "A is higher than B", ``relation_check.sides_exchanged``). A magnitude word ("halved",
    "doubled") against a passage stating the change "by N%" with another size is
    contradicted (C1, the passage's change as correction). The paper's sentence that
    writes the claim's numbers, in the passage or else among ``around`` (the paper's
    sentences around it), saying only the other way of the same thing contradicts it (C3,
    :func:`_condition_direction`)."""
    if numbers_order or _numbers_around(text, part):
        return PartResult(part, Status.VERIFIED, why=f"'{part.text}' follows from its numbers")
    if al is None:
        return PartResult(part, Status.NOT_FOUND, ErrorTag.N2, f"{part.describe()} not found")
    word = part.text.lower()
    if word in MAGNITUDE_WORDS:
        m = _BY_PERCENT.search(al.text)
        if m is not None and abs(abs(MAGNITUDE_WORDS[word]) - float(m.group(1))) > 2:
            return PartResult(
                part,
                Status.CONTRADICTED,
                ErrorTag.C1,
                f"'{part.text}' where the paper gives a change of {m.group(1)}%",
                al.hit,
                part.text,
                f"by {m.group(1)}%",
            )
    other = {"up": "down", "down": "up"}.get(part.value, "")
    own = _own_statement(text, part.start)
    held = _condition_statement(own, al.text)
    if held is None and around:  # the passage compares other numbers: the sentence of these
        held = _condition_statement(own, " ".join(around))
    paper_word = _condition_direction(text, part, held) if held is not None else None
    if held is not None and paper_word is not None:
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"'{part.text}' where the paper's statement with the sentence's numbers says "
            f"'{paper_word}' (page {al.hit.entry.page}: \"{short(held)}\")",
            al.hit,
            part.text,
            paper_word,
        )
    dirs = _direction_words(al.words)
    amount = _AMOUNT_BEFORE.search(text[: part.start])
    if amount is not None and amount.group(1) not in al.text:
        dirs = {}  # "9.0 points above": a passage without the amount says nothing of it
    elif word in al.words or dirs.get(part.value):
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"'{part.text}' stated on page {al.hit.entry.page}",
            hit=al.hit,
        )
    said = next(
        (v for v in sorted(dirs.get(other, ())) if sides_exchanged(text, word, al.text, v)), None
    )
    if said is not None:
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"'{part.text}' stated from the other side ('{said}') on page {al.hit.entry.page}",
            hit=al.hit,
        )
    return PartResult(
        part,
        Status.NOT_FOUND,
        ErrorTag.N2,
        f"{part.describe()} not found in the passage on page {al.hit.entry.page}",
    )


#: a sentence end inside a passage ("... 91.7%. At 1000 ppm, ...")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


def written_numbers(text: str) -> set[str]:
    """The numbers ``text`` writes, as written without thousands commas ("1,000" ->
    "1000"; not the "2" of "S2ORC" or "T65S")."""
    return {m.group(0).replace(",", "") for m in _NUMBER.finditer(text)}


#: where a sentence's second, contrasting statement begins ("..., but at 1000 ppm it dropped")
_CONTRAST = re.compile(r",?\s(?:but|while|whereas)\s|;\s")


#: the amount a comparison word states right before it ("9.0 points above", "3% higher",
#: "4.8 times larger"), the number as written
_AMOUNT_BEFORE = re.compile(
    r"(\d[\d.,]*)\s*(?:%|percentage points?|points?|pp|times|-?fold|x|×)?\s*$"
)


def _own_statement(text: str, at: int) -> str:
    """The contrasted statement of ``text`` holding offset ``at``: "Increasing ... up to
    500 ppm raised the efficiency" | "but at 1000 ppm it dropped" (each its own condition
    and direction); the whole sentence when it contrasts nothing."""
    cuts = [0] + [m.end() for m in _CONTRAST.finditer(text)] + [len(text)]
    return next((text[a:b] for a, b in zip(cuts, cuts[1:]) if a <= at < b), text)


def _condition_direction(text: str, part: Part, held: str) -> str | None:
    """The paper's direction word opposite to ``part``'s in ``held``, the paper's sentence
    for the claim's condition (:func:`_condition_statement`), or None: the sentence says
    the other way of the same thing and never the claim's way. Left out: a word that moves
    the condition itself to its value ("as the concentration increased to 1000 ppm"), and,
    where the claim names what changes next to its word ("the lower efficiency"), a paper
    word with none of those words around it ("the probability ... increased"), and for a
    claim's superlative (a ranking within its condition), a paper word that is none."""
    word = part.text.lower()
    other = {"up": "down", "down": "up"}.get(part.value, "")
    own_text = _own_statement(text, part.start)
    own = written_numbers(own_text)
    at = part.start - text.find(own_text)
    before = _WORD_RE.findall(own_text[:at])[-3:]
    after = _WORD_RE.findall(own_text[at + len(part.text) :])[:2]
    outcome = {
        t for t in content_terms(" ".join(before + after)) if not is_numeric(t)
    } - _FRAMING_TERMS
    compared = _named_object(own_text, at + len(part.text))
    found: dict[str, list[str]] = {"up": [], "down": []}
    for m in _WORD_RE.finditer(held):
        w = m.group(0).lower()
        cls = next((c for c, ws in _direction_words([w]).items() if ws), None)
        if cls not in found:
            continue
        theirs = _named_object(held, m.end())
        if compared and theirs != compared:
            continue  # compared with another thing, or nothing named
        move = _TO_VALUE.match(held, m.start())
        if move is not None and move.group(2).replace(",", "") in own:
            continue  # the condition's own change
        around = set(content_terms(held[max(0, m.start() - 60) : m.end() + 60]))
        if cls == other and outcome and not outcome & around:
            continue  # another thing's change
        if _superlative(word) and not _superlative(w):
            continue  # a ranking within the condition ("site C the lowest") is no change
            # between the paper's conditions ("more expansive in the 1000 ppm sample")
        found[cls].append(w)
    if found.get(other) and not found.get(part.value) and word not in words(held):
        return sorted(found[other])[0]
    return None


def _superlative(word: str) -> bool:
    """True for a superlative ("lowest", "highest", "most", "least")."""
    return word in ("most", "least") or (len(word) >= 4 and word.endswith("est"))


_WORD_RE = re.compile(r"[^\W\d_]+")
#: a word as a name is written ("OpenAI-o1-1217", "DeepSeek-V3", "Cerulean")
_NAME_WORD = re.compile(r"[^\W_][\w@]*(?:[-.][\w@]+)*")


def _named_object(text: str, end: int) -> str | None:
    """What the direction word ending at ``end`` of ``text`` compares with, when a name
    says it: the first word after it in its clause that is no stop word ("slightly below
    that of OpenAI-o1-1217", "outperforming DeepSeek-V3"), lower case without hyphens,
    when written as a name (a capital or a digit in it); None otherwise ("surpassing
    other models")."""
    clause = re.split(r"[,;:()]|\.\s", text[end : end + 60], maxsplit=1)[0]
    for m in _NAME_WORD.finditer(clause):
        w = m.group(0)
        if w.lower() in STOPWORDS:
            continue
        if w[0].isdigit():
            return None  # a value ("fell from 71.0% to 15.6%"), not a name
        if any(c.isupper() or c.isdigit() for c in w):
            return w.lower().replace("-", "")
        return None
    return None


#: A word that moves something to a value ("increased to 1000 ppm", "rose up to 500"),
#: with the value as written.
_TO_VALUE = re.compile(r"\b([^\W\d_]+)\s+(?:up\s+)?to\s+(-?\d[\d,]*(?:\.\d+)?)")


def _condition_statement(text: str, passage: str) -> str | None:
    """The sentence of ``passage`` that writes every number of the claim ``text`` (of
    several, the one sharing most of its words), or None (no number in the claim, no such
    sentence, or a tie): where the claim
    names its condition by number ("At 1000 ppm, the efficiency increased"), the paper's
    sentence for that condition is the one that says which way it went ("At 1000 ppm,
    inhibition efficiency decreased"), not another of the passage ("up to 500 ppm ...
    increased")."""
    mine = written_numbers(text)
    if not mine:
        return None
    held = [s for s in _SENTENCE_END.split(passage) if mine <= written_numbers(s)]
    if len(held) > 1:  # the one that shares most of the claim's words, if one does
        terms = set(content_terms(text))
        shared = sorted(((len(terms & set(content_terms(s))), s) for s in held), reverse=True)
        held = [shared[0][1]] if shared[0][0] > shared[1][0] else []
    return held[0] if len(held) == 1 else None


def _numbers_around(text: str, part: Part) -> bool:
    """True if the nearest numbers before and after the direction word, in the same
    sentence, are ordered as it says ("73.3 beats ... (60.0)": 73.3 > 60.0); a number a
    condition word introduces with a physical unit after it ("up to 500 ppm", "at 1000
    ppm") is a condition, the number after a "±" an uncertainty, and a pointer ("Table 1"),
    a year or the number of a metric's name ("pass@1") no value: none of them are values
    compared."""
    # a "±" value's second number, a pointer and a year, as the number reader marks them,
    # and a number with a physical unit after a condition word
    skipped = {
        q.start
        for q in extract_quantities(text)
        if q.kind in ("uncertainty", "ref", "year")
        or (
            q.physical
            and q.unit != "%"
            and _CONDITION_BEFORE.search(text, max(0, q.start - 12), q.start)
        )
    }
    values = [m for m in _NUMBER.finditer(text) if m.start() not in skipped]
    values = [m for m in values if text[m.start() - 1 : m.start()] != "@"]  # "pass@1"
    before = [m for m in values if m.end() <= part.start]
    after = next((m for m in values if m.start() >= part.end), None)
    if not before or after is None or part.value not in ("up", "down"):
        return False
    if condition_sides(text, part.start, part.end) is not None:
        return False  # "at 1000 ppm ... above the 500 ppm value": conditions, not values
    a, b = float(before[-1].group(0).replace(",", "")), float(after.group(0).replace(",", ""))
    return a > b if part.value == "up" else a < b


_NUMBER = re.compile(r"(?<![\w.-])\d+(?:,\d{3})*(?:\.\d+)?(?![\w])")
#: words that make the number after them a condition ("at 1000 ppm", "up to 500 ppm")
_CONDITION_BEFORE = re.compile(r"\b(?:at|up to|with|under|between|from)\s+$", re.IGNORECASE)


def check_polarity(part: Part, al: Alignment | None, affirm_min: float = 0.8) -> PartResult:
    """A negation is verified when the passage aligned with its clause negates too (a
    negation cue anywhere in it); contradicted (C3) when that passage holds ``affirm_min``
    of the clause's words and every word the negation governs, with no negation at all,
    nor a word that denies in other words ("unlike", "rather than": the paper states
    affirmatively what the sentence denies); else not found."""
    if al is None:
        return PartResult(part, Status.NOT_FOUND, ErrorTag.N2, f"{part.describe()} not found")
    neg_at = [i for i, w in enumerate(al.words) if w in NEGATIONS or w == "n't"]
    if neg_at:
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"the negation '{part.text}' stated on page {al.hit.entry.page}",
            hit=al.hit,
        )
    governed = set(part.binds[:2])
    if (
        al.coverage >= affirm_min
        and governed
        and governed <= al.terms
        # a passage that denies in other words may say the same ("unlike BERT-Large,
        # SciBERT is pretrained on scientific text" for "BERT-Large is not pretrained")
        and not _DENYING & set(al.words)
    ):
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence negates ('{part.text}') what page {al.hit.entry.page} "
            "states affirmatively",
            al.hit,
            part.text,
            "",
        )
    return PartResult(
        part,
        Status.NOT_FOUND,
        ErrorTag.N2,
        f"{part.describe()}: the passage on page {al.hit.entry.page} does not negate",
    )


def check_quantifier(part: Part, al: Alignment | None, text: str = "") -> PartResult | None:
    """A quantifier is verified by a word of its class in the aligned passage ("every" /
    "all" / "each"), contradicted (C3) by a passage that quantifies the same statement with
    an opposite class bound to the same noun ("all models" against "most models"; "none"
    against "all"),
    not found (N2) when the passage quantifies nothing and the word is one of
    ``STRONG_QUANTIFIERS`` ("all", "every", "never"), else not checkable (None). "N of M"
    written in words is verified by both numbers there. A passage that denies a quantifier
    of class all or only the sentence (``text``) affirms contradicts it (C3,
    :func:`_denied_quantifier`)."""
    if al is None:
        return None
    if " of " in part.value:
        a, b = part.value.split(" of ", 1)
        if a.isdigit() and b.isdigit():
            return None  # both are quantity parts, checked as numbers
        ok = a in al.text.lower() and b in al.text.lower()
        return PartResult(
            part,
            Status.VERIFIED if ok else Status.NOT_FOUND,
            None if ok else ErrorTag.N2,
            f"'{part.text}' " + ("stated" if ok else "not found") + f" on page {al.hit.entry.page}",
            al.hit if ok else None,
        )
    ws = set(al.words)
    denied = _denied_quantifier(part, al, text)
    if denied:
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence says '{part.text}' where page {al.hit.entry.page} says '{denied}'",
            al.hit,
            part.text,
            denied,
        )
    if _QUANT_CLASS.get(part.value, {part.value}) & ws:
        return PartResult(
            part,
            Status.VERIFIED,
            why=f"'{part.text}' stated on page {al.hit.entry.page}",
            hit=al.hit,
        )
    head = part.binds[0] if part.binds else None
    opposite = None
    for i, w in enumerate(al.words):
        if w in ("no", "not", "one", "two") or not any(
            w in _QUANT_CLASS[cls] for cls in _OPPOSITE.get(part.value, ())
        ):
            continue
        after = {t for x in al.words[i + 1 : i + 4] for t in content_terms(x)}
        if head is not None and head in after:
            opposite = w  # "most models" against "all models"
            break
    if opposite is not None:
        return PartResult(
            part,
            Status.CONTRADICTED,
            ErrorTag.C3,
            f"the sentence says '{part.text}' where page {al.hit.entry.page} says '{opposite}'",
            al.hit,
            part.text,
            opposite,
        )
    if part.text.lower() in STRONG_QUANTIFIERS:
        return PartResult(
            part,
            Status.NOT_FOUND,
            ErrorTag.N2,
            f"'{part.text}': the passage on page {al.hit.entry.page} does not "
            "say it of every case (or of none)",
        )
    return None


def _denied_quantifier(part: Part, al: Alignment, text: str, reach: int = 3) -> str:
    """The passage's words that deny the sentence's quantifier of class all or only
    ("cannot be solely attributed" against "explained entirely by", "not all" against
    "every"): every word of its class in the passage has a negation cue among the ``reach``
    words before it, and the sentence ``text`` has no negation cue in the ``reach`` words
    before its own quantifier ("not all models" says the same). "Only" itself is left out: answers
    use it for emphasis ("only 22% ..."), and "not only ... but also" lists. A word of
    class all counts only with the sentence's quantified noun after it ("not all papers"
    says nothing of "each field"). "" when none."""
    if part.value not in ("all", "only") or part.text.lower() == "only":
        return ""
    if any(w in NEGATIONS or w == "n't" for w in words(text[: part.start])[-reach:]):
        return ""
    cls = _QUANT_CLASS.get(part.value, {part.value})
    head = part.binds[0] if part.binds else None
    at = [
        i
        for i, w in enumerate(al.words)
        if w in cls
        and (
            part.value == "only"  # "solely", "entirely": of the statement, not of a noun
            or head in {t for x in al.words[i + 1 : i + 1 + reach] for t in content_terms(x)}
        )
    ]
    # the last negation cue within reach before each word of the class
    cues = [
        next((k for k in range(i - 1, max(0, i - reach) - 1, -1) if negates_at(al.words, k)), None)
        for i in at
    ]
    if not at or None in cues:
        return ""
    return " ".join(al.words[cues[0] : at[0] + 1])


#: Quantifier classes and the classes that deny them ("all" against "some", "few"...).
_OPPOSITE = {
    "all": ("some", "few", "most", "none"),
    "none": ("all", "most", "some"),
    "most": ("all", "few", "none"),
    "few": ("all", "most"),
    "some": ("all", "none"),
    "only": (),
}


__all__ = [
    "Alignment",
    "MAGNITUDE_WORDS",
    "PartResult",
    "STRONG_QUANTIFIERS",
    "Status",
    "align",
    "check_comparison",
    "check_polarity",
    "check_quantifier",
    "check_term",
    "claim_terms",
    "flipped_operators",
    "negated_in_passage",
    "reversed_operators",
]


#: A name-like token: CamelCase or with a digit ("S2ORC", "GPT-4", "mRNA"), an ACRONYM,
#: a hyphenated proper name.
_ENTITY = re.compile(
    r"(?<![\w@-])(?:[A-Z][a-z]*[A-Z0-9][\w-]*|[A-Z][a-z]+(?:-[A-Z0-9][\w]*)+|"
    r"[A-Z]{2,}[\w-]*|[a-z]+[A-Z][\w-]*)(?:\.\d+)*"
)
#: A label that points into the paper ("Table S2", "Figure 3a", "Eq. A1"), not a name.
_POINTER = re.compile(
    r"\b(?:tables?|figures?|figs?|sections?|sec|appendix|appendices|eqs?|"
    r"equations?|algorithms?|supplementary|suppl|panels?|lines?|steps?|"
    r"phases?|release|version|chapter)\.?\s*$",
    re.I,
)
_WORD = re.compile(r"[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*")


def _squash(word: str) -> str:
    return re.sub(r"[^a-z0-9]", "", word.lower())


def title_words(first_page: str, chars: int = 200) -> frozenset[str]:
    """The words (lower case, hyphenated names whole and in pieces) of the opening of the
    paper's first page: its title, where the paper names its own subject."""
    out: set[str] = set()
    for w in _WORD.findall(first_page[:chars]):
        out.add(_squash(w))
        out.update(_squash(x) for x in re.split(r"[-/.]", w))
    return frozenset(out)


def _sibling(token: str, passage: str) -> bool:
    """True if ``passage`` names a sibling of ``token`` (a name with a digit) and not the
    token itself: the same letters with other digits ("HPA-2" for "HPA-5", "GPT-3" for
    "GPT-4")."""
    own = _squash(token)
    letters = re.sub(r"\d", "", own)
    seen = {_squash(w) for w in _WORD.findall(passage)}
    if any(w.startswith(own) for w in seen):
        return False
    return any(w != own and re.sub(r"\d", "", w) == letters and re.search(r"\d", w) for w in seen)


def missing_entities(text: str, al: Alignment, subject: frozenset[str] = frozenset()) -> list[str]:
    """The names of ``text`` (acronyms, model / dataset / material / drug names with capitals
    or digits) that the aligned passage replaces with another: the passage holds every other
    content term of the sentence but none of the name's terms (the aliases the paper defines
    count), or names a sibling with other digits ("HPA-2" for "HPA-5"). A passage worded alike
    about another dataset, disease, drug or material is not evidence, however close its
    wording. The paper's own subject (a name in ``subject``, the title's words) is left out:
    its passages call it "we" or "our model"."""
    names: list[tuple[str, list[str]]] = []
    for m in _ENTITY.finditer(text):
        tok = m.group(0).strip("-")
        terms = [t for t in content_terms(tok) if not is_numeric(t)]
        if not terms or _squash(tok) in subject or _POINTER.search(text[: m.start()]):
            continue
        if _sibling(tok, al.text) or not any(t in al.terms for t in terms):
            names.append((tok, terms))
    if not names:
        return []
    own = {t for _, terms in names for t in terms}
    rest = [t for t in _claim_terms(text) if t not in own]
    if any(t not in al.terms for t in rest):
        return []
    return list(dict.fromkeys(tok for tok, _ in names))
