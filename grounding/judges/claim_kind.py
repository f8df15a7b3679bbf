"""What kind of sentence this is, before any evidence: not a claim (framing, headings,
offers, reference entries, restatements of the question) or an interpretation.

Pure functions over the sentence text and the question; the word lists are in
:mod:`grounding.judges.rules_cues`.
"""

from __future__ import annotations

import re

from grounding.judges.rules_cues import (
    FRAMING,
    HEDGES,
    INTERPRETATION,
    LIST_INTRO,
    NOT_IN_PAPER,
    OFFERS,
    REFUSALS,
    is_reference_entry,
)
from grounding.lexicon import content_terms, fold


def not_a_claim_reason(text: str, question: str = "") -> str | None:
    """Why ``text`` asserts nothing checkable (a short phrase), or None if it is a claim.

    Catches: markdown / bold headings, numbered section headings ("2.2.4 Step 4.") and
    section numbers alone ("2.2."), short unpunctuated title lines, reference-list entries
    and titles, citation markers alone ("[1]", "See [12]."), framing openers ("Here
    is..."), list introductions ending in ":", offers of help, pure hedges, refusals and
    remarks on what the paper does not say
    (:func:`is_refusal`), and restatements of ``question``.
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
    if _citation_alone(bare):
        return "a citation marker alone"
    n_words = len(bare.split())
    if _SECTION.match(bare) and _section_title(bare):
        return "a section heading"
    if re.fullmatch(r"\d{1,2}(?:\.\d{1,2}){1,3}\.?|\d{1,2}\.", bare):
        return "a section number"
    if (
        not re.search(r"[.!?:;)\"'”]$", bare)
        and n_words <= 8
        and not re.search(r"\d", bare)
        and bare[0].isupper()
    ):
        return "a title line"
    if OFFERS.search(s):
        return "an offer of help"
    if HEDGES.search(bare):
        return "a pure hedge"
    if is_refusal(bare):
        return "a refusal or a remark on what the paper does not say"
    if FRAMING.search(bare):
        return "framing"
    if (
        bare.endswith(":")
        and (LIST_INTRO.search(bare) or n_words <= 12)
        and not re.search(r"\d", bare)
    ):
        return "a list introduction"
    if question:
        q = set(content_terms(question))
        t = content_terms(bare)
        if (
            t
            and len(t) >= 3
            and sum(1 for w in t if w in q) / len(t) >= 0.9
            and not re.search(r"\d", bare)
        ):
            return "a restatement of the question"
    return None


#: citation markers: numbered ("[12]", "[3, 5-7]") and author-year ("(Ko et al., 2021)",
#: "(Smith 2019; Lee 2020a)")
_MARKERS = re.compile(
    r"\[\s*\d{1,4}(?:\s*[-\u2013,]\s*\d{1,4})*\s*\]|\([^()]*\b(?:1[89]|20)\d\d[a-z]?\)"
)
#: what may stand around markers in a sentence that only points at sources
_POINTING = re.compile(r"\b(?:see|cf|e\.?g|also|and|ref|refs)\b|[\W_]", re.IGNORECASE)


def _citation_alone(text: str) -> bool:
    """True if ``text`` is citation markers and pointing words only ("[1]", "See [12].",
    "(Ko et al., 2021)."): it points at sources and states nothing."""
    rest, n = _MARKERS.subn(" ", text)
    return n > 0 and not _POINTING.sub("", rest)


#: a section number opening a line: "2.2.4 Step 4.", "3.1 Data collection", "4. Results"
_SECTION = re.compile(r"(?P<num>\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+(?P<title>[A-Z].*)$")
#: words that make a numbered line a statement rather than a title
_VERBAL = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|can|may|did|does|"
    r"\w+ed|\w+es|of all|percent|per cent|million|thousand|billion)\b|%",
    re.IGNORECASE,
)


def _section_title(line: str) -> bool:
    """True if ``line`` (matching :data:`_SECTION`) is a numbered section heading: a
    number with two or more dots ("2.2.4") and a title of up to eight words, or a number
    such as "2.2" or "4." and a title of up to five words with no verb and no unit
    ("2.5 million", "3.1 Patients were excluded" are statements)."""
    m = _SECTION.match(line)
    if m is None:
        return False
    title = m.group("title").rstrip(".").split()
    if m.group("num").count(".") >= 2:
        return len(title) <= 8
    return len(title) <= 5 and not _VERBAL.search(m.group("title"))


def is_refusal(text: str) -> bool:
    """True if ``text`` says the answer's writer could not find something ("I could not
    find this in the paper", "As far as I can tell, the paper does not say") or that the
    paper is silent on it ("The paper does not report the training time", "This is not
    stated in the paper"): a remark on the paper, not a claim about its subject. "The
    corpus does not include X" and "The study did not include children" are claims."""
    s = " ".join(fold(text).replace("’", "'").split()).strip("*_-• ")
    return REFUSALS.search(s) is not None or NOT_IN_PAPER.search(s) is not None


def is_interpretation(text: str) -> bool:
    """True if ``text`` reads as an inference ("This suggests", "Therefore", "which means")."""
    s = re.sub(r"^\s*[-•]?\s*\*\*[^*]+\*\*:?\s*", "", fold(text)).strip().lstrip("*_-• ")
    return INTERPRETATION.search(s) is not None


__all__ = ["is_interpretation", "is_refusal", "not_a_claim_reason"]
