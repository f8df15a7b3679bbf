"""List marker: "[3]" for a reference that starts "[3]", "3." or "(3)" (read before
labelling), else the number the labeller labelled citation-number ("12 Gurney, M. E.")."""

from __future__ import annotations

import re

from citations.reading.fields import Reading

_NUMBER = re.compile(r"\W*(\d{1,4})\W*")
_LEADING = re.compile(r"\s*[\[(]?(\d{1,4})[\])]?\.?\s+(?=[^\W\d_])")


def normalise(r: Reading, fields: dict[str, object]) -> dict[str, object]:
    """``marker``."""
    if r.prepared.marker is not None:
        return {"marker": r.prepared.marker}
    m = _NUMBER.fullmatch(r.lab.span("citation-number")) or _LEADING.match(r.lab.span("author"))
    return {"marker": f"[{m.group(1)}]" if m else None}
