"""Information-set Monte Carlo tree search, single observer: the alternative the flat search was
measured against (``bench/search_strength.py --method ismcts``; docs/BOTS.md has the figures: on
the strong level's budget it gained +0.03 ± 0.26 points a deal on the heuristic in Euchre over 100
paired deals, the flat search +0.21 ± 0.18 over 150; on expert's budget it lost 0.42 ± 0.25 points a
deal to the flat search's strong level over 60, so the levels use the flat search).

Each iteration draws a fresh determinization from the seat's ``sampler`` and walks one tree whose
nodes are sequences of moves seen from the searching seat: at every decision (its own or another
seat's) the children legal in this determinization are the choices, chosen by UCB1 with their
availability counts in place of the parent's visits (a move legal in few determinizations is not
penalised for the others). A node's first child is the heuristic's move (the prior), the rest
come in random order; one node is added per iteration, and a heuristic rollout (the flat
search's, to the end of the deal) values it. The reward is the deal's score difference for the
searching seat's side, divided by the largest seen; a node credits it to the side that moved into
it (partners share it, opponents take its negative). The most visited root move is played.

The budget, the rollouts and the bot view are the flat search's (:class:`~.search.SearchBot`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.bots.base import Sampler, sampler_for
from gamenight.bots.search import SearchBot, _advantage, _result_weight, bot_view, standing
from gamenight.core.moves import Move
from gamenight.core.state import State

#: UCB1's exploration constant, on rewards in [-1, 1]
EXPLORATION = 0.7


@dataclass
class _Node:
    visits: int = 0
    #: the sum of raw rewards for the side that moved into this node
    total: float = 0.0
    #: how many times this node's move was legal when its parent was walked
    avail: int = 0
    children: dict[Move, _Node] = field(default_factory=dict)


@dataclass
class ISMCTSBot(SearchBot):
    """Single-observer ISMCTS with the heuristic as prior and rollout policy (module docstring)."""

    exploration: float = EXPLORATION
    _scale: float = field(default=1.0, repr=False)

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        self.last_simulations = self.last_moves = self.last_steps = 0
        if len(legal) == 1:
            return legal[0]
        seat = view.get("seat")
        first = sampler(rng)
        assert isinstance(seat, int)
        self._options = first.options.to_json()
        self._scale = 1e-9
        root = _Node()
        deadline = None if self.seconds is None else self.clock() + self.seconds
        steps = math.inf if self.steps is None else self.steps
        while self.last_simulations < self.simulations and self.last_steps < steps:
            if deadline is not None and self.last_simulations and self.clock() >= deadline:
                break
            world = first if not self.last_simulations else sampler(rng)
            self._iterate(root, world, seat, rng)
            self.last_simulations += 1
        self.last_moves = len(root.children)
        playable = [(m, n) for m, n in root.children.items() if m in legal]
        return max(playable, key=lambda mn: mn[1].visits)[0] if playable else legal[0]

    def _iterate(self, root: _Node, state: State, seat: int, rng: random.Random) -> None:
        start = standing(state)
        rows, deal = len(state.sheet.rows), state.deal_no
        own = state.column_of(seat)
        path: list[tuple[_Node, bool]] = [(root, True)]
        node = root
        while not (state.is_over or len(state.sheet.rows) != rows or state.deal_no != deal):
            who = min(state.to_act)
            legal = state.legal_moves(who)
            if not legal:
                break
            ours = state.column_of(who) == own
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.avail += 1
            fresh = [m for m in legal if m not in node.children]
            if fresh:
                # progressive bias, at its simplest: a node's first child is the heuristic's move
                move = self._prior(state, who, legal, rng) if not node.children else rng.choice(fresh)
                child = node.children[move] = _Node(avail=1)
                state.play(move, who)
                self.last_steps += 1
                path.append((child, ours))
                break
            move = max(legal, key=lambda m: self._ucb(node.children[m], ours))
            node = node.children[move]
            state.play(move, who)
            self.last_steps += 1
            path.append((node, ours))
        self.last_steps += self._roll_out(state, random.Random(rng.getrandbits(32)))
        reward = _advantage(state, seat, start)
        if state.outcome is not None:
            reward += (1.0 if seat in state.outcome.winners else -1.0) * _result_weight(state)
        self._scale = max(self._scale, abs(reward))
        for visited, side_ours in path:
            visited.visits += 1
            visited.total += reward if side_ours else -reward

    def _ucb(self, node: _Node, ours: bool) -> float:
        if node.visits == 0:
            return math.inf
        mean = node.total / node.visits / self._scale
        return mean + self.exploration * math.sqrt(math.log(max(1, node.avail)) / node.visits)

    def _prior(self, state: State, who: int, legal: list[Move], rng: random.Random) -> Move:
        view = bot_view(state, who, self._options)
        return self._policy(who).choose(view, legal, sampler_for(state, who), rng)


__all__ = ["EXPLORATION", "ISMCTSBot"]
