"""Author lists: position by position, family names and first initials."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citations.data import family_first_names
from citations.matching.base import field_match
from citations.model import Author, Field, FieldMatch, FieldStatus
from citations.text.fold import WORD, fold

__all__ = ["compare_authors", "family_key"]


_ETAL_FAMILIES = frozenset({"others", "et al", "et al.", "etal", "and others"})


def family_key(author: Author) -> str:
    """Folded family name with particle: "von harlem", "keller-amadi" (U+2010 folded)."""
    return _family_key(author.particle, author.family)


_NOT_FAMILY_CHAR = re.compile(r"[^a-z0-9\- ]+")
_SPACED_HYPHEN = re.compile(r"\s*-\s*")


@lru_cache(maxsize=65536)
def _family_key(particle: str, family: str) -> str:
    fam = (
        fold(f"{particle} {family}" if particle else family).replace("'", "").replace("\u2019", "")
    )
    fam = _SPACED_HYPHEN.sub("-", _NOT_FAMILY_CHAR.sub(" ", fam))
    return " ".join(fam.split())


def _bare_family(key: str) -> str:
    """Family key without lowercase particles: "von harlem" -> "harlem"."""
    words = key.split()
    particles = {
        "van",
        "von",
        "der",
        "den",
        "de",
        "la",
        "le",
        "du",
        "da",
        "di",
        "del",
        "della",
        "dos",
        "das",
        "ter",
        "ten",
        "zu",
        "al",
        "el",
        "bin",
        "ibn",
    }
    kept = [w for w in words if w not in particles]
    return " ".join(kept) if kept else key


def _given_words(author: Author) -> list[str]:
    """Given names folded, split on spaces and dots; hyphens removed ("ho-taek" -> "hotaek")."""
    return [w.replace("-", "") for w in re.split(r"[\s.]+", fold(author.given)) if w.strip("-")]


def _is_etal(author: Author) -> bool:
    whole = fold(f"{author.given} {author.family}").strip()
    return whole in _ETAL_FAMILIES or whole.replace(".", "") in ("et al", "others", "al")


def _same_family(a: str, b: str) -> bool:
    return (
        a == b or _bare_family(a) == _bare_family(b) or a.replace("-", " ") == b.replace("-", " ")
    )


def _compare_person(cited: Author, found: Author) -> tuple[bool, str]:
    """(same person?, note). Family must agree; first initials must agree when both given."""
    if cited.literal or found.literal:
        same = fold(cited.family) == fold(found.family) or WORD.findall(
            fold(cited.family)
        ) == WORD.findall(fold(found.family))
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
    return (
        _same_family(family_key(cited), family_key(found))
        and "".join(_given_words(cited)) == "".join(_given_words(found)) != ""
    )


def compare_authors(
    cited: Sequence[Author], found: Sequence[Author], *, et_al: bool = False
) -> FieldMatch:
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
        return field_match(Field.AUTHORS, FieldStatus.MISSING, 0.0, cited_s, found_s)
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
        return field_match(
            Field.AUTHORS, FieldStatus.MATCH, score, cited_s, found_s, "; ".join(notes)
        )
    score = matched / max(n_c, n_f)
    found_keys = [_bare_family(family_key(a)) for a in found]
    cited_keys = [_bare_family(family_key(a)) for a in cited_l]
    if first_bad is None:
        note = (
            f"{n_c - n_f} author(s) added"
            if n_c > n_f
            else f"{n_f - n_c} author(s) dropped without et al."
        )
    elif sorted(cited_keys) == sorted(found_keys):
        note = "authors reordered"
    elif n_c > n_f and all(k in cited_keys for k in found_keys):
        note = f"author(s) added at position {first_bad}"
    elif n_c < n_f and all(k in found_keys for k in cited_keys):
        note = f"author(s) dropped at position {first_bad}"
    else:
        note = f"author {first_bad}: {bad_note}"
    return field_match(
        Field.AUTHORS, FieldStatus.CONFLICT, score, cited_s, found_s, "; ".join([note, *notes])
    )


def _show(a: Author) -> str:
    fam = f"{a.particle} {a.family}" if a.particle else a.family
    return f"{fam}, {a.given}" if a.given else fam
