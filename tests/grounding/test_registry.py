"""make_judge by name, settings from the environment, and lazy heavy imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from annotations.errors import InputError
from grounding.errors import MissingCredentials
from grounding.judges.base import Judge
from grounding.judges.nli_judge import NLISettings
from grounding.judges.openai_judge import LLMSettings
from grounding.judges.registry import JUDGE_NAMES, JudgeSettings, make_judge, settings_from_env

ROOT = Path(__file__).resolve().parents[2]


def test_settings_from_env_reads_the_documented_variables() -> None:
    s = settings_from_env(
        {
            "SCIGROUND_LLM_BASE_URL": "http://localhost:8000/v1",
            "OPENAI_BASE_URL": "http://ignored/v1",
            "SCIGROUND_LLM_MODEL": "qwen",
            "OPENAI_API_KEY": "sk-secret",
            "SCIGROUND_LLM_CACHE": "/tmp/c.sqlite",
            "SCIGROUND_NLI_MODEL_DIR": "/models/nli",
        }
    )
    assert s.llm.base_url == "http://localhost:8000/v1" and s.llm.model == "qwen"
    assert s.llm.api_key is not None and s.llm.api_key.get_secret_value() == "sk-secret"
    assert "sk-secret" not in repr(s)  # the key never shows in logs
    assert s.llm.cache_path == "/tmp/c.sqlite" and s.nli.model_dir == "/models/nli"
    assert settings_from_env({"OPENAI_BASE_URL": "http://o/v1"}).llm.base_url == "http://o/v1"


def test_env_overrides_base_and_empty_values_are_unset() -> None:
    base = JudgeSettings(llm=LLMSettings(model="from-flag", mode="answer"))
    s = settings_from_env({"SCIGROUND_LLM_MODEL": "  ", "OPENAI_API_KEY": ""}, base=base)
    assert s.llm.model == "from-flag" and s.llm.mode == "answer" and s.llm.api_key is None
    assert settings_from_env({"SCIGROUND_LLM_MODEL": "env"}, base=base).llm.model == "env"


def test_settings_are_frozen_and_reject_unknown_keys() -> None:
    with pytest.raises(ValidationError):
        LLMSettings(model="m", temprature=0.2)  # type: ignore[call-arg]
    with pytest.raises(ValidationError):
        NLISettings(entail=1.5)
    s = JudgeSettings()
    with pytest.raises(ValidationError):
        s.nli_gate = False  # type: ignore[misc]


def test_make_judge_by_name() -> None:
    assert JUDGE_NAMES == ("rules", "verifier", "llm", "nli")
    rules = make_judge("rules")
    assert isinstance(rules, Judge) and rules.name == "rules"
    verifier = make_judge("verifier")
    assert isinstance(verifier, Judge) and verifier.name == "verifier"
    llm = make_judge(
        "llm",
        settings_from_env(
            {"SCIGROUND_LLM_BASE_URL": "http://127.0.0.1:9/v1", "SCIGROUND_LLM_MODEL": "m"}
        ),
    )
    assert isinstance(llm, Judge) and llm.name == "llm"
    with pytest.raises(InputError, match="rules, verifier, llm, nli"):
        make_judge("gpt")


def test_make_judge_names_the_missing_variable() -> None:
    with pytest.raises(MissingCredentials, match="SCIGROUND_LLM_MODEL"):
        make_judge("llm", settings_from_env({}))
    with pytest.raises(MissingCredentials, match="OPENAI_API_KEY"):
        make_judge("llm", settings_from_env({"SCIGROUND_LLM_MODEL": "gpt-4o-mini"}))
    with pytest.raises(MissingCredentials, match="SCIGROUND_NLI_MODEL_DIR"):
        make_judge("nli", settings_from_env({}))


def test_make_judge_nli_from_a_model_directory(tmp_path: Path) -> None:
    from tests.grounding.test_nli_judge import build_tiny_nli

    path = build_tiny_nli(tmp_path / "nli")
    judge = make_judge(
        "nli",
        settings_from_env({"SCIGROUND_NLI_MODEL_DIR": str(path)}).model_copy(
            update={"nli": NLISettings(model_dir=str(path), device="cpu")}
        ),
    )
    assert isinstance(judge, Judge) and judge.name == "nli"
    assert judge.gate is not None and judge.gate.name == "rules"  # type: ignore[attr-defined]


def test_importing_the_judges_loads_nothing_heavy() -> None:
    code = (
        "import sys\n"
        "import grounding.judges.registry, grounding.judges.openai_judge\n"
        "import grounding.judges.nli_judge, grounding.judges.cache, grounding.embeddings\n"
        "import citations.llm_parser\n"
        "from grounding.judges.registry import make_judge, settings_from_env\n"
        "make_judge('llm', settings_from_env({'SCIGROUND_LLM_BASE_URL': 'http://x/v1',"
        " 'SCIGROUND_LLM_MODEL': 'm'}))\n"
        "print(sorted(m for m in ('openai', 'torch', 'transformers', "
        "'sentence_transformers') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


def test_judge_sentences_dispatch() -> None:
    from annotations.schema import Label, Role
    from grounding.judges.base import ClaimContext
    from grounding.judges.registry import judge_sentences
    from grounding.types import Judgement, Sentence

    ss = [Sentence(0, 0, 2, "A."), Sentence(1, 3, 5, "B.")]

    class PerSentence:
        name = "one"

        def __init__(self) -> None:
            self.seen: list[ClaimContext] = []

        def judge(self, claim: ClaimContext) -> Judgement:
            self.seen.append(claim)
            return Judgement(Label.NEI, Role.OBSERVATION, claim.sentence.text)

    one = PerSentence()
    js, deps = judge_sentences(one, "q", ss, [(), ()])
    assert [j.rationale for j in js] == ["A.", "B."] and deps is None
    assert one.seen[1].previous == (ss[0],) and one.seen[1].question == "q"

    class Many(PerSentence):
        def judge_many(self, claims: list[ClaimContext]) -> list[Judgement]:
            return [Judgement(Label.SUPPORTED, Role.OBSERVATION, "many") for _ in claims]

    js, deps = judge_sentences(Many(), "q", ss, [(), ()])
    assert [j.rationale for j in js] == ["many", "many"] and deps is None

    class Answer(Many):
        settings = LLMSettings(model="m", mode="answer")

        def judge_answer(self, question, sentences, pps, document=None):  # type: ignore[no-untyped-def]
            return [Judgement(Label.NEI, Role.INTERPRETATION, "a")] * len(sentences), [(), ["S1"]]

    js, deps = judge_sentences(Answer(), "q", ss, [(), ()])
    assert deps == [(), ("S1",)] and js[1].rationale == "a"


def test_missing_extras_give_the_install_hint(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from grounding.errors import JudgeError
    from grounding.judges.base import ClaimContext
    from grounding.judges.nli_judge import load_nli_model
    from grounding.types import Sentence

    for name in ("openai", "torch", "transformers"):
        monkeypatch.setitem(sys.modules, name, None)  # import now raises ModuleNotFoundError
    judge = make_judge(
        "llm",
        settings_from_env({"SCIGROUND_LLM_BASE_URL": "http://x/v1", "SCIGROUND_LLM_MODEL": "m"}),
    )
    claim = ClaimContext(Sentence(0, 0, 2, "A."), "", (), ())
    with pytest.raises(JudgeError, match=r"pip install -e '\.\[llm\]'"):
        judge.judge(claim)
    with pytest.raises(JudgeError, match=r"-e '\.\[nli\]'"):
        load_nli_model(tmp_path)
