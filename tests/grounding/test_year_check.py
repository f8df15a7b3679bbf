"""The years and periods a sentence states, held to the paper's own text
(grounding.judges.year_check), and the years of its author-year citations, held to the
paper's citations of that author (grounding.judges.cited_years), through the rules judge
on real papers: a wrong year, period end or cited year is contradicted with the paper's,
a right one is named as checked, a year the paper never writes leaves the sentence
unverified, and a count written in four digits is checked as a value, not a date."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.cited_years import is_cited_year
from tests.conftest import DATA
from tests.grounding.judging import judged, judged_c1

NINGALOO = DATA / "papers-more" / "ningaloo-decadal-linkage-2024.pdf"
MARSH_DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"
T2K = DATA / "papers-more" / "t2k-numu-water-xsec-2018.pdf"
IMIDAZOLE = DATA / "papers-more" / "imidazole-corrosion-2021.pdf"
S2ORC = DATA / "papers" / "s2orc-2020.pdf"
BAYES = DATA / "papers-more" / "bayes-diversification-2011.pdf"
LAVIS = DATA / "papers" / "lavis-2022.pdf"
PROMIS = DATA / "papers-more" / "promis-prostate-mri-2015.pdf"
SPECTER = DATA / "papers" / "specter-2020.pdf"


@pytest.mark.parametrize(
    ("pdf", "sentence", "c1"),
    [
        # a year after the same time word in the passage stating the sentence (the paper:
        # "the wind anomalies after 1985 are substantially stronger than those before 1985")
        (
            NINGALOO,
            "Wind anomalies were much stronger after 1995 than before it.",
            [("1995", "1985")],
        ),
        # the end of a period the paper gives with the same start
        (
            NINGALOO,
            "Wavelet analysis shows that the dominant period of the index over 1975–2020 "
            "is 8–16 years.",
            [("1975–2020", "1980–2020")],
        ),
        # "created in 2014 to protect 128,000 hectares of the declining dry forests"
        (
            MARSH_DEER,
            "El Impenetrable National Park was created in 2004 to protect the dry forests "
            "of the Dry Chaco.",
            [("2004", "2014")],
        ),
        (
            MARSH_DEER,
            "The Iberá subpopulation is thought to have recovered substantially up to 2015.",
            [("2015", "2010")],
        ),
        # the paper's own author-year citation: "RefSeer (Huang et al., 2015)"
        (
            S2ORC,
            "RefSeer (Huang et al., 2013) provides citation context snippets from about "
            "1.0M papers.",
            [("2013", "2015")],
        ),
        # a paper citing by number: the year of the entry its first author opens
        (
            BAYES,
            "Hughes and Eastwood (2008) described the Andean clade as an explosive radiation.",
            [("2008", "2006")],
        ),
        # a month and year where the passage stating the sentence writes another year
        (
            PROMIS,
            "At the end of the pilot, in May 2012, it had recruited 50 patients.",
            [("2012", "2013")],
        ),
    ],
)
def test_a_wrong_year_or_period_is_contradicted_with_the_papers(
    pdf: object, sentence: str, c1: list[tuple[str, str]]
) -> None:
    label, why, errors = judged_c1(pdf, sentence)  # type: ignore[arg-type]
    assert label is Label.CONTRADICTION, why
    assert errors == c1, (why, errors)


@pytest.mark.parametrize(
    ("pdf", "sentence", "named"),
    [
        (NINGALOO, "Wind anomalies were much stronger after 1985 than before it.", "1985"),
        (
            NINGALOO,
            "Wavelet analysis shows that the dominant period of the index over 1980–2020 "
            "is 8–16 years.",
            "1980–2020",
        ),
        (NINGALOO, "The study compares two periods, 1950–1985 and 1985–2020.", "1950–1985"),
        (
            MARSH_DEER,
            "El Impenetrable National Park was created in 2014 to protect 128,000 hectares "
            "of the dry forests of the Dry Chaco.",
            "2014",
        ),
    ],
)
def test_a_year_the_paper_writes_is_named_as_checked(
    pdf: object, sentence: str, named: str
) -> None:
    label, why = judged(pdf, sentence)  # type: ignore[arg-type]
    assert label == "supported", why
    assert f"{named} found on page" in why, why


def test_a_verified_year_makes_no_sentence_checkable_that_was_not() -> None:
    # a paper sentence over two of its passages, with three dates and no other checkable
    # part: supported as stated verbatim, as without its dates
    label, why = judged(
        T2K,
        "T2K started data taking in 2010 with a beam of primarily muon neutrinos until May "
        "2014 and then started data taking with a primarily muon antineutrino beam until "
        "May 2016, and is continuing to take data.",
    )
    assert label == "supported", why


def test_a_period_of_two_wrong_ends_is_contradicted() -> None:
    # the paper's two periods are 1950–1985 and 1985–2020
    label, why = judged(NINGALOO, "The study compares two periods, 1950–1990 and 1990–2020.")
    assert label == "contradiction", why


def test_a_year_the_paper_never_writes_leaves_the_sentence_unverified() -> None:
    label, why = judged(
        NINGALOO, "The decadal variability of the Ningaloo Niño index has increased since 2011."
    )
    assert label == "nei", why
    assert "2011" in why, why


def test_an_author_year_citation_is_no_date_of_the_paper() -> None:
    # the paper cites by number: "(Feng et al., 2013)" is not in its text, and the
    # sentence is not left unverified for it
    label, why = judged(
        NINGALOO,
        "As Feng et al. (2013) described, the Ningaloo Niño index is defined as the "
        "area-weighted SST anomaly off western Australia.",
    )
    assert "2013" not in why, why
    assert label != "nei" or "year" not in why, why


def test_four_digits_that_count_are_checked_as_a_value() -> None:
    # "polished with SiC papers up to 2000 grit size": a grit count, not a date; a wrong
    # count is corrected with the paper's (read as a year, it was corrected with a "100"
    # of another sentence)
    label, why, c1 = judged_c1(
        IMIDAZOLE, "The samples were polished with SiC papers up to 1200 grit."
    )
    assert label is Label.CONTRADICTION, why
    assert c1 == [("1200", "2000")], why
    label, why = judged(IMIDAZOLE, "The samples were polished with SiC papers up to 2000 grit.")
    assert label == "supported", why


def test_a_right_cited_year_is_named_as_checked() -> None:
    label, why = judged(
        S2ORC,
        "RefSeer (Huang et al., 2015) provides citation context snippets from about 1.0M papers.",
    )
    assert label == "supported", why
    assert "2015 is the year page" in why, why


def test_a_reference_list_entry_gives_the_year_its_first_author_opens() -> None:
    # LAVIS cites by number; "Singh" opens "[49] Amanpreet Singh, ... Mmf: ..., 2020" and
    # is a later author of "[14] ... Avi Singh, ... Visual dialog ... 2017"
    label, why = judged(
        LAVIS, "LAVIS is compared with MMF (Singh et al., 2020) and other libraries."
    )
    assert label == "supported", why
    assert "2020 is the year page 10 gives for Singh" in why, why
    label, why, c1 = judged_c1(
        LAVIS, "LAVIS is compared with MMF (Singh et al., 2018) and other libraries."
    )
    assert label is Label.CONTRADICTION and c1 == [("2018", "2020")], why


def test_a_common_name_with_several_works_leaves_the_year_unchecked() -> None:
    # SPECTER cites "Zhang et al., 2018" and its list holds more than one work a Zhang
    # opens: a 2019 Zhang may be another work
    label, why = judged(
        SPECTER,
        "Hard-negative mining is known to help citation recommendation (Zhang et al., 2019).",
    )
    assert label != "contradiction", why


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("as shown by (Li et al., 2021) before", True),
        ("as Li et al. 2021 showed", True),
        ("Robson and colleagues (2019) give", True),
        ("the corpus of Saier and Färber (2019) draws", True),
        ("MMF (Singh 2020a) and", True),
        ("0.51 °C (1985–2020) and", False),
        ("the Niño4w index (1985) rose", False),
        ("Since 1985, the amplitude", False),
        ("during 1950–1985 the index", False),
    ],
)
def test_a_citations_year_is_told_from_a_date(text: str, cited: bool) -> None:
    start = next(i for i in range(len(text)) if text[i : i + 2] in ("19", "20"))
    assert is_cited_year(text, start) is cited
