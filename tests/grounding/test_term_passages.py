"""A sentence's terms checked where the paper states them: a term the paper states in the
sentence before the one the passage window holds, a negated condition named by its table
row, and an entity slot the nearest passage fills otherwise while another retrieved passage
writes the claim's phrase. Real PDFs; the wrong version of a sentence left unsupported."""

from __future__ import annotations

from tests.conftest import DATA
from tests.grounding.judging import judged as _judged

T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"


def test_a_term_stated_in_the_sentence_before_the_passage_is_with_the_statement() -> None:
    # "tokenization using Wordpieces might be suboptimal for author names. Many author
    # names ... might be split into sub-words": the window holds the second sentence only
    sentence = (
        "The authors suggest this may be because author names are sparse in the corpus and "
        "get split by WordPiece tokenization into sub-words shared across unrelated names."
    )
    label, why = _judged(SPECTER, sentence)
    assert "'WordPiece' not found" not in why, why
    assert label != "contradiction", why


def test_a_negated_condition_named_by_its_table_row_is_stated() -> None:
    # Table 2: "No hard negatives 82.4 85.8 89.8 36.8 78.4"
    label, why = _judged(SPECTER, "Training without hard negatives lowers the average to 78.4.")
    assert label == "supported", why
    assert "the negation 'without' named by the table row of 78.4" in why
    label, why = _judged(SPECTER, "Training without hard negatives lowers the average to 80.0.")
    assert label == "contradiction", why


def test_a_slot_another_retrieved_passage_fills_as_the_claim_is_no_swap() -> None:
    # page 3: "a beam ... which consists primarily of muon neutrinos", and, in the passage
    # nearest in wording, "the appearance of electron neutrinos"
    label, why = _judged(
        T2K,
        "T2K is a long-baseline oscillation experiment whose beam, produced at J-PARC and "
        "consisting mainly of muon neutrinos, is observed by the ND280 near detector and by "
        "Super-Kamiokande 295 km away.",
    )
    assert label != "contradiction", why
