"""A scripted OpenAI-compatible chat server on loopback, for benchmarks and dry runs.

It answers every ``POST .../chat/completions`` at once (zero model latency) with a valid
judgement in the format of ``grounding.judges.prompts``: per sentence or per answer, read
from the request's user message. Each claim is "supported" by its first passage when the
request lists one, else "nei"; a sentence ending in ":" is "not_a_claim". It is a stand-in
for a model, not a judge: its labels say nothing about the answers.

Usage::

    with ScriptedServer() as server:          # picks a free port
        os.environ["SCIGROUND_LLM_BASE_URL"] = server.base_url
        ...
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_SENTENCE_RE = re.compile(r"^Sentence to check \((S\d+)\): (.*)$", re.MULTILINE)
_ANSWER_LINE_RE = re.compile(r"^(S\d+): (.*)  \[passages: ([^\]]*)\]$", re.MULTILINE)


def _one(sid: str, text: str, has_passage: bool) -> dict[str, Any]:
    if text.rstrip().endswith(":"):
        return {"id": sid, "label": "not_a_claim", "role": None, "rationale": "heading"}
    if has_passage:
        return {
            "id": sid,
            "label": "supported",
            "role": "Observation",
            "rationale": "scripted: first passage",
            "evidence": ["P1"],
        }
    return {"id": sid, "label": "nei", "role": "Observation", "rationale": "scripted: no passage"}


def scripted_reply(request: dict[str, Any]) -> str:
    """The reply content (a JSON string) for one chat-completions request body."""
    content = request["messages"][1]["content"]
    if isinstance(content, list):  # vision request: text part first
        content = content[0]["text"]
    m = _SENTENCE_RE.search(content)
    if m:
        return json.dumps(_one(m.group(1), m.group(2), "[P1]" in content))
    items = []
    for sid, text, ids in _ANSWER_LINE_RE.findall(content):
        item = _one(sid, text, ids.strip() != "none")
        if item.get("evidence"):
            item["evidence"] = [ids.split(",")[0].strip()]
        items.append(item)
    return json.dumps({"sentences": items})


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        length = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(length) or b"{}")
        self.server.requests += 1  # type: ignore[attr-defined]
        reply = {
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "scripted"),
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": scripted_reply(body)},
                }
            ],
            "usage": {
                "prompt_tokens": len(json.dumps(body)) // 4,
                "completion_tokens": 40,
                "total_tokens": len(json.dumps(body)) // 4 + 40,
            },
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


class ScriptedServer:
    """The server in a background thread; ``base_url`` ends in ``/v1``."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self.httpd = ThreadingHTTPServer((host, port), _Handler)
        self.httpd.requests = 0  # type: ignore[attr-defined]
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def requests(self) -> int:
        return int(self.httpd.requests)  # type: ignore[attr-defined]

    def __enter__(self) -> ScriptedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
