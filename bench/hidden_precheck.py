"""What the hidden-text span walk costs, and how many pages a cheap pre-check could spare it.

``read_pdf`` reads every page's ``extractDICT`` (span colours, opacity, sizes) to drop text
the PDF never paints (``grounding/visibility.py``). This prints, per PDF of
``../shared/data/papers`` and ``papers-more``: pages, bare extraction (``page.get_text()``,
the baseline of ``bench/check.py``), ``extractDICT`` and ``extractHTML`` of the same text
page (ms, best of ``--repeat``), the pages that need the dict anyway for font patches
(``_needs_fonts``), and the pages an ``extractHTML`` pre-check could clear.

Why only those pages: MuPDF's HTML output starts a new ``<span>`` whenever a character's
font, size or colour (alpha included) changes and prints ``font-size`` (0.1 pt) and, unless
the colour is 0 (black at alpha 0) or CMYK black, ``color:#rrggbb`` without the alpha. So a
page whose every span reads ``font-size >= 1.1pt;color:#000000`` holds no text under 1 pt,
no white text and no invisible text, and needs no span walk; but invisible text in any other
colour (``0 0 1 rg 3 Tr``) prints like visible text, so a page with any coloured, white or
colourless span still needs the walk. The script checks, on every page, that a cleared page
has no hidden span (``MISSED`` lines; exit status 1).

Usage: python bench/hidden_precheck.py [--data ../shared/data] [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pymupdf  # noqa: E402

from grounding.pdf import _FLAGS, _FontCheck, _needs_fonts, _word_cols  # noqa: E402
from grounding.visibility import hidden_spans  # noqa: E402

_STYLE = re.compile(r'<span style="([^"]*)">')
_BLACK = re.compile(r";font-size:(\d+\.\d)pt;color:#000000$")


def html_clears(html: str) -> bool:
    """True if every span of a page's ``extractHTML`` is black, opaque and >= 1.1 pt."""
    styles = _STYLE.findall(html)
    if len(styles) != html.count("<span"):
        return False
    for style in set(styles):
        m = _BLACK.search(style)
        if m is None or float(m.group(1)) < 1.1:
            return False
    return True


def best(repeat: int, fn: Any) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    data = Path(args.data)
    pdfs = sorted((data / "papers").glob("*.pdf")) + sorted((data / "papers-more").glob("*.pdf"))
    if not pdfs:
        print(f"skipped: no PDFs under {data}/papers or papers-more")
        return 0
    print(f"{'paper':<28} {'pages':>5} {'bare ms':>8} {'dict ms':>8} {'html ms':>8} "
          f"{'fonts':>5} {'cleared':>7} {'saved/bare':>10}")
    missed = 0
    tot = {"bare": 0.0, "dict": 0.0, "saved": 0.0}
    for pdf in pdfs:
        doc = pymupdf.open(pdf)
        fonts = _FontCheck(doc)
        t_bare, _ = best(args.repeat, lambda: [pg.get_text() for pg in doc])
        t_dict = t_html = saved = 0.0
        n_fonts = n_clear = 0
        for page in doc:
            tp = page.get_textpage(flags=_FLAGS)
            d, blocks = best(args.repeat, lambda: tp.extractDICT()["blocks"])
            h, html = best(args.repeat, tp.extractHTML)
            t_dict, t_html = t_dict + d, t_html + h
            needs = _needs_fonts(page, _word_cols(tp.extractWORDS())[4], fonts)
            n_fonts += needs
            if html_clears(html):
                n_clear += 1
                if not needs:
                    saved += d - h
                if hidden_spans(page, blocks):
                    missed += 1
                    print(f"MISSED: {pdf.name} page {page.number + 1} holds hidden text")
        n = doc.page_count
        doc.close()
        tot["bare"] += t_bare
        tot["dict"] += t_dict
        tot["saved"] += saved
        print(f"{pdf.stem[:28]:<28} {n:>5} {t_bare * 1e3:>8.1f} {t_dict * 1e3:>8.1f} "
              f"{t_html * 1e3:>8.1f} {n_fonts:>5} {n_clear:>7} {saved / t_bare:>10.2f}")
    print(f"\nall: extractDICT = {tot['dict'] / tot['bare']:.2f}x bare extraction; an HTML "
          f"pre-check would save {tot['saved'] / tot['bare']:.2f}x bare")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
