"""Two names whose roles in one relation the sentence exchanges: "the main generator was
GENIE, with NEUT used only as a cross-check" where the paper says "the primary neutrino
generator ... is NEUT" and "a secondary neutrino generator used for testing is GENIE"
(pure over the paper's sentences; no I/O).

A role word (``lexicon/data/role_pairs.tsv``: primary / main / principal against secondary /
alternative / cross-check; source / origin / donor against destination / recipient) gives
its role to the nearest name of its clause (an acronym, a name with capitals or digits, a
capitalised word; a run of them is one name). Each name the sentence gives a role is looked
up in the paper's sentences that give it (or a name holding it: "Iberá National Park") a
role of the same pair: where the paper gives it only the other role, the sentence exchanged
the roles (C2, the paper's sentence as evidence). A name the paper gives no role, or both, settles
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from annotations.schema import ErrorTag
from grounding.judges.direction_check import PaperSentence, PaperSentences, quote
from grounding.judges.parts import Part, PartKind
from grounding.judges.statement_check import PartResult, Status
from grounding.lexicon import STOPWORDS, fold
from grounding.lexicon.words import GENERAL_WORDS, role_words

#: Farthest a role word gives its role (characters to the name, same clause).
REACH = 80

_ROLES = role_words()
_CUE = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(_ROLES, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
#: an acronym, a name with inner capitals or digits, or a capitalised word; a run of them
#: separated by single spaces is one name ("El Impenetrable National Park")
_TOKEN = r"(?:[A-Z][\w-]*[A-Z0-9][\w-]*|[A-Z][a-z\u00e0-\u00ff]+)"
_NAME = re.compile(rf"\b{_TOKEN}(?: {_TOKEN})*\b")
_CLAUSE = re.compile(r"[;:,()]|\s(?:with|while|whereas|but|and|although)\s")


def _names(text: str, lo: int, hi: int) -> list[re.Match[str]]:
    """Names of ``text[lo:hi]``: not a role word, nor a stop word or general word of
    prose opening the sentence ("The", "Overall"), nor an opening word before a comma."""
    out = []
    for m in _NAME.finditer(text, lo, hi):
        low = m.group(0).lower()
        if low in _ROLES:
            continue
        if m.start() == 0 and (
            low in STOPWORDS or low in GENERAL_WORDS or text[m.end() : m.end() + 1] == ","
        ):
            continue
        out.append(m)
    return out


def _same_name(a: str, b: str) -> bool:
    """One name holds the other as whole words ("iberá" / "iberá national park")."""
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


def roles(text: str) -> dict[str, tuple[str, str, str]]:
    """Name (lower case) -> (role word, pair, class) for each role word of ``text``
    (folded) and the nearest name of its clause within :data:`REACH` characters; a name
    given two roles is left out."""
    s = fold(text)
    out: dict[str, tuple[str, str, str]] = {}
    seen: set[str] = set()
    for m in _CUE.finditer(s):
        cuts = [0, *(c.end() for c in _CLAUSE.finditer(s, 0, m.start()))]
        stop = _CLAUSE.search(s, m.end())
        lo, hi = cuts[-1], stop.start() if stop else len(s)
        near = [
            (min(abs(n.start() - m.end()), abs(m.start() - n.end())), n.group(0).lower())
            for n in _names(s, lo, hi)
        ]
        near = [x for x in near if x[0] <= REACH]
        if not near:
            continue
        name = min(near)[1]
        pair, cls = _ROLES[m.group(1).lower()]
        if name in out and out[name][2] != cls:
            seen.add(name)
        out.setdefault(name, (m.group(1), pair, cls))
    return {k: v for k, v in out.items() if k not in seen}


def role_conflict(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> PartResult | None:
    """A name the sentence gives one role that the paper's sentences (on ``pages``, None:
    every page) give only the other role of the pair (module docstring). Returns a
    contradicted PartResult (C2; span: the name; correction: the paper's role word), or
    None."""
    mine = roles(text)
    if not mine:
        return None
    numbers = paper.page_numbers() if pages is None else sorted(set(pages))
    given: dict[str, list[tuple[str, str, PaperSentence]]] = {}
    for n in numbers:
        for p in paper.page(n):
            if skip is not None and skip(p.page, p.start):
                continue
            low = p.text.lower()
            if not any(name in low for name in mine) or not _CUE.search(p.text):
                continue
            for named, (word, pair, cls) in roles(p.text).items():
                for name in mine:
                    if mine[name][1] == pair and _same_name(name, named):
                        given.setdefault(name, []).append((word, cls, p))
    for name, (word, _, cls) in mine.items():
        theirs = given.get(name, [])
        if theirs and all(k != cls for _, k, _ in theirs):
            said, _, p = theirs[0]
            at = fold(text).lower().find(name)
            named = text[at : at + len(name)] if at >= 0 else name
            # the error is the role word: "main" -> "secondary" reads as its correction,
            # where "GENIE" -> "secondary" would not
            span, fix = _role_word(text, word, at), said
            if span is None:
                span, fix = named, said
            elif span[:1].isupper():
                fix = said[:1].upper() + said[1:]
            return PartResult(
                Part(PartKind.TERM, named, max(at, 0), max(at, 0) + len(name), named),
                Status.CONTRADICTED,
                ErrorTag.C2,
                f"the sentence gives {named} the role '{word}' where page {p.page} gives it "
                f"'{said}' (\"{quote(p.text)}\")",
                paper.hit_for(p, 1.0),
                span,
                fix,
            )
    return None


def _role_word(text: str, word: str, near: int) -> str | None:
    """The role word ``word`` as ``text`` writes it, the occurrence nearest to offset
    ``near`` (the name's); None when the text does not hold it as a word."""
    found = [m for m in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)]
    if not found:
        return None
    best = min(found, key=lambda m: abs(m.start() - max(near, 0)))
    return best.group(0)


__all__ = ["REACH", "role_conflict", "roles"]
