"""The training entry point: deterministic, checkpointed, resumable, bad input reported."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from grounding.verifier.corpus import LABELS


def _pairs_file(path: Path, n: int = 40) -> Path:
    rows = []
    for i in range(n):
        label = LABELS[i % 3]
        claim = {
            "supported": "The yield was high.",
            "refuted": "The yield was not high.",
            "nei": "The catalyst was cheap.",
        }[label]
        rows.append(
            {
                "premise": f"In run {i} the yield was high.",
                "claim": claim,
                "label": label,
                "source": "test",
                "group": f"g{i}",
            }
        )
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _run(tiny_base: Path, pairs: Path, out: Path, *extra: str) -> int:
    from grounding.verifier.train import main

    return main(
        [
            "--pairs",
            str(pairs),
            "--base",
            str(tiny_base),
            "--out",
            str(out),
            "--epochs",
            "1",
            "--batch-size",
            "8",
            "--every",
            "2",
            "--threads",
            "1",
            "--freeze",
            "1",
            "--max-length",
            "32",
            *extra,
        ]
    )


def test_training_is_deterministic_and_exports(tiny_base: Path, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pairs = _pairs_file(tmp_path / "pairs.jsonl")
    assert _run(tiny_base, pairs, tmp_path / "a") == 0
    assert _run(tiny_base, pairs, tmp_path / "b") == 0
    with np.load(tmp_path / "a" / "weights.npz") as a, np.load(tmp_path / "b" / "weights.npz") as b:
        assert sorted(a.files) == sorted(b.files)
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
    config = json.loads((tmp_path / "a" / "config.json").read_text())
    assert config["training"]["pairs"] > 0 and config["temperature"] > 0


def test_a_second_run_resumes_from_the_checkpoint(
    tiny_base: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("torch")
    pairs = _pairs_file(tmp_path / "pairs.jsonl")
    assert _run(tiny_base, pairs, tmp_path / "run") == 0
    capsys.readouterr()
    assert _run(tiny_base, pairs, tmp_path / "run") == 0
    assert "resumed at step" in capsys.readouterr().out


def test_a_malformed_pairs_line_names_file_and_line(tmp_path: Path) -> None:
    from grounding.verifier.train import read_pairs

    path = tmp_path / "pairs.jsonl"
    path.write_text('{"premise": "p", "claim": "c", "label": "supported"}\n{"premise": \n')
    with pytest.raises(SystemExit, match=r"pairs.jsonl:2"):
        read_pairs(path)
    path.write_text('{"premise": "p", "claim": "c", "label": "entailment"}\n')
    with pytest.raises(SystemExit, match=r"pairs.jsonl:1: label 'entailment'"):
        read_pairs(path)


def test_a_gpu_asked_for_where_there_is_none_is_refused(
    tiny_base: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("a GPU is here: --device cuda would train")
    pairs = _pairs_file(tmp_path / "pairs.jsonl")
    assert _run(tiny_base, pairs, tmp_path / "g", "--device", "cuda") == 2
    assert "no GPU" in capsys.readouterr().err
    assert not (tmp_path / "g" / "weights.npz").exists()


def test_the_device_option_keeps_the_cpu_run(tiny_base: Path, tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pairs = _pairs_file(tmp_path / "pairs.jsonl")
    assert _run(tiny_base, pairs, tmp_path / "a") == 0
    assert _run(tiny_base, pairs, tmp_path / "b", "--device", "cpu") == 0
    with np.load(tmp_path / "a" / "weights.npz") as a, np.load(tmp_path / "b" / "weights.npz") as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
