"""Record a played Euchre match's deals as score-pad entries, from the engine's state when each
deal is scored or thrown in (what the table would write down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.euchre import ALL_PASSED, Euchre
from gamenight.games.euchre_pad import NANF, NO, PASSED, PLAYED, YES
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def played(s: Euchre) -> Entry:
    return {"dealer": s.dealer, "result": PLAYED, "maker": s.maker,
            "round": 2 if s.calls[-1][1].startswith("calls") else 1, "trump": s.trump,
            "alone": YES if s.alone else NO,
            "tricks": [s.tricks_won[0] + s.tricks_won[2], s.tricks_won[1] + s.tricks_won[3]]}


def thrown_in(s: Euchre, why: str, holder: int | None) -> Entry:
    result = PASSED if why == ALL_PASSED else f"{NANF}{holder}"
    return {"dealer": s.dealer, "result": result, "maker": (s.dealer + 1) % 4, "round": 1, "trump": 0,
            "alone": NO, "tricks": [0, 0]}


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every deal scored or thrown in while inside, as an entry."""
    deals: list[Entry] = []
    scored, thrown, nanf = Euchre._on_hand_over, Euchre._throw_in, Euchre._no_ace_no_face_throw_in
    holders: list[int] = []

    def record_played(self: Euchre) -> None:
        deals.append(played(self))
        scored(self)

    def record_holder(self: Euchre, holder: int) -> None:
        holders.append(holder)
        nanf(self, holder)

    def record_thrown(self: Euchre, why: str) -> None:
        deals.append(thrown_in(self, why, holders.pop() if holders else None))
        thrown(self, why)

    Euchre._on_hand_over = record_played  # type: ignore[method-assign]
    Euchre._throw_in = record_thrown  # type: ignore[method-assign]
    Euchre._no_ace_no_face_throw_in = record_holder  # type: ignore[method-assign]
    try:
        yield deals
    finally:
        Euchre._on_hand_over = scored  # type: ignore[method-assign]
        Euchre._throw_in = thrown  # type: ignore[method-assign]
        Euchre._no_ace_no_face_throw_in = nanf  # type: ignore[method-assign]


def play_match(seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its deals as entries."""
    with recording() as deals:
        s = gamenight.new("euchre", players=4, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, deals
