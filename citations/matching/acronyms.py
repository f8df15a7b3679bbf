"""Reading a venue name: its telling words and the acronyms it names or is written as.

The acronyms a name names come from citations/data/venue_aliases.tsv (phrases, acronyms
written as words, and the special cases listed there), from brackets ("(WANLP)") and from
"X@Y" workshop notation. A venue written as one acronym ("SIGDIAL 2015", "NLP4DH") is read
off the starts of another name's words (:func:`acronym_of`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache

from citations.data import venue_aliases
from citations.text.fold import fold, strip_markup

__all__ = [
    "ACRONYM_SKIP",
    "BRACKETED_ACRONYM",
    "VENUE_STOP",
    "acronym_of",
    "acronym_plausible",
    "bare_acronym",
    "is_venue_acronym",
    "spelled_acronym",
    "venue_acronyms",
    "venue_words",
]

VENUE_STOP = frozenset(
    (
        "proceedings proc of the in on and for annual conference conf international intl int "
        "meeting workshop symposium journal j volume vol part ieee acm cvf th st nd rd main long "
        "short papers paper track series"
    ).split()
)


def _written_acronyms(raw: str) -> set[str]:
    """Acronyms as written: "(WANLP)", "WANLP@EMNLP", a one-word venue "ICLR"."""
    out = {m.lower() for m in re.findall(r"\(([A-Z][A-Za-z]{1,9})\)", raw)}
    if "@" in raw:
        out |= {p.lower() for p in re.findall(r"[A-Za-z]{2,}", raw) if p.isupper() or "@" in raw}
    words = raw.split()
    if len(words) == 1 and re.fullmatch(r"[A-Za-z]{2,10}", words[0]) and not words[0].islower():
        out.add(words[0].lower())
    return out


@lru_cache(maxsize=1)
def _alias_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """One pattern per known acronym: any of its alias phrases, as whole words."""
    return tuple(
        (acr, re.compile(r"\b" + "|".join(re.escape(p) for p in phrases) + r"\b"))
        for acr, phrases in venue_aliases().aliases.items()
    )


@lru_cache(maxsize=8192)
def venue_acronyms(folded: str, raw: str = "") -> frozenset[str]:
    """The venue aliases (citations/data/venue_aliases.tsv) a venue names; ``folded`` is ``raw``
    folded (cached: venues repeat across references and records)."""
    known = venue_aliases()
    acr: set[str] = _written_acronyms(raw) if raw else set()
    for name, rx in _alias_patterns():
        if rx.search(folded):
            acr.add(name)
    # the acronyms written as words: "(EMNLP)", "ACL 2020", "WANLP@EMNLP", "NeurIPS"
    words = set(re.findall(r"[a-z]+", folded))
    for name in known.aliases:
        if name in words and name not in known.words:
            acr.add(name)
    acr |= {name for spelling, name in known.spellings.items() if spelling in words}
    for long_, short in known.shadows.items():
        if long_ in acr and short in acr:
            # "ICMLA" implies the phrase for ICML; keep ICML only if written on its own
            if not re.search(rf"\b{short}\b", folded):
                acr.discard(short)
    core = folded.split("special issue")[
        0
    ]  # "..., June 2008 - Special Issue on Semantic Role Labeling"
    for name, allowed in known.alone.items():
        # the journal Computational Linguistics, not "... Workshop on Cognitive Modeling
        # and Computational Linguistics"
        if name in acr and (len(acr) > 1 or set(venue_words(core)) - allowed - {name}):
            acr.discard(name)
    acr -= known.publishers
    return frozenset(acr)


#: stop words long enough to be abbreviated ("annu" for annual, "meet" for meeting)
_VENUE_STOP_LONG = tuple(w for w in VENUE_STOP if len(w) > 4)


def venue_words(folded: str) -> list[str]:
    """The words that tell venues apart: not stop words (VENUE_STOP) nor abbreviations of
    one ("Annu Meet" for Annual Meeting, as NLM/ISO 4 abbreviations write them)."""
    return [
        w
        for w in re.findall(r"[a-z]+", folded)
        if w not in VENUE_STOP
        and len(w) > 1
        and not (len(w) >= 3 and any(stop.startswith(w) for stop in _VENUE_STOP_LONG))
    ]


#: words an acronym skips ("Traitement Automatique des Langues Naturelles" is TALN)
ACRONYM_SKIP = frozenset(
    "of the and for on in at to a an de des du la le les et d l "
    "der die das und fur von y e em do da".split()
)


_CAPS_WORD = re.compile(r"\b[A-Z]{3,8}\b")


def _spelled_out(acronyms: set[str], folded: str) -> str | None:
    """The first of ``acronyms`` (3+ letters, lower case; written in capitals and not one
    the venue aliases know) that is the initials of a run of words of the folded venue name
    ``folded`` (function words skipped), or None."""
    if not acronyms:
        return None
    initials = "".join(w[0] for w in re.findall(r"[a-z]+", folded) if w not in ACRONYM_SKIP)
    return next(
        (a for a in sorted(acronyms) if len(a) >= 3 and a.isalpha() and a in initials), None
    )


def spelled_acronym(short: str, long_: str) -> str | None:
    """An acronym written in capitals in venue ``short`` (not one the venue aliases know) that
    is the initials of words of the folded venue ``long_``, when the short name's other
    telling words are in the long one too ("Proc. NLP+CSS 2020" is the "Workshop on Natural
    Language Processing and Computational Social Science"; "First Workshop on Subword and
    Character Level Models in NLP" is not EMNLP's "... Natural Language Processing")."""
    caps = {w.lower() for w in _CAPS_WORD.findall(short)}
    spelled = _spelled_out(caps - venue_aliases().aliases.keys(), long_)
    if (
        spelled
        and set(venue_words(fold(strip_markup(short))))
        - set(venue_words(long_))
        - caps
        - ACRONYM_SKIP
    ):
        return None
    return spelled


_BARE_SKIP = frozenset("proceedings proc in of the".split())
_BARE_YEAR = re.compile(r"^(?:(?:1[89]|20)\d\d|'\d\d)$")
_BARE_TOKEN = re.compile(r"[*#]?[A-Za-z][A-Za-z0-9]*(?:[-+@&/][A-Za-z0-9]+)*")


#: an acronym a venue name states in brackets, with or without a year ("(RANLP 2021)",
#: "(W-NUT 2021)", "(*SEM)"): the venue's own acronym
BRACKETED_ACRONYM = re.compile(
    r"\([*#]?(?=[A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*[A-Z])[A-Za-z][A-Za-z0-9]*"
    r"(?:[-+@&/][A-Za-z0-9]+)*(?:[\s-]*'?(?:19|20)?\d\d)?\)"
)


def bare_acronym(venue: str) -> str | None:
    """The acronym a venue is written as and nothing else ("SIGDIAL", "SIGDIAL 2015", "Proc.
    CLPsych", "JEP-TALN-RECITAL", "W-NUT 2021", "NLP4DH"): its one token besides "Proc." /
    "Proceedings of the" / "In" and a year, when that token has two or more capitals (or the
    venue is typed in lower case throughout: "proc. of sigdial"), folded to letters and
    digits ("jeptalnrecital"); None for any other venue ("Nature", "MT Summit",
    "Computational Linguistics")."""
    text = strip_markup(venue)
    toks = [
        t
        for t in re.split(r"[\s,;:()\[\].]+", text)
        if t and t.lower() not in _BARE_SKIP and not _BARE_YEAR.match(t)
    ]
    if len(toks) != 1 or not _BARE_TOKEN.fullmatch(toks[0]):
        return None
    if sum(c.isupper() for c in toks[0]) < 2 and (text != text.lower() or len(toks[0]) < 3):
        return None
    acr = re.sub(r"[^a-z0-9]+", "", fold(toks[0]))
    return acr if 2 <= len(acr) <= 16 else None


#: the words of a folded venue name, digits included ("15th"), for acronym tests
_FOLDED_WORD = re.compile(r"[a-z0-9]+")

#: digits that acronyms write for a function word ("NLP4DH": NLP for Digital Humanities)
_ACRONYM_DIGITS = {"4": "for", "2": "to"}


def acronym_of(acronym: str, folded: str) -> bool:
    """Can ``acronym`` (folded letters and digits, from :func:`bare_acronym`) be read off the
    folded venue name ``folded``: a concatenation of the starts of its words, in order
    ("sigdial": Special Interest Group on Discourse and DIALogue; "mtsummit": Machine
    Translation SUMMIT; "jeptalnrecital": JEP-TALN-RECITAL), "4" / "2" standing for "for" /
    "to"? Words before the first part may be skipped, and for acronyms of four or more
    characters words between parts too; a shorter one must take consecutive words (function
    words aside), so that two or three letters do not match by chance."""
    words = _FOLDED_WORD.findall(folded)
    n, m = len(acronym), len(words)
    short = n < 4
    gap = 0 if short else 2  # telling words that may be left out between two parts

    @cache
    def fits(i: int, j: int) -> bool:  # acronym[i:] from words[j:], a part already read
        if i == n:
            return True
        skipped = 0
        for k in range(j, m):
            if _part_fits(acronym, i, words[k], fits, k + 1, short):
                return True
            if i and words[k] not in ACRONYM_SKIP:
                skipped += 1
                if skipped > gap:
                    return False
        return False

    return fits(0, 0)


def _part_fits(
    acronym: str, i: int, word: str, rest: Callable[[int, int], bool], after: int, short: bool
) -> bool:
    """Does a start of ``word`` (or the word a digit stands for) spell ``acronym`` from
    ``i`` on, with ``rest(end, after)`` true at the end of that part (``after``: the index
    of the next word)? In a ``short`` acronym a part is
    one initial or the whole word ("sem" is not the start of "semantic")."""
    if _ACRONYM_DIGITS.get(acronym[i]) == word and rest(i + 1, after):
        return True
    p = 1
    while p <= len(word) and i + p <= len(acronym) and acronym[i + p - 1] == word[p - 1]:
        if (not short or p == 1 or p == len(word)) and rest(i + p, after):
            return True
        p += 1
    return False


def acronym_plausible(acronym: str, folded: str) -> bool:
    """Could ``acronym`` (folded, from :func:`bare_acronym`) abbreviate the folded venue name
    ``folded`` at all: does each of its distinct letters but at most one (none for three
    letters or fewer) start a word of the name? (Acronyms of renamed venues keep an old
    letter: IWSLT, now a "Conference". One with two letters that start no word of the name
    is another venue's.)"""
    letters = {c for c in acronym if c.isalpha()}
    initials = {w[0] for w in _FOLDED_WORD.findall(folded)}
    return bool(letters) and len(letters - initials) <= (1 if len(letters) >= 4 else 0)


def is_venue_acronym(word: str, venue: str) -> bool:
    """Is ``word`` (folded) an acronym of ``venue`` (an alias it names, its initials, or the
    starts of its words: :func:`acronym_of`)?"""
    folded = fold(strip_markup(venue))
    return (
        word in venue_acronyms(folded, venue)
        or bool(_spelled_out({word}, folded))
        or acronym_of(word, folded)
    )
