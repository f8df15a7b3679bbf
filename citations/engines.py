"""Where batch work runs: ``--engine local`` (this process) or ``--engine ray`` (a Ray
cluster; citations.engine_ray and grounding.engine_ray). Light on purpose: the CLI imports
it to register the options; nothing here imports Ray or httpx.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

#: --engine choices: this process, or a Ray cluster.
ENGINES = ("local", "ray")
INSTALL_HINT = (
    "--engine ray needs Ray: install the ray extra (in the sciground checkout: "
    "pip install -e '.[ray]')"
)


def add_engine_options(p: argparse.ArgumentParser) -> None:
    """``--engine {local,ray}`` and ``--ray-address`` (shared by check, eval, refs verify)."""
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: this process (default); ray: Ray tasks on a local Ray instance "
        "or the cluster of --ray-address (extra 'ray'); same output, same order",
    )
    p.add_argument(
        "--ray-address",
        metavar="ADDR",
        help="--engine ray: join this Ray cluster ('auto', host:6379, or "
        "ray://host:10001); default: start a local Ray instance",
    )


@dataclass(frozen=True, slots=True)
class RayOptions:
    """How work is handed to Ray.

    address: cluster to join (None: a running ray.init() in this process, else a new
        local instance, shut down afterwards). group_size: rows of one paper per task
        (check/eval) or references per task (refs verify). window: check/eval rows are
        grouped by paper within windows of this many consecutive input rows (bounds
        what waits in the reorder buffer). max_in_flight: tasks submitted and not yet
        written (None: 2 per CPU slot of the cluster). task_cpus: CPUs each task asks for.
        max_retries: Ray's retries of a task whose worker died. progress_s: seconds
        between progress lines on stderr.
    """

    address: str | None = None
    group_size: int = 16
    window: int = 1024
    max_in_flight: int | None = None
    task_cpus: float = 1.0
    max_retries: int = 3
    progress_s: float = 10.0


__all__ = ["ENGINES", "INSTALL_HINT", "RayOptions", "add_engine_options"]
