"""Tests for the offline rules judge and the NLI decision policy."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from annotations.errors import InputError
from annotations.schema import ErrorTag, Label, Role
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext, Judge
from grounding.judges.decision import NLIThresholds, decide_nli
from grounding.judges.rules import RulesJudge, is_interpretation, not_a_claim_reason
from grounding.types import Judgement, Passage, Sentence
from tests.conftest import DEV, PAPERS, load_cases, need
from tests.grounding.judging import judge_gold_splits

#: Case-file label words -> library labels ("needs_review" is nei with a rationale saying so).
LABELS = {
    "contradicted": Label.CONTRADICTION,
    "supported": Label.SUPPORTED,
    "not_supported": Label.NEI,
    "needs_review": Label.NEI,
}


def judge_on(
    evidence: str | list[str],
    claim: str,
    question: str = "",
    suspect: list[list[tuple[int, int]]] | None = None,
) -> Judgement:
    """Judge ``claim`` against page text(s), with no PDF (EvidenceIndex.from_texts)."""
    pages = [evidence] if isinstance(evidence, str) else evidence
    index = EvidenceIndex.from_texts(pages, suspect)
    sentence = Sentence(0, 0, len(claim), claim)
    return RulesJudge(index=index).judge(ClaimContext(sentence, question, (), ()))


def _spans_are_substrings(j: Judgement, claim: str) -> None:
    for err in j.errors:
        assert err.span and err.span in claim, (err.span, claim)


def test_rules_judge_is_a_judge() -> None:
    assert isinstance(RulesJudge(), Judge)
    assert RulesJudge.name == "rules"


def test_b38_negation_and_antonyms() -> None:
    case = load_cases("grounding")["B38"]
    for pair, want in zip(case["input"]["pairs"], case["expected"]["labels"]):
        j = judge_on(pair["evidence"], pair["claim"])
        assert j.label is LABELS[want], (pair["claim"], j.rationale)
        _spans_are_substrings(j, pair["claim"])
        if j.label is Label.CONTRADICTION:
            assert any(ErrorTag.C3 in e.tags for e in j.errors)
            assert j.evidence and j.evidence[0].page == 1


def test_b41_numbers_with_units_and_formats() -> None:
    case = load_cases("numbers")["B41"]
    inp, exp = case["input"], case["expected"]
    for claim, want in zip(inp["claims_en"], exp["labels_en"]):
        j = judge_on(inp["evidence_en"], claim)
        assert j.label is LABELS[want], (claim, j.rationale)
        _spans_are_substrings(j, claim)
    for claim, want in zip(inp["claims_de_en"], exp["labels_de"]):
        j = judge_on(inp["evidence_de"], claim)
        assert j.label is LABELS[want], (claim, j.rationale)


def test_b41_contradiction_carries_the_correction() -> None:
    case = load_cases("numbers")["B41"]
    j = judge_on(case["input"]["evidence_en"], "The sensor read 21 °C.")
    (err,) = j.errors
    assert err.tags == (ErrorTag.C1,) and err.span == "21 °C"
    assert err.correction.startswith("19")


@pytest.mark.xfail(
    strict=True,
    reason="'Fewer than a fifth' is a bound: supported needs the "
    "bound matcher (grounding/numbers_match.py, branch numbers); until then the "
    "judge says nei, not the unchecked 'supported' of word overlap",
)
def test_b43_table_percentages_use_the_stated_denominator() -> None:
    case = load_cases("numbers")["B43"]
    table = case["input"]["table"]
    page = table["caption"] + "\n" + "\n".join(" ".join(row) for row in table["rows"])
    for claim, want in zip(case["input"]["claims"], case["expected"]["labels"]):
        j = judge_on(page, claim)
        assert j.label is LABELS[want], (claim, j.rationale)
    smokers = judge_on(page, "Smokers made up 13.1% of the cohort.")
    assert [(e.span, e.correction) for e in smokers.errors] == [("13.1%", "19.7%")]


def test_b27_claims_supported_despite_ligatures_and_dropped_f() -> None:
    case = load_cases("pdf")["B27"]
    page = "\n".join(case["input"]["raw_extracted_lines"])
    for claim, want in zip(case["input"]["claims_for_grounding"], case["expected"]["grounding"]):
        # The case lists bare phrases; as answer sentences they end with a full stop (a short
        # capitalised line without one is read as a heading, like "Title and abstract only").
        j = judge_on(page, claim + ".")
        assert j.label is LABELS[want], (claim, j.rationale)


def test_b30_minus_variants_and_suspect_glyphs() -> None:
    case = load_cases("pdf")["B30"]
    minus = case["input"]["case_minus_variants"]
    j = judge_on(minus["page_text"], minus["claim"])
    assert j.label is LABELS[case["expected"]["case_minus_variants"]["grounding"]]
    # a '2' from an unknown symbol font before 0.44 (pdf.py marks it as a suspect span)
    spans = case["input"]["case_unknown_symbol_font"]["spans"]
    text = "".join(s["text"] for s in spans)
    start = len(spans[0]["text"])
    claim = case["input"]["case_unknown_symbol_font"]["claim"]
    j = judge_on(text, claim, suspect=[[(start, start + 1)]])
    forbidden = {LABELS[w] for w in case["expected"]["case_unknown_symbol_font"]["must_not_be"]}
    assert j.label not in forbidden
    assert j.label is Label.NEI and "review" in j.rationale.lower()
    # the same page without the suspect mark is read as a plain (wrong) number
    plain = judge_on(text, claim)
    assert "review" not in plain.rationale.lower()


def test_b40_contradiction_on_any_evidence_wins() -> None:
    case = load_cases("grounding")["B40"]
    inp = case["input"]
    decision = decide_nli(inp["mock_nli_probs"], inp["thresholds"])
    assert decision.label is LABELS[case["expected"]["label"]]
    assert decision.evidence_index == 0


def test_decide_nli_entailment_from_the_same_sentence_wins() -> None:
    th = NLIThresholds(entail=0.65, contradict=0.55)
    same = [{"entail": 0.9, "neutral": 0.0, "contradict": 0.6}]
    assert decide_nli(same, th).label is Label.SUPPORTED
    weak = [{"entail": 0.3, "contradict": 0.2}, {"entail": 0.5, "contradict": 0.1}]
    assert decide_nli(weak, th).label is Label.NEI
    assert decide_nli([], th).label is Label.NEI
    with pytest.raises(InputError):
        decide_nli([{"entail": 1.5, "contradict": 0.0}], th)
    with pytest.raises(InputError):
        decide_nli([{"entail": 0.5}], th)
    with pytest.raises(InputError):
        NLIThresholds(entail=2.0)


@pytest.mark.parametrize(
    "text",
    [
        "**User activity.**",
        "References",
        "**References**",
        "## Results",
        "Here is how SPECTER compares with the strongest baselines in Table 1.",
        "Peters, P. C., & Mathews, J. 1963, Physical Review, 131, 435",
        "[3] Rein, D., Hou, B. L., and Bowman, S. R. GPQA: a benchmark. 2023.",
        "Beltagy, I., Lo, K., and Cohan, A. (2019). SciBERT: A pretrained language model.",
        "Title and abstract only",
        "The procedure works as follows:",
        "Let me know if you would like more detail on any of these.",
    ],
)
def test_not_a_claim(text: str) -> None:
    assert not_a_claim_reason(text) is not None
    j = judge_on("Some unrelated page text about models.", text)
    assert j.label is Label.NOT_A_CLAIM and j.role is None


@pytest.mark.parametrize(
    "text",
    [
        "SPECTER reaches 91.5 nDCG on Co-View.",
        "AZGP1: 9 of 10 sites matched, with site 107 differing",
        "LAVIS is organised as a set of modules that mirror the architecture in Figure 1:",
        "effective filtering of the flow",
    ],
)
def test_claims_are_not_dropped(text: str) -> None:
    assert not_a_claim_reason(text) is None


def test_roles() -> None:
    assert is_interpretation("This suggests that pure RL transfers readily.")
    assert is_interpretation("Therefore, the gap is small.")
    assert is_interpretation("**Summary:** In other words, the gain is 0.3 points.")
    assert not is_interpretation("SPECTER reaches 91.5 nDCG on Co-View.")
    j = judge_on("The gain is 1.3 points.", "So the gain is 1.3 points.")
    assert j.role is Role.INTERPRETATION


def test_invented_number_is_nei_with_span() -> None:
    page = "We fine-tune the model with a batch size of 32 on one GPU."
    claim = "Training used a learning rate of 3e-4 and a batch size of 32."
    j = judge_on(page, claim)
    assert j.label is Label.NEI
    assert [e.span for e in j.errors] == ["3e-4"] and j.errors[0].tags == (ErrorTag.N1,)


def test_unknown_citation_is_nei() -> None:
    page = "Our method follows Smith et al. (2019) and improves recall."
    j = judge_on(page, "This echoes work by Okafor et al. (2021) on recall.")
    assert j.label is Label.NEI
    _spans_are_substrings(j, "This echoes work by Okafor et al. (2021) on recall.")


def test_direction_reversed_by_own_numbers() -> None:
    page = "IF-Eval: R1 83.3, V3 86.1."
    j = judge_on(page, "R1 scores above V3 on IF-Eval (83.3 vs 86.1).")
    assert j.label is Label.CONTRADICTION
    assert any(ErrorTag.C3 in e.tags for e in j.errors)
    ok = judge_on(page, "R1 scores slightly below V3 on IF-Eval (83.3 vs 86.1).")
    assert ok.label is Label.SUPPORTED


def test_arithmetic_on_stated_numbers_is_supported() -> None:
    page = "Model A scores 91.5 and model B scores 90.2 on the task."
    j = judge_on(page, "Model A leads model B by 1.3 points on the task.")
    assert j.label is Label.SUPPORTED


def test_judge_without_document_uses_given_passages() -> None:
    passages = (Passage(3, 0, 40, "Mortality increased in the placebo group.", ()),)
    claim = "Mortality decreased in the placebo group."
    ctx = ClaimContext(Sentence(0, 0, len(claim), claim), "", (), passages)
    j = RulesJudge().judge(ctx)
    assert j.label is Label.CONTRADICTION
    assert j.evidence and j.evidence[0].page == 3
    empty = RulesJudge().judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    assert empty.label is Label.NEI and "no evidence" in empty.rationale.lower()


@pytest.fixture(scope="module")
def specter() -> tuple[RulesJudge, list[dict]]:
    from grounding.pdf import read_pdf

    doc = read_pdf(need(PAPERS / "specter-2020.pdf"))
    rows = [
        json.loads(line)
        for line in need(DEV / "specter-2020.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    return RulesJudge(index=EvidenceIndex.build(doc)), rows


def test_table_number_error_is_caught_with_correction(
    specter: tuple[RulesJudge, list[dict]],
) -> None:
    judge, _ = specter
    claim = (
        "On Co-Cite, SPECTER is back on top with 88.1 MAP and 94.8 nDCG, ahead of the "
        "runner-up Citeomatic at 84.4 MAP and 93.8 nDCG."
    )
    j = judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    assert j.label is Label.CONTRADICTION
    assert [(e.span, e.correction, e.tags) for e in j.errors] == [("93.8", "92.8", (ErrorTag.C1,))]
    assert j.evidence[0].page == 7 and j.evidence[0].rects


def test_dev_paper_accuracy_floor(specter: tuple[RulesJudge, list[dict]]) -> None:
    """Regression floor on one real paper (0.78 with the old word-overlap fall-through; 0.60
    since "supported" needs every checkable part verified, issue 11; bench/judge_lopo.py)."""
    judge, rows = specter
    right = total = 0
    for row in rows:
        for _, ann, j in judge_gold_splits(judge, row):
            right += j.label.value == ann["label"]
            total += 1
            _spans_are_substrings(j, ann["sentence"])
            if j.label in (Label.SUPPORTED, Label.CONTRADICTION):
                assert j.evidence, ann["sentence"]
    assert total > 50
    assert right / total >= 0.57


def test_entity_swap_in_the_same_statement() -> None:
    page = "In the second stage the model was trained on the COCO dataset with a frozen encoder."
    claim = (
        "In the second stage the model was trained on the Flickr30k dataset with a frozen encoder."
    )
    j = judge_on(page, claim)
    assert j.label is Label.CONTRADICTION
    assert [(e.span, e.correction, e.tags) for e in j.errors] == [
        ("Flickr30k", "COCO", (ErrorTag.C2,))
    ]
    same = judge_on(page, "The model was trained on the COCO dataset with a frozen encoder.")
    assert same.label is Label.SUPPORTED


def test_a_wrong_number_carries_into_later_sentences() -> None:
    index = EvidenceIndex.from_texts(["SWE Verified: DeepSeek-V3 scores 42.0 and R1 scores 49.2."])
    judge = RulesJudge(index=index)
    first = "R1 resolves 49.2% of SWE Verified issues versus 48.9% for DeepSeek-V3."
    s1 = Sentence(0, 0, len(first), first)
    j1 = judge.judge(ClaimContext(s1, "", (), ()))
    assert j1.label is Label.CONTRADICTION
    assert [(e.span, e.correction) for e in j1.errors] == [("48.9%", "42.0%")]
    second = "So R1's gain over DeepSeek-V3 is only 0.3 points."
    s2 = Sentence(1, len(first) + 1, len(first) + 1 + len(second), second)
    j2 = judge.judge(ClaimContext(s2, "", (s1,), ()))
    assert j2.label is Label.CONTRADICTION and j2.errors == ()  # a false premise, no own span
    assert "earlier sentence" in j2.rationale
    # the same sentence without the wrong premise before it is not contradicted
    alone = RulesJudge(index=index).judge(ClaimContext(s2, "", (), ()))
    assert alone.label is not Label.CONTRADICTION


_PAGE = (
    "Model A reaches 91.5 nDCG (Table 1), 3 × 10^-5 Hz, 1,000 runs; it did not improve "
    "recall. Smith et al. (2019) report 59.8% and -0.42 for the 2nd setting."
)


@settings(max_examples=60, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("Model A reaches 91.5 nDCG not 3% of (2019) ×^-,.*:")),
        max_size=80,
    )
)
def test_judge_never_raises_and_spans_are_substrings(claim: str) -> None:
    j = judge_on(_PAGE, claim)
    assert isinstance(j.label, Label)
    _spans_are_substrings(j, claim)
    if j.label is Label.NOT_A_CLAIM:
        assert j.role is None and not j.evidence


def test_value_taken_from_a_statement_about_another_name() -> None:
    pages = [
        "For a 4-year LISA mission the SNR is 31.7.",
        "A 5-year TianQin mission without confusion noise gives an SNR of 1.07.",
    ]
    claim = "A 4-year TianQin mission without confusion noise gives an SNR of 1.07."
    j = judge_on(pages, claim)
    assert j.label is Label.CONTRADICTION
    assert [(e.span, e.correction) for e in j.errors] == [("4-year", "5-year")]
    assert j.evidence[0].page == 2
    ok = judge_on(pages, "A 5-year TianQin mission without confusion noise gives an SNR of 1.07.")
    assert ok.label is Label.SUPPORTED


@pytest.mark.parametrize(
    "evidence, claim, span, correction",
    [
        (
            "Table 3: VQAv2 test-dev 76.35 and test-std 76.54 for the replication.",
            "The replication reaches 76.45 on VQAv2 test-std.",
            "76.45",
            "76.54",
        ),
        (
            "The sampler visited 434 sites in the first sweep.",
            "The sampler visited 443 sites in the first sweep.",
            "443",
            "434",
        ),
    ],
)
def test_transposed_digits_are_a_c1_with_the_right_value(
    evidence: str, claim: str, span: str, correction: str
) -> None:
    j = judge_on(evidence, claim)
    assert j.label is Label.CONTRADICTION
    assert any(
        e.span == span and e.correction == correction and ErrorTag.C1 in e.tags for e in j.errors
    )


def test_a_cited_work_the_paper_lacks_is_quoted_with_balanced_brackets() -> None:
    from grounding.judges.name_check import missing_citation as _missing_citation

    index = EvidenceIndex.from_texts(["Following Do \u02d8gan et al. (2014), we test NER."])
    assert _missing_citation("As Dogan et al. (2014) showed, NER is hard.", index) is None
    assert _missing_citation("As Zyxwv et al. (2014) showed.", index) == "Zyxwv et al. (2014)"
    assert _missing_citation("This follows (Zyxwv et al., 2014).", index) == "Zyxwv et al., 2014"


@pytest.mark.parametrize(
    "sentence",
    [
        "The paper was accepted on 12 November 2024.",
        "Sampling began in Spring 2019.",
        "In Sept. 2020",
    ],
)
def test_a_month_or_season_before_a_year_is_no_cited_author(sentence: str) -> None:
    from grounding.judges.name_check import missing_citation

    index = EvidenceIndex.from_texts(["We test NER on news text."])
    assert missing_citation(sentence, index) is None


def test_a_term_stated_with_another_clause_of_the_statement_is_found() -> None:
    page = (
        "Most models in LAVIS are integrated from prior works. We use the benchmark to "
        "validate that the re-implementation faithfully replicates the official models."
    )
    claim = (
        "The LAVIS models are integrated from prior works, and the re-implementation "
        "faithfully replicates the official models."
    )
    assert judge_on(page, claim).label is Label.SUPPORTED
    other = (
        "The LAVIS models are integrated from prior works, and the Zorblax Foundation "
        "re-implementation faithfully replicates the official models."
    )
    j = judge_on(page, other)
    assert j.label is Label.NEI and [e.tags for e in j.errors] == [(ErrorTag.N1,)], j.rationale


def test_a_count_bound_to_another_noun_is_contradicted() -> None:
    page = (
        "We train on 684K triples built from 146K query papers, and we evaluate on "
        "7,918 homologous gene families."
    )
    j = judge_on(page, "The model is trained on 684K papers.")
    assert j.label is Label.CONTRADICTION, j.rationale
    assert [(e.span, e.tags, e.correction) for e in j.errors] == [
        ("684K papers", (ErrorTag.C2,), "684K triples")
    ]
    for ok in (
        "The model is trained on 684K triples.",
        "The model is trained on 684K training triples.",
        "Training uses 146K query papers.",
        "It is evaluated on 7,918 gene families.",
    ):
        assert judge_on(page, ok).label is not Label.CONTRADICTION, ok


def test_another_name_in_the_same_statement_is_a_term_swap() -> None:
    page = (
        "Using DeepSeek-R1 as the teacher model, we generate 800K training samples and "
        "fine-tune several small dense models on them."
    )
    j = judge_on(
        page,
        "The authors use DeepSeek-V3-Base as the teacher model to generate 800K "
        "training samples and fine-tune several small dense models on them.",
    )
    assert j.label is Label.CONTRADICTION, j.rationale
    assert [(e.span, e.tags, e.correction) for e in j.errors] == [
        ("DeepSeek-V3-Base", (ErrorTag.C2,), "DeepSeek-R1")
    ]
    near = page + "\nDeepSeek-V3-Base is the base model of both."
    k = judge_on(
        near,
        "The authors use DeepSeek-V3-Base as the teacher model to generate 800K "
        "training samples and fine-tune several small dense models on them.",
    )
    assert k.label is not Label.CONTRADICTION, k.rationale  # the name stands nearby
