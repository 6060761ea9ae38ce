"""Gymnasium: an agent choosing at random over the mask plays Hearts against three heuristic bots."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gamenight.interop.gymnasium import SeatEnv


def test_a_random_agent_plays_hearts_against_three_heuristic_bots_to_the_end() -> None:
    env = SeatEnv("hearts", seat=2, opponents="heuristic", text=True)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    assert env.observation_space.contains(obs) and "South" in info["text"]
    terminated = truncated = False
    reward = 0.0
    agent_moves = 0
    while not (terminated or truncated):
        assert info["action_mask"].any(), "the agent is asked to act only when it may"
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        agent_moves += 1
    state = env.state
    assert state.outcome is not None and terminated and not truncated
    assert reward == (1.0 if 2 in state.outcome.winners else -1.0)
    seats = {seat for seat, _ in state.moves}
    assert seats == {0, 1, 2, 3} and agent_moves >= sum(1 for seat, _ in state.moves if seat == 2)
