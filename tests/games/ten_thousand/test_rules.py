"""10,000 (Dice): a stacked-dice scenario per rule clause and option of ``shared/rules/metzker-book.md``
§7, the worked cases T-10K-1 to T-10K-8 by number, the bot's exact stopping, and a golden match.

Dice are stacked through ``deck=``: the faces to be rolled, in order (``"11153"`` is one roll of
five dice; any split of the digits reads the same), the seeded RNG rolling on after them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots.games.ten_thousand import (
    TenThousandBot,
    roll_on_value,
    should_stop,
    thresholds,
    turn_table,
)
from gamenight.core.moves import parse_move
from gamenight.equipment import dice as D
from gamenight.games.ten_thousand import TenThousand, keeps_of, score
from tests.helpers import golden_match


def game(*rolls: str, players: int = 2, **options: Any) -> TenThousand:
    s = gamenight.new("ten-thousand", players=players, seed=1, deck=list(rolls), options=options)
    assert isinstance(s, TenThousand)
    return s


def play(s: TenThousand, *moves: str) -> TenThousand:
    for m in moves:
        s.play(m)
    return s


def keeps(s: TenThousand) -> dict[str, int]:
    return {str(m): score(m.numbers) or 0 for m in s.legal_moves() if m.verb == "keep"}


#: four 4s and a 1 (900, hot dice), then a 5 of five dice rolled again: 950, four dice free
NINE_FIFTY = ("44441", "52346")
STOP_AT_950 = ("roll", "keep 1 4 4 4 4", "roll", "keep 5", "stop")


def best_keep(roll: str) -> int:
    return max((v for _, v in keeps_of(tuple(sorted(int(c) for c in roll)))), default=0)


# ---- the worked cases, by number ------------------------------------------------------------

def test_T_10K_1_three_ones_and_a_five() -> None:
    s = play(game("11153"), "roll")
    assert keeps(s)["keep 1 1 1 5"] == 1050 and "keep 1 1 1 3 5" not in keeps(s)
    play(s, "keep 1 1 1 5")
    assert s.turn_total == 1050 and s.free_dice() == 1


def test_T_10K_2_four_and_five_of_a_kind() -> None:
    assert best_keep("44442") == 800 and best_keep("33333") == 1200 and best_keep("22222") == 800


def test_T_10K_3_straights_both_ways_and_a_near_straight() -> None:
    assert best_keep("12345") == 1000 and best_keep("23456") == 1000 and best_keep("12346") == 100
    s = play(game("23456"), "roll")
    assert keeps(s) == {"keep 2 3 4 5 6": 1000, "keep 5": 50}


def test_T_10K_4_four_ones_on_the_house_base() -> None:
    assert best_keep("11115") == 2050 and score([1, 1, 1, 1, 1]) == 4000


def test_T_10K_5_sets_never_combine_across_rolls() -> None:
    s = play(game("13462", "1146"), "roll", "keep 1", "roll")
    assert max(keeps(s).values()) == 200 and "keep 1 1 1" not in keeps(s)
    play(s, "keep 1 1")
    assert s.turn_total == 300


def test_T_10K_6_the_opening_count_in_one_turn() -> None:
    s = play(game(*NINE_FIFTY, "22346", "11152"), *STOP_AT_950)
    assert s.scores == [0, 0] and not s.melded[0] and s.sheet.rows == []
    play(s, "roll")  # Player 2 rolls afresh and blows it
    assert s.turn == 0 and s.legal_moves() == [parse_move("roll")]  # nothing to take over after a blow
    play(s, "roll", "keep 1 1 1", "stop")
    assert s.scores == [1000, 0] and s.melded[0]
    assert [r.points for r in s.sheet.rows] == [[0, 0]]  # round 1 closed before Player 1's second turn


def t_10k_7(*rolls: str, **options: Any) -> TenThousand:
    s = game("13466", "5234", *rolls, meld_threshold=0, **options)
    play(s, "roll", "keep 1", "roll", "keep 5", "stop")
    assert s.scores == [150, 0] and s.offer == (150, (1, 5))
    return play(s, "take")


def test_T_10K_7_taking_over_and_saving_it() -> None:
    s = t_10k_7("126")
    assert s.turn_total == 150 and keeps(s) == {"keep 1": 100}
    play(s, "keep 1")
    assert s.turn_total == 250 and s.free_dice() == 2
    assert {str(m) for m in s.legal_moves()} == {"roll", "stop"}
    play(s, "stop")
    assert s.scores == [150, 250]  # the player before keeps what they banked


def test_T_10K_7_a_set_of_fours_does_not_save_it_by_the_book() -> None:
    s = t_10k_7("444")
    assert s.turn == 0 and s.scores == [150, 0] and "blew it" in s.events[-2].text
    assert s.offer is None


def test_T_10K_7_any_scoring_saves_it_with_the_option() -> None:
    s = t_10k_7("444", takeover_save="any_scoring")
    play(s, "keep 4 4 4")
    assert s.turn_total == 550


def test_T_10K_8_hot_dice() -> None:
    s = play(game("55511", "23462"), "roll", "keep 1 1 5 5 5")
    assert s.turn_total == 700 and s.free_dice() == 5 and "hot dice" in s.events[-1].text
    play(s, "roll")
    assert s.events[-2].data["faces"] == [2, 3, 4, 6, 2] and s.turn == 1  # five rolled again; blew it


# ---- each clause of the turn ----------------------------------------------------------------

def test_a_roll_is_a_public_event_with_its_faces() -> None:
    s = play(game("15346"), "roll")
    e = s.events[-1]
    assert e.kind == "roll" and e.to is None and e.data["faces"] == [1, 5, 3, 4, 6]
    assert s.view(1)["dice"]["rolled"] == [1, 5, 3, 4, 6]


def test_at_least_one_scoring_die_is_kept_before_rolling_or_stopping() -> None:
    s = play(game("15346"), "roll")
    for m in ("roll", "stop"):
        with pytest.raises(gamenight.IllegalMove, match="Keep at least one scoring die"):
            s.play(m)
    with pytest.raises(gamenight.IllegalMove, match="must score"):
        s.play("keep 1 3")
    with pytest.raises(gamenight.IllegalMove, match="no more 5s"):
        s.play("keep 5 5")


def test_held_dice_are_never_rolled_again() -> None:
    s = play(game("15346", "5552"), "roll", "keep 1 5", "roll")
    assert s.events[-1].data["faces"] == [5, 5, 5]  # three dice rolled, the two held stay held
    assert s.view(0)["dice"]["held"] == [1, 5]
    play(s, "keep 5 5 5")
    assert s.turn_total == 650 and s.view(0)["dice"]["held"] == [1, 5, 5, 5, 5]


def test_a_roll_with_no_scoring_dice_blows_the_turn() -> None:
    s = play(game("15346", "2346"), "roll", "keep 1", "roll")
    assert s.turn == 1 and s.turn_total == 0 and s.scores == [0, 0] and s.offer is None


def test_stop_banks_the_count_for_a_player_on_the_board() -> None:
    s = play(game("11152", "22346", "15346"), "roll", "keep 1 1 1 5", "stop", "roll")
    play(s, "roll", "keep 1 5", "stop")
    assert s.scores == [1200, 0]


def test_taking_over_after_all_five_were_held_rolls_all_five() -> None:
    s = play(game("11155", "11152"), "roll", "keep 1 1 1 5 5", "stop", "take")
    assert s.events[-1].data["faces"] == [1, 1, 1, 5, 2] and s.turn_total == 1100


def test_the_whole_count_taken_over_goes_toward_the_takers_opening() -> None:
    s = play(game(*NINE_FIFTY, "5"), *STOP_AT_950)  # 950: short, scores nothing
    assert s.legal_moves() == [parse_move("roll"), parse_move("take")]  # a short count may be taken over
    play(s, "take", "keep 5", "stop")
    assert s.scores == [0, 1000] and s.melded == [False, True]


def test_only_players_on_the_board_take_over_with_the_option() -> None:
    s = play(game(*NINE_FIFTY, "5", players=2, takeover_requires_melded=True), *STOP_AT_950)
    assert s.legal_moves() == [parse_move("roll")]
    with pytest.raises(gamenight.IllegalMove, match="on the board"):
        s.play("take")


def test_a_one_inside_a_set_saves_a_count_taken_over() -> None:
    s = play(game("11152", "111", meld_threshold=0), "roll", "keep 1 1", "stop", "take")
    assert s.turn == 1 and keeps(s)["keep 1 1 1"] == 1000


def test_first_to_the_target_wins_at_once() -> None:
    s = play(game("11152", players=3, target=1000), "roll", "keep 1 1 1", "stop")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.scores == (1000, 0, 0) and [r.points for r in s.sheet.rows] == [[1000, 0, 0]]


def test_a_final_round_gives_everyone_else_one_last_turn() -> None:
    s = game("11152", "11155", *NINE_FIFTY, players=3, target=1000, final_round=True)
    play(s, "roll", "keep 1 1 1", "stop")
    assert not s.is_over and s.view(1)["last_turn"] == "Last turns: Player 2, Player 3"
    play(s, "roll", "keep 1 1 1 5 5", "stop")  # Player 2: 1,100
    assert not s.is_over
    play(s, *STOP_AT_950)  # Player 3: 950, short of the opening
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1,)
    assert s.outcome.scores == (1000, 1100, 0)


def test_the_target_and_opening_count_are_options() -> None:
    s = play(game("5", meld_threshold=50, target=500), "roll", "keep 5", "stop")
    assert s.scores == [50, 0] and s.melded[0]


def test_the_published_preset() -> None:
    s = gamenight.new("ten-thousand", players=3, seed=1, preset="published")
    o = s.options
    assert (o.takeover_save, o.takeover_requires_melded, o.final_round) == ("any_scoring", True, True)  # type: ignore[attr-defined]


def test_a_round_is_a_row_of_the_score_sheet() -> None:
    s = play(game("11152", "2346", "2346", "2346", players=3), "roll", "keep 1 1 1", "stop", "roll", "roll")
    assert s.deal_no == 2 and [r.label for r in s.sheet.rows] == ["Round 1"]


# ---- the equipment: stacked dice, then the seeded RNG ---------------------------------------

def test_stacked_faces_then_the_state_rng() -> None:
    rng = random.Random(5)
    faces, pos = D.roll_stacked(rng, 5, [1, 2], 0)
    again = random.Random(5)
    assert faces[:2] == [1, 2] and faces[2:] == D.roll(again, 3) and pos == 2
    assert D.read_stack(["11 153", "6"]) == [1, 1, 1, 5, 3, 6]
    with pytest.raises(gamenight.DeckError):
        gamenight.new("ten-thousand", players=2, seed=1, deck=["17"])


def test_same_seed_same_rolls_and_a_sample_forgets_the_stack() -> None:
    a = play(gamenight.new("ten-thousand", players=2, seed=9), "roll")  # type: ignore[arg-type]
    b = play(gamenight.new("ten-thousand", players=2, seed=9), "roll")  # type: ignore[arg-type]
    assert a.events[-1].text == b.events[-1].text
    s = game("11111")
    smp = s.sample(0, random.Random(1))
    assert smp.view(0) == s.view(0) and smp.stack == []  # type: ignore[attr-defined]


def test_the_view_asks_for_a_dice_picture() -> None:
    s = play(game("15346"), "roll")
    kinds = {f["key"]: f["kind"] for f in s.view(0)["layout"]["fields"]}
    assert kinds["dice"] == "dice" and "ten" not in str(s.view(0)["layout"]["family"])


def test_the_terminal_writes_the_dice_held_apart() -> None:
    from rich.console import Console

    from gamenight.cli.render import render_view

    s = play(game("15346"), "roll", "keep 1 5")
    console = Console(width=80, record=True)
    console.print(render_view(s.view(0)))
    text = console.export_text()
    assert "Dice: held apart ⚀ 1 ⚄ 5 · 3 to roll" in text and "This turn 150" in text


def test_the_final_round_bot_rolls_on_until_it_beats_the_leader() -> None:
    bot = TenThousandBot()
    s = play(game("11152", "15346", players=2, target=1000, final_round=True), "roll", "keep 1 1 1", "stop")
    play(s, "roll", "keep 1 5")  # 150: short of the opening and of the leader
    view = s.view(1, layout=False)
    assert view["last_seats"] == [1]
    assert str(bot.choose(view, s.legal_moves(), lambda r: s, random.Random(0))) == "roll"


# ---- the bot: the exact expectation ---------------------------------------------------------

def test_the_turn_table_is_an_exact_expectation() -> None:
    table = turn_table(True)
    # one die at 1,000: a 1 or 5 (1/3) lands hot dice; any other face loses it all
    one = sum(max((table[5][20 + v // 50] for _, v in keeps_of((f,))), default=0.0) for f in range(1, 7)) / 6
    assert roll_on_value(table, 20, 1) == pytest.approx(one)
    assert should_stop(table, 20, 1) and not should_stop(table, 6, 5)
    assert thresholds(True) == {1: 200, 2: 200, 3: 400, 4: 950, 5: 3300}
    assert roll_on_value(table, 0, 5) == pytest.approx(339.062, abs=1e-3)


def test_the_bot_takes_over_a_big_count_and_stops_by_the_table() -> None:
    bot = TenThousandBot()

    def choice(s: TenThousand, seat: int) -> str:
        return str(bot.choose(s.view(seat, layout=False), s.legal_moves(), lambda r: s, random.Random(0)))

    s = play(game("11155", "6", "23"), "roll", "keep 1 1 1 5", "stop")  # 1,100 with one die free
    assert choice(s, 1) == "take"
    s = play(game("15346", "22"), "roll", "keep 1 5")  # 150 with three dice: roll on
    assert choice(s, 0) == "roll"
    s = play(game("11152"), "roll")  # keep the most valuable dice
    assert choice(s, 0) == "keep 1 1 1 5"


def test_golden_matches_replay_to_their_score_sheets() -> None:
    s = golden_match("ten_thousand_heuristic")
    assert s.is_over and s.outcome is not None and s.sheet.totals == [10150, 4550, 8650]
    assert s.outcome.winners == (0,)
    p = golden_match("ten_thousand_published")
    assert p.outcome is not None and p.sheet.totals == [5350, 7900, 6400, 10450] and p.outcome.winners == (3,)
