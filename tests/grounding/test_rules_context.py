"""The rules judge reads a statement with the paper's sentences around its passage, nouns of
direction words and negated opposites, and shares in words restating a wrong number (fifth
round of issue 11). Sentences about ``../shared/data/papers-more`` (PROMIS) were written for
these tests; the rules were not written on that paper."""

from __future__ import annotations

from pathlib import Path

from grounding.check import check
from grounding.evidence import EvidenceIndex
from grounding.judges.answer_memory import AnswerMemory
from grounding.judges.statement_check import align, flipped_operators, negated_in_passage
from grounding.quantities import extract_quantities
from tests.conftest import DATA, need

PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
SPECTER = Path(__file__).resolve().parents[2] / "examples" / "specter" / "paper.pdf"


def _labels(pdf: Path, answer: str) -> list[tuple[str, str]]:
    report = check("What does the paper say?", answer, str(need(pdf)))
    return [(s.annotation.label.value, s.annotation.rationale) for s in report.sentences]


def test_a_term_stated_in_the_sentence_before_the_window_is_with_the_statement() -> None:
    # "... the initial studies evaluating MP-MRI to be disappointing. Early reports repeatedly
    # showed low sensitivity ...": the name closes the sentence before the window's statement
    (good, why), (bad, why_bad) = _labels(
        PROMIS,
        "Early reports on MP-MRI repeatedly showed low sensitivity and specificity and "
        "high inter-observer variability. Early reports on PIVOT repeatedly showed low "
        "sensitivity and specificity and high inter-observer variability.",
    )
    assert good == "supported" and "'MP-MRI' stated next to the passage" in why, why
    # another name of the paper in its place is still a substitution (C2)
    assert bad == "contradiction" and "'PIVOT'" in why_bad, why_bad


def test_a_noun_made_from_a_direction_word_verifies_the_comparison() -> None:
    # the paper: "(ERSPC) showed a modest reduction in risk of death from prostate cancer"
    [(label, why)] = _labels(
        PROMIS,
        "Screening for prostate cancer in the ERSPC reduced the "
        "risk of death from prostate cancer.",
    )
    assert label == "supported" and "'reduced' stated on page 2" in why, why


def test_a_negation_stated_in_the_line_after_the_window_is_no_conflict() -> None:
    # SPECTER p. 3: "... and the negative paper / is a paper that is not cited by the query
    # paper": the window aligned with the clause ends before the negation
    (good, why), (bad, _) = _labels(
        SPECTER,
        "Each training instance is a triplet: a query paper, a positive paper that "
        "the query cites, and a negative paper that the query does not cite. Each "
        "training instance is a triplet: a query paper, a positive paper that the "
        "query does not cite, and a negative paper that the query cites.",
    )
    assert good == "supported" and "stated next to the passage" in why, why
    assert bad == "contradiction"


def _alignment(page: str, claim: str):  # type: ignore[no-untyped-def]
    index = EvidenceIndex.from_texts([page])
    al = align(claim, index.hits(claim, k=8), {})
    assert al is not None
    return al


def test_a_passage_that_negates_the_statement_does_not_verify_it() -> None:
    page = (
        "Despite intensive effort, the traveler screening system did not effectively "
        "prevent introduction of the virus into California."
    )
    affirmed = "The traveler screening system effectively prevented the introduction of the virus."
    assert (
        negated_in_passage(affirmed, _alignment(page, affirmed))
        == "not effectively prevent introduction"
    )
    negated = "The traveler screening system did not prevent the introduction of the virus."
    assert negated_in_passage(negated, _alignment(page, negated)) == ""
    # "do not contain high levels" says "low levels": no denial, and no flipped operator
    page2 = (
        "Most plasma samples obtained from individuals who recover from the disease do not "
        "contain high levels of neutralizing activity."
    )
    low = (
        "Plasma samples of individuals who recover from the disease contain low levels of "
        "neutralizing activity."
    )
    al = _alignment(page2, low)
    assert negated_in_passage(low, al) == "" and flipped_operators(low, al) == []
    high = low.replace("low", "high")
    assert flipped_operators(high, _alignment(page2, high)) == []  # checked as a negation


def _q(text: str):  # type: ignore[no-untyped-def]
    return extract_quantities(text)[0]


def test_a_share_in_words_that_restates_a_wrong_number_is_found() -> None:
    memory = AnswerMemory()
    before = (
        "GROBID-parsed papers have 27.6 bibliography entries on average, of which 13.9 are linked."
    )
    wrong = next(q for q in extract_quantities(before) if q.value == 13.9)
    memory.record(before, [(wrong, "19.3")])
    qs = list(extract_quantities(before))
    # 13.9 of 27.6 is about half; the paper's 19.3 of 27.6 is not
    assert memory.wrong_share(_q("about half of the references"), qs) is not None
    assert memory.wrong_share(_q("about a third of the references"), qs) is None
    assert memory.wrong_share(_q("fewer than half of the references"), qs) is None  # a bound
    # the reciprocal of a wrong multiplier
    memory = AnswerMemory()
    times = "S2ORC holds 8.1M papers, roughly five times as many as PubMed Central."
    five = next(q for q in extract_quantities(times) if q.unit == "x")
    memory.record(times, [(five, "three times")])
    qs = list(extract_quantities(times))
    assert memory.wrong_share(_q("only about a fifth the size"), qs) is not None
    assert memory.wrong_share(_q("only about a third the size"), qs) is None
    # a share the paper's value gives as well settles nothing
    memory = AnswerMemory()
    memory.record(before, [(wrong, "13.5")])
    assert (
        memory.wrong_share(_q("about half of the references"), list(extract_quantities(before)))
        is None
    )
