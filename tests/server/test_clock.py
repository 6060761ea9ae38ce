"""The server's clock (server.clock): the real one sleeps on the event loop; the manual one moves
only when advanced, wakes its sleepers in order of their deadlines, and returns from ``advance``
only once each woken task has finished or slept again."""

from __future__ import annotations

import asyncio

import pytest

from gamenight.server.clock import REAL_CLOCK, ManualClock
from tests.asyncrun import run_async


def test_the_real_clock_is_monotonic_and_sleeps_on_the_event_loop() -> None:
    async def nap() -> float:
        before = REAL_CLOCK.now()
        await REAL_CLOCK.sleep(0)
        await REAL_CLOCK.sleep(-1)  # a deadline already past returns at once
        return REAL_CLOCK.now() - before

    assert run_async(nap()) >= 0


def test_a_manual_clock_wakes_sleepers_in_deadline_order_only_when_advanced() -> None:
    clock = ManualClock(start=50.0)
    woke: list[tuple[str, float]] = []

    async def sleeper(name: str, seconds: float) -> None:
        await clock.sleep(seconds)
        woke.append((name, clock.now()))

    async def scene() -> None:
        tasks = [asyncio.create_task(sleeper(n, s)) for n, s in (("late", 2.0), ("soon", 0.5), ("now", 0.0))]
        await asyncio.sleep(0)
        assert clock.sleeping == 3 and clock.next_deadline() == 50.0
        assert woke == []  # even a sleep of nothing waits for the clock
        await clock.advance(0)
        assert woke == [("now", 50.0)]
        await clock.advance(0.49)
        assert woke == [("now", 50.0)] and clock.now() == pytest.approx(50.49)
        await clock.advance(2.0)
        assert woke == [("now", 50.0), ("soon", 50.5), ("late", 52.0)]  # each at its own deadline
        assert clock.now() == pytest.approx(52.49) and clock.sleeping == 0
        await asyncio.gather(*tasks)

    run_async(scene())


def test_advance_runs_what_a_woken_task_starts_when_it_is_due_by_then() -> None:
    """A chain of tasks each starting the next after a delay (bots answering bots) plays out as far as
    the time advanced reaches, and no further."""
    clock = ManualClock(start=0.0)
    made: list[float] = []

    async def turn(left: int) -> None:
        await clock.sleep(0.25)
        await asyncio.to_thread(lambda: None)  # a bot thinks in a worker thread
        made.append(clock.now())
        if left:
            asyncio.get_running_loop().create_task(turn(left - 1))

    async def scene() -> None:
        asyncio.get_running_loop().create_task(turn(5))
        await clock.advance(1.0)
        assert made == [0.25, 0.5, 0.75, 1.0]
        await clock.advance(0.2)
        assert len(made) == 4
        await clock.advance(10)
        assert made == [0.25, 0.5, 0.75, 1.0, 1.25, 1.5]

    run_async(scene())


def test_a_cancelled_sleep_is_forgotten() -> None:
    clock = ManualClock()

    async def scene() -> None:
        task = asyncio.create_task(clock.sleep(1))
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert clock.sleeping == 0 and clock.next_deadline() is None
        await clock.advance(5)

    run_async(scene())
