"""Size and load time of the HTML check report: 40 sentences over a 30-page PDF.

Builds a 30-page PDF by repeating the pages of a real paper (PyMuPDF, in a temp folder),
an answer of 40 sentences from the GroundQA dev answers about that paper, runs the check
(rules judge) and writes the report. Then a worst case: the same report with each sentence's
evidence moved to its own page, so all 30 pages are rendered. For each it prints: pages
rendered, file size, time to write the HTML, and in headless Chromium the time to
DOMContentLoaded and to the load event (Navigation Timing, read back with --dump-dom), plus
the whole Chromium run against the same run on an empty page.

Usage: python bench/html_report.py [--data ../shared/data] [--paper legwork-2022] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from annotations.schema import BoxAnnotation, Label  # noqa: E402
from grounding.check import CheckedSentence, Report, check  # noqa: E402
from grounding.html import count_boxes, write_check_html  # noqa: E402
from grounding.sentences import split_sentences  # noqa: E402

N_PAGES = 30
N_SENTENCES = 40
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PROBE = (
    "<script>window.addEventListener('load',function(){var n=performance."
    "getEntriesByType('navigation')[0];var r=document.documentElement;"
    "r.setAttribute('data-dcl',n.domContentLoadedEventEnd.toFixed(1));"
    "r.setAttribute('data-load',n.loadEventStart.toFixed(1));});</script>"
)


def build_pdf(src: Path, out: Path, pages: int) -> Path:
    """``pages`` pages made by repeating the pages of ``src`` in order."""
    doc = pymupdf.open()
    with pymupdf.open(src) as s:
        while doc.page_count < pages:
            take = min(s.page_count, pages - doc.page_count)
            doc.insert_pdf(s, from_page=0, to_page=take - 1)
    doc.save(out)
    doc.close()
    return out


def build_answer(dev: Path, paper: str, n: int) -> str:
    texts: list[str] = []
    for line in (dev / f"{paper}.jsonl").read_text(encoding="utf-8").splitlines():
        texts += [
            s.text
            for s in split_sentences(json.loads(line)["answer_raw"])
            if len(s.text) > 40 and not s.text.lstrip().startswith(("-", "*", "#"))
        ]
    if not texts:
        raise SystemExit(f"no sentences found for {paper}")
    pool = list(texts)
    chosen: list[str] = []
    while len(split_sentences(" ".join(chosen))) < n:  # the splitter may merge some
        chosen.append(pool[len(chosen) % len(pool)])
    return " ".join(chosen)


def spread(report: Report, pages: int) -> Report:
    """Every sentence supported, with its boxes moved to page (i mod pages) + 1."""
    out = []
    for i, cs in enumerate(report.sentences):
        page = i % pages + 1
        boxes = cs.annotation.boxes or (
            BoxAnnotation(
                page_id=1,
                page_name="page 1",
                image_id="x",
                coords=(150, 200, 1000, 260),
                img_size=(1224, 1584),
            ),
        )
        moved = tuple(
            b.model_copy(update={"page_id": page, "page_name": f"page {page}"}) for b in boxes
        )
        ann = cs.annotation.model_copy(update={"label": Label.SUPPORTED, "boxes": moved})
        out.append(CheckedSentence(cs.sentence, cs.judgement, ann))
    return Report(
        question=report.question,
        answer=report.answer,
        pdf_path=report.pdf_path,
        paper_id=report.paper_id,
        sentences=tuple(out),
        judge=report.judge,
    )


def chromium_times(html: Path, repeat: int) -> tuple[float, float, float]:
    """(DOMContentLoaded ms, load ms, whole chromium run s), medians over ``repeat`` runs."""
    exe = shutil.which("chromium")
    if exe is None:
        return (float("nan"),) * 3
    probe = html.with_name(html.stem + ".probe.html")
    probe.write_text(
        html.read_text(encoding="utf-8").replace("</head>", PROBE + "</head>", 1), encoding="utf-8"
    )
    dcl, load, wall = [], [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as profile:
            t0 = time.perf_counter()
            dom = subprocess.run(
                [exe, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", probe.as_uri()],
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            ).stdout
            wall.append(time.perf_counter() - t0)
        start = dom.find("<html")
        head = dom[start : dom.find(">", start)]
        dcl.append(float(head.split('data-dcl="')[1].split('"')[0]))
        load.append(float(head.split('data-load="')[1].split('"')[0]))
    probe.unlink()
    return statistics.median(dcl), statistics.median(load), statistics.median(wall)


def empty_run(tmp: Path, repeat: int) -> float:
    exe = shutil.which("chromium")
    if exe is None:
        return float("nan")
    page = tmp / "empty.html"
    page.write_text("<!DOCTYPE html><title>x</title>", encoding="utf-8")
    runs = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as profile:
            t0 = time.perf_counter()
            subprocess.run(
                [exe, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                capture_output=True,
                timeout=120,
                check=True,
            )
            runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--paper", default="legwork-2022")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    data = Path(args.data)
    src = data / "papers" / f"{args.paper}.pdf"
    if not src.is_file():
        print(f"skipped: {src} not found")
        return 0
    if shutil.which("chromium") is None:
        print("note: chromium not installed; load times are nan (apt-get install -y chromium)")
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        pdf = build_pdf(src, tmp / "long.pdf", N_PAGES)
        answer = build_answer(data / "groundqa" / "dev", args.paper, N_SENTENCES)
        t0 = time.perf_counter()
        report = check("What does the paper report?", answer, pdf, paper_id="long")
        t_check = time.perf_counter() - t0
        print(
            f"PDF {N_PAGES} pages (from {src.name}); answer {len(report.sentences)} sentences; "
            f"check {t_check:.2f} s; labels {report.label_counts()}"
        )
        base = empty_run(tmp, args.repeat)
        print(
            f"{'case':<22} {'pages':>5} {'boxes':>5} {'size KiB':>9} {'write s':>8} "
            f"{'DCL ms':>7} {'load ms':>8} {'chromium s':>10}"
        )
        for name, rep in (
            ("as checked", report),
            (f"one page each ({N_PAGES})", spread(report, N_PAGES)),
        ):
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                out = write_check_html(rep, tmp / "r.html")
                times.append(time.perf_counter() - t0)
            pages = len(
                {
                    b.page_id
                    for cs in rep.sentences
                    for b in cs.annotation.boxes
                    if cs.annotation.label in (Label.SUPPORTED, Label.CONTRADICTION)
                }
            )
            dcl, load, wall = chromium_times(out, args.repeat)
            print(
                f"{name:<22} {pages:>5} {count_boxes(rep):>5} {out.stat().st_size / 1024:>9.0f} "
                f"{min(times):>8.2f} {dcl:>7.0f} {load:>8.0f} {wall:>10.2f}"
            )
        print(f"{'empty page':<22} {'':>5} {'':>5} {'':>9} {'':>8} {'':>7} {'':>8} {base:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
