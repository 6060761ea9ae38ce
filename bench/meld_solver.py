"""The meld solver's cost as hands grow: gamenight's exact best arrangement, and OpenSpiel's gin
deadwood (C++) side by side on gin hands.

Grid: hands of 10, 13, 16 and 20 cards, of which 0, 2, 4 or 6 are jokers, the rest drawn from
1, 2 or 4 shuffled decks; rules: sets and runs of three or more, jokers wild, ace low or high
(not round the corner), at least one natural per meld — the most permissive wild rules of the
seeds, so the hardest for the solver. Each call is timed cold: the solver's per-hand cache is
cleared first, so the figure is what a new hand costs (a repeated hand costs a dictionary hit).

``--dense`` draws the naturals from only two suits and seven ranks instead of the whole deck:
every hand is then full of overlapping sets and runs, the solver's worst case.

The gin lines compare the call a bot makes on every turn: the least deadwood of a 10-card hand,
and, for an 11-card hand after the draw, the least deadwood over every possible discard
(OpenSpiel's ``min_deadwood`` on 11 cards does the same). OpenSpiel's ``GinRummyUtils`` is its
C++ gin utility exposed through pybind11.

A last table times the canasta family's big hands (15, 30 and 40 cards; sets only, and Samba's
sets with wild-free sequences), which a picked-up discard pile produces.

Usage: ``python bench/meld_solver.py [--hands 200] [--seed 1] [--dense] [--quick]``
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence

from gamenight.equipment import cards as C
from gamenight.families.melds import ACE_EITHER, MeldRules, MeldSolver

SIZES = (10, 13, 16, 20)
WILDS = (0, 2, 4, 6)
DECKS = (1, 2, 4)
RULES = MeldRules(ace=ACE_EITHER)  # jokers wild, at least one natural, no ratio or cap


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def summary(times: Sequence[float]) -> tuple[float, float, float]:
    """(median µs, p95 µs, calls per second at the mean)."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return statistics.median(ordered) * 1e6, p95 * 1e6, len(ordered) / sum(ordered)


def random_hand(rng: random.Random, size: int, wilds: int, decks: int, dense: bool) -> list[int]:
    pool = [C.make_card(r, s) for s in (range(2) if dense else range(4))
            for r in (range(6, 13) if dense else range(13))] * decks
    # dense pools hold 14 cards a deck: top up with more decks so a 20-card hand is possible
    while len(pool) < size:
        pool += pool[: 14]
    return rng.sample(pool, size - wilds) + [C.JOKER] * wilds


def grid(hands: int, seed: int, dense: bool, sizes: Sequence[int]) -> None:
    solver = MeldSolver(RULES)
    rng = random.Random(seed)
    print(f"gamenight meld solver, cold calls ({'dense hands' if dense else 'random hands'}), "
          f"{hands} hands a cell")
    print(f"{'decks':>5} {'cards':>5} {'wilds':>5} {'median µs':>10} {'p95 µs':>9} {'hands/s':>9}")
    for decks in DECKS:
        for size in sizes:
            for wilds in WILDS:
                times = []
                for _ in range(hands):
                    hand = random_hand(rng, size, wilds, decks, dense)
                    solver.cache_clear()
                    times.append(timed(lambda h=hand: solver.deadwood(h)))  # type: ignore[misc]
                med, p95, rate = summary(times)
                print(f"{decks:>5} {size:>5} {wilds:>5} {med:>10.0f} {p95:>9.0f} {rate:>9.0f}", flush=True)


def gin_side_by_side(hands: int, seed: int) -> None:
    gin = MeldSolver(MeldRules())  # standard gin: ace low, no wilds
    rng = random.Random(seed)
    ten = [rng.sample(range(52), 10) for _ in range(hands)]
    eleven = [rng.sample(range(52), 11) for _ in range(hands)]
    rows: list[tuple[str, tuple[float, float, float]]] = []

    def cold(call: Callable[[list[int]], object], data: list[list[int]]) -> list[float]:
        out = []
        for h in data:
            gin.cache_clear()
            out.append(timed(lambda h=h: call(h)))  # type: ignore[misc]
        return out

    rows.append(("gamenight deadwood, 10 cards", summary(cold(gin.deadwood, ten))))
    rows.append(("gamenight every discard, 11 cards", summary(cold(gin.deadwood_after_discards, eleven))))
    rows.append(("gamenight best() with melds, 10 cards", summary(cold(gin.best, ten))))
    gin.cache_clear()
    for h in ten:
        gin.deadwood(h)
    rows.append(("gamenight deadwood, cache hit", summary([timed(lambda h=h: gin.deadwood(h))  # type: ignore[misc]
                                                           for h in ten])))
    try:
        import pyspiel  # noqa: F401
        from pyspiel import gin_rummy
    except ImportError:
        print("\nOpenSpiel is not installed (pip install -e '.[bench]'): no side-by-side figures.")
    else:
        utils = gin_rummy.GinRummyUtils(13, 4, 10)
        suits = {"s": C.SPADES, "c": C.CLUBS, "d": C.DIAMONDS, "h": C.HEARTS}
        ours_of = []
        for i in range(52):
            text = utils.card_string(i)
            r = "A23456789TJQK".index(text[0])
            ours_of.append(suits[text[1]] * 13 + (C.ACE if r == 0 else r - 1))
        mismatches = sum(utils.min_deadwood(h) != gin.deadwood([ours_of[i] for i in h]) for h in ten)
        for h in eleven:
            after = gin.deadwood_after_discards([ours_of[i] for i in h])
            mismatches += utils.min_deadwood(h) != min(after.values())

        def spiel(data: list[list[int]]) -> tuple[float, float, float]:
            return summary([timed(lambda h=h: utils.min_deadwood(h)) for h in data])  # type: ignore[misc]

        rows.append(("OpenSpiel min_deadwood, 10 cards", spiel(ten)))
        rows.append(("OpenSpiel min_deadwood, 11 cards", spiel(eleven)))
        print(f"\nOpenSpiel agreement: {2 * hands - mismatches}/{2 * hands} hands give the same deadwood.")
    print(f"\nGin (ace low, no wilds), {hands} random hands")
    print(f"{'':40} {'median µs':>10} {'p95 µs':>9} {'calls/s':>9}")
    for label, (med, p95, rate) in rows:
        print(f"{label:40} {med:>10.1f} {p95:>9.1f} {rate:>9.0f}")


def big_hands(hands: int, seed: int) -> None:
    """Canasta-family hands (a picked-up discard pile makes 30-40 cards): sets only with
    Canasta's wild limits, and Samba's sets plus wild-free sequences, from 2 and 3 decks."""
    threes = frozenset(C.cards("3C 3D 3H 3S"))
    cases = [
        ("canasta, sets only", MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), min_naturals=2,
                                         wild_ratio="at_most_naturals", max_wilds=3, unmeldable=threes),
         C.standard_deck(decks=2, jokers=4)),
        ("samba, sets + sequences", MeldRules(ace="high", max_run=7, wild_ranks=frozenset({C.TWO}),
                                              min_naturals=2, max_wilds=2, wilds_in_runs=False,
                                              unmeldable=threes),
         C.standard_deck(decks=3, jokers=6)),
    ]
    rng = random.Random(seed)
    print(f"\nBig hands, cold calls, {hands} hands a cell (wild cards as dealt)")
    print(f"{'rules':26} {'cards':>5} {'median µs':>10} {'p95 µs':>9} {'hands/s':>9}")
    for label, rules, deck in cases:
        solver = MeldSolver(rules, values_of_canasta())
        for size in (15, 30, 40):
            times = []
            for _ in range(hands):
                hand = rng.sample(deck, size)
                solver.cache_clear()
                times.append(timed(lambda h=hand, s=solver: s.deadwood(h)))  # type: ignore[misc]
            med, p95, rate = summary(times)
            print(f"{label:26} {size:>5} {med:>10.0f} {p95:>9.0f} {rate:>9.0f}", flush=True)


def values_of_canasta() -> list[int]:
    """Joker 50, ace and two 20, king to eight 10, seven to three 5."""
    per_rank = [20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20]
    return [per_rank[C.RANK_OF[c]] for c in range(52)] + [50]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="hands per cell")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dense", action="store_true", help="naturals from two suits and seven ranks")
    parser.add_argument("--quick", action="store_true", help="10 and 20 cards only")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'cpu'}")
    gin_side_by_side(max(args.hands, 500), args.seed)
    print()
    grid(args.hands, args.seed, args.dense, (10, 20) if args.quick else SIZES)
    big_hands(max(20, args.hands // 4), args.seed)


if __name__ == "__main__":
    main()
