"""citations.data: the alias and abbreviation tables load, and every row is well formed."""

from __future__ import annotations

from citations.data import family_first_names, publisher_aliases, venue_aliases, venue_table
from citations.text.fold import fold


def test_venue_aliases_load_with_their_special_cases() -> None:
    table = venue_aliases()
    assert len(table.aliases) >= 50
    assert "empirical methods in natural language processing" in table.aliases["emnlp"]
    known = set(table.aliases)
    # every special case names an acronym the table knows
    assert table.words <= known
    assert set(table.spellings.values()) <= known
    assert set(table.shadows) <= known and set(table.shadows.values()) <= known
    assert set(table.alone) <= known
    assert table.publishers <= known


def test_publisher_aliases_load() -> None:
    table = publisher_aliases()
    assert "association for computing machinery" in table.aliases["acm"]
    assert set(table.shadows) <= set(table.aliases)
    assert set(table.shadows.values()) <= set(table.aliases)


def test_every_value_is_folded() -> None:
    phrases = [p for ps in venue_aliases().aliases.values() for p in ps]
    phrases += [p for ps in publisher_aliases().aliases.values() for p in ps]
    assert all(fold(p) == p for p in phrases)
    assert all(fold(w) == w for w in family_first_names())


def test_tables_are_read_once() -> None:
    assert venue_aliases() is venue_aliases()
    assert venue_table() is venue_table()
