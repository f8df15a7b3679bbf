"""Entity check: a passage about another disease, organ, drug, material or organism is not
evidence for the claim, however close its wording (pure, no I/O).

:func:`missing_entities <grounding.judges.statement_check.missing_entities>` catches a name
written with capitals or digits ("HPA-5", "SciBERT"). This checker catches the lower-case
domain nouns around which a claim is worded ("prostate cancer" -> "bladder cancer",
"humins" -> "lignin", "copper" -> "steel"): a word of the claim that

* is a domain word: lower case (capitalised only as the sentence's first word; not right
  after a capitalised word, as a species epithet is), four or more letters, no stop,
  reporting, direction or general word of scientific prose
  (``grounding/lexicon/data/general_words.tsv``), and not shaped as an adjective, adverb,
  verb form or abstract noun ('-ly', '-ed', '-ing', '-ive', '-ous', '-al', '-ic', '-tion',
  '-ment', '-ity', ...);
* is not in the aligned passage, in any form: not as its stem, nor its derivation root
  ("catalytic" / "catalysis"), nor sharing its first five letters with a passage word of
  about its length ("prostatic"), nor through an abbreviation the paper defines (the
  passage's terms hold the aliases);
* is not the paper's own subject (a word of its title: passages call it "we" or "our
  model");

and then

* **swapped** (C2, contradiction) when the passage holds, in the same slot, a domain word
  the claim does not: the content word right after it in the claim follows that word in
  the passage, or the one right before it precedes it, stop words skipped ("bladder
  *cancer*" against "prostate *cancer*"; "lignin was *converted*" against "humins were
  *converted*");
* **not in the paper** (N2, nei) when the paper never uses the word anywhere, it stands
  where a noun does (after an article or preposition, or before a word of the passage),
  and the passage holds every other content term of the claim: the same statement made of
  something the paper does not study.

The passage is the one the statement is verified by: the passage of its specific number
when it has one (a table row is left out: its label is checked as a row), else the aligned
passage when it holds the statement's share of the claim's words.

A word the paper uses elsewhere but the passage leaves out, with no word of the passage in
its slot, is left to the coverage rule (an answer may add a word the passage implies).
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from annotations.schema import ErrorSpan, ErrorTag, Label
from grounding.evidence import Hit
from grounding.judges.parts import DOWN_WORDS, SAME_WORDS, UP_WORDS, Part
from grounding.judges.rules_cues import NEGATIONS, REPORTING
from grounding.judges.statement_check import Alignment, PartResult, Status
from grounding.lexicon import STOPWORDS, content_term, fold, is_numeric, root
from grounding.lexicon.words import GENERAL_WORDS
from grounding.memo import per_check

__all__ = ["EntitySwap", "hit_alignment", "is_domain_word", "other_entity"]


#: Endings of adjectives, adverbs, verb forms and abstract nouns: an answer rewords these
#: freely ("significant", "clinically", "enrolled", "performance", "infection" is a loss
#: accepted for the sake of the rest).
_NOT_ENTITY_ENDINGS = (
    "ly",
    "ed",
    "ing",
    "ive",
    "ous",
    "ful",
    "less",
    "able",
    "ible",
    "al",
    "ic",
    "ical",
    "ary",
    "ory",
    "ent",
    "ant",
    "tion",
    "sion",
    "ment",
    "ness",
    "ity",
    "ance",
    "ence",
    "ism",
    "ize",
    "ise",
    "est",
    "ship",
    "hood",
    "wise",
    "ward",
    "like",
)
#: Words that are never entities though no ending shows it.
_NOT_ENTITY = (
    frozenset(w.lower() for w in REPORTING)
    | UP_WORDS
    | DOWN_WORDS
    | SAME_WORDS
    | NEGATIONS
    | STOPWORDS
)
#: Letters shared at the start that make two words one family ("prostate" / "prostatic").
_PREFIX = 5

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


@dataclass(frozen=True, slots=True)
class EntitySwap:
    """A domain word of the claim its passage does not hold.

    word: the claim's word as written. other: the passage's word in its slot (None when
    the paper never uses ``word`` and the passage has none in its slot).
    """

    word: str
    other: str | None

    def why(self, al: Alignment) -> str:
        """The rationale's phrase, against the passage ``al``."""
        page = al.hit.entry.page
        if self.other is not None:
            return (
                f"the passage nearest in wording (page {page}) says '{self.other}' "
                f"where the sentence says '{self.word}'"
            )
        return (
            f"the passage nearest in wording (page {page}) is not about "
            f"'{self.word}', which the paper never mentions"
        )

    def verdict(self, al: Alignment, errors: list[ErrorSpan]) -> tuple[Label, str, list[Hit]]:
        """A judge's (label, rationale, evidence) for a sentence with nothing else to
        check: contradicted against ``other`` (its C2 span added to ``errors``), else nei."""
        if self.other is not None:
            errors.append(ErrorSpan(span=self.word, tags=(ErrorTag.C2,), correction=self.other))
            return Label.CONTRADICTION, f"Contradicted: {self.why(al)}.", [al.hit]
        return Label.NEI, f"Not enough information: {self.why(al)}.", [al.hit]

    def result(self, part: Part, al: Alignment) -> PartResult:
        """The statement's part result: C2 against ``other``, else N2."""
        if self.other is not None:
            return PartResult(
                part, Status.CONTRADICTED, ErrorTag.C2, self.why(al), al.hit, self.word, self.other
            )
        return PartResult(part, Status.NOT_FOUND, ErrorTag.N2, self.why(al), hit=al.hit)


def is_domain_word(word: str) -> bool:
    """True for a lower-case word that may name an entity of a domain (module docstring)."""
    single = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
    return (
        len(word) >= 4
        and word.isalpha()
        and word.islower()
        and word not in GENERAL_WORDS
        and word not in _NOT_ENTITY
        and not word.endswith(_NOT_ENTITY_ENDINGS)
        and not single.endswith(_NOT_ENTITY_ENDINGS)
    )


def _words(text: str) -> list[tuple[str, bool]]:
    """(word in lower case, whether it may be a domain word) for each word of ``text``: a
    capitalised word counts as lower case only where a sentence starts (the text's start,
    or after '.', '!', '?' or ':'); a lower-case word right after a name is part of it
    ("Cochliomyia hominivorax")."""
    out = []
    flat = fold(text)
    named = False  # the word before is capitalised, not a sentence start
    for m in _WORD.finditer(flat):
        w = m.group(0)
        i = m.start() - 1
        while i >= 0 and flat[i].isspace():
            i -= 1
        opens = i < 0 or flat[i] in ".!?:"
        plain = w.islower() or (opens and w[:1].isupper() and w[1:].islower())
        low = w.lower()
        out.append((low, plain and not (named and w.islower()) and is_domain_word(low)))
        named = not opens and w[:1].isupper()
    return out


def _as_written(word: str, text: str) -> str:
    """``word`` (lower case) as ``text`` writes it (capitalised as its first word)."""
    m = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", fold(text), re.I)
    return m.group(0) if m else word


@per_check(maxsize=8192)
def _term(word: str) -> str | None:
    term = content_term(word)
    return None if term is None or is_numeric(term) else term


def _held(
    word: str, terms: frozenset[str], roots: frozenset[str], prefixes: dict[str, list[int]]
) -> bool:
    """Whether the passage holds ``word`` in some form: its stem, its root, or a word
    of about its length (within 3 letters) with its first letters ("prostatic" for
    "prostate"; not "electromagnetic" for "electrons"). ``prefixes``: the passage's
    first letters -> the lengths of its words that start with them."""
    term = _term(word)
    if term is None or term in terms or root(term) in roots:
        return True
    return len(word) > _PREFIX and any(
        abs(len(word) - n) <= 3 for n in prefixes.get(word[:_PREFIX], ())
    )


#: Forms of "be" and "have", read as one word when two slots are compared ("lignin was
#: converted" / "humins were converted").
_AUX = {
    "is": "be",
    "are": "be",
    "was": "be",
    "were": "be",
    "be": "be",
    "been": "be",
    "has": "have",
    "have": "have",
    "had": "have",
}


def _opens_noun(word: str | None) -> bool:
    """Whether a noun phrase may start right after ``word`` (None: the text's start)."""
    return word is None or word in _BEFORE_NOUN


def _same(a: str, b: str) -> bool:
    """Whether two words (lower case) are the same word in a slot: equal, the same content
    term, or forms of one auxiliary."""
    if a == b or _AUX.get(a, a) == _AUX.get(b, b):
        return True
    ta = _term(a)
    return ta is not None and ta == _term(b)


def _slot_word(
    k: int, mine: list[tuple[str, bool]], theirs: list[tuple[str, bool]], claim_terms: set[str]
) -> str | None:
    """The domain word of ``theirs`` (the passage's words) in the slot of ``mine[k]``
    (the claim's words), one the claim itself does not use. Three slots, word by word:

    * a compound's modifier: the same content word right after both, and before both the
      same word or a determiner or preposition ("*with* bladder *cancer*" / "*with*
      prostate *cancer*");
    * a noun after a determiner or preposition: the same word right before both and the
      same word (or the end) right after ("*with* aspirin *for*" / "*with* metformin
      *for*");
    * a word in the same context: the same word before both (or the claim's start) and
      the same two words after ("Lignin *was converted*" / "... humins *were converted*",
      "*adult* moose *were captured*" / "*adult* deer *were captured*").
    """
    n, m = len(mine), len(theirs)
    after = mine[k + 1][0] if k + 1 < n else None
    after2 = mine[k + 2][0] if k + 2 < n else None
    before = mine[k - 1][0] if k > 0 else None
    for j, (w, domain) in enumerate(theirs):
        if not domain or _term(w) in claim_terms:
            continue
        nxt = theirs[j + 1][0] if j + 1 < m else None
        prev = theirs[j - 1][0] if j > 0 else None
        opens = _opens_noun(before) and _opens_noun(prev)
        if (
            after is not None
            and nxt is not None
            and _term(after) is not None
            and _same(after, nxt)
            and (opens or (before is not None and prev is not None and _same(before, prev)))
        ):
            return w
        if (
            before is not None
            and before in _BEFORE_NOUN
            and prev == before
            and (after is None) == (nxt is None)
            and (after is None or nxt is None or _same(after, nxt))
        ):
            return w
        if (
            (before is None or (prev is not None and _same(before, prev)))
            and after is not None
            and after2 is not None
            and j + 2 < m
            and _same(after, theirs[j + 1][0])
            and _same(after2, theirs[j + 2][0])
        ):
            return w
    return None


def other_entity(
    text: str,
    al: Alignment,
    subject: frozenset[str] = frozenset(),
    paper_terms: Container[str] = frozenset(),
) -> EntitySwap | None:
    """The first domain word of ``text`` that the aligned passage ``al`` replaces with
    another (its slot holds another domain word) or that the paper never uses while the
    passage holds all the rest (module docstring); None when there is none.

    Args: text: the claim (or one clause of it). al: its aligned passage. subject: the
          title's words (lower case, squashed), the paper's own subject. paper_terms: the
          paper's content terms (``EvidenceIndex.doc_terms``); empty: the not-in-paper
          case is not looked at.
    """
    mine = _words(text)
    if not any(d for _, d in mine):
        return None
    theirs = _words(al.text)
    terms = al.terms
    roots = frozenset(root(t) for t in terms)
    prefixes: dict[str, list[int]] = {}
    for w, _ in theirs:
        if len(w) > _PREFIX:
            prefixes.setdefault(w[:_PREFIX], []).append(len(w))
    claim_terms = {t for w, _ in mine if (t := _term(w)) is not None}
    missing = [
        k
        for k, (w, d) in enumerate(mine)
        if d and w not in subject and not _held(w, terms, roots, prefixes)
    ]
    if not missing:
        return None
    for k in missing:
        other = _slot_word(k, mine, theirs, claim_terms)
        if other is not None:
            return EntitySwap(_as_written(mine[k][0], text), other)
    if not paper_terms:
        return None
    gone = {_term(mine[k][0]) for k in missing}
    rest = [t for t in claim_terms if t not in gone]
    if any(t not in terms for t in rest):
        return None
    for k in missing:
        word = mine[k][0]
        if _term(word) not in paper_terms and _noun_slot(word, text):
            return EntitySwap(_as_written(word, text), None)
    return None


#: Words after which a word is a noun (or a noun's modifier): articles, determiners and
#: prepositions ("with aspirin", "of lignin", "the bladder").
_BEFORE_NOUN = frozenset(
    """a an the this that these those its their our his her each every
some any no of in on at with without from for by into onto over under than between among
per via and or""".split()
)


def _noun_slot(word: str, text: str) -> bool:
    """Whether ``word`` (lower case) stands where a noun does in ``text``: right after an
    article, determiner or preposition ("with aspirin", "of lignin")."""
    words = [w.lower() for w in _WORD.findall(fold(text))]
    return any(w == word and k > 0 and words[k - 1] in _BEFORE_NOUN for k, w in enumerate(words))


def hit_alignment(hit: Hit) -> Alignment:
    """``hit``'s own passage as an :class:`Alignment` (coverage 0: not measured), for the
    passage that verified a claim's number."""
    text = hit.entry.text
    return Alignment(hit, text, frozenset(hit.entry.terms), tuple(w for w, _ in _words(text)), 0.0)
