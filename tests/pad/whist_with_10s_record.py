"""Record a played Whist with 10s match's deals as score-pad entries, from the engine's state when
each deal is scored (each team's tricks and tens)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.whist_with_10s import WhistWith10s
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: WhistWith10s) -> Entry:
    return {"tricks": [s.tricks_won[t] + s.tricks_won[t + 2] for t in (0, 1)],
            "tens": [sum(C.RANK_OF[c] == C.TEN for c in s.taken[t] + s.taken[t + 2]) for t in (0, 1)]}


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every deal scored while inside, as an entry."""
    deals: list[Entry] = []
    scored = WhistWith10s._on_hand_over

    def record(self: WhistWith10s) -> None:
        deals.append(entry_of(self))
        scored(self)

    WhistWith10s._on_hand_over = record  # type: ignore[method-assign]
    try:
        yield deals
    finally:
        WhistWith10s._on_hand_over = scored  # type: ignore[method-assign]


def play_match(seed: int, bot: str = "heuristic", options: dict[str, str] | None = None,
               ) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its deals as entries."""
    with recording() as deals:
        s = gamenight.new("whist-with-10s", players=4, seed=seed, options=options)
        play_with_bots(s, bot, seed)
    return s, deals
