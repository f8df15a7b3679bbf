"""What kind of sentence this is, before any evidence: not a claim (framing, headings,
offers, reference entries, restatements of the question) or an interpretation.

Pure functions over the sentence text and the question; the word lists are in
:mod:`grounding.judges.rules_cues`.
"""

from __future__ import annotations

import re

from grounding.judges.rules_cues import (FRAMING, HEDGES, INTERPRETATION, LIST_INTRO, OFFERS,
                                         is_reference_entry)
from grounding.lexicon import content_terms, fold


def not_a_claim_reason(text: str, question: str = "") -> str | None:
    """Why ``text`` asserts nothing checkable (a short phrase), or None if it is a claim.

    Catches: markdown / bold headings, short unpunctuated title lines, reference-list
    entries and titles, framing openers ("Here is..."), list introductions ending in ":",
    offers of help, pure hedges, and restatements of ``question``.
    """
    s = fold(text).strip()
    bare = s.strip("*_#>-• \t").strip()
    if not bare:
        return "empty"
    if re.fullmatch(r"(?:\*\*|__)[^*_]+(?:\*\*|__)\s*:?", s) or s.startswith("#"):
        return "a heading"
    if re.fullmatch(r"(?:references?|bibliography|sources|works cited)\s*:?", bare, re.I):
        return "a reference-list title"
    if is_reference_entry(s):
        return "a reference-list entry"
    n_words = len(bare.split())
    if (not re.search(r"[.!?:;)\"'”]$", bare) and n_words <= 8 and not re.search(r"\d", bare)
            and bare[0].isupper()):
        return "a title line"
    if OFFERS.search(s):
        return "an offer of help"
    if HEDGES.search(bare):
        return "a pure hedge"
    if FRAMING.search(bare):
        return "framing"
    if bare.endswith(":") and (LIST_INTRO.search(bare) or n_words <= 12) \
            and not re.search(r"\d", bare):
        return "a list introduction"
    if question:
        q = set(content_terms(question))
        t = content_terms(bare)
        if t and len(t) >= 3 and sum(1 for w in t if w in q) / len(t) >= 0.9 \
                and not re.search(r"\d", bare):
            return "a restatement of the question"
    return None


def is_interpretation(text: str) -> bool:
    """True if ``text`` reads as an inference ("This suggests", "Therefore", "which means")."""
    s = re.sub(r"^\s*[-•]?\s*\*\*[^*]+\*\*:?\s*", "", fold(text)).strip().lstrip("*_-• ")
    return INTERPRETATION.search(s) is not None



__all__ = ["is_interpretation", "not_a_claim_reason"]
