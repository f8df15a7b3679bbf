"""The verifier judge's decision table, row by row (pure: no model)."""

from __future__ import annotations

from annotations.schema import ErrorSpan, ErrorTag, Label, Role
from grounding.judges.verifier_judge import (
    Scored,
    VerifierSettings,
    decide_verified,
    sentence_premises,
    undecided,
)
from grounding.types import Judgement, Passage

S = VerifierSettings(support=0.6, refute=0.9)
SENT = "Accuracy is higher with pretraining."
P = Passage(3, 10, 60, "Accuracy is lower with pretraining.", ())


def rules(
    label: Label, *tags: ErrorTag, rationale: str = "Not enough information: x."
) -> Judgement:
    errors = tuple(ErrorSpan(span="higher", tags=(t,)) for t in tags)
    return Judgement(label, Role.OBSERVATION, rationale, errors)


def scored(sup: float, ref: float) -> list[Scored]:
    return [Scored(P, sup, ref, max(0.0, 1 - sup - ref))]


def test_the_rules_labels_stand_where_the_rules_decide() -> None:
    for base, row in [
        (rules(Label.NOT_A_CLAIM), "not_a_claim"),
        (rules(Label.CONTRADICTION, ErrorTag.C1), "checked_conflict"),
        (rules(Label.CONTRADICTION, ErrorTag.C2), "checked_conflict"),
        (rules(Label.NEI, ErrorTag.N1), "unchecked_value"),
        (rules(Label.NEI, rationale="No evidence available: none"), "no_evidence"),
        (rules(Label.CONTRADICTION, ErrorTag.C3), "rules_relation"),
        (rules(Label.SUPPORTED), "checked_support"),
    ]:
        for sc in (scored(0.99, 0.0), scored(0.0, 0.99)):
            j = decide_verified(SENT, base, sc, S)
            assert j.label is base.label and j.extra["row"] == row and j.judge == "verifier"
        assert not undecided(base)
    assert undecided(rules(Label.NEI))


def test_a_confident_refutation_is_a_c3_contradiction_quoting_its_passage() -> None:
    j = decide_verified(SENT, rules(Label.NEI), scored(0.02, 0.95), S)
    assert j.label is Label.CONTRADICTION and j.extra["row"] == "verifier_refutes"
    assert j.errors[0].tags == (ErrorTag.C3,) and j.errors[0].span == "higher"
    assert j.evidence == (P,) and "0.95" in j.rationale and "page 3" in j.rationale


def test_below_both_thresholds_stays_nei_without_evidence() -> None:
    for sc in (scored(0.1, 0.85), scored(0.55, 0.2)):
        j = decide_verified(SENT, rules(Label.NEI), sc, S)
        assert j.label is Label.NEI and j.extra["row"] == "not_stated" and not j.evidence
        assert "P(supported)=" in j.rationale


def test_a_confident_reading_supports_an_undecided_sentence() -> None:
    j = decide_verified(SENT, rules(Label.NEI), scored(0.8, 0.1), S)
    assert j.label is Label.SUPPORTED and j.extra["row"] == "verifier_supports"
    assert j.evidence == (P,) and "0.80" in j.rationale and "page 3" in j.rationale
    assert j.extra["verifier"] == {"supported": 0.8, "refuted": 0.1}


def test_a_reading_of_a_passage_that_hedges_it_is_nei() -> None:
    hedging = Passage(3, 10, 80, "Accuracy may be higher with pretraining on these sets.", ())
    sc = [Scored(hedging, 0.9, 0.05, 0.05)]
    j = decide_verified(SENT, rules(Label.NEI), sc, S)
    assert j.label is Label.NEI and j.extra["row"] == "verifier_hedged"
    assert '"may"' in j.rationale and j.evidence == (hedging,)
    # the sentence keeps the hedge: supported
    kept = decide_verified("Accuracy may be higher with pretraining.", rules(Label.NEI), sc, S)
    assert kept.label is Label.SUPPORTED and kept.extra["row"] == "verifier_supports"


def test_a_reading_of_a_passage_that_negates_a_word_it_affirms_is_nei() -> None:
    # a cross-encoder is little moved by a negation between two sentences of the same words
    claim = "Manual annotation is the most scalable option for intermediate steps."
    denying = Passage(
        15, 10, 120, "Manual annotation of intermediate steps is not conducive to scaling up.", ()
    )
    sc = [Scored(denying, 0.85, 0.05, 0.10)]
    j = decide_verified(claim, rules(Label.NEI), sc, S)
    assert j.label is Label.NEI and j.extra["row"] == "verifier_negated"
    assert '"scaling"' in j.rationale and j.evidence == (denying,)
    # the sentence denies it too, or says it by a negative prefix: supported
    for same in (
        "Manual annotation of intermediate steps does not scale up well.",
        "Manual annotation of intermediate steps is unscalable.",
    ):
        kept = decide_verified(same, rules(Label.NEI), sc, S)
        assert kept.label is Label.SUPPORTED and kept.extra["row"] == "verifier_supports", same


def test_no_premise_leaves_the_rules_nei() -> None:
    j = decide_verified(SENT, rules(Label.NEI), [], S)
    assert j.label is Label.NEI and j.extra["row"] == "not_stated"


def test_sentence_premises_widen_to_whole_sentences() -> None:
    text = (
        "First sentence here. The yield rose to 38% with fructose as the\n"
        "substrate. Glucose gave 21%. Last one."
    )
    start = text.index("38%")
    spans = sentence_premises(text, start, start + 3)
    assert text[spans[0][0] : spans[0][1]].startswith("The yield rose")
    assert text[spans[0][0] : spans[0][1]].endswith("substrate.")
    assert text[spans[1][0] : spans[1][1]].endswith("Glucose gave 21%.")


def test_settled_nei_and_table_rows_are_not_read_by_the_verifier() -> None:
    from grounding.judges.verifier_judge import _prose

    assert not undecided(
        rules(Label.NEI, rationale="Not settled by the paper: a speculative inference.")
    )
    assert _prose("The positive papers are sampled from the co-citation graph.")
    for row in (
        "SPECTER 84.2 88.4 91.5 36.9 80.0 SciBERT 83.0 84.2 84.1",
        "+ author 82.7 72.3 71.0 34.6 67.3",
    ):
        assert not _prose(row)


def test_a_hedged_finding_the_rules_caught_stays_nei() -> None:
    hedged = Judgement(
        Label.NEI,
        Role.OBSERVATION,
        "Not enough information: page 2 hedges it.",
        extra={"hedged": True},
    )
    assert not undecided(hedged)
