"""Word lists and small pattern tests the rules judge uses (pure, no I/O).

Each list is general English of answer writing, not the content of any paper: framing
openers, offers of help, interpretation markers, speculation markers, negation cues and
antonym pairs of comparison and change.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from functools import lru_cache

from grounding.lexicon import fold
from grounding.lexicon.words import (
    NEGATIONS,
    direction_pairs,
    negative_affix_words,
    negative_prefixes,
    speculation_pattern,
)

#: Sentence openers that frame the answer instead of asserting something.
FRAMING = re.compile(
    r"^(?:here(?:'s| is| are)\b|below(?: is| are)\b|sure\b|certainly\b|great question|"
    r"good question|let me\b|let's\b|i(?:'ll| will| can)\b|to answer\b|in short:|"
    r"the short answer|in this answer\b|the following\b|as follows\b|"
    r"the (?:paper|authors?|study|article) (?:is|are) (?:\w+ )?(?:candid|upfront|open|honest|"
    r"transparent|clear|explicit) about\b|looking at\b)",
    re.IGNORECASE,
)
#: Offers of help and closing remarks.
OFFERS = re.compile(
    r"(?:let me know|i hope this helps|hope this helps|feel free|if you(?:'d| would) like|"
    r"happy to (?:help|explain|elaborate)|do you want me|would you like)",
    re.IGNORECASE,
)
#: Pure hedges with nothing checkable.
HEDGES = re.compile(
    r"^(?:i(?:'m| am) not (?:sure|certain)|it depends\b|i cannot (?:say|tell|verify)|"
    r"i don't know|it is (?:hard|difficult) to say)",
    re.IGNORECASE,
)
#: What stands for the paper, or for the text the answer was given, in a sentence about
#: what that text says ("the paper", "the authors", "the provided text", "this excerpt").
_DOC = (
    r"(?:(?:the|this|that|these) (?:provided |given |attached |original |source |full |"
    r"present )?(?:paper|article|text|document|manuscript|excerpt|passage|context|pdf|"
    r"publication|source|study|report|authors?|abstract|results section|methods section)"
    r"|they)"
)
#: Verbs of saying what a text holds ("does not report", "is not mentioned").
_SAY = (
    r"(?:say|said|says|state|stated|states|report|reported|reports|mention|mentioned|mentions|"
    r"specify|specified|specifies|provide|provided|provides|give|given|gives|disclose|"
    r"disclosed|discuss|discussed|describe|described|detail|detailed|list|listed|clarify|"
    r"clarified|address|addressed|elaborate|elaborated|indicate|indicated|explain|explained|"
    r"comment|commented|break down|broken down|spell out|spelled out|go into|tell|told|"
    r"quantify|quantified)"
)
#: A text's verbs of holding, said of the text the answer was given ("the excerpt does not
#: include"), not of a study ("the study did not include children" is a claim).
_HOLD = (
    r"(?:the|this) (?:provided |given |attached )?(?:text|excerpt|passage|context|document|"
    r"pdf)s? (?:does not|doesn't|did not|didn't) (?:\w+ly )?(?:include|contain|cover|"
    r"have|hold|show)"
)
#: Refusals and remarks on what the paper does not say: the answer's writer could not find
#: something, or the sentence says the paper is silent on it. Not a claim about the
#: paper's subject ("The corpus does not include papers without abstracts" is one).
REFUSALS = re.compile(
    r"^(?:(?:unfortunately|however|but|also|sadly|that said|as far as i can (?:tell|see)|"
    r"from what i can (?:tell|see)|to my knowledge|based on (?:the|this) \w+(?: \w+)?|"
    r"(?:in|from) (?:the|this) (?:provided |given )?(?:paper|text|excerpt|document|context)),?\s+)*"
    r"(?:i (?:could|can|did|do|was|am)(?: not|n't|not) (?:able to )?(?:find|locate|see|identify|"
    r"determine|confirm|verify|tell|say|answer|access|spot)\b"
    r"|i(?:'m| am| was) (?:unable|not able) to\b"
    r"|i have no (?:information|way|access|data|details)\b"
    r"|there (?:is|are|was|were) no (?:explicit |specific |direct |further |additional |clear )?"
    r"(?:information|mention|mentions|detail|details|discussion|description|indication|statement|"
    r"report|data|figure|number|value|explanation)s? (?:about|of|on|regarding|as to|concerning|for|"
    r"in|that|given|provided|reported)\b"
    r"|(?:the |this |that |such |any )?(?:exact |specific |precise )?(?:information|details?|"
    r"figures?|numbers?|values?)(?: \w+){0,6} (?:is|are|was|were) not (?:\w+ly )?(?:available|"
    + _SAY
    + r")\b"
    r"|" + _HOLD + r"|(?:this|that|it) (?:is|was) not (?:\w+ly )?" + _SAY + r" (?:in|by|anywhere)\b"
    r"|" + _DOC + r" (?:(?:does|do|did) not|doesn't|don't|didn't|never|fails? to|makes? no|"
    r"gives? no|provides? no|offers? no)(?: \w+ly)?"
    r"(?: " + _SAY + r"| mention| information| details?| explicit| specific| indication)\b"
    r"(?! (?:an? |any )?(?:\w+ly )?(?:significant|difference|effect|improvement|gain|change|"
    r"increase|decrease|benefit|association|correlation|link|advantage|harm|adverse)\w*)"
    r"|" + _DOC + r" (?:is|are) (?:silent|unclear|vague) (?:on|about|regarding|as to)\b"
    r"|(?:it|this) (?:is|remains|was) (?:unclear|not clear|not possible to (?:say|tell|determine)|"
    r"impossible to (?:say|tell|determine))(?: \w+){0,4} (?:from|in|based on) " + _DOC + r"\b"
    r")|^(?:based on|from|in|according to) " + _DOC + r",? (?:it is|it's|it remains) (?:unclear|"
    r"not clear|not possible|impossible)\b",
    re.IGNORECASE,
)
#: a passive "is not reported in the paper" anywhere in the sentence
NOT_IN_PAPER = re.compile(
    r"\b(?:(?:is|are|was|were) not|isn't|aren't|wasn't|weren't) (?:\w+ly )?"
    + _SAY
    + r" (?:anywhere )?(?:in|by|within) "
    + _DOC
    + r"\b",
    re.IGNORECASE,
)

#: The last word of a measure's name: a statistic a value is given for ("odds ratio",
#: "hazard ratio", "relative risk", "confidence interval", "mean absolute error").
MEASURE_NOUNS = frozenset(
    """
ratio ratios risk risks rate rates interval intervals coefficient coefficients difference
differences score scores index indices error errors odds mean means median medians
deviation deviations fraction fractions proportion proportions probability probabilities
correlation correlations estimate estimates effect effects size sizes sensitivity
specificity accuracy precision recall value values statistic statistics
""".split()
)

#: A line that introduces a list: "The procedure works as follows:".
LIST_INTRO = re.compile(
    r"(?:as follows|the following|following (?:ones|points|steps)|"
    r"main ones are|are|include|includes)\s*:$",
    re.IGNORECASE,
)

#: Openers and connectives that mark an Interpretation.
INTERPRETATION = re.compile(
    r"^(?:this|these|that|so|therefore|thus|hence|consequently|overall|in other words|"
    r"taken together|in effect|in practice|as a result|in short|in sum|in summary|"
    r"this means|which means|accordingly|because|since|put differently|all in all)\b"
    r"|\b(?:suggests?|suggesting|implies|imply|implying|indicates?|indicating|which means|"
    r"means that|meaning that|shows? that|demonstrates? that|so that|therefore|thus|"
    r"consistent with|explains?)\b",
    re.IGNORECASE,
)
#: Markers of speculation or generalisation beyond a paper's evidence
#: (``lexicon/data/speculation.tsv``).
SPECULATION = re.compile(speculation_pattern(), re.IGNORECASE)

#: Words that frame a statement rather than state it: reporting verbs and nouns ("a study
#: found that", "the authors argue", "Table 5 shows") and discourse or degree adverbs
#: ("overall", "finally", "roughly", "clearly"). A paper states its findings without them,
#: so they are left out of the words a passage must hold to state a sentence. Found on
#: Check-COVID train claims ("A recent study published in ... found that ...") and on
#: GroundQA dev paraphrases ("the authors further argue that ...").
REPORTING = frozenset(
    """
find finds found finding show shows shown showed showing suggest suggests suggested reveal
reveals revealed demonstrate demonstrates demonstrated indicate indicates indicated note
notes noted observe observes observed argue argues argued describe describes described
conclude concludes concluded report reports reported reporting study studies research
researcher researchers scientist scientists team investigator investigators publish
published journal recent recently according seem seems appear appears overall finally
however moreover furthermore further indeed clearly roughly approximately slightly exactly
together already particularly especially notably accordingly specifically essentially
generally typically actually
""".split()
)


def opposites(pairs: list[tuple[str, str]]) -> dict[str, frozenset[str]]:
    """Each word of ``pairs`` mapped to the words paired with it, both ways."""
    out: dict[str, frozenset[str]] = {}
    for a, b in pairs:
        out[a] = out.get(a, frozenset()) | {b}
        out[b] = out.get(b, frozenset()) | {a}
    return out


#: Antonym pairs of direction, change and state, each word mapped to its opposites
#: (``lexicon/data/direction_pairs.tsv``, use ``antonym``).
ANTONYMS = opposites(list(direction_pairs("antonym")))

_PREFIXES = tuple(p.rstrip("-") for p in negative_prefixes())
_NOT_OPPOSITE = negative_affix_words("not_opposite")
#: Prefixes that before a past participle mostly belong to a verb ("in" + "formed", "im" +
#: "proved", "dis" + "covered"), and the participles with one that are opposites all the
#: same ("disfavored", "imbalanced").
_VERB_PREFIXES = negative_affix_words("verb_prefix")
_PARTICIPLE_OPPOSITES = negative_affix_words("participle_opposite")
#: The least letters of a word a negative prefix turns into its opposite, and the endings
#: it has: adjectives, adverbs, participles and their nouns ("stable", "known", "clear",
#: "certain", "related", "consistency"), not a verb or noun that only starts with the
#: prefix's letters ("cover" / "discover", "prove" / "improve", "sight" / "insight").
_BASE_MIN = 5
_BASE_ENDINGS = (
    "ent",
    "ant",
    "able",
    "ible",
    "al",
    "ic",
    "ive",
    "ous",
    "ful",
    "ar",
    "ate",
    "ed",
    "ly",
    "ain",
    "own",
    "ct",
    "ete",
    "ure",
    "ity",
    "ence",
    "ance",
    "ency",
    "ancy",
)


def affixed_opposites(word: str, others: Container[str]) -> frozenset[str]:
    """The words of ``others`` that are ``word`` (lower case) with a negative prefix, or
    ``word`` without its negative prefix ("consistent" / "inconsistent", "stable" /
    "unstable", "significant" / "insignificant"; ``lexicon/data/negative_affixes.tsv``);
    none for a word whose prefix negates nothing ("invaluable", "unlike")."""
    return frozenset(w for w in _affixed_forms(word) if w in others)


@lru_cache(maxsize=16384)
def _affixed_forms(word: str) -> tuple[str, ...]:
    """Every word :func:`affixed_opposites` may find for ``word``, in any text."""
    if word in _NOT_OPPOSITE:
        return ()
    out: list[str] = []
    for p in _PREFIXES:
        if len(word) >= _BASE_MIN and word.endswith(_BASE_ENDINGS) and _opposite_form(p, word):
            out.append(p + word)
        base = word[len(p) :]
        if (
            word.startswith(p)
            and len(base) >= _BASE_MIN
            and base.endswith(_BASE_ENDINGS)
            and _opposite_form(p, base)
        ):
            out.append(base)
    return tuple(out)


def _opposite_form(prefix: str, base: str) -> bool:
    """Whether ``prefix`` + ``base`` is the opposite of ``base``: not a listed word whose
    prefix negates nothing, nor a past participle of a verb that starts with the prefix's
    letters ("informed" / "formed", "improved" / "proved", "discovered" / "covered")."""
    word = prefix + base
    if word in _NOT_OPPOSITE:
        return False
    return not (
        prefix in _VERB_PREFIXES and base.endswith("ed") and word not in _PARTICIPLE_OPPOSITES
    )


#: Operator words and their opposites: direction and degree ("least" / "most", "halving" /
#: "doubling"), bounds ("fewer" / "over"), quantity ("all" / "none"), and a few adjective
#: pairs (``lexicon/data/direction_pairs.tsv``, use ``operator``). A sentence that shares
#: every topic word with a passage but uses the opposite of the passage's operator word
#: says the opposite thing (statement_check.flipped_operators): the commonest wrong
#: sentence that word overlap passes.
OPPOSITE = opposites(list(direction_pairs("operator")))

#: letters of any script ("niño", "göttingen" are one word each), with a trailing n't
_WORD = re.compile(r"[^\W\d_]+(?:'t)?")


def words(text: str) -> list[str]:
    """Lower-case words of ``text`` with ``n't`` split off as its own word."""
    out = []
    for w in _WORD.findall(fold(text).lower().replace("’", "'")):
        if w.endswith("n't"):
            out.extend([w[:-3], "n't"])
        else:
            out.append(w)
    return out


#: words after "not" that make it no negation: "not only X (but also Y)" affirms X
_NOT_DENYING = frozenset({"only", "just", "merely"})


def negates_at(ws: Sequence[str], i: int) -> bool:
    """True if the word ``ws[i]`` (of :func:`words`) is a negation cue that denies what
    follows: a cue of ``NEGATIONS`` or "n't", not the "not" of "not only" / "not just"."""
    w = ws[i]
    if w not in NEGATIONS and w != "n't":
        return False
    return not (w == "not" and i + 1 < len(ws) and ws[i + 1] in _NOT_DENYING)


def negation_count(text: str) -> int:
    """How many negation cues ``text`` holds (``not``, ``no``, ``n't``, ``without``...)."""
    return sum(1 for w in words(text) if w in NEGATIONS)


def negated_lead(before: str, claim: str) -> bool:
    """Whether the last two words of ``before`` (a passage's text right before the words it
    shares with ``claim``) hold a negation cue the claim has none of: "No geographical or
    health-related barriers were identified" does not state "Barriers were identified"."""
    return any(w in NEGATIONS for w in words(before)[-2:]) and negation_count(claim) == 0


def is_reference_entry(text: str) -> bool:
    """True for a bibliography line: ``Peters, P. C. 1964, Physical Review, 136, 1224``."""
    s = text.strip().lstrip("-*• ").strip()
    if re.match(r"^\[\d+\]\s", s):
        return True
    initials = len(re.findall(r"\b[A-Z]\.(?:\s?-?[A-Z]\.)*(?:,|\s|$)", s))
    year = re.search(r"(?:\(|\b)(?:19|20)\d{2}[a-z]?(?:\)|,|\.)", s)
    if year and initials >= 2 and re.match(r"^[A-Z][\w'\-]+,", s):
        return True
    if year and re.match(r"^[A-Z][\w'\-]+,\s+(?:[A-Z]\.\s?-?)+(?:,|\s|$)", s):
        return True  # "Peters, P. C. 1964, Physical Review, 136, 1224"
    if year and re.match(r"^(?:[A-Z][\w'\-]+ [A-Z]{1,3}(?:,|\.) ?)+", s):
        return True  # Vancouver style: "Altschul SF, Madden TL, ..."
    return False


__all__ = [
    "ANTONYMS",
    "affixed_opposites",
    "FRAMING",
    "HEDGES",
    "INTERPRETATION",
    "LIST_INTRO",
    "MEASURE_NOUNS",
    "NEGATIONS",
    "NOT_IN_PAPER",
    "OFFERS",
    "OPPOSITE",
    "REFUSALS",
    "SPECULATION",
    "is_reference_entry",
    "negates_at",
    "negated_lead",
    "negation_count",
    "opposites",
    "words",
]
