"""Values a paper gives in brackets after each of several names (:func:`check_bracket_values`):
"Together with mCerulean3 (pK1/2 = 3.2) [14] and mTurquoise2 (pK1/2 = 3.1) [15]" binds 3.2 to
mCerulean3 and 3.1 to mTurquoise2. A sentence that gives one name the other's value ("mTurquoise2
has a pK1/2 of 3.2") writes a value the paper writes, in the passage that names both.

A value of the sentence is a conflict (C1) when the paper sentence holding it gives it in a
bracket right after another name, the sentence's statement of the value names none of the
paper's names for it, and the paper sentence gives a name the sentence's statement names a
value of the same kind and unit in its own bracket: that value is the correction. Pure over
the sentence's number checks and the index's pages; no I/O.
"""

from __future__ import annotations

import re

from grounding.evidence import EvidenceIndex
from grounding.judges.name_binding import key, names, own_part, stated_values
from grounding.judges.number_common import Findings, NumberCheck, NumberStatus
from grounding.judges.number_lists import claim_list_words
from grounding.lexicon import fold
from grounding.quantities import Quantity, extract_quantities, same_value

#: a name right before an opening bracket: "mCerulean3 (", "LLaMA-2 ("
_OWNER = re.compile(r"([^\W_][\w./+-]*)\s*\($")


def bracket_owner(sentence: str, at: int) -> str | None:
    """The name right before the bracket of ``sentence`` that holds offset ``at`` (the
    bracket opens before it and closes after it, with no bracket inside); None when ``at``
    is in no bracket or none follows a name (:func:`name_binding.names`)."""
    open_ = sentence.rfind("(", 0, at)
    close = sentence.find(")", at)
    if open_ < 0 or close < 0 or ")" in sentence[open_:at] or "(" in sentence[at:close]:
        return None
    m = _OWNER.search(sentence, 0, open_ + 1)
    if m is None or m.group(1) not in names(m.group(1)):
        return None
    return m.group(1)


def check_bracket_values(text: str, index: EvidenceIndex, found: Findings) -> None:
    """Mark each value of ``text`` that the paper gives in another name's bracket a
    conflict (module docstring). Changes ``found``."""
    s = fold(text)
    # a list of values given to a list of names ("A and B have 3.2 and 3.1, respectively"):
    # each value's name is its own in the list, not its clause's
    listed = claim_list_words(s, [c.quantity for c in found.numbers])
    for c in found.numbers:
        if c.status != NumberStatus.FOUND or c.hit is None or c.hit.entry.kind == "row":
            continue
        if c.quantity.kind not in ("number", "percent"):
            continue
        if c.quantity.start in listed:
            mine = {key(w) for w in listed[c.quantity.start]}
        else:
            mine = {key(n) for n in names(own_part(s, c.quantity.start))}
        fix = _other_bracket(index, c, mine) if mine else None
        if fix is not None:
            c.status, c.correction = NumberStatus.CONFLICT, fix
            c.why = f"the paper gives {c.quantity.text} to another name"


def _other_bracket(index: EvidenceIndex, c: NumberCheck, mine: set[str]) -> Quantity | None:
    """The value the paper sentence holding ``c``'s value gives, in its own bracket, to a
    name of ``mine`` (keys), when it gives ``c``'s value to another name; else None."""
    assert c.hit is not None
    fixes: list[Quantity] = []
    for e, sentence, lo in stated_values(index, c.hit.entry, c.quantity):
        owner = bracket_owner(sentence, e.start - lo)
        if owner is None or key(owner) in mine:
            return None  # the value unbound, or bound to the sentence's own name
        flat = fold(sentence)
        if len(flat) != len(sentence):
            return None
        for x in extract_quantities(flat):
            if x.kind != c.quantity.kind or x.unit != c.quantity.unit:
                continue
            theirs = bracket_owner(flat, x.start)
            if theirs is not None and key(theirs) in mine and not same_value(c.quantity, x):
                fixes.append(x)
    return fixes[0] if len({round(x.value, 9) for x in fixes}) == 1 else None


__all__ = ["bracket_owner", "check_bracket_values"]
