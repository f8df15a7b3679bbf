"""``check --batch`` and ``eval`` on a Ray cluster (``--engine ray``).

    >>> counts = check_items_ray(items, out, done, judge=partial(make_judge, "rules"))

The rows to check are grouped by paper (within windows of ``RayOptions.window``
consecutive input rows, at most ``group_size`` rows a group) and each group is one Ray
task: the worker reads and indexes the PDF once, then checks its rows with
grounding.batch.check_row, the function the local engine calls, so each row's output line
is byte-identical to the local engine's. The driver alone writes, in input order
(citations.engine_ray.ordered), so a task that Ray retries after its worker died never
writes a row twice, and an interrupted run resumes from its output exactly as the local
one does (rows whose qa_pair_id is already there are skipped).

A row that fails is reported as the local engine reports it ("file:line: skipped: why");
a group whose task fails for good (its worker lost after Ray's retries) reports each of
its rows as failed; the others go on. Progress lines (rows done, rows/s, failures) are
printed on the driver.

Assumption: every worker reads the PDFs at the paths the driver resolved, so they must be
on a file system every node mounts at the same path (or copied to the same path on each
node). The judge is built on each worker from a picklable factory (the CLI's
judge_factory), once per worker process and run.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from annotations.errors import CheckerError, InputError
from annotations.schema import QAPair
from citations.engines import RayOptions
from grounding.batch import Item, RowOutput, RunCounts, check_row, progress_line, row_failure

#: The judge, index builder, sources and verify_refs flag of the run a worker process
#: last served (built once per process and run; see _state).
_WORKER: dict[str, tuple[Any, Any, Any, bool]] = {}

#: One item's outcome: a checked row, (verb, detail) of a failed row, or None: already done.
Outcome = RowOutput | tuple[str, str] | None


def _state(
    token: str, setup: tuple[Callable[[], Any], Any, Any, bool]
) -> tuple[Any, Any, Any, bool]:
    if token not in _WORKER:
        _WORKER.clear()
        judge, build_index, sources, verify_refs = setup
        _WORKER[token] = (judge(), build_index, sources, verify_refs)
    return _WORKER[token]


def prepare(token: str, setup: tuple[Callable[[], Any], Any, Any, bool]) -> None:
    """Ray task: build the judge on a worker (kept for the run's tasks there), so that a
    judge that cannot be built (missing credentials, no model) stops the run at once, as
    it does in the local engine, instead of failing every row."""
    _state(token, setup)


def check_group(
    token: str,
    setup: tuple[Callable[[], Any], Any, Any, bool],
    rows: Sequence[tuple[int, QAPair, str]],
) -> list[tuple[int, Outcome]]:
    """Ray task: check rows (index, row, PDF path) of one paper; the PDF is read and
    indexed once (again after a row whose PDF failed, as the local engine does).
    Returns (index, RowOutput or (verb, detail)) for each row, in order."""
    from grounding.pdf import read_pdf

    judge, build_index, sources, verify_refs = _state(token, setup)
    out: list[tuple[int, Outcome]] = []
    cached: tuple[str, Any, Any] | None = None
    for i, base, pdf in rows:
        try:
            if cached is None or cached[0] != pdf:
                document = read_pdf(pdf)
                cached = (pdf, document, build_index(document))
            _, document, index = cached
            out.append(
                (
                    i,
                    check_row(
                        base, document, index, judge, sources=sources, verify_refs=verify_refs
                    ),
                )
            )
        except Exception as exc:  # reported on the driver, as the local engine does
            out.append((i, row_failure(exc)))
    return out


def plan_groups(todo: Sequence[tuple[int, Path]], options: RayOptions) -> list[list[int]]:
    """Indices of the rows to check, grouped by PDF within windows of ``options.window``
    consecutive rows, each group at most ``options.group_size`` rows, in order of each
    group's first row."""
    groups: list[list[int]] = []
    size = max(1, options.group_size)
    window = max(1, options.window)
    for start in range(0, len(todo), window):
        by_pdf: dict[Path, list[int]] = {}
        for i, pdf in todo[start : start + window]:
            by_pdf.setdefault(pdf, []).append(i)
        for indices in by_pdf.values():
            groups += [indices[k : k + size] for k in range(0, len(indices), size)]
    groups.sort(key=lambda g: g[0])
    return groups


def _prefill(
    items: Sequence[Item], done: set[str]
) -> tuple[dict[int, Outcome], list[tuple[int, Path]]]:
    """(outcomes known on the driver: bad rows and rows already done; rows to check)."""
    known: dict[int, Outcome] = {}
    todo: list[tuple[int, Path]] = []
    for i, (_, base, pdf, err) in enumerate(items):
        if err is not None or base is None or pdf is None:
            known[i] = row_failure(InputError(err or "no PDF for this row"))
        elif base.qa_pair_id in done:
            known[i] = None
        else:
            todo.append((i, pdf))
    return known, todo


def check_items_ray(
    items: Sequence[Item],
    out: TextIO,
    done: set[str],
    *,
    judge: Callable[[], Any],
    build_index: Any = None,
    sources: Any = None,
    refs_out: TextIO | None = None,
    options: RayOptions | None = None,
) -> RunCounts:
    """grounding.cli_check.check_items on Ray: same arguments, except ``judge``, a
    picklable factory (each worker builds its judge), and ``options`` (None: the defaults).

    Writes each row's output line to ``out`` (and its references to ``refs_out``) in input
    order; reports bad rows on stderr with their place; skips rows whose id is in
    ``done``. With online ``sources`` (VerifierOptions), the workers share one rate limiter
    per source and the driver's HTTP cache (citations.engine_ray). Returns RunCounts.
    Raises: InputError when Ray is not installed.
    """
    options = options if options is not None else RayOptions()
    from citations.engine_ray import (
        Progress,
        in_flight,
        ordered,
        ray_session,
        shared_sources,
    )
    from grounding.evidence import EvidenceIndex

    counts = RunCounts()
    known, todo = _prefill(items, done)
    groups = plan_groups(todo, options)
    with ray_session(options.address) as ray:
        if refs_out is not None and sources is not None and sources.online_sources:
            sources = shared_sources(ray, sources)
        progress = Progress(
            len(items) - sum(o is None for o in known.values()), "rows", options.progress_s
        )
        setup = ray.put((judge, build_index or EvidenceIndex.build, sources, refs_out is not None))
        token = uuid.uuid4().hex
        _prepare_workers(ray, token, setup, options.task_cpus)
        task = ray.remote(check_group).options(
            num_cpus=options.task_cpus, max_retries=options.max_retries
        )

        def submit(group: list[int]) -> Callable[[], Any]:
            rows = [(i, items[i][1], str(items[i][2])) for i in group]
            return lambda: task.remote(token, setup, rows)

        stream = ordered(
            ray,
            len(items),
            known,
            ((g, submit(g)) for g in groups),
            max_in_flight=in_flight(ray, options),
            lookahead=2 * max(options.window, options.group_size),
            retries=options.max_retries,
            tick=progress.tick,
        )
        try:
            _write_outcomes(stream, items, out, refs_out, counts, progress)
        finally:
            stream.close()
            progress.close()
    return counts


def _prepare_workers(ray: Any, token: str, setup: Any, task_cpus: float) -> None:
    """Run :func:`prepare` once for the run ``token``: a judge that cannot be built stops
    the run with its own CheckerError, not Ray's wrapper of it."""
    from ray.exceptions import RayTaskError

    try:
        ray.get(ray.remote(prepare).options(num_cpus=task_cpus).remote(token, setup))
    except RayTaskError as exc:
        if isinstance(exc.cause, CheckerError):
            raise exc.cause from None
        raise


def _write_outcomes(
    stream: Iterable[tuple[int, Any]],
    items: Sequence[Item],
    out: TextIO,
    refs_out: TextIO | None,
    counts: RunCounts,
    progress: Any,
) -> None:
    """Write the (item index, outcome) pairs of ``stream``, in input order: a RowOutput's
    line to ``out`` (its references to ``refs_out``) and a progress line to stderr; a
    failed row (a (verb, detail) pair or a TaskFailed) reported in ``counts``; None
    (already done) counted as skipped."""
    from citations.engine_ray import TaskFailed

    for i, outcome in stream:
        where, base = items[i][0], items[i][1]
        if outcome is None:
            counts.skipped += 1
            continue
        if isinstance(outcome, TaskFailed):
            outcome = ("failed", outcome.message)
        if isinstance(outcome, tuple):
            counts.report(where, *outcome)
            progress.item(failed=True)
            continue
        if refs_out is not None:
            refs_out.writelines(outcome.refs)
            refs_out.flush()
        out.write(outcome.line)
        out.flush()
        counts.ok += 1
        progress.item()
        assert base is not None
        print(
            progress_line(i + 1, len(items), base.qa_pair_id, outcome.sentences),
            file=sys.stderr,
        )


__all__ = ["Outcome", "check_group", "check_items_ray", "plan_groups", "prepare"]
