"""What a seeded random playout costs, game by game: the engine work every random-play test, every
bot rollout and every simulation repeats.

Each playout lists the legal moves of the seat to act on the live game and plays one at random,
to the end of the match (or ``--steps``); ``--views`` also draws every seat's view at each step,
as the conformance checks and a server do. Then its log is replayed (``gamenight.replay``: each
move checked and made on a new game, as a server rebuilds a table and the tests check a log),
timed on its own. The figure is CPU time (``time.thread_time``, with the
garbage collector off), of one pass over the seeds in a new process: a second pass over the same
seeds would meet what the engine's own caches kept from the first (a memo of hand searches lives
as long as the process), which no real playout does. Compare two engines on a busy machine
through ``bench/compare.py --this-script --rounds 3`` (it uses only the public protocol) and read
the best round of each.

Usage::

    python bench/playouts.py [--game ten-dime-rummy,sticks] [--players 6] [--seeds 3]
        [--steps 400] [--views]
"""

from __future__ import annotations

import argparse
import gc
import random
import time

import gamenight
from gamenight.core.state import State


def playout(game: str, players: int | None, seed: int, steps: int, views: bool) -> State:
    """One seeded random playout."""
    s = gamenight.new(game, players=players, seed=seed)
    rng = random.Random(seed)
    played = 0
    while not s.is_over and played < steps:
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        moves = s.legal_moves(seat)
        if views:
            for other in (None, *range(s.num_players)):
                s.view(other)
        s.play(moves[rng.randrange(len(moves))], seat)
        played += 1
    return s


def cost(game: str, players: int | None, seeds: int, steps: int, views: bool) -> tuple[float, float, int]:
    """CPU seconds of one pass of playouts over the seeds, of replaying their logs, and the moves."""
    gc.disable()
    try:
        start = time.thread_time()
        games = [playout(game, players, seed, steps, views) for seed in range(seeds)]
        played = time.thread_time() - start
        logs = [g.log for g in games]
        start = time.thread_time()
        for log in logs:
            gamenight.replay(log)
        return played, time.thread_time() - start, sum(len(log["moves"]) for log in logs)
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="ten-dime-rummy,sticks,push,hand-and-foot,euchre",
                        help="games, comma-separated")
    parser.add_argument("--players", type=int, default=None, help="players (the game's usual count if unset)")
    parser.add_argument("--seeds", type=int, default=3, help="playouts per game, seeds 0..N-1")
    parser.add_argument("--steps", type=int, default=400, help="moves at most per playout")
    parser.add_argument("--views", action="store_true", help="also draw every seat's view at every step")
    ns = parser.parse_args()
    print(f"{'game':<22} {'moves':>7} {'play ms':>9} {'µs/move':>9} {'replay ms':>10} {'µs/move':>9}")
    for game in ns.game.split(","):
        played, replayed, moves = cost(game, ns.players, ns.seeds, ns.steps, ns.views)
        per = 1e6 / max(moves, 1)
        print(f"{game:<22} {moves:>7} {played * 1000:>9.0f} {played * per:>9.0f} {replayed * 1000:>10.0f} "
              f"{replayed * per:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
