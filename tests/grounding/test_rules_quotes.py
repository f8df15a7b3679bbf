"""Refusals and remarks on what the paper does not say are no claims; quotes the sentence
attributes to the paper are held to the paper's text: every fragment of an ellipsis quote
in order and close together, no negation left out, and a quote of a few common words is
no evidence. Real PDFs: S2ORC (papers/) and PROMIS (papers-more/)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.claim_kind import is_refusal, not_a_claim_reason
from grounding.judges.quotes import check_quotes, fragments, is_trivial, quotes_in
from grounding.judges.rules import RulesJudge
from grounding.pdf import read_pdf
from grounding.types import Judgement, Sentence
from tests.conftest import DATA, need

S2ORC = DATA / "papers" / "s2orc-2020.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"


@lru_cache(maxsize=4)
def _index(pdf: Path) -> EvidenceIndex:
    return EvidenceIndex.for_document(read_pdf(str(need(pdf))))


def _judge(pdf: Path, text: str) -> Judgement:
    judge = RulesJudge(index=_index(pdf))
    return judge.judge(
        ClaimContext(Sentence(0, 0, len(text), text), "What does the paper say?", (), ())
    )


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    "text",
    [
        "As far as I can tell, the paper does not say.",
        "I could not find this in the paper.",
        "I couldn\u2019t find any mention of GPU hours in the text.",
        "I'm unable to determine this from the paper.",
        "The paper does not report the training time.",
        "The paper does not specify which tokenizer was used.",
        "However, the authors do not explicitly state the batch size.",
        "The paper makes no mention of the learning rate.",
        "The paper is silent on the cost of training.",
        "This information is not provided in the paper.",
        "The exact number of GPUs is not reported in the paper.",
        "There is no information about the annotators in the paper.",
        "Unfortunately, the provided text does not include the exact figure.",
        "Based on the paper, it is unclear how many annotators were used.",
        "It is not clear from the paper whether the data were deduplicated.",
    ],
)
def test_a_refusal_or_remark_on_the_paper_is_no_claim(text: str) -> None:
    assert is_refusal(text) and not_a_claim_reason(text) is not None
    assert _judge(S2ORC, text).label is Label.NOT_A_CLAIM


@pytest.mark.parametrize(
    "text",
    [
        "The corpus does not include papers without abstracts.",
        "The paper does not use human annotators.",
        "The study did not include children.",
        "The authors did not find a significant effect of age.",
        "Patients were not given a placebo.",
        "SPECTER does not report confidence scores.",
        "It is unclear whether the effect persists beyond 12 months.",
        "There is no significant difference between the two arms.",
        "The paper reports 81.1M papers.",
        "The authors state that GROBID is not optimized for slides.",
        "The results are not reported as significant.",
        # "does not report" a finding: the paper found none, a claim about the subject
        "The authors do not report a significant difference between the two arms.",
        "The study did not report any adverse events.",
        "The paper does not report an improvement on MeSH.",
    ],
)
def test_a_negated_claim_about_the_subject_is_still_a_claim(text: str) -> None:
    assert not is_refusal(text) and not_a_claim_reason(text) is None


# ---------------------------------------------------------------- quotes, pure


def test_quotes_and_fragments_are_read_from_the_sentence() -> None:
    s = 'The paper states that "we aggregate papers ... into a unified source" (p. 1).'
    [(q, a, b)] = quotes_in(s)
    assert s[a:b] == q and fragments(q) == ["we aggregate papers", "into a unified source"]
    assert fragments("A [\u2026] B . . . C\u2026") == ["A", "B", "C"]
    # an editor's insertion stands for the paper's words; a re-cased letter is the paper's
    assert fragments("we [the authors] find") == ["we", "find"]
    assert fragments("[i]n our study") == ["in our study"]
    # apostrophes are no quotes; a one-word name in quotes is left to the term checks
    assert quotes_in("The authors' model isn't 'SciBERT'.") == []
    assert quotes_in("It is called \u201cthe largest\u201d.")[0][0] == "the largest"


@pytest.mark.parametrize(
    "quote", ["the", "of the", "we introduce", "in this paper we", "the largest", "as shown"]
)
def test_a_few_common_words_are_trivial(quote: str) -> None:
    assert is_trivial(quote)


@pytest.mark.parametrize(
    "quote", ["81.1M papers", "SciBERT is", "a large corpus", "not mutually exclusive"]
)
def test_a_specific_quote_is_not_trivial(quote: str) -> None:
    assert not is_trivial(quote)


def test_fragments_are_held_in_order_close_and_without_an_elided_negation() -> None:
    page = (
        "The method was not effective in the first trial. "
        + "Filler words here. " * 40
        + "The second arm was stopped early for benefit."
    )
    index = EvidenceIndex.from_texts([page])
    status = {
        q: check_quotes(f'They write "{q}".', index)[0].status
        for q in [
            "The method was not effective in the first trial",
            "The method was ... effective in the first trial",
            "The method was not ... in the first trial",
            "in the first trial ... The method was not effective",
            "The method was not effective ... stopped early for benefit",
            "The method was highly effective in the first trial",
        ]
    }
    assert list(status.values()) == ["found", "negation", "found", "apart", "apart", "absent"]


# ---------------------------------------------------------------- quotes, judged


@pytest.mark.parametrize(
    ("pdf", "text"),
    [
        (
            S2ORC,
            'The authors write: "we aggregate papers from hundreds of academic publishers and '
            'digital archives into a unified source".',
        ),
        (
            S2ORC,
            'The paper states that "we aggregate papers ... into a unified source, and create '
            'the largest publicly-available collection of machine-readable academic text".',
        ),
        (
            S2ORC,
            'According to the paper, "categories are not mutually exclusive [...] do not sum '
            'to 100%".',
        ),
        (
            S2ORC,
            "The abstract says \u201cWe introduce S2ORC, a large corpus of 81.1M English-language "
            "academic papers \u2026 spanning many academic disciplines\u201d.",
        ),
        (
            S2ORC,
            'The authors write that "[i]n S2ORC, we aggregate papers from hundreds of '
            'academic publishers".',
        ),
        (
            S2ORC,
            'The authors write that "we [the authors] aggregate papers from hundreds of '
            'academic publishers".',
        ),
        (
            PROMIS,
            'The authors write that "Use of endorectal coils will be avoided, as there is no '
            'consensus on its role".',
        ),
        (
            PROMIS,
            'The protocol says "It was decided to not include magnetic resonance spectroscopy '
            '... showed no benefit of spectroscopy".',
        ),
    ],
)
def test_a_faithful_quote_is_found(pdf: Path, text: str) -> None:
    j = _judge(pdf, text)
    assert j.label is Label.SUPPORTED and j.evidence, j.rationale


@pytest.mark.parametrize(
    ("pdf", "text", "left_out"),
    [
        (
            S2ORC,
            'The paper states that "SCIENCEPARSE and GROBID are ... optimized for processing '
            'non-paper academic documents".',
            "not",
        ),
        (S2ORC, 'The authors note that "categories are ... mutually exclusive".', "not"),
        (
            PROMIS,
            'The paper says "Many prostate cancers currently detected are clinically '
            'insignificant and ... have any clinical impact on the individual".',
            "do not",
        ),
        (
            PROMIS,
            'The authors write "Use of endorectal coils will be avoided, as there is ... '
            'consensus on its role".',
            "no",
        ),
    ],
)
def test_a_quote_that_elides_a_negation_is_contradicted(
    pdf: Path, text: str, left_out: str
) -> None:
    j = _judge(pdf, text)
    assert j.label is Label.CONTRADICTION and f"leaves out '{left_out}'" in j.rationale
    assert j.errors[0].tags == (ErrorTag.C3,) and j.errors[0].span in text


@pytest.mark.parametrize(
    ("pdf", "text"),
    [
        # fragments out of order
        (
            S2ORC,
            'The paper states that "into a unified source ... we aggregate papers from hundreds '
            'of academic publishers".',
        ),
        # fragments from pages far apart
        (
            S2ORC,
            'The paper states that "We introduce S2ORC, a large corpus ... the citation context '
            'they provide are extracted snippets".',
        ),
        # not in the paper
        (
            S2ORC,
            'The paper states that "S2ORC is the first corpus of its kind to include every '
            'paper ever published".',
        ),
        (
            PROMIS,
            'The authors write that "Use of endorectal coils will be mandatory in every centre".',
        ),
    ],
)
def test_a_quote_the_paper_does_not_hold_is_not_supported(pdf: Path, text: str) -> None:
    j = _judge(pdf, text)
    assert j.label is Label.NEI and "the quote" in j.rationale


@pytest.mark.parametrize(
    "text",
    [
        'The paper states that "the".',
        'The paper says "of the".',
        'The authors write "in this paper we".',
        "The paper says \u201cwe introduce\u201d.",
    ],
)
def test_a_quote_of_a_few_common_words_is_no_evidence(text: str) -> None:
    j = _judge(S2ORC, text)
    assert j.label is Label.NEI and "few common words" in j.rationale and not j.evidence


@pytest.mark.parametrize(
    "text",
    [
        "[1]",
        "[3, 5-7].",
        "See [12].",
        "(Ko et al., 2021).",
        "cf. (Smith 2019; Lee 2020a).",
        "Refs. [4, 5].",
    ],
)
def test_a_citation_marker_alone_is_not_a_claim(text: str) -> None:
    assert not_a_claim_reason(text) == "a citation marker alone"


@pytest.mark.parametrize(
    "text",
    [
        "Imidazole inhibits corrosion [1].",
        "The efficiency was 91.7% (Ko et al., 2021).",
        "In 2021 [3], yields rose.",
        "See Table 2 [4].",
    ],
)
def test_a_claim_that_cites_is_still_a_claim(text: str) -> None:
    assert not_a_claim_reason(text) is None
