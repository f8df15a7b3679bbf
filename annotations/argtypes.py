"""argparse types shared by every command (score, eval, refs verify, ...): whole numbers
with a lower bound, refused by argparse with one line (exit 2) before any work starts.
Light on purpose: the commands import it when they register their options."""

from __future__ import annotations

import argparse

__all__ = ["non_negative_int", "positive_int"]


def _whole(text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < minimum:
        raise argparse.ArgumentTypeError(f"must be {minimum} or more, not {value}")
    return value


def positive_int(text: str) -> int:
    """argparse type: an int >= 1 (a count of rows, workers, ...).

    Raises: argparse.ArgumentTypeError for text that is not a whole number or is below 1."""
    return _whole(text, 1)


def non_negative_int(text: str) -> int:
    """argparse type: an int >= 0 (bootstrap resamples, where 0 means none).

    Raises: argparse.ArgumentTypeError for text that is not a whole number or is below 0."""
    return _whole(text, 0)
