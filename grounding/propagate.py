"""Premise propagation: inherited labels, C4 / N4 tags and ``propagation_type``.

Definitions are GroundQA GUIDELINES.md, "Inherited errors (error_tags) and propagation";
the details below were read off the 397 gold sentences of GroundQA dev, which they
reproduce exactly (tests/grounding/test_propagate.py).

Contract of the input (what a judge says about each sentence *on its own*):

==========================  ======================================================
own ``label``, ``errors``   meaning
==========================  ======================================================
supported, ()               the paper supports it on its own; it stays supported
                            whatever its premises are (no C4 / N4).
contradiction / nei, spans  it has its own error(s) (C1-C3 / N1-N3); the label is
                            kept; C4 (N4) is added when a direct premise is
                            contradicted (unverifiable) *and* the label is of that
                            same family.
contradiction / nei, ()     "not established on its own": its only problem is its
                            premises. The label becomes the worse of the given label
                            and the premises' family (contradiction > nei), with C4 /
                            N4 when a premise is bad. With no bad premise the given
                            label is kept, untagged. A judge that cannot settle a
                            sentence only because it interprets a bad premise gives
                            ``nei`` with no errors.
not_a_claim                 left as it is (no premises; never a premise).
==========================  ======================================================

``propagation_type`` is mechanical: ``false_premise`` if any direct premise's (final)
label is contradiction, else ``unverifiable_premise`` if any is nei, else ``none``.
Sentences are processed in order, so an inherited label cascades: S5 -> S4 -> S3 with S3
contradicted makes S4 and S5 contradictions with C4 (if neither is supported on its own).
"""

from __future__ import annotations

from collections.abc import Sequence

from annotations.errors import InputError
from annotations.schema import ErrorTag, Label, PropagationType, SentenceAnnotation, sentence_id

__all__ = ["inherited_tag", "propagate", "propagation_type"]

_SEVERITY = {Label.NOT_A_CLAIM: 0, Label.SUPPORTED: 1, Label.NEI: 2, Label.CONTRADICTION: 3}


def propagation_type(premise_labels: Sequence[Label]) -> PropagationType:
    """The mechanical propagation type from the labels of the direct premises.

    Returns: FALSE_PREMISE if any is contradiction, else UNVERIFIABLE_PREMISE if any is
    nei, else NONE (no premises, or all supported / not_a_claim).
    """
    if Label.CONTRADICTION in premise_labels:
        return PropagationType.FALSE_PREMISE
    if Label.NEI in premise_labels:
        return PropagationType.UNVERIFIABLE_PREMISE
    return PropagationType.NONE


def inherited_tag(label: Label, kind: PropagationType) -> ErrorTag | None:
    """C4 for a contradiction resting on a contradicted premise, N4 for nei on nei, else None."""
    if kind is PropagationType.FALSE_PREMISE and label is Label.CONTRADICTION:
        return ErrorTag.C4
    if kind is PropagationType.UNVERIFIABLE_PREMISE and label is Label.NEI:
        return ErrorTag.N4
    return None


def _premise_family(kind: PropagationType) -> Label | None:
    if kind is PropagationType.FALSE_PREMISE:
        return Label.CONTRADICTION
    if kind is PropagationType.UNVERIFIABLE_PREMISE:
        return Label.NEI
    return None


def propagate(annotations: Sequence[SentenceAnnotation]) -> tuple[SentenceAnnotation, ...]:
    """Apply premise propagation to one answer's sentences, in order.

    Args: annotations: one per sentence, in answer order (id ``S<i+1>`` for position i),
        each with the judge's own ``label``, its own span ``errors`` and ``depends_on``
        (ids of earlier sentences). ``error_tags`` and ``propagation_type`` on input are
        ignored except span tags in ``error_tags``, which are kept.
    Returns: new annotations (same order, same length) with final ``label``,
        ``propagation_type`` and ``error_tags`` (span tags kept, then C4 / N4).
    Raises: InputError if a ``depends_on`` id is unknown, the sentence itself, or a later
        sentence (edges go to earlier sentences only).
    """
    final: list[SentenceAnnotation] = []
    labels: dict[str, Label] = {}
    for i, ann in enumerate(annotations):
        sid = sentence_id(i)
        premises: list[Label] = []
        for dep in ann.depends_on:
            if dep not in labels:
                where = "itself" if dep == sid else "a later or unknown sentence"
                raise InputError(
                    f"{sid} depends on {dep!r}, which is {where}; "
                    "premises must be earlier sentences"
                )
            premises.append(labels[dep])
        kind = propagation_type(premises)
        label = ann.label
        if label in (Label.NEI, Label.CONTRADICTION) and not ann.errors:
            family = _premise_family(kind)
            if family is not None and _SEVERITY[family] > _SEVERITY[label]:
                label = family
        tags = [t for t in ann.error_tags if not t.inherited]
        tag = inherited_tag(label, kind) if label is not Label.NOT_A_CLAIM else None
        if tag is not None:
            tags.append(tag)
        out = ann.model_copy(
            update={"label": label, "propagation_type": kind, "error_tags": tuple(tags)}
        )
        final.append(out)
        labels[sid] = label
    return tuple(final)
