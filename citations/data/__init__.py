"""Data files of citations: word lists and alias tables, each read once, at first use.

- ``venue_aliases.tsv``: acronym aliases of venues (ACL, EMNLP, NeurIPS, ...) and the
  special cases of reading them (:func:`venue_aliases`).
- ``publisher_aliases.tsv``: publisher aliases (ACM, IEEE, Springer, ...)
  (:func:`publisher_aliases`).
- ``venue_abbreviations.tsv``: ISO 4 / NLM contractions, place qualifiers and short
  journal titles (:func:`venue_table`).
- ``family_first_names.txt``: family names of cultures that write them first
  (:func:`family_first_names`).
- ``unsupported_formats.tsv``: bibliographic export formats that are refused by name
  (:func:`unsupported_formats`).

Each file says its format in its header (``#`` lines). Every value is folded (lower case,
no accents), as citations.text.fold.fold writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

__all__ = [
    "PublisherAliases",
    "UnsupportedFormat",
    "VenueAliases",
    "VenueTable",
    "family_first_names",
    "publisher_aliases",
    "unsupported_formats",
    "venue_aliases",
    "venue_table",
]


def _rows(name: str) -> list[list[str]]:
    """The tab-separated rows of a data file, comment and blank lines left out."""
    text = resources.files(__name__).joinpath(name).read_text("utf-8")
    return [
        line.split("\t") for line in text.splitlines() if line.strip() and not line.startswith("#")
    ]


@dataclass(frozen=True, slots=True)
class VenueAliases:
    """What venue_aliases.tsv knows (see its header). ``aliases``: acronym -> phrases, in
    file order; ``words``: acronyms never read from the bare word; ``spellings``: other
    spelling -> acronym; ``shadows``: longer acronym -> shorter one it holds; ``alone``:
    acronym -> the only telling words its venue's name may hold; ``publishers``: acronyms
    that name a publisher, not a venue."""

    aliases: dict[str, tuple[str, ...]]
    words: frozenset[str]
    spellings: dict[str, str]
    shadows: dict[str, str]
    alone: dict[str, frozenset[str]]
    publishers: frozenset[str]


@lru_cache(maxsize=1)
def venue_aliases() -> VenueAliases:
    """The venue alias table, read once from the package data."""
    aliases: dict[str, list[str]] = {}
    words: set[str] = set()
    spellings: dict[str, str] = {}
    shadows: dict[str, str] = {}
    alone: dict[str, frozenset[str]] = {}
    publishers: set[str] = set()
    for kind, acronym, *rest in _rows("venue_aliases.tsv"):
        value = rest[0] if rest else ""
        if kind == "alias":
            aliases.setdefault(acronym, []).append(value)
        elif kind == "word":
            words.add(acronym)
        elif kind == "spelling":
            spellings[acronym] = value
        elif kind == "shadow":
            shadows[acronym] = value
        elif kind == "alone":
            alone[acronym] = frozenset(value.split())
        elif kind == "publisher":
            publishers.add(acronym)
        else:
            raise ValueError(f"venue_aliases.tsv: unknown kind {kind!r}")
    return VenueAliases(
        {k: tuple(v) for k, v in aliases.items()},
        frozenset(words),
        spellings,
        shadows,
        alone,
        frozenset(publishers),
    )


@dataclass(frozen=True, slots=True)
class PublisherAliases:
    """What publisher_aliases.tsv knows (see its header): ``aliases`` key -> phrases;
    ``shadows`` key -> the key it hides when both are read."""

    aliases: dict[str, tuple[str, ...]]
    shadows: dict[str, str]


@lru_cache(maxsize=1)
def publisher_aliases() -> PublisherAliases:
    """The publisher alias table, read once from the package data."""
    aliases: dict[str, list[str]] = {}
    shadows: dict[str, str] = {}
    for kind, key, value in _rows("publisher_aliases.tsv"):
        if kind == "alias":
            aliases.setdefault(key, []).append(value)
        elif kind == "shadow":
            shadows[key] = value
        else:
            raise ValueError(f"publisher_aliases.tsv: unknown kind {kind!r}")
    return PublisherAliases({k: tuple(v) for k, v in aliases.items()}, shadows)


@dataclass(frozen=True, slots=True)
class VenueTable:
    """What venue_abbreviations.tsv knows (see its header): ``words`` contraction -> title
    words it abbreviates; ``places`` bracketed place qualifiers; ``titles`` whole-title
    form -> full title (a full title maps to itself); ``series`` title words that name a
    journal's companion series ("letters", "reports"). All folded."""

    words: dict[str, frozenset[str]]
    places: frozenset[str]
    titles: dict[str, str]
    series: frozenset[str]


@lru_cache(maxsize=1)
def venue_table() -> VenueTable:
    """The venue abbreviation table, read once from the package data."""
    words: dict[str, set[str]] = {}
    places: set[str] = set()
    titles: dict[str, str] = {}
    series: set[str] = set()
    for kind, form, *rest in _rows("venue_abbreviations.tsv"):
        if kind == "word":
            words.setdefault(form, set()).add(rest[0])
        elif kind == "place":
            places.add(form)
        elif kind == "title":
            titles[form] = rest[0]
            titles.setdefault(rest[0], rest[0])
        elif kind == "series":
            series.add(form)
    return VenueTable(
        {k: frozenset(v) for k, v in words.items()}, frozenset(places), titles, frozenset(series)
    )


@lru_cache(maxsize=1)
def family_first_names() -> frozenset[str]:
    """Family names of cultures that write them first (family_first_names.txt: Chinese,
    Korean, Japanese, Vietnamese, Hungarian), folded."""
    text = resources.files(__name__).joinpath("family_first_names.txt").read_text("utf-8")
    return frozenset(w.strip() for w in text.splitlines() if w.strip() and not w.startswith("#"))


@dataclass(frozen=True, slots=True)
class UnsupportedFormat:
    """A bibliographic export format no command reads: its ``name``, the file name
    ``endings`` (lower case, with the dot) and ``first_line``, a regular expression that the
    first non-blank line of such a file matches (None: recognised by its ending only)."""

    name: str
    endings: tuple[str, ...]
    first_line: re.Pattern[str] | None


@lru_cache(maxsize=1)
def unsupported_formats() -> tuple[UnsupportedFormat, ...]:
    """The formats of unsupported_formats.tsv, in file order, read once."""
    return tuple(
        UnsupportedFormat(name, tuple(endings.split()), None if rx == "-" else re.compile(rx))
        for name, endings, rx in _rows("unsupported_formats.tsv")
    )
