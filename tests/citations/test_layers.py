"""citations' layers: matching reads text, data and the model, never the reader; text
reads neither the reader nor the matcher."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

READER = ("citations.parse", "citations.crf", "citations.llm_parser")


def _deps(prefix: str) -> set[str]:
    graph = import_graph()
    return {b for a, b in graph.edges if a.startswith(prefix) and not b.startswith(prefix)}


def test_matching_depends_on_text_data_and_model_only() -> None:
    allowed = ("citations.text", "citations.data", "citations.model")
    assert {d for d in _deps("citations.matching") if not d.startswith(allowed)} == set()


def test_text_depends_on_neither_reader_nor_matcher() -> None:
    deps = _deps("citations.text")
    assert not {d for d in deps if d.startswith((*READER, "citations.matching"))}
