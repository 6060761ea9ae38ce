"""Every game falls in one of the lobby's groups by its family, and no game lands among the "More
games" unless its family is truly alone of its kind."""

from __future__ import annotations

import gamenight
from gamenight.core.kinds import KIND_OF_FAMILY, KINDS, MORE, kind_of


def test_every_registered_family_has_a_kind() -> None:
    families = {spec.family for spec in gamenight.games()}
    assert families <= set(KIND_OF_FAMILY), families - set(KIND_OF_FAMILY)


def test_the_lobby_groups_hold_the_books_games_where_players_look_for_them() -> None:
    by_id = {spec.id: spec.to_json()["kind"] for spec in gamenight.games()}
    assert by_id["hearts"] == "Trick taking"
    assert by_id["gin-rummy"] == "Rummy"
    assert by_id["hand-and-foot"] == "Canasta"
    assert by_id["ten-thousand"] == by_id["mexican-train"] == "Dice and dominoes"
    assert by_id["jokers-wild"] == "Board games"
    assert by_id["red-dog"] == "Money games"
    assert sum(kind == MORE.words for kind in by_id.values()) <= 1


def test_an_unknown_family_is_among_more_games_and_the_groups_are_ordered_once() -> None:
    assert kind_of("a-family-nobody-declared") is MORE
    assert [k.order for k in KINDS] == list(range(len(KINDS)))
    assert len({k.words for k in KINDS}) == len(KINDS)
