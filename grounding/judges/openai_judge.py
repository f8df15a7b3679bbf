"""An LLM judge over any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama,
llama.cpp's server), with structured output validated by the annotation models.

Usage::

    judge = OpenAIJudge(LLMSettings(base_url="http://localhost:8000/v1", model="qwen2.5-7b"))
    report = check(question, answer, "paper.pdf", judge=judge)
    judge.usage().as_dict()        # requests, retries, failures, tokens, cost_usd, ...

    judgements, depends = judge.judge_answer(question, sentences, passages_per_sentence)

Modes: ``judge`` / ``judge_many`` ask one request per sentence (``judge_many`` runs up to
``LLMSettings.concurrency`` requests at once, results in input order); ``judge_answer`` asks
one request for the whole answer and returns every sentence's judgement and its depends_on.

Output: the reply must be a JSON object matching :class:`SentenceVerdict` (per answer:
``{"sentences": [SentenceVerdict, ...]}``), checked against the sentence it is about (error
spans are exact substrings, evidence ids exist, depends_on names earlier sentences, tags fit
the label; see :func:`verdict_problems`). A reply that does not validate is asked again with
the problem stated, up to ``max_retries`` more times.

Failures (the choice made here, and why): a sentence that still has no valid verdict after
the retries -- invalid output, a missing sentence, HTTP 429 or a 5xx or a timeout on every
try -- becomes a *judge failure*: ``Judgement(label=nei, role=None, rationale="judge failure:
<problem>", extra={"judge_failure": True, ...})``, counted in ``usage().failures``. It is
never supported, the batch goes on, and nei is the label the benchmark gives a sentence
nobody could verify. Errors a retry cannot cure raise instead: :class:`MissingCredentials`
for HTTP 401 (names OPENAI_API_KEY) or a missing model (names SCIGROUND_LLM_MODEL),
:class:`JudgeError` for another 4xx (bad request, unknown model) or an unreachable server.

Images: with ``vision=True`` and a question or sentence about a figure, table, chart or
plot, the pages of the best passages are rendered (``grounding.render.render_page_png(doc,
page, zoom) -> bytes`` when it exists, or the ``render_page`` argument) and sent as PNG
``image_url`` parts.

``openai`` is imported only when the client is first built (the ``llm`` extra).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from annotations.schema import SPAN_TAGS, ErrorSpan, Label, Role
from grounding.errors import JudgeError, MissingCredentials
from grounding.judges import prompts
from grounding.judges.base import ClaimContext
from grounding.judges.cache import ResponseCache, cache_key
from grounding.types import Judgement, Passage, Sentence

#: The default OpenAI endpoint, used when no base URL is set (then an API key is required).
OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
#: API key sent to local servers that need none (the openai client refuses an empty key).
NO_KEY = "sk-no-key-required"

_VISUAL_RE = re.compile(
    r"\b(fig(?:ure|s?\.)?s?|tables?|tab\.|charts?|plots?|panels?|graphs?|"
    r"diagrams?|images?|axis|legend)\b",
    re.IGNORECASE,
)
_FENCE_RE = re.compile(r"^\s*```(?:json|JSON)?\s*(.*?)\s*```\s*$", re.DOTALL)
_SID_RE = re.compile(r"^S[1-9]\d*$")


class LLMSettings(BaseModel):
    """Options of :class:`OpenAIJudge` (frozen; unknown keys rejected).

    base_url: the server's OpenAI-compatible root, e.g. ``http://localhost:11434/v1``
      (Ollama), ``http://localhost:8000/v1`` (vLLM); None = OpenAI itself.
    model: the model name the server knows. api_key: required for OpenAI; local servers get
      a placeholder. mode: "sentence" (one request per sentence) or "answer" (one request per
      answer). vision: send page images for figure/table questions (the model must accept
      images). max_images: pages per request. image_zoom: render zoom (1.0 = 72 dpi).
    timeout_s: seconds per HTTP request. max_retries: extra tries after the first, for invalid
      output, 429, 5xx and timeouts. backoff_s / max_backoff_s: first and longest wait between
      tries in seconds (doubling; a Retry-After header wins). concurrency: parallel requests in
      ``judge_many``. temperature, max_tokens: sampling options sent as is.
    response_format: "json_object" (OpenAI JSON mode, also vLLM / Ollama / llama.cpp),
      "json_schema" (strict schema from the pydantic models) or "none" (prompt only).
    cache_path: SQLite response cache file, or None for no cache.
    price_input_per_mtok / price_output_per_mtok: USD per million prompt / completion tokens
      for ``usage().cost_usd`` (0 = not priced).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str | None = None
    model: str | None = None
    api_key: SecretStr | None = None
    mode: Literal["sentence", "answer"] = "sentence"
    vision: bool = False
    max_images: int = Field(default=2, ge=0, le=8)
    image_zoom: float = Field(default=1.5, gt=0, le=4)
    timeout_s: float = Field(default=60.0, gt=0)
    max_retries: int = Field(default=2, ge=0, le=10)
    backoff_s: float = Field(default=1.0, ge=0)
    max_backoff_s: float = Field(default=30.0, ge=0)
    concurrency: int = Field(default=4, ge=1, le=64)
    temperature: float = Field(default=0.0, ge=0, le=2)
    max_tokens: int | None = Field(default=1024, ge=1)
    response_format: Literal["json_object", "json_schema", "none"] = "json_object"
    cache_path: str | None = None
    price_input_per_mtok: float = Field(default=0.0, ge=0)
    price_output_per_mtok: float = Field(default=0.0, ge=0)


# ------------------------------------------------------------------ output models

_LLM_OUT = ConfigDict(frozen=True, extra="forbid")


class SentenceVerdict(BaseModel):
    """One sentence's verdict as a model returns it (JSON), checked on its own.

    id: "S1".. (required per answer, optional per sentence). evidence: passage ids "P1"..;
    evidence_pages: 1-based pages. errors: span errors with tags C1-C3 / N1-N3 only.
    """

    model_config = _LLM_OUT
    id: str | None = None
    label: Label
    role: Role | None = None
    rationale: str = ""
    depends_on: tuple[str, ...] = ()
    errors: tuple[ErrorSpan, ...] = ()
    evidence: tuple[str, ...] = ()
    evidence_pages: tuple[int, ...] = ()

    @field_validator("label", mode="before")
    @classmethod
    def _label_case(cls, v: Any) -> Any:
        return v.strip().lower() if isinstance(v, str) else v

    @field_validator("role", mode="before")
    @classmethod
    def _role_null(cls, v: Any) -> Any:
        if isinstance(v, str):
            s = v.strip()
            if s.lower() in ("", "null", "none", "n/a"):
                return None
            return s[:1].upper() + s[1:].lower()
        return v

    @model_validator(mode="after")
    def _consistent(self) -> SentenceVerdict:
        if self.id is not None and not _SID_RE.match(self.id):
            raise ValueError(f"id {self.id!r} is not of the form S1, S2, ...")
        for e in self.errors:
            if not e.tags:
                raise ValueError(f"error span {e.span!r} has no tags")
            bad = [t.value for t in e.tags if t not in SPAN_TAGS]
            if bad:
                raise ValueError(f"tags {bad} are inherited (C4/N4) and not allowed on spans")
        families = {t.family for e in self.errors for t in e.tags}
        if self.label in (Label.SUPPORTED, Label.NOT_A_CLAIM) and self.errors:
            raise ValueError(f"a {self.label.value} sentence has no errors")
        if self.label is Label.CONTRADICTION and Label.CONTRADICTION not in families:
            raise ValueError("a contradiction needs at least one error span tagged C1-C3")
        if self.label is Label.NEI and Label.CONTRADICTION in families:
            raise ValueError("a C-tagged span makes the sentence a contradiction, not nei")
        if self.label is not Label.NOT_A_CLAIM and self.role is None:
            raise ValueError("role (Observation or Interpretation) is required for a claim")
        if any(p < 1 for p in self.evidence_pages):
            raise ValueError("evidence_pages are 1-based")
        return self


class AnswerEnvelope(BaseModel):
    """The per-answer reply: ``{"sentences": [...]}``; each item is validated alone."""

    model_config = _LLM_OUT
    sentences: tuple[dict[str, Any], ...]


class AnswerVerdict(BaseModel):
    """The per-answer reply with every item validated (its JSON schema is sent in
    ``json_schema`` mode)."""

    model_config = _LLM_OUT
    sentences: tuple[SentenceVerdict, ...]


class InvalidOutput(ValueError):
    """A reply that cannot be used; the message is shown to the model on the retry."""


def strip_fences(text: str) -> str:
    """The JSON inside a ```json ... ``` fence, else ``text`` stripped."""
    m = _FENCE_RE.match(text)
    return m.group(1) if m else text.strip()


def verdict_problems(
    v: SentenceVerdict, sentence: Sentence, n_passages: int, n_pages: int | None = None
) -> list[str]:
    """What is wrong with ``v`` as the verdict on ``sentence`` (empty list: usable).

    Checks: each error span is an exact substring of the sentence; evidence ids are P1..Pn
    with n = ``n_passages``; evidence pages are <= ``n_pages`` when known; depends_on names
    only earlier sentences (S1 .. S<index>).
    """
    out = []
    for e in v.errors:
        if not e.span or e.span not in sentence.text:
            out.append(
                f"{sentence.id}: error span {e.span!r} is not an exact substring of the sentence"
            )
    valid = {f"P{i + 1}" for i in range(n_passages)}
    bad_ev = [p for p in v.evidence if p not in valid]
    if bad_ev:
        out.append(
            f"{sentence.id}: evidence {bad_ev} not among the passages "
            f"({'P1-P' + str(n_passages) if n_passages else 'none given'})"
        )
    if n_pages is not None and any(p > n_pages for p in v.evidence_pages):
        out.append(f"{sentence.id}: evidence_pages beyond the paper's {n_pages} pages")
    earlier = {f"S{i + 1}" for i in range(sentence.index)}
    bad_dep = [d for d in v.depends_on if d not in earlier]
    if bad_dep:
        out.append(f"{sentence.id}: depends_on {bad_dep} must name earlier sentences only")
    return out


def _load_json_object(text: str) -> Any:
    try:
        return json.loads(strip_fences(text))
    except json.JSONDecodeError as exc:
        raise InvalidOutput(f"not valid JSON ({exc.msg} at char {exc.pos})") from None


def _short(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        loc = ".".join(str(x) for x in err["loc"]) or "(object)"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)


def parse_sentence_reply(
    text: str, sentence: Sentence, n_passages: int, n_pages: int | None = None
) -> SentenceVerdict:
    """Validate a per-sentence reply. Raises InvalidOutput with the problem."""
    data = _load_json_object(text)
    if isinstance(data, dict) and "sentences" in data and "label" not in data:
        items = data.get("sentences")  # some models wrap a single verdict
        if isinstance(items, list) and len(items) == 1:
            data = items[0]
    try:
        v = SentenceVerdict.model_validate(data)
    except ValidationError as exc:
        raise InvalidOutput(_short(exc)) from None
    problems = verdict_problems(v, sentence, n_passages, n_pages)
    if problems:
        raise InvalidOutput("; ".join(problems))
    return v


def parse_answer_reply(
    text: str, sentences: Sequence[Sentence], n_passages: int, n_pages: int | None = None
) -> tuple[dict[int, SentenceVerdict], list[str]]:
    """Validate a per-answer reply item by item.

    Returns: (verdicts by 0-based sentence index, problems); a sentence missing or invalid is
    absent from the dict and named in the problems. Raises InvalidOutput if the reply is not
    a JSON object with a ``sentences`` list at all.
    """
    data = _load_json_object(text)
    try:
        env = AnswerEnvelope.model_validate(data)
    except ValidationError as exc:
        raise InvalidOutput(_short(exc)) from None
    by_id = {s.id: s for s in sentences}
    got: dict[int, SentenceVerdict] = {}
    problems: list[str] = []
    for n, item in enumerate(env.sentences):
        try:
            v = SentenceVerdict.model_validate(item)
        except ValidationError as exc:
            sid = item.get("id", f"item {n + 1}")
            problems.append(f"{sid}: {_short(exc)}")
            continue
        if v.id is None or v.id not in by_id:
            problems.append(f"item {n + 1}: id {v.id!r} is not one of the sentence ids")
            continue
        s = by_id[v.id]
        p = verdict_problems(v, s, n_passages, n_pages)
        if p:
            problems.extend(p)
            continue
        got.setdefault(s.index, v)
    missing = [
        s.id
        for s in sentences
        if s.index not in got and not any(pr.startswith(s.id + ":") for pr in problems)
    ]
    if missing:
        problems.append(f"sentences {missing} are missing from the reply")
    return got, problems


# ------------------------------------------------------------------ accounting


@dataclass(frozen=True, slots=True)
class JudgeUsage:
    """Counters of one judge since it was built.

    requests: HTTP requests sent (retries included). cache_hits: replies taken from the
    cache. retries: requests that repeated an earlier one. failures: sentences labelled as a
    judge failure. prompt_tokens / completion_tokens: as the server reported (0 where it
    reports none). cost_usd: tokens x the configured prices. images: page images sent.
    """

    requests: int = 0
    cache_hits: int = 0
    retries: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    images: int = 0

    def as_dict(self) -> dict[str, float | int]:
        return asdict(self)


class _Counters:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._v: dict[str, Any] = {k: 0 for k in JudgeUsage.__slots__}
        self._v["cost_usd"] = 0.0

    def add(self, **delta: float | int) -> None:
        with self._lock:
            for k, d in delta.items():
                self._v[k] += d

    def snapshot(self) -> JudgeUsage:
        with self._lock:
            return JudgeUsage(**self._v)


def failure_judgement(
    problem: str, *, judge: str = "llm", model: str | None = None, **extra: object
) -> Judgement:
    """The judgement for a sentence the backend could not judge: nei, never supported."""
    return Judgement(
        label=Label.NEI,
        role=None,
        rationale=f"judge failure: {problem}",
        judge=judge,
        extra={"judge_failure": True, "model": model, **extra},
    )


# ------------------------------------------------------------------ error mapping

#: How each openai error class is treated: "retry" (then a judge failure), "fatal"
#: (JudgeError), "credentials" (MissingCredentials) or "unreachable" (JudgeError after
#: retries). Looked up along the class's MRO, so subclasses follow their parent.
ERROR_POLICY: dict[str, str] = {
    "AuthenticationError": "credentials",
    "OAuthError": "credentials",
    "PermissionDeniedError": "fatal",
    "NotFoundError": "fatal",
    "BadRequestError": "fatal",
    "UnprocessableEntityError": "fatal",
    "ConflictError": "retry",
    "RateLimitError": "retry",
    "InternalServerError": "retry",
    "APITimeoutError": "retry",
    "APIConnectionError": "unreachable",
    "APIResponseValidationError": "retry",
    "APIStatusError": "retry",  # any other status (e.g. 408, 425) is treated as transient
    "APIError": "fatal",
    "OpenAIError": "fatal",
}


def error_policy(exc: BaseException) -> str:
    """The policy of ``ERROR_POLICY`` for ``exc`` (by class name along its MRO), or "fatal"."""
    for cls in type(exc).__mro__:
        if cls.__name__ in ERROR_POLICY:
            return ERROR_POLICY[cls.__name__]
    return "fatal"


def _retry_after_s(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    value = headers.get("retry-after")
    try:
        return max(float(value), 0.0) if value is not None else None
    except ValueError:
        return None


# ------------------------------------------------------------------ the judge


@dataclass(frozen=True, slots=True)
class _Outcome:
    verdicts: dict[int, SentenceVerdict]
    problem: str
    attempts: int
    cached: bool


Renderer = Callable[[Any, int, float], bytes]


class OpenAIJudge:
    """Labels sentences by asking an OpenAI-compatible chat model (see module docstring).

    Args: settings: LLMSettings. client: an ``openai.OpenAI`` (built from settings if None).
          render_page: ``(document, page, zoom) -> PNG bytes`` for vision requests (default:
          ``grounding.render.render_page_png`` when present). sleep: the wait between retries
          (``time.sleep``; tests pass a recorder).
    Raises (at construction): MissingCredentials when no model is set (SCIGROUND_LLM_MODEL)
          or OpenAI's own endpoint is used without a key (OPENAI_API_KEY); JudgeError when
          ``vision`` is on and no page renderer exists.
    """

    name = "llm"

    def __init__(
        self,
        settings: LLMSettings,
        *,
        client: Any | None = None,
        render_page: Renderer | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not settings.model:
            raise MissingCredentials(
                "no model name: set SCIGROUND_LLM_MODEL (or LLMSettings.model)", backend=self.name
            )
        if settings.base_url is None and settings.api_key is None and client is None:
            raise MissingCredentials(
                "no API key for api.openai.com: set OPENAI_API_KEY, or "
                "SCIGROUND_LLM_BASE_URL for a local server",
                backend=self.name,
                model=settings.model,
            )
        self.settings = settings
        self.model: str = settings.model
        self._client = client
        self._client_lock = threading.Lock()
        self._render = render_page
        self._sleep = sleep
        self._counters = _Counters()
        self.cache = ResponseCache(settings.cache_path) if settings.cache_path else None

    # -------------------------------------------------------------- public API
    def usage(self) -> JudgeUsage:
        """Counters since construction (a snapshot)."""
        return self._counters.snapshot()

    def judge(self, claim: ClaimContext) -> Judgement:
        """Label ``claim.sentence`` with one request (or a cached reply).

        Returns: the model's Judgement, or a judge failure (nei) after the retries.
        Raises: JudgeError / MissingCredentials for errors a retry cannot cure.
        """
        s = claim.sentence
        user = prompts.render_sentence_prompt(
            claim.question,
            [(p.id, p.text) for p in claim.previous],
            (s.id, s.text),
            [(p.page, p.text) for p in claim.passages],
        )
        images = self._images(claim.question, [s.text], claim.passages, claim.document)
        messages = self._messages(prompts.SENTENCE_SYSTEM, user, images)
        n_pages = _n_pages(claim.document)

        def parse(text: str) -> tuple[dict[int, SentenceVerdict], list[str]]:
            return {s.index: parse_sentence_reply(text, s, len(claim.passages), n_pages)}, []

        out = self._ask(messages, parse, "sentence", [s.index])
        v = out.verdicts.get(s.index)
        if v is None:
            self._counters.add(failures=1)
            return failure_judgement(out.problem, model=self.model, attempts=out.attempts)
        return self._judgement(v, claim.passages, out, len(images))

    def judge_many(self, claims: Sequence[ClaimContext]) -> list[Judgement]:
        """``judge`` for each claim, up to ``settings.concurrency`` at once, in input order."""
        if len(claims) <= 1 or self.settings.concurrency == 1:
            return [self.judge(c) for c in claims]
        with ThreadPoolExecutor(max_workers=self.settings.concurrency) as pool:
            return list(pool.map(self.judge, claims))

    def judge_answer(
        self,
        question: str,
        sentences: Sequence[Sentence],
        passages_per_sentence: Sequence[Sequence[Passage]],
        document: object | None = None,
    ) -> tuple[list[Judgement], list[tuple[str, ...]]]:
        """Label every sentence of an answer with one request.

        Args: sentences: the answer's sentences in order (``Sentence.index`` 0-based).
              passages_per_sentence: candidate passages per sentence, best first.
              document: the ``grounding.pdf.Document`` (page images, page count) or None.
        Returns: (one Judgement per sentence, in order; depends_on ids per sentence). A
              sentence missing or invalid in the final reply is a judge failure with ().
        Raises: InputError if the two sequences differ in length; JudgeError as ``judge``.
        """
        from annotations.errors import InputError

        if len(sentences) != len(passages_per_sentence):
            raise InputError(
                f"{len(sentences)} sentences but {len(passages_per_sentence)} passage lists"
            )
        if not sentences:
            return [], []
        distinct: list[Passage] = []
        where: dict[tuple[int, int, int], int] = {}
        candidates: list[list[int]] = []
        for ps in passages_per_sentence:
            idx = []
            for p in ps:
                key = (p.page, p.start, p.end)
                if key not in where:
                    where[key] = len(distinct)
                    distinct.append(p)
                idx.append(where[key])
            candidates.append(idx)
        user = prompts.render_answer_prompt(
            question,
            [(s.id, s.text) for s in sentences],
            [(p.page, p.text) for p in distinct],
            candidates,
        )
        images = self._images(question, [s.text for s in sentences], distinct, document)
        messages = self._messages(prompts.ANSWER_SYSTEM, user, images)
        n_pages = _n_pages(document)

        def parse(text: str) -> tuple[dict[int, SentenceVerdict], list[str]]:
            return parse_answer_reply(text, sentences, len(distinct), n_pages)

        out = self._ask(messages, parse, "answer", [s.index for s in sentences])
        judgements: list[Judgement] = []
        depends: list[tuple[str, ...]] = []
        for s in sentences:
            v = out.verdicts.get(s.index)
            if v is None:
                self._counters.add(failures=1)
                judgements.append(
                    failure_judgement(
                        out.problem or f"{s.id} missing", model=self.model, attempts=out.attempts
                    )
                )
                depends.append(())
                continue
            judgements.append(self._judgement(v, distinct, out, len(images)))
            depends.append(() if v.label is Label.NOT_A_CLAIM else v.depends_on)
        return judgements, depends

    # -------------------------------------------------------------- internals
    def _judgement(
        self, v: SentenceVerdict, passages: Sequence[Passage], out: _Outcome, n_images: int
    ) -> Judgement:
        ids = {f"P{i + 1}": p for i, p in enumerate(passages)}
        evidence = (
            tuple(ids[e] for e in dict.fromkeys(v.evidence))
            if v.label in (Label.SUPPORTED, Label.CONTRADICTION)
            else ()
        )
        claim = v.label is not Label.NOT_A_CLAIM
        return Judgement(
            label=v.label,
            role=v.role if claim else None,
            rationale=v.rationale,
            errors=v.errors if claim else (),
            evidence=evidence,
            judge=self.name,
            extra={
                "depends_on": v.depends_on if claim else (),
                "evidence_pages": v.evidence_pages,
                "model": self.model,
                "prompt_version": prompts.PROMPT_VERSION,
                "cached": out.cached,
                "attempts": out.attempts,
                "images": n_images,
            },
        )

    def _messages(
        self, system: str, user: str, images: list[tuple[int, bytes]]
    ) -> list[dict[str, Any]]:
        if not images:
            return [{"role": "system", "content": system}, {"role": "user", "content": user}]
        note = prompts.IMAGE_NOTE.format(pages=", ".join(str(p) for p, _ in images))
        parts: list[dict[str, Any]] = [{"type": "text", "text": user + "\n\n" + note}]
        for _, png in images:
            url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            parts.append({"type": "image_url", "image_url": {"url": url}})
        return [{"role": "system", "content": system}, {"role": "user", "content": parts}]

    def _renderer(self) -> Renderer:
        if self._render is not None:
            return self._render
        from grounding.render import render_page_png

        return render_page_png

    def _images(
        self,
        question: str,
        texts: Sequence[str],
        passages: Sequence[Passage],
        document: object | None,
    ) -> list[tuple[int, bytes]]:
        s = self.settings
        if not s.vision or s.max_images == 0 or document is None:
            return []
        if not any(_VISUAL_RE.search(t) for t in (question, *texts)):
            return []
        render = self._renderer()
        pages = list(dict.fromkeys(p.page for p in passages))[: s.max_images]
        out = []
        for page in pages:
            try:
                out.append((page, render(document, page, s.image_zoom)))
            except Exception as exc:  # noqa: BLE001 - a page that cannot render is skipped
                raise JudgeError(
                    f"cannot render page {page}: {exc}", backend=self.name, model=self.model
                ) from exc
        self._counters.add(images=len(out))
        return out

    def _client_or_build(self) -> Any:
        with self._client_lock:
            if self._client is None:
                try:
                    import openai
                except ModuleNotFoundError as exc:
                    raise JudgeError(
                        "the openai package is missing: install the llm extra "
                        "(in the sciground checkout: pip install -e '.[llm]')",
                        backend=self.name,
                    ) from exc
                key = self.settings.api_key.get_secret_value() if self.settings.api_key else NO_KEY
                self._client = openai.OpenAI(
                    base_url=self.settings.base_url or OPENAI_DEFAULT_BASE_URL,
                    api_key=key,
                    timeout=self.settings.timeout_s,
                    max_retries=0,
                )
            return self._client

    def _request_options(self, kind: str) -> dict[str, Any]:
        s = self.settings
        opts: dict[str, Any] = {"model": s.model, "temperature": s.temperature}
        if s.max_tokens is not None:
            opts["max_tokens"] = s.max_tokens
        if s.response_format == "json_object":
            opts["response_format"] = {"type": "json_object"}
        elif s.response_format == "json_schema":
            model = SentenceVerdict if kind == "sentence" else AnswerVerdict
            opts["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": f"{kind}_verdict", "schema": model.model_json_schema()},
            }
        return opts

    def _ask(
        self,
        messages: list[dict[str, Any]],
        parse: Callable[[str], tuple[dict[int, SentenceVerdict], list[str]]],
        kind: str,
        wanted: Sequence[int],
    ) -> _Outcome:
        opts = self._request_options(kind)
        key = cache_key(
            {
                "backend": self.name,
                "prompt_version": prompts.PROMPT_VERSION,
                "messages": messages,
                **opts,
            }
        )
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                try:
                    got, problems = parse(hit.reply)
                except InvalidOutput:
                    got, problems = {}, ["stale cache entry"]
                if not problems and all(i in got for i in wanted):
                    self._counters.add(cache_hits=1)
                    return _Outcome(got, "", 0, True)
        best: dict[int, SentenceVerdict] = {}
        problem = ""
        msgs = list(messages)
        attempts = 0
        for attempt in range(1, self.settings.max_retries + 2):
            attempts = attempt
            if attempt > 1:
                self._counters.add(retries=1)
            try:
                text, p_tok, c_tok = self._call(msgs, opts)
            except _Transient as t:
                problem = t.problem
                if attempt <= self.settings.max_retries:
                    self._sleep(self._backoff(attempt, t.retry_after_s))
                continue
            try:
                got, problems = parse(text)
            except InvalidOutput as exc:
                got, problems = {}, [str(exc)]
            if len(got) > len(best):
                best = got
            if not problems and all(i in got for i in wanted):
                if self.cache is not None:
                    self.cache.put(key, text, prompt_tokens=p_tok, completion_tokens=c_tok)
                return _Outcome(got, "", attempt, False)
            problem = "invalid output: " + "; ".join(problems)
            msgs = list(messages) + [
                {"role": "assistant", "content": text},
                {"role": "user", "content": prompts.RETRY_MESSAGE.format(problem=problem)},
            ]
        return _Outcome(best, f"{problem} (after {attempts} tries)", attempts, False)

    def _backoff(self, attempt: int, retry_after_s: float | None) -> float:
        if retry_after_s is not None:
            return min(retry_after_s, self.settings.max_backoff_s)
        return min(self.settings.backoff_s * 2.0 ** (attempt - 1), self.settings.max_backoff_s)

    def _call(self, messages: list[dict[str, Any]], opts: dict[str, Any]) -> tuple[str, int, int]:
        client = self._client_or_build()
        self._counters.add(requests=1)
        try:
            resp = client.chat.completions.create(messages=messages, **opts)
        except Exception as exc:
            policy = error_policy(exc)
            status = getattr(exc, "status_code", None)
            what = f"{type(exc).__name__}" + (f" (HTTP {status})" if status else "")
            if policy == "retry":
                raise _Transient(what, _retry_after_s(exc)) from exc
            if policy == "credentials":
                raise MissingCredentials(
                    f"{what}: the server refused the API key; set OPENAI_API_KEY",
                    backend=self.name,
                    model=self.model,
                ) from exc
            if policy == "unreachable":
                raise JudgeError(
                    f"{what}: cannot reach {self.settings.base_url or 'OpenAI'}"
                    " (check SCIGROUND_LLM_BASE_URL)",
                    backend=self.name,
                    model=self.model,
                ) from exc
            raise JudgeError(f"{what}: {exc}", backend=self.name, model=self.model) from exc
        usage = getattr(resp, "usage", None)
        p_tok = int(getattr(usage, "prompt_tokens", 0) or 0)
        c_tok = int(getattr(usage, "completion_tokens", 0) or 0)
        s = self.settings
        self._counters.add(
            prompt_tokens=p_tok,
            completion_tokens=c_tok,
            cost_usd=(p_tok * s.price_input_per_mtok + c_tok * s.price_output_per_mtok) / 1e6,
        )
        choices = getattr(resp, "choices", None) or []
        content = choices[0].message.content if choices else None
        return (content or ""), p_tok, c_tok


class _Transient(Exception):
    def __init__(self, problem: str, retry_after_s: float | None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.retry_after_s = retry_after_s


def _n_pages(document: object | None) -> int | None:
    pages = getattr(document, "pages", None)
    return len(pages) if pages is not None else None


def settings_digest(settings: LLMSettings) -> str:
    """A short hash of the settings that shape replies (no key, no URL), for logs."""
    keep = settings.model_dump(exclude={"api_key", "base_url", "cache_path"})
    return hashlib.sha256(json.dumps(keep, sort_keys=True).encode()).hexdigest()[:12]


__all__ = [
    "AnswerEnvelope",
    "AnswerVerdict",
    "ERROR_POLICY",
    "InvalidOutput",
    "JudgeUsage",
    "LLMSettings",
    "OpenAIJudge",
    "SentenceVerdict",
    "error_policy",
    "failure_judgement",
    "parse_answer_reply",
    "parse_sentence_reply",
    "settings_digest",
    "strip_fences",
    "verdict_problems",
]
