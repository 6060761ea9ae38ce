"""10,000: the bot's stop decision — what it costs and the thresholds it implies.

The bot stops by the exact expected value of rolling on (``bots/games/ten_thousand.py``: a
dynamic programme over every roll of one to five dice). This prints how long the tables take to
build, the time per stop decision (the bot's whole ``choose`` on real positions of seeded bot
matches, and the bare table lookup), the smallest count at which stopping is best for each number
of dice left (on the board, and not yet), the value of a fresh turn, and when taking over the
count before beats a fresh roll. Usage::

    python3 bench/ten_thousand_stop.py [--matches 20] [--versus 500]

``--versus N`` also plays N seeded two-player matches of the exact bot against a rule of thumb
(keep the most valuable dice, never take over, stop at 300 once on the board, at the opening
count before), the seats alternating: what computing the expectation is worth.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import gamenight
from gamenight.bots.games.ten_thousand import (
    UNIT,
    TenThousandBot,
    roll_on_value,
    should_stop,
    thresholds,
    turn_table,
)
from gamenight.core.moves import Move


def build_times() -> list[tuple[str, float]]:
    out = []
    for melded in (True, False):
        turn_table.cache_clear()
        t = time.perf_counter()
        turn_table(melded)
        out.append(("on the board" if melded else "not yet on", (time.perf_counter() - t) * 1000))
    return out


def stop_decisions(matches: int) -> tuple[list[float], list[float]]:
    """Time the bot's choose at every roll-or-stop of seeded bot matches, and the bare lookup."""
    bot = TenThousandBot()
    whole: list[float] = []
    bare: list[float] = []
    for seed in range(matches):
        s = gamenight.new("ten-thousand", players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            legal = s.legal_moves(seat)
            view = s.view(seat, layout=False)
            t = time.perf_counter()
            move = bot.choose(view, legal, lambda r, s=s, seat=seat: s.sample(seat, r), rng)
            spent = time.perf_counter() - t
            if s.phase() == "go":
                whole.append(spent * 1000)
                table = turn_table(view["melded"][seat], view["rules"]["meld"])
                n = 5 - len(view["dice"]["held"]) or 5
                t = time.perf_counter()
                should_stop(table, view["turn_total"] // UNIT, n)
                bare.append((time.perf_counter() - t) * 1000)
            s.play(move, seat)
    return whole, bare


class RuleOfThumb:
    """Keeps the most valuable dice (the first listed), never takes over, stops at 300 once on
    the board and at the opening count before."""

    name = "rule of thumb"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        verbs = {m.verb: m for m in legal}
        if "keep" in verbs:
            return legal[0]
        if "stop" in verbs:
            seat = view["seat"]
            need = 300 if view["melded"][seat] else view["rules"]["meld"]
            return verbs["stop"] if view["turn_total"] >= need else verbs["roll"]
        return verbs["roll"]


def versus(matches: int) -> tuple[float, float, float]:
    """The exact bot's share of wins against the rule of thumb, and both mean scores."""
    exact, thumb = TenThousandBot(), RuleOfThumb()
    wins = 0.0
    scores = [0, 0]
    for seed in range(matches):
        s = gamenight.new("ten-thousand", players=2, seed=seed)
        mine = seed % 2
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move
            assert seat is not None
            bot: Any = exact if seat == mine else thumb
            s.play(bot.choose(s.view(seat, layout=False), s.legal_moves(seat), None, rng), seat)
        assert s.outcome is not None
        if mine in s.outcome.winners:
            wins += 1 / len(s.outcome.winners)
        scores[0] += s.outcome.scores[mine]
        scores[1] += s.outcome.scores[1 - mine]
    return wins / matches, scores[0] / matches, scores[1] / matches


def takeover_table() -> list[tuple[int, list[str]]]:
    """For counts taken over, with 1..5 dice free: take (T) or roll afresh (R), by the rule of
    the book (a 1 or 5 saves it), for a player on the board."""
    table = turn_table(True)
    fresh = roll_on_value(table, 0, 5)
    rows = []
    for count in (50, 100, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000):
        cells = []
        for n in range(1, 6):
            v = roll_on_value(table, count // UNIT, n, save="one_or_five")
            cells.append(f"{'T' if v > fresh else 'R'} {v:6.0f}")
        rows.append((count, cells))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--versus", type=int, default=0)
    args = parser.parse_args()
    for name, ms in build_times():
        print(f"table build ({name}): {ms:.1f} ms")
    whole, bare = stop_decisions(args.matches)
    q = statistics.quantiles(whole, n=20)
    print(f"stop decisions: {len(whole)} over {args.matches} matches; bot choose median "
          f"{statistics.median(whole):.4f} ms, p95 {q[-1]:.4f} ms; table lookup median "
          f"{statistics.median(bare) * 1000:.2f} µs")
    print("\nsmallest count at which stopping is best (and stays best), by dice left to roll:")
    print("  dice left       " + "".join(f"{n:>7}" for n in range(1, 6)))
    for melded in (True, False):
        th = thresholds(melded)
        label = "on the board" if melded else "not on yet"
        print(f"  {label:15} " + "".join(f"{th[n]!s:>7}" for n in range(1, 6)))
    for melded in (True, False):
        print(f"value of a fresh turn ({'on the board' if melded else 'not on yet'}): "
              f"{roll_on_value(turn_table(melded), 0, 5):.1f}")
    print("\ntaking over (book rule, on the board): T take, R roll afresh; expected points")
    print("  count  " + "".join(f"{n:>8} dice" for n in range(1, 6)))
    for count, cells in takeover_table():
        print(f"  {count:5}  " + "".join(f"{c:>13}" for c in cells))
    if args.versus:
        share, mine, theirs = versus(args.versus)
        print(f"\nexact bot against the rule of thumb, {args.versus} two-player matches: wins {share:.1%}, "
              f"mean score {mine:.0f} against {theirs:.0f}")


if __name__ == "__main__":
    main()
