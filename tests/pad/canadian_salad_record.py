"""Record a played Canadian Salad match's rounds as score-pad entries, from the engine's state when
each round is scored (who took each counted card, the tricks, the last trick)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.canadian_salad import CanadianSalad
from gamenight.games.canadian_salad_pad import card_keys
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: CanadianSalad) -> Entry:
    p = s.penalty
    entry: Entry = {}
    left = [list(t) for t in s.taken]
    for key, c, _ in card_keys(list(s.deck), p):
        seat = next(seat for seat in range(s.num_players) if c in left[seat])
        left[seat].remove(c)  # two decks: the same card, taken twice, is entered once each
        entry[key] = seat
    if p.per_trick:
        entry["tricks"] = list(s.tricks_won)
    if p.last_trick:
        entry["last"] = s.last_trick_winner()
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round scored while inside, as an entry."""
    rounds: list[Entry] = []
    scored = CanadianSalad._on_hand_over

    def record(self: CanadianSalad) -> None:
        rounds.append(entry_of(self))
        scored(self)

    CanadianSalad._on_hand_over = record  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        CanadianSalad._on_hand_over = scored  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("canadian-salad", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
