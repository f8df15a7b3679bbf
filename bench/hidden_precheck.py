"""What the hidden-text span walk costs, and how many pages its pre-check spares it.

``read_pdf`` drops text the PDF never paints (``grounding/visibility.py``), which needs each
span's colour, opacity and size from ``extractDICT``. The dict costs about as much as the
text page itself, so ``read_pdf`` first reads the page's ``extractHTML`` (MuPDF's own
writer, a fraction of the cost) and reads the dict only where ``may_hide_text`` leaves
hidden text possible, or where fonts need patches (a font that is neither a known text font
nor a math/symbol font, or a mis-encoded math glyph). This prints, per PDF of
``../shared/data/papers`` and ``papers-more``: pages, bare extraction (``page.get_text()``,
the baseline of ``bench/check.py``), ``extractDICT`` and ``extractHTML`` on a fresh text
page (ms, best of ``--repeat``), the pages that read the dict for fonts, for a possible
hidden span, and those that skip it; and checks that no skipped page holds a hidden span
(``MISSED`` lines; exit status 1).

Usage: python bench/hidden_precheck.py [--data ../shared/data] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pymupdf  # noqa: E402

from bench.check import best_of as best  # noqa: E402
from grounding.pdf import _FLAGS, _FontCheck, _has_math_glyph  # noqa: E402
from grounding.visibility import hidden_spans, may_hide_text  # noqa: E402


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
    print(
        f"{'paper':<28} {'pages':>5} {'bare ms':>8} {'dict ms':>8} {'html ms':>8} "
        f"{'fonts':>5} {'hidden?':>7} {'skipped':>7}"
    )
    missed = 0
    tot = {"bare": 0.0, "dict": 0.0, "html": 0.0, "pages": 0, "skipped": 0}
    for pdf in pdfs:
        doc = pymupdf.open(pdf)
        fonts = _FontCheck(doc)
        t_bare, _ = best(args.repeat, lambda: [pg.get_text() for pg in doc])
        t_dict = t_html = 0.0
        n_fonts = n_maybe = n_skip = 0
        for page in doc:
            d, blocks = best(
                args.repeat, lambda: page.get_textpage(flags=_FLAGS).extractDICT()["blocks"]
            )
            d -= best(args.repeat, lambda: page.get_textpage(flags=_FLAGS))[0]
            h, html = best(args.repeat, lambda: page.get_textpage(flags=_FLAGS).extractHTML())
            h -= best(args.repeat, lambda: page.get_textpage(flags=_FLAGS))[0]
            t_dict, t_html = t_dict + max(d, 0.0), t_html + max(h, 0.0)
            words = page.get_textpage(flags=_FLAGS).extractWORDS()
            if not words:
                continue
            if fonts.has_other_font(page) or _has_math_glyph([w[4] for w in words]):
                n_fonts += 1
            elif may_hide_text(page, html, fonts.alpha):
                n_maybe += 1
            else:
                n_skip += 1
                if hidden_spans(page, blocks):
                    missed += 1
                    print(f"MISSED: {pdf.name} page {page.number + 1} holds hidden text")
        n = doc.page_count
        doc.close()
        tot["bare"] += t_bare
        tot["dict"] += t_dict
        tot["html"] += t_html
        tot["pages"] += n
        tot["skipped"] += n_skip
        print(
            f"{pdf.stem[:28]:<28} {n:>5} {t_bare * 1e3:>8.1f} {t_dict * 1e3:>8.1f} "
            f"{t_html * 1e3:>8.1f} {n_fonts:>5} {n_maybe:>7} {n_skip:>7}"
        )
    print(
        f"\nall: extractDICT {tot['dict'] / tot['bare']:.2f}x bare extraction, extractHTML "
        f"{tot['html'] / tot['bare']:.2f}x; {tot['skipped']} of {tot['pages']} pages skip the "
        f"dict"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
