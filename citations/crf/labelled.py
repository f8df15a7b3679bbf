"""A tagged reference string: tokens, one label each, and the CRF's probabilities (pure data,
shared by the labeller and the title ranker)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

MARGINAL_LABELS = (
    "title",
    "author",
    "container",
    "publisher",
    "location",
    "note",
    "date",
    "editor",
)
"""Labels whose per-token marginals :meth:`ReferenceLabeller.tag` keeps (the title ranker's,
:mod:`citations.crf.titles`)."""

Token = tuple[str, int, int]


def first_span(text: str, tokens: tuple[Token, ...], labels: tuple[str, ...], label: str) -> str:
    """The text of the first run of tokens labelled ``label`` (as written; '' if none)."""
    start = end = -1
    for (_, a, b), lab in zip(tokens, labels, strict=False):
        if lab == label:
            if start < 0:
                start = a
            end = b
        elif start >= 0:
            break
    return text[start:end] if start >= 0 else ""


@dataclass(frozen=True, slots=True)
class Labelled:
    """A tagged string: tokens as (token, start, end) character offsets, one label each,
    the probability of the whole label sequence in [0, 1], and per token the marginal
    probability of its label in [0, 1] (empty when not computed: read as certain); and per
    label of :data:`MARGINAL_LABELS` the marginal probability of that
    label at every token (empty when not computed)."""

    text: str
    tokens: tuple[Token, ...]
    labels: tuple[str, ...]
    probability: float
    confidence: tuple[float, ...] = ()
    marginals: Mapping[str, tuple[float, ...]] = field(default_factory=dict)

    def title_probability(self, start: int, end: int) -> float | None:
        """Mean probability that the tokens inside characters [start, end) are title tokens
        (a token labelled otherwise counts 1 - its label's marginal); None when none is."""
        ps: list[float] = []
        for k, ((_, a, b), lab) in enumerate(zip(self.tokens, self.labels, strict=False)):
            if a >= start and b <= end:
                c = self.confidence[k] if k < len(self.confidence) else 1.0
                ps.append(c if lab == "title" else 1.0 - c)
        return sum(ps) / len(ps) if ps else None

    def span(self, label: str) -> str:
        """First run of ``label`` tokens, as written ('' when none)."""
        return first_span(self.text, self.tokens, self.labels, label)

    def spans(self, label: str) -> list[str]:
        """Every run of ``label`` tokens, in order."""
        out: list[str] = []
        start = end = -1
        for (_, a, b), lab in zip(self.tokens, self.labels, strict=False):
            if lab == label:
                if start < 0:
                    start = a
                end = b
            elif start >= 0:
                out.append(self.text[start:end])
                start = -1
        if start >= 0:
            out.append(self.text[start:end])
        return out
