"""What a canasta-family match costs: a full match under each rule set of the canasta kernel
(Hand and Foot's three, classic Canasta's four-, two- and three-hand, Samba, Bolivia, Brazilian,
Mexicana, Joker Canasta, Oklahoma), and the heuristic bot's decision time as hands grow.

Two measurements, seeded, one process:

* **Match cost**: whole matches (each rule set's own length: Hand and Foot's four hands, or to
  the target, capped at ``--max-hands`` hands, since random players rarely get there) played by
  bots of one kind at the rule set's usual table,
  the engine's time only apart from the bots' (``--bots random`` is the engine's own cost:
  ``legal_moves`` + ``play`` + ``view`` per decision, as a bot sees the game).
* **Decision cost**: every decision of four heuristic bots, timed and grouped by the size of the
  deciding seat's hand (cards held, hand or foot), median and p95 per group.

A rule set is ``game[:preset][@players]``. Usage::

    python bench/canasta_bench.py [--matches 20] [--max-hands 40]
        [--rules canasta,samba:bolivia,oklahoma-canasta@4]
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
from gamenight.core.registry import get

#: every rule set the canasta kernel plays, at its usual table
RULE_SETS = ("hand-and-foot", "hand-and-foot:demeritt", "hand-and-foot:ultimate", "canasta",
             "canasta:two-hand", "canasta:three-hand", "samba", "samba:bolivia", "samba:brazilian",
             "mexicana", "joker-canasta", "oklahoma-canasta@4")

BUCKETS = ((0, 9), (10, 19), (20, 29), (30, 39), (40, 59), (60, 999))


@dataclass(frozen=True)
class RuleSet:
    game: str
    preset: str | None
    players: int

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """``game[:preset][@players]``; the players default to the preset's or the game's."""
        text, _, count = text.strip().partition("@")
        game, _, preset = text.partition(":")
        spec = get(game)
        chosen = spec.presets.get(preset) if preset else None
        default = chosen.players[0] if chosen is not None and chosen.players else spec.default_players
        return cls(game, preset or None, int(count) if count else default)

    def __str__(self) -> str:
        return f"{self.game}{':' + self.preset if self.preset else ''}@{self.players}"


@dataclass
class MatchCost:
    rules: RuleSet
    bots: str
    matches: int = 0
    moves: int = 0
    engine_s: float = 0.0
    bot_s: float = 0.0
    decisions: dict[tuple[int, int], list[float]] = field(default_factory=lambda: defaultdict(list))


def bucket(size: int) -> tuple[int, int]:
    return next(b for b in BUCKETS if b[0] <= size <= b[1])


def play_match(rules: RuleSet, bots: str, seed: int, cost: MatchCost, max_hands: int) -> None:
    # the cap bounds only a match played to a target; Hand and Foot's four-hand matches ignore it
    s = gamenight.new(rules.game, preset=rules.preset, players=rules.players, seed=seed,
                      options={"max_hands": max_hands})
    players = [make_bot(bots, rules.game) for _ in range(rules.players)]
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
    parser.add_argument("--rules", default=",".join(RULE_SETS),
                        help="game[:preset][@players], comma-separated")
    parser.add_argument("--max-hands", type=int, default=40,
                        help="the most hands of a match played to a target (Canasta's 5,000)")
    args = parser.parse_args()
    rule_sets = [RuleSet.parse(r) for r in args.rules.split(",")]
    print(f"{'rules':<26} {'bots':<10} {'matches':>7} {'moves/match':>11} {'engine ms/match':>15} "
          f"{'µs/move':>8} {'bot ms/match':>12}")
    decision_tables = {}
    for rules in rule_sets:
        for bots in ("random", "heuristic"):
            cost = MatchCost(rules, bots)
            if bots == "heuristic" and rules.game not in heuristic_games():
                continue
            for seed in range(args.matches):
                play_match(rules, bots, seed, cost, args.max_hands)
            per = cost.matches
            print(f"{rules!s:<26} {bots:<10} {per:>7} {cost.moves / per:>11.0f} "
                  f"{1000 * cost.engine_s / per:>15.1f} {1e6 * cost.engine_s / cost.moves:>8.1f} "
                  f"{1000 * cost.bot_s / per:>12.1f}")
            if bots == "heuristic":
                decision_tables[str(rules)] = cost.decisions
    print()
    print("Heuristic bot decision time by cards held (ms): median / p95 (decisions)")
    labels = [f"{lo}-{hi}" if hi < 999 else f"{lo}+" for lo, hi in BUCKETS]
    print(f"{'rules':<26} " + " ".join(f"{label:>20}" for label in labels))
    for name, table in decision_tables.items():
        cells = []
        for b in BUCKETS:
            times = sorted(table.get(b, []))
            if not times:
                cells.append(f"{'—':>20}")
                continue
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            cell = f"{1000 * statistics.median(times):.2f} / {1000 * p95:.2f} ({len(times)})"
            cells.append(f"{cell:>20}")
        print(f"{name:<26} " + " ".join(cells))


if __name__ == "__main__":
    main()
