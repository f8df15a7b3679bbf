"""Kinds of reference input that peer tools are reported to get wrong: identifiers written
in any form, DOIs broken across lines, names written family-first or with suffixes, years
of any of a record's dates, venue abbreviations, CSL-JSON dates, article numbers, Greek
letters in titles, venues outside what an index covers. Each kind is tried on several
inputs, with inputs that must keep their result (the real conflict, the other journal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citations.matching.fields import compare_fields
from citations.model import Author, Field, FieldStatus, Record, Reference, Verdict
from citations.parse import parse_reference
from citations.text.identifiers import doi_key, find_doi_spans, find_dois
from citations.text.names import parse_name
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


@pytest.mark.parametrize(
    "other",
    [
        "10.1038/s41467-020-1234-6",
        "https://doi.org/10.1038%2Fs41467-020-1234",
        "doi:10.1039/s41467-020-1234-5",
    ],
)
def test_another_doi_in_any_form_stays_a_conflict(tmp_path: Path, other: str) -> None:
    record = rec("r1", TITLE, ["Jiwoo Park"], 2020, doi=DOI)
    assert (
        _status(Reference(raw=other, title=TITLE, doi=other), record, Field.DOI)
        is FieldStatus.CONFLICT
    )
    index = store(tmp_path, [record])
    assert verify(Reference(raw=other, doi=other), [index]).verdict is not Verdict.VERIFIED


# ------------------------------------------------------------------ 2. DOIs broken across lines


@pytest.mark.parametrize(
    "text,doi",
    [
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
    ],
)
def test_doi_broken_across_a_line_is_rejoined(text: str, doi: str) -> None:
    assert find_dois(text) == [doi]
    start, end, found = find_doi_spans("See " + text + " here")[0]
    # the span runs from the prefix over the break to the DOI's last character
    assert found == doi and start == 4 + text.index("10.")
    assert ("See " + text)[end - 1] == doi[-1] and "here" not in ("See " + text)[start:end]
    parsed = parse_reference(f"Smith, J. (2020). A title here. Nature 5, 1-2. {text}")
    assert parsed.doi == doi


@pytest.mark.parametrize(
    "text,dois",
    [
        ("doi:10.1038/nature12373.\nJones, K. (2019). Another.", ["10.1038/nature12373"]),
        ("doi:10.1038/nature12373\nAvailable online.", ["10.1038/nature12373"]),
        ("doi:10.1371/journal.pone.0123456. pmid:12345", ["10.1371/journal.pone.0123456"]),
        ("doi:10.1000/abc. 2019.", ["10.1000/abc"]),
        ("doi:10.1038/nature12373.\n12. Smith, J.", ["10.1038/nature12373"]),
        ("doi:10.1000/abc/\n10.1000/def", ["10.1000/abc/", "10.1000/def"]),
        ("vol. 10. 2019/2020 edition", []),
    ],
)
def test_doi_at_a_line_end_keeps_what_follows_apart(text: str, dois: list[str]) -> None:
    assert find_dois(text) == dois


# ------------------------------------------------------------------ 7. CSL-JSON dates


@pytest.mark.parametrize(
    "issued,year",
    [
        ({"date-parts": [[1998, 4, 12]]}, 1998),
        ({"date-parts": [["1998", "4"]]}, 1998),
        ({"date-parts": [[1998]], "season": 1}, 1998),
        ("1998", 1998),
        ("1998-04", 1998),
        ("1998-04-12", 1998),
        ("1998-21", 1998),  # EDTF season
        ("1998~", 1998),  # approximate
        ("1998?", 1998),  # uncertain
        ("1998/1999", 1998),  # interval: its start
        ({"raw": "April 1998"}, 1998),
        ({"literal": "Spring 1998"}, 1998),
        ({"iso-8601": "1998-04-12"}, 1998),
        # no year named: stays None
        ("199X", None),
        ({"literal": "n.d."}, None),
        ({"date-parts": [[None]]}, None),
    ],
)
def test_csl_date_in_any_schema_shape_keeps_its_year(issued: object, year: int | None) -> None:
    from citations.csl import parse_csl_json

    item = {"type": "article-journal", "title": "T", "issued": issued}
    assert parse_csl_json([item])[0].year == year


# ------------------------------------------------------------------ 8. article numbers, year as volume

ARTICLE = rec(
    "a",
    "A study of things in the world",
    ["Jiwoo Park"],
    2021,
    venue="Scientific Reports",
    volume="11",
    pages="e1234",
)
PAGED = rec(
    "b",
    "A study of things in the world",
    ["Jiwoo Park"],
    2021,
    venue="Scientific Reports",
    volume="11",
    pages="1-10",
)
RANGED = rec(
    "c",
    "A study of things in the world",
    ["Jiwoo Park"],
    2021,
    venue="Journal X",
    volume="12",
    issue="3",
    pages="123-130",
)


@pytest.mark.parametrize(
    "record,pages,status",
    [
        (ARTICLE, "1234", FieldStatus.MATCH),
        (ARTICLE, "Article 1234", FieldStatus.MATCH),
        (ARTICLE, "Art. no. 1234", FieldStatus.MATCH),
        (ARTICLE, "1-10", FieldStatus.MISSING),  # the article's own pages
        (PAGED, "e1234", FieldStatus.MISSING),
        (PAGED, "1234", FieldStatus.MISSING),
        (PAGED, "article no. 1234", FieldStatus.MISSING),
        (RANGED, "e1234", FieldStatus.MISSING),
        # real conflicts stay
        (ARTICLE, "e1235", FieldStatus.CONFLICT),
        (ARTICLE, "1235", FieldStatus.CONFLICT),
        (RANGED, "1234", FieldStatus.CONFLICT),
        (RANGED, "125-130", FieldStatus.CONFLICT),
        (PAGED, "2-10", FieldStatus.CONFLICT),
    ],
)
def test_article_number_in_place_of_pages(record: Record, pages: str, status: FieldStatus) -> None:
    ref = Reference(
        raw="x",
        title=record.title,
        year=2021,
        venue=record.venue,
        volume=record.volume,
        pages=pages,
    )
    assert _status(ref, record, Field.PAGES) is status


@pytest.mark.parametrize(
    "string",
    [
        "Park, J. (2021). A study of things in the world. Scientific Reports, 11, 1234.",
        "Park J. A study of things in the world. Sci Rep. 2021;11:1234.",
        "Park J. A study of things in the world. Sci Rep. 2021;11(1):1234.",
    ],
)
def test_article_number_strings_verify(tmp_path: Path, string: str) -> None:
    result = verify(string, [store(tmp_path, [ARTICLE])])
    assert result.verdict is Verdict.VERIFIED, (result.reason, result.differing)


@pytest.mark.parametrize(
    "volume,issue,field,status",
    [
        ("2021", "3", Field.VOLUME, FieldStatus.MISSING),  # the year in the volume
        ("12", "2021", Field.ISSUE, FieldStatus.MISSING),  # a number field holding the year
        ("13", "3", Field.VOLUME, FieldStatus.CONFLICT),
        ("2020", "3", Field.VOLUME, FieldStatus.CONFLICT),  # neither year
        ("12", "4", Field.ISSUE, FieldStatus.CONFLICT),
    ],
)
def test_year_in_a_number_field_is_not_a_volume(
    volume: str, issue: str, field: Field, status: FieldStatus
) -> None:
    ref = Reference(
        raw="x", title=RANGED.title, year=2021, venue="Journal X", volume=volume, issue=issue
    )
    assert _status(ref, RANGED, field) is status


# ------------------------------------------------------------------ 9. Greek letters in titles


@pytest.mark.parametrize(
    "cited,found",
    [
        (r"The role of $\beta$-catenin in cancer", "The role of β-catenin in cancer"),
        ("The role of beta-catenin in cancer", "The role of β-catenin in cancer"),
        (r"The role of {$\beta$}-catenin in cancer", "The role of beta-catenin in cancer"),
        (r"Stra{\ss}e effects on $\alpha$ helices", "Straße effects on α helices"),
        ("TNF-alpha signalling in mice", "TNF-α signalling in mice"),
        (r"$\varepsilon$-greedy exploration revisited", "ε-greedy exploration revisited"),
        (r"$\Gamma$-convergence of energies", "Γ-convergence of energies"),
        (r"$\mu$m scale sensors for cells", "μm scale sensors for cells"),
    ],
)
def test_greek_letter_written_any_way_is_one_title(cited: str, found: str) -> None:
    record = rec("g", found, ["Jiwoo Park"], 2021)
    assert _status(Reference(raw=cited, title=cited), record, Field.TITLE) is FieldStatus.MATCH
    parsed = parse_reference(f"Park, J. (2021). {cited}. Journal X, 1, 1-2.")
    assert _status(parsed, record, Field.TITLE) is FieldStatus.MATCH


@pytest.mark.parametrize(
    "cited,found",
    [
        ("The role of alpha-catenin in cancer", "The role of β-catenin in cancer"),
        ("TNF-α signalling in mice", "TNF-β signalling in mice"),
        (r"$\gamma$-ray bursts from magnetars", "X-ray bursts from magnetars"),
    ],
)
def test_another_greek_letter_stays_a_title_conflict(cited: str, found: str) -> None:
    record = rec("g", found, ["Jiwoo Park"], 2021)
    assert _status(Reference(raw=cited, title=cited), record, Field.TITLE) is FieldStatus.CONFLICT


# ------------------------------------------------------------------ 3. family-first names

FAMILY_FIRST = rec(
    "ff",
    "Graph neural networks for molecule property prediction",
    ["Park, Jiwoo", "Zhang, Wei-Ming", "Nagy, Ferenc", "Tanaka, Hiroshi"],
    2020,
)


@pytest.mark.parametrize(
    "string",
    [
        "Park Jiwoo, Zhang Wei-Ming, Nagy Ferenc, Tanaka Hiroshi. 2020. Graph neural networks for "
        "molecule property prediction.",
        "Park Jiwoo, Zhang Wei-Ming, Nagy Ferenc and Tanaka Hiroshi (2020) Graph neural networks "
        "for molecule property prediction.",
        "Jiwoo Park, Wei-Ming Zhang, Ferenc Nagy, and Hiroshi Tanaka. 2020. Graph neural networks "
        "for molecule property prediction.",
    ],
)
def test_names_written_family_first_match_with_a_note(tmp_path: Path, string: str) -> None:
    parsed = parse_reference(string)
    authors = next(f for f in compare_fields(parsed, FAMILY_FIRST) if f.field is Field.AUTHORS)
    assert authors.status is FieldStatus.MATCH, authors.note
    result = verify(string, [store(tmp_path, [FAMILY_FIRST])])
    assert result.verdict is Verdict.VERIFIED and Field.AUTHORS not in result.differing


def test_record_storing_names_swapped_matches_with_a_note() -> None:
    swapped = FAMILY_FIRST.model_copy(
        update={
            "authors": tuple(Author(family=a.given, given=a.family) for a in FAMILY_FIRST.authors)
        }
    )
    for string in [
        "Park, J., Zhang, W.-M., Nagy, F., & Tanaka, H. (2020). Graph neural networks "
        "for molecule property prediction.",
        "Jiwoo Park, Wei-Ming Zhang, Ferenc Nagy, and Hiroshi Tanaka. 2020. Graph "
        "neural networks for molecule property prediction.",
    ]:
        authors = next(
            f for f in compare_fields(parse_reference(string), swapped) if f.field is Field.AUTHORS
        )
        assert authors.status is FieldStatus.MATCH and "exchanged" in authors.note


@pytest.mark.parametrize(
    "names",
    [
        ["Kim Jiwoo", "Zhang Wei-Ming", "Nagy Ferenc", "Tanaka Hiroshi"],  # another family name
        ["Park Minsu", "Zhang Wei-Ming", "Nagy Ferenc", "Tanaka Hiroshi"],  # another given name
        ["Jiwoo Kim", "Wei-Ming Zhang", "Ferenc Nagy", "Hiroshi Tanaka"],
    ],
)
def test_other_people_written_family_first_stay_a_conflict(names: list[str]) -> None:
    ref = Reference(
        raw="x", title=FAMILY_FIRST.title, year=2020, authors=tuple(parse_name(n) for n in names)
    )
    assert _status(ref, FAMILY_FIRST, Field.AUTHORS) is FieldStatus.CONFLICT


# ------------------------------------------------------------------ 4. suffixes, DBLP numbers


@pytest.mark.parametrize(
    "name,family,given",
    [
        ("Martin Luther King Jr.", "King", "Martin Luther Jr."),
        ("King Jr., Martin Luther", "King", "Martin Luther Jr."),
        ("King, M. L., Jr.", "King", "M. L. Jr."),
        ("Smith III, John", "Smith", "John III"),
        ("SMITH III, J.", "Smith", "J. III"),
        ("John Smith III", "Smith", "John III"),
        ("Henry Ford IV", "Ford", "Henry IV"),
        ("Robert Downey, Jr.", "Downey", "Robert Jr."),
        ("Gates, William H., Sr.", "Gates", "William H. Sr."),
        ("Jan Novak 0002", "Novak", "Jan"),
        ("Li 0001, Wei", "Li", "Wei"),
        # not suffixes, not homonym numbers
        ("Ivanov, Ivan", "Ivanov", "Ivan"),
        ("Junior Smith", "Smith", "Junior"),
    ],
)
def test_name_suffix_and_homonym_number_are_not_the_family(
    name: str, family: str, given: str
) -> None:
    a = parse_name(name)
    assert (a.family, a.given) == (family, given)


SUFFIXED = rec(
    "sx",
    "Nonviolent resistance in networks",
    ["King, Martin Luther, Jr.", "Smith, John, III"],
    2019,
    venue="Journal of Peace Research",
    volume="5",
    pages="1-10",
)


@pytest.mark.parametrize(
    "string",
    [
        "King Jr., M. L., & Smith III, J. (2019). Nonviolent resistance in networks. Journal of Peace "
        "Research, 5, 1-10.",
        "King, M. L., Jr. and Smith, J., III. 2019. Nonviolent resistance in networks. Journal of "
        "Peace Research 5: 1-10.",
        "Martin Luther King Jr. and John Smith III. 2019. Nonviolent resistance in networks. Journal "
        "of Peace Research, 5:1-10.",
        "Martin Luther King 0001, John Smith 0002: Nonviolent resistance in networks. Journal of "
        "Peace Research 5: 1-10 (2019)",
    ],
)
def test_suffixed_and_numbered_names_verify(tmp_path: Path, string: str) -> None:
    parsed = parse_reference(string)
    assert [a.family for a in parsed.authors] == ["King", "Smith"]
    assert parsed.title == "Nonviolent resistance in networks" and parsed.year == 2019
    result = verify(string, [store(tmp_path, [SUFFIXED])])
    assert result.verdict is Verdict.VERIFIED, (result.reason, result.differing)


def test_numbers_that_are_not_homonym_numbers_stay() -> None:
    from citations.text.names import drop_homonym_numbers

    for text in [
        "Report 2019, pages 0012-0020",
        "ISO 9001, 2015",
        "Smith J. Title. 2019;0001:1-2",
        "Room 0042",
    ]:
        assert drop_homonym_numbers(text) == text
    assert (
        drop_homonym_numbers("Jan Novak 0002, Petr Svoboda 0001: T") == "Jan Novak, Petr Svoboda: T"
    )


# ------------------------------------------------------------------ 6. venue abbreviations


@pytest.mark.parametrize(
    "cited,found",
    [
        ("Nat. Commun.", "Nature Communications"),
        ("Nat Commun", "Nature Communications"),
        ("J. Am. Chem. Soc.", "Journal of the American Chemical Society"),
        (
            "Proc. Natl. Acad. Sci. U.S.A.",
            "Proceedings of the National Academy of Sciences of the United States of America",
        ),
        ("Proc Natl Acad Sci", "Proceedings of the National Academy of Sciences"),
        ("PNAS", "Proceedings of the National Academy of Sciences of the United States of America"),
        ("N. Engl. J. Med.", "The New England Journal of Medicine"),
        ("Lancet", "The Lancet"),
        ("Sensors", "Sensors (Basel)"),
        ("Sensors (Basel)", "Sensors"),
        ("Nature", "Nature (London)"),
        ("J Physiol", "The Journal of Physiology (1979)"),
        ("Phys. Rev. Lett.", "Physical Review Letters"),
        ("Phys Rev Lett", "Physical Review Letters"),
        ("Mol. Biol. Evol.", "Molecular Biology and Evolution"),
        ("Int J Mol Sci", "International Journal of Molecular Sciences"),
        ("Jpn. J. Appl. Phys.", "Japanese Journal of Applied Physics"),
        ("J. Phys. Chem. A", "The Journal of Physical Chemistry A"),
        ("Proc. R. Soc. B", "Proceedings of the Royal Society B: Biological Sciences"),
        ("Proc Biol Sci", "Proceedings of the Royal Society B: Biological Sciences"),
        (
            "Philos Trans R Soc Lond B Biol Sci",
            "Philosophical Transactions of the Royal Society B: Biological Sciences",
        ),
        (
            "IEEE Trans. Pattern Anal. Mach. Intell.",
            "IEEE Transactions on Pattern Analysis and Machine Intelligence",
        ),
        ("Journal of Ecology & Environment", "Journal of Ecology and Environment"),
        ("Mon. Not. R. Astron. Soc.", "Monthly Notices of the Royal Astronomical Society"),
        ("Expert Syst. Appl.", "Expert Systems with Applications"),
        ("Bioinformatics", "Bioinformatics (Oxford, England)"),
        ("Front. Psychol.", "Frontiers in Psychology"),
        ("J. Phys.: Conf. Ser.", "Journal of Physics: Conference Series"),
        # a section letter that is also the initial of a title word ("C", Chemistry)
        ("J. Phys. Chem. C", "The Journal of Physical Chemistry C"),
        ("Eur. Phys. J. C", "The European Physical Journal C"),
        # whole-title short forms
        ("ApJ", "The Astrophysical Journal"),
        ("MNRAS", "Monthly Notices of the Royal Astronomical Society"),
        ("Astrophys. J. Suppl. Ser.", "ApJS"),
        # a series word the abbreviation keeps
        ("Chem. Commun.", "Chemical Communications"),
        ("Org. Lett.", "Organic Letters"),
        ("Nat. Rev. Cancer", "Nature Reviews Cancer"),
        ("Adv. Neural Inf. Process. Syst.", "Advances in Neural Information Processing Systems"),
    ],
)
def test_journal_abbreviation_matches_its_full_title(cited: str, found: str) -> None:
    from citations.matching.venue import compare_venues

    fm = compare_venues(cited, found)
    assert fm.status is FieldStatus.MATCH, fm.note
    assert compare_venues(found, cited).status is FieldStatus.MATCH


@pytest.mark.parametrize(
    "cited,found",
    [
        ("Proc. R. Soc. A", "Proceedings of the Royal Society B: Biological Sciences"),
        (
            "Proc. R. Soc. B",
            "Proceedings of the Royal Society A: Mathematical, Physical and Engineering Sciences",
        ),
        ("Phys. Rev. A", "Physical Review B"),
        ("J. Phys. Chem. B", "The Journal of Physical Chemistry A"),
        ("Cell", "Cell Reports"),
        ("Nature", "Nature Communications"),
        ("Science", "Science Advances"),
        ("Journal of Ecology and Environment", "Journal of Ecology for Environment"),
        ("J. Ecol.", "Journal of Applied Ecology"),
        ("Ecology", "Applied Ecology"),
        ("Journal of Ecology", "Journal of Ecology and Environment"),
        ("Nat. Commun.", "Nature Chemistry"),
        ("Sensors (Basel)", "Sensors and Actuators"),
        ("Pattern Recognition", "Pattern Recognition Letters"),
        # a section letter that is also the initial of a title word of the other name
        ("J. Phys. Chem. C", "The Journal of Physical Chemistry B"),
        ("Eur. Phys. J. C", "The European Physical Journal A"),
        # an abbreviation that stops before a series word names the parent journal
        ("Chem. Phys.", "Chemical Physics Letters"),
        ("Phys. Rev.", "Physical Review Letters"),
        ("Appl. Phys.", "Applied Physics Letters"),
        ("Chem.", "Chemical Communications"),
        ("ApJ", "The Astrophysical Journal Letters"),
    ],
)
def test_another_journal_of_the_family_is_a_conflict(cited: str, found: str) -> None:
    from citations.matching.venue import compare_venues

    assert compare_venues(cited, found).status is FieldStatus.CONFLICT
    assert compare_venues(found, cited).status is FieldStatus.CONFLICT


def test_venue_abbreviations_are_data() -> None:
    from citations.data import venue_table

    table = venue_table()
    assert table.words["natl"] == {"national"} and "basel" in table.places
    assert table.titles["nat commun"] == "nature communications"
    assert table.titles["nature communications"] == "nature communications"


@pytest.mark.parametrize(
    "venue",
    [
        "Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics",
        "Findings of the Association for Computational Linguistics: EMNLP 2020",
        "Proceedings of the Workshop on E-Commerce and NLP",
    ],
)
def test_event_venues_keep_their_containment_match(venue: str) -> None:
    from citations.matching.venue import compare_venues

    words = venue.split()
    shorter = " ".join(w for w in words if not w[:1].isdigit())
    assert compare_venues(shorter, venue).status is FieldStatus.MATCH


# ------------------------------------------------------------------ 5. a year of any of the record's dates

DATED = rec(
    "d",
    "Soil microbes and drought resilience",
    ["Jiwoo Park"],
    2021,
    dates=(("issued", 2021), ("print", 2021), ("online", 2020), ("posted", 2019)),
    venue="Ecology Letters",
)


@pytest.mark.parametrize(
    "year,status,kind",
    [
        (2021, FieldStatus.MATCH, ""),
        (2020, FieldStatus.MATCH, "online"),
        (2019, FieldStatus.MATCH, "posted"),
        (2018, FieldStatus.CONFLICT, ""),
        (2022, FieldStatus.CONFLICT, ""),
    ],
)
def test_year_of_any_record_date_is_right_and_named(
    year: int, status: FieldStatus, kind: str
) -> None:
    ref = Reference(raw="x", title=DATED.title, year=year)
    fm = next(f for f in compare_fields(ref, DATED) if f.field is Field.YEAR)
    assert fm.status is status
    assert (kind in fm.note) if kind else "date is" not in fm.note


def test_online_first_year_verifies_from_an_index(tmp_path: Path) -> None:
    index = store(tmp_path, [DATED])
    assert index.lookup_doi("10.1/none") is None
    for string in [
        "Park, J. (2020). Soil microbes and drought resilience. Ecology Letters.",
        "Park J. Soil microbes and drought resilience. Ecology Letters. 2019.",
    ]:
        result = verify(string, [index])
        assert result.verdict is Verdict.VERIFIED, result.reason
        year = next(f for f in result.fields if f.field is Field.YEAR)
        assert "date is" in year.note
    wrong = verify(
        "Park, J. (2017). Soil microbes and drought resilience. Ecology Letters.", [index]
    )
    assert wrong.verdict is Verdict.CORRUPTED and Field.YEAR in wrong.differing


def test_sources_read_every_date() -> None:
    import json

    from citations.sources import arxiv, crossref
    from citations.sources.importers import record_from_mapping

    item = {
        "DOI": "10.1/x",
        "title": ["T"],
        "issued": {"date-parts": [[2021, 3]]},
        "published-online": {"date-parts": [[2020, 11, 2]]},
        "published-print": {"date-parts": [[2021, 3]]},
        "journal-issue": {"issue": "3", "published-print": {"date-parts": [[2021]]}},
    }
    got = crossref.parse_response(json.dumps({"message": item}).encode())[0]
    assert got.year == 2021
    assert set(got.dates) == {("issued", 2021), ("print", 2021), ("online", 2020), ("issue", 2021)}
    assert ("posted", 2019) in record_from_mapping(
        {"title": "T", "posted": {"date-parts": [[2019, 5]]}}, source="s", default_id="1"
    ).dates
    feed = (
        b"<feed xmlns='http://www.w3.org/2005/Atom'><entry><id>http://arxiv.org/abs/1706.03762v7"
        b"</id><title>Attention</title><published>2017-06-12T00:00:00Z</published>"
        b"<updated>2023-08-02T00:00:00Z</updated></entry></feed>"
    )
    paper = arxiv.parse_response(feed)[0]
    assert paper.year == 2017 and ("updated", 2023) in paper.dates


@pytest.mark.parametrize(
    "cited,found",
    [
        ("Soize Christian", "Christian Soize"),
        ("Aboelela Mohammed", "Mohammed Aboelela"),
        ("Rota Alberto", "Alberto Rota"),
    ],
)
def test_names_of_cultures_that_write_given_first_swapped_stay_a_conflict(
    cited: str, found: str
) -> None:
    record = rec("w", FAMILY_FIRST.title, [found], 2020)
    ref = Reference(raw="x", title=record.title, year=2020, authors=(parse_name(cited),))
    assert _status(ref, record, Field.AUTHORS) is FieldStatus.CONFLICT


# ------------------------------------------------------------------ 24. venues outside a complete index

ACL_LIKE = [
    rec(
        "a1",
        "Neural discourse parsing of dialogue",
        ["Ana Silva"],
        2019,
        venue="Proceedings of the 57th Annual Meeting of the Association for Computational Linguistics",
    ),
    rec(
        "a2",
        "Parsing tweets with graph models",
        ["Ben Okafor"],
        2020,
        venue="Computational Linguistics",
    ),
    rec(
        "a3",
        "A corpus of clinical notes",
        ["Chen Li"],
        2021,
        venue="Proceedings of the 12th Language Resources and Evaluation Conference",
    ),
]


@pytest.mark.parametrize(
    "string",
    [
        "Ashish Vaswani, Noam Shazeer, and Niki Parmar. 2017. Attention is all you need. In Advances "
        "in Neural Information Processing Systems 30, pages 5998-6008.",
        "Jumper, J., Evans, R., & Pritzel, A. (2021). Highly accurate protein structure prediction "
        "with AlphaFold. Nature, 596, 583-589.",
        "He, K., Zhang, X., Ren, S., & Sun, J. (2016). Deep residual learning for image recognition. "
        "In Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition (CVPR), "
        "pp. 770-778.",
        "Smith, J. (2020). Soil carbon under drought. Journal of Ecology, 108(2), 1-12.",
    ],
)
def test_complete_index_does_not_vouch_for_venues_it_lacks(tmp_path: Path, string: str) -> None:
    result = verify(string, [store(tmp_path, ACL_LIKE)])
    assert result.verdict is Verdict.UNVERIFIED
    assert "outside" in result.reason and result.reference.venue in result.reason


@pytest.mark.parametrize(
    "string",
    [
        "John Smith and Jane Doe. 2019. A neural approach to parsing fictional dialogue. In "
        "Proceedings of the 57th Annual Meeting of the Association for Computational Linguistics, "
        "pages 100-110.",
        "Doe, J. (2018). Graph grammars for tweets. Computational Linguistics, 44(2), 1-30.",
        "Doe, J. 2020. A corpus of invented dialogues. In Proceedings of LREC 2020, pages 1-8.",
    ],
)
def test_complete_index_still_calls_absent_works_at_its_venues_fabricated(
    tmp_path: Path, string: str
) -> None:
    index = store(tmp_path, ACL_LIKE)
    assert verify(string, [index]).verdict is Verdict.FABRICATED
    # an index not declared complete never says fabricated
    other = store(tmp_path, ACL_LIKE, name="open.sqlite", complete=False)
    assert verify(string, [other]).verdict is Verdict.UNVERIFIED


def test_index_venue_coverage_follows_imports(tmp_path: Path) -> None:
    index = store(tmp_path, ACL_LIKE)
    assert index.covers_venue("ACL 2019") and not index.covers_venue("Nature")
    index.add_records([rec("n1", "A protein paper", ["Jiwoo Park"], 2021, venue="Nature")])
    assert index.covers_venue("Nature") and not index.covers_venue("Nature Communications")


def test_reference_list_lines_broken_inside_a_doi_keep_it_whole() -> None:
    from citations.parse import split_reference_list

    text = (
        "[1] Smith, J. (2020). A title here. Nature 5, 1-2. https://doi.org/10.1111/j.1365-\n"
        "2958.2006.05172.x\n"
        "[2] Doe, K. (2019). Another title here. Cell 4, 3-9. doi:10.1016/j.cell-\n"
        "abc.2019.01.001\n"
        "[3] Poe, M. (2017). Title four. Nature 2, 2-3. https://doi.org/10.1371/\n"
        "journal.pone.0123456\n"
        "[4] Roe, L. (2018). Title five. Science 1, 1-5. doi:10.1000/xyz.\n"
        "Retrieved 2020.\n"
    )
    dois = [parse_reference(e).doi for e in split_reference_list(text)]
    assert dois == [
        "10.1111/j.1365-2958.2006.05172.x",
        "10.1016/j.cell-abc.2019.01.001",
        "10.1371/journal.pone.0123456",
        "10.1000/xyz",
    ]


def test_a_venue_cut_short_by_the_parser_names_no_venue(tmp_path: Path) -> None:
    from citations.matching.venue import recognised_venue

    for venue in ["proceedings of the workshop", "In Proc.", "Journal of the"]:
        assert not recognised_venue(venue)
    string = (
        "wang, j. and mau t (2019) 'transliteration lexicons for speaker bias', in proceedings "
        "of the workshop on machine reading. melbourne: association for computational "
        "linguistics pp. 221-231."
    )
    ref = parse_reference(string).model_copy(update={"venue": "proceedings of the workshop"})
    assert verify(ref, [store(tmp_path, ACL_LIKE)]).verdict is Verdict.FABRICATED


def test_a_held_title_at_a_venue_outside_the_index_is_still_fabricated(tmp_path: Path) -> None:
    # the title is a work the index holds; authors, year and venue are another's
    for venue in [
        "Journal of Glaciology",
        "Nature",
        "Advances in Neural Information Processing Systems",
    ]:
        string = f"Smith, J. and Brown, K. (2011). Parsing tweets with graph models. {venue}, 12(3), 45-67."
        assert (
            verify(string, [store(tmp_path, ACL_LIKE, name=f"{len(venue)}.sqlite")]).verdict
            is Verdict.FABRICATED
        )
