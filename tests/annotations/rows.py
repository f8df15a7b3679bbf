"""Builders for small MMSciFact rows used by the annotations tests."""

from __future__ import annotations

from typing import Any

from annotations.schema import (
    BoxAnnotation,
    ErrorSpan,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    Role,
    SentenceAnnotation,
)


def box(
    page: int, x0: float, y0: float, x1: float, y1: float, size: tuple[int, int] = (1224, 1584)
) -> BoxAnnotation:
    return BoxAnnotation(
        page_id=page,
        page_name=f"page {page}",
        image_id=f"p_page_{page}",
        coords=(x0, y0, x1, y1),
        img_size=size,
    )


def sent(
    text: str,
    label: str = "supported",
    *,
    role: str | None = "Observation",
    deps: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
    prop: str = "none",
    errors: tuple[tuple[str, tuple[str, ...]], ...] = (),
    boxes: tuple[BoxAnnotation, ...] = (),
) -> SentenceAnnotation:
    lab = Label(label)
    return SentenceAnnotation(
        sentence=text,
        label=lab,
        role=None if lab is Label.NOT_A_CLAIM else (Role(role) if role else None),
        depends_on=deps,
        error_tags=tuple(ErrorTag(t) for t in tags),
        propagation_type=PropagationType(prop),
        errors=tuple(ErrorSpan(span=s, tags=tuple(ErrorTag(t) for t in ts)) for s, ts in errors),
        boxes=boxes,
    )


def row(
    qid: str, sents: list[SentenceAnnotation], *, answer: str | None = None, **meta: Any
) -> QAPair:
    fields: dict[str, Any] = {
        "level": "single_page",
        "scenario": "S2",
        "question_subtype": "numerical",
        "answer_model": "m",
    }
    fields.update(meta)
    return QAPair(
        qa_pair_id=qid,
        paper_id=qid.split("__")[0],
        paper_pdf_path=f"papers/{qid.split('__')[0]}.pdf",
        question_text="q?",
        answer_raw=answer if answer is not None else " ".join(s.sentence for s in sents),
        annotations=tuple(sents),
        **fields,
    )


def relabel(r: QAPair, labels: list[str]) -> QAPair:
    """The same row with sentence labels replaced (roles kept)."""
    anns = tuple(
        a.model_copy(update={"label": Label(lab)}) for a, lab in zip(r.annotations, labels)
    )
    return r.model_copy(update={"annotations": anns})
