"""The server's time, as an input: every delay the table service keeps (a bot's delay, a finished
trick's pause, a claim window's deadline, idle archiving, the retry after a failed save) and every
rate limit reads one :class:`Clock`, given to the service (and the app) when it is made.

A clock has two things: ``now()``, monotonic seconds (only differences mean anything), and
``sleep(seconds)``, which returns once that much of its time has passed. :data:`REAL_CLOCK` is the
event loop's: ``time.monotonic`` and ``asyncio.sleep``. :class:`ManualClock` moves only when told to,
so a test decides when a window lapses or a bot's delay is over, and can say that nothing happened
before then without waiting on the wall clock to find out.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from dataclasses import dataclass, field
from typing import Protocol

#: how long ``ManualClock.advance`` lets a woken task run before calling it hung (a safety net only)
SETTLE_TIMEOUT_S = 60.0


class Clock(Protocol):
    """Monotonic time, and a way to wait for some of it to pass."""

    def now(self) -> float:
        """Seconds on a monotonic scale (only differences mean anything)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` of this clock's time have passed (at once if ``seconds <= 0``)."""
        ...


class RealClock:
    """The wall's time: ``time.monotonic`` and ``asyncio.sleep``."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


REAL_CLOCK = RealClock()


@dataclass(order=True)
class _Sleeper:
    deadline: float
    number: int
    future: asyncio.Future[None] = field(compare=False)
    task: asyncio.Task[object] | None = field(compare=False)


class ManualClock:
    """A clock whose time moves only by :meth:`advance`, for tests and simulations.

    Every ``sleep`` waits for ``advance`` — a sleep of nothing too, so what is due "at once" also
    happens when the test says so. ``advance(seconds)`` ends the sleeps due by then one at a time,
    earliest first, the clock standing at each one's deadline, and lets each woken task run until it
    finishes or sleeps again before the next; a task it started meanwhile that sleeps until a moment
    already reached is woken in its turn. When ``advance`` returns, everything the time passed made
    happen has happened.
    """

    def __init__(self, start: float = 1000.0, settle_timeout_s: float = SETTLE_TIMEOUT_S) -> None:
        self._now = start
        self._sleepers: list[_Sleeper] = []
        self._numbers = itertools.count()
        #: the task ``advance`` woke, and the future it waits on until that task finishes or sleeps
        self._woken: tuple[asyncio.Task[object], asyncio.Future[None]] | None = None
        self.settle_timeout_s = settle_timeout_s

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        sleeper = _Sleeper(self._now + max(0.0, seconds), next(self._numbers), loop.create_future(), task)
        heapq.heappush(self._sleepers, sleeper)
        if self._woken is not None and self._woken[0] is task:
            _resolve(self._woken[1])
        await sleeper.future

    @property
    def sleeping(self) -> int:
        """How many sleeps are waiting for the clock."""
        return sum(1 for s in self._sleepers if not s.future.done())

    def next_deadline(self) -> float | None:
        """When the earliest waiting sleep ends, or None."""
        self._forget_ended()
        return self._sleepers[0].deadline if self._sleepers else None

    async def advance(self, seconds: float = 0.0) -> None:
        """Move the time on by ``seconds``, making everything due by then happen (see the class)."""
        target = self._now + max(0.0, seconds)
        while True:
            await _let_new_tasks_start()
            self._forget_ended()
            if not self._sleepers or self._sleepers[0].deadline > target:
                break
            sleeper = heapq.heappop(self._sleepers)
            self._now = max(self._now, sleeper.deadline)
            await self._wake(sleeper)
        self._now = target

    def _forget_ended(self) -> None:
        """Sleeps cancelled (their task was) are dropped."""
        while self._sleepers and self._sleepers[0].future.done():
            heapq.heappop(self._sleepers)

    async def _wake(self, sleeper: _Sleeper) -> None:
        task = sleeper.task
        sleeper.future.set_result(None)
        if task is None:
            return
        settled: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._woken = (task, settled)
        task.add_done_callback(lambda _task: _resolve(settled))
        try:
            await asyncio.wait_for(settled, self.settle_timeout_s)
        except TimeoutError:
            raise RuntimeError(f"a task woken by the clock neither finished nor slept again within "
                               f"{self.settle_timeout_s:g} s: {task!r}") from None
        finally:
            self._woken = None


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def _let_new_tasks_start() -> None:
    """Tasks made by the last one woken run to their first wait (a sleep on the clock, for those that
    keep time) before the clock looks for what is due."""
    for _ in range(3):
        await asyncio.sleep(0)


__all__ = ["REAL_CLOCK", "Clock", "ManualClock", "RealClock"]
