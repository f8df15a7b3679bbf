"""Tests for grounding.collector: the garbage collector paused around a stage."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from grounding.collector import paused_gc


@pytest.fixture(autouse=True)
def _collector_enabled() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_paused_inside_resumed_after_and_young_generation_collected() -> None:
    with paused_gc():
        assert not gc.isenabled()
        made: list[list[int]] = [[] for _ in range(5000)]  # containers: counted by gc
        assert gc.get_count()[0] >= 5000
    assert gc.isenabled()
    assert gc.get_count()[0] < 5000  # collected on the way out
    assert len(made) == 5000


def test_resumed_after_an_exception() -> None:
    with pytest.raises(ZeroDivisionError), paused_gc():
        1 / 0
    assert gc.isenabled()


def test_a_nested_pause_leaves_resuming_to_the_outer_one() -> None:
    with paused_gc():
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_caller_that_disabled_the_collector_keeps_it_disabled() -> None:
    gc.disable()
    with paused_gc():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_as_decorator_each_call_pauses() -> None:
    seen = []

    @paused_gc()
    def stage(x: int) -> int:
        seen.append(gc.isenabled())
        return x + 1

    assert stage(1) == 2 and stage(2) == 3
    assert seen == [False, False] and gc.isenabled()
