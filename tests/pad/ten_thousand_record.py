"""Record a played 10,000 match's rounds as score-pad entries: each turn's count when the player
stopped (0 when they blew it), a second turn in a round as a last turn, a row when the engine
writes one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.ten_thousand import TenThousand
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round the engine writes on its sheet while inside, as an entry."""
    rounds: list[Entry] = []
    turns: dict[int, list[int]] = {}
    stop, blow_it, close_round = TenThousand.stop, TenThousand.blow_it, TenThousand.close_round

    def record_stop(self: TenThousand, seat: int) -> None:
        turns.setdefault(seat, []).append(self.turn_total)
        stop(self, seat)

    def record_blow(self: TenThousand, why: str) -> None:
        turns.setdefault(self.turn, []).append(0)
        blow_it(self, why)

    def record_row(self: TenThousand) -> None:
        n = self.num_players
        played = [[*turns.get(s, []), 0, 0] for s in range(n)]  # a player with no turn here: 0
        entry: Entry = {"turn": [p[0] for p in played]}
        if self.options.final_round:
            entry["last"] = [p[1] for p in played]
        rounds.append(entry)
        turns.clear()
        close_round(self)

    TenThousand.stop = record_stop  # type: ignore[method-assign]
    TenThousand.blow_it = record_blow  # type: ignore[method-assign]
    TenThousand.close_round = record_row  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        TenThousand.stop, TenThousand.blow_it = stop, blow_it  # type: ignore[method-assign]
        TenThousand.close_round = close_round  # type: ignore[method-assign]


def play_match(players: int, seed: int, preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between heuristic bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("ten-thousand", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, "heuristic", seed)
    return s, rounds
