"""How long a game's heuristic bot takes to decide, and (500 Rummy) how its contracts fare.

Four heuristic bots play seeded matches; every decision is timed (the bot's ``choose`` only:
the view and the legal moves are built before the clock starts, as the server builds them
anyway). Prints the median and the 99th percentile per phase. For games with an auction it also
prints how often the declarers made their bid. Usage::

    python bench/bot_decisions.py --game five-hundred-rummy [--matches 50]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import gamenight
from gamenight.bots import make_bot, sampler_for


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="five-hundred-rummy")
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--preset", default=None)
    args = parser.parse_args()
    times: dict[str, list[float]] = defaultdict(list)
    made = rows = 0
    for seed in range(args.matches):
        s = gamenight.new(args.game, seed=seed, preset=args.preset)
        bots = [make_bot("heuristic", args.game) for _ in range(s.num_players)]
        rng = random.Random(seed)
        while not s.is_over:
            seat = min(s.to_act)
            view = s.view(seat, layout=False)
            legal = s.legal_moves(seat)
            sampler = sampler_for(s, seat)
            start = time.perf_counter()
            move = bots[seat].choose(view, legal, sampler, rng)
            times[view["phase"]].append(time.perf_counter() - start)
            s.play(move, seat)
        for row in s.score_sheet.rows:
            rows += 1
            made += row.note.startswith("made")
    every = [t for ts in times.values() for t in ts]
    print(f"{args.game}: {args.matches} matches, {len(every)} decisions")
    for phase, ts in sorted(times.items()):
        q = statistics.quantiles(ts, n=100)
        print(f"  {phase:8s} {len(ts):7d} decisions  median {statistics.median(ts) * 1e3:.3f} ms  "
              f"p99 {q[98] * 1e3:.3f} ms")
    print(f"  all      median {statistics.median(every) * 1e3:.3f} ms")
    if rows:
        print(f"  contracts made: {made} of {rows} ({100 * made / rows:.1f}%)")


if __name__ == "__main__":
    main()
