"""Error spans cover the phrase that carries the error (GroundQA guidelines: "81.2 F1"),
not the bare value, word or citation a checker found; the N2 span of an inference the
paper does not settle is added only when no premise of it is bad."""

from __future__ import annotations

import json

import pytest

from annotations.schema import ErrorSpan, ErrorTag, Label, PropagationType
from grounding.check import check
from grounding.judges.error_phrases import (
    inference,
    outside_claim,
    phrase_errors,
    relation_phrase,
    value_phrase,
)
from grounding.pdf import read_pdf
from tests.conftest import DATA, DEV, need


@pytest.mark.parametrize(
    ("text", "span", "correction", "want"),
    [
        # the words a value measures or counts follow it
        (
            "ahead of the runner-up Citeomatic at 84.4 MAP and 93.8 nDCG.",
            "93.8",
            "92.8",
            ("93.8 nDCG", "92.8 nDCG"),
        ),
        ("computed on a random sample of 5,000 papers.", "5,000", "", ("5,000 papers", "")),
        (
            "using 3 hard negatives and 2 easy negatives.",
            "3 hard",
            "2 hard",
            ("3 hard", "2 hard"),
        ),
        (
            "the variants score 78.4 (multitask), against 80.0",
            "78.4",
            "78.0",
            ("78.4 (multitask)", "78.0 (multitask)"),
        ),
        ("the liquid phase was 28.4 wt% while", "28.4", "38.4", ("28.4 wt%", "38.4 wt%")),
        # an adjective takes the noun after it; a compound joined by a dash is one word
        (
            "S2ORC covers 91.1M academic papers.",
            "91.1M",
            "81.1M",
            ("91.1M academic papers", "81.1M academic papers"),
        ),
        ("on 12 task–dataset pairs", "12", "", ("12 task–dataset", "")),
        # an approximation word belongs to the value
        (
            "It takes about 16 hours on one core.",
            "16 hours",
            "6 hours",
            ("about 16 hours", "about 6 hours"),
        ),
        (
            "roughly five times as many as PubMed Central",
            "five times",
            "three times",
            ("roughly five times", "roughly three times"),
        ),
        # the value's own words are not extended further
        ("taken from Ensembl release 84.", "84", "82", ("84", "82")),
        ("with site 443 differing", "443", "434", ("443", "434")),
        # stops: a function word, a verb, punctuation, the sentence end
        ("versus 48.9% for DeepSeek-V3, and", "48.9%", "42.0%", ("48.9%", "42.0%")),
        ("of which 13.9 are linked.", "13.9", "19.3", ("13.9", "19.3")),
        ("SNRs of 31.7, 50.2 and 36.8, respectively.", "36.8", "38.8", ("36.8", "38.8")),
        ("raises test-std from 76.04 to 76.45.", "76.45", "76.54", ("76.45", "76.54")),
        ("223 showed human-specific selection", "223", "80", ("223", "80")),
        # one word after a bare value, no more
        ("encoders can only read 512 WordPiece tokens", "512", "", ("512 WordPiece", "")),
    ],
)
def test_value_phrase(text: str, span: str, correction: str, want: tuple[str, str]) -> None:
    got = value_phrase(text, span, correction)
    assert got == want
    assert got[0] in text


def test_value_phrase_leaves_what_it_cannot_read() -> None:
    assert value_phrase("trained on GPUs", "GPUs", "") == ("GPUs", "")  # no value
    assert value_phrase("trained for 3 epochs", "4", "5") == ("4", "5")  # not in the text


@pytest.mark.parametrize(
    ("text", "span", "correction", "want"),
    [
        (
            "this reward also slightly improved reasoning accuracy in their ablations, on top",
            "improved",
            "degraded",
            (
                "improved reasoning accuracy in their ablations",
                "degraded reasoning accuracy in their ablations",
            ),
        ),
        (
            "using 1000 logarithmically spaced timesteps.",
            "logarithmically",
            "",
            ("logarithmically spaced timesteps", ""),
        ),
        # a correction of another form keeps the pair as found
        (
            "the result agrees better with models that leave out the 2p2h contribution.",
            "leave out",
            "inclusion",
            ("leave out", "inclusion"),
        ),
        # a span of a whole statement already is kept
        ("X is not Y, so Z.", "X is not Y", "X is Y", ("X is not Y", "X is Y")),
    ],
)
def test_relation_phrase(text: str, span: str, correction: str, want: tuple[str, str]) -> None:
    assert relation_phrase(text, span, correction) == want


@pytest.mark.parametrize(
    ("text", "cite", "want"),
    [
        (
            "Citation-linked corpora have become standard testbeds (Marsden and Oyelaran, 2017).",
            "Marsden and Oyelaran, 2017",
            "Citation-linked corpora have become standard testbeds (Marsden and Oyelaran, 2017)",
        ),
        (
            "Toolkits such as VLBench-Hub (Okafor et al., 2021) are not part of the comparison.",
            "Okafor et al., 2021",
            "Toolkits such as VLBench-Hub (Okafor et al., 2021)",
        ),
        (
            "**Background:** the test was run once; it is known to lose power [4].",
            "[4]",
            "it is known to lose power [4]",
        ),
        ("No citation here.", "[9]", "[9]"),
    ],
)
def test_outside_claim(text: str, cite: str, want: str) -> None:
    assert outside_claim(text, cite) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        (
            "This suggests that pure RL transfers more readily to mathematical reasoning.",
            "pure RL transfers more readily to mathematical reasoning",
        ),
        (
            "Once software-engineering RL is scaled up, R1 should fully catch up on these "
            "benchmarks, since the authors show that limited RL data is the only bottleneck.",
            "R1 should fully catch up on these benchmarks, since the authors show that limited "
            "RL data is the only bottleneck",
        ),
        (
            "In practice, this means eccentricity should reduce the SNR of any binary.",
            "eccentricity should reduce the SNR of any binary",
        ),
        (
            "Because the registry resolves everything by name, adding a model only requires "
            "registering one class.",
            "adding a model only requires registering one class",
        ),
        (
            "This proves that the linkage will keep intensifying under future warming.",
            "the linkage will keep intensifying under future warming",
        ),
        # nothing to strip: the sentence itself
        ("LEGWORK will work for any population.", "LEGWORK will work for any population"),
    ],
)
def test_inference(text: str, want: str) -> None:
    assert inference(text) == want


def test_phrase_errors_widens_by_code_and_keeps_the_rest() -> None:
    text = "It needs about 16 hours, outperforming MMF (Okafor et al., 2021)."
    errors = (
        ErrorSpan(span="16 hours", tags=(ErrorTag.C1,), correction="6 hours"),
        ErrorSpan(span="MMF", tags=(ErrorTag.C2,), correction="LAVIS"),
        ErrorSpan(span="Okafor et al., 2021", tags=(ErrorTag.N3,)),
    )
    got = phrase_errors(text, errors)
    assert [(e.span, e.correction) for e in got] == [
        ("about 16 hours", "about 6 hours"),
        ("MMF", "LAVIS"),
        ("It needs about 16 hours, outperforming MMF (Okafor et al., 2021)", ""),
    ]
    assert all(e.span in text for e in got)


def _dev_row(qa_pair_id: str) -> dict[str, object]:
    paper = qa_pair_id.split("__")[0]
    for line in need(DEV / f"{paper}.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["qa_pair_id"] == qa_pair_id:
            return row
    raise AssertionError(qa_pair_id)


@pytest.mark.parametrize(
    ("qa_pair_id", "opening", "gold_span"),
    [
        (
            "deepseek-r1-2025__q03",
            "Once software-engineering RL",
            "R1 should fully catch up on these benchmarks, since the authors show that limited "
            "RL data is the only bottleneck",
        ),
        (
            "legwork-2022__q01",
            "In practice, this means",
            "eccentricity should reduce the SNR of essentially any Galactic double white dwarf "
            "with an orbital frequency above about 5 mHz",
        ),
    ],
)
def test_speculative_sentence_with_sound_premises_gets_its_own_n2(
    qa_pair_id: str, opening: str, gold_span: str
) -> None:
    """Real answers: an inference the paper does not settle, resting on no bad premise, is
    the sentence's own error (N2), its span the inferred statement as the gold marks it."""
    row = _dev_row(qa_pair_id)
    doc = read_pdf(need(DATA / str(row["paper_pdf_path"])))
    report = check(str(row["question_text"]), str(row["answer_raw"]), doc, verify_citations=False)
    [a] = [s.annotation for s in report.sentences if s.sentence.text.startswith(opening)]
    assert a.label is Label.NEI and a.propagation_type is PropagationType.NONE
    assert [(e.span, e.tags) for e in a.errors] == [(gold_span, (ErrorTag.N2,))]
    assert not a.error_tags


def test_speculative_sentence_on_a_contradicted_premise_inherits_instead() -> None:
    """The same inference resting on a wrong number: the premise explains it (C4), so no N2
    of its own; a speculative sentence with nothing before it gets its N2."""
    doc = read_pdf(need(DATA / "papers" / "legwork-2022.pdf"))
    answer = (
        "For a 4-year LISA mission, LEGWORK gives SNRs of 31.7, 50.2 and 36.8, respectively. "
        "This suggests that these SNRs would make every such binary detectable by any "
        "future mission."
    )
    s1, s2 = check("What SNRs does LEGWORK give?", answer, doc, verify_citations=False).sentences
    assert s1.annotation.label is Label.CONTRADICTION
    assert s2.annotation.depends_on == ("S1",)
    assert s2.annotation.label is Label.CONTRADICTION
    assert s2.annotation.error_tags == (ErrorTag.C4,) and not s2.annotation.errors
    [alone] = check(
        "What do the SNRs mean?", answer.split(". ", 1)[1], doc, verify_citations=False
    ).sentences
    assert alone.judgement.extra.get("row") == "speculative"
    assert [(e.span, e.tags) for e in alone.annotation.errors] == [
        (
            "these SNRs would make every such binary detectable by any future mission",
            (ErrorTag.N2,),
        )
    ]


def test_value_phrase_takes_only_a_short_parenthesis_without_numbers() -> None:
    text = "hazards scored 61 (10 and 4 hazards respectively, see 2.4) in total"
    assert value_phrase(text, "61", "2") == ("61", "2")
    assert value_phrase("it reached 90.41 (REL on ChemProt).", "90.41", "84.59") == (
        "90.41 (REL on ChemProt)",
        "84.59 (REL on ChemProt)",
    )
