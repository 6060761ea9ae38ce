"""A search bot for every game: determinized Monte Carlo search over the game's own ``sample``.

The search runs in rounds. Each round draws one determinization of the hidden pieces from the
seat's ``sampler`` (the game's ``State.sample``, which keeps voids, shown cards and known melds) and
plays every candidate move on its own copy of it, then lets every acting seat's heuristic bot play
each copy on (several seats in a simultaneous phase: each is asked in turn), all copies with the
same rollout randomness. The candidates are the heuristic's own choice and up to
:data:`MAX_CHILDREN` - 1 others. Comparing moves on the same deals (common random numbers) takes
the luck of the deal out of their differences, which a small budget cannot average away; and the
heuristic's move, the prior, is kept unless another beats it on those same deals by
:data:`OVERRULE_Z` standard errors (a noisy best-of-eight would otherwise pick lucky moves). This is
flat information-set search: the root is the seat's information set; deeper nodes would be states
the seat cannot tell apart, and the heuristics already play them well.

How far a rollout goes. A whole match is long, so a rollout stops at the end of the current deal:
the generic signals in core are the score sheet gaining a row and ``State.deal_no`` moving on (every
kernel that deals keeps both). Games without deals (a board game, a dice race) are capped at
:data:`ROLLOUT_CAP` decisions. Either way the rollout is scored by the score sheet.

The reward, normalised per game. A rollout's raw value for the searching seat is its advantage: the
change of its column's total minus the mean change of the other columns (the sheet's columns are
teams in partnerships, ``State.column_of``), sign flipped where the lowest total wins (the kernel's
``match_rules.lowest_wins``, unless the sheet counts money). At selection advantages are divided
by the largest absolute advantage seen in this search, so every game's points (a Euchre deal's
1-4, a Hearts deal's 26, Red Dog's cents) land in [-1, 1]. A rollout that ends the match adds the
result: +1 for a win (shared wins split), -1 for a loss.

Budget and determinism. ``simulations`` caps the rollouts of one decision (rounds of one rollout
per candidate; as few candidates as leave two rounds); ``seconds`` caps its
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
#: root moves compared at most: the heuristic's choice and a sample of the rest (a rummy turn may
#: list hundreds of melds; spreading a small budget over all of them would learn nothing)
MAX_CHILDREN = 8
#: how sure the search must be before it overrules the heuristic: the other move's mean gain over
#: the heuristic's, on the same determinizations, must exceed this many standard errors
OVERRULE_Z = 1.0


@dataclass
class _Arm:
    """One root move, and its value in each round (``None``: not legal in that determinization)."""

    move: Move
    advantages: list[float | None] = field(default_factory=list)
    results: list[float] = field(default_factory=list)


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
        arms = self._arms(legal, prior, rng)
        deadline = None if self.seconds is None else self.clock() + self.seconds
        rounds = max(1, self.simulations // len(arms))
        for done in range(rounds):
            if deadline is not None and done and self.clock() >= deadline:
                break
            self._round(arms, first if done == 0 else sampler(rng), seat, rng.getrandbits(32))
            self.last_simulations += len(arms)
        self.last_moves = len(arms)
        return _best(arms).move

    def _arms(self, legal: list[Move], prior: Move, rng: random.Random) -> list[_Arm]:
        """The heuristic's move first, then others, as many as leave two rounds in the budget."""
        others = [m for m in legal if m != prior]
        room = min(MAX_CHILDREN, max(2, self.simulations // 2)) - 1
        if len(others) > room:
            others = rng.sample(others, room)
        return [_Arm(prior)] + [_Arm(m) for m in others]

    def _round(self, arms: list[_Arm], state: State, seat: int, seed: int) -> None:
        """Every arm played out on the same determinization with the same rollout randomness, so
        the arms' differences are the moves', not the deal's luck."""
        start = _standing(state)
        for arm in arms:
            copy = state.clone()
            try:
                copy.play(arm.move, seat)
            except GameError:  # a move the seat's information allows but this determinization does not
                arm.advantages.append(None)
                arm.results.append(0.0)
                continue
            self._roll_out(copy, random.Random(seed))
            arm.advantages.append(_advantage(copy, seat, start))
            arm.results.append(_result(copy, seat))

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


def _best(arms: list[_Arm]) -> _Arm:
    """The heuristic's move, unless another gained more on the same determinizations, surely enough
    (:data:`OVERRULE_Z` standard errors). Advantages are normalised by the largest seen, so every
    game's points weigh alike, and a match won or lost in a rollout counts +1 or -1 on top."""
    scale = max((abs(a) for arm in arms for a in arm.advantages if a is not None), default=0.0) or 1.0
    prior = arms[0]
    best, best_gain = prior, 0.0
    for arm in arms[1:]:
        rows = zip(arm.advantages, arm.results, prior.advantages, prior.results, strict=True)
        diffs = [(a / scale + r) - (p / scale + q) for a, r, p, q in rows if a is not None and p is not None]
        if len(diffs) < 2:
            continue
        mean = sum(diffs) / len(diffs)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
        if mean > best_gain and mean > OVERRULE_Z * sd / math.sqrt(len(diffs)):
            best, best_gain = arm, mean
    return best


def _acting_seat(state: State, legal: list[Move]) -> int:
    """The seat whose legal moves these are, where the view does not say."""
    for who in sorted(state.to_act):
        if state.legal_moves(who) == legal:
            return who
    return min(state.to_act)


def _standing(state: State) -> list[int]:
    return list(state.sheet.totals)


def _lowest_wins(state: State) -> bool:
    """Whether fewer points on the score sheet are better: the kernel's match rules say so
    (families.match.MatchPlay), unless the sheet counts money, where more is always better (Golf
    wins on the fewest strokes but keeps its sheet in cents)."""
    if state.sheet.unit == "cents":
        return False
    rules = getattr(state, "match_rules", None)
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


__all__ = ["MAX_CHILDREN", "OVERRULE_Z", "ROLLOUT_CAP", "SearchBot"]
