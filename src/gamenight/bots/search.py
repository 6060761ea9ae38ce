"""A search bot for every game: determinized Monte Carlo search over the game's own ``sample``.

Each simulation draws one determinization of the hidden pieces from the seat's ``sampler`` (the
game's ``State.sample``, which keeps voids, shown cards and known melds), picks a root move by UCB1
with the heuristic bot's choice as a prior, plays it, then lets every acting seat's heuristic bot
play the determinization on (several seats in a simultaneous phase: each is asked in turn). The
statistics are kept per root move across determinizations (flat information-set search: the root
is the seat's information set; deeper nodes would be states the seat cannot tell apart).

How far a rollout goes. A whole match is long, so a rollout stops at the end of the current deal:
the generic signals in core are the score sheet gaining a row and ``State.deal_no`` moving on (every
kernel that deals keeps both). Games without deals (a board game, a dice race) are capped at
:data:`ROLLOUT_CAP` decisions. Either way the rollout is scored by the score sheet.

The reward, normalised per game. A rollout's raw value for the searching seat is its advantage: the
change of its column's total minus the mean change of the other columns (the sheet's columns are
teams in partnerships, ``State.column_of``), sign flipped where the lowest total wins (the kernel's
``match_rules.lowest_wins``). Raw values are summed as they are; at selection they are divided by the
largest absolute advantage seen in this search, so every game's points (a Euchre deal's 1-4, a
Hearts deal's 26, Red Dog's cents) land in [-1, 1]. A rollout that ends the match adds the result:
+1 for a win (shared wins split), -1 for a loss.

Budget and determinism. ``simulations`` caps the simulations of one decision; ``seconds`` caps its
time on an injected ``clock`` (``time.perf_counter`` by default: the engine never reads it). With
``seconds=None`` the bot is deterministic: the same ``rng`` state and budget give the same move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.base import Bot, Sampler, sampler_for
from gamenight.core.errors import GameError
from gamenight.core.moves import Move
from gamenight.core.state import State

#: decisions a rollout plays at most, where the game has no deal to end it
ROLLOUT_CAP = 200
#: root moves searched at most: the heuristic's choice and a sample of the rest (a rummy turn may
#: list hundreds of melds; spreading a small budget over all of them would learn nothing)
MAX_CHILDREN = 12
#: UCB1's exploration constant, on rewards in [-1, 1]
EXPLORATION = 0.7
#: the heuristic move's head start, in simulations' worth of bonus that fades as it is visited
PRIOR_WEIGHT = 1.0


@dataclass
class _Arm:
    """One root move's statistics."""

    move: Move
    prior: float
    visits: int = 0
    total: float = 0.0  # raw advantages, summed
    wins: float = 0.0  # match results of rollouts that ended the match, summed


@dataclass
class _Search:
    arms: list[_Arm]
    scale: float = 0.0  # the largest absolute advantage seen
    simulations: int = 0

    def value(self, arm: _Arm) -> float:
        if arm.visits == 0:
            return 0.0
        norm = arm.total / self.scale if self.scale else 0.0
        return (norm + arm.wins) / arm.visits

    def pick(self) -> _Arm:
        """UCB1 with a fading prior; unvisited arms first, in the order listed (heuristic first)."""
        for arm in self.arms:
            if arm.visits == 0:
                return arm
        log_n = math.log(self.simulations + 1)
        return max(self.arms, key=lambda a: self.value(a) + EXPLORATION * math.sqrt(log_n / a.visits)
                   + PRIOR_WEIGHT * a.prior / (a.visits + 1))

    def best(self) -> _Arm:
        """The arm of the best mean among those visited at least half as often as the most visited
        (a small budget spreads its visits nearly evenly, so the visit counts alone say little; the
        floor keeps a lucky arm tried once or twice from winning); ties to the heuristic's order."""
        floor = max(a.visits for a in self.arms) / 2
        return max((a for a in self.arms if a.visits >= floor), key=self.value)


@dataclass
class SearchBot:
    """Determinized search with heuristic rollouts (see the module's docstring)."""

    rollout: Callable[[], Bot]
    simulations: int = 200
    seconds: float | None = None
    clock: Callable[[], float] = time.perf_counter
    name: str = "search"
    #: the simulations the last decision ran (0 where it had one legal move): for benches and tests
    last_simulations: int = 0
    #: how many root moves the last decision compared
    last_moves: int = 0
    _policies: dict[int, Bot] = field(default_factory=dict, repr=False)

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        self.last_simulations = self.last_moves = 0
        if len(legal) == 1:
            return legal[0]
        seat = view.get("seat")
        first = sampler(rng)
        if not isinstance(seat, int):
            seat = _acting_seat(first, legal)
        prior = self._policy(seat).choose(view, legal, sampler_for(first, seat), rng)
        search = _Search(self._arms(legal, prior, rng))
        deadline = None if self.seconds is None else self.clock() + self.seconds
        while search.simulations < self.simulations:
            if deadline is not None and search.simulations and self.clock() >= deadline:
                break
            state = first if search.simulations == 0 else sampler(rng)
            self._simulate(search, state, seat, rng)
        self.last_simulations = search.simulations
        self.last_moves = len(search.arms)
        return search.best().move

    def _arms(self, legal: list[Move], prior: Move, rng: random.Random) -> list[_Arm]:
        others = [m for m in legal if m != prior]
        if len(others) >= MAX_CHILDREN:
            others = rng.sample(others, MAX_CHILDREN - 1)
        return [_Arm(prior, 1.0)] + [_Arm(m, 0.0) for m in others]

    def _simulate(self, search: _Search, state: State, seat: int, rng: random.Random) -> None:
        arm = search.pick()
        search.simulations += 1
        start = _standing(state)
        try:
            state.play(arm.move, seat)
        except GameError:
            return  # a move the seat's own information allows but this determinization does not
        self._roll_out(state, rng)
        advantage = _advantage(state, seat, start)
        arm.visits += 1
        arm.total += advantage
        arm.wins += _result(state, seat)
        search.scale = max(search.scale, abs(advantage))

    def _roll_out(self, state: State, rng: random.Random) -> None:
        """Every acting seat's heuristic plays on to the end of the deal, or the cap."""
        rows, deal = len(state.sheet.rows), state.deal_no
        for _ in range(ROLLOUT_CAP):
            if state.is_over or len(state.sheet.rows) != rows or state.deal_no != deal:
                return
            for who in sorted(state.to_act):
                if who in state.to_act:
                    state.play(self._rollout_move(state, who, rng), who)

    def _rollout_move(self, state: State, seat: int, rng: random.Random) -> Move:
        legal = state.legal_moves(seat)
        if len(legal) == 1:  # no choice: skip the view, the dearest part of a rollout
            return legal[0]
        return self._policy(seat).choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)

    def _policy(self, seat: int) -> Bot:
        if seat not in self._policies:
            self._policies[seat] = self.rollout()
        return self._policies[seat]


def _acting_seat(state: State, legal: list[Move]) -> int:
    """The seat whose legal moves these are, where the view does not say."""
    for who in sorted(state.to_act):
        if state.legal_moves(who) == legal:
            return who
    return min(state.to_act)


def _standing(state: State) -> list[int]:
    return list(state.sheet.totals)


def _lowest_wins(state: State) -> bool:
    rules = getattr(state, "match_rules", None)  # families.match.MatchPlay's rules, where a kernel has them
    return bool(getattr(rules, "lowest_wins", False))


def _advantage(state: State, seat: int, start: list[int]) -> float:
    """The seat's column's gain minus the other columns' mean gain since ``start``."""
    totals = state.sheet.totals
    if len(totals) != len(start) or not totals:
        return 0.0
    gains = [t - s for t, s in zip(totals, start, strict=True)]
    own = state.column_of(seat)
    others = [g for c, g in enumerate(gains) if c != own]
    adv = gains[own] - (sum(others) / len(others) if others else 0.0)
    return -adv if _lowest_wins(state) else adv


def _result(state: State, seat: int) -> float:
    """+1 for a won match (split when shared), -1 for a lost one, 0 while it goes on."""
    out = state.outcome
    if out is None:
        return 0.0
    if seat in out.winners:
        return 1.0 / len(out.winners)
    return -1.0


__all__ = ["MAX_CHILDREN", "ROLLOUT_CAP", "SearchBot"]
