"""Fit the title ranker (:mod:`citations.crf.titles`) on tagged references.

Needs numpy and scipy (``pip install -e '.[train]'``); parsing with a fitted ranker does
not. A training row is a tagged gold reference read the way :func:`citations.reading.label.label`
reads it at run time (the CRF's labels and marginals of the prepared text, the CRF's own
title run) plus the gold title. The CRF that tags a row must not have been trained on it
(:func:`citations.crf.train.train_all` cross-fits), or its marginals are too sure.

The fit maximises, per string, the log of the summed probability (softmax over its
candidates) of the candidates within 90 % of the gold title (rapidfuzz ratio of folded,
letters-and-digits forms, as ``bench/reference_labeller.py`` scores titles), with an L2
penalty; L-BFGS from zero weights over the rows in the order given, so the same rows give
the same weights. Strings with no such candidate are left out.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from citations.crf.corpus import Tagged
from citations.crf.labelled import Labelled
from citations.crf.labeller import ReferenceLabeller
from citations.crf.titles import TitleRanker, candidate_features
from citations.text.fold import fold_key as fold

L2 = 1.0
"""L2 coefficient of the fit (chosen on cross-fitted folds of the training data: 0.3 / 1 / 3
gave 0.867 / 0.874 / 0.870 on a validation cut)."""

_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


def title_form(s: str | None) -> str:
    """The compared form of a title: markup tags and HTML entities undone, folded (case,
    accents), letters and digits only."""
    return re.sub(r"[^0-9a-z]+", "", fold(html.unescape(_TAG.sub(" ", s or ""))))


def gold_title(t: Tagged) -> str | None:
    """The gold title of a tagged reference (edge punctuation and quotes removed), or None
    when it has none with letters."""
    title = t.field_text("title").strip(" ,.;:\"“”'")
    return title if re.search(r"[^\W\d_]", title) else None


def same_title(a: str | None, gold: str) -> bool:
    """Is ``a`` within 90 % of ``gold`` (ratio of their :func:`title_form`)?"""
    return fuzz.ratio(title_form(a), title_form(gold)) >= 90


@dataclass(frozen=True, slots=True)
class Row:
    """One training string: its tags, the given titles (``rules_title`` None and
    ``merged_title`` the CRF's own title run, as :func:`citations.reading.label.label` gives
    them), the gold title."""

    lab: Labelled
    rules_title: str | None
    merged_title: str | None
    gold: str


def training_rows(
    refs: Sequence[Tagged],
    labeller: ReferenceLabeller,
    sloppy: bool = False,
    indices: Sequence[int] | None = None,
) -> list[Row]:
    """Rows of the references that have a gold title, tagged by ``labeller``; with
    ``sloppy``, also of their sloppy copies (:func:`citations.crf.corpus.sloppy_variants`,
    chosen by ``indices[i]``, default ``i``: the copies the CRF is trained with)."""
    from citations.crf.corpus import sloppy_variants
    from citations.reading.label import crf_title, repair_labels
    from citations.reading.prepare import prepare

    rows: list[Row] = []
    for i, t in enumerate(refs):
        k = indices[i] if indices is not None else i
        for x in (t, *(sloppy_variants(t, k) if sloppy else ())):
            gold = gold_title(x)
            if gold is None:
                continue
            body = prepare(x.text).body
            if not body:
                continue
            lab = repair_labels(labeller.tag(body))
            rows.append(Row(lab, None, crf_title(lab), gold))
    return rows


def fit(rows: Sequence[Row], l2: float = L2, max_iterations: int = 500) -> TitleRanker:
    """The ranker whose weights maximise the penalised likelihood of the right candidates
    (module docstring). Raises ValueError when no row has a right candidate."""
    import numpy as np
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    vocab: dict[str, int] = {}
    data: list[float] = []
    ri: list[int] = []
    ci: list[int] = []
    right: list[bool] = []
    groups: list[tuple[int, int]] = []
    k = 0
    for row in rows:
        cands, feats = candidate_features(row.lab, row.rules_title, row.merged_title)
        ok = [same_title(c, row.gold) for c in cands]
        if not any(ok):
            continue
        lo = k
        for f, good in zip(feats, ok, strict=False):
            for name, v in f.items():
                j = vocab.setdefault(name, len(vocab))
                data.append(v)
                ri.append(k)
                ci.append(j)
            right.append(good)
            k += 1
        groups.append((lo, k))
    if not groups:
        raise ValueError("no training string has a candidate within 90 % of its gold title")
    x = csr_matrix((data, (ri, ci)), shape=(k, len(vocab)))
    r = np.array(right, dtype=float)

    def objective(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = x @ w
        loss = 0.0
        coef = np.zeros(k)
        for a, b in groups:
            z = s[a:b]
            p = np.exp(z - z.max())
            p /= p.sum()
            pr = p * r[a:b]
            mass = pr.sum()
            loss -= float(np.log(mass))
            coef[a:b] = p - pr / mass
        return loss + 0.5 * l2 * float(w @ w), x.T @ coef + l2 * w

    res = minimize(
        objective,
        np.zeros(len(vocab)),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": max_iterations},
    )
    names = sorted(vocab, key=vocab.__getitem__)
    return TitleRanker({n: float(res.x[vocab[n]]) for n in names})
