"""The 5 in a Row bot: it finishes its rows, blocks the opponent's four and saves its jacks."""

from __future__ import annotations

import random

from gamenight.bots.base import sampler_for
from gamenight.bots.games.five_in_a_row import FiveInARowBot
from tests.games.five_in_a_row.test_rules import new, put


def choice(s, seat: int = 1) -> str:  # type: ignore[no-untyped-def]
    bot = FiveInARowBot()
    move = bot.choose(s.view(seat, layout=False), s.legal_moves(seat), sampler_for(s, seat), random.Random(0))
    return str(move)


def test_blocks_the_opponents_four() -> None:
    s = new(["2H 3H 4H 5H 6H", "8S 2C 3C 7D 9H"])
    put(s, 0, (4, 2), (4, 3), (4, 5), (4, 6))
    assert choice(s) == "play 8S 4,4"


def test_finishes_its_own_row_before_blocking() -> None:
    s = new(["2H 3H 4H 5H 6H", "8S 9D 3C 7D 9H"])
    put(s, 0, (4, 2), (4, 3), (4, 5), (4, 6))
    put(s, 1, (3, 3), (3, 4), (3, 5), (3, 6))  # 9D at (3,7) finishes it
    assert choice(s) == "play 9D 3,7"


def test_saves_a_two_eyed_jack_for_when_it_matters() -> None:
    s = new(["2H 3H 4H 5H 6H", "JC 2C 3C 7D 9H"])
    put(s, 1, (4, 4))
    assert not choice(s).startswith("play JC")


def test_a_two_eyed_jack_wins_a_row_when_no_card_does() -> None:
    s = new(["2H 3H 4H 5H 6H", "JD 2C 3C 7D 9H"])
    put(s, 1, (6, 0), (6, 1), (6, 2), (6, 3))
    assert choice(s) == "play JD 6,4"


def test_a_one_eyed_jack_breaks_a_four_it_cannot_block() -> None:
    s = new(["2H 3H 4H 5H 6H", "JS 2C 3C 7D 9H"])
    put(s, 0, (6, 0), (6, 1), (6, 2), (6, 3))
    assert choice(s).startswith("remove JS 6,")


def test_exchanges_a_dead_card() -> None:
    s = new(["2H 3H 2D 5H 6H", "4H 2C 3C 7D 9H"])
    put(s, 0, (0, 1), (6, 8))
    assert choice(s) == "dead 4H"
