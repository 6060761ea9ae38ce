"""10,000: the bot's stop decision — what it costs and the thresholds it implies.

The bot stops by the exact expected value of rolling on (``bots/games/ten_thousand.py``: a
dynamic programme over every roll of one to five dice). This prints how long the tables take to
build, the time per stop decision (the bot's whole ``choose`` on real positions of seeded bot
matches, and the bare table lookup), the smallest count at which stopping is best for each number
of dice left (on the board, and not yet), the value of a fresh turn, and when taking over the
count before beats a fresh roll. Usage::

    python3 bench/ten_thousand_stop.py [--matches 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import gamenight
from gamenight.bots.games.ten_thousand import (
    UNIT,
    TenThousandBot,
    roll_on_value,
    should_stop,
    thresholds,
    turn_table,
)


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


if __name__ == "__main__":
    main()
