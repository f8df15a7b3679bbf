"""Scorer numbers checked by hand on small rows, and on the real dev set."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from annotations.errors import InputError
from annotations.layouts import load_dataset
from annotations.schema import Label
from annotations.score import HEADLINE, Metrics, box_iou, prf, propagation_from, score
from tests.annotations.rows import box, relabel, row, sent
from tests.conftest import DEV, need

LABELS6 = ["supported", "supported", "contradiction", "nei", "not_a_claim", "supported"]
PRED6 = ["supported", "contradiction", "contradiction", "supported", "not_a_claim", "nei"]


def six() -> Any:
    return row("p__q1", [sent(f"Sentence number {i}.", lab) for i, lab in enumerate(LABELS6)])


def test_label_metrics_by_hand() -> None:
    g = six()
    m = score([g], [relabel(g, PRED6)], resamples=0)
    lab = m.labels
    assert lab.accuracy == pytest.approx(3 / 6)
    assert lab.per_class["supported"].precision == pytest.approx(1 / 2)
    assert lab.per_class["supported"].recall == pytest.approx(1 / 3)
    assert lab.per_class["supported"].f1 == pytest.approx(0.4)
    assert lab.per_class["contradiction"].f1 == pytest.approx(2 / 3)
    assert lab.per_class["nei"].f1 == 0.0
    assert lab.per_class["not_a_claim"].f1 == 1.0
    assert lab.macro_f1 == pytest.approx((0.4 + 2 / 3 + 0 + 1) / 4)
    assert lab.balanced_accuracy == pytest.approx((1 / 3 + 1 + 0 + 1) / 4)
    assert lab.confusion["supported"] == {
        "supported": 1,
        "contradiction": 1,
        "nei": 1,
        "not_a_claim": 0,
        "missing": 0,
    }
    assert lab.confusion["nei"]["supported"] == 1
    # error = contradiction or nei; not_a_claim counts as no error
    ed = lab.error_detection
    assert (ed.tp, ed.predicted, ed.support) == (1, 3, 2)
    assert ed.f1 == pytest.approx(2 * (1 / 3) * (1 / 2) / (1 / 3 + 1 / 2))


def test_not_a_claim_predicted_on_an_error_is_a_miss_not_an_alarm() -> None:
    g = row("p__q1", [sent("A.", "contradiction"), sent("B.", "supported")])
    m = score([g], [relabel(g, ["not_a_claim", "not_a_claim"])], resamples=0)
    ed = m.labels.error_detection
    assert (ed.tp, ed.predicted, ed.support) == (0, 0, 1)
    assert ed.precision == 0.0 and ed.recall == 0.0


def test_missing_prediction_rows_count_as_wrong() -> None:
    g1, g2 = six(), row("p__q2", [sent("Other one.", "supported"), sent("Other two.", "nei")])
    m = score([g1, g2], [g1, row("x__q9", [sent("Extra.")])], resamples=0)
    assert m.n_missing_pairs == 1 and m.missing_pair_ids == ("p__q2",)
    assert m.n_extra_pairs == 1 and m.extra_pair_ids == ("x__q9",)
    assert m.n_sentences == 8
    assert m.labels.accuracy == pytest.approx(6 / 8)
    assert m.labels.confusion["nei"]["missing"] == 1
    assert m.labels.per_class["nei"].recall == pytest.approx(1 / 2)
    assert m.labels.per_class["nei"].precision == 1.0


def test_error_spans_exact_and_overlap_by_hand() -> None:
    text = "The model scores 81.2 F1 on SciDocs."
    g = row("p__q1", [sent(text, "contradiction", errors=(("81.2 F1", ("C1",)),))])
    p = row(
        "p__q1", [sent(text, "contradiction", errors=(("81.2", ("C1",)), ("SciDocs", ("C2",))))]
    )
    m = score([g], [p], resamples=0)
    # "81.2" vs "81.2 F1": IoU 4/7 >= 0.5 -> overlap match, not exact
    assert (m.spans.exact.tp, m.spans.exact.predicted, m.spans.exact.support) == (0, 2, 1)
    assert m.spans.exact.f1 == 0.0
    assert m.spans.overlap.precision == pytest.approx(0.5)
    assert m.spans.overlap.recall == 1.0
    assert m.spans.overlap.f1 == pytest.approx(2 / 3)
    assert m.spans.tag_accuracy == 1.0


def test_span_overlap_threshold_and_tag_accuracy() -> None:
    text = "The model scores 81.2 F1 on SciDocs."
    g = row("p__q1", [sent(text, "contradiction", errors=(("81.2 F1", ("C1",)),))])
    at_half = row(
        "p__q1", [sent(text, "contradiction", errors=(("scores 81.2 F1", ("C2",)),))]
    )  # IoU 7/14
    below = row("p__q1", [sent(text, "contradiction", errors=(("81", ("C1",)),))])  # IoU 2/7
    m = score([g], [at_half], resamples=0)
    assert m.spans.overlap.tp == 1 and m.spans.tag_accuracy == 0.0
    assert score([g], [below], resamples=0).spans.overlap.tp == 0


def test_repeated_span_text_maps_to_successive_occurrences() -> None:
    text = "It rose from 5 to 5 points."
    g = row("p__q1", [sent(text, "contradiction", errors=(("5", ("C1",)), ("5", ("C1",))))])
    m = score([g], [g], resamples=0)
    assert m.spans.exact.tp == 2 and m.spans.exact.f1 == 1.0


def test_span_listed_more_often_than_it_occurs_is_one_false_positive() -> None:
    # a system that repeats a phrase in one sentence's errors (once per tag, or by mistake)
    once = "The model scores 81.2 F1 on SciDocs."
    twice = "It rose from 5 to 5 points."
    cases = [
        (once, ("81.2 F1",), ("81.2 F1", "81.2 F1"), 1),
        (once, ("81.2 F1",), ("81.2 F1", "81.2 F1", "81.2 F1"), 1),
        (twice, ("5", "5"), ("5", "5", "5"), 2),
    ]
    for text, gold_spans, pred_spans, placed in cases:
        g = row(
            "p__q1", [sent(text, "contradiction", errors=tuple((s, ("C1",)) for s in gold_spans))]
        )
        p = row(
            "p__q1", [sent(text, "contradiction", errors=tuple((s, ("C1",)) for s in pred_spans))]
        )
        m = score([g], [p], resamples=0)
        assert (m.spans.exact.tp, m.spans.exact.predicted) == (placed, len(pred_spans))
        assert m.spans.exact.recall == 1.0
        assert m.spans.overlap.tp == placed


def test_every_gold_span_repeated_on_dev(dev: Any) -> None:
    doubled = [
        r.model_copy(
            update={
                "annotations": [
                    a.model_copy(update={"errors": [*a.errors, *a.errors]}) for a in r.annotations
                ]
            }
        )
        for r in dev
    ]
    m = score(dev, doubled, resamples=0)
    support = m.spans.exact.support
    assert support > 50
    assert (m.spans.exact.tp, m.spans.exact.predicted) == (support, 2 * support)
    assert m.spans.exact.precision == pytest.approx(0.5)
    assert m.labels.accuracy == 1.0


def _graph_rows() -> tuple[Any, Any]:
    g = row(
        "p__q1",
        [
            sent("First claim.", "contradiction", errors=(("First", ("C2",)),)),
            sent("Second claim.", "supported"),
            sent(
                "So a third.",
                "contradiction",
                role="Interpretation",
                deps=("S1", "S2"),
                tags=("C4",),
                prop="false_premise",
            ),
            sent(
                "Hence a fourth.",
                "contradiction",
                role="Interpretation",
                deps=("S3",),
                tags=("C4",),
                prop="false_premise",
            ),
        ],
    )
    p = row(
        "p__q1",
        [
            sent("First claim.", "nei"),
            sent("Second claim.", "supported", role="Interpretation"),
            sent("So a third.", "contradiction", role="Interpretation", deps=("S1",), tags=("C4",)),
            sent("Hence a fourth.", "supported", role="Interpretation", deps=("S2",), tags=("N4",)),
        ],
    )
    return g, p


def test_edges_roles_tags_propagation_holistic_by_hand() -> None:
    g, p = _graph_rows()
    m = score([g], [p], resamples=0)
    e = m.graph.edges
    assert e is not None
    # gold {(3,1),(3,2),(4,3)}, predicted {(3,1),(4,2)} in 1-based ids
    assert (e.tp, e.predicted, e.support) == (1, 2, 3)
    assert e.f1 == pytest.approx(0.4)
    assert m.graph.role_accuracy == pytest.approx(3 / 4)
    c4, n4 = m.graph.inherited_per_tag["C4"], m.graph.inherited_per_tag["N4"]
    assert (c4.tp, c4.predicted, c4.support) == (1, 1, 2)
    assert (n4.tp, n4.predicted, n4.support) == (0, 1, 0)
    assert m.graph.inherited.f1 == pytest.approx(2 * 1 / (2 + 2))
    # predicted propagation fields are all "none": right for S1, S2 only
    assert m.graph.propagation_accuracy == pytest.approx(2 / 4)


def test_oracle_graph_mode_skips_edges_and_derives_propagation() -> None:
    g, p = _graph_rows()
    m = score([g], [p], mode="oracle_graph", resamples=0)
    assert m.graph.edges is None
    assert "graph.edges.f1" not in m.ci
    # over the gold graph: S3 <- {nei, supported} = unverifiable (gold: false) wrong;
    # S4 <- {contradiction} = false_premise right; S1, S2 none right
    assert m.graph.propagation_accuracy == pytest.approx(3 / 4)


def test_propagation_rule() -> None:
    assert propagation_from([Label.NEI, Label.CONTRADICTION]).value == "false_premise"
    assert propagation_from([Label.NEI, None]).value == "unverifiable_premise"
    assert propagation_from([Label.SUPPORTED, None]).value == "none"


def test_evidence_page_hits_and_box_iou_by_hand() -> None:
    g = row(
        "p__q1",
        [
            sent("One.", boxes=(box(2, 0, 0, 10, 10), box(3, 0, 0, 10, 10))),
            sent("Two.", boxes=(box(4, 0, 0, 100, 100),)),
            sent("Three.", boxes=(box(1, 0, 0, 10, 10),)),
            sent("Four.", "nei"),
        ],
    )
    p = row(
        "p__q1",
        [
            sent("One.", boxes=(box(2, 5, 0, 15, 10),)),
            sent("Two.", boxes=(box(4, 0, 0, 200, 200, size=(2448, 3168)),)),  # same box at 288 dpi
            sent("Three.", boxes=(box(5, 0, 0, 10, 10),)),
            sent("Four.", "nei", boxes=(box(1, 0, 0, 10, 10),)),
        ],
    )
    m = score([g], [p], resamples=0)
    assert m.evidence.n_sentences == 3 and m.evidence.n_boxes == 4
    assert m.evidence.page_hit_rate == pytest.approx(2 / 3)
    assert m.evidence.box_iou == pytest.approx((1 / 3 + 0 + 1 + 0) / 4)


def test_box_iou_function() -> None:
    assert box_iou(box(1, 0, 0, 10, 10), box(1, 5, 0, 15, 10)) == pytest.approx(1 / 3)
    assert box_iou(box(1, 0, 0, 10, 10), box(2, 0, 0, 10, 10)) == 0.0
    assert box_iou(box(1, 10, 10, 0, 0), box(1, 0, 0, 10, 10)) == 1.0


def test_different_segmentation_is_aligned_by_offsets() -> None:
    answer = "Alpha is 1. Beta is 2. Gamma is 3."
    g = row(
        "p__q1",
        [
            sent("Alpha is 1.", "contradiction"),
            sent("Beta is 2.", "contradiction"),
            sent("Gamma is 3.", "supported", role="Interpretation", deps=("S1",)),
        ],
        answer=answer,
    )
    p = row(
        "p__q1",
        [
            sent("Alpha is 1. Beta is 2.", "contradiction"),
            sent("Gamma is 3.", "supported", role="Interpretation", deps=("S1",)),
        ],
        answer=answer,
    )
    m = score([g], [p], resamples=0)
    assert m.labels.accuracy == 1.0
    assert m.graph.edges is not None and m.graph.edges.f1 == 1.0
    assert m.n_unaligned_sentences == 0


def test_unlocatable_prediction_counts_as_missing_sentence() -> None:
    g = row("p__q1", [sent("Alpha is 1.", "supported")])
    p = row("p__q1", [sent("Totally different.", "supported")])
    m = score([g], [p], resamples=0)
    assert m.labels.confusion["supported"]["missing"] == 1
    assert m.n_unaligned_sentences == 1


def test_prf_conventions() -> None:
    assert prf(0, 0, 0).f1 is None
    assert prf(0, 0, 3).precision == 0.0 and prf(0, 0, 3).f1 == 0.0
    assert prf(2, 4, 2).f1 == pytest.approx(2 / 3)


def test_bad_input() -> None:
    g = six()
    with pytest.raises(InputError, match="more than once"):
        score([g, g], [g])
    with pytest.raises(InputError, match="more than once"):
        score([g], [g, g])
    with pytest.raises(InputError, match="unknown mode"):
        score([g], [g], mode="graph")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="no gold"):
        score([], [g])


def test_bootstrap_is_seeded_and_brackets_the_estimate() -> None:
    rows = [
        row(f"p__q{i}", [sent(f"S {i} {k}.", lab) for k, lab in enumerate(LABELS6)])
        for i in range(20)
    ]
    preds = [relabel(r, PRED6[: i % 7] + LABELS6[i % 7 :]) for i, r in enumerate(rows)]
    a = score(rows, preds, resamples=200, seed=7)
    b = score(rows, preds, resamples=200, seed=7)
    c = score(rows, preds, resamples=200, seed=8)
    assert a.ci == b.ci
    assert a.ci["labels.macro_f1"] != c.ci["labels.macro_f1"]
    iv = a.ci["labels.accuracy"]
    assert iv.low is not None and iv.high is not None
    assert iv.low <= a.labels.accuracy <= iv.high  # type: ignore[operator]
    assert iv.low < iv.high
    assert set(a.ci) == set(HEADLINE)


def test_breakdowns_group_by_row_fields() -> None:
    g1 = row("p__q1", [sent("A.", "supported")], level="single_page")
    g2 = row("p__q2", [sent("B.", "nei")], level="cross_page", scenario=None)
    m = score([g1, g2], [g1, relabel(g2, ["supported"])], resamples=0)
    assert m.breakdowns["level"]["single_page"].accuracy == 1.0
    assert m.breakdowns["level"]["cross_page"].accuracy == 0.0
    assert m.breakdowns["scenario"]["(none)"].n_pairs == 1
    assert m.breakdowns["answer_model"]["m"].n_sentences == 2


def test_metrics_round_trip_json() -> None:
    g, p = _graph_rows()
    m = score([g], [p], resamples=50)
    assert Metrics.model_validate_json(m.model_dump_json()) == m
    json.loads(m.model_dump_json())


# ---------------------------------------------------------------- real dev set
def _numbers(obj: Any, path: str = "") -> list[tuple[str, float]]:
    if isinstance(obj, dict):
        return [x for k, v in obj.items() for x in _numbers(v, f"{path}.{k}")]
    if isinstance(obj, float):
        return [(path, obj)]
    return []


@pytest.fixture(scope="module")
def dev() -> Any:
    return load_dataset(need(DEV))


def test_gold_against_gold_scores_one_everywhere(dev: Any) -> None:
    for mode in ("holistic", "oracle_graph"):
        m = score(dev, dev, mode=mode, resamples=100)
        dumped = m.model_dump(mode="json")
        dumped.pop("bootstrap")
        nums = _numbers(dumped)
        assert len(nums) > 100
        assert all(v == 1.0 for _, v in nums), [p for p, v in nums if v != 1.0]
        assert m.n_sentences == 397 and m.n_missing_pairs == 0
        for key in HEADLINE:
            if mode == "oracle_graph" and key == "graph.edges.f1":
                continue
            assert m.ci[key].low == 1.0 and m.ci[key].high == 1.0


def test_always_supported_baseline_on_dev(dev: Any) -> None:
    pred = [relabel(r, ["supported"] * len(r.annotations)) for r in dev]
    m = score(dev, pred, resamples=0)
    # supported: P = 209/397, R = 1; the other three classes F1 = 0
    p = 209 / 397
    assert m.labels.macro_f1 == pytest.approx((2 * p / (p + 1)) / 4)
    assert m.labels.macro_f1 == pytest.approx(0.18, abs=0.01)
    assert m.labels.accuracy == pytest.approx(209 / 397)
    assert m.labels.balanced_accuracy == pytest.approx(0.25)
    assert m.labels.error_detection.f1 == 0.0


def test_missing_all_predictions_on_dev(dev: Any) -> None:
    m = score(dev, [], resamples=0)
    assert m.n_missing_pairs == 30
    assert m.labels.accuracy == 0.0
    assert m.spans.overlap.recall == 0.0
    assert m.graph.edges is not None and m.graph.edges.recall == 0.0
    assert m.evidence.page_hit_rate == 0.0 and m.evidence.box_iou == 0.0
    assert not math.isnan(m.labels.macro_f1 or 0.0)


def test_identical_rows_score_one_even_if_answer_raw_disagrees() -> None:
    g = row(
        "p__q1",
        [sent("It scored 81.2 F1.", "contradiction", errors=(("81.2", ("C1",)),))],
        answer="Rewritten answer text.",
    )
    m = score([g], [g], resamples=0)
    assert m.spans.exact.f1 == 1.0 and m.labels.accuracy == 1.0


def test_predictions_that_can_match_nothing_are_counted() -> None:
    answer = "**Scores.** The model scores 81.2 F1 on SciDocs. It beats the baseline."
    gold_sents = [
        sent("**Scores.**", "not_a_claim"),
        sent(
            "The model scores 81.2 F1 on SciDocs.", "contradiction", errors=(("81.2 F1", ("C1",)),)
        ),
        sent("It beats the baseline.", "supported"),
    ]
    g = row("p__q1", gold_sents, answer=answer)
    cases = [
        # (predicted sentences with their spans, unlocated sentences, unplaced spans)
        ([("Scores.", ()), ("The model scores 81.2 F1 on SciDocs.", ("81.2 F1",))], 0, 0),
        ([("scores.", ()), ("the model scores 81.2 F1 on SciDocs.", ("81.2 F1",))], 2, 0),
        ([("The model scores 81.2 F1 on SciDocs.", ("81.2 F1 points", "SciDocs"))], 0, 1),
        ([("The model scores 81.2 F1 on SciDocs.", (" 81.2  F1",))], 0, 0),  # spacing only
        ([("The model scores 81.2 F1 on SciDocs. It beats the baseline.", ("81.2 F1",))], 0, 0),
    ]
    for sents, n_sent, n_span in cases:
        p = row(
            "p__q1",
            [sent(t, "contradiction", errors=tuple((e, ("C1",)) for e in es)) for t, es in sents],
            answer=answer,
        )
        m = score([g], [p], resamples=0)
        assert (m.n_unlocated_pred_sentences, m.n_unplaced_pred_spans) == (n_sent, n_span), sents
    m = score([g], [g], resamples=0)
    assert (m.n_unlocated_pred_sentences, m.n_unplaced_pred_spans) == (0, 0)


def test_markdown_stripped_predictions_on_dev_are_counted(dev: Any) -> None:
    stripped = [
        r.model_copy(
            update={
                "annotations": [
                    a.model_copy(update={"sentence": a.sentence.replace("**", "")})
                    for a in r.annotations
                ]
            }
        )
        for r in dev
    ]
    lost = sum(
        1 for r in dev for a in r.annotations if a.sentence.replace("**", "") not in r.answer_raw
    )
    assert lost > 10
    m = score(dev, stripped, resamples=0)
    assert m.n_unlocated_pred_sentences == lost
    assert m.n_unaligned_sentences == lost
    same = score(dev, dev, resamples=0)
    assert (same.n_unlocated_pred_sentences, same.n_unplaced_pred_spans) == (0, 0)
