"""Every game's casual bots, at every seat, play a whole match to its end.

A round the bots never end hangs a table of bots on a server, the arena and every bench: in The
Card Game four bots once took and threw back the same ace for ever, the stock untouched (the rummy
family's take rule, ``RummyBot.take_pays``; seed 20171, its third round). One seeded match a game,
with room for twenty times the longest seen (1,460 moves, Court Whist).
"""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for

#: moves after which a match is taken to be going round in circles
MOST_MOVES = 30_000
#: each game's match, and the matches where bots once went round in circles
MATCHES = [*sorted((spec.id, 500) for spec in gamenight.games()), ("the-card-game", 20171)]


@pytest.mark.parametrize(("game", "seed"), MATCHES)
def test_the_casual_bots_finish_a_whole_match(game: str, seed: int) -> None:
    state = gamenight.new(game, seed=seed)
    bot = make_bot("casual", game)
    rng = random.Random(seed)
    for _ in range(MOST_MOVES):
        if state.is_over:
            break
        seat = min(state.to_act)
        view = state.view(seat, layout=False)
        state.play(bot.choose(view, state.legal_moves(seat), sampler_for(state, seat), rng), seat)
    assert state.is_over, f"{game}: not over after {MOST_MOVES} moves"
    assert state.outcome is not None
