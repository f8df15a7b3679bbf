"""A score written as a sum of two small whole numbers is one value, not two: a Gleason
grade "4+3" (primary + secondary pattern), "3 + 4" is another grade. Read as two numbers,
"Gleason 3+3" finds each 3 in the paper's "4 + 3" and passes. A sentence's sum form is
found only where the paper writes the same form; where the paper writes other forms in a
passage about the same thing and not this one, the form is contradicted (C1; the paper's
form as the correction when exactly one of them differs from it in one number).

Pure over the sentence's retrieved passages and its number checks; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import Hit
from grounding.judges.number_common import Findings, NumberStatus
from grounding.lexicon import content_terms, fold, is_numeric

#: "4+3", "3 + 4": two whole numbers of one or two digits joined by a plus sign (not a
#: sign of a number, a charge "Ca2+", a decimal or a percentage)
SUM_FORM = re.compile(r"(?<![\w.+])(\d{1,2})\s?\+\s?(\d{1,2})(?![\w.%+])")


def _forms(text: str) -> list[tuple[int, int, int, int]]:
    """(first, second, start, end) of each sum form of ``text``."""
    return [(int(m.group(1)), int(m.group(2)), m.start(), m.end()) for m in SUM_FORM.finditer(text)]


def _subject(text: str, start: int) -> set[str]:
    """The content terms of the three words before a form ("Gleason grade >= 4 + 3")."""
    words = re.findall(r"[A-Za-z]{3,}", text[max(0, start - 40) : start])[-3:]
    return {t for t in content_terms(" ".join(words)) if not is_numeric(t)}


def check_sum_forms(text: str, hits: list[Hit], found: Findings, k: int = 5) -> None:
    """Each sum form of the sentence ``text`` against the sum forms of the passages
    ``hits[:k]`` whose words before the form share a term with the sentence's: the same
    form leaves its numbers as they are; only other forms make the form's first number a
    conflict (C1), corrected by the paper's number where exactly one paper form differs in
    one number (the other number's check is left as it is), refuted without a correction
    otherwise. Changes ``found``."""
    s = fold(text)
    for a, b, start, end in _forms(s):
        subject = _subject(s, start)
        if not subject:
            continue
        paper: list[tuple[int, int, Hit, int]] = []
        for h in hits[:k]:
            for x, y, at, _ in _forms(h.entry.text):
                if subject & _subject(h.entry.text, at):
                    paper.append((x, y, h, at))
        if not paper or any((x, y) == (a, b) for x, y, _, _ in paper):
            continue
        checks = [c for c in found.numbers if start <= c.quantity.start < end]
        if len(checks) != 2:
            continue
        near = [(x, y, h, at) for x, y, h, at in paper if (x == a) != (y == b)]
        first, second = sorted(checks, key=lambda c: c.quantity.start)
        if len({(x, y) for x, y, _, _ in near}) == 1:
            x, y, h, at = near[0]
            wrong, value = (first, x) if x != a else (second, y)
            fix = next((q for q in h.entry.quantities if q.value == value), None)
            if fix is not None:
                wrong.status, wrong.hit, wrong.correction = NumberStatus.CONFLICT, h, fix
                wrong.why = ""
                continue
        first.status, first.hit, first.correction = NumberStatus.REFUTED, paper[0][2], None
        first.why = f"the sentence's {a}+{b} is not among the paper's " + ", ".join(
            sorted({f"{x} + {y}" for x, y, _, _ in paper})
        )
