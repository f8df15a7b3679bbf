"""Train the reference labeller and its title ranker:
``python -m citations.crf.train [--data DIR] [--out FILE] [--jobs N]``.

Reads every tagged reference under ``DIR`` (default: shared/data/external next to the
repository; see :func:`citations.crf.corpus.read_corpus`) in a fixed order and trains a
CRFsuite linear-chain CRF (:func:`train`) and the title ranker of
:mod:`citations.crf.titles` (:func:`train_all`: cross-fitted over :data:`FOLDS` folds of
the references, needs numpy and scipy), with deterministic sloppy copies of 3 references in 5
(lower case, punctuation dropped, upper-case family names), with fixed parameters
(:data:`PARAMS`: L-BFGS, L1 0.4, L2 0.01, 100 iterations, features seen at least twice), so
the same data gives the same model.
Writes ``FILE`` (default: the shipped ``citations/crf/reference_crf.model``) and the ranker's
weights beside it (``title_ranker.json``), and prints the number of references, tokens,
seconds and the model's size. The same data gives the same files.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from importlib.util import find_spec
from pathlib import Path

from citations.crf.corpus import Tagged, read_corpus, sloppy_variants
from citations.crf.features import token_features
from citations.crf.labeller import MODEL_NAME
from citations.crf.titles import WEIGHTS_NAME

FOLDS = 4
"""Cross-fitting folds of the title ranker: the ranker learns from CRF marginals of
references the CRF did not see (a CRF that has seen a reference is too sure of it)."""

BLOCK = 50
"""anystyle's files are runs of references from many sources: folds take blocks of 50."""

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
0.939 / 0.943, pages 0.927 / 0.934 / 0.941, first author 0.961 / 0.961 / 0.957.

100 iterations is not convergence: on today's corpus the loss still falls 1.5% per 10
iterations there (0.07% at 500; CRFsuite's own stop, 0.001% over 10, is further still) at
about 1.6 s an iteration, and 500 iterations made no better reader (``docs/benchmarks.md``,
"Training longer")."""

DEFAULT_DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "external"


def train(
    refs: Sequence[Tagged], out: Path, params: Mapping[str, float | int | bool] | None = None
) -> None:
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


def fold_ids(refs: Sequence[Tagged]) -> list[int]:
    """The cross-fitting fold (0 .. FOLDS-1) of every reference, by source, never by line:
    anystyle files in consecutive blocks of :data:`BLOCK` (block index mod FOLDS, counted
    per file), GROBID files whole (index of the file in order of first appearance, mod
    FOLDS)."""
    seen: dict[str, int] = {}
    files: dict[str, int] = {}
    out: list[int] = []
    for r in refs:
        if r.source in ("core.xml", "bad.xml"):
            j = seen.get(r.source, 0)
            seen[r.source] = j + 1
            out.append((j // BLOCK) % FOLDS)
        else:
            out.append(files.setdefault(r.source, len(files)) % FOLDS)
    return out


def _train_fold(args: tuple[list[Tagged], Path, dict[str, float | int | bool]]) -> Path:
    refs, out, params = args
    train(refs, out, params)
    return out


def train_all(
    refs: Sequence[Tagged],
    out: Path,
    params: Mapping[str, float | int | bool] | None = None,
    jobs: int = 1,
    ranker_out: Path | None = None,
) -> None:
    """Train the CRF on ``refs`` into ``out`` and the title ranker into ``ranker_out``
    (default: ``title_ranker.json`` beside ``out``): one CRF per fold of :func:`fold_ids`
    trained on the other folds tags that fold (each reference and its sloppy copies), the
    ranker is fitted on those tags
    (:func:`citations.crf.fit_titles.fit`), then the CRF is trained on everything.
    ``jobs``: CRFs trained at once (processes). Raises ImportError without numpy/scipy."""
    import tempfile
    from concurrent.futures import ProcessPoolExecutor

    from citations.crf.fit_titles import L2, fit, training_rows
    from citations.crf.labeller import ReferenceLabeller

    p = dict(params if params is not None else PARAMS)
    folds = fold_ids(refs)
    with tempfile.TemporaryDirectory() as tmp:
        tasks = [
            ([r for r, f in zip(refs, folds, strict=True) if f != k], Path(tmp) / f"f{k}.model", p)
            for k in range(FOLDS)
        ]
        tasks.append((list(refs), out, p))
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(_train_fold, tasks))
        else:
            for t in tasks:
                _train_fold(t)
        rows = []
        for k in range(FOLDS):
            labeller = ReferenceLabeller.load(tasks[k][1])
            idx = [i for i, f in enumerate(folds) if f == k]
            rows.extend(training_rows([refs[i] for i in idx], labeller, sloppy=True, indices=idx))
    ranker = fit(rows, L2)
    ranker.save(
        ranker_out or out.parent / WEIGHTS_NAME,
        about={
            "trained_on": len(refs),
            "rows": len(rows),
            "l2": L2,
            "folds": FOLDS,
            "see": "citations/crf/titles.py, citations/crf/fit_titles.py",
        },
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m citations.crf.train", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / MODEL_NAME)
    ap.add_argument("--jobs", type=int, default=2, help="CRFs trained at once (default 2)")
    args = ap.parse_args(argv)
    missing = [m for m in ("numpy", "scipy") if find_spec(m) is None]
    if missing:  # checked first: the ranker's fit comes after 5 CRF trainings
        print(
            f"error: training the title ranker needs {' and '.join(missing)}: "
            "pip install -e '.[train]'",
            file=sys.stderr,
        )
        return 2
    if not (args.data / "anystyle").is_dir() and not (args.data / "grobid-citation").is_dir():
        print(f"error: {args.data}: no anystyle/ or grobid-citation/ folder", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    refs, skipped = read_corpus(args.data)
    for s in skipped:
        print(f"skipped {s}", file=sys.stderr)
    train_all(refs, args.out, jobs=max(1, args.jobs))
    print(
        f"trained on {len(refs)} references, {sum(len(r.tokens) for r in refs)} tokens "
        f"in {time.perf_counter() - t0:.0f} s; {args.out} ({args.out.stat().st_size / 1e6:.1f} MB) "
        f"and {args.out.parent / WEIGHTS_NAME}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
