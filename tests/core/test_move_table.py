"""The move table is bounded: moves nobody holds are let go, and identity stays equality."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from gamenight.core.moves import Move, parse_move
from gamenight.core.notation import NUMBER


@pytest.fixture
def small_table() -> Iterator[None]:
    """The table keeps at most 200 moves alive by itself: two generations of 100 (RECENT in play)."""
    saved = Move._limit
    Move._limit = 100
    try:
        yield
    finally:
        Move._limit = saved


def test_moves_nobody_holds_are_let_go(small_table: None) -> None:
    before = Move.table_size()
    for n in range(10_000):
        Move("probe", NUMBER(n))
    gc.collect()
    assert Move.held_by_table() <= 200
    assert Move.table_size() <= before + 200


def test_a_move_held_keeps_its_identity_however_many_are_built_after_it(small_table: None) -> None:
    held = Move("probe", NUMBER(123_456))
    for n in range(10_000):
        Move("probe", NUMBER(n))
    gc.collect()
    assert Move("probe", NUMBER(123_456)) is held
    assert parse_move("probe 123456") is held


def test_a_move_let_go_is_built_again_the_same(small_table: None) -> None:
    text = str(Move("probe", NUMBER(654_321)))
    for n in range(1_000):
        Move("probe", NUMBER(n))
    gc.collect()
    again = Move("probe", NUMBER(654_321))
    assert str(again) == text and again.number == 654_321 and again is Move("probe", NUMBER(654_321))


def test_two_moves_that_read_the_same_are_still_refused_while_both_live() -> None:
    from gamenight.equipment.dice import FACE

    held = Move("probe", NUMBER(1))
    with pytest.raises(ValueError, match="both read"):
        Move("probe", FACE(1))  # a die face prints as "probe 1" too
    assert held.number == 1


def test_a_move_asked_for_in_every_generation_is_never_rebuilt(small_table: None) -> None:
    """The working set is two generations: a young one full does not let go of the moves in use."""
    import weakref

    first = weakref.ref(Move("probe", NUMBER(777_777)))
    for n in range(1_000):
        Move("probe", NUMBER(n))
        if n % 50 == 0:
            Move("probe", NUMBER(777_777))  # asked for again, no one holding it in between
    gc.collect()
    assert first() is Move("probe", NUMBER(777_777))


def test_threads_building_the_same_new_moves_get_the_same_objects() -> None:
    """Bots choose in worker threads while the event loop lists moves: the same move built at the same
    moment in two threads is one object, never two (nor a refusal that two moves read the same)."""
    import sys
    import threading

    built: list[list[Move]] = [[], [], [], []]
    errors: list[BaseException] = []

    def build(out: list[Move]) -> None:
        try:
            out.extend(Move("race", NUMBER(n)) for n in range(1_000_000, 1_020_000))
        except BaseException as e:  # reported below, from the main thread
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=build, args=(out,)) for out in built]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert all(a is b for other in built[1:] for a, b in zip(built[0], other, strict=True))
