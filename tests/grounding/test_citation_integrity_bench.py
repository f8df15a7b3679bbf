"""bench/citation_integrity.py's instrument: each claim's citation placeholders become
marker groups the audit reads as citations, and no reference number of the claim is left
in its text to be read as a value."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import DATA, load_bench, need

citint = load_bench("citation_integrity")
CLAIMS = DATA / "external" / "citation-integrity"


@pytest.mark.parametrize(
    ("claim", "body"),
    [
        ("a ceRNA regulatory network [<|cit|>,31].", "a ceRNA regulatory network [1, 2]."),
        ("mitochondrial ATP provision (<|cit|>, 178).", "mitochondrial ATP provision [1, 2]."),
        (
            "pervasive transcription (e.g. [<|other_cit|>–55]).",
            "pervasive transcription (e.g. [2]).",
        ),
        ("on this basis [<|multi_cit|>].", "on this basis [1]."),
        ("Tick et al., <|other_cit|>).", "Tick et al., [2])."),
        # a number in brackets that holds no placeholder is the claim's own
        (
            "vaccine studies (10) in rhesus macaques [<|cit|>].",
            "vaccine studies (10) in rhesus macaques [1].",
        ),
    ],
)
def test_citation_groups_become_markers(claim: str, body: str) -> None:
    assert citint.review_of(claim, 7).split("\n")[0] == body


def test_no_placeholder_or_reference_number_is_left_in_any_claim() -> None:
    for split in ("dev", "train"):
        path = need(CLAIMS / f"jedick_citint_claims_{split}.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines():
            body = citint.review_of(json.loads(line)["claim"], 1).split("\n")[0]
            assert "<|" not in body, body
            # no reference number is left after a marker group ("[1],31].", "([1], 178).")
            rest = re.sub(r"\[(?:1|2|1, 2)\]", "M", body)
            assert re.search(r"M\s*[,;–]\s*\d{1,3}\s*[\])](?=\s*[.,;)]|$)", rest) is None, body
