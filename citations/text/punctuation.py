"""The punctuation that separates a reference's fields."""

from __future__ import annotations

import re

__all__ = ["has_field_punctuation"]

_FIELD_PUNCT = re.compile(r"[.,;:()\"“”]")


def has_field_punctuation(text: str) -> bool:
    """Does ``text`` hold any of the punctuation that separates a reference's fields (. , ;
    : brackets, double quotes)? Strings without it are typed sloppily ("shen l zhao h ...")."""
    return bool(_FIELD_PUNCT.search(text))
