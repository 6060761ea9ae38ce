"""How long a Court Whist bot takes to decide: the median and 95th percentile of the heuristic bot's
``choose`` (and of building the view it reads) over every decision of seeded parties. Usage::

    python bench/court_whist_decisions.py [--parties 5] [--players 8]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import gamenight
from gamenight.bots import make_bot, sampler_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parties", type=int, default=5)
    parser.add_argument("--players", type=int, default=8)
    args = parser.parse_args()
    bot = make_bot("heuristic", "court-whist")
    choose: list[float] = []
    with_view: list[float] = []
    for seed in range(args.parties):
        s = gamenight.new("court-whist", players=args.players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = min(s.to_act)
            t0 = time.perf_counter()
            view = s.view(seat, layout=False)
            legal = s.legal_moves(seat)
            t1 = time.perf_counter()
            move = bot.choose(view, legal, sampler_for(s, seat), rng)
            t2 = time.perf_counter()
            choose.append(t2 - t1)
            with_view.append(t2 - t0)
            s.play(move, seat)
    for name, xs in (("choose", choose), ("view + choose", with_view)):
        xs.sort()
        print(f"{name:<14} {len(xs)} decisions: median {statistics.median(xs) * 1000:.3f} ms, "
              f"p95 {xs[int(len(xs) * 0.95)] * 1000:.3f} ms, max {xs[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
