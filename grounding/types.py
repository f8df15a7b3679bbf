"""Small value types shared by the grounding pipeline (hot-loop values: frozen, slotted).

Coordinates are PDF points (1/72 inch), origin at the page's top-left corner, as PyMuPDF
reports them; pages are numbered from 1. ``Rect.to_pixels`` converts to the benchmark's
144-dpi image pixels (zoom 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from annotations.schema import ErrorSpan, Label, Role

#: Zoom of the benchmark's page images: 144 dpi / 72 points per inch.
GOLD_ZOOM = 2.0


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box in PDF points, origin top-left (x grows right, y grows down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def union(self, other: Rect) -> Rect:
        return Rect(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )

    def contains(self, other: Rect, tol: float = 0.5) -> bool:
        return (
            self.x0 - tol <= other.x0
            and self.y0 - tol <= other.y0
            and other.x1 <= self.x1 + tol
            and other.y1 <= self.y1 + tol
        )

    def to_pixels(self, zoom: float = GOLD_ZOOM) -> tuple[float, float, float, float]:
        """The box in pixels of the page rendered at ``72 * zoom`` dpi, rounded to 0.1."""
        return (
            round(self.x0 * zoom, 1),
            round(self.y0 * zoom, 1),
            round(self.x1 * zoom, 1),
            round(self.y1 * zoom, 1),
        )


@dataclass(frozen=True, slots=True)
class Sentence:
    """One answer sentence: ``answer[start:end] == text`` (character offsets, end exclusive)."""

    index: int
    start: int
    end: int
    text: str

    @property
    def id(self) -> str:
        """The benchmark's id by position: index 0 -> ``"S1"``."""
        return f"S{self.index + 1}"


@dataclass(frozen=True, slots=True)
class Passage:
    """A stretch of one PDF page found as evidence for a claim.

    page: 1-based page number. start/end: character offsets into that page's normalised
    text (``Page.text``). rects: boxes in PDF points, origin top-left, one per line piece.
    score: retrieval score in [0, 1], higher is closer to the claim.
    """

    page: int
    start: int
    end: int
    text: str
    rects: tuple[Rect, ...]
    score: float = 0.0


@dataclass(frozen=True, slots=True)
class Judgement:
    """A judge's verdict on one sentence, before premise propagation.

    evidence: the passages that settle the label (empty for nei / not_a_claim).
    errors: span errors tagged C1-C3 / N1-N3, spans exact substrings of the sentence.
    """

    label: Label
    role: Role | None
    rationale: str
    errors: tuple[ErrorSpan, ...] = ()
    evidence: tuple[Passage, ...] = ()
    judge: str = "rules"
    extra: dict[str, object] = field(default_factory=dict)
