"""Progress of ``refs verify`` on stderr (rich): references done, and for online runs one
line per source (calls, failures, what it is asked now); a source that goes down is
announced once.

    with VerifyProgress(total, ("crossref", "arxiv"), enabled=sys.stderr.isatty()) as p:
        options = p.attach(options)          # the cascade reports its calls to p
        for result in iter_verify_references(refs, options):
            p.console_print(text_of(result))
            p.advance(result.verdict.value)

Disabled, nothing is drawn and results go to stdout unchanged; the "source is down"
line is printed on stderr either way (it changes what the verdicts mean).
"""

from __future__ import annotations

import sys
import threading
from dataclasses import replace
from types import TracebackType
from typing import Any


class VerifyProgress:
    """A rich Progress on stderr for a batch of ``total`` references (see module
    docstring). Thread-safe: cascade events arrive from worker threads."""

    def __init__(
        self,
        total: int,
        sources: tuple[str, ...] = (),
        *,
        enabled: bool = True,
        force: bool = False,
    ) -> None:
        """force: draw even when stderr is not a terminal (``--progress``)."""
        self.total = total
        self.force = force
        self.sources = sources
        self.enabled = enabled
        self._lock = threading.Lock()
        self._said_down: set[str] = set()
        self._calls: dict[str, list[int]] = {s: [0, 0] for s in sources}  # calls, failures
        self._progress: Any = None
        self._refs: Any = None
        self._tasks: dict[str, Any] = {}

    def __enter__(self) -> VerifyProgress:
        if not self.enabled:
            return self
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True, force_terminal=self.force or None),
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._progress.__enter__()
        self._refs = self._progress.add_task("references", total=self.total)
        for s in self.sources:
            self._tasks[s] = self._progress.add_task(f"  {s}: waiting", total=None)
        return self

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._progress is not None:
            self._progress.__exit__(et, ev, tb)
            self._progress = None

    def attach(self, options: Any) -> Any:
        """``options`` (runner.VerifierOptions) with this object as the cascade's event
        listener (on_event)."""
        return replace(options, on_event=self.on_event)

    def on_event(self, kind: str, source: str, detail: str) -> None:
        """Cascade listener: kind "ask" (detail: what), "answer" (detail: ok or the
        failure word) or "down" (detail: why; printed once on stderr)."""
        if kind == "down":
            with self._lock:
                if source in self._said_down:
                    return
                self._said_down.add(source)
            self._err(f"sciground: {detail}")
            return
        if self._progress is None or source not in self._tasks:
            return
        with self._lock:
            calls = self._calls.setdefault(source, [0, 0])
            if kind == "ask":
                calls[0] += 1
            elif kind == "answer" and detail != "ok":
                calls[1] += 1
            failed = f", {calls[1]} failed" if calls[1] else ""
            what = f": {detail[:60]}" if kind == "ask" else ""
            self._progress.update(
                self._tasks[source],
                completed=calls[0],
                description=f"  {source} ({calls[0]} calls{failed}){what}",
            )

    def advance(self, verdict: str) -> None:
        """One more reference done, with this verdict."""
        if self._progress is not None:
            self._progress.update(
                self._refs, advance=1, description=f"references (last: {verdict})"
            )

    def console_print(self, text: str) -> None:
        """Print a result: above the progress display when both share a terminal, else
        plainly to stdout."""
        if self._progress is not None and sys.stdout.isatty():
            self._progress.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            sys.stdout.write(text + "\n")

    def _err(self, text: str) -> None:
        if self._progress is not None:
            self._progress.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            print(text, file=sys.stderr)


__all__ = ["VerifyProgress"]
