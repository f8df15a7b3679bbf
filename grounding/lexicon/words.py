"""The word lists the judges and the perturbations read, each kept once, as data.

The lists live in tab-separated files beside this module (``grounding/lexicon/data/``), one
word (or pair, or pattern) a line with the uses it serves; each file's header says what its
uses mean. This module reads them once at import and offers each use as a constant or a
function; nothing else in the package writes a negation, direction, quantifier or hedge
word list of its own.

- ``negation.tsv``: :func:`negation_words` (uses cue, denial, governs, clause, unaffirmed,
  denying, phrase);
  :data:`NEGATIONS` is the ``cue`` set.
- ``direction_pairs.tsv``: :func:`direction_pairs` (uses edit, antonym, operator).
- ``direction_words.tsv``: :data:`UP_WORDS`, :data:`DOWN_WORDS`, :data:`SAME_WORDS`.
- ``direction_stems.tsv``: :func:`direction_stems` (uses change, pair), regular expressions.
- ``operator_synonyms.tsv``: :func:`operator_synonym_groups`.
- ``quantifiers.tsv``: :func:`quantifier_words`, :func:`quantifier_classes`,
  :data:`STRONG_QUANTIFIERS`; ``quantifier_pairs.tsv``: :data:`QUANTIFIER_PAIRS`.
- ``hedges.tsv``: :func:`hedge_patterns` (uses paper, claim, ability), :data:`HEDGE_EDITS`.
- ``speculation.tsv``: :func:`speculation_pattern`.
- ``general_words.tsv``: :data:`GENERAL_WORDS`, general words of scientific prose that
  name no entity (the entity check, ``grounding/judges/entity_check.py``);
  ``entity_slots.tsv``: :func:`entity_slot_words`, what may stand in one of its slots.
- ``units.tsv``: :func:`units` (uses any, case, exponent), how a unit is written after a
  number and the spelling it is compared as (``grounding.quantities``,
  ``grounding.normalize``).
- ``inclusion.tsv``: :func:`inclusion_words`, words that put a thing in (or leave it out of)
  what a statement is about.
- ``role_pairs.tsv``: :func:`role_words`, the two roles of one relation between two names.
- ``interval_levels.tsv``: :func:`interval_level_words`, what makes a percent an
  interval's level ("95% CI"), not a value.
- ``negative_affixes.tsv``: :func:`negative_prefixes`, :func:`negative_affix_words`: a
  word and the same word with a negative prefix are opposites ("consistent" /
  "inconsistent"), with the words and participles where they are not.
- ``compound_prefixes.tsv``: :func:`compound_prefixes`, prefixes that make a hyphenated
  compound one word ("intra-document").
- ``term_abbreviations.tsv``: :func:`term_abbreviations`, abbreviations a lower-case term
  continues a sentence after ("at max. pH").
- ``degree_words.tsv``: :data:`DEGREE_WORDS`, how much a thing changes ("slightly"),
  never the thing that changes (``grounding/judges/direction_check.py``).
- ``condition_names.tsv``: :data:`CONDITION_NAMES`, nouns whose number names a condition
  ("definition 1", "Phase II"), a label and no value (``grounding/judges/condition_labels.py``).
- ``scope_words.tsv``: :data:`SCOPE_WORDS`, words that narrow what a superlative ranges
  over ("among", "second", "one of"; ``grounding/judges/superlative_check.py``).
- ``uncounted.tsv``: :data:`UNCOUNTED_WORDS`, words after a number that count nothing
  ("against", "respectively"; ``grounding.quantities``).
- ``generic_counts.tsv``: :data:`GENERIC_COUNTS`, nouns that count cases without naming
  their kind ("407 cases"; ``grounding/judges/rules_checks.py``).
- ``time_words.tsv``: :data:`TIME_WORDS`, words that put a year in its place in time
  ("after 1985"; ``grounding/judges/year_check.py``).
- ``chemical_locants.tsv``: :data:`CHEMICAL_LOCANT_WORDS`, beginnings of the word a
  locant is glued to in a chemical name ("2-methylfuran"): the number is no value
  (``grounding.quantities``).
- ``date_events.tsv``: :func:`date_events`, words naming the event a date dates
  ("received", "accepted") and the words naming the paper itself ("article", event
  "work"; ``grounding/judges/event_dates.py``).
- ``function_words.tsv``: :func:`function_words`, the short words by which a sentence is
  told to be in English or another language (``grounding.lexicon.languages``).

Word order in a file is kept in each use: it matters where a list becomes a regular
expression whose match is quoted, or where the first pair naming a word decides.
"""

from __future__ import annotations

import re
from pathlib import Path

_DATA = Path(__file__).with_name("data")


def _rows(name: str) -> list[list[str]]:
    """The tab-separated rows of ``data/<name>``, comment and blank lines left out."""
    out = []
    for line in (_DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split("\t"))
    return out


def _uses(field: str) -> set[str]:
    return {u for u in field.split(",") if u}


_NEGATION = _rows("negation.tsv")
_DIRECTION = _rows("direction_pairs.tsv")
_QUANTIFIERS = _rows("quantifiers.tsv")
_HEDGES = _rows("hedges.tsv")


def function_words() -> dict[str, tuple[str, ...]]:
    """Each function word of ``function_words.tsv`` (lower case) and the languages it
    belongs to, in file order."""
    out: dict[str, tuple[str, ...]] = {}
    for word, lang in _rows("function_words.tsv"):
        out[word] = out.get(word, ()) + (lang,)
    return out


def negation_words(use: str) -> tuple[str, ...]:
    """The negation words of one use (``negation.tsv``), in file order."""
    return tuple(r[0] for r in _NEGATION if use in _uses(r[1]))


def negation_pattern(use: str) -> str:
    """The negation words of ``use`` as a regular-expression alternation (no anchors)."""
    return "|".join(re.escape(w) for w in negation_words(use))


def direction_pairs(use: str) -> tuple[tuple[str, str], ...]:
    """The pairs of opposite words of one use (``direction_pairs.tsv``), in file order."""
    return tuple((r[0], r[1]) for r in _DIRECTION if use in _uses(r[2]))


def _direction_class(cls: str, flag: str | None = None) -> frozenset[str]:
    """The words of class ``cls``; with ``flag``, only those that do not carry it."""
    return frozenset(
        r[0]
        for r in _rows("direction_words.tsv")
        if r[1] == cls and (flag is None or flag not in _uses(r[2] if len(r) > 2 else ""))
    )


def transitive_comparison_words() -> frozenset[str]:
    """The direction words flagged ``transitive`` in ``direction_words.tsv``: comparison
    verbs whose object is the other side ("A exceeds B", "A trails B")."""
    rows = _rows("direction_words.tsv")
    return frozenset(r[0] for r in rows if "transitive" in _uses(r[2] if len(r) > 2 else ""))


def direction_stems(cls: str, use: str) -> str:
    """The direction stems of class ``up`` or ``down`` for ``use`` (``change``, ``pair``;
    ``direction_stems.tsv``) as one regular-expression group ``(?:a|b|...)`` in file order
    (no anchors, lower case). Raises ValueError when none match."""
    stems = [r[0] for r in _rows("direction_stems.tsv") if r[1] == cls and r[2] == use]
    if not stems:
        raise ValueError(f"no direction stems of class {cls!r} for use {use!r}")
    return "(?:" + "|".join(stems) + ")"


def operator_synonym_groups(directions: bool = True) -> tuple[frozenset[str], ...]:
    """Groups of operator words that state the same thing ("majority", "most", "mostly"):
    the groups of ``operator_synonyms.tsv`` in file order, then (``directions``) the up and
    the down words of ``direction_words.tsv`` less those flagged ``quantity`` ("more",
    "less", "fewer")."""
    groups: dict[str, set[str]] = {}
    for word, group in _rows("operator_synonyms.tsv"):
        groups.setdefault(group, set()).add(word)
    listed = tuple(frozenset(g) for g in groups.values())
    if not directions:
        return listed
    return (*listed, _direction_class("up", "quantity"), _direction_class("down", "quantity"))


def speculation_pattern() -> str:
    """The markers of speculation or generalisation (``speculation.tsv``) as one regular
    expression of whole words, ``\\b(?:a|b|...)\\b``, in file order (match it ignoring case)."""
    return r"\b(?:" + "|".join(r[0] for r in _rows("speculation.tsv")) + r")\b"


def quantifier_words(use: str) -> dict[str, str]:
    """The quantifier words of one use (``quantifiers.tsv``), each with its class."""
    return {r[0]: r[1] for r in _QUANTIFIERS if use in _uses(r[2])}


def direction_idioms() -> tuple[str, ...]:
    """The patterns of phrases in which a direction word compares no quantity
    (``direction_idioms.tsv``: "4+3 or higher", "raised few concerns")."""
    return tuple(r[0] for r in _rows("direction_idioms.tsv"))


def quantifier_idioms() -> tuple[str, ...]:
    """The phrases in which a quantifier word quantifies nothing
    (``quantifier_idioms.tsv``: "at all", "after all", ...)."""
    return tuple(r[0] for r in _rows("quantifier_idioms.tsv"))


def quantifier_classes(use: str) -> dict[str, set[str]]:
    """Each quantifier class with the words of one use that state it."""
    out: dict[str, set[str]] = {}
    for word, cls in quantifier_words(use).items():
        out.setdefault(cls, set()).add(word)
    return out


def hedge_patterns(use: str) -> tuple[str, ...]:
    """The hedge patterns of ``paper`` or ``claim`` (``hedges.tsv``), in file order."""
    return tuple(r[0] for r in _HEDGES if use in _uses(r[1]))


#: Negation cues of a sentence or passage ("not", "no", "n't", "without", "lacks"...).
NEGATIONS = frozenset(negation_words("cue"))
#: Direction words of a comparison or change, by class.
UP_WORDS = _direction_class("up")
DOWN_WORDS = _direction_class("down")
SAME_WORDS = _direction_class("same")
#: Every direction word, of any class.
DIRECTION_WORDS = UP_WORDS | DOWN_WORDS | SAME_WORDS
#: Quantifiers that claim every case, or none.
STRONG_QUANTIFIERS = frozenset(quantifier_words("strong"))
#: Quantifiers the perturbations turn into each other, in file order.
QUANTIFIER_PAIRS = tuple((r[0], r[1]) for r in _rows("quantifier_pairs.tsv"))
#: Hedges made certain by the perturbations: (regular expression, certain wording).
HEDGE_EDITS = tuple((rf"\b{r[0]}\b", r[2]) for r in _HEDGES if "edit" in _uses(r[1]))

#: General words of scientific prose that name no entity ("method", "reach", "thus").
GENERAL_WORDS = frozenset(r[0].strip().lower() for r in _rows("general_words.tsv") if r[0].strip())


def is_general_word(word: str) -> bool:
    """True if ``word`` (lower case) or its regular singular is one of :data:`GENERAL_WORDS`
    ("limits" for "limit", "boundaries" for "boundary"): the list holds one form a word."""
    if word in GENERAL_WORDS:
        return True
    if word.endswith("ies") and word[:-3] + "y" in GENERAL_WORDS:
        return True
    if word.endswith("es") and word[:-2] in GENERAL_WORDS:
        return True
    return word.endswith("s") and not word.endswith("ss") and word[:-1] in GENERAL_WORDS


DEGREE_WORDS = frozenset(r[0].strip().lower() for r in _rows("degree_words.tsv") if r[0].strip())
CONDITION_NAMES = frozenset(
    r[0].strip().lower() for r in _rows("condition_names.tsv") if r[0].strip()
)
#: Words that may follow a number and count nothing ("against", "respectively").
UNCOUNTED_WORDS = frozenset(r[0].strip().lower() for r in _rows("uncounted.tsv") if r[0].strip())
#: Nouns that count cases without naming their kind ("407 cases", "120 subjects").
GENERIC_COUNTS = frozenset(
    r[0].strip().lower() for r in _rows("generic_counts.tsv") if r[0].strip()
)
#: Words that put a year in its place in time ("after 1985", "since 2010").
TIME_WORDS = frozenset(r[0].strip().lower() for r in _rows("time_words.tsv") if r[0].strip())
#: Beginnings of the word after a locant in a chemical name ("2-*methyl*furan").
CHEMICAL_LOCANT_WORDS = tuple(
    r[0].strip().lower() for r in _rows("chemical_locants.tsv") if r[0].strip()
)
#: Words and phrases that narrow what a superlative ranges over ("among", "second").
SCOPE_WORDS = tuple(r[0].strip().lower() for r in _rows("scope_words.tsv") if r[0].strip())


def entity_slot_words(use: str) -> frozenset[str]:
    """The words (or characters) of one use of ``entity_slots.tsv``: ``verb_before``, the
    words after which a verb stands; ``markup``, what may open a line before its first
    word; ``anaphor``, the determiners after which a noun points back ("this pathogen")."""
    return frozenset(r[0] for r in _rows("entity_slots.tsv") if use in _uses(r[1]))


def date_events() -> dict[str, str]:
    """Word (lower case) -> the event it names a date of ("submitted" -> "received"), or
    "work" for a word naming the paper itself ("article")."""
    return {r[0].strip().lower(): r[1].strip() for r in _rows("date_events.tsv") if len(r) > 1}


def inclusion_words() -> dict[str, str]:
    """Each inclusion word or two-word phrase (``inclusion.tsv``) with its class, ``in``
    ("include", "inclusion") or ``out`` ("leave out", "without")."""
    return {r[0]: r[1] for r in _rows("inclusion.tsv")}


def negative_affix_words(kind: str) -> frozenset[str]:
    """The entries of ``negative_affixes.tsv`` of ``kind``: "prefix" (negative prefixes:
    "un", "in", "non-"), "not_opposite" (words whose prefix negates nothing: "invaluable",
    "unlike"), "verb_prefix" (prefixes that before a past participle belong to a verb:
    "informed", "improved") or "participle_opposite" (such participles that are opposites:
    "disfavored")."""
    return frozenset(r[0] for r in _rows("negative_affixes.tsv") if r[1] == kind)


def negative_prefixes() -> tuple[str, ...]:
    """The negative prefixes (:func:`negative_affix_words` "prefix"), longest first."""
    return tuple(sorted(negative_affix_words("prefix"), key=lambda p: (-len(p), p)))


def compound_prefixes() -> tuple[str, ...]:
    """Prefixes that make a hyphenated compound another thing than its word ("intra-",
    "inter-"; ``compound_prefixes.tsv``), lower case."""
    return tuple(r[0] for r in _rows("compound_prefixes.tsv"))


def term_abbreviations() -> frozenset[str]:
    """Abbreviations a lower-case term ("pH", "mRNA") continues the sentence after ("at
    max. pH"; ``term_abbreviations.tsv``), lower case, without the final period."""
    return frozenset(r[0] for r in _rows("term_abbreviations.tsv"))


def interval_level_words() -> frozenset[str]:
    """Words after a percent that make it an interval's level ("95% CI", "95% HPD";
    ``interval_levels.tsv``), lower case."""
    return frozenset(r[0] for r in _rows("interval_levels.tsv"))


def role_words() -> dict[str, tuple[str, str]]:
    """Each role word or two-word phrase (``role_pairs.tsv``) with (its pair, its class in
    the pair: ``first`` or ``second``): "primary" -> ("main", "first")."""
    return {r[0]: (r[1], r[2]) for r in _rows("role_pairs.tsv")}


#: "no" before a comparative and "than" writes a bound ("no higher than 5 GeV", "no later
#: than day 7", "no fewer than"), which the number checks read: it negates nothing. Match
#: at the end of the "no" cue.
#: words ending in -er before "than" that are no comparatives ("other than", "rather than")
NOT_COMPARATIVES = frozenset(
    {"other", "rather", "either", "whether", "neither", "never", "ever", "under", "over", "after"}
)
NO_BOUND = re.compile(
    r"\s+(?!(?:" + "|".join(sorted(NOT_COMPARATIVES)) + r")\b)"
    r"(?:[a-z]+er|less|fewer|worse)\s+than\b",
    re.I,
)


__all__ = [
    "DIRECTION_WORDS",
    "TIME_WORDS",
    "DOWN_WORDS",
    "NOT_COMPARATIVES",
    "NO_BOUND",
    "GENERAL_WORDS",
    "GENERIC_COUNTS",
    "HEDGE_EDITS",
    "NEGATIONS",
    "QUANTIFIER_PAIRS",
    "SAME_WORDS",
    "STRONG_QUANTIFIERS",
    "UP_WORDS",
    "compound_prefixes",
    "direction_pairs",
    "direction_stems",
    "entity_slot_words",
    "function_words",
    "hedge_patterns",
    "inclusion_words",
    "interval_level_words",
    "is_general_word",
    "negation_pattern",
    "negation_words",
    "negative_affix_words",
    "negative_prefixes",
    "operator_synonym_groups",
    "quantifier_classes",
    "quantifier_words",
    "role_words",
    "speculation_pattern",
    "term_abbreviations",
    "transitive_comparison_words",
]


def units(use: str) -> dict[str, str]:
    """Written form -> canonical form of the units of one use (``units.tsv``: ``any``, read
    lower-cased; ``case``, read as written; ``exponent``, a symbol a superscript number
    raises to a power), in file order."""
    return {r[0]: r[1] for r in _rows("units.tsv") if use in _uses(r[2])}
