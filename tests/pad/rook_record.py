"""Record a played Rook match's hands as score-pad entries, from the engine's state when each hand
is scored or thrown in (the bid, each side's tricks and counters, the last trick, the widow)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.rook import Rook, counters
from gamenight.games.rook_pad import PASSED, PLAYED
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def columns(s: Rook) -> list[list[int]]:
    return [[0, 2], [1, 3]] if not s.partner_game else [[p] for p in range(s.num_players)]


def entry_of(s: Rook) -> Entry:
    hidden = s.widow + s.buried
    cols = columns(s)
    took = [sum(counters(s.taken[p]) for p in c) for c in cols]
    took[next(i for i, c in enumerate(cols) if s.bidder in c)] += counters(hidden)
    entry: Entry = {"result": PLAYED, "bidder": s.bidder, "bid": s.bid,
                    "tricks": [sum(s.tricks_won[p] for p in c) for c in cols], "counters": took}
    if s.partner_game:
        entry["partner"] = s.partner_seat if s.partner_seat is not None else s.bidder
    if s.options.last_trick_bonus:
        entry["last"] = s.last_trick_winner()
    entry |= {f"hidden_{k}": C.CODE_OF[c] for k, c in enumerate(hidden)}
    return entry


def passed_out(s: Rook) -> Entry:
    n = len(columns(s))
    entry: Entry = {"result": PASSED, "bidder": 0, "bid": s.options.min_bid, "tricks": [0] * n,
                    "counters": [0] * n}
    if s.partner_game:
        entry["partner"] = 0
    if s.options.last_trick_bonus:
        entry["last"] = 0
    return entry | {f"hidden_{k}": None for k in range(len(s.widow))}


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every hand scored or thrown in while inside, as an entry."""
    hands: list[Entry] = []
    scored, thrown = Rook._on_hand_over, Rook._auction_passed_out

    def record(self: Rook) -> None:
        hands.append(entry_of(self))
        scored(self)

    def record_thrown(self: Rook) -> None:
        hands.append(passed_out(self))
        thrown(self)

    Rook._on_hand_over = record  # type: ignore[method-assign]
    Rook._auction_passed_out = record_thrown  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        Rook._on_hand_over = scored  # type: ignore[method-assign]
        Rook._auction_passed_out = thrown  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its hands as entries."""
    with recording() as hands:
        s = gamenight.new("rook", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, hands
