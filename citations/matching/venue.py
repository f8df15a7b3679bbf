"""Venues and publishers: names compared through aliases, acronyms and abbreviations.

A venue name is read for the acronyms it names (citations/data/venue_aliases.tsv: ACL,
EMNLP, NeurIPS, ...; parenthesised acronyms; "X@Y" workshop notation), for the full title
the abbreviation table gives it ("Proc.", "Conf.", "Artif. Intell.", ISO 4 / NLM forms and
contractions, place qualifiers and short titles: citations/data/venue_abbreviations.tsv),
and for its telling words. Two names with a common acronym are one venue; with known but
disjoint acronyms, two. A preprint server against a published venue is a soft match;
another journal of the same family (section letter, a title word more, a function word
exchanged) is a conflict. Publishers go through citations/data/publisher_aliases.tsv.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from citations.data import publisher_aliases, venue_aliases, venue_table
from citations.matching.acronyms import (
    ACRONYM_SKIP,
    BRACKETED_ACRONYM,
    VENUE_STOP,
    acronym_of,
    acronym_plausible,
    bare_acronym,
    spelled_acronym,
    venue_acronyms,
    venue_words,
)
from citations.matching.base import field_match
from citations.model import Field, FieldMatch, FieldStatus
from citations.text.fold import WORD, fold, strip_markup

__all__ = ["PREPRINT", "compare_publishers", "compare_venues", "recognised_venue", "venue_keys"]

#: a preprint server named in a venue
PREPRINT = re.compile(r"\b(arxiv|corr|preprint|biorxiv|medrxiv|ssrn|openreview)\b")


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
    if m is None or not venue[: m.start()].strip():
        return venue
    inner = _venue_key(fold(m.group(1)))
    if inner in venue_table().places or re.fullmatch(r"(?:1[89]|20)\d\d", inner):
        return venue[: m.start()]
    return venue


def _table_title(folded: str) -> str | None:
    """The full title the venue table gives for a folded venue name, or None."""
    return venue_table().titles.get(_venue_key(folded))


#: a venue that is an event (its name's extra words are ordinals, places, tracks), not a
#: journal: the journal-family rules below do not apply to it
_EVENT = re.compile(
    r"\b(?:proceedings|proc|conference|conf|workshop|symposium|meeting|congress|"
    r"findings|colloquium|summit|forum|school|volume|vol)\b"
)
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
    own = [w for w in re.findall(r"[a-z]+", fold(_SINGLE_CAP.sub(" ", raw))) if len(w) > 1]
    # a word of the other name that one of this name's words already abbreviates has no
    # initial here: the C of "J. Phys. Chem. C" is a section, not "Chemistry"
    initials = {
        w[0]
        for w in re.findall(r"[a-z]+", fold(other[: first.start()] if first else other))
        if not any(_abbreviates(o, w) or _abbreviates(w, o) for o in own)
    }
    return {c for c in letters if c.lower() not in initials}


def _journal_family(
    cited: str, found: str, cf: str, ff: str, *, sections_only: bool = False
) -> str | None:
    """Why two journal names that share their words are different journals of one family,
    or None: another section letter ("Proc. R. Soc. A" / "... Society B"), and unless
    ``sections_only`` (a name with event words: "Proceedings", "Conference"), a function
    word exchanged ("... Ecology and Environment" / "... Ecology for Environment"), or a
    title word the other lacks before or inside it, or after it when the shorter name is
    written in full or the word names a series ("Cell" / "Cell Reports"; "J. Ecol." /
    "Journal of Applied Ecology"; "Phys. Rev." / "Physical Review Letters")."""
    sc, sf = _sections(cited, found), _sections(found, cited)
    if sc and sf and sc != sf:
        return f"another section of the journal: {'/'.join(sorted(sc))} vs {'/'.join(sorted(sf))}"
    if sections_only:
        return None
    cwords = re.findall(r"[a-z]+", cf.replace("&", " and "))
    fwords = re.findall(r"[a-z]+", ff.replace("&", " and "))
    for op, i1, i2, j1, j2 in SequenceMatcher(None, cwords, fwords, autojunk=False).get_opcodes():
        if (
            op == "replace"
            and i2 - i1 == j2 - j1 == 1
            and cwords[i1] in _TITLE_FUNCTION
            and fwords[j1] in _TITLE_FUNCTION
        ):
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
    after = long_[used[-1] + 1 :]
    if not full:
        # an abbreviation may stop before the trailing words of a title ("Proc Natl Acad
        # Sci"), but not before a word that names a companion series ("Phys. Rev." is not
        # "Physical Review Letters")
        after = [w for w in after if w in venue_table().series]
    extra = inside + after
    return f"another journal of the family: {' '.join(extra)} not in both" if extra else None


def _content_words(folded: str) -> list[str]:
    """Title words of a journal name: letters, not venue stop words nor function words
    ("with", "of"); single letters stay (the R of "Mon. Not. R. Astron. Soc." is Royal)."""
    return [
        w
        for w in re.findall(r"[a-z]+", folded)
        if w not in VENUE_STOP and w not in ACRONYM_SKIP and w != "with"
    ]


#: words that make a string a venue's name (a journal, a series, an event)
_VENUE_KIND = re.compile(
    r"\b(?:journal|transactions|trans|letters|lett|review|reviews|rev|"
    r"advances|annals|bulletin|magazine|proceedings|proc|conference|conf|"
    r"symposium|workshop|congress|meeting|reports|communications|commun|"
    r"acta|archives)\b"
)


def venue_keys(venue: str) -> frozenset[str]:
    """What identifies a venue for a coverage lookup: the known aliases it names
    (citations/data/venue_aliases.tsv), the full title the venue table gives it, else its
    telling words."""
    folded = fold(strip_markup(_drop_place(venue)))
    keys = {f"alias:{a}" for a in venue_acronyms(folded, venue) if a in venue_aliases().aliases}
    title = _table_title(folded)
    if title:
        keys.add(f"title:{title}")
    return frozenset(keys or (f"word:{w}" for w in venue_words(folded)))


def recognised_venue(venue: str) -> bool:
    """Is ``venue`` recognisably the name of a venue (a known alias or short title, or a
    name with a venue word: Journal, Transactions, Proceedings, Conference, ..., and a
    word that tells venues apart), rather than words a parser may have put in the venue
    field ("proceedings of the workshop", cut short, names no venue)?"""
    folded = fold(strip_markup(venue))
    keys = venue_keys(venue)
    return any(k.startswith(("alias:", "title:")) for k in keys) or bool(
        keys and _VENUE_KIND.search(folded)
    )


def compare_venues(
    cited: str | None, found: str | None, *, field: Field = Field.VENUE
) -> FieldMatch:
    """Compare venue (or publisher) names through aliases and abbreviations.

    Returns: MATCH when acronym sets intersect, or the words of one are (abbreviated)
    contained in the other's; MATCH 0.7 noted "preprint vs published" when exactly one side
    is a preprint server; CONFLICT otherwise (score = word overlap); MISSING if a side is
    empty.
    """
    if not cited or not found:
        return field_match(field, FieldStatus.MISSING, 0.0, cited, found)
    cf, ff = fold(strip_markup(cited)), fold(strip_markup(found))
    if WORD.findall(cf) == WORD.findall(ff):
        return field_match(field, FieldStatus.MATCH, 1.0, cited, found)
    shown_cited, shown_found = cited, found
    if field is Field.VENUE and (
        cited.rstrip(" .").endswith(")") or found.rstrip(" .").endswith(")")
    ):
        cited, found = _drop_place(strip_markup(cited)), _drop_place(strip_markup(found))
        cf, ff = fold(cited), fold(found)
        if WORD.findall(cf) == WORD.findall(ff):
            return field_match(
                field,
                FieldStatus.MATCH,
                0.95,
                shown_cited,
                shown_found,
                "same journal; a place qualifier on one side",
            )
    if field is Field.VENUE:
        tc, tf = _table_title(cf), _table_title(ff)
        if tc and tf:
            if tc == tf:
                return field_match(
                    field,
                    FieldStatus.MATCH,
                    0.95,
                    shown_cited,
                    shown_found,
                    "same journal (abbreviation table)",
                )
            return field_match(
                field,
                FieldStatus.CONFLICT,
                0.0,
                shown_cited,
                shown_found,
                f"different journals: {tc} vs {tf}",
            )
        if tc or tf:  # one side a known short form: compare its full title
            cf, ff = tc or cf, tf or ff
    return _compare_venue_names(cited, found, cf, ff, field, shown_cited, shown_found)


def _compare_venue_names(
    cited: str, found: str, cf: str, ff: str, field: Field, shown_cited: str, shown_found: str
) -> FieldMatch:
    """compare_venues past the exact, place-qualifier and table checks: ``cf`` / ``ff``
    the folded names (a table short form expanded), results shown with the names as
    given."""
    fm = _venue_names(cited, found, cf, ff, field)
    if fm.cited != shown_cited or fm.found != shown_found:
        fm = fm.model_copy(update={"cited": shown_cited, "found": shown_found})
    return fm


def _venue_names(cited: str, found: str, cf: str, ff: str, field: Field) -> FieldMatch:
    """Past the exact, place and table checks: preprint servers, then acronyms (known
    aliases, a venue written as one acronym, initials), then telling words."""
    cp, fp = bool(PREPRINT.search(cf)), bool(PREPRINT.search(ff))
    if cp and not fp:
        return field_match(
            field, FieldStatus.MATCH, 0.7, cited, found, "cited the preprint of a published work"
        )
    if fp and not cp:
        return field_match(
            field,
            FieldStatus.CONFLICT,
            0.3,
            cited,
            found,
            "the record knows only a preprint; the cited venue is not confirmed",
        )
    ca, fa = venue_acronyms(cf, cited), venue_acronyms(ff, found)
    if ca & fa:
        return field_match(field, FieldStatus.MATCH, 0.9, cited, found, "same venue (alias)")
    by_acronym = _written_as_acronym(cited, found, cf, ff, ca, fa, field)
    if by_acronym is not None:
        return by_acronym
    spelled = spelled_acronym(cited, ff) or spelled_acronym(found, cf)
    if ca and fa and not spelled:
        return field_match(
            field,
            FieldStatus.CONFLICT,
            0.0,
            cited,
            found,
            f"different venues: {'/'.join(sorted(ca))} vs {'/'.join(sorted(fa))}",
        )
    if spelled:  # "CMCL" for the Workshop on Cognitive Modeling and Computational Linguistics
        return field_match(
            field,
            FieldStatus.MATCH,
            0.85,
            cited,
            found,
            f"{spelled.upper()} is the initials of the venue's name",
        )
    return _by_words(cited, found, cf, ff, ca | fa, field)


def _written_as_acronym(
    cited: str,
    found: str,
    cf: str,
    ff: str,
    ca: frozenset[str],
    fa: frozenset[str],
    field: Field,
) -> FieldMatch | None:
    """A venue written as one acronym that is not a known alias (:func:`bare_acronym`):
    MATCH when it reads off the other name's words, MISSING when it cannot be checked
    (a name with no known alias whose words its letters could start), else None."""
    for short, long_raw, long_, short_aliases, long_aliases in (
        (cited, found, ff, ca, fa),
        (found, cited, cf, fa, ca),
    ):
        acr = bare_acronym(short)
        if (
            acr is None
            or acr in venue_aliases().aliases
            or short_aliases & venue_aliases().aliases.keys()
        ):
            continue  # a known venue ("LREC-COLING 2024"): the aliases decide
        # "SIGDIAL" for "... Special Interest Group on Discourse and Dialogue"
        if acronym_of(acr, long_):
            return field_match(
                field,
                FieldStatus.MATCH,
                0.8,
                cited,
                found,
                f"{short.strip()} reads as an acronym of the venue's name",
            )
        if (
            not long_aliases
            and not BRACKETED_ACRONYM.search(long_raw)
            and acronym_plausible(acr, long_)
        ):
            # an acronym this tool cannot expand, whose letters but one start words of a name
            # with no known alias ("IWSLT" for the "International Conference on Spoken
            # Language Translation"): no evidence either way. Against a known venue ("WANLP"
            # for an EMNLP paper), or made of other letters ("SIGDIAL" for the "Workshop on
            # Figurative Language Processing"), it names another venue: the conflict stands.
            return field_match(
                field,
                FieldStatus.MISSING,
                0.0,
                cited,
                found,
                f"{short.strip()} is an acronym that cannot be checked against the venue's name",
            )
    return None


def _by_words(
    cited: str, found: str, cf: str, ff: str, aliases: frozenset[str], field: Field
) -> FieldMatch:
    """The venues' telling words: MATCH when they overlap (or one abbreviates the other),
    unless two journal names of one family differ (:func:`_journal_family`); a venue of
    stop words only is MISSING; else CONFLICT with the overlap as score."""
    cw, fw = venue_words(cf), venue_words(ff)
    places = venue_table().places
    if field is Field.VENUE and any(w in places for w in cw + fw):
        # a place inside an NLM abbreviation ("Philos Trans R Soc Lond B Biol Sci")
        cw, fw = (
            [w for w in cw if w not in places or w in fw],
            [w for w in fw if w not in places or w in cw],
        )
    if not cw or not fw:
        return field_match(
            field, FieldStatus.MISSING, 0.0, cited, found, "venue too generic to compare"
        )
    common = len(set(cw) & set(fw))
    overlap = common / min(len(set(cw)), len(set(fw)))
    if overlap >= 0.8 or _abbrev_match(cw, fw) or _abbrev_match(fw, cw):
        if field is Field.VENUE and not aliases & venue_aliases().aliases.keys():
            family = _journal_family(
                cited, found, cf, ff, sections_only=bool(_EVENT.search(cf) or _EVENT.search(ff))
            )
            if family:
                return field_match(
                    field, FieldStatus.CONFLICT, min(overlap, 0.5), cited, found, family
                )
        return field_match(field, FieldStatus.MATCH, max(overlap, 0.8), cited, found)
    return field_match(field, FieldStatus.CONFLICT, overlap, cited, found)


def _publisher_keys(text: str) -> set[str]:
    f = fold(text)
    words = set(re.findall(r"[a-z]+", f))
    table = publisher_aliases()
    keys = {k for k, phrases in table.aliases.items() if k in words or any(p in f for p in phrases)}
    for key, hidden in table.shadows.items():
        if key in keys and hidden in keys:
            keys.discard(hidden)
    return keys


def compare_publishers(cited: str | None, found: str | None) -> FieldMatch:
    """Publisher names through an alias table (ACL, ACM, IEEE, AAAI, Springer, ...):
    MATCH if the known publishers intersect, CONFLICT if both are known and disjoint,
    else compared by words like venues."""
    if not cited or not found:
        return field_match(Field.PUBLISHER, FieldStatus.MISSING, 0.0, cited, found)
    ck, fk = _publisher_keys(cited), _publisher_keys(found)
    if ck and fk:
        if ck & fk:
            return field_match(
                Field.PUBLISHER,
                FieldStatus.MATCH,
                0.9 if fold(cited) != fold(found) else 1.0,
                cited,
                found,
            )
        return field_match(
            Field.PUBLISHER,
            FieldStatus.CONFLICT,
            0.0,
            cited,
            found,
            f"different publishers: {'/'.join(sorted(ck))} vs {'/'.join(sorted(fk))}",
        )
    return compare_venues(cited, found, field=Field.PUBLISHER)
