"""Record a played Saskatchewan game's hands as score-pad entries, from the engine's state when
each hand is paid (what each player took that the hand charges for; the sevens' places and
passes)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.saskatchewan import (
    HEARTS,
    KING_CLUBS,
    KING_OF_CLUBS,
    LAST_TRICK,
    QUEENS,
    TRICKS,
    Saskatchewan,
)
from gamenight.games.saskatchewan_pad import PLACES, QUEEN_CARDS
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


def trick_hand(s: Saskatchewan) -> Entry:
    n = s.num_players
    if s.kind == TRICKS:
        return {"tricks": list(s.tricks_won)}
    if s.kind == HEARTS:
        return {"hearts": [sum(C.SUIT_OF[c] == C.HEARTS for c in s.taken[p]) for p in range(n)]}
    if s.kind == QUEENS:
        return {f"queen_{C.SUITS[C.SUIT_OF[q]]}": next(p for p in range(n) if q in s.taken[p])
                for q in QUEEN_CARDS}
    if s.kind == KING_CLUBS:
        return {"taker": next(p for p in range(n) if KING_OF_CLUBS in s.taken[p])}
    assert s.kind == LAST_TRICK
    return {"taker": s.last_trick_winner()}


def sevens(s: Saskatchewan) -> Entry:
    return dict(zip(PLACES, s.gone_out, strict=False)) | {"passes": list(s.passes)}


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every hand paid while inside, as an entry."""
    hands: list[Entry] = []
    scored, paid = Saskatchewan._on_hand_over, Saskatchewan._pay_out

    def record(self: Saskatchewan) -> None:
        hands.append(trick_hand(self))
        scored(self)

    def record_sevens(self: Saskatchewan) -> None:
        hands.append(sevens(self))
        paid(self)

    Saskatchewan._on_hand_over = record  # type: ignore[method-assign]
    Saskatchewan._pay_out = record_sevens  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        Saskatchewan._on_hand_over = scored  # type: ignore[method-assign]
        Saskatchewan._pay_out = paid  # type: ignore[method-assign]


def play_match(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded game between bots, and its hands as entries."""
    with recording() as hands:
        s = gamenight.new("saskatchewan", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, hands
