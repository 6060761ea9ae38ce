"""Random hands of Gin Rummy per second: gamenight, OpenSpiel and RLCard, side by side in one run.

* gamenight ``gin-rummy`` preset ``standard``: one hand is one deal played out by uniformly random
  legal moves, from the deal to the hand's end (knock, gin, or the wall), counted inside whole
  matches (a new match starts when one ends; its setup is counted too).
* OpenSpiel ``gin_rummy`` (default parameters, which the preset matches): random legal actions,
  chance nodes included, from the initial state to a terminal state.
* RLCard ``gin-rummy``: two ``RandomAgent``s, ``env.run()`` per hand.

Each engine runs ``--seconds`` per repeat, interleaved, and the median repeat is reported, with
the moves (decisions) per hand and the share of hands that end in a score. Usage:
``python bench/gin_bench.py [--seconds 5] [--repeats 3] [--only gamenight,openspiel,rlcard]``.
Targets: at least twice OpenSpiel's hands per second and ten times RLCard's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import gamenight
from peers import openspiel_random_playout


@dataclass
class Tally:
    hands: int = 0
    moves: int = 0
    scored: int = 0
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.hands / self.seconds


def run_gamenight(seconds: float, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = gamenight.new("gin-rummy", preset="standard", seed=rng.randrange(1 << 62))
        while not s.is_over:
            moves = s.legal_moves()
            s.play(moves[rng.randrange(len(moves))])
            tally.moves += 1
        tally.hands += s.deal_no  # type: ignore[attr-defined]
        tally.scored += sum(1 for r in s.score_sheet.rows if r.label.startswith("Hand") and any(r.points))
    tally.seconds = time.perf_counter() - start
    return tally


def run_openspiel(seconds: float, seed: int) -> Tally:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state()
        tally.moves += openspiel_random_playout(s, rng)
        tally.hands += 1
        tally.scored += s.returns()[0] != 0
    tally.seconds = time.perf_counter() - start
    return tally


def run_rlcard(seconds: float, seed: int) -> Tally:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    tally = Tally()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trajectories, payoffs = env.run(is_training=False)
        tally.hands += 1
        tally.moves += sum((len(t) - 1) // 2 for t in trajectories)
        tally.scored += any(p > 0 for p in payoffs)
    tally.seconds = time.perf_counter() - start
    return tally


ENGINES: dict[str, Callable[[float, int], Tally]] = {
    "gamenight": run_gamenight, "openspiel": run_openspiel, "rlcard": run_rlcard}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="repeats; the median is reported")
    parser.add_argument("--only", default=",".join(ENGINES), help="comma-separated engines")
    args = parser.parse_args()
    names = [n for n in ENGINES if n in args.only.split(",")]
    runs: dict[str, list[Tally]] = {n: [] for n in names}
    for r in range(args.repeats):  # interleaved, so drift in machine load hits all alike
        for n in list(runs):
            try:
                runs[n].append(ENGINES[n](args.seconds, 1000 * r + 1))
            except ImportError as e:  # a peer that is not installed (the 'bench' extra)
                print(f"{n}: not installed ({e.name}); skipped")
                del runs[n]
    medians = {n: sorted(t, key=lambda x: x.per_second)[len(t) // 2] for n, t in runs.items()}
    print(f"{'engine':<12}{'hands':>8}{'hands/s':>10}{'ms/hand':>9}{'moves/hand':>12}{'scored':>8}")
    for n, t in medians.items():
        print(f"{n:<12}{t.hands:>8}{t.per_second:>10.1f}{1000 / t.per_second:>9.2f}{t.moves / t.hands:>12.1f}"
              f"{t.scored / t.hands:>8.1%}")
    ours = medians.get("gamenight")
    for n, target in (("openspiel", 2.0), ("rlcard", 10.0)):
        if ours is not None and n in medians:
            ratio = ours.per_second / medians[n].per_second
            met = "met" if ratio >= target else "NOT met"
            print(f"gamenight / {n}: {ratio:.2f}x (target {target:.0f}x: {met})")


if __name__ == "__main__":
    main()
