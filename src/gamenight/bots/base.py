"""The bot interface: a bot sees what a person in its seat sees, and nothing more.

``choose(view, legal, sampler, rng)`` gets the seat's own ``view`` (the same dict a
browser gets), the seat's legal moves, a ``sampler`` that yields determinized full
states consistent with that view (never the true state), and an RNG of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from gamenight.core.moves import Move
from gamenight.core.state import State

Sampler = Callable[[random.Random], State]


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        """Pick one of ``legal``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        return legal[rng.randrange(len(legal))]


def sampler_for(state: State, seat: int) -> Sampler:
    """What a bot in ``seat`` may ask for: determinizations, never the true state."""
    return lambda rng: state.sample(seat, rng)
