"""clause_ranges: a sentence cut into clauses that each hold enough content terms."""

from __future__ import annotations

import re

from grounding.judges.clauses import clause_ranges
from grounding.lexicon import content_terms

CUT = re.compile(r"[;:]|,\s|\s(?:and|but|which)\s")


def test_cuts_cover_the_text_and_short_pieces_join_a_neighbour() -> None:
    text = (
        "Imidazole reduced corrosion of carbon steel; the efficiency rose with its "
        "concentration in heating water, up to 500 ppm"
    )
    spans = clause_ranges(text, CUT, content_terms)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    assert [text[a:b] for a, b in spans] == [
        "Imidazole reduced corrosion of carbon steel",
        "; the efficiency rose with its concentration in heating water",
        ", up to 500 ppm",
    ]
    # a piece of fewer than three terms joins the clause before it
    short = "Imidazole reduced corrosion of carbon steel, it did"
    assert clause_ranges(short, CUT, content_terms) == [(0, len(short))]


def test_a_text_with_too_few_terms_is_one_clause_and_empty_text_none() -> None:
    assert clause_ranges("It rose, and fell", CUT, content_terms) == [(0, 17)]
    assert clause_ranges("", CUT, content_terms) == []
