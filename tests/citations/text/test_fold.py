"""citations.text.fold: the two folds, each idempotent, and where they differ."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citations.text.fold import fold, fold_key, strip_markup, title_words

_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=60)


@given(_text)
def test_fold_is_idempotent(s: str) -> None:
    assert fold(fold(s)) == fold(s)


@given(_text)
def test_fold_key_is_idempotent(s: str) -> None:
    assert fold_key(fold_key(s)) == fold_key(s)


def test_both_folds_read_accents_latex_and_dashes_alike() -> None:
    for f in (fold, fold_key):
        assert f("Höglund") == f("Ho\u0308glund") == f('H{\\"o}glund') == "hoglund"
        assert f("Keller\u2010Amadi") == "keller-amadi"
        assert f("Straße") == "strasse"


def test_fold_keeps_the_layout_and_fold_key_does_not() -> None:
    # fold: a word's offset in the folded string is its offset in the text
    assert fold("A  \u201cquoted\u201d  title") == "a  \u201cquoted\u201d  title"
    # fold_key: a key; quotes as ASCII, spaces collapsed, soft hyphens dropped
    assert fold_key("A  \u201cquoted\u201d  title") == 'a "quoted" title'
    assert fold_key("Hyphen\u00adated") == "hyphenated"


def test_strip_markup_and_title_words() -> None:
    assert strip_markup("The <i>E. coli</i> genome &amp; more") == "The E. coli genome & more"
    assert title_words("$\\beta$-catenin and \u03b2-catenin") == [
        "beta",
        "catenin",
        "and",
        "beta",
        "catenin",
    ]
