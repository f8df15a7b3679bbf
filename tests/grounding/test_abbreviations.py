"""Tests for grounding.judges.abbreviations: definitions a paper gives, used both ways."""

from __future__ import annotations

from grounding.evidence import EvidenceIndex
from grounding.judges.abbreviations import Aliases, best_long_form
from grounding.judges.statement_check import align


def test_long_form_by_backward_character_match() -> None:
    assert (
        best_long_form("RL", "a model trained via large-scale reinforcement learning")
        == "reinforcement learning"
    )
    assert (
        best_long_form("MLM", "pretrained with a masked language model") == "masked language model"
    )
    assert best_long_form("XYZ", "nothing here matches") is None


def test_aliases_skip_brackets_that_define_nothing() -> None:
    aliases = Aliases.of(
        [
            "We use reinforcement learning (RL) and see (a) and (Fig. 2).\n"
            "HPGPONM match ATP5SL Yes (HPG"
        ]
    )
    assert aliases.pairs == (("rl", ("reinforc", "learn")),)
    assert aliases.expand(frozenset({"rl"})) >= {"reinforc", "learn"}
    assert "rl" in aliases.expand(frozenset({"reinforc", "learn", "polic"}))


def test_a_passage_with_the_long_form_holds_the_short_form() -> None:
    pages = [
        "Intro. We train the policy with reinforcement learning (RL) on math.\n\n"
        "Later the policy is trained with reinforcement learning on code tasks.\n"
    ]
    index = EvidenceIndex.from_texts(pages)
    hits = index.hits("RL trains the policy on code tasks", k=8)
    plain = align("RL trains the policy on code tasks", hits, {})
    aware = align("RL trains the policy on code tasks", hits, {}, Aliases.of(pages))
    assert plain is not None and aware is not None
    assert aware.coverage == 1.0 and plain.coverage < 1.0
