"""Environment steps per second: gamenight's PettingZoo adapter beside OpenSpiel and RLCard, in one run.

A *step* is what a learning agent pays for one decision: its observation (a tensor and the mask of
legal actions) and one action applied, chosen uniformly among the legal ones.

* ``pz:GAME``: gamenight's PettingZoo AEC environment (``gamenight.interop.pettingzoo``): ``last()``
  then ``step()``, matches played to their end and reset (the reset counted); a step is one
  atomic action (a card, a meld's card, a verb), so the engine's moves per second are reported too.
* ``raw:GAME``: the same game driven through the engine alone (``legal_moves`` and ``play``, no view,
  no observation): the adapter's overhead is the ratio of the two moves per second.
* ``openspiel:GAME``: OpenSpiel's own game: ``observation_tensor`` (``information_state_tensor``
  where the game has no observation tensor) and ``legal_actions`` of the player to act, then
  ``apply_action``; chance nodes are sampled and not counted as steps.
* ``rlcard:gin-rummy``: RLCard's environment: ``env.step`` (which builds the next state's
  observation and legal actions) with a random legal action, ``env.reset`` at the end of a hand.

Usage: ``python bench/env_steps.py [--seconds 3] [--only pz:euchre,openspiel:euchre]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import gamenight

PZ_GAMES = ("euchre", "hearts", "gin-rummy", "canasta")
OPENSPIEL_GAMES = ("euchre", "hearts", "gin_rummy")


def run_pz(game: str, seconds: float) -> tuple[int, int, float]:
    """Atomic steps and engine moves through the PettingZoo adapter in ``seconds``."""
    from gamenight.interop.pettingzoo import env

    e = env(game, seed=0)
    rng = np.random.default_rng(0)
    steps = moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=seed)
        seed += 1
        for _ in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if time.perf_counter() - start >= seconds:
                break
        moves += len(e.state.moves)
    return steps, moves, time.perf_counter() - start


def run_raw(game: str, seconds: float) -> tuple[int, int, float]:
    """Moves through the engine alone (no view, no observation) in ``seconds``."""
    rng = random.Random(0)
    moves = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = gamenight.new(game, seed=seed)
        seed += 1
        while not state.is_over and time.perf_counter() - start < seconds:
            seat = min(state.to_act)
            legal = state.legal_moves(seat)
            state.play(legal[rng.randrange(len(legal))], seat)
            moves += 1
    return moves, moves, time.perf_counter() - start


def run_openspiel(game: str, seconds: float) -> tuple[int, int, float]:
    import pyspiel

    loaded = pyspiel.load_game(game)
    kind = loaded.get_type()
    observe = ((lambda s, p: s.observation_tensor(p)) if kind.provides_observation_tensor
               else (lambda s, p: s.information_state_tensor(p)))
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            observe(state, state.current_player())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps, steps, time.perf_counter() - start


def run_rlcard(game: str, seconds: float) -> tuple[int, int, float]:
    import rlcard

    env = rlcard.make(game, config={"seed": 0})
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            legal: Any = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, steps, time.perf_counter() - start


RUNNERS: dict[str, tuple[Callable[[str, float], tuple[int, int, float]], tuple[str, ...]]] = {
    "pz": (run_pz, PZ_GAMES), "raw": (run_raw, PZ_GAMES), "openspiel": (run_openspiel, OPENSPIEL_GAMES),
    "rlcard": (run_rlcard, ("gin-rummy",)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per environment")
    parser.add_argument("--only", default="", help="comma-separated engine:game pairs (default: all)")
    args = parser.parse_args()
    wanted = [w for w in args.only.split(",") if w]
    print(f"{'environment':28s} {'steps/s':>10s} {'moves/s':>10s}")
    for engine, (run, games) in RUNNERS.items():
        for game in games:
            name = f"{engine}:{game}"
            if wanted and name not in wanted:
                continue
            try:
                steps, moves, elapsed = run(game, args.seconds)
            except ImportError as missing:
                print(f"{name:28s} not installed ({missing.name})")
                continue
            print(f"{name:28s} {steps / elapsed:10.0f} {moves / elapsed:10.0f}", flush=True)


if __name__ == "__main__":
    main()
