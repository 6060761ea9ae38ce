"""What a Hand and Foot match costs: a full four-player match under each rule set, and the
heuristic bot's decision time as hands grow.

Two measurements, seeded, one process:

* **Match cost**: whole matches (four hands; DeMeritt's to 10,000, capped at ``--max-hands``
  hands, since random players never get there) played by four bots of one kind,
  the engine's time only apart from the bots' (``--bots random`` is the engine's own cost:
  ``legal_moves`` + ``play`` + ``view`` per decision, as a bot sees the game).
* **Decision cost**: every decision of four heuristic bots, timed and grouped by the size of the
  deciding seat's hand (cards held, hand or foot), median and p95 per group.

Usage::

    python bench/hand_and_foot_bench.py [--matches 20] [--presets default,demeritt,ultimate] [--max-hands 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

import gamenight
from gamenight.bots import heuristic_games, make_bot, sampler_for

BUCKETS = ((0, 9), (10, 19), (20, 29), (30, 39), (40, 59), (60, 999))


@dataclass
class MatchCost:
    preset: str
    bots: str
    matches: int = 0
    moves: int = 0
    engine_s: float = 0.0
    bot_s: float = 0.0
    decisions: dict[tuple[int, int], list[float]] = field(default_factory=lambda: defaultdict(list))


def bucket(size: int) -> tuple[int, int]:
    return next(b for b in BUCKETS if b[0] <= size <= b[1])


def play_match(preset: str | None, bots: str, seed: int, cost: MatchCost, max_hands: int) -> None:
    # the cap bounds only a match played to a target (DeMeritt's); four-hand matches ignore it
    s = gamenight.new("hand-and-foot", preset=preset, players=4, seed=seed, options={"max_hands": max_hands})
    players = [make_bot(bots, "hand-and-foot") for _ in range(4)]
    rng = random.Random(seed)
    clock = time.perf_counter
    while not s.is_over:
        t0 = clock()
        seat = min(s.to_act)
        legal = s.legal_moves(seat)
        view = s.view(seat, layout=False)  # as bots get it: the entries, not the drawing
        t1 = clock()
        move = players[seat].choose(view, legal, sampler_for(s, seat), rng)
        t2 = clock()
        s.play(move, seat)
        t3 = clock()
        cost.engine_s += (t1 - t0) + (t3 - t2)
        cost.bot_s += t2 - t1
        cost.moves += 1
        if bots != "random":
            cost.decisions[bucket(view["hand_sizes"][seat])].append(t2 - t1)
    cost.matches += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--presets", default="default,demeritt,ultimate")
    parser.add_argument("--max-hands", type=int, default=40,
                        help="the most hands of a match played to a target (DeMeritt's 10,000)")
    args = parser.parse_args()
    presets = [p.strip() for p in args.presets.split(",")]
    print(f"{'rules':<10} {'bots':<10} {'matches':>7} {'moves/match':>11} {'engine ms/match':>15} "
          f"{'µs/move':>8} {'bot ms/match':>12}")
    decision_tables = {}
    for preset in presets:
        for bots in ("random", "heuristic"):
            cost = MatchCost(preset, bots)
            if bots == "heuristic" and "hand-and-foot" not in heuristic_games():
                continue
            for seed in range(args.matches):
                play_match(None if preset == "default" else preset, bots, seed, cost, args.max_hands)
            per = cost.matches
            print(f"{preset:<10} {bots:<10} {per:>7} {cost.moves / per:>11.0f} "
                  f"{1000 * cost.engine_s / per:>15.1f} {1e6 * cost.engine_s / cost.moves:>8.1f} "
                  f"{1000 * cost.bot_s / per:>12.1f}")
            if bots == "heuristic":
                decision_tables[preset] = cost.decisions
    print()
    print("Heuristic bot decision time by cards held (ms): median / p95 (decisions)")
    labels = [f"{lo}-{hi}" if hi < 999 else f"{lo}+" for lo, hi in BUCKETS]
    print(f"{'rules':<10} " + " ".join(f"{label:>20}" for label in labels))
    for preset, table in decision_tables.items():
        cells = []
        for b in BUCKETS:
            times = sorted(table.get(b, []))
            if not times:
                cells.append(f"{'—':>20}")
                continue
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            cell = f"{1000 * statistics.median(times):.2f} / {1000 * p95:.2f} ({len(times)})"
            cells.append(f"{cell:>20}")
        print(f"{preset:<10} " + " ".join(cells))


if __name__ == "__main__":
    main()
