"""Mexican Train (metzker-book.md §23, code MT): a stacked boneyard or a set position per rule
clause and option, the worked cases T-MT-1..5, and the golden match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import dominoes as D
from gamenight.games.mexican_train import MexicanTrain, engine_of, hand_size, pips_left
from tests.helpers import Pieces, golden_match, set_position

GAME = "mexican-train"


def stacked(players: int, hands: dict[int, list[str]], boneyard: Sequence[str] = (),
            **options: Any) -> MexicanTrain:
    """A game whose first round is drawn from a stacked boneyard: each seat's hand in turn from the
    shuffler's left (seat 1, 2, ..., then seat 0), then the boneyard in order. A hand given short
    is filled up with tiles no other hand or the boneyard names."""
    k = hand_size(players, options.get("tiles_table", "book"))
    named = {D.tile_of(c) for h in hands.values() for c in h} | {D.tile_of(c) for c in boneyard}
    spare = [D.CODE_OF[t] for t in range(91) if t not in named and t != D.DOUBLE[12]]
    deck: list[str] = []
    for s in [*range(1, players), 0]:
        hand = list(hands.get(s, []))
        while len(hand) < k:
            hand.append(spare.pop())
        deck += hand
    deck += list(boneyard)
    state = gamenight.new(GAME, players=players, seed=1, deck=deck, options=options)
    assert isinstance(state, MexicanTrain)
    return state


def position(hands: list[list[str]], *, turn: int = 0, boneyard: Sequence[str] = ("10-10",), engine: int = 12,
             trains: dict[int, list[str]] | None = None, mexican: Sequence[str] = (),
             marked: tuple[int, ...] = (),
             **options: Any) -> MexicanTrain:
    """A round in progress, described: each seat's tiles, the boneyard (exactly the tiles given),
    the trains laid (tiles in the order laid, each from the engine outward), markers and whose turn
    it is; every other tile of the set is out of play. The boneyard holds a 10-10 unless told
    otherwise, so a round is not blocked by an empty one."""
    n = len(hands)
    laid = [list((trains or {}).get(seat, [])) for seat in range(n)] + [list(mexican)]
    zones: dict[str, Pieces] = {f"hand {seat}": list(h) for seat, h in enumerate(hands)}
    zones |= {f"train {seat}": line for seat, line in enumerate(laid[:n])}
    zones |= {"mexican": laid[n], "boneyard": list(boneyard), "centre": [D.DOUBLE[engine]]}
    s = set_position(gamenight.new(GAME, players=n, seed=3, options=options), deal=1, zones=zones,
                     out_of_play="...", turn=turn, extra={
                         "engine": engine, "ends": [D.open_end(engine, D.tiles(line)) for line in laid],
                         "marked": [seat in marked for seat in range(n)], "uncovered": [],
                         "owed": False, "drew": False, "announced": [False] * n})
    assert isinstance(s, MexicanTrain)
    return s


def texts(state: MexicanTrain) -> list[str]:
    return [e.text for e in state.events]


# ---- worked cases ---------------------------------------------------------------------------------


def test_t_mt_1_pips_left_with_the_double_blank_0_or_50() -> None:
    hand = D.tiles("12-11 6-3 0-0")
    assert pips_left(hand, 0) == 32
    assert pips_left(hand, 50) == 82


def test_t_mt_1_and_2_scored_at_the_end_of_a_round_the_player_out_scores_0() -> None:
    for blank, charged in ((0, 32), (50, 82)):
        s = position([["12-5"], ["12-11", "6-3", "0-0"]], double_blank=blank)
        s.play("play 12-5 1", 0)
        row = s.sheet.rows[-1]
        assert row.points == [0, charged], blank
        assert row.note == "Player 1 went out" or "went out" in row.note


def test_t_mt_3_tiles_dealt_by_player_count() -> None:
    assert [hand_size(n) for n in (2, 3, 4, 5, 6, 7, 8)] == [15, 15, 15, 11, 11, 8, 8]
    for n, dealt in ((4, 60), (6, 66), (8, 64)):
        s = stacked(n, {0: ["12-12"]})
        # the holder laid the engine: everyone else still holds what he drew, the boneyard the rest
        assert sum(len(h) for h in s.hands) + 1 == dealt, n
        assert len(s.boneyard) == 91 - dealt
    assert [hand_size(n, "common") for n in (4, 5, 6, 7, 8)] == [15, 12, 12, 10, 10]
    s = stacked(5, {0: ["12-12"]}, tiles_table="common")
    assert len(s.boneyard) == 91 - 60


def test_t_mt_4_a_double_then_a_second_double_then_one_more_tile() -> None:
    s = position([["7-7", "9-9", "9-4", "1-1", "3-5"], ["6-6"]], trains={0: ["12-7"]}, mexican=["12-9"])
    s.play("play 7-7 1", 0)
    assert s.turn == 0 and s.owed  # one more tile is owed
    s.play("play 9-9 mexican", 0)  # a second double may come first
    assert s.turn == 0 and s.owed
    s.play("play 9-4 mexican", 0)  # the one follow-up tile
    assert s.turn == 1 and not s.owed


def test_t_mt_4_a_double_not_followed_draws_then_marks() -> None:
    s = position([["7-7", "1-1", "3-5"], ["6-6"]], trains={0: ["12-7"]}, boneyard=["2-2", "8-4"])
    s.play("play 7-7 1", 0)
    assert [str(m) for m in s.legal_moves(0)] == ["draw"]
    s.play("draw", 0)  # the 2-2 fits nowhere: his train is marked and the turn passes
    assert s.marked[0] and s.turn == 1


def test_t_mt_5_the_lowest_total_after_thirteen_rounds_wins() -> None:
    s = position([["5-5"], ["6-6"], ["4-4"]])
    # the thirteenth round, everyone's tiles played out (into the boneyard: they count nothing)
    set_position(s, deal=13, scores=[210, 180, 250], zones={f"hand/{x}": "" for x in range(3)})
    s._end_round(None)
    assert s.outcome is not None and s.outcome.winners == (1,)
    assert s.outcome.reason == "After thirteen rounds the lowest total (180) wins."


# ---- setting up a round ---------------------------------------------------------------------------


def test_the_holder_of_the_engine_lays_it_and_plays_first() -> None:
    s = stacked(3, {2: ["12-12"]})
    assert s.centre == [D.DOUBLE[12]] and s.turn == 2
    assert D.DOUBLE[12] not in s.hands[2] and len(s.hands[2]) == 14
    assert any("lays the 12-12 in the centre" in t for t in texts(s))


def test_nobody_holds_the_engine_everyone_draws_until_it_turns_up() -> None:
    # seat 1 draws first (the shuffler's left), then 2, then 0: the engine is the fifth tile drawn
    s = stacked(3, {}, ["1-0", "2-0", "3-0", "4-0", "12-12", "5-0", "6-0"])
    assert s.turn == 2 and s.centre == [D.DOUBLE[12]]
    # two passes round the table: everyone drew two tiles and keeps them (the holder laid one)
    assert [len(h) for h in s.hands] == [17, 17, 16]
    assert D.tile_of("5-0") in s.hands[0] and s.boneyard[0] == D.tile_of("6-0")
    assert sum("everyone draws a tile" in t for t in texts(s)) == 2


def test_rounds_go_down_from_12_12_to_0_0() -> None:
    assert [engine_of(r) for r in range(1, 14)] == list(range(12, -1, -1))
    s = golden_match("mexican_train_heuristic")
    assert isinstance(s, MexicanTrain)
    engines = [t for t in texts(s) if "the engine is the" in t]
    assert len(engines) == 13
    assert "the 12-12" in engines[0] and "the 0-0" in engines[-1]


def test_the_held_out_engine_lies_in_the_centre_and_the_player_out_starts_next() -> None:
    s = stacked(3, {}, held_out_engine=True)
    assert s.centre == [D.DOUBLE[12]] and s.turn == 1  # the shuffler's left begins round 1
    assert all(D.DOUBLE[12] not in h for h in s.hands)
    set_position(s, zones={"hand 2": "12-3"}, turn=2)
    s.play("play 12-3 3", 2)
    assert s.deal_no == 2 and s.turn == 2 and s.centre == [D.DOUBLE[11]]
    assert all(D.DOUBLE[11] not in h for h in s.hands) and D.DOUBLE[11] not in s.boneyard


# ---- where a tile may go ---------------------------------------------------------------------------


def test_own_and_mexican_trains_start_with_the_engine_number() -> None:
    s = position([["12-4", "4-9", "11-3"], ["8-8"]])
    assert sorted(map(str, s.legal_moves(0))) == ["play 12-4 1", "play 12-4 mexican"]
    with pytest.raises(IllegalMove, match="does not match the 12"):
        s.play("play 11-3 1", 0)


def test_another_players_train_is_closed_unless_marked() -> None:
    s = position([["5-2", "9-9"], ["8-8"]], trains={0: ["12-9"], 1: ["12-5"]})
    assert "play 5-2 2" not in map(str, s.legal_moves(0))
    with pytest.raises(IllegalMove, match="no marker"):
        s.play("play 5-2 2", 0)
    s = position([["5-2", "9-9"], ["8-8"]], trains={0: ["12-9"], 1: ["12-5"]}, marked=(1,))
    s.play("play 5-2 2", 0)
    assert s.lines[1] == D.tiles("12-5 5-2") and s.ends[1] == 2


def test_a_tile_is_laid_from_the_matching_end_and_the_picture_says_so() -> None:
    s = position([["3-9", "1-1"], ["8-8"]], trains={0: ["12-3"]})
    s.play("play 3-9 1", 0)
    line = s.view(0)["trains"]["lines"][0]
    assert line["tiles"] == ["12-3", "3-9"] and line["open"] == 9 and line["target"] == "1"
    assert line["label"] == "Your train" and s.view(1)["trains"]["lines"][0]["label"] == "Player 1's train"


def test_cannot_play_draws_a_drawn_tile_that_fits_must_be_played() -> None:
    s = position([["5-5", "1-2"], ["8-8"]], boneyard=["12-6", "0-0"])
    assert [str(m) for m in s.legal_moves(0)] == ["draw"]
    with pytest.raises(IllegalMove, match="Draw from the boneyard first"):
        s.play("pass", 0)
    s.play("draw", 0)
    assert sorted(map(str, s.legal_moves(0))) == ["play 12-6 1", "play 12-6 mexican"]
    s.play("play 12-6 mexican", 0)
    assert s.turn == 1 and not s.marked[0]


def test_a_drawn_tile_that_does_not_fit_marks_the_train_and_others_may_play_there() -> None:
    s = position([["5-5", "1-2"], ["12-8", "8-1"]], boneyard=["0-0", "4-4"])
    s.play("draw", 0)
    assert s.marked[0] and s.turn == 1
    assert "play 12-8 1" in map(str, s.legal_moves(1))  # player 1's marked train is open to all
    assert any("puts his marker on his train" in t for t in texts(s))
    assert s.view(1)["trains"]["lines"][0]["marked"] is True


def test_the_marker_comes_off_when_its_owner_plays_anywhere() -> None:
    s = position([["12-3", "6-6"], ["8-8"]], marked=(0,))
    s.play("play 12-3 mexican", 0)
    assert not s.marked[0]


def test_option_the_marker_comes_off_only_on_the_owners_own_train() -> None:
    s = position([["12-3", "12-4", "6-6"], ["8-8", "7-7"]], marked=(0,), marker_removal="own_train_only",
                 boneyard=["0-0", "0-1", "0-2", "0-3"])
    s.play("play 12-3 mexican", 0)
    assert s.marked[0]
    s.play("draw", 1)  # 0-0 fits nowhere: player 2 marks
    s.play("play 12-4 1", 0)
    assert not s.marked[0]


def test_a_marked_player_may_play_on_his_own_train() -> None:
    s = position([["12-3", "6-6"], ["8-8"]], marked=(0,))
    assert "play 12-3 1" in map(str, s.legal_moves(0))


def test_pass_when_the_boneyard_is_empty_marks_the_train() -> None:
    s = position([["5-5", "1-2"], ["12-8", "8-1"]], boneyard=[])
    with pytest.raises(IllegalMove, match="boneyard is empty"):
        s.play("draw", 0)
    s.play("pass", 0)
    assert s.marked[0] and s.turn == 1


def test_going_out_on_a_double_needs_no_follow_up() -> None:
    s = position([["5-5"], ["8-8", "3-2"]], trains={0: ["12-5"]})
    s.play("play 5-5 1", 0)
    assert s.deal_no == 2 and s.sheet.rows[0].points[0] == 0


def test_the_follow_up_may_go_on_the_double_just_laid() -> None:
    s = position([["7-7", "7-3", "1-1"], ["8-8"]], trains={0: ["12-7"]})
    s.play("play 7-7 1", 0)
    s.play("play 7-3 1", 0)
    assert s.ends[0] == 3 and s.turn == 1


def test_one_tile_a_turn_on_the_first_turn_too() -> None:
    s = position([["12-4", "4-9", "9-1"], ["8-8"]])
    s.play("play 12-4 1", 0)
    assert s.turn == 1


# ---- the last tile and the end of a round ---------------------------------------------------------


def test_the_last_tile_is_announced_for_the_player() -> None:
    s = position([["12-4", "4-9"], ["8-8", "8-1"]])
    s.play("play 12-4 1", 0)
    assert "Player 1 has one tile left." in texts(s)
    assert s.view(1)["train_state"][0] == "one tile left"


def test_option_the_player_announces_or_draws_a_tile() -> None:
    s = position([["12-4", "4-9"], ["8-8", "8-1"]], announce="penalty", boneyard=["0-0", "6-6"])
    s.play("play 12-4 1", 0)
    assert s.phase() == "announce" and sorted(map(str, s.legal_moves(0))) == ["announce", "quiet"]
    s.play("quiet", 0)
    assert len(s.hands[0]) == 2 and s.turn == 1  # the penalty tile
    s = position([["12-4", "4-9"], ["8-8", "8-1"]], announce="penalty", boneyard=["0-0"])
    s.play("play 12-4 1", 0)
    s.play("announce", 0)
    assert len(s.hands[0]) == 1 and s.turn == 1 and any("One tile left!" in t for t in texts(s))


def test_a_blocked_round_ends_and_everyone_scores_his_pips() -> None:
    s = position([["5-5", "1-2"], ["8-3", "3-3"]], trains={1: ["12-7"]}, mexican=["12-6"], boneyard=[])
    s.play("pass", 0)  # player 1 marks; player 2 has nothing for 12, 7 or 6 either
    assert s.deal_no == 2
    assert s.sheet.rows[0].points == [13, 17] and s.sheet.rows[0].note == "blocked"
    assert any("the round is blocked" in t for t in texts(s))


# ---- the common rule: doubles must be covered ----------------------------------------------------


def test_option_an_uncovered_double_must_be_covered_first_even_on_a_private_train() -> None:
    s = position([["7-7", "1-1", "3-5"], ["7-2", "12-4"]], trains={0: ["12-7"]}, boneyard=["0-0"],
                 must_satisfy_doubles=True)
    s.play("play 7-7 1", 0)
    s.play("draw", 0)  # nothing covers the 7-7: marked, and player 2 must cover it
    assert s.turn == 1
    assert [str(m) for m in s.legal_moves(1)] == ["play 7-2 1"]
    with pytest.raises(IllegalMove, match="must be covered first"):
        s.play("play 12-4 2", 1)
    s.play("play 7-2 1", 1)
    assert s.uncovered == []


def test_without_the_option_a_double_is_an_ordinary_open_end_afterwards() -> None:
    s = position([["7-7", "1-1", "3-5"], ["7-2", "12-4"]], trains={0: ["12-7"]}, boneyard=["0-0"])
    s.play("play 7-7 1", 0)
    s.play("draw", 0)
    assert sorted(map(str, s.legal_moves(1))) == ["play 12-4 2", "play 12-4 mexican", "play 7-2 1"]


def test_the_common_preset_sets_its_options() -> None:
    s = gamenight.new(GAME, players=5, seed=2, preset="common")
    assert isinstance(s, MexicanTrain)
    assert s.options.must_satisfy_doubles and s.options.marker_removal == "own_train_only"
    assert s.hand_size == 12


# ---- hidden information, the stacked boneyard, the match --------------------------------------------


def test_hands_and_the_boneyard_are_hidden_and_redealt_by_sample() -> None:
    import random

    s = gamenight.new(GAME, players=3, seed=5)
    view = s.view(0)
    zones = {z["key"]: z for z in view["layout"]["zones"]}
    assert zones["hand/1"]["pieces"] is None and zones["boneyard"]["pieces"] is None
    assert zones["hand/0"]["pieces"] is not None
    other = s.sample(0, random.Random(1))
    assert isinstance(s, MexicanTrain) and isinstance(other, MexicanTrain)
    assert other.hands[0] == s.hands[0] and other.view(0) == view
    assert other.hands[1] != s.hands[1] or other.boneyard != s.boneyard


def test_a_stacked_boneyard_with_a_bad_tile_is_refused() -> None:
    from gamenight.core.errors import DeckError

    with pytest.raises(DeckError, match="not a domino"):
        gamenight.new(GAME, players=2, seed=1, deck=["12-13x"])
    with pytest.raises(DeckError, match="twice"):
        gamenight.new(GAME, players=2, seed=1, deck=["12-7", "7-12"])


def test_a_card_is_not_a_tile() -> None:
    s = position([["12-4", "4-9"], ["8-8"]])
    with pytest.raises(IllegalMove):
        s.play("play QS 1", 0)


def test_a_golden_match_replays_to_its_sheet() -> None:
    s = golden_match("mexican_train_heuristic")
    assert s.is_over and s.outcome is not None
    assert len(s.moves) == 1286 and s.deal_no == 13 and len(s.sheet.rows) == 13
    assert s.sheet.totals == [285, 212, 361, 329] and s.outcome.winners == (1,)
    assert s.outcome.reason == "After thirteen rounds the lowest total (212) wins."


def test_option_a_shorter_game_of_so_many_rounds() -> None:
    s = position([["12-5"], ["12-11", "6-3"]], rounds=1)
    s.play("play 12-5 1", 0)
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.reason == "After one round the lowest total (0) wins."


def test_the_trains_are_drawn_in_the_terminal_with_their_markers() -> None:
    from rich.console import Console

    from gamenight.cli.render import render_view

    s = position([["5-2", "9-9"], ["8-8", "1-0"]], trains={0: ["12-9"], 1: ["12-5"]}, mexican=["12-3", "3-3"],
                 marked=(1,))
    console = Console(width=80, record=True, color_system=None)
    console.print(render_view(s.view(0)))
    text = console.export_text()
    assert "Trains: centre  12|12" in text
    assert "Your train:  12|9" in text and "Mexican train:  12|3  3|3" in text
    assert "Player 2's train ⚑marker:  12|5" in text
    assert "5|2" in text  # the hand


def test_the_picture_names_each_train_and_what_a_move_calls_it() -> None:
    s = position([["5-2", "9-9"], ["8-8", "1-0"]], trains={1: ["12-5"]}, marked=(1,))
    picture = s.view(0)["trains"]
    assert picture["centre"] == "12-12" and picture["verb"] == "play"
    seen = [(line["key"], line["target"], line["marked"], line["open_to_all"]) for line in picture["lines"]]
    assert seen == [("train/0", "1", False, False), ("train/1", "2", True, True),
                    ("mexican", "mexican", False, True)]
    field = next(f for f in s.view(0)["layout"]["fields"] if f["key"] == "trains")
    assert field["kind"] == "dominoes"
    # the trains' zones are drawn by the picture, not as piles
    assert {z["key"]: z.get("detail") for z in s.view(0)["layout"]["zones"]}["mexican"] == "trains"


# ---- option whole_train_first_turn: build your train on the first turn (G-MT-6) -------------


def test_whole_train_first_turn_lays_tile_after_tile_on_the_own_train_then_done() -> None:
    s = position([["12-7", "7-3", "3-5", "0-1"], ["6-6", "6-1"]], whole_train_first_turn=True)
    s.play("play 12-7 1", 0)
    assert s.turn == 0 and s.building
    assert {str(m) for m in s.legal_moves(0)} == {"play 7-3 1", "done"}  # his own train only
    with pytest.raises(IllegalMove, match="building your own train"):
        s.play("play 0-1 mexican", 0)
    s.play("play 7-3 1", 0)
    s.play("done", 0)
    assert s.turn == 1 and s.lines[0] == [D.tile_of("12-7"), D.tile_of("7-3")]
    with pytest.raises(IllegalMove):
        s.play("done", 1)  # 'done' belongs to building only


def test_whole_train_first_turn_ends_by_itself_when_no_tile_fits_and_later_turns_are_one_tile() -> None:
    s = position([["12-7", "7-3", "0-1", "1-2"], ["12-4", "4-4", "4-9", "0-0"]], whole_train_first_turn=True)
    s.play("play 12-7 1", 0)
    s.play("play 7-3 1", 0)  # nothing else of his fits the 3: the turn ends by itself
    assert s.turn == 1 and not s.building
    s.play("play 12-4 2", 1)
    s.play("done", 1)  # he stops building while the 4-4 would still fit
    assert s.turn == 0
    assert not any(m.verb == "play" for m in s.legal_moves(0))  # nothing of North's fits
    s.play("draw", 0)
    assert s.turn == 1
    s.play("play 4-4 2", 1)  # his second turn: a double, then its follow-up ends the turn
    s.play("play 4-9 2", 1)
    assert s.turn == 0 and not s.building


def test_without_the_option_the_first_turn_is_one_tile_as_the_book_says() -> None:
    s = position([["12-7", "7-3", "3-5"], ["6-6", "6-1"]])
    s.play("play 12-7 1", 0)
    assert s.turn == 1 and not s.building


def test_a_double_laid_while_building_owes_its_follow_up_before_done() -> None:
    s = position([["12-7", "7-7", "7-2", "2-9"], ["6-6", "6-1"]], whole_train_first_turn=True)
    s.play("play 12-7 1", 0)
    s.play("play 7-7 1", 0)
    assert s.owed
    with pytest.raises(IllegalMove, match="double"):
        s.play("done", 0)
    s.play("play 7-2 1", 0)  # the follow-up on his own train: he goes on building
    assert s.turn == 0 and s.building
    s.play("play 2-9 1", 0)  # his last tile: he is out
    assert s.deal_no == 2 or s.is_over
