"""The name a verb takes through its preposition, held to the one the paper gives it.

"SPECTER is initialized from BERT-Large." The paper writes "initialize" before "from" /
"with" a name twice, "We initialize the model from SciBERT pretrained weights" and
"Transformer (initialized with SciBERT)", and always with SciBERT; BERT-Large appears only
as an ablation ("using ... (BERT-Large) instead of SciBERT"). The sentence gives the verb
another name than every statement of the paper: C2, the paper's name as the correction.

Pure over the paper's page texts; no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from annotations.schema import ErrorSpan, ErrorTag
from grounding.evidence import EvidenceIndex
from grounding.judges.claim import SentenceFinding
from grounding.judges.number_common import NAME, short
from grounding.lexicon import fold, stem

#: a verb form (participle, -ize/-ise verb), up to three words, a preposition, an
#: optional article, then the name (NAME) right after
_SLOT = re.compile(
    r"\b(?P<verb>[a-z][a-z-]{3,}(?:ed|ize|ise|izes|ises|ing))\b"
    r"(?P<gap>(?:\s+[\w-]+){0,3}?)\s+(?P<prep>from|with|on|using|via)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?P<name>\S+)"
)
#: verbs whose object names other work or a reference point, not the thing itself
_OPEN = frozenset(
    stem(w)
    for w in (
        "compared",
        "contrasted",
        "followed",
        "preceded",
        "reported",
        "published",
        "proposed",
        "described",
        "introduced",
        "cited",
        "combined",
        "evaluated",
        "tested",
        "experimented",
        "benchmarked",
        "improving",
        "outperforming",
        "working",
        "building",
        "agreed",
        "consistent",
    )
)
_REFERENCE = re.compile(r"\[[\d,\s–-]+\]|\(\s*[A-Z][^()]{0,40}\d{4}[a-z]?\s*\)")


@dataclass(frozen=True, slots=True)
class SlotName:
    """The sentence's name ``name`` after ``verb`` where every such statement of the paper
    (the first on ``page``) names ``paper`` instead."""

    name: str
    paper: str
    verb: str
    page: int


def _slots(text: str) -> list[tuple[str, str]]:
    """(verb stem, name) of each verb-preposition-name slot of ``text`` (folded)."""
    out = []
    for m in _SLOT.finditer(_REFERENCE.sub(" ", fold(text))):
        name = NAME.fullmatch(m.group("name").strip(".,;:()"))
        verb = stem(m.group("verb").lower())
        if name is not None and verb not in _OPEN:
            out.append((verb, name.group(0)))
    return out


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def slot_name_conflict(text: str, index: EvidenceIndex) -> SlotName | None:
    """The first verb slot of ``text`` whose name the paper never gives that verb, where
    the paper gives it one other name (at least twice, never two different ones).

    Args: text: the sentence. index: the paper's index (page texts).
    Returns: SlotName, or None. Raises: nothing.
    """
    mine = _slots(text)
    if not mine:
        return None
    paper: dict[str, list[tuple[str, int]]] = {}
    for page, p in sorted(index.pages.items()):
        flat = " ".join(getattr(p, "text", "").split())
        for verb, name in _slots(flat):
            paper.setdefault(verb, []).append((name, page))
    for verb, name in mine:
        held = paper.get(verb, [])
        names = {_key(n) for n, _ in held}
        if len(held) >= 2 and _key(name) not in names and len(names) == 1:
            return SlotName(name, held[0][0], verb, held[0][1])
    return None


def slot_contradiction(text: str, index: EvidenceIndex) -> SentenceFinding | None:
    """A sentence contradicted by :func:`slot_name_conflict`: the rationale, the evidence
    and its C2 error span with the paper's name as the correction; or None. Pure."""
    slot = slot_name_conflict(text, index)
    if slot is None or slot.name not in text:
        return None
    error = ErrorSpan(span=slot.name, tags=(ErrorTag.C2,), correction=slot.paper)
    ev = [
        h
        for h in index.hits(text.replace(slot.name, slot.paper), k=8)
        if slot.paper in h.entry.text
    ][:1]
    where = f"page {ev[0].entry.page}" if ev else f"page {slot.page}"
    quote = f' ("{short(ev[0].entry.text)}")' if ev else ""
    return SentenceFinding(
        f"Contradicted: the sentence says '{slot.name}' where {where} gives "
        f"'{slot.paper}' in that place, as every such statement of the paper does{quote}.",
        tuple(ev),
        (error,),
    )


__all__ = ["SlotName", "slot_contradiction", "slot_name_conflict"]
