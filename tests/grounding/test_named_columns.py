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
