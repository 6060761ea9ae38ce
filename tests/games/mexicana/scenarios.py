"""Positions for the canasta variations' tests (Mexicana, Joker Canasta), set up on a real game.

:func:`position` starts the named game (a stacked, empty deck: dealer seat 0, so seat 1 plays
first), gathers every card back into the stock, then deals out what the test names: hands, the
pile (bottom first), each side's melds and threes laid out, the stock's next cards (the first
named is drawn first) and earlier scores. Hands not named get inert cards (naturals eight to
ace, no more than two of a rank, never a seven). Every card of the deck stays somewhere; the
moves under test are then played for real.
"""

from __future__ import annotations

from typing import Any

from tests.games.canasta.scenarios import parts
from tests.games.canasta.scenarios import position as canasta_position

INERT = [r + s for r in "89TJQKA" for s in "CDHS"]


def position(game: str, *, hands: dict[int, str], pile: str = "9C", stock: str = "",
             books: dict[int, list[str]] | None = None, red3: dict[int, str] | None = None,
             scores: list[int] | None = None, seat: int = 1, options: dict[str, object] | None = None,
             size: int = 13) -> Any:
    """Classic canasta's positions (:func:`tests.games.canasta.scenarios.position`) for four, in
    ``game``, with these inert cards from three decks."""
    return canasta_position(4, hands=hands, pile=pile, stock=stock, books=books, red3=red3, scores=scores,
                            seat=seat, options=options, size=size, game=game, inert=INERT, decks=3)


__all__ = ["INERT", "parts", "position"]
