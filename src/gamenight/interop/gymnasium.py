"""Gymnasium: one seat of a gamenight game as a single-agent environment.

    >>> from gamenight.interop.gymnasium import SeatEnv
    >>> env = SeatEnv("hearts", seat=0, opponents="heuristic")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))

The agent plays ``seat``; every other seat is played by a gamenight bot (``opponents``: a bot kind
of :func:`gamenight.bots.make_bot`, ``"heuristic"`` by default, or a :class:`~gamenight.bots.Bot`
per seat), which sees only its own seat's view and samples through the game's own ``sample``.
Actions, observations and the mask are those of :mod:`gamenight.interop.pettingzoo` (the mask is
in ``info["action_mask"]``, the view's text in ``info["text"]`` when ``text=True``); the reward is
the match result for the agent's seat at the end (+1 a win, -1 otherwise), 0 before.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import gamenight
from gamenight.bots import Bot, make_bot, sampler_for
from gamenight.core.state import State
from gamenight.interop.actions import Selection, space_for
from gamenight.interop.observe import Obs, Observer, text
from gamenight.interop.pettingzoo import match_rewards


class SeatEnv(gymnasium.Env[Obs, Any]):
    """``seat`` of ``game`` against bots (see the module's text)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium's own class attribute

    def __init__(self, game: str, seat: int = 0, opponents: str | Mapping[int, Bot] = "heuristic",
                 preset: str | None = None, options: dict[str, Any] | None = None,
                 players: int | None = None, max_steps: int | None = None, text: bool = False,
                 render_mode: str | None = None) -> None:
        self.game, self.preset, self.options = game, preset, dict(options or {})
        self.max_steps, self.with_text, self.render_mode = max_steps, text, render_mode
        probe = gamenight.new(game, players=players, preset=preset, options=self.options or None, seed=0)
        self.players = probe.num_players
        self.seat = probe.check_seat(seat)
        self.space = space_for(probe)
        self.observer = Observer(probe, self.space)
        self.bots: dict[int, Bot] = {
            s: (make_bot(opponents, game) if isinstance(opponents, str) else opponents[s])
            for s in range(self.players) if s != self.seat}
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.observer.size,), np.float32)
        self.state: State = probe
        self.selection = Selection(self.space, self.seat)
        self._bot_rng = random.Random(0)
        self.steps = 0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**31))
        self.state = gamenight.new(self.game, players=self.players, preset=self.preset,
                                   options=self.options or None, seed=deal)
        self._bot_rng = random.Random(deal)
        self.selection = Selection(self.space, self.seat)
        self.steps = 0
        self._bots_play()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        legal = self.state.legal_moves(self.seat)
        move = self.selection.choose(int(action), legal)
        self.steps += 1
        if move is not None:
            self.selection.clear()
            self.state.play(move, self.seat)
            self._bots_play()
        over = self.state.is_over
        reward = match_rewards(self.state)[self.seat] if over else 0.0
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        return self._observation(), reward, over, truncated, self._info()

    def _bots_play(self) -> None:
        """The bots' moves, until the agent's seat may act or the match is over (where the agent
        and bots may act at once, the bots go first: the agent's seat waits its turn last)."""
        state = self.state
        while not state.is_over:
            bots = sorted(s for s in state.to_act if s != self.seat)
            if not bots:
                return
            seat = bots[0]
            legal = state.legal_moves(seat)
            move = self.bots[seat].choose(state.view(seat, layout=False), legal, sampler_for(state, seat),
                                          self._bot_rng)
            state.play(move, seat)

    def action_mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.space.size, dtype=np.int8)
        if not self.state.is_over and self.seat in self.state.to_act:
            mask[list(self.selection.allowed(self.state.legal_moves(self.seat)))] = 1
        return mask

    def _observation(self) -> Obs:
        return self.observer.observe(self.state, self.seat, self.selection.pending)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_mask()}
        if self.with_text:
            info["text"] = text(self.state.view(self.seat))
        return info

    def render(self) -> str | None:
        return text(self.state.view(self.seat)) if self.render_mode == "ansi" else None

