"""Relation checkers: polarity (negation, antonyms), a term swapped in an otherwise identical
statement, and a comparison whose direction the sentence's own numbers reverse.

Each returns the contradicting span and reason, or None. Pure over index hits; no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.attribution import _sentence_spans
from grounding.judges.number_direction import COMPARISON_DEGREE, judged_order, metric_direction
from grounding.judges.premise_text import sentence_premises
from grounding.judges.rules_cues import (
    ANTONYMS,
    NEGATIONS,
    OPPOSITE,
    affixed_opposites,
    negated_lead,
    negates_at,
    words,
)
from grounding.lexicon import STOPWORDS, content_terms, fold, is_numeric, root, stem
from grounding.lexicon.words import (
    DOWN_WORDS,
    UP_WORDS,
    compound_prefixes,
    direction_stems,
    negation_pattern,
    quantifier_classes,
    transitive_comparison_words,
)
from grounding.quantities import extract_quantities


def polarity_conflict(
    text: str, hits: list[Hit], min_sim: float, index: EvidenceIndex | None = None
) -> tuple[str, Hit, str] | None:
    """A closely matching evidence passage with the opposite polarity: (span, hit, reason).

    Two tests, both local: (1) an antonym (increased/decreased, enabled/disabled,
    outperforms/underperforms...) of a sentence word sits in the evidence next to a content
    word that also neighbours the sentence's word, unless the paper's sentence states the
    same order from the other side (:func:`sides_exchanged`, read over the page text
    around the passage when ``index`` gives it: a passage's line may hold "lower than
    ECFP" and the line before its other side, "mTurquoise, which has"); (2) a negation cue
    governs (is within four words before) a content word shared by sentence and evidence
    on one side only. The evidence must hold at least ``min_sim`` of the sentence's
    content words.
    """
    claim_w = words(text)
    claim_terms = set(content_terms(text))
    if not claim_terms:
        return None
    # a sentence one of the passages states word for word meets a negation of a
    # neighbouring passage in another clause (the sentence may straddle two windows)
    verbatim = any(_stated_verbatim(text, h.entry.text) for h in hits[:4] if h.entry.kind != "row")
    for h in hits[:4]:
        if h.entry.kind == "row":
            continue
        ev_terms = set(h.entry.terms)
        cover = len(claim_terms & ev_terms) / len(claim_terms)
        ev_w = words(h.entry.text)
        antonym = _antonym_in(text, claim_w, h, ev_w, hits, index)
        if antonym is not None:
            return antonym
        if not verbatim:
            found = _affixed_opposite(text, claim_w, ev_w, claim_terms, ev_terms, min_sim)
            # the paper writing the sentence's own word around its passage may say it of
            # another thing ("site A ... was protected", "site C ... an unprotected surface")
            if found is not None and found[2] not in _non_joined(
                words(_around(index, h, 400, 400))
            ):
                return found[0], h, found[1]
        if cover < min_sim:
            continue
        shared = claim_terms & ev_terms
        c_neg = _governed(words(_glued(text)), shared)
        negations = _sentence_negations(h.entry.text, shared)
        e_neg = set().union(*(g for _, g in negations))
        if bool(c_neg) != bool(e_neg):
            if verbatim:
                continue  # the paper says the sentence word for word
            if _other_condition(*((text, h.entry.text) if c_neg else (h.entry.text, text))):
                continue  # "not achieved within 1 hour" / "at 4 hours"
            neg_w, aff_w, gov = (claim_w, ev_w, c_neg) if c_neg else (ev_w, claim_w, e_neg)
            if _prefix_negates(neg_w, aff_w):
                continue  # "not likely" where the other says "unlikely": the same
            if e_neg and not c_neg and not _negation_states(negations, shared):
                continue  # "... not cited yet. On co-citation data ...": another sentence
            if e_neg and not c_neg and _affirmed_closer(h.entry.text, negations, shared):
                continue  # "only with sucrose ... humins formed. With glucose ..., no humins"
            if e_neg and not c_neg and _negates_opposite(negations, set(claim_w)):
                continue  # "none was rated high, 23 ... medium" against "38 rated as low"
            if e_neg and not c_neg and _PRIVATIVE.search(text):
                continue  # "free of barriers", "unaffected by bead size": the sentence
                # says "no barriers", "no dependence on bead size" in other words
            if c_neg and not e_neg and _negated_around(text, claim_terms, c_neg, index, h):
                continue  # the paper negates it too, in the sentence the window cuts ("...
                # SGC ca" + "nnot be used ... to embed new papers that are not cited yet")
            if e_neg and not c_neg and _governed(words(_glued(text)), claim_terms):
                continue  # the sentence negates too, what the passage's window cuts off
                # ("... so the difference was judged not significant" against "(no rate
                # difference between clades) ... this difference is not" + next line)
            if len(ev_w) > 35 and not _same_clause(neg_w, aff_w, gov):
                continue  # a long passage: the negation may be elsewhere
            span = _negation_span(text) if c_neg else _affirmed_span(text, claim_w, e_neg)
            if span:
                which = "negates" if c_neg else "affirms"
                return span, h, f"the sentence {which} what the paper states the other way"
    return None


def _stated_as_claimed(claim_w: list[str], i: int, hits: list[Hit], against: Hit) -> bool:
    """Whether a passage at least as close as ``against`` states the sentence's word
    ``claim_w[i]``, or a word of its direction class ("slightly surpassing" for "slightly
    above"), between content words that stand on the same sides of it in the sentence
    (one within three words before, one within three after): the paper says it
    the sentence's way there, and the opposite word of ``against`` is about other things
    ("79.8% on AIME 2024, slightly surpassing OpenAI-o1-1217" and "slightly below that of
    OpenAI-o1-1217 on these benchmarks", said of three others)."""
    w = claim_w[i]
    left, right = _side_stems(claim_w, i)
    if not left or not right:
        return False
    for g in hits:
        if g is against or g.entry.kind == "row" or g.score < against.score:
            continue
        gw = words(g.entry.text)
        for k, u in enumerate(gw):
            if _same_side(u, w):
                g_left, g_right = _side_stems(gw, k)
                if left & g_left and right & g_right:
                    return True
    return False


def _side_stems(ws: list[str], i: int, width: int = 3) -> tuple[set[str], set[str]]:
    """The content terms of the ``width`` words before ``ws[i]`` and of those after it."""
    before = {t for w in ws[max(0, i - width) : i] for t in content_terms(w)}
    return before, {t for w in ws[i + 1 : i + 1 + width] for t in content_terms(w)}


def _same_side(u: str, w: str) -> bool:
    """``u`` is ``w`` or a direction word of its class, a derived form included
    ("surpassing" for "above": both up)."""
    cls = class_of(w)
    if u == w:
        return True
    if cls is None:
        return False
    return class_of(u) == cls or (len(u) >= 6 and root(stem(u)) in _CLASS_ROOTS[cls])


#: the roots of the up and the down words of six letters or more ("surpass")
_CLASS_ROOTS = {
    cls: frozenset(root(stem(w)) for w in group if len(w) >= 6)
    for cls, group in (("up", UP_WORDS), ("down", DOWN_WORDS))
}


#: Each quantifier word with the words of its class ("every": all, each, ...): a passage
#: that writes one of them states the sentence's quantifier ("every author" / "all authors
#: ..., with some allowance"), whatever antonym stands near.
_SAME_QUANTIFIER = {w: frozenset(ws) for ws in quantifier_classes("passage").values() for w in ws}


def _antonym_in(
    text: str,
    claim_w: list[str],
    h: Hit,
    ev_w: list[str],
    hits: list[Hit],
    index: EvidenceIndex | None,
) -> tuple[str, Hit, str] | None:
    """Test (1) of :func:`polarity_conflict` on the passage ``h`` (its words ``ev_w``):
    (span, hit, reason) for the first sentence word whose antonym sits in the passage next
    to a content word that also neighbours the sentence's word; None when none does."""
    ev_set, cset, ev_terms = set(ev_w), set(claim_w), set(h.entry.terms)
    for i, w in enumerate(claim_w):
        opp = ANTONYMS.get(w)
        if not opp or w in ev_set or (opp & cset) or h.score < 0.4:
            continue
        if _SAME_QUANTIFIER.get(w, frozenset()) & ev_set:
            continue
        if len(_neighbour_stems(claim_w, i, 6) & ev_terms) < 2:
            continue
        near_claim = _neighbour_stems(claim_w, i)
        negated = _negated(claim_w, i)
        for j, v in enumerate(ev_w):
            if (
                v in opp
                # a negation before one of the two only makes them say the same
                # ("without clinically significant" / "clinically insignificant")
                and _negated(ev_w, j) == negated
                and near_claim & _neighbour_stems(ev_w, j)
                and not sides_exchanged(text, w, _around(index, h), v)
                and not _stated_as_claimed(claim_w, i, hits[:4], h)
            ):
                span = _find_word(text, w)
                if span:
                    return (span, h, f'the sentence says "{w}" where the paper says "{v}"')
    return None


def _affixed_opposite(
    text: str,
    claim_w: list[str],
    ev_w: list[str],
    claim_terms: set[str],
    ev_terms: set[str],
    min_sim: float,
) -> tuple[str, str, str] | None:
    """(span, reason, word) for a word of the sentence whose negative-prefixed form (or base)
    the passage uses instead ("inconsistent" where the paper says "consistent"), the
    passage holding ``min_sim`` of the sentence's content terms with that word counted as
    held. A negation before one of the two words only makes them say the same ("not
    successful" / "unsuccessful"; before both, "without unsupervised data" / "without
    supervised data", they still differ). None when there is none."""
    claim_w, ev_w = _non_joined(claim_w), _non_joined(ev_w)
    cset, ev_set = set(claim_w), set(ev_w)
    for i, w in enumerate(claim_w):
        opp = frozenset() if w in ev_set else affixed_opposites(w, ev_set) - cset
        if not opp:
            continue
        negated = _negated(claim_w, i)
        opp = frozenset(
            v
            for v in opp
            if any(_negated(ev_w, j) == negated for j, x in enumerate(ev_w) if x == v)
        )
        held = claim_terms & (ev_terms | set(content_terms(w)))
        if not opp or len(held) / len(claim_terms) < min_sim:
            continue
        span = _find_word(text, w)
        if span:
            return span, f'the sentence says "{w}" where the paper says "{min(opp)}"', w
    return None


#: A hyphenated compound with a prefix of :func:`compound_prefixes` ("inter-document").
_COMPOUND = re.compile(r"\b(" + "|".join(compound_prefixes()) + r")[-\u2010](?=[a-z])", re.I)


def _glued(text: str) -> str:
    """``text`` with each compound of :data:`_COMPOUND` written as one word
    ("interdocument"): a negation before it governs the compound, not the bare word that
    another text's "intra-document" shares."""
    return _COMPOUND.sub(r"\1", text)


def _negated_around(
    text: str, claim_terms: set[str], c_neg: set[str], index: EvidenceIndex | None, h: Hit
) -> bool:
    """Whether the whole sentences of the page that ``h``'s passage cuts write each
    negation cue of the sentence, negate a term of ``c_neg`` (those the sentence negates)
    and no term of the sentence that the sentence does not negate."""
    wide = words(_glued(_whole_sentences(index, h)))
    mine = words(_glued(text))
    if Counter(_cues(mine)) - Counter(_cues(wide)):
        return False  # a negation of the sentence's own ("not only ... no hazards")
    theirs = _governed(wide, claim_terms)
    return bool(theirs & c_neg) and theirs <= _governed(mine, claim_terms)


def _whole_sentences(index: EvidenceIndex | None, h: Hit) -> str:
    """The sentences of the page text that ``h``'s passage overlaps, whole
    (:func:`sentence_premises`; the passage's own text without ``index``)."""
    page = getattr(index.pages.get(h.entry.page), "text", "") if index is not None else ""
    e = h.entry
    if not page or e.kind == "row" or e.end > len(page):
        return e.text
    s, t = sentence_premises(page, e.start, e.end)[0]
    return page[s:t]


def _cues(ws: list[str]) -> list[str]:
    """The negation cues of the words ``ws`` that negate."""
    return [w for i, w in enumerate(ws) if w in NEGATIONS and negates_at(ws, i)]


def _sentence_negations(passage: str, shared: set[str]) -> list[tuple[str, set[str]]]:
    """(sentence, the ``shared`` terms a negation governs in it) for each sentence of
    ``passage`` where one does, each sentence read alone: a negation governs words of its
    own sentence only ("... those that do not. We call our model ...")."""
    if not _governed(words(_glued(passage)), shared):
        return []  # no negation governs them in the whole passage, nor in a sentence of it
    out = []
    for a, b in _sentence_spans(passage):
        part = passage[a:b]
        governed = _governed(words(_glued(part)), shared)
        if governed:
            out.append((part, governed))
    return out


def _negation_states(negations: list[tuple[str, set[str]]], shared: set[str]) -> bool:
    """Whether a sentence of ``negations`` (:func:`_sentence_negations`) holds at least half
    of ``shared`` (the terms the claim and the passage share): that sentence states the
    claim negated. A negation in a sentence cut at the passage's start ("that are not
    cited yet.") before the sentence that states the claim negates another thing."""
    return any(2 * len(shared & set(content_terms(part))) >= len(shared) for part, _ in negations)


#: Words that deny as a negation cue does, in a sentence that has none ("free of",
#: "independent of", "unaffected by", "in the absence of").
_PRIVATIVE = re.compile(
    r"\b(?:(?:free|independent|devoid|irrespective|regardless)\s+of|unaffected\s+by|"
    r"(?:absence|lack)\s+of)\b",
    re.I,
)


def _negates_opposite(negations: list[tuple[str, set[str]]], claim_words: set[str]) -> bool:
    """Whether a negation of ``negations`` (:func:`_sentence_negations`) governs, within four
    words, the opposite of a word of the claim (``claim_words``): "none was rated high"
    denies what a sentence saying "rated as low" does not claim, and "did not increase"
    what "decreased" does not."""
    for part, _ in negations:
        ws = words(_glued(part))
        for i in range(len(ws)):
            if negates_at(ws, i) and any(
                (ANTONYMS.get(w, frozenset()) | OPPOSITE.get(w, frozenset())) & claim_words
                for w in ws[i + 1 : i + 5]
            ):
                return True
    return False


def _affirmed_closer(passage: str, negations: list[tuple[str, set[str]]], shared: set[str]) -> bool:
    """Whether a sentence of ``passage`` that no negation governs holds more of ``shared``
    (the terms the claim and the passage share) than each negated one: the claim is that
    sentence's statement, and the negation is of another ("only with sucrose and fructose
    ... humins was formed. When glucose and cellobiose were converted, almost no ...")."""
    negated = {part for part, _ in negations}
    best = max((len(shared & set(content_terms(part))) for part in negated), default=0)
    return any(
        len(shared & set(content_terms(passage[a:b]))) > best
        for a, b in _sentence_spans(passage)
        if passage[a:b] not in negated
    )


def _prefix_negates(neg_w: list[str], other_w: list[str]) -> bool:
    """Whether a word a negation cue of ``neg_w`` governs (within four words after it) is
    one ``other_w`` writes with a negative prefix, or without the one it has: "not likely"
    / "unlikely", "not clear" / "unclear", "not give a correct" / "give an incorrect". The
    other text negates it too. "not undetectable" / "undetectable" still differ."""
    neg_w, other = _non_joined(neg_w), set(_non_joined(other_w))
    for i, w in enumerate(neg_w):
        if w in NEGATIONS and negates_at(neg_w, i):
            if any(affixed_opposites(x, other) - set(neg_w) for x in neg_w[i + 1 : i + 5]):
                return True
    return False


def _non_joined(ws: list[str]) -> list[str]:
    """``ws`` with "non" and the word after it as one word: "non-invasive" (two words to
    :func:`words`) is the "noninvasive" of another text, and the opposite of "invasive"."""
    out: list[str] = []
    for w in ws:
        if out and out[-1] == "non" and w != "non":
            out[-1] = "non" + w
        else:
            out.append(w)
    return out


def _negated(ws: list[str], i: int) -> bool:
    """Whether a negation cue stands within three words before ``ws[i]``."""
    return any(ws[k] in NEGATIONS and negates_at(ws, k) for k in range(max(0, i - 3), i))


#: Words that end the sides of a comparison ("A is higher than B, while ...").
_SIDE_END = frozenset({"while", "whereas", "but", "although", "because", "which", "and"})
#: Prepositions that, after the smaller side's first word, start the comparison's scope
#: ("than B on the test set"); "in" / "at" / "with" stay in the side ("than at 500 ppm").
SCOPE = frozenset({"on", "for", "across", "over", "during", "among", "within", "under"})
#: Longest side of a comparison read (words).
_SIDE_WORDS = 8
#: Words and numbers of a comparison's sides (numbers name sides: "at 500 ppm").
_SIDE_TOKEN = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")


def comparison_sides(text: str, word: str) -> list[tuple[set[str], set[str]]]:
    """The two sides of each comparison of ``text`` whose operator is ``word`` ("higher" in
    "A is higher than B"): (content terms of the clause before it, those after "than"),
    numbers included, with the words between the operator and "than" (the metric: "higher
    accuracy than") on neither side; [] when no "than" follows ``word`` within three words.
    Each side stops at a clause word (:data:`_SIDE_END`) or after :data:`_SIDE_WORDS`
    words, the one after "than" also at a preposition of scope after its first content
    word (:data:`SCOPE`)."""
    ws = _SIDE_TOKEN.findall(fold(text).lower().replace("’", "'"))
    out = []
    for i, w in enumerate(ws):
        than = (
            next((k for k in range(i + 1, min(i + 4, len(ws))) if ws[k] == "than"), None)
            if w == word
            else None
        )
        if than is None:
            continue
        left: set[str] = set()
        for x in reversed(ws[max(0, i - _SIDE_WORDS) : i]):
            if x in _SIDE_END:
                break
            left.update(content_terms(x))
        right: set[str] = set()
        for x in ws[than + 1 : than + 1 + _SIDE_WORDS]:
            if x in _SIDE_END or (right and x in SCOPE):
                break
            right.update(content_terms(x))
        out.append((left - right, right - left))
    return out


#: "4.8 times larger", "3-fold higher", "twice as": the multiplier right before the word
_MULTIPLIER = re.compile(r"(\d+(?:\.\d+)?)\s*(?:-\s*)?(?:times|fold|x|×)\s+(?:as\s+)?$", re.I)
_WORD = re.compile(r"[a-z]+")
_SIDE_TOKEN = re.compile(r"[a-z0-9]+(?:[-.'][a-z0-9]+)*")


def multiplier_at(text: str, start: int) -> str | None:
    """The multiplier written right before offset ``start`` ("4.8" of "4.8 times
    larger"), or None."""
    m = _MULTIPLIER.search(text[max(0, start - 24) : start])
    return m.group(1) if m else None


def class_of(word: str) -> str | None:
    """ "up" or "down" for a direction word (``direction_words.tsv``), else None."""
    return "up" if word in UP_WORDS else "down" if word in DOWN_WORDS else None


#: where the side after "than" ends: a clause mark or word, or the sentence's end
_CLAUSE_AFTER = re.compile(
    r"[,;:()]|\s(?:while|whereas|but|and|which|although|because)\s|\.(?:\s|$)"
)
_THAN = re.compile(r"^\W*(?:[a-z-]+\s+){0,2}than\b")
#: words of a ratio or a hedge of size that name no side ("nearly five times")
_NOT_SIDE = frozenset(content_terms("times fold nearly about almost roughly approximately"))


def _terms_of(text: str) -> set[str]:
    """The content terms of a side, numbers and ratio words left out, and its versioned
    names whole ("llama-3.1" and "llama-3.3" are two sides, not one "llama")."""
    out = {t for t in content_terms(text) if not is_numeric(t) and t not in _NOT_SIDE}
    return out | {m.group(0) for m in _VERSIONED.finditer(text)}


#: a name with a version or size after a hyphen ("llama-3.1", "gpt-4"), lower case
_VERSIONED = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9.]*\d[a-z0-9.]*)+\b")


def _smaller_side(text: str) -> set[str]:
    """The terms of the words after "than" up to a preposition of scope after its first
    content word ("than DeepSeek-R1-Zero across all benchmarks": the scope is no side)."""
    out: set[str] = set()
    for w in _SIDE_TOKEN.findall(text):
        if out and w in SCOPE:
            break
        out |= _terms_of(w)
    return out


def _to_clause_end(rest: str) -> str:
    """``rest`` (the text after a comparison's word or its "than") up to the end of its
    clause (:data:`_CLAUSE_AFTER`): the comparison's other side."""
    stop = _CLAUSE_AFTER.search(rest)
    return rest[: stop.start() if stop else len(rest)]


def comparisons(sentence: str, cls: str, mult: str | None) -> list[tuple[str, set[str], set[str]]]:
    """(word, larger side, smaller side) of each comparison of ``sentence`` (folded, lower
    case) whose word is of class ``cls`` with "than" within three words after it and, when
    ``mult`` is given, that multiplier before it: the content terms of the sentence before
    the word, and those after "than" up to the clause's end (up to a preposition of scope
    where the words before it name a side of their own), each less the terms the other
    holds (numbers and ratio words are no side)."""
    out = []
    for m in _WORD.finditer(sentence):
        w = m.group(0)
        if class_of(w) != cls or (mult is not None and multiplier_at(sentence, m.start()) != mult):
            continue
        than = _THAN.match(sentence[m.end() :])
        if than is None:
            continue
        side = _to_clause_end(sentence[m.end() + than.end() :])
        left = _terms_of(sentence[: m.start()])
        right = _smaller_side(side)
        if not right - left:  # "than the corpus for SciBERT": the scope word named it
            right = _terms_of(side)
        out.append((w, left - right, right - left))
    return out


_TRANSITIVE = transitive_comparison_words()


def verb_comparisons(sentence: str) -> list[tuple[str, set[str], set[str]]]:
    """(word, larger side, smaller side) of each comparison of ``sentence`` (folded, lower
    case) made by a comparison verb with its object ("the amplitude on the decadal
    timescale exceeds that on the interannual timescale", "A trails B";
    ``direction_words.tsv``, flag ``transitive``): the content terms of the sentence before
    the verb and those of its object up to the clause's end, each less the terms the other
    holds, turned for a verb of class down."""
    out = []
    for m in _WORD.finditer(sentence):
        w = m.group(0)
        if w not in _TRANSITIVE:
            continue
        left = _terms_of(sentence[: m.start()])
        right = _smaller_side(_to_clause_end(sentence[m.end() :]))
        big, small = left - right, right - left
        out.append((w, big, small) if class_of(w) == "up" else (w, small, big))
    return out


def _around(index: EvidenceIndex | None, hit: Hit, before: int = 300, after: int = 150) -> str:
    """The page text around ``hit``'s passage (``before`` / ``after`` characters more, so
    that the sentences it cuts are whole), or the passage's own text without ``index``."""
    page = getattr(index.pages.get(hit.entry.page), "text", "") if index is not None else ""
    e = hit.entry
    if not page or e.kind == "row" or e.end > len(page):
        return e.text
    return page[max(0, e.start - before) : e.end + after]


def sides_exchanged(claim: str, w: str, passage: str, v: str) -> bool:
    """True if the sentence's comparison with operator ``w`` and the passage's with the
    opposite word ``v`` state the same order with the sides exchanged ("A is higher than
    B" and "B is lower than A": (larger A, smaller B) both times): a comparison is
    normalised to (larger, smaller) before the two are compared. The sides are the terms
    each side holds alone (:func:`comparison_sides`; of the passage's comparisons with
    ``v``, the one sharing most terms with the sentence's first); exchanged when more of
    them meet crosswise than in place."""
    mine, theirs = comparison_sides(claim, w), comparison_sides(passage, v)
    if not mine or not theirs:
        return False
    cl, cr = mine[0]

    def meet(sides: tuple[set[str], set[str]]) -> tuple[int, int]:
        el, er = sides
        return len(cl & er) + len(cr & el), len(cl & el) + len(cr & er)

    cross, same = max((meet(x) for x in theirs), key=sum)
    return cross > same or _crossed(claim, w, passage, v)


def _crossed(claim: str, w: str, passage: str, v: str) -> bool:
    """The same test, sentence by sentence of the passage, over the whole text before the
    operator and the clause after "than" (:func:`comparisons`; "mTurquoise, which has a
    koff 100-fold lower than ECFP" names its larger side before "which"): each side of the
    sentence meets the other side of the passage, and the two second sides do not meet."""
    a = fold(claim).lower()
    mine = [x for x in comparisons(a, class_of(w) or "", None) if x[0] == w]
    if not mine:
        return False
    _, cl, cr = mine[0]
    flat = fold(passage).replace("\n", " ")
    return any(
        cl & er and cr & el and not cr & er
        for x0, x1 in _sentence_spans(flat)
        for x, el, er in comparisons(flat[x0:x1].lower(), class_of(v) or "", None)
        if x == v
    )


def _stated_verbatim(sentence: str, passage: str) -> bool:
    """The sentence (less its final stop) sits word for word in the passage (folded, lower
    case, words only): a negation elsewhere in the passage ("... and do not have any
    clinical impact") is then another clause. Exact, not fuzzy: removing a "not" is a
    small edit; so is removing the negation right before it ("No barriers were
    identified" does not state "Barriers were identified")."""
    s = " ".join(words(sentence))
    theirs = " " + " ".join(words(passage)) + " "
    at = theirs.find(f" {s} ")
    return len(s) >= 20 and at >= 0 and not negated_lead(theirs[:at], sentence)


_TOKEN = re.compile(r"[\w@.+/-]*\w")
#: identical words a slot at the sentence's start or end needs on its one side
_EDGE_RUN = 4
#: a capitalised plain word ("About", "Fine-Tuning"): at a sentence's start, not a name
_TITLE = re.compile(r"[A-Z][a-z]+(?:-[a-z]+)*")


def substitution(text: str, hits: list[Hit]) -> tuple[str, str, Hit] | None:
    """A name swapped inside an otherwise identical statement: (span, correction, hit).

    The sentence and a close evidence passage are aligned word by word (difflib); a single
    capitalised or mixed-case word of the sentence replaced by a different such word, with at
    least two identical words on each side, is an entity swap ("respond in Chinese" where
    the paper says "respond in English"); the sentence's first (last) word needs
    ``_EDGE_RUN`` identical words after (before) it, the paper's word the one right before
    (after) them, not part of a longer name ("Cabo San Lucas, Mexico"), and a first word
    must be a name by more than its capital ("SuSAv2 5.3.2 MC has been normalized" where the paper
    says "NEUT 5.3.2 MC has been normalized"). The sentence's word must not occur in the passage
    and the passage's word must not occur in the sentence.
    """
    from difflib import SequenceMatcher

    c_tok = _TOKEN.findall(fold(text))
    c_low = [t.lower() for t in c_tok]
    for h in hits[:3]:
        if h.entry.kind == "row" or h.score < 0.45:
            continue
        e_tok = _TOKEN.findall(fold(h.entry.text).replace("\n", " "))
        e_low = [t.lower() for t in e_tok]
        sm = SequenceMatcher(None, c_low, e_low, autojunk=False)
        ops = sm.get_opcodes()
        for k, (tag, i1, i2, j1, j2) in enumerate(ops):
            if tag != "replace" or i2 - i1 != 1:
                continue
            before = ops[k - 1] if k > 0 else None
            after = ops[k + 1] if k + 1 < len(ops) else None
            run_b = before[2] - before[1] if before and before[0] == "equal" else 0
            run_a = after[2] - after[1] if after and after[0] == "equal" else 0
            if run_b >= 2 and run_a >= 2 and j2 - j1 == 1:
                ew = e_tok[j1]  # a slot inside the statement
            elif (
                i1 == 0
                and run_a >= _EDGE_RUN
                and not _TITLE.fullmatch(c_tok[0])
                and not _TITLE.fullmatch(e_tok[j2 - 1])
                and not (j2 >= 2 and _is_name(e_tok[j2 - 2]))
            ):
                ew = e_tok[j2 - 1]  # the sentence's first word: the slot before
            elif (
                i2 == len(c_tok)
                and run_b >= _EDGE_RUN
                and not (j1 + 1 < len(e_tok) and _is_name(e_tok[j1 + 1]))
            ):
                ew = e_tok[j1]  # its last word: the slot after
            else:
                continue
            cw = c_tok[i1]
            if not (_is_name(cw) and _is_name(ew)) or cw.lower() in e_low or ew.lower() in c_low:
                continue
            if _same_name(cw, ew):
                continue  # "HMMER" / "HMMER3", "OKVQA" / "OK-VQA": the same name
            if cw in text:
                return cw, ew, h
    return None


def _same_name(a: str, b: str) -> bool:
    """Whether two names are one: one holds the other ("HMMER" / "HMMER3") once hyphens,
    slashes and dots are dropped ("OKVQA" / "OK-VQA", a hyphen the line break may have
    left or taken)."""
    x, y = (re.sub(r"[^0-9a-z]", "", w.lower()) for w in (a, b))
    return bool(x and y) and (x in y or y in x)


def _is_name(token: str) -> bool:
    return (
        bool(re.search(r"[A-Z]", token))
        and not token.isupper()
        or (token.isupper() and len(token) >= 2)
    )


def _same_clause(neg_w: list[str], aff_w: list[str], governed: set[str]) -> bool:
    """True if the words around a negation cue in ``neg_w`` (5 each side) and the words
    around the governed term in ``aff_w`` share at least three content terms: the two
    sides state the same clause, one of them negated."""
    for i, w in enumerate(neg_w):
        if w not in NEGATIONS:
            continue
        around = _neighbour_stems(neg_w, i, 5)
        if not around & governed:
            continue
        for j, v in enumerate(aff_w):
            if set(content_terms(v)) & governed:
                if len(around & (_neighbour_stems(aff_w, j, 5) | set(content_terms(v)))) >= 3:
                    return True
    return False


#: a word that opens a negated clause ("not", "never", "cannot", "doesn't"...)
_NEGATION_CUE = negation_pattern("clause") + r"|\w+n't"
#: a negation cue and the rest of its clause (up to a comma, semicolon or sentence stop)
_NEGATED_CLAUSE = re.compile(r"\b(?:" + _NEGATION_CUE + r")\b(?:[^,;.]|\.\d)*", re.IGNORECASE)


def _other_condition(negated: str, affirmed: str) -> bool:
    """True when every negated clause of ``negated`` holds numbers and none of them is a
    number of ``affirmed``, which has numbers of its own: the negation is under another
    condition ("the optimal yield is not achieved within 1 hour" against "the yield
    reached its maximum at 4 hours"), not the other way round of the same statement."""
    mine = {round(q.value, 9) for q in extract_quantities(affirmed)}
    clauses = [m.group() for m in _NEGATED_CLAUSE.finditer(fold(negated))]
    if not mine or not clauses:
        return False
    for clause in clauses:
        values = {round(q.value, 9) for q in extract_quantities(clause)}
        if not values or values & mine:
            return False
    return True


def _neighbour_stems(ws: list[str], i: int, width: int = 3) -> set[str]:
    out = set()
    for w in ws[max(0, i - width) : i] + ws[i + 1 : i + 1 + width]:
        out.update(content_terms(w))
    return out


def _governed(ws: list[str], shared: set[str]) -> set[str]:
    """The shared content terms that a negation cue precedes within four words."""
    out: set[str] = set()
    for i, w in enumerate(ws):
        if w in NEGATIONS and negates_at(ws, i):
            if w == "no" and i + 1 < len(ws) and ws[i + 1] in ("longer", "more"):
                continue
            if w == "without" and ws[max(0, i - 2) : i] in (["with", "and"], ["with", "or"]):
                continue  # "with and without X": both ways, no negation
            follow = set()
            for x in ws[i + 1 : i + 5]:
                follow.update(content_terms(x))
            out |= follow & shared
    return out


def _find_word(text: str, w: str) -> str | None:
    # a "non" word of :func:`_non_joined` may be written "non-invasive" or "non invasive"
    pattern = "non[-\u2010 ]?" + re.escape(w[3:]) if w.startswith("non") else re.escape(w)
    m = re.search(r"\b" + pattern + r"\b", text, re.IGNORECASE)
    return m.group(0) if m else None


def _negation_span(text: str) -> str | None:
    m = re.search(r"\b(?:" + _NEGATION_CUE + r")\b(?:\s+\w+){0,2}", text, re.IGNORECASE)
    return m.group(0) if m else None


def _affirmed_span(text: str, ws: list[str], negated: set[str]) -> str | None:
    """The words of ``text`` that the evidence negates: a quantifier ("Some participants")
    or the first word whose stem the evidence's negation governs ("reduced")."""
    m = re.search(r"\b(?:some|all|every|any)\b(?:\s+\w+)?", text, re.IGNORECASE)
    if m:
        return m.group(0)
    for w in ws:
        if w not in STOPWORDS and set(content_terms(w)) & negated and len(w) > 2:
            span = _find_word(text, w)
            if span:
                return span
    return None


#: Direction words before a number pair (``lexicon/data/direction_stems.tsv``, use ``pair``).
_UP = direction_stems("up", "pair")
_DOWN = direction_stems("down", "pair")
#: what may stand between a change's first value and its "to" besides "%": its unit
#: ("0.44 °C", "12 mg") and the condition it holds under ("in 1950-1985", "(baseline)")
_FROM_UNIT = r"(?:%|°\s?[CFK]\b|[µμ]?[^\W\d_]{1,4}(?:/[^\W\d_]{1,4}\d?)?\.?)"
_FROM_CONDITION = (
    r"(?:\([^()]{1,40}\)|"
    r"(?:in|during|at|for|over|on|under|with|without|after|before)\s+[^,;()]{1,30}?)"
)
_PAIR = re.compile(
    r"(?:from\s+)?(-?\d+(?:\.\d+)?)"
    rf"(?:\s*%?\s*|\s*{_FROM_UNIT}?\s*{_FROM_CONDITION}?\s+)"
    r"(vs\.?|versus|against|to)\s+"
    r"(?:(?<!to\s)[A-Za-z][\w-]*(?:['’]s)?\s+){0,2}"
    r"(-?\d+(?:\.\d+)?)(?![\w.]*\d)",
    re.IGNORECASE,
)


def _range_end(s: str, start: int, end: int) -> bool:
    """True if the number at ``start``-``end`` of ``s`` is an end of a range ("5-10%",
    "1–2%"): its hyphen is no minus sign, and a range is no one value to compare."""
    at = start + 1 if s[start] == "-" else start
    before = s[max(0, at - 2) : at]
    return bool(re.fullmatch(r"\d[-\u2013]", before)) or bool(re.match(r"[-\u2013]\d", s[end:]))


def _directed_pairs(text: str) -> Iterator[tuple[str, bool, bool, re.Match[str]]]:
    """Each number pair of the sentence with its direction word: (word, word says up, the
    numbers go up, the pair's match); for a judging word ("beats", "improves", "worse") on
    a metric of known direction (``number_direction``), (word, True, the claim holds, match). Reads
    "ahead ... (96.6 vs 96.3)", "below ... (83.3 vs 86.1)" (first number is the subject's) and
    "rises from 67.57 to 68.93"; the
    direction word is the nearest one before the pair in the same clause; lists of
    numbers ("82.47 and 82.91 against 82.55 and 83.14") are skipped."""
    s = fold(text)
    for m in _PAIR.finditer(s):
        a, b = float(m.group(1)), float(m.group(3))
        if a == b or _range_end(s, m.start(1), m.end(1)) or _range_end(s, m.start(3), m.end(3)):
            continue
        is_from = m.group(2).lower() == "to"
        if is_from and not re.search(r"from\s+$", s[: m.start(1)]):
            continue
        if not is_from and not re.fullmatch(r"\s*%?\s*", s[m.end(1) : m.start(2)]):
            continue  # a unit or condition before "vs": only a change's values carry them
        clause_start = max(
            s.rfind(";", 0, m.start()),
            s.rfind(":", 0, m.start()),
            s.rfind(". ", 0, m.start()),
            s.rfind(", and", 0, m.start()),
            s.rfind(" but ", 0, m.start()),
            s.rfind(" while ", 0, m.start()),
        )
        before = s[max(clause_start, m.start() - 80, 0) : m.start()]
        if re.search(r"\d\s*%?\s*(?:,|and)\s*$", s[: m.start(1)]) or re.match(
            r"\s*%?\s*(?:,|and)\s*-?\d", s[m.end() :]
        ):
            continue
        cues = list(re.finditer(r"\b(" + _UP + "|" + _DOWN + r")\b", before))
        if not cues:
            continue
        word = cues[-1].group(1)
        # a judging word (beats, improves, worse) turns with the metric's direction: on an
        # error rate, a loss or a time, "A beats B" means A's value is the lower one
        holds = judged_order(
            word,
            b if is_from else a,
            a if is_from else b,
            metric_direction(s[max(clause_start, 0) : m.end() + 40]),
        )
        if holds is not None:
            yield word, True, holds, m
            continue
        yield word, re.fullmatch(_UP, word) is not None, (b > a if is_from else a > b), m


#: two values against two ("scoring 82.47 and 82.91 against 82.55 and 83.14"): each
#: value of the first pair is compared with the one in its place in the second
_LIST_PAIR = re.compile(
    r"(-?\d+(?:\.\d+)?)\s*%?\s*(?:,\s*|\s+and\s+)(-?\d+(?:\.\d+)?)\s*%?\s*"
    r"(?:vs\.?|versus|against|compared (?:with|to))\s+"
    r"(-?\d+(?:\.\d+)?)\s*%?\s*(?:,\s*|\s+and\s+)(-?\d+(?:\.\d+)?)(?![\w.]*\d)",
    re.IGNORECASE,
)


def _directed_lists(text: str) -> Iterator[tuple[str, bool, bool, list[tuple[float, float]]]]:
    """Each two-against-two list of values with its direction word (the nearest one before
    it in its clause: "trails on both splits, scoring 82.47 and 82.91 against 82.55 and
    83.14"): (word, word says up, both pairs go up, the pairs); lists whose two pairs go
    different ways, or hold a tie, say nothing."""
    s = fold(text)
    for m in _LIST_PAIR.finditer(s):
        a1, a2, b1, b2 = (float(m.group(i)) for i in (1, 2, 3, 4))
        if a1 == b1 or a2 == b2 or (b1 > a1) != (b2 > a2):
            continue
        if (word := _cue_before(s, m.start())) is not None:
            yield word, re.fullmatch(_UP, word) is not None, a1 > b1, [(a1, b1), (a2, b2)]


def _cue_before(s: str, at: int) -> str | None:
    """The direction word nearest before offset ``at`` of the folded sentence ``s`` in its
    clause (from the last ";" or ". "), or None."""
    clause_start = max(s.rfind(";", 0, at), s.rfind(". ", 0, at), 0)
    cues = list(re.finditer(r"\b(" + _UP + "|" + _DOWN + r")\b", s[clause_start:at]))
    return cues[-1].group(1) if cues else None


#: a change from one value to a list of values ("fell from 2.908 µA/cm2 without
#: inhibitor to 0.916, 0.46 and 0.24 µA/cm2 at 100, 300 and 500 ppm")
_NUM = r"-?\d+(?:\.\d+)?"
_FROM_LIST = re.compile(
    rf"from\s+({_NUM})(?:\s*%?\s*|\s*{_FROM_UNIT}?\s*{_FROM_CONDITION}?\s+)to\s+"
    rf"({_NUM}(?:\s*%)?(?:\s*,\s*{_NUM}(?:\s*%)?)*\s*,?\s*and\s+{_NUM})(?![\w.]*\d)",
    re.IGNORECASE,
)


def _from_lists(text: str) -> Iterator[tuple[str, bool, bool, list[tuple[float, float]]]]:
    """Each change from one value to a list of values with its direction word (the nearest
    one before "from" in its clause): (word, word says up, every listed value is above the
    first, the pairs (first value, each listed value)); a list that goes both ways, or
    holds the first value, says nothing."""
    s = fold(text)
    for m in _FROM_LIST.finditer(s):
        a = float(m.group(1))
        ends = [float(x) for x in re.findall(_NUM, m.group(2))]
        if len({b > a for b in ends}) != 1 or a in ends:
            continue
        if (word := _cue_before(s, m.start())) is not None:
            yield word, re.fullmatch(_UP, word) is not None, ends[0] > a, [(a, b) for b in ends]


#: a value set against another by the comparison between them ("6.7%, ahead of the
#: 1.5%", "78.0, below SPECTER's 80.0"): the first value is the subject's
_INLINE_PAIR = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*%?(?:\s*[^\W\d_]{1,5}\.?)?,?\s+"
    rf"(?:(?:{COMPARISON_DEGREE}|comfortably)\s+)?"
    r"(ahead\s+of|above|below|behind|(?:higher|lower|greater|larger|smaller)\s+than)\s+"
    r"(?:(?:the|that\s+of|those\s+of)\s+)?(?:[A-Za-z][\w-]*(?:['’]s)?\s+){0,2}"
    r"(\d+(?:\.\d+)?)(?![\w.]*\d)",
    re.IGNORECASE,
)


def _inline_pairs(text: str) -> Iterator[tuple[str, bool, bool, list[tuple[float, float]]]]:
    """Each value compared with another by the direction word between them ("is the
    largest at 6.7%, ahead of the 1.5% contributions"): (word, word says up, the first
    value is the larger, [the pair]). A value of a list ("90.8, 84.0 and 71.5, all above
    88.5, 75.9 and 59.1" compares the lists item by item), an uncertainty ("77.70 ± 0.25,
    above 77.28"), a value with one, a range's end or a tie says nothing."""
    s = fold(text)
    for m in _INLINE_PAIR.finditer(s):
        a, b = float(m.group(1)), float(m.group(3))
        if a == b or _range_end(s, m.start(1), m.end(1)) or _range_end(s, m.start(3), m.end(3)):
            continue
        if re.search(r"(?:\d\s*%?\s*(?:,|and|or)|±|\+/?-)\s*$", s[: m.start(1)]) or re.match(
            r"\s*%?\s*(?:,|and|or|±|\+/?-)\s*-?\d", s[m.end() :]
        ):
            continue  # a list's item, an uncertainty ("77.70 ± 0.25, above"), a value with one
        word = m.group(2).split()[0].lower()
        yield word, re.fullmatch(_UP, word) is not None, a > b, [(a, b)]


def _paired_values(text: str) -> list[tuple[str, bool, bool, list[tuple[float, float]]]]:
    """The value pairs of the sentence read as lists (:func:`_directed_lists`,
    :func:`_from_lists`, :func:`_inline_pairs`), each (word, word says up, the values go
    up, the pairs)."""
    return [*_directed_lists(text), *_from_lists(text), *_inline_pairs(text)]


def direction_conflict(text: str) -> tuple[str, str] | None:
    """A stated direction that the sentence's own number pair reverses (see
    :func:`_directed_pairs`), or its own two-against-two list (:func:`_directed_lists`):
    the word and the reason, or None."""
    for word, up, grows, m in _directed_pairs(text):
        if up != grows:
            return word, (
                f'the sentence says "{word}" but its own numbers '
                f"({m.group(1)} {m.group(2)} {m.group(3)}) go the other way"
            )
    for word, up, grows, pairs in _paired_values(text):
        if up != grows:
            shown = "; ".join(f"{a:g} vs {b:g}" for a, b in pairs)
            return word, (
                f'the sentence says "{word}" but its own numbers ({shown}) go the other way'
            )
    return None


def from_to(text: str) -> list[tuple[float, float]]:
    """The pairs of :func:`numbers_order` written as a change, "from A to B": which of the
    two values comes first (in time, or under which condition) is the paper's to say, not
    the sentence's."""
    return [
        (float(m.group(1)), float(m.group(3)))
        for _, up, grows, m in _directed_pairs(text)
        if up == grows and m.group(2).lower() == "to"
    ] + [pair for _, up, grows, pairs in _from_lists(text) if up == grows for pair in pairs]


def numbers_order(text: str) -> list[tuple[float, float]]:
    """The number pairs of the sentence ("96.6 vs 96.3", "from 67.57 to 68.93") that go
    the way their direction word says (the mirror of :func:`direction_conflict`): the two
    values of each, in sentence order; [] for none."""
    return [
        (float(m.group(1)), float(m.group(3)))
        for _, up, grows, m in _directed_pairs(text)
        if up == grows
    ] + [pair for _, up, grows, pairs in _paired_values(text) if up == grows for pair in pairs]
