"""grounding.engine_ray: `check --batch` / `eval` rows on a local Ray instance give the
local engine's bytes, in order; an interrupted run resumes; a crashed worker is retried
without duplicate rows; a failing row is reported in its place."""

from __future__ import annotations

import io
import json
import os
import random
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from annotations.schema import QAPair
from citations.engines import RayOptions
from grounding.cli import main
from grounding.cli_check import Item, check_items
from grounding.judges.base import ClaimContext
from grounding.judges.rules import RulesJudge
from grounding.types import Judgement
from tests.conftest import DATA

pytestmark = pytest.mark.usefixtures("ray_cluster")


def dev_rows(dev_dir: Path, per_paper: int) -> list[dict[str, Any]]:
    """``per_paper`` rows of each dev paper, shuffled (a paper's rows are not adjacent)."""
    rows = []
    for f in sorted(dev_dir.glob("*.jsonl")):
        if not f.name.endswith(".citations.jsonl"):
            rows += [json.loads(x) for x in f.read_text(encoding="utf-8").splitlines()[:per_paper]]
    random.Random(5).shuffle(rows)
    for r in rows:
        r.pop("annotations", None)
    return rows


def write_batch(tmp_path: Path, rows: list[dict[str, Any]], extra: list[str] = ()) -> Path:
    lines = [json.dumps(r) for r in rows]
    for k, bad in enumerate(extra):  # bad rows in the middle: reported with file:line
        lines.insert(2 + 3 * k, bad)
    batch = tmp_path / "rows.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return batch


def run_cli(batch: Path, out: Path, *extra: str) -> int:
    return main(
        ["check", "--batch", str(batch), "--out", str(out), "--pdf-root", str(DATA), *extra]
    )


def skipped_lines(err: str) -> list[str]:
    return [ln for ln in err.splitlines() if ln.startswith("sciground: ")]


def test_ray_rows_are_byte_identical_to_local_in_input_order(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = dev_rows(dev_dir, per_paper=2)
    missing = {**rows[0], "qa_pair_id": "nopdf", "paper_pdf_path": "papers/absent.pdf"}
    batch = write_batch(tmp_path, rows, ["{not json", json.dumps(missing)])
    code_local = run_cli(batch, tmp_path / "local.jsonl")
    err_local = capsys.readouterr().err
    code_ray = run_cli(batch, tmp_path / "ray.jsonl", "--engine", "ray")
    err_ray = capsys.readouterr().err
    local = (tmp_path / "local.jsonl").read_bytes()
    assert (tmp_path / "ray.jsonl").read_bytes() == local
    assert len(local.splitlines()) == len(rows)
    assert [json.loads(x)["qa_pair_id"] for x in local.splitlines()] == [
        r["qa_pair_id"] for r in rows
    ]
    # the same bad rows, reported the same way, with their line numbers
    assert code_local == code_ray == 1
    assert skipped_lines(err_ray) == skipped_lines(err_local)
    assert f"{batch}:3: skipped: not JSON" in err_ray and f"{batch}:6: skipped: PDF" in err_ray
    assert "ray: 14/14 rows done" in err_ray and "2 failed" in err_ray


def test_eval_on_ray_writes_the_local_predictions(dev_dir: Path, tmp_path: Path) -> None:
    for engine in ("local", "ray"):
        assert (
            main(
                [
                    "eval",
                    "--data",
                    str(dev_dir),
                    "--out",
                    str(tmp_path / engine),
                    "--limit",
                    "8",
                    "--resamples",
                    "10",
                    "--engine",
                    engine,
                ]
            )
            == 0
        )
    assert len((tmp_path / "ray" / "predictions.jsonl").read_text().splitlines()) == 8
    for name in ("predictions.jsonl", "metrics.json"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_an_interrupted_ray_run_resumes_from_its_output(
    dev_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from citations.engine_ray import Progress

    batch = write_batch(tmp_path, dev_rows(dev_dir, per_paper=2))
    run_cli(batch, tmp_path / "local.jsonl")
    written = []
    item = Progress.item

    def interrupt_after_three(self: Progress, failed: bool = False) -> None:
        item(self, failed)
        written.append(1)
        if len(written) == 3:
            raise KeyboardInterrupt  # Ctrl-C on the driver after the third row is written

    monkeypatch.setattr(Progress, "item", interrupt_after_three)
    out = tmp_path / "ray.jsonl"
    assert run_cli(batch, out, "--engine", "ray") == 130
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    monkeypatch.setattr(Progress, "item", item)
    capsys.readouterr()
    assert run_cli(batch, out, "--engine", "ray") == 0
    assert "already done 3" in capsys.readouterr().err
    assert out.read_bytes() == (tmp_path / "local.jsonl").read_bytes()


class CrashingJudge(RulesJudge):
    """The rules judge, except: the worker process dies (os._exit) on the answer to the
    question ``crash`` while ``marker`` does not exist yet (it is created first, so Ray's
    retry succeeds), or on every try when ``always`` is set; and the answer to the
    question ``bug`` raises RuntimeError (a bug on one row)."""

    def __init__(self, marker: str, crash: str, bug: str, always: bool = False) -> None:
        super().__init__()
        self.marker, self.crash, self.bug, self.always = Path(marker), crash, bug, always

    def judge(self, claim: ClaimContext) -> Judgement:
        if claim.question == self.crash and (self.always or not self.marker.exists()):
            self.marker.touch()
            os._exit(1)
        if claim.question == self.bug:
            raise RuntimeError("judge bug on this sentence")
        return super().judge(claim)


def dev_items(dev_dir: Path, per_paper: int) -> list[Item]:
    items: list[Item] = []
    for k, row in enumerate(dev_rows(dev_dir, per_paper), start=1):
        base = QAPair.model_validate(row)
        items.append((f"rows.jsonl:{k}", base, DATA / base.paper_pdf_path, None))
    return items


def question_of(item: Item) -> str:
    assert item[1] is not None
    return item[1].question_text


def test_a_crashed_worker_is_retried_and_a_failing_row_reported_in_its_place(
    dev_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from grounding.engine_ray import check_items_ray

    items = dev_items(dev_dir, per_paper=1)
    marker = tmp_path / "crashed"
    factory = partial(CrashingJudge, str(marker), question_of(items[1]), question_of(items[4]))
    ray_out, ray_refs = io.StringIO(), io.StringIO()
    counts = check_items_ray(
        items,
        ray_out,
        set(),
        judge=factory,
        refs_out=ray_refs,
        options=RayOptions(group_size=2, window=4, max_in_flight=2),
    )
    assert marker.exists()  # a worker did die, and its task was run again
    local_out, local_refs = io.StringIO(), io.StringIO()
    local = check_items(items, factory(), local_out, set(), refs_out=local_refs)
    assert ray_out.getvalue() == local_out.getvalue()  # no row twice, none lost
    assert ray_refs.getvalue() == local_refs.getvalue()
    assert (counts.ok, counts.failed) == (local.ok, local.failed) == (len(items) - 1, 1)
    assert (
        counts.failures
        == local.failures
        == ["rows.jsonl:5: RuntimeError: judge bug on this sentence"]
    )
    assert "sciground: rows.jsonl:5: failed: RuntimeError" in capsys.readouterr().err


def test_a_task_that_keeps_crashing_fails_its_rows_only(dev_dir: Path, tmp_path: Path) -> None:
    from grounding.engine_ray import check_items_ray

    items = dev_items(dev_dir, per_paper=1)[:4]
    factory = partial(CrashingJudge, str(tmp_path / "m"), question_of(items[2]), "", always=True)
    out = io.StringIO()
    counts = check_items_ray(
        items, out, set(), judge=factory, options=RayOptions(group_size=1, max_retries=1)
    )
    ids = [json.loads(x)["qa_pair_id"] for x in out.getvalue().splitlines()]
    assert ids == [items[k][1].qa_pair_id for k in (0, 1, 3)]  # type: ignore[union-attr]
    assert counts.failed == 1 and counts.failures[0].startswith("rows.jsonl:3: ")
    assert "retries" in counts.failures[0]


def test_a_judge_that_cannot_be_built_stops_the_run_as_in_the_local_engine(
    dev_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for var in (
        "SCIGROUND_LLM_MODEL",
        "SCIGROUND_LLM_BASE_URL",
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
    ):
        monkeypatch.delenv(var, raising=False)
    batch = write_batch(tmp_path, dev_rows(dev_dir, per_paper=1)[:2])
    errors = []
    for engine in ("local", "ray"):
        assert (
            run_cli(batch, tmp_path / f"{engine}.jsonl", "--judge", "llm", "--engine", engine) == 2
        )
        errors.append(skipped_lines(capsys.readouterr().err))
    assert errors[0] == errors[1] and "SCIGROUND_LLM_MODEL" in errors[0][0]
    assert not (tmp_path / "ray.jsonl").read_text()
