"""Score a system's MMSciFact-format predictions against gold rows.

Usage::

    gold = load_dataset("../shared/data/groundqa/dev")
    pred = load_dataset("runs/my_system.jsonl")
    m = score(gold, pred, mode="holistic")          # Metrics, a frozen pydantic model
    print(m.labels.macro_f1, m.ci["labels.macro_f1"])

Matching. Predicted rows are matched to gold rows by ``qa_pair_id``; a gold row with no
prediction counts as wrong everywhere (every sentence predicted ``missing``, every span,
tag, edge and box missed) and is counted in ``n_missing_pairs``; predicted rows with no
gold row are counted in ``n_extra_pairs`` (ids in ``extra_pair_ids``) and ignored.
Within a row, sentences are aligned by character offsets in the gold ``answer_raw``
(annotations.align): each gold sentence takes the label, role, tags and propagation of
the predicted sentence that overlaps it most; a gold sentence no prediction overlaps
counts as ``missing``. Predicted sentences that are not in the gold ``answer_raw``
(``n_unlocated_pred_sentences``) and predicted error spans that are not in their own
sentence (``n_unplaced_pred_spans``) can match nothing; they are counted so that a
system writing normalised text learns why it scores low.

Metric definitions (all counts pooled over sentences of all QA pairs, "micro"):

* labels: 4 classes (supported, contradiction, nei, not_a_claim); ``accuracy`` over
  gold sentences; per-class P/R/F1 with a ``missing`` prediction hurting recall only;
  ``macro_f1`` is the mean F1 over classes present in gold or predictions;
  ``balanced_accuracy`` the mean recall over classes present in gold; ``confusion`` is
  gold -> predicted -> count (predicted adds ``missing``).
* error detection: positive = contradiction or nei. not_a_claim stays a class of its own
  in the 4-way metrics and counts as *not an error* here (a non-claim has nothing wrong;
  flagging it is a false alarm), like supported; a missing prediction is "not flagged".
* error spans: spans placed on the answer by offset (sentence offset + first unused
  occurrence of ``span`` in the sentence). ``exact``: same [start, end); ``overlap``:
  character IoU >= 0.5, matched one to one greedily by IoU. ``tag_accuracy``: share of
  overlap-matched spans whose C1-C3/N1-N3 tag sets are equal. (Identical segmentations
  whose sentences are not in ``answer_raw`` are placed on the sentences joined instead.)
* inherited tags: (sentence, C4|N4) decisions, P/R/F1 pooled and per tag.
* propagation accuracy over all gold sentences. Holistic: the predicted
  ``propagation_type``. Oracle graph: recomputed with the guideline rule from the
  *predicted labels* of the gold premises (gold ``depends_on``).
* edges (holistic only): (qa_pair_id, sentence, premise) in gold sentence positions; a
  predicted edge is carried over by mapping each end to the gold sentence it overlaps
  most; an edge whose end maps nowhere is a false positive. Self-loops are dropped.
* role accuracy over gold sentences that have a role (claims).
* evidence over gold sentences with gold boxes: ``page_hit_rate`` = share whose predicted
  boxes (pooled over predicted sentences overlapping the gold sentence) touch a gold
  page; ``box_iou`` = mean over gold boxes of the best IoU with a predicted box on the
  same page, predicted coordinates scaled to the gold ``img_size`` first.

Undefined values (nothing to count) are None, never 0 or 1. Confidence intervals: a
percentile bootstrap over QA pairs (gold rows resampled with replacement, seeded,
``random`` module), for the headline numbers listed in ``HEADLINE``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from annotations.align import Alignment, Offset, align, locate, resolve_sentence_ref
from annotations.errors import InputError
from annotations.schema import (
    SPAN_TAGS,
    BoxAnnotation,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    SentenceAnnotation,
)

Mode = Literal["holistic", "oracle_graph"]
MODES: tuple[str, ...] = ("holistic", "oracle_graph")
LABELS: tuple[Label, ...] = (Label.SUPPORTED, Label.CONTRADICTION, Label.NEI, Label.NOT_A_CLAIM)
MISSING = "missing"
PRED_VALUES: tuple[str, ...] = tuple(lab.value for lab in LABELS) + (MISSING,)
ERROR_LABELS = frozenset({Label.CONTRADICTION, Label.NEI})
SPAN_IOU = 0.5
BREAKDOWN_FIELDS: tuple[str, ...] = ("level", "scenario", "question_subtype", "answer_model")
NONE_GROUP = "(none)"

# ---------------------------------------------------------------- per-pair count vector
_NP = len(PRED_VALUES)
_N_CONF = len(LABELS) * _NP
_NAMES = (
    "span_gold",
    "span_pred",
    "span_exact_tp",
    "span_overlap_tp",
    "span_tag_ok",
    "c4_tp",
    "c4_pred",
    "c4_gold",
    "n4_tp",
    "n4_pred",
    "n4_gold",
    "prop_ok",
    "prop_n",
    "role_ok",
    "role_n",
    "edge_tp",
    "edge_pred",
    "edge_gold",
    "ev_sent",
    "ev_hit",
    "ev_boxes",
    "ev_iou_sum",
)
_COL = {name: _N_CONF + i for i, name in enumerate(_NAMES)}
N_COLUMNS = _N_CONF + len(_NAMES)
_LABEL_INDEX = {lab: i for i, lab in enumerate(LABELS)}


def _conf(g: int, p: int) -> int:
    return g * _NP + p


# ---------------------------------------------------------------- result models
_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PRF(BaseModel):
    """Precision, recall, F1 in [0, 1] (None when undefined) with the counts behind them."""

    model_config = _FROZEN
    precision: float | None
    recall: float | None
    f1: float | None
    tp: int
    predicted: int
    support: int


class Interval(BaseModel):
    """A bootstrap percentile interval; ``low``/``high`` None if every resample was undefined."""

    model_config = _FROZEN
    low: float | None
    high: float | None


class LabelMetrics(BaseModel):
    """Sentence-label metrics; ``confusion[gold][pred]`` counts, pred includes ``missing``."""

    model_config = _FROZEN
    n_sentences: int
    accuracy: float | None
    macro_f1: float | None
    balanced_accuracy: float | None
    per_class: dict[str, PRF]
    confusion: dict[str, dict[str, int]]
    error_detection: PRF


class SpanMetrics(BaseModel):
    """Error-span detection (exact and IoU >= 0.5 overlap) and tag accuracy on matches."""

    model_config = _FROZEN
    exact: PRF
    overlap: PRF
    tag_accuracy: float | None
    n_matched: int


class GraphMetrics(BaseModel):
    """depends_on edges (None in oracle_graph mode), roles, propagation, C4/N4 tags."""

    model_config = _FROZEN
    edges: PRF | None
    role_accuracy: float | None
    propagation_accuracy: float | None
    inherited: PRF
    inherited_per_tag: dict[str, PRF]


class EvidenceMetrics(BaseModel):
    """Evidence boxes: page hit rate over gold sentences with boxes; mean best box IoU."""

    model_config = _FROZEN
    n_sentences: int
    n_boxes: int
    page_hit_rate: float | None
    box_iou: float | None


class GroupMetrics(BaseModel):
    """Headline numbers for one breakdown group (e.g. level = cross_page)."""

    model_config = _FROZEN
    n_pairs: int
    n_sentences: int
    accuracy: float | None
    macro_f1: float | None
    error_f1: float | None


class BootstrapInfo(BaseModel):
    """How the intervals in ``Metrics.ci`` were drawn."""

    model_config = _FROZEN
    resamples: int
    seed: int
    confidence: float


class Metrics(BaseModel):
    """Everything ``score`` measures; JSON-able with ``model_dump_json()``."""

    model_config = _FROZEN
    mode: Mode
    n_gold_pairs: int
    n_pred_pairs: int
    n_missing_pairs: int
    missing_pair_ids: tuple[str, ...]
    n_extra_pairs: int
    extra_pair_ids: tuple[str, ...] = ()
    n_sentences: int
    n_unaligned_sentences: int
    n_unlocated_pred_sentences: int = 0
    n_unplaced_pred_spans: int = 0
    labels: LabelMetrics
    spans: SpanMetrics
    graph: GraphMetrics
    evidence: EvidenceMetrics
    breakdowns: dict[str, dict[str, GroupMetrics]]
    ci: dict[str, Interval]
    bootstrap: BootstrapInfo


# ---------------------------------------------------------------- small pure helpers
def _div(a: float, b: float) -> float | None:
    return a / b if b else None


def prf(tp: int, predicted: int, support: int) -> PRF:
    """P/R/F1 from counts. Precision is 0 when nothing was predicted but gold exists, and
    recall 0 when something was predicted but no gold exists; both None when both are 0."""
    if predicted == 0 and support == 0:
        return PRF(precision=None, recall=None, f1=None, tp=0, predicted=0, support=0)
    p = tp / predicted if predicted else 0.0
    r = tp / support if support else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return PRF(precision=p, recall=r, f1=f, tp=tp, predicted=predicted, support=support)


def _f1(tp: float, predicted: float, support: float) -> float | None:
    if predicted == 0 and support == 0:
        return None
    return 2 * tp / (predicted + support) if predicted + support else 0.0


def box_iou(a: BoxAnnotation, b: BoxAnnotation) -> float:
    """IoU of two boxes on the same page, in [0, 1]; ``b`` is scaled to ``a``'s img_size.

    Coordinates are pixels of the page image ``[x0, y0, x1, y1]`` (origin top-left);
    reversed corners are normalised; a zero-area union gives 0.
    """
    if a.page_id != b.page_id:
        return 0.0
    sx = a.img_size[0] / b.img_size[0] if b.img_size[0] else 1.0
    sy = a.img_size[1] / b.img_size[1] if b.img_size[1] else 1.0
    ax0, ax1 = sorted((a.coords[0], a.coords[2]))
    ay0, ay1 = sorted((a.coords[1], a.coords[3]))
    bx0, bx1 = sorted((b.coords[0] * sx, b.coords[2] * sx))
    by0, by1 = sorted((b.coords[1] * sy, b.coords[3] * sy))
    iw = max(0.0, min(ax1, bx1) - max(ax0, bx0))
    ih = max(0.0, min(ay1, by1) - max(ay0, by0))
    inter = iw * ih
    union = (ax1 - ax0) * (ay1 - ay0) + (bx1 - bx0) * (by1 - by0) - inter
    return inter / union if union > 0 else 0.0


def propagation_from(premise_labels: Iterable[Label | None]) -> PropagationType:
    """The guideline rule: false_premise if any premise is contradiction, else
    unverifiable_premise if any is nei, else none (None = no prediction)."""
    labs = set(premise_labels)
    if Label.CONTRADICTION in labs:
        return PropagationType.FALSE_PREMISE
    if Label.NEI in labs:
        return PropagationType.UNVERIFIABLE_PREMISE
    return PropagationType.NONE


@dataclass(frozen=True, slots=True)
class _Span:
    off: Offset | None
    tags: frozenset[ErrorTag]


def _spans(
    answer: str, sents: Sequence[SentenceAnnotation], offs: Sequence[Offset | None]
) -> list[_Span]:
    out: list[_Span] = []
    for sent, off in zip(sents, offs):
        used: set[tuple[int, int]] = set()
        for err in sent.errors:
            tags = frozenset(t for t in err.tags if t in SPAN_TAGS)
            found: Offset | None = None
            if off is not None and err.span:
                seg = answer[off.start : off.end]
                start = 0
                while True:
                    hit = locate(seg, [err.span], start=start)[0]
                    # locate() falls back to an earlier occurrence when none is left
                    # after ``start``: a span listed more often than it occurs is unplaced
                    if hit is None or hit.start < start:
                        break
                    cand = Offset(off.start + hit.start, off.start + hit.end)
                    if (cand.start, cand.end) not in used:
                        found = cand
                        break
                    if hit.start + 1 >= len(seg):
                        break
                    start = hit.start + 1
            if found is not None:
                used.add((found.start, found.end))
            out.append(_Span(found, tags))
    return out


def _match_spans(gold: list[_Span], pred: list[_Span]) -> tuple[int, int, int]:
    """(exact matches, IoU>=0.5 matches, tag-equal overlap matches), one to one."""
    g_exact: dict[tuple[int, int], int] = {}
    for s in gold:
        if s.off is not None:
            k = (s.off.start, s.off.end)
            g_exact[k] = g_exact.get(k, 0) + 1
    exact = 0
    for s in pred:
        if s.off is not None:
            k = (s.off.start, s.off.end)
            if g_exact.get(k, 0) > 0:
                g_exact[k] -= 1
                exact += 1
    cands: list[tuple[float, int, int]] = []
    for i, g in enumerate(gold):
        if g.off is None:
            continue
        for j, p in enumerate(pred):
            if p.off is None:
                continue
            iou = g.off.iou(p.off)
            if iou >= SPAN_IOU:
                cands.append((-iou, i, j))
    cands.sort()
    gu: set[int] = set()
    pu: set[int] = set()
    overlap = tag_ok = 0
    for _, i, j in cands:
        if i in gu or j in pu:
            continue
        gu.add(i)
        pu.add(j)
        overlap += 1
        if gold[i].tags == pred[j].tags:
            tag_ok += 1
    return exact, overlap, tag_ok


def _edges(sents: Sequence[SentenceAnnotation]) -> set[tuple[int, int]]:
    n = len(sents)
    out: set[tuple[int, int]] = set()
    for i, s in enumerate(sents):
        for ref in s.depends_on:
            j = resolve_sentence_ref(ref, n)
            if j is not None and j != i:
                out.add((i, j))
    return out


# ---------------------------------------------------------------- one QA pair
def pair_counts(
    gold: QAPair, pred: QAPair | None, mode: Mode = "holistic"
) -> tuple[list[float], int]:
    """The count vector of one QA pair (columns: confusion, then ``_NAMES``) and the
    number of gold sentences no prediction overlaps (0 when ``pred`` is None: those are
    counted as a missing row instead)."""
    v, unaligned, _ = _pair_counts(gold, pred, mode)
    return v, unaligned


def _pair_counts(
    gold: QAPair, pred: QAPair | None, mode: Mode
) -> tuple[list[float], int, Alignment | None]:
    """``pair_counts`` and the alignment it used (None when ``pred`` is None)."""
    v = [0.0] * N_COLUMNS
    g_sents = gold.annotations
    p_sents = pred.annotations if pred is not None else ()
    al: Alignment | None = None
    if pred is not None:
        al = align(gold.answer_raw, [s.sentence for s in g_sents], [s.sentence for s in p_sents])
    aligned, unaligned = _label_counts(v, g_sents, p_sents, al)
    _propagation_counts(v, g_sents, aligned, mode)
    _span_counts(v, gold, g_sents, p_sents, al)
    if mode == "holistic":
        _edge_counts(v, g_sents, p_sents, al)
    _evidence_counts(v, g_sents, p_sents, al)
    return v, unaligned, al


def _unplaced(pred: QAPair, al: Alignment) -> tuple[int, int]:
    """(predicted sentences not found in the gold answer, predicted error spans not found
    in their own sentence): neither can match anything, so the summary names them."""
    sentences = spans = 0
    for s, off in zip(pred.annotations, al.pred_offsets):
        if off is None:
            sentences += 1
            continue
        seg = al.text[off.start : off.end]
        spans += sum(1 for e in s.errors if locate(seg, [e.span])[0] is None)
    return sentences, spans


def _label_counts(
    v: list[float],
    g_sents: Sequence[SentenceAnnotation],
    p_sents: Sequence[SentenceAnnotation],
    al: Alignment | None,
) -> tuple[list[SentenceAnnotation | None], int]:
    """Add the label confusion, role and C4/N4 counts to ``v``; return the prediction
    aligned with each gold sentence (None for none) and the count of gold sentences no
    prediction overlaps."""
    unaligned = 0
    aligned: list[SentenceAnnotation | None] = []
    for i, g in enumerate(g_sents):
        k = al.gold_to_pred[i] if al is not None else None
        p = p_sents[k] if k is not None else None
        if p is None and al is not None:
            unaligned += 1
        aligned.append(p)
        gi = _LABEL_INDEX[g.label]
        v[_conf(gi, _LABEL_INDEX[p.label] if p is not None else _NP - 1)] += 1
        if g.role is not None:
            v[_COL["role_n"]] += 1
            v[_COL["role_ok"]] += p is not None and p.role == g.role
        for tag, pre in ((ErrorTag.C4, "c4"), (ErrorTag.N4, "n4")):
            gh = tag in g.error_tags
            ph = p is not None and tag in p.error_tags
            v[_COL[pre + "_gold"]] += gh
            v[_COL[pre + "_pred"]] += ph
            v[_COL[pre + "_tp"]] += gh and ph
    return aligned, unaligned


def _propagation_counts(
    v: list[float],
    g_sents: Sequence[SentenceAnnotation],
    aligned: Sequence[SentenceAnnotation | None],
    mode: Mode,
) -> None:
    """Add the propagation counts to ``v``: the predicted propagation type, or in
    ``oracle_graph`` mode the one the gold links give over the predicted labels."""
    n = len(g_sents)
    for i, g in enumerate(g_sents):
        p = aligned[i]
        got: PropagationType | None = None
        if mode == "oracle_graph":
            if p is not None:
                premise_labels: list[Label | None] = []
                for ref in g.depends_on:
                    j = resolve_sentence_ref(ref, n)
                    if j is not None:
                        pj = aligned[j]
                        premise_labels.append(pj.label if pj is not None else None)
                got = propagation_from(premise_labels)
        else:
            got = p.propagation_type if p is not None else None
        v[_COL["prop_n"]] += 1
        v[_COL["prop_ok"]] += got == g.propagation_type


def _span_counts(
    v: list[float],
    gold: QAPair,
    g_sents: Sequence[SentenceAnnotation],
    p_sents: Sequence[SentenceAnnotation],
    al: Alignment | None,
) -> None:
    """Add the error-span counts (gold, predicted, exact and overlap matches, tags) to
    ``v``."""
    g_offs = (
        al.gold_offsets
        if al is not None
        else tuple(locate(gold.answer_raw, [s.sentence for s in g_sents]))
    )
    text = al.text if al is not None else gold.answer_raw
    gspans = _spans(text, g_sents, g_offs)
    pspans = _spans(text, p_sents, al.pred_offsets) if al is not None else []
    v[_COL["span_gold"]] = len(gspans)
    v[_COL["span_pred"]] = len(pspans)
    if gspans and pspans:
        ex, ov, ok = _match_spans(gspans, pspans)
        v[_COL["span_exact_tp"]] = ex
        v[_COL["span_overlap_tp"]] = ov
        v[_COL["span_tag_ok"]] = ok


def _edge_counts(
    v: list[float],
    g_sents: Sequence[SentenceAnnotation],
    p_sents: Sequence[SentenceAnnotation],
    al: Alignment | None,
) -> None:
    """Add the dependency-edge counts to ``v``: predicted edges mapped onto the gold
    sentences; one that points nowhere or to an unaligned sentence counts as a wrong
    prediction."""
    g_edges = _edges(g_sents)
    p_edges: set[tuple[int, int]] = set()
    bad = 0
    if al is not None:
        m = len(p_sents)
        seen: set[tuple[int, int]] = set()
        for k, s in enumerate(p_sents):
            for ref in s.depends_on:
                j = resolve_sentence_ref(ref, m)
                if j is None or j == k or (k, j) in seen:
                    if j is None:
                        bad += 1
                    continue
                seen.add((k, j))
                a, b = al.pred_to_gold[k], al.pred_to_gold[j]
                if a is None or b is None:
                    bad += 1
                elif a != b:
                    p_edges.add((a, b))
    v[_COL["edge_gold"]] = len(g_edges)
    v[_COL["edge_pred"]] = len(p_edges) + bad
    v[_COL["edge_tp"]] = len(g_edges & p_edges)


def _evidence_counts(
    v: list[float],
    g_sents: Sequence[SentenceAnnotation],
    p_sents: Sequence[SentenceAnnotation],
    al: Alignment | None,
) -> None:
    """Add the evidence counts to ``v``: gold sentences with boxes, page hits and the
    best IoU of each gold box among the overlapping predictions' boxes."""
    for i, g in enumerate(g_sents):
        if not g.boxes:
            continue
        v[_COL["ev_sent"]] += 1
        v[_COL["ev_boxes"]] += len(g.boxes)
        if al is None:
            continue
        pboxes = [b for k in al.gold_overlaps[i] for b in p_sents[k].boxes]
        if not pboxes:
            continue
        pages = {b.page_id for b in g.boxes}
        v[_COL["ev_hit"]] += any(b.page_id in pages for b in pboxes)
        for gb in g.boxes:
            v[_COL["ev_iou_sum"]] += max(
                (box_iou(gb, pb) for pb in pboxes if pb.page_id == gb.page_id), default=0.0
            )


# ---------------------------------------------------------------- totals -> numbers
def _label_numbers(
    t: Sequence[float],
) -> tuple[float | None, float | None, float | None, float | None]:
    """(accuracy, macro_f1, balanced_accuracy, error_f1) from a count vector."""
    total = sum(t[:_N_CONF])
    diag = sum(t[_conf(i, i)] for i in range(len(LABELS)))
    f1s: list[float] = []
    recalls: list[float] = []
    for c in range(len(LABELS)):
        support = sum(t[_conf(c, p)] for p in range(_NP))
        predicted = sum(t[_conf(g, c)] for g in range(len(LABELS)))
        f = _f1(t[_conf(c, c)], predicted, support)
        if f is not None:
            f1s.append(f)
        if support:
            recalls.append(t[_conf(c, c)] / support)
    err = [_LABEL_INDEX[x] for x in LABELS if x in ERROR_LABELS]
    e_tp = sum(t[_conf(g, p)] for g in err for p in err)
    e_pred = sum(t[_conf(g, p)] for g in range(len(LABELS)) for p in err)
    e_gold = sum(t[_conf(g, p)] for g in err for p in range(_NP))
    return (
        _div(diag, total),
        sum(f1s) / len(f1s) if f1s else None,
        sum(recalls) / len(recalls) if recalls else None,
        _f1(e_tp, e_pred, e_gold),
    )


def _headline(t: Sequence[float], mode: Mode) -> dict[str, float | None]:
    acc, macro, bal, err = _label_numbers(t)
    c = _COL
    out: dict[str, float | None] = {
        "labels.accuracy": acc,
        "labels.macro_f1": macro,
        "labels.balanced_accuracy": bal,
        "labels.error_detection.f1": err,
        "spans.exact.f1": _f1(t[c["span_exact_tp"]], t[c["span_pred"]], t[c["span_gold"]]),
        "spans.overlap.f1": _f1(t[c["span_overlap_tp"]], t[c["span_pred"]], t[c["span_gold"]]),
        "spans.tag_accuracy": _div(t[c["span_tag_ok"]], t[c["span_overlap_tp"]]),
        "graph.inherited.f1": _f1(
            t[c["c4_tp"]] + t[c["n4_tp"]],
            t[c["c4_pred"]] + t[c["n4_pred"]],
            t[c["c4_gold"]] + t[c["n4_gold"]],
        ),
        "graph.propagation_accuracy": _div(t[c["prop_ok"]], t[c["prop_n"]]),
        "graph.role_accuracy": _div(t[c["role_ok"]], t[c["role_n"]]),
        "evidence.page_hit_rate": _div(t[c["ev_hit"]], t[c["ev_sent"]]),
        "evidence.box_iou": _div(t[c["ev_iou_sum"]], t[c["ev_boxes"]]),
    }
    if mode == "holistic":
        out["graph.edges.f1"] = _f1(t[c["edge_tp"]], t[c["edge_pred"]], t[c["edge_gold"]])
    return out


HEADLINE: tuple[str, ...] = tuple(_headline([0.0] * N_COLUMNS, "holistic"))
"""Keys of ``Metrics.ci``: dotted paths into Metrics (edges only in holistic mode)."""


def _sum(vectors: Sequence[Sequence[float]]) -> list[float]:
    return [math.fsum(col) for col in zip(*vectors)] if vectors else [0.0] * N_COLUMNS


def _quantile(sorted_vals: Sequence[float], q: float) -> float:
    pos = q * (len(sorted_vals) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (pos - lo)


def bootstrap(
    vectors: Sequence[Sequence[float]],
    stat: Callable[[Sequence[float]], dict[str, float | None]],
    *,
    resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> dict[str, Interval]:
    """Percentile bootstrap over items (QA pairs).

    Args: vectors: one count vector per item; stat: count totals -> named numbers;
          resamples: number of resamples (0 -> {}); seed: for ``random.Random``;
          confidence: in (0, 1).
    Returns: name -> Interval of the (1-c)/2 and (1+c)/2 quantiles of the resampled values
    (None values skipped; low/high None if all were None).
    Raises: InputError for confidence outside (0, 1) or negative resamples.
    """
    if not 0 < confidence < 1:
        raise InputError(f"confidence must be in (0, 1), got {confidence}")
    if resamples < 0:
        raise InputError(f"resamples must be >= 0, got {resamples}")
    n = len(vectors)
    if resamples == 0 or n == 0:
        return {}
    rng = random.Random(seed)
    cols = [list(col) for col in zip(*vectors)]
    live = [(k, col) for k, col in enumerate(cols) if any(col)]
    width = len(cols)
    draws: dict[str, list[float]] = {}
    population = range(n)
    for _ in range(resamples):
        idx = rng.choices(population, k=n)
        tot = [0.0] * width
        for k, col in live:
            tot[k] = sum(map(col.__getitem__, idx))
        for name, val in stat(tot).items():
            lst = draws.setdefault(name, [])
            if val is not None:
                lst.append(val)
    alpha = (1 - confidence) / 2
    out: dict[str, Interval] = {}
    for name, vals in draws.items():
        if not vals:
            out[name] = Interval(low=None, high=None)
            continue
        vals.sort()
        out[name] = Interval(low=_quantile(vals, alpha), high=_quantile(vals, 1 - alpha))
    return out


def _group(vectors: Sequence[Sequence[float]]) -> GroupMetrics:
    t = _sum(vectors)
    acc, macro, _, err = _label_numbers(t)
    return GroupMetrics(
        n_pairs=len(vectors),
        n_sentences=int(sum(t[:_N_CONF])),
        accuracy=acc,
        macro_f1=macro,
        error_f1=err,
    )


def _index(rows: Sequence[QAPair], what: str) -> dict[str, QAPair]:
    out: dict[str, QAPair] = {}
    for r in rows:
        if r.qa_pair_id in out:
            raise InputError(f"{what}: qa_pair_id {r.qa_pair_id!r} occurs more than once")
        out[r.qa_pair_id] = r
    return out


def score(
    gold: Sequence[QAPair],
    pred: Sequence[QAPair],
    mode: Mode = "holistic",
    *,
    resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> Metrics:
    """Score predicted rows against gold rows (definitions in the module docstring).

    Args: gold, pred: rows (e.g. ``load_dataset(...)``); matched by qa_pair_id.
          mode: ``"holistic"`` (the system predicts everything) or ``"oracle_graph"``
              (gold depends_on given: edge metrics skipped, propagation recomputed from
              predicted labels over the gold graph).
          resamples / seed / confidence: bootstrap over QA pairs (resamples=0: no CIs).
    Returns: Metrics (frozen, JSON-able).
    Raises: InputError for an unknown mode, an empty gold set or a qa_pair_id repeated on
    either side.
    """
    if mode not in MODES:
        raise InputError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if not gold:
        raise InputError("no gold rows to score against")
    g_index = _index(gold, "gold")
    p_index = _index(pred, "predictions")
    vectors: list[list[float]] = []
    missing: list[str] = []
    unaligned = unlocated = unplaced = 0
    for qid in sorted(g_index):  # fixed order: the bootstrap ignores row order
        g = g_index[qid]
        p = p_index.get(qid)
        if p is None:
            missing.append(qid)
        vec, un, al = _pair_counts(g, p, mode)
        if p is not None and al is not None:
            n_sent, n_span = _unplaced(p, al)
            unlocated += n_sent
            unplaced += n_span
        unaligned += un
        vectors.append(vec)
    extra = sorted(qid for qid in p_index if qid not in g_index)
    t = _sum(vectors)
    rows = [g_index[qid] for qid in sorted(g_index)]
    ci = bootstrap(
        vectors,
        lambda tot: _headline(tot, mode),
        resamples=resamples,
        seed=seed,
        confidence=confidence,
    )
    return Metrics(
        mode=mode,
        n_gold_pairs=len(g_index),
        n_pred_pairs=len(p_index),
        n_missing_pairs=len(missing),
        missing_pair_ids=tuple(missing),
        n_extra_pairs=len(extra),
        extra_pair_ids=tuple(extra),
        n_sentences=int(sum(t[:_N_CONF])),
        n_unaligned_sentences=unaligned,
        n_unlocated_pred_sentences=unlocated,
        n_unplaced_pred_spans=unplaced,
        labels=_label_metrics(t),
        spans=_span_metrics(t),
        graph=_graph_metrics(t, mode),
        evidence=_evidence_metrics(t),
        breakdowns=_breakdowns(rows, vectors),
        ci=ci,
        bootstrap=BootstrapInfo(resamples=resamples, seed=seed, confidence=confidence),
    )


def _label_metrics(t: Sequence[float]) -> LabelMetrics:
    """The label metrics of count totals ``t``."""
    acc, macro, bal, _ = _label_numbers(t)
    per_class: dict[str, PRF] = {}
    for li, lab in enumerate(LABELS):
        per_class[lab.value] = prf(
            int(t[_conf(li, li)]),
            int(sum(t[_conf(g, li)] for g in range(len(LABELS)))),
            int(sum(t[_conf(li, p)] for p in range(_NP))),
        )
    confusion = {
        lab.value: {pv: int(t[_conf(gi, pi)]) for pi, pv in enumerate(PRED_VALUES)}
        for gi, lab in enumerate(LABELS)
    }
    err = [_LABEL_INDEX[x] for x in LABELS if x in ERROR_LABELS]
    error_detection = prf(
        int(sum(t[_conf(g, p)] for g in err for p in err)),
        int(sum(t[_conf(g, p)] for g in range(len(LABELS)) for p in err)),
        int(sum(t[_conf(g, p)] for g in err for p in range(_NP))),
    )
    n_sent = int(sum(t[:_N_CONF]))
    return LabelMetrics(
        n_sentences=n_sent,
        accuracy=acc,
        macro_f1=macro,
        balanced_accuracy=bal,
        per_class=per_class,
        confusion=confusion,
        error_detection=error_detection,
    )


def _span_metrics(t: Sequence[float]) -> SpanMetrics:
    """The error-span metrics of count totals ``t``."""
    c = _COL
    sg, sp = int(t[c["span_gold"]]), int(t[c["span_pred"]])
    return SpanMetrics(
        exact=prf(int(t[c["span_exact_tp"]]), sp, sg),
        overlap=prf(int(t[c["span_overlap_tp"]]), sp, sg),
        tag_accuracy=_div(t[c["span_tag_ok"]], t[c["span_overlap_tp"]]),
        n_matched=int(t[c["span_overlap_tp"]]),
    )


def _graph_metrics(t: Sequence[float], mode: Mode) -> GraphMetrics:
    """The graph metrics of count totals ``t`` (edges only in holistic mode)."""
    c = _COL
    per_tag = {
        "C4": prf(int(t[c["c4_tp"]]), int(t[c["c4_pred"]]), int(t[c["c4_gold"]])),
        "N4": prf(int(t[c["n4_tp"]]), int(t[c["n4_pred"]]), int(t[c["n4_gold"]])),
    }
    return GraphMetrics(
        edges=prf(int(t[c["edge_tp"]]), int(t[c["edge_pred"]]), int(t[c["edge_gold"]]))
        if mode == "holistic"
        else None,
        role_accuracy=_div(t[c["role_ok"]], t[c["role_n"]]),
        propagation_accuracy=_div(t[c["prop_ok"]], t[c["prop_n"]]),
        inherited=prf(
            per_tag["C4"].tp + per_tag["N4"].tp,
            per_tag["C4"].predicted + per_tag["N4"].predicted,
            per_tag["C4"].support + per_tag["N4"].support,
        ),
        inherited_per_tag=per_tag,
    )


def _evidence_metrics(t: Sequence[float]) -> EvidenceMetrics:
    """The evidence metrics of count totals ``t``."""
    c = _COL
    return EvidenceMetrics(
        n_sentences=int(t[c["ev_sent"]]),
        n_boxes=int(t[c["ev_boxes"]]),
        page_hit_rate=_div(t[c["ev_hit"]], t[c["ev_sent"]]),
        box_iou=_div(t[c["ev_iou_sum"]], t[c["ev_boxes"]]),
    )


def _breakdowns(
    rows: Sequence[QAPair], vectors: Sequence[list[float]]
) -> dict[str, dict[str, GroupMetrics]]:
    """Per field of ``BREAKDOWN_FIELDS``, the metrics of each group of rows by its value
    (``rows`` and their count ``vectors`` in the same order)."""
    breakdowns: dict[str, dict[str, GroupMetrics]] = {}
    for fld in BREAKDOWN_FIELDS:
        groups: dict[str, list[list[float]]] = {}
        for row, vec in zip(rows, vectors):
            key = getattr(row, fld)
            groups.setdefault(NONE_GROUP if key is None else str(key), []).append(vec)
        breakdowns[fld] = {k: _group(groups[k]) for k in sorted(groups)}
    return breakdowns
