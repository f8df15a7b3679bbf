"""Field-by-field comparison of a cited reference with a record of a real work.

Each comparison returns a :class:`~citations.model.FieldMatch`: status MATCH, CONFLICT or
MISSING (one side empty: no evidence either way) and a score in [0, 1] (1 = identical
after normalisation). Notes say *why* ("subtitle omitted", "missing words: terminal,
branches", "author 2: Keller-Obi != Keller-Amadi").

Policies (each a small pure function, named for what it compares):

- titles: markup tags (MathML, JATS, HTML face markup) stripped, LaTeX accents and
  braces removed, accents folded, U+2212 and dashes read as '-'; then compared as word
  sequences. Every content word must be accounted for: dropped or substituted words are
  a conflict even when whole-string similarity is high (rapidfuzz token_set_ratio is 100
  for a subset). Tolerated: an omitted subtitle after ':', a/an/the, one-letter typos in
  words of 5+ letters that keep their first letter ("aperiodic" is not "periodic"),
  plural 's', hyphenation and spaces lost where markup was stripped. Reordered words are
  a conflict.
- authors: family names (particles, accents, LaTeX escapes and Unicode hyphens folded)
  position by position, plus the first initial; "et al."/"others" or a cut list is a
  prefix; added, dropped, reordered or renamed authors are a conflict. A given name that
  differs but shares its initial (Yuli / Yulia R.) is a match with score 0.9 and a note;
  so is a name of a family-first culture with family and given name exchanged ("Park
  Jiwoo" / Jiwoo Park; citations/data/family_first_names.txt).
- year: equal is a match, and so is the year of another of the record's dates
  (Record.dates: print, online first, issue, posted), noted; off by one is a CONFLICT of
  score 0.5 noted as a possible version difference unless ``CompareConfig.year_tolerance`` >= 1.
- venue/publisher: acronym aliases (ACL, EMNLP, NeurIPS, ...), parenthesised acronyms,
  "X@Y" workshop notation, abbreviations ("Proc.", "Conf.", "Artif. Intell.", ISO 4 / NLM
  forms and contractions, place qualifiers and short titles from
  citations/data/venue_abbreviations.tsv), preprint-vs-published; another journal of the
  same family (section letter, a title word more, a function word exchanged) is a conflict.
- titles also read Greek letters as LaTeX, symbols or spelled out as one word.
- DOI / arXiv id: normalised identifiers must be equal (a DOI in any written form).
- volume, issue, pages, address: normalised equality (pages by first and last page,
  "285-94" read as 285-294; an article number matches however labelled, and in place of
  a page range is not compared); a volume or issue that is the year is not compared.

Sources: CiteTracer taxonomy (R2 formatting, R3 et al., P1 name variants, H1-H6); public
bug reports of name folding (Unicode hyphens, accents), dropped title words and Crossref
title markup.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from citations.anchor import (date_pages, plausible, stated_other_authors, stated_pages,
                              stated_venue, stated_year, title_window_score, written_fields)

from citations.identifiers import doi_key
from citations.model import Author, Field, FieldMatch, FieldStatus, Record, Reference

# --------------------------------------------------------------------------- text folding

_MARKUP_TAG = re.compile(
    r"</?(?:mml:[a-z]+|jats:[a-z\-]+|sub|sup|i|b|em|strong|u|scp|sc|span|italic|bold|"
    r"fixed-case|inline-formula|tex-math|math|mi|mo|mn|mrow|msub|msup)"
    r"(?:\s+[\w:\-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*/?>",
    re.IGNORECASE,
)
_MATH_OPEN = re.compile(r"(?<=\S)(<(?:mml:math|math|inline-formula|tex-math)\b)", re.IGNORECASE)
_LATEX_ACCENT = re.compile(r"\\([\"'`^~=.uvHckr])\s*\{?\s*([A-Za-z]|\\[ij])\s*\}?")
_LATEX_ACCENT_MARK = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303",
    "=": "\u0304", ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b",
    "c": "\u0327", "k": "\u0328", "r": "\u030a",
}
_LATEX_LETTER = {r"\ss": "ss", r"\o": "o", r"\O": "O", r"\ae": "ae", r"\AE": "AE",
                 r"\oe": "oe", r"\OE": "OE", r"\aa": "a", r"\AA": "A", r"\l": "l",
                 r"\L": "L", r"\i": "i", r"\j": "j", r"\&": "&"}
_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"), "-")
_SPECIAL_FOLD = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "ß": "ss", "æ": "ae",
                               "Æ": "AE", "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D",
                               "ı": "i", "þ": "th", "ð": "d"})


def strip_markup(text: str) -> str:
    """Remove markup *tags* only (MathML, JATS, HTML face markup, ``<fixed-case>``),
    unescape HTML entities, collapse whitespace. ``a<b`` and ``c>d`` survive.
    Source: Crossref titles carrying MathML/JATS/HTML face markup."""
    if "<" not in text and "&" not in text:  # no tag, no entity
        return " ".join(text.split())
    text = _MATH_OPEN.sub(r" \1", text)  # "in<mml:math>N" keeps its space: "in N"
    text = _MARKUP_TAG.sub("", text)
    text = html.unescape(text)
    return " ".join(text.split())


def _latex_to_unicode(text: str) -> str:
    if "\\" not in text:
        return text.replace("{", "").replace("}", "")
    text = _LATEX_ACCENT.sub(
        lambda m: (m.group(2).lstrip("\\")) + _LATEX_ACCENT_MARK[m.group(1)], text)
    for macro, plain in _LATEX_LETTER.items():
        text = re.sub(re.escape(macro) + r"(?![A-Za-z])\s?", plain, text)
    text = re.sub(r"\\(?:textit|textbf|emph|mathrm|mathit|mathbf|text)\s*", "", text)
    return text.replace("{", "").replace("}", "")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lowercase ASCII-ish fold: LaTeX accents, NFKD accents, ø/ł/ß, Unicode dashes -> '-'.
    Idempotent; NFC and NFD inputs give the same result. Cached."""
    if text.isascii() and "\\" not in text:
        return text.replace("{", "").replace("}", "").lower()
    for _ in range(4):  # until stable: NFKD/casefold can expose foldable characters
        before = text
        text = _latex_to_unicode(text).translate(_DASHES)
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
        text = text.casefold().translate(_SPECIAL_FOLD).translate(_DASHES)
        if text == before:
            break
    return text


_WORD = re.compile(r"[^\W_]+")


#: Greek letter names from the Unicode character names (GREEK SMALL LETTER BETA ->
#: beta), lower case: a letter written as a symbol, a LaTeX macro or spelled out is one word
_GREEK = {chr(c): unicodedata.name(chr(c)).split()[-1].lower() for c in range(0x3B1, 0x3CA)}
_GREEK_MACRO = re.compile(r"\\(?:var)?(" + "|".join(sorted(set(_GREEK.values()), key=len, reverse=True))
                          + r")(?![A-Za-z])\s*", re.IGNORECASE)
#: a Greek letter standing alone as a symbol (not inside a word of Greek letters)
_GREEK_SYMBOL = re.compile(r"(?<![\u0370-\u03ff\u1f00-\u1fff])[\u03b1-\u03c9]"
                           r"(?![\u0370-\u03ff\u1f00-\u1fff])")


def _spell_greek(text: str) -> str:
    """``$\\beta$-catenin``, ``β-catenin`` and ``beta-catenin`` alike: LaTeX Greek macros
    (before LaTeX accents are read: ``\\varepsilon`` is no caron on ``a``) and Greek
    letters used as symbols spelled out; math ``$`` dropped. Greek words stay."""
    if "\\" in text:
        text = _GREEK_MACRO.sub(lambda m: m.group(1).lower(), text)
    if "$" in text:
        text = text.replace("$", "")
    return _GREEK_SYMBOL.sub(lambda m: _GREEK[m.group(0)], text)


def title_words(title: str) -> list[str]:
    """Normalised words of a title: markup stripped, folded, Greek letters spelled out
    (``$\\alpha$``, ``α``, ``alpha`` are one word), split on non-alphanumerics."""
    return list(_title_words(title))


@lru_cache(maxsize=65536)
def _title_words(title: str) -> tuple[str, ...]:
    text = strip_markup(title)
    if "$" in text or "\\" in text:
        text = _spell_greek(text)
    text = fold(text)
    if not text.isascii():
        text = _spell_greek(text)  # Greek capitals are small letters once folded
    return tuple(_WORD.findall(text))


# --------------------------------------------------------------------------- config


@dataclass(frozen=True, slots=True)
class CompareConfig:
    """Tolerances. year_tolerance: years apart still counted a match (0 = exact; the
    off-by-one case is then a low-score conflict noted as a possible version difference)."""

    year_tolerance: int = 0


DEFAULT_CONFIG = CompareConfig()


def _fm(field: Field, status: FieldStatus, score: float, cited: object, found: object,
        note: str = "") -> FieldMatch:
    return FieldMatch(field=field, status=status, score=round(max(0.0, min(1.0, score)), 4),
                      cited=None if cited in (None, "") else str(cited),
                      found=None if found in (None, "") else str(found), note=note)


# --------------------------------------------------------------------------- titles

_TITLE_STOP = frozenset({"a", "an", "the"})
_SUBTITLE_SEP = re.compile(r"\s*[:?!]\s+|\s+[-\u2013\u2014]{1,2}\s+|\.\s+")


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    if a[:1] != b[:1]:
        return False  # neither a plural nor a typo below changes the first letter
    if a.rstrip("s") == b.rstrip("s") and min(len(a), len(b)) >= 3:
        return True
    # one typo inside a long word; a changed first letter is a different word
    # ("aperiodic" / "periodic", "unfair" / "fair")
    return min(len(a), len(b)) >= 5 and a[0] == b[0] and \
        Levenshtein.distance(a, b, score_cutoff=1) <= 1


def _align_words(cited: list[str], found: list[str]) -> tuple[list[str], list[str], int]:
    """Greedy LCS-style alignment. Returns (extra cited words, missing found words, common)."""
    n, m = len(cited), len(found)
    # LCS table over _same_word; titles are short (< 60 words), so O(n*m) is fine.
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            dp[i][j] = (dp[i + 1][j + 1] + 1 if _same_word(cited[i], found[j])
                        else max(dp[i + 1][j], dp[i][j + 1]))
    i = j = 0
    extra: list[str] = []
    missing: list[str] = []
    while i < n and j < m:
        if _same_word(cited[i], found[j]):
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            extra.append(cited[i])
            i += 1
        else:
            missing.append(found[j])
            j += 1
    extra.extend(cited[i:])
    missing.extend(found[j:])
    return extra, missing, dp[0][0]


def _main_title(title: str) -> str:
    return _SUBTITLE_SEP.split(strip_markup(title), maxsplit=1)[0]


#: a title's trailing translation: "(GlozzQL: an incremental query language ...)", "[Neural
#: models for ...]" (three or more words)
_TRANSLATION = re.compile(r"\s*[(\[][^()\[\]]*\w+\W+\w+\W+\w+[^()\[\]]*[)\]]\s*$")
#: an article-type label before a title (Computational Linguistics and other journals)
_TYPE_LABEL = re.compile(r"^\s*(?:survey|squib|review|book review|last words|erratum|"
                         r"corrigendum|editorial|obituary|commentary|letter)\s*:\s*", re.I)


def compare_titles(cited: str | None, found: str | None) -> FieldMatch:
    """Score a cited title against a record's title.

    Args: cited: title parsed from the reference (raw). found: the source's title (may
          carry MathML/JATS/HTML tags).
    Returns: FieldMatch; MATCH when every content word is accounted for (see module
          docstring), score = word Dice coefficient; CONFLICT notes the missing and extra
          words; MISSING if a side is empty.
    Raises: nothing.
    """
    if not cited or not found:
        return _fm(Field.TITLE, FieldStatus.MISSING, 0.0, cited, found)
    cw, fw = title_words(cited), title_words(found)
    if not cw or not fw:
        return _fm(Field.TITLE, FieldStatus.MISSING, 0.0, cited, found)
    if cw == fw:
        return _fm(Field.TITLE, FieldStatus.MATCH, 1.0, cited, found)
    if "".join(cw) == "".join(fw):
        return _fm(Field.TITLE, FieldStatus.MATCH, 1.0, cited, found, "spacing differs")
    extra, missing, common = _align_words(cw, fw)
    dice = 2 * common / (len(cw) + len(fw))
    extra = [w for w in extra if w not in _TITLE_STOP]
    missing = [w for w in missing if w not in _TITLE_STOP]
    if not extra and not missing:
        return _fm(Field.TITLE, FieldStatus.MATCH, max(dice, 0.95), cited, found,
                   "minor spelling differences")
    if "".join(extra) == "".join(missing) and extra != missing:
        return _fm(Field.TITLE, FieldStatus.MATCH, max(dice, 0.95), cited, found,
                   "hyphenation/spacing differs")
    if sorted(extra) == sorted(missing):
        return _fm(Field.TITLE, FieldStatus.CONFLICT, dice, cited, found,
                   "words reordered: " + ", ".join(extra))
    # a record title that adds a translation in brackets ("GlozzQL : un langage ... (GlozzQL:
    # an incremental query language ...)", as the ACL Anthology writes non-English titles)
    # or opens with an article-type label ("Survey: Multiword Expression Processing: A
    # Survey"): the cited title is the rest
    plain = strip_markup(found)
    for rest, note in ((_TRANSLATION.sub("", plain), "the record adds a translated title"),
                       (_TYPE_LABEL.sub("", plain), "the record's title opens with its article type")):
        if rest != plain and title_words(rest) == cw:
            return _fm(Field.TITLE, FieldStatus.MATCH, 0.95, cited, found, note)
    # omitted (or added) subtitle: one side equals the other's part before ':'
    for short, long_, who in ((cited, found, "cited omits"), (found, cited, "record omits")):
        main = _main_title(long_)
        if main != strip_markup(long_) and title_words(main) == title_words(short):
            return _fm(Field.TITLE, FieldStatus.MATCH, 0.9, cited, found,
                       f"subtitle omitted ({who} it)")
    parts = []
    if missing:
        parts.append("missing words: " + ", ".join(missing))
    if extra:
        parts.append("extra words: " + ", ".join(extra))
    return _fm(Field.TITLE, FieldStatus.CONFLICT, dice, cited, found, "; ".join(parts))


# --------------------------------------------------------------------------- authors

_ETAL_FAMILIES = frozenset({"others", "et al", "et al.", "etal", "and others"})


def family_key(author: Author) -> str:
    """Folded family name with particle: "von harlem", "keller-amadi" (U+2010 folded)."""
    return _family_key(author.particle, author.family)


_NOT_FAMILY_CHAR = re.compile(r"[^a-z0-9\- ]+")
_SPACED_HYPHEN = re.compile(r"\s*-\s*")


@lru_cache(maxsize=65536)
def _family_key(particle: str, family: str) -> str:
    fam = fold(f"{particle} {family}" if particle else family).replace("'", "").replace("\u2019", "")
    fam = _SPACED_HYPHEN.sub("-", _NOT_FAMILY_CHAR.sub(" ", fam))
    return " ".join(fam.split())


def _bare_family(key: str) -> str:
    """Family key without lowercase particles: "von harlem" -> "harlem"."""
    words = key.split()
    particles = {"van", "von", "der", "den", "de", "la", "le", "du", "da", "di", "del",
                 "della", "dos", "das", "ter", "ten", "zu", "al", "el", "bin", "ibn"}
    kept = [w for w in words if w not in particles]
    return " ".join(kept) if kept else key


def _given_words(author: Author) -> list[str]:
    """Given names folded, split on spaces and dots; hyphens removed ("ho-taek" -> "hotaek")."""
    return [w.replace("-", "") for w in re.split(r"[\s.]+", fold(author.given)) if w.strip("-")]


def _is_etal(author: Author) -> bool:
    whole = fold(f"{author.given} {author.family}").strip()
    return whole in _ETAL_FAMILIES or whole.replace(".", "") in ("et al", "others", "al")


def _same_family(a: str, b: str) -> bool:
    return a == b or _bare_family(a) == _bare_family(b) or a.replace("-", " ") == b.replace("-", " ")


def _compare_person(cited: Author, found: Author) -> tuple[bool, str]:
    """(same person?, note). Family must agree; first initials must agree when both given."""
    if cited.literal or found.literal:
        same = fold(cited.family) == fold(found.family) or \
            _WORD.findall(fold(cited.family)) == _WORD.findall(fold(found.family))
        return same, ""
    ck, fk = family_key(cited), family_key(found)
    if not _same_family(ck, fk):
        if _swapped(cited, found) or _swapped(found, cited):
            return True, f"family and given name exchanged: {_show(cited)} / {_show(found)}"
        return False, f"{cited.family} != {found.family}"
    cg, fg = _given_words(cited), _given_words(found)
    if not cg or not fg:
        return True, ""
    c0, f0 = cg[0], fg[0]
    if c0[0] != f0[0]:
        if min(len(c0), len(f0)) >= 3 and (c0 in f0 or f0 in c0):  # Nando / Fernando
            return True, f"given-name variant {cited.given} / {found.given}"
        return False, f"given name {cited.given} != {found.given}"
    if len(c0) > 1 and len(f0) > 1 and c0 != f0:
        full_c = "".join(w for w in cg if len(w) > 1)
        full_f = "".join(w for w in fg if len(w) > 1)
        if full_c == full_f:
            return True, ""
        return True, f"given-name variant {cited.given} / {found.given}"
    return True, ""


@lru_cache(maxsize=1)
def family_first_names() -> frozenset[str]:
    """Family names of cultures that write them first (citations/data/family_first_names.txt:
    Chinese, Korean, Japanese, Vietnamese, Hungarian), folded."""
    from importlib import resources

    text = resources.files("citations.data").joinpath("family_first_names.txt").read_text("utf-8")
    return frozenset(w.strip() for w in text.splitlines() if w.strip() and not w.startswith("#"))


def _swapped(a: Author, b: Author) -> bool:
    """Is ``a`` the person ``b`` with family and given name exchanged? A name written
    family-first without a comma ("Park Jiwoo", "Nagy Ferenc" read as given Park, family
    Jiwoo), or a record that stores it so: ``a``'s given name written out is ``b``'s
    family name, one of a culture that writes it first (:func:`family_first_names`; "Soize
    Christian" for Christian Soize is another name), and ``a``'s family name agrees with
    ``b``'s given name (whole, or its initials when ``b`` gives initials)."""
    ag, bg = _given_words(a), _given_words(b)
    if not ag or not bg or len(ag[0]) < 2 or a.particle or b.particle:
        return False
    family = _family_key("", b.family).replace("-", "")
    if " ".join(ag) != family or family not in family_first_names():
        return False
    parts = _family_key("", a.family).replace("-", " ").split()
    if all(len(w) == 1 for w in bg):  # initials: "W.-M." for "Wei-Ming"
        return "".join(bg) in ("".join(w[0] for w in parts), parts[0][:1] if parts else "")
    return "".join(parts) == "".join(bg)


def _exact_person(cited: Author, found: Author) -> bool:
    return _same_family(family_key(cited), family_key(found)) and \
        "".join(_given_words(cited)) == "".join(_given_words(found)) != ""


def compare_authors(cited: Sequence[Author], found: Sequence[Author], *,
                    et_al: bool = False) -> FieldMatch:
    """Compare author lists position by position.

    Args: cited: authors as cited (may end with an "others" author). found: the record's
          authors. et_al: the citation says "et al." (a cut list is then expected).
    Returns: FieldMatch. MATCH if every cited author is the same person as the record's
          author at that position and the lists have the same length (or the cited list
          is a prefix and et al. is given); score = matched / max(len) (1.0 for a clean
          prefix with et al.), 0.9 when only given-name variants differ. CONFLICT notes
          the first mismatching 1-based position ("author 2: ..."), or "reordered",
          "added", "dropped". MISSING if a side is empty.
    """
    cited_l = list(cited)
    while cited_l and _is_etal(cited_l[-1]):
        cited_l.pop()
        et_al = True
    cited_s = "; ".join(_show(a) for a in cited_l) + ("; et al." if et_al else "")
    found_s = "; ".join(_show(a) for a in found)
    if not cited_l or not found:
        return _fm(Field.AUTHORS, FieldStatus.MISSING, 0.0, cited_s, found_s)
    notes: list[str] = []
    matched = 0
    first_bad: int | None = None
    bad_note = ""
    for i, ca in enumerate(cited_l):
        if i >= len(found):
            break
        ok, note = _compare_person(ca, found[i])
        if ok and note and any(_exact_person(ca, fa) for j, fa in enumerate(found) if j != i):
            ok, note = False, f"{_show(ca)} is another author of the record"
        if ok:
            matched += 1
            if note:
                notes.append(f"author {i + 1}: {note}")
        elif first_bad is None:
            first_bad, bad_note = i + 1, note
    n_c, n_f = len(cited_l), len(found)
    if first_bad is None and (n_c == n_f or (n_c < n_f and et_al)):
        score = 0.9 if notes else 1.0
        if n_c < n_f:
            notes.append(f"first {n_c} of {n_f} authors, et al.")
        return _fm(Field.AUTHORS, FieldStatus.MATCH, score, cited_s, found_s, "; ".join(notes))
    score = matched / max(n_c, n_f)
    found_keys = [_bare_family(family_key(a)) for a in found]
    cited_keys = [_bare_family(family_key(a)) for a in cited_l]
    if first_bad is None:
        note = (f"{n_c - n_f} author(s) added" if n_c > n_f
                else f"{n_f - n_c} author(s) dropped without et al.")
    elif sorted(cited_keys) == sorted(found_keys):
        note = "authors reordered"
    elif n_c > n_f and all(k in cited_keys for k in found_keys):
        note = f"author(s) added at position {first_bad}"
    elif n_c < n_f and all(k in found_keys for k in cited_keys):
        note = f"author(s) dropped at position {first_bad}"
    else:
        note = f"author {first_bad}: {bad_note}"
    return _fm(Field.AUTHORS, FieldStatus.CONFLICT, score, cited_s, found_s,
               "; ".join([note, *notes]))


def _show(a: Author) -> str:
    fam = f"{a.particle} {a.family}" if a.particle else a.family
    return f"{fam}, {a.given}" if a.given else fam


# --------------------------------------------------------------------------- year


def compare_years(cited: int | None, found: int | None,
                  config: CompareConfig = DEFAULT_CONFIG) -> FieldMatch:
    """Equal: MATCH 1.0; within config.year_tolerance: MATCH 0.8; off by one otherwise:
    CONFLICT 0.5 noted as a possible version difference; further apart: CONFLICT 0.0."""
    if cited is None or found is None:
        return _fm(Field.YEAR, FieldStatus.MISSING, 0.0, cited, found)
    d = abs(cited - found)
    if d == 0:
        return _fm(Field.YEAR, FieldStatus.MATCH, 1.0, cited, found)
    if d <= config.year_tolerance:
        return _fm(Field.YEAR, FieldStatus.MATCH, 0.8, cited, found,
                   f"{d} year(s) apart: version difference tolerated")
    if d == 1:
        return _fm(Field.YEAR, FieldStatus.CONFLICT, 0.5, cited, found,
                   "off by one year (possibly a preprint/proceedings version)")
    return _fm(Field.YEAR, FieldStatus.CONFLICT, 0.0, cited, found, f"{d} years apart")


# --------------------------------------------------------------------------- venues

#: acronym -> phrases (folded, without "proceedings of the") that denote it.
VENUE_ALIASES: dict[str, tuple[str, ...]] = {
    "acl": ("annual meeting of the association for computational linguistics",
            "association for computational linguistics annual meeting"),
    "emnlp": ("empirical methods in natural language processing",),
    "naacl": ("north american chapter of the association for computational linguistics",
              "nations of the americas chapter of the association for computational linguistics"),  # 2025 on
    "eacl": ("european chapter of the association for computational linguistics",),
    "aacl": ("asia-pacific chapter of the association for computational linguistics",
             "asia pacific chapter of the association for computational linguistics"),
    "ijcnlp": ("international joint conference on natural language processing",),
    "coling": ("international conference on computational linguistics",),
    "conll": ("conference on computational natural language learning",
              "computational natural language learning"),
    "lrec": ("language resources and evaluation conference",
             "international conference on language resources and evaluation"),
    "tacl": ("transactions of the association for computational linguistics",),
    "cl": ("computational linguistics",),
    "findings": ("findings of the association for computational linguistics",),
    "semeval": ("international workshop on semantic evaluation", "semantic evaluation", "senseval"),
    "wmt": ("conference on machine translation", "workshop on statistical machine translation"),
    "aaai": ("aaai conference on artificial intelligence",
             "association for the advancement of artificial intelligence"),
    "ijcai": ("international joint conference on artificial intelligence",),
    "neurips": ("neural information processing systems", "nips"),
    "icml": ("international conference on machine learning",),
    "iclr": ("international conference on learning representations",),
    "cvpr": ("computer vision and pattern recognition",),
    "iccv": ("international conference on computer vision",),
    "eccv": ("european conference on computer vision",),
    "wacv": ("winter conference on applications of computer vision",),
    "tpami": ("transactions on pattern analysis and machine intelligence",),
    "tnnls": ("transactions on neural networks and learning systems",),
    "tkde": ("transactions on knowledge and data engineering",),
    "tip": ("transactions on image processing",),
    "kdd": ("knowledge discovery and data mining",),
    "www": ("the web conference", "world wide web conference"),
    "sigir": ("research and development in information retrieval",),
    "cikm": ("conference on information and knowledge management",),
    "wsdm": ("web search and data mining",),
    "icassp": ("international conference on acoustics speech and signal processing",),
    "interspeech": ("interspeech",),
    "jmlr": ("journal of machine learning research",),
    "tmlr": ("transactions on machine learning research",),
    "aistats": ("artificial intelligence and statistics",),
    "uai": ("uncertainty in artificial intelligence",),
    "colt": ("conference on learning theory",),
    "icra": ("international conference on robotics and automation",),
    "iros": ("intelligent robots and systems",),
    "corl": ("conference on robot learning",),
    "miccai": ("medical image computing and computer assisted intervention",
               "medical image computing and computer-assisted intervention"),
    "icmla": ("international conference on machine learning and applications",),
    "ijcnn": ("international joint conference on neural networks",),
    "icde": ("international conference on data engineering",),
    "vldb": ("very large data bases",),
    "sigmod": ("management of data",),
    "chi": ("human factors in computing systems",),
    "mm": ("acm international conference on multimedia", "acm multimedia"),
    "ieee": ("institute of electrical and electronics engineers",),
    "acm": ("association for computing machinery",),
    "pmlr": ("proceedings of machine learning research",),
}
_PREPRINT = re.compile(r"\b(arxiv|corr|preprint|biorxiv|medrxiv|ssrn|openreview)\b")
_ALIAS_RE = [(acr, re.compile(r"\b" + "|".join(re.escape(p) for p in phrases) + r"\b"))
             for acr, phrases in VENUE_ALIASES.items()]
# ICMLA contains "machine learning" + "applications": keep it from also reading as ICML.
_ALIAS_SHADOW = {"icmla": "icml", "tacl": "acl", "naacl": "acl", "eacl": "acl", "aacl": "acl",
                 "findings": "acl", "cl": ""}
_VENUE_STOP = frozenset({"proceedings", "proc", "of", "the", "in", "on", "and", "for", "annual",
                         "conference", "conf", "international", "intl", "int", "meeting",
                         "workshop", "symposium", "journal", "j", "volume", "vol", "part",
                         "ieee", "acm", "cvf", "th", "st", "nd", "rd", "main", "long",
                         "short", "papers", "paper", "track", "series"})


def _written_acronyms(raw: str) -> set[str]:
    """Acronyms as written: "(WANLP)", "WANLP@EMNLP", a one-word venue "ICLR"."""
    out = {m.lower() for m in re.findall(r"\(([A-Z][A-Za-z]{1,9})\)", raw)}
    if "@" in raw:
        out |= {p.lower() for p in re.findall(r"[A-Za-z]{2,}", raw) if p.isupper() or "@" in raw}
    words = raw.split()
    if len(words) == 1 and re.fullmatch(r"[A-Za-z]{2,10}", words[0]) and not words[0].islower():
        out.add(words[0].lower())
    return out


@lru_cache(maxsize=8192)
def _venue_acronyms(folded: str, raw: str = "") -> frozenset[str]:
    """The venue aliases (keys of VENUE_ALIASES) a venue names; ``folded`` is ``raw``
    folded (cached: venues repeat across references and records)."""
    acr: set[str] = _written_acronyms(raw) if raw else set()
    for name, rx in _ALIAS_RE:
        if rx.search(folded):
            acr.add(name)
    # the acronyms written as words: "(EMNLP)", "ACL 2020", "WANLP@EMNLP", "NeurIPS"
    words = set(re.findall(r"[a-z]+", folded))
    for name in VENUE_ALIASES:
        if name in words and name not in ("cl", "mm", "www", "chi", "tip"):
            acr.add(name)
    if "nips" in words:
        acr.add("neurips")
    for long_, short in _ALIAS_SHADOW.items():
        if long_ in acr and short in acr and short:
            # "ICMLA" implies the phrase for ICML; keep ICML only if written on its own
            if not re.search(rf"\b{short}\b", folded):
                acr.discard(short)
    core = folded.split("special issue")[0]  # "..., June 2008 - Special Issue on Semantic Role Labeling"
    if "cl" in acr and (len(acr) > 1 or set(_venue_words(core)) - _CL_JOURNAL_WORDS - {"cl"}):
        acr.discard("cl")  # the journal, not "... Workshop on Cognitive Modeling and Computational Linguistics"
    acr.discard("ieee")
    acr.discard("acm")
    acr.discard("pmlr")
    return frozenset(acr)


#: the words of the journal Computational Linguistics' venue names ("Computational
#: Linguistics, Volume 23, Number 1, March 1997"; "Comput. Linguist.")
_CL_JOURNAL_WORDS = frozenset("computational linguistics comput linguist number numbers no issue special "
                              "formerly american journal "
                              "january february march april may june july august september october "
                              "november december".split())


#: stop words long enough to be abbreviated ("annu" for annual, "meet" for meeting)
_VENUE_STOP_LONG = tuple(w for w in _VENUE_STOP if len(w) > 4)


def _venue_words(folded: str) -> list[str]:
    """The words that tell venues apart: not stop words (_VENUE_STOP) nor abbreviations of
    one ("Annu Meet" for Annual Meeting, as NLM/ISO 4 abbreviations write them)."""
    return [w for w in re.findall(r"[a-z]+", folded) if w not in _VENUE_STOP and len(w) > 1
            and not (len(w) >= 3 and any(stop.startswith(w) for stop in _VENUE_STOP_LONG))]


def _abbrev_match(short: list[str], long_: list[str]) -> bool:
    """Each short word is a prefix of a long word, or its contraction in the venue table
    ("natl" for national), in order ("artif intell" ~ "artificial intelligence")."""
    j = 0
    for w in short:
        while j < len(long_) and not _abbreviates(w, long_[j]):
            j += 1
        if j == len(long_):
            return False
        j += 1
    return True


#: words an acronym skips ("Traitement Automatique des Langues Naturelles" is TALN)
_ACRONYM_SKIP = frozenset("of the and for on in at to a an de des du la le les et d l "
                          "der die das und fur von y e em do da".split())


_CAPS_WORD = re.compile(r"\b[A-Z]{3,8}\b")


def _spelled_out(acronyms: set[str], folded: str) -> str | None:
    """The first of ``acronyms`` (3+ letters, lower case; written in capitals and not one
    VENUE_ALIASES knows) that is the initials of a run of words of the folded venue name
    ``folded`` (function words skipped), or None."""
    if not acronyms:
        return None
    initials = "".join(w[0] for w in re.findall(r"[a-z]+", folded) if w not in _ACRONYM_SKIP)
    return next((a for a in sorted(acronyms) if len(a) >= 3 and a.isalpha() and a in initials),
                None)


def _spelled_acronym(short: str, long_: str) -> str | None:
    """An acronym written in capitals in venue ``short`` (not one VENUE_ALIASES knows) that
    is the initials of words of the folded venue ``long_``, when the short name's other
    telling words are in the long one too ("Proc. NLP+CSS 2020" is the "Workshop on Natural
    Language Processing and Computational Social Science"; "First Workshop on Subword and
    Character Level Models in NLP" is not EMNLP's "... Natural Language Processing")."""
    caps = {w.lower() for w in _CAPS_WORD.findall(short)}
    spelled = _spelled_out(caps - VENUE_ALIASES.keys(), long_)
    if spelled and set(_venue_words(fold(strip_markup(short)))) - set(_venue_words(long_)) \
            - caps - _ACRONYM_SKIP:
        return None
    return spelled


_BARE_SKIP = frozenset("proceedings proc in of the".split())
_BARE_YEAR = re.compile(r"^(?:(?:1[89]|20)\d\d|'\d\d)$")
_BARE_TOKEN = re.compile(r"[*#]?[A-Za-z][A-Za-z0-9]*(?:[-+@&/][A-Za-z0-9]+)*")


#: an acronym a venue name states in brackets, with or without a year ("(RANLP 2021)",
#: "(W-NUT 2021)", "(*SEM)"): the venue's own acronym
_BRACKETED_ACRONYM = re.compile(r"\([*#]?(?=[A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*[A-Z])[A-Za-z][A-Za-z0-9]*"
                                r"(?:[-+@&/][A-Za-z0-9]+)*(?:[\s-]*'?(?:19|20)?\d\d)?\)")


def bare_acronym(venue: str) -> str | None:
    """The acronym a venue is written as and nothing else ("SIGDIAL", "SIGDIAL 2015", "Proc.
    CLPsych", "JEP-TALN-RECITAL", "W-NUT 2021", "NLP4DH"): its one token besides "Proc." /
    "Proceedings of the" / "In" and a year, when that token has two or more capitals (or the
    venue is typed in lower case throughout: "proc. of sigdial"), folded to letters and
    digits ("jeptalnrecital"); None for any other venue ("Nature", "MT Summit",
    "Computational Linguistics")."""
    text = strip_markup(venue)
    toks = [t for t in re.split(r"[\s,;:()\[\].]+", text)
            if t and t.lower() not in _BARE_SKIP and not _BARE_YEAR.match(t)]
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

    @lru_cache(maxsize=None)
    def fits(i: int, j: int) -> bool:  # acronym[i:] from words[j:], a part already read
        if i == n:
            return True
        skipped = 0
        for k in range(j, m):
            if _part_fits(acronym, i, words[k], lambda e: fits(e, k + 1), short):
                return True
            if i and words[k] not in _ACRONYM_SKIP:
                skipped += 1
                if skipped > gap:
                    return False
        return False

    return fits(0, 0)


def _part_fits(acronym: str, i: int, word: str, rest: Callable[[int], bool], short: bool) -> bool:
    """Does a start of ``word`` (or the word a digit stands for) spell ``acronym`` from
    ``i`` on, with ``rest`` true at the end of that part? In a ``short`` acronym a part is
    one initial or the whole word ("sem" is not the start of "semantic")."""
    if _ACRONYM_DIGITS.get(acronym[i]) == word and rest(i + 1):
        return True
    p = 1
    while p <= len(word) and i + p <= len(acronym) and acronym[i + p - 1] == word[p - 1]:
        if (not short or p == 1 or p == len(word)) and rest(i + p):
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


# ------------------------------------------------------------ journal abbreviations


@dataclass(frozen=True, slots=True)
class VenueTable:
    """What citations/data/venue_abbreviations.tsv knows (see its header): ``words``
    contraction -> title words it abbreviates; ``places`` bracketed place qualifiers;
    ``titles`` whole-title form -> full title (a full title maps to itself). All folded."""

    words: dict[str, frozenset[str]]
    places: frozenset[str]
    titles: dict[str, str]


@lru_cache(maxsize=1)
def venue_table() -> VenueTable:
    """The venue abbreviation table, read once from the package data."""
    from importlib import resources

    text = resources.files("citations.data").joinpath("venue_abbreviations.tsv").read_text("utf-8")
    words: dict[str, set[str]] = {}
    places: set[str] = set()
    titles: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, form, *rest = line.split("\t")
        if kind == "word":
            words.setdefault(form, set()).add(rest[0])
        elif kind == "place":
            places.add(form)
        elif kind == "title":
            titles[form] = rest[0]
            titles.setdefault(rest[0], rest[0])
    return VenueTable({k: frozenset(v) for k, v in words.items()}, frozenset(places), titles)


def _abbreviates(short: str, long_: str) -> bool:
    """Is the folded word ``short`` an abbreviation of ``long_``: a prefix of it, or a
    contraction the venue table lists ("natl" national, "jpn" japan)?"""
    return long_.startswith(short) or long_ in venue_table().words.get(short, ())


def _venue_key(folded: str) -> str:
    """Folded venue words for the table: '&' read as 'and', a leading 'the' dropped."""
    words = re.findall(r"[a-z0-9]+", folded.replace("&", " and "))
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)


_QUALIFIER = re.compile(r"\s*\(([^()]{1,40})\)\s*\.?\s*$")


def _drop_place(venue: str) -> str:
    """``venue`` without a bracketed place qualifier or year at its end ("Sensors
    (Basel)", "Nature (London)", "Lancet (London, England)", "J Physiol (1979)")."""
    m = _QUALIFIER.search(venue)
    if m is None or not venue[:m.start()].strip():
        return venue
    inner = _venue_key(fold(m.group(1)))
    if inner in venue_table().places or re.fullmatch(r"(?:1[89]|20)\d\d", inner):
        return venue[:m.start()]
    return venue


def _table_title(folded: str) -> str | None:
    """The full title the venue table gives for a folded venue name, or None."""
    return venue_table().titles.get(_venue_key(folded))


#: a venue that is an event (its name's extra words are ordinals, places, tracks), not a
#: journal: the journal-family rules below do not apply to it
_EVENT = re.compile(r"\b(?:proceedings|proc|conference|conf|workshop|symposium|meeting|congress|"
                    r"findings|colloquium|summit|forum|school|volume|vol)\b")
#: function words whose exchange makes another title ("of Ecology and Environment" is not
#: "of Ecology for Environment")
_TITLE_FUNCTION = frozenset("and for of in on at to with".split())
#: a single capital letter, not the first word, not joined by a hyphen or apostrophe
#: ("E-Commerce", "O'Reilly")
_SINGLE_CAP = re.compile(r"(?<=[\s.,(])[A-Z](?![A-Za-z\-'\u2019])")


def _sections(raw: str, other: str) -> set[str]:
    """The series / section letters of a journal name ("Proc. R. Soc. A" -> A; "Physical
    Review E" -> E): its single capital letters, less those that are initials of the
    other name's words before its own first single letter (the R of "Royal")."""
    letters = _SINGLE_CAP.findall(raw)
    if not letters:
        return set()
    first = _SINGLE_CAP.search(other)
    initials = {w[0] for w in re.findall(r"[a-z]+", fold(other[:first.start()] if first else other))}
    return {c for c in letters if c.lower() not in initials}


def _journal_family(cited: str, found: str, cf: str, ff: str, *,
                    sections_only: bool = False) -> str | None:
    """Why two journal names that share their words are different journals of one family,
    or None: another section letter ("Proc. R. Soc. A" / "... Society B"), and unless
    ``sections_only`` (a name with event words: "Proceedings", "Conference"), a function
    word exchanged ("... Ecology and Environment" / "... Ecology for Environment"), or a
    title word the other lacks before or inside it, or after it when the shorter name is
    written in full ("Cell" / "Cell Reports"; "J. Ecol." / "Journal of Applied Ecology")."""
    sc, sf = _sections(cited, found), _sections(found, cited)
    if sc and sf and sc != sf:
        return f"another section of the journal: {'/'.join(sorted(sc))} vs {'/'.join(sorted(sf))}"
    if sections_only:
        return None
    cwords = re.findall(r"[a-z]+", cf.replace("&", " and "))
    fwords = re.findall(r"[a-z]+", ff.replace("&", " and "))
    from difflib import SequenceMatcher

    for op, i1, i2, j1, j2 in SequenceMatcher(None, cwords, fwords, autojunk=False).get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1 == 1 and cwords[i1] in _TITLE_FUNCTION \
                and fwords[j1] in _TITLE_FUNCTION:
            return f"another journal: '{cwords[i1]}' vs '{fwords[j1]}'"
    main_c = re.split(r"\s*[:,]\s+|\s+[-\u2013\u2014]\s+", cf)[0]
    main_f = re.split(r"\s*[:,]\s+|\s+[-\u2013\u2014]\s+", ff)[0]
    cw, fw = _content_words(main_c), _content_words(main_f)
    if not cw or not fw or len(cw) == len(fw):
        return None
    short, long_ = (cw, fw) if len(cw) < len(fw) else (fw, cw)
    used: list[int] = []
    j = 0
    for w in short:
        while j < len(long_) and not _abbreviates(w, long_[j]):
            j += 1
        if j == len(long_):
            return None  # not one name inside the other: the overlap rules decided
        used.append(j)
        j += 1
    inside = [long_[k] for k in range(used[-1]) if k not in used]
    full = all(long_[k] == w for k, w in zip(used, short))
    after = long_[used[-1] + 1:] if full else []
    extra = inside + after
    return f"another journal of the family: {' '.join(extra)} not in both" if extra else None


def _content_words(folded: str) -> list[str]:
    """Title words of a journal name: letters, not venue stop words nor function words
    ("with", "of"); single letters stay (the R of "Mon. Not. R. Astron. Soc." is Royal)."""
    return [w for w in re.findall(r"[a-z]+", folded)
            if w not in _VENUE_STOP and w not in _ACRONYM_SKIP and w != "with"]


#: words that make a string a venue's name (a journal, a series, an event)
_VENUE_KIND = re.compile(r"\b(?:journal|transactions|trans|letters|lett|review|reviews|rev|"
                         r"advances|annals|bulletin|magazine|proceedings|proc|conference|conf|"
                         r"symposium|workshop|congress|meeting|reports|communications|commun|"
                         r"acta|archives)\b")


def venue_keys(venue: str) -> frozenset[str]:
    """What identifies a venue for a coverage lookup: the known aliases it names
    (VENUE_ALIASES), the full title the venue table gives it, else its telling words."""
    folded = fold(strip_markup(_drop_place(venue)))
    keys = {f"alias:{a}" for a in _venue_acronyms(folded, venue) if a in VENUE_ALIASES}
    title = _table_title(folded)
    if title:
        keys.add(f"title:{title}")
    return frozenset(keys or (f"word:{w}" for w in _venue_words(folded)))


def recognised_venue(venue: str) -> bool:
    """Is ``venue`` recognisably the name of a venue (a known alias or short title, or a
    name with a venue word: Journal, Transactions, Proceedings, Conference, ..., and a
    word that tells venues apart), rather than words a parser may have put in the venue
    field ("proceedings of the workshop", cut short, names no venue)?"""
    folded = fold(strip_markup(venue))
    keys = venue_keys(venue)
    return any(k.startswith(("alias:", "title:")) for k in keys) \
        or bool(keys and _VENUE_KIND.search(folded))


def compare_venues(cited: str | None, found: str | None, *,
                   field: Field = Field.VENUE) -> FieldMatch:
    """Compare venue (or publisher) names through aliases and abbreviations.

    Returns: MATCH when acronym sets intersect, or the words of one are (abbreviated)
    contained in the other's; MATCH 0.7 noted "preprint vs published" when exactly one side
    is a preprint server; CONFLICT otherwise (score = word overlap); MISSING if a side is
    empty.
    """
    if not cited or not found:
        return _fm(field, FieldStatus.MISSING, 0.0, cited, found)
    cf, ff = fold(strip_markup(cited)), fold(strip_markup(found))
    if _WORD.findall(cf) == _WORD.findall(ff):
        return _fm(field, FieldStatus.MATCH, 1.0, cited, found)
    shown_cited, shown_found = cited, found
    if field is Field.VENUE and (cited.rstrip(" .").endswith(")") or found.rstrip(" .").endswith(")")):
        cited, found = _drop_place(strip_markup(cited)), _drop_place(strip_markup(found))
        cf, ff = fold(cited), fold(found)
        if _WORD.findall(cf) == _WORD.findall(ff):
            return _fm(field, FieldStatus.MATCH, 0.95, shown_cited, shown_found,
                       "same journal; a place qualifier on one side")
    if field is Field.VENUE:
        tc, tf = _table_title(cf), _table_title(ff)
        if tc and tf:
            if tc == tf:
                return _fm(field, FieldStatus.MATCH, 0.95, shown_cited, shown_found,
                           "same journal (abbreviation table)")
            return _fm(field, FieldStatus.CONFLICT, 0.0, shown_cited, shown_found,
                       f"different journals: {tc} vs {tf}")
        if tc or tf:  # one side a known short form: compare its full title
            cf, ff = tc or cf, tf or ff
    return _compare_venue_names(cited, found, cf, ff, field, shown_cited, shown_found)


def _compare_venue_names(cited: str, found: str, cf: str, ff: str, field: Field,
                         shown_cited: str, shown_found: str) -> FieldMatch:
    """compare_venues past the exact, place-qualifier and table checks: ``cf`` / ``ff``
    the folded names (a table short form expanded), results shown with the names as
    given."""
    fm = _venue_names(cited, found, cf, ff, field)
    if fm.cited != shown_cited or fm.found != shown_found:
        fm = fm.model_copy(update={"cited": shown_cited, "found": shown_found})
    return fm


def _venue_names(cited: str, found: str, cf: str, ff: str, field: Field) -> FieldMatch:
    cp, fp = bool(_PREPRINT.search(cf)), bool(_PREPRINT.search(ff))
    if cp and not fp:
        return _fm(field, FieldStatus.MATCH, 0.7, cited, found,
                   "cited the preprint of a published work")
    if fp and not cp:
        return _fm(field, FieldStatus.CONFLICT, 0.3, cited, found,
                   "the record knows only a preprint; the cited venue is not confirmed")
    ca, fa = _venue_acronyms(cf, cited), _venue_acronyms(ff, found)
    if ca & fa:
        return _fm(field, FieldStatus.MATCH, 0.9, cited, found, "same venue (alias)")
    for short, long_raw, long_, short_aliases, long_aliases in ((cited, found, ff, ca, fa),
                                                               (found, cited, cf, fa, ca)):
        acr = bare_acronym(short)
        if acr is None or acr in VENUE_ALIASES or short_aliases & VENUE_ALIASES.keys():
            continue  # a known venue ("LREC-COLING 2024"): the aliases decide
        if acronym_of(acr, long_):  # "SIGDIAL" for "... Special Interest Group on Discourse and Dialogue"
            return _fm(field, FieldStatus.MATCH, 0.8, cited, found,
                       f"{short.strip()} reads as an acronym of the venue's name")
        if not long_aliases and not _BRACKETED_ACRONYM.search(long_raw) \
                and acronym_plausible(acr, long_):
            # an acronym this tool cannot expand, whose letters but one start words of a name
            # with no known alias ("IWSLT" for the "International Conference on Spoken
            # Language Translation"): no evidence either way. Against a known venue ("WANLP"
            # for an EMNLP paper), or made of other letters ("SIGDIAL" for the "Workshop on
            # Figurative Language Processing"), it names another venue: the conflict stands.
            return _fm(field, FieldStatus.MISSING, 0.0, cited, found,
                       f"{short.strip()} is an acronym that cannot be checked against the venue's name")
    spelled = _spelled_acronym(cited, ff) or _spelled_acronym(found, cf)
    if ca and fa and not spelled:
        return _fm(field, FieldStatus.CONFLICT, 0.0, cited, found,
                   f"different venues: {'/'.join(sorted(ca))} vs {'/'.join(sorted(fa))}")
    if spelled:  # "CMCL" for the Workshop on Cognitive Modeling and Computational Linguistics
        return _fm(field, FieldStatus.MATCH, 0.85, cited, found,
                   f"{spelled.upper()} is the initials of the venue's name")
    cw, fw = _venue_words(cf), _venue_words(ff)
    places = venue_table().places
    if field is Field.VENUE and any(w in places for w in cw + fw):
        # a place inside an NLM abbreviation ("Philos Trans R Soc Lond B Biol Sci")
        cw, fw = ([w for w in cw if w not in places or w in fw],
                  [w for w in fw if w not in places or w in cw])
    if not cw or not fw:
        return _fm(field, FieldStatus.MISSING, 0.0, cited, found, "venue too generic to compare")
    common = len(set(cw) & set(fw))
    overlap = common / min(len(set(cw)), len(set(fw)))
    if overlap >= 0.8 or _abbrev_match(cw, fw) or _abbrev_match(fw, cw):
        if field is Field.VENUE and not (ca | fa) & VENUE_ALIASES.keys():
            family = _journal_family(cited, found, cf, ff,
                                     sections_only=bool(_EVENT.search(cf) or _EVENT.search(ff)))
            if family:
                return _fm(field, FieldStatus.CONFLICT, min(overlap, 0.5), cited, found, family)
        return _fm(field, FieldStatus.MATCH, max(overlap, 0.8), cited, found)
    return _fm(field, FieldStatus.CONFLICT, overlap, cited, found)


#: publisher key -> phrases (folded) that name it; the key itself also counts as a word.
PUBLISHER_ALIASES: dict[str, tuple[str, ...]] = {
    "acl": ("association for computational linguistics",),
    "acm": ("association for computing machinery",),
    "ieee": ("institute of electrical and electronics engineers", "ieee computer society"),
    "aaai": ("association for the advancement of artificial intelligence", "aaai press"),
    "ijcai": ("international joint conferences on artificial intelligence",),
    "springer": ("springer",), "elsevier": ("elsevier",), "wiley": ("wiley",),
    "mit": ("mit press", "massachusetts institute of technology"),
    "curran": ("curran associates",), "pmlr": ("proceedings of machine learning research",),
    "openreview": ("openreview",), "oup": ("oxford university press",),
    "cup": ("cambridge university press",), "ios": ("ios press",),
    "taylor": ("taylor & francis", "taylor and francis"), "sage": ("sage publications",),
    "nature": ("nature publishing", "springer nature"), "mdpi": ("mdpi",),
    "frontiers": ("frontiers media",), "plos": ("public library of science",),
    "morgan": ("morgan kaufmann",), "elra": ("european language resources association",),
    "neurips": ("neural information processing systems foundation",),
}


def _publisher_keys(text: str) -> set[str]:
    f = fold(text)
    words = set(re.findall(r"[a-z]+", f))
    keys = {k for k, phrases in PUBLISHER_ALIASES.items()
            if k in words or any(p in f for p in phrases)}
    if "nature" in keys and "springer" in keys:
        keys.discard("springer")
    return keys


def compare_publishers(cited: str | None, found: str | None) -> FieldMatch:
    """Publisher names through an alias table (ACL, ACM, IEEE, AAAI, Springer, ...):
    MATCH if the known publishers intersect, CONFLICT if both are known and disjoint,
    else compared by words like venues."""
    if not cited or not found:
        return _fm(Field.PUBLISHER, FieldStatus.MISSING, 0.0, cited, found)
    ck, fk = _publisher_keys(cited), _publisher_keys(found)
    if ck and fk:
        if ck & fk:
            return _fm(Field.PUBLISHER, FieldStatus.MATCH, 0.9 if fold(cited) != fold(found)
                       else 1.0, cited, found)
        return _fm(Field.PUBLISHER, FieldStatus.CONFLICT, 0.0, cited, found,
                   f"different publishers: {'/'.join(sorted(ck))} vs {'/'.join(sorted(fk))}")
    return compare_venues(cited, found, field=Field.PUBLISHER)


# --------------------------------------------------------------------------- identifiers


def normalize_doi_simple(doi: str) -> str:
    """The comparison form of a DOI as written anywhere (identifiers.doi_key): resolver
    URL of any host, ``doi:`` prefix, percent-encoding and letter case undone, trailing
    prose punctuation dropped. ``"https://doi.org/10.1000%2FABC."`` -> ``"10.1000/abc"``."""
    return doi_key(doi)


def normalize_arxiv_simple(arxiv_id: str) -> str:
    """arXiv id without "arXiv:" prefix or version suffix, lowercase."""
    a = arxiv_id.strip().lower()
    a = re.sub(r"^(?:https?://arxiv\.org/(?:abs|pdf)/|arxiv:)", "", a)
    a = re.sub(r"\.pdf$", "", a)
    return re.sub(r"v\d+$", "", a)


def compare_ids(field: Field, cited: str | None, found: str | None) -> FieldMatch:
    """DOI or arXiv id: MATCH if equal after normalisation, else CONFLICT; MISSING if absent."""
    if not cited or not found:
        return _fm(field, FieldStatus.MISSING, 0.0, cited, found)
    norm = normalize_doi_simple if field is Field.DOI else normalize_arxiv_simple
    if norm(cited) == norm(found):
        return _fm(field, FieldStatus.MATCH, 1.0, cited, found)
    return _fm(field, FieldStatus.CONFLICT, 0.0, cited, found)


# --------------------------------------------------------------------------- small fields


def _pages(p: str) -> tuple[str, str]:
    p = fold(p).replace("pp.", "").replace("p.", "")
    nums = re.findall(r"[a-z]?\d+", p)
    if not nums:
        return (p.strip(), "")
    first = nums[0]
    last = nums[1] if len(nums) > 1 else first
    if last.isdigit() and first.isdigit() and len(last) < len(first) and int(last) < int(first):
        last = first[: len(first) - len(last)] + last  # "285-94" -> 294
    return first.lstrip("0") or "0", last.lstrip("0") or "0"


#: one article number (e-locator) written where pages go: "e1234", "1234", "Article
#: 1234", "Art. no. 1234", "article number 034501"; group 1 says it was labelled
_ARTICLE_NO = re.compile(
    r"^\s*((?:article|art|paper|no|nr)\.?\s*(?:no|nr|number)?\.?\s*:?\s*)?([a-z]{0,2})(\d+)\s*$",
    re.IGNORECASE)


def _article_number(p: str) -> tuple[str, bool] | None:
    """``(number, labelled)`` when ``p`` is one article number rather than pages: labelled
    when a word or a letter prefix says so ("Article 1234", "e1234"); None for a range."""
    m = _ARTICLE_NO.match(fold(p))
    if m is None:
        return None
    return m.group(3).lstrip("0") or "0", bool(m.group(1) or m.group(2))


def compare_pages(cited: str | None, found: str | None) -> FieldMatch:
    """First and last page equal (dash style, "pp.", abbreviated last page ignored). An
    article number (e-locator) matches the same number however labelled ("1234",
    "e1234", "Article 1234"); one in place of a page range (labelled, or the range is the
    article's own pagination from page 1) is MISSING: the two cannot be compared."""
    if not cited or not found:
        return _fm(Field.PAGES, FieldStatus.MISSING, 0.0, cited, found)
    c, f = _pages(cited), _pages(found)
    if c == f:
        return _fm(Field.PAGES, FieldStatus.MATCH, 1.0, cited, found)
    ca, fa = _article_number(cited), _article_number(found)
    if ca and fa and ca[0] == fa[0]:
        return _fm(Field.PAGES, FieldStatus.MATCH, 0.95, cited, found,
                   "the same article number")
    if (ca is None) != (fa is None):
        number, labelled = ca or fa  # type: ignore[misc]
        first = (f if ca else c)[0]
        if labelled or first == "1":
            return _fm(Field.PAGES, FieldStatus.MISSING, 0.0, cited, found,
                       "an article number in place of pages: not compared")
    if c[0] == f[0]:
        return _fm(Field.PAGES, FieldStatus.CONFLICT, 0.5, cited, found, "same first page")
    return _fm(Field.PAGES, FieldStatus.CONFLICT, 0.0, cited, found)


def compare_plain(field: Field, cited: str | None, found: str | None) -> FieldMatch:
    """Volume, issue, address: equal words after folding (containment for addresses)."""
    if not cited or not found:
        return _fm(field, FieldStatus.MISSING, 0.0, cited, found)
    cw, fw = _WORD.findall(fold(cited)), _WORD.findall(fold(found))
    if cw == fw:
        return _fm(field, FieldStatus.MATCH, 1.0, cited, found)
    if field is Field.ADDRESS and cw and fw and (set(cw) <= set(fw) or set(fw) <= set(cw)):
        return _fm(field, FieldStatus.MATCH, 0.8, cited, found, "partial place name")
    return _fm(field, FieldStatus.CONFLICT, 0.0, cited, found)


def _numbered(field: Field, cited: str | None, found: str | None,
              years: tuple[int | None, int | None]) -> FieldMatch:
    """Volume or issue (:func:`compare_plain`); a value on one side that is the cited or
    the record's year (a journal numbered by year, a BibTeX ``number`` holding the year)
    is not a volume or issue number to compare: MISSING, noted."""
    fm = compare_plain(field, cited, found)
    if fm.status is FieldStatus.CONFLICT:
        said = {str(y) for y in years if y}
        for side, value in (("cited", cited), ("record's", found)):
            if value and value.strip() in said:
                return _fm(field, FieldStatus.MISSING, 0.0, cited, found,
                           f"the {side} {field.value} is the year: not compared")
    return fm


# --------------------------------------------------------------------------- parse artefacts

_BOUNDARY_BEFORE = re.compile(r"(?:^|[.,;:!?\"'“”‘’«»()\[\]]\s*|\d\)?\.?\s+)$")
_BOUNDARY_AFTER = re.compile(r"^(?:\s*$|[\s\"'“”‘’«»]*[.,;:!?()\[\]\"'“”‘’«»]|\s+(?:1[5-9]|20)\d\d\b)")


def title_written_in(raw: str, found: str, cited: str, venue: str = "") -> bool:
    """Is ``found`` (a record's title) written whole in ``raw`` (the reference string) between
    punctuation (or the string's ends; a year may follow it), while ``cited`` (the parsed title) is a contiguous
    part of it or holds it? Then a title conflict is the parser's boundary, not a wrong
    title ("'Title', in Proceedings of ..." read as one title). A title with words added,
    dropped or changed inside it is not written whole, so it stays a conflict. In a string
    without field punctuation ("... mahanta c datelogicqa benchmarking ... models naacl
    2025 pp 321-332") the title may instead follow an initial (or open the string) and be
    followed by an acronym of the record's ``venue`` and a year."""
    fw, cw = title_words(found), title_words(cited)
    if len(fw) < 2 or not cw:
        return False
    fs, cs = " ".join(fw), " ".join(cw)
    if fs not in cs and cs not in fs:
        return False
    text = fold(strip_markup(raw))
    rx = re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, fw)) + r"(?![^\W_])")
    sloppy = bool(venue) and not has_field_punctuation(raw)
    for m in rx.finditer(text):
        before, after = text[: m.start()], text[m.end():]
        if _BOUNDARY_BEFORE.search(before) and _BOUNDARY_AFTER.match(after):
            return True
        if sloppy and _SLOPPY_BEFORE.search(before):
            a = _SLOPPY_AFTER.match(after)
            if a and _is_venue_acronym(a.group(1), venue):
                return True
    return False


_FIELD_PUNCT = re.compile(r"[.,;:()\"“”]")


def has_field_punctuation(text: str) -> bool:
    """Does ``text`` hold any of the punctuation that separates a reference's fields (. , ;
    : brackets, double quotes)? Strings without it are typed sloppily ("shen l zhao h ...")."""
    return bool(_FIELD_PUNCT.search(text))


_SLOPPY_BEFORE = re.compile(r"(?:^|\b[^\W\d_]\s+)$")
_SLOPPY_AFTER = re.compile(r"\s+([^\W_]+)\s+(?:1[5-9]|20)\d\d\b")


def _is_venue_acronym(word: str, venue: str) -> bool:
    """Is ``word`` (folded) an acronym of ``venue`` (an alias it names, its initials, or the
    starts of its words: :func:`acronym_of`)?"""
    folded = fold(strip_markup(venue))
    return word in _venue_acronyms(folded, venue) or bool(_spelled_out({word}, folded)) \
        or acronym_of(word, folded)


def year_written_in(raw: str, found: int | None, cited: int | None) -> bool:
    """Is the record's year written in ``raw`` as a year (not inside a number range) while
    the parsed year sits only in a range ("2012. p. 1622-1627" read as 1622)?"""
    if found is None or cited is None:
        return False
    return bool(_year_alone(found).search(raw) and _year_range_end(cited).search(raw)
                and not _year_alone(cited).search(raw))


@lru_cache(maxsize=512)
def _year_alone(year: int) -> re.Pattern[str]:
    """``year`` written alone, not as part of a number, a range or a date."""
    return re.compile(rf"(?<![\d\-–—/.]){year}(?![\d\-–—/])")


@lru_cache(maxsize=512)
def _year_range_end(year: int) -> re.Pattern[str]:
    """``year`` as an end of a number range ("1622-1627")."""
    return re.compile(rf"(?:\d\s*[-–—]\s*{year}|{year}\s*[-–—]\s*\d)(?!\d)")


# --------------------------------------------------------------------------- all fields


def compare_fields(reference: Reference, record: Record,
                   config: CompareConfig = DEFAULT_CONFIG) -> tuple[FieldMatch, ...]:
    """Compare every field of ``reference`` with ``record``; one FieldMatch per Field,
    in Field order. Pure; never raises.

    A reference that cites the preprint (arXiv id or preprint-server venue) of a work the
    record holds in its published form may give the preprint's year, up to one year before
    the record's: that year matches (score 0.8, noted), it is not an error. A parse
    artefact is not a wrong field: a title conflict where the record's title is written
    whole in the reference string (:func:`title_written_in`), and a year conflict where the
    parsed year came from a page range and the record's year is written alone
    (:func:`year_written_in`), match with score 0.95 and a note; a cited venue made of words
    of the record's (matching) title, or of the cited title (the parser gave the same words
    to both), is MISSING, not a conflict. Then the string is read
    against the record (citations.anchor): a title, authors, year, venue, pages, publisher,
    address or DOI conflict (or a field the parser missed) whose record value the string
    states is a MATCH (0.95, noted "written in the reference"), so only a field whose record
    value is absent from the string *and* whose parsed value differs is a conflict; a
    cited publisher or address made of words of the (matching) title is MISSING; a year
    match is a conflict when the parsed year came from elsewhere while the string states
    another year alone (anchor.stated_year); and a title conflict next to matching authors
    is scored on the stretch of the string that fits the record's title best
    (anchor.title_window_score), not on a parsed title with the venue glued to it. Last,
    parsed "authors" that are the first words of the title of the record a cited DOI or
    arXiv id identifies are MISSING (:func:`_identified_title_as_authors`).
    """
    venue = compare_venues(reference.venue, record.venue)
    year = compare_years(reference.year, record.year, config)
    cites_preprint = bool(reference.arxiv_id) or bool(
        reference.venue and _PREPRINT.search(fold(reference.venue)))
    if (year.status is FieldStatus.CONFLICT and cites_preprint
            and not (record.venue and _PREPRINT.search(fold(record.venue)))
            and reference.year is not None and record.year is not None
            and record.year - 1 <= reference.year < record.year):
        year = _fm(Field.YEAR, FieldStatus.MATCH, 0.8, reference.year, record.year,
                   f"the preprint's year; the published version is from {record.year}")
    if year.status is FieldStatus.CONFLICT and reference.year is not None and record.dates:
        year = _other_date(year, reference.year, record)
    title = compare_titles(reference.title, record.title)
    if title.status is FieldStatus.CONFLICT and reference.title and \
            title_written_in(reference.raw, record.title, reference.title, record.venue or ""):
        title = _fm(Field.TITLE, FieldStatus.MATCH, 0.95, reference.title, record.title,
                    "the record's title is written in the reference; the parsed title's "
                    "boundary differed")
    if venue.status is FieldStatus.CONFLICT and reference.venue and title.status is FieldStatus.MATCH and \
            " ".join(title_words(reference.venue)) in " ".join(title_words(record.title)):
        venue = _fm(Field.VENUE, FieldStatus.MISSING, 0.0, reference.venue, record.venue,
                    "the cited 'venue' is words of the record's title (parse boundary)")
    if venue.status is FieldStatus.CONFLICT and reference.venue and reference.title and \
            title_words(reference.venue) and \
            f" {' '.join(title_words(reference.venue))} " in f" {' '.join(title_words(reference.title))} ":
        venue = _fm(Field.VENUE, FieldStatus.MISSING, 0.0, reference.venue, record.venue,
                    "the cited 'venue' is words of the cited title (parse boundary)")
    if year.status is FieldStatus.CONFLICT and year_written_in(reference.raw, record.year, reference.year):
        year = _fm(Field.YEAR, FieldStatus.MATCH, 0.95, reference.year, record.year,
                   "the record's year is written in the reference; the parsed year was "
                   "read from a page range")
    return _identified_title_as_authors(_anchored((
        title,
        compare_authors(reference.authors, record.authors, et_al=reference.et_al),
        year,
        venue,
        _numbered(Field.VOLUME, reference.volume, record.volume, (reference.year, record.year)),
        _numbered(Field.ISSUE, reference.issue, record.issue, (reference.year, record.year)),
        compare_pages(reference.pages, record.pages),
        compare_publishers(reference.publisher, record.publisher),
        compare_plain(Field.ADDRESS, reference.address, record.address),
        compare_ids(Field.DOI, reference.doi, record.doi),
        compare_ids(Field.ARXIV_ID, reference.arxiv_id, record.arxiv_id),
    ), reference, record), reference, record)


def _other_date(year: FieldMatch, cited: int, record: Record) -> FieldMatch:
    """A year conflict is a match when the cited year is one of the record's other dates
    (print, online first, issue, posted: Record.dates), noted with the date it matched."""
    kinds = [kind for kind, y in record.dates if y == cited]
    if not kinds:
        return year
    return _fm(Field.YEAR, FieldStatus.MATCH, 0.95, cited, record.year,
               f"the record's {' / '.join(kinds)} date is {cited} (its year {record.year})")


#: fields the record-anchored reading (citations.anchor) can clear
_ANCHORED = frozenset({Field.TITLE, Field.AUTHORS, Field.YEAR, Field.VENUE, Field.PAGES,
                       Field.PUBLISHER, Field.ADDRESS, Field.DOI})


_NUMBER_RANGE = re.compile(r"\d\s*[-\u2010-\u2015\u2212]+\s*\d")
_YEARISH = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d(?!\d)")


def _stated_year(fields: tuple[FieldMatch, ...], reference: Reference,
                 record: Record) -> tuple[FieldMatch, ...]:
    """A year match whose parsed year came from the venue while the string states another
    year alone (citations.anchor.stated_year) is a year conflict."""
    year = fields[2]
    if year.status is not FieldStatus.MATCH or record.year is None or \
            all(y == str(record.year) for y in _YEARISH.findall(reference.raw)):
        return fields
    other = stated_year(reference, record)
    if other is None or (other == reference.year and any(y == other for _, y in record.dates)):
        return fields  # the year stated is the one parsed, a date of the record
    found = compare_years(other, record.year)
    if found.status is FieldStatus.CONFLICT and record.dates:
        found = _other_date(found, other, record)
    note = f"the reference states {other}; the parsed {year.cited} was read from elsewhere in it"
    return fields[:2] + (found.model_copy(update={"note": note}),) + fields[3:]


def _anchored(fields: tuple[FieldMatch, ...], reference: Reference,
              record: Record) -> tuple[FieldMatch, ...]:
    """A parsed-field conflict (or a title or authors the parser did not find) whose record
    value the reference string states (citations.anchor.written_fields) is a parse artefact: MATCH,
    score 0.95, noted. Other fields are returned as they are."""
    if fields[1].status is not FieldStatus.MATCH and not plausible(reference, record):
        return fields  # another work: nothing to read against it
    fields = _stated_year(fields, reference, record)
    pages = fields[6]
    if pages.status is FieldStatus.CONFLICT and date_pages(reference):
        pages = _fm(Field.PAGES, FieldStatus.MISSING, 0.0, pages.cited, pages.found,
                    "the cited 'pages' are days of a month in the venue (parse boundary)")
        fields = fields[:6] + (pages,) + fields[7:]
    if pages.status is FieldStatus.MISSING and pages.cited is None and record.pages and \
            reference.pages is None and _NUMBER_RANGE.search(reference.raw):
        cited = stated_pages(reference, record)
        found = compare_pages(cited, record.pages) if cited else pages
        if found.status is FieldStatus.CONFLICT:
            fields = fields[:6] + (found.model_copy(update={
                "note": f"the reference states pages {cited}; the parser did not read them"}),) + fields[7:]
    authors = fields[1]
    if authors.status is FieldStatus.MISSING and authors.cited is None and not reference.authors \
            and record.authors:
        other = stated_other_authors(reference, record)
        if other is not None:
            fields = fields[:1] + (_fm(
                Field.AUTHORS, FieldStatus.CONFLICT, 0.0, other, authors.found,
                f"the reference names '{other}' before the record's title, none of the "
                "record's authors; the parser did not read them as authors"),) + fields[2:]
    venue = fields[3]
    if venue.status is FieldStatus.MISSING and venue.cited is None and record.venue:
        cited_venue = stated_venue(reference, record)
        found_venue = compare_venues(cited_venue, record.venue) if cited_venue else venue
        if found_venue.status is FieldStatus.CONFLICT:
            fields = fields[:3] + (found_venue.model_copy(update={
                "note": f"the reference names '{cited_venue}' after the title; the parser "
                        "did not read it as the venue"}),) + fields[4:]
    todo = frozenset(fm.field for fm in fields if fm.field in _ANCHORED and fm.found is not None
                     and (fm.status is FieldStatus.CONFLICT
                          or (fm.status is FieldStatus.MISSING and fm.cited is None
                              and fm.field in (Field.TITLE, Field.AUTHORS))))
    if not todo:
        return fields
    written = written_fields(reference, record, todo)
    out = tuple(
        _fm(fm.field, FieldStatus.MATCH, 0.95, fm.cited, fm.found,
            f"the record's {fm.field.value} is written in the reference; the parsed "
            f"{fm.field.value} {'differed' if fm.cited is not None else 'was not found'} "
            "(parse boundary)")
        if fm.field in written else fm for fm in fields)
    title, authors = out[0], out[1]
    if title.status is FieldStatus.MATCH and record.title:
        whole = " ".join(title_words(record.title))
        out = tuple(
            _fm(fm.field, FieldStatus.MISSING, 0.0, fm.cited, fm.found,
                f"the cited '{fm.field.value}' is words of the record's title (parse boundary)")
            if fm.field in (Field.PUBLISHER, Field.ADDRESS) and fm.status is FieldStatus.CONFLICT
            and fm.cited and title_words(fm.cited) and " ".join(title_words(fm.cited)) in whole
            else fm for fm in out)
        out = _authors_in_title(out, reference, whole)
    if title.status is FieldStatus.CONFLICT and authors.status is FieldStatus.MATCH and \
            title.score < 0.4 and record.title:
        # the parsed title may hold the venue too: score the stretch of the string that
        # fits the record's title best (identity needs 0.4 with matching authors)
        window = title_window_score(reference.raw, record.title)
        if window > title.score:
            out = (title.model_copy(update={"score": round(window, 4)}),) + out[1:]
    return out


def _identified_title_as_authors(fields: tuple[FieldMatch, ...], reference: Reference,
                                 record: Record) -> tuple[FieldMatch, ...]:
    """A reference whose DOI or arXiv id matches ``record`` but whose parsed authors
    conflict, where those "authors" share words with the record's title and none with its
    authors' names, and whose string holds a stretch fitting the record's title better than
    the parsed title does (anchor.title_window_score >= 0.4), is a title whose first words
    the parser read as names ("Joint Text, Image and User Modeling with ... doi:..." parsed
    with authors "Joint Text" and "Image"): authors MISSING, the title scored on that
    stretch. Other fields are returned as they are."""
    title, authors = fields[0], fields[1]
    ident = any(fm.field in (Field.DOI, Field.ARXIV_ID) and fm.status is FieldStatus.MATCH
                for fm in fields)
    if not (ident and authors.status is FieldStatus.CONFLICT and authors.score == 0.0
            and title.status is FieldStatus.CONFLICT and reference.authors and record.title):
        return fields
    cited = {w for w in _name_words(reference.authors) if len(w) > 1}
    names = set(_name_words(record.authors))
    if not cited & set(title_words(record.title)) or cited & names:
        return fields
    window = title_window_score(reference.raw, record.title)
    if window < 0.4 or window <= title.score:
        return fields  # the string does not hold the record's title: another work's DOI
    return (title.model_copy(update={"score": round(window, 4)}),
            _fm(Field.AUTHORS, FieldStatus.MISSING, 0.0, authors.cited, authors.found,
                "the cited 'authors' share words with the identified record's title and "
                "none with its authors (parse boundary)"),) + fields[2:]


def _name_words(authors: Sequence[Author]) -> list[str]:
    """The words of the authors' names (given, particle, family; title_words), in order."""
    return [w for a in authors for w in title_words(f"{a.given} {a.particle} {a.family}")]


def _authors_in_title(fields: tuple[FieldMatch, ...], reference: Reference,
                      whole: str) -> tuple[FieldMatch, ...]:
    """An authors conflict whose parsed authors' words are all among the first words of
    the record's (matching) title, ``whole`` (title_words joined; as many words as the
    names have, plus one joining word per name), is the title's start read as names
    ("SPECTER: Document-level Representation Learning ..." parsed with author SPECTER,
    "Oddballs and Misfits: ..." with "Misfits Oddballs"): MISSING."""
    authors = fields[1]
    if authors.status is not FieldStatus.CONFLICT or not reference.authors:
        return fields
    words = _name_words(reference.authors)
    # in any order, with the joining words between names ("Oddballs and Misfits: ..." read
    # as the author "Misfits Oddballs")
    head = whole.split()[:len(words) + len(reference.authors)]
    if not words or not set(words) <= set(head) or len(head) == len(whole.split()):
        return fields
    return (fields[0], _fm(Field.AUTHORS, FieldStatus.MISSING, 0.0, authors.cited, authors.found,
                           "the cited 'authors' are words of the record's title (parse boundary)"),
            ) + fields[2:]


__all__ = [
    "DEFAULT_CONFIG", "PUBLISHER_ALIASES", "VENUE_ALIASES", "CompareConfig", "VenueTable", "compare_authors",
    "compare_fields",
    "compare_ids", "compare_pages", "compare_plain", "compare_publishers", "compare_titles",
    "compare_venues", "compare_years", "family_key", "fold", "normalize_arxiv_simple",
    "normalize_doi_simple", "recognised_venue", "strip_markup", "title_words", "title_written_in",
    "venue_keys", "venue_table", "year_written_in",
]
