"""Premise propagation against the GroundQA dev gold and as properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.errors import InputError
from annotations.layouts import load_dataset
from annotations.schema import (
    ErrorSpan,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    Role,
    SentenceAnnotation,
)
from grounding.propagate import inherited_tag, propagate, propagation_type
from tests.conftest import DEV, need

C, N, S, X = Label.CONTRADICTION, Label.NEI, Label.SUPPORTED, Label.NOT_A_CLAIM
FP, UP, NONE = (
    PropagationType.FALSE_PREMISE,
    PropagationType.UNVERIFIABLE_PREMISE,
    PropagationType.NONE,
)


def ann(
    label: Label, deps: tuple[str, ...] = (), errors: tuple[str, ...] = ()
) -> SentenceAnnotation:
    spans = tuple(ErrorSpan(span="x", tags=(ErrorTag(t),)) for t in errors)
    role = None if label is X else (Role.INTERPRETATION if deps else Role.OBSERVATION)
    return SentenceAnnotation(sentence="x.", label=label, role=role, depends_on=deps, errors=spans)


@pytest.fixture(scope="module")
def dev_rows() -> list[QAPair]:
    return list(load_dataset(need(DEV)))


def _strip(a: SentenceAnnotation, label: Label | None = None) -> SentenceAnnotation:
    return a.model_copy(
        update={"error_tags": (), "propagation_type": NONE, "label": label or a.label}
    )


def test_dev_gold_in_gold_out(dev_rows: list[QAPair]) -> None:
    """Gold labels in (inherited tags and types removed) -> gold types and tags out."""
    n = 0
    for row in dev_rows:
        out = propagate([_strip(a) for a in row.annotations])
        for gold, got in zip(row.annotations, out, strict=True):
            assert (got.label, got.propagation_type, got.error_tags) == (
                gold.label,
                gold.propagation_type,
                gold.error_tags,
            ), (row.qa_pair_id, gold.sentence)
            n += 1
    assert n == 397


def test_dev_inherited_labels_are_recovered_from_not_established(dev_rows: list[QAPair]) -> None:
    """A sentence whose only problem is its premise comes in as nei, no errors, and
    leaves with the premise's family and C4 / N4 -- as gold has it."""
    changed = 0
    for row in dev_rows:
        inputs = []
        for a in row.annotations:
            inherits = any(t.inherited for t in a.error_tags) and not a.errors
            changed += inherits
            inputs.append(_strip(a, N if inherits else None))
        out = propagate(inputs)
        assert [(o.label, o.error_tags) for o in out] == [
            (g.label, g.error_tags) for g in row.annotations
        ], row.qa_pair_id
    assert changed == 25


def test_mechanical_type_and_tags() -> None:
    assert propagation_type([]) is NONE
    assert propagation_type([S, X]) is NONE
    assert propagation_type([S, N]) is UP
    assert propagation_type([N, C]) is FP
    assert inherited_tag(C, FP) is ErrorTag.C4
    assert inherited_tag(N, UP) is ErrorTag.N4
    assert inherited_tag(N, FP) is None
    assert inherited_tag(S, FP) is None
    assert inherited_tag(C, NONE) is None


def test_supported_on_its_own_stays_supported() -> None:
    out = propagate([ann(C, errors=("C1",)), ann(S, ("S1",))])
    assert (out[1].label, out[1].propagation_type, out[1].error_tags) == (S, FP, ())


def test_own_error_of_other_family_keeps_label_without_tag() -> None:
    out = propagate([ann(C, errors=("C1",)), ann(N, ("S1",), ("N2",))])
    assert (out[1].label, out[1].propagation_type, out[1].error_tags) == (N, FP, ())


def test_own_error_of_same_family_adds_inherited_tag() -> None:
    out = propagate([ann(C, errors=("C1",)), ann(C, ("S1",), ("C3",))])
    assert (out[1].label, out[1].error_tags) == (C, (ErrorTag.C4,))
    assert out[1].errors == (ErrorSpan(span="x", tags=(ErrorTag.C3,)),)


def test_cascade_through_inherited_labels() -> None:
    out = propagate(
        [
            ann(S),
            ann(N, errors=("N1",)),
            ann(N, ("S2",)),
            ann(N, ("S3",)),
            ann(C, errors=("C1",)),
            ann(N, ("S4", "S5")),
        ]
    )
    assert [(o.label, o.propagation_type, o.error_tags) for o in out] == [
        (S, NONE, ()),
        (N, NONE, ()),
        (N, UP, (ErrorTag.N4,)),
        (N, UP, (ErrorTag.N4,)),
        (C, NONE, ()),
        (C, FP, (ErrorTag.C4,)),
    ]


def test_not_established_without_bad_premise_keeps_label() -> None:
    out = propagate([ann(S), ann(N, ("S1",))])
    assert (out[1].label, out[1].propagation_type, out[1].error_tags) == (N, NONE, ())


def test_stale_inherited_tags_are_recomputed() -> None:
    stale = ann(S).model_copy(update={"error_tags": (ErrorTag.C4,), "propagation_type": FP})
    assert propagate([stale])[0].error_tags == ()


@pytest.mark.parametrize("deps", [("S3",), ("S9",), ("s1",), ("S0",), ("S1", "S4")])
def test_bad_premise_ids_raise(deps: tuple[str, ...]) -> None:
    with pytest.raises(InputError):
        propagate([ann(S), ann(N, deps), ann(S), ann(S)])


def test_self_reference_raises() -> None:
    with pytest.raises(InputError, match="itself"):
        propagate([ann(S), ann(N, ("S2",))])


def test_empty_input() -> None:
    assert propagate([]) == ()


_LABELS = st.sampled_from([S, C, N, X])


@st.composite
def answers(draw: st.DrawFn) -> list[SentenceAnnotation]:
    n = draw(st.integers(1, 8))
    out = []
    for i in range(n):
        label = draw(_LABELS)
        deps: tuple[str, ...] = ()
        if label is not X and i:
            picks = draw(st.lists(st.integers(0, i - 1), max_size=3, unique=True))
            deps = tuple(f"S{j + 1}" for j in sorted(picks))
        errs: tuple[str, ...] = ()
        if label in (C, N) and draw(st.booleans()):
            errs = ("C1",) if label is C else ("N2",)
        out.append(ann(label, deps, errs))
    return out


@settings(max_examples=300, deadline=None)
@given(answers())
def test_upstream_error_never_makes_a_dependent_supported(sents: list[SentenceAnnotation]) -> None:
    out = propagate(sents)
    for before, after in zip(sents, out, strict=True):
        assert (after.label is S) == (before.label is S)
        if before.label is not X:
            assert _rank(after.label) >= _rank(before.label)


@settings(max_examples=200, deadline=None)
@given(answers(), st.data())
def test_worse_premise_never_improves_a_dependent(
    sents: list[SentenceAnnotation], data: st.DataObject
) -> None:
    """Turning one supported sentence into a contradiction never makes any label better."""
    supported = [i for i, a in enumerate(sents) if a.label is S]
    if not supported:
        return
    k = data.draw(st.sampled_from(supported))
    worse = list(sents)
    worse[k] = sents[k].model_copy(update={"label": C})
    for a, b in zip(propagate(sents), propagate(worse), strict=True):
        assert _rank(b.label) >= _rank(a.label)
        assert b.label is not S or a.label is S


def _rank(label: Label) -> int:
    return {X: 0, S: 1, N: 2, C: 3}[label]
