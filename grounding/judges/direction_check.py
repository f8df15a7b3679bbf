"""Relations a sentence states in other words than the paper: negation and direction of
change, each checked against the paper's own sentence that names the same things (pure,
no I/O).

The rules judge's other checkers hold a sentence to the one line or window whose words it
shares; a claim that paraphrases ("Surgical face masks significantly increase droplets
expelled ..." where the paper says "Surgical face masks significantly reduced detection of
... RNA in respiratory droplets") shares too few words with any passage, so it ended nei.
This module reads the paper sentence by sentence (:class:`PaperSentences`, one per evidence
index, each page read when a claim's evidence is first retrieved from it) and checks two
relations:

- **negation** (:func:`negation_conflict`): the sentence negates ("did not", "no", "never",
  "cannot", "unable", "fails") what the paper's sentences about the same things state
  with no negation, no null result and no hedge ("similar", "unchanged", "whether",
  "limited"...): contradicted, C3. Every paper sentence that holds ``NEGATION_COVER`` of the
  sentence's content terms and one of the negated words must be affirmative.
- **direction of change** (:func:`direction_check`): a change word (increase / rise /
  higher / elevated / up-regulated / "more likely" vs decrease / reduce / lower / decline /
  fewer / attenuated / inhibited / "less likely") bound to the words it governs (the
  outcome, after it) and the words of its clause before it (the agent or population),
  compared with a change word of a paper sentence that governs the same outcome: the
  opposite direction is contradicted (C3); the same direction, with the agent's words in
  that sentence, no negation or hedge there and no operator word flipped
  (``statement_check.flipped_operators``), is verified.

Abbreviations are expanded as the paper defines them ("coronavirus disease 2019
(COVID-19)", found by the Schwartz-Hearst rule: A. Schwartz and M. Hearst, "A simple
algorithm for identifying abbreviation definitions in biomedical text", PSB 2003), so a
sentence naming the long form meets the paper's short one and the reverse, and terms are
reduced to their roots (:func:`grounding.lexicon.root`) so that derivations meet
("infection" / "infected").
The paper's topic terms (in over a fifth of its lines) bind a change to nothing.

Word lists are general English of change, negation and hedging, found on Check-COVID train
claims (third-party, CORD-19 abstracts); nothing here names a paper's content.

Usage::

    paper = PaperSentences.of(index)
    result = negation_conflict(sentence, paper) or direction_check(sentence, paper)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from weakref import WeakKeyDictionary, ref

from annotations.schema import ErrorTag
from grounding.evidence import EvidenceIndex, Hit
from grounding.judges.abbreviations import backward_match
from grounding.judges.attribution import _sentence_spans
from grounding.judges.parts import Part, PartKind
from grounding.judges.rules_cues import OPPOSITE
from grounding.judges.statement_check import PartResult, Status, written_numbers
from grounding.lexicon import content_term, content_terms, fold, is_numeric, raw_tokens, root
from grounding.lexicon.words import (
    DEGREE_WORDS,
    NO_BOUND,
    direction_stems,
    negation_pattern,
    negation_words,
)

#: Share (0-1) of the sentence's content terms a paper sentence must hold to be about the
#: same things, for a negation (a negated claim shares fewer words) and for a change.
NEGATION_COVER = 0.3
CHANGE_COVER = 0.3

#: Change words by direction (lower case, whole tokens; ``lexicon/data/direction_stems.tsv``,
#: use ``change``). "more" / "less" / "fewer" / "greater" count only before "than" or
#: "likely" (see :func:`changes`).
_UP = re.compile(direction_stems("up", "change"))
_DOWN = re.compile(direction_stems("down", "change"))
_COMPARATIVE = frozenset({"more", "less", "fewer", "greater"})
#: Cues of negation in the sentence checked.
_NEGATION = re.compile(r"\b(?:" + negation_pattern("denial") + r")\b|n't\b", re.I)
#: Negations that do not deny the statement ("not only", "no longer", "no evidence that":
#: a claim about the evidence, "not yet", "do not have to", "does not seem to").
_NOT_DENIAL = re.compile(
    r"\b(?:not only|not just|no longer|no more than|not yet|"
    r"not (?:have|need) to|n't (?:have|need) to|not necessarily|"
    r"not always|not (?:seem|appear)|n't (?:seem|appear)|"
    r"no (?:clear |direct |conclusive |strong )?evidence|not clear|"
    r"not known|not been (?:peer[- ])?reviewed)\b",
    re.I,
)
#: Words of totality or permanence: negated, they deny the extent, not the statement
#: ("do not retain the antibodies indefinitely" agrees with "retained for two years").
_UNIVERSAL = re.compile(
    r"\b(?:indefinitely|forever|always|permanent(?:ly)?|all|every|"
    r"completely|fully|entirely|totally|wholly|100 ?%)",
    re.I,
)
#: Cues that a paper sentence does not affirm a statement outright: negation, a null
#: result, a hedge or an open question.
_NOT_AFFIRMED = re.compile(
    r"\b(?:" + negation_pattern("unaffirmed") + r"|similar|comparable|unchanged|unaffected|"
    r"insignificant|refute[sd]?|erroneous(?:ly)?|limited|unclear|uncertain|unknown|debate|"
    r"conflicting|controversial|whether|if|may|might|could|hypothes\w*|question)\b|n['’]t\b",
    re.I,
)
#: A word before a change word (within three) that negates it: "did not reduce".
_NEGATES_NEXT = frozenset(negation_words("governs"))
#: Terms too general to bind a change to what it is about (stemmed).
_GENERIC = frozenset(
    content_terms(
        "risk risks rate rates level levels number numbers patient patients people person "
        "persons case cases effect effects proportion amount associated association "
        "significant significantly likely likelihood chance odds compared group groups "
        "study studies result results outcome outcomes among overall total"
    )
) | frozenset(content_terms(" ".join(sorted(DEGREE_WORDS))))
#: Words before a change word (within four) that make it the reference group of a
#: comparison, not a change: "22 times higher compared to patients with lower levels".
_REFERENCE_GROUP = frozenset({"compared", "comparison", "than", "versus", "vs", "relative"})
#: Share of the paper's text lines (0-1) above which a term is the paper's topic ("covid"
#: in a COVID-19 abstract): it binds a change to nothing.
TOPIC_SHARE = 0.2
#: Letters a root keeps (:func:`_root`): compounds and misspellings that share their first
#: seven letters meet ("hydroxychloroquinewas", "Neanderthals" / "Neandertals").
ROOT_LETTERS = 7
#: Words after a change word that name what it changes (its outcome), to the clause's end.
OUTCOME_WORDS = 8
#: Longest sentence (tokens) compared: a longer one is a table or a failed split.
MAX_WORDS = 80
_TOKEN = re.compile(r"[A-Za-z][\w'’-]*")
#: a token written as a number ("79.8%", "(1)", "2024,"), from word starts only: linear
#: time; a name with a digit in it ("DeepSeek-R1", "Pass@1") is a word of prose
_NUMBER_TOKEN = re.compile(r"(?<!\S)[(\[~±+\-−]?\.?\d\S*")
_CLAUSE_CUT = re.compile(r"[;:,()]|\b(?:but|while|whereas|although|because|which|who|that)\b")
#: What bounds the clause a change word's sentence says other things in: punctuation and
#: the words that open another clause (not "that" of a relative clause, "the droplets
#: that volunteers emitted", which says what changes).
_OTHER_CLAUSE = re.compile(r"[;:,()]|\b(?:but|while|whereas|although|because|which)\b")
_ABBREVIATION = re.compile(r"\(\s*([A-Za-z][\w-]*[A-Z0-9][\w-]*)\s*[),;]")


@dataclass(frozen=True, slots=True)
class Change:
    """A change word and what it is bound to: direction ``up`` / ``down``; negated (a
    negation within three words before it); outcome: the terms (:func:`_root`) of up to
    ``OUTCOME_WORDS`` words after it in its clause; agent: those of up to six words before
    it in its clause; than: a comparison ("than" within three words after it: "A is higher
    than B", the agent the larger side when up). Terms of :data:`_GENERIC` bind nothing."""

    word: str
    start: int
    direction: str
    negated: bool
    outcome: frozenset[str]
    agent: frozenset[str]
    than: bool = False


@dataclass(frozen=True, slots=True)
class PaperSentence:
    """One sentence of the paper: its number on its page (0-based), its page
    (1-based) and character offset in the page text, its text, its stemmed content terms
    with the long forms of the abbreviations it uses, and whether it affirms outright (no
    negation, null result or hedge). Its changes: :meth:`PaperSentences.changes_of`."""

    sid: int
    page: int
    start: int
    text: str
    terms: frozenset[str]

    @property
    def affirmed(self) -> bool:
        """True if the sentence affirms outright: no negation, null result or hedge
        (read when asked: a check asks it of the few sentences about a claim, not of
        every sentence of the pages it reads)."""
        return _NOT_AFFIRMED.search(self.text) is None


def _root(term: str) -> str:
    """The root a stemmed term shares with its derivations (:func:`grounding.lexicon.root`:
    "infection" / "infected" / "infectious" -> "infect"), to compare a claim with the
    paper's sentences. (A five-letter truncation merged unrelated words: "transmission" /
    "transplant".)"""
    out = root(term)
    return out[:ROOT_LETTERS] if len(out) > ROOT_LETTERS else out


def sentence_terms(text: str) -> frozenset[str]:
    """The terms of ``text`` as :attr:`PaperSentence.terms` holds them: content terms
    reduced to their roots, numbers left out."""
    return frozenset(_root(t) for t in content_terms(text) if not is_numeric(t))


def long_form(short: str, before: str) -> str | None:
    """The long form that ``short`` abbreviates at the end of ``before`` (Schwartz-Hearst,
    :func:`grounding.judges.abbreviations.backward_match` over the last min(|SF| + 5,
    2|SF|) whitespace-separated words), or None. ``long_form("COVID-19", "coronavirus
    disease 2019")`` is ``"coronavirus disease 2019"``."""
    n = len(short.lower())
    words = before.split()[-min(n + 5, 2 * n) :]
    out = backward_match(short, " ".join(words))
    out = out.strip() if out is not None else None
    return out if out and len(out) > len(short) else None


def abbreviations(text: str) -> dict[str, frozenset[str]]:
    """Abbreviation term -> the content terms of its long form, for every "long form
    (SHORT)" that ``text`` defines (:func:`long_form`)."""
    out: dict[str, frozenset[str]] = {}
    for m in _ABBREVIATION.finditer(text):
        short = m.group(1)
        key = sentence_terms(short)
        if len(key) != 1:
            continue
        lf = long_form(short, text[max(0, m.start() - 200) : m.start()])
        if lf is not None:
            out[next(iter(key))] = sentence_terms(lf)
    return out


def _expand(terms: frozenset[str], abbr: dict[str, frozenset[str]]) -> frozenset[str]:
    extra = [abbr[t] for t in terms if t in abbr]
    return terms.union(*extra) if extra else terms


def changes(text: str) -> tuple[Change, ...]:
    """The change words of ``text`` (see :class:`Change`), in order. "more" / "less" /
    "fewer" / "greater" count only with "than" or "likely" within the next three words."""
    s = fold(text)
    toks = list(_TOKEN.finditer(s))
    low = [m.group(0).lower().replace("’", "'") for m in toks]
    out = []
    for i, w in enumerate(low):
        direction = "up" if _UP.fullmatch(w) else "down" if _DOWN.fullmatch(w) else None
        if direction is None:
            continue
        if w in _COMPARATIVE and not {"than", "likely"} & set(low[i + 1 : i + 4]):
            continue
        if (
            w in ("fall", "falls", "fell", "falling")
            and low[i + 1 : i + 2]
            and low[i + 1] in ("into", "in", "within", "under", "on", "ill")
        ):
            continue  # "fall into the category", "fall ill"
        if _REFERENCE_GROUP & set(low[max(0, i - 4) : i]):
            continue  # "compared to patients with lower IL-6 levels"
        negated = any(x in _NEGATES_NEXT or x.endswith("n't") for x in low[max(0, i - 3) : i])
        start = toks[i].start()
        lo = toks[max(0, i - 6)].start() if i else 0
        head = s[lo:start]
        cut = list(_CLAUSE_CUT.finditer(head))
        if cut:
            head = head[cut[-1].end() :]
        tail = (
            s[toks[i].end() : toks[min(len(toks), i + 1 + OUTCOME_WORDS) - 1].end()]
            if i + 1 < len(toks)
            else ""
        )
        cut_at = _CLAUSE_CUT.search(tail)
        if cut_at:
            tail = tail[: cut_at.start()]
        out.append(
            Change(
                toks[i].group(0),
                start,
                direction,
                negated,
                sentence_terms(tail) - _GENERIC,
                sentence_terms(head) - _GENERIC,
                "than" in low[i + 1 : i + 4],
            )
        )
    return tuple(out)


class PaperSentences:
    """The paper's sentences (page text split at sentence ends, lines joined), each with
    its terms, read page by page when a claim first asks for the page (a claim is compared
    with the pages its evidence was retrieved from), and the abbreviations the paper
    defines. One per evidence index (:meth:`of`).

    Args: pages: (page number, page text) pairs in order. lines: the stemmed terms of each
          text line of the paper, for :attr:`topic`.
    """

    def __init__(
        self, pages: Iterable[tuple[int, str]], lines: Sequence[Sequence[str]] = ()
    ) -> None:
        self._texts = {n: text.replace("\n", " ") for n, text in pages}
        self.abbreviations: dict[str, frozenset[str]] = {}
        for text in self._texts.values():
            self.abbreviations.update(abbreviations(text))
        self._lines = lines
        self._index: ref[EvidenceIndex] | None = None
        self._topic: frozenset[str] | None = None
        self._pages: dict[int, list[PaperSentence]] = {}
        self._changes: dict[tuple[int, int], tuple[Change, ...]] = {}
        self._memo: dict[str, str | None] = {}  # token -> content term (None: none)

    @property
    def topic(self) -> frozenset[str]:
        """Terms too common in the paper to bind a change to anything ("covid" in a COVID-19
        abstract): stemmed terms of ``lines`` (the text lines' terms) in more than
        ``TOPIC_SHARE`` of them and in three at least, as :func:`_root` reduces them; computed
        on first use."""
        if self._topic is None:
            df = Counter(chain.from_iterable(set(terms) for terms in self._lines))
            need = max(3.0, TOPIC_SHARE * len(self._lines))
            self._topic = frozenset(
                _root(t) for t, n in df.items() if n >= need and n > TOPIC_SHARE * len(self._lines)
            )
        return self._topic

    @classmethod
    def of(cls, index: EvidenceIndex) -> PaperSentences:
        """The sentences of the pages of ``index`` (``index.pages``: objects with ``number``
        and ``text``; the topic from its text lines), made once per index and kept while the
        index lives."""
        held = _PAPERS.get(index)
        if held is None:
            held = _PAPERS[index] = cls(
                ((n, getattr(p, "text", "") or "") for n, p in sorted(index.pages.items())),
                [e.terms for e in index.entries if e.kind == "line"],
            )
            held._index = ref(index)
        return held

    def hit_for(self, sentence: PaperSentence, score: float) -> Hit | None:
        """The index's line (else window) where ``sentence`` starts, as a Hit scored
        ``score`` (the share of the claim's terms the sentence holds), for the evidence
        box; None when the index is gone or made this from plain pages."""
        index = self._index() if self._index is not None else None
        if index is None:
            return None
        return index.hit_at(sentence.page, sentence.start, round(score, 4))

    def page_numbers(self) -> list[int]:
        """The numbers of the paper's pages, in order."""
        return sorted(self._texts)

    def page(self, number: int) -> list[PaperSentence]:
        """The prose sentences of page ``number`` (1-based; [] for no such page), read once."""
        held = self._pages.get(number)
        if held is not None:
            return held
        flat = self._texts.get(number, "")
        memo = self._memo
        out: list[PaperSentence] = []
        for a, b in _sentence_spans(flat):
            body = flat[a:b].strip()
            if not _prose(body):
                continue
            terms: set[str] = set()
            for tok in raw_tokens(body):
                if tok not in memo:
                    term = content_term(tok)
                    memo[tok] = None if term is None or is_numeric(term) else _root(term)
                if (term := memo[tok]) is not None:
                    terms.add(term)
            out.append(
                PaperSentence(
                    len(out), number, a, body, _expand(frozenset(terms), self.abbreviations)
                )
            )
        self._pages[number] = out
        return out

    def changes_of(self, sentence: PaperSentence) -> tuple[Change, ...]:
        """:func:`changes` of ``sentence``, memoised."""
        key = (sentence.page, sentence.sid)
        held = self._changes.get(key)
        if held is None:
            held = self._changes[key] = changes(sentence.text)
        return held

    def about(
        self,
        terms: frozenset[str],
        cover: float,
        pages: Iterable[int] | None = None,
        skip: Callable[[int, int], bool] | None = None,
    ) -> list[tuple[float, PaperSentence]]:
        """Sentences of ``pages`` (None: every page) holding at least ``cover`` of
        ``terms`` (share in [0, 1]), best first, less those ``skip(page, offset)`` rejects
        (reference list, other studies)."""
        if not terms:
            return []
        out = []
        for n in sorted(set(self._texts if pages is None else pages)):
            for p in self.page(n):
                c = len(terms & p.terms) / len(terms)
                if c >= cover and (skip is None or not skip(p.page, p.start)):
                    out.append((c, p))
        return sorted(out, key=lambda x: -x[0])


#: One PaperSentences per evidence index, dropped with the index.
_PAPERS: WeakKeyDictionary[EvidenceIndex, PaperSentences] = WeakKeyDictionary()


def _prose(text: str) -> bool:
    """A sentence of prose: 20 characters or more, at most ``MAX_WORDS`` tokens, and at
    most a quarter of them numbers (a table read as text is not a statement to compare)."""
    if len(text) < 20:
        return False
    toks = len(text.split())
    return toks <= MAX_WORDS and len(_NUMBER_TOKEN.findall(text)) <= toks / 4


def quote(text: str, n: int = 90) -> str:
    """A paper sentence as a rationale quotes it: its first ``n`` characters and "…"."""
    return text if len(text) <= n else text[:n].rstrip() + "…"


#: what sets one clause against another ("..., while X was not measured")
_OPPOSED = re.compile(r";|,\s*(?:while|whereas|but|although)\b|\b(?:while|whereas)\b", re.I)


#: negation cues that deny a whole noun phrase, not a verb's first words
_NOUN_NEGATIONS = frozenset(negation_words("phrase"))


#: the word that opens the second term of a comparison
_THAN = re.compile(r"\bthan\b", re.I)


def negation_conflict(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> PartResult | None:
    """The sentence negates what the paper states affirmatively: contradicted (C3).

    The negation cue of ``text`` (one only: a double negation is skipped; not "not only",
    "no longer", "no evidence", "not yet"; not one whose clause holds a word of totality,
    "not ... indefinitely") governs the content words of up to five words after it in its
    clause (a verb's negation, "not", "cannot", the first two of them). Every paper
    sentence holding ``NEGATION_COVER`` of the sentence's terms and one governed word must
    affirm outright (no negation, null result or hedge), and there must be one.

    Returns: a contradicted PartResult (span: the negation cue), or None.
    """
    s = fold(text)
    if _NOT_DENIAL.search(s):
        return None
    cues = [
        c
        for c in _NEGATION.finditer(s)
        if not (c.group(0).lower() == "no" and NO_BOUND.match(s, c.end()))
    ]
    if len(cues) != 1:
        return None  # none, or a double negation ("not ... if not for")
    m = cues[0]
    if _THAN.search(s, 0, m.start()):
        return None  # the negation is in what the sentence compares with ("closer to a
        # paper it cites than to one it does not cite"), not its own polarity
    after = re.split(r"[,;:]|\b(?:but|while|whereas|although|because)\b", s[m.end() :])[0]
    if _UNIVERSAL.search(after):
        return None  # "do not retain antibodies indefinitely": a limit
    # a verb's negation governs its first two content words: "μ cannot be negative makes the
    # posterior skewed" denies "negative", not the "posterior" of the clause it feeds; "no"
    # governs its whole noun phrase ("no adverse effects on pregnant women")
    near = [t for t in content_terms(" ".join(after.split()[:5])) if not is_numeric(t)]
    if m.group(0).lower() not in _NOUN_NEGATIONS:
        near = near[:2]
    governed = _expand(frozenset(_root(t) for t in near), paper.abbreviations) - _GENERIC
    # the negated clause, where the sentence sets it against another ("ECFP-T65S outlasts
    # ECFP, while Cerulean-T65S was not measured"): the paper's sentences about it
    cuts = [0, *(c.end() for c in _OPPOSED.finditer(s, 0, m.start())), len(s)]
    nxt = _OPPOSED.search(s, m.end())
    own = s[max(c for c in cuts if c <= m.start()) : nxt.start() if nxt else len(s)]
    claim = _expand(sentence_terms(own), paper.abbreviations)
    if len(claim) < 3:
        claim = _expand(sentence_terms(s), paper.abbreviations)
    if not governed or len(claim) < 3:
        return None
    about = [
        (c, p) for c, p in paper.about(claim, NEGATION_COVER, pages, skip) if governed & p.terms
    ]
    if not about or not all(p.affirmed for _, p in about):
        return None
    cover, best = about[0]
    part = Part(PartKind.POLARITY, m.group(0), m.start(), m.end(), "neg", tuple(governed))
    return PartResult(
        part,
        Status.CONTRADICTED,
        ErrorTag.C3,
        f"the sentence negates ('{m.group(0)}') what page {best.page} states "
        f'with no negation ("{quote(best.text)}")',
        paper.hit_for(best, cover),
        m.group(0),
        "",
    )


def _same_values(
    text: str, about: list[tuple[float, PaperSentence]]
) -> list[tuple[float, PaperSentence]]:
    """Of the paper's sentences ``about`` a claim, those that write every number of the
    claim ``text``, when there are such: the claim's numbers say which statement it is
    ("Cerulean-T65S increases by 25%" is read against "that of Cerulean-T65S increases by
    25%", not against a sentence of another page on other variants). All of ``about`` when
    the claim has no number or no sentence writes them all."""
    mine = written_numbers(fold(text))
    if not mine:
        return about
    return [(c, p) for c, p in about if mine <= written_numbers(p.text)] or about


def _bound_changes(
    paper: PaperSentences,
    p: PaperSentence,
    outcome: frozenset[str],
    agent: frozenset[str],
    elsewhere: frozenset[str],
) -> list[Change]:
    """The changes of the paper's sentence ``p`` (not negated) bound to a claim change's
    ``outcome`` (its terms among theirs, outcome or subject), less those about another
    thing: whose outcome or subject holds a word the sentence uses in another clause
    (``elsewhere``: "the yield dropped ..., which ... the humin structure" is not about
    "the humin yield increases")."""
    out = []
    for d in paper.changes_of(p):
        theirs = _expand(d.outcome | d.agent, paper.abbreviations)
        if not d.negated and outcome & theirs and not (theirs - outcome - agent) & elsewhere:
            out.append(d)
    return out


def _clause_of(s: str, at: int) -> str:
    """The clause of ``s`` (:data:`_OTHER_CLAUSE`) holding offset ``at``."""
    lo = max((m.end() for m in _OTHER_CLAUSE.finditer(s, 0, at)), default=0)
    hi = _OTHER_CLAUSE.search(s, at)
    return s[lo : hi.start() if hi else len(s)]


def _both_ways(mine: list[Change]) -> set[int]:
    """``id()`` of each change of a thing the sentence says changes both ways ("the SNR
    first rises and then falls"): one paper change of either direction contradicts
    neither."""
    return {
        id(c)
        for c in mine
        for d in mine
        if d.direction != c.direction and (d.agent | d.outcome) & (c.agent | c.outcome)
    }


def direction_check(
    text: str,
    paper: PaperSentences,
    pages: Iterable[int] | None = None,
    skip: Callable[[int, int], bool] | None = None,
) -> PartResult | None:
    """The sentence's change words against the paper's sentences about the same things.

    For each change word of ``text`` that no negation governs: a paper sentence holding
    ``CHANGE_COVER`` of the sentence's terms with a change of the opposite direction bound
    to a word of the same outcome, and none of the same direction bound to it, while the
    agent's words (if any) are in that sentence -> contradicted (C3, the paper's word as
    correction). When every change word of a sentence with no negation has a paper
    sentence that affirms outright the same direction on the same outcome with the agent's
    words (a change with no agent words is never verified), and flips no operator word ->
    verified. Terms of the paper's topic (:attr:`PaperSentences.topic`) bind nothing.

    Returns: a PartResult (contradicted or verified), or None when nothing was settled.
    """
    mine = [c for c in changes(text) if not c.negated]
    if not mine:
        return None
    s = fold(text)
    claim = _expand(sentence_terms(text), paper.abbreviations)
    about = _same_values(text, paper.about(claim, CHANGE_COVER, pages, skip))
    negated = _NEGATION.search(fold(text)) is not None
    verified: list[tuple[Change, PaperSentence, float]] = []
    both_ways = _both_ways(mine)
    for c in mine:
        outcome = _expand(c.outcome, paper.abbreviations) - paper.topic
        agent = _expand(c.agent, paper.abbreviations) - paper.topic
        found: tuple[PaperSentence, float] | None = None
        elsewhere = claim - _expand(sentence_terms(_clause_of(s, c.start)), paper.abbreviations)
        for cover, p in about:
            if agent and not agent & p.terms:
                continue
            bound = _bound_changes(paper, p, outcome, agent, elsewhere)
            same = [d for d in bound if (d.direction == c.direction) != _exchanged(c, d)]
            other = [d for d in bound if d not in same]
            if other and not same and id(c) not in both_ways:
                part = Part(
                    PartKind.COMPARISON, c.word, c.start, c.start + len(c.word), c.direction
                )
                return PartResult(
                    part,
                    Status.CONTRADICTED,
                    ErrorTag.C3,
                    f"the sentence says '{c.word}' where page {p.page} says "
                    f"'{other[0].word}' of the same thing (\"{quote(p.text)}\")",
                    paper.hit_for(p, cover),
                    c.word,
                    other[0].word,
                )
            if (
                same
                and not other
                and p.affirmed
                and agent
                and found is None
                and not _flipped(text, p.text)
            ):
                found = (p, cover)
        if found is not None:
            verified.append((c, *found))
    if negated or len(verified) < len(mine):
        return None
    c, p, cover = verified[0]
    part = Part(PartKind.COMPARISON, c.word, c.start, c.start + len(c.word), c.direction)
    return PartResult(
        part,
        Status.VERIFIED,
        why=f"'{c.word}' goes the same way on page {p.page} (\"{quote(p.text)}\")",
        hit=paper.hit_for(p, cover),
    )


def _exchanged(c: Change, d: Change) -> bool:
    """True if two comparisons (both with "than") name their sides the other way round
    ("A is higher than B" and "B is lower than A"): the terms each side holds alone meet
    crosswise more than in place. The direction of one of them is then reversed before the
    two are compared (a comparison normalised to larger / smaller)."""
    if not (c.than and d.than):
        return False
    ca, co, da, do = (
        c.agent - c.outcome,
        c.outcome - c.agent,
        d.agent - d.outcome,
        d.outcome - d.agent,
    )
    return len(ca & do) + len(co & da) > len(ca & da) + len(co & do)


def _flipped(text: str, passage: str) -> bool:
    """An operator word of ``text`` (rules_cues.OPPOSITE) whose opposite ``passage``
    states while it does not state the word itself."""
    have = set(re.findall(r"[a-z]+", fold(passage).lower()))
    return any(
        w in OPPOSITE and w not in have and OPPOSITE[w] & have
        for w in re.findall(r"[a-z]+", fold(text).lower())
    )


__all__ = [
    "CHANGE_COVER",
    "NEGATION_COVER",
    "Change",
    "PaperSentence",
    "PaperSentences",
    "abbreviations",
    "changes",
    "direction_check",
    "long_form",
    "negation_conflict",
    "quote",
    "sentence_terms",
]
