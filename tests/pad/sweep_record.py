"""Record a played Sweep match's rounds as score-pad entries: when a player goes out, what each
player still holds, where and by value."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.sweep import Sweep
from gamenight.games.sweep_score import Left
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: Sweep, out: int) -> Entry:
    left = [Left.of(s.hands[p], s.table[p], s.faces[p]) for p in range(s.num_players)]
    entry: Entry = {f.name: [getattr(h, f.name) for h in left] for f in dataclasses.fields(Left)}
    return entry | {"out": out}


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round scored while inside, as an entry."""
    rounds: list[Entry] = []
    go_out = Sweep._go_out

    def record(self: Sweep, seat: int) -> None:
        rounds.append(entry_of(self, seat))
        go_out(self, seat)

    Sweep._go_out = record  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        Sweep._go_out = go_out  # type: ignore[method-assign]


def play_match(players: int, seed: int, options: dict[str, Any] | None = None,
               bot: str = "heuristic") -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("sweep", players=players, seed=seed, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
