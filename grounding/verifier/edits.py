"""Controlled one-change edits of a true sentence, for synthetic claim-verifier training pairs.

Pure functions (no I/O), deterministic given the ``random.Random`` passed in. Each edit
returns the edited sentence and a short description of the change, or None when the
sentence holds nothing the edit can change. The label an edit earns is part of the table:

=============  ==========================================================  =========
edit           change                                                      label
=============  ==========================================================  =========
negation       a negation added after the first auxiliary, or removed      refuted
direction      one direction or comparison word reversed (higher/lower)    refuted
quantifier     all/most/many/always made no/few/never and back             refuted
number         one number replaced by another value                        refuted
entity         a named term replaced by another term of the same paper     refuted
order          two named terms of the sentence exchanged                   refuted
hedge          a hedged finding (may, suggests, is associated with) made   nei
               certain or causal
loosen         a parenthesis dropped, the sentence cut after its first     supported
               clause, or set in a reporting frame ("The paper reports
               that ..."): other words, the same or less said
=============  ==========================================================  =========

These edits are the training side only. The perturbation suite that scores the verifier
(``bench/perturbations.py``) is a separate implementation with its own word lists, run on
other papers, so the verifier is not scored on the very edits it was trained on.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from grounding.lexicon.words import HEDGE_EDITS, QUANTIFIER_PAIRS, direction_pairs, negation_pattern

# word pairs: either word may be found and is replaced by the other (the lexicon's data)
_DIRECTION_PAIRS = direction_pairs("edit")
_QUANTIFIERS = QUANTIFIER_PAIRS
_HEDGES = HEDGE_EDITS
_AUX = re.compile(
    r"\b(is|are|was|were|can|could|may|might|will|would|should|does|do|did|"
    r"has|have|had|must)\b(?! not\b)"
)
_NEG = re.compile(
    r"\b(?:(?<=is )|(?<=are )|(?<=was )|(?<=were )|(?<=can )|(?<=will )|"
    r"(?<=does )|(?<=do )|(?<=did )|(?<=has )|(?<=have )|(?<=had ))not\s"
)
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.]*\d)")
_TERM = re.compile(
    r"\b(?:[A-Z][a-z]*[A-Z0-9][A-Za-z0-9-]*|[A-Z]{2,}[a-z]?s?|"
    r"[A-Z][a-z]{2,}(?:-[A-Z0-9][A-Za-z0-9]*)+)\b"
)


def _case_like(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _swap_word(
    sentence: str, pairs: Sequence[tuple[str, str]], rng: random.Random
) -> tuple[str, str] | None:
    table: dict[str, str] = {}
    for a, b in pairs:  # the first pair that names a word decides its opposite
        table.setdefault(a, b)
        table.setdefault(b, a)
    hits = [
        m for m in re.finditer(r"[A-Za-z]+(?: [a-z]+ of)?", sentence) if m.group(0).lower() in table
    ]
    if not hits:
        return None
    m = rng.choice(hits)
    new = _case_like(table[m.group(0).lower()], m.group(0))
    return sentence[: m.start()] + new + sentence[m.end() :], f"{m.group(0)} -> {new}"


def negation(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """Add "not" after the first auxiliary, or remove a "not" that follows one."""
    m = _NEG.search(sentence)
    if m:
        return sentence[: m.start()] + sentence[m.end() :], "not removed"
    if re.search(r"\b(?:" + negation_pattern("governs") + r")\b", sentence, re.I):
        return None
    m = _AUX.search(sentence)
    if not m:
        return None
    return sentence[: m.end()] + " not" + sentence[m.end() :], f"not added after {m.group(0)}"


def direction(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """Reverse one direction or comparison word."""
    return _swap_word(sentence, _DIRECTION_PAIRS, rng)


def quantifier(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """Turn one quantifier into its opposite."""
    return _swap_word(sentence, _QUANTIFIERS, rng)


def hedge(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """Make one hedge certain or causal (the claim then overstates the passage)."""
    hits = [(p, r) for p, r in _HEDGES if re.search(p, sentence, re.I)]
    if not hits:
        return None
    pattern, repl = rng.choice(hits)
    m = re.search(pattern, sentence, re.I)
    assert m is not None
    new = _case_like(repl, m.group(0))
    return sentence[: m.start()] + new + sentence[m.end() :], f"{m.group(0)} -> {new}"


def number(
    sentence: str, rng: random.Random, forbidden: Sequence[str] = ()
) -> tuple[str, str] | None:
    """Replace one number with another value of the same form that ``forbidden`` lacks."""
    hits = [
        m
        for m in _NUMBER.finditer(sentence)
        if not (1900 <= float(m.group(1)) <= 2100 and "." not in m.group(1))
    ]
    if not hits:
        return None
    m = rng.choice(hits)
    old = m.group(1)
    value = float(old)
    for _ in range(10):
        factor = rng.choice((0.5, 0.7, 0.8, 1.25, 1.5, 2.0, 3.0))
        cand = value * factor + rng.choice((0, 1, -1)) * (1 if "." not in old else 0.1)
        if "." in old:
            digits = len(old.split(".")[1])
            text = f"{cand:.{digits}f}"
        else:
            text = str(max(0, round(cand)))
        if text != old and text not in forbidden:
            return sentence[: m.start(1)] + text + sentence[m.end(1) :], f"{old} -> {text}"
    return None


# a clause boundary after which the rest of a sentence can be dropped without changing
# what the first clause says
_CLAUSE_END = re.compile(
    r",\s+(?:which|while|whereas|where|although|though|but|and|leading|resulting|making|"
    r"suggesting|indicating|with)\b|;\s"
)
_PAREN = re.compile(r"\s*\([^()]{1,80}\)")
_FRAMES = (
    "The paper reports that ",
    "According to the authors, ",
    "The study finds that ",
    "The authors state that ",
    "As the paper describes, ",
)


def loosen(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """A restatement that says the same or less in other surface form: a parenthesis
    dropped, the sentence cut after a first clause of at least six words, and at most one
    reporting frame; None when none of the three applies. The claim stays supported."""
    out, done = sentence, []
    if _PAREN.search(out) and rng.random() < 0.7:
        out, done = _PAREN.sub("", out, count=1), ["parenthesis dropped"]
    m = _CLAUSE_END.search(out)
    if m and len(out[: m.start()].split()) >= 6 and rng.random() < 0.7:
        out, done = out[: m.start()].rstrip() + ".", [*done, "cut after the first clause"]
    if rng.random() < 0.5 and not _TERM.match(out):
        frame = rng.choice(_FRAMES)
        out, done = frame + out[:1].lower() + out[1:], [*done, "framed"]
    if not done:
        return None
    return out, ", ".join(done)


def terms(text: str) -> list[str]:
    """Named terms of ``text`` (acronyms, CamelCase names, hyphenated model names), in
    first-seen order, without repeats."""
    seen: dict[str, None] = {}
    for m in _TERM.finditer(text):
        t = m.group(0)
        if len(t) >= 2 and not t.isdigit():
            seen.setdefault(t, None)
    return list(seen)


def entity(
    sentence: str, rng: random.Random, pool: Sequence[str], window: str
) -> tuple[str, str] | None:
    """Replace one named term with a term of ``pool`` that ``window`` (the passage) lacks."""
    own = terms(sentence)
    if not own:
        return None
    old = rng.choice(own)
    choices = [t for t in pool if t != old and t not in window and t not in sentence]
    if not choices:
        return None
    new = rng.choice(choices)
    return re.sub(rf"\b{re.escape(old)}\b", new, sentence), f"{old} -> {new}"


def order(sentence: str, rng: random.Random) -> tuple[str, str] | None:
    """Exchange two different named terms of the sentence that do not stand side by side
    in a list ("A and B", "A, B"), where the exchange could change what is said."""
    own = terms(sentence)
    if len(own) < 2:
        return None
    a, b = rng.sample(own, 2)
    ia, ib = sentence.find(a), sentence.find(b)
    lo, hi = sorted((ia, ib))
    between = sentence[lo:hi]
    if re.fullmatch(r"\S+\s*(?:,|and|or|/|&|,\s*and)?\s*", between) or between.count(" ") < 2:
        return None
    swapped = re.sub(
        rf"\b(?:{re.escape(a)}|{re.escape(b)})\b", lambda m: b if m.group(0) == a else a, sentence
    )
    return swapped, f"{a} <-> {b}"


__all__ = [
    "direction",
    "entity",
    "hedge",
    "loosen",
    "negation",
    "number",
    "order",
    "quantifier",
    "terms",
]
