"""Record a played Oh Hell! match's rounds as score-pad entries, from the engine's state when each
round is scored (the trumps, the bids and the tricks the table writes down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.oh_hell import OhHell
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round scored while inside, as an entry."""
    rounds: list[Entry] = []
    scored = OhHell._on_hand_over

    def record(self: OhHell) -> None:
        rounds.append({"trump": self.trump, "bids": list(self.bids), "tricks": list(self.tricks_won)})
        scored(self)

    OhHell._on_hand_over = record  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        OhHell._on_hand_over = scored  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("oh-hell", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
