"""Red Dog's kinds of move: each refusal names its rule, and bets and raises read as money."""

from __future__ import annotations

import pytest

from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from tests.games.red_dog.test_rules import play, red_dog


def test_a_bet_without_an_amount_is_asked_for_its_amount() -> None:
    s = red_dog(["3S", "KH", "9C"])
    with pytest.raises(IllegalMove, match=r"Say how much you bet, in cents: for example 'bet 5' \(\$0.05\)"):
        s.play("bet", 0)


def test_a_bet_beyond_the_purse_is_refused_with_the_purse() -> None:
    s = red_dog(["3S", "KH", "2C"], stake=30)
    with pytest.raises(IllegalMove, match=r"Your purse holds \$0.30: you cannot bet \$0.35"):
        s.play("bet 35", 0)


def test_bets_raises_and_standing_read_as_money() -> None:
    s = red_dog(["3S", "KH", "9C"], max_bet=500)
    assert s.describe_move(parse_move("bet 200"), 0) == "Bet $2.00"
    play(s, "bet 15")
    assert s.describe_move(parse_move("raise 10"), 0) == "Raise $0.10"
    assert s.describe_move(parse_move("stand"), 0) == "Stand: keep the bet at $0.15"
