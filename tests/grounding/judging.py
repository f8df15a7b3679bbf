"""Running a judge the way bench/judge_dev.py does: over a dev row's gold sentence splits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grounding.judges.base import ClaimContext
from grounding.types import Judgement, Sentence


def judge_gold_splits(
    judge: Any, row: dict[str, Any]
) -> Iterator[tuple[int, dict[str, Any], Judgement]]:
    """(index, gold annotation, judgement) for each gold sentence of a dev row (JSON dict),
    in order, each judged with the earlier sentences as its context."""
    previous: list[Sentence] = []
    for i, ann in enumerate(row["annotations"]):
        s = Sentence(i, 0, len(ann["sentence"]), ann["sentence"])
        yield i, ann, judge.judge(ClaimContext(s, row["question_text"], tuple(previous), ()))
        previous.append(s)
