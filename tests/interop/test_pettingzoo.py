"""PettingZoo: PettingZoo's own api_test on every game id and rule set, and a match to the end."""

from __future__ import annotations

import contextlib
import io
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test

import gamenight
from gamenight.interop.pettingzoo import env

#: api_test plays this many cycles (one action per agent each): enough to pass through several
#: phases of every game (bids, passes, draws, melds) and cheap enough for all games and presets
CYCLES = 30
RULE_SETS = [(spec.id, preset) for spec in gamenight.games() for preset in (None, *spec.presets)]


@pytest.mark.parametrize(("game", "preset"), RULE_SETS)
def test_api_test_passes(game: str, preset: str | None) -> None:
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()) as out:
        # api_test prefers Box observations; ours are PettingZoo's own dict with action_mask
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(game, preset=preset, seed=0), num_cycles=CYCLES)
    assert "Passed API test" in out.getvalue()


def test_a_match_ends_with_the_winners_rewarded() -> None:
    """Red Dog (quick to end at random) played through the AEC loop to its outcome: every agent is
    terminated with +1 for the winners and -1 for the others, and the seed replays the match."""
    def play(seed: int) -> tuple[dict[str, float], list[str], tuple[int, ...]]:
        e = env("red-dog", seed=seed)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals: dict[str, float] = {}
        for agent in e.agent_iter(10_000):
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] = totals.get(agent, 0.0) + reward
            action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            e.step(action)
        assert not e.agents and e.state.outcome is not None
        return totals, [str(m) for _, m in e.state.moves], e.state.outcome.winners

    totals, moves, winners = play(7)
    assert winners and set(totals) == set(e_agents(7))
    assert all(totals[f"seat_{s}"] == (1.0 if s in winners else -1.0) for s in range(len(totals)))
    assert play(7)[1] == moves


def e_agents(seed: int) -> list[str]:
    return env("red-dog", seed=seed).possible_agents


def test_a_simultaneous_phase_is_turns_in_seat_order() -> None:
    """Hearts' passing lets all four seats act at once: the environment hands them turns, lowest
    seat first, and a seat keeps the turn while its move is under way."""
    e = env("hearts", seed=3)
    e.reset(seed=3)
    assert len(e.state.to_act) == 4 and e.agent_selection == "seat_0"
    seen = []
    for _ in range(12):  # three cards each, one action per card
        seen.append(e.agent_selection)
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen == [f"seat_{s}" for s in range(4) for _ in range(3)]


def test_rule_sets_house_rules_and_player_counts_reach_the_game() -> None:
    five = env("hearts", players=5, seed=1)
    five.reset()
    assert five.possible_agents == [f"seat_{s}" for s in range(5)] and five.state.num_players == 5
    short = env("euchre", options={"target": 5}, preset=None, seed=1)
    short.reset()
    assert short.state.options.to_json()["target"] == 5
    assert env("rook", preset="to_1000").state.preset == "to_1000"


def test_max_steps_truncates_every_agent() -> None:
    e = env("euchre", seed=2, max_steps=5)
    e.reset(seed=2)
    acted = 0
    for _agent in e.agent_iter(100):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        acted += 1
    assert acted == 5 and not e.agents and not e.state.is_over
