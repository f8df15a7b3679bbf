"""citations/crf/gold: the project's own labelled references read as the trainer reads them,
tagged with known fields only, and written apart from the benchmarks the project reports."""

from __future__ import annotations

import glob
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from citations.crf.corpus import GOLD_DIR, KNOWN_TAGS, read_anystyle
from citations.parse import parse_reference
from tests.conftest import DATA, need

GOLD_FILES = sorted(GOLD_DIR.glob("*.xml"))


def test_the_gold_folder_holds_many_kinds() -> None:
    assert len(GOLD_FILES) >= 10
    assert sum(len(read_anystyle(p)) for p in GOLD_FILES) >= 500


@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda p: p.name)
def test_every_gold_reference_is_read_with_known_tags(path: Path) -> None:
    root = ET.parse(path).getroot()
    seqs = list(root.iter("sequence"))
    assert len(seqs) >= 20, path.name
    for s in seqs:
        tags = [el.tag for el in s]
        assert set(tags) <= KNOWN_TAGS, (path.name, tags)
        assert "title" in tags, (path.name, tags)
    refs = read_anystyle(path)
    assert len(refs) == len(seqs)
    assert all("title" in r.labels for r in refs)


GERMAN = """<?xml version="1.0" encoding="UTF-8"?>
<dataset>
  <sequence>
    <author>Ebert, M.:</author>
    <title>Zur Statik alter Brücken.</title>
    <journal>In: Bautechnik</journal>
    <volume>38,</volume>
    <issue>H. 2,</issue>
    <pages>S. 12-19.</pages>
  </sequence>
  <sequence>
    <author>Ebert, M.:</author>
    <title>Zur Statik alter Brücken.</title>
    <edition>2. Aufl.</edition>
    <location>Berlin:</location>
    <publisher>Ernst</publisher>
    <date>1990.</date>
  </sequence>
</dataset>
"""


def test_issue_tag_is_the_issue_and_other_tags_are_notes(tmp_path: Path) -> None:
    p = tmp_path / "g.xml"
    p.write_text(GERMAN, encoding="utf-8")
    journal, book = read_anystyle(p)
    pairs = list(zip((w for w, _, _ in journal.tokens), journal.labels, strict=True))
    assert ("38", "volume") in pairs and ("H", "issue") in pairs and ("2", "issue") in pairs
    assert ("S", "pages") in pairs and ("12", "pages") in pairs
    # a tag the labeller has no label for (edition) is a note; the volume is not touched
    labels = dict(zip((w for w, _, _ in book.tokens), book.labels, strict=True))
    assert labels["Aufl"] == "note" and labels["Berlin"] == "location"
    assert "volume" not in book.labels and "issue" not in book.labels


def _fold(s: str) -> str:
    s = unicodedata.normalize("NFKD", s.lower())
    return " ".join(re.sub(r"[^0-9a-z]+", " ", s).split())


def _benchmark_text() -> str:
    """Every reference string and title of the benchmarks the project reports on, folded."""
    parts: list[str] = []
    audit = json.loads(need(DATA / "citeaudit" / "benchmark.json").read_text())["data"]
    parts.extend(str(r["citation"]) for r in audit)
    for f in sorted(glob.glob(str(need(DATA / "hallmark") / "v1.*" / "*.jsonl"))):
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            if line.strip():
                fields = json.loads(line).get("fields")
                if isinstance(fields, dict):
                    parts.append(str(fields.get("title", "")))
    for f in sorted(need(DATA / "citetracer" / "synthetic_v2").glob("*.json")):
        parts.append(f.read_text(encoding="utf-8"))
    return "\n".join(_fold(p) for p in parts)


def test_no_gold_title_is_copied_from_a_benchmark() -> None:
    """Gold titles are invented: none of them (four words or more) occurs in CiteAudit,
    HALLMARK or CiteTracer, so those figures stay measured on strings never trained on."""
    text = _benchmark_text()
    assert "neural" in text  # the benchmarks were read
    titles = {_fold(r.field_text("title")) for p in GOLD_FILES for r in read_anystyle(p)}
    long_titles = [t for t in titles if len(t.split()) >= 4]
    assert len(long_titles) > 100
    copied = [t for t in long_titles if t in text]
    assert copied == []


# Kinds the gold teaches, read on strings written apart from it (other names, titles and
# venues): each kind with several inputs, and inputs of the same layout that must not change.
# The shipped model predates the gold: what only a retrain on it reads right is marked.
RETRAIN = pytest.mark.xfail(
    strict=True, reason="known: read right only by a model retrained on citations/crf/gold"
)

NOTICE_TITLES = [
    pytest.param(
        "Marta Oyelaran, Bastien Kerleau, and Ilse Vandermeulen. WITHDRAWN: Seasonal drift of "
        "microbial mats in alkaline lakes. bioRxiv, 2021.",
        ["Oyelaran", "Kerleau", "Vandermeulen"],
        "WITHDRAWN: Seasonal drift of microbial mats in alkaline lakes",
        marks=RETRAIN,
    ),
    (
        "Oyelaran, M., & Kerleau, B. (2019). RETRACTED: Oyster reef recovery after storm "
        "surges. Estuarine Letters, 12(3), 45–60.",
        ["Oyelaran", "Kerleau"],
        "RETRACTED: Oyster reef recovery after storm surges",
    ),
    (
        "Tobias Grünewald and Ana Paula Meirelles. Erratum: Wind shear estimates from drone "
        "swarms. 2022.",
        ["Grünewald", "Meirelles"],
        "Erratum: Wind shear estimates from drone swarms",
    ),
    # not a notice: a title whose first word is "Correction" is read as it is
    (
        "Kenji Morioka and Aylin Demirci. Correction of lens distortion in drone images. "
        "Journal of Aerial Survey, 2018.",
        ["Morioka", "Demirci"],
        "Correction of lens distortion in drone images",
    ),
    # no notice at all: nothing is added to the title or taken from the names
    (
        "Rhys Pritchard, Saoirse Nolan. Peat depth from ground radar. 2020.",
        ["Pritchard", "Nolan"],
        "Peat depth from ground radar",
    ),
]


@pytest.mark.parametrize(("text", "families", "title"), NOTICE_TITLES)
def test_a_notice_prefix_stays_in_the_title_and_out_of_the_names(
    text: str, families: list[str], title: str
) -> None:
    r = parse_reference(text)
    assert [a.family for a in r.authors] == families, text
    assert r.title == title, text


DATASETS = [
    pytest.param(
        "Meirelles, A. P. (2015). Dados de vazão do rio Doce (Versão 2) [Data set]. Zenodo. "
        "https://doi.org/10.5281/zenodo.5550123",
        "Dados de vazão do rio Doce",
        "Zenodo",
        marks=RETRAIN,
    ),
    pytest.param(
        "Kerleau, B., & Poel, J. (2021). Harbour tide records 1990-2020 (Version 1.2) [Data "
        "set]. Figshare. https://doi.org/10.6084/m9.figshare.1234987",
        "Harbour tide records 1990-2020",
        "Figshare",
        marks=RETRAIN,
    ),
]


@pytest.mark.parametrize(("text", "title", "publisher"), DATASETS)
def test_a_data_set_keeps_its_title_and_repository(text: str, title: str, publisher: str) -> None:
    r = parse_reference(text)
    assert r.title == title and r.publisher == publisher, (text, r.title, r.publisher)
    assert r.doi is not None and r.doi.startswith("10."), text


VENUE_ACRONYM_YEARS = [
    pytest.param(
        "7. Okafor, B. et al. Sparse priors for reef acoustics. in Proceedings of the 9th "
        "Symposium on Marine Sound (MarSo 2021) 112–130 (Ocean Press, 2020).",
        2020,
        "MarSo",
        marks=RETRAIN,
    ),
    (
        "7. okafor, b. u. a. sparse priors for reef acoustics. in proceedings of the 9th "
        "symposium on marine sound (marso 2021) 112–130 (ocean press, 2020).",
        2020,
        "marso",
    ),
    pytest.param(
        "OKAFOR, B. et al. Sparse priors for reef acoustics. In: PROCEEDINGS OF THE 9TH "
        "SYMPOSIUM ON MARINE SOUND (MARSO 2021). Lagos: Ocean Press, 2020. p. 112-130.",
        2020,
        "MARSO",
        marks=RETRAIN,
    ),
    (
        "Oduya, K., & Lindfors, E. (2018). Tidal gauges read by drones. In Proceedings of the "
        "6th Workshop on Coastal Sensing (CoastS 2019) (pp. 88–97). Harbour Press.",
        2018,
        "CoastS",
    ),
    (
        "Oduya, Kemi, and Elsa Lindfors. “Tidal Gauges Read by Drones.” Proceedings of the 6th "
        "Workshop on Coastal Sensing (CoastS 2019), Harbour Press, 2018, pp. 88–97.",
        2018,
        "CoastS",
    ),
    # the meeting's year is the publication year: nothing to choose between
    (
        "4. Oduya, K. & Lindfors, E. Tidal gauges read by drones. in Proceedings of the 6th "
        "Workshop on Coastal Sensing (CoastS 2018) 88–97 (Harbour Press, 2018).",
        2018,
        "CoastS",
    ),
    # a venue that names its year without a bracket, no other year given: that year
    (
        "Lindfors, E. Tidal gauges read by drones. In: Proceedings of CoastS 2017. p. 88-97.",
        2017,
        "CoastS",
    ),
]


@pytest.mark.parametrize(("text", "year", "venue_part"), VENUE_ACRONYM_YEARS)
def test_a_venue_acronym_year_stays_in_the_venue(text: str, year: int, venue_part: str) -> None:
    """A meeting's "(NAME 2021)" belongs to the venue: the publication year is the one the
    string gives apart from it."""
    r = parse_reference(text)
    assert r.year == year, (text, r.year)
    assert r.venue is not None and venue_part in r.venue, (text, r.venue)


ACRONYM_HEADS = [
    (
        "Ilona Varga, Tomás Echeverría, Mei Lin Sato, and Karim Haddou. GlideNet: Sparse wind "
        "fields from glider swarms. 2024.",
        "GlideNet: Sparse wind fields from glider swarms",
        ["Varga", "Echeverría", "Sato", "Haddou"],
    ),
    (
        "Ilona Varga and Tomás Echeverría. RoofSolve: Estimating roof pitch from aerial photos. "
        "2023.",
        "RoofSolve: Estimating roof pitch from aerial photos",
        ["Varga", "Echeverría"],
    ),
    (
        "Ilona Varga, Tomás Echeverría, and Karim Haddou. KELPIE Supplementary Figures. 2024.",
        "KELPIE Supplementary Figures",
        ["Varga", "Echeverría", "Haddou"],
    ),
    # no name heads the title: read as it is
    (
        "Ilona Varga, Tomás Echeverría, and Karim Haddou. Sparse wind fields from glider "
        "swarms. 2024.",
        "Sparse wind fields from glider swarms",
        ["Varga", "Echeverría", "Haddou"],
    ),
]


@pytest.mark.parametrize(("text", "title", "families"), ACRONYM_HEADS)
def test_a_name_heading_the_title_stays_in_it(text: str, title: str, families: list[str]) -> None:
    """Given-first names, then "NAME: Title." and the year, no venue: the name before the
    colon opens the title, and no name of the list runs into it."""
    r = parse_reference(text)
    assert r.title == title, (text, r.title)
    assert [a.family for a in r.authors] == families, text
