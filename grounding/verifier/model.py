"""The claim verifier's runtime: a BERT cross-encoder in numpy, no torch.

``Verifier.load()`` reads the shipped weights (``grounding/verifier/data/``: ``weights.npz``
with int8 matrices and one fp32 scale per output row, fp16 vectors; ``tokenizer.json``;
``config.json`` with the architecture, the calibration temperature and the training
settings). ``Verifier.predict(pairs)`` gives, per (premise, claim) pair, the calibrated
probabilities of ``supported``, ``refuted`` and ``nei``.

Arithmetic: BERT (post-LayerNorm; GELU in its tanh form, within 5e-4 of the exact one),
mean pooling over the pair's tokens, one linear layer; otherwise the same as the torch
module of :mod:`grounding.verifier.train`. Matrices are dequantised to float32 once at
load (about 90 MB of memory for MiniLM-L6).

Raises :class:`grounding.errors.JudgeError` when the weights are missing or unreadable, or
when ``tokenizers`` is not installed.
"""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import numpy as np

from grounding.errors import JudgeError

DATA_DIR = Path(__file__).resolve().parent / "data"
LABELS = ("supported", "refuted", "nei")

# matrices stored int8 (one scale per output row); everything else fp16
_QUANTISED = ("word", "position", "token_type", "query", "key", "value", "attn_out", "inter", "out")


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU, tanh form (Hendrycks and Gimpel 2016): at most 5e-4 from the exact erf form the
    model was trained with, and about 7x faster in numpy; computed in place on a copy."""
    y = x * x
    y *= x
    y *= np.float32(0.044715)
    y += x
    y *= np.float32(math.sqrt(2.0 / math.pi))
    np.tanh(y, out=y)
    y += 1
    y *= x
    y *= np.float32(0.5)
    return cast(np.ndarray, y)


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return cast(np.ndarray, ((x - mu) / np.sqrt(var + eps) * w + b).astype(np.float32))


def _softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return cast(np.ndarray, e / e.sum(axis=axis, keepdims=True))


@dataclass
class Encoder:
    """BERT cross-encoder weights (float32) and hyper-parameters."""

    w: dict[str, np.ndarray]
    layers: int
    heads: int
    eps: float

    def logits(self, ids: np.ndarray, types: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Class logits, shape (batch, 3), for padded ``ids``/``types``/``mask`` of shape
        (batch, tokens)."""
        w = self.w
        b, n = ids.shape
        x = w["word.weight"][ids] + w["position.weight"][:n][None] + w["token_type.weight"][types]
        x = _layer_norm(x, w["emb_norm.weight"], w["emb_norm.bias"], self.eps)
        hidden = x.shape[-1]
        d = hidden // self.heads
        bias = ((1.0 - mask[:, None, None, :].astype(np.float32)) * -1e4).astype(np.float32)
        for i in range(self.layers):
            p = f"layers.{i}."

            def lin(t: np.ndarray, name: str, p: str = p) -> np.ndarray:
                return cast(np.ndarray, t @ w[p + name + ".weight"].T + w[p + name + ".bias"])

            def heads_of(t: np.ndarray) -> np.ndarray:
                return t.reshape(b, n, self.heads, d).transpose(0, 2, 1, 3)

            q, k, v = heads_of(lin(x, "query")), heads_of(lin(x, "key")), heads_of(lin(x, "value"))
            att = _softmax(q @ k.transpose(0, 1, 3, 2) / math.sqrt(d) + bias)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, hidden)
            x = _layer_norm(
                x + lin(ctx, "attn_out"),
                w[p + "attn_norm.weight"],
                w[p + "attn_norm.bias"],
                self.eps,
            )
            h = _gelu(lin(x, "inter"))
            x = _layer_norm(
                x + lin(h, "out"), w[p + "out_norm.weight"], w[p + "out_norm.bias"], self.eps
            )
        m = mask[..., None].astype(np.float32)
        pooled = (x * m).sum(1) / np.maximum(m.sum(1), 1.0)
        return cast(np.ndarray, pooled @ w["head.weight"].T + w["head.bias"])


def _quantised(name: str) -> bool:
    parts = name.split(".")
    return parts[-1] == "weight" and (
        parts[0] in _QUANTISED or (len(parts) > 2 and parts[2] in _QUANTISED)
    )


def export(
    state: Mapping[str, np.ndarray],
    base: Path,
    out: Path,
    temperature: float = 1.0,
    training: Mapping[str, Any] | None = None,
) -> None:
    """Write ``weights.npz``, ``config.json`` and ``tokenizer.json`` for :class:`Verifier`.

    Args: state: parameter name -> float32 array (the torch module's state dict as numpy).
          base: the pretrained encoder's directory (config.json, tokenizer.json).
          out: the folder to write. temperature: divides the logits (calibration).
    """
    out.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, np.ndarray] = {}
    for name, value in state.items():
        value = np.asarray(value, dtype=np.float32)
        if _quantised(name):
            scale = np.abs(value).max(axis=1, keepdims=True) / 127.0
            scale[scale == 0] = 1.0
            arrays[name + ".q"] = np.round(value / scale).astype(np.int8)
            arrays[name + ".scale"] = scale.astype(np.float32)
        else:
            arrays[name] = value.astype(np.float16)
    np.savez_compressed(out / "weights.npz", **arrays)  # type: ignore[arg-type]
    cfg = json.loads((base / "config.json").read_text())
    config = {
        "labels": list(LABELS),
        "layers": cfg["num_hidden_layers"],
        "heads": cfg["num_attention_heads"],
        "eps": cfg["layer_norm_eps"],
        "max_length": int((training or {}).get("max_length", 160)),
        "temperature": temperature,
        "base_model": "sentence-transformers/all-MiniLM-L6-v2",
        "training": dict(training or {}),
    }
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    shutil.copyfile(base / "tokenizer.json", out / "tokenizer.json")


def load_encoder(folder: Path) -> tuple[Encoder, dict[str, Any]]:
    """The encoder and config stored in ``folder`` by :func:`export`.

    Raises: JudgeError if a file is missing or unreadable."""
    try:
        config = json.loads((folder / "config.json").read_text())
        with np.load(folder / "weights.npz") as z:
            raw = {k: z[k] for k in z.files}
    except (OSError, ValueError, KeyError) as exc:
        raise JudgeError(
            f"cannot read the claim verifier's weights in {folder}: {exc}", backend="verifier"
        ) from exc
    w: dict[str, np.ndarray] = {}
    for k, v in raw.items():
        if k.endswith(".q"):
            name = k[:-2]
            w[name] = v.astype(np.float32) * raw[name + ".scale"]
        elif not k.endswith(".scale"):
            w[k] = v.astype(np.float32)
    return Encoder(w, int(config["layers"]), int(config["heads"]), float(config["eps"])), config


class Verifier:
    """Calibrated (premise, claim) -> P(supported), P(refuted), P(nei).

    Args: folder: where :func:`export` wrote the model (default: the shipped one).
    Raises: JudgeError if the weights cannot be read or ``tokenizers`` is missing.
    """

    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or DATA_DIR
        try:
            from tokenizers import Tokenizer
        except ModuleNotFoundError as exc:
            raise JudgeError(
                "the claim verifier needs the tokenizers package (pip install tokenizers)",
                backend="verifier",
            ) from exc
        self.encoder, self.config = load_encoder(folder)
        try:
            self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        except Exception as exc:  # tokenizers raises its own Exception subclass
            raise JudgeError(
                f"cannot read {folder / 'tokenizer.json'}: {exc}", backend="verifier"
            ) from exc
        self.max_length = int(self.config.get("max_length", 160))
        self.tokenizer.enable_truncation(max_length=self.max_length, strategy="longest_first")
        self.tokenizer.no_padding()
        self.temperature = float(self.config.get("temperature", 1.0))
        self.folder = folder

    def logits(self, pairs: Sequence[tuple[str, str]], batch_size: int = 32) -> np.ndarray:
        """Raw (uncalibrated) logits, shape (len(pairs), 3); pairs sorted by length into
        batches so that padding is small."""
        out = np.zeros((len(pairs), len(LABELS)), dtype=np.float32)
        if not pairs:
            return out
        encs = self.tokenizer.encode_batch([(p, c) for p, c in pairs])
        order = sorted(range(len(encs)), key=lambda i: len(encs[i].ids))
        for s in range(0, len(order), batch_size):
            idx = order[s : s + batch_size]
            n = max(len(encs[i].ids) for i in idx)
            ids = np.zeros((len(idx), n), dtype=np.int64)
            types = np.zeros((len(idx), n), dtype=np.int64)
            mask = np.zeros((len(idx), n), dtype=np.int64)
            for r, i in enumerate(idx):
                e = encs[i]
                ids[r, : len(e.ids)] = e.ids
                types[r, : len(e.type_ids)] = e.type_ids
                mask[r, : len(e.ids)] = 1
            out[idx] = self.encoder.logits(ids, types, mask)
        return out

    def predict(
        self, pairs: Sequence[tuple[str, str]], batch_size: int = 32
    ) -> list[dict[str, float]]:
        """Calibrated probabilities per (premise, claim): dicts with keys ``supported``,
        ``refuted``, ``nei`` summing to 1, in the order of ``pairs``."""
        probs = _softmax(self.logits(pairs, batch_size) / self.temperature)
        return [dict(zip(LABELS, map(float, row))) for row in probs]


_LOADED: dict[Path, Verifier] = {}


def shipped_verifier(folder: Path | None = None) -> Verifier:
    """One :class:`Verifier` per folder per process (loading costs about 0.5 s)."""
    folder = (folder or DATA_DIR).resolve()
    if folder not in _LOADED:
        _LOADED[folder] = Verifier(folder)
    return _LOADED[folder]


__all__ = [
    "DATA_DIR",
    "LABELS",
    "Encoder",
    "Verifier",
    "export",
    "load_encoder",
    "shipped_verifier",
]
