"""PettingZoo: every gamenight game as an AEC environment.

    >>> from gamenight.interop.pettingzoo import env
    >>> e = env("euchre", seed=1)
    >>> e.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are ``seat_0`` .. ``seat_{n-1}``. An action is one atomic action of the game's fixed
:class:`~gamenight.interop.actions.ActionSpace`: a move takes one action or a few (select the
cards, then the verb), and the same agent keeps acting until its move is made. Where several seats
may act at once (Hearts' passing: ``State.to_act``) they take turns in seat order, the lowest seat
first. Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` (see
:mod:`gamenight.interop.observe`).

Rewards come at the end of the match, from its outcome: +1 to each seat among the winners (a
shared win is a win for each), -1 to every other seat; nothing before. ``max_steps`` truncates a
match after that many atomic actions (``None``: play to the end).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import gamenight
from gamenight.core.state import State
from gamenight.interop.actions import Selection, space_for
from gamenight.interop.observe import Obs, Observer, text

WIN, LOSS = 1.0, -1.0


def match_rewards(state: State) -> list[float]:
    """Each seat's reward for the finished match: +1 among the winners, -1 otherwise."""
    outcome = state.outcome
    winners = set(outcome.winners) if outcome is not None else set()
    return [WIN if seat in winners else LOSS for seat in range(state.num_players)]


class GamenightEnv(AECEnv):  # type: ignore[misc]
    """One gamenight game as a PettingZoo AEC environment (see the module's text)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "gamenight_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game: str, preset: str | None = None, options: dict[str, Any] | None = None,
                 players: int | None = None, seed: int | None = None, max_steps: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game, self.preset, self.options, self.max_steps = game, preset, dict(options or {}), max_steps
        self.render_mode = render_mode
        self._players = players
        probe = self._new(0)
        self.players = self._players = probe.num_players
        self.space = space_for(probe)
        self.observer = Observer(probe, self.space)
        self.possible_agents = [f"seat_{i}" for i in range(self.players)]
        n_actions, n_obs = self.space.size, self.observer.size
        self._action_space = spaces.Discrete(n_actions)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (n_obs,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self._rng = random.Random(seed)
        self.state = probe
        self.selections: list[Selection] = []
        self.steps = 0

    def _new(self, seed: int) -> State:
        return gamenight.new(self.game, players=self._players, seed=seed, preset=self.preset,
                             options=self.options or None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: dealt from ``seed`` when given (the same seed, the same deal), else from
        the environment's own generator."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self._new(self._rng.getrandbits(32))
        self.selections = [Selection(self.space, seat) for seat in range(self.players)]
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        """The seat with a move under way, else the lowest seat that may act."""
        for selection in self.selections:
            if selection.pending:
                return self.possible_agents[selection.seat]
        acting = self.state.to_act
        return self.possible_agents[min(acting) if acting else 0]

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The actions ``agent`` may take now (all zero when it is not its turn)."""
        out = np.zeros(self.space.size, dtype=np.int8)
        seat = self.seat_of(agent)
        if agent == self.agent_selection and not self.state.is_over and seat in self.state.to_act:
            allowed = self.selections[seat].allowed(self.state.legal_moves(seat))
            out[list(allowed)] = 1
        return out

    def observe(self, agent: str) -> dict[str, Obs | npt.NDArray[np.int8]]:
        seat = self.seat_of(agent)
        pending = self.selections[seat].pending if self.selections else ()
        return {"observation": self.observer.observe(self.state, seat, pending),
                "action_mask": self.mask(agent)}

    def text(self, agent: str) -> str:
        """What ``agent`` sees, in words (for language-model agents)."""
        return text(self.state.view(self.seat_of(agent)))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action, not None")
        seat = self.seat_of(agent)
        selection = self.selections[seat]
        move = selection.choose(int(action), self.state.legal_moves(seat))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.steps += 1
        if move is not None:
            selection.clear()
            self.state.play(move, seat)
        if self.state.is_over:
            self.rewards = dict(zip(self.agents, match_rewards(self.state), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.text(self.agent_selection)
        return None

    def close(self) -> None:
        pass


def env(game: str, preset: str | None = None, options: dict[str, Any] | None = None,
        players: int | None = None, seed: int | None = None, max_steps: int | None = None,
        render_mode: str | None = None) -> GamenightEnv:
    """The AEC environment of ``game`` (any id of :func:`gamenight.games`), with a rule set
    (``preset``), house rules (``options``) and a player count (``players``; default the game's)."""
    return GamenightEnv(game, preset=preset, options=options, players=players, seed=seed,
                        max_steps=max_steps, render_mode=render_mode)
