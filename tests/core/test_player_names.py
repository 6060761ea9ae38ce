"""Plain words by the players' names (issue 26): 5 in a Row tells each player his own colour
("You are blue") and the other side's by its players' names, never by compass points."""

from __future__ import annotations

import gamenight
from gamenight.games.five_in_a_row import COLOURS, FiveInARow


def test_five_in_a_row_says_your_colour_and_the_others_by_name() -> None:
    s = gamenight.new("five-in-a-row", players=4, seed=3)
    assert isinstance(s, FiveInARow)
    s.name_seats(["Mia", "Leo", "Grandma", "Dad"])
    view = s.view(0)
    assert view["discs"] == [f"You are {COLOURS[0]} (with Grandma)", f"Leo & Dad play {COLOURS[1]}"]
    assert [side["name"] for side in view["board"]["sides"]] == ["Mia & Grandma", "Leo & Dad"]
    assert not any("North" in text or "South" in text for text in s.view(1)["discs"])


def test_against_one_player_the_other_is_named_alone() -> None:
    s = gamenight.new("five-in-a-row", players=2, seed=3)
    assert isinstance(s, FiveInARow)
    s.name_seats(["Mia", "Leo"])
    assert s.view(1)["discs"] == [f"Mia plays {COLOURS[0]}", f"You are {COLOURS[1]}"]
