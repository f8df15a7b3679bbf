"""Bounds ("up to", "over", "at most"), sentences the paper states verbatim, and the other
false supports and contradictions of a fresh user's trial (issue 11), on papers the rules
were not written on (../shared/data/papers-more) and the SPECTER example."""

from __future__ import annotations

from pathlib import Path

import pytest

from grounding.check import check
from grounding.evidence import EvidenceIndex
from grounding.judges.claim_kind import not_a_claim_reason
from grounding.judges.number_common import Findings, NumberCheck
from grounding.judges.verbatim import keep_verbatim
from grounding.pdf import read_pdf
from grounding.quantities import extract_quantities
from tests.conftest import DATA, need

MORE = DATA / "papers-more"
PROMIS = MORE / "promis-prostate-mri-2015.pdf"
HUMINS = MORE / "humins-levulinic-acid-2025.pdf"
IMIDAZOLE = MORE / "imidazole-corrosion-2021.pdf"
SPECTER = Path(__file__).resolve().parents[2] / "examples" / "specter" / "paper.pdf"


def _judged(pdf: Path, answer: str) -> list[tuple[str, str, list[tuple[str, str | None]]]]:
    report = check("What does the paper say?", answer, str(need(pdf)), verify_citations=False)
    return [
        (
            s.annotation.label.value,
            s.annotation.rationale,
            [(e.span, e.correction) for e in s.judgement.errors],  # the checker's spans
        )
        for s in report.sentences
    ]


@pytest.mark.parametrize(
    ("pdf", "wrong", "span", "paper"),
    [
        (HUMINS, "The heating plate allowed reaction temperatures up to 250°C.", "250°C", "200°C"),
        (
            HUMINS,
            "The heating plate allowed reaction temperatures of at most 250°C.",
            "250°C",
            "200°C",
        ),
        (HUMINS, "The biofine process achieves levulinic acid yields of up to 7%.", "7%", "70%"),
        (PROMIS, "Up to 1714 men will have MP-MRI.", "1714", "714"),
        (
            PROMIS,
            "Currently over 4,000 new cases are diagnosed every year in the UK.",
            "4,000",
            "40,000",
        ),
    ],
)
def test_a_bound_with_another_number_than_the_papers_is_contradicted(
    pdf: Path, wrong: str, span: str, paper: str
) -> None:
    [(label, why, errors)] = _judged(pdf, wrong)
    assert label == "contradiction" and (span, paper) in errors
    assert f"{span} found" not in why


def test_a_bound_no_passage_gives_is_never_said_to_be_found() -> None:
    # 9714 is nowhere in the PDF (the paper: "Up to 714 men"): not supported, and the
    # rationale never claims the number was found
    [(label, why, _)] = _judged(PROMIS, "Up to 9714 men will have MP-MRI.")
    assert label != "supported" and "9714 found" not in why


@pytest.mark.parametrize(
    ("pdf", "right"),
    [
        (HUMINS, "The heating plate allowed reaction temperatures up to 200°C."),
        (
            HUMINS,
            "Using formic acid as an organocatalyst, levulinic acid yields of up to 42 mol% "
            "were achieved.",
        ),
        (PROMIS, "Up to 714 men will have MP-MRI."),
        (PROMIS, "Currently over 40,000 new cases are diagnosed every year in the UK."),
        (
            IMIDAZOLE,
            "As the concentration of imidazole increased up to 500 ppm, inhibition "
            "efficiency increased up to 91.7%.",
        ),
    ],
)
def test_a_bound_the_paper_states_is_supported(pdf: Path, right: str) -> None:
    [(label, _, errors)] = _judged(pdf, right)
    assert label == "supported" and not errors


def test_a_sentence_the_paper_states_verbatim_keeps_its_numbers() -> None:
    document = read_pdf(need(IMIDAZOLE))
    index = EvidenceIndex.for_document(document)
    said = (
        "As the concentration of imidazole increased up to 500 ppm, inhibition "
        "efficiency increased up to 91.7%."
    )
    changed = said.replace("91.7%", "97.1%")
    for text, kept in ((said, True), (changed, False)):
        q = [x for x in extract_quantities(text) if x.checkable][0]
        wrong = extract_quantities("1000 ppm")[0]
        found = Findings([NumberCheck(q, "conflict", correction=wrong)])
        keep_verbatim(text, index, index.hits(text, k=8), found)
        assert (found.numbers[0].status == "found") is kept
        assert (found.numbers[0].correction is None) is kept


CFP = MORE / "cfp-t65s-2012.pdf"


@pytest.mark.parametrize(
    ("pdf", "wrong", "span", "paper", "right"),
    [
        (
            IMIDAZOLE,
            "At 1000 ppm, inhibition efficiency increased.",
            "increased",
            "decreased",
            "At 1000 ppm, inhibition efficiency decreased.",
        ),
        (
            CFP,
            "The single mutation T65S markedly worsens this stability, shifting the pK1/2 of "
            "ECFP-T65S and Cerulean-T65S by 1.1 and 1.6 pH units respectively.",
            "worsens",
            "improves",
            None,
        ),
        (
            PROMIS,
            "Prostate cancer is the second most common male cancer.",
            "second most",
            "most",
            "Prostate cancer is the most common male cancer.",
        ),
        (
            HUMINS,
            "Fructose achieved the second highest LA yield of 38% followed by sucrose with 23%.",
            "second highest",
            "highest",
            None,
        ),
    ],
)
def test_the_papers_own_sentence_with_one_word_turned_is_contradicted(
    pdf: Path, wrong: str, span: str, paper: str, right: str | None
) -> None:
    # the paper states the sentence word for word but for one operator word (C3) or a rank
    # before its superlative (C1); a number the sentence also holds does not support it
    right = right or wrong.replace(span, paper)
    (bad, why, errors), (good, _, good_errors) = _judged(pdf, f"{wrong} {right}")
    assert bad == "contradiction" and (span, paper) in errors and f"'{paper}'" in why
    assert good == "supported" and not good_errors


@pytest.mark.parametrize(
    ("wrong", "span", "paper", "right"),
    [
        # Table 2 (polarization): 300 ppm -> 84.2, 500 ppm -> 91.7 (91.7% is in the abstract too)
        (
            "At 300 ppm the polarization test gave an inhibition efficiency of 91.7%.",
            "91.7%",
            "84.2%",
            "At 300 ppm the polarization test gave an inhibition efficiency of 84.2%.",
        ),
        # Table 3 (impedance): 100 ppm -> 71.8, 300 ppm -> 86.8
        (
            "At 100 ppm the impedance measurements gave an inhibition efficiency of 86.8%.",
            "86.8%",
            "71.8%",
            "At 100 ppm the impedance measurements gave an inhibition efficiency of 71.8%.",
        ),
    ],
)
def test_a_value_given_to_another_numeric_row_key_is_contradicted(
    wrong: str, span: str, paper: str, right: str
) -> None:
    # the tables are keyed by concentration ("Conc. (ppm)"): the value is held to the row
    # of the sentence's key, not to the row (or the abstract) where it is written
    (bad, _, errors), (good, _, good_errors) = _judged(IMIDAZOLE, f"{wrong} {right}")
    assert bad == "contradiction" and (span, paper) in errors
    assert good == "supported" and not good_errors


DEEPSEEK = DATA / "papers" / "deepseek-r1-2025.pdf"


@pytest.mark.parametrize(
    ("pdf", "wrong", "span", "paper", "right"),
    [
        # "over 40,000 new cases ... in the UK and 223,307 new cases in the USA"
        (
            PROMIS,
            "About 223,307 new cases are diagnosed every year in the UK.",
            "UK",
            "USA",
            "About 223,307 new cases are diagnosed every year in the USA.",
        ),
        # "87.6% on AlpacaEval 2.0 and a win-rate of 92.3% on ArenaHard"
        (
            DEEPSEEK,
            "DeepSeek-R1 achieves a length-controlled win-rate of 92.3% on AlpacaEval 2.0.",
            "AlpacaEval",
            "ArenaHard",
            "DeepSeek-R1 achieves a length-controlled win-rate of 87.6% on AlpacaEval 2.0.",
        ),
    ],
)
def test_a_number_given_to_the_other_name_of_a_coordination_is_contradicted(
    pdf: Path, wrong: str, span: str, paper: str, right: str
) -> None:
    (bad, why, errors), (good, _, good_errors) = _judged(pdf, f"{wrong} {right}")
    assert bad == "contradiction" and (span, paper) in errors and f"for '{paper}'" in why
    assert good == "supported" and not good_errors


MARSH = MORE / "marsh-deer-dra-2025.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"


@pytest.mark.parametrize(
    ("pdf", "heading"),
    [
        (MARSH, "2.2.4 Step 4."),
        (LEGWORK, "2.2. Optimistations"),
        (PROMIS, "4.2. Patient population"),
    ],
)
def test_a_numbered_section_heading_is_no_claim(pdf: Path, heading: str) -> None:
    # its section number is no value to find or contradict
    judged = _judged(pdf, heading)
    assert [label for label, _, _ in judged] == ["not_a_claim"] * len(judged)


@pytest.mark.parametrize(
    "statement",
    [
        "2.5 million people died.",
        "3.1 Patients were excluded.",
        "12 Participants completed the study.",
    ],
)
def test_a_sentence_opening_with_a_number_is_still_a_claim(statement: str) -> None:
    assert not_a_claim_reason(statement) is None


@pytest.mark.parametrize(
    ("pdf", "right", "absent"),
    [
        # SPECTER Table 2: the full model (top row) 80.0, "No hard negatives" 78.4
        (
            SPECTER,
            "Without hard negatives the average is 78.4, 1.6 points below the full model.",
            "Without hard negatives the average is 78.4, 2.6 points below the full model.",
        ),
        # DeepSeek-R1 Table 5: Distill-Qwen-32B 72.6 on AIME 2024, OpenAI-o1-mini 63.6
        (
            DEEPSEEK,
            "DeepSeek-R1-Distill-Qwen-32B scores 72.6 on AIME 2024 pass@1, 9.0 points "
            "above OpenAI-o1-mini.",
            "DeepSeek-R1-Distill-Qwen-32B scores 72.6 on AIME 2024 pass@1, 9.0 points above "
            "QwQ-32B-Preview.",
        ),
    ],
)
def test_a_difference_against_a_row_the_sentence_names_is_computed(
    pdf: Path, right: str, absent: str
) -> None:
    # the difference is computed from the sentence's value and the cell of the row it is
    # measured from (named, or the table's top row), never from any row of the column
    ((good, why, _),) = _judged(pdf, right)
    assert good == "supported" and "computed from the paper's numbers" in why
    ((other, why_other, _),) = _judged(pdf, absent)
    assert other != "supported" and "computed" not in why_other


S2ORC = DATA / "papers" / "s2orc-2020.pdf"


@pytest.mark.parametrize(
    ("pdf", "wrong", "span", "paper"),
    [
        # "We initialize the model from SciBERT pretrained weights", "(initialized with
        # SciBERT)"; BERT-Large is only an ablation ("(BERT-Large) instead of SciBERT")
        (SPECTER, "SPECTER is initialized from BERT-Large.", "BERT-Large", "SciBERT"),
        # "a BERT model pretrained on S2ORC", "S2ORC-SCIBERT is pretrained from scratch"
        (S2ORC, "The authors evaluate a BERT model pretrained on PubMed.", "PubMed", "S2ORC"),
    ],
)
def test_a_name_the_paper_never_gives_a_verb_is_contradicted(
    pdf: Path, wrong: str, span: str, paper: str
) -> None:
    (bad, why, errors), (good, _, good_errors) = _judged(
        pdf, f"{wrong} {wrong.replace(span, paper)}"
    )
    assert bad == "contradiction" and (span, paper) in errors and f"'{paper}'" in why
    assert good == "supported" and not good_errors


@pytest.mark.parametrize(
    ("pdf", "wrong", "span", "paper", "right"),
    [
        # "with 500 ppm of imidazole, the amount of pyrrole type interaction was 4.8 times
        # larger than pyridine ..." and "At 1000 ppm ... 3.49 times": the sentence is the
        # 500 ppm statement with one number changed, so the value is corrected for its own
        # condition (the paper's value for the claim's binding)
        (
            IMIDAZOLE,
            "With 500 ppm of imidazole, the pyrrole type interaction is 3.49 times larger "
            "than the pyridine type interaction.",
            "3.49 times",
            "4.8 times",
            "With 500 ppm of imidazole, the pyrrole type interaction is 4.8 times larger than the "
            "pyridine type interaction.",
        ),
        # "typically 8 mg/L at pH 2.5 and 18 mg/L at pH 7.4"
        (
            CFP,
            "Protein concentrations were typically 18 mg/L at pH 2.5.",
            "2.5",
            "7.4",
            "Protein concentrations were typically 18 mg/L at pH 7.4.",
        ),
    ],
)
def test_a_value_given_under_another_condition_is_contradicted(
    pdf: Path, wrong: str, span: str, paper: str, right: str
) -> None:
    (bad, _, errors), (good, _, good_errors) = _judged(pdf, f"{wrong} {right}")
    assert bad == "contradiction" and (span, paper) in errors
    assert good == "supported" and not good_errors
