"""Every ``sciground`` command shown in README.md and docs/ parses with the real parser,
and every dotted Python name they show resolves: an option renamed or mistyped, or a name
that is not where the manual says, fails here, not for a reader."""

from __future__ import annotations

import importlib
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


#: A dotted name of the three packages in inline code ("`grounding.pdf.read_pdf`").
DOTTED = re.compile(r"`((?:grounding|citations|annotations)(?:\.[A-Za-z_]\w*)+)")


def unresolved(text: str) -> list[str]:
    """The dotted names of ``text`` that a reader cannot reach: after importing every module
    prefix of the name (``import grounding.pdf``), the name as an expression fails."""
    bad = []
    for name in dict.fromkeys(DOTTED.findall(text)):
        parts = name.split(".")
        for i in range(1, len(parts)):
            try:
                importlib.import_module(".".join(parts[: i + 1]))
            except ImportError:
                break
        try:
            eval(name, {parts[0]: importlib.import_module(parts[0])})  # noqa: S307
        except AttributeError:
            bad.append(name)
    return bad


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_dotted_name_in_the_manual_resolves(page: Path) -> None:
    assert unresolved(page.read_text("utf-8")) == []


def test_a_module_name_the_package_reuses_for_a_function_is_caught() -> None:
    text = "Call `grounding.check.check(q, a, pdf)` or `grounding.propagate.propagate`."
    assert unresolved(text) == ["grounding.check.check", "grounding.propagate.propagate"]
    assert unresolved("`grounding.pdf.read_pdf` and `grounding.graph.build_graph`") == []
    assert unresolved("`citations.parse.parse_reference`, `annotations.score`") == []
