"""A sentence contradicted only because it repeats, or computes from, a number an earlier
sentence got wrong rests on that sentence: depends_on names it, C4 and false_premise follow
(GroundQA GUIDELINES, "Inherited errors"), whether or not the sentence has a cue word."""

from __future__ import annotations

import json

import pytest

from annotations.schema import ErrorTag, Label, PropagationType
from grounding.check import check
from grounding.pdf import read_pdf
from tests.conftest import DATA, DEV, need

SPECTER = DATA / "papers" / "specter-2020.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"

# (PDF, answer, the sentence repeating the wrong number, the sentence that got it wrong);
# the repeating sentence is an Observation with no cue word and words of its own
REPEATS = [
    (
        SPECTER,
        "Removing the abstract drops the average to 66.1. Adding venues gives 79.9 on "
        "average. Adding authors gives 67.3, only slightly above 66.1.",
        "S3",
        "S1",
    ),
    (
        IMIDAZOLE,
        "The polarization tests gave an inhibition efficiency of 93.7% at 500 ppm of "
        "imidazole. XPS showed pyrrole-type interaction at that concentration. In the EIS "
        "data the efficiency was 97.7%, higher than the 93.7% of the polarization tests.",
        "S3",
        "S1",
    ),
]


@pytest.mark.parametrize(("pdf", "answer", "dependent", "premise"), REPEATS)
def test_a_repeated_wrong_number_rests_on_the_sentence_that_got_it(
    pdf, answer: str, dependent: str, premise: str
) -> None:
    report = check("q", answer, read_pdf(need(pdf)), verify_citations=False)
    by_id = {cs.sentence.id: cs for cs in report.sentences}
    wrong, repeat = by_id[premise].annotation, by_id[dependent]
    assert wrong.label is Label.CONTRADICTION
    assert any(ErrorTag.C1 in e.tags for e in wrong.errors)
    # the judge's own verdict: a contradiction with no error span of its own
    assert repeat.judgement.label is Label.CONTRADICTION and not repeat.judgement.errors
    a = repeat.annotation
    assert a.depends_on == (premise,)
    assert a.error_tags == (ErrorTag.C4,)
    assert a.propagation_type is PropagationType.FALSE_PREMISE
    assert "earlier sentence got wrong" in a.rationale
    # the other sentences are left as the graph made them
    for cs in report.sentences:
        if cs.sentence.id != dependent:
            assert ErrorTag.C4 not in cs.annotation.error_tags


def test_a_wrong_number_written_again_with_its_own_error_is_no_premise() -> None:
    # S3 is contradicted by the table itself (its own C1 span): it rests on nothing
    answer = (
        "Training without hard negatives lowers the average score to 76.4. SPECTER starts "
        "from SciBERT. BERT-Large gives 77.5 on average, above the 76.4 of the variant "
        "without hard negatives."
    )
    report = check("q", answer, read_pdf(need(SPECTER)), verify_citations=False)
    third = report.annotations[2]
    assert third.label is Label.CONTRADICTION and third.errors
    assert third.depends_on == () and third.error_tags == ()
    assert report.annotations[1].depends_on == ()


def test_a_right_number_written_again_rests_on_nothing() -> None:
    answer = (
        "Removing the abstract drops the average to 68.1. Adding venues gives 79.9 on "
        "average. Adding authors gives 67.3, only slightly below 68.1."
    )
    report = check("q", answer, read_pdf(need(SPECTER)), verify_citations=False)
    assert [a.label for a in report.annotations] == [Label.SUPPORTED] * 3
    assert all(a.depends_on == () and a.error_tags == () for a in report.annotations)


def test_a_premise_the_graph_already_gives_is_not_doubled() -> None:
    # "This" links S2 to S1 before any number is compared
    answer = (
        "Removing the abstract drops the average to 66.1. This makes 66.1 the lowest "
        "average in Table 2."
    )
    report = check("q", answer, read_pdf(need(SPECTER)), verify_citations=False)
    second = report.annotations[1]
    assert second.depends_on == ("S1",) and second.error_tags == (ErrorTag.C4,)


def test_the_dev_answer_repeating_a_wrong_score_rests_where_its_gold_says() -> None:
    row = next(
        json.loads(line)
        for line in need(DEV / "deepseek-r1-2025.jsonl").read_text().splitlines()
        if json.loads(line)["qa_pair_id"] == "deepseek-r1-2025__q04"
    )
    gold = {f"S{i + 1}": a for i, a in enumerate(row["annotations"])}
    report = check(
        row["question_text"],
        row["answer_raw"],
        read_pdf(need(DATA / "papers" / "deepseek-r1-2025.pdf")),
        verify_citations=False,
    )
    got = {cs.sentence.id: cs.annotation for cs in report.sentences}
    # S6 repeats the cons@64 score S4 got wrong; the gold links it and tags it C4
    assert gold["S6"]["depends_on"] == ["S4"] and gold["S6"]["error_tags"] == ["C4"]
    assert got["S4"].label is Label.CONTRADICTION
    assert "S4" in got["S6"].depends_on
    assert got["S6"].error_tags == (ErrorTag.C4,)
    assert got["S6"].propagation_type is PropagationType.FALSE_PREMISE
