"""The claim windows' timer: the part of the table service that lets a timed window lapse.

After every change to a table, :meth:`WindowLapses.follow` asks the engine which seats are in a
window now (``State.lapse_moves``) and keeps the table's window up to date (see
:mod:`gamenight.server.window`): a window that opened gets a deadline, the clock's now + the
table's ``claim_window_ms``, and a task that sleeps on the clock until then; seats answering do not
move it; a new window gets a new one. At the deadline the task takes the table's lock and, if that
window is still the one open, makes each remaining seat's lapse move through the service's move
path (saved, logged, published), a person's seat and a bot's alike. The lock decides every race: a
claim that gets it first takes effect and the timer then finds the window closed or smaller; one
that comes after the lapse finds its seat no longer to act, and is told the time ran out.
"""

from __future__ import annotations

import asyncio
import logging

from gamenight.server.clock import Clock
from gamenight.server.live import SAVE_RETRY_S, LiveTable, MovePath, ServiceError
from gamenight.server.window import ClaimWindow, follow_window

log = logging.getLogger(__name__)


class WindowLapses:
    """Every table's window deadline, on one clock, making its lapse moves through ``move``."""

    def __init__(self, clock: Clock, move: MovePath) -> None:
        self.clock = clock
        self._move = move

    def follow(self, table: LiveTable) -> None:
        """After a change: a window that opened gets its deadline and a task to make its lapse moves;
        one that closed loses its task; one that seats only left keeps both (see server.window)."""
        seats = frozenset() if table.is_done or table.closed else frozenset(table.state.lapse_moves())
        current = table.window
        window = follow_window(current, seats, table.version, table.record.claim_window_ms, self.clock.now())
        if window is current:
            return
        self.close(table)
        table.window = window
        if window is not None and window.deadline is not None:
            window.task = asyncio.get_running_loop().create_task(self._lapse_when_due(table, window))

    @staticmethod
    def close(table: LiveTable) -> None:
        window, table.window = table.window, None
        if window is not None and window.task is not None:
            window.task.cancel()
            window.task = None

    async def _lapse_when_due(self, table: LiveTable, window: ClaimWindow) -> None:
        """Sleep until the window's deadline, then let it lapse (again after a pause, if a lapse move
        could not be saved)."""
        assert window.deadline is not None
        await self.clock.sleep(window.deadline - self.clock.now())
        while True:
            try:
                await asyncio.shield(asyncio.ensure_future(self._lapse(table, window)))
                return
            except ServiceError as e:
                if e.code != "storage_error":
                    log.error("table %s: a window's lapse move was refused: %s", table.id, e.message)
                    return
            await self.clock.sleep(SAVE_RETRY_S)

    async def _lapse(self, table: LiveTable, window: ClaimWindow) -> None:
        """Under the table's lock, if ``window`` is still the one open: each seat in it that has not
        answered makes its lapse move, seat by seat, until the window closes."""
        async with table.lock:
            if table.window is not window:
                return  # closed or replaced meanwhile (a claim came first), or the table was reloaded
            window.task = None  # from here the moves below may close it: nothing of it to cancel
            lapsed: set[int] = set()
            while table.window is window and not table.closed and not table.is_done:
                lapses = table.state.lapse_moves()
                seat = min((s for s in lapses if s not in lapsed), default=None)
                if seat is None:
                    if lapses:  # an engine keeping a seat in the window after its lapse: never loop
                        log.error("table %s: seats %s stay in the window after letting it lapse", table.id,
                                  sorted(lapses))
                    return
                lapsed.add(seat)
                text = str(lapses[seat])
                table.lapsed[seat] = (await self._move(table, seat, text, None), text)

    @staticmethod
    def lapsed_for(table: LiveTable, seat: int, version: int) -> str | None:
        """The refusal of a move chosen at ``version`` when the seat's last move since was its window
        lapsing (the server's, not the person's), else None."""
        lapsed_at, lapse = table.lapsed.get(seat, (0, ""))
        if version < lapsed_at == table.moved_at[seat]:
            name = table.state.names[seat]
            return f"Too late, {name}: the time to answer ran out, so “{lapse}” was played for you."
        return None


__all__ = ["WindowLapses"]
