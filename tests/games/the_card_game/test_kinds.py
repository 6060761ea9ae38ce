"""The Card Game's moves as kinds: the vote refused with its own rule, and said in words."""

from __future__ import annotations

from typing import cast

import gamenight
from gamenight.games.the_card_game import TheCardGame, Vote


def test_a_second_vote_breaks_the_rule_of_one_vote_each_and_a_vote_reads_in_words() -> None:
    s = cast(TheCardGame, gamenight.new("the-card-game", players=3, seed=2,
                                        options={"going_out_score": "vote"}))
    s.play("vote 0", 0)
    assert s.to_act == {1, 2}  # the table does not wait for a second vote
    assert Vote().verify(s, 0, s.parse("vote -5")) == "You have voted already: wait for the others."
    assert Vote().verify(s, 1, s.parse("vote 3")) == (
        "Vote 0 or -5 for the score of the player who goes out first: 'vote 0' or 'vote -5'.")
    assert s.describe_move(s.parse("vote -5"), 1) == "Vote -5 for going out"
