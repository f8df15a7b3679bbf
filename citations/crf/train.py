"""Train the reference labeller: ``python -m citations.crf.train [--data DIR] [--out FILE]``.

Reads every tagged reference under ``DIR`` (default: shared/data/external next to the
repository; see :func:`citations.crf.corpus.read_corpus`) in a fixed order and trains a
CRFsuite linear-chain CRF, with deterministic sloppy copies of 3 references in 5 (lower
case, punctuation dropped, upper-case family names), with fixed parameters (:data:`PARAMS`: L-BFGS, L1 0.4, L2 0.01,
100 iterations, features seen at least twice), so the same data gives the same model.
Writes ``FILE`` (default: the shipped ``citations/crf/reference_crf.model``) and prints the
number of references, tokens, seconds and the model's size.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from citations.crf.corpus import Tagged, read_corpus, sloppy_variants
from citations.crf.features import token_features
from citations.crf.labeller import MODEL_NAME

PARAMS: dict[str, float | int | bool] = {
    "c1": 0.4,
    "c2": 0.01,
    "max_iterations": 100,
    "feature.minfreq": 2,
    "feature.possible_transitions": True,
}
"""CRFsuite L-BFGS parameters (fixed: the model is rebuilt the same way every time). The L1
coefficient was chosen on a validation cut of the training data (``python
bench/reference_labeller.py --validate --c1 X``; held-out blocks never read; measured with
the merge rules of that day, before the last title-merge guards): title right with the
labeller always asked 0.840 / 0.852 / 0.842 at c1 0.1 / 0.4 / 0.8; volume 0.935 /
0.939 / 0.943, pages 0.927 / 0.934 / 0.941, first author 0.961 / 0.961 / 0.957."""

DEFAULT_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "external"


def train(refs: Sequence[Tagged], out: Path, params: Mapping[str, float | int | bool] | None = None) -> None:
    """Train on ``refs`` (in the order given) plus their sloppy variants
    (:func:`citations.crf.corpus.sloppy_variants`: lower case, no punctuation, upper-case
    family names) and write the model to ``out``; ``params``: CRFsuite parameters
    (default :data:`PARAMS`)."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for k, r in enumerate(refs):
        for x in (r, *sloppy_variants(r, k)):
            trainer.append(token_features(x.text, list(x.tokens)), list(x.labels))
    trainer.set_params(dict(params if params is not None else PARAMS))
    out.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m citations.crf.train", description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / MODEL_NAME)
    args = ap.parse_args(argv)
    if not (args.data / "anystyle").is_dir() and not (args.data / "grobid-citation").is_dir():
        print(f"error: {args.data}: no anystyle/ or grobid-citation/ folder", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    refs, skipped = read_corpus(args.data)
    for s in skipped:
        print(f"skipped {s}", file=sys.stderr)
    train(refs, args.out)
    print(f"trained on {len(refs)} references, {sum(len(r.tokens) for r in refs)} tokens "
          f"in {time.perf_counter() - t0:.0f} s; {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
