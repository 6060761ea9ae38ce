"""The timed window: seats that may act out of turn for a moment (claim a discard: "Rummy!"), each
of which passes by letting the moment go by.

The engine names such a window and nothing more (``State.lapse_moves``: the seats in it and the move
each makes by letting it lapse); it has no clock, being sans-I/O. The table service gives the window
the table's time (``claim_window_ms``) and, when that has passed, makes the lapse move of every seat
that has not answered, through the same move path as any move. What is here is the bookkeeping:
which window is open, when it lapses, and how a frame tells a page so.

One window, one clock: while seats only leave the window (they answer) it is the same window, its
deadline unchanged; any other change (a new discard: the window closed and a new one opened) gives
the new window the table's whole time. A table loaded from storage (a restart, or a table archived
and visited again) gives a window open in it the whole time afresh: the people's pages were cut off
meanwhile, and the stored moves do not say when the window opened.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class ClaimWindow:
    """A window open at a live table."""

    #: the seats in it that have not answered yet
    seats: frozenset[int]
    #: when it lapses, on the table service's clock (server.clock); None: the table gives it no time limit
    deadline: float | None
    #: the version at which it opened
    opened_at: int
    #: the task that makes the lapse moves at the deadline (None: none pending)
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def remaining_ms(self, now: float) -> int | None:
        if self.deadline is None:
            return None
        return max(0, round((self.deadline - now) * 1000))

    def to_json(self, window_ms: int, now: float, lapse: str | None) -> dict[str, Any]:
        """What a frame and a snapshot carry: the seats, the table's window, the time left counted now
        (a page counts it down from when the frame arrived, so its own clock may be anything), and the
        viewing seat's lapse move when it is in the window."""
        out: dict[str, Any] = {"seats": sorted(self.seats), "ms": window_ms,
                               "remaining_ms": self.remaining_ms(now)}
        if lapse is not None:
            out["lapse"] = lapse
        return out


def follow_window(current: ClaimWindow | None, seats: frozenset[int], version: int, window_ms: int,
                  now: float) -> ClaimWindow | None:
    """The window after a change to the table: None when no seat is in one; ``current`` itself, its
    clock running on, while seats only leave it; else a new window with the table's whole time."""
    if not seats:
        return None
    if current is not None and seats <= current.seats:
        current.seats = seats
        return current
    deadline = now + window_ms / 1000 if window_ms > 0 else None
    return ClaimWindow(seats, deadline, version)


__all__ = ["ClaimWindow", "follow_window"]
