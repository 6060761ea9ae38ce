"""Record a played Hearts match's hands as score-pad entries, from the engine's state when each
hand is scored (what the table counts and writes down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.hearts import IS_HEART, QUEEN_OF_SPADES, Hearts
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: Hearts) -> Entry:
    n = s.num_players
    piles = [s.taken[p] + (s.kitty if p == s.kitty_taker else []) for p in range(n)]
    entry: Entry = {"hearts": [sum(IS_HEART[c] for c in p) for p in piles],
                    "queen": next(p for p in range(n) if QUEEN_OF_SPADES in piles[p])}
    if s.options.kitty:
        entry["kitty_taker"] = s.kitty_taker
        entry |= {f"kitty_{k}": C.CODE_OF[c] for k, c in enumerate(s.kitty)}
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every hand scored while inside, as an entry."""
    hands: list[Entry] = []
    scored = Hearts._on_hand_over

    def record(self: Hearts) -> None:
        hands.append(entry_of(self))
        scored(self)

    Hearts._on_hand_over = record  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        Hearts._on_hand_over = scored  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its hands as entries."""
    with recording() as hands:
        s = gamenight.new("hearts", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, hands
