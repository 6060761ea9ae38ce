"""How long a game's heuristic bot takes to decide: per phase and over all, median, 95th and 99th
percentile, and the slowest.

Heuristic bots in every seat play seeded matches; every decision with more than one legal move
is timed twice: the bot's ``choose`` alone (the view and the legal moves are built before the
clock starts, as the server builds them anyway), and with the view it reads built too. For
games that score a contract per deal (a row note starting "made" or "set") it also prints how
often the declarers made it. Usage::

    python bench/bot_decisions.py --game five-hundred-rummy [--matches 50] [--players 8] [--preset P]
    python bench/bot_decisions.py --game court-whist --players 8 --matches 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

import gamenight
from gamenight.bots import make_bot, sampler_for


def summary(times: list[float]) -> str:
    xs = sorted(times)
    if len(xs) < 2:
        return f"{len(xs)} decisions"
    q = statistics.quantiles(xs, n=100)
    return (f"{len(xs):7d} decisions  median {statistics.median(xs) * 1e3:.3f} ms  p95 {q[94] * 1e3:.3f} ms  "
            f"p99 {q[98] * 1e3:.3f} ms  slowest {xs[-1] * 1e3:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="a game id")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--players", type=int, default=None, help="player count (default: the game's usual)")
    parser.add_argument("--preset", default=None)
    args = parser.parse_args()
    by_phase: dict[str, list[float]] = defaultdict(list)
    with_view: list[float] = []
    made = scored = 0
    for seed in range(args.matches):
        extra = {"players": args.players} if args.players else {}
        s = gamenight.new(args.game, seed=seed, preset=args.preset, **extra)  # type: ignore[arg-type]
        bots = [make_bot("heuristic", args.game) for _ in range(s.num_players)]
        rng = random.Random(seed)
        while not s.is_over:
            seat = min(s.to_act)
            legal = s.legal_moves(seat)
            if len(legal) == 1:
                s.play(legal[0], seat)
                continue
            t0 = time.perf_counter()
            view = s.view(seat, layout=False)
            sampler = sampler_for(s, seat)
            t1 = time.perf_counter()
            move = bots[seat].choose(view, legal, sampler, rng)
            t2 = time.perf_counter()
            by_phase[view["phase"] or "-"].append(t2 - t1)
            with_view.append(t2 - t0)
            s.play(move, seat)
        for row in s.score_sheet.rows:
            if row.note.startswith(("made", "set")):
                scored += 1
                made += row.note.startswith("made")
    every = [t for ts in by_phase.values() for t in ts]
    print(f"{args.game}: {args.matches} matches")
    for phase, ts in sorted(by_phase.items()):
        print(f"  {phase:10s} {summary(ts)}")
    print(f"  {'all':10s} {summary(every)}")
    print(f"  {'with view':10s} {summary(with_view)}")
    if scored:
        print(f"  contracts made: {made} of {scored} ({100 * made / scored:.1f}%)")


if __name__ == "__main__":
    main()
