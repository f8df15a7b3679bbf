"""Abbreviations a paper defines ("reinforcement learning (RL)"), so that a sentence's "RL"
is found in a passage that writes "reinforcement learning", and the reverse (pure, no I/O).

The pairs are found with the algorithm of A. S. Schwartz and M. A. Hearst, "A simple
algorithm for identifying abbreviation definitions in biomedical text", Pacific Symposium
on Biocomputing 2003: a short form in brackets after its long form, whose characters the
long form holds in order, its first one at the start of a word, within min(|SF| + 5,
2|SF|) words before the bracket.

Usage::

    aliases = Aliases.of(page_texts)
    aliases.expand(frozenset({"reinforc", "learn"}))     # ... | {"rl"}
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from grounding.lexicon import content_term, content_terms, is_numeric

_SHORT = re.compile(r"\(\s*([A-Za-z0-9][\w./-]{1,9})\s*[);,]")
_WORDS_BEFORE = re.compile(r"[^\s()\[\]]+")


def backward_match(short: str, candidate: str) -> str | None:
    """The end of ``candidate`` whose characters hold those of ``short`` in order, by
    Schwartz & Hearst's backward character match (case-insensitive; each letter or digit of
    ``short`` from the last, the first one at a word start); None when they are not found.
    The caller chooses the words of ``candidate`` and whether the match is long enough."""
    s, lf = short.lower(), candidate.lower()
    si, li = len(s) - 1, len(lf) - 1
    while si >= 0:
        c = s[si]
        if not c.isalnum():
            si -= 1
            continue
        while li >= 0 and (lf[li] != c or (si == 0 and li > 0 and lf[li - 1].isalnum())):
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start = lf.rfind(" ", 0, li + 1) + 1
    return candidate[start:]


def best_long_form(short: str, before: str) -> str | None:
    """The long form of ``short`` at the end of ``before`` (the text up to the bracket),
    by Schwartz & Hearst's backward character match (:func:`backward_match`); None when
    the characters of ``short`` are not found in order with its first at a word start, or
    when the long form is no longer than the short form.

    >>> best_long_form("RL", "trained with reinforcement learning")
    'reinforcement learning'
    """
    words = _WORDS_BEFORE.findall(before)
    n = min(len(short) + 5, 2 * len(short))
    out = backward_match(short, " ".join(words[-n:]))
    if out is None:
        return None
    return (
        out if len(out) > len(short) and " " in out.strip() or len(out) > len(short) + 2 else None
    )


@dataclass(frozen=True, slots=True)
class Aliases:
    """The abbreviations a document defines, as content terms: ``pairs`` holds (the short
    form's term, the long form's terms), e.g. ("rl", ("reinforc", "learn"))."""

    pairs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: (the short form as written, the long form's terms), also for a short form that is
    #: a stop word in lower case ("OR" for "odds ratio", "IT"), which ``pairs`` leaves out
    written: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, texts: Iterable[str]) -> Aliases:
        """Read the definitions in ``texts`` (page texts); a short form defined twice keeps
        every long form."""
        found: dict[tuple[str, tuple[str, ...]], None] = {}
        written: dict[tuple[str, tuple[str, ...]], None] = {}
        for text in texts:
            flat = text.replace("\n", " ")
            for m in _SHORT.finditer(flat):
                short = m.group(1).rstrip(".")
                if sum(ch.isupper() for ch in short) < 2:
                    continue  # "(a)", "(see)", "(Qwen": no abbreviation
                long = best_long_form(short, flat[max(0, m.start() - 200) : m.start()])
                if long is None:
                    continue
                sf = content_term(short)
                lf = tuple(t for t in content_terms(long) if not is_numeric(t))
                # table cells ("HPGPONM match ATP5SL Yes") are no definitions
                if not lf or any(
                    t.startswith(sf or short.lower()) or any(ch.isdigit() for ch in t) for t in lf
                ):
                    continue
                written[(short, lf)] = None
                if sf is not None:
                    found[(sf, lf)] = None
        return cls(tuple(found), tuple(written))

    def expand(self, terms: frozenset[str]) -> frozenset[str]:
        """``terms`` plus each short form whose long form's terms it holds, and each long
        form's terms whose short form it holds."""
        extra: set[str] = set()
        # only the pairs whose short form, or the first term of whose long form, ``terms``
        # holds can add anything (a paper defines dozens; a passage touches few)
        keyed = self._keyed()
        picked = {k for t in terms.intersection(keyed) for k in keyed[t]}
        picked.update(keyed.get("", ()))
        for k in sorted(picked):
            sf, lf = self.pairs[k]
            if sf in terms:
                extra.update(lf)
            elif all(t in terms for t in lf):
                extra.add(sf)
        return terms | extra if extra - terms else terms

    def _keyed(self) -> dict[str, tuple[int, ...]]:
        """Indexes into ``pairs`` by their short form and by their long form's first term
        ("" for a pair without long-form terms), made once."""
        held = _KEYED.get(id(self.pairs))
        if held is not None and held[0] is self.pairs:
            return held[1]
        lists: dict[str, list[int]] = {}
        for k, (sf, lf) in enumerate(self.pairs):
            for key in {sf, lf[0] if lf else ""}:
                lists.setdefault(key, []).append(k)
        if len(_KEYED) >= 64:
            _KEYED.clear()
        keyed = {t: tuple(ks) for t, ks in lists.items()}
        _KEYED[id(self.pairs)] = (self.pairs, keyed)
        return keyed


#: id(Aliases.pairs) -> (those pairs, Aliases._keyed() of them): the class is frozen and
#: slotted, with no field of its own for it; the pairs are kept, so an id is not reused
#: while its entry lives; a few papers' worth, cleared when full
_KEYED: dict[int, tuple[tuple[tuple[str, tuple[str, ...]], ...], dict[str, tuple[int, ...]]]] = {}


__all__ = ["Aliases", "backward_match", "best_long_form"]
