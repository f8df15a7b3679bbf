"""A value the paper gives to another entity or condition is not verified by being "found
in the paper": it is a conflict (C1) corrected by the value the paper gives the sentence's
own entity. Several papers of each kind, and the correct sentences that must stay supported."""

from __future__ import annotations

import pytest

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.number_binding import own_words
from grounding.judges.rules import RulesJudge
from grounding.lexicon import fold
from grounding.quantities import extract_quantities
from grounding.types import Judgement, Sentence
from tests.conftest import DATA, need
from tests.grounding.judging import judged_c1

#: unrelated prose, so a paper has more than one passage
_FILLER = "\n".join(
    f"Section {i} describes topic {i} with methods, results and discussion "
    "of the work in this part of the paper."
    for i in range(20)
)


def _judge(paper: str, claim: str) -> Judgement:
    index = EvidenceIndex.from_texts([paper + "\n" + _FILLER])
    return RulesJudge(index=index).judge(
        ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ())
    )


def _c1(j: Judgement) -> list[tuple[str, str]]:
    return [(e.span, e.correction) for e in j.errors if ErrorTag.C1 in e.tags]


def _words(text: str, number: str) -> set[str]:
    t = fold(text)
    qs = extract_quantities(t)
    q = next(x for x in qs if x.text.startswith(number))
    return own_words(t, q, [x for x in qs if x is not q], {})


def test_own_words_stop_at_the_other_number_and_read_before_a_bracket() -> None:
    s = (
        "the amplitude on the decadal timescale (0.33 °C) exceeds that on the "
        "interannual timescale (0.26 °C)."
    )
    assert {"decadal", "amplitud"} <= _words(s, "0.33")
    assert "interannual" in _words(s, "0.26") and "decadal" not in _words(s, "0.26")
    s = "Fructose achieved the highest yield of 38% followed by sucrose with 23%."
    assert "fructos" in _words(s, "38") and "sucros" not in _words(s, "38")
    assert "sucros" in _words(s, "23") and "fructos" not in _words(s, "23")
    # a digit inside a name is no other number: the name stays the value's own word
    s = "The fluorescence quantum yield of ECFP-T65S is increased by 48%."
    assert {"ecfp", "t65s", "yield"} <= _words(s, "48")


_SUGARS = (
    "The sugars were screened as substrates under the same conditions for the whole "
    "series of runs.\nFructose achieved the highest yield of levulinic acid of 38% "
    "followed by\nsucrose with 23%. Glucose and cellobiose, however, only achieved "
    "yields of\n9% and 8%, respectively. This might be due to the fact that glucose "
    "requires an\nadditional isomerization step before it can be converted further."
)
_SAMPLES = (
    "The cross section is restricted to the region of muon kinematics used in the "
    "analysis.\nThe total number of selected events in the water-in data sample is "
    "12 777 (and\nbased on simulations it is expected that approximately 3860 of "
    "these events are\ntrue interactions on water) and the total number in the "
    "water-out data (which\nhas a larger exposure) sample is 13 370. The "
    "contamination of this sample is\nvery small and is estimated to be below one "
    "percent for both samples."
)
_CLIMATE = (
    "The dominant period of the index over the past forty years lies between eight "
    "and\nsixteen years, with significance at the usual level. Moreover, the index "
    "amplitude\non the decadal timescale (0.33 °C) exceeds that on the interannual "
    "timescale\n(0.26 °C). Note that the enhanced variability since the 1980s is not "
    "due to data\ninconsistency associated with the availability of satellite "
    "observations at all."
)
_CELLS = (
    "In the reference cohort the median survival of the control mice was 41 days "
    "while\nthe median survival of the treated mice reached 63 days over the whole "
    "follow up\nperiod of the study, which ended when the last animal of both arms "
    "was sacrificed."
)


@pytest.mark.parametrize(
    "paper, claim, want",
    [
        (
            _SUGARS,
            "In the screening, glucose gave the highest yield of levulinic acid, 38%, "
            "followed by sucrose at 23%.",
            ("38%", "9%"),
        ),
        (
            _SAMPLES,
            "The selected water-in sample contains 13,370 events, of which about 3860 "
            "are expected to be true interactions on water.",
            ("13,370", "12 777"),
        ),
        (
            _CLIMATE,
            "Its decadal amplitude (0.26 °C) is smaller than the interannual one (0.33 °C).",
            ("0.26 °C", "0.33 °C"),
        ),
        (_CELLS, "The median survival of the treated mice was 41 days.", ("41 days", "63 days")),
    ],
)
def test_a_value_of_another_entity_is_c1_with_the_entitys_value(
    paper: str, claim: str, want: tuple
) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.CONTRADICTION, j.rationale
    assert want in _c1(j)


@pytest.mark.parametrize(
    "paper, claim",
    [
        (
            _SUGARS,
            "In the screening, fructose gave the highest yield of levulinic acid, 38%, "
            "followed by sucrose at 23%.",
        ),
        (_SUGARS, "Glucose and cellobiose only reached yields of 9% and 8%, respectively."),
        (
            _SAMPLES,
            "The selected water-in sample contains 12,777 events, of which about 3860 "
            "are expected to be true interactions on water.",
        ),
        (_SAMPLES, "The water-out sample, which has a larger exposure, holds 13,370 events."),
        (_CLIMATE, "Its decadal amplitude (0.33 °C) exceeds the interannual one (0.26 °C)."),
        (_CELLS, "The median survival of the treated mice was 63 days."),
        (_CELLS, "Control mice survived a median of 41 days."),
    ],
)
def test_the_value_of_the_sentences_own_entity_stays_supported(paper: str, claim: str) -> None:
    j = _judge(paper, claim)
    assert j.label is Label.SUPPORTED, j.rationale


def test_shared_context_words_do_not_move_a_value() -> None:
    # "the power calculations" is the context of both shares; each share's own words
    # ("definition one" / "definition two") are what binds it
    paper = (
        "For all power calculations we have assumed that 15% of the study population "
        "will have\nclinically significant cancer as detected by the reference "
        "standard according to\ndefinition one and 25% will have clinically "
        "significant cancer according to definition\ntwo. The power calculations give "
        "90% power at a significance level of 5% for each test."
    )
    claim = (
        "The power calculations assume that 15% of the men will have clinically "
        "significant cancer under definition one."
    )
    assert _judge(paper, claim).label is Label.SUPPORTED
    claim = "The power calculations give 90% power at a significance level of 5%."
    assert _judge(paper, claim).label is Label.SUPPORTED


def test_a_value_with_another_unit_is_no_correction() -> None:
    paper = (
        "We train the model for 2 epochs, with a batch size of 4 (the maximum that fit "
        "in our GPU\nmemory) and use gradient accumulation for an effective batch size "
        "of 32 in all of\nthe experiments reported in this section of the paper."
    )
    claim = (
        "Training runs for 2 epochs on a single GPU with an effective batch size of 32 "
        "via gradient accumulation."
    )
    assert not _c1(_judge(paper, claim))


def test_values_of_another_condition_in_a_real_paper() -> None:
    from grounding.pdf import read_pdf

    pdf = need(DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf")
    judge = RulesJudge(index=EvidenceIndex.build(read_pdf(pdf)))

    def label(claim: str) -> Judgement:
        return judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))

    j = label("The selected water-in sample contains 13,370 events.")
    assert ("13,370", "12 777") in _c1(j)
    assert not _c1(label("The selected water-in sample contains 12,777 events."))


def test_a_value_already_correcting_another_number_is_not_moved_again() -> None:
    paper = (
        "The standard threshold employed by the code for small eccentricities is e = "
        "0.15 and for large eccentricities\nis e = 0.9999 (as this approximates the "
        "merger time with an error below roughly 2%), though the user may change it."
    )
    claim = (
        "The small- and large-eccentricity approximations to the merger-time integral "
        "are used below e = 0.15 and above e = 0.999."
    )
    j = _judge(paper, claim)
    assert j.label is Label.CONTRADICTION
    assert [span for span, _ in _c1(j)] == ["0.999"]


@pytest.mark.parametrize(
    "paper, claim",
    [
        (
            "In the code example the primary masses are set to 5, 10 and 15 and the secondary "
            "mass to 10 for every binary of the population.",
            "The example binaries have primary masses of 5, 10 and 15 M⊙.",
        ),
        (
            "Each run lasted 12 or 24 in the two settings of the protocol, as listed in the "
            "supplementary material of the study.",
            "Runs lasted 12 or 24 h in the two settings of the protocol.",
        ),
    ],
)
def test_a_unit_shared_from_the_end_of_a_list_meets_bare_numbers(paper: str, claim: str) -> None:
    numbers = _judge(paper, claim).extra["numbers"]
    first = next(k for k in numbers if k.isdigit())  # the value before the shared unit
    assert numbers[first] == "found"
    # a unit written next to the number is still held to the paper's unit
    alone = claim.replace(f" {first},", f" {first} kg,").replace(f" {first} or", f" {first} kg or")
    assert _judge(paper, alone).extra["numbers"].get(f"{first} kg") != "found"


def test_a_respectively_pair_of_table_rows_exchanged_is_c1(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from grounding.pdf import read_pdf
    from tests.grounding.pdf_fixtures import write_lines_pdf

    pdf = tmp_path / "t.pdf"
    rows = [("Baseline", "61.2", "60.4"), ("Tagger", "68.9", "67.5"), ("Parser", "79.9", "78.1")]
    lines = [
        (72, 90, "Table 2: Results on the test sets."),
        (72, 110, "Model"),
        (220, 110, "Dev"),
        (300, 110, "Test"),
    ]
    for i, (name, dev, test) in enumerate(rows):
        y = 130 + 18 * i
        lines += [(72, y, name), (220, y, dev), (300, y, test)]
    lines.append((72, 220, "The tagger and the parser are trained on the same data."))
    write_lines_pdf(pdf, [lines])
    judge = RulesJudge(index=EvidenceIndex.build(read_pdf(pdf)))

    def label(claim: str) -> Judgement:
        return judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))

    bad = label("Tagger and Parser reach 78.1 and 67.5, respectively.")
    assert bad.label is Label.CONTRADICTION
    assert set(_c1(bad)) == {("78.1", "67.5"), ("67.5", "78.1")}
    assert label("Tagger and Parser reach 67.5 and 78.1, respectively.").label is Label.SUPPORTED


@pytest.mark.parametrize(
    ("paper", "wrong", "right"),
    [
        (
            "The single mutation T65S shifts the pK1/2 of ECFP-T65S and Cerulean-T65S by 1.1 "
            "and 1.6 pH units respectively.",
            "The mutation shifts the pK1/2 of ECFP-T65S by 1.6 pH units and that of "
            "Cerulean-T65S by 1.1 units.",
            "The mutation shifts the pK1/2 of ECFP-T65S by 1.1 pH units and that of "
            "Cerulean-T65S by 1.6 units.",
        ),
        (
            "On the held-out split, GPT-4o reaches 71.2% accuracy while Llama-3-70B reaches "
            "64.8% accuracy.",
            "GPT-4o reaches 64.8% accuracy on the held-out split and Llama-3-70B 71.2%.",
            "GPT-4o reaches 71.2% accuracy on the held-out split and Llama-3-70B 64.8%.",
        ),
    ],
)
def test_values_exchanged_between_names_holding_digits_are_c1(
    paper: str, wrong: str, right: str
) -> None:
    """A name with digits in it ("ECFP-T65S", "Llama-3-70B") is a value's own word, not
    another number that ends its neighbourhood."""
    j = _judge(paper, wrong)
    assert j.label is Label.CONTRADICTION, j.rationale
    assert len(_c1(j)) == 2, j.rationale
    assert _judge(paper, right).label is Label.SUPPORTED, _judge(paper, right).rationale


@pytest.mark.parametrize(
    ("paper", "wrong", "right"),
    [
        (
            "This is equivalent to a total of 647 men for UCL definition one and 388 men for "
            "UCL definition two.",
            "This corresponds to 388 men under definition 1 and 647 under definition 2.",
            "This corresponds to 647 men under definition 1 and 388 under definition 2.",
        ),
        (
            "Enrolment reached 212 patients in Phase II and 48 patients in Phase I of the trial.",
            "The trial enrolled 212 patients in Phase I and 48 patients in Phase II.",
            "The trial enrolled 48 patients in Phase I and 212 patients in Phase II.",
        ),
    ],
)
def test_values_exchanged_between_numbered_conditions_are_c1(
    paper: str, wrong: str, right: str
) -> None:
    """A condition named by a number ("definition one" = "definition 1", "Phase II") is a
    value's own word: two values given each other's numbered conditions are C1."""
    j = _judge(paper, wrong)
    assert j.label is Label.CONTRADICTION, j.rationale
    assert len(_c1(j)) == 2, j.rationale
    assert _judge(paper, right).label is not Label.CONTRADICTION, _judge(paper, right).rationale


def test_a_cell_of_a_table_set_one_cell_a_line_is_found() -> None:
    """T2K's Table VII ("Uncertainty [%]") is printed one cell a line on the reference
    list's page: "6.3" followed by the next row's "FSI" is no count of FSIs, so the
    sentence's 6.3% is the row's value."""
    t2k = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
    sentence = "Detector other contributes 6.3% to the uncertainty of the total cross section."
    got, why, _ = judged_c1(t2k, sentence)
    assert got is Label.SUPPORTED, why
