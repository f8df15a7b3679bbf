"""A Reference written back as a string (for round trips), and a title as a search query."""

from __future__ import annotations

from citations.errors import InputError
from citations.model import Reference

__all__ = ["format_reference", "title_query_form"]


def title_query_form(title: str) -> str:
    """A title as a search query: typographic quotes as ASCII (’ -> ', “ -> "), dashes as
    '-', spaces collapsed; case and words kept. ``"won’t ‘follow’"`` -> ``"won't 'follow'"``."""
    s = title.translate(_QUOTE_MAP)
    return " ".join(s.split())


_QUOTE_MAP = dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032"), "'")
_QUOTE_MAP.update(dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u00ab\u00bb"), '"'))
_QUOTE_MAP.update(dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212"), "-"))


def format_reference(ref: Reference, style: str = "apa") -> str:
    """Write a Reference as one string in ``style`` "apa" (Family, I., & Family, I. (Year).
    Title. Venue, vol(issue), pages.) or "acl" (Given Family, and Given Family. Title. Venue,
    vol(issue):pages, Year.). Used by round-trip tests; fields that are None are left out.
    Raises: InputError for an unknown style."""

    def initials(given: str) -> str:
        return " ".join(f"{p[0]}." for p in given.replace("-", " ").split() if p[:1].isalpha())

    if style == "apa":
        names = [
            a.family if a.literal else f"{a.family}, {initials(a.given)}".rstrip(", ")
            for a in ref.authors
        ]
        who = (
            names[0]
            if len(names) == 1
            else ", ".join(names[:-1]) + (", & " if names else "") + (names[-1] if names else "")
        )
        if ref.et_al:
            who += ", et al."
        out = f"{who} ({ref.year if ref.year else 'n.d.'}). {ref.title or ''}."
        if ref.venue:
            out += f" {ref.venue}"
            if ref.volume:
                out += f", {ref.volume}" + (f"({ref.issue})" if ref.issue else "")
            if ref.pages:
                out += f", {ref.pages}"
            out += "."
        if ref.doi:
            out += f" https://doi.org/{ref.doi}"
        return out
    if style == "acl":
        names = [a.family if a.literal else f"{a.given} {a.family}".strip() for a in ref.authors]
        who = (
            names[0]
            if len(names) == 1
            else (", ".join(names[:-1]) + ", and " + names[-1] if names else "")
        )
        if ref.et_al:
            who += " et al."
        out = f"{who.rstrip('.')}. {ref.title or ''}."
        tail = []
        if ref.venue:
            v = ref.venue
            if ref.volume:
                v += (
                    f", {ref.volume}"
                    + (f"({ref.issue})" if ref.issue else "")
                    + (f":{ref.pages}" if ref.pages else "")
                )
            tail.append(v)
        if ref.year:
            tail.append(str(ref.year))
        return out + (" " + ", ".join(tail) + "." if tail else "")
    raise InputError(f"unknown reference style: {style!r} (use 'apa' or 'acl')")
