"""Judges by name: ``make_judge("rules" | "llm" | "nli", settings)`` and the settings object.

Usage (the CLI's way; the environment is read only by :func:`settings_from_env`)::

    settings = settings_from_env()               # os.environ
    judge = make_judge("llm", settings)
    report = check(question, answer, pdf, judge=judge)

Environment variables read by :func:`settings_from_env`:

=========================  ==========================================================
SCIGROUND_LLM_BASE_URL     OpenAI-compatible server root (e.g. http://localhost:8000/v1);
                           OPENAI_BASE_URL is used when it is unset
SCIGROUND_LLM_MODEL        model name the server knows (required for ``llm``)
OPENAI_API_KEY             API key (required for OpenAI itself; optional for local servers)
SCIGROUND_LLM_CACHE        SQLite file of the response cache (optional)
SCIGROUND_NLI_MODEL_DIR    local directory of an NLI model (required for ``nli``)
=========================  ==========================================================

Building a judge loads nothing heavy for ``rules``; ``llm`` builds its HTTP client on the
first request; ``nli`` loads its model at once (so a bad directory fails before a batch).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from annotations.errors import InputError
from grounding.judges.base import ClaimContext, Judge
from grounding.judges.nli_judge import NLISettings
from grounding.judges.openai_judge import LLMSettings
from grounding.judges.verifier_judge import VerifierSettings
from grounding.types import Judgement, Passage, Sentence

JudgeName = Literal["rules", "verifier", "llm", "nli"]
#: The names :func:`make_judge` accepts, in the order the CLI lists them.
JUDGE_NAMES: tuple[str, ...] = ("rules", "verifier", "llm", "nli")

ENV_BASE_URL = "SCIGROUND_LLM_BASE_URL"
ENV_OPENAI_BASE_URL = "OPENAI_BASE_URL"
ENV_MODEL = "SCIGROUND_LLM_MODEL"
ENV_API_KEY = "OPENAI_API_KEY"
ENV_CACHE = "SCIGROUND_LLM_CACHE"
ENV_NLI_MODEL_DIR = "SCIGROUND_NLI_MODEL_DIR"


class JudgeSettings(BaseModel):
    """Settings of every model judge (frozen; unknown keys rejected).

    llm: options of the OpenAI-compatible judge. nli: options of the local NLI judge.
    nli_gate: let the rules judge decide not_a_claim and role for the NLI judge.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    llm: LLMSettings = Field(default_factory=LLMSettings)
    nli: NLISettings = Field(default_factory=NLISettings)
    verifier: VerifierSettings = Field(default_factory=VerifierSettings)
    nli_gate: bool = True


def settings_from_env(
    env: Mapping[str, str] | None = None, base: JudgeSettings | None = None
) -> JudgeSettings:
    """``base`` (default settings) with the variables of the module table applied.

    Args: env: the environment (``os.environ`` if None). base: settings to start from
          (e.g. built from CLI flags); a variable that is set overrides its field.
    Returns: JudgeSettings. Empty variables count as unset.
    """
    env = os.environ if env is None else env
    base = base or JudgeSettings()

    def get(name: str) -> str | None:
        value = env.get(name, "").strip()
        return value or None

    llm: dict[str, object] = {}
    url = get(ENV_BASE_URL) or get(ENV_OPENAI_BASE_URL)
    if url:
        llm["base_url"] = url
    if get(ENV_MODEL):
        llm["model"] = get(ENV_MODEL)
    key = get(ENV_API_KEY)
    if key:
        llm["api_key"] = SecretStr(key)
    if get(ENV_CACHE):
        llm["cache_path"] = get(ENV_CACHE)
    nli: dict[str, object] = {}
    if get(ENV_NLI_MODEL_DIR):
        nli["model_dir"] = get(ENV_NLI_MODEL_DIR)
    return base.model_copy(
        update={
            "llm": base.llm.model_copy(update=llm),
            "nli": base.nli.model_copy(update=nli),
        }
    )


def make_judge(name: str, settings: JudgeSettings | None = None) -> Judge:
    """The judge called ``name`` built from ``settings`` (defaults if None).

    Raises: InputError for an unknown name; MissingCredentials naming the variable to set
    (SCIGROUND_LLM_MODEL, OPENAI_API_KEY, SCIGROUND_NLI_MODEL_DIR); JudgeError when the
    backend's extra is not installed or its model cannot be loaded.
    """
    settings = settings or JudgeSettings()
    if name == "rules":
        from grounding.judges.rules import RulesJudge

        return RulesJudge()
    if name == "verifier":
        from grounding.judges.verifier_judge import VerifierJudge

        return VerifierJudge(settings.verifier)
    if name == "llm":
        from grounding.judges.openai_judge import OpenAIJudge

        return OpenAIJudge(settings.llm)
    if name == "nli":
        from grounding.judges.nli_judge import NLIJudge

        gate: Judge | None = None
        if settings.nli_gate:
            from grounding.judges.rules import RulesJudge

            gate = RulesJudge()
        return NLIJudge(settings.nli, gate=gate)
    raise InputError(f"unknown judge {name!r}; choose one of {', '.join(JUDGE_NAMES)}")


def judge_sentences(
    judge: Judge,
    question: str,
    sentences: Sequence[Sentence],
    passages_per_sentence: Sequence[Sequence[Passage]],
    document: object | None = None,
    index: object | None = None,
) -> tuple[list[Judgement], list[tuple[str, ...]] | None]:
    """Label every sentence of an answer the fastest way ``judge`` offers.

    - a judge with ``judge_answer`` and ``settings.mode == "answer"`` (OpenAIJudge): one
      call for the whole answer, which also returns each sentence's depends_on;
    - a judge with ``judge_many`` (OpenAIJudge: concurrent requests; NLIJudge: one batched
      forward pass): one call with every ClaimContext;
    - otherwise ``judge.judge`` per sentence, in order.

    Returns: (one Judgement per sentence, in order; depends_on ids per sentence when the
    judge gave a graph, else None: the caller builds it, e.g. ``grounding.graph``).
    Raises: whatever the judge raises (JudgeError, MissingCredentials).
    """
    answer_fn = getattr(judge, "judge_answer", None)
    mode = getattr(getattr(judge, "settings", None), "mode", None)
    if callable(answer_fn) and mode == "answer":
        judgements, depends = answer_fn(question, sentences, passages_per_sentence, document)
        return list(judgements), [tuple(d) for d in depends]
    claims = [
        ClaimContext(
            sentence=s,
            question=question,
            previous=tuple(sentences[:i]),
            passages=tuple(passages_per_sentence[i]),
            document=document,
            index=index,
        )
        for i, s in enumerate(sentences)
    ]
    many = getattr(judge, "judge_many", None)
    if callable(many):
        return list(many(claims)), None
    return [judge.judge(c) for c in claims], None


__all__ = [
    "ENV_API_KEY",
    "ENV_BASE_URL",
    "ENV_CACHE",
    "ENV_MODEL",
    "ENV_NLI_MODEL_DIR",
    "ENV_OPENAI_BASE_URL",
    "JUDGE_NAMES",
    "JudgeName",
    "JudgeSettings",
    "judge_sentences",
    "make_judge",
    "settings_from_env",
]
