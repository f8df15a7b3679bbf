"""Number forms read as the values they state: "N out of M (P%)" and "N of M" (three
consistent numbers), per-condition lists ("9/14 days", "A and B ..., respectively"), the
same unit written with another glyph, percentage points, and bare numbers of other
statements. Each kind with several papers, and the wrong values that must still be caught."""

from __future__ import annotations

import pytest

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.number_lists import respectively_words
from grounding.judges.rules import RulesJudge
from grounding.lexicon import fold
from grounding.quantities import extract_quantities
from grounding.types import Judgement, Sentence

#: unrelated sections, so a paper has more than one passage and numbers elsewhere
_FILLER = "\n".join(
    f"Section {i} describes topic {i} with methods, results and discussion." for i in range(20)
)


def _judge(paper: str, claim: str) -> Judgement:
    index = EvidenceIndex.from_texts([paper + "\n" + _FILLER])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ())
    )


def _c1(j: Judgement) -> list[tuple[str, str]]:
    return [(e.span, e.correction) for e in j.errors if ErrorTag.C1 in e.tags]


def _read(text: str) -> list[tuple[str, float, str | None]]:
    return [(q.text, q.value, q.unit) for q in extract_quantities(text)]


# ------------------------------------------------------------------ reading


@pytest.mark.parametrize(
    "text, want",
    [
        ("took about 9/14 days for", [("9", 9.0, "day"), ("14 days", 14.0, "day")]),
        ("took 14/9 days for", [("14", 14.0, "day"), ("9 days", 9.0, "day")]),
        ("sizes of 7/13B models", [("7", 7e9, "model"), ("13B", 13e9, "model")]),
        ("accuracy 45.1/52.3% on", [("45.1", 45.1, "%"), ("52.3%", 52.3, "%")]),
        (
            "widths of 0.5/0.7/1.2 mm",
            [("0.5", 0.5, "mm"), ("0.7", 0.7, "mm"), ("1.2 mm", 1.2, "mm")],
        ),
    ],
)
def test_a_slash_list_with_a_unit_is_one_value_per_condition(text: str, want: list) -> None:
    assert _read(text) == want
    qs = extract_quantities(text)
    assert all(q.denominator is None for q in qs)
    assert len({q.approx for q in qs}) == 1  # "about" qualifies every value


def test_decimals_joined_by_a_slash_are_a_pair_of_values() -> None:
    """ "Babiana 0.500/0.556, Moraea 0.259/0.288" (Cape / non-Cape): the second value of each
    pair is read too; whole numbers ("12/05/2020", "3/5") are not pairs."""
    text = "data set are: Babiana 0.500/0.556, Moraea 0.259/0.288, and"
    assert [q.text for q in extract_quantities(text)] == ["0.500", "0.556", "0.259", "0.288"]
    assert [q.text for q in extract_quantities("a ratio of 3/5 overall")] == ["3/5"]


@pytest.mark.parametrize(
    "text, value, whole",
    [
        ("matched 2/3 sites", 2.0, 3.0),  # a part of a counted whole
        ("9/14 patients responded", 9.0, 14.0),
        ("about 1/2 h later", 1.0, 2.0),  # a fraction of a unit
        ("a ratio of 1/3 overall", 1.0, 3.0),
    ],
)
def test_a_fraction_or_part_of_a_whole_stays_one_quantity(
    text: str, value: float, whole: float
) -> None:
    q = extract_quantities(text)[0]
    assert (q.value, q.denominator) == (value, whole)


@pytest.mark.parametrize(
    "text, noun",
    [
        ("312 out of 1,250 patients (25.0%)", "patient"),
        ("312 of 1,250 patients", "patient"),
        ("Only 9 out of 48 mice survived", "mice"),
    ],
)
def test_n_out_of_m_counts_the_wholes_noun(text: str, noun: str) -> None:
    part, whole = extract_quantities(text)[:2]
    assert part.denominator == whole.value
    assert part.unit == whole.unit and part.unit is not None and part.unit.startswith(noun[:4])


@pytest.mark.parametrize(
    "text, unit",
    [
        ("at 25 oC the", "°C"),
        ("at 25 ℃ the", "°C"),
        ("at 25°C the", "°C"),
        ("a 1 percentage point gain", "%"),
        ("for 3 hrs at", "h"),
        ("after 5 mins", "min"),
        ("5 μg/mL", "µg/mL"),
        ("5 µg/mL", "µg/mL"),
    ],
)
def test_unit_glyph_variants_read_as_one_unit(text: str, unit: str) -> None:
    assert extract_quantities(text)[0].unit == unit


# ------------------------------------------------------------------ binding a list


@pytest.mark.parametrize(
    "text, want",
    [
        (
            "Training took 9 and 14 days for the base and large models, respectively.",
            {"9": {"base"}, "14 days": {"larg"}},
        ),
        (
            "The base and large models took 9 and 14 days, respectively.",
            {"9": {"base"}, "14 days": {"larg"}},
        ),
        (
            "Glucose, fructose and sucrose gave yields of 31%, 38% and 22%, respectively.",
            {"31%": {"glucos"}, "38%": {"fructos"}, "22%": {"sucros"}},
        ),
        (
            "Training took 14/9 days for the base/large models.",
            {"14": {"base"}, "9 days": {"larg"}},
        ),
    ],
)
def test_respectively_binds_each_value_to_its_name(text: str, want: dict) -> None:
    t = fold(text)
    qs = extract_quantities(t)
    got = respectively_words(t, qs)
    assert {q.text: got[q.start] for q in qs if q.start in got} == want


@pytest.mark.parametrize(
    "text",
    [
        "We use 12 layers and 768 hidden units.",
        "The model has 12 layers and 768 hidden units in the base and large versions.",
    ],
)
def test_no_list_binding_without_respectively_or_a_slash_list(text: str) -> None:
    t = fold(text)
    assert respectively_words(t, extract_quantities(t)) == {}


# ------------------------------------------------------------------ judged

_PATIENTS = (
    "Of the 1,250 screened patients, 312 out of 1,250 patients (25.0%) had a "
    "positive biopsy in the trial."
)
_MICE = "In the survival arm, only 9 out of 48 mice (18.8%) survived to day 30."


@pytest.mark.parametrize(
    "paper, claim",
    [
        (_PATIENTS, "312 patients (25.0%) had a positive biopsy."),
        (_PATIENTS, "312 of 1,250 patients had a positive biopsy."),
        (_PATIENTS, "312 of the 1,250 screened patients (25.0%) had a positive biopsy."),
        (_MICE, "Only 9 of 48 mice survived to day 30."),
        (_MICE, "Only 9 mice (18.8%) survived to day 30."),
    ],
)
def test_n_of_m_with_a_share_is_supported(paper: str, claim: str) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    "paper, claim, want",
    [
        (_PATIENTS, "412 of 1,250 patients (25.0%) had a positive biopsy.", ("412", "312")),
        (_PATIENTS, "312 patients (35.0%) had a positive biopsy.", ("35.0%", "25.0%")),
        (_MICE, "Only 9 of 48 mice (28.8%) survived to day 30.", ("28.8%", "18.8%")),
    ],
)
def test_a_wrong_part_or_share_is_still_c1(paper: str, claim: str, want: tuple) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.CONTRADICTION
    assert want in _c1(j)


_DAYS = "Training took 9 days for the base model and 14 days for the large model on 64 GPUs."
_SUGARS = (
    "Glucose gave a yield of 31% after 2 h, fructose gave a yield of 38% and "
    "sucrose a yield of 22% under the same conditions."
)
_SIZES = "The small and large variants have 12 and 24 layers, respectively."


@pytest.mark.parametrize(
    "paper, claim",
    [
        (_DAYS, "Training took about 9/14 days for the base and large models."),
        (_DAYS, "Training took 9 and 14 days for the base and large models, respectively."),
        (_SUGARS, "Glucose, fructose and sucrose gave yields of 31%, 38% and 22%, respectively."),
        (_SIZES, "The small variant has 12 layers and the large one 24 layers."),
        (_SIZES, "The small and large variants have 12 and 24 layers, respectively."),
    ],
)
def test_per_condition_lists_in_order_are_supported(paper: str, claim: str) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    "paper, claim, want",
    [
        (
            _DAYS,
            "Training took 14 and 9 days for the base and large models, respectively.",
            {"14", "9 days"},
        ),
        (_DAYS, "Training took 14/9 days for the base/large models.", {"14", "9 days"}),
        (_DAYS, "Training took about 9/12 days for the base and large models.", {"12 days"}),
        (
            _SUGARS,
            "Glucose, fructose and sucrose gave yields of 38%, 31% and 22%, respectively.",
            {"38%", "31%"},
        ),
        (
            _SIZES,
            "The small and large variants have 24 and 12 layers, respectively.",
            {"24", "12 layers"},
        ),
    ],
)
def test_values_moved_within_a_list_are_c1(paper: str, claim: str, want: set) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.CONTRADICTION, j.rationale
    assert {span.split()[0] for span, _ in _c1(j)} == {w.split()[0] for w in want}


_ANNEAL = (
    "The samples were annealed at 450 °C for 2 h and the film thickness was 35 µm. "
    "The mean temperature change was −0.8 °C over the period."
)


@pytest.mark.parametrize(
    "claim",
    [
        "The samples were annealed at 450 ℃ for 2 h.",
        "The samples were annealed at 450 ℃ for 2 hrs.",
        "The film thickness was 35 μm.",
        "The mean temperature change was -0.8 °C over the period.",
    ],
)
def test_the_same_unit_in_another_glyph_is_supported(claim: str) -> None:
    j = _judge(_ANNEAL, claim)
    assert j.label is Label.SUPPORTED, j.rationale


@pytest.mark.parametrize(
    "claim, want",
    [
        ("The samples were annealed at 550 ℃ for 2 h.", ("550 ℃", "450 °C")),
        ("The film thickness was 45 μm.", ("45 μm", "35 μm")),
    ],
)
def test_a_wrong_value_in_another_glyph_is_c1(claim: str, want: tuple) -> None:
    j = _judge(_ANNEAL, claim)
    assert j.label is Label.CONTRADICTION
    assert _c1(j)[0][0] == want[0]


_GAIN = "Accuracy rose from 70.0% to 75.0% with the new loss, a gain of 5.0 percentage points."
_DROP = "Removing the filter lowered recall from 81.2% to 77.2%, a drop of 4.0 points."


@pytest.mark.parametrize(
    "paper, claim",
    [
        (_GAIN, "The new loss improved accuracy by 5.0 percentage points."),
        (_GAIN, "The new loss improved accuracy by 5 points, from 70.0% to 75.0%."),
        (_DROP, "Removing the filter lowered recall by 4.0 percentage points."),
    ],
)
def test_percentage_points_are_supported(paper: str, claim: str) -> None:
    assert _judge(paper, claim).label is Label.SUPPORTED


@pytest.mark.parametrize(
    "paper, claim",
    [
        (_GAIN, "The new loss improved accuracy by 7.0 percentage points."),
        (_DROP, "Removing the filter lowered recall by 6.0 percentage points."),
    ],
)
def test_points_are_not_confirmed_by_a_bare_number_of_another_statement(
    paper: str, claim: str
) -> None:
    # the filler holds "topic 7" / "topic 6": bare numbers of an unrelated statement
    assert _judge(paper, claim).label is not Label.SUPPORTED


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # four digits that count: a qualifier or "of" before them, a noun after
        ("polished with SiC papers up to 2000 grit size", "number"),
        ("a cohort of 1998 men", "number"),
        ("about 2000 patients were screened", "number"),
        ("more than 1950 participants", "number"),
        # dates: a time word, an article, no noun, a name before them
        ("In 2019 patients were enrolled", "year"),
        ("the 2019 survey of adults", "year"),
        ("recovered significantly up to 2010", "year"),
        ("until the end of 2019", "year"),
        ("a paper at ICML 2020 showed", "year"),
    ],
)
def test_four_digits_are_a_count_or_a_year_by_their_words(text: str, kind: str) -> None:
    [q] = [q for q in extract_quantities(text) if q.value >= 1900]
    assert q.kind == kind, q
