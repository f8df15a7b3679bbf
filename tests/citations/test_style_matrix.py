"""The style-matrix instrument (bench/_styles.py): each style writes the fields it should."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT))
from bench._styles import LANGS, STYLES, Work, format_reference, sloppy  # noqa: E402

WORK = Work(
    title="Learning Grammar Specifications from IGT: A Case Study of Chintang",
    authors=(("Emily M.", "Bender"), ("Joshua", "Crowgey"), ("Michael Wayne", "Goodman")),
    year=2014,
    venue="Proceedings of the 2014 Workshop on Endangered Languages",
    pages="43–53",
    doi="10.3115/v1/W14-2206",
    publisher="ACL",
    address="Baltimore",
)


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_style_writes_title_year_first_author_and_pages(style: str, lang: str) -> None:
    text = format_reference(WORK, style, lang)
    assert WORK.title in text
    assert "2014" in text
    assert "BENDER" in text if style == "abnt" else "Bender" in text
    assert "43" in text and "53" in text
    assert "  " not in text


def test_language_conventions() -> None:
    assert " e Goodman" in format_reference(WORK, "ieee", "pt").replace(
        "M. W. Goodman", "Goodman"
    ) or " e M. W. Goodman" in format_reference(WORK, "ieee", "pt")
    assert "S. 43" in format_reference(WORK, "apa", "de")
    assert "u. a." in format_reference(
        WORK.__class__(**{**WORK.__dict__, "authors": WORK.authors * 2}), "harvard", "de"
    )


def test_sloppy_is_deterministic_and_keeps_the_words() -> None:
    text = format_reference(WORK, "apa", "en")
    a, b = sloppy(text, 3, WORK), sloppy(text, 3, WORK)
    assert a == b and a != text
    assert a.lower().split()[0].startswith("bender")
