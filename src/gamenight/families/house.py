"""Games played against the house (a bank): what a simulation measures, whatever the game.

A banking game (Red Dog today) records, for every round it settles, what the players staked at
first and what they won or lost against the bank (:class:`HouseRound`), and can say the exact
house edge its rules give when every seat plays the book's best strategy. ``gamenight sim``
reads those through :class:`HouseGame` alone, so it never knows the game by name: it plays
seeded rounds, measures the house edge with :func:`edge_estimate` (a ratio estimate with its
95% confidence interval) and sets it beside the exact figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, Protocol, runtime_checkable

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054


class HouseRound(NamedTuple):
    """One settled round: the players' first bets (cents), everything they put at risk (bets and
    raises) and their net result against the bank (cents; negative when the house won)."""

    bets: int
    wagered: int
    net: int


@runtime_checkable
class HouseGame(Protocol):
    """A state played against the bank: its settled rounds and the exact edge of its rules."""

    def house_rounds(self) -> Sequence[HouseRound]:
        """Every round settled so far, in order."""
        ...

    def exact_house_edge(self) -> Fraction | None:
        """The house's exact edge per unit of first bet under the rules in effect, every seat
        playing the best strategy on a fresh shoe (``None`` where the game cannot say)."""
        ...


@dataclass(frozen=True, slots=True)
class EdgeEstimate:
    """The measured house edge per unit of first bet, with its 95% confidence interval."""

    rounds: int
    bets: int
    wagered: int
    net: int
    edge: float
    half_width: float

    @property
    def low(self) -> float:
        return self.edge - self.half_width

    @property
    def high(self) -> float:
        return self.edge + self.half_width

    def covers(self, value: float) -> bool:
        return self.low <= value <= self.high

    @property
    def edge_wagered(self) -> float:
        """The house's share of everything put at risk (bets and raises)."""
        return -self.net / self.wagered if self.wagered else 0.0


def edge_estimate(rounds: Sequence[HouseRound]) -> EdgeEstimate:
    """The house edge −Σnet/Σbets over ``rounds`` (rounds where nobody bet are left out) and
    the half-width of its 95% interval by the ratio estimator's variance (the rounds are
    independent; several players at one round share its cards, so a round is one sample)."""
    used = [r for r in rounds if r.bets > 0]
    n = len(used)
    bets = sum(r.bets for r in used)
    net = sum(r.net for r in used)
    wagered = sum(r.wagered for r in used)
    if n == 0:
        return EdgeEstimate(0, 0, 0, 0, 0.0, math.inf)
    edge = -net / bets
    if n < 2:
        return EdgeEstimate(n, bets, wagered, net, edge, math.inf)
    residuals = sum((-r.net - edge * r.bets) ** 2 for r in used)
    se = math.sqrt(residuals * n / (n - 1)) / bets
    return EdgeEstimate(n, bets, wagered, net, edge, Z95 * se)


__all__ = ["Z95", "EdgeEstimate", "HouseGame", "HouseRound", "edge_estimate"]
