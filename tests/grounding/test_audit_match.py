"""Which PDF is which cited work: DOI, title + first author, ambiguous, none, bad files."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from citations.model import FieldStatus
from citations.parse import parse_reference
from grounding.audit import match_pdfs
from grounding.audit.match import compare_with_pdf, pdf_years
from tests.conftest import PAPERS, need
from tests.grounding.pdf_fixtures import write_encrypted_pdf, write_lines_pdf

SPECTER = parse_reference(
    "Arman Cohan, Sergey Feldman, Iz Beltagy, Doug Downey, and Daniel S. Weld. "
    "2020. SPECTER: Document-level Representation Learning using "
    "Citation-informed Transformers. In ACL."
)
S2ORC = parse_reference(
    "Kyle Lo, Lucy Lu Wang, Mark Neumann, Rodney Kinney, and Daniel S. Weld. 2020. "
    "S2ORC: The Semantic Scholar Open Research Corpus. In ACL."
)
# the DOI only: no title to match by, so the PDF is found by the DOI on its first page
VESPA_DOI = parse_reference(
    "Webb, A. E. 2017. PeerJ Computer Science. https://doi.org/10.7717/peerj-cs.118"
)


def _folder(tmp_path: Path, *names: str) -> Path:
    for n in names:
        (tmp_path / f"{n}.pdf").symlink_to(need(PAPERS / f"{n}.pdf").resolve())
    return tmp_path


def test_title_and_first_author_on_the_first_page(tmp_path: Path) -> None:
    found = match_pdfs(
        _folder(tmp_path, "specter-2020", "s2orc-2020"), [(SPECTER, None), (S2ORC, None)]
    )
    assert {i: (Path(d.path).stem, how) for i, (d, how) in found.by_work.items()} == {
        0: ("specter-2020", "title"),
        1: ("s2orc-2020", "title"),
    }
    assert found.problems == []


def test_doi_on_the_first_page_and_in_the_metadata(tmp_path: Path) -> None:
    _folder(tmp_path, "vespa-2017")
    made = write_lines_pdf(tmp_path / "made.pdf", [[(72, 72, "A short note on nothing much")]])
    doc = pymupdf.open(made)
    doc.set_metadata({"subject": "doi:10.5555/test.note.1"})
    doc.saveIncr()
    doc.close()
    note = parse_reference("Doe, J. 2021. A different title entirely. doi:10.5555/test.note.1")
    found = match_pdfs(tmp_path, [(VESPA_DOI, None), (note, None)])
    assert {i: (Path(d.path).stem, how) for i, (d, how) in found.by_work.items()} == {
        0: ("vespa-2017", "doi"),
        1: ("made", "doi"),
    }


def test_a_pdf_fitting_two_references_is_used_for_neither(tmp_path: Path) -> None:
    other_year = SPECTER.model_copy(
        update={"year": 2021, "raw": SPECTER.raw.replace("2020", "2021")}
    )
    found = match_pdfs(_folder(tmp_path, "specter-2020"), [(SPECTER, None), (other_year, None)])
    assert found.by_work == {}
    assert [p.kind for p in found.problems] == ["ambiguous_pdf"]
    assert "fits 2 references" in found.problems[0].message


def test_two_pdfs_fitting_one_reference_are_both_refused(tmp_path: Path) -> None:
    _folder(tmp_path, "specter-2020")
    # another file with the same first page (a revised copy: other metadata, other bytes)
    doc = pymupdf.open(PAPERS / "specter-2020.pdf")
    doc.set_metadata({"subject": "revised copy"})
    doc.save(tmp_path / "revised.pdf")
    doc.close()
    found = match_pdfs(tmp_path, [(SPECTER, None)])
    assert found.by_work == {}
    assert [p.kind for p in found.problems] == ["ambiguous_pdf"]


def test_a_byte_identical_copy_is_used_once(tmp_path: Path) -> None:
    _folder(tmp_path, "specter-2020")
    (tmp_path / "copy.pdf").write_bytes((PAPERS / "specter-2020.pdf").read_bytes())
    found = match_pdfs(tmp_path, [(SPECTER, None)])
    assert {i: Path(d.path).name for i, (d, _) in found.by_work.items()} == {0: "copy.pdf"}
    assert [p.kind for p in found.problems] == ["duplicate_pdf"]
    assert "specter-2020.pdf: the same file as" in found.problems[0].message


def test_none_matching_unreadable_encrypted_and_missing(tmp_path: Path) -> None:
    _folder(tmp_path, "legwork-2022")
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4 this is not a PDF")
    write_encrypted_pdf(tmp_path / "locked.pdf")
    found = match_pdfs(tmp_path, [(SPECTER, None)])
    assert found.by_work == {}
    kinds = sorted(p.kind for p in found.problems)
    assert kinds == ["unmatched_pdf", "unreadable_pdf", "unreadable_pdf"]
    assert any("locked.pdf" in p.message and "encrypted" in p.message for p in found.problems)
    missing = match_pdfs(tmp_path / "nope", [(SPECTER, None)])
    assert [p.kind for p in missing.problems] == ["missing_dir"]


@pytest.mark.parametrize("title", ["Introduction", ""])
def test_short_or_missing_titles_never_match(tmp_path: Path, title: str) -> None:
    ref = SPECTER.model_copy(update={"title": title or None})
    found = match_pdfs(_folder(tmp_path, "specter-2020"), [(ref, None)])
    assert found.by_work == {}


# --- affiliation marks after a family name, and why no PDF fits ---------------------------

_TITLE = "Soil microbial communities under long-term drought stress"
_REF = parse_reference(f"Garcia, M., Okafor, T. 2022. {_TITLE}. Journal of Ecology 12: 1-9.")


@pytest.mark.parametrize(
    "authors",
    [
        "Maria Garcia1,3, Tunde Okafor2",
        "Maria Garcia\u00b9\u02d2\u00b3 and Tunde Okafor\u00b2",
        "Maria Garcia*\u2020, Tunde Okafor\u2021",
        "Maria Garciaa,b, Tunde Okaforc",
        "M. GARCIA1 and T. OKAFOR2",
        "Maria Garcia (1), Tunde Okafor (2)",
    ],
)
def test_family_name_with_affiliation_marks_matches(tmp_path: Path, authors: str) -> None:
    write_lines_pdf(
        tmp_path / "paper.pdf",
        [[(72, 72, _TITLE), (72, 96, authors), (72, 120, "1 University of Somewhere")]],
    )
    found = match_pdfs(tmp_path, [(_REF, None)])
    assert 0 in found.by_work and found.by_work[0][1] == "title", found.why


@pytest.mark.parametrize(
    "authors",
    [
        "Maria Garciano1, Tunde Okafor2",  # a longer name that starts the same
        "Maria Garcias and Tunde Okafor",
        "Maria Lopez1,3, Tunde Okafor2",  # the first author is not there
    ],
)
def test_other_names_do_not_match_and_say_why(tmp_path: Path, authors: str) -> None:
    write_lines_pdf(tmp_path / "paper.pdf", [[(72, 72, _TITLE), (72, 96, authors)]])
    found = match_pdfs(tmp_path, [(_REF, None)])
    assert found.by_work == {}
    assert found.why[0] == (
        "paper.pdf holds its title on the first page but not its first author's name 'Garcia'"
    )


def test_no_pdf_with_title_or_author_says_so(tmp_path: Path) -> None:
    write_lines_pdf(
        tmp_path / "other.pdf",
        [[(72, 72, "A different paper on ocean heat"), (72, 96, "Maria Garcia1")]],
    )
    found = match_pdfs(tmp_path, [(_REF, None)])
    assert found.why[0] == (f"no PDF in {tmp_path} whose first page holds this title and author")
    no_title = parse_reference("Garcia, M. 2022. Short. J. Ecol. 12: 1-9.")
    assert "no title long enough" in match_pdfs(tmp_path, [(no_title, None)]).why[0]


# --- the reference compared with its own PDF: year, first author, venue -------------------


@pytest.mark.parametrize(
    ("page", "years"),
    [
        ("Received 3 March 2021; accepted 9 January 2022", [2021, 2022]),
        ("\u00a9 2022 The Authors. Published by Elsevier", [2022]),
        ("arXiv:2201.01234v2 [cs.CL] 20 Jan 2022", [2022]),
        (
            "Proceedings of the 58th Annual Meeting, pages 1-9 July 5 - 10, 2020. c\u20dd2020 ACL",
            [2020],
        ),
        ("Published online: 2019-11-04", [2019]),
        # citations in the text are not the work's date
        ("as shown by Smith et al. (2019) and (Lee, 2018), in 120 patients", []),
    ],
)
def test_pdf_years(page: str, years: list[int]) -> None:
    assert pdf_years(page) == years


def _statuses(ref_text: str, page: str) -> dict[str, str]:
    return {
        f.field.value: f.status.value for f in compare_with_pdf(parse_reference(ref_text), page)
    }


_PAGE = (
    "Soil microbial communities under long-term drought stress\nMaria Lee1,2 and "
    "Tunde Okafor3\nJournal of Soil Ecology\nReceived 2 May 2021; published 14 Feb 2022"
)


@pytest.mark.parametrize(
    ("ref", "want"),
    [
        # a year among the PDF's dates, the first author, the venue: all match
        (
            (
                "Lee, M., Okafor, T. (2022). Soil microbial communities under long-term drought "
                "stress. Journal of Soil Ecology, 12, 1-9."
            ),
            {"year": "match", "authors": "match", "venue": "match"},
        ),
        (
            (
                "Lee, M., Okafor, T. (2021). Soil microbial communities under long-term drought "
                "stress. Journal of Soil Ecology, 12, 1-9."
            ),  # the received year is a date too
            {"year": "match", "authors": "match", "venue": "match"},
        ),
        (
            (
                "Lee, M., Okafor, T. (2020). Soil microbial communities under long-term drought "
                "stress. Journal of Soil Ecology, 12, 1-9."
            ),
            {"year": "conflict", "authors": "match", "venue": "match"},
        ),
        (
            (
                "Park, J., Okafor, T. (2022). Soil microbial communities under long-term drought "
                "stress. Journal of Soil Ecology, 12, 1-9."
            ),
            {"year": "match", "authors": "conflict", "venue": "match"},
        ),
        (
            (
                "Lee, M., Okafor, T. (2022). Soil microbial communities under long-term drought "
                "stress. Plant and Soil Microbiology Letters, 12, 1-9."
            ),  # not named: never a conflict
            {"year": "match", "authors": "match", "venue": "missing"},
        ),
    ],
)
def test_reference_compared_with_its_pdf(ref: str, want: dict[str, str]) -> None:
    assert _statuses(ref, _PAGE) == want


def test_no_year_on_the_pdf_is_no_conflict() -> None:
    got = compare_with_pdf(
        parse_reference(
            "Lee, M. (2021). Soil microbial communities under drought. J. Soil Ecol. 12, 1-9."
        ),
        "Soil microbial communities under drought\nMaria Lee",
    )
    assert {f.field.value: f.status for f in got}["year"] is FieldStatus.MISSING
