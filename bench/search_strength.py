"""How much the search levels gain over the heuristic, in points per deal, and what a decision costs.

Each deal is played twice from the same seed (the same cards): once with the level under test in
its seats, once with the heuristic there instead; the rest of the table is the heuristic both times.
The paired difference of the tested seats' advantage (their points minus the others' mean, sign
flipped where fewer points win, as in Hearts) is the level's gain, reported with a 95% interval
(mean ± 1.96 standard errors). In partnership games the level holds a partnership (the pair swaps
every deal); otherwise one seat, rotating. The searching levels run without their time cap (the
simulation budget alone), so a run reproduces; the time per decision is measured on this machine.
Usage::

    python bench/search_strength.py [--deals 200] [--only euchre,hearts] [--levels strong,expert]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.search import SearchBot, _lowest_wins
from gamenight.core.state import State


@dataclass
class Deal:
    gain: float  # the level's advantage minus the heuristic's, same cards, same seats
    seconds: list[float]  # the level's decisions with a real choice


def tested_seats(state: State, deal: int) -> set[int]:
    spec = state.spec
    if spec.teams and state.num_players == 4:
        return {deal % 2, deal % 2 + 2}
    return {deal % state.num_players}


def play_deal(game: str, deal: int, level: str | None) -> tuple[float, list[float]]:
    """The tested seats' advantage over one deal, and their decision times (``level=None``: heuristic)."""
    state = gamenight.new(game, seed=deal)
    seats = tested_seats(state, deal)
    bots = {s: make_bot(level if (level and s in seats) else "heuristic", game, timed=False)
            for s in range(state.num_players)}
    rng = random.Random(deal)
    rows = len(state.sheet.rows)
    times: list[float] = []
    while not state.is_over and len(state.sheet.rows) == rows:
        for seat in sorted(state.to_act):
            if seat in state.to_act:
                legal = state.legal_moves(seat)
                t = time.perf_counter()
                move = bots[seat].choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)
                if isinstance(bots[seat], SearchBot) and len(legal) > 1:
                    times.append(time.perf_counter() - t)
                state.play(move, seat)
    points = state.sheet.rows[-1].points if state.sheet.rows else [0] * len(state.sheet.columns)
    cols = {state.column_of(s) for s in seats}
    own = sum(points[c] for c in cols) / len(cols)
    others = [p for c, p in enumerate(points) if c not in cols]
    adv = own - sum(others) / len(others)
    return (-adv if _lowest_wins(state) else adv), times


def measure_deal(args: tuple[str, int, str]) -> Deal:
    game, deal, level = args
    tested, times = play_deal(game, deal, level)
    baseline, _ = play_deal(game, deal, None)
    return Deal(tested - baseline, times)


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--only", default="euchre,hearts")
    parser.add_argument("--levels", default="strong,expert")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<10}{'level':<8}{'deals':>6}{'gain per deal':>20}{'ms/decision':>13}{'p99 ms':>9}")
    for game in args.only.split(","):
        for level in args.levels.split(","):
            jobs = [(game, d, level) for d in range(args.deals)]
            with ProcessPoolExecutor(args.workers) as pool:
                deals = list(pool.map(measure_deal, jobs, chunksize=4))
            mean, half = interval([d.gain for d in deals])
            times = sorted(t for d in deals for t in d.seconds)
            ms = 1000 * sum(times) / max(1, len(times))
            p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
            print(f"{game:<10}{level:<8}{len(deals):>6}{mean:>+12.3f} ± {half:<5.3f}{ms:>13.1f}{p99:>9.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
