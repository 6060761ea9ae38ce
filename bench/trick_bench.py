"""Random full deals of Euchre, Hearts and Oh Hell: gamenight against OpenSpiel, side by side.

Both engines are driven from Python the same way: at every decision ask for the legal moves,
pick one uniformly with a seeded ``random.Random``, apply it. OpenSpiel's chance nodes (its
shuffle and deal, one chance action per card) are sampled from their outcome lists, which is
how its own Python examples play; gamenight shuffles inside ``play``. Rules are matched as far as
the two engines allow (see ``PAIRS``); what cannot be matched is printed with the results.

Usage: ``python bench/trick_bench.py [--seconds 3] [--repeats 3] [--wall]`` (needs the ``bench``
extra: ``pip install -e '.[bench]'``). Prints the cost per deal and per card played for each engine
and the ratio gamenight / OpenSpiel (below 1.0 means gamenight is faster): the median, and the
range, of each repeat's ratio of two runs side by side. Time is this process's
CPU time, which both engines share (one thread): on a machine other work keeps busy, wall time
counts the moments the process waits for a core, which hit the two engines unevenly; ``--wall``
measures wall time, as this script did before 2026-12-07.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gamenight
from peers import openspiel_random_playout


@dataclass(frozen=True)
class Pair:
    label: str
    game: str
    new_kwargs: dict[str, Any]
    spiel_game: str
    spiel_params: dict[str, Any]
    note: str


PAIRS = [
    Pair("Euchre (standard)", "euchre", {"preset": "standard", "options": {"stick_the_dealer": True}},
         "euchre", {"stick_the_dealer": True},
         "North American rules, stick the dealer on both sides so every deal is played out"),
    Pair("Hearts (standard)", "hearts", {"preset": "standard"},
         "hearts", {},
         "4 players, 13 cards, passing, no points on the first trick; OpenSpiel draws the pass "
         "direction by chance, gamenight follows the cycle"),
    Pair("Oh Hell (standard, 4p)", "oh-hell", {"players": 4, "preset": "standard"},
         "oh_hell", {"players": 4},
         "every round bid in turn with the dealer's hook, a point a trick + 10 for exact; OpenSpiel "
         "draws each deal's hand size at random, gamenight plays rounds 1..10..1 (compare per card)"),
]


@dataclass
class Tally:
    deals: int = 0
    cards: int = 0
    seconds: float = 0.0

    def per_deal_us(self) -> float:
        return self.seconds / self.deals * 1e6

    def per_card_us(self) -> float:
        return self.seconds / self.cards * 1e6


#: the clock both engines are timed by (CPU time of this process; main() may set wall time)
clock: Callable[[], float] = time.process_time


def run_gamenight(pair: Pair, seconds: float, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    start = clock()
    match = 0
    while clock() - start < seconds:
        s = gamenight.new(pair.game, seed=seed + match, **pair.new_kwargs)
        match += 1
        while not s.is_over:
            acting = s.to_act
            seat = next(iter(acting)) if len(acting) == 1 else sorted(acting)[rng.randrange(len(acting))]
            moves = s.legal_moves(seat)
            move = moves[rng.randrange(len(moves))]
            s.play(move, seat)
        tally.deals += len(s.score_sheet.rows)
        tally.cards += cards_played(s)
    tally.seconds = clock() - start
    return tally


def cards_played(s: Any) -> int:
    """Every card played in a finished match, as its events tell them: a card the rules force and the
    engine plays itself (Hearts' opening two of clubs) is counted too, as OpenSpiel counts its own
    (there a decision with one legal action), so both sides' time is divided by the same 52 a deal."""
    return sum(1 for e in s.events if e.kind == "play")


def run_openspiel(pair: Pair, seconds: float, seed: int) -> Tally:
    import pyspiel

    game = pyspiel.load_game(pair.spiel_game, pair.spiel_params)
    players = game.num_players()
    rng = random.Random(seed)
    count_cards = _card_counter(pair.spiel_game, players)
    tally = Tally()
    start = clock()
    while clock() - start < seconds:
        s = game.new_initial_state()
        decisions = openspiel_random_playout(s, rng)
        tally.deals += 1
        tally.cards += count_cards(s, decisions)
    tally.seconds = clock() - start
    return tally


def _card_counter(name: str, players: int) -> Callable[[Any, int], int]:
    if name == "euchre":
        return lambda s, _decisions: int(s.num_cards_played())
    if name == "hearts":
        return lambda _s, _decisions: 52
    # oh_hell: every player bids once, every other decision is a card played
    return lambda _s, decisions: decisions - players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="repeats; the median is reported")
    parser.add_argument("--only", default="", help="comma-separated gamenight game ids")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not CPU time")
    args = parser.parse_args()
    global clock
    clock = time.perf_counter if args.wall else time.process_time
    pairs = [p for p in PAIRS if not args.only or p.game in args.only.split(",")]
    print(f"{'game':<22}{'engine':<12}{'deals':>8}{'us/deal':>11}{'us/card':>10}{'ratio/card':>12}")
    for pair in pairs:
        ours: list[Tally] = []
        theirs: list[Tally] = []
        for r in range(args.repeats):  # interleaved, so drift in machine load hits both alike
            ours.append(run_gamenight(pair, args.seconds, seed=1000 * r))
            theirs.append(run_openspiel(pair, args.seconds, seed=1000 * r))
        g = _median(ours)
        o = _median(theirs)
        # each repeat's ratio is of two runs side by side in time, so a change in the machine's load
        # between repeats cancels; the median of those, and their range, are reported
        ratios = sorted(a.per_card_us() / b.per_card_us() for a, b in zip(ours, theirs, strict=True))
        ratio = ratios[len(ratios) // 2]
        print(f"{pair.label:<22}{'gamenight':<12}{g.deals:>8}{g.per_deal_us():>11.1f}{g.per_card_us():>10.2f}"
              f"{ratio:>12.2f}  ({ratios[0]:.2f}-{ratios[-1]:.2f})")
        print(f"{'':<22}{'OpenSpiel':<12}{o.deals:>8}{o.per_deal_us():>11.1f}{o.per_card_us():>10.2f}")
        print(f"{'':<22}  rules: {pair.note}")


def _median(tallies: list[Tally]) -> Tally:
    return sorted(tallies, key=Tally.per_card_us)[len(tallies) // 2]


if __name__ == "__main__":
    main()
