"""A tiny BERT built in the test (random weights, the real tokenizer), for the trainer and
the numpy runtime without the 90 MB pretrained encoder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from grounding.verifier.model import DATA_DIR

TINY = {
    "hidden_size": 32,
    "num_attention_heads": 4,
    "num_hidden_layers": 2,
    "intermediate_size": 64,
    "max_position_embeddings": 512,
    "type_vocab_size": 2,
    "vocab_size": 30522,
    "layer_norm_eps": 1e-12,
}


@pytest.fixture(scope="session")
def tiny_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like the pretrained encoder's: config.json, model.safetensors (random,
    seeded), tokenizer.json (the shipped one)."""
    torch = pytest.importorskip("torch")
    st = pytest.importorskip("safetensors.torch")
    if not (DATA_DIR / "tokenizer.json").exists():
        pytest.skip("the shipped tokenizer.json is missing")
    folder = tmp_path_factory.mktemp("tiny-bert")
    (folder / "config.json").write_text(json.dumps(TINY))
    g = torch.Generator().manual_seed(0)
    h, f = TINY["hidden_size"], TINY["intermediate_size"]

    def rnd(*shape: int) -> object:
        return torch.randn(*shape, generator=g) * 0.05

    w = {
        "embeddings.word_embeddings.weight": rnd(TINY["vocab_size"], h),
        "embeddings.position_embeddings.weight": rnd(512, h),
        "embeddings.token_type_embeddings.weight": rnd(2, h),
        "embeddings.LayerNorm.weight": torch.ones(h),
        "embeddings.LayerNorm.bias": rnd(h),
    }
    shapes = {
        "attention.self.query": (h, h),
        "attention.self.key": (h, h),
        "attention.self.value": (h, h),
        "attention.output.dense": (h, h),
        "intermediate.dense": (f, h),
        "output.dense": (h, f),
    }
    for i in range(TINY["num_hidden_layers"]):
        p = f"encoder.layer.{i}."
        for name, shape in shapes.items():
            w[p + name + ".weight"] = rnd(*shape)
            w[p + name + ".bias"] = rnd(shape[0])
        for ln in ("attention.output.LayerNorm", "output.LayerNorm"):
            w[p + ln + ".weight"] = torch.ones(h) + rnd(h)
            w[p + ln + ".bias"] = rnd(h)
    st.save_file({k: v.contiguous() for k, v in w.items()}, str(folder / "model.safetensors"))
    shutil.copyfile(DATA_DIR / "tokenizer.json", folder / "tokenizer.json")
    return folder
