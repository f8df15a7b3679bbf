"""OpenAIJudge against a real local HTTP server speaking the chat-completions protocol.

pytest-httpserver plays the model: each test scripts the replies (valid JSON, malformed JSON,
a wrong label, a missing sentence, HTTP 429, a timeout) and checks what the judge made of
them and what it sent.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

openai = pytest.importorskip("openai", reason="the llm extra (openai) is not installed")

from hypothesis import given  # noqa: E402
from hypothesis import settings as hsettings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pydantic import SecretStr, ValidationError  # noqa: E402
from werkzeug import Request, Response  # noqa: E402

from annotations.schema import ErrorSpan, ErrorTag, Label, Role  # noqa: E402
from grounding.errors import JudgeError, MissingCredentials  # noqa: E402
from grounding.judges.base import ClaimContext  # noqa: E402
from grounding.judges.openai_judge import (  # noqa: E402
    ERROR_POLICY,
    LLMSettings,
    OpenAIJudge,
    SentenceVerdict,
    error_policy,
    parse_answer_reply,
    strip_fences,
    verdict_problems,
)
from grounding.types import Passage, Rect, Sentence  # noqa: E402

PATH = "/v1/chat/completions"
ANSWER = (
    "SPECTER is trained on citation triplets. It reaches 80.0 average. This shows citations help."
)


def completion(
    content: str, prompt_tokens: int = 120, completion_tokens: int = 30
) -> dict[str, Any]:
    """A chat.completion body as OpenAI's API returns it."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": "test-model",
        "choices": [
            {
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": content},
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def verdict(label: str = "supported", **kw: Any) -> str:
    body = {
        "id": "S1",
        "label": label,
        "role": "Observation",
        "rationale": "stated on p. 2",
        "depends_on": [],
        "errors": [],
        "evidence": ["P1"] if label == "supported" else [],
        "evidence_pages": [],
    }
    body.update(kw)
    return json.dumps(body)


def sentences() -> list[Sentence]:
    out, start = [], 0
    for i, text in enumerate(
        [
            "SPECTER is trained on citation triplets.",
            "It reaches 80.0 average.",
            "This shows citations help.",
        ]
    ):
        start = ANSWER.index(text, start)
        out.append(Sentence(i, start, start + len(text), text))
    return out


PASSAGES = (
    Passage(2, 0, 40, "We train SPECTER on citation triplets.", (Rect(72, 100, 300, 112),), 0.9),
    Passage(5, 10, 60, "SPECTER reaches 80.0 average on SciDocs.", (Rect(72, 200, 300, 212),), 0.7),
)


def claim(i: int = 0, question: str = "How is SPECTER trained?") -> ClaimContext:
    ss = sentences()
    return ClaimContext(
        sentence=ss[i], question=question, previous=tuple(ss[:i]), passages=PASSAGES
    )


def settings(httpserver: Any, **kw: Any) -> LLMSettings:
    base = dict(
        base_url=httpserver.url_for("/v1"),
        model="test-model",
        max_retries=1,
        backoff_s=0.0,
        timeout_s=5.0,
    )
    base.update(kw)
    return LLMSettings(**base)


def bodies(httpserver: Any) -> list[dict[str, Any]]:
    return [json.loads(req.get_data()) for req, _ in httpserver.log]


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


# ------------------------------------------------------------------ valid replies


def test_valid_reply_becomes_judgement_and_request_is_well_formed(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH, method="POST").respond_with_json(
        completion(verdict("supported", evidence=["P1"]))
    )
    judge = OpenAIJudge(
        settings(
            httpserver,
            price_input_per_mtok=2.0,
            price_output_per_mtok=10.0,
            api_key=SecretStr("sk-test"),
        )
    )
    j = judge.judge(claim(0))
    assert j.label is Label.SUPPORTED and j.role is Role.OBSERVATION
    assert j.evidence == (PASSAGES[0],)
    assert j.judge == "llm" and j.extra["attempts"] == 1 and not j.extra.get("judge_failure")
    ((req, _),) = httpserver.log
    assert req.headers["Authorization"] == "Bearer sk-test"
    body = json.loads(req.get_data())
    assert body["model"] == "test-model" and body["temperature"] == 0.0
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"]
    assert system["role"] == "system" and "C1 wrong number" in system["content"]
    assert "Sentence to check (S1): SPECTER is trained on citation triplets." in user["content"]
    assert "[P1] (page 2) We train SPECTER on citation triplets." in user["content"]
    u = judge.usage()
    assert (u.requests, u.retries, u.failures, u.prompt_tokens, u.completion_tokens) == (
        1,
        0,
        0,
        120,
        30,
    )
    assert u.cost_usd == pytest.approx((120 * 2.0 + 30 * 10.0) / 1e6)


def test_contradiction_with_span_and_fenced_json(httpserver: Any) -> None:
    reply = verdict(
        "contradiction",
        evidence=["P2"],
        errors=[{"span": "80.0", "tags": ["C1"], "correction": "79.4"}],
    )
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion("```json\n" + reply + "\n```")
    )
    j = OpenAIJudge(settings(httpserver)).judge(claim(1))
    assert j.label is Label.CONTRADICTION
    assert j.errors == (ErrorSpan(span="80.0", tags=(ErrorTag.C1,), correction="79.4"),)
    assert j.evidence == (PASSAGES[1],)


def test_not_a_claim_drops_role_and_evidence(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(verdict("not_a_claim", role=None, evidence=["P1"]))
    )
    j = OpenAIJudge(settings(httpserver)).judge(claim(0))
    assert j.label is Label.NOT_A_CLAIM and j.role is None and j.evidence == ()


# ------------------------------------------------------------------ bad output


def test_malformed_json_is_retried_with_the_problem_stated(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(completion('{"label": "supp'))
    httpserver.expect_ordered_request(PATH).respond_with_json(completion(verdict("nei")))
    judge = OpenAIJudge(settings(httpserver))
    j = judge.judge(claim(0))
    assert j.label is Label.NEI and j.extra["attempts"] == 2
    second = bodies(httpserver)[1]["messages"]
    assert second[2] == {"role": "assistant", "content": '{"label": "supp'}
    assert "not valid JSON" in second[3]["content"]
    assert judge.usage().retries == 1


def test_malformed_json_every_time_is_a_judge_failure_never_supported(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json(completion("Sure! It is supported."))
    judge = OpenAIJudge(settings(httpserver, max_retries=2))
    j = judge.judge(claim(0))
    assert j.label is Label.NEI and j.role is None and j.evidence == ()
    assert j.extra["judge_failure"] is True
    assert j.rationale.startswith("judge failure: invalid output: not valid JSON")
    assert len(httpserver.log) == 3
    assert judge.usage().failures == 1


@pytest.mark.parametrize(
    "bad",
    [
        {"label": "true"},  # not a label
        {"label": "refuted"},
        {"label": "supported", "errors": [{"span": "80.0", "tags": ["C1"]}]},  # errors on supported
        {"label": "contradiction"},  # no C span
        {"label": "nei", "errors": [{"span": "nope", "tags": ["N1"]}]},  # span not in sentence
        {"label": "supported", "evidence": ["P9"]},  # unknown passage
        {"label": "supported", "extra_key": 1},  # unknown key
        {"label": "nei", "errors": [{"span": "SPECTER", "tags": ["C4"]}]},  # inherited tag
    ],
)
def test_invalid_verdicts_are_failures(httpserver: Any, bad: dict[str, Any]) -> None:
    httpserver.expect_request(PATH).respond_with_json(completion(verdict(**bad)))
    j = OpenAIJudge(settings(httpserver, max_retries=1)).judge(claim(0))
    assert j.label is Label.NEI and j.extra["judge_failure"] is True
    assert len(httpserver.log) == 2


def test_wrong_label_then_valid(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(completion(verdict("REFUTED")))
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(
            verdict(
                "contradiction",
                errors=[{"span": "citation triplets", "tags": ["C2"], "correction": "x"}],
            )
        )
    )
    j = OpenAIJudge(settings(httpserver)).judge(claim(0))
    assert j.label is Label.CONTRADICTION and j.extra["attempts"] == 2
    retry_note = bodies(httpserver)[1]["messages"][-1]["content"]
    assert "label" in retry_note


# ------------------------------------------------------------------ HTTP failures


def test_429_honours_retry_after_then_succeeds(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(
        {"error": {"message": "slow down", "type": "rate_limit"}},
        status=429,
        headers={"Retry-After": "7"},
    )
    httpserver.expect_ordered_request(PATH).respond_with_json(completion(verdict("supported")))
    sleeps = Sleeps()
    judge = OpenAIJudge(settings(httpserver, max_backoff_s=60), sleep=sleeps)
    j = judge.judge(claim(0))
    assert j.label is Label.SUPPORTED
    assert sleeps == [7.0]


def test_429_every_time_is_a_judge_failure(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json(
        {"error": {"message": "slow down"}}, status=429
    )
    sleeps = Sleeps()
    judge = OpenAIJudge(settings(httpserver, max_retries=2, backoff_s=0.5), sleep=sleeps)
    j = judge.judge(claim(0))
    assert j.label is Label.NEI and j.extra["judge_failure"] is True
    assert "RateLimitError (HTTP 429)" in j.rationale
    assert sleeps == [0.5, 1.0]  # doubling backoff between the 3 tries
    assert len(httpserver.log) == 3


def test_timeout_is_retried_then_a_judge_failure(httpserver: Any) -> None:
    def slow(request: Request) -> Response:
        time.sleep(0.6)
        return Response(json.dumps(completion(verdict())), content_type="application/json")

    httpserver.expect_request(PATH).respond_with_handler(slow)
    judge = OpenAIJudge(settings(httpserver, timeout_s=0.2, max_retries=1), sleep=Sleeps())
    j = judge.judge(claim(0))
    assert j.label is Label.NEI and j.extra["judge_failure"] is True
    assert "APITimeoutError" in j.rationale
    assert judge.usage().requests == 2


def test_server_error_then_success(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_data("boom", status=503)
    httpserver.expect_ordered_request(PATH).respond_with_json(completion(verdict()))
    assert (
        OpenAIJudge(settings(httpserver), sleep=Sleeps()).judge(claim(0)).label is Label.SUPPORTED
    )


def test_401_raises_missing_credentials_naming_the_variable(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json({"error": {"message": "bad key"}}, status=401)
    with pytest.raises(MissingCredentials, match="OPENAI_API_KEY"):
        OpenAIJudge(settings(httpserver)).judge(claim(0))
    assert len(httpserver.log) == 1  # not retried


def test_404_unknown_model_raises_judge_error(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json(
        {"error": {"message": "no model"}}, status=404
    )
    with pytest.raises(JudgeError, match="NotFoundError"):
        OpenAIJudge(settings(httpserver)).judge(claim(0))


def test_unreachable_server_raises_judge_error() -> None:
    s = LLMSettings(base_url="http://127.0.0.1:9/v1", model="m", max_retries=0, timeout_s=2)
    with pytest.raises(JudgeError, match="SCIGROUND_LLM_BASE_URL"):
        OpenAIJudge(s).judge(claim(0))


def test_missing_model_and_key_name_the_variables() -> None:
    with pytest.raises(MissingCredentials, match="SCIGROUND_LLM_MODEL"):
        OpenAIJudge(LLMSettings(base_url="http://localhost:1/v1"))
    with pytest.raises(MissingCredentials, match="OPENAI_API_KEY"):
        OpenAIJudge(LLMSettings(model="gpt-4o-mini"))


def test_every_openai_api_error_class_has_a_policy() -> None:
    classes = [
        getattr(openai, n)
        for n in dir(openai)
        if isinstance(getattr(openai, n), type) and issubclass(getattr(openai, n), openai.APIError)
    ]
    assert len(classes) >= 10
    missing = [c.__name__ for c in classes if c.__name__ not in ERROR_POLICY]
    assert not missing, f"add these openai errors to ERROR_POLICY: {missing}"
    assert error_policy(openai.RateLimitError.__new__(openai.RateLimitError)) == "retry"
    assert error_policy(ValueError()) == "fatal"


# ------------------------------------------------------------------ answer mode


def answer_reply(items: list[dict[str, Any]]) -> str:
    return json.dumps({"sentences": items})


def item(sid: str, label: str = "supported", **kw: Any) -> dict[str, Any]:
    d = {
        "id": sid,
        "label": label,
        "role": "Observation",
        "rationale": "r",
        "evidence": ["P1"] if label == "supported" else [],
    }
    d.update(kw)
    return d


def test_judge_answer_returns_judgements_and_graph(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(
            answer_reply(
                [
                    item("S1"),
                    item("S2", evidence=["P2"]),
                    item(
                        "S3",
                        "nei",
                        role="Interpretation",
                        depends_on=["S1", "S2"],
                        errors=[{"span": "citations help", "tags": ["N2"]}],
                    ),
                ]
            )
        )
    )
    ss = sentences()
    judgements, depends = OpenAIJudge(settings(httpserver)).judge_answer(
        "How?", ss, [PASSAGES, PASSAGES[1:], PASSAGES]
    )
    assert [j.label for j in judgements] == [Label.SUPPORTED, Label.SUPPORTED, Label.NEI]
    assert depends == [(), (), ("S1", "S2")]
    assert judgements[1].evidence == (PASSAGES[1],)
    user = bodies(httpserver)[0]["messages"][1]["content"]
    # passages are de-duplicated across sentences and numbered once
    assert user.count("[P1]") == 1 and "[P3]" not in user
    assert "S2: It reaches 80.0 average.  [passages: P2]" in user


def test_judge_answer_missing_sentence_is_retried_then_a_failure(httpserver: Any) -> None:
    partial = completion(answer_reply([item("S1"), item("S3", "nei", role="Interpretation")]))
    httpserver.expect_request(PATH).respond_with_json(partial)
    judge = OpenAIJudge(settings(httpserver, max_retries=1))
    judgements, depends = judge.judge_answer("How?", sentences(), [PASSAGES] * 3)
    assert judgements[0].label is Label.SUPPORTED and judgements[2].label is Label.NEI
    assert judgements[1].label is Label.NEI and judgements[1].extra["judge_failure"] is True
    assert "S2" in judgements[1].rationale and "missing" in judgements[1].rationale
    assert len(httpserver.log) == 2
    assert "missing" in bodies(httpserver)[1]["messages"][-1]["content"]
    assert judge.usage().failures == 1


def test_judge_answer_missing_sentence_fixed_on_retry(httpserver: Any) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(answer_reply([item("S1"), item("S3", "nei", role="Interpretation")]))
    )
    httpserver.expect_ordered_request(PATH).respond_with_json(
        completion(answer_reply([item("S1"), item("S2"), item("S3", "nei", role="Interpretation")]))
    )
    judgements, _ = OpenAIJudge(settings(httpserver)).judge_answer(
        "How?", sentences(), [PASSAGES] * 3
    )
    assert [j.label for j in judgements] == [Label.SUPPORTED, Label.SUPPORTED, Label.NEI]
    assert not any(j.extra.get("judge_failure") for j in judgements)


def test_parse_answer_reply_rejects_forward_dependencies() -> None:
    got, problems = parse_answer_reply(
        answer_reply([item("S1", depends_on=["S2"]), item("S2"), item("S3")]), sentences(), 2
    )
    assert set(got) == {1, 2} and "earlier sentences" in problems[0]


# ------------------------------------------------------------------ cache, concurrency, vision


def test_cache_answers_the_second_time_without_a_request(httpserver: Any, tmp_path: Path) -> None:
    httpserver.expect_request(PATH).respond_with_json(completion(verdict()))
    s = settings(httpserver, cache_path=str(tmp_path / "cache.sqlite"))
    assert OpenAIJudge(s).judge(claim(0)).label is Label.SUPPORTED
    again = OpenAIJudge(s)
    j = again.judge(claim(0))
    assert j.label is Label.SUPPORTED and j.extra["cached"] is True
    assert len(httpserver.log) == 1
    assert again.usage().cache_hits == 1 and again.usage().requests == 0


def test_invalid_replies_are_not_cached(httpserver: Any, tmp_path: Path) -> None:
    httpserver.expect_request(PATH).respond_with_json(completion("not json"))
    s = settings(httpserver, cache_path=str(tmp_path / "c.sqlite"), max_retries=0)
    OpenAIJudge(s).judge(claim(0))
    OpenAIJudge(s).judge(claim(0))
    assert len(httpserver.log) == 2


def echo_handler(request: Request) -> Response:
    """Answers each request about its own sentence: S2 is a contradiction, others supported."""
    user = json.loads(request.get_data())["messages"][1]["content"]
    sid = re.search(r"Sentence to check \((S\d+)\)", user).group(1)
    if sid == "S2":
        body = verdict(
            "contradiction", id=sid, errors=[{"span": "80.0", "tags": ["C1"], "correction": "79"}]
        )
    else:
        body = verdict("supported", id=sid)
    return Response(json.dumps(completion(body)), content_type="application/json")


def test_judge_many_keeps_input_order(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_handler(echo_handler)
    judge = OpenAIJudge(settings(httpserver, concurrency=3))
    out = judge.judge_many([claim(0), claim(1), claim(2), claim(1)])
    assert [j.label for j in out] == [
        Label.SUPPORTED,
        Label.CONTRADICTION,
        Label.SUPPORTED,
        Label.CONTRADICTION,
    ]
    assert judge.usage().requests == 4


class FakeDoc:
    pages = tuple(range(6))


def test_vision_sends_rendered_pages_for_figure_questions(httpserver: Any) -> None:
    httpserver.expect_request(PATH).respond_with_json(completion(verdict()))
    rendered: list[tuple[int, float]] = []

    def render(doc: Any, page: int, zoom: float) -> bytes:
        rendered.append((page, zoom))
        return b"\x89PNG fake " + bytes([page])

    judge = OpenAIJudge(
        settings(httpserver, vision=True, max_images=1, image_zoom=1.0), render_page=render
    )
    c = claim(0, question="What does Figure 2 show?")
    judge.judge(ClaimContext(c.sentence, c.question, c.previous, c.passages, FakeDoc()))
    assert rendered == [(2, 1.0)]
    parts = bodies(httpserver)[0]["messages"][1]["content"]
    assert parts[0]["type"] == "text" and "page images of pages 2" in parts[0]["text"]
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert judge.usage().images == 1
    # a question without a figure or table sends text only
    judge.judge(ClaimContext(c.sentence, "How is it trained?", c.previous, c.passages, FakeDoc()))
    assert isinstance(bodies(httpserver)[1]["messages"][1]["content"], str)


# ------------------------------------------------------------------ pure parts


def test_sentence_verdict_rules() -> None:
    SentenceVerdict.model_validate({"label": "Supported", "role": "observation"})
    assert SentenceVerdict.model_validate({"label": "not_a_claim", "role": "null"}).role is None
    for bad in (
        {"label": "nei"},  # role missing for a claim
        {"label": "nei", "role": "Observation", "id": "sentence 1"},
        {"label": "nei", "role": "Observation", "evidence_pages": [0]},
    ):
        with pytest.raises(ValidationError):
            SentenceVerdict.model_validate(bad)
    v = SentenceVerdict.model_validate(
        {
            "label": "nei",
            "role": "Observation",
            "errors": [{"span": "trained", "tags": ["N1"]}],
            "depends_on": ["S1"],
        }
    )
    assert verdict_problems(v, sentences()[0], 2) == [
        "S1: depends_on ['S1'] must name earlier sentences only"
    ]
    assert strip_fences("```\n{}\n```") == "{}"


# ------------------------------------------------------------------ end to end


def test_check_end_to_end_with_the_llm_judge(httpserver: Any, tmp_path: Path) -> None:
    from grounding.check import check
    from tests.grounding.pdf_fixtures import write_lines_pdf

    pdf = write_lines_pdf(
        tmp_path / "paper.pdf",
        [
            [(72, 100, "Introduction to the method.")],
            [
                (72, 100, "We train SPECTER on citation triplets."),
                (72, 130, "SPECTER reaches 79.4 average on SciDocs."),
            ],
        ],
    )

    def handler(request: Request) -> Response:
        user = json.loads(request.get_data())["messages"][1]["content"]
        sid = re.search(r"Sentence to check \((S\d+)\)", user).group(1)
        has_p1 = "[P1]" in user
        if sid == "S2":
            body = verdict(
                "contradiction",
                id=sid,
                evidence=["P1"] if has_p1 else [],
                errors=[{"span": "80.0", "tags": ["C1"], "correction": "79.4"}],
            )
        elif sid == "S3":
            body = verdict("nei", id=sid, role="Interpretation", depends_on=["S2"])
        else:
            body = verdict("supported", id=sid, evidence=["P1"] if has_p1 else [])
        return Response(json.dumps(completion(body)), content_type="application/json")

    httpserver.expect_request(PATH).respond_with_handler(handler)
    judge = OpenAIJudge(settings(httpserver))
    report = check("How is SPECTER trained?", ANSWER, pdf, judge=judge)
    assert report.judge == "llm"
    anns = report.annotations
    assert report.sentences[2].judgement.label is Label.NEI  # the model's own verdict
    # "This shows ..." rests on S2, which is contradicted: propagation gives C4
    assert [a.label for a in anns] == [Label.SUPPORTED, Label.CONTRADICTION, Label.CONTRADICTION]
    assert anns[2].depends_on == ("S2",) and ErrorTag.C4 in anns[2].error_tags
    assert anns[0].boxes and anns[0].boxes[0].page_id == 2
    assert anns[1].errors[0].correction == "79.4"
    assert judge.usage().requests == 3


def test_default_page_renderer_gives_the_page_as_png(tmp_path: Path) -> None:
    from grounding.pdf import read_pdf
    from grounding.render import render_page_png
    from tests.grounding.pdf_fixtures import write_lines_pdf

    pdf = write_lines_pdf(tmp_path / "p.pdf", [[(72, 100, "Table 1: accuracy 81.2")]])
    doc = read_pdf(pdf)
    png = render_page_png(doc, 1, zoom=1.0)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = doc.page(1).image_size(1.0)
    assert int.from_bytes(png[16:20], "big") == w and int.from_bytes(png[20:24], "big") == h


# ------------------------------------------------------------------ properties
_LABELS = st.sampled_from(
    [
        "supported",
        "contradiction",
        "nei",
        "not_a_claim",
        "SUPPORTED",
        "true",
        "refuted",
        "",
        "entailment",
    ]
)
_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=12) | _LABELS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "label",
                    "role",
                    "errors",
                    "evidence",
                    "depends_on",
                    "span",
                    "tags",
                    "rationale",
                    "x",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)


@hsettings(max_examples=300, deadline=None)
@given(
    reply=st.one_of(
        st.text(max_size=80),
        _JSONISH.map(json.dumps),
        st.fixed_dictionaries(
            {"label": _LABELS},
            optional={
                "role": st.sampled_from(["Observation", None, "x"]),
                "evidence": st.lists(st.sampled_from(["P1", "P2", "P7"]), max_size=2),
                "errors": st.lists(
                    st.fixed_dictionaries(
                        {
                            "span": st.sampled_from(["80.0", "zzz", ""]),
                            "tags": st.lists(st.sampled_from(["C1", "N2", "C4"]), max_size=2),
                        }
                    ),
                    max_size=2,
                ),
            },
        ).map(json.dumps),
    )
)
def test_no_reply_becomes_supported_unless_it_says_supported(reply: str) -> None:
    from grounding.judges.openai_judge import InvalidOutput, parse_sentence_reply

    s = sentences()[1]
    try:
        v = parse_sentence_reply(reply, s, n_passages=2)
    except InvalidOutput:
        return
    data = json.loads(strip_fences(reply))
    assert v.label.value == str(data["label"]).strip().lower()
    if v.label is Label.SUPPORTED:
        assert not v.errors and all(e in ("P1", "P2") for e in v.evidence)
    for e in v.errors:
        assert e.span in s.text and e.span
