"""A sentence the paper states (near) verbatim, numbers and all, is never contradicted by
its own numbers: whatever a number checker read elsewhere ("up to 500 ppm" against the
1000 ppm of the next clause), the paper's own sentence settles them.

Pure over an :class:`EvidenceIndex`; no I/O.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from rapidfuzz import fuzz

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.claim import SentenceFinding
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus, short
from grounding.judges.rules_cues import OPPOSITE, words
from grounding.lexicon import fold
from grounding.memo import per_check
from grounding.number_words import ORDINALS
from grounding.quantities import extract_quantities

#: rapidfuzz partial_ratio (0-100) of the folded, lower-cased sentence against the page
#: text around a retrieved passage for the sentence to count as stated there
SAME_TEXT = 95.0


def _flat(text: str) -> str:
    return " ".join(fold(text).lower().split())


def _alignments(
    text: str, index: EvidenceIndex, hits: list[Hit], n: int, cutoff: float
) -> tuple[tuple[Hit, str, int, int], ...]:
    """(passage, page text around it, start, end of the part aligned with ``text``) for
    each of the best ``n`` passages (not table rows) around which the page matches
    ``text`` at rapidfuzz partial_ratio ``cutoff`` or more; the aligned part is widened to
    whole words (folded, lower case). Memoised within a check: the flipped-statement and
    changed-number rows align the same sentence with the same passages."""
    return _alignments_of(text, index, tuple(hits[:n]), cutoff)


# a few entries: the rows of one sentence ask in turn (two cutoffs); each entry holds its
# index, and a caller outside check() (the audit) does not empty the memo between papers
@per_check(maxsize=4)
def _alignments_of(
    text: str, index: EvidenceIndex, hits: tuple[Hit, ...], cutoff: float
) -> tuple[tuple[Hit, str, int, int], ...]:
    """:func:`_alignments` over the passages ``hits`` (the best ``n``)."""
    return tuple(_align_each(text, index, hits, cutoff))


def _align_each(
    text: str, index: EvidenceIndex, hits: tuple[Hit, ...], cutoff: float
) -> Iterator[tuple[Hit, str, int, int]]:
    s = _flat(text)
    for h in hits:
        if h.entry.kind == "row":
            continue
        page = getattr(index.pages.get(h.entry.page), "text", "") or h.entry.text
        lo = max(0, h.entry.start - len(text) - 40)
        around = _flat(page[lo : h.entry.end + len(text) + 40])
        al = fuzz.partial_ratio_alignment(s, around, score_cutoff=cutoff - _ASIDE_SLACK)
        if al is None:
            continue
        if al.score < cutoff:
            # the paper's statement may hold an aside the sentence leaves out ("was 714 (as
            # detailed below) and"): read it again without those
            around = _without_asides(around, s)
            al = fuzz.partial_ratio_alignment(s, around, score_cutoff=cutoff)
            if al is None:
                continue
        a, b = al.dest_start, al.dest_end  # whole words: none cut in two
        while a > 0 and around[a - 1].isalnum():
            a -= 1
        while b < len(around) and around[b].isalnum():
            b += 1
        yield h, around, a, b


#: how far below the cutoff a passage may align for a second reading without its asides
_ASIDE_SLACK = 15.0
#: a bracketed aside of the page text (flat: lower case, single spaces)
_ASIDE = re.compile(r" ?\([^()]{1,80}\)")


def _without_asides(around: str, sentence: str) -> str:
    """``around`` (flat page text) without the bracketed asides whose words ``sentence``
    (flat) does not write: an aside the sentence keeps stays, so its numbers still count."""
    return _ASIDE.sub(lambda m: m.group(0) if m.group(0).strip() in sentence else "", around)


def _aligned(
    text: str, index: EvidenceIndex, hits: list[Hit], n: int, cutoff: float
) -> Iterator[tuple[Hit, str]]:
    """(passage, aligned page text) of :func:`_alignments`."""
    for h, around, a, b in _alignments(text, index, hits, n, cutoff):
        yield h, around[a:b]


def _same_numbers(
    text: str, index: EvidenceIndex, hits: list[Hit], n: int, cutoff: float
) -> Iterator[tuple[Hit, str]]:
    """The passages and aligned page texts of :func:`_aligned` that hold the sentence's
    checkable numbers, the same values in the same order."""
    mine = [q.value for q in extract_quantities(text) if q.checkable]
    for h, window in _aligned(text, index, hits, n, cutoff):
        theirs = [q.value for q in extract_quantities(window) if q.checkable]
        if len(theirs) == len(mine) and all(
            math.isclose(x, y, rel_tol=1e-9) for x, y in zip(mine, theirs)
        ):
            yield h, window


def verbatim_hit(text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5) -> Hit | None:
    """The first of the best ``n`` passages (not table rows) around which the page states
    ``text`` near verbatim (partial_ratio at least :data:`SAME_TEXT`) with the very numbers
    of the sentence, in the same order; None when there is none or the sentence has no
    number.

    Args: text: the sentence. index: the paper's index (page texts). hits: retrieved
          passages, best first.
    Returns: the Hit, or None. Raises: nothing.
    """
    if not any(q.checkable for q in extract_quantities(text)):
        return None
    return next((h for h, _ in _same_numbers(text, index, hits, n, SAME_TEXT)), None)


#: partial_ratio a sentence must reach against the page text for a one-word difference
#: to be read as the same sentence with that word changed
SAME_BUT_ONE = 85.0
_SUPERLATIVE = re.compile(r"(?:most|least|\w+est)$")


@dataclass(frozen=True, slots=True)
class Flip:
    """The paper's own sentence with one word changed: ``word`` in the sentence where the
    paper (``hit``) says ``paper`` ("" for a word the paper does not have). tag: C3 for an
    operator word turned to its opposite, C1 for a rank the paper does not give."""

    word: str
    paper: str
    tag: ErrorTag
    hit: Hit


def flipped_statement(text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5) -> Flip | None:
    """The paper states ``text`` near verbatim (partial_ratio at least
    :data:`SAME_BUT_ONE` around one of the best ``n`` passages, the same numbers in the
    same order) except for one word: an operator word turned to its opposite
    ("increased" / "decreased", "most" / "least": ``rules_cues.OPPOSITE``), or a rank put
    before or taken from a superlative ("the second most common" / "the most common").
    Every other word is the paper's, so the changed word is what the sentence gets wrong.

    Returns: the Flip, or None. Raises: nothing.
    """
    mine = words(text)
    if len(mine) < 4:
        return None
    for h, window in _same_numbers(text, index, hits, n, SAME_BUT_ONE):
        flip = _one_word(mine, words(window), h)
        if flip is not None:
            return flip
    return None


def _changes(mine: list[str], theirs: list[str]) -> list[tuple[str, int, int, int, int]]:
    """SequenceMatcher's opcodes turning ``mine`` into ``theirs``, without the equal runs
    and without paper words before the sentence's first word or after its last (the
    paper's statement may start earlier or go on)."""
    ops = [
        op
        for op in SequenceMatcher(None, mine, theirs, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    return [op for op in ops if not (op[0] == "insert" and op[1] in (0, len(mine)))]


def _one_word(mine: list[str], theirs: list[str], hit: Hit) -> Flip | None:
    """The one changed word between two word lists, as a Flip, or None (no change, more
    than one, or one that is no operator or rank). Paper words before the sentence's first
    word or after its last are not changes."""
    inner = _changes(mine, theirs)
    if len(inner) != 1:
        return None
    kind, i1, i2, j1, j2 = inner[0]
    if kind == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
        a, b = mine[i1], theirs[j1]
        if b in OPPOSITE.get(a, ()):
            return Flip(a, b, ErrorTag.C3, hit)
    if (
        kind == "delete"
        and i2 - i1 == 1
        and mine[i1] in ORDINALS
        and i2 < len(mine)
        and _SUPERLATIVE.match(mine[i2])
    ):
        return Flip(mine[i1], "", ErrorTag.C1, hit)
    return None


def flip_contradiction(text: str, index: EvidenceIndex, hits: list[Hit]) -> SentenceFinding | None:
    """A sentence contradicted by :func:`flipped_statement`: the rationale, the evidence and
    the error span (C3, or C1 with the paper's word as the correction); None when the paper
    has no such sentence. Pure."""
    flip = flipped_statement(text, index, hits)
    if flip is None:
        return None
    pattern = re.escape(flip.word) + (r"\s+\w+" if not flip.paper else "")
    m = re.search(r"\b" + pattern + r"\b", fold(text), re.IGNORECASE)
    if m is None or len(fold(text)) != len(text):
        return None
    span = text[m.start() : m.end()]
    fixed = flip.paper or span[len(flip.word) :].strip()
    return SentenceFinding(
        f"Contradicted: the sentence says '{span}' where the same statement on page "
        f"{flip.hit.entry.page} says '{fixed}' (\"{short(flip.hit.entry.text)}\").",
        (flip.hit,),
        (ErrorSpan(span=span, tags=(flip.tag,), correction=fixed),),
    )


#: a word, or a number standing free (not the "2" of "S2ORC": a digit run after a letter
#: is kept as a word, "#2", so that it is never read as a changed number)
_TOKEN = re.compile(r"[a-z]+|(?<=[a-z])\d+(?:[.,]\d+)*|\d+(?:[.,]\d+)*")


#: a citation marker ("[47]", "[12, 15]"), not part of the statement
_CITE = re.compile(r"\[\d+(?:\s*[,\u2013-]\s*\d+)*\]")


def _tokens(flat: str) -> list[str]:
    out = []
    for m in _TOKEN.finditer(flat):
        t = m.group()
        bound = t[0].isdigit() and m.start() > 0 and flat[m.start() - 1].isalpha()
        out.append("#" + t if bound else t)
    return out


def _statement(around: str, a: int, b: int) -> str:
    """The paper's statement aligned at ``around[a:b]`` (flat page text): from the end of the
    sentence before it to the first sentence end at or after its aligned end. The words
    of the page's next sentence are never the statement's: a sentence's last number must
    not be matched to the same number further on ("an effective batch size of 2" against
    "... of 32. Each epoch takes 2 hours"), nor its first words to a sentence before."""
    start = around.rfind(". ", 0, a + 2)
    end = around.find(". ", max(a, b - 2))
    return around[start + 2 if start >= 0 else 0 : end + 1 if end >= 0 else len(around)]


def _number(token: str) -> float | None:
    if not token[:1].isdigit():
        return None
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def _rounded_same(mine: str, theirs: str) -> bool:
    """True when one number is the other rounded ("42" for "42.3", "1.60" for "1.6")."""
    a, b = _number(mine), _number(theirs)
    if a is None or b is None:
        return False
    da = len(mine.split(".")[1]) if "." in mine else 0
    db = len(theirs.split(".")[1]) if "." in theirs else 0
    # half a unit of the shorter number's last place, either way: "47" is "46.5" rounded
    # up as answers round it ("round" would give the even 46)
    return bool(abs(a - b) <= 0.5 * 10.0 ** -min(da, db) + 1e-9)


@dataclass(frozen=True, slots=True)
class NumberFlip:
    """The paper's own sentence with one number changed in its slot: the sentence says
    ``word`` where the paper (``hit``, the aligned text ``window``) says ``paper``."""

    word: str
    paper: str
    hit: Hit
    window: str
    #: which of the sentence's tokens written ``word`` it is (0: the first)
    nth: int = 0


#: how many words at either end of a sentence may stand for paper words around the
#: statement (a subject "the authors" for "we"): only the sentence's words count there
_EDGE = 3


def _restated(
    text: str, mine: list[str], index: EvidenceIndex, hits: list[Hit], n: int
) -> Iterator[tuple[Hit, str, int, int, list[str], list[tuple[str, int, int, int, int]]]]:
    """Each paper statement aligned with ``text`` near verbatim (:data:`SAME_BUT_ONE`,
    :func:`_alignments`): its hit, the text around it and the statement's range there, its
    tokens and their changes from the sentence's tokens ``mine`` (:func:`_changes`)."""
    for h, around, a, b in _alignments(text, index, hits, n, SAME_BUT_ONE):
        theirs = _tokens(_CITE.sub(" ", _statement(around, a, b)))
        yield h, around, a, b, theirs, _changes(mine, theirs)


def changed_number(
    text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5
) -> NumberFlip | None:
    """The one :func:`number_flips` finds; None when it finds none, or two statements
    each one number away at different numbers (which number is wrong is open)."""
    flips = number_flips(text, index, hits, n)
    return flips[0] if len(flips) == 1 else None


def number_flips(text: str, index: EvidenceIndex, hits: list[Hit], n: int = 5) -> list[NumberFlip]:
    """The paper states ``text`` near verbatim (partial_ratio at least
    :data:`SAME_BUT_ONE` around one of the best ``n`` passages, not table rows) except for
    one number, word for word in the same place ("since 1995" where the paper says "since
    1985"; "by 1.1 and 2.6 pH units" where it says "1.1 and 1.6"). Years count like any
    number; a rounding ("42" for "42.3") is no change. One flip per changed slot: two
    statements with the same words ("479 men for definition one and 543 for definition
    two", "647 ... and 388 ...") may each be one number away at another number. Empty
    when any aligned passage states the sentence with its own numbers, or the sentence
    has no number.

    Returns: the NumberFlips, first found first. Raises: nothing.
    """
    mine = _tokens(_flat(text))
    if len(mine) < 5 or not any(_number(t) is not None for t in mine):
        return []
    found: dict[tuple[int, str], NumberFlip] = {}
    for h, around, a, b, theirs, inner in _restated(text, mine, index, hits, n):
        # at the sentence's first or last words only its own words count: the paper words
        # replaced there are the passage's context ("The authors show" for "Figure 5. We
        # show")
        def edge(op: tuple[str, int, int, int, int]) -> bool:
            return op[2] <= _EDGE or op[1] >= len(mine) - _EDGE

        numeric = [
            op
            for op in inner
            if any(
                _number(t) is not None
                for t in mine[op[1] : op[2]]
                + ([] if edge(op) and op[2] > op[1] else theirs[op[3] : op[4]])
            )
        ]
        if not numeric:
            return []  # the paper states the sentence with these numbers
        changed = sum(
            op[2] - op[1] if edge(op) else max(op[2] - op[1], op[4] - op[3])
            for op in inner
            if op not in numeric
        )
        if len(numeric) != 1 or changed > max(2, len(mine) // 4):
            continue
        kind, i1, i2, j1, j2 = numeric[0]
        if i2 == len(mine):  # the paper's sentence goes on past the number
            j2 = min(j2, j1 + (i2 - i1))
        if kind != "replace" or i2 - i1 != 1 or j2 - j1 != 1:
            continue
        x, y = mine[i1], theirs[j1]
        if _number(x) is None or _number(y) is None or _rounded_same(x, y):
            continue
        if any(x in theirs[op[3] : op[4]] for op in inner if 0 <= j1 - op[4] <= 2):
            continue  # the paper writes the number in the words just before, taken as
            # context ("than with 50" for "compared to 50, and ... 50% with 400 tips")
        if re.search(r"[A-Za-z]-" + re.escape(x) + r"(?![\d.])", text):
            continue  # a version in a name ("Llama-3.2"): the name checks
        if (i1, y) not in found:
            found[(i1, y)] = NumberFlip(x, y, h, around[a:b], mine[:i1].count(x))
    return list(found.values())


def exchanged_numbers(
    text: str, index: EvidenceIndex, hits: list[Hit], numbers: Sequence[NumberCheck], n: int = 5
) -> SentenceFinding | None:
    """The paper states ``text`` near verbatim (as :func:`number_flips` reads it) with two
    of its numbers exchanged, word for word in the same slots ("When 500 ppm imidazole was
    added, icorr was higher than 1000 ppm" where the paper says 1000 ... 500): each of the
    two is a C1, the other as its correction, and its check a conflict bound to that
    passage. None when no aligned passage is the sentence with exactly that exchange (and
    at most :data:`_EDGE`-word edges or a few other words changed). Pure."""
    mine = _tokens(_flat(text))
    if len(mine) < 5 or len(fold(text)) != len(text):
        return None
    for h, around, a, b, theirs, inner in _restated(text, mine, index, hits, n):
        numeric = [op for op in inner if any(_number(t) is not None for t in mine[op[1] : op[2]])]
        if len(numeric) != 2 or any(
            op[0] != "replace" or op[2] - op[1] != 1 or op[4] - op[3] != 1 for op in numeric
        ):
            continue
        (_, i1, _, j1, _), (_, i2, _, j2, _) = numeric
        x1, x2, y1, y2 = mine[i1], mine[i2], theirs[j1], theirs[j2]
        if x1 == x2 or x1 != y2 or x2 != y1:
            continue  # not the same two numbers, each in the other's slot
        others = sum(max(op[2] - op[1], op[4] - op[3]) for op in inner if op not in numeric)
        if others > max(2, len(mine) // 4):
            continue
        flips = [
            NumberFlip(x1, y1, h, around[a:b], mine[:i1].count(x1)),
            NumberFlip(x2, y2, h, around[a:b], mine[:i2].count(x2)),
        ]
        spans = [_flip_span(text, f) for f in flips]
        if any(sp is None for sp in spans):
            continue
        window = extract_quantities(around[a:b])
        checks = tuple(
            dataclasses.replace(
                c,
                status=NumberStatus.CONFLICT,
                hit=h,
                why="",
                correction=next((q for q in window if q.value == _number(f.paper)), None),
            )
            if (f := next((f for f, sp in zip(flips, spans) if _at(c, sp)), None)) is not None
            else c
            for c in numbers
        )
        said = [text[sp[0] : sp[1]] for sp in spans if sp is not None]
        return SentenceFinding(
            f"Contradicted: the sentence exchanges '{said[0]}' and '{said[1]}': the same "
            f"statement on page {h.entry.page} gives them the other way round "
            f'("{short(h.entry.text)}").',
            (h,),
            tuple(
                ErrorSpan(span=w, tags=(ErrorTag.C1,), correction=f.paper)
                for w, f in zip(said, flips)
            ),
            checks,
        )
    return None


def number_flip_contradiction(
    text: str, index: EvidenceIndex, hits: list[Hit], numbers: Sequence[NumberCheck]
) -> SentenceFinding | None:
    """A sentence contradicted by :func:`number_flips`: the rationale, the evidence, a C1
    error span on the changed number with the paper's number as the correction, and
    ``numbers`` (the sentence's number checks) with that number's check a conflict bound
    to that passage. With two statements each one number away at another number, a C1
    with no correction on each (which one is wrong is open). None when the paper has no
    such sentence. Pure."""
    flips = number_flips(text, index, hits) or _clause_flips(text, index, hits)
    if len(fold(text)) != len(text) or not flips:
        return None
    spans = [_flip_span(text, f) for f in flips]
    if any(sp is None for sp in spans):
        return None
    if len(flips) > 1:
        return _open_flips(text, flips, numbers)
    flip, span = flips[0], text[spans[0][0] : spans[0][1]]  # type: ignore[index]
    paper = [q for q in extract_quantities(flip.window) if q.value == _number(flip.paper)]
    checks = tuple(
        dataclasses.replace(
            c,
            status=NumberStatus.CONFLICT,
            hit=flip.hit,
            why="",
            correction=paper[0] if paper else None,
        )
        if _at(c, spans[0])
        else c
        for c in numbers
    )
    return SentenceFinding(
        f"Contradicted: the sentence says '{span}' where the same statement on page "
        f"{flip.hit.entry.page} says '{flip.paper}' (\"{short(flip.hit.entry.text)}\").",
        (flip.hit,),
        (ErrorSpan(span=span, tags=(ErrorTag.C1,), correction=flip.paper),),
        checks,
    )


#: Where a sentence joins two statements: ", and", "; ", ", while", ", whereas", ", but".
_CLAUSE_BREAK = re.compile(r",\s+(?:and|while|whereas|but)\s+|;\s+")
#: The fewest words a clause holds to be aligned on its own.
_CLAUSE_MIN = 8


def _clause_flips(text: str, index: EvidenceIndex, hits: list[Hit]) -> list[NumberFlip]:
    """The one number flip (:func:`number_flips`) of a clause of ``text`` that the paper
    states near verbatim on its own ("..., and its spectral peak became significant in the
    1990s" where the paper's sentence says "Its spectral peak becomes ... in the 1970s"),
    its ``nth`` counted in the whole sentence; [] where no clause of at least
    :data:`_CLAUSE_MIN` words has exactly one."""
    flat = fold(text)
    breaks = list(_CLAUSE_BREAK.finditer(flat))
    if not breaks:
        return []
    starts = [0] + [m.end() for m in breaks]
    ends = [m.start() for m in breaks] + [len(flat)]
    for a, b in zip(starts, ends):
        clause = flat[a:b]
        if len(_tokens(_flat(clause))) < _CLAUSE_MIN:
            continue
        flips = number_flips(clause, index, hits)
        if len(flips) == 1:
            f = flips[0]
            before = len(re.findall(r"(?<![\w.,])" + re.escape(f.word) + r"(?![\d])", flat[:a]))
            return [dataclasses.replace(f, nth=f.nth + before)]
    return []


def _flip_span(text: str, flip: NumberFlip) -> tuple[int, int] | None:
    """Where ``text`` writes the flip's number (its ``nth`` writing), or None."""
    ms = list(re.finditer(r"(?<![\w.,])" + re.escape(flip.word) + r"(?![\d])", fold(text)))
    m = ms[flip.nth] if flip.nth < len(ms) else (ms[0] if ms else None)
    return None if m is None else (m.start(), m.end())


def _at(c: NumberCheck, span: tuple[int, int] | None) -> bool:
    return span is not None and span[0] <= c.quantity.start < span[1]


def _open_flips(
    text: str, flips: list[NumberFlip], numbers: Sequence[NumberCheck]
) -> SentenceFinding:
    """Two statements with the same words, the sentence one number away from each at
    another number ("479 men for definition one and 388 for definition two" where the
    paper says 479 / 543 and 647 / 388): contradicted, each changed number a C1 with no
    correction."""
    spans = [_flip_span(text, f) for f in flips]
    where = ", ".join(f"'{f.paper}' for '{f.word}'" for f in flips)
    pages = ", ".join(str(p) for p in sorted({f.hit.entry.page for f in flips}))
    why = f"one number away from {len(flips)} statements on page {pages} ({where})"
    checks = tuple(
        dataclasses.replace(
            c, status=NumberStatus.REFUTED, hit=flips[0].hit, why=why, correction=None
        )
        if any(_at(c, sp) for sp in spans)
        else c
        for c in numbers
    )
    return SentenceFinding(
        f"Contradicted: the sentence is {why}; which of its numbers is wrong is open.",
        tuple({f.hit.pid: f.hit for f in flips}.values()),
        tuple(
            ErrorSpan(span=text[a:b], tags=(ErrorTag.C1,))
            for sp in dict.fromkeys(spans)
            if sp is not None
            for a, b in [sp]
        ),
        checks,
    )


def keep_verbatim(text: str, index: EvidenceIndex, hits: list[Hit], found: Findings) -> None:
    """Undo the number conflicts (C1) and value swaps (C2) of a sentence the paper states
    near verbatim (:func:`verbatim_hit`): each such number becomes found in that passage.
    Changes ``found`` in place."""
    if not any(
        c.status in (NumberStatus.CONFLICT, NumberStatus.REFUTED, NumberStatus.MISBOUND)
        for c in found.numbers
    ) and not any(ErrorTag.C2 in e.tags for e in found.errors):
        return
    hit = verbatim_hit(text, index, hits)
    if hit is None:
        return
    for c in found.numbers:
        if c.status in (
            NumberStatus.CONFLICT,
            NumberStatus.REFUTED,
            NumberStatus.MISBOUND,
            NumberStatus.ABSENT,
            NumberStatus.UNVERIFIABLE,
            NumberStatus.FOUND_FAR,
        ):
            c.status, c.hit, c.correction, c.why = NumberStatus.FOUND, hit, None, ""
    found.errors[:] = [e for e in found.errors if not ({ErrorTag.C1, ErrorTag.C2} & set(e.tags))]
    found.notes.clear()


__all__ = [
    "SAME_BUT_ONE",
    "SAME_TEXT",
    "Flip",
    "NumberFlip",
    "changed_number",
    "flip_contradiction",
    "flipped_statement",
    "keep_verbatim",
    "number_flip_contradiction",
    "exchanged_numbers",
    "number_flips",
    "verbatim_hit",
]
