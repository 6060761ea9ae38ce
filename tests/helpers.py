"""Helpers for stacked-deck scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

import gamenight
from gamenight.core.state import State


def deal_deck(hands: Sequence[str], rest: str = "", *, dealer: int = 0) -> list[str]:
    """A stacked ``deck`` that deals ``hands[s]`` (space-separated codes) to seat ``s``.

    Cards are dealt one at a time clockwise from the dealer's left (the stacked first deal
    has dealer seat 0), then ``rest`` lies on top of the undealt cards in that order.
    """
    split = [h.split() for h in hands]
    n = len(split)
    size = len(split[0])
    if any(len(h) != size for h in split):
        raise ValueError("every hand must have the same number of cards")
    deck: list[str] = []
    for i in range(size * n):
        seat = (dealer + 1 + i) % n
        deck.append(split[seat][i // n])
    return deck + rest.split()


def play_all(state: State, moves: Sequence[str | tuple[int, str]]) -> State:
    """Play moves in order; an entry may be ``(seat, text)`` for simultaneous phases."""
    for m in moves:
        if isinstance(m, tuple):
            state.play(m[1], m[0])
        else:
            state.play(m)
    return state


def new(game: str, hands: Sequence[str], rest: str = "", **kwargs: object) -> State:
    return gamenight.new(game, deck=deal_deck(hands, rest), players=len(hands), **kwargs)  # type: ignore[arg-type]


def hand_and_foot_deck(hands: Sequence[str], feet: Sequence[str], up: str, rest: str = "") -> list[str]:
    """A stacked Hand and Foot shoe (dealer seat 0): ``hands[s]`` and then ``feet[s]`` are dealt one
    card at a time from the dealer's left, ``up`` is turned up (cover a wild card with the next
    card of ``rest``), and ``rest`` lies on top of the stock in that order (the next draws)."""
    return deal_deck(hands) + deal_deck(feet) + up.split() + rest.split()
