"""Titles: a cited title against a record's (word by word), and whether a record's title
is written whole in a reference string."""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from citations.matching.acronyms import is_venue_acronym
from citations.matching.base import field_match
from citations.model import Field, FieldMatch, FieldStatus
from citations.text.fold import fold, strip_markup, title_words
from citations.text.punctuation import has_field_punctuation

__all__ = ["align_words", "compare_titles", "title_written_in"]


_TITLE_STOP = frozenset({"a", "an", "the"})
_SUBTITLE_SEP = re.compile(r"\s*[:?!]\s+|\s+[-\u2013\u2014]{1,2}\s+|\.\s+")


def _same_word(a: str, b: str) -> bool:
    if a == b:
        return True
    if a[:1] != b[:1]:
        return False  # neither a plural nor a typo below changes the first letter
    if a.rstrip("s") == b.rstrip("s") and min(len(a), len(b)) >= 3:
        return True
    # one typo inside a long word (a letter dropped, added, changed, or two swapped:
    # "Langauge"); a changed first letter is a different word ("aperiodic" / "periodic",
    # "unfair" / "fair")
    return min(len(a), len(b)) >= 5 and a[0] == b[0] and OSA.distance(a, b, score_cutoff=1) <= 1


def align_words(cited: list[str], found: list[str]) -> tuple[list[str], list[str], int]:
    """Greedy LCS-style alignment. Returns (extra cited words, missing found words, common)."""
    n, m = len(cited), len(found)
    # LCS table over _same_word; titles are short (< 60 words), so O(n*m) is fine.
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            dp[i][j] = (
                dp[i + 1][j + 1] + 1
                if _same_word(cited[i], found[j])
                else max(dp[i + 1][j], dp[i][j + 1])
            )
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
_TYPE_LABEL = re.compile(
    r"^\s*(?:survey|squib|review|book review|last words|erratum|"
    r"corrigendum|editorial|obituary|commentary|letter)\s*:\s*",
    re.I,
)


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
        return field_match(Field.TITLE, FieldStatus.MISSING, 0.0, cited, found)
    cw, fw = title_words(cited), title_words(found)
    if not cw or not fw:
        return field_match(Field.TITLE, FieldStatus.MISSING, 0.0, cited, found)
    if cw == fw:
        return field_match(Field.TITLE, FieldStatus.MATCH, 1.0, cited, found)
    if "".join(cw) == "".join(fw):
        return field_match(Field.TITLE, FieldStatus.MATCH, 1.0, cited, found, "spacing differs")
    extra, missing, common = align_words(cw, fw)
    dice = 2 * common / (len(cw) + len(fw))
    extra = [w for w in extra if w not in _TITLE_STOP]
    missing = [w for w in missing if w not in _TITLE_STOP]
    if not extra and not missing:
        return field_match(
            Field.TITLE,
            FieldStatus.MATCH,
            max(dice, 0.95),
            cited,
            found,
            "minor spelling differences",
        )
    if "".join(extra) == "".join(missing) and extra != missing:
        return field_match(
            Field.TITLE,
            FieldStatus.MATCH,
            max(dice, 0.95),
            cited,
            found,
            "hyphenation/spacing differs",
        )
    if sorted(extra) == sorted(missing):
        return field_match(
            Field.TITLE,
            FieldStatus.CONFLICT,
            dice,
            cited,
            found,
            "words reordered: " + ", ".join(extra),
        )
    # a record title that adds a translation in brackets ("GlozzQL : un langage ... (GlozzQL:
    # an incremental query language ...)", as the ACL Anthology writes non-English titles)
    # or opens with an article-type label ("Survey: Multiword Expression Processing: A
    # Survey"): the cited title is the rest
    plain = strip_markup(found)
    for rest, note in (
        (_TRANSLATION.sub("", plain), "the record adds a translated title"),
        (_TYPE_LABEL.sub("", plain), "the record's title opens with its article type"),
    ):
        if rest != plain and title_words(rest) == cw:
            return field_match(Field.TITLE, FieldStatus.MATCH, 0.95, cited, found, note)
    # omitted (or added) subtitle: one side equals the other's part before ':'
    for short, long_, who in ((cited, found, "cited omits"), (found, cited, "record omits")):
        main = _main_title(long_)
        if main != strip_markup(long_) and title_words(main) == title_words(short):
            return field_match(
                Field.TITLE, FieldStatus.MATCH, 0.9, cited, found, f"subtitle omitted ({who} it)"
            )
    parts = []
    if missing:
        parts.append("missing words: " + ", ".join(missing))
    if extra:
        parts.append("extra words: " + ", ".join(extra))
    return field_match(Field.TITLE, FieldStatus.CONFLICT, dice, cited, found, "; ".join(parts))


# --------------------------------------------------------------------------- parse artefacts

_BOUNDARY_BEFORE = re.compile(r"(?:^|[.,;:!?\"'“”‘’«»()\[\]]\s*|\d\)?\.?\s+)$")
_BOUNDARY_AFTER = re.compile(
    r"^(?:\s*$|[\s\"'“”‘’«»]*[.,;:!?()\[\]\"'“”‘’«»]|\s+(?:1[5-9]|20)\d\d\b)"
)


def title_written_in(raw: str, found: str, cited: str, venue: str = "") -> bool:
    """Is ``found`` (a record's title) written whole in ``raw`` (the reference string) between
    punctuation (or the string's ends; a year may follow it), while ``cited`` (the parsed
    title) is a contiguous part of it or holds it? Then a title conflict is the parser's
    boundary, not a wrong title ("'Title', in Proceedings of ..." read as one title). A
    title with words added, dropped or changed inside it is not written whole, so it stays
    a conflict. In a string
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
        before, after = text[: m.start()], text[m.end() :]
        if _BOUNDARY_BEFORE.search(before) and _BOUNDARY_AFTER.match(after):
            return True
        if sloppy and _SLOPPY_BEFORE.search(before):
            a = _SLOPPY_AFTER.match(after)
            if a and is_venue_acronym(a.group(1), venue):
                return True
    return False


_SLOPPY_BEFORE = re.compile(r"(?:^|\b[^\W\d_]\s+)$")
_SLOPPY_AFTER = re.compile(r"\s+([^\W_]+)\s+(?:1[5-9]|20)\d\d\b")
