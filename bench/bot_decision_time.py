"""How long a game's heuristic bot takes to decide: the median and the 95th percentile.

Seeded matches are played by heuristic bots in every seat; each decision with more than one
legal move is timed (``view`` built as a bot reads it, then ``choose``), so the figure is what a
server waits for a bot's move, without the engine's own step. Usage::

    python bench/bot_decision_time.py --only canadian-salad [--players 8] [--matches 20] [--preset standard]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import gamenight
from gamenight.bots import make_bot, sampler_for


def decision_times(game: str, players: int | None, matches: int, preset: str | None) -> list[float]:
    """Seconds per decision over ``matches`` seeded matches."""
    out: list[float] = []
    for seed in range(matches):
        kwargs = {"players": players} if players else {}
        s = gamenight.new(game, seed=seed, preset=preset, **kwargs)  # type: ignore[arg-type]
        bot = make_bot("heuristic", game)
        rng = random.Random(seed)
        while not s.is_over:
            seat = min(s.to_act)
            legal = s.legal_moves(seat)
            if len(legal) == 1:
                s.play(legal[0], seat)
                continue
            start = time.perf_counter()
            move = bot.choose(s.view(seat, layout=False), legal, sampler_for(s, seat), rng)
            out.append(time.perf_counter() - start)
            s.play(move, seat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", required=True, help="a game id")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--preset", default=None)
    args = parser.parse_args()
    times = sorted(decision_times(args.only, args.players, args.matches, args.preset))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"{args.only}: {len(times)} decisions, median {statistics.median(times) * 1000:.3f} ms, "
          f"95th percentile {p95 * 1000:.3f} ms, slowest {times[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
