"""Saskatchewan on move kinds: the sevens hand's lay and paid pass, each rule once, in words."""

from __future__ import annotations

import pytest

import gamenight
from tests.games.saskatchewan.test_rules import SEVENS_DEAL, SEVENS_ONLY, sask
from tests.helpers import play_all


def test_the_sevens_moves_read_as_what_they_do() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    assert s.describe_move(s.legal_moves(1)[0], 1) == "Pass and pay $0.05 into the pot"
    s.play("pass", 1)
    assert s.describe_move(s.legal_moves(2)[0], 2) == "Start the hearts row with 7♥"
    play_all(s, [(2, "play 7H"), (3, "play 7S"), (0, "play 7D")])
    assert s.describe_move(s.parse("play 8D"), 1) == "Lay 8♦ on the rows"


def test_a_pass_with_a_word_after_it_and_two_cards_at_once_are_refused_by_their_kinds() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play("pass 6D", 1)
    assert str(e.value) == "'pass' takes nothing after it: say just 'pass'."
    s.play("pass", 1)
    with pytest.raises(gamenight.IllegalMove) as e:
        s.play("play 7H 8H", 2)
    assert str(e.value) == "Play one card on the rows, for example 'play 7H', or 'pass' when none fits."
