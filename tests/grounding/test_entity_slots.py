"""Another entity in the slot of the claim's own, read by aligning the claim with its
passage word by word, on real papers: a capitalised name ("Indian Bay"), a word that occurs
elsewhere in the passage ("muon electrons" beside "electron neutrinos"), a three-letter
word ("sea"), a word shaped like an adjective or abstract noun, a slot before a number
and a claim that starts before its passage's window are not supported. The same sentences
as the paper writes them, paraphrases of the same entity, an abbreviation or a Latin name
the paper defines, a verb after "can", a reordering, an accent the PDF splits off and a
misprint of the paper stay as they were."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from annotations.schema import Label
from grounding.evidence import EvidenceIndex
from grounding.judges.base import ClaimContext
from grounding.judges.entity_check import _misspelt, slot_swap, widened
from grounding.judges.registry import make_judge
from grounding.judges.statement_check import align
from grounding.pdf import read_pdf
from grounding.types import Judgement, Sentence
from tests.conftest import DATA, need
from tests.grounding.judging import judged_c1

NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
HUMINS = DATA / "papers-more" / "humins-levulinic-acid-2025.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
VESPA = DATA / "papers" / "vespa-2017.pdf"


@cache
def _index(pdf: Path) -> EvidenceIndex:
    return EvidenceIndex.build(read_pdf(need(pdf)))


def _judge(pdf: Path, text: str) -> Judgement:
    """The rules judge on ``text`` as a one-sentence answer, with the passages the
    pipeline retrieves for it."""
    index = _index(pdf)
    context = ClaimContext(
        Sentence(0, 0, len(text), text), "", (), tuple(index.search(text, k=8)), None, index
    )
    return make_judge("rules").judge(context)


@pytest.mark.parametrize(
    ("pdf", "sentence", "word", "other"),
    [
        # a capitalised name in the slot of another ("Indian Ocean" / "Indian Bay")
        (
            NINGALOO,
            "The externally forced decadal SSTA in the tropical Indian Ocean can largely "
            "explain the observed SSTA after 1985 but not before 1985, because before 1985, "
            "tropical Indian Bay SSTA follows the IPO.",
            "Bay",
            "ocean",
        ),
        # the passage's word stays in the claim elsewhere ("Marsh deer ... deer species")
        (
            DEER,
            "Marsh turtles are the largest South American deer species and occur in marshy "
            "habitats south of the Amazon River.",
            "turtles",
            "deer",
        ),
        # the claim's word occurs elsewhere in the passage ("electron neutrinos")
        (
            T2K,
            "T2K has measured the disappearance of muon electrons and the appearance of "
            "electron neutrinos, using the off-axis ND280 near detector.",
            "electrons",
            "neutrinos",
        ),
        (
            T2K,
            "Measurements have shown that there is approximately 15% more toluene in the "
            "most downstream water layer compared to more centrally located layers.",
            "toluene",
            "water",
        ),
        # the slot right before a number the statement holds
        (
            HUMINS,
            "Valves, fittings, and pipes were manufactured of stainless iron 1.4571.",
            "iron",
            "steel",
        ),
        # the claim starts before the window of its passage
        (
            PROMIS,
            "Many cervix cancers currently detected are clinically insignificant and do not "
            "have any clinical impact on the individual during his remaining life if left "
            "untreated.",
            "cervix",
            "prostate",
        ),
        (
            PROMIS,
            "Transperineal Template Cervix Mapping biopsies have been selected as the "
            "reference test.",
            "Cervix",
            "prostate",
        ),
    ],
)
def test_another_entity_in_the_slot_is_a_contradiction(
    pdf: Path, sentence: str, word: str, other: str
) -> None:
    j = _judge(pdf, sentence)
    assert j.label.value == "contradiction", j.rationale
    assert f"where the sentence says '{word}'" in j.rationale
    assert f"says '{other}'" in j.rationale.lower()
    assert any(e.span == word and e.tags[0].value == "C2" for e in j.errors), j.errors


def test_a_word_only_shaped_like_an_entity_is_not_supported() -> None:
    # "sea" has three letters: not certain enough for C2, but no evidence either
    j = _judge(
        NINGALOO,
        "To explore the mechanisms underlying the formation of the SST patterns, the "
        "authors employ wind-evaporation-reef surface temperature feedback analysis.",
    )
    assert j.label.value == "nei", j.rationale
    assert "says 'sea' where the sentence says 'reef'" in j.rationale


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # the paper's own sentences
        (
            DEER,
            "Marsh deer are the largest South American deer species and occur in marshy "
            "habitats south of the Amazon River.",
        ),
        (
            T2K,
            "T2K has measured the disappearance of muon neutrinos and the appearance of "
            "electron neutrinos, using the off-axis ND280 near detector.",
        ),
        (
            T2K,
            "Measurements have shown that there is approximately 15% more water in the most "
            "downstream water layer compared to more centrally located layers.",
        ),
        (HUMINS, "Valves, fittings, and pipes were manufactured of stainless steel 1.4571."),
        (
            PROMIS,
            "Many prostate cancers currently detected are clinically insignificant and do "
            "not have any clinical impact on the individual during his remaining life if "
            "left untreated.",
        ),
        (
            NINGALOO,
            "To explore the mechanisms underlying the formation of the SST patterns, the "
            "authors employ wind-evaporation-sea surface temperature feedback analysis.",
        ),
        # the Latin name the paper gives the same animal
        (
            DEER,
            "Blastocerus dichotomus is the largest South American deer species and occurs "
            "in marshy habitats south of the Amazon River.",
        ),
        # abbreviations the paper defines, for their long forms
        (PROMIS, "TPM biopsies (Fig. 6) have been selected as the reference test."),
        (
            NINGALOO,
            "The Potential temperature, Zonal velocity, and Meridional velocity are from "
            "ORAS5 global ocean reanalysis monthly data from 1958-2015.",
        ),
        # a verb in the slot of another ("can still build" / "can generate")
        (
            VESPA,
            "VESPA can still build the BLAST formatted database for subsequent homology searches.",
        ),
        (
            VESPA,
            "VESPA can generate the BLAST formatted database for subsequent homology searches.",
        ),
    ],
)
def test_the_papers_own_entities_stay_supported(pdf: Path, sentence: str) -> None:
    j = _judge(pdf, sentence)
    assert j.label.value == "supported", j.rationale


PASSAGE = (
    "The samples were washed in water and ethanol mixtures before drying. The copper "
    "electrodes of Saier and F\u00a8arber were coated with a thin film, as in parapraphs "
    "above, and we can generate the spectra at 25 C with a 5 mm gap."
)


@pytest.mark.parametrize(
    ("claim", "swap"),
    [
        ("The samples were washed in water and ethanol mixtures before drying.", None),
        # a reordering holds every word as often as the passage does
        ("The samples were washed in ethanol and water mixtures before drying.", None),
        ("The samples were washed in water and acetone mixtures before drying.", "ethanol"),
        ("The steel electrodes of Saier and Färber were coated with a thin film.", "copper"),
        # an accent the PDF's text splits off ("F¨arber") is the same name
        ("The copper electrodes of Saier and Färber were coated with a thin film.", None),
        # a misprint the paper makes once ("parapraphs")
        ("The copper electrodes were coated with a thin film, as in paragraphs above.", None),
        # a verb after "can" is no entity
        ("The authors can record the spectra at 25 C with a 5 mm gap.", None),
        ("The authors can generate the spectra at 25 C with a 5 mm gap.", None),
    ],
)
def test_slot_swap(claim: str, swap: str | None) -> None:
    found = slot_swap(claim, PASSAGE, frozenset())
    assert (found.other if found is not None else None) == swap, found


def test_slot_swap_grades_words_only_shaped_like_entities() -> None:
    passage = "Moose were counted at the sea shore and in the salinity records of 2020."
    # two domain words: certain
    found = slot_swap("Deer were counted at the sea shore.", passage, frozenset())
    assert found is not None and (found.word, found.other, found.certain) == (
        "deer",
        "moose",
        True,
    )
    # a three-letter word: not certain, and no swap where the paper uses the claim's word
    found = slot_swap("Moose were counted at the lake shore.", passage, frozenset())
    assert found is not None and (found.other, found.certain) == ("sea", False)
    counts = {"lake": 3}
    assert slot_swap("Moose were counted at the lake shore.", passage, frozenset(), counts) is None
    # the paper's subject and a name with digits are left to their own checks
    assert slot_swap("Deer were counted at the sea shore.", passage, frozenset({"deer"})) is None
    passage = "The best model is DeepSeek-R1-Distill-Qwen-32B on AIME 2024."
    claim = "The best model is DeepSeek-R1-Distill-Llama-70B on AIME 2024."
    assert slot_swap(claim, passage, frozenset()) is None


def test_a_slot_at_the_claims_edge_or_of_uneven_length_is_read_with_care() -> None:
    # at the claim's end, the passage's sentence must end there too: "Mexico" is no swap
    # of a longer place name that goes on
    passage = "Contact tracing linked the cases to a spring break trip to Cabo San Lucas in March."
    assert (
        slot_swap("Contact tracing linked the cases to a trip to Mexico.", passage, frozenset())
        is None
    )
    passage = "Contact tracing linked the cases to a spring break trip to Cancun."
    found = slot_swap(
        "Contact tracing linked the cases to a spring break trip to Mexico.", passage, frozenset()
    )
    assert found is not None and (found.word, found.other) == ("mexico", "cancun")
    # a word only shaped like an entity against a longer phrase is a rewording
    passage = "We assumed that 15% of the study population will have clinically significant cancer."
    claim = "We assumed that 15% of the men will have clinically significant cancer."
    assert slot_swap(claim, passage, frozenset()) is None
    claim = "We assumed that 15% of the women will have clinically significant cancer."
    assert (
        slot_swap(
            claim,
            "We assumed that 15% of the men will have clinically significant cancer.",
            frozenset(),
        )
        is not None
    )


def test_the_passage_is_widened_to_the_claims_length() -> None:
    index = _index(PROMIS)
    claim = (
        "Many cervix cancers currently detected are clinically insignificant and do not have "
        "any clinical impact on the individual during his remaining life if left untreated."
    )
    al = align(claim, index.hits(claim, k=8), {})
    assert al is not None
    text = widened(al, index.pages[al.hit.entry.page].text, claim)
    # the window starts at "cancers currently detected": the page around it holds the rest
    assert "prostate cancers currently detected" not in " ".join(al.text.split())
    assert "prostate cancers currently detected" in " ".join(text.split())
    # no page text: the passage alone
    assert widened(al, "", claim) == al.text


def test_a_misspelt_word_of_the_passage_is_not_contradicted() -> None:
    pdf = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"
    j = _judge(pdf, "The inhibition effificiency of imidazole reached 91.7% at 500 ppm.")
    assert j.label.value != "contradiction", j.rationale


@pytest.mark.parametrize(
    ("word", "printed", "slip"),
    [
        ("effificiency", "efficiency", True),  # a run doubled
        ("tripplet", "triplet", True),  # a letter doubled
        ("perfomance", "performance", True),  # a letter left out of a long word
        ("causal", "casual", True),  # two neighbours exchanged
        ("hexene", "hexane", False),  # a letter replaced: another compound
        ("pyrimidine", "pyridine", False),  # a syllable put in: another compound
        ("methanol", "ethanol", False),
        ("fluorescein", "fluorescence", False),
    ],
)
def test_a_slip_of_the_keyboard_is_told_from_another_word(
    word: str, printed: str, slip: bool
) -> None:
    assert _misspelt(word, printed, 0) is slip
    assert _misspelt(word, printed, 2) is False  # a word the paper uses is no slip


def test_a_verb_after_its_plural_subject_is_no_entity_slot() -> None:
    """ "All variants lose between 85% and 95%" against the paper's "All variants display
    between 85% and 95% irreversible fluorescence loss": two verbs, no entity swapped (the
    CFP paper of the shared data; skipped without it)."""
    label, why, _ = judged_c1(
        DATA / "papers-more" / "cfp-t65s-2012.pdf",
        "All variants lose between 85% and 95% of their fluorescence after 30 min of irradiation.",
    )
    assert label is not Label.CONTRADICTION, why


CFP = DATA / "papers-more" / "cfp-t65s-2012.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"
VESPA = DATA / "papers" / "vespa-2017.pdf"


def test_only_words_that_can_be_nouns_name_entities() -> None:
    from grounding.lexicon.parts_of_speech import can_be_noun

    for noun in ("prostate", "bladder", "copper", "steel", "display", "humins", "Ocean"):
        assert can_be_noun(noun), noun
    for other in ("lost", "constrain", "elaborate", "slowly"):
        assert not can_be_noun(other), other


@pytest.mark.parametrize(
    ("pdf", "sentence"),
    [
        # a verb in the slot of the passage's verb ("All variants display between ...")
        (
            CFP,
            "For irreversible bleaching, every variant lost between 85% and 95% of its "
            "fluorescence after 30 minutes at maximum lamp power.",
        ),
        # a general noun for the passage's ("the 500 and 1000 ppm imidazole cases")
        (IMIDAZOLE, "Both the 500 ppm and the 1000 ppm specimens showed passive behavior."),
        # an adjective for the passage's adjective ("the complex directory structure")
        (
            VESPA,
            "The codeml_setup function, which builds the elaborate directory and file "
            "structure that codeML needs, took about 45 minutes.",
        ),
    ],
)
def test_a_reworded_verb_or_adjective_is_no_swap(pdf: Path, sentence: str) -> None:
    label, why, _ = judged_c1(pdf, sentence)
    assert label is not Label.CONTRADICTION, why
