"""citations.reading.fields: each normaliser on spans the labeller gives its field, with
inputs that must change and inputs that must not."""

from __future__ import annotations

import pytest

from citations.crf.features import tokenize
from citations.crf.labelled import Labelled
from citations.model import Author, SourceType
from citations.reading.fields import (
    Reading,
    authors,
    kind,
    marker,
    pages,
    publisher,
    title,
    venue,
    volume,
    year,
)
from citations.reading.fields.title import whole_first_word
from citations.reading.label import (
    Labelling,
    crf_title,
    page_words_without_numbers,
    title_words_after_versus,
)
from citations.reading.prepare import prepare


def reading(text: str, labels: list[str], ranked: str | None = None) -> Reading:
    """A Reading of ``text`` with one label per token of its body (as the CRF would give)."""
    prepared = prepare(text)
    toks = tuple(tokenize(prepared.body))
    assert len(toks) == len(labels), [t[0] for t in toks]
    lab = Labelled(prepared.body, toks, tuple(labels), 1.0)
    return Reading(prepared, Labelling(lab, ranked or crf_title(lab), crf_title(lab)))


# ---------------------------------------------------------------- title


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("Tidewatch [Computer software]", "Tidewatch"),
        ("Coastal erosion modelling (Tesis doctoral)", "Coastal erosion modelling"),
        ("Global report 2020 (Technical Report No. WHO/CDS/TB/2020.1)", "Global report 2020"),
        ("Tidewatch (Version 2) [Data set]", "Tidewatch"),
        (
            "Artificial persuasion takes over the world, June 2022",
            "Artificial persuasion takes over the world",
        ),
        ("2019", None),
        ("..", None),
    ],
)
def test_title_clean_removes_what_is_no_title(raw: str, want: str | None) -> None:
    assert title.clean(raw) == want


@pytest.mark.parametrize(
    "keep",
    [
        "Attention is all you need",
        "GPT-4 technical report",
        "Learning Q&A (SAM): in learning",
        "World Development Report 2018: Learning to Realize Education's Promise",
        "Why? A study of questions",
    ],
)
def test_title_clean_leaves_a_clean_title_alone(keep: str) -> None:
    assert title.clean(keep) == keep


def test_title_drops_the_end_of_the_name_list_and_an_organisation() -> None:
    two = (Author(family="Han", given="The Anh"), Author(family="Nguyen-Lam", given="Phu-Quy"))
    assert (
        title.drop_names("The Anh Han, and Phu-Quy Nguyen-Lam. Understanding LLM Agents", two)
        == "Understanding LLM Agents"
    )
    org = (Author(family="Organisation for Economic Co-operation and Development", literal=True),)
    assert (
        title.drop_names(
            "Organisation for Economic Co-operation and Development. Education at a glance 2019",
            org,
        )
        == "Education at a glance 2019"
    )
    # names that are not the authors' stay, and so does a title of one sentence
    assert (
        title.drop_names("Gapped BLAST and PSI-BLAST. A new generation", two)
        == "Gapped BLAST and PSI-BLAST. A new generation"
    )
    assert title.drop_names("Understanding LLM Agents", two) == "Understanding LLM Agents"


def test_title_of_a_court_case_is_its_name() -> None:
    r = reading(
        "Brown v. Board of Education, 347 U.S. 483 (1954).",
        ["author"] * 7 + ["volume"] * 5 + ["pages"] + ["date"] * 4,
    )
    assert title.normalise(r, {})["title"] == "Brown v. Board of Education"


# ---------------------------------------------------------------- authors


def test_authors_read_the_author_run_and_et_al() -> None:
    r = reading("Gurney, M. E. et al. Title here.", ["author"] * 9 + ["title"] * 3)
    got = authors.normalise(r, {})
    assert [a.family for a in got["authors"]] == ["Gurney"] and got["et_al"] is True


@pytest.mark.parametrize(
    ("span", "text", "families"),
    [
        ("12 Gurney, M. E.", "12 Gurney, M. E. Title", ["Gurney"]),
        ("Smith, J., & Lee, K.", "Smith, J., & Lee, K. Title", ["Smith", "Lee"]),
        ("Francesco d'Amore and Emanuele Natale.", "x Y", ["d'Amore", "Natale"]),
        ("LHCb collaboration, R. Aaij", "x Y", ["collaboration", "Aaij"]),
        ("Graph nets, Smith J.", "Graph nets, Smith J., Nature 2019", []),  # "nets" is no name
        ("2019", "2019 Title", []),
    ],
)
def test_read_authors(span: str, text: str, families: list[str]) -> None:
    got, _ = authors.read_authors(span, text)
    assert [a.family for a in got] == families


def test_an_organisation_first_is_one_author() -> None:
    text = "Intergovernmental Panel on Climate Change. Climate change 2014. Geneva: IPCC; 2014."
    r = reading(text, ["title"] * 10 + ["location"] * 2 + ["publisher"] * 2 + ["date"] * 2)
    got = authors.normalise(r, {})["authors"]
    assert [(a.family, a.literal) for a in got] == [
        ("Intergovernmental Panel on Climate Change", True)
    ]
    # a title-only reference whose title reads like such a name stays without authors
    text2 = (
        "The Association for Computational Linguistics and Science. In Proceedings of ACL, 2020."
    )
    r2 = reading(text2, ["title"] * 8 + ["container"] * 5 + ["date"] * 2)
    assert authors.normalise(r2, {})["authors"] == ()


# ---------------------------------------------------------------- year


@pytest.mark.parametrize(
    ("dates", "vol", "want"),
    [
        (["(2017a)."], "", 2017),
        (["March 3, 2019"], "", 2019),
        ([], "2012.", 2012),  # "...; 2012. p. 1622": a year labelled volume
        ([], "38", None),
        (["n.d."], "", None),
    ],
)
def test_read_year(dates: list[str], vol: str, want: int | None) -> None:
    assert year.read_year(dates, vol) == want


def test_a_lone_year_among_numbers_is_the_year_but_not_a_range_end() -> None:
    assert year.lone_year(["p", "1622", "-", "1627", "2012"], ["pages"] * 5) == 2012
    assert (
        year.lone_year(
            ["145", ":", "109913", ",", "2024a"], ["volume", "volume", "pages", "pages", "pages"]
        )
        == 2024
    )
    assert year.lone_year(["1622", "-", "2012"], ["pages"] * 3) is None
    assert (
        year.lone_year(["Title", "2012"], ["title", "title"]) is None
    )  # a year in the title stays


def test_a_conference_year_in_brackets_gives_way_to_the_publication_year() -> None:
    text = "Proc. ROCLING (ROCLING 2019), Taipei, 2016, pp. 1-2."
    toks = tokenize(text)
    labels = ["container"] * 3 + ["date"] * 4 + ["location"] * 3 + ["date"] * 2 + ["pages"] * 6
    assert len(labels) == len(toks)
    assert year.normalise(reading(text, labels), {})["year"] == 2016


# ---------------------------------------------------------------- volume, issue, pages


@pytest.mark.parametrize(
    ("span", "want"),
    [("Vol. 12,", "12"), ("XIV", "XIV"), ("(3)", "3"), ("1-2", "1-2"), ("C42", "C42"), ("", None)],
)
def test_read_number(span: str, want: str | None) -> None:
    assert volume.read_number(span) == want


def test_a_year_labelled_volume_with_no_date_is_no_volume() -> None:
    text = "Shen L. Title words. ACL; 2012. p. 1627."
    labels = ["author"] * 3 + ["title"] * 3 + ["container"] * 2 + ["volume"] * 2 + ["pages"] * 4
    r = reading(text, labels)
    assert volume.normalise(r, {})["volume"] is None
    assert year.normalise(r, {})["year"] == 2012


@pytest.mark.parametrize(
    ("span", "yr", "want"),
    [
        ("pp. 10–25.", None, "10–25"),
        ("e1002345", None, "e1002345"),
        ("S. 44-58", None, "44-58"),
        ("1772 - 1775", None, "1772-1775"),
        ("2012.", 2012, None),  # the year is no page
        ("p. 2012", 2012, "2012"),  # unless a page word says so
        ("", None, None),
    ],
)
def test_read_pages(span: str, yr: int | None, want: str | None) -> None:
    assert pages.read_pages(span, yr) == want


# ---------------------------------------------------------------- venue, publisher


@pytest.mark.parametrize(
    ("span", "want"),
    [
        ("In: Computational Linguistics,", "Computational Linguistics"),
        ("J. Math. Phys.", "J. Math. Phys."),
        ("Handbook (Eds.), ", "Handbook"),
        ("Nature", "Nature"),
        ("Proceedings of ACL", "Proceedings of ACL"),
        ("12, ", None),
        ("In Proceedings of ACL", "Proceedings of ACL"),
        # a hyphened first word is no "In" of a container
        ("In-Context Learning for Dialogue", "In-Context Learning for Dialogue"),
        ("Em-Dash Studies", "Em-Dash Studies"),
    ],
)
def test_read_venue(span: str, want: str | None) -> None:
    assert venue.read_venue(span) == want


def test_a_venue_acronym_labelled_publisher_is_the_venue() -> None:
    text = "Ahuja K. A Title. ICLR, 2021."
    labels = ["author"] * 3 + ["title"] * 3 + ["publisher"] * 2 + ["date"] * 2
    r = reading(text, labels)
    fields = venue.normalise(r, {"title": "A Title"})
    assert fields == {"venue": "ICLR"}
    assert publisher.normalise(r, fields)["publisher"] is None
    # a publisher with a place stays the publisher
    text2 = "Horn B. Robot Vision. Cambridge: MIT, 1986."
    labels2 = ["author"] * 3 + ["title"] * 3 + ["location"] * 2 + ["publisher"] * 2 + ["date"] * 2
    r2 = reading(text2, labels2)
    assert venue.normalise(r2, {"title": "Robot Vision"}) == {"venue": None}
    assert publisher.normalise(r2, {})["publisher"] == "MIT"


_A, _T, _N, _P = "author", "title", "note", "pages"


@pytest.mark.parametrize(
    ("text", "labels", "ranked", "want"),
    [
        # a venue id with digits the labeller ran into the title run
        (
            "Tillmann C. A Unigram Model. NLP4PROG, pp. 101-104.",
            [_A] * 3 + [_T] * 6 + [_P] * 6,
            "A Unigram Model",
            "NLP4PROG",
        ),
        # a venue id after a language note, read as part of the note
        (
            "Ramisch C. Une plate-forme [in French]. DISCOMT, pp. 137-149.",
            [_A] * 3 + [_T] * 4 + [_N] * 7 + [_P] * 6,
            "Une plate-forme",
            "DISCOMT",
        ),
        # the venue id and the pages read as one note
        (
            "Jia Z. Combining Labels. NLP4DH, pp. 13553-13569.",
            [_A] * 3 + [_T] * 3 + [_N] * 8,
            "Combining Labels",
            "NLP4DH",
        ),
        # must not change: an acronym inside the title (no sentence end before it)
        (
            "Smith J. Learning with BERT, pp. 1-9.",
            [_A] * 3 + [_T] * 4 + [_P] * 6,
            "Learning with BERT",
            None,
        ),
        # must not change: a word that is no acronym
        ("Smith J. A Title. Nature, pp. 1-9.", [_A] * 3 + [_T] * 5 + [_P] * 6, "A Title", None),
        # must not change: no pages to stand before
        ("Smith J. A Title. NAACL.", [_A] * 3 + [_T] * 5, "A Title", None),
    ],
)
def test_a_venue_acronym_before_the_pages_is_the_venue(
    text: str, labels: list[str], ranked: str, want: str | None
) -> None:
    r = reading(text, labels, ranked)
    fields = pages.normalise(r, {"title": ranked})
    assert venue.normalise(r, {"title": ranked, **fields}) == {"venue": want}


@pytest.mark.parametrize(
    ("text", "labels", "want"),
    [
        (
            "Jia Z. Combining Labels. NLP4DH, pp. 13553-13569.",
            [_A] * 3 + [_T] * 3 + [_N] * 8,
            "13553-13569",
        ),
        ("Li K. A Title. Note, pages 12-19.", [_A] * 3 + [_T] * 3 + [_N] * 7, "12-19"),
        # must not change: a note without a page word, a page count after its number
        ("Ramisch C. Une plate-forme [in French]. 2012.", [_A] * 3 + [_T] * 4 + [_N] * 7, None),
        ("Li K. A Survey. Technical report 12 pp.", [_A] * 3 + [_T] * 3 + [_N] * 5, None),
    ],
)
def test_pages_written_in_a_note_run(text: str, labels: list[str], want: str | None) -> None:
    assert pages.normalise(reading(text, labels), {}) == {"pages": want}


def test_a_publisher_span_inside_the_ranked_title_is_no_publisher() -> None:
    text = "xie y yang l  a study by chinese and american  ccl 2021 pp 454-466"
    labels = [_A] * 4 + [_T] * 5 + ["publisher"] * 2 + ["date"] + [_P] * 4
    r = reading(text, labels, "a study by chinese and american ccl")
    assert publisher.normalise(r, {"title": "a study by chinese and american ccl"}) == {
        "publisher": None,
        "address": None,
    }
    # must not change: the publisher after the title, and a title that repeats its name
    r2 = reading(text, labels, "a study by chinese and")
    assert publisher.normalise(r2, {"title": "a study by chinese and"})["publisher"] == (
        "american ccl"
    )
    # a place inside the ranked title ("... alignment  amta 2000": the venue id read as place)
    text4 = "ribeiro a lopes g  a method of texts alignment  amta 2000 pp 30-39"
    labels4 = [_A] * 4 + [_T] * 5 + ["location"] + ["date"] + [_P] * 4
    r4 = reading(text4, labels4, "a method of texts alignment amta")
    assert publisher.normalise(r4, {"title": "a method of texts alignment amta"}) == {
        "publisher": None,
        "address": None,
    }
    r5 = reading(text4, labels4, "a method of texts alignment")
    assert publisher.normalise(r5, {"title": "a method of texts alignment"})["address"] == "amta"
    text3 = "Horn B. History of MIT. Cambridge: MIT, 1986."
    labels3 = [_A] * 3 + [_T] * 4 + ["location"] * 2 + ["publisher"] * 2 + ["date"] * 2
    r3 = reading(text3, labels3)
    assert publisher.normalise(r3, {"title": "History of MIT"})["publisher"] == "MIT"


@pytest.mark.parametrize(
    ("text", "labels", "moved"),
    [
        # the sentence after "vs." read as the container's start
        (
            "Lembersky G. Original vs. Translated Texts. CL, pp. 799-825.",
            [_A] * 3 + [_T] * 3 + ["container"] * 5 + [_P] * 6,
            ["Translated", "Texts", "."],
        ),
        (
            "Lembersky G. Original vs. Translated Texts. [in French]. 2012.",
            [_A] * 3 + [_T] * 3 + [_N] * 8 + ["date"] * 2,
            ["Translated", "Texts", "."],
        ),
        # must not change: the container has nothing after that sentence
        (
            "Lembersky G. Original vs. Translated Texts, 12, 1-9.",
            [_A] * 3 + [_T] * 3 + ["container"] * 3 + ["volume"] * 2 + [_P] * 4,
            [],
        ),
        # must not change: the title does not end in "vs."
        (
            "Lembersky G. Original Texts. Translated Texts. CL, pp. 799-825.",
            [_A] * 3 + [_T] * 3 + ["container"] * 5 + [_P] * 6,
            [],
        ),
    ],
)
def test_a_title_ending_in_versus_goes_on_to_the_next_sentence(
    text: str, labels: list[str], moved: list[str]
) -> None:
    lab = reading(text, labels).lab
    assert [lab.tokens[i][0] for i in title_words_after_versus(lab, labels)] == moved


def test_a_work_cited_by_a_title_starting_in_hyphen_is_its_title() -> None:
    r = reading("In-Context Learning for Dialogue.", ["container"] * 7)
    assert r.labelling.crf_title == "In-Context Learning for Dialogue"
    # must not change: a container's "In" keeps the run from being the work's title
    assert reading("In Proceedings of ACL.", ["container"] * 5).labelling.crf_title is None


@pytest.mark.parametrize(
    ("text", "labels", "moved"),
    [
        ("Task Proposal: Snippets for Web Pages.", ["container"] * 6 + [_P] * 2, [6, 7]),
        ("Task Proposal: Snippets for Web Pages.", [_T] * 6 + [_P] * 2, [6, 7]),
        # must not change: page numbers, arabic or roman
        (
            "Smith J. Title. Nature, pp. xii-xv.",
            [_A] * 3 + [_T] * 2 + ["container"] * 2 + [_P] * 6,
            [],
        ),
        (
            "Smith J. Title. Nature, pp. 1-9.",
            [_A] * 3 + [_T] * 2 + ["container"] * 2 + [_P] * 6,
            [],
        ),
    ],
)
def test_a_pages_run_without_numbers_is_no_pages(
    text: str, labels: list[str], moved: list[int]
) -> None:
    assert page_words_without_numbers(reading(text, labels).lab, labels) == moved


@pytest.mark.parametrize(
    ("text", "labels", "ranked", "want"),
    [
        # a venue id with digits read as publisher, after a question's "?."
        (
            "Abe K. Why is it?. EVAL4NLP, pp. 70-87.",
            [_A] * 3 + [_T] * 4 + ["publisher"] * 3 + [_P] * 6,
            "Why is it",
            "EVAL4NLP",
        ),
        # the container run starts with the title and its doubled stop
        (
            "Li K. The TALP systems for IWSLT 2008.. NLLP, pp. 116-123.",
            [_A] * 3 + ["container"] * 10 + [_P] * 6,
            "The TALP systems for IWSLT 2008",
            "NLLP",
        ),
        # must not change: a publisher that is no acronym, a container after the title
        (
            "Abe K. Why is it?. Springer, pp. 70-87.",
            [_A] * 3 + [_T] * 4 + ["publisher"] * 3 + [_P] * 6,
            "Why is it",
            None,
        ),
        (
            "Li K. The TALP systems. Proceedings of IWSLT, pp. 116-123.",
            [_A] * 3 + [_T] * 4 + ["container"] * 4 + [_P] * 6,
            "The TALP systems",
            "Proceedings of IWSLT",
        ),
    ],
)
def test_venue_read_off_a_publisher_acronym_or_after_the_title(
    text: str, labels: list[str], ranked: str, want: str | None
) -> None:
    assert venue.normalise(reading(text, labels, ranked), {"title": ranked}) == {"venue": want}


def test_a_datasets_container_is_its_publisher() -> None:
    text = "Marsh, K. (2021). Tidewatch [Data set]. Coastal Data Archive."
    labels = ["author"] * 4 + ["date"] * 4 + ["title"] * 6 + ["container"] * 4
    r = reading(text, labels)
    fields = kind.normalise_descriptor(r, {})
    assert fields == {"type_descriptor": "Data set"}
    assert venue.normalise(r, fields) == {"venue": None}
    assert publisher.normalise(r, fields)["publisher"] == "Coastal Data Archive"


@pytest.mark.parametrize(
    ("span", "want"),
    [("MIT Press.", "MIT Press"), ("New York, NY:", "New York, NY"), ("(S.", None), ("12", None)],
)
def test_read_name(span: str, want: str | None) -> None:
    assert publisher.read_name(span) == want


def test_a_conference_city_is_no_publisher() -> None:
    text = "Liu K. Speech. In Proc. ROCLING, New Taipei City, Taiwan, 2016."
    labels = (
        ["author"] * 3
        + ["title"] * 2
        + ["container"] * 5
        + ["location"] * 4
        + ["publisher"] * 2
        + ["date"] * 2
    )
    r = reading(text, labels)
    assert publisher.normalise(r, {"venue": "Proc. ROCLING"}) == {
        "publisher": None,
        "address": None,
    }


# ---------------------------------------------------------------- marker, kind


def test_marker_from_the_list_number() -> None:
    assert marker.normalise(reading("[3] Smith J. Title.", ["author"] * 3 + ["title"] * 2), {}) == {
        "marker": "[3]"
    }
    r = reading("12 Gurney M. Title.", ["citation-number"] + ["author"] * 3 + ["title"] * 2)
    assert marker.normalise(r, {}) == {"marker": "[12]"}
    assert marker.normalise(reading("Smith J. Title.", ["author"] * 3 + ["title"] * 2), {}) == {
        "marker": None
    }


@pytest.mark.parametrize(
    ("text", "fields", "want"),
    [
        ("Brown v. Board of Education, 347 U.S. 483 (1954).", {}, SourceType.LEGAL),
        ("Smith J. Modelling (Doctoral dissertation, Univ.).", {}, SourceType.THESIS),
        ("Smith J. Title. Nature, 12, 1-2.", {"venue": "Nature", "volume": "12"}, SourceType.PAPER),
        ("Smith J. Title. New York: Wiley.", {"publisher": "Wiley"}, SourceType.BOOK),
        ("Doe J. How to cite a blog post. Science Blog.", {"url": "https://b.org"}, SourceType.WEB),
        ("Smith J. Title.", {}, SourceType.UNKNOWN),
    ],
)
def test_read_type(text: str, fields: dict[str, object], want: SourceType) -> None:
    assert kind.read_type(text, fields, kind.read_descriptor(text)) is want


def test_descriptor_as_written() -> None:
    assert kind.read_descriptor("Tidewatch (Computer software).") == "Computer software"
    assert (
        kind.read_descriptor("Redes neurais (Dissertação de Mestrado).")
        == "Dissertação de Mestrado"
    )
    assert kind.read_descriptor("A study (with notes).") is None


def test_one_word_maker_before_the_first_stop_is_the_author() -> None:
    """A model maker's report read by the labeller as one title: the maker is the author,
    and the title its report's; a reference with a person author is left alone."""
    from citations.parse import parse_reference

    for text, who, what in (
        ("Qwen. Qwen2.5: A party of foundation models, 2024.", "Qwen", "Qwen2.5: A party"),
        ("Meta. The Llama 3 herd of models. arXiv preprint, 2024.", "Meta", "The Llama 3 herd"),
        ("OpenAI. GPT-4 technical report, 2023.", "OpenAI", "GPT-4 technical report"),
    ):
        r = parse_reference(text)
        assert [a.family for a in r.authors] == [who] and r.authors[0].literal, text
        assert r.title is not None and r.title.startswith(what), (text, r.title)
    r = parse_reference("Smith, J. Deep nets for rivers. Journal of Hydrology, 2020.")
    assert [a.family for a in r.authors] == ["Smith"] and r.title == "Deep nets for rivers"


def test_a_short_title_after_the_last_initials_leaves_the_author_run() -> None:
    """A family-first list ends with its last name's initials; a word after them that takes
    no comma is the title ("... and Schmidt, L. OpenCLIP. 2021.")."""
    from citations.parse import parse_reference

    r = parse_reference("Ilharco, G., Wortsman, M., and Schmidt, L. OpenCLIP. 2021.")
    assert [a.family for a in r.authors] == ["Ilharco", "Wortsman", "Schmidt"]
    assert r.title == "OpenCLIP"
    r = parse_reference("Smith, J., Jr. A title of words. 2020.")
    assert [a.family for a in r.authors] == ["Smith"] and r.title == "A title of words"


def test_a_conference_year_in_the_venue_acronym_is_not_the_year() -> None:
    """ "(SynWS 2011)" names the meeting; the publication year is the date given later."""
    from citations.parse import parse_reference

    r = parse_reference(
        "Smith J, Lee K. Parsing with trees. In: Proceedings of the 12th Workshop on Syntax "
        "(SynWS 2011); Berlin: ACL; 2009. p. 10-20."
    )
    assert r.year == 2009 and r.venue == "Proceedings of the 12th Workshop on Syntax (SynWS)"
    r = parse_reference("Smith J. Parsing with trees. In: Proceedings of EMNLP 2018. p. 10-20.")
    assert r.year == 2018


def test_a_name_after_initials_written_first_stays_a_name() -> None:
    from citations.parse import parse_reference

    r = parse_reference("Sera, W. E., and C. N. Early. 2003. Microtus montanus. Species 716: 1-10.")
    assert [a.family for a in r.authors][-1] == "Early"


def test_a_venue_acronym_in_brackets_is_no_place() -> None:
    from citations.parse import parse_reference

    r = parse_reference(
        "8. Guan, A. & Walde, S. S. I. Cross-Lingual Metaphor Detection for Low-Resource "
        "Languages. in Proceedings of the 4th Workshop on Figurative Language Processing "
        "(FigLang 2024) 22–34 (Association for Computational Linguistics, 2024)."
    )
    assert r.address is None and r.year == 2024 and r.pages == "22–34"
    r = parse_reference("Smith, J. A book of words. New York: Academic Press, 2001.")
    assert r.address == "New York"


def test_names_of_the_author_list_are_no_title() -> None:
    from citations.parse import parse_reference

    r = parse_reference(
        "Ching-Hung Cheng, Hsiu-Fu Wu, Bing-Chen Wu, Khanh-Phong Bui, Van-Tin Luu, and "
        "Ching-Chun Huang. SOP^2: Transfer Learning with Scene-Oriented Feature Pool on 2D "
        "Object Recognition. 2025."
    )
    assert r.title is not None and r.title.startswith("SOP^2: Transfer Learning")
    r = parse_reference(
        "Tommaso Amico, Pernille Matthews, Lena Krieger, Arthur Zimek, and Ira Assent. DCFO "
        "Additional Material. 2025."
    )
    assert r.title == "DCFO Additional Material"


def test_a_torn_later_name_ends_the_list_not_drops_it() -> None:
    from citations.parse import parse_reference

    r = parse_reference(
        "M. Artebani, S.Boissì ere, and A. Sarti. Borcea-Voisin Calabi-Yau threefolds and "
        "invertible potentials. Mathematische Nachrichten, 288 (14-15):1581-1591, 2015."
    )
    assert r.authors and r.authors[0].family == "Artebani"
    assert parse_reference("Graph nets, Smith J. Title here. 2020.").authors[:1] != ("Graph",)


def test_a_pasted_second_reference_does_not_give_the_title() -> None:
    from citations.parse import parse_reference

    r = parse_reference(
        "Mengyan Fei, Yuandong Zhang, and Jialun Wang. Provably training multi-agent "
        "reinforcement learning with non-monotonic policy gradients. Advances in Neural "
        "Information Processing Systems, 34:25016-25029, 2021. Zhichao Liang, Tze Leung, and "
        "Bo Chen. Optimistic gradient descent ascent for zero-sum games and connections to "
        "implicit learning. In ICML, 2022."
    )
    assert r.title is not None and r.title.startswith("Provably training multi-agent")


@pytest.mark.parametrize(
    ("text", "families"),
    [
        (
            "Lucía Fernández de Córdoba, Tomás van Aken, and Irene Moulin. Sparse probes of "
            "ledgers. 2023.",
            ["de Córdoba", "van Aken", "Moulin"],
        ),
        ("Henrike von Steinau and Okoro Adebayo-Ndukwe. Counting ferns. 2021.", None),
        ("Thanh Le-Nguyen. Residual flows on sparse meshes. 2022.", ["Le-Nguyen"]),
        ("Ana B. Quiroga and Pål Østby. Tidal mixing in fjords. 2019.", ["Quiroga", "Østby"]),
    ],
)
def test_given_first_names_read_as_title_are_the_authors(
    text: str, families: list[str] | None
) -> None:
    """ "Authors. Title. Year." with no venue, every token labelled title by the model and
    the ranked title after the first sentence: the first sentence's names are the authors."""
    toks = tokenize(prepare(text).body)
    title_words = text.rsplit(". ", 2)[1]  # the sentence before the year
    r = reading(text, ["title"] * (len(toks) - 2) + ["date"] * 2, ranked=title_words)
    got = [a.family for a in authors.normalise(r, {})["authors"]]
    if families is None:
        assert len(got) == 2 and got[1] == "Adebayo-Ndukwe" and "Steinau" in got[0]
    else:
        assert got == families


@pytest.mark.parametrize(
    ("text", "ranked"),
    [
        # the ranked title is the first sentence: no names before it
        ("Deep Learning Methods. A review of them. 2018.", "Deep Learning Methods"),
        # an organisation, an acronym, a title with a colon, a year inside
        ("Common Crawl Foundation. Common Crawl corpus. 2025.", "Common Crawl corpus"),
        ("OECD Staff. Education at a glance. 2019.", "Education at a glance"),
        ("Glacier Atlas: Andes. Ice volumes by basin. 2021.", "Ice volumes by basin"),
        ("Report 2019 Update. Ice volumes by basin. 2021.", "Ice volumes by basin"),
        # a piece that is no personal name ("the", one word, lower case)
        ("Smith and the Rivers Group. Flood maps. 2020.", "Flood maps"),
        ("Marta Lindqvist and others. Flood maps. 2020.", "Flood maps"),
    ],
)
def test_a_first_sentence_that_is_no_list_of_names_gives_no_authors(text: str, ranked: str) -> None:
    toks = tokenize(prepare(text).body)
    r = reading(text, ["title"] * (len(toks) - 2) + ["date"] * 2, ranked=ranked)
    assert authors.names_before_title(r) == []


def test_names_before_title_only_where_the_model_labelled_no_author() -> None:
    text = "Irene Moulin. Counting ferns. 2021."
    toks = tokenize(prepare(text).body)
    labels = ["author"] * 3 + ["title"] * (len(toks) - 5) + ["date"] * 2
    r = reading(text, labels, ranked="Counting ferns")
    assert authors.names_before_title(r) == []
    assert [a.family for a in authors.normalise(r, {})["authors"]] == ["Moulin"]


@pytest.mark.parametrize(
    ("title", "text", "want"),
    [
        (
            "2: Transfer Learning",
            "A. Huang. SOP^2: Transfer Learning. 2025.",
            "SOP^2: Transfer Learning",
        ),
        ("Attention maps", "B. Lee. Self-Attention maps. 2020.", "Self-Attention maps"),
        ("++ in practice", "C. Wu. C++ in practice. 2001.", "C++ in practice"),
        # a separator before the title: it stays as picked
        ("Rivers", "Smith J.Rivers. 2020.", "Rivers"),
        ("Rivers", "Smith J. “Rivers”. 2020.", "Rivers"),
        ("Rivers", "Smith J. (2020)Rivers, 3.", "Rivers"),
        ("Rivers", "Smith J., Rivers, 2020.", "Rivers"),
        ("Rivers", "Smith J. Rivers, 2020.", "Rivers"),
        ("Rivers", "Smith J. 2020:Rivers, 3.", "Rivers"),
    ],
)
def test_a_title_picked_inside_a_word_takes_the_whole_word(
    title: str, text: str, want: str
) -> None:
    assert whole_first_word(title, text) == want
