"""The Court Whist score pad: a pad filled from a played party gives the engine's own sheet (two
tables and a sitter; every game from Revolution on), impossible games are refused in words, a
correction recomputes."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.pad import Pad
from tests.pad.court_whist_record import play_party
from tests.pad.record import check_pad_matches, refused


@pytest.mark.parametrize(("players", "seed", "options"), [
    (9, 0, {"first_game": 5}),  # two tables and one sitting out: Revolution, Confiscation, Restoration
    (5, 1, {}),  # the whole party at one table
])
def test_a_pad_filled_from_a_played_party_gives_the_engines_sheet(
        players: int, seed: int, options: dict[str, Any]) -> None:
    s, games = play_party(players, seed, options=options)
    check_pad_matches(s, games, options=options)



def test_impossible_games_are_refused_in_words_and_a_correction_recomputes() -> None:
    pad = Pad.create("court-whist", ["Ann", "Bob", "Cid", "Dee"], options={"first_game": 6})
    seats = {"seat": ["t1N", "t1E", "t1S", "t1W"]}
    hands = {f"tricks_{k}": [4, 3, 2, 4] for k in range(1, 5)}
    hands |= {f"spoke_{k}": [0, 0, 0, 0] for k in range(1, 5)}
    game = seats | hands | {"spoke_2": [1, 0, 0, 0]}
    assert refused(pad, game | {"seat": ["t1N", "t1N", "t1S", "t1W"]}) == \
        "Game 6: At table 1 2 players sit North: one player a chair."
    assert refused(pad, game | {"seat": ["t1S", "t1E", "t1N", "t1W"]}) == \
        "Game 6: Ann is a man, so North or East: partners are a man and a lady."
    assert refused(pad, game | {"tricks_3": [4, 3, 2, 5]}) == \
        "Game 6: Hand 3: table 1 takes 13 tricks in a hand, and the entry counts 14."
    row = pad.add(game).sheet.rows[0]
    assert (row.label, row.points, row.details) == ("Game 6: Confiscation", [21, 28, 24, 28],
                                                     ["6 + 3 + 6 + 6", "7 + 7 + 7 + 7", "6 + 6 + 6 + 6",
                                                      "7 + 7 + 7 + 7"])
    restoration = seats | {f"tricks_{k}": [4, 3, 2, 4] for k in range(1, 5)} | \
        {f"faces_{k}": [3, 3, 3, 3] for k in range(1, 5)}
    over = pad.add(restoration)
    assert over.over is not None and over.sheet.rows[1].points == [48, 52, 48, 52]
    assert pad.replace(0, game | {"spoke_2": [0, 0, 0, 0]}).sheet.totals == [72, 80, 72, 80]
