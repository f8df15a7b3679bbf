"""A value read from a table row is checked under the column its sentence names after it.

"62.1% on MATH-500" for a row whose MATH-500 cell is 94.3 (62.1 sits under GPQA Diamond)
is a wrong value, corrected by the named column's cell, however the name is joined to the
value: "for", "on", "in", "under", after up to two words of the value's own metric or unit
("82.0 F1 on MeSH", "91.5 MAP on Co-View"). A metric word that names the value's own
column and not the named one ("91.5 nDCG on Co-View") reads a sub-column under a group
header that spans several columns: no conflict.

Real papers of the shared data (skipped without it); each kind with sentences of the same
shape that must keep their label."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.evidence import Entry, EvidenceIndex, row_label
from grounding.pdf import read_pdf
from tests.conftest import DATA, ROOT, need
from tests.grounding.judging import judged_c1

R1 = DATA / "papers" / "deepseek-r1-2025.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence", "c1"),
    [
        # the distilled 32B row: AIME 72.6, MATH-500 94.3, GPQA Diamond 62.1
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 62.1% on MATH-500.", [("62.1%", "94.3%")]),
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 94.3% on GPQA Diamond.", [("94.3%", "62.1%")]),
        (
            R1,
            "DeepSeek-R1-Distill-Qwen-32B reaches 72.6% pass@1 on AIME 2024 and 62.1% on MATH-500.",
            [("62.1%", "94.3%")],
        ),
        # a metric word every column of the group shares decides nothing
        (R1, "DeepSeek-R1-Distill-Qwen-32B scores 62.1% pass@1 on MATH-500.", [("62.1%", "94.3%")]),
        # SPECTER's row of Table 1: MAG F1 82.0, MeSH F1 86.4, Co-View MAP 83.6 / nDCG 91.5
        (SPECTER, "SPECTER scores 82.0 F1 on MeSH.", [("82.0", "86.4")]),
        (SPECTER, "SPECTER scores 86.4 F1 on MAG.", [("86.4", "82.0")]),
        (SPECTER, "SPECTER reaches 91.5 MAP on Co-View.", [("91.5", "83.6")]),
    ],
)
def test_a_value_under_another_column_than_named_is_corrected(
    pdf: object, sentence: str, c1: list[tuple[str, str]]
) -> None:
    label, why, got = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label == Label.CONTRADICTION, why
    assert got == c1, why


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 94.3% on MATH-500."),
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 62.1% on GPQA Diamond."),
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 72.6% pass@1 on AIME 2024."),
        (R1, "DeepSeek-R1-Distill-Qwen-32B reaches 94.3% on MATH-500 and 62.1% on GPQA Diamond."),
        (SPECTER, "SPECTER scores 86.4 F1 on MeSH."),
        (SPECTER, "SPECTER scores 82.0 on MAG and 86.4 on MeSH."),
        (SPECTER, "SPECTER reaches 83.6 MAP on Co-View."),
        # nDCG is a sub-column of the Co-View and Co-Read groups
        (SPECTER, "SPECTER reaches 91.5 nDCG on Co-View and 92.4 nDCG on Co-Read."),
    ],
)
def test_a_value_under_its_named_column_stays_supported(pdf: object, sentence: str) -> None:
    label, why, got = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label == Label.SUPPORTED, why
    assert got == [], why


def test_the_suite_names_a_column_by_a_header_over_it_alone() -> None:
    """The value-binding suite's named-column items (bench/value_binding.py) name a column
    only by a header word over that column alone: no group header over sub-columns."""
    sys.path.insert(0, str(ROOT / "bench"))
    import value_binding

    def row(pdf: Path, label: str) -> tuple[EvidenceIndex, Entry]:
        index = EvidenceIndex.build(read_pdf(need(pdf)))
        return index, next(
            e for e in index.entries if e.kind == "row" and e.rects and row_label(e) == label
        )

    names = value_binding.column_names(*row(R1, "DeepSeek-R1-Distill-Qwen-32B"))
    assert names[2] == "MATH-500" and names[3] == "GPQA", names
    # SPECTER's Table 1: MAG and MeSH head one column each; Co-View spans MAP and nDCG
    assert value_binding.column_names(*row(SPECTER, "Random")) == {0: "MAG", 1: "MeSH"}


HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"


def test_a_header_band_stops_at_the_caption_and_the_prose_above() -> None:
    """The header words over a table's cells are those under its caption: not the caption
    ("Comparison of pH values ... LPC-2 pH values and yields"), nor the prose above it."""
    index = EvidenceIndex.build(read_pdf(need(HUMINS)))
    from grounding.judges.rules_tables import header_words

    row = next(e for e in index.entries if e.kind == "row" and row_label(e) == "LPC")
    heads = [
        {w[0] for w in words if not w[0][0].isdigit()}
        for words in header_words(row, index.pages[row.page])
    ]
    # (a unit word whose centre lies beyond max_dx of the cell may be left out)
    assert {"LA", "yield"} <= heads[0] <= {"LA", "yield", "mol%"}, heads
    assert {"Humin", "yield"} <= heads[1] <= {"Humin", "yield", "wt%"}, heads
    assert {"pH"} <= heads[2] <= {"pH", "[", "]"}, heads


@pytest.mark.parametrize(
    ("pdf", "sentence", "label", "c1"),
    [
        # Table 1: LPC-2 has LA yield 36.0 mol%, humin yield 12.6 wt%, pH 1.3
        (HUMINS, "LPC-2 scores 12.6 on LA.", Label.CONTRADICTION, [("12.6", "36.0")]),
        # the cell the row and the named column bind the value to corrects it, in
        # whatever scale: the pH of LPC is 1.3
        (HUMINS, "LPC reaches 11.4 for pH.", Label.CONTRADICTION, [("11.4", "1.3")]),
        # "LPC-2" names the LPC-2 row, not the LPC row (which holds 1.3 too)
        (HUMINS, "LPC-2 scores 1.3 on LA.", Label.CONTRADICTION, [("1.3", "36.0")]),
        (HUMINS, "LPC scores 36.0 on LA.", Label.CONTRADICTION, [("36.0", "37.0")]),
        (HUMINS, "LPC reaches 1.3 for pH.", Label.SUPPORTED, []),
        # a header printed over two lines ("LiveCode" / "Bench") names its column whole
        (
            R1,
            "DeepSeek-R1-Distill-Qwen-32B scores 83.3 on LiveCodeBench.",
            Label.CONTRADICTION,
            [("83.3", "57.2")],
        ),
        (R1, "DeepSeek-R1-Distill-Qwen-32B scores 57.2 on LiveCodeBench.", Label.SUPPORTED, []),
        # a name with a dotted version ("Claude-3.5-Sonnet-1022") is one name
        (
            R1,
            "Claude-3.5-Sonnet-1022 reaches 78.3 for GPQA.",
            Label.CONTRADICTION,
            [("78.3", "65.0")],
        ),
        (R1, "Claude-3.5-Sonnet-1022 reaches 65.0 for GPQA.", Label.SUPPORTED, []),
        # a row of a tightly set table (no column gap) is no prose line: the header
        # above it still counts
        (
            SPECTER,
            "SciBERT fine-tune on multitask reaches 88.2 for REC.",
            Label.CONTRADICTION,
            [("88.2", "36.0")],
        ),
        # 80.0 is SPECTER's average in Table 1, which has no USR column; the SPECTER row
        # of Table 3, which has one, gives 88.4
        (SPECTER, "SPECTER scores 80.0 on USR.", Label.CONTRADICTION, [("80.0", "88.4")]),
        (SPECTER, "SPECTER scores 88.4 on USR.", Label.SUPPORTED, []),
        # a group header centred over its sub-columns ("Co-View" over MAP 83.6 and
        # nDCG 91.5) heads both; a metric written with the value picks one
        (SPECTER, "SPECTER scores 91.5 on Co-View.", Label.SUPPORTED, []),
        (SPECTER, "SPECTER scores 83.6 on Co-View.", Label.SUPPORTED, []),
        (SPECTER, "SPECTER scores 91.5 MAP on Co-View.", Label.CONTRADICTION, [("91.5", "83.6")]),
        (SPECTER, "SPECTER scores 83.6 nDCG on Co-View.", Label.CONTRADICTION, [("83.6", "91.5")]),
        # 80.0 is Table 1's average, under neither Cite sub-column; Tables 2 and 3 have
        # one CITE column, where SPECTER has 91.5
        (SPECTER, "SPECTER scores 80.0 on Cite.", Label.CONTRADICTION, [("80.0", "91.5")]),
        (SPECTER, "SPECTER scores 91.5 on CITE.", Label.SUPPORTED, []),
    ],
)
def test_header_words_of_real_tables_name_their_columns(
    pdf: Path, sentence: str, label: Label, c1: list[tuple[str, str]]
) -> None:
    got_label, why, got = judged_c1(pdf, sentence)
    assert got_label == label, why
    assert got == c1, why


def test_a_table_set_beside_prose_is_read_by_its_columns() -> None:
    """S2ORC Table 4 (Statistic | GROBID | LaTeX) shares its lines with the other column's
    prose: "Linked bib. entries 19.3 6.8" gives 19.3 to GROBID and 6.8 to LaTeX."""
    s2orc = DATA / "papers" / "s2orc-2020.pdf"
    label, why, got = judged_c1(
        s2orc,
        "Linked bibliography entries average 6.8 per paper for the GROBID parses versus "
        "19.3 for the LaTeX parses.",
    )
    assert label == Label.CONTRADICTION, why
    assert got == [("6.8", "19.3"), ("19.3", "6.8")], why
    label, why, got = judged_c1(
        s2orc,
        "Linked bibliography entries average 19.3 per paper for the GROBID parses versus "
        "6.8 for the LaTeX parses.",
    )
    assert label == Label.SUPPORTED, why


def test_a_value_in_the_named_models_row_is_not_read_from_a_transposed_table() -> None:
    """ "Model-7B reaches 92.8 for MATH-500": the Model-7B row holds 92.8 under MATH-500;
    the MATH-500 row of another table, with models as columns, gives 97.3 to another
    model and corrects nothing."""
    label, why, got = judged_c1(R1, "DeepSeek-R1-Distill-Qwen-7B reaches 92.8 for MATH-500.")
    assert label == Label.SUPPORTED and got == [], why
    label, why, got = judged_c1(R1, "DeepSeek-R1-Distill-Qwen-7B reaches 83.3 for MATH-500.")
    assert label == Label.CONTRADICTION and got == [("83.3", "92.8")], why


@pytest.mark.parametrize(
    ("sentence", "c1"),
    [
        # Table 1's SPECTER row: MeSH F1 86.4; 91.5 is its Co-View nDCG
        ("On the MeSH dataset, SPECTER obtains an F1 score of 91.5.", [("91.5", "86.4")]),
        ("For MeSH, SPECTER reaches 91.5.", [("91.5", "86.4")]),
    ],
)
def test_a_column_named_before_the_clause_binds_its_values(
    sentence: str, c1: list[tuple[str, str]]
) -> None:
    label, why, errors = judged_c1(SPECTER, sentence)
    assert label is Label.CONTRADICTION, why
    assert errors == c1, why


@pytest.mark.parametrize(
    "sentence",
    [
        "On the MeSH dataset, SPECTER obtains an F1 score of 86.4.",
        "On the co-view task, SPECTER achieves a MAP of 83.6 and an nDCG of 91.5.",
    ],
)
def test_a_value_under_the_column_named_before_the_clause_stays_supported(sentence: str) -> None:
    label, why, _ = judged_c1(SPECTER, sentence)
    assert label is Label.SUPPORTED, why
