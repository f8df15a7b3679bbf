"""The premise graph of an answer: which earlier sentences each sentence relies on.

``build_graph`` links a sentence to its premises from discourse cues and anaphora ("This
suggests", "Therefore", "These results", "As a result", "In other words", "Overall", "which
means", ...) and from the words and numbers it shares with earlier sentences. The result is a
``networkx.DiGraph``: nodes are sentence ids ``"S1"``.. (attributes ``index``, ``text``,
``role``, ``label``, ``claim``), edges go from a sentence to a premise, always an earlier
sentence, so the graph is acyclic by construction. Sentences labelled ``not_a_claim`` (or
that look like framing, headings or reference entries when no labels are given) are never
premises and have none.

Rules, tuned on the gold ``depends_on`` of GroundQA dev (``python bench/graph.py`` prints
edge precision, recall and F1 with and without roles):

- Which sentences have premises. With a role: every Interpretation, and an Observation
  that opens with an anaphoric noun phrase ("This KVQA finetuning stage ...") or says
  "attribute(s) this". Without a role: a sentence that opens with a discourse cue ("So",
  "Therefore", "This", "In other words", "Because", "Despite", "Overall", ...) or contains
  one ("therefore", "which means", "suggests", "implies", ...); but a sentence whose only
  cue is a subordinate opener ("Because ...", "Since ...", "Once ...") gives its reason
  itself, so it has premises only when that clause shares content with an earlier claim.
- Which premises. A summary opener ("Overall", "Taken together", "In short", "In effect")
  looks at the earlier claims of its section (since the last heading), Observations only
  when roles are known, leaving out the answer's opening claim (its thesis); followed by
  "these" / "those" / "all" it takes them all, otherwise those that share content words
  with it (at least ``SUMMARY_RATIO`` of the best overlap). An anaphoric
  opener ("This", "So", "In other words") takes the previous claim, and also the one
  before it when that one shares clearly more content (a comparison of two results); a
  consequence connective ("So", "Therefore") that shares nothing with either takes the
  claim it shares content with, as below.
  Any other dependent sentence takes the earlier claim sharing most content, discounted
  by ``RECENCY`` per sentence back, or the previous claim when none shares content.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import networkx as nx

from annotations.errors import InputError
from annotations.schema import Label, Role
from grounding.lexicon import content_terms, is_numeric
from grounding.types import Sentence

__all__ = ["build_graph", "depends_on", "is_dependent", "looks_like_non_claim"]

#: Openers that sum up several earlier claims.
_SUMMARY = re.compile(
    r"^\W*(?:overall|taken together|in short|in sum|in summary|to sum up|in effect|together|"
    r"all in all|in total|altogether|collectively|on balance|in conclusion)\b",
    re.IGNORECASE,
)
#: A summary of everything before it in its section ("Taken together, these results").
_SUMMARY_ALL = re.compile(_SUMMARY.pattern + r"\W+(?:\w+\W+)?(?:these|those|all)\b", re.IGNORECASE)
#: Openers that draw on the sentence(s) just before.
_OPENER = re.compile(
    r"^\W*(?:so|thus|therefore|hence|consequently|accordingly|as a result|in other words|"
    r"put differently|that is|this|these|that|those|such|it follows|which means|"
    r"this means|more broadly|by extension|in practice|practically|because of this|"
    r"given this|given that|with that|with these|with this|on this basis|for this reason|"
    r"despite|combined with|because|since|once)\b",
    re.IGNORECASE,
)
#: Cues anywhere in the sentence.
_INNER = re.compile(
    r"\b(?:therefore|thus|hence|consequently|accordingly|which means|this means|"
    r"this suggests|this implies|these results|this shows|this indicates|implies that|"
    r"suggests that|indicates that|means that|this makes|that makes|that gives|"
    r"attribute this|attributes this|explains this|is why|suggests?|implies|imply)\b",
    re.IGNORECASE,
)
#: Openers whose premise is the claim just before ("This suggests", "So", "In other words").
_ANAPHOR = re.compile(
    r"^\W*(?:so|thus|therefore|hence|consequently|accordingly|as a result|in other words|"
    r"put differently|that is|this|these|that|those|such|it|which means|this means|"
    r"more broadly|by extension|in practice|because of this|given this|for this reason|"
    r"the authors (?:accordingly|attribute this|therefore))\b",
    re.IGNORECASE,
)
#: Consequence connectives ("So", "Therefore"): unlike a demonstrative ("This"), they
#: name no sentence, so the premise is the claim the sentence shares content with.
_CONNECTIVE = re.compile(
    r"^\W*(?:so|thus|therefore|hence|consequently|accordingly|as a result)\b", re.IGNORECASE
)
_HEADING_LIKE = re.compile(r"^(?:\*\*[^*]+\*\*|#{1,6}\s.*|[^.?!]{1,80})$")
_FRAMING = re.compile(
    r"^\W*(?:here is|here are|here's|below is|below are|the following|in this answer|"
    r"let me|i hope|feel free|let us|let's)\b",
    re.IGNORECASE,
)
_REFERENCE = re.compile(
    r"^(?:\[\d+\]\s|[A-Z][\w'\-]+,\s(?:[A-Z]\.\s?)+|[A-Z][\w'\-]+\s[A-Z]{1,3}[,.]\s)"
)


def looks_like_non_claim(text: str) -> bool:
    """Heuristic for sentences with nothing to check, used when labels are not given.

    True for headings (bold-only or short lines without a final period), lines ending with
    a colon, framing ("Here is ..."), and reference-list entries ("[1] ...", "Smith, J., ...").
    """
    t = text.strip()
    if not t:
        return True
    if t.endswith(":") or _FRAMING.match(t) or _REFERENCE.match(t):
        return True
    if t.startswith("**") and t.endswith("**"):
        return True
    return bool(_HEADING_LIKE.match(t)) and len(t.split()) <= 8


def is_dependent(text: str, role: Role | None = None) -> bool:
    """Whether the sentence relies on earlier sentences as premises.

    Args: text: the sentence. role: its role if known (Interpretation is always dependent).
    """
    if role is Role.INTERPRETATION:
        return True
    head = _strip_markup(text)
    if role is Role.OBSERVATION:
        return bool(_ANAPHORIC_OBS.match(head) or _ATTRIBUTES.search(head))
    return bool(_SUMMARY.match(head) or _OPENER.match(head) or _INNER.search(head))


_ANAPHORIC_OBS = re.compile(
    r"^(?:this|these|such)\s+(?!is\b|are\b|was\b|were\b|has\b|have\b)[A-Za-z]", re.IGNORECASE
)
_ATTRIBUTES = re.compile(r"\b(?:attributes?|explains?) this\b", re.IGNORECASE)


#: Openers of a subordinate clause whose premise is stated inside the sentence itself
#: ("Because it is optimized for Chinese and English, R1 may ...").
_SUBORDINATE = re.compile(r"^\W*(?:because|since|once)\b", re.IGNORECASE)


def _restates_earlier(text: str, postings: dict[str, list[int]], idf: dict[str, float]) -> bool:
    """For a sentence without a role: False when its only cue is a subordinate opener
    ("Because ...", "Since ...", "Once ...") whose clause (up to the first comma) shares
    less than ``MIN_OVERLAP`` of content with every earlier claim: the reason it gives is
    its own, not an earlier sentence. True otherwise."""
    head = _strip_markup(text)
    if not _SUBORDINATE.match(head) or _INNER.search(head):
        return True
    clause = _terms(head.split(",", 1)[0])
    shared: dict[int, float] = {}
    for t in clause:
        for j in postings.get(t, ()):
            shared[j] = shared.get(j, 0.0) + _weight(t, idf)
    return max(shared.values(), default=0.0) >= MIN_OVERLAP


def _strip_markup(text: str) -> str:
    """Drop a leading bold label (``**Scoring:**``) and markdown emphasis."""
    t = re.sub(r"^\*\*[^*]+\*\*:?\s*", "", text.strip())
    return t.replace("**", "").replace("`", "")


def build_graph(
    sentences: Sequence[Sentence],
    roles: Sequence[Role | None] | None = None,
    labels: Sequence[Label] | None = None,
) -> nx.DiGraph:
    """The premise graph of one answer.

    Args: sentences: the answer's sentences in order (``split_sentences``).
          roles: role per sentence (None where unknown), or None for no roles at all.
          labels: label per sentence (only ``not_a_claim`` matters here), or None, in which
              case :func:`looks_like_non_claim` decides.
    Returns: nx.DiGraph, nodes ``"S1"``.. with attributes index (0-based), text, role,
        label, claim (bool); edges sentence -> premise, premise always earlier; edge
        attribute ``cue`` ("summary", "anaphora" or "content"). Acyclic.
    Raises: InputError if roles or labels do not have one entry per sentence.
    """
    n = len(sentences)
    for name, seq in (("roles", roles), ("labels", labels)):
        if seq is not None and len(seq) != n:
            raise InputError(f"{name} has {len(seq)} entries for {n} sentences")
    g: nx.DiGraph = nx.DiGraph()
    claim = _add_nodes(g, sentences, roles, labels)
    terms = [_terms(s.text) for s in sentences]
    idf = _idf(terms)
    section = _sections(sentences, claim)
    first_claim = next((j for j in range(n) if claim[j]), -1)
    seen = _EarlierClaims()
    for i, s in enumerate(sentences):
        role = roles[i] if roles is not None else None
        if (
            claim[i]
            and seen.order
            and is_dependent(s.text, role)
            and (role is not None or _restates_earlier(s.text, seen.postings, idf))
        ):
            premises, cue = _cue_premises(i, s.text, seen, first_claim, section[i], terms, idf)
            for j in premises:
                g.add_edge(_sid(i), _sid(j), cue=cue)
        if claim[i]:
            pooled = roles is None or role is not Role.INTERPRETATION
            seen.add(i, terms[i], section[i], pooled)
    return g


def _add_nodes(
    g: nx.DiGraph,
    sentences: Sequence[Sentence],
    roles: Sequence[Role | None] | None,
    labels: Sequence[Label] | None,
) -> list[bool]:
    """Add node ``"S<i+1>"`` per sentence to ``g`` (see :func:`build_graph`); returns
    whether each sentence is a claim (by its label, else :func:`looks_like_non_claim`)."""
    claim: list[bool] = []
    for i, s in enumerate(sentences):
        label = labels[i] if labels is not None else None
        role = roles[i] if roles is not None else None
        is_claim = (
            (label is not Label.NOT_A_CLAIM)
            if label is not None
            else not looks_like_non_claim(s.text)
        )
        claim.append(is_claim)
        g.add_node(_sid(i), index=i, text=s.text, role=role, label=label, claim=is_claim)
    return claim


@dataclass
class _EarlierClaims:
    """The claims before the sentence at hand, kept as they grow (nothing in
    :func:`build_graph` scans all earlier sentences): ``order``, in answer order; ``pos``,
    each one's place in that order; ``postings``, per term, the claims holding it
    (ascending); ``pool``, the summary pool (claims that are not Interpretations when roles
    are known); ``sec_claims`` and ``sec_pool``, per section, its claims and its pool."""

    order: list[int] = field(default_factory=list)
    pos: dict[int, int] = field(default_factory=dict)
    postings: dict[str, list[int]] = field(default_factory=dict)
    pool: list[int] = field(default_factory=list)
    sec_claims: dict[int, list[int]] = field(default_factory=dict)
    sec_pool: dict[int, list[int]] = field(default_factory=dict)

    def add(self, i: int, terms: Iterable[str], section: int, pooled: bool) -> None:
        """Add claim ``i`` (its ``terms``, in ``section``; ``pooled``: in the pools)."""
        self.pos[i] = len(self.order)
        self.order.append(i)
        for t in terms:
            self.postings.setdefault(t, []).append(i)
        self.sec_claims.setdefault(section, []).append(i)
        if pooled:
            self.pool.append(i)
            self.sec_pool.setdefault(section, []).append(i)


def _cue_premises(
    i: int,
    text: str,
    seen: _EarlierClaims,
    first_claim: int,
    section: int,
    terms: list[frozenset[str]],
    idf: dict[str, float],
) -> tuple[list[int], str]:
    """The premises of dependent claim ``i`` (``text``, in ``section``) among the ``seen``
    claims, and the cue that found them: "summary", "anaphora" or "content"."""
    earlier = seen.order
    head = _strip_markup(text)
    if _SUMMARY.match(head):
        premises = _summary_cue_premises(
            i,
            head,
            earlier,
            seen.pool,
            first_claim,
            seen.sec_pool.get(section, []),
            seen.sec_claims.get(section, []),
            terms,
            idf,
        )
        return premises, "summary"
    if _ANAPHOR.match(head):
        premises = _anaphora_premises(i, earlier, terms, idf)
        if (
            premises == [earlier[-1]]
            and _CONNECTIVE.match(head)
            and _overlap(terms[i], terms[earlier[-1]], idf) < MIN_OVERLAP
        ):
            # "So a user who ..." sharing nothing with the claim before it rests on
            # the claim it shares content with, however far back
            premises = _local_premises(i, earlier, seen.pos, seen.postings, terms, idf)
        return premises, "anaphora"
    return _local_premises(i, earlier, seen.pos, seen.postings, terms, idf), "content"


def _summary_cue_premises(
    i: int,
    head: str,
    earlier: list[int],
    pool: list[int],
    first_claim: int,
    same_pool: list[int],
    same_claims: list[int],
    terms: list[frozenset[str]],
    idf: dict[str, float],
) -> list[int]:
    """The premises of sentence ``i``, which opens with a summary cue (``head``: its text
    without markup): the claims of its section's summary pool (``same_pool``; else the
    whole ``pool``) less the answer's opening claim (its thesis) when there is more, or
    with no pool its section's claims (``same_claims``) or every ``earlier`` claim; all of
    them for "all of this", else those it shares content with."""
    if pool:
        drop = len(pool) > 1 and pool[0] == first_claim
        same = same_pool
        if drop and same and same[0] == first_claim:
            same = same[1:]
        # the whole pool is needed (and copied) only when the section has none
        base = pool[1:] if drop and not same else pool
    else:
        base, same = earlier, same_claims
    if _SUMMARY_ALL.match(head):
        return list(same or base)
    return _summary_premises(i, same or base, terms, idf)


def depends_on(graph: nx.DiGraph, sentence_id: str) -> tuple[str, ...]:
    """The premises of ``sentence_id`` in answer order, e.g. ``("S3", "S5")``.

    Raises: InputError if the id is not a node of the graph.
    """
    if sentence_id not in graph:
        raise InputError(f"no sentence {sentence_id!r} in the graph")
    return tuple(sorted(graph.successors(sentence_id), key=lambda v: graph.nodes[v]["index"]))


def _sid(i: int) -> str:
    return f"S{i + 1}"


def _terms(text: str) -> frozenset[str]:
    return frozenset(t for t in content_terms(_strip_markup(text)) if len(t) > 2 or is_numeric(t))


def _idf(terms: Sequence[frozenset[str]]) -> dict[str, float]:
    n = max(len(terms), 1)
    df: dict[str, int] = {}
    for ts in terms:
        for t in ts:
            df[t] = df.get(t, 0) + 1
    return {t: math.log(1 + n / c) for t, c in df.items()}


def _overlap(a: frozenset[str], b: frozenset[str], idf: dict[str, float]) -> float:
    return sum(_weight(t, idf) for t in a & b)


def _sections(sentences: Sequence[Sentence], claim: Sequence[bool]) -> list[int]:
    """Section number per sentence: a new section starts at each non-claim heading line."""
    out, sec = [], 0
    for s, c in zip(sentences, claim):
        if (
            not c
            and not s.text.rstrip().endswith((".", "?", "!"))
            or (not c and s.text.startswith("**") and s.text.endswith("**"))
        ):
            sec += 1
        out.append(sec)
    return out


#: Tuning constants (fitted on GroundQA dev; see bench/graph.py).
RECENCY = 0.85  # weight decay per claim sentence back from the dependent one
SUMMARY_RATIO = 0.25  # a summarised claim needs this share of the best overlap
PAIR_RATIO = 1.5  # the claim before the previous one joins when it shares this much more
MIN_OVERLAP = 1.0  # overlap (idf-weighted shared terms) that counts as shared content


def _weight(t: str, idf: dict[str, float]) -> float:
    return idf[t] * (1.5 if is_numeric(t) else 1.0)


def _local_premises(
    i: int,
    earlier: list[int],
    pos: dict[int, int],
    postings: dict[str, list[int]],
    terms: Sequence[frozenset[str]],
    idf: dict[str, float],
) -> list[int]:
    """The earlier claim sharing most content, discounted per step back; else the previous.

    The claim maximising ``(overlap * RECENCY ** rank, index)`` (rank: claims back from the
    last one), found among the claims sharing a term with sentence ``i`` only, latest
    first, stopping once even a full overlap that far back could not beat the best: the
    same choice as scoring every earlier claim, in time bounded by the recent claims that
    share its terms rather than by the answer's length.
    """
    ti = terms[i]
    last = len(earlier) - 1
    # the most any claim can share with sentence i (a little over, for rounding)
    ceiling = sum(_weight(t, idf) for t in ti) * (1 + 1e-9)
    best: tuple[float, int, float] | None = None
    seen = -1
    for j in heapq.merge(*(reversed(postings[t]) for t in ti if t in postings), reverse=True):
        if j == seen:
            continue
        seen = j
        decay = RECENCY ** (last - pos[j])
        if best is not None and ceiling * decay < best[0]:
            break
        ov = _overlap(ti, terms[j], idf)
        scored = (ov * decay, j, ov)
        if best is None or scored > best:
            best = scored
    if best is None or best[0] <= 0.0 or best[2] < MIN_OVERLAP:
        return [earlier[-1]]
    return [best[1]]


def _anaphora_premises(
    i: int, earlier: list[int], terms: Sequence[frozenset[str]], idf: dict[str, float]
) -> list[int]:
    """The previous claim, and the one before it when it shares clearly more content.

    "That gives SPECTER a lead of 1.3 on Co-View" compares the two sentences before it.
    """
    prev = earlier[-1]
    if len(earlier) > 1:
        prev2 = earlier[-2]
        ov1 = _overlap(terms[i], terms[prev], idf)
        ov2 = _overlap(terms[i], terms[prev2], idf)
        if ov2 >= MIN_OVERLAP and ov2 > PAIR_RATIO * ov1:
            return [prev2, prev]
    return [prev]


def _summary_premises(
    i: int, same: list[int], terms: Sequence[frozenset[str]], idf: dict[str, float]
) -> list[int]:
    """Of ``same`` (earlier claims of the summary's section, or all earlier claims when its
    section has none), those that share content with the summary; all of them when none
    does."""
    ov = {j: _overlap(terms[i], terms[j], idf) for j in same}
    top = max(ov.values())
    if top < MIN_OVERLAP:
        return same
    return [j for j in same if ov[j] >= max(MIN_OVERLAP, SUMMARY_RATIO * top)]
