"""Memos kept for the length of one check: ``per_check`` memoises a pure function of a
text and registers it; ``forget_check_memos`` empties every registered memo.

``grounding.check.check`` empties them as a check starts and as it ends, so that a check
takes the same time whatever was checked before it (a benchmark that repeats the same
answers is not flattered by the sentences it already read) and no text outlives its check.
Memos of single words (the stemmer, font names, compiled name patterns) are not registered:
they hold vocabulary, not the texts of a check. Pure code, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import TypeVar

_T = TypeVar("_T")
_MEMOS: list[_lru_cache_wrapper[object]] = []


def per_check(maxsize: int) -> Callable[[Callable[..., _T]], _lru_cache_wrapper[_T]]:
    """Decorator: ``functools.lru_cache(maxsize)`` of the function (its arguments must be
    hashable), emptied by :func:`forget_check_memos`."""

    def wrap(fn: Callable[..., _T]) -> _lru_cache_wrapper[_T]:
        memo = lru_cache(maxsize=maxsize)(fn)
        _MEMOS.append(memo)
        return memo

    return wrap


def forget_check_memos() -> None:
    """Empty every memo made by :func:`per_check`."""
    for memo in _MEMOS:
        memo.cache_clear()


__all__ = ["forget_check_memos", "per_check"]
