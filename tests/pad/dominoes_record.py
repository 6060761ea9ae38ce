"""Record a played domino match's rounds (Mexican Train, Chicken Foot) as score-pad entries, from
the hands as the engine scores them: each player's tiles and pips left, who holds the double
blank, who went out."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.equipment import dominoes as D
from gamenight.families import dominoes
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(state: State, hands: Sequence[Sequence[int]], out: int | None) -> Entry:
    entry: Entry = {"tiles": [len(h) for h in hands], "pips": [sum(D.PIPS[t] for t in h) for h in hands]}
    if state.options.double_blank:  # type: ignore[attr-defined]
        entry["double_blank"] = next((s for s, h in enumerate(hands) if D.DOUBLE[0] in h), None)
    entry["out"] = out
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round scored while inside, as an entry. The games call ``record_round`` by the name
    they imported, so it is replaced in their modules."""
    from gamenight.games import chicken_foot, mexican_train

    rounds: list[Entry] = []
    scored = dominoes.record_round

    def record(state: State, hands: Sequence[Sequence[int]], out: int | None,
               double_blank: int) -> tuple[list[int], str]:
        rounds.append(entry_of(state, hands, out))
        return scored(state, hands, out, double_blank)

    modules = (mexican_train, chicken_foot)
    for m in modules:
        m.record_round = record  # type: ignore[attr-defined]
    try:
        yield rounds
    finally:
        for m in modules:
            m.record_round = scored  # type: ignore[attr-defined]


def play_match(game: str, players: int, seed: int, options: dict[str, Any] | None = None,
               bot: str = "heuristic") -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new(game, players=players, seed=seed, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
