"""The judge on Check-COVID dev: third-party claims about a paper's abstract, SUPPORT / REFUTE / NEI.

Data: ``external/check-covid`` of the shared data (posuer/Check-COVID, MIT): ``corpus.json``
(CORD-19 abstracts, one JSON object a line, pre-split into sentences) and the dev claims
``covidCheck_dev_composed.json`` (160) and ``covidCheck_dev_extracted.json`` (47).

Each claim is judged against its paper's title and abstract (``--evidence abstract``, the
default), or against its annotated evidence sentences only (``--evidence rationale``: the
PRIMARY and SUPPLEMENTARY sentences of the claim's ``evidence_set``, in abstract order). The
second is Check-COVID's own label-prediction setting ("claim and rationale", with oracle
rationales): there an NEI claim comes with the sentence the annotators found relevant but
insufficient, so it no longer shares its evidence with its SUPPORT or REFUTE twin, which it
does in the abstract setting (see :func:`twin_reader`). By default the evidence is
written into a PDF with PyMuPDF (A4, 10 pt sans-serif, as many pages as it needs) in a
temporary folder and read back with ``grounding.pdf.read_pdf`` so that the real pipeline
runs (reader, evidence index, judge); ``--from-text`` indexes the text directly instead
(``EvidenceIndex.from_texts``). The claim is one sentence with no question and no earlier
sentences. Labels are mapped supported -> SUPPORT, contradiction -> REFUTE, nei and
not_a_claim -> NEI.

Prints 3-class accuracy, macro-F1, per-class F1 and the confusion matrix, next to the
always-SUPPORT baseline, and the share of REFUTE claims labelled supported; targets (issue
11): macro-F1 >= 0.5, REFUTE labelled supported <= 10%.

``--split train`` runs the 1,068 train claims instead, to fit anything on data other
than dev (the test split is kept back by the data's curators).

Usage: python bench/check_covid.py [--data ../shared/data] [--split dev|train] [--from-text]
       [--evidence abstract|rationale] [--show N] [--jsonl out.jsonl]
"""

from __future__ import annotations

import argparse
import html
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import pymupdf  # noqa: E402
from perturb import judge_text, write_jsonl  # noqa: E402

from bench._metrics import class_scores  # noqa: E402
from grounding.errors import JudgeError  # noqa: E402
from grounding.evidence import EvidenceIndex  # noqa: E402
from grounding.judges.registry import make_judge  # noqa: E402
from grounding.pdf import read_pdf  # noqa: E402

CLASSES = ("SUPPORT", "REFUTE", "NOTENOUGHINFO")
TO_CLASS = {
    "supported": "SUPPORT",
    "contradiction": "REFUTE",
    "nei": "NOTENOUGHINFO",
    "not_a_claim": "NOTENOUGHINFO",
}
SPLITS = ("covidCheck_dev_composed.json", "covidCheck_dev_extracted.json")
#: the train claims (842 + 226), for fitting anything on data other than dev
TRAIN_SPLITS = ("covidCheck_train_composed.json", "covidCheck_train_extracted.json")
MACRO_F1_TARGET = 0.5
REFUTE_SUPPORTED_TARGET = 0.10


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Rows of a Check-COVID ``.json`` file (JSON Lines; blank lines skipped).

    Raises: ValueError naming the file and line of a row that is not JSON."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from exc
    return out


def write_pdf(title: str, sentences: list[str], path: Path) -> None:
    """Write ``title`` (a heading) and the abstract ``sentences`` (one paragraph) into a PDF
    at ``path``: A4, 72 pt margins, flowed over as many pages as it needs by
    ``pymupdf.Story`` (MuPDF's built-in fonts, so any Unicode character is kept)."""
    body = " ".join(html.escape(s) for s in sentences)
    story = pymupdf.Story(
        html=f"<h2>{html.escape(title)}</h2><p>{body}</p>",
        user_css="body {font-family: sans-serif; font-size: 10pt;}",
    )
    mediabox = pymupdf.paper_rect("a4")
    where = mediabox + (72, 72, -72, -72)
    writer = pymupdf.DocumentWriter(str(path))
    more = True
    while more:
        device = writer.begin_page(mediabox)
        more, _ = story.place(where)
        story.draw(device)
        writer.end_page()
    writer.close()


def evidence_text(
    paper: dict[str, Any], claim: dict[str, Any], evidence: str
) -> tuple[str, list[str]]:
    """(title, sentences) a claim is judged against: the paper's title and whole abstract
    for ``evidence="abstract"``; no title and the claim's ``evidence_set`` sentences (every
    type, abstract order, indices past the abstract dropped) for ``"rationale"``."""
    abstract = list(paper["abstract"])
    if evidence == "abstract":
        return paper["title"], abstract
    wanted = sorted({e["sent_index"] for e in claim.get("evidence_set", [])})
    return "", [abstract[i] for i in wanted if 0 <= i < len(abstract)]


def f1_table(gold: list[str], pred: list[str]) -> tuple[float, float, dict[str, float]]:
    """(accuracy, macro-F1, per-class F1) over :data:`CLASSES` (bench._metrics)."""
    return class_scores(gold, pred, CLASSES)


def twin_reader(results: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    """Check-COVID labels a claim NEI when its gold evidence *sentence* falls short, so an
    NEI claim can share its text and abstract with a SUPPORT or REFUTE claim (a "twin"),
    and no judge that reads the claim and the abstract can tell the two apart.

    Returns: (NEI claims with a twin, NEI claims, the labels of a reader right on every
    SUPPORT and REFUTE claim that gives each twin the same label)."""
    by_text: dict[tuple[str, str], set[str]] = {}
    for r in results:
        by_text.setdefault((r["claim"].strip(), r["cord_id"]), set()).add(r["gold"])
    reader, twins = [], 0
    for r in results:
        other = sorted(by_text[(r["claim"].strip(), r["cord_id"])] - {"NOTENOUGHINFO"})
        twins += r["gold"] == "NOTENOUGHINFO" and bool(other)
        reader.append(r["gold"] if r["gold"] != "NOTENOUGHINFO" or not other else other[0])
    return twins, sum(r["gold"] == "NOTENOUGHINFO" for r in results), reader


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument(
        "--from-text",
        action="store_true",
        help="index the abstract text directly instead of a PDF made from it",
    )
    ap.add_argument(
        "--evidence",
        choices=("abstract", "rationale"),
        default="abstract",
        help="judge each claim against the title and abstract (default) or against "
        "its annotated evidence sentences only (Check-COVID's label-prediction "
        "setting)",
    )
    ap.add_argument("--judge", default="rules", help="judge name for make_judge (rules, nli, llm)")
    ap.add_argument(
        "--split",
        choices=("dev", "train"),
        default="dev",
        help="dev (report this) or train (fit on this)",
    )
    ap.add_argument("--show", type=int, default=0, help="print up to N misjudged claims")
    ap.add_argument("--jsonl", help="write every claim with its predicted label to this file")
    args = ap.parse_args()
    folder = Path(args.data) / "external" / "check-covid"
    if not (folder / "corpus.json").exists():
        print(f"skipped: no Check-COVID data under {folder}")
        return 0
    corpus = {d["cord_id"]: d for d in read_jsonl(folder / "corpus.json")}
    splits = SPLITS if args.split == "dev" else TRAIN_SPLITS
    claims = [(split, c) for split in splits for c in read_jsonl(folder / split)]
    judge = make_judge(args.judge)
    results = []
    failed = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        papers: dict[str, tuple[Any, EvidenceIndex]] = {}
        for split, c in claims:
            cid = c["cord_id"]
            if cid not in corpus:
                print(
                    f"{folder / split}: claim {c['id']}: cord_id {cid} not in corpus.json; skipped"
                )
                continue
            paper = corpus[cid]
            title, sentences = evidence_text(paper, c, args.evidence)
            key = (cid, title, tuple(sentences))
            if key not in papers:
                if args.from_text:
                    text = "\n".join(([title] if title else []) + sentences)
                    papers[key] = (None, EvidenceIndex.from_texts([text]))
                else:
                    pdf = Path(tmp) / f"{cid}-{len(papers)}.pdf"
                    write_pdf(title, sentences, pdf)
                    document = read_pdf(pdf)
                    papers[key] = (document, EvidenceIndex.build(document))
            document, index = papers[key]
            try:
                j = judge_text(judge, c["claim"], document, index)
            except JudgeError as exc:  # a model judge that fails: counted, the batch goes on
                failed += 1
                print(f"{folder / split}: claim {c['id']} not judged ({exc})")
                continue
            results.append(
                {
                    "id": c["id"],
                    "split": split,
                    "cord_id": cid,
                    "claim": c["claim"],
                    "gold": c["label"],
                    "label": j.label.value,
                    "pred": TO_CLASS[j.label.value],
                    "rationale": j.rationale,
                }
            )
    elapsed = time.perf_counter() - t0
    gold = [r["gold"] for r in results]
    pred = [r["pred"] for r in results]
    what = "abstract" if args.evidence == "abstract" else "annotated evidence sentences"
    source = f"{what} as text" if args.from_text else f"PDF made from the {what}"
    print(
        f"Check-COVID {args.split}: {len(results)} claims ({Counter(gold)['SUPPORT']} SUPPORT, "
        f"{Counter(gold)['REFUTE']} REFUTE, {Counter(gold)['NOTENOUGHINFO']} NEI) on "
        f"{len({r['cord_id'] for r in results})} abstracts; judge {args.judge!r} on the "
        f"{source}; {elapsed:.1f} s" + (f"; {failed} not judged (JudgeError)" if failed else "")
    )
    print(f"{'system':<16}{'accuracy':>9}{'macro-F1':>9}" + "".join(f"{c[:7]:>9}" for c in CLASSES))
    for name, p in (("always SUPPORT", ["SUPPORT"] * len(gold)), (f"{args.judge} judge", pred)):
        acc, macro, f1 = f1_table(gold, p)
        print(f"{name:<16}{acc:>9.3f}{macro:>9.3f}" + "".join(f"{f1[c]:>9.3f}" for c in CLASSES))
    for split in splits:
        sub = [r for r in results if r["split"] == split]
        acc, macro, _ = f1_table([r["gold"] for r in sub], [r["pred"] for r in sub])
        print(f"  {split}: n={len(sub)}, accuracy {acc:.3f}, macro-F1 {macro:.3f}")
    print("confusion (rows gold, columns predicted):")
    print(f"{'':<16}" + "".join(f"{c[:7]:>9}" for c in CLASSES))
    conf = Counter(zip(gold, pred))
    for g in CLASSES:
        print(f"{g:<16}" + "".join(f"{conf[(g, p)]:>9}" for p in CLASSES))
    refute = [r for r in results if r["gold"] == "REFUTE"]
    share = sum(r["pred"] == "SUPPORT" for r in refute) / max(len(refute), 1)
    macro = f1_table(gold, pred)[1]
    print(
        f"macro-F1 {macro:.3f} (target >= {MACRO_F1_TARGET}); REFUTE labelled supported "
        f"{share:.2f} (target <= {REFUTE_SUPPORTED_TARGET:.2f})"
    )
    twins, nei, reader = twin_reader(results)
    if args.evidence == "abstract":
        print(
            f"{twins} of {nei} NEI claims share their text and abstract with a SUPPORT or "
            f"REFUTE claim; a judge right on every SUPPORT and REFUTE claim (and so wrong on "
            f"those twins) scores macro-F1 {f1_table(gold, reader)[1]:.3f}"
        )
    shown = 0
    for r in results:
        if r["gold"] != r["pred"] and shown < args.show:
            shown += 1
            print(f"\n{r['gold']} -> {r['label']}: {r['claim']}\n    {r['rationale'][:200]}")
    if args.jsonl:
        write_jsonl(Path(args.jsonl), results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
