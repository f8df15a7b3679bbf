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

Beyond the lower-case nouns, :func:`slot_swap` aligns the claim with its passage word by
word, the page text around the passage included (a claim the passage's window cuts is
read whole), and finds a slot where the two texts differ by one or two words between the
same words on both sides: a claim's word the passage's stretch holds fewer times than the
claim, against a passage's word the claim holds fewer times than the stretch (so the
claim's word may occur elsewhere in the passage, "muon *electrons*" against "muon
*neutrinos*" beside "electron neutrinos"). There the words may also be names
(capitalised inside a sentence: "Indian *Ocean*" / "Indian *Bay*"), three-letter words
("sea"), or shaped as adjectives or abstract nouns ("salinity", "furfural", "ovary"):
two domain words or names are C2; a pair with a word only shaped like one is nei, and only
where the paper never uses the claim's word (an answer may reword what the paper says
elsewhere). Never a verb (after "can", "may": ``grounding/lexicon/data/entity_slots.tsv``),
a form of the same word, an accent the PDF split off ("F¨arber"), or a misprint the paper
makes once ("parapraphs").

The passage is the one the statement is verified by: the passage of its specific number
when it has one (a table row is left out: its label is checked as a row), else the aligned
passage when it holds the statement's share of the claim's words.

A word the paper uses elsewhere but the passage leaves out, with no word of the passage in
its slot, is left to the coverage rule (an answer may add a word the passage implies).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from annotations.schema import ErrorSpan, ErrorTag, Label
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.parts import DOWN_WORDS, SAME_WORDS, UP_WORDS, Part
from grounding.judges.rules_cues import NEGATIONS, REPORTING, affixed_opposites
from grounding.judges.statement_check import Alignment, PartResult, Status
from grounding.lexicon import STOPWORDS, content_term, content_terms, fold, is_numeric, root
from grounding.lexicon.parts_of_speech import can_be_noun, same_lemma
from grounding.lexicon.words import entity_slot_words, is_general_word, quantifier_words
from grounding.memo import per_check

__all__ = [
    "EntitySwap",
    "hit_alignment",
    "is_domain_word",
    "other_entity",
    "slot_swap",
    "widened",
]


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
    # "multiple iterations" / "extra iterations": how many, not what
    | frozenset(quantifier_words("sentence"))
    | frozenset(quantifier_words("passage"))
)
#: Letters shared at the start that make two words one family ("prostate" / "prostatic").
_PREFIX = 5

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


@dataclass(frozen=True, slots=True)
class EntitySwap:
    """A domain word of the claim its passage does not hold.

    word: the claim's word as written. other: the passage's word in its slot (None when
    the paper never uses ``word`` and the passage has none in its slot). certain: both
    words are domain words or names, so the passage contradicts the claim (C2); False when
    either is only shaped like one (a 3-letter word, an adjective or abstract noun's
    ending): the passage then fails to support it (nei).
    """

    word: str
    other: str | None
    certain: bool = True

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
        check: contradicted against ``other`` when certain (its C2 span added to
        ``errors``), else nei."""
        if self.other is not None and self.certain:
            errors.append(ErrorSpan(span=self.word, tags=(ErrorTag.C2,), correction=self.other))
            return Label.CONTRADICTION, f"Contradicted: {self.why(al)}.", [al.hit]
        return Label.NEI, f"Not enough information: {self.why(al)}.", [al.hit]

    def result(self, part: Part, al: Alignment) -> PartResult:
        """The statement's part result: C2 against ``other`` when certain, else N2."""
        if self.other is not None and self.certain:
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
        and not is_general_word(word)
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
        domain = plain and not (named and w.islower()) and not _glued(flat, m.start(), m.end())
        out.append((low, domain and is_domain_word(low)))
        named = not opens and w[:1].isupper()
    return out


#: What joins letters and digits into one term of the evidence index ("pass@1", "top5",
#: "v2.0": ``grounding.lexicon.tokens``).
_JOINERS = "@.'’"


def _glued(text: str, start: int, end: int) -> bool:
    """Whether the letters ``text[start:end]`` are only part of a term the evidence index
    reads whole: a digit right beside them, or a joiner ('@', '.', an apostrophe) between
    them and a letter or digit ("pass" of "pass@1", "top" of "top5"). Such a word is no
    domain noun, and the paper's terms hold it only inside its term."""
    after = text[end : end + 2]
    before = text[max(0, start - 2) : start]
    return bool(
        (after[:1].isdigit() or (after[:1] in _JOINERS and after[1:2].isalnum()))
        or (before[-1:].isdigit() or (before[-1:] in _JOINERS and before[:1].isalnum()))
    )


def _as_written(word: str, text: str, *, inside: bool = False) -> str:
    """``word`` (lower case) as ``text`` writes it (capitalised as its first word); with
    ``inside``, as it is written inside a sentence ("March", "humins": a capital opening a
    sentence says nothing), and as given when it only opens one."""
    flat = fold(text)
    for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", flat, re.I):
        before = flat[: m.start()].rstrip()
        if not inside or (before and before[-1] not in ".!?:"):
            return m.group(0)
    return word


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
    *,
    index: EvidenceIndex | None = None,
) -> EntitySwap | None:
    """The first domain word of ``text`` that the aligned passage ``al`` replaces with
    another (its slot holds another domain word, read from the words around it or by
    aligning the two texts word by word: :func:`slot_swap`) or that the paper never uses
    while the passage holds all the rest (module docstring); None when there is none.

    Args: text: the claim (or one clause of it). al: its aligned passage. subject: the
          title's words (lower case, squashed), the paper's own subject. paper_terms: the
          paper's content terms (``EvidenceIndex.doc_terms``); empty: the not-in-paper
          case is not looked at. index: the paper's evidence index, for the text around
          the passage (:func:`widened`), the paper's term counts and its phrases (None:
          the passage alone is aligned).
    """
    mine = _words(text)
    missing: list[int] = []
    if any(d for _, d in mine):
        theirs = _words(al.text)
        missing = _missing(mine, theirs, al, subject)
        claim_terms = {t for w, _ in mine if (t := _term(w)) is not None}
        mine_words = [w for w, _ in mine]
        for k in missing:
            if _verb_position(mine_words, k) or _after_verb_word(mine_words, k):
                continue
            other = _slot_word(k, mine, theirs, claim_terms)
            word = mine[k][0]
            if other is not None and not same_lemma(word, other) and _nouns(word, other):
                # each word as its own text writes it: the correction is the paper's
                # word ("March", not the folded "march")
                return EntitySwap(
                    _as_written(mine[k][0], text), _as_written(other, al.text, inside=True)
                )
    passage = widened(al, page_text(index, al.hit), text)
    found = slot_swap(
        text, passage, al.terms, subject, index.doc_terms if index is not None else paper_terms
    )
    if found is not None and index is not None and _refers_back(found, passage, index):
        found = None
    if found is not None:
        other = _as_written(found.other, passage, inside=True) if found.other is not None else None
        return EntitySwap(_as_written(found.word, text), other, found.certain)
    if not missing or not paper_terms:
        return None
    return _not_in_paper(text, mine, missing, al, paper_terms)


#: a term on at least this share of the paper's pages, and on SUBJECT_PAGES of them or
#: more, names its subject (a one-page abstract names no subject this way)
SUBJECT_SHARE = 0.5
SUBJECT_PAGES = 3
#: determiners before a noun that names again what the paper is about ("the species" for
#: the marsh deer of a paper on marsh deer, "our model" for the paper's model)
_DEFINITE = re.compile(r"\b(?:the|this|these|our)\s+$")


def _refers_back(found: EntitySwap, passage: str, index: EvidenceIndex) -> bool:
    """Is the passage's word in the claim word's slot a definite description of the
    paper's subject ("In Argentina, the species was categorized ..." for "the marsh
    deer"): a lower-case word right after "the", "this", "these" or "our" in the passage,
    where each term of the claim's word is on SUBJECT_SHARE of the paper's pages and on
    SUBJECT_PAGES or more?"""
    other = found.other
    if other is None or not other.islower():
        return False
    flat = fold(passage).lower()
    if not any(
        _DEFINITE.search(flat, 0, m.start())
        for m in re.finditer(rf"\b{re.escape(other.lower())}\b", flat)
    ):
        return False
    terms = content_terms(found.word)
    shares = [index.page_share(t) for t in terms]
    return bool(shares) and all(s >= SUBJECT_SHARE and n >= SUBJECT_PAGES for s, n in shares)


def _missing(
    mine: list[tuple[str, bool]],
    theirs: list[tuple[str, bool]],
    al: Alignment,
    subject: frozenset[str],
) -> list[int]:
    """The positions of the domain words of ``mine`` (the claim's words) that the passage
    (``theirs``, its words; ``al``, its terms) holds in no form, the subject's left out."""
    terms = al.terms
    roots = frozenset(root(t) for t in terms)
    prefixes: dict[str, list[int]] = {}
    for w, _ in theirs:
        if len(w) > _PREFIX:
            prefixes.setdefault(w[:_PREFIX], []).append(len(w))
    return [
        k
        for k, (w, d) in enumerate(mine)
        if d and w not in subject and not _held(w, terms, roots, prefixes)
    ]


def _not_in_paper(
    text: str,
    mine: list[tuple[str, bool]],
    missing: list[int],
    al: Alignment,
    paper_terms: Container[str],
) -> EntitySwap | None:
    """The first missing word (``missing``: positions in ``mine``) that the paper never
    uses, standing where a noun does, while the passage holds every other content term."""
    claim_terms = {t for w, _ in mine if (t := _term(w)) is not None}
    gone = {_term(mine[k][0]) for k in missing}
    rest = [t for t in claim_terms if t not in gone]
    if any(t not in al.terms for t in rest):
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


def page_text(index: EvidenceIndex | None, hit: Hit) -> str:
    """The text of ``hit``'s page in ``index`` ("" without an index or page)."""
    page = index.pages.get(hit.entry.page) if index is not None else None
    return str(getattr(page, "text", "") or "")


def hit_alignment(hit: Hit) -> Alignment:
    """``hit``'s own passage as an :class:`Alignment` (coverage 0: not measured), for the
    passage that verified a claim's number."""
    text = hit.entry.text
    return Alignment(hit, text, frozenset(hit.entry.terms), tuple(w for w, _ in _words(text)), 0.0)


# ------------------------------------------------------------------ aligned slots
#: A word or a number as the slot alignment reads text ("1.4571", "5.3.2", "ORAS5"); a
#: compound's parts are words of their own ("wind-evaporation-SST", "H-bonded").
_TOKEN = re.compile(r"[^\W_]+(?:\.\d+)*")
#: Words after which a verb stands, and what may open a line before its first word.
_VERB_BEFORE = entity_slot_words("verb_before")
_ANAPHOR = entity_slot_words("anaphor")
_MARKUP = "".join(entity_slot_words("markup"))
#: What may close a sentence's last word before its full stop.
_CLOSING = "*_\"'’”)]"
_COMPOUND = re.compile(r"[^\W_]+(?:[-'’.][^\W_]+)*")
#: Endings of adverbs and verb forms: never an entity, even in a slot ("clinically",
#: "enrolled", "increasing").
_NEVER_ENDINGS = ("ly", "ed", "ing")
#: How many tokens of text an aligned slot may span on each side (a compound's words).
_SLOT = 2
#: Characters of page text read on each side of the passage beyond the claim's length,
#: so that a claim that starts before its passage's window, or ends after it, aligns whole.
_MARGIN = 80
#: The least weight of the words shared around a slot (:func:`_run`): "after SCO of
#: furfural can be found" (4 + 4), "stainless steel 1.4571" (2 + 1 ... 5 + 1); not
#: "eccentric extension is" (2 + 1), words that met by chance.
_CONTEXT = 4


@dataclass(frozen=True, slots=True)
class _Tok:
    """One token of a text read for slots: the word in lower case, its key (content
    term, else the word), and how it may name an entity: 2 a domain word or a name
    (capitalised inside a sentence), 1 a word that may be one (3 letters, or shaped as an
    adjective or abstract noun), 0 none (stop, general, number, acronym, adverb, verb);
    whether it opens a sentence, and whether one ends right after it."""

    word: str
    key: str
    grade: int
    opens: bool = False
    ends: bool = False


def _grade(w: str, opens: bool) -> int:
    """How ``w`` (as written) may name an entity (:class:`_Tok`); ``opens``: it starts
    a sentence, where a capital says nothing."""
    low = w.lower()
    if not low.isalpha() or low in _NOT_ENTITY or is_general_word(low) or len(low) < 3:
        return 0
    if w[1:] != w[1:].lower():
        return 0  # an acronym or a name with inner capitals: statement_check's names
    if w[0].isupper() and not opens:
        return 2  # "Indian Ocean", "Template Prostate Mapping"
    if is_domain_word(low):
        return 2
    single = low[:-1] if low.endswith("s") and not low.endswith("ss") else low
    return 0 if low.endswith(_NEVER_ENDINGS) or single.endswith(_NEVER_ENDINGS) else 1


@per_check(maxsize=4096)
def _tokens(text: str) -> tuple[_Tok, ...]:
    """The tokens of ``text`` for slot alignment, in order; the parts of a compound with
    a digit ("DeepSeek-R1-Distill-Qwen-32B", "Ca2+") name no entity alone."""
    flat = fold(text)
    out = []
    for m in _COMPOUND.finditer(flat):
        i = m.start() - 1
        while i >= 0 and (flat[i].isspace() or flat[i] in _MARKUP):
            i -= 1
        opens = i < 0 or flat[i] in ".!?:;"
        named = not any(c.isdigit() for c in m.group(0))
        j = m.end()
        while j < len(flat) and (flat[j].isspace() or flat[j] in _CLOSING):
            j += 1
        parts = _TOKEN.findall(m.group(0))
        last = len(parts) - 1
        for n, part in enumerate(parts):
            low, key, grade = _part_key(part, opens)
            ends = n == last and (j >= len(flat) or flat[j] in ".!?:;")
            out.append(_Tok(low, key, grade if named else 0, opens, ends))
            opens = False
    return tuple(out)


@per_check(maxsize=16384)
def _part_key(part: str, opens: bool) -> tuple[str, str, int]:
    """(lower case, key, grade) of one token ``part`` as written (:class:`_Tok`); a
    paper's words recur on every passage a check aligns."""
    low = part.lower()
    plain = _unaccented(low)  # "Färber" and "Farber" are one key
    key = plain if any(c.isdigit() for c in plain) else _term(plain) or _AUX.get(plain, plain)
    return low, key, _grade(part, opens)


def _unaccented(word: str) -> str:
    """``word`` without its accents ("färber" -> "farber"), as a claim may write a name."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _family(a: str, b: str) -> bool:
    """Whether two words (lower case) are one word's forms: one term or root, one the
    start or (four letters or more) the end of the other, the same first letters at
    about the same length ("prostate" / "prostatic"), or forms the dictionary gives one
    lemma (irregular plurals: "indices" / "indexes", "loci" / "locus")."""
    a, b = _unaccented(a), _unaccented(b)
    ta, tb = _term(a) or a, _term(b) or b
    short, long_ = sorted((a, b), key=len)
    if ta == tb or root(ta) == root(tb) or long_.startswith(short):
        return True
    if len(short) >= 4 and long_.endswith(short):
        return True  # a name the PDF's text splits at an accent ("F¨arber")
    if len(a) > _PREFIX and a[:_PREFIX] == b[:_PREFIX] and abs(len(a) - len(b)) <= 3:
        return True
    return a.isalpha() and b.isalpha() and same_lemma(a, b)  # "indices" / "indexes"


def widened(al: Alignment, page_text: str, claim: str) -> str:
    """The text of ``al``'s passage with the page text on either side of it (the claim's
    length and :data:`_MARGIN` characters, cut at word boundaries), so that a claim the
    window cuts aligns whole; ``al.text`` where there is no page text or the passage is a
    table row."""
    e = al.hit.entry
    if not page_text or e.kind == "row" or e.end > len(page_text):
        return al.text
    reach = len(claim) + _MARGIN
    lo, hi = max(0, e.start - reach), min(len(page_text), e.end + reach)
    text = page_text[lo:hi]
    if lo > 0:
        text = text[len(text.split(None, 1)[0]) :] if text.strip() else text
    if hi < len(page_text):
        text = text.rsplit(None, 1)[0] if text.strip() else text
    return text


def _run(a: list[str], b: list[str], i: int, j: int, step: int) -> int:
    """The weight of the keys ``a`` and ``b`` share from ``a[i]`` and ``b[j]`` on, going
    by ``step`` (1 or -1), up to :data:`_SLOT` + 1 of them: a content word counts 2, a
    stop word or a number 1."""
    n = 0
    for k in range(_SLOT + 1):
        x, y = i + step * k, j + step * k
        if not (0 <= x < len(a) and 0 <= y < len(b)) or a[x] != b[y]:
            break
        n += 2 if a[x].isalpha() and a[x] not in STOPWORDS else 1
    return n


def slot_swap(
    text: str,
    passage: str,
    al_terms: frozenset[str],
    subject: frozenset[str] = frozenset(),
    paper_terms: Container[str] = frozenset(),
) -> EntitySwap | None:
    """The first word of ``text`` that ``passage`` replaces with another entity word in
    the same slot, read by aligning the two texts word by word (difflib): one or two words
    of each between the same words on both sides (:data:`_CONTEXT`, a content word
    counting twice); at the claim's start or end, one word against another, both domain
    words or names, with the other side alone, where the passage's sentence starts or
    ends there too ("to Mexico." is no swap of "to Cabo San Lucas in March."); the
    claim's word written more often in the claim than in the aligned stretch of the
    passage and the passage's word more often there than in the claim (so a reordering
    is no swap); the two not forms of one word
    (:func:`_family`), nor a misprint of the paper (:func:`_misprint`; ``paper_terms``:
    the paper's terms with their counts, when a mapping); the claim's word not an alias
    the paper defines (``al_terms``: the passage's terms with the aliases), nor the
    paper's subject, nor a verb (right after "can", "may", ...: ``entity_slots.tsv``).

    A swap between two domain words or names is certain (C2); one where either word is
    only shaped like an entity (3 letters, an adjective or abstract noun's ending) is not
    (``EntitySwap.certain`` False: nei), and only where the paper never uses the claim's
    word (``paper_terms``; an answer may name what the paper says elsewhere in other words,
    "directory structure" for "directory/file structure").
    """
    mine, theirs = _tokens(text), _tokens(passage)
    if not any(t.grade for t in mine):
        return None
    mine_words = [t.word for t in mine]
    a, b = [t.key for t in mine], [t.key for t in theirs]
    sm = SequenceMatcher(None, a, b, autojunk=False)
    # the passage's stretch the claim aligns with: from its first shared run of two or
    # more words to its last (a stray shared word further off is no part of it)
    blocks = [m for m in sm.get_matching_blocks() if m.size >= 2]
    if not blocks:
        return None
    lo, hi = max(0, blocks[0].b - _SLOT), min(len(b), blocks[-1].b + blocks[-1].size + _SLOT)
    # ... widened to the whole sentences it touches: a word the passage writes earlier in
    # the sentence the claim aligns with ("only with sucrose and fructose, humins (4 wt%)
    # formed") is no word swapped away
    while 0 < lo and not theirs[lo].opens:
        lo -= 1
    while hi < len(b) and not theirs[hi - 1].ends:
        hi += 1
    pair = _Pairing(
        Counter(a),
        Counter(b[lo:hi]),
        frozenset(b),
        al_terms,
        subject,
        paper_terms if isinstance(paper_terms, Mapping) else {},
    )
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag != "replace" or i2 - i1 > _SLOT:
            continue
        edge = i1 == 0 or i2 == len(a)
        if edge and i2 - i1 > 1:
            continue
        for k1, k2 in _slots(j1, j2, i1 == 0, i2 == len(a)):
            before = _run(a, b, i1 - 1, k1 - 1, -1)
            after = _run(a, b, i2, k2, 1)
            if (i1 and not before) or (i2 < len(a) and not after) or before + after < _CONTEXT:
                continue
            if (i1 == 0 and not theirs[k1].opens) or (i2 == len(a) and not theirs[k2 - 1].ends):
                continue  # the passage's words go on where the claim's start or stop
            for i in range(i1, i2):
                if _after_verb_word(mine_words, i):
                    continue
                if i > 0 and mine[i - 1].word in _ANAPHOR:
                    continue  # "this pathogen": what the sentence named before
                if _verb_position(mine_words, i):
                    continue
                swap = pair.swap(mine[i], theirs[k1:k2], edge, k2 - k1 == i2 - i1)
                if swap is not None:
                    return swap
    return None


#: Words that open what a verb governs: prepositions, determiners ("All variants lose
#: *between* 85% and 95%", "the samples show *a* peak").
_AFTER_VERB = frozenset(
    """between about around a an the their its his her our no all both each more less over
under up down to from in on at by with into through""".split()
)


def _nouns(word: str, other: str) -> bool:
    """True if both words can be nouns (``grounding.lexicon.parts_of_speech``): a verb,
    adjective or adverb in a slot is paraphrase, not another entity, unless the two are
    one word and its negative ("correct" / "incorrect"), which the slot contradicts."""
    if affixed_opposites(word.lower(), {other.lower()}):
        return True
    return can_be_noun(word) and can_be_noun(other)


def _after_verb_word(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` (lower case) follows, within two words, a word after which a
    verb stands ("can build", "do not cross": ``entity_slots.tsv``): no entity's slot."""
    return any(w in _VERB_BEFORE for w in words[max(0, i - 2) : i])


def _verb_position(words: Sequence[str], i: int) -> bool:
    """Whether ``words[i]`` (lower case) stands where a verb does: right after a plural
    noun (its subject) and before a preposition, a determiner or a number ("All variants
    *lose* between 85% and 95%" against "variants display between"): no entity's slot."""
    if i == 0 or i + 1 >= len(words):
        return False
    prev, nxt = words[i - 1], words[i + 1]
    plural = prev.endswith("s") and not prev.endswith(("ss", "us", "is")) and len(prev) > 3
    return plural and prev not in STOPWORDS and (nxt in _AFTER_VERB or nxt[:1].isdigit())


def _slots(j1: int, j2: int, first: bool, last: bool) -> list[tuple[int, int]]:
    """The passage's spans a slot may take within ``[j1, j2)``, the passage's side of a
    replaced stretch: one or two words right after the words shared before it, or right
    before the words shared after it (the matcher may fold stray words into the stretch);
    only the latter where the slot opens the claim (``first``), only the former where it
    ends it (``last``)."""
    out = []
    for m in range(1, min(_SLOT, j2 - j1) + 1):
        if not first:
            out.append((j1, j1 + m))
        if not last:
            out.append((j2 - m, j2))
    return list(dict.fromkeys(out))


@dataclass(frozen=True, slots=True)
class _Pairing:
    """What :func:`slot_swap` weighs a slot's two words against: the keys' counts in the
    claim and in the passage's aligned stretch, the passage's keys, its terms with the
    aliases, the paper's subject and the paper's term counts."""

    claimed: Counter[str]
    stretch: Counter[str]
    literal: frozenset[str]
    al_terms: frozenset[str]
    subject: frozenset[str]
    counts: Mapping[str, int]

    def swap(self, c: _Tok, theirs: tuple[_Tok, ...], edge: bool, even: bool) -> EntitySwap | None:
        """The swap of the claim's token ``c`` with a token of ``theirs`` (the passage's
        side of its slot; ``edge``: the slot is at the claim's start or end; ``even``: the
        two sides have as many words), or None. A swap that is not certain needs an even
        slot ("the men" for "the study population" is a rewording)."""
        if (
            not c.grade
            or (edge and c.grade < 2)
            or self.claimed[c.key] <= self.stretch[c.key]
            or c.word in self.subject
            or (c.key in self.al_terms and c.key not in self.literal)
        ):
            return None
        if any(_family(c.word, p.word) for p in theirs):
            return None  # the claim's word is in the slot, with a word more ("Australian coast")
        for p in theirs:
            if (
                not p.grade
                or (edge and p.grade < 2)
                or self.stretch[p.key] <= self.claimed[p.key]
                or _misprint(c.word, p.word, self.counts.get(p.key, 0))
                or _misspelt(c.word, p.word, self.counts.get(c.key, 0))
            ):
                continue
            certain = c.grade == 2 and p.grade == 2 and _nouns(c.word, p.word)
            if not certain and (not even or self.counts.get(c.key, 0)):
                return None
            return EntitySwap(c.word, p.word, certain=certain)
        return None


def _misspelt(word: str, printed: str, times: int) -> bool:
    """Whether the claim's ``word`` (which the paper uses ``times`` times) is a misspelling
    of the passage's ``printed``: never in the paper, both six letters or more, letters
    only, and one slip of the keyboard apart: two neighbouring letters exchanged ("yeild"),
    a letter or a run of up to two doubled ("tripplet", "effificiency"), or one letter left
    out of a long word ("perfomance"). A letter replaced by another is no slip: it makes
    other words of a field ("hexane" / "hexene"), as does a syllable put in ("pyridine" /
    "pyrimidine"). Such a word is read as no swap and left to the term checks."""
    if times or min(len(word), len(printed)) < 6 or not (word.isalpha() and printed.isalpha()):
        return False
    a, b = printed.lower(), word.lower()
    if len(a) == len(b):
        d = [i for i in range(len(a)) if a[i] != b[i]]
        return len(d) == 2 and d[1] == d[0] + 1 and (a[d[0]], a[d[1]]) == (b[d[1]], b[d[0]])
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    extra = len(longer) - len(shorter)
    if extra > 2:
        return False
    for i in range(len(shorter) + 1):
        if longer[:i] + longer[i + extra :] != shorter:
            continue
        run = longer[i : i + extra]
        if longer[max(0, i - extra) : i] == run or longer[i + extra : i + 2 * extra] == run:
            return True  # a doubled letter or run
        if extra == 1 and b is shorter and len(longer) >= 9:
            return True  # one letter left out of a long word
    return False


def _misprint(word: str, printed: str, times: int) -> bool:
    """Whether ``printed`` (a passage's word the paper uses ``times`` times) is a misprint
    of ``word``: as long, six letters or more, one letter apart, and used at most once
    ("parapraphs" for "paragraphs"; not "hexane" for "hexene" where the paper names it
    often)."""
    return (
        times <= 1
        and len(word) == len(printed) >= 6
        and sum(x != y for x, y in zip(word, printed)) == 1
    )
