"""An LLM reference parser, asked only about strings the model-first reader reads weakly.

Usage::

    parser = LLMReferenceParser(LLMParserSettings(base_url="http://localhost:8000/v1",
                                                  model="qwen2.5-7b"))
    ref = parser.parse("the 2019 Nature piece by Smith & colleagues on graph nets")

:meth:`LLMReferenceParser.parse` first runs the reader (:func:`citations.parse.parse_reference`:
CRF labels and field normalisers); when its result is not :func:`weak_parse` it is returned
and no request is made. Otherwise
one chat-completions request (any OpenAI-compatible server) asks for the fields as JSON,
validated by :class:`ParsedFields`. ``weak_parse`` is stricter than
:func:`citations.parse.is_parsed`, which accepts a "title" that is merely the whole string:
a parse is weak when it found nothing to look up, or found no identifier, no author, and a
title (if any) that is most of the string (the reader gave up and kept everything).

Grounding guard: a model may "correct" a reference from memory, which would hide a
fabricated or corrupted citation. Every string field it returns must occur in the input
(compared case- and punctuation-insensitively); a field that does not is dropped and named in
``LLMReferenceParser.dropped``. The result has ``parser="llm"``.

Failures: output that does not validate is asked again (``max_retries``), then the reader's
Reference is returned unchanged ("nothing found" is a result). HTTP 429 / 5xx / timeouts
after the retries raise :class:`citations.errors.RateLimited` / :class:`SourceError`
(source "llm"); a missing model or key raises :class:`InputError` naming
SCIGROUND_LLM_MODEL / OPENAI_API_KEY.

This module never imports grounding (imports point grounding -> citations): it has its own
small client over ``openai`` (the ``llm`` extra), imported on the first request.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from citations.errors import InputError, RateLimited, SourceError
from citations.model import Author, Reference, SourceType
from citations.reading.parse import LabelledParser, ReferenceParser, is_parsed

#: Version of the prompt below; part of Reference-independent logs only.
PARSER_PROMPT_VERSION = "refparse-v1"

PARSER_SYSTEM = """\
You split one bibliographic reference string into fields. Copy values exactly as they are
written in the string; never add, complete or correct anything from memory. Use null (or
[]) for a field the string does not contain. Reply with one JSON object and nothing else:
{"title": str|null, "authors": [{"family": str, "given": str}], "et_al": bool,
 "year": int|null, "venue": str|null, "volume": str|null, "issue": str|null,
 "pages": str|null, "publisher": str|null, "doi": str|null, "arxiv_id": str|null,
 "url": str|null, "source_type": "paper|book|web|dataset|software|report|thesis|legal|unknown"}"""

PARSER_RETRY = "Your reply could not be used: {problem}\nReply again with the JSON object only."

_FENCE_RE = re.compile(r"^\s*```(?:json|JSON)?\s*(.*?)\s*```\s*$", re.DOTALL)
_NON_ALNUM = re.compile(r"[\W_]+", re.UNICODE)


class LLMParserSettings(BaseModel):
    """Options of :class:`LLMReferenceParser` (frozen; unknown keys rejected).

    base_url: OpenAI-compatible server root (None = OpenAI, which needs api_key). model: the
    model name. timeout_s: seconds per request. max_retries: extra tries for invalid output,
    429, 5xx and timeouts. backoff_s: first wait between tries in seconds (doubling).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    base_url: str | None = None
    model: str | None = None
    api_key: SecretStr | None = None
    timeout_s: float = Field(default=30.0, gt=0)
    max_retries: int = Field(default=2, ge=0, le=10)
    backoff_s: float = Field(default=1.0, ge=0)
    temperature: float = Field(default=0.0, ge=0, le=2)


class LLMAuthor(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    family: str
    given: str = ""


class ParsedFields(BaseModel):
    """The fields a model returns for one reference string (JSON)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    title: str | None = None
    authors: tuple[LLMAuthor, ...] = ()
    et_al: bool = False
    year: int | None = Field(default=None, ge=1000, le=2100)
    venue: str | None = None
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    publisher: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    url: str | None = None
    source_type: SourceType = SourceType.UNKNOWN


def _key(s: str) -> str:
    return _NON_ALNUM.sub("", s.casefold())


def grounded(value: str, raw: str) -> bool:
    """True when ``value`` occurs in ``raw``, ignoring case, spaces and punctuation."""
    k = _key(value)
    return bool(k) and k in _key(raw)


def to_reference(
    fields: ParsedFields, raw: str, marker: str | None = None
) -> tuple[Reference, list[str]]:
    """A Reference from model fields, keeping only values found in ``raw``.

    Returns: (Reference with parser="llm", names of the dropped fields).
    """
    dropped: list[str] = []
    kept: dict[str, Any] = {}
    for name in (
        "title",
        "venue",
        "volume",
        "issue",
        "pages",
        "publisher",
        "doi",
        "arxiv_id",
        "url",
    ):
        value = getattr(fields, name)
        if value is None or not str(value).strip():
            continue
        if grounded(str(value), raw):
            kept[name] = str(value).strip()
        else:
            dropped.append(name)
    if fields.year is not None:
        if str(fields.year) in raw:
            kept["year"] = fields.year
        else:
            dropped.append("year")
    authors = []
    for a in fields.authors:
        if grounded(a.family, raw):
            authors.append(Author(family=a.family.strip(), given=a.given.strip()))
        else:
            dropped.append(f"author {a.family!r}")
    ref = Reference(
        raw=raw,
        authors=tuple(authors),
        et_al=fields.et_al,
        source_type=fields.source_type,
        marker=marker,
        parser="llm",
        **kept,
    )
    return ref, dropped


def weak_parse(ref: Reference) -> bool:
    """True when the rules' Reference is worth asking a model about (see module docstring):
    not :func:`is_parsed`, or no DOI / arXiv id / author and a title covering >= 80 % of the
    string's letters and digits (or no title)."""
    if not is_parsed(ref):
        return True
    if ref.doi or ref.arxiv_id or ref.authors:
        return False
    if not ref.title:
        return True
    return len(_key(ref.title)) >= 0.8 * max(len(_key(ref.raw)), 1)


def _policy(exc: BaseException) -> str:
    names = {c.__name__ for c in type(exc).__mro__}
    if names & {
        "AuthenticationError",
        "OAuthError",
        "PermissionDeniedError",
        "NotFoundError",
        "BadRequestError",
        "UnprocessableEntityError",
    }:
        return "fatal"
    if "RateLimitError" in names:
        return "rate"
    if names & {
        "APITimeoutError",
        "InternalServerError",
        "ConflictError",
        "APIStatusError",
        "APIResponseValidationError",
    }:
        return "retry"
    if "APIConnectionError" in names:
        return "fatal"
    return "fatal"


class LLMReferenceParser:
    """A :class:`citations.parse.ReferenceParser` that asks a model when the rules fail.

    Args: settings: LLMParserSettings. rules: the parser tried first (LabelledParser).
          should_ask: decides from the rules' Reference whether to ask (:func:`weak_parse`).
          client: an ``openai.OpenAI`` (built from settings on first use if None).
          sleep: the wait between retries (``time.sleep``).
    Raises (at construction): InputError naming SCIGROUND_LLM_MODEL / OPENAI_API_KEY.
    """

    name = "llm"

    def __init__(
        self,
        settings: LLMParserSettings,
        *,
        rules: ReferenceParser | None = None,
        should_ask: Callable[[Reference], bool] = weak_parse,
        client: Any | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not settings.model:
            raise InputError("no model name for the LLM reference parser: set SCIGROUND_LLM_MODEL")
        if settings.base_url is None and settings.api_key is None and client is None:
            raise InputError(
                "no API key for api.openai.com: set OPENAI_API_KEY, or "
                "SCIGROUND_LLM_BASE_URL for a local server"
            )
        self.settings = settings
        self.rules = rules or LabelledParser()
        self.should_ask = should_ask
        self._client = client
        self._lock = threading.Lock()
        self._sleep = sleep
        self.requests = 0
        #: raw string -> fields the model gave that the string does not contain.
        self.dropped: dict[str, list[str]] = {}

    def parse(self, text: str) -> Reference:
        """Parse one reference string (rules first, the model only for a weak parse).

        Raises: InputError for empty / non-string input (from the rules parser);
        SourceError / RateLimited when the server fails after the retries.
        """
        ref = self.rules.parse(text)
        if not self.should_ask(ref):
            return ref
        fields = self._ask(text)
        if fields is None:
            return ref
        out, dropped = to_reference(fields, text, marker=ref.marker)
        if dropped:
            self.dropped[text] = dropped
        return out if is_parsed(out) else ref

    # ---------------------------------------------------------------- internals
    def _client_or_build(self) -> Any:
        with self._lock:
            if self._client is None:
                try:
                    import openai
                except ModuleNotFoundError as exc:
                    raise SourceError(
                        "the openai package is missing: install the llm extra "
                        "(in the sciground checkout: pip install -e '.[llm]')",
                        source="llm",
                    ) from exc
                key = (
                    self.settings.api_key.get_secret_value()
                    if self.settings.api_key
                    else "sk-no-key-required"
                )
                self._client = openai.OpenAI(
                    base_url=self.settings.base_url or "https://api.openai.com/v1",
                    api_key=key,
                    timeout=self.settings.timeout_s,
                    max_retries=0,
                )
            return self._client

    def _ask(self, text: str) -> ParsedFields | None:
        base = [
            {"role": "system", "content": PARSER_SYSTEM},
            {"role": "user", "content": f"Reference: {text}"},
        ]
        messages = list(base)
        url = self.settings.base_url
        for attempt in range(1, self.settings.max_retries + 2):
            last = attempt > self.settings.max_retries
            self.requests += 1
            try:
                resp = self._client_or_build().chat.completions.create(
                    model=self.settings.model,
                    messages=messages,
                    temperature=self.settings.temperature,
                    response_format={"type": "json_object"},
                )
            except Exception as exc:
                policy = _policy(exc)
                status = getattr(exc, "status_code", None)
                what = f"{type(exc).__name__}: {exc}"
                if policy == "fatal":
                    raise SourceError(
                        what, source="llm", url=url, status=status, attempt=attempt
                    ) from exc
                if last:
                    if policy == "rate":
                        raise RateLimited(what, source="llm", url=url, attempt=attempt) from exc
                    raise SourceError(
                        what, source="llm", url=url, status=status, attempt=attempt
                    ) from exc
                self._sleep(self.settings.backoff_s * 2.0 ** (attempt - 1))
                continue
            content = (resp.choices[0].message.content or "") if resp.choices else ""
            m = _FENCE_RE.match(content)
            body = m.group(1) if m else content.strip()
            try:
                return ParsedFields.model_validate(json.loads(body))
            except json.JSONDecodeError as exc:
                problem = f"not valid JSON ({exc.msg})"
            except ValidationError as exc:
                problem = "; ".join(
                    f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3]
                )
            messages = base + [
                {"role": "assistant", "content": content},
                {"role": "user", "content": PARSER_RETRY.format(problem=problem)},
            ]
        return None


__all__ = [
    "LLMParserSettings",
    "LLMReferenceParser",
    "PARSER_PROMPT_VERSION",
    "PARSER_RETRY",
    "PARSER_SYSTEM",
    "ParsedFields",
    "grounded",
    "to_reference",
    "weak_parse",
]
