"""Kinds of reference input that peer tools are reported to get wrong: identifiers written
in any form, DOIs broken across lines, names written family-first or with suffixes, years
of any of a record's dates, venue abbreviations, CSL-JSON dates, article numbers, Greek
letters in titles, venues outside what an index covers. Each kind is tried on several
inputs, with inputs that must keep their result (the real conflict, the other journal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citations.compare import compare_fields
from citations.identifiers import doi_key, find_doi_spans, find_dois
from citations.model import Author, Field, FieldStatus, Record, Reference, Verdict
from citations.parse import parse_reference
from citations.verify import verify
from tests.citations._store import rec, store

TITLE = "Deep learning for protein folding prediction"
DOI = "10.1038/s41467-020-1234-5"


def _status(ref: Reference, record: Record, field: Field) -> FieldStatus:
    return next(f for f in compare_fields(ref, record) if f.field is field).status


# ------------------------------------------------------------------ 1. one DOI, any form

DOI_FORMS = [
    "10.1038%2Fs41467-020-1234-5",
    "https://doi.org/10.1038/S41467-020-1234-5",
    "http://dx.doi.org/10.1038/s41467-020-1234-5",
    "https://www.doi.org/10.1038%2fs41467-020-1234-5",
    "https://hdl.handle.net/10.1038/s41467-020-1234-5",
    "https://onlinelibrary.wiley.com/doi/full/10.1038/s41467-020-1234-5",
    "doi:10.1038/S41467-020-1234-5",
    "DOI 10.1038/s41467-020-1234-5",
    "https://doi.org/doi:10.1038/s41467-020-1234-5",
    "urn:doi:10.1038/s41467-020-1234-5",
]


@pytest.mark.parametrize("written", DOI_FORMS)
def test_doi_written_any_way_is_one_identifier(tmp_path: Path, written: str) -> None:
    record = rec("r1", TITLE, ["Jiwoo Park"], 2020, doi=DOI)
    index = store(tmp_path, [record])
    assert doi_key(written) == DOI
    assert index.lookup_doi(written) == record
    # a Reference holding the DOI exactly as written, no other field
    result = verify(Reference(raw=written, doi=written), [index])
    assert result.verdict is Verdict.VERIFIED, result.reason
    assert result.matched == record
    # the same DOI as the record stores it in another form
    other = rec("r1", TITLE, ["Jiwoo Park"], 2020, doi=written)
    assert _status(Reference(raw=DOI, doi=DOI), other, Field.DOI) is FieldStatus.MATCH
    parsed = parse_reference(f"Park, J. (2020). {TITLE}. Nature Communications, 11, 1. {written}")
    assert parsed.doi is not None and doi_key(parsed.doi) == DOI


@pytest.mark.parametrize("other", ["10.1038/s41467-020-1234-6", "https://doi.org/10.1038%2Fs41467-020-1234",
                                   "doi:10.1039/s41467-020-1234-5"])
def test_another_doi_in_any_form_stays_a_conflict(tmp_path: Path, other: str) -> None:
    record = rec("r1", TITLE, ["Jiwoo Park"], 2020, doi=DOI)
    assert _status(Reference(raw=other, title=TITLE, doi=other), record, Field.DOI) \
        is FieldStatus.CONFLICT
    index = store(tmp_path, [record])
    assert verify(Reference(raw=other, doi=other), [index]).verdict is not Verdict.VERIFIED


# ------------------------------------------------------------------ 2. DOIs broken across lines

@pytest.mark.parametrize("text,doi", [
    ("https://doi.org/10.1038/s41467-\n020-1234-5", "10.1038/s41467-020-1234-5"),
    ("doi:10.1016/j.cell.\n2020.01.001", "10.1016/j.cell.2020.01.001"),
    ("https://doi.org/10.1371/\njournal.pone.0123456", "10.1371/journal.pone.0123456"),
    ("doi: 10.1002/anie.\n201915678.", "10.1002/anie.201915678"),
    ("doi: 10.\n1038/nature12373", "10.1038/nature12373"),
    ("doi: 10.1016/j.\njcp.2020.01.001.", "10.1016/j.jcp.2020.01.001"),
    ("https://doi.org/10.1111/j.1365-\n2958.2006.05172.x", "10.1111/j.1365-2958.2006.05172.x"),
    ("https://doi.org/10.1093/mind/\nlix.236.433", "10.1093/mind/lix.236.433"),
    # the break became a space (lines joined)
    ("doi:10.1145/3292500. 3330701", "10.1145/3292500.3330701"),
    ("https://doi.org/10.1038/s41467- 020-1234-5", "10.1038/s41467-020-1234-5"),
])
def test_doi_broken_across_a_line_is_rejoined(text: str, doi: str) -> None:
    assert find_dois(text) == [doi]
    start, end, found = find_doi_spans("See " + text + " here")[0]
    # the span runs from the prefix over the break to the DOI's last character
    assert found == doi and start == 4 + text.index("10.")
    assert ("See " + text)[end - 1] == doi[-1] and "here" not in ("See " + text)[start:end]
    parsed = parse_reference(f"Smith, J. (2020). A title here. Nature 5, 1-2. {text}")
    assert parsed.doi == doi


@pytest.mark.parametrize("text,dois", [
    ("doi:10.1038/nature12373.\nJones, K. (2019). Another.", ["10.1038/nature12373"]),
    ("doi:10.1038/nature12373\nAvailable online.", ["10.1038/nature12373"]),
    ("doi:10.1371/journal.pone.0123456. pmid:12345", ["10.1371/journal.pone.0123456"]),
    ("doi:10.1000/abc. 2019.", ["10.1000/abc"]),
    ("doi:10.1038/nature12373.\n12. Smith, J.", ["10.1038/nature12373"]),
    ("doi:10.1000/abc/\n10.1000/def", ["10.1000/abc/", "10.1000/def"]),
    ("vol. 10. 2019/2020 edition", []),
])
def test_doi_at_a_line_end_keeps_what_follows_apart(text: str, dois: list[str]) -> None:
    assert find_dois(text) == dois
