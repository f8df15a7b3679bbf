"""Snapshot of every prompt text: a change without a new PROMPT_VERSION fails here.

To change a prompt: edit grounding/judges/prompts.py, bump PROMPT_VERSION, then write the
new snapshot with ``PYTHONPATH=. python tests/grounding/test_prompts.py --write`` and review its diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grounding.judges import prompts

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"

QUESTION = "How is SPECTER trained, and how well does it do?"
SENTENCES = [
    ("S1", "SPECTER is trained on citation triplets."),
    ("S2", "It reaches 80.0 average on SciDocs."),
    ("S3", "This shows citations help."),
]
PASSAGES = [(2, "We train SPECTER on\ncitation triplets."), (5, "SPECTER reaches 80.0 " * 80)]


def current() -> dict[str, str]:
    """Every constant of the prompts module and two rendered prompts."""
    return {
        "PROMPT_VERSION": prompts.PROMPT_VERSION,
        "SENTENCE_SYSTEM": prompts.SENTENCE_SYSTEM,
        "ANSWER_SYSTEM": prompts.ANSWER_SYSTEM,
        "RETRY_MESSAGE": prompts.RETRY_MESSAGE,
        "IMAGE_NOTE": prompts.IMAGE_NOTE,
        "MAX_PASSAGE_CHARS": str(prompts.MAX_PASSAGE_CHARS),
        "rendered_sentence": prompts.render_sentence_prompt(
            QUESTION, SENTENCES[:1], SENTENCES[1], PASSAGES
        ),
        "rendered_answer": prompts.render_answer_prompt(
            QUESTION, SENTENCES, PASSAGES, [[0], [1], []]
        ),
    }


def snapshot_path() -> Path:
    return SNAPSHOTS / f"prompts-{prompts.PROMPT_VERSION}.json"


def test_prompts_match_the_snapshot_of_their_version() -> None:
    path = snapshot_path()
    assert path.is_file(), (
        f"no snapshot for PROMPT_VERSION {prompts.PROMPT_VERSION!r}: "
        "run PYTHONPATH=. python tests/grounding/test_prompts.py --write"
    )
    saved = json.loads(path.read_text(encoding="utf-8"))
    now = current()
    changed = [k for k in now if saved.get(k) != now[k]]
    assert not changed, (
        f"prompt texts {changed} changed but PROMPT_VERSION is still "
        f"{prompts.PROMPT_VERSION!r}: bump it and write a new snapshot"
    )


def test_every_version_has_its_own_snapshot() -> None:
    versions = [
        json.loads(p.read_text(encoding="utf-8"))["PROMPT_VERSION"]
        for p in sorted(SNAPSHOTS.glob("prompts-*.json"))
    ]
    assert prompts.PROMPT_VERSION in versions
    assert len(versions) == len(set(versions))


def test_rendered_prompts_show_ids_pages_and_cut_long_passages() -> None:
    text = current()["rendered_sentence"]
    assert "S1: SPECTER is trained on citation triplets." in text
    assert "[P1] (page 2) We train SPECTER on citation triplets." in text  # newline folded
    p2 = next(line for line in text.splitlines() if line.startswith("[P2]"))
    assert p2.endswith("...") and len(p2) <= prompts.MAX_PASSAGE_CHARS + len("[P2] (page 5) ")
    assert text.endswith("Sentence to check (S2): It reaches 80.0 average on SciDocs.")
    answer = current()["rendered_answer"]
    assert "S3: This shows citations help.  [passages: none]" in answer
    empty = prompts.render_sentence_prompt("", [], ("S1", "x"), [])
    assert "Question: (none)" in empty and "(none found)" in empty


def test_every_label_role_and_span_tag_is_defined_in_the_prompt() -> None:
    from annotations.schema import SPAN_TAGS, Label, Role

    for system in (prompts.SENTENCE_SYSTEM, prompts.ANSWER_SYSTEM):
        for lab in Label:
            assert lab.value in system
        for role in Role:
            assert role.value in system
        for tag in SPAN_TAGS:
            assert tag.value in system


if __name__ == "__main__" and "--write" in sys.argv:
    SNAPSHOTS.mkdir(exist_ok=True)
    snapshot_path().write_text(
        json.dumps(current(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"wrote {snapshot_path()}")
