"""Check one GroundQA dev row, write its HTML report and screenshot it in headless Chromium.

    python scripts/screenshot_report.py                       # first row of s2orc-2020
    python scripts/screenshot_report.py --row specter-2020__q02 --out /tmp/shots \
        --refs /tmp/refs.sqlite                               # also verify its references

Writes OUT/<row>.html, OUT/<row>.png (the whole page) and OUT/<row>-lightbox.png (the
first evidence thumbnail enlarged). ``--refs DB`` verifies the row's cited references
(dev ``*.citations.jsonl``) against a local index (built from the ACL Anthology records if
DB does not exist yet; that takes a minute). Needs Debian's ``chromium`` package.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"
DEV = DATA / "groundqa" / "dev"
PAPERS = DATA / "papers"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]


def chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        sys.exit("chromium not found: apt-get update && apt-get install -y chromium")
    return exe


def find_row(row_id: str | None) -> dict[str, object]:
    for f in sorted(DEV.glob("*.jsonl")):
        if f.name.endswith(".citations.jsonl"):
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row_id is None or row["qa_pair_id"] == row_id:
                return dict(row)
    sys.exit(f"row {row_id!r} not found under {DEV}")


def verify_refs(row_id: str, paper_id: str, db: Path) -> list[object]:
    from citations.sources.local import LocalIndex
    from citations.verify import verify_many

    cites = DEV / f"{paper_id}.citations.jsonl"
    refs = [json.loads(x) for x in cites.read_text(encoding="utf-8").splitlines() if x.strip()]
    refs = [r for r in refs if r["qa_pair_id"] == row_id]
    fresh = not db.exists()
    with LocalIndex.open(db) as index:
        if fresh:
            print(f"building {db} from the ACL Anthology records ...", file=sys.stderr)
            index.add_file(DATA / "acl-anthology" / "records.jsonl.gz")
        return list(verify_many([r["reference"] for r in refs], [index]))


def shoot(url: str, png: Path, width: int, height: int) -> float:
    with tempfile.TemporaryDirectory() as profile:
        t0 = time.perf_counter()
        subprocess.run(
            [
                chromium(),
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                "--virtual-time-budget=3000",
                f"--screenshot={png}",
                url,
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        return time.perf_counter() - t0


def page_height(html: Path) -> int:
    """The rendered document height in CSS pixels (chromium --dump-dom after the script)."""
    with tempfile.TemporaryDirectory() as profile:
        probe = html.with_suffix(".probe.html")
        text = html.read_text(encoding="utf-8").replace(
            "</body>",
            "<script>document.documentElement.setAttribute('data-h',"
            "document.documentElement.scrollHeight)</script></body>",
        )
        probe.write_text(text, encoding="utf-8")
        out = subprocess.run(
            [
                chromium(),
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "--window-size=1280,900",
                "--dump-dom",
                probe.as_uri(),
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
        probe.unlink()
    marker = 'data-h="'
    i = out.find(marker)
    return int(out[i + len(marker) : out.find('"', i + len(marker))]) if i >= 0 else 3000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--row", help="qa_pair_id of a dev row (default: the first one)")
    ap.add_argument("--out", default="/tmp/sciground-screenshots", help="output folder")
    ap.add_argument("--refs", metavar="DB", help="verify the row's references with this index")
    ap.add_argument("--width", type=int, default=1280)
    args = ap.parse_args(argv)

    from grounding.check import check
    from grounding.html import write_check_html

    row = find_row(args.row)
    rid, pid = str(row["qa_pair_id"]), str(row["paper_id"])
    report = check(
        str(row["question_text"]), str(row["answer_raw"]), PAPERS / f"{pid}.pdf", paper_id=pid
    )
    refs = verify_refs(rid, pid, Path(args.refs)) if args.refs else None
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    html = write_check_html(report, out / f"{rid}.html", references=refs)
    h = page_height(html)
    t_full = shoot(html.as_uri(), out / f"{rid}.png", args.width, h)
    t_box = shoot(html.as_uri() + "#open-first", out / f"{rid}-lightbox.png", args.width, 1100)
    print(
        f"{html}: {html.stat().st_size / 1024:.0f} KiB, {len(report.sentences)} sentences, "
        f"labels {report.label_counts()}"
    )
    print(
        f"{out / (rid + '.png')}: {args.width} x {h} px ({t_full:.1f} s); "
        f"{out / (rid + '-lightbox.png')} ({t_box:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
