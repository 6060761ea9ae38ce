"""The canasta-family bot under classic canasta's rules: key decisions on stacked positions, and a
seeded match against random players at each player count (short: two hands)."""

from __future__ import annotations

import random

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.base import RandomBot
from gamenight.bots.games.canasta import ClassicCanastaBot
from gamenight.core.moves import Move
from tests.games.canasta.scenarios import position
from tests.helpers import run_down_stock

K7 = "KC KD KH KS KC KD KH"


def decide(s: gamenight.State, seat: int) -> Move:
    bot = ClassicCanastaBot()
    return bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), random.Random(1))


def test_it_takes_a_big_pile_and_goes_out_when_it_can() -> None:
    s = position(hands={1: "QC QD 4C 6D 8H"}, pile="5C 9S 9D 9H JS JD JH QS", books={1: [K7]})
    assert str(decide(s, 1)).startswith("pickup")
    s = position(hands={1: "AC AD AH"}, stock="5C", books={1: [K7]})
    s.play("draw")
    while not s.sheet.rows:  # it may ask its partner first (he holds eleven cards)
        seat = min(s.to_act)
        s.play(decide(s, seat), seat)
    assert s.sheet.rows[-1].note == "East went out"


def test_it_ends_the_hand_after_the_last_red_three() -> None:
    s = position(hands={1: "QC QD QH 4C 5D"}, stock="3H", books={1: ["9C 9D 9H"]})
    run_down_stock(s, 1, top_last=True)
    s.begin_turn(1)
    s.play("draw")
    for _ in range(5):
        if s.sheet.rows:
            break
        s.play(decide(s, 1))
    assert s.sheet.rows[-1].note == "the stock ran out"


def one_hand(n: int, seed: int, smart: set[int]) -> list[int]:
    """One hand, heuristic bots in the ``smart`` seats, random players elsewhere: each seat's total."""
    s = gamenight.new("canasta", players=n, seed=seed, options={"max_hands": 1})
    bots = [make_bot("heuristic", "canasta") if seat in smart else RandomBot() for seat in range(n)]
    rng = random.Random(seed)
    while not s.is_over:
        seat = min(s.to_act)
        s.play(bots[seat].choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return [s.sheet.totals[s.column_of(x)] for x in range(n)]


def test_it_outscores_random_play() -> None:
    # (bench/bot_strength.py measures it properly: 300 matches a player count)
    four = [one_hand(4, seed, {0, 2}) for seed in (3, 4)]
    assert sum(t[0] for t in four) > sum(t[1] for t in four)
    two = [one_hand(2, seed, {0}) for seed in (1, 2)]
    assert sum(t[0] for t in two) > sum(t[1] for t in two)
    three = one_hand(3, 7, {0})  # three-hand: one bot alone against two random players, to the end
    assert len(three) == 3
