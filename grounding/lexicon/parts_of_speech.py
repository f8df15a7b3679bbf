"""Whether an English word can be a noun, and which words it is a form of, from a
dictionary of word forms.

The entity check (``grounding/judges/entity_check.py``) calls two words in one slot of a
sentence and its passage a swap of entities ("prostate" / "bladder cancer"). Paraphrase
puts verbs and adjectives in such slots too ("every variant *lost* 85%" / "all variants
*display* 85%", "the *elaborate* directory structure" / "the *complex* one"): a word the
dictionary knows only as a verb, adjective or adverb names no entity.

The dictionary is LemmInflect's (MIT licence; its word list comes from the SPECIALIST
Lexicon of the U.S. National Library of Medicine): every inflected form with its parts of
speech. It loads on first use (about 0.4 s of CPU, once a process). A word it does not know
(a domain term: "humins", "imidazole") may be a noun. The same dictionary gives each form
its lemmas, which join irregular forms no stem or shared prefix joins ("indices" /
"indexes", "mice" / "mouse", "loci" / "locus", "genera" / "genus").
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=8192)
def can_be_noun(word: str) -> bool:
    """True if ``word`` (any case) can be a noun: the dictionary gives it a noun reading,
    or does not know it. False for a word known only as a verb, adjective or adverb
    ("lost", "constrain", "elaborate")."""
    from lemminflect import getAllLemmas  # a 0.4 s load: only when a swap needs it

    readings = getAllLemmas(word.lower())
    return not readings or "NOUN" in readings or "PROPN" in readings


@lru_cache(maxsize=8192)
def can_be_verb(word: str) -> bool:
    """True if the dictionary gives ``word`` (any case) a verb reading ("derived", "uses");
    False for a word it knows only otherwise, or does not know (a domain term)."""
    from lemminflect import getAllLemmas  # a 0.4 s load: only when a check needs it

    return "VERB" in getAllLemmas(word.lower())


@lru_cache(maxsize=8192)
def lemmas(word: str) -> frozenset[str]:
    """The lemmas of ``word`` (any case) under every part of speech the dictionary gives it
    ("indices" -> {"index"}, "left" -> {"leave", "left"}); empty for a word it does not know."""
    from lemminflect import getAllLemmas  # a 0.4 s load: only when a swap needs it

    return frozenset(lemma for forms in getAllLemmas(word.lower()).values() for lemma in forms)


def same_lemma(a: str, b: str) -> bool:
    """True if the dictionary reads ``a`` and ``b`` as forms of one word: a lemma they share
    ("indices" / "indexes"), or one is the other's lemma ("mice" / "mouse")."""
    la, lb = lemmas(a), lemmas(b)
    return bool(la & lb) or a.lower() in lb or b.lower() in la


__all__ = ["can_be_noun", "can_be_verb", "lemmas", "same_lemma"]
