"""Start-up and `refs verify` cost of the command line: wall time, CPU and memory.

Usage::

    python bench/startup.py [--tree DIR] [--db acl.sqlite] [--repeat 5] [--verify-only]

Runs, each in a fresh ``python -m grounding`` process of the code in ``--tree`` (default:
this repository; give a checkout of another commit for before/after figures):

1. ``sciground --help``;
2. ``refs verify`` of 1 reference, and of 2,000 references with ``--workers 1`` and
   ``--workers 2``, against the 100,601-record ACL Anthology index (built into a temp
   dir from ../shared/data/acl-anthology/ unless ``--db`` names one; the references are
   bench/index_throughput.make_refs(2000), half of them corrupted). ``--verify-only``
   runs the two 2,000-reference commands only.

For each it prints the best wall time of ``--repeat`` runs, references/s where it
applies, the CPU seconds of the command and its workers (wait4), the peak RSS of the
largest process (VmHWM) and of the whole process tree (the command and its workers,
summed), the same for private memory (RssAnon: without the pages of the index file that
read-only connections map, which the OS page cache holds and the processes share), and
whether PyMuPDF or onnxruntime was loaded (one more run with ``-X importtime``). Then,
from the run of least CPU, the CPU seconds of each process (the command, and how much of
it came before its first worker started; each worker), from /proc/PID/stat sampled every
10 ms, and the speed-up that ``--workers 2`` can reach over ``--workers 1`` on two idle
cores (speedup_bound). Linux only (/proc).

CPU seconds hardly depend on other load (a little: shared caches); wall times on a shared
machine do: take the minimum of runs made when it is quiet, and report the load average
printed with them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._store import ACL  # noqa: E402
from bench.index_throughput import make_refs  # noqa: E402

HEAVY = ("pymupdf", "fitz", "onnxruntime")


TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Sample:
    """What the /proc sampler saw of one command's process tree."""

    cpu: dict[int, float] = field(default_factory=dict)  # pid -> CPU s (last seen)
    hwm: dict[int, int] = field(default_factory=dict)  # pid -> peak RSS kB (VmHWM)
    tree_kb: int = 0  # peak summed VmRSS kB of the tree
    anon: dict[int, int] = field(default_factory=dict)  # pid -> peak RssAnon kB (private)
    tree_anon_kb: int = 0  # peak summed RssAnon kB of the tree
    before_fork: float | None = None  # the command's CPU s when its first child appeared


def _tree(root: int) -> list[int]:
    """``root`` and its descendants now, from /proc/PID/task/TID/children."""
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/children", encoding="ascii") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except OSError:
            continue
    return out


def _sample(root: int, seen: Sample) -> None:
    """One look at ``root``'s tree: CPU seconds (utime + stime of /proc/PID/stat) and
    VmRSS / VmHWM of each process, kept in ``seen``. Reads a few files per process, so
    that the sampler takes next to no CPU from the command it measures."""
    rss = anon = 0
    tree = _tree(root)
    for pid in tree:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
                status = fh.read()
        except (OSError, IndexError):
            continue
        seen.cpu[pid] = (int(fields[11]) + int(fields[12])) / TICK
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                rss += int(line.split()[1])
            elif line.startswith("RssAnon:"):
                kb = int(line.split()[1])
                anon += kb
                seen.anon[pid] = max(seen.anon.get(pid, 0), kb)
            elif line.startswith("VmHWM:"):
                seen.hwm[pid] = max(seen.hwm.get(pid, 0), int(line.split()[1]))
    if seen.before_fork is None and len(tree) > 1 and root in seen.cpu:
        seen.before_fork = seen.cpu[root]
    seen.tree_kb = max(seen.tree_kb, rss)
    seen.tree_anon_kb = max(seen.tree_anon_kb, anon)


@dataclass
class Run:
    """One timed run of a command."""

    wall: float  # s
    cpu: float  # CPU s of the command and its workers (wait4: exact)
    own_cpu: float  # CPU s of the command alone (sampled every 10 ms)
    workers_cpu: tuple[float, ...]  # CPU s of each worker (sampled), by pid
    before_fork: float  # CPU s the command spent before its first worker started
    rss_mb: float  # peak RSS of the largest process
    tree_mb: float  # peak summed RSS of the process tree
    anon_mb: float  # peak private (anonymous) RSS of the largest process
    tree_anon_mb: float  # peak summed private RSS of the process tree
    err: str


def run(argv: list[str], tree: Path, *, importtime: bool = False) -> Run:
    """Time ``python -m grounding *argv`` run on the code in ``tree`` (with ``-X
    importtime`` when asked: it slows start-up, so timed runs go without)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    flags = ["-X", "importtime"] if importtime else []
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, *flags, "-m", "grounding", *argv],
        cwd=tree,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen = Sample()
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            _sample(proc.pid, seen)
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
    own = usage.ru_utime + usage.ru_stime
    workers = tuple(c for pid, c in sorted(seen.cpu.items()) if pid != proc.pid)
    return Run(
        wall,
        own,
        seen.cpu.get(proc.pid, own),
        workers,
        seen.before_fork if seen.before_fork is not None else own,
        max(seen.hwm.values(), default=0) / 1024,
        seen.tree_kb / 1024,
        max(seen.anon.values(), default=0) / 1024,
        seen.tree_anon_kb / 1024,
        err,
    )


def speedup_bound(one: Run, two: Run, cores: int = 2) -> float:
    """The most ``two`` can gain over ``one`` on ``cores`` idle cores, from CPU seconds:
    one's wall time is at least its CPU time; two's is at least what its command spends
    before the first worker starts plus the rest of the tree's CPU spread over the cores,
    and at least that of its busiest worker."""
    rest = two.cpu - two.before_fork
    return one.cpu / (two.before_fork + max(rest / cores, *two.workers_cpu, 0.0))


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
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument(
        "--verify-only",
        action="store_true",
        help="only the two --workers runs (not --help, not 1 reference)",
    )
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
    cases = (
        []
        if args.verify_only
        else [
            ("sciground --help", ["--help"], 0),
            ("refs verify, 1 reference", ["refs", "verify", str(one), "--db", str(db)], 1),
        ]
    )
    for w in (1, 2):
        cases.append(
            (
                f"refs verify, {len(refs)} references, --workers {w}",
                ["refs", "verify", str(many), "--db", str(db), "--workers", str(w)],
                len(refs),
            )
        )
    print(
        f"code: {args.tree}; python {sys.version.split()[0]}; {os.cpu_count()} CPUs; "
        f"best of {args.repeat}; load average before: {os.getloadavg()[0]:.1f} (1 min)"
    )
    print(
        f"{'command':<44} {'wall s':>7} {'refs/s':>7} {'CPU s':>6} {'RSS MB':>7} "
        f"{'tree MB':>8} {'private':>8} {'tree priv':>9}  heavy modules"
    )
    best: dict[str, Run] = {}
    walls: dict[str, float] = {}
    for name, argv, n in cases:
        runs = [run(argv, args.tree) for _ in range(args.repeat)]
        wall = walls[name] = min(r.wall for r in runs)
        best[name] = min(runs, key=lambda r: r.cpu)  # least disturbed by other load
        rss = max(r.rss_mb for r in runs)
        tree_mb = max(r.tree_mb for r in runs)
        anon = max(r.anon_mb for r in runs)
        tree_anon = max(r.tree_anon_mb for r in runs)
        heavy = loaded_heavy(run(argv, args.tree, importtime=True).err)
        rate = f"{n / wall:7.0f}" if n > 1 else f"{'':>7}"
        print(
            f"{name:<44} {wall:7.2f} {rate} {best[name].cpu:6.2f} {rss:7.0f} {tree_mb:8.0f} "
            f"{anon:8.0f} {tree_anon:9.0f}  {', '.join(heavy) or '-'}"
        )
    print("CPU seconds per process (the run of least CPU; sampled every 10 ms):")
    for name, r in best.items():
        workers = " + ".join(f"{c:.2f}" for c in r.workers_cpu) or "none"
        print(
            f"  {name:<42} command {r.own_cpu:5.2f} (before its first worker "
            f"{r.before_fork:4.2f}), workers {workers}"
        )
    names = [f"refs verify, {len(refs)} references, --workers {w}" for w in (1, 2)]
    one, two = best[names[0]], best[names[1]]
    ratio = walls[names[0]] / walls[names[1]]
    print(
        f"--workers 2 was {ratio:.2f}x faster than --workers 1 (best wall times); on 2 "
        f"idle cores it can be at most {speedup_bound(one, two):.2f}x faster"
        f"\n  (CPU: {one.cpu:.2f} s vs {two.before_fork:.2f} s before the "
        f"workers + {two.cpu - two.before_fork:.2f} s shared by 2 cores)"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
