"""Record a played 5 in a Row game's rows of five as score-pad entries, as the engine marks them:
the side, the direction, the first space, and whether the same disc made another."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.five_in_a_row import FiveInARow
from gamenight.games.five_in_a_row_board import SIZE
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every row of five marked while inside, as an entry."""
    rows: list[Entry] = []
    mark = FiveInARow._mark_rows

    def record(self: FiveInARow, seat: int, cell: int) -> bool:
        before = len(self.rows)
        won = mark(self, seat, cell)
        made = self.rows[before:]
        for k, (side, d, cells) in enumerate(made):
            rows.append({"side": side, "direction": d, "row": cells[0] // SIZE, "column": cells[0] % SIZE,
                         "more": int(k < len(made) - 1)})
        return won

    FiveInARow._mark_rows = record  # type: ignore[method-assign]
    try:
        yield rows
    finally:
        FiveInARow._mark_rows = mark  # type: ignore[method-assign]


def play_match(players: int, seed: int, options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded game between heuristic bots, and its rows as entries."""
    with recording() as rows:
        s = gamenight.new("five-in-a-row", players=players, seed=seed, options=options)
        play_with_bots(s, "heuristic", seed)
    return s, rows
