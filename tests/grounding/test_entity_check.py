"""A passage about another disease, organ, drug, material or organism, written in lower
case, is not evidence for the claim however close its wording: the claim is contradicted
(C2) where the passage holds another domain word in the slot, nei where the paper never
mentions the claim's word. Paraphrase, plurals, derived forms and the abbreviations the
paper defines are no other entity."""

from __future__ import annotations

import pytest

from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.entity_check import hit_alignment, is_domain_word, other_entity
from grounding.judges.registry import make_judge
from grounding.types import Judgement, Sentence

PAGES = [
    "Screening with multiparametric imaging: a trial\n",
    "In the trial, 740 men with prostate cancer were treated with metformin for 12 weeks.\n"
    "Humins were converted to levulinic acid with a yield of 38% at 180 C.\n"
    "The copper samples corroded faster in seawater than in fresh water.\n"
    "Adult deer were captured in the wetlands and fitted with radio collars.\n"
    "Catalytic oxidation of the humins gave formic acid as the main product.\n"
    "Fine-tuning with reinforcement learning (RL) improves accuracy on the benchmark.\n"
    "The method improves accuracy on the benchmark by a large margin.\n",
]


@pytest.fixture(scope="module")
def index() -> EvidenceIndex:
    return EvidenceIndex.from_texts(PAGES)


def _judge(index: EvidenceIndex, text: str) -> Judgement:
    judge = make_judge("rules")
    return judge.judge(ClaimContext(Sentence(0, 0, len(text), text), "", (), (), None, index))


@pytest.mark.parametrize(
    ("sentence", "word", "other"),
    [
        (
            "In the trial, 740 men with bladder cancer were treated with metformin for 12 weeks.",
            "bladder",
            "prostate",
        ),
        (
            "In the trial, 740 men with prostate cancer were treated with aspirin for 12 weeks.",
            "aspirin",
            "metformin",
        ),
        (
            "Lignin was converted to levulinic acid with a yield of 38% at 180 C.",
            "Lignin",
            "humins",
        ),
        ("The steel samples corroded faster in seawater than in fresh water.", "steel", "copper"),
        (
            "Adult moose were captured in the wetlands and fitted with radio collars.",
            "moose",
            "deer",
        ),
    ],
)
def test_a_lower_case_entity_swap_is_not_supported(
    index: EvidenceIndex, sentence: str, word: str, other: str
) -> None:
    j = _judge(index, sentence)
    assert j.label.value == "contradiction", j.rationale
    assert f"says '{other}' where the sentence says '{word}'" in j.rationale
    assert [(e.span, e.correction) for e in j.errors] == [(word, other)]
    assert j.errors[0].tags[0].value == "C2"


@pytest.mark.parametrize(
    "sentence",
    [
        # the same statements as the paper makes them
        "In the trial, 740 men with prostate cancer were treated with metformin for 12 weeks.",
        "Humins were converted to levulinic acid with a yield of 38% at 180 C.",
        "The copper samples corroded faster in seawater than in fresh water.",
        # a plural, a derived form, a paraphrase of a general word
        "In the trial, 740 men with prostate cancers were treated with metformin for 12 weeks.",
        "Catalytic oxidation of humins gave formic acid as the main product.",
        "The approach improves accuracy on the benchmark by a large margin.",
        # an abbreviation the paper defines, for its long form
        "Fine-tuning with RL improves accuracy on the benchmark.",
    ],
)
def test_the_papers_own_entities_and_paraphrase_stay_supported(
    index: EvidenceIndex, sentence: str
) -> None:
    j = _judge(index, sentence)
    assert j.label.value == "supported", j.rationale


def test_a_word_the_paper_never_uses_in_a_noun_slot_is_nei(index: EvidenceIndex) -> None:
    text = "Adult moose were captured in the wetlands and fitted with radio collars."
    [hit] = [h for h in index.hits(text, k=3) if "deer" in h.entry.text][:1]
    swap = other_entity(text, hit_alignment(hit), frozenset(), index.doc_terms)
    # the passage holds "deer" where the claim says "moose": a swap in that slot
    assert swap is not None and (swap.word, swap.other) == ("moose", "deer")
    # with no word of the passage in its slot, the paper's silence decides, for a word
    # where a noun stands ("with zinc"), not for one added after the statement
    text = "The copper samples corroded faster in seawater than in fresh water with zinc."
    [hit] = [h for h in index.hits(text, k=3) if "copper" in h.entry.text][:1]
    swap = other_entity(text, hit_alignment(hit), frozenset(), index.doc_terms)
    assert swap is not None and swap.word == "zinc" and swap.other is None
    text = "The copper samples corroded faster in seawater than in fresh water overnight."
    assert other_entity(text, hit_alignment(hit), frozenset(), index.doc_terms) is None
    # the paper's own words are never "not in the paper"
    text = "The copper samples corroded faster in seawater than in fresh water with humins."
    assert other_entity(text, hit_alignment(hit), frozenset(), index.doc_terms) is None


@pytest.mark.parametrize(
    ("word", "domain"),
    [
        ("prostate", True),
        ("lignin", True),
        ("humins", True),
        ("copper", True),
        ("neutrinos", True),
        # general words of scientific prose and word shapes that are not nouns of a domain
        ("method", False),
        ("approach", False),
        ("accuracy", False),
        ("reaches", False),
        ("significantly", False),
        ("enrolled", False),
        ("catalytic", False),
        ("infection", False),
        ("treatment", False),
        ("avg", False),
    ],
)
def test_domain_words(word: str, domain: bool) -> None:
    assert is_domain_word(word) is domain


def test_the_papers_subject_may_be_left_out_of_its_passage(index: EvidenceIndex) -> None:
    text = "In the trial, 740 men with bladder cancer were treated with metformin for 12 weeks."
    [hit] = index.hits(text, k=1)
    al = hit_alignment(hit)
    assert other_entity(text, al) is not None
    assert other_entity(text, al, subject=frozenset({"bladder"})) is None


def test_the_correction_is_the_papers_word_as_the_paper_writes_it() -> None:
    """A month swapped on a real PDF: the correction is the paper's "March", not the
    folded "march"; a common noun found only opening a sentence ("Humins were ...") is
    given in lower case (above)."""
    from grounding.check import check
    from grounding.pdf import read_pdf
    from tests.conftest import DATA, need

    doc = read_pdf(need(DATA / "papers-more" / "marsh-deer-dra-2025.pdf"))
    [s] = check(
        "When should the animals be moved?",
        "The lowest-risk window for moving the animals was identified as September to November.",
        doc,
        verify_citations=False,
    ).sentences
    assert s.annotation.label.value == "contradiction", s.annotation.rationale
    assert [(e.span, e.correction) for e in s.annotation.errors] == [("September", "March")]


def test_an_abbreviation_of_the_sentence_s_own_words_is_no_other_name() -> None:
    """Ningaloo, page 3: "The contribution of ocean dynamics to the SSTAs ..." where the
    sentence writes "SST anomaly": the paper's abbreviation names the same thing."""
    from tests.conftest import DATA
    from tests.grounding.judging import judged_c1

    label, why, _ = judged_c1(
        DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf",
        "The authors split the decadal DJF SST anomaly in the Ningaloo Niño region into "
        "contributions from ocean dynamics, latent heat flux (the WES feedback), shortwave "
        "and longwave radiation and sensible heat flux, comparing the periods before and "
        "after 1985 (Table 1).",
    )
    assert "SSTAs" not in why, why


def test_abbreviations_of_words_with_an_acronym_among_them() -> None:
    from grounding.judges.number_common import abbreviations_in

    found = abbreviations_in("the decadal SST anomaly and the wind-evaporation-SST feedback")
    assert {"ssta", "wes", "sa"} <= found
