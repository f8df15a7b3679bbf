"""A cited work's number ("[43]") is no value: a percentage or a count in the sentence is
never found in it (grounding.judges.number_common.cites_for), on a real paper whose
citations are numbered, while a unit-less number may still meet a bracketed value list."""

from __future__ import annotations

from grounding.judges.number_common import cites_for
from grounding.quantities import extract_quantities
from tests.conftest import DATA
from tests.grounding.judging import judged

MARSH_DEER = DATA / "papers-more" / "marsh-deer-dra-2025.pdf"


def test_a_percentage_is_not_found_in_a_citation_number() -> None:
    # page 4: "the 2019 Red List of Argentine Mammals [43], with a projected 30% reduction
    # in population size (over 15 years ...)"; no 43 of the paper's own is a percentage
    label, why = judged(
        MARSH_DEER,
        "The 2019 Red List of Argentine Mammals projected a 43% reduction in marsh deer "
        "population size over 15 years.",
    )
    assert label != "supported", why
    assert "43% found" not in why, why
    label, why = judged(
        MARSH_DEER,
        "The 2019 Red List of Argentine Mammals projected a 30% reduction in marsh deer "
        "population size over 15 years.",
    )
    assert label == "supported", why


def test_only_a_value_with_a_unit_is_kept_from_a_citation_number() -> None:
    [ref] = [q for q in extract_quantities("as reported before [43].") if q.kind == "ref"]
    [percent] = extract_quantities("a 43% reduction")
    [count] = extract_quantities("43 deer were counted")
    [bare] = extract_quantities("rho = 43")
    assert cites_for(percent, ref) and cites_for(count, ref)
    assert not cites_for(bare, ref) and not cites_for(ref, ref)
    # a value a table writes after "pages" is read as a page pointer: not a citation's
    # whole number ("Over 50 pages 2.27M" in S2ORC's filter table)
    [pointer] = [q for q in extract_quantities("Over 50 pages\n2.27M\nPage") if q.value > 1e6]
    [pdfs] = extract_quantities("about 2.27M PDFs")
    assert pointer.kind == "ref" and not cites_for(pdfs, pointer)
