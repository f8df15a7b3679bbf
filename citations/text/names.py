"""Person names in references: name parsing, author lists, keys (folding: citations.text.fold).

Conventions of :class:`~citations.model.Author` as filled here:

- ``family`` keeps a *leading* particle as written ("de la Fuente", "van der Berg",
  "von Harlem"); the ABNT form with a *trailing* particle ("SANTOS, M. A. dos") gives
  ``family="Santos", particle="dos"``. Upper-case ABNT surnames are title-cased.
- ``given`` is kept as written ("J.", "M. A.", "F.-Y.", "Jana E."); Vancouver initials
  ("Altschul SF") become "S. F.".
- ``literal=True`` only for a name that is one brace group in BibTeX ("{World Health
  Organization}") or a single-word organisation name; a brace-protected *surname*
  ("{Keller-Amadi}, Jana E.") is a person.

Keys: :func:`name_key` = folded family without particles + "|" + first initial
(``"hoglund|m"``), equal for the LaTeX, NFC, NFD and ASCII spellings of one person,
and for "de la Fuente, J." / "Fuente, J. de la". The family key that keeps particles
("von harlem") is citations.matching.authors.family_key.
"""

from __future__ import annotations

import functools
import re

from citations.model import Author
from citations.text.fold import delatex, fold_key

__all__ = [
    "PARTICLES",
    "comma_less_vancouver",
    "drop_homonym_numbers",
    "is_organisation",
    "is_organisation_name",
    "name_key",
    "parse_author_list",
    "parse_name",
    "split_et_al",
]

PARTICLES = frozenset(
    (
        "van von der den de del della delle dei degli di da das do dos du la le les ten ter te zu "
        "zum zur vom dem y e d' l' af av bin ibn al el st. vander vanden ul ur"
    ).split()
)
"""Lower-case name particles (Dutch, German, French, Italian, Spanish, Portuguese,
Scandinavian, Arabic). "y"/"e" count only inside a family name, never as the first word."""


def _split_particles(family: str) -> tuple[str, str]:
    """``"van der Berg"`` -> ``("van der", "Berg")``; leaves the last word alone."""
    words = family.split()
    i = 0
    while i < len(words) - 1 and words[i].lower() in PARTICLES:
        i += 1
    return " ".join(words[:i]), " ".join(words[i:])


def name_key(author: Author) -> str:
    """Same-person key: folded family without particles, "|", folded first initial.

    ``"Höglund, Märta"``, ``"H{\\"o}glund, M."``, ``"Hoglund, M."`` -> ``"hoglund|m"``;
    a literal (organisation) author gives its folded name and an empty initial.
    """
    if author.literal:
        return fold_key(author.family) + "|"
    _, core = _split_particles(author.family)
    fam = fold_key(core or author.family)
    given = fold_key(author.given)
    initial = next((c for c in given if c.isalnum()), "")
    return f"{fam}|{initial}"


# ---------------------------------------------------------------- single names

_CAP_PARTICLES = frozenset(
    "De Di Van Von Del Della Dos Das Des Der Den Ter Ten Vander Vanden".split()
)
"""Capitalised particles taken into the family in "Given Particle Family" order ("Rossella De
Lio"); "Le", "La", "Da", "Do" are left out as they are also Vietnamese and Chinese names."""
_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv jnr snr filho neto júnior junior sobrinho".split())
_INITIALS_RE = re.compile(r"^(?:[A-ZÀ-ÞŁØ][a-z]?\.(?:\s*-\s*[A-Za-z]\.?)?\s*)+$")
_CAPS_INITIALS_RE = re.compile(r"^[A-ZÀ-ÞŁØ]{1,3}$")
_BRACE_RE = re.compile(r"\{[^{}]*\}")


def _is_initials(s: str) -> bool:
    """ "J.", "M. A.", "F.-Y.", "SF", "Th." -> True."""
    s = s.strip()
    if not s:
        return False
    if _CAPS_INITIALS_RE.match(s):
        return True
    return bool(_INITIALS_RE.match(s)) and "." in s


def _titlecase_caps(word: str) -> str:
    """ABNT upper-case surname -> title case ("SANTOS" -> "Santos", "OLIVEIRA-LIMA" ->
    "Oliveira-Lima")."""
    if len(word) > 1 and word.isupper():
        return "-".join(p[:1] + p[1:].lower() for p in word.split("-"))
    return word


def _spaced_initials(caps: str) -> str:
    return " ".join(f"{c}." for c in caps)


def _protect(text: str) -> tuple[str, dict[str, str]]:
    """Replace BibTeX brace groups by placeholders so commas/spaces inside them stay put."""
    store: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        key = f"\x00{len(store)}\x00"
        store[key] = m.group(0)[1:-1]
        return key.replace(" ", "")

    prev = None
    s = text
    while prev != s and "{" in s:
        prev = s
        s = _BRACE_RE.sub(
            lambda m: (
                sub(m)
                if " " in m.group(0) or "," in m.group(0) or "-" in m.group(0)
                else m.group(0)[1:-1]
            ),
            s,
        )
    return s, store


def _restore(s: str, store: dict[str, str]) -> str:
    for k, v in store.items():
        s = s.replace(k, v)
    return delatex(s) if ("\\" in s or "{" in s) else s


def _is_suffix(word: str) -> bool:
    """A generational suffix (Jr., Sr., II, III, IV, Filho, ...), not a name."""
    return word.lower() in _SUFFIXES or word.lower().rstrip(".") in _SUFFIXES


#: a DBLP homonym number after a name ("Jan Novak 0002"): four digits from 0001
_HOMONYM_RE = re.compile(r"(?<=[^\W\d_])\s+0\d{3}(?!\d)")
#: the same in a reference string: before a list separator or the end of the authors
_HOMONYM_IN_LIST_RE = re.compile(r"(?<=[^\W\d_])\s+0\d{3}(?=\s*(?:[,:;&]|and\b|\.\s))")


def drop_homonym_numbers(text: str) -> str:
    """``text`` without DBLP homonym numbers after names ("Jan Novak 0002, Petr Svoboda
    0001: Title" -> "Jan Novak, Petr Svoboda: Title"); other numbers stay."""
    return _HOMONYM_IN_LIST_RE.sub("", text) if " 0" in text else text


def parse_name(text: str) -> Author:
    """Parse one person (or organisation) name.

    Accepts "Family, Given", "Family, Jr., Given" (BibTeX), "Given [particles] Family",
    "Family GI" (Vancouver initials), "FAMILY, G. particle" (ABNT), brace groups from BibTeX,
    LaTeX accents. Returns an Author; a name of one word is a family name only.
    Raises: nothing; empty input gives ``Author(family="")``.
    """
    raw = " ".join((text or "").split()).strip(" ,;:") if text else ""
    if "0" in raw:
        raw = _HOMONYM_RE.sub("", raw)
    if raw.endswith("."):
        last = raw.rsplit(" ", 1)[-1].rsplit(",", 1)[-1].strip()
        if not _is_initials(last) and last.lower() not in _SUFFIXES:
            raw = raw[:-1].rstrip(" ,;")
    if not raw:
        return Author(family="")
    stripped = raw.strip()
    # one brace group around the whole name: an organisation kept whole
    if stripped.startswith("{") and stripped.endswith("}") and _BRACE_RE.fullmatch(stripped):
        inner = delatex(stripped[1:-1])
        if "," not in inner or " " in inner:
            return Author(family=inner, literal=True)
    s, store = _protect(stripped)
    return _inverted_name(s, store) if "," in s else _natural_name(s, store)


def _inverted_name(s: str, store: dict[str, str]) -> Author:
    """A name with a comma (brace groups protected as in ``store``): "Family, Given",
    "Family, Jr., Given", "King Jr., Martin Luther", "Robert Downey, Jr.", "SANTOS, M. A.
    dos" (ABNT, a trailing particle)."""
    parts = [p.strip() for p in s.split(",")]
    parts = [p for p in parts if p]
    if not parts:
        return Author(family="")
    fam = parts[0]
    rest = parts[1:]
    suffix = ""
    if len(rest) >= 2 and rest[0].lower().rstrip(".") + "." in {"jr.", "sr."} | {
        x + "." for x in _SUFFIXES
    }:
        suffix, rest = rest[0], rest[1:]
    fw = fam.split()
    if len(fw) >= 2 and _is_suffix(fw[-1]) and not suffix:
        suffix, fam = fw[-1], " ".join(fw[:-1])  # "King Jr., Martin Luther"
    if len(rest) == 1 and _is_suffix(rest[0]) and len(fw) >= 2 and not suffix:
        # "Robert Downey, Jr.": a name in natural order, then its suffix
        natural = parse_name(_restore(fam, store))
        return natural.model_copy(update={"given": f"{natural.given} {rest[0]}".strip()})
    given = " ".join(rest)
    particle = ""
    # trailing particle (ABNT): "M. A. dos", "P. van den"
    gw = given.split()
    j = len(gw)
    while j > 0 and gw[j - 1].lower() in PARTICLES and gw[j - 1].islower():
        j -= 1
    if 0 < j < len(gw):
        particle = " ".join(gw[j:])
        given = " ".join(gw[:j])
    if suffix:
        given = f"{given} {suffix}".strip()
    fam_words = [_titlecase_caps(w) if w.lower() not in PARTICLES else w for w in fam.split()]
    fam = " ".join(fam_words)
    if _CAPS_INITIALS_RE.match(given.replace(" ", "")) and "." not in given and len(given) <= 3:
        given = _spaced_initials(given.replace(" ", ""))
    elif "." in given and re.search(r"(?:^|[\s.-])[A-Z]$", given):
        given += "."  # "S. R" (period eaten by a sentence split) -> "S. R."
    return Author(
        family=_restore(fam, store),
        given=_restore(given, store),
        particle=_restore(particle, store),
    )


def _natural_name(s: str, store: dict[str, str]) -> Author:
    """A name without a comma: "Given [particles] Family", "Altschul SF" (Vancouver), a
    single word (a family name; an organisation if it was one brace group)."""
    words = s.split()
    suffix = ""
    if len(words) > 2 and words[-1].lower() in _SUFFIXES:
        suffix = words.pop()
    if len(words) == 1:
        w = _restore(words[0], store)
        return Author(family=w, literal=words[0] in store and " " in w)
    # Vancouver: "Altschul SF", "van den Beek M", "Dos Reis M"
    last = words[-1][:-1] if words[-1].endswith(".") and "." not in words[-1][:-1] else words[-1]
    if (
        s.islower()
        and len(last) <= 2
        and last.isalpha()
        and len(words[0]) >= 2
        and words[0] != "et"
    ):
        last = last.upper()  # "shen l": a lower-cased Vancouver name
    if _CAPS_INITIALS_RE.match(last) and not _is_initials(words[0]) and not words[0].endswith("."):
        fam = " ".join(words[:-1])  # "Li Y." at the end of a list keeps its period
        given = _spaced_initials(last)
        if suffix:
            given += f" {suffix}"
        return Author(family=_restore(fam, store), given=given)
    # Given [particles] Family
    i = len(words) - 1
    while i - 1 >= 1 and (
        (words[i - 1].lower() in PARTICLES and words[i - 1].islower())
        or words[i - 1] in _CAP_PARTICLES
    ):
        i -= 1
    fam = " ".join(words[i:])
    given = " ".join(words[:i])
    if suffix:
        given = f"{given} {suffix}".strip()
    return Author(family=_restore(fam, store), given=_restore(given, store))


# ---------------------------------------------------------------- author lists

_ET_AL_RE = re.compile(
    r"(?:,?\s*(?:(?:and\s+|&\s*)?et\s*al\.?|et\s+alii|and\s+others|u\.\s*a\.|e\s+outros|e\s+col\.?|y\s+otros|"
    r"y\s+col\.?|y\s+cols\.|&\s*al\.?|\[et\s+al\.?\]|\.\.\.|…))\s*\.?\s*$",
    re.IGNORECASE,
)
_AND_RE = re.compile(r"\s*,?\s*(?:&|\band\b|\bund\b|\bet\b(?!\s*al))\s+", re.IGNORECASE)
# language conjunctions: only after an initial ("L. y Benítez"), so "Lozano y Vidal" survives
_LANG_AND_RE = re.compile(r"(?<=\.)\s*,?\s+(?:y|e|i|en|og|och)\s+(?=[^\W\d_])")


def split_et_al(text: str) -> tuple[str, bool]:
    """Remove a trailing "et al." (or u. a., e outros, y otros, and others, ...) from an
    author list. Returns (the rest, whether one was found)."""
    s = text.strip()
    m = _ET_AL_RE.search(s)
    if m and m.start() > 0:
        return s[: m.start()].strip(), True
    return s, False


def _looks_like_family(piece: str) -> bool:
    words = [w for w in piece.split() if w.lower() not in PARTICLES]
    return 1 <= len(words) <= 2 and not _is_initials(piece)


def parse_author_list(text: str, lang_hint: str | None = None) -> tuple[list[Author], bool]:
    """Split an author list and parse each name (see :func:`_parse_author_list`; results of
    recent calls are cached, the returned list is a fresh copy)."""
    authors, et_al = _parse_author_list_cached(text, lang_hint)
    return list(authors), et_al


@functools.lru_cache(maxsize=4096)
def _parse_author_list_cached(text: str, lang_hint: str | None) -> tuple[tuple[Author, ...], bool]:
    authors, et_al = _parse_author_list(text, lang_hint)
    return tuple(authors), et_al


def _inverted_pieces(pieces: list[str]) -> bool:
    """Is a comma-split author list written family first ("Family, G., Family, G.")?"""
    if len(pieces) >= 2 and _is_initials(pieces[1]) and not _is_initials(pieces[0]):
        return True
    if (
        len(pieces) >= 2
        and "." in pieces[1]
        and _is_initials(pieces[1])
        and pieces[0].isalpha()
        and pieces[0].isupper()
        and len(pieces[0]) >= 2
    ):
        return True  # ABNT "LI, H." / "WU, Y.": a two-letter upper-case family name
    if (
        len(pieces) % 2 == 0
        and all(_looks_like_family(p) and len(p.split()) == 1 for p in pieces[0::2])
        and not any(_CAPS_INITIALS_RE.match(p.split()[-1]) for p in pieces)
    ):
        return True
    if len(pieces) >= 2 and pieces[0].isupper() and len(pieces[0]) > 2:
        return True
    return False


def _pair_pieces(pieces: list[str], store: dict[str, str]) -> list[Author]:
    """A family-first list read in pairs: each family name with the piece after it when
    that is its given names (initials, a given name with a particle, or not a name that
    comes first), and a generational suffix after that."""
    authors: list[Author] = []
    i = 0
    while i < len(pieces):
        fam = pieces[i]
        given = ""
        if i + 1 < len(pieces) and (
            _is_initials(pieces[i + 1])
            or _given_with_particle(pieces[i + 1])
            or not _looks_like_name_first(pieces[i + 1], pieces, i + 1)
        ):
            given = pieces[i + 1]
            i += 2
        else:
            i += 1
        if i < len(pieces) and pieces[i].lower().rstrip(".") in {"jr", "sr", "ii", "iii"}:
            given = f"{given} {pieces[i]}".strip()
            i += 1
        authors.append(parse_name(_restore(f"{fam}, {given}" if given else fam, store)))
    return authors


def _parse_author_list(text: str, lang_hint: str | None = None) -> tuple[list[Author], bool]:
    """Split an author list and parse each name.

    Handles "Family, G., Family, G., & Family, G." (APA), "G. Family, G. Family, and G. Family",
    "Family GI, Family GI" (Vancouver), "FAMILY, G.; FAMILY, G." (ABNT), names separated by
    ";" and conjunctions in English, Spanish (y), Portuguese (e), German (und), Catalan (i);
    "et al." and its equivalents (u. a., e outros, y otros, and others) set ``et_al``.
    Args: lang_hint: ISO 639-1 code; with "es"/"pt"/"ca" a conjunction between two full
          "Given Family" names is also split on.
    Returns: (authors, et_al). Raises: nothing; empty input gives ([], False).
    """
    s = " ".join((text or "").split()).strip()
    if not s:
        return [], False
    et_al = False
    m = _ET_AL_RE.search(s)
    if m and m.start() > 0:
        et_al = True
        s = s[: m.start()].strip()
    s = s.strip(" ,;.:") + ("." if s.rstrip().endswith(".") else "")
    if is_organisation_name(s):
        return [Author(family=s.strip(" ."), literal=True)], et_al
    s = comma_less_vancouver(s)
    if (
        "/" in s
        and ";" not in s
        and all(_SLASHED_NAME_RE.fullmatch(x.strip(" .")) for x in s.split("/"))
    ):
        s = _SLASH_RE.sub("; ", s)  # German "Krause, Jan/Vogel, Eva": "/" between names
    s, store = _protect(s)
    if lang_hint in {"es", "pt", "ca"} and "," not in s:
        s = re.sub(r"\s+(?:y|e|i)\s+", " ; ", s)
    if ";" in s:
        segs = [x.strip() for x in s.split(";")]
        segs = [
            _AND_RE.sub(" ", " " + x).strip() if re.match(r"(?:and|&|y|e|und)\s", x, re.I) else x
            for x in segs
        ]
        names = [_restore(x, store) for x in segs if x.strip(" ,.")]
        return [a for a in (parse_name(x) for x in names) if a.family], et_al
    s = _LANG_AND_RE.sub(", ", s)
    s = _AND_RE.sub(", ", s)
    pieces = [p.strip() for p in s.split(",")]
    pieces = [p for p in pieces if p.strip(" .")]
    if not pieces:
        return [], et_al
    if _first_inverted_only(pieces):
        # Chicago / MLA: "Bender, Emily M., Joshua Crowgey, and Fei Xia"
        first = parse_name(_restore(f"{pieces[0]}, {pieces[1]}", store))
        rest = [parse_name(_restore(p, store)) for p in pieces[2:]]
        return [a for a in [first, *rest] if a.family], et_al
    if len(pieces) >= 2 and all(_CAPS_VANCOUVER_RE.fullmatch(p) for p in pieces):
        # Vancouver in capitals: "HUANG L, ZHOU P" (each piece a family and its initials)
        caps = [parse_name(_restore(", ".join(p.rsplit(None, 1)), store)) for p in pieces]
        return [a for a in caps if a.family], et_al
    if _inverted_pieces(pieces):
        authors = _pair_pieces(pieces, store)
    elif len(pieces) == 1 and is_organisation(_restore(pieces[0], store)):
        authors = [Author(family=_restore(pieces[0], store).strip(" ."), literal=True)]
    else:
        authors = [parse_name(_restore(p, store)) for p in pieces]
    return [a for a in authors if a.family], et_al


_ORG_WORDS_RE = re.compile(
    r"\b(?:Organi[sz]ation|Council|Institute|Institut|Association|Society|University|Universidade|Universidad|"
    r"Universität|Agency|Committee|Foundation|Group|Team|Research|Department|Ministry|Minist[ée]rio|Office|Bureau|"
    r"Commission|Cent(?:er|re)s?|Panel|Administration|Inc|Ltd|LLC|GmbH|Corporation|Corp|Consortium|Collaboration|AI|Lab|Labs|Laboratory|"
    r"Project|Initiative|Network|Board|Authority|Service|Agency|Program(?:me)?|Academy|Academies|Federation|"
    r"Union|Nations|Parliament|Government|Bank|Fund|Trust|Alliance|Press|Reporter|Times|Guardian|News)\b"
)


_LIST_PUNCT_RE = re.compile(r"[,;&]")
_ORG_CONNECTORS = frozenset(
    "for on of and the in to de du des da do das dos del la le für und e y et".split()
)


def is_organisation_name(text: str) -> bool:
    """A whole organisation name of three or more words, with an organisation word and a
    lower-case connector, every other word capitalised ("Centers for Disease Control and
    Prevention", "Intergovernmental Panel on Climate Change"): read as one author, never
    split at its "and"; no comma, semicolon or "&" in it."""
    words = text.strip(" .").split()
    return (
        len(words) >= 3
        and not _LIST_PUNCT_RE.search(text)
        and bool(_ORG_WORDS_RE.search(text))
        and all(w[:1].isupper() or w in _ORG_CONNECTORS for w in words)
        and any(w in _ORG_CONNECTORS for w in words)
        and not any(_is_initials(w) for w in words)
    )


def _first_inverted_only(pieces: list[str]) -> bool:
    """ "Family, Given, Given Family, Given Family": only the first name is inverted."""
    if len(pieces) < 3:
        return False
    fam, given, rest = pieces[0].split(), pieces[1].split(), pieces[2:]
    if (
        len(fam) != 1
        or not fam[0][:1].isupper()
        or not 1 <= len(given) <= 3
        or _is_initials(pieces[1])
    ):
        return False
    if not given[0][:1].isupper() or len(given[0].rstrip(".")) < 2:
        return False
    return all(
        len(p.split()) >= 2
        and not _is_initials(p)
        and p.split()[-1][:1].isupper()
        and not _CAPS_INITIALS_RE.match(p.split()[-1])
        for p in rest
    )


_SLASH_RE = re.compile(r"\s*/\s*")
_SLASHED_NAME_RE = re.compile(r"(?:[A-ZÀ-ÞŁØ][\w'’.-]*\s*,?\s*){1,3}[A-ZÀ-ÞŁØ][\w'’.-]*")
"""What stands between two "/" of a name list: two to four capitalised words ("Krause, Jan",
"Alfred Sander"); not "TCP" of "TCP/IP", not "(Writer/Director)"."""
_CAPS_VANCOUVER_RE = re.compile(r"[A-ZÀ-ÞŁØ][A-ZÀ-ÞŁØ'’-]+\s+[A-ZÀ-ÞŁØ]{1,3}\.?")
"""An upper-case family name and its initials, no dots: "HUANG L", "MCALLISTER SJ"."""

_VANC_FAMILY_RE = re.compile(r"[^\W\d_][\w'’-]+")
_LETTER_WORD_RE = re.compile(r"[^\W\d_]{1,2}")


def comma_less_vancouver(s: str) -> str:
    """ "shen l zhao h li y" (punctuation lost) -> "shen l, zhao h, li y": two or more
    (family word, initials) groups and nothing else, no comma or semicolon; initials are
    one-letter words ("melo g d" -> "melo GD", "noord g v": a particle's initial too) or one
    two-letter word ("li yh") before the next family word."""
    if "," in s or ";" in s:
        return s
    words = [w for w in s.rstrip(".").split() if w.lower() not in {"and", "&", "und"}]
    if len(words) < 4:
        return s
    groups: list[str] = []
    i = 0
    while i < len(words):
        if not _VANC_FAMILY_RE.fullmatch(words[i]):
            return s
        j = i + 1
        while j < len(words) and len(words[j]) == 1 and _LETTER_WORD_RE.fullmatch(words[j]):
            j += 1
        if (
            j == i + 1
            and j < len(words)
            and len(words[j]) == 2
            and _LETTER_WORD_RE.fullmatch(words[j])
            and (j + 1 == len(words) or len(words[j + 1]) >= 2)
        ):
            j += 1
        if j == i + 1:
            return s  # a family word without initials: not such a list
        groups.append(f"{words[i]} {''.join(words[i + 1 : j]).upper()}")  # "heuvel HVD": initials
        i = j
    return ", ".join(groups) if len(groups) >= 2 else s


def is_organisation(piece: str) -> bool:
    """A whole author field that names an organisation ("World Health Organization", "OpenAI",
    "Meta AI", "BRASIL"): one piece, no initials, and an organisation word, a leading "The",
    or a single word."""
    p = piece.strip(" .")
    words = p.split()
    if not words or any(_is_initials(w) and len(w.strip(".")) <= 2 and w != "AI" for w in words):
        return False
    if len(words) == 1:
        return True
    if _ORG_WORDS_RE.search(p):
        return True
    return words[0] == "The"


def _given_with_particle(piece: str) -> bool:
    words = piece.split()
    return (
        len(words) >= 2
        and words[-1].lower() in PARTICLES
        and _is_initials(" ".join(w for w in words if w.lower() not in PARTICLES))
    )


def _looks_like_name_first(piece: str, pieces: list[str], idx: int) -> bool:
    """In an inverted list, is ``piece`` the family name of the next author (True) or the
    given name of the current one (False)?"""
    if idx + 1 < len(pieces) and _is_initials(pieces[idx + 1]):
        return True
    return False
