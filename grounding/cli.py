"""The ``sciground`` command line: a thin layer over the library.

Subcommands are registered by the package that owns them: ``check``, ``eval`` and ``audit`` here,
``score`` and ``hydrate`` in annotations.cli, ``index`` and ``refs`` in citations.cli.
Each registers a parser whose ``func(args) -> int`` is the exit status.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from annotations.errors import CheckerError

#: The module that registers each command (``grounding.cli_audit`` imports cli_check).
OWNERS = {
    "check": "grounding.cli_check",
    "eval": "grounding.cli_check",
    "audit": "grounding.cli_audit",
    "score": "annotations.cli",
    "hydrate": "annotations.cli",
    "index": "citations.cli",
    "refs": "citations.cli",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``sciground`` parser with every command, or, when ``command`` is one of them
    (OWNERS), with the commands of its module only: ``refs verify`` then loads nothing
    of ``check`` (about 0.06 s of a start of 0.3 s)."""
    parser = argparse.ArgumentParser(
        prog="sciground",
        description="Fact-check an answer about a scientific paper against the paper's PDF.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    owner = OWNERS.get(command or "")
    if owner is None or owner.startswith("grounding."):
        from grounding import cli_check

        cli_check.register(sub)
    if owner is None or owner == "grounding.cli_audit":
        from grounding import cli_audit

        cli_audit.register(sub)
    for module in ("annotations.cli", "citations.cli"):
        if owner is not None and module != owner:
            continue
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser(argv[0] if argv else None)  # imports: Ctrl-C here is quiet too
    except KeyboardInterrupt:
        return 130
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CheckerError as exc:
        print(f"sciground: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`sciground ... | head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as exc:  # a file that cannot be read or written: say which, no traceback
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        print(f"sciground: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def run() -> None:
    """The ``sciground`` console script: main() in a process of its own, then exit with its
    status. Environment: PYDANTIC_DISABLE_PLUGINS defaults to "__all__" (pydantic looks for
    plugins in every installed distribution's entry points when the first model is built,
    10-25 ms of each start, and the command uses none; set it yourself to let plugins load).
    Tests call main()."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    sys.exit(main())


if __name__ == "__main__":
    run()
