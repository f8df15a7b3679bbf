"""How names of one family relate: a part, a short form, a longer name, a sibling.

Papers name variants of one thing by extending a name ("DeepSeek-R1",
"DeepSeek-R1-Distill-Qwen-32B"; "BERT", "BERT-Large") and sentences shorten them ("R1-Zero"
for "DeepSeek-R1-Zero"). Siblings are names of one family: two names that share a
hyphen-separated part of two or more characters that is not a number or a size
("ECFP-T65S" / "Cerulean-T65S", "BERT-Base" / "BERT-Large", "DeepSeek-R1-Distill-Qwen-32B"
/ "DeepSeek-R1-Distill-Llama-8B"; not "QwQ-32B-Preview" / "Qwen-32B"), neither a part or a
short form of the other ("ECFP" and "T65S" name parts of "ECFP-T65S": a sentence may name
it by them). Read by the table checks (``number_tables``) and the sibling-name checker
(``sibling_names``). Pure functions of strings.
"""

from __future__ import annotations

import re

from grounding.judges.name_binding import key

#: a hyphenated name ("DeepSeek-R1-Zero", "Qwen-32B")
_HYPHENATED = re.compile(r"[\w.@/+]+(?:-[\w.@/+]+)+")


def parts(name: str) -> set[str]:
    """The hyphen- or slash-separated parts of a name that can tie it to a sibling: two or
    more characters, not a number ("DeepSeek-R1-Distill-Qwen-32B" -> deepseek, r1,
    distill, qwen, 32b)."""
    return {
        p.lower()
        for p in re.split(r"[-/_]", name)
        if len(p) >= 2 and not re.fullmatch(r"[\d.]+[a-zA-Z]?", p)
    }


def siblings(a: str, b: str) -> bool:
    """True if names ``a`` and ``b`` are two of one family (module docstring)."""
    pa, pb = parts(a), parts(b)
    if key(a) == key(b) or key(a) in pa | pb or key(b) in pa | pb:
        return False  # the same name, or one names a part of the other
    if pa <= pb or pb <= pa:
        return False  # a short form of the other ("R1-Zero" for "DeepSeek-R1-Zero")
    return bool(pa & pb)


def short_form_in(text: str, label: str) -> bool:
    """True if ``text`` writes a hyphenated name of ``label`` by its last parts: "R1-Zero"
    for "DeepSeek-R1-Zero", "Qwen-32B" for "DeepSeek-R1-Distill-Qwen-32B"."""
    tails = {t.lower() for t in _HYPHENATED.findall(label)}
    return any(
        tail.endswith("-" + m.group(0).lower())
        for m in _HYPHENATED.finditer(text)
        for tail in tails
    )


def longer_name(name: str, label: str) -> bool:
    """True if ``label`` writes ``name`` only as the start of a longer hyphenated name:
    "DeepSeek-R1-Distill-Qwen-1.5B" for "DeepSeek-R1", "BERT-Large" for "BERT" -- another
    model or variant, not the one the sentence names."""
    low = name.lower()
    tokens = [t.lower() for t in re.findall(r"[\w.@/+-]+", label)]
    if any(t.strip(".-") == low for t in tokens):
        return False
    return any(t.startswith(low + "-") for t in tokens)


__all__ = ["longer_name", "parts", "short_form_in", "siblings"]
