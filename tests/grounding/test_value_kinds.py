"""A number is checked as the value of its own binding (issue 25), by kind: ordered lists
of table rows, the column of a compared value, the correction of a C1 read in prose, a
paper statement with its subject paraphrased, a value the paper reports for a cited work.

Each kind has several sentences on real papers of the shared data (skipped without it),
and sentences of the same shape that are right and must not change."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.check import check
from grounding.judges.sum_forms import _forms
from grounding.pdf import read_pdf
from grounding.quantities import extract_quantities
from tests.conftest import DATA, need
from tests.grounding.judging import judged_c1

SPECTER = DATA / "papers" / "specter-2020.pdf"
S2ORC = DATA / "papers" / "s2orc-2020.pdf"
R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
LEGWORK = DATA / "papers" / "legwork-2022.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
MARSH = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
_judged = judged_c1


def _values(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(a.replace(" ", ""), b.replace(" ", "")) for a, b in pairs]


# -- an ordered list of values goes to the row names in their places ----------------------


@pytest.mark.parametrize(
    ("pdf", "sentence", "c1"),
    [
        (
            SPECTER,
            "SPECTER and No hard negatives reach 78.4 and 80.0, respectively.",
            [("78.4", "80.0"), ("80.0", "78.4")],
        ),
        (
            SPECTER,
            "SPECTER (Ours) and SGC (2019a) reach 91.6 and 88.3, respectively.",
            [("91.6", "88.3"), ("88.3", "91.6")],
        ),
        (
            HUMINS,
            "LPC-2 and LPC reach 11.4 and 12.6, respectively.",
            [("11.4", "12.6"), ("12.6", "11.4")],
        ),
        # two names with one key word ("DEP"), each row told apart by its bracket: the
        # LAS row holds 90.43, the UAS row 91.99
        (
            S2ORC,
            "DEP (LAS) and DEP (UAS) reach 91.99 and 90.43, respectively.",
            [("90.43", "91.99"), ("91.99", "90.43")],
        ),
    ],
)
def test_a_respectively_pair_exchanged_between_rows_is_c1(
    pdf: Path, sentence: str, c1: list[tuple[str, str]]
) -> None:
    label, why, errors = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert sorted(errors) == sorted(c1)


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (SPECTER, "SPECTER and No hard negatives reach 80.0 and 78.4, respectively."),
        (SPECTER, "SGC (2019a) and SPECTER (Ours) reach 75.7 and 84.5, respectively."),
        (SPECTER, "SGC (2019a) scores lower than SPECTER (Ours) (75.7 vs 84.5)."),
        (SPECTER, "SPECTER (Ours) scores higher than SGC (2019a) (84.5 vs 75.7)."),
        (HUMINS, "LPC-2 and LPC reach 12.6 and 11.4, respectively."),
        # one row per pair, the models in columns: no pair names two rows
        (
            R1,
            "It edges out OpenAI-o1-1217 on AIME 2024 (79.8 vs 79.2) and MATH-500 (97.3 vs 96.4).",
        ),
    ],
)
def test_a_right_ordered_list_is_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why, errors = _judged(pdf, sentence)
    assert label is not Label.CONTRADICTION, why
    assert errors == []


# -- a value beside a compared value is read in that value's column ------------------------


@pytest.mark.parametrize(
    ("pdf", "sentence", "c1"),
    [
        (
            SPECTER,
            "For No hard negatives, the value is 91.5; for SPECTER, it is 36.9.",
            ("91.5", "36.8"),
        ),
        (
            SPECTER,
            "SGC (2019a) scores 20.0, compared with 84.5 for SPECTER (Ours).",
            ("20.0", "75.7"),
        ),
        (SPECTER, "For Random, the value is 84.5; for SGC (2019a), it is 75.7.", ("84.5", "25.6")),
        (HUMINS, "For LP (avg), the value is 11.4; for LPC, it is 37.0.", ("11.4", "40.7")),
    ],
)
def test_a_value_of_another_column_is_corrected_in_the_compared_column(
    pdf: Path, sentence: str, c1: tuple[str, str]
) -> None:
    label, why, errors = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert errors == [c1]


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (SPECTER, "For Random, the value is 25.6; for SGC (2019a), it is 75.7."),
        (SPECTER, "For No hard negatives, the value is 36.8; for SPECTER, it is 36.9."),
        (HUMINS, "For LP (avg), the value is 40.7; for LPC, it is 37.0."),
    ],
)
def test_values_of_one_column_are_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why, _ = _judged(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


# -- the correction of a C1 read in prose is the value of the number's own binding ---------


@pytest.mark.parametrize(
    ("pdf", "sentence", "c1"),
    [
        # 1 hour is when the maximum is not yet reached; 42 mol% is reached at 4 hours
        (
            HUMINS,
            "When the reaction was scaled up to the 600 mL autoclave, the LA yield peaked "
            "at 42 mol% after 2 hours and then dropped slightly.",
            ("2hours", "4hours"),
        ),
        # 4 hours is the sentence's other condition, not the substrate selection's time
        (
            HUMINS,
            "The achieved LA yield at a reaction time of 4 hours is also significantly "
            "higher than the highest value achieved during the substrate selection within "
            "3 h reaction time.",
            ("3h", "1h"),
        ),
        # 23.5 wt% is the gas phase's, which the sentence states itself
        (
            HUMINS,
            "The total carbon content of the liquid phase was 28.4 wt% while that of the "
            "gas phase was 23.5 wt%.",
            ("28.4", "38.4"),
        ),
    ],
)
def test_a_c1_is_corrected_by_the_value_of_its_own_binding(
    pdf: Path, sentence: str, c1: tuple[str, str]
) -> None:
    label, why, errors = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert _values(errors) == [c1]


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            HUMINS,
            "The achieved LA yield at a reaction time of 4 hours is also significantly "
            "higher than the highest value achieved during the substrate selection within "
            "1 h reaction time.",
        ),
        (
            HUMINS,
            "The total carbon content of the liquid phase was 38.4 wt% while that of the "
            "gas phase was 23.5 wt%.",
        ),
        (HUMINS, "The LA yield reached its maximum of 42 mol% at a reaction time of 4 hours."),
    ],
)
def test_the_right_values_of_those_passages_are_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why, _ = _judged(pdf, sentence)
    assert label is not Label.CONTRADICTION, why


def test_a_wrong_number_keeps_the_papers_value_as_correction() -> None:
    label, why, errors = _judged(
        HUMINS, "Carbon dioxide in the gas phase accounted for 12.8 wt% of the carbon."
    )
    assert label is Label.CONTRADICTION, why
    assert _values(errors) == [("12.8", "21.8")]


def test_a_share_is_corrected_not_the_part_of_a_whole_beside_it() -> None:
    # "(n = 180/295)" is what the paper writes; 24% is another review's share
    label, why, errors = _judged(
        MARSH,
        "In a more recent review of conservation "
        "translocations, 24% of case studies (n = 180/295) "
        "mentioned at least one preemptive pre- and/or post-release "
        "health management measure being implemented, but only 4% "
        "reported the inclusion of disease-related risk "
        "assessments.",
    )
    assert label is Label.CONTRADICTION, why
    assert [e[0] for e in errors] != ["180/295"]
    assert all("61" in c for _, c in errors)


# -- a clause the paper states near verbatim, one number changed ---------------------------


def test_a_clause_the_paper_states_with_another_number_is_contradicted() -> None:
    # the paper: "... begins to increase in the early 1960s. Its spectral peak becomes strong
    # and statistically significant in the 1970s"; the 1990s are on another page
    stem = (
        "Decadal variability in the Niño4w index began to increase in the early 1960s, and its "
        "spectral peak became strong and statistically significant in the "
    )
    label, why, errors = _judged(NINGALOO, stem + "1990s.")
    assert label is Label.CONTRADICTION, why
    assert errors and errors[0][1].startswith("1970"), errors
    label, why, _ = _judged(NINGALOO, stem + "1970s.")
    assert label is Label.SUPPORTED, why


# -- the paper's statement with its subject paraphrased and one number changed -------------


@pytest.mark.parametrize(
    ("sentence", "c1"),
    [
        (
            "The authors show the LISA sensitivity curve for the default 2 year mission length "
            "but also illustrate how the curve changes for shorter mission lengths.",
            ("2 year", "4 year"),  # the paper's statement of the quantity corrects it
        ),
        (
            "The authors annotate in a line the bottom panel at SNR = 4 to highlight the moment at "
            "which the source becomes detectable.",
            ("4", "7"),
        ),
    ],
)
def test_a_paraphrased_subject_does_not_hide_a_changed_number(
    sentence: str, c1: tuple[str, str]
) -> None:
    label, why, errors = _judged(LEGWORK, sentence)
    assert label is Label.CONTRADICTION, why
    assert errors == [c1]


@pytest.mark.parametrize(
    "sentence",
    [
        "The authors show the LISA sensitivity curve for the default 4 year mission length but "
        "also illustrate how the curve changes for shorter mission lengths.",
        "The authors annotate in a line the bottom panel at SNR = 7 to highlight the moment at "
        "which the source becomes detectable.",
    ],
)
def test_the_same_statements_with_the_papers_numbers_are_supported(sentence: str) -> None:
    label, why, _ = _judged(LEGWORK, sentence)
    assert label is Label.SUPPORTED, why


# -- a value the paper states only for a cited work --------------------------------------


def test_a_value_reported_for_a_cited_work_is_not_refuted_by_another_passage() -> None:
    label, why, errors = _judged(
        S2ORC,
        "SciBERT's pretraining corpus, in contrast, was 82% biomedical and 18% computer science.",
    )
    assert label is not Label.CONTRADICTION, why
    assert errors == []


def test_the_cited_works_value_given_to_the_papers_own_work_is_still_c1() -> None:
    label, why, errors = _judged(
        S2ORC, "The authors' pretraining corpus was 82% biomedical and 18% computer science."
    )
    assert label is Label.CONTRADICTION, why
    assert errors == [("82%", "42.7%"), ("18%", "7.2%")]


# -- which lists go in the order of the names before them -----------------------------------


@pytest.mark.parametrize(
    ("text", "number", "place"),
    [
        ("A and B reach 78.4 and 80.0, respectively.", "80.0", 1),
        ("A, B and C reach 1.5, 2.5 and 3.5 respectively.", "1.5", 0),
        ("A scores lower than B (75.7 vs 84.5).", "84.5", 1),
        ("A and B score (80.0 and 68.1).", "80.0", 0),
        # not ordered: no "respectively", no brackets; a lone value; a range
        ("A and B score 80.0 and 68.1.", "80.0", None),
        ("A scores 80.0, respectively.", "80.0", None),
        ("A rose from 80.0 to 68.1, respectively.", "80.0", None),
    ],
)
def test_ordered_run(text: str, number: str, place: int | None) -> None:
    from grounding.judges.number_lists import ordered_run
    from grounding.quantities import extract_quantities

    qs = extract_quantities(text)
    q = next(x for x in qs if x.text == number)
    got = ordered_run(text, q, qs)
    assert (got[1] if got is not None else None) == place


# -- comparisons whose values are looked up in the paper, with the metric's direction -------


def _index(tmp_path: Path, lines: list[tuple[float, float, str]], fontsize: float = 9):
    from grounding.evidence import EvidenceIndex
    from tests.grounding.pdf_fixtures import write_lines_pdf

    return EvidenceIndex.build(
        read_pdf(write_lines_pdf(tmp_path / "p.pdf", [lines], fontsize=fontsize))
    )


def _label(index, sentence: str) -> tuple[Label, str]:  # type: ignore[no-untyped-def]
    from grounding.judges.base import ClaimContext
    from grounding.judges.rules import RulesJudge
    from grounding.types import Sentence

    j = RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(sentence), sentence), "", (), ())
    )
    return j.label, j.rationale


def _asr_table(tmp_path: Path):  # type: ignore[no-untyped-def]
    lines = [
        (72, 90, "We compare three speech recognisers on the test set in Table 2."),
        (72, 130, "Model"),
        (255, 130, "WER"),
        (322, 130, "Latency"),
        (395, 130, "BLEU"),
    ]
    rows = [
        ("Whisper", "8.1", "35", "28.4"),
        ("Conformer", "9.4", "48", "26.0"),
        ("Wav2Vec", "12.7", "30", "21.3"),
    ]
    for i, (label, *cells) in enumerate(rows):
        lines.append((72, 146 + 14 * i, label))
        lines += [(260 + 70 * k, 146 + 14 * i, c) for k, c in enumerate(cells)]
    lines.append((72, 200, "Table 2: Word error rate, latency and BLEU of the three systems."))
    return _index(tmp_path, lines)


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        # judging words on metrics better when lower: the lower WER / latency wins
        ("Whisper outperforms Conformer on WER.", Label.SUPPORTED),
        ("Conformer outperforms Whisper on WER.", Label.CONTRADICTION),
        ("Conformer trails Whisper on WER.", Label.SUPPORTED),
        ("Whisper beats Conformer on latency.", Label.SUPPORTED),
        ("Conformer beats Wav2Vec on latency.", Label.CONTRADICTION),
        # every column with its own direction (WER, latency lower; BLEU higher)
        ("Whisper outperforms Conformer.", Label.SUPPORTED),
        ("Conformer outperforms Whisper.", Label.CONTRADICTION),
        # on a metric better when higher, and plain ordering words: the plain order
        ("Whisper outperforms Conformer on BLEU.", Label.SUPPORTED),
        ("Conformer outperforms Whisper on BLEU.", Label.CONTRADICTION),
        ("Whisper's WER is higher than Conformer's.", Label.CONTRADICTION),
        ("Whisper has a higher BLEU than Conformer.", Label.SUPPORTED),
    ],
)
def test_a_comparison_of_two_rows_reads_the_metrics_direction(
    tmp_path: Path, sentence: str, label: Label
) -> None:
    got, why = _label(_asr_table(tmp_path), sentence)
    assert got is label, why


def _asr_prose(tmp_path: Path):  # type: ignore[no-untyped-def]
    text = (
        "We evaluate both recognisers on the same held-out test set of read speech. On this",
        "set, Whisper reaches a word error rate of 8.1%, while Conformer reaches 9.4%. The",
        "decoding latency of Conformer is 35 ms per utterance against 48 ms for Whisper,",
        "since Conformer streams its output. Both systems were trained on the same data.",
    )
    return _index(tmp_path, [(72, 90 + 14 * i, t) for i, t in enumerate(text)], 10)


@pytest.mark.parametrize(
    ("sentence", "label"),
    [
        ("Whisper's word error rate is lower than Conformer's.", Label.SUPPORTED),
        ("Conformer's word error rate is lower than Whisper's.", Label.CONTRADICTION),
        ("Conformer outperforms Whisper in word error rate.", Label.CONTRADICTION),
        ("Whisper beats Conformer on word error rate.", Label.SUPPORTED),
        ("Conformer has a lower decoding latency than Whisper.", Label.SUPPORTED),
        ("Whisper beats Conformer on decoding latency.", Label.CONTRADICTION),
    ],
)
def test_a_comparison_of_values_stated_in_prose_reads_both_sides(
    tmp_path: Path, sentence: str, label: Label
) -> None:
    got, why = _label(_asr_prose(tmp_path), sentence)
    assert got is label, why


@pytest.mark.parametrize(
    "sentence",
    [
        "Conformer is faster than Whisper.",  # no metric named: not read here
        "Conformer is better than Whisper (9.4 vs 8.1).",  # its own numbers: checked as such
    ],
)
def test_comparisons_the_prose_lookup_leaves_alone(tmp_path: Path, sentence: str) -> None:
    from grounding.judges.number_compare import compare_in_prose

    index = _asr_prose(tmp_path)
    at = sentence.index(sentence.split()[2])
    word = sentence.split()[2]
    assert compare_in_prose(sentence, at, at + len(word), "up", index, {1}) is None


# -- a right "A higher / lower than B (x vs y)" read from a table is not contradicted -------


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (
            DATA / "papers" / "lavis-2022.pdf",
            "VGD-GPT scores lower than VR DiDeMo BLIP (0.465 vs 56.2).",
        ),
        (MARSH, "Ascaridiasis scores lower than Capillariasis (1 vs 4)."),
        (
            MARSH,
            "Anthrax (Bacillus anthracis) scores higher than Bluetongue (Bluetongue virus) "
            "(8 vs 4).",
        ),
        (SPECTER, "SGC (2019a) scores lower than SPECTER (Ours) (75.7 vs 84.5)."),
        # the models in columns, one pair per benchmark row
        (
            R1,
            "It is also ahead on LiveCodeBench (65.9 vs 63.4), DROP (92.2 vs 90.2) and, by a "
            "hair, SWE Verified (49.2 vs 48.9).",
        ),
    ],
)
def test_a_right_pair_comparison_is_not_contradicted(pdf: Path, sentence: str) -> None:
    label, why, errors = _judged(pdf, sentence)
    assert label is not Label.CONTRADICTION, why
    assert errors == []


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (MARSH, "Ascaridiasis scores higher than Capillariasis (1 vs 4)."),
        (SPECTER, "SGC (2019a) scores higher than SPECTER (Ours) (75.7 vs 84.5)."),
    ],
)
def test_a_reversed_pair_comparison_is_still_contradicted(pdf: Path, sentence: str) -> None:
    label, why, _ = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why


def test_a_row_name_is_read_where_it_is_written_whatever_the_hash_seed() -> None:
    # "32B" of "QwQ-32B-Preview" is no part of the name "DeepSeek-R1-Zero-Qwen-32B" written
    # after it; which rare word a name's window starts from must not depend on set order
    from grounding.evidence import EvidenceIndex
    from grounding.judges.row_binding import _rows, named_rows

    index = EvidenceIndex.build(read_pdf(need(R1)))
    text = "The results are 54.5 (QwQ-32B-Preview) and 55.0 (DeepSeek-R1-Zero-Qwen-32B)."
    got = {m.label: m.start for m in named_rows(text, _rows(index, {15}))}
    assert got["DeepSeek-R1-Zero-Qwen-32B"] == text.index("DeepSeek")
    label, why, _ = _judged(R1, text)
    assert label is Label.SUPPORTED, why


T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
XSEC = "The flux-averaged total cross section in the restricted phase space is"


@pytest.mark.parametrize(
    "pdf, sentence, label, c1",
    [
        # a table's "77.70 ± 0.25": another row's "± 0.52" on the page verifies nothing
        (S2ORC, "On NER, S2ORC-SciBERT scores 77.70 ± 0.25.", Label.SUPPORTED, []),
        (
            S2ORC,
            "On NER, S2ORC-SciBERT scores 77.70 ± 0.52.",
            Label.CONTRADICTION,
            [("0.52", "0.25")],
        ),
        (
            S2ORC,
            "On NER, S2ORC-SciBERT scores 90.41 ± 0.16.",
            Label.CONTRADICTION,
            [("0.16", "0.06")],
        ),
        # the PDF's text lost the sign ("(0.95 0.08(stat) 0.06(det syst) ..."): the number
        # right after the value is its uncertainty, and the correction
        (T2K, f"{XSEC} 0.95 ± 0.08 (stat) × 10^-38 cm² per neutron.", Label.SUPPORTED, []),
        (
            T2K,
            f"{XSEC} 0.95 ± 0.05 (stat) × 10^-38 cm² per neutron.",
            Label.CONTRADICTION,
            [("0.05", "0.08")],
        ),
    ],
)
def test_an_uncertainty_is_checked_as_its_values_own(
    pdf: Path, sentence: str, label: Label, c1: list[tuple[str, str]]
) -> None:
    got, why, errors = _judged(pdf, sentence)
    assert got is label, why
    assert _values(errors) == c1


@pytest.mark.parametrize(
    "sentence, label",
    [
        # the paper's sentence runs over the page break: "We identified 61 hazards ...,
        # including 32 parasitic: [a list] ..." | "...; 15 bacterial: ..."
        (
            "The team identified 61 potential hazards, 32 of them parasitic and 15 bacterial.",
            Label.SUPPORTED,
        ),
        # another count, or the same count of another noun: nothing binds it
        (
            "The team identified 61 potential hazards, 32 of them parasitic and 25 bacterial.",
            Label.NEI,
        ),
        ("The team identified 61 potential hazards, 32 of them parasitic and 15 viral.", Label.NEI),
    ],
)
def test_a_statement_read_on_over_the_page_break(sentence: str, label: Label) -> None:
    got, why, _ = _judged(MARSH, sentence)
    assert got is label, why


PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
DEFINED = "For the primary outcome, clinically significant cancer on template mapping is defined as"


@pytest.mark.parametrize(
    "sentence, label, c1",
    [
        # the paper: "defined as Gleason grade >= 4 + 3 and/or maximum cancer core length of >= 6 mm"
        (
            f"{DEFINED} Gleason 4+3 or higher and/or a maximum cancer core length of at least 6 mm.",
            Label.SUPPORTED,
            [],
        ),
        (
            f"{DEFINED} Gleason 3+3 or higher and/or a maximum cancer core length of at least 6 mm.",
            Label.CONTRADICTION,
            [("3", "4")],
        ),
        (
            f"{DEFINED} Gleason 4+4 or higher and/or a maximum cancer core length of at least 6 mm.",
            Label.CONTRADICTION,
            [("4", "3")],
        ),
        # the paper's second definition writes "3 + 4"
        (
            "Under the second definition, clinically significant cancer is Gleason 3+4 or higher "
            "and/or a cancer core length of at least 4 mm.",
            Label.SUPPORTED,
            [],
        ),
    ],
)
def test_a_sum_form_score_is_one_value(
    sentence: str, label: Label, c1: list[tuple[str, str]]
) -> None:
    got, why, errors = _judged(PROMIS, sentence)
    assert got is label, why
    assert _values(errors) == c1


@pytest.mark.parametrize(
    "text, forms",
    [
        ("Gleason 4+3 and 3 + 4", [(4, 3), (3, 4)]),
        ("Ca2+ and +3.2% and 1.5+2 and 10 + 5% and 4+3+2", []),
    ],
)
def test_sum_forms_are_two_small_whole_numbers(text: str, forms: list[tuple[int, int]]) -> None:
    assert [(a, b) for a, b, _, _ in _forms(text)] == forms


@pytest.mark.parametrize(
    "text, unit",
    [
        ("a 1.5 Tesla scanner", "T"),
        ("at 5 volts", "V"),
        ("12 milligrams of the drug", "mg"),
        ("a 200 watts lamp", "W"),
        ("over 3 kilometres", "km"),
    ],
)
def test_si_units_spelled_out_are_physical(text: str, unit: str) -> None:
    [q] = extract_quantities(text)
    assert q.unit == unit and q.physical


@pytest.mark.parametrize(
    "sentence, label",
    [
        # the paper: "... imaging using a 1.5 Tesla scanner and a pelvic phased array"
        ("The MRI protocol uses a 1.5 Tesla scanner and a pelvic phased array.", Label.SUPPORTED),
        ("The MRI protocol uses a 3 Tesla scanner and a pelvic phased array.", Label.CONTRADICTION),
    ],
)
def test_a_unit_spelled_out_binds_its_value(sentence: str, label: Label) -> None:
    got, why, _ = _judged(PROMIS, sentence)
    assert got is label, why


IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"


@pytest.mark.parametrize(
    "pdf, sentence, label, c1",
    [
        # the paper: "When 1000 ppm imidazole was added, icorr was higher than 500 ppm ..."
        (
            IMIDAZOLE,
            "When 500 ppm imidazole was added, icorr was higher than 1000 ppm imidazole, and "
            "the Ecorr decreased.",
            Label.CONTRADICTION,
            [("500", "1000"), ("1000", "500")],
        ),
        (
            IMIDAZOLE,
            "When 1000 ppm imidazole was added, icorr was higher than 500 ppm imidazole, and "
            "the Ecorr decreased.",
            Label.SUPPORTED,
            [],
        ),
        # the paper: "the total number of selected events ... is 12 777 (and ... approximately
        # 3860 of these events are true interactions on water)"
        (
            T2K,
            "The selected water-in sample holds 12 777 events, of which approximately 3860 are "
            "expected to be true interactions on water.",
            Label.SUPPORTED,
            [],
        ),
    ],
)
def test_two_numbers_exchanged_in_the_papers_statement(
    pdf: Path, sentence: str, label: Label, c1: list[tuple[str, str]]
) -> None:
    got, why, errors = _judged(pdf, sentence)
    assert got is label, why
    assert sorted(errors) == sorted(c1)


@pytest.mark.parametrize(
    "sentence, label, c1",
    [
        # Table 2 keys its rows by concentration: 500 -> icorr 0.24, 1000 -> 0.35, IE 88.0
        (
            "The corrosion current density rose from 0.24 to 0.35 µA/cm2 when the "
            "concentration went from 500 to 1000 ppm.",
            Label.SUPPORTED,
            [],
        ),
        # a value the paper gives at another concentration: the value is wrong, not the key
        (
            "The inhibition efficiency at 1000 ppm was 95.0%.",
            Label.CONTRADICTION,
            [("95.0%", "88.0%")],
        ),
        ("The inhibition efficiency at 1000 ppm was 88.0%.", Label.SUPPORTED, []),
    ],
)
def test_a_value_is_held_to_its_keyed_row(
    sentence: str, label: Label, c1: list[tuple[str, str]]
) -> None:
    got, why, errors = _judged(IMIDAZOLE, sentence)
    assert got is label, why
    assert errors == c1


@pytest.mark.parametrize(
    "sentence, label",
    [
        # the paper: "As the concentration of imidazole increased up to 500 ppm, inhibition
        # efficiency increased ... At 1000 ppm, inhibition efficiency decreased."
        (
            "Increasing the concentration up to 500 ppm raised the inhibition efficiency, but at "
            "1000 ppm it dropped.",
            Label.SUPPORTED,
        ),
        (
            "Increasing the concentration up to 500 ppm lowered the inhibition efficiency, but at "
            "1000 ppm it rose.",
            Label.CONTRADICTION,
        ),
        (
            "Up to 500 ppm, the inhibition efficiency fell, but at 1000 ppm it rose.",
            Label.CONTRADICTION,
        ),
        (
            "At 1000 ppm, the inhibition efficiency of imidazole increased further.",
            Label.CONTRADICTION,
        ),
    ],
)
def test_each_contrasted_statement_is_read_at_its_own_condition(
    sentence: str, label: Label
) -> None:
    got, why, _ = _judged(IMIDAZOLE, sentence)
    assert got is label, why


def test_a_key_is_not_blamed_for_its_rows_value_nor_passed_on_as_a_premise() -> None:
    # Table 2: 100 ppm -> IE 68.5, 300 ppm -> 84.2 (Table 3 gives 86.8 at 300 ppm by EIS);
    # "At 300 ppm ... 68.5%" has the wrong value, not the wrong concentration, so a later
    # sentence naming 300 ppm rests on no false premise
    answer = (
        "At 300 ppm the inhibition efficiency was 68.5%. "
        "The corrosion current density fell from 0.46 to 0.24 µA/cm2 between 300 and 500 ppm."
    )
    first, second = check("How does imidazole act?", answer, need(IMIDAZOLE)).sentences
    assert first.annotation.label is Label.CONTRADICTION
    assert [(e.span, e.correction) for e in first.annotation.errors] == [("68.5%", "84.2%")]
    assert second.annotation.label is Label.SUPPORTED, second.annotation.rationale


@pytest.mark.parametrize(
    "sentence, label",
    [
        # the row: "NER 77.28 77.70 ± 0.25" (SciBERT, S2ORC-SciBERT): the 0.25 compares nothing
        (
            "On JNLPBA NER, S2ORC-SciBERT reaches 77.70 ± 0.25, above SciBERT's 77.28.",
            Label.SUPPORTED,
        ),
        ("On JNLPBA NER, S2ORC-SciBERT reaches 77.70 ± 0.25, below SciBERT's 77.28.", Label.NEI),
    ],
)
def test_an_uncertainty_is_no_value_a_comparison_reads(sentence: str, label: Label) -> None:
    got, why, _ = _judged(S2ORC, sentence)
    assert got is label, why


@pytest.mark.parametrize(
    "text, values",
    [
        ("an average of $80.0$ and", [80.0]),
        ("removing it gives $68.1$.", [68.1]),
        ("it costs $5 per run", []),  # a currency stays out, as before
    ],
)
def test_a_number_in_inline_math_is_read(text: str, values: list[float]) -> None:
    assert [q.value for q in extract_quantities(text)] == values


def test_inline_math_numbers_are_checked_on_a_real_paper() -> None:
    got, why, _ = _judged(
        SPECTER,
        "The full model reaches an average of $80.0$ and removing the abstract gives $68.1$.",
    )
    assert got is Label.SUPPORTED, why


@pytest.mark.parametrize(
    "pdf, sentence, label",
    [
        (SPECTER, "Das Entfernen des Abstracts senkt den Durchschnitt auf 68.1.", Label.NEI),
        (SPECTER, "Sin el resumen, la puntuación media baja a 68.1.", Label.NEI),
        (SPECTER, "Removing the abstract lowers the average to 68.1.", Label.SUPPORTED),
        # a list of the paper's own terms, no function word: English all the same
        (
            IMIDAZOLE,
            "Keywords: carbon steel; welding; corrosion; corrosion inhibitor; imidazole 1.",
            Label.SUPPORTED,
        ),
    ],
)
def test_a_sentence_in_another_language_is_not_checked_on_its_numbers_alone(
    pdf: Path, sentence: str, label: Label
) -> None:
    got, why, _ = _judged(pdf, sentence)
    assert got is label, why
