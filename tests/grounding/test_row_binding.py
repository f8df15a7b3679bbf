"""A table value is verified only in the row of the entity its sentence names (issue 11:
"a cell found by row label x column header"; grounding/judges/row_binding.py).

The SPECTER probes are the ones a new user reported (bundled example, Table 2 ablation);
the others are on tables of papers the module was not written against."""

from __future__ import annotations

from pathlib import Path

import pytest

from annotations.schema import ErrorTag, Label
from grounding.check import check
from grounding.evidence import Entry
from grounding.judges.row_binding import Mention, bind
from grounding.judges.unchecked import unchecked_mentions
from grounding.pdf import Document, read_pdf
from tests.conftest import DATA, PAPERS, need

SPECTER = Path(__file__).resolve().parents[2] / "examples" / "specter" / "paper.pdf"
_DOCS: dict[Path, Document] = {}


def _judged(pdf: Path, sentence: str) -> tuple[Label, str, list[tuple[str, str]]]:
    """(label, rationale, [(span, correction) of C1 errors]) of a one-sentence answer."""
    if pdf not in _DOCS:
        _DOCS[pdf] = read_pdf(need(pdf))
    report = check("What does the table show?", sentence, _DOCS[pdf])
    [s] = report.sentences
    a = s.annotation
    c1 = [(e.span, e.correction) for e in s.judgement.errors if ErrorTag.C1 in e.tags]
    return a.label, a.rationale, c1  # the checker's spans: the values


@pytest.mark.parametrize(
    ("sentence", "span", "right"),
    [
        ("Removing the abstract lowers the average to 76.4.", "76.4", "68.1"),
        ("Adding authors lowers the average to 77.5.", "77.5", "67.3"),
        ("Without hard negatives the average is 67.3.", "67.3", "78.4"),
        ("The full SPECTER model averages 68.1.", "68.1", "80.0"),
        # the text line "36.8 78.4 Start w/ BERT-Large" runs over two table rows
        ("Starting from BERT-Large gives 78.4 on average.", "78.4", "77.5"),
    ],
)
def test_specter_ablation_value_of_another_row_is_contradicted(
    sentence: str, span: str, right: str
) -> None:
    label, why, c1 = _judged(SPECTER, sentence)
    assert label is Label.CONTRADICTION, why
    assert (span, right) in c1


@pytest.mark.parametrize(
    "sentence",
    [
        "Removing the abstract lowers the average to 68.1.",
        "Adding authors lowers the average to 67.3.",
        "Without hard negatives the average is 78.4.",
        "The full SPECTER model averages 80.0.",
        "Starting from BERT-Large gives 77.5 on average.",
        "Adding venues gives 79.9 on average.",
    ],
)
def test_specter_ablation_value_of_its_own_row_is_supported(sentence: str) -> None:
    label, why, _ = _judged(SPECTER, sentence)
    assert label is Label.SUPPORTED, why


@pytest.mark.parametrize(
    ("pdf", "sentence", "span", "right"),
    [
        # DeepSeek-R1 Table 5 (distilled models): 72.6 is Qwen-32B's AIME score, also in prose
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "DeepSeek-R1-Distill-Llama-8B scores 72.6 on AIME 2024.",
            "72.6",
            "50.4",
        ),
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "QwQ-32B-Preview achieves a Codeforces rating of 1481.",
            "1481",
            "1316",
        ),
        # LAVIS Table (AVSD): 1.129 is MTN's CIDEr
        (PAPERS / "lavis-2022.pdf", "VGD-GPT reaches 1.129 CIDEr on AVSD.", "1.129", "1.315"),
    ],
)
def test_value_of_another_row_is_contradicted_on_other_papers(
    pdf: Path, sentence: str, span: str, right: str
) -> None:
    label, why, c1 = _judged(pdf, sentence)
    assert label is Label.CONTRADICTION, why
    assert (span, right) in c1


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        (PAPERS / "deepseek-r1-2025.pdf", "QwQ-32B-Preview achieves a Codeforces rating of 1316."),
        (
            PAPERS / "deepseek-r1-2025.pdf",
            "DeepSeek-R1-Distill-Llama-70B scores 70.0 on AIME 2024.",
        ),
        (PAPERS / "lavis-2022.pdf", "MTN reaches 1.129 CIDEr on AVSD."),
        (PAPERS / "lavis-2022.pdf", "VGD-GPT reaches 1.315 CIDEr on AVSD."),
    ],
)
def test_value_of_its_own_row_is_supported_on_other_papers(pdf: Path, sentence: str) -> None:
    label, why, _ = _judged(pdf, sentence)
    assert label is Label.SUPPORTED, why


def test_value_in_another_row_with_no_known_column_is_not_verified() -> None:
    # PROMIS Table 1: 5.61 is VIBE fat sat's; T2 TSE's row gives no cell in a column the
    # sentence names, so the value is not verified for it (nei naming the holding row)
    pdf = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
    label, why, _ = _judged(pdf, "T2 TSE scores 5.61, compared with 15 for VIBE fat sat.")
    assert label is Label.NEI
    assert "5.61 is in the row 'VIBE fat sat'" in why and "not in the row of 'T2 TSE'" in why


def _mention(text: str, name: str, pid: int) -> Mention:
    e = Entry(1, 0, 0, name, "row", (), ())
    a = text.index(name)
    return Mention(((pid, e),), frozenset({name.lower()}), a, a + len(name), name)


@pytest.mark.parametrize(
    ("text", "number", "bound_to"),
    [
        ("Alpha scores 80.0, compared with 68.1 for Beta.", "80.0", "Alpha"),
        ("Alpha scores 80.0, compared with 68.1 for Beta.", "68.1", "Beta"),
        ("The results are 80.0 (Alpha) and 68.1 (Beta).", "68.1", "Beta"),
        ("For Alpha, the value is 80.0; for Beta, it is 68.1.", "68.1", "Beta"),
        # an ordered list after as many names: each value to the name in its place
        ("Alpha and Beta score (80.0 and 68.1).", "80.0", "Alpha"),
        ("Alpha and Beta score (80.0 vs 68.1).", "68.1", "Beta"),
        ("Alpha and Beta reach 80.0 and 68.1, respectively.", "68.1", "Beta"),
        ("Alpha and Beta reach 80.0 and 68.1, respectively.", "80.0", "Alpha"),
        ("Alpha scores lower than Beta (68.1 vs 80.0).", "68.1", "Alpha"),
        ("Alpha scores lower than Beta (68.1 vs 80.0).", "80.0", "Beta"),
        # not ordered: a list without "respectively" or brackets, fewer names than values
        ("Alpha and Beta score 80.0 and 68.1.", "80.0", None),
        ("Beta reaches 80.0 and 68.1, respectively.", "80.0", "Beta"),
        # a starting value, the other side of a comparison, another clause
        ("Beta lowers the average from 80.0 to 68.1.", "80.0", None),
        ("Alpha reaches 53.4, well above Beta, and tuning lifts it to 56.2.", "56.2", None),
        ("Beta rises from 67.57 to 68.93 and Alpha from 79.97 to 81.77.", "68.93", "Beta"),
        ("Yields of Alpha and Beta (180 C, 0.1 M fructose, 4 h).", "180", None),
        ("Beta tops the table (92.8).", "92.8", "Beta"),
        ("Adding Beta to Alpha gives an average of 79.9.", "79.9", "Beta"),
    ],
)
def test_a_number_binds_to_the_name_that_governs_it(
    text: str, number: str, bound_to: str | None
) -> None:
    mentions = sorted(
        [_mention(text, name, pid) for pid, name in enumerate(("Alpha", "Beta")) if name in text],
        key=lambda m: m.start,
    )
    at = text.index(number)
    m = bind(text, at, at + len(number), mentions)
    assert (m.label if m is not None else None) == bound_to


def test_years_and_names_outside_the_parts_are_named() -> None:
    assert unchecked_mentions("It was released in 2022 by Salesforce.") == [
        ("year", "2022"),
        ("name", "Salesforce"),
    ]
    assert unchecked_mentions("LAVIS supports video tasks.") == [("name", "LAVIS")]
    assert unchecked_mentions("This makes the library attractive.") == []


def test_a_sentence_with_nothing_checkable_gets_a_rationale_that_names_what_is_missing() -> None:
    pdf = PAPERS / "lavis-2022.pdf"
    label, why, _ = _judged(pdf, "It was released in 2022 by Salesforce.")
    assert label is Label.NEI
    # LAVIS writes 2022 only in its reference list: the year is named as unverified
    assert "the year 2022 appears nowhere in the paper's text outside its reference list" in why
    assert "no number, name" not in why
    label, why, _ = _judged(pdf, "LAVIS supports video tasks.")
    assert label is Label.NEI
    assert "does not state it" not in why and "not as one statement" in why
    label, why, _ = _judged(pdf, "It was released by Google.")
    assert "the name 'Google' is nowhere in the paper" in why
    label, why, _ = _judged(pdf, "It was released in 2019 by Google.")
    assert label is Label.NEI and "the year 2019 appears nowhere" in why


def test_the_name_a_value_replaces_is_not_its_row() -> None:
    """ "Starting from BERT-Large instead of SciBERT gives 77.5": 77.5 is BERT-Large's
    (Table 2), not SciBERT's (Table 1, 59.6): the bundled example's S6."""
    for sentence in (
        "Starting from BERT-Large instead of SciBERT gives 77.5 on average.",
        "Starting from BERT-Large rather than SciBERT gives 77.5 on average.",
    ):
        label, why, _ = _judged(SPECTER, sentence)
        assert label is Label.SUPPORTED, why
