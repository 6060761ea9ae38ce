"""Record a played 500 Rummy match's hands as score-pad entries, from the engine's state when each
hand is scored (the contract, and which side took each counter or that it was buried)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.five_hundred_rummy import FiveHundredRummy
from gamenight.games.five_hundred_rummy_pad import BURIED, COUNTERS, key_of
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: FiveHundredRummy) -> Entry:
    assert s.contract is not None
    entry: Entry = {"declarer": s.declarer, "bid": s.contract[0], "trumps": s.contract[1]}
    for c in COUNTERS:
        entry[key_of(c)] = BURIED if c in s.buried else next(p % 2 for p in range(4) if c in s.taken[p])
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every hand scored while inside, as an entry."""
    hands: list[Entry] = []
    scored = FiveHundredRummy._on_hand_over

    def record(self: FiveHundredRummy) -> None:
        hands.append(entry_of(self))
        scored(self)

    FiveHundredRummy._on_hand_over = record  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        FiveHundredRummy._on_hand_over = scored  # type: ignore[method-assign]


def play_match(seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its hands as entries."""
    with recording() as hands:
        s = gamenight.new("five-hundred-rummy", players=4, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, hands
