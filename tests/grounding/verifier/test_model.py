"""The numpy runtime computes what the torch module it was trained as computes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from grounding.errors import JudgeError
from grounding.verifier.model import LABELS, Verifier, export

PAIRS = [
    ("The model was trained for 3 epochs on 8 GPUs.", "Training took three epochs."),
    ("Endorectal coils will be avoided in the trial.", "Endorectal coils are used."),
    ("A short premise.", "A much longer claim " * 20),  # truncated to max_length
    ("", "An empty premise still gives probabilities."),
]


def test_numpy_matches_torch(tiny_base: Path, tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from grounding.verifier.train import build_torch_model, collate

    torch.manual_seed(0)
    model = build_torch_model(tiny_base, torch).eval()
    state = {k: v.detach().numpy() for k, v in model.state_dict().items()}
    export(state, tiny_base, tmp_path, temperature=1.5, training={"max_length": 48})
    v = Verifier(tmp_path)
    got = v.logits(PAIRS, batch_size=3)
    encs = v.tokenizer.encode_batch(PAIRS)
    assert max(len(e.ids) for e in encs) == 48
    with torch.no_grad():
        want = model(*collate([(e.ids, e.type_ids) for e in encs], torch)).numpy()
    # int8 weights: close, not equal
    assert np.abs(got - want).max() < 0.05 * max(1.0, float(np.abs(want).max()))
    assert (got.argmax(1) == want.argmax(1)).mean() >= 0.75
    probs = v.predict(PAIRS)
    assert [set(p) for p in probs] == [set(LABELS)] * len(PAIRS)
    assert all(abs(sum(p.values()) - 1) < 1e-5 for p in probs)
    # the temperature is applied: softer than the raw softmax
    raw = np.exp(got[0]) / np.exp(got[0]).sum()
    assert max(probs[0].values()) <= raw.max() + 1e-6


def test_pairs_order_and_batching_do_not_change_results(tiny_base: Path, tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from grounding.verifier.train import build_torch_model

    torch.manual_seed(1)
    state = {
        k: v.detach().numpy() for k, v in build_torch_model(tiny_base, torch).state_dict().items()
    }
    export(state, tiny_base, tmp_path)
    v = Verifier(tmp_path)
    a = v.logits(PAIRS, batch_size=1)
    b = v.logits(PAIRS[::-1], batch_size=4)[::-1]
    assert np.allclose(a, b, atol=1e-4)
    assert v.logits([]).shape == (0, 3)


def test_missing_or_broken_weights_raise_judge_error(tmp_path: Path) -> None:
    with pytest.raises(JudgeError, match="weights"):
        Verifier(tmp_path)
    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "weights.npz").write_bytes(b"not a zip")
    with pytest.raises(JudgeError):
        Verifier(tmp_path)
