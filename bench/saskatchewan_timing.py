"""How long the Saskatchewan bot takes to decide: the median and the 95th percentile over every
decision of seeded bot matches (trick hands and the sevens alike). Usage::

    python bench/saskatchewan_timing.py [--matches 20] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import gamenight
from gamenight.bots import make_bot, sampler_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    times: list[float] = []
    chosen: list[float] = []  # decisions with a real choice (more than one legal move)
    for seed in range(args.matches):
        s = gamenight.new("saskatchewan", players=args.players, seed=seed)
        bot = make_bot("heuristic", "saskatchewan")
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            view = s.view(seat, layout=False)
            legal = s.legal_moves(seat)
            start = time.perf_counter()
            move = bot.choose(view, legal, sampler_for(s, seat), rng)
            times.append(time.perf_counter() - start)
            if len(legal) > 1:
                chosen.append(times[-1])
            s.play(move, seat)
    times.sort()
    print(f"{len(times)} decisions: median {1000 * statistics.median(times):.3f} ms, "
          f"95th percentile {1000 * times[int(0.95 * len(times))]:.3f} ms, max {1000 * times[-1]:.3f} ms")
    print(f"{len(chosen)} with a real choice: median {1000 * statistics.median(chosen):.3f} ms")


if __name__ == "__main__":
    main()
