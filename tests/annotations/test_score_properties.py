"""Property tests: row order and consistent sentence renumbering do not change scores."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from annotations.layouts import load_dataset
from annotations.schema import QAPair, SentenceAnnotation
from annotations.score import score
from tests.annotations.rows import relabel
from tests.conftest import DEV, need

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def dev() -> tuple[QAPair, ...]:
    return load_dataset(need(DEV)).rows


def _system(dev: tuple[QAPair, ...]) -> list[QAPair]:
    """A fixed imperfect system: every third row says supported everywhere, others drop edges."""
    out = []
    for i, r in enumerate(dev):
        if i % 3 == 0:
            out.append(relabel(r, ["supported"] * len(r.annotations)))
        elif i % 3 == 1:
            out.append(
                r.model_copy(
                    update={
                        "annotations": tuple(
                            a.model_copy(update={"depends_on": ()}) for a in r.annotations
                        )
                    }
                )
            )
        else:
            out.append(r)
    return out


@SETTINGS
@given(data=st.data())
def test_row_order_changes_nothing(dev: tuple[QAPair, ...], data: Any) -> None:
    pred = _system(dev)
    base = score(dev, pred, resamples=30, seed=3)
    g = data.draw(st.permutations(dev))
    p = data.draw(st.permutations(pred))
    assert score(g, p, resamples=30, seed=3) == base


def _split_sentences(r: QAPair, cuts: dict[int, float]) -> QAPair:
    """Split sentence i at the space nearest ``cuts[i]`` of its length into two sentences
    carrying the same annotation; renumber every depends_on id consistently (a reference
    to a split sentence points to its first piece)."""
    new_id: dict[int, int] = {}
    pieces: list[tuple[int, str]] = []
    for i, a in enumerate(r.annotations):
        new_id[i] = len(pieces)
        spaces = [k for k, ch in enumerate(a.sentence) if ch == " "]
        if i in cuts and spaces and not a.errors:
            k = spaces[min(len(spaces) - 1, int(cuts[i] * len(spaces)))]
            pieces += [(i, a.sentence[:k]), (i, a.sentence[k + 1 :])]
        else:
            pieces.append((i, a.sentence))
    anns: list[SentenceAnnotation] = []
    for i, text in pieces:
        a = r.annotations[i]
        deps = tuple(f"S{new_id[int(d[1:]) - 1] + 1}" for d in a.depends_on)
        anns.append(a.model_copy(update={"sentence": text, "depends_on": deps}))
    return r.model_copy(update={"annotations": tuple(anns)})


@pytest.mark.parametrize("seed", range(25))
def test_resegmenting_with_consistent_ids_changes_nothing(
    dev: tuple[QAPair, ...], seed: int
) -> None:
    # Seeded draws rather than hypothesis: the cut positions depend on the drawn row, which
    # hypothesis replays as a different strategy once in a while (FlakyStrategyDefinition).
    rng = random.Random(seed)
    pred = _system(dev)
    base = score(dev, pred, resamples=30, seed=5)
    k = rng.randrange(len(dev))
    n = len(pred[k].annotations)
    cuts = {i: rng.random() for i in rng.sample(range(n), rng.randint(1, n))}
    split = _split_sentences(pred[k], cuts)
    assert len(split.annotations) > n or all(pred[k].annotations[i].errors for i in cuts)
    resegmented = [*pred[:k], split, *pred[k + 1 :]]
    got = score(dev, resegmented, resamples=30, seed=5)
    assert got == base


def test_sentence_id_spelling_does_not_matter(dev: tuple[QAPair, ...]) -> None:
    spelled = [
        r.model_copy(
            update={
                "annotations": tuple(
                    a.model_copy(update={"depends_on": tuple(f" {d[1:]}" for d in a.depends_on)})
                    for a in r.annotations
                )
            }
        )
        for r in dev
    ]
    m = score(dev, spelled, resamples=0)
    assert m.graph.edges is not None and m.graph.edges.f1 == 1.0
