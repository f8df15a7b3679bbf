"""Would a neural tagger beat the CRF? A BiLSTM over the CRF's own token features, trained and
scored on the split of ``bench/reference_labeller.py`` (held-out blocks and files never
trained on), next to a CRF trained on the same references, in one run.

Usage: python bench/neural_tagger.py [--data ../shared/data/external] [--epochs 8]
       [--buckets 65536] [--dim 48] [--hidden 128] [--threads 2]
       [--crf-model FILE --ranker FILE]

Needs torch (``pip install torch==2.13.0``: the CPU build) and numpy; nothing in the package
uses this yet: it measures whether the labeller should change (title target 0.95).

The tagger: every token's feature dict from :func:`citations.crf.features.token_features`
(the CRF's features: word, shape, lexicons, segments, three neighbours each side, ...) is
hashed (CRC-32 of "name=value", ``--buckets`` rows; ``--buckets 0``: a vocabulary of the
features seen twice) into a summed embedding bag of ``--dim`` numbers, then tanh, a one-layer
bidirectional LSTM of ``--hidden`` units each way, and a softmax over the labels from the
LSTM state and the embedding; cross-entropy, Adam (learning rate 0.002; sparse Adam for the
embeddings), dropout 0.25, batches of 32 strings, ``--epochs`` epochs fixed beforehand
(never chosen on the held-out part), torch seeded, one order of batches per seed. Trained on
the training references and their sloppy copies (as the CRF is:
:func:`citations.crf.corpus.sloppy_variants`).

Prints, per part and overall, the title right (within 90 % of gold, as
``bench/reference_labeller.py`` scores it):
- ``CRF`` / ``BiLSTM``: the first run of tokens each labels title (no rules, no ranker);
- ``default`` / ``always``: :func:`citations.parse.parse_reference` with the BiLSTM as its
  labeller (its softmax read as marginals) and the title ranker fitted on the CRF's
  cross-fitted marginals (``--ranker``; not refitted on the BiLSTM's), asking it when the
  rules' parse is doubtful / about every string;
- ``CRF default`` / ``CRF always``: the same with the CRF as the labeller;
then the token accuracy of both taggers, the model size (numbers, and MB as float16) and
the CPU time per string of the BiLSTM run in numpy (as the package would run it, checked
against torch's labels) against the CRF's tagging, in the same process.

``--crf-model`` / ``--ranker``: reuse a CRF and ranker trained on this split
(``python bench/reference_labeller.py --model FILE`` keeps FILE and ``title_ranker.json``
beside it); without them a CRF and ranker are trained here first (about 7 minutes on 2
cores; the BiLSTM takes about 7 more, the scoring 3). Figures: README, "A stronger tagger?".
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_labeller import gold_fields, split  # noqa: E402

from citations.crf.corpus import Tagged, sloppy_variants  # noqa: E402
from citations.crf.features import token_features, tokenize  # noqa: E402
from citations.crf.fit_titles import same_title  # noqa: E402
from citations.crf.labelled import MARGINAL_LABELS, Labelled, first_span  # noqa: E402
from citations.crf.labeller import ReferenceLabeller  # noqa: E402
from citations.crf.titles import TitleRanker  # noqa: E402
from citations.parse import parse_reference  # noqa: E402

Token = tuple[str, int, int]


def feature_keys(text: str, toks: list[Token]) -> list[list[tuple[str, float]]]:
    """Per token, its CRF features as ("name=value", weight) pairs (float features keep
    their name and weight)."""
    return [
        [(k, v) if isinstance(v, float) else (f"{k}={v}", 1.0) for k, v in f.items()]
        for f in token_features(text, toks)
    ]


class Hasher:
    """Feature keys to embedding rows: CRC-32 modulo ``buckets`` (row 0 unused), or a
    vocabulary when ``buckets`` is 0."""

    def __init__(self, buckets: int, vocab: dict[str, int] | None = None) -> None:
        self.buckets = buckets
        self.vocab = vocab or {}

    @property
    def rows(self) -> int:
        return self.buckets if self.buckets else len(self.vocab) + 1

    def encode(
        self, keys: list[list[tuple[str, float]]]
    ) -> tuple[list[int], list[float], list[int]]:
        ids: list[int] = []
        ws: list[float] = []
        offsets: list[int] = []
        for tok in keys:
            offsets.append(len(ids))
            for k, w in tok:
                j = (
                    (zlib.crc32(k.encode()) % (self.buckets - 1)) + 1
                    if self.buckets
                    else self.vocab.get(k, 0)
                )
                if j:
                    ids.append(j)
                    ws.append(w)
        return ids, ws, offsets


def build_model(rows: int, dim: int, hidden: int, n_labels: int) -> Any:
    import torch
    from torch import nn

    class BiLSTMTagger(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.emb = nn.EmbeddingBag(rows, dim, mode="sum", sparse=True)
            self.drop = nn.Dropout(0.25)
            self.lstm = nn.LSTM(dim, hidden, batch_first=True, bidirectional=True)
            self.out = nn.Linear(2 * hidden + dim, n_labels)

        def forward(
            self, batch: list[tuple[list[int], list[float], list[int]]]
        ) -> tuple[Any, list[int]]:
            ids, ws, offs, lens = [], [], [], []
            base = 0
            for x, w, o in batch:
                ids.extend(x)
                ws.extend(w)
                offs.extend(base + a for a in o)
                base += len(x)
                lens.append(len(o))
            e = torch.tanh(
                self.emb(
                    torch.tensor(ids, dtype=torch.long),
                    torch.tensor(offs, dtype=torch.long),
                    per_sample_weights=torch.tensor(ws),
                )
            )
            t = max(lens)
            pad = torch.zeros(len(batch), t, dim)
            k = 0
            for b, n in enumerate(lens):
                pad[b, :n] = e[k : k + n]
                k += n
            packed = nn.utils.rnn.pack_padded_sequence(
                self.drop(pad), torch.tensor(lens), batch_first=True, enforce_sorted=False
            )
            h, _ = self.lstm(packed)
            h, _ = nn.utils.rnn.pad_packed_sequence(h, batch_first=True, total_length=t)
            return self.out(torch.cat([self.drop(h), pad], -1)), lens

    return BiLSTMTagger()


def train_bilstm(
    refs: list[Tagged], hasher: Hasher, labels: list[str], args: argparse.Namespace
) -> Any:
    import torch
    from torch import nn

    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    lab_ix = {lb: i for i, lb in enumerate(labels)}
    data = []
    for k, r in enumerate(refs):
        for x in (r, *sloppy_variants(r, k)):
            data.append(
                (
                    hasher.encode(feature_keys(x.text, list(x.tokens))),
                    [lab_ix[lb] for lb in x.labels],
                )
            )
    model = build_model(hasher.rows, args.dim, args.hidden, len(labels))
    sparse_opt = torch.optim.SparseAdam(list(model.emb.parameters()), lr=2e-3)
    dense_opt = torch.optim.Adam(
        [p for n, p in model.named_parameters() if not n.startswith("emb.")], lr=2e-3
    )
    order = list(range(len(data)))
    for ep in range(args.epochs):
        t0 = time.process_time()
        rng.shuffle(order)
        total = 0.0
        for i in range(0, len(order), 32):
            batch = [data[j] for j in order[i : i + 32]]
            logits, _ = model([x for x, _ in batch])
            y = torch.full(logits.shape[:2], -100, dtype=torch.long)
            for b, (_, ys) in enumerate(batch):
                y[b, : len(ys)] = torch.tensor(ys)
            loss = nn.functional.cross_entropy(
                logits.reshape(-1, logits.shape[-1]), y.reshape(-1), ignore_index=-100
            )
            sparse_opt.zero_grad()
            dense_opt.zero_grad()
            loss.backward()
            sparse_opt.step()
            dense_opt.step()
            total += float(loss.detach())
        print(
            f"  epoch {ep + 1}/{args.epochs}: loss {total:.1f}, {time.process_time() - t0:.0f} s CPU",
            flush=True,
        )
    model.eval()
    return model


class NumpyBiLSTM:
    """The trained tagger run in numpy (float32 weights), as a package would run it."""

    def __init__(self, model: Any, labels: list[str], hasher: Hasher) -> None:
        sd = {k: v.detach().numpy().astype("float32") for k, v in model.state_dict().items()}
        self.emb = sd["emb.weight"]
        self.fw = (
            sd["lstm.weight_ih_l0"],
            sd["lstm.weight_hh_l0"],
            sd["lstm.bias_ih_l0"] + sd["lstm.bias_hh_l0"],
        )
        self.bw = (
            sd["lstm.weight_ih_l0_reverse"],
            sd["lstm.weight_hh_l0_reverse"],
            sd["lstm.bias_ih_l0_reverse"] + sd["lstm.bias_hh_l0_reverse"],
        )
        self.out_w, self.out_b = sd["out.weight"], sd["out.bias"]
        self.labels = labels
        self.hasher = hasher
        self.size = sum(int(v.size) for v in sd.values())

    @staticmethod
    def _run(x: Any, w: tuple[Any, Any, Any], reverse: bool) -> Any:
        import numpy as np

        w_ih, w_hh, b = w
        hdim = w_hh.shape[1]
        pre = x @ w_ih.T + b
        h = np.zeros(hdim, dtype=np.float32)
        c = np.zeros(hdim, dtype=np.float32)
        out = np.zeros((x.shape[0], hdim), dtype=np.float32)
        steps = range(x.shape[0] - 1, -1, -1) if reverse else range(x.shape[0])
        for t in steps:
            g = pre[t] + w_hh @ h
            i, f, gg, o = np.split(g, 4)
            i, f, o = 1 / (1 + np.exp(-i)), 1 / (1 + np.exp(-f)), 1 / (1 + np.exp(-o))
            c = f * c + i * np.tanh(gg)
            h = o * np.tanh(c)
            out[t] = h
        return out

    def probabilities(self, text: str, toks: list[Token]) -> Any:
        """Per token, the probability of every label (tokens x labels)."""
        return self.encoded_probabilities(self.hasher.encode(feature_keys(text, toks)))

    def encoded_probabilities(self, encoded: tuple[list[int], list[float], list[int]]) -> Any:
        """:meth:`probabilities` of a string's features as :meth:`Hasher.encode` gives them (one string)."""
        import numpy as np

        ids, ws, offs = encoded
        rows = self.emb[np.asarray(ids, dtype=np.int64)] * np.asarray(ws, dtype=np.float32)[:, None]
        e = (
            np.tanh(np.add.reduceat(rows, np.asarray(offs, dtype=np.int64), axis=0))
            if ids
            else np.zeros((len(offs), self.emb.shape[1]), dtype=np.float32)
        )
        h = np.concatenate([self._run(e, self.fw, False), self._run(e, self.bw, True), e], axis=1)
        z = h @ self.out_w.T + self.out_b
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return z / z.sum(axis=1, keepdims=True)


class BiLSTMLabeller:
    """The numpy tagger behind :class:`ReferenceLabeller`'s interface (``tag``, ``ranker``,
    ``name``), its softmax read as marginals."""

    def __init__(self, net: NumpyBiLSTM, ranker: TitleRanker | None) -> None:
        self.net = net
        self.ranker = ranker
        self.name = "bilstm"

    def tag(self, text: str) -> Labelled:
        toks = tokenize(text)
        if not toks:
            return Labelled(text, (), (), 1.0)
        p = self.net.probabilities(text, toks)
        idx = p.argmax(axis=1)
        labels = tuple(self.net.labels[int(i)] for i in idx)
        conf = tuple(float(p[t, int(i)]) for t, i in enumerate(idx))
        margs = {
            lb: tuple(float(x) for x in p[:, j])
            for j, lb in enumerate(self.net.labels)
            if lb in MARGINAL_LABELS
        }
        return Labelled(text, tuple(toks), labels, math.prod(conf), conf, margs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--data",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "external",
    )
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument(
        "--buckets", type=int, default=65536, help="hashed embedding rows (0: a vocabulary)"
    )
    ap.add_argument("--dim", type=int, default=48)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--crf-model", type=Path, help="a CRF trained on this split (else trained here)"
    )
    ap.add_argument("--ranker", type=Path, help="its title ranker (with --crf-model)")
    args = ap.parse_args()
    try:
        import numpy  # noqa: F401
        import torch
    except ImportError as exc:
        print(
            f"skipped: needs torch and numpy ({exc}); pip install torch==2.13.0 numpy",
            file=sys.stderr,
        )
        return 2
    if not (args.data / "anystyle").is_dir():
        print(f"skipped: {args.data}: no anystyle/ folder", file=sys.stderr)
        return 2
    torch.set_num_threads(args.threads)
    with tempfile.TemporaryDirectory() as tmp:
        return run(args, Path(tmp))


def run(args: argparse.Namespace, tmp: Path) -> int:
    import torch

    train_refs, held = split(args.data)
    if args.crf_model is None:
        from citations.crf.train import train_all

        args.crf_model, args.ranker = tmp / "crf.model", tmp / "ranker.json"
        t0 = time.perf_counter()
        train_all(train_refs, args.crf_model, jobs=2, ranker_out=args.ranker)
        print(f"CRF and ranker trained in {time.perf_counter() - t0:.0f} s")
    crf = ReferenceLabeller.load(args.crf_model, ranker=args.ranker)
    labels = sorted({lb for r in train_refs for lb in r.labels})
    if args.buckets:
        hasher = Hasher(args.buckets)
    else:
        counts = Counter(
            k
            for i, r in enumerate(train_refs)
            for x in (r, *sloppy_variants(r, i))
            for tok in feature_keys(x.text, list(x.tokens))
            for k, _ in tok
        )
        hasher = Hasher(
            0, {k: j + 1 for j, k in enumerate(sorted(k for k, c in counts.items() if c >= 2))}
        )
    t0 = time.perf_counter()
    model = train_bilstm(train_refs, hasher, labels, args)
    print(f"BiLSTM trained in {time.perf_counter() - t0:.0f} s ({hasher.rows} embedding rows)")
    net = NumpyBiLSTM(model, labels, hasher)
    nn_lab = BiLSTMLabeller(net, crf.ranker)

    right: Counter[tuple[str, str]] = Counter()
    n: Counter[str] = Counter()
    tok_right: Counter[str] = Counter()
    tok_n = 0
    agree = 0
    strings = 0
    for part, refs in held.items():
        for r in refs:
            toks = list(r.tokens)
            encoded = hasher.encode(feature_keys(r.text, toks))  # once, for numpy and torch
            p = net.encoded_probabilities(encoded)
            nn_labels = [labels[int(i)] for i in p.argmax(axis=1)]
            with torch.no_grad():
                logits, _ = model([encoded])
            agree += nn_labels == [labels[int(i)] for i in logits[0].argmax(-1)]
            strings += 1
            crf_labels = list(crf._tagger.tag(token_features(r.text, toks)))
            tok_n += len(toks)
            tok_right["CRF"] += sum(a == b for a, b in zip(crf_labels, r.labels))
            tok_right["BiLSTM"] += sum(a == b for a, b in zip(nn_labels, r.labels))
            gold = gold_fields(r).get("title")
            if gold is None:
                continue
            n[part] += 1
            tt = tuple(toks)
            right[part, "CRF"] += same_title(
                first_span(r.text, tt, tuple(crf_labels), "title"), gold
            )
            right[part, "BiLSTM"] += same_title(
                first_span(r.text, tt, tuple(nn_labels), "title"), gold
            )
            right[part, "default"] += same_title(
                parse_reference(r.text, labeller=nn_lab).title, gold
            )  # type: ignore[arg-type]
            right[part, "always"] += same_title(
                parse_reference(r.text, labeller=nn_lab).title, gold
            )  # type: ignore[arg-type]
            right[part, "CRF default"] += same_title(
                parse_reference(r.text, labeller=crf).title, gold
            )
            right[part, "CRF always"] += same_title(
                parse_reference(r.text, labeller=crf).title, gold
            )

    cols = ("CRF", "BiLSTM", "CRF default", "default", "CRF always", "always")
    print(
        "\ntitle within 90 % of gold, held-out parts (BiLSTM default/always: its tags, the CRF's ranker)"
    )
    print(f"  {'part':<15}{'n':>6}" + "".join(f"{c:>13}" for c in cols))
    for part in [*n, "all"]:
        k = sum(n.values()) if part == "all" else n[part]
        vals = [sum(right[p, c] for p in n) if part == "all" else right[part, c] for c in cols]
        print(f"  {part:<15}{k:>6}" + "".join(f"{v / k:>13.3f}" for v in vals))
    print(
        f"\ntoken accuracy: CRF {tok_right['CRF'] / tok_n:.3f}, BiLSTM {tok_right['BiLSTM'] / tok_n:.3f} "
        f"({tok_n} tokens); numpy and torch labels identical on {agree}/{strings} strings"
    )
    print(f"BiLSTM: {net.size:,} numbers ({net.size * 2 / 1e6:.1f} MB as float16)")

    sample = [r.text for refs in held.values() for r in refs][:400]
    for s in sample[:20]:
        net.probabilities(s, tokenize(s))
    t0 = time.process_time()
    for s in sample:
        net.probabilities(s, tokenize(s))
    t_nn = (time.process_time() - t0) / len(sample)
    t0 = time.process_time()
    for s in sample:
        toks = tokenize(s)
        tg = crf._tagger
        tg.tag(token_features(s, toks))
        for lb in MARGINAL_LABELS:
            [tg.marginal(lb, i) for i in range(len(toks))]
    t_crf = (time.process_time() - t0) / len(sample)
    print(
        f"CPU per string, features included ({len(sample)} held-out strings): BiLSTM in numpy "
        f"{t_nn * 1e3:.2f} ms, CRF with marginals {t_crf * 1e3:.2f} ms (ratio {t_nn / t_crf:.2f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
