"""Chicken Foot (metzker-book.md §21, code CF): a stacked boneyard or a set position per rule
clause and option, the worked cases T-CF-1..5, and the golden match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.cli.render import dominoes_block
from gamenight.core.errors import IllegalMove, OptionError
from gamenight.equipment import dominoes as D
from gamenight.games.chicken_foot import ChickenFoot, pips_left, set_top
from tests.helpers import Pieces, golden_match, set_position

GAME = "chicken-foot"


def stacked(players: int, hands: dict[int, list[str]], yard: Sequence[str] = (), *, top: int = 9,
            double: str = "0-0", **options: Any) -> ChickenFoot:
    """A game whose first round is drawn from a stacked boneyard: each seat's 7 tiles in turn from
    the shuffler's left (seat 1, 2, ..., then seat 0), then the chicken yard in order. A hand given
    short is filled up with tiles nothing else names and that do not carry the round's ``double``'s
    number (so they fit none of its arms)."""
    named = {D.tile_of(c) for h in hands.values() for c in h} | {D.tile_of(c) for c in yard}
    size = (top + 1) * (top + 2) // 2
    number = D.HIGH[D.tile_of(double)]
    spare = [D.CODE_OF[t] for t in range(size) if t not in named and not D.has_end(t, number)]
    deck: list[str] = []
    for s in [*range(1, players), 0]:
        hand = list(hands.get(s, []))
        while len(hand) < 7:
            hand.append(spare.pop())
        deck += hand
    deck += list(yard)
    state = gamenight.new(GAME, players=players, seed=1, deck=deck, options=options)
    assert isinstance(state, ChickenFoot)
    return state


def position(hands: list[list[str]], *, turn: int = 0, yard: Sequence[str] = ("9-9",), double: int = 0,
             arms: Sequence[Sequence[str]] = ((), (), (), ()), **options: Any) -> ChickenFoot:
    """A round in progress, described: each seat's tiles, the yard (exactly the tiles given), the
    arms laid (each from the centre double outward) and whose turn it is; every other tile of the
    set is out of play. The yard holds a 9-9 unless told otherwise, so a round is not blocked by an
    empty one."""
    lines = [D.tiles(list(a)) for a in arms]
    zones: dict[str, Pieces] = {f"hand {seat}": list(h) for seat, h in enumerate(hands)}
    zones |= {"boneyard": list(yard), "centre": [D.DOUBLE[double]]}
    s = set_position(gamenight.new(GAME, players=len(hands), seed=3, options=options), deal=1, extra={
        "double": double, "lines": lines, "starts": [double] * 4,
        "ends": [D.open_end(double, line) for line in lines], "branch": [None] * 4,
        "footed": [False] * 4, "foot": [], "drew": False}, zones=zones, out_of_play="...", turn=turn)
    assert isinstance(s, ChickenFoot)
    return s


def texts(state: ChickenFoot) -> list[str]:
    return [e.text for e in state.events]


def legal(state: ChickenFoot, seat: int) -> list[str]:
    return sorted(str(m) for m in state.legal_moves(seat))


#: four arms of the 0-0 filled, open on 1, 2, 3 and 4
FILLED = (("0-1",), ("0-2",), ("0-3",), ("0-4",))
#: the same in a round of the 7-7, where the 0-0 is a tile in play, not the centre
SEVENS = (("7-1",), ("7-2",), ("7-3",), ("7-4",))


# ---- worked cases ---------------------------------------------------------------------------------


def test_t_cf_1_a_hand_with_the_0_0_scores_69() -> None:
    assert pips_left(D.tiles("3-4 0-0 6-6")) == 69
    s = position([["1-5"], ["3-4", "0-0", "6-6"]], arms=SEVENS, double=7)
    s.play("play 1-5 1", 0)
    assert s.sheet.rows[-1].points == [0, 69]


def test_t_cf_2_a_hand_without_the_0_0_scores_its_pips() -> None:
    assert pips_left(D.tiles("0-5 2-2")) == 9
    s = position([["1-5"], ["0-5", "2-2"]], arms=FILLED)
    s.play("play 1-5 1", 0)
    assert s.sheet.rows[-1].points == [0, 9]


def test_t_cf_3_the_player_who_dominoed_scores_0() -> None:
    s = position([["1-5"], ["9-8"], ["7-6"]], arms=FILLED)
    s.play("play 1-5 1", 0)
    row = s.sheet.rows[-1]
    assert row.points == [0, 17, 13] and "went out" in row.note
    assert s.deal_no == 2  # the next round has begun


def test_t_cf_4_a_foot_must_get_its_three_toes_before_play_goes_elsewhere() -> None:
    s = position([["5-5", "7-3", "9-9"], ["5-1", "5-2", "3-8"], ["5-6", "8-8"]],
                 arms=(("0-5",), ("0-3",), ("0-4",), ("0-6",)), yard=["9-1", "9-2"])
    s.play("play 5-5 1", 0)
    assert s.footed[0] and len(s.lines) == 7 and s.foot == [4, 5, 6]
    assert any("Chicken foot!" in t for t in texts(s))
    set_position(s, turn=0)  # seat 0 again: its 7-3 on the open 3 of arm 2 is rejected
    with pytest.raises(IllegalMove, match="chicken foot of the 5-5 needs its toes"):
        s.play("play 7-3 2", 0)
    set_position(s, turn=1)
    assert legal(s, 1) == ["play 5-1 5", "play 5-1 6", "play 5-1 7", "play 5-2 5", "play 5-2 6", "play 5-2 7"]
    s.play("play 5-1 5", 1)
    s.play("play 5-6 6", 2)
    set_position(s, turn=0)
    with pytest.raises(IllegalMove):
        s.play("play 7-3 2", 0)  # one toe still empty
    set_position(s, turn=1)
    s.play("play 5-2 7", 1)
    assert s.foot == [] and any("has its three toes" in t for t in texts(s))
    set_position(s, turn=0)
    s.play("play 7-3 2", 0)  # now anywhere again
    assert s.ends[1] == 7
    # the footed line is closed: its toes carry on
    assert all(not m.endswith(" 1") for m in legal(s, 2))


def test_t_cf_5_the_first_four_plays_go_on_four_different_arms_of_the_0_0() -> None:
    s = stacked(3, {0: ["0-0", "2-1"], 1: ["0-1", "1-3", "0-5"], 2: ["0-2", "0-3", "2-4"]},
                yard=["9-9", "8-8", "7-7"])
    assert s.centre == [D.DOUBLE[0]] and s.turn == 1  # seat 0 laid the 0-0; his left plays first
    assert legal(s, 1) == ["play 1-0 1", "play 1-0 2", "play 1-0 3", "play 1-0 4",
                           "play 5-0 1", "play 5-0 2", "play 5-0 3", "play 5-0 4"]
    s.play("play 0-1 1", 1)
    with pytest.raises(IllegalMove, match="four arms"):
        s.play("play 0-2 1", 2)  # arm 1 is taken: it may not grow yet
    s.play("play 0-2 2", 2)
    with pytest.raises(IllegalMove, match="four arms"):
        s.play("play 2-1 1", 0)  # extending arm 1 (open on 1) before all four arms are filled
    assert legal(s, 0) == ["draw"]
    s.play("draw", 0)  # the 9-9 fits nowhere: he passes
    assert s.turn == 1
    s.play("play 0-5 3", 1)
    s.play("play 0-3 4", 2)
    assert s.to_do() == ""
    assert "play 2-1 1" in legal(s, 0)  # every arm has its tile: the arms grow


def test_option_six_toe_centre_six_plays_go_on_six_different_arms_of_the_0_0() -> None:
    """G-CF-7's option: the centre double is a chicken foot of six toes (lines 1 to 6)."""
    hands = {0: ["0-0", "2-1", "0-6"], 1: ["0-1", "1-3", "0-5", "0-7"], 2: ["0-2", "0-3", "2-4", "0-4"]}
    s = stacked(3, hands, yard=["9-9", "8-8", "7-7"], six_toe_centre=True)
    assert s.turn == 1 and s.to_do().startswith("The 0-0 needs a tile on each of its six arms")
    assert legal(s, 1)[:6] == [f"play 1-0 {k}" for k in range(1, 7)]
    for seat, move in ((1, "play 0-1 1"), (2, "play 0-2 2"), (0, "play 0-6 3"), (1, "play 0-5 4"),
                       (2, "play 0-3 5")):
        s.play(move, seat)
    with pytest.raises(IllegalMove, match="six arms"):
        s.play("play 2-1 1", 0)  # five arms filled: none grows before the sixth has its tile
    assert legal(s, 0) == ["draw"]
    s.play("draw", 0)
    s.play("play 0-7 6", 1)
    assert s.to_do() == ""
    assert "play 4-2 2" in legal(s, 2)  # all six arms have their tiles: the arms grow
    assert len(s.barnyard_picture()["lines"]) == 6


def test_without_the_option_the_centre_has_four_arms_as_the_book_says() -> None:
    s = stacked(3, {0: ["0-0"], 1: ["0-1"], 2: ["0-2"]}, yard=["9-9"])
    assert len(s.lines) == 4 and "play 1-0 5" not in legal(s, 1)


# ---- players, the set, the deal ------------------------------------------------------------------


def test_g_cf_1_double_nine_up_to_seven_players_double_twelve_for_eight_or_more() -> None:
    assert [set_top(n) for n in (2, 7, 8, 10)] == [9, 9, 12, 12]
    for n, tiles, rounds in ((7, 55, 10), (8, 91, 13)):
        s = gamenight.new(GAME, players=n, seed=5)
        assert isinstance(s, ChickenFoot)
        assert len(s.deck_template()) == tiles and s.rounds == rounds and s.match_rules.deals == rounds


def test_seven_tiles_each_the_rest_is_the_chicken_yard() -> None:
    s = stacked(4, {1: ["0-0"]})
    assert [len(h) for h in s.hands] == [7, 6, 7, 7] and len(s.boneyard) == 55 - 28
    assert "27 stay in the chicken yard" in texts(s)[0]


def test_option_tile_set() -> None:
    s = gamenight.new(GAME, players=4, seed=5, options={"tile_set": "double12"})
    assert isinstance(s, ChickenFoot) and s.top == 12 and s.rounds == 13
    s = gamenight.new(GAME, players=6, seed=5, options={"tile_set": "double9"})
    assert isinstance(s, ChickenFoot) and s.top == 9
    with pytest.raises(OptionError, match="seven players"):
        gamenight.new(GAME, players=8, seed=5, options={"tile_set": "double9"})


def test_nobody_holds_the_double_players_draw_in_turn_until_it_turns_up() -> None:
    # seat 1 draws first (the shuffler's left), then 2, then 0, then 1: the 0-0 is the fourth tile
    s = stacked(3, {}, ["9-9", "8-8", "7-7", "0-0", "6-6"])
    assert s.centre == [D.DOUBLE[0]] and s.starter == 1 and s.turn == 2
    # the drawing stopped at once: seat 1 drew twice and laid the 0-0, seats 2 and 0 drew once
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert s.boneyard[0] == D.tile_of("6-6")
    assert any("Nobody held the 0-0" in t for t in texts(s))


def test_rounds_go_up_from_0_0_and_the_last_starters_left_draws_first() -> None:
    s = position([["1-5"], ["9-8"], ["7-6"]], arms=FILLED)
    set_position(s, extra={"starter": 2})  # he laid round 1's double
    s.play("play 1-5 1", 0)
    assert s.deal_no == 2 and s.double == 1 and s.centre == [D.DOUBLE[1]]
    assert s.dealer == 2  # G-CF-6: the hands and any drawing begin at seat 0, left of seat 2


def test_option_round_order_descending() -> None:
    s = gamenight.new(GAME, players=3, seed=4, options={"round_order": "descending"})
    assert isinstance(s, ChickenFoot) and s.double == 9 and s.centre == [D.DOUBLE[9]]
    s = gamenight.new(GAME, players=8, seed=4, options={"round_order": "descending"})
    assert isinstance(s, ChickenFoot) and s.double == 12


# ---- a turn -------------------------------------------------------------------------------------


def test_one_tile_a_turn() -> None:
    s = position([["1-5", "5-6"], ["9-8"]], arms=FILLED)
    s.play("play 1-5 1", 0)
    assert s.turn == 1


def test_cannot_play_draws_and_may_play_the_tile_drawn_at_once_or_pass() -> None:
    s = position([["9-8", "7-7"], ["8-6"]], arms=FILLED, yard=["1-6", "9-7"])
    assert legal(s, 0) == ["draw"]
    s.play("draw", 0)
    assert s.turn == 0 and legal(s, 0) == ["pass", "play 6-1 1"]
    s.play("pass", 0)  # "may": he keeps it
    assert s.turn == 1 and D.tile_of("1-6") in s.hands[0]


def test_a_drawn_tile_that_does_not_fit_ends_the_turn() -> None:
    s = position([["9-8"], ["8-6"]], arms=FILLED, yard=["9-7", "1-6"])
    s.play("draw", 0)
    assert s.turn == 1 and any("cannot play the tile drawn and passes" in t for t in texts(s))


def test_yard_empty_and_no_play_passes() -> None:
    s = position([["9-8", "1-5"], ["8-6", "9-5"]], arms=FILLED, yard=[], turn=1)
    assert legal(s, 1) == ["pass"]
    s.play("pass", 1)
    assert s.turn == 0
    with pytest.raises(IllegalMove, match="must"):
        s.play("pass", 0)


# ---- the end of a round -------------------------------------------------------------------------


def test_a_blocked_hand_ends_and_everyone_scores_the_pips_left() -> None:
    s = position([["9-8", "1-5"], ["8-6", "0-0"]], arms=SEVENS, double=7, yard=[])
    s.play("play 1-5 1", 0)  # nobody holds a 2, 3, 4 or 5 now
    row = s.sheet.rows[0]
    assert row.note == "blocked" and row.points == [17, 64]


def test_g_cf_3_a_foot_that_can_never_be_filled_blocks_the_round() -> None:
    s = position([["1-1", "9-9"], ["8-6", "5-5"]], arms=FILLED, yard=["7-7"])
    s.play("play 1-1 1", 0)  # nobody holds another 1: the foot waits for toes it cannot get
    assert s.foot and legal(s, 1) == ["draw"]
    s.play("draw", 1)
    assert s.sheet.rows[0].note == "blocked"  # the yard is empty and nobody can play


def test_g_cf_4_going_out_on_a_double_ends_the_round_at_once() -> None:
    s = position([["1-1"], ["8-6"]], arms=FILLED)
    s.play("play 1-1 1", 0)
    assert s.sheet.rows[0].points == [0, 14] and s.deal_no == 2


def test_option_double_blank_counts_0() -> None:
    s = position([["1-5"], ["0-0", "0-5"]], arms=SEVENS, double=7, double_blank=0)
    s.play("play 1-5 1", 0)
    assert s.sheet.rows[-1].points == [0, 5]


def test_option_rounds_and_the_lowest_total_wins_a_tie_shares() -> None:
    s = position([["1-5"], ["9-8"], ["1-1"]], arms=FILLED, rounds=1)
    s.sheet.add("Earlier", [20, 3, 20])  # a test's earlier round
    s.play("play 1-5 1", 0)
    assert s.outcome is not None and s.outcome.winners == (0, 1)
    assert s.outcome.reason == "After one round the lowest total (20) wins."


def test_a_golden_match_replays_to_its_sheet() -> None:
    s = golden_match("chicken_foot_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.deal_no == 10 and len(s.sheet.rows) == 10
    assert s.sheet.totals == [185, 167, 245, 192] and s.outcome.winners == (1,)
    assert s.outcome.reason == "After ten rounds the lowest total (167) wins."
    assert isinstance(s, ChickenFoot)
    doubles = [t for t in texts(s) if "the centre double is the" in t]
    assert "the 0-0" in doubles[0] and "the 9-9" in doubles[-1]


# ---- the picture ---------------------------------------------------------------------------------


def test_the_picture_fans_a_foots_toes_out_from_its_crosswise_double() -> None:
    s = position([["5-5", "7-3", "9-9"], ["5-1", "5-2", "3-8"]], yard=["8-8"],
                 arms=(("0-5",), ("0-3",), ("0-4",), ("0-6",)))
    assert len(s.lines) == 4 and not s.foot  # G-CF-7: the centre double has four arms, no toes
    s.play("play 5-5 1", 0)
    picture = s.view(1)["barnyard"]
    arm, toes = picture["lines"][0], picture["lines"][4:]
    assert arm["closed"] and arm["crosswise"] == [1] and arm["note"] == "chicken foot of the 5-5"
    assert [t["from"] for t in toes] == [{"line": "line/0", "index": 1, "turn": turn}
                                         for turn in (-50, 0, 50)]
    assert [t["target"] for t in toes] == ["5", "6", "7"] and all(t["open_to_all"] for t in toes)
    assert not picture["lines"][1]["open_to_all"]  # play may not go there until the toes are filled
    head, body = dominoes_block("Barnyard", picture, True)
    assert "centre" in str(head)
    items = body.renderable.items  # type: ignore[union-attr]
    shown = [i.plain for i in items]
    assert shown[0].startswith("Arm 1 (chicken foot of the 5-5)") and shown[0].endswith("✕")
    assert shown[4].startswith("Toe 5 (from Arm 1): starts on 5")
