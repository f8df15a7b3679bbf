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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sciground",
        description="Fact-check an answer about a scientific paper against the paper's PDF.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    from grounding import cli_check

    cli_check.register(sub)
    from grounding import cli_audit

    cli_audit.register(sub)
    for module in ("annotations.cli", "citations.cli"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
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


if __name__ == "__main__":
    sys.exit(main())
