"""LLMReferenceParser against a local server speaking the chat-completions protocol."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("openai", reason="the llm extra (openai) is not installed")

from citations.errors import InputError, RateLimited, SourceError  # noqa: E402
from citations.llm_parser import (  # noqa: E402
    LLMParserSettings,
    LLMReferenceParser,
    ParsedFields,
    grounded,
    to_reference,
    weak_parse,
)
from citations.model import Author, SourceType  # noqa: E402
from citations.parse import ReferenceParser, parse_reference  # noqa: E402

PATH = "/v1/chat/completions"
VAGUE = "Graph nets, Smith J., Nature 2019, 12:3-9"
CLEAR = (
    "Devlin, J., Chang, M., Lee, K., & Toutanova, K. (2019). BERT: Pre-training of deep "
    "bidirectional transformers. In NAACL."
)


def completion(content: str) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion",
        "created": 0,
        "model": "m",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": content},
            }
        ],
        "usage": {"prompt_tokens": 50, "completion_tokens": 20, "total_tokens": 70},
    }


FIELDS = {
    "title": "Graph nets",
    "authors": [{"family": "Smith", "given": "J."}],
    "year": 2019,
    "venue": "Nature",
    "volume": "12",
    "pages": "3-9",
    "source_type": "paper",
}


def parser(httpserver: Any, **kw: Any) -> LLMReferenceParser:
    s = LLMParserSettings(
        base_url=httpserver.url_for("/v1"),
        model="m",
        max_retries=1,
        backoff_s=0.0,
        timeout_s=5,
        **kw,
    )
    return LLMReferenceParser(s, sleep=lambda _s: None)


def test_rules_parse_is_kept_without_a_request(httpserver: Any) -> None:
    p = parser(httpserver)
    as_protocol: ReferenceParser = p  # mypy checks the Protocol is implemented
    ref = as_protocol.parse(CLEAR)
    assert ref.parser == "crf" and ref.authors
    assert len(httpserver.log) == 0 and p.requests == 0


def test_weak_parse_is_sent_to_the_model(httpserver: Any) -> None:
    assert weak_parse(parse_reference(VAGUE))
    httpserver.expect_request(PATH).respond_with_json(completion(json.dumps(FIELDS)))
    ref = parser(httpserver).parse(VAGUE)
    assert ref.parser == "llm" and ref.title == "Graph nets"
    assert ref.authors == (Author(family="Smith", given="J."),)
    assert (ref.year, ref.venue, ref.volume, ref.pages) == (2019, "Nature", "12", "3-9")
    assert ref.source_type is SourceType.PAPER
    body = json.loads(httpserver.log[0][0].get_data())
    assert body["messages"][1]["content"] == f"Reference: {VAGUE}"
    assert body["response_format"] == {"type": "json_object"}


def test_fields_the_string_does_not_hold_are_dropped(httpserver: Any) -> None:
    invented = dict(
        FIELDS,
        doi="10.1038/s41586-019-0000-0",
        venue="Nature Physics",
        authors=[{"family": "Smith", "given": "J."}, {"family": "Battaglia", "given": "P."}],
    )
    httpserver.expect_request(PATH).respond_with_json(completion(json.dumps(invented)))
    p = parser(httpserver)
    ref = p.parse(VAGUE)
    assert ref.doi is None and ref.venue is None
    assert [a.family for a in ref.authors] == ["Smith"]
    assert set(p.dropped[VAGUE]) == {"doi", "venue", "author 'Battaglia'"}


def test_invalid_output_is_retried_then_the_rules_result_stands(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(completion("{oops"))
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(json.dumps(dict(FIELDS, year="last year")))
    )
    p = parser(httpserver)
    ref = p.parse(VAGUE)
    assert ref == parse_reference(VAGUE)
    assert p.requests == 2
    retry = json.loads(httpserver.log[1][0].get_data())["messages"]
    assert retry[2]["content"] == "{oops" and "not valid JSON" in retry[3]["content"]


def test_rate_limit_after_retries_raises_rate_limited(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json({"error": {"message": "slow"}}, status=429)
    with pytest.raises(RateLimited) as info:
        parser(httpserver).parse(VAGUE)
    assert info.value.source == "llm" and info.value.attempt == 2


def test_auth_failure_is_a_source_error_at_once(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json({"error": {"message": "key"}}, status=401)
    with pytest.raises(SourceError) as info:
        parser(httpserver).parse(VAGUE)
    assert info.value.status == 401 and len(httpserver.log) == 1


def test_missing_model_names_the_variable() -> None:
    with pytest.raises(InputError, match="SCIGROUND_LLM_MODEL"):
        LLMReferenceParser(LLMParserSettings(base_url="http://localhost:1/v1"))
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        LLMReferenceParser(LLMParserSettings(model="gpt-4o-mini"))


def test_pure_helpers() -> None:
    assert grounded("Nature  Physics", "in nature-physics, 2019")
    assert not grounded("", "anything")
    ref, dropped = to_reference(ParsedFields(title="Graph nets", year=2020), VAGUE)
    assert ref.title == "Graph nets" and ref.year is None and dropped == ["year"]


def test_citations_does_not_import_grounding() -> None:
    import ast
    from pathlib import Path

    import citations.llm_parser as mod

    tree = ast.parse(Path(mod.__file__).read_text(encoding="utf-8"))
    names = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [n for n in names if n.split(".")[0] == "grounding"]


def test_refs_verify_parser_llm_sends_only_weak_strings_to_the_model(
    httpserver: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from grounding.cli import main

    httpserver.expect_request(PATH).respond_with_json(completion(json.dumps(FIELDS)))
    monkeypatch.setenv("SCIGROUND_LLM_BASE_URL", httpserver.url_for("/v1"))
    monkeypatch.setenv("SCIGROUND_LLM_MODEL", "m")
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    refs = tmp_path / "refs.txt"
    refs.write_text(VAGUE + "\n" + CLEAR + "\n")
    main(
        [
            "refs",
            "verify",
            str(refs),
            "--db",
            str(tmp_path / "none.sqlite"),
            "--parser",
            "llm",
            "--json",
        ]
    )
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["reference"]["parser"] for r in out] == ["llm", "crf"]
    assert out[0]["reference"]["title"] == "Graph nets"
    assert len(httpserver.log) == 1


def test_refs_verify_parser_llm_without_a_model_names_the_setting(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from grounding.cli import main

    monkeypatch.delenv("SCIGROUND_LLM_MODEL", raising=False)
    refs = tmp_path / "refs.txt"
    refs.write_text(VAGUE + "\n")
    assert main(["refs", "verify", str(refs), "--parser", "llm"]) == 2
    assert "SCIGROUND_LLM_MODEL" in capsys.readouterr().err
