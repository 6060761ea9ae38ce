"""What a seeded random playout costs, game by game: the engine work every random-play test, every
bot rollout and every simulation repeats.

Each playout lists the legal moves of the seat to act on the live game and plays one at random,
to the end of the match (or ``--steps``); ``--views`` also draws every seat's view at each step,
as the conformance checks and a server do. The figure is CPU time (``time.thread_time``, with the
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


def playout(game: str, players: int | None, seed: int, steps: int, views: bool) -> int:
    """One seeded random playout; the number of moves played."""
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
    return played


def cost(game: str, players: int | None, seeds: int, steps: int, views: bool) -> tuple[float, int]:
    """CPU seconds and moves of one pass over the seeds."""
    gc.disable()
    try:
        start = time.thread_time()
        moves = sum(playout(game, players, seed, steps, views) for seed in range(seeds))
        return time.thread_time() - start, moves
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
    print(f"{'game':<22} {'moves':>7} {'CPU ms':>9} {'µs/move':>9}")
    for game in ns.game.split(","):
        spent, moves = cost(game, ns.players, ns.seeds, ns.steps, ns.views)
        print(f"{game:<22} {moves:>7} {spent * 1000:>9.0f} {spent / max(moves, 1) * 1e6:>9.0f}", flush=True)


if __name__ == "__main__":
    main()
