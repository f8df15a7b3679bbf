"""Start-up and `refs verify` cost of the command line: wall time and memory (issue 13).

Usage::

    python bench/startup.py [--tree DIR] [--db acl.sqlite] [--repeat 3]

Runs, each in a fresh ``python -m grounding`` process of the code in ``--tree`` (default:
this repository; give a checkout of another commit for before/after figures):

1. ``sciground --help``;
2. ``refs verify`` of 1 reference, and of 2,000 references with ``--workers 1`` and
   ``--workers 2``, against the 100,601-record ACL Anthology index (built into a temp
   dir from ../shared/data/acl-anthology/ unless ``--db`` names one; the references are
   bench/index_throughput.make_refs(2000), half of them corrupted).

For each it prints the best wall time of ``--repeat`` runs, references/s where it
applies, the CPU seconds of the command and its workers (wait4: not inflated by other
load, unlike wall time), the peak RSS of the largest process (VmHWM) and the peak RSS of
the whole process tree (the command and its workers, summed), both sampled every 10 ms
from /proc, and
whether PyMuPDF or onnxruntime was loaded (one more run with ``-X importtime``). Linux only (/proc).
Wall times on a shared machine vary: take the minimum of runs made when it is quiet, and
report the load average printed with them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._store import ACL  # noqa: E402
from bench.index_throughput import make_refs  # noqa: E402

HEAVY = ("pymupdf", "fitz", "onnxruntime")


def _tree_memory_kb(root: int, hwm: dict[int, int]) -> int:
    """Summed VmRSS (kB) of ``root`` and all its descendants now, from /proc; ``hwm``
    keeps each process's own peak (VmHWM) seen so far."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    peaks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status", encoding="ascii", errors="replace") as fh:
                status = fh.read()
        except OSError:
            continue
        pid = int(entry)
        for line in status.splitlines():
            if line.startswith("PPid:"):
                parents[pid] = int(line.split()[1])
            elif line.startswith("VmRSS:"):
                rss[pid] = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                peaks[pid] = int(line.split()[1])
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    for p in tree:
        hwm[p] = max(hwm.get(p, 0), peaks.get(p, 0))
    return sum(rss.get(p, 0) for p in tree)


def run(argv: list[str], tree: Path, *, importtime: bool = False
        ) -> tuple[float, float, float, float, str]:
    """(wall s, CPU s of the command and its workers, peak RSS MB of the largest
    process, peak summed RSS MB of the process tree, stderr) of
    ``python -m grounding *argv`` run on the code in ``tree`` (with ``-X importtime``
    when asked: it slows start-up, so timed runs go without)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    flags = ["-X", "importtime"] if importtime else []
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *flags, "-m", "grounding", *argv],
                            cwd=tree, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    peak = [0]
    hwm: dict[int, int] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _tree_memory_kb(proc.pid, hwm))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    err = proc.stderr.read() if proc.stderr else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    done.set()
    sampler.join()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{argv} exited {proc.returncode}:\n{err[-2000:]}")
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, max(hwm.values(), default=0) / 1024, peak[0] / 1024, err


def loaded_heavy(importtime: str) -> list[str]:
    names = set()
    for line in importtime.splitlines():
        if line.startswith("import time:") and "|" in line:
            mod = line.rsplit("|", 1)[1].strip()
            if mod.split(".")[0] in HEAVY:
                names.add(mod.split(".")[0])
    return sorted(names)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", type=Path, default=ROOT, help="code to measure (a checkout)")
    ap.add_argument("--db", type=Path, help="an ACL index (default: built into a temp dir)")
    ap.add_argument("--refs", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="sciground-startup-"))
    db = args.db
    if db is None:
        from citations.sources.local import LocalIndex

        db = tmp / "acl.sqlite"
        t0 = time.perf_counter()
        n = LocalIndex(db).add_file(ACL)
        print(f"index: {n} ACL records built in {time.perf_counter() - t0:.1f} s")
    refs = [text for text, _ in make_refs(args.refs)]
    many = tmp / "refs.txt"
    many.write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    one = tmp / "one.txt"
    one.write_text(refs[0] + "\n", encoding="utf-8")
    cases = [("sciground --help", ["--help"], 0),
             ("refs verify, 1 reference", ["refs", "verify", str(one), "--db", str(db)], 1)]
    for w in (1, 2):
        cases.append((f"refs verify, {len(refs)} references, --workers {w}",
                      ["refs", "verify", str(many), "--db", str(db), "--workers", str(w)],
                      len(refs)))
    print(f"code: {args.tree}; python {sys.version.split()[0]}; {os.cpu_count()} CPUs; "
          f"best of {args.repeat}")
    print(f"{'command':<44} {'wall s':>7} {'refs/s':>7} {'CPU s':>6} {'RSS MB':>7} "
          f"{'tree MB':>8}  heavy modules")
    for name, argv, n in cases:
        runs = [run(argv, args.tree) for _ in range(args.repeat)]
        wall = min(r[0] for r in runs)
        cpu = min(r[1] for r in runs)
        rss = max(r[2] for r in runs)
        tree_mb = max(r[3] for r in runs)
        heavy = loaded_heavy(run(argv, args.tree, importtime=True)[4])
        rate = f"{n / wall:7.0f}" if n > 1 else f"{'':>7}"
        print(f"{name:<44} {wall:7.2f} {rate} {cpu:6.2f} {rss:7.0f} {tree_mb:8.0f}  "
              f"{', '.join(heavy) or '-'}")
    print(f"load average after: {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
