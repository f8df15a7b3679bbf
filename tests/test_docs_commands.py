"""Every ``sciground`` command shown in README.md and docs/ parses with the real parser:
an option renamed or mistyped in the manual fails here, not for a reader."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from grounding.cli import OWNERS, build_parser
from tests.conftest import ROOT

#: A fenced code block of shell commands; a backslash-newline continues a command.
BLOCK = re.compile(r"```(?:bash|sh|console)?\n(.*?)```", re.S)


def doc_commands(text: str) -> list[str]:
    """The ``sciground ...`` (or ``python -m grounding ...``) command lines of the shell
    blocks of a Markdown text, without redirections, pipes and comments."""
    found = []
    for block in BLOCK.findall(text):
        for line in block.replace("\\\n", " ").splitlines():
            for part in re.split(r"&&|\|", line):
                part = re.sub(r"^python -m grounding ", "sciground ", part.split("#")[0].strip())
                part = re.split(r"\s\d?[<>]", part)[0]
                words = part.split()
                if len(words) > 1 and words[0] == "sciground" and words[1] in OWNERS:
                    found.append(part)
    return found


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_the_manual_shows_commands_of_every_kind() -> None:
    shown = {cmd.split()[1] for page in pages() for cmd in doc_commands(page.read_text("utf-8"))}
    assert shown == set(OWNERS)


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_in_the_manual_parses(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for cmd in doc_commands(page.read_text("utf-8")):
        argv = shlex.split(cmd)[1:]
        try:
            build_parser(argv[0]).parse_args(argv)
        except SystemExit as exc:
            pytest.fail(f"{page.name}: {cmd!r}: {capsys.readouterr().err.strip()} ({exc})")


def test_a_mistyped_option_is_caught() -> None:
    (cmd,) = doc_commands("```bash\nsciground audit review.md --pdfs papers/ > out.txt\n```\n")
    with pytest.raises(SystemExit):
        build_parser("audit").parse_args(shlex.split(cmd)[1:])
