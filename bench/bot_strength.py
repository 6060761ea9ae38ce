"""How much the heuristic bots beat random play: seeded matches, heuristic seats rotated.

For partnership games a heuristic pair plays a random pair (the pairs swap every match);
otherwise one heuristic seat plays against random seats (the seat rotates). A shared win
counts as a fraction. ``--preset`` plays a named rule set (games without it are skipped);
``--lone`` seats one heuristic bot with a random partner against a random pair (partnership
games only: how much the bot carries a partner who plays at random; wins and scores are the
team's). Usage::

    python bench/bot_strength.py [--games 1000] [--only euchre,hearts] [--workers 2]
    python bench/bot_strength.py --only hand-and-foot --preset ultimate --games 200 [--lone]
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import gamenight
from gamenight.bots import heuristic_games, make_bot, sampler_for


@dataclass
class Result:
    game: str
    players: int
    matches: int
    heuristic_share: float  # wins by heuristic seats, shared wins as fractions
    baseline: float  # the share a random bot would expect
    heuristic_mean: float
    random_mean: float


def heuristic_seats(partnership: bool, players: int, match: int) -> set[int]:
    if partnership:
        return {match % 2, match % 2 + 2}
    return {match % players}


def play_match(game: str, players: int, match: int, partnership: bool, preset: str | None = None,
               lone: bool = False) -> tuple[float, float, float]:
    s = gamenight.new(game, players=players, seed=match, preset=preset)
    rng = random.Random(match)
    smart = heuristic_seats(partnership, players, match)
    playing = {match % 2} if lone and partnership else smart
    bots = [make_bot("heuristic" if seat in playing else "random", game) for seat in range(players)]
    while not s.is_over:
        for seat in sorted(s.to_act):
            if seat in s.to_act:
                view = s.view(seat, layout=False)  # a bot reads the entries, not the drawing
                s.play(bots[seat].choose(view, s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    out = s.outcome
    assert out is not None
    share = sum(1 for w in out.winners if w in smart) / len(out.winners)
    smart_score = sum(out.scores[seat] for seat in smart) / len(smart)
    others = [out.scores[seat] for seat in range(players) if seat not in smart]
    return share, smart_score, sum(others) / len(others)


def _chunk(args: tuple[str, int, range, bool, str | None, bool]) -> list[tuple[float, float, float]]:
    game, players, matches, partnership, preset, lone = args
    return [play_match(game, players, m, partnership, preset, lone) for m in matches]


def measure(game: str, games: int, workers: int, players: int | None = None, preset: str | None = None,
            lone: bool = False) -> Result:
    spec = next(g for g in gamenight.games() if g.id == game)
    players = players or spec.default_players
    # partnerships need four or more players (two play head to head, three-hand canasta alone)
    partnership = bool(spec.teams) and players >= 4 and players % 2 == 0
    step = max(1, games // (workers * 4))
    chunks = [(game, players, range(i, min(i + step, games)), partnership, preset, lone)
              for i in range(0, games, step)]
    with ProcessPoolExecutor(workers) as pool:
        rows = [r for part in pool.map(_chunk, chunks) for r in part]
    smart_seats = 2 if partnership else 1
    return Result(
        game, players, len(rows),
        heuristic_share=sum(r[0] for r in rows) / len(rows),
        baseline=0.5 if partnership else smart_seats / players,
        heuristic_mean=sum(r[1] for r in rows) / len(rows),
        random_mean=sum(r[2] for r in rows) / len(rows),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=None, help="player count (default: the game's usual)")
    parser.add_argument("--preset", default=None, help="a named rule set (games without it are skipped)")
    parser.add_argument("--lone", action="store_true",
                        help="partnership games: one heuristic bot with a random partner")
    args = parser.parse_args()
    wanted = [g for g in args.only.split(",") if g] or heuristic_games()
    if args.preset:
        wanted = [g for g in wanted if args.preset in next(s for s in gamenight.games() if s.id == g).presets]
    print(f"{'game':<18}{'players':>8}{'matches':>9}{'heuristic wins':>16}{'random would':>14}"
          f"{'mean score h/r':>18}{'seconds':>9}")
    for game in wanted:
        t = time.perf_counter()
        r = measure(game, args.games, args.workers, args.players, args.preset, args.lone)
        print(f"{r.game:<18}{r.players:>8}{r.matches:>9}{r.heuristic_share:>15.1%} {r.baseline:>13.1%}"
              f"{r.heuristic_mean:>10.1f} /{r.random_mean:>6.1f}{time.perf_counter() - t:>9.1f}")


if __name__ == "__main__":
    main()
