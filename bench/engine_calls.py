"""What one engine call costs, position by position: ``legal_moves``, ``view`` (as a bot gets it)
and ``play``, each timed at the same fixed positions of seeded matches.

Positions are every 7th decision of seeded random-bot matches. Each call is timed in CPU time
(``time.thread_time``: other processes on the machine barely move it), with the garbage collector
off, and the best of ``--repeats`` passes is kept, so two engines can be compared on a busy
machine: run it through ``bench/compare.py --this-script`` (it uses only the public protocol, so
it runs against older trees too). ``play`` is timed on a clone, after ``legal_moves`` filled the
state's cache, as in a match.

Usage::

    python bench/engine_calls.py [--game hand-and-foot] [--presets default,demeritt,ultimate]
        [--matches 2] [--repeats 15]
"""

from __future__ import annotations

import argparse
import gc
import inspect
import random
import time
from collections.abc import Callable
from typing import Any

import gamenight
from gamenight.bots import make_bot, sampler_for

Position = tuple[Any, int, Any]  # a state, the seat to act, the move a bot chose there


def positions(game: str, preset: str | None, matches: int, every: int = 7) -> list[Position]:
    out: list[Position] = []
    for seed in range(matches):
        s = gamenight.new(game, preset=preset, seed=seed)
        bots = [make_bot("random", game) for _ in range(s.num_players)]
        rng = random.Random(seed)
        k = 0
        while not s.is_over:
            seat = min(s.to_act)
            legal = s.legal_moves(seat)
            move = bots[seat].choose(s.view(seat, **bot_view_args(s)), legal, sampler_for(s, seat), rng)
            if k % every == 0:
                out.append((s.clone(), seat, move))
            s.play(move, seat)
            k += 1
    return out


def bot_view_args(s: Any) -> dict[str, Any]:
    """The view bots get (trees before the layout description have no ``layout`` switch)."""
    return {"layout": False} if "layout" in inspect.signature(s.view).parameters else {}


def time_legal(pos: list[Position]) -> float:
    clock, total = time.thread_time, 0.0
    for s, seat, _ in pos:
        s._legal_cache = {}  # a fresh position: the query builds the list
        t0 = clock()
        s.legal_moves(seat)
        total += clock() - t0
    return total


def time_view(pos: list[Position]) -> float:
    clock, total = time.thread_time, 0.0
    kw = bot_view_args(pos[0][0])
    for s, seat, _ in pos:
        t0 = clock()
        s.view(seat, **kw)
        total += clock() - t0
    return total


def time_play(pos: list[Position]) -> float:
    clock, total = time.thread_time, 0.0
    for s, seat, move in pos:
        c = s.clone()
        c.legal_moves(seat)
        t0 = clock()
        c.play(move, seat)
        total += clock() - t0
    return total


def best(timer: Callable[[list[Position]], float], pos: list[Position], repeats: int) -> float:
    gc.collect()
    gc.disable()
    try:
        return min(timer(pos) for _ in range(repeats)) / len(pos) * 1e6
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="hand-and-foot")
    parser.add_argument("--presets", default="default,demeritt,ultimate")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    print(f"{args.game}: CPU µs per call, best of {args.repeats}")
    print(f"{'rules':<10} {'positions':>9} {'legal':>8} {'view':>8} {'play':>8} {'sum':>8}")
    for name in (p.strip() for p in args.presets.split(",")):
        pos = positions(args.game, None if name == "default" else name, args.matches)
        legal, view, play = (best(t, pos, args.repeats) for t in (time_legal, time_view, time_play))
        print(f"{name:<10} {len(pos):>9} {legal:>8.2f} {view:>8.2f} {play:>8.2f} {legal + view + play:>8.2f}")


if __name__ == "__main__":
    main()
