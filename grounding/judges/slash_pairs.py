"""Two values written as one pair "a/b" exchanged (:func:`check_slash_pairs`): "0.288/0.259
for Moraea" where the paper's passage that holds both writes "Moraea 0.259/0.288". A pair
written with a slash gives its values in a fixed order (two conditions, "Cape/non-Cape";
two model sizes, "9/14 days"), so the paper's pair written the other way round, and
nowhere in the sentence's order, makes both values conflicts (C1), each corrected by the
other. Pure over the sentence's number checks and their passages; no I/O.
"""

from __future__ import annotations

import re

from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.lexicon import fold

#: what joins the two values of a slash pair ("0.500/0.556", "45.1 / 52.3%")
_SLASH = re.compile(r"\s*%?\s*/\s*")
#: the digits of a value as written ("0.288" of "0.288", "52.3" of "52.3%")
_DIGITS = re.compile(r"[-−]?\d[\d.,]*")


def _written(c: NumberCheck) -> str | None:
    m = _DIGITS.match(c.quantity.text)
    return m.group(0).rstrip(".,") if m else None


def _pair_in(text: str, a: str, b: str) -> bool:
    """True if ``text`` writes the pair "a/b" (either value not part of a longer number)."""
    return (
        re.search(rf"(?<![\d.]){re.escape(a)}\s*%?\s*/\s*{re.escape(b)}(?![\d])", text) is not None
    )


def check_slash_pairs(text: str, found: Findings) -> None:
    """Mark both values of each slash pair "a/b" of the sentence ``text`` conflicts (C1,
    each the other's correction) when both were found in one passage that writes "b/a"
    and not "a/b". Fractions and part counts ("9/14 patients") are no pairs. Changes
    ``found``."""
    s = fold(text)
    nums = sorted(found.numbers, key=lambda c: c.quantity.start)
    for x, y in zip(nums, nums[1:]):
        if not _SLASH.fullmatch(s[x.quantity.end : y.quantity.start]):
            continue
        if any(c.quantity.kind == "fraction" or c.quantity.denominator for c in (x, y)):
            continue
        if not (
            x.status == y.status == NumberStatus.FOUND
            and x.hit is not None
            and y.hit is not None
            and x.hit.entry is y.hit.entry
        ):
            continue
        a, b = _written(x), _written(y)
        if a is None or b is None or a == b:
            continue
        passage = fold(x.hit.entry.text)
        if _pair_in(passage, b, a) and not _pair_in(passage, a, b):
            x.status, x.correction = NumberStatus.CONFLICT, y.quantity
            y.status, y.correction = NumberStatus.CONFLICT, x.quantity
            x.why = y.why = f"the paper's pair gives {b}/{a}"


__all__ = ["check_slash_pairs"]
