"""The MMSciFact row format and its vocabulary.

Field names are the benchmark's own, verbatim on disk (``2d_box`` included): a row is one
question-answer pair about one paper, ``annotations`` one object per answer sentence.
Definitions of labels, roles, error codes and propagation are in
``GroundQA GUIDELINES.md`` (MMSciFact's own guideline is not public).

Boxes (``2d_box``) are in pixels of the page rendered at 144 dpi (PyMuPDF zoom 2), origin
top-left, ``page_id`` 1-based; ``img_size`` is ``[width, height]`` of that image.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator


class Label(str, Enum):
    """Sentence label against the paper."""

    SUPPORTED = "supported"
    CONTRADICTION = "contradiction"
    NEI = "nei"
    NOT_A_CLAIM = "not_a_claim"


class Role(str, Enum):
    """What a claim does: reports the paper (Observation) or draws on it (Interpretation)."""

    OBSERVATION = "Observation"
    INTERPRETATION = "Interpretation"


class ErrorTag(str, Enum):
    """Span-level codes (C1-C3, N1-N3) and the inherited sentence-level codes (C4, N4)."""

    C1 = "C1"  # wrong number, unit, statistic, count or rank
    C2 = "C2"  # wrong entity or attribute
    C3 = "C3"  # wrong relation: reversed comparison, negation, wrong cause, scope
    C4 = "C4"  # premise contradicted (inherited)
    N1 = "N1"  # invented specific detail
    N2 = "N2"  # inference or generalisation beyond the paper
    N3 = "N3"  # outside claim the paper cannot verify
    N4 = "N4"  # premise unverifiable (inherited)

    @property
    def family(self) -> Label:
        """CONTRADICTION for C codes, NEI for N codes."""
        return Label.CONTRADICTION if self.value.startswith("C") else Label.NEI

    @property
    def inherited(self) -> bool:
        """True for C4 / N4, the tags a sentence gets from a bad premise."""
        return self.value in ("C4", "N4")


SPAN_TAGS = frozenset(t for t in ErrorTag if not t.inherited)
INHERITED_TAGS = frozenset(t for t in ErrorTag if t.inherited)


class PropagationType(str, Enum):
    """Worst label among a sentence's direct premises (GUIDELINES: mechanical)."""

    FALSE_PREMISE = "false_premise"
    UNVERIFIABLE_PREMISE = "unverifiable_premise"
    NONE = "none"


_FROZEN = ConfigDict(frozen=True, extra="forbid", validate_by_name=True, serialize_by_alias=True)


class ErrorSpan(BaseModel):
    """One error inside a sentence: ``span`` is an exact substring of the sentence."""

    model_config = _FROZEN
    span: str
    tags: tuple[ErrorTag, ...]
    correction: str = ""


class BoxAnnotation(BaseModel):
    """An evidence region: pixels of the page image at 144 dpi, origin top-left, page 1-based."""

    model_config = _FROZEN
    page_id: int = Field(ge=1)
    page_name: str
    image_id: str
    coords: tuple[float, float, float, float]
    img_size: tuple[int, int]


class SentenceAnnotation(BaseModel):
    """One answer sentence with its label, premises, error spans and evidence boxes."""

    model_config = _FROZEN
    sentence: str
    label: Label
    role: Role | None = None
    rationale: str = ""
    depends_on: tuple[str, ...] = ()
    error_tags: tuple[ErrorTag, ...] = ()
    propagation_type: PropagationType = PropagationType.NONE
    errors: tuple[ErrorSpan, ...] = ()
    boxes: tuple[BoxAnnotation, ...] = Field(default=(), alias="2d_box")


class QuestionMeta(BaseModel):
    """``question_meta``: free-form description of the question; unknown keys are kept."""

    model_config = ConfigDict(frozen=True, extra="allow")
    input_types: tuple[str, ...] = ()
    cognitive_operation: str | None = None
    scope: str | None = None


class QAPair(BaseModel):
    """One row of ``mmscifact.jsonl``: a question, an answer and its sentence annotations."""

    model_config = _FROZEN
    qa_pair_id: str
    paper_id: str
    paper_pdf_path: str
    level: str | None = None
    scenario: str | None = None
    question_subtype: str | None = None
    question_model: str | None = None
    answer_model: str | None = None
    question_text: str
    question_meta: QuestionMeta | dict[str, Any] | None = None
    answer_raw: str
    annotations: tuple[SentenceAnnotation, ...] = ()
    source_images: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _premises_come_before(self) -> QAPair:
        """Each ``depends_on`` id names an earlier sentence of the row ("S1" .. "S{i-1}"
        for sentence ``i``): a premise is something said before; an unknown id, the
        sentence itself or a later one is refused (the row is off-schema)."""
        n = len(self.annotations)
        for i, ann in enumerate(self.annotations, 1):
            for premise in ann.depends_on:
                m = _SENTENCE_ID.fullmatch(premise)
                k = int(m.group(1)) if m else 0
                if 1 <= k < i:
                    continue
                what = (
                    "no sentence of the row"
                    if not 1 <= k <= n
                    else ("the sentence itself" if k == i else "a later sentence")
                )
                allowed = f"S1 to S{i - 1}" if i > 1 else "none for the first sentence"
                raise ValueError(
                    f"S{i}.depends_on names {premise!r}, {what}; a premise is an earlier "
                    f"sentence ({allowed})"
                )
        return self


#: a sentence id as ``depends_on`` writes it ("S3": the third sentence)
_SENTENCE_ID = re.compile(r"S([1-9]\d*)")


def sentence_id(index: int) -> str:
    """Sentence id by 0-based position: 0 -> ``"S1"`` (the benchmark's convention)."""
    return f"S{index + 1}"


QA_PAIR = TypeAdapter(QAPair)
