"""How long a server's searching bot takes to answer, against the table's bot pause.

A server asks a level's bot with its time cap on (``make_bot(level, game)``, timed). This bench
plays seeded matches with the casual bot in every seat and, at every ``--every``-th decision with
a choice, asks the level's timed bot the same question and times its answer on the wall clock:
median, 99th percentile and slowest per game, and whether the 99th percentile is within the
table's default bot pause (``CreateTable.bot_delay_ms``). The wall clock counts whatever else the
machine does: run it on a quiet machine. Usage::

    python bench/level_latency.py [--games euchre,hearts] [--level strong] [--decisions 40] [--keep]

By default it times every game where the level searches (not where it is the heuristic bot, which
answers at once). ``--keep`` stores the figures in docs/level_latency.json and rewrites
docs/BOTS.md, which shows them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

import gamenight
from gamenight import arena
from gamenight.bots import heuristic_games, make_bot, sampler_for
from gamenight.bots.search import SearchBot
from gamenight.bots.search_doc import LATENCY_FILE
from gamenight.server.models import CreateTable

#: the table's default pause before a bot moves, in milliseconds
PAUSE_MS = int(CreateTable.model_fields["bot_delay_ms"].default)


def latencies(game: str, level: str, decisions: int, every: int, infer: int | None = None) -> list[float]:
    """Wall seconds of ``decisions`` answers of the timed ``level`` bot, in seeded casual matches
    (``infer``: its inference's candidate worlds a round instead of the level's, SearchBot.infer)."""
    out: list[float] = []
    seed = 0
    while len(out) < decisions and seed < 20:
        state = gamenight.new(game, seed=seed)
        casual = [make_bot("casual", game) for _ in range(state.num_players)]
        searching = make_bot(level, game)
        if infer is not None and isinstance(searching, SearchBot):
            searching.infer = infer
        rng = random.Random(seed)
        asked = 0
        while not state.is_over and len(out) < decisions:
            seat = min(state.to_act)
            legal = state.legal_moves(seat)
            view = state.view(seat, layout=False)
            if len(legal) > 1:
                asked += 1
                if asked % every == 0:
                    t = time.perf_counter()
                    searching.choose(view, legal, sampler_for(state, seat), random.Random(asked))
                    out.append(time.perf_counter() - t)
            state.play(casual[seat].choose(view, legal, sampler_for(state, seat), rng), seat)
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="game ids (default: every game with a bot)")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--decisions", type=int, default=40, help="answers timed per game")
    parser.add_argument("--every", type=int, default=3, help="time every n-th decision with a choice")
    parser.add_argument("--infer", type=int, default=None,
                        help="the level's inference instead: candidate worlds a round (SearchBot.infer); "
                             "a variant, never kept")
    parser.add_argument("--keep", action="store_true", help="keep the figures and rewrite docs/BOTS.md")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g] or [
        g for g in heuristic_games() if isinstance(make_bot(args.level, g), SearchBot)]
    kept: dict[str, dict[str, float]] = {}
    print(f"{args.level} bot, wall ms per answer; the table's bot pause is {PAUSE_MS} ms")
    print(f"{'game':<20}{'answers':>8}{'median':>9}{'p99':>9}{'slowest':>9}  within the pause")
    for game in games:
        xs = sorted(latencies(game, args.level, args.decisions, args.every, args.infer))
        p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
        print(f"{game:<20}{len(xs):>8}{1000 * statistics.median(xs):>9.0f}{1000 * p99:>9.0f}"
              f"{1000 * xs[-1]:>9.0f}  {'yes' if 1000 * p99 <= PAUSE_MS else 'NO'}", flush=True)
        kept[game] = {"answers": len(xs), "median": 1000 * statistics.median(xs), "p99": 1000 * p99,
                      "slowest": 1000 * xs[-1], "pause": PAUSE_MS}
    if args.keep and args.infer is None:  # a variant's figures are not the level's
        docs = Path(__file__).resolve().parents[1] / "docs"
        store = docs / LATENCY_FILE  # the other levels' figures and this level's other games stay
        everything = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
        everything.setdefault(args.level, {}).update(kept)
        store.write_text(json.dumps(everything, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        arena.main(["--doc", "--kept", "--docs", str(docs)])


if __name__ == "__main__":
    main()
