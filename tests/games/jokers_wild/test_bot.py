"""The Jokers Wild bot: it finishes a marble when it can, and beats random play."""

from __future__ import annotations

import random

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.games.jokers_wild import CASTLE, EMPTY, HOME, JokersWild
from tests.helpers import deal_deck, set_position


def test_bot_brings_a_marble_into_its_castle_rather_than_past_it() -> None:
    hands = ["6H 5D 2S 2H 2C", "3C 3D 3H 3S 4C", "4D 4H 4S 3C 3D", "3H 3S 4C 4D 4H"]
    s = gamenight.new("jokers-wild", players=4, deck=deal_deck(hands))
    assert isinstance(s, JokersWild)
    holes = list(s.holes)
    for h in HOME[0]:
        holes[h] = EMPTY
    for h in (HOME[0][0], 70, 30, 31, 32):  # one marble at home, four out on the loop
        holes[h] = 0
    set_position(s, turn=0, extra={"holes": holes})
    bot = make_bot("heuristic", "jokers-wild")
    move = bot.choose(s.view(0), s.legal_moves(0), sampler_for(s, 0), random.Random(1))
    assert str(move) == "move 6H 70"
    s.play(move, 0)
    assert s.holes[CASTLE[0][0]] == 0


def test_heuristic_pair_beats_a_random_pair() -> None:
    wins = 0
    for k in range(4):
        s = gamenight.new("jokers-wild", players=4, seed=100 + k)
        assert isinstance(s, JokersWild)
        ours = {k % 2, k % 2 + 2}
        bots = {seat: make_bot("heuristic" if seat in ours else "random", "jokers-wild") for seat in range(4)}
        rng = random.Random(k)
        while not s.is_over:
            seat = s.turn
            s.play(bots[seat].choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
        assert s.outcome is not None
        wins += set(s.outcome.winners) == ours
    assert wins >= 3
