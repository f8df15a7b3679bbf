"""Word-level text tools shared by the evidence index and the rules judge.

Pure functions, no I/O. Tokens are lower-cased, NFKC-folded (ligatures ``ﬁ`` -> ``fi``),
Unicode minus/dash variants folded to ``-``, and lightly stemmed (plural and verb suffixes
stripped) so that "smoked" meets "smoker" and "results" meets "result".

Sources: the stop-word list is a small hand-written English list; the suffix stripper is a
reduced Porter-style step 1 (M. F. Porter, "An algorithm for suffix stripping", 1980).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from grounding.memo import per_check

#: Unicode minus and dash variants that PDFs use for a minus sign (folded to "-").
MINUS_CHARS = "\u2212\u2012\u2013\u2010\u2011\ufe63\uff0d\u2014"

STOPWORDS = frozenset(
    """
a an the and or but of in on at to for from by with without as is are was were be been being
this that these those it its their there here which who whom whose what when where how than then
so such into onto over under about across after before between both each either neither nor
not no also only very more most less least much many some any all can could may might will would
should shall do does did done has have had having i we you he she they them our your his her my me
us per via while whereas if because since though although yet just even still too again further
one two s t et al use used using based paper authors author table figure fig section eq
""".split()
)

_NUMERIC = re.compile(r"\d+(?:[.,]\d+)*")
_TOKEN_RE = re.compile(r"[^\W_]+(?:[.@'][^\W_]+)*")
#: _TOKEN_RE for ASCII text, where a character that is a word character but not '_' is
#: a letter or digit.
_ASCII_TOKEN_RE = re.compile(r"[A-Za-z0-9]+(?:[.@'][A-Za-z0-9]+)*")


def fold(text: str) -> str:
    """NFKC-fold ``text`` and map minus/dash variants to ``-``; length may change (ligatures)."""
    if text.isascii():
        return text  # NFKC leaves ASCII as it is, and every variant is non-ASCII
    text = unicodedata.normalize("NFKC", text)
    # one C-speed scan per variant; str.translate with a dict table is ~10x slower on the
    # page-long texts the evidence index folds
    for ch in MINUS_CHARS:
        if ch in text:
            text = text.replace(ch, "-")
    return text


def fold_with_offsets(text: str) -> tuple[str, list[int]]:
    """:func:`fold` with a map back: ``(folded, offsets)`` where ``offsets[i]`` is the index
    in ``text`` of the character that gave folded character ``i``; one more entry,
    ``len(text)``, closes the map. Folds a base character with the combining marks after it
    at a time, so the folded text can differ from ``fold(text)`` only where NFKC would
    compose across such groups (rare). ASCII stretches map one to one (C-level), so the cost
    is per non-ASCII character."""
    if text.isascii():
        return text, list(range(len(text) + 1))
    parts: list[str] = []
    offsets: list[int] = []
    pos = 0
    for m in _NON_ASCII.finditer(text):
        a, b = m.span()
        if unicodedata.combining(text[a]) and a > pos:
            a -= 1  # a combining mark folds with the character before it
        parts.append(text[pos:a])
        offsets.extend(range(pos, a))
        run = text[a:b]
        folded_run = fold(run)
        if len(folded_run) == len(run) and not any(map(unicodedata.combining, run)):
            parts.append(folded_run)  # one character each ('’', '–'): one to one
            offsets.extend(range(a, b))
            pos = b
            continue
        i = a
        while i < b:
            j = i + 1
            while j < b and unicodedata.combining(text[j]):
                j += 1
            folded = fold(text[i:j])
            parts.append(folded)
            offsets.extend([i] * len(folded))
            i = j
        pos = b
    parts.append(text[pos:])
    offsets.extend(range(pos, len(text) + 1))
    return "".join(parts), offsets


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def unfold(text: str, fragment: str) -> str:
    """The substring of ``text`` that folds to ``fragment`` (its first occurrence), so that
    a span found in folded text ("-0.42") can be quoted as written ("−0.42"); ``fragment``
    itself when it already occurs in ``text`` or cannot be found."""
    if not fragment or fragment in text:
        return fragment
    folded, offsets = fold_with_offsets(text)
    i = folded.find(fragment)
    if i < 0:
        return fragment
    return text[offsets[i] : offsets[i + len(fragment)]]


#: Endings after which a plural "-es" is a suffix of its own ("boxes", "matches", "classes");
#: after any other letter only the "s" is ("cases" -> "case", "rates" -> "rate"), so a
#: plural meets its singular.
_ES_AFTER = ("xes", "zzes", "ches", "shes", "sses")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A reduced suffix stripper: ``"results" -> "result"``, ``"smoked" -> "smok"``.

    Args: word: lower-case token. Returns: the stem (never empty). Tokens with digits are
    returned unchanged so that numbers and names such as ``"r@1"`` keep their identity.
    """
    if len(word) <= 3 or any(ch.isdigit() for ch in word):
        return word
    for suffix in (
        "ational",
        "ization",
        "ations",
        "ation",
        "ments",
        "ment",
        "ness",
        "ingly",
        "edly",
        "ings",
        "ing",
        "ies",
        "ied",
        "ers",
        "er",
        "ed",
        "es",
        "ly",
        "s",
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                break  # "class", "virus", "analysis": no plural
            if suffix in ("ies", "ied"):
                word = word[:-3] + "y"  # "studies", "studied" -> "study"
            elif suffix == "es" and not word.endswith(_ES_AFTER):
                word = word[:-1]  # "cases" -> "case", as the singular
            else:
                word = word[: -len(suffix)]
            break
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


#: Derivational endings :func:`root` strips from a stem, longest first (Porter's steps 2-4,
#: reduced): "infection" / "infectious" -> "infect", "vaccination" -> "vaccin",
#: "hospitaliz(ed)" -> "hospital", "mortality" -> "mortal", "severity" -> "sever".
_DERIVED = (
    "ization",
    "isation",
    "ational",
    "ation",
    "ition",
    "iousness",
    "ious",
    "ivity",
    "ities",
    "ity",
    "ions",
    "ion",
    "atic",
    "ive",
    "iv",
    "ous",
    "iz",
    "is",
    "at",
)
#: Root endings that alternate inside a derivation family (reduce / reduction, admit /
#: admission), mapped to one form.
_ALTERNATE = (("duct", "duc"), ("miss", "mit"))


@lru_cache(maxsize=65536)
def root(term: str) -> str:
    """A stemmed term (:func:`stem` output) reduced to the root its derivations share, so
    that "infection", "infected" and "infectious" meet while "transmission" and
    "transplant" stay apart (five-letter truncation merges them). Plain words of five
    letters or more only; the root keeps at least four letters; a doubled final consonant
    is undoubled ("transmitt" -> "transmit"). Names with digits or hyphens are returned
    unchanged. Pure (memoised like :func:`stem`); used to compare a claim with the
    paper's own sentences."""
    if len(term) < 5 or not term.isalpha():
        return term
    for suffix in _DERIVED:
        if term.endswith(suffix) and len(term) - len(suffix) >= 4:
            term = term[: -len(suffix)]
            break
    for end, to in _ALTERNATE:
        if term.endswith(end):
            term = term[: -len(end)] + to
            break
    if len(term) > 4 and term[-1] == term[-2] and term[-1] not in "aeiousl":
        term = term[:-1]
    return term


def _clean(token: str) -> str:
    token = token.lower().rstrip(".")
    if token.endswith(("'s", "’s")):
        token = token[:-2]
    return token.rstrip("'’")


def tokens(text: str) -> list[str]:
    """Lower-case word tokens of ``text`` (after :func:`fold`), stop words kept, unstemmed;
    a possessive ``'s`` is dropped ("SciBERT's" -> "scibert")."""
    folded = fold(text)
    pattern = _ASCII_TOKEN_RE if folded.isascii() else _TOKEN_RE
    return [_clean(m.group(0)) for m in pattern.finditer(folded)]


def raw_tokens(text: str, start: int = 0, end: int | None = None) -> list[str]:
    """The word tokens of ``text[start:end]`` as written (not folded, cleaned or stemmed):
    the strings :func:`content_term` takes. A token never spans a line break."""
    if end is None:
        end = len(text)
    # an ASCII stretch (most lines of a paper) by the ASCII form of the same pattern,
    # which the regex engine reads faster than Unicode classes
    ascii_only = text.isascii() or text[start:end].isascii()
    return (_ASCII_TOKEN_RE if ascii_only else _TOKEN_RE).findall(text, start, end)


def content_terms(text: str) -> list[str]:
    """Stemmed content tokens of ``text``: stop words and 1-letter words dropped.

    Returns: a new list each call (the terms of the last 8,192 texts are kept: a judge asks
    for those of the same passages and table rows many times per answer; see
    :func:`forget_terms`)."""
    return list(_content_terms(text))


def forget_terms() -> None:
    """Empty the memo of :func:`content_terms` (``grounding.check.check`` empties it, with
    the other memos of ``grounding.memo``, as a check starts and ends, so that the time of
    a check does not depend on the checks before it)."""
    _content_terms.cache_clear()


@per_check(maxsize=8192)
def _content_terms(text: str) -> tuple[str, ...]:
    return tuple(
        [
            stem(tok)
            for tok in tokens(text)
            if not (tok in STOPWORDS or (len(tok) < 2 and not tok.isdigit()))
        ]
    )


@lru_cache(maxsize=65536)
def content_term(token: str) -> str | None:
    """The content term of one raw token (as ``_TOKEN_RE`` matches it): folded, cleaned
    and stemmed; None for a stop word or a 1-letter word (digits kept). Memoised like
    :func:`stem`: it holds vocabulary, not a check's texts."""
    tok = _clean(fold(token))
    if tok in STOPWORDS or (len(tok) < 2 and not tok.isdigit()):
        return None
    return stem(tok)


def is_numeric(term: str) -> bool:
    """True for a term that is a number (``"91.5"``, ``"2020"``)."""
    # a number starts with a digit (what ``\d`` matches, str.isdigit holds): most terms
    # are words, told apart without the regex
    return term[:1].isdigit() and _NUMERIC.fullmatch(term) is not None


__all__ = [
    "MINUS_CHARS",
    "STOPWORDS",
    "content_term",
    "content_terms",
    "fold",
    "fold_with_offsets",
    "forget_terms",
    "is_numeric",
    "raw_tokens",
    "root",
    "stem",
    "tokens",
    "unfold",
]
