"""Tests for the parts-and-checkers structure of the rules judge: decomposition, the decision
table, evidence attribution (case C08) and the linear answer memory."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given
from hypothesis import strategies as st

from annotations.schema import ErrorTag, Label
from grounding.evidence import EvidenceIndex
from grounding.judges.answer_memory import AnswerMemory
from grounding.judges.base import ClaimContext
from grounding.judges.decide import decide
from grounding.judges.parts import Part, PartKind, decompose
from grounding.judges.rules import RulesJudge
from grounding.judges.statement_check import PartResult, Status
from grounding.pdf import read_pdf
from grounding.types import Sentence
from tests.conftest import PAPERS, load_cases
from tests.grounding.judging import judged_c1

LABELS = {
    "contradicted": Label.CONTRADICTION,
    "supported": Label.SUPPORTED,
    "not_supported": Label.NEI,
}


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(p.kind.value, p.value) for p in decompose(text)]


def test_decompose_finds_each_kind_of_part() -> None:
    parts = _kinds("SPECTER does not outperform SciBERT on all 7 tasks.")
    assert ("polarity", "neg") in parts
    assert ("comparison", "up") in parts
    assert ("quantifier", "all") in parts
    assert ("quantity", "7") in parts
    assert ("term", "SPECTER") not in parts  # the sentence opener is no name slot
    assert ("term", "SciBERT") in parts
    assert _kinds("Training without hard negatives lowers the average.")[0] == ("polarity", "neg")
    assert ("comparison", "down") in _kinds("Training lowers the average.")


def test_decompose_offsets_point_into_the_sentence() -> None:
    text = "In Table 3, BERT-Large trails SciBERT by 2.1 points on every task."
    for p in decompose(text):
        assert text[p.start : p.end] == p.text


@given(st.text(max_size=120))
def test_decompose_takes_any_text(text: str) -> None:
    for p in decompose(text):
        assert 0 <= p.start <= p.end <= len(text)


def test_nothing_checkable_has_no_parts() -> None:
    assert decompose("This makes the approach attractive in practice.") == ()


def _r(status: Status, weak: bool = False) -> PartResult:
    return PartResult(Part(PartKind.TERM, "X", 0, 1, "X"), status, why="x", weak=weak)


def test_decision_table() -> None:
    v, c, n = Status.VERIFIED, Status.CONTRADICTED, Status.NOT_FOUND
    assert decide([]) is None
    assert decide([_r(v), _r(v)]).label is Label.SUPPORTED  # type: ignore[union-attr]
    assert decide([_r(v), _r(n)]).label is Label.NEI  # type: ignore[union-attr]
    assert decide([_r(n), _r(c)]).label is Label.CONTRADICTION  # type: ignore[union-attr]
    # found only elsewhere in the paper is not enough on its own
    assert decide([_r(v, weak=True)]).label is Label.NEI  # type: ignore[union-attr]


def _judge_text(pages: list[str], claim: str) -> tuple[Label, str]:
    judge = RulesJudge(index=EvidenceIndex.from_texts(pages))
    j = judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    return j.label, j.rationale


def test_word_overlap_alone_never_supports() -> None:
    page = (
        "We train the tagger with pruning and distillation on the clinical notes corpus. "
        "Training uses the standard recipe."
    )
    label, why = _judge_text(
        [page],
        "The tagger is trained with pruning on clinical notes "
        "and converges faster than distillation.",
    )
    assert label is not Label.SUPPORTED, why
    label, why = _judge_text([page], " ".join(["word"] * 2000) + ".")
    assert label is not Label.SUPPORTED, why


def test_rationale_names_the_deciding_part() -> None:
    page = "Results. Our tagger reached 91.3% F1 on the test set."
    label, why = _judge_text([page], "Our tagger reached 93.1% F1 on the test set.")
    assert label is Label.CONTRADICTION and "93.1" in why and "91.3" in why
    label, why = _judge_text([page], "Our tagger reached 91.3% F1 on the test set.")
    assert label is Label.SUPPORTED and "91.3" in why


def test_c08_no_evidence_from_references_or_cited_studies(tmp_path: Path) -> None:
    case = load_cases("grounding")["C08"]
    inp, want = case["input"], case["expected"]
    doc = pymupdf.open()
    for text in (inp["page1_text"], inp["page2_text"]):
        doc.new_page(width=595, height=842).insert_textbox(
            pymupdf.Rect(72, 72, 523, 500), text, fontsize=10
        )
    pdf = tmp_path / "attribution.pdf"
    doc.save(pdf)
    judge = RulesJudge(index=EvidenceIndex.build(read_pdf(pdf)))
    got = []
    for claim in inp["claims"]:
        j = judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
        got.append(j.label)
        for e in j.evidence:  # never drawn from the reference list (page 2)
            assert e.page == 1, (claim, e)
    for claim, label, bad in zip(inp["claims"], got, want["must_not_be"]):
        if bad is not None:
            assert label is not LABELS[bad], (claim, label)
    # the right values: own result supported, prior work supported when the claim says so,
    # a cited study's number given to this paper contradicted, a cited title never support
    assert got[0] is Label.CONTRADICTION
    assert got[2] is Label.NEI
    assert got[3] is Label.SUPPORTED
    assert got[4] is Label.SUPPORTED
    assert [label for label in got] == [LABELS[x] for x in want["labels"]]


def test_wrong_value_memory_is_linear_in_answer_length() -> None:
    """Judging sentences in order never re-reads earlier sentences (rebuilds stay 0, also
    past headings that are not claims), and a wrong number of the first sentence still
    reaches the last of 600."""
    page = "Results. Our tagger reached 91.3% F1 on the test set."
    index = EvidenceIndex.from_texts([page])
    judge = RulesJudge(index=index)
    previous: list[Sentence] = []
    texts = (
        ["Our tagger reached 93.1% F1 on the test set."]
        + [
            f"Filler sentence number {i} says nothing." if i % 7 else "**Results**"
            for i in range(598)
        ]
        + ["So 93.1% F1 is what the tagger gets."]
    )
    last = None
    for i, t in enumerate(texts):
        s = Sentence(i, 0, len(t), t)
        last = judge.judge(ClaimContext(s, "", tuple(previous), ()))
        previous.append(s)
    memory = judge._memory[index]
    assert isinstance(memory, AnswerMemory) and memory.rebuilds == 0
    assert last is not None and last.label is Label.CONTRADICTION
    first = decompose(texts[0])[0]
    from grounding.quantities import extract_quantities

    q = extract_quantities(texts[0])[0]
    assert first.value == q.text and memory.wrong_for(q, None) is not None
    # a new answer (previous == ()) starts clean, without re-reading the old one
    t = "Filler sentence number 1 says nothing."
    judge.judge(ClaimContext(Sentence(0, 0, len(t), t), "", (), ()))
    assert memory.wrong_for(q, None) is None and memory.rebuilds == 0
    assert ErrorTag.C1 in {tag for e in last.errors for tag in e.tags}


def test_two_values_swapped_are_both_c1() -> None:
    page = (
        "Results. SciBERT reaches 80.1 on citation prediction, whereas BioBERT reaches "
        "75.3 on paper recommendation."
    )
    right = (
        "SciBERT reaches 80.1 on citation prediction, whereas BioBERT reaches 75.3 on "
        "paper recommendation."
    )
    swapped = right.replace("80.1", "X").replace("75.3", "80.1").replace("X", "75.3")
    label, why = _judge_text([page], right)
    assert label is Label.SUPPORTED, why
    judge = RulesJudge(index=EvidenceIndex.from_texts([page]))
    j = judge.judge(ClaimContext(Sentence(0, 0, len(swapped), swapped), "", (), ()))
    assert j.label is Label.CONTRADICTION
    assert sorted((e.span, e.correction) for e in j.errors) == [("75.3", "80.1"), ("80.1", "75.3")]


def test_a_clause_denying_what_the_paper_states_is_c3() -> None:
    page = (
        "Methods. The toolkit needs protein-coding DNA sequences as input. It could be "
        "applied to transcripts assembled from RNA-Seq data of non-model organisms."
    )
    claim = (
        "The toolkit needs protein-coding DNA sequences, so it cannot be applied to "
        "transcripts assembled from RNA-Seq data of non-model organisms."
    )
    judge = RulesJudge(index=EvidenceIndex.from_texts([page]))
    j = judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    assert j.label is Label.CONTRADICTION, j.rationale
    assert any(ErrorTag.C3 in e.tags for e in j.errors)
    label, why = _judge_text([page], "The toolkit needs protein-coding DNA sequences.")
    assert label is Label.SUPPORTED, why


def test_claim_terms_leave_out_framing_words() -> None:
    from grounding.judges.statement_check import claim_terms

    terms = claim_terms(
        "A recent study found that the authors further argue masks roughly halve transmission."
    )
    assert "found" not in terms and "argu" not in terms and "rough" not in terms
    assert {"mask", "halv", "transmission"} <= set(terms)


def test_a_comparative_outside_the_direction_lists_is_checked_as_written() -> None:
    assert ("comparison", "other") in _kinds("Its margin is thinner than the other one.")
    assert ("comparison", "other") not in _kinds("Other than that, rather than X, it works.")
    page = "On co-citation the SPECTER margin over Citeomatic is larger than on co-view."
    index = EvidenceIndex.from_texts([page])
    judge = RulesJudge(index=index)
    claim = "On co-citation the SPECTER margin over Citeomatic is thinner than on co-view."
    j = judge.judge(ClaimContext(Sentence(0, 0, len(claim), claim), "", (), ()))
    assert j.label is not Label.SUPPORTED, j.rationale
    same = "On co-citation the SPECTER margin over Citeomatic is larger than on co-view."
    k = judge.judge(ClaimContext(Sentence(0, 0, len(same), same), "", (), ()))
    assert k.label is Label.SUPPORTED, k.rationale


def test_a_count_of_the_sentences_own_list_is_the_sentences() -> None:
    from grounding.judges.rules import counts_own_list

    t = (
        "LAVIS positions itself against four related libraries: MMF (Singh et al., 2020), "
        "UniLM, X-modaler (Li et al., 2021) and TorchMultimodal."
    )
    assert counts_own_list(t, t.index("four") + 4, 4)
    assert not counts_own_list(t, t.index("four") + 4, 3)  # a wrong count stays checked
    t = "The study compares three models (A, B and C) on two tasks."
    assert counts_own_list(t, t.index("three") + 5, 3)
    assert not counts_own_list(t, t.index("two") + 3, 2)  # no list follows


def test_a_likeness_word_before_its_noun_is_no_comparison() -> None:
    from grounding.judges.parts import decompose
    from grounding.judges.relation_check import numbers_order

    def comparisons(t: str) -> list[str]:
        return [p.text for p in decompose(t) if p.kind is PartKind.COMPARISON]

    assert comparisons("Each paper is a cluster of similar documents.") == []
    assert comparisons("The run is compared with the matching null model.") == []
    assert comparisons("The results are similar to those of BERT.") == ["similar"]
    # a pair with the other side's name between "against" and its number
    assert numbers_order("The co-view variant trails, reaching 84.1 against SPECTER's 91.5.") == [
        (84.1, 91.5)
    ]


def test_a_capital_negation_word_opening_a_short_name_is_no_negation() -> None:
    def polarity(text: str) -> list[str]:
        return [p.text for p in decompose(text) if p.kind is PartKind.POLARITY]

    # a table row's label, a quoted name
    assert polarity("The results are 91.5 (SPECTER) and 89.8 (No hard negatives).") == []
    assert polarity("This follows from the 'No Free Lunch' theorem.") == []
    # denials stay: lower case, a bracketed sentence with a verb, a cue opening a sentence
    assert polarity("Training with no hard negatives gives 89.8.") == ["no"]
    assert polarity("It scores 80.0 (No hard negatives were used).") == ["No"]
    assert polarity("No hard negatives were used in training.") == ["No"]
    assert polarity("The model was trained (not fine-tuned) on the corpus.") == ["not"]


def test_a_row_label_opening_with_no_is_not_read_as_a_denial() -> None:
    label, why, _ = judged_c1(
        PAPERS / "specter-2020.pdf", "The results are 91.5 (SPECTER) and 89.8 (No hard negatives)."
    )
    assert label is Label.SUPPORTED, why
