"""Record a played Red Dog session's rounds as score-pad entries, from the table as the engine
settles each round: the cards turned, each player's bet and raise in chips."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.red_dog import RedDog
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: RedDog) -> Entry:
    entry: Entry = {}
    for key, pile in (("left", s.left), ("right", s.right), ("third", s.third)):
        entry[f"{key}_rank"] = C.RANK_OF[pile[0]] if pile else None
        entry[f"{key}_suit"] = C.SUIT_OF[pile[0]] if pile else 0
    chip = s.options.chip
    entry["bet"] = [b // chip for b in s.bet]
    if s.options.max_raise_multiple:
        entry["raised"] = [r // chip for r in s.raised]
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round settled while inside, as an entry."""
    rounds: list[Entry] = []
    settle = RedDog._settle

    def record(self: RedDog) -> None:
        rounds.append(entry_of(self))
        settle(self)

    RedDog._settle = record  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        RedDog._settle = settle  # type: ignore[method-assign]


def play_match(players: int, seed: int, preset: str | None = None, options: dict[str, Any] | None = None,
               bot: str = "heuristic") -> tuple[State, list[Entry]]:
    """A seeded session between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("red-dog", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
