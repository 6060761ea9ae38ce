"""The rummy kernel's rule switches are one frozen, typed record (``RummyRules``), checked when it
is made: a combination no game could play is refused where it is written."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from typing import Any, cast

import pytest

import gamenight
from gamenight.families.rummy_rules import ClaimOrder, Dig, Restock, RummyRules
from gamenight.games.five_hundreds import FiveHundreds


@pytest.mark.parametrize(("changes", "words"), [
    ({"melds_in_turn": False, "max_melds_per_turn": 1}, "limit on melds"),
    ({"restock": Restock.END, "max_restocks": 2}, "never remade"),
    ({"melds_in_turn": False, "dig": Dig.TO_PLAY}, "dig needs melds"),
    ({"claim_order": ClaimOrder.FIRST_CLICK}, "order of claims needs claims"),
    ({"claims": True, "lay_off_in_turn": False}, "claims need lay-offs"),
    ({"layoffs_in_front": True, "lay_off_in_turn": False}, "need lay-offs"),
    ({"meld_verb": "discard"}, "meld verb"),
    ({"max_restocks": -1}, "0 or more"),
    ({"restock": "end"}, "enums' members"),
])
def test_a_combination_no_game_could_play_is_refused_when_made(changes: dict[str, Any],
                                                               words: str) -> None:
    with pytest.raises(ValueError, match=words):
        replace(RummyRules(), **changes)


def test_the_record_is_frozen_and_each_game_declares_one() -> None:
    rules = RummyRules()
    with pytest.raises(FrozenInstanceError):
        rules.claims = True  # type: ignore[misc]
    s = cast(FiveHundreds, gamenight.new("five-hundreds", players=3, seed=1,
                                         options={"claim_resolution": "first_click"}))
    assert s.rummy.claims and s.rummy.dig is Dig.TO_PLAY and s.rummy.claim_order is ClaimOrder.FIRST_CLICK
