from __future__ import annotations

from annotations.report import render_markdown, render_text
from annotations.score import score
from tests.annotations.rows import relabel, row, sent


def _metrics(mode: str = "holistic"):  # type: ignore[no-untyped-def]
    g = row(
        "p__q1",
        [
            sent("A is 1.", "supported"),
            sent("B is 2.", "contradiction"),
            sent("So C.", "nei", role="Interpretation", deps=("S2",)),
            sent("Hi.", "not_a_claim"),
        ],
    )
    return score(
        [g, row("p__q2", [sent("Z.", "nei")])], [relabel(g, ["supported"] * 4)], mode, resamples=50
    )  # type: ignore[arg-type]


def test_text_table_shows_numbers_counts_and_undefined() -> None:
    m = _metrics()
    out = render_text(m)
    assert "1 without prediction" in out and "(no prediction for p__q2)" in out
    assert f"{m.labels.accuracy:.3f}" in out
    assert "depends_on edge F1" in out
    line = next(x for x in out.splitlines() if x.startswith("evidence box IoU"))
    assert line.split()[3] == "-"  # no gold boxes: undefined, not 0
    conf_part = out.split("Confusion")[1]
    conf = next(x for x in conf_part.splitlines() if x.startswith("nei "))
    assert conf.split()[1:] == ["1", "0", "0", "0", "1"]


def test_markdown_tables_and_oracle_mode_has_no_edges() -> None:
    md = render_markdown(_metrics("oracle_graph"))
    assert md.startswith("## Scores")
    assert "### Confusion (rows gold, columns predicted)" in md
    assert "| gold \\\\ pred | supported |" in md or "| gold \\ pred | supported |" in md
    assert "edge" not in md and "depends_on" not in md
    assert "depends_on edge" in render_markdown(_metrics())
    for block in md.split("\n\n"):
        lines = [x for x in block.splitlines() if x.startswith("|")]
        if lines:
            assert len({x.replace("\\|", "").count("|") for x in lines}) == 1, block


def test_summary_names_rows_without_gold_and_predictions_that_match_nothing() -> None:
    answer = "A is 1. B is 2."
    g = row(
        "p__q1", [sent("A is 1.", "supported"), sent("B is 2.", "contradiction")], answer=answer
    )
    p = row(
        "p__q1",
        [
            sent("a is 1.", "supported"),
            sent("B is 2.", "contradiction", errors=(("B is 3", ("C1",)),)),
        ],
        answer=answer,
    )
    out = render_text(score([g], [p, row("P__Q1", [sent("A is 1.")])], resamples=0))
    first = out.splitlines()[0]
    assert "(no gold for P__Q1)" in first
    assert "1 predicted sentences are not in the gold answer_raw" in first
    assert "1 predicted error spans are not in their sentence" in first
    clean = render_text(score([g], [g], resamples=0)).splitlines()[0]
    assert "no gold for" not in clean and "match nothing" not in clean
