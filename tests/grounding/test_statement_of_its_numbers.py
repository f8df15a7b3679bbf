"""A sentence is read against the paper's statement of its own numbers and conditions, not
against any passage that happens to hold one of its words:

- two things a comparison orders ("the decadal amplitude is smaller than the interannual
  one") ordered the other way by the paper, with a comparative or a comparison verb ("the
  amplitude on the decadal timescale exceeds that on the interannual timescale");
- a comparison word ("below") is contradicted by the paper's sentence that writes the
  sentence's numbers on the page of its passage and compares the same named thing the
  other way ("79.8% ... slightly surpassing OpenAI-o1-1217"); a comparison with another
  named thing ("outperforming DeepSeek-V3") decides nothing;
- a time said the other way ("before release" where the paper says "post-release");
- a multiplier ("about 8 times larger") the paper states for the same comparison ("4.8
  times") is not taken as computed from other numbers, nor read in a table's cells;
- a value the paper gives at the condition the sentence gives it ("1000 ppm ... 88.0%")
  stays bound there, whatever other words the passage puts near it;
- a quantifier the paper denies ("cannot be attributed solely to" for "explained
  entirely by"); a clause whose own passage negates it ("do not include an RL stage");
- two names given each other's roles ("TPM biopsy serves as the index test while MP-MRI
  is the reference standard");
- change verbs in all their forms ("a number that shrinks", "speeds up");
- a value written only far from the sentence's passages ("2 hours" elsewhere) against the
  passage of its statement that gives another ("42 mol% at a reaction time of 4 hours");
- a coordinated clause with no number of its own ("..., and an endorectal coil is used at
  every centre") is not verified by the number that binds the rest ("1.5 Tesla");
- a negation before one of two opposites ("without clinically significant" /
  "clinically insignificant") makes them say the same; a sentence that compares its own
  pairs of values is not read as a change from its table's first row, nor a change in a
  series of conditions that goes the other way from the row right above;
- a value the paper gives for two measures at once ("the standard deviations (STDs) of
  NNI are 0.44 °C") is a value of either.

Real papers of the shared data (skipped without it); each kind with sentences of the same
shape that must keep their label."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.check import check
from grounding.pdf import read_pdf
from tests.conftest import DATA, need
from tests.grounding.judging import judged_c1

R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
S2ORC = DATA / "papers" / "s2orc-2020.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"
NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"


def _label(pdf: Path, sentence: str) -> tuple[Label, str]:
    label, why, _ = judged_c1(pdf, sentence)
    return label, why


@pytest.mark.parametrize(
    ("pdf", "sentence", "said"),
    [
        (
            R1,
            "DeepSeek-R1 achieves 79.8% Pass@1 on AIME 2024, slightly below OpenAI-o1-1217.",
            "surpassing",
        ),
        (R1, "DeepSeek-R1 scores 90.8% on MMLU, significantly below DeepSeek-V3.", "outperforming"),
        (
            LEGWORK,
            "Users can set gw_lum_tol, a tolerance on the gravitational-wave luminosity, and "
            "LEGWORK then works out how many harmonics are needed, a number that shrinks as "
            "sources become more eccentric.",
            "increasingly",
        ),
        (
            NINGALOO,
            "The authors show that the emergence of the linkage is explained entirely by the "
            "shift of the IPO into its negative phase.",
            "solely",
        ),
        # roles of a diagnostic-accuracy study (the paper: "MP-MRI (the index test) against
        # an accurate reference standard, template prostate mapping (TPM) biopsy")
        (
            PROMIS,
            "In the study design, TPM biopsy serves as the index test while MP-MRI is the "
            "reference standard.",
            "index test",
        ),
        # the paper: "the NNI amplitude on the decadal timescale (0.33 °C) exceeds that on
        # the interannual timescale (0.26 °C)"
        (
            NINGALOO,
            "Over this period, the NNI's decadal amplitude is smaller than its interannual "
            "amplitude.",
            "exceeds",
        ),
        (
            NINGALOO,
            "The NNI amplitude on the interannual timescale is higher than that on the decadal "
            "timescale.",
            "exceeds",
        ),
    ],
)
def test_a_statement_said_the_other_way_is_contradicted(
    pdf: Path, sentence: str, said: str
) -> None:
    label, why = _label(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert said in why, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # the same numbers compared with the thing the paper compares them with
        (
            R1,
            "DeepSeek-R1 achieves 79.8% Pass@1 on AIME 2024, slightly surpassing OpenAI-o1-1217.",
        ),
        # "outperforming DeepSeek-V3" in the sentence of 90.8%: another comparison
        (R1, "DeepSeek-R1 scores 90.8% on MMLU, slightly below OpenAI-o1-1217."),
        (
            LEGWORK,
            "Users can set gw_lum_tol, a tolerance on the gravitational-wave luminosity, and "
            "LEGWORK then works out how many harmonics are needed, a number that grows as "
            "sources become more eccentric.",
        ),
        (
            MARSH,
            "A retrospective review found that only 22% of translocation projects included "
            "post-release follow-up to monitor disease-related mortality.",
        ),
        (
            MARSH,
            "A retrospective review found that only 22% of translocation projects included "
            "follow-up after release to monitor disease-related mortality.",
        ),
        (
            IMIDAZOLE,
            "XPS showed that at 500 ppm the pyrrole-type interaction was about 4.8 times larger "
            "than the pyridine-type one.",
        ),
        (
            NINGALOO,
            "The NNI amplitude on the decadal timescale is higher than that on the interannual "
            "timescale.",
        ),
        (
            HUMINS,
            "After scale-up to the 600 mL autoclave, the LA yield from fructose peaked at 42 "
            "mol% after 4 hours of reaction.",
        ),
        (
            CFP,
            "For irreversible bleaching, T65S slows down photobleaching of both parent proteins.",
        ),
        # a coordinated clause its own passage states, beside the number that binds the rest
        (
            PROMIS,
            "MP-MRI is acquired on a 1.5 Tesla scanner, and the use of endorectal coils will be "
            "avoided.",
        ),
        (PROMIS, "MP-MRI is acquired on a 1.5 Tesla scanner with a pelvic phased array."),
        (
            PROMIS,
            "In the study design, MP-MRI serves as the index test while TPM biopsy is the "
            "reference standard.",
        ),
        # "the standard deviations (STDs) of NNI are 0.44 °C": a value of both measures
        (
            NINGALOO,
            "The authors track SST off western Australia with the Ningaloo Niño index (NNI), "
            "whose standard deviation rose from 0.44 °C in 1950–1985 to 0.51 °C in 1985–2020.",
        ),
        # "Not all papers in S2ORC" denies "all papers", not "each field"
        (
            S2ORC,
            "Figure 2 plots the share of S2ORC papers in each Microsoft Academic field of "
            "study, counting only the top field for each paper.",
        ),
    ],
)
def test_the_paper_s_own_statement_supports_it(pdf: Path, sentence: str) -> None:
    label, why = _label(pdf, sentence)
    assert label is Label.SUPPORTED, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            MARSH,
            "A retrospective review found that only 22% of translocation projects included "
            "follow-up before release to monitor disease-related mortality.",
        ),
        (
            R1,
            "For these distilled models, the authors combined SFT with a short RL stage, which "
            "they found essential to reach o1-mini-level scores.",
        ),
        # "1.5 Tesla" binds the scanner, not the coordinated clause (the paper: "Use of
        # endorectal coils will be avoided")
        (
            PROMIS,
            "MP-MRI is acquired on a 1.5 Tesla scanner, and an endorectal coil is used at every "
            "centre.",
        ),
        # the paper: "the single T65S mutation notably slows down the irreversible bleaching"
        (
            CFP,
            "For irreversible bleaching, T65S speeds up photobleaching of both parent proteins, "
            "although mTurquoise remains the most photostable.",
        ),
    ],
)
def test_a_statement_its_passage_denies_is_not_supported(pdf: Path, sentence: str) -> None:
    label, why = _label(pdf, sentence)
    assert label is not Label.SUPPORTED, why


def test_a_stated_multiplier_outranks_one_computed_from_earlier_numbers() -> None:
    # the first sentence's numbers would give about 8 as a ratio of two of them
    answer = (
        "The corrosion current density fell from 2.908 to 0.35 µA/cm2. XPS showed that at "
        "500 ppm the pyrrole-type interaction was about 8 times larger than the pyridine-type "
        "one."
    )
    report = check("What does XPS show?", answer, read_pdf(need(IMIDAZOLE)))
    last = report.sentences[-1].judgement
    assert last.label is Label.CONTRADICTION, last.rationale
    assert [e.correction for e in last.errors] == ["4.8 times"], last.errors


@pytest.mark.parametrize(
    ("sentence", "c1"),
    [
        # the paper gives 88.0% at 1000 ppm, 91.7% at 500 ppm
        (
            "At 500 ppm the efficiency fell to 88.0%, and the corrosion current density was "
            "higher than at 1000 ppm.",
            [("88.0%", "91.7%")],
        ),
        ("At 1000 ppm imidazole shows 91.7% efficiency.", [("91.7%", "88.0%")]),
        # "2 hours" is written elsewhere in the paper; the statement of 42 mol% gives 4 hours
        (
            "After scale-up to the 600 mL autoclave, the LA yield from fructose peaked at 42 "
            "mol% after 2 hours of reaction.",
            [("2 hours", "4 hours")],
        ),
    ],
)
def test_a_value_given_another_condition_is_corrected(
    sentence: str, c1: list[tuple[str, str]]
) -> None:
    pdf = HUMINS if "autoclave" in sentence else IMIDAZOLE
    label, why, errors = judged_c1(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert errors == c1, (why, errors)


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # "without clinically significant" says what "clinically insignificant" says
        (
            PROMIS,
            "For specificity, assuming a true value of 77% and requiring the lower 95% "
            "confidence bound to reach at least 70%, they need 407 men without clinically "
            "significant cancer, equivalent to 479 men in total under definition 1 and 543 "
            "under definition 2.",
        ),
        # the sentence's own pairs ("0.35 versus 0.24", "from -33.6 to -130.0") are its
        # changes, not a change from the table's first row
        (
            IMIDAZOLE,
            "At 1000 ppm, icorr rose above the 500 ppm value (0.35 versus 0.24 µA/cm2) and the "
            "breakdown potential fell from −33.6 to −130.0 mV, which the authors take to imply "
            "reduced adsorption coverage and a less intact adsorbed layer.",
        ),
        # a series of conditions (0 ... 500, 1000 ppm): the fall is from the row above
        (IMIDAZOLE, "At 1000 ppm the efficiency fell to 88.0%."),
    ],
)
def test_a_correct_sentence_is_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why = _label(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


def test_a_value_goes_to_the_model_named_next_to_it() -> None:
    # 77.5 is the "Start w/ BERT-Large" row's, not the SciBERT row's of another table
    right = (
        "Swapping SciBERT for the general-domain BERT-Large reduces the average to 77.5, "
        "which the authors find reasonable since SciBERT was pretrained on scientific text."
    )
    label, why = _label(SPECTER, right)
    assert label is Label.SUPPORTED, why
    wrong = "Swapping SciBERT for the general-domain BERT-Large reduces the average to 79.5."
    label, why = _label(SPECTER, wrong)
    assert label is not Label.SUPPORTED, why


def test_a_value_stated_at_its_condition_is_not_rebound() -> None:
    label, why = _label(
        IMIDAZOLE,
        "At 1000 ppm the efficiency fell to 88.0%, and the corrosion current density was "
        "higher than at 500 ppm.",
    )
    assert label is not Label.CONTRADICTION, why


def test_a_change_in_a_series_of_conditions_still_needs_its_direction() -> None:
    # the 500 ppm row rises from both the first row and the row above: "fell" is wrong
    label, why = _label(IMIDAZOLE, "At 500 ppm the efficiency fell to 91.7%.")
    assert label is Label.CONTRADICTION, why
    # an ablation table's rows are no series: "down to 78.4" is read from its first row
    label, why = _label(SPECTER, "Dropping the hard negatives brings the average down to 78.4.")
    assert label is Label.SUPPORTED and "measured from" in why, why


def test_a_row_named_by_a_stop_word_keeps_its_value() -> None:
    # "+ author" is a label the index keeps no term for; the sentence names it all the same
    right = (
        "Adding author names on top of the title and abstract also hurts, bringing the "
        "average down to 67.3."
    )
    label, why = _label(SPECTER, right)
    assert label is not Label.CONTRADICTION, why
    label, why = _label(SPECTER, "Dropping the abstract lowers the average to 67.3.")
    assert label is Label.CONTRADICTION and "68.1" in why, why


def test_a_pair_of_values_goes_to_the_name_written_after_it() -> None:
    # "36.0 mol% and 12.6 wt% for LPC-2": both values are LPC-2's, not the LPC named before
    right = (
        "In Table 1, the original synthesis (LP) averaged 40.7 mol% LA and 11.5 wt% humins at "
        "pH 1.0, compared with 37.0 mol% and 11.4 wt% for LPC and 36.0 mol% and 12.6 wt% for "
        "LPC-2, both at pH 1.3."
    )
    label, why = _label(HUMINS, right)
    assert label is Label.SUPPORTED, why
    wrong = (
        "LP averaged 40.7 mol% LA, compared with 36.0 mol% and 11.4 wt% for LPC and 37.0 mol% "
        "and 12.6 wt% for LPC-2."
    )
    label, why = _label(HUMINS, wrong)
    assert label is Label.CONTRADICTION, why
