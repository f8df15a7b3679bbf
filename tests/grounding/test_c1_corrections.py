"""The correction of a C1 is the paper's value for the sentence's own binding, or no
correction where the paper leaves the binding open; never the value of another binding.

Three kinds, each on several real papers, with the correct sentences that must not change:
two values exchanged between two named table rows (both numbers C1, each corrected by the
other); a name the table gives to rows of several groups ("NER" under four data sets: C1
with no correction); a paper statement repeated with one number changed, where another of
its numbers was read against another statement (the C1 moves to the changed number)."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from tests.conftest import DATA, PAPERS
from tests.grounding.judging import judged_c1

MORE = DATA / "papers-more"
_judged = judged_c1


# ---------------------------------------------------------------- values exchanged


@pytest.mark.parametrize(
    ("pdf", "sentence", "fixes"),
    [
        # the value 16.0 is also AIME's cell of another column
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "SWE Verified (Resolved) and Aider-Polyglot (Acc.) reach 16.0 and 38.8, respectively.",
            {("16.0", "38.8"), ("38.8", "16.0")},
        ),
        # 16 is the cell of many rows of the risk table
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Nutritional deficit and Capture myopathy reach 16 and 9, respectively.",
            {("16", "9"), ("9", "16")},
        ),
        # 180 stands in three cells of the T2 TSE row
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "VIBE fat sat and T2 TSE reach 180 and 15, respectively.",
            {("180", "15"), ("15", "180")},
        ),
        # two names with one key word, told apart by their brackets
        (
            PAPERS / "s2orc-2020.pdf",
            "DEP (LAS) and DEP (UAS) reach 91.99 and 90.43, respectively.",
            {("91.99", "90.43"), ("90.43", "91.99")},
        ),
        # a name with a full stop of its own ("Bib."): not the end of a sentence
        (
            PAPERS / "s2orc-2020.pdf",
            "Bib. linking (LATEX) and Bib. linking (GROBID) reach 0.96 and 0.92, respectively.",
            {("0.96", "0.92"), ("0.92", "0.96")},
        ),
        # a name written again in its own bracket ("Bluetongue (Bluetongue virus)")
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Anthrax (Bacillus anthracis) and Bluetongue (Bluetongue virus) reach 6 and 8, "
            "respectively.",
            {("6", "8"), ("8", "6")},
        ),
    ],
)
def test_values_exchanged_between_two_named_rows_are_both_corrected(
    pdf: Path, sentence: str, fixes: set[tuple[str, str]]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert set(c1) == fixes, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "SWE Verified (Resolved) and Aider-Polyglot (Acc.) reach 38.8 and 16.0, respectively.",
        ),
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Nutritional deficit and Capture myopathy reach 9 and 16, respectively.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "VIBE fat sat and T2 TSE reach 15 and 180, respectively.",
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "DEP (LAS) and DEP (UAS) reach 90.43 and 91.99, respectively.",
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "Bib. linking (LATEX) and Bib. linking (GROBID) reach 0.92 and 0.96, respectively.",
        ),
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Anthrax (Bacillus anthracis) and Bluetongue (Bluetongue virus) reach 8 and 6, "
            "respectively.",
        ),
    ],
)
def test_values_in_their_own_rows_stay_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------------- one name for rows of several groups


@pytest.mark.parametrize(
    ("pdf", "sentence", "span"),
    [
        # S2ORC Table 6: "REL" under ChemProt (84.59) and SciERC (81.77)
        (PAPERS / "s2orc-2020.pdf", "The results are 90.41 (REL) and 68.45 (CLS).", "90.41"),
        # "NER" under four data sets
        (PAPERS / "s2orc-2020.pdf", "NER scores 90.80, compared with 72.35 for PICO.", "90.80"),
        (PAPERS / "s2orc-2020.pdf", "For NER, the value is 72.28; for PICO, it is 72.35.", "72.28"),
        # risk table: "Trypanosomiasis" for two species (8 and 4 in that column)
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis, the value is 2; for Neosporosis, it is 3.",
            "2",
        ),
    ],
)
def test_a_name_of_several_rows_is_contradicted_without_a_correction(
    pdf: Path, sentence: str, span: str
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [(span, "")], why
    assert "none of the rows" in why


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # the species in brackets names one row: its cell is the correction
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis (T. theileri), the value is 2; for Neosporosis, it is 3.",
            ("2", "8"),
        ),
        # "PICO" names one row of S2ORC Table 6
        (
            PAPERS / "s2orc-2020.pdf",
            "For PICO, the value is 90.80; for NER, it is 90.41.",
            ("90.80", "72.35"),
        ),
    ],
)
def test_a_name_of_one_row_keeps_its_correction(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (PAPERS / "s2orc-2020.pdf", "NER scores 88.70, compared with 72.35 for PICO."),
        (PAPERS / "s2orc-2020.pdf", "The results are 81.77 (REL) and 68.45 (CLS)."),
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "For Trypanosomiasis, the value is 8; for Neosporosis, it is 4.",
        ),
    ],
)
def test_the_value_of_one_of_the_rows_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------- a paper statement with one number changed


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # 6 mHz was read against "the e = 0.9 source is concentrated at ... 40 mHz"
        (
            PAPERS / "legwork-2022.pdf",
            "The LISA sensitivity at this point is much weaker than the 6 mHz at which the "
            "e = 0.9 source is concentrated.",
            ("0.9", "0.6"),
        ),
        # 30 min was read against another condition of the page
        (
            MORE / "cfp-t65s-2012.pdf",
            "All variants display between 85% and 1% irreversible fluorescence loss after "
            "30 min of irradiation at maximum Hg lamp power.",
            ("1%", "95%"),
        ),
        # the 3 mM was read against a buffer of page 2
        (
            MORE / "cfp-t65s-2012.pdf",
            "All samples were equilibrated overnight against their buffer (30 mM CAPS, 30 mM "
            "MES and 30 mM Bis-tris propane at pH 7.4 and 3 mM citric acid at pH 2.5).",
            ("3 mM", "30 mM"),
        ),
        # 543 was read against the next sentence, which gives it to definition two
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 543 men for UCL definition one and 388 men for "
            "UCL definition two.",
            ("543", "647"),
        ),
        # the paper's "2" stands where the sentence writes 61 ("two matrices" is another)
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Using the PRPT, the authors held a fourth online group meeting to discuss "
            "appropriate risk mitigation approaches for each hazard under criteria 1 and 61 "
            "(10 and 4 hazards respectively, see 2.4), discarding hazards with overall "
            "negligible or low-negligible risk scores.",
            ("61", "2"),
        ),
    ],
)
def test_the_changed_number_of_a_paper_statement_carries_the_c1(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            PAPERS / "legwork-2022.pdf",
            "The LISA sensitivity at this point is much weaker than the 6 mHz at which the "
            "e = 0.6 source is concentrated.",
        ),
        (
            MORE / "cfp-t65s-2012.pdf",
            "All variants display between 85% and 95% irreversible fluorescence loss after "
            "30 min of irradiation at maximum Hg lamp power.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 647 men for UCL definition one and 388 men for "
            "UCL definition two.",
        ),
    ],
)
def test_the_paper_statement_itself_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------- a statement's last number, or a statement with an aside


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # the changed number ends the sentence; the page's next sentence has a 2 of its own
        (
            PAPERS / "specter-2020.pdf",
            "The authors train the model on a single Titan V GPU (12G memory) for 2 epochs, "
            "with batch size of 4 (the maximum that fit in the authors' GPU memory) and use "
            "gradient accumulation for an effective batch size of 2.",
            ("2", "32"),
        ),
        # the scale's last value; the 1 of "negligible = 1" and of the next lines
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Both likelihood of exposure and consequence for each hazard affecting other "
            "native wildlife are presented in a qualitative scale but directly associated "
            "with numeric scores as follows: negligible = 1, low = 2, medium = 3, high = 1.",
            ("1", "4"),
        ),
        # the paper's statement holds an aside the sentence leaves out ("(as detailed
        # below)"); the 1 is also the paper's "(1)"
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "The largest sample size from (1) and (2) was 714 and this was taken as the "
            "maximum number of men required to have all 1 tests.",
            ("1", "3"),
        ),
    ],
)
def test_a_changed_last_number_or_one_past_an_aside_carries_the_c1(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            MORE / "marsh-deer-dra-2025.pdf",
            "Both likelihood of exposure and consequence for each hazard affecting other "
            "native wildlife are presented in a qualitative scale but directly associated "
            "with numeric scores as follows: negligible = 1, low = 2, medium = 3, high = 4.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "The largest sample size from (1) and (2) was 714 and this was taken as the "
            "maximum number of men required to have all 3 tests.",
        ),
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "The largest sample size from (1) and (2) was 714 (as detailed below) and this "
            "was taken as the maximum number of men required to have all 3 tests.",
        ),
    ],
)
def test_the_statement_without_its_aside_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------- a value read in the text lines of a table


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # 13.4 was first read in the table's text lines (a window over its rows); the
        # other value, 80.0, is the 14B row's cell: the 7B row's cell in that column
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "DeepSeek-R1-Distill-Qwen-7B scores 13.4, compared with 80.0 for "
            "DeepSeek-R1-Distill-Qwen-14B.",
            ("13.4", "83.3"),
        ),
        # the name's rarest word ("1.5B") stands inside it, nearer the next name's words
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "For DeepSeek-R1-Distill-Qwen-1.5B, the value is 74.6; for "
            "DeepSeek-R1-Distill-Qwen-7B, it is 92.8.",
            ("74.6", "83.9"),
        ),
    ],
)
def test_a_value_read_in_a_tables_lines_is_corrected_by_its_rows_cell(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    "sentence",
    [
        "DeepSeek-R1-Distill-Qwen-7B scores 83.3, compared with 80.0 for "
        "DeepSeek-R1-Distill-Qwen-14B.",
        "For DeepSeek-R1-Distill-Qwen-1.5B, the value is 83.9; for "
        "DeepSeek-R1-Distill-Qwen-7B, it is 92.8.",
    ],
)
def test_the_rows_own_cells_stay_supported(sentence: str) -> None:
    label, why, c1 = _judged(PAPERS / "deepseek-r1-2025.pdf", sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------------------- a row name written with its group


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # S2ORC Table 5: the data set printed left of "NER" on its line names the row
        (
            PAPERS / "s2orc-2020.pdf",
            "NER on BC5CDR scores 90.80, compared with 72.35 for PICO.",
            ("90.80", "90.41"),
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "For NER on NCBI-disease, the value is 90.41; for PICO, it is 72.35.",
            ("90.41", "88.70"),
        ),
        (
            PAPERS / "s2orc-2020.pdf",
            "The results are 90.41 (REL on ChemProt) and 68.45 (CLS on ACL-ARC).",
            ("90.41", "84.59"),
        ),
        # the group written before the name, in its clause
        (PAPERS / "s2orc-2020.pdf", "On SciERC, NER reaches 72.28.", ("72.28", "67.57")),
    ],
)
def test_a_row_name_with_its_group_is_corrected_by_that_rows_value(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (PAPERS / "s2orc-2020.pdf", "NER on JNLPBA scores 77.70, compared with 72.35 for PICO."),
        (
            PAPERS / "s2orc-2020.pdf",
            "The results are 81.77 (REL on SciERC) and 68.45 (CLS on ACL-ARC).",
        ),
        # a group named in another bracket is not this name's group
        (PAPERS / "s2orc-2020.pdf", "The results are 81.77 (REL on SciERC) and 68.45 (CLS)."),
        (
            PAPERS / "s2orc-2020.pdf",
            "NER on BC5CDR and NER on JNLPBA reach 90.41 and 77.70, respectively.",
        ),
    ],
)
def test_a_row_name_with_its_group_and_its_value_stays_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


# ------------------------------ two statements alike, or one value written twice


@pytest.mark.parametrize(
    "sentence",
    [
        # one number away from "479 ... 543" (at 388) and from "647 ... 388" (at 479)
        "This is equivalent to a total of 479 men for UCL definition one and 388 men for "
        "UCL definition two.",
        "This is equivalent to a total of 647 men for UCL definition one and 543 men for "
        "UCL definition two.",
    ],
)
def test_a_sentence_one_number_from_two_statements_has_no_correction(sentence: str) -> None:
    label, why, c1 = _judged(MORE / "promis-prostate-mri-2015.pdf", sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 and all(fix == "" for _, fix in c1), why


@pytest.mark.parametrize(
    ("pdf", "sentence", "fix"),
    [
        # the first of the two 388s stands where the paper says 647
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 388 men for UCL definition one and 388 men for "
            "UCL definition two.",
            ("388", "647"),
        ),
        # "30 minutes" where the paper says 115 minutes, beside "30 bar"
        (
            MORE / "humins-levulinic-acid-2025.pdf",
            "Subsequently, the membrane was rinsed for additional 30 minutes at a pressure of "
            "30 bar.",
            ("30 minutes", "115 minutes"),
        ),
        # "16 homologous gene families" where the paper says 7,918, beside "16 GB"
        (
            PAPERS / "vespa-2017.pdf",
            "For the dataset of 16 homologous gene families the majority of VESPA functions "
            "completed in under four minutes (on the following system: Intel Xeon CPU E5420 "
            "(2.50 GHz), 16 GB RAM, using Ubuntu OS 16.04).",
            ("16", "7,918"),
        ),
    ],
)
def test_a_changed_number_written_twice_is_corrected_in_its_place(
    pdf: Path, sentence: str, fix: tuple[str, str]
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert c1 == [fix], why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            MORE / "promis-prostate-mri-2015.pdf",
            "This is equivalent to a total of 479 men for UCL definition one and 543 men for "
            "UCL definition two.",
        ),
        (
            MORE / "humins-levulinic-acid-2025.pdf",
            "Subsequently, the membrane was rinsed for additional 115 minutes at a pressure of "
            "30 bar.",
        ),
        (
            PAPERS / "vespa-2017.pdf",
            "For the dataset of 7,918 homologous gene families the majority of VESPA functions "
            "completed in under four minutes (on the following system: Intel Xeon CPU E5420 "
            "(2.50 GHz), 16 GB RAM, using Ubuntu OS 16.04).",
        ),
    ],
)
def test_the_statements_with_a_value_written_twice_stay_supported(pdf: Path, sentence: str) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why
    assert c1 == []


_REVIEW = (
    "In a more recent review of conservation translocations, {a} of case studies (n = "
    "180/295) mentioned at least one preemptive pre- and/or post-release health management "
    "measure being implemented, but only {b} reported the inclusion of a disease risk "
    "analysis."
)


@pytest.mark.parametrize(
    ("a", "b", "fix"),
    [
        # the first 61% is the paper's own; the second stands where the paper says 4%, not
        # the 24% of the sentence before
        ("61%", "61%", "4"),
        # the 24% of the sentence before, moved into this statement
        ("24%", "4%", "61"),
    ],
)
def test_a_value_is_corrected_from_its_own_statement(a: str, b: str, fix: str) -> None:
    label, why, c1 = _judged(MORE / "marsh-deer-dra-2025.pdf", _REVIEW.format(a=a, b=b))
    assert label is Label.CONTRADICTION, why
    assert [f.rstrip("%") for _, f in c1] == [fix], why


def test_the_statement_cut_off_by_a_passage_is_not_read_against_the_sentence_before() -> None:
    sentence = _REVIEW.format(a="61%", b="4%")
    label, why, c1 = _judged(MORE / "marsh-deer-dra-2025.pdf", sentence)
    assert label is not Label.CONTRADICTION, why
    assert c1 == []


def test_a_number_the_passage_window_cuts_off_is_read_in_its_statement() -> None:
    # the window ends at "... for an effective batch size of"; "32." is the next line
    label, why, _ = _judged(
        PAPERS / "specter-2020.pdf",
        "The authors train the model on a single Titan V GPU (12G memory) for 2 epochs, "
        "with batch size of 4 (the maximum that fit in the authors' GPU memory) and use "
        "gradient accumulation for an effective batch size of 32.",
    )
    assert label is Label.SUPPORTED, why
    # ... but only after the same words: 25% is the paper's figure for definition two
    label, why, _ = _judged(
        MORE / "promis-prostate-mri-2015.pdf",
        "The power calculations assume that 25% of the men will have clinically significant "
        "cancer under UCL definition one.",
    )
    assert label is not Label.SUPPORTED, why
