"""One relation a paper states item by item in a list ("AAN ... derived from the ACL
Anthology, RefSeer ... derived from CiteSeerX, and Saier and Färber (2019) derived from
arXiv", S2ORC page 1): a sentence pairing two names of the list across its items is
contradicted; the paper's own pairs are not."""

from __future__ import annotations

import pytest

from annotations.schema import Label
from grounding.judges.listed_relation import _claim_pair, _pairs
from tests.conftest import PAPERS
from tests.grounding.judging import judged

S2ORC = PAPERS / "s2orc-2020.pdf"
LIST = (
    "ACL Anthology Network (AAN) (Radev et al., 2009) derived from the ACL Anthology, "
    "RefSeer (Huang et al., 2015) derived from CiteSeerX, and Saier and Färber (2019) "
    "derived from arXiv."
)


def test_the_pairs_of_a_listed_relation() -> None:
    pairs = [(sorted(a), b, shown) for a, b, shown in _pairs(LIST, frozenset({"deriv"}))]
    assert pairs == [
        (["aan", "acl"], "ACL", "ACL Anthology"),
        (["refseer"], "CiteSeerX", "CiteSeerX"),
        ([], "arXiv", "arXiv"),
    ]


def test_the_claims_pair_and_relation() -> None:
    assert _claim_pair("RefSeer was derived from arXiv.") == (
        "RefSeer",
        "arXiv",
        frozenset({"deriv"}),
        25,
    )
    assert _claim_pair("RefSeer, like arXiv, is big.") is None  # no relation between them
    assert _claim_pair("SAMHD1 and induces degradation of SAMHD1 in cells.") is None  # one name


@pytest.mark.parametrize(
    "sentence, fixed",
    [
        ("RefSeer was derived from arXiv.", "'CiteSeerX'"),
        ("AAN was derived from CiteSeerX.", "'ACL Anthology'"),
    ],
)
def test_a_name_of_another_item_is_contradicted(sentence: str, fixed: str) -> None:
    label, why = judged(S2ORC, sentence)
    assert label == Label.CONTRADICTION.value, why
    assert f"gives {fixed}" in why


@pytest.mark.parametrize(
    "sentence", ["RefSeer was derived from CiteSeerX.", "AAN was derived from the ACL Anthology."]
)
def test_the_papers_own_pair_is_not_contradicted(sentence: str) -> None:
    label, why = judged(S2ORC, sentence)
    assert label != Label.CONTRADICTION.value, why


def test_a_noun_between_two_names_is_no_relation() -> None:
    """ "humins" between "SCO" and "H5PV2Mo10O40" names a thing: the humins paper's
    sentence listing "from humins ... for the SCO of humins" is no list of a relation."""
    label, why = judged(
        PAPERS.parent / "papers-more" / "humins-levulinic-acid-2025.pdf",
        "The SCO of humins used the H5PV2Mo10O40 (HPA-2) polyoxometalate catalyst.",
    )
    assert label != Label.CONTRADICTION.value, why
