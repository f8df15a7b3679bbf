"""Tests for relations stated in other words than the paper (grounding.judges.direction_check):
negation against an affirmed statement and the direction
of a change bound to its outcome, alone and inside the rules judge."""

from __future__ import annotations

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.direction_check import (
    PaperSentences,
    abbreviations,
    changes,
    direction_check,
    long_form,
    negation_conflict,
)
from grounding.judges.rules import RulesJudge
from grounding.judges.statement_check import Status
from grounding.types import Judgement, Sentence
from tests.conftest import DATA
from tests.grounding.judging import judged_c1

PAGE = (
    "Coronavirus disease 2019 (COVID-19) spreads through the air. In a trial of 240 "
    "volunteers, surgical masks reduced the emission of respiratory droplets by half. "
    "Vitamin D supplementation was not associated with shorter hospital stays. "
    "Elevated interleukin-6 levels predicted respiratory failure in hospitalised adults. "
    "Hand washing may lower transmission in schools."
)


def _paper(text: str = PAGE) -> PaperSentences:
    return PaperSentences.of(EvidenceIndex.from_texts([text]))


def _judge(claim: str, text: str = PAGE) -> Judgement:
    index = EvidenceIndex.from_texts([text])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ())
    )


def test_long_form_follows_schwartz_hearst() -> None:
    assert long_form("COVID-19", "a new coronavirus disease 2019") == "coronavirus disease 2019"
    assert (
        long_form("ARDS", "with acute respiratory distress syndrome")
        == "acute respiratory distress syndrome"
    )
    assert long_form("XYZ", "nothing that matches here") is None
    assert abbreviations("the coronavirus disease 2019 (COVID-19) spread")["covid"] == frozenset(
        {"coronav", "diseas"}
    )


def test_changes_bind_outcome_and_agent_and_skip_reference_groups() -> None:
    (c,) = changes("Surgical masks reduced the emission of respiratory droplets.")
    assert (c.word, c.direction, c.negated) == ("reduced", "down", False)
    # terms are reduced to their roots (at most seven letters), so that derivations meet
    assert {"emit", "respira", "droplet"} <= c.outcome
    assert {"surgica", "mask"} <= c.agent
    (d,) = changes("Masks did not reduce droplets.")
    assert d.negated
    # the reference group of a comparison is no change; "more" needs "than" or "likely"
    assert [
        x.word for x in changes("Risk was 22 times higher compared to patients with lower levels.")
    ] == ["higher"]
    assert changes("We recruited more volunteers in May.") == ()
    assert [x.direction for x in changes("Older adults were more likely to die.")] == ["up"]


def test_negation_against_an_affirmed_statement_is_c3() -> None:
    r = negation_conflict(
        "Surgical masks did not cut the emission of respiratory droplets.", _paper()
    )
    assert r is not None and r.status is Status.CONTRADICTED and r.code is ErrorTag.C3
    assert r.span == "not"


def test_negation_is_no_conflict_where_the_paper_negates_or_hedges_or_is_silent() -> None:
    paper = _paper()
    # the paper says it with a negation too
    assert (
        negation_conflict("Vitamin D supplementation did not shorten hospital stays.", paper)
        is None
    )
    # the paper only says it may
    assert negation_conflict("Hand washing does not lower transmission in schools.", paper) is None
    # the paper says nothing about it
    assert negation_conflict("Ventilation does not protect office workers.", paper) is None
    # "not only" does not deny
    assert (
        negation_conflict(
            "Surgical masks not only reduced respiratory droplets but also coughs.", paper
        )
        is None
    )


def test_direction_reversed_on_the_same_outcome_is_c3() -> None:
    r = direction_check(
        "Wearing surgical masks increased the respiratory droplets that volunteers emitted.",
        _paper(),
    )
    assert r is not None and r.status is Status.CONTRADICTED and r.code is ErrorTag.C3
    assert (r.span, r.correction) == ("increased", "reduced")


def test_direction_kept_on_the_same_outcome_with_its_agent_is_verified() -> None:
    r = direction_check(
        "Wearing surgical masks lowered the respiratory droplets that volunteers emitted.", _paper()
    )
    assert r is not None and r.status is Status.VERIFIED
    # the agent's words are not in the paper's sentence: nothing is verified
    assert (
        direction_check(
            "Cloth gowns lowered the respiratory droplets that volunteers emitted.", _paper()
        )
        is None
    )
    # a hedged paper sentence verifies nothing
    assert direction_check("Hand washing lowered transmission in schools.", _paper()) is None


def test_rules_judge_uses_the_checks_only_where_it_would_say_nei() -> None:
    j = _judge("Surgical masks did not cut the emission of respiratory droplets.")
    assert j.label is Label.CONTRADICTION
    assert any(ErrorTag.C3 in e.tags for e in j.errors)
    assert "negates" in j.rationale
    # the paper's sentence is the evidence, as the index's line where it starts
    assert j.evidence and "surgical masks reduced" in j.evidence[0].text
    j = _judge("Wearing surgical masks lowered the respiratory droplets that volunteers emitted.")
    assert j.label is Label.SUPPORTED
    # a number the paper does not give keeps the sentence from being supported
    j = _judge(
        "Wearing surgical masks lowered the respiratory droplets that 310 volunteers emitted."
    )
    assert j.label is not Label.SUPPORTED
    # a negated sentence about something the paper does not discuss stays nei
    assert _judge("Ventilation does not protect office workers.").label is Label.NEI


def test_topic_terms_bind_nothing() -> None:
    text = (
        "COVID-19 cases rose in March.\nCOVID-19 deaths fell in May.\nCOVID-19 wards "
        "were full.\nHospitals reported COVID-19 outbreaks.\nMasks were worn."
    )
    paper = _paper(text)
    assert "covid" in paper.topic
    assert "covid" not in _paper().topic


def test_negated_extent_double_negation_and_fall_into_are_no_conflicts() -> None:
    paper = _paper()
    # a negated totality limits the extent: the paper's plain statement agrees with it
    assert (
        negation_conflict("Surgical masks did not reduce respiratory droplets completely.", paper)
        is None
    )
    assert (
        negation_conflict(
            "Surgical masks would not reduce respiratory droplets if not worn.", paper
        )
        is None
    )
    assert changes("Most adults fall into the category of high risk.") == ()


def test_paper_sentences_are_made_once_per_index_and_read_page_by_page() -> None:
    index = EvidenceIndex.from_texts([PAGE, "Page two says little about masks at all."])
    paper = PaperSentences.of(index)
    assert PaperSentences.of(index) is paper
    assert [p.page for p in paper.page(2)] == [2]
    assert paper.page(9) == []
    # a claim is compared with the pages it names only
    about = paper.about(frozenset({"surgi", "mask"}), 0.5, pages=[2])
    assert [p.page for _, p in about] == [2]


def test_a_comparison_said_from_its_other_side_is_no_conflict() -> None:
    # normalised to (larger, smaller) before the two are compared: "B lower than A" is
    # "A higher than B"; the same order reversed is still C3
    page = (
        "Mortality in the treated group was lower than in the placebo group. "
        "The accuracy of BERT is lower than that of SPECTER on the citation prediction task."
    )
    for claim in (
        "Mortality in the placebo group was higher than in the treated group.",
        "SPECTER achieves higher accuracy than BERT on the citation prediction task.",
    ):
        j = _judge(claim, page)
        assert j.label is not Label.CONTRADICTION, j.rationale
    for claim in (
        "Mortality in the treated group was higher than in the placebo group.",
        "BERT achieves higher accuracy than SPECTER on the citation prediction task.",
    ):
        j = _judge(claim, page)
        assert j.label is Label.CONTRADICTION and j.errors[0].tags == (ErrorTag.C3,), j.rationale


def test_an_inhibitor_or_inhibition_efficiency_is_no_change() -> None:
    """The verb forms of "inhibit" say a thing goes down; the nouns name an agent or a
    metric ("the inhibitor", "inhibition efficiency") and state no change."""
    assert [c.direction for c in changes("Imidazole inhibits corrosion of the steel.")] == ["down"]
    assert [c.direction for c in changes("Growth was inhibited at 500 ppm.")] == ["down"]
    words = [c.word for c in changes("The inhibitor gave an inhibition efficiency of 91.7%.")]
    assert words == []


def test_a_heading_about_a_test_supports_no_direction() -> None:
    """A reversed trend is not supported by the paper's sentence announcing a test of
    "inhibition efficiency when imidazole is added" (the imidazole paper of the shared
    data; skipped without it)."""
    label, why, _ = judged_c1(
        DATA / "papers-more" / "imidazole-corrosion-2021.pdf",
        "Corrosion potential fell steadily as more imidazole was added.",
    )
    assert label is not Label.SUPPORTED, why


def test_no_before_a_comparative_is_a_bound_not_a_negation() -> None:
    """ "no higher than 5 GeV" writes a bound; "not restricted" still negates."""
    from grounding.lexicon.words import NO_BOUND

    assert NO_BOUND.match(" higher than 5 GeV") and NO_BOUND.match(" fewer than ten")
    assert not NO_BOUND.match(" evidence of harm") and not NO_BOUND.match(" other than")
    t2k = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
    label, why, _ = judged_c1(
        t2k,
        "The reported cross section is limited to forward-going muons with momenta no "
        "higher than 5 GeV.",
    )
    assert label is not Label.CONTRADICTION, why
    label, why, _ = judged_c1(t2k, "The cross section is not restricted to forward-going muons.")
    assert label is Label.CONTRADICTION, why
