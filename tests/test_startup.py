"""Start-up: commands that need no PDF load neither PyMuPDF nor onnxruntime (issue 13, item 1).

Each command runs in a fresh interpreter (sys.modules of this process already holds
whatever other tests imported), and prints the heavy modules it ended up with.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("pymupdf", "fitz", "onnxruntime")

PROBE = """
import json, sys
import grounding.cli
try:
    status = grounding.cli.main(json.loads(sys.argv[1]))
except SystemExit as exc:
    status = exc.code
print(json.dumps({"status": status, "heavy": sorted(m for m in sys.modules
                  if m.split(".")[0] in %r)}), file=sys.stderr)
""".replace("%r", repr(HEAVY))


def _heavy_after(argv: list[str]) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)], capture_output=True, text=True, timeout=120
    )
    last = proc.stderr.strip().splitlines()[-1]
    out = json.loads(last)
    assert out["status"] in (0, 1, None), proc.stderr
    return list(out["heavy"])


def test_import_loads_no_pdf_library() -> None:
    code = (
        "import sys, grounding, grounding.cli, citations, annotations; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert proc.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "argv", [["--help"], ["score", "--help"], ["index", "--help"], ["refs", "verify", "--help"]]
)
def test_help_loads_no_pdf_library(argv: list[str]) -> None:
    assert _heavy_after(argv) == []


def test_index_and_refs_verify_load_no_pdf_library(tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{k, title={Sparse routing in tiny transformers}, "
        "author={Okafor, Lena}, year={2023}, journal={Journal of Tests}}\n"
    )
    refs = tmp_path / "refs.txt"
    refs.write_text("Okafor, L. (2023). Sparse routing in tiny transformers. Journal of Tests.\n")
    db = str(tmp_path / "index.sqlite")
    assert _heavy_after(["index", "add", str(bib), "--db", db]) == []
    assert _heavy_after(["refs", "verify", str(refs), "--db", db]) == []


def test_package_roots_still_export_every_name() -> None:
    import annotations
    import citations
    import grounding

    for pkg in (annotations, citations, grounding):
        for name in pkg.__all__:
            assert getattr(pkg, name) is not None, (pkg.__name__, name)
        assert set(pkg.__all__) <= set(dir(pkg))
        with pytest.raises(AttributeError):
            pkg.no_such_name


def test_functions_named_like_their_modules_stay_functions() -> None:
    """grounding.check, grounding.propagate, annotations.score, annotations.align and
    citations.verify are the functions, also after their modules were imported by name
    (as when the package roots imported them eagerly)."""
    code = (
        "import grounding.check, grounding.propagate, annotations.score, annotations.align, "
        "citations.verify, grounding, annotations, citations, types; "
        "fs = [grounding.check, grounding.propagate, annotations.score, annotations.align, "
        "citations.verify]; print(all(isinstance(f, types.FunctionType) for f in fs))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert proc.stdout.strip() == "True"


def test_each_command_is_registered_by_the_module_named_for_it() -> None:
    """main() builds the parser of the first argument's module only (OWNERS); every
    command of the full parser is there, and its own parser is the full one's."""
    from grounding.cli import OWNERS, build_parser

    def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        return dict(action.choices)

    full = commands(build_parser())
    assert set(full) == set(OWNERS)
    for name, sub in full.items():
        alone = commands(build_parser(name))[name]
        assert alone.format_help() == sub.format_help(), name


def test_refs_verify_loads_neither_the_check_machinery_nor_httpx(tmp_path: Path) -> None:
    refs = tmp_path / "refs.txt"
    refs.write_text("Okafor, L. (2023). Sparse routing in tiny transformers. Journal of Tests.\n")
    code = (
        "import sys, grounding.cli; grounding.cli.main(sys.argv[1:]); "
        "print(sorted(m for m in sys.modules if m in ('grounding.cli_check', 'httpx')))"
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "refs",
            "verify",
            str(refs),
            "--db",
            str(tmp_path / "none.sqlite"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stderr
