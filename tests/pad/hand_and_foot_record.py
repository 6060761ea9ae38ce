"""Record a played Hand and Foot match's rounds as score-pad entries, from the engine's state at
the moment each round is scored (what a family would count on the table and write down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.families.canasta_turn import BONUS, GROUP_OUT
from gamenight.games.hand_and_foot import CARD_CLASSES, HandAndFoot
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def entry_of(s: HandAndFoot, out: int | None) -> Entry:
    """The round's facts as the pad asks for them: per team, canastas by kind, red threes laid
    out, cards melded and cards left by value; who went out."""
    hands = [s.team_hand(t, out) for t in range(2)]
    entry: Entry = {"clean": [h.canastas[0] for h in hands], "dirty": [h.canastas[1] for h in hands]}
    if s.options.wild_books:
        entry["wild"] = [h.canastas[2] for h in hands]
    if s.options.red_threes == BONUS:
        entry["red_threes"] = [h.red_threes for h in hands]
    melded = [k for k, _ in CARD_CLASSES if k != "red_threes"
              and (k != "black_threes" or s.options.black_threes == GROUP_OUT)]
    entry |= {f"melded_{k}": [h.melded[k] for h in hands] for k in melded}
    entry |= {f"left_{k}": [h.held[k] for h in hands] for k, _ in CARD_CLASSES}
    entry["out"] = out
    return entry


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every round scored while inside, as an entry."""
    rounds: list[Entry] = []
    scored = HandAndFoot._score_round

    def record(self: HandAndFoot, out: int | None) -> None:
        rounds.append(entry_of(self, out))
        scored(self, out)

    HandAndFoot._score_round = record  # type: ignore[method-assign]
    try:
        yield rounds
    finally:
        HandAndFoot._score_round = scored  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str, preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording() as rounds:
        s = gamenight.new("hand-and-foot", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, rounds
