"""OpenSpiel: every game registered with pyspiel, its random-simulation check, resampling through
the game's own sample, and OpenSpiel's ISMCTS bot playing a whole Euchre match."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import gamenight  # noqa: E402
from gamenight.interop.openspiel import GAMES, short_name  # noqa: E402

#: atomic actions each random simulation plays: every check of random_sim_test runs at each step
STEPS = 30
#: one game of each shape in the default run; every other game in the slow tier
SAMPLE = ["gamenight_euchre", "gamenight_canasta", "gamenight_ten_thousand"]


def test_every_game_is_registered() -> None:
    assert sorted(GAMES) == sorted(short_name(spec.id) for spec in gamenight.games())
    assert set(GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", SAMPLE)
def test_random_simulation(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, {"seed": 1, "max_steps": STEPS}), num_sims=1,
                            serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(GAMES) - set(SAMPLE)))
def test_random_simulation_of_every_game(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, {"seed": 1, "max_steps": STEPS}), num_sims=1,
                            serialize=False, verbose=False)


def test_parameters_reach_the_engine() -> None:
    game = pyspiel.load_game("gamenight_hearts", {"players": 5, "preset": "",
                                                  "options": "{}", "seed": 2})
    state = game.new_initial_state()
    assert game.num_players() == 5 and state.state.num_players == 5
    rook = pyspiel.load_game("gamenight_rook", {"preset": "to_1000"})
    assert rook.new_initial_state().state.preset == "to_1000"
    euchre = pyspiel.load_game("gamenight_euchre", {"options": '{"target": 5}'})
    assert euchre.new_initial_state().state.options.to_json()["target"] == 5


def test_resampling_keeps_what_the_player_knows() -> None:
    """The resampled state reads the same to the player (information state, observation) and
    redeals what it cannot see (another seat's observation changes)."""
    game = pyspiel.load_game("gamenight_hearts", {"seed": 4})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = (player + 1) % game.num_players()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for _ in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
        assert np.array_equal(world.information_state_tensor(player), state.information_state_tensor(player))
        assert world.legal_actions() == state.legal_actions() and world.history() == state.history()
        differs += world.observation_string(other) != state.observation_string(other)
    assert differs
    assert len(state.information_state_tensor(player)) == game.information_state_tensor_size() > 0


def test_ismcts_finishes_a_euchre_match() -> None:
    """OpenSpiel's ISMCTS bot (resampling through resample_from_infostate) plays North through a
    whole match of Euchre, to 10 points, the other seats playing at random."""
    game = pyspiel.load_game("gamenight_euchre", {"seed": 5})
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=4, random_state=rs, allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rs.choice(state.legal_actions())
        state.apply_action(action)
    outcome = state.state.outcome
    assert outcome is not None and max(outcome.scores) >= 10 and searched > 10
    assert state.returns() == [1.0 if s in outcome.winners else -1.0 for s in range(4)]
