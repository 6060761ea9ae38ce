"""The Golf score pad: a pad filled from a played game gives the engine's money sheet, winners
(the lowest total of strokes, not the most money, where the game has one pot) and reason exactly;
a score no grid can make is refused in words; a correction recomputes the money.

Each hole's facts are read from the engine's state as it scores the hole: how it ended, each grid's
score, and the first hole's dealer."""

from __future__ import annotations

from typing import Any

from gamenight.games.golf import Golf
from gamenight.pad import Entry, Pad
from tests.pad.record import check_pad_matches, refused
from tests.pad.rummy_record import play_match


def golf_entry(s: Golf, out: int | None) -> Entry:
    """The hole as the pad asks for it."""
    ended = (f"knock:{s.knocker}" if s.knocker is not None else f"up:{s.ender}" if s.ender is not None
             else None)
    entry: Entry = {"ended": ended, "score": [s.score_of(p) for p in range(s.num_players)]}
    return entry | ({"dealer": s.dealer} if s.deal_no == 1 else {})


def test_a_pad_filled_from_a_played_game_gives_the_engines_sheet() -> None:
    # one pot for the game (a hole ended by all eight turned up), then a pot each hole
    game: tuple[tuple[int, int, dict[str, Any]], ...] = ((3, 4, {}), (4, 2, {"settlement": "per_round"}))
    for players, seed, options in game:
        s, holes = play_match("golf", players, seed, Golf, "_on_hand_over", golf_entry, options=options)
        assert len(holes) == 9
        check_pad_matches(s, holes, options=options)


def test_impossible_scores_are_refused_and_a_correction_recomputes_the_money() -> None:
    pad = Pad.create("golf", ["Ann", "Bob", "Cid"])
    first: Entry = {"dealer": 2, "ended": "knock:0", "score": [30, 10, 20]}
    assert refused(pad, first | {"score": [30, 81, 20]}) == \
        "Hole 1: Bob: grid's score: 81 is more than the cards in play allow (at most 80)."
    assert refused(pad, first | {"score": [-61, 10, 20]}) == \
        "Hole 1: Ann: grid's score: -61 is impossible, a count is never below -60."
    assert refused(pad, first | {"score": [-30, -26, 20]}) == \
        "Hole 1: Ann and Bob scored below -25: each grid would hold four jokers, and the decks hold 6."
    # everyone antes 25¢; Ann knocked and is highest: she pays double
    row = pad.add(first).sheet.rows[0]
    assert row.label == "Hole 1: Ann knocked" and row.points == [-75, -25, -25] and row.note == "pot $1.25"
    assert pad.replace(0, first | {"score": [30, 40, 20]}).sheet.rows[0].points == [-25, -50, -25]
    assert "dealer" not in pad.form_for(2).blank()  # the deal passes to the left
