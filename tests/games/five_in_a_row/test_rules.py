"""5 in a Row (metzker-book §20, code 5R): a stacked-deck scenario per rule clause and option, the
worked cases T-5R-1..6, the board's data, and a golden match."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C
from gamenight.games.five_in_a_row import CELLS_OF, EMPTY, FiveInARow, find_rows
from gamenight.games.five_in_a_row_board import LAYOUT, LAYOUT_TEXT
from tests.helpers import deal_deck, golden_match, run_down_stock, set_position

BOARD_JSON = Path(__file__).parents[3].parent / "shared" / "rules" / "five-in-a-row-board.json"


def new(hands: list[str], rest: str = "", **options: Any) -> FiveInARow:
    """Dealer seat 0, so seat 1 plays first; ``rest``: the draw pile from its top."""
    s = gamenight.new("five-in-a-row", deck=deal_deck(hands, rest), players=len(hands), options=options)
    assert isinstance(s, FiveInARow)
    return s


def cell(r: int, c: int) -> int:
    return r * 10 + c


def put(s: FiveInARow, side: int, *cells: tuple[int, int]) -> None:
    """Discs of ``side`` on the board, as earlier turns would have left them."""
    board = list(s.board)
    for r, c in cells:
        board[cell(r, c)] = side
    set_position(s, extra={"board": board})


def moves(s: FiveInARow, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(s.turn if seat is None else seat)]


HANDS2 = ["2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S"]


# ---- equipment and the board --------------------------------------------------------------------

def test_board_is_the_specs_proposed_layout_every_card_twice_and_free_corners() -> None:
    if BOARD_JSON.exists():
        assert [list(r) for r in LAYOUT_TEXT] == json.loads(BOARD_JSON.read_text())
    assert sum(1 for c in LAYOUT if c == -1) == 4
    assert len(CELLS_OF) == 48 and all(len(v) == 2 for v in CELLS_OF.values())
    assert not any(C.RANK_OF[c] == C.JACK for c in CELLS_OF)


def test_deal_five_cards_each_from_two_decks_left_of_dealer_begins() -> None:
    s = new(HANDS2, "7C 8C")
    assert sorted(s.view(1)["hand"]) == sorted(["2S", "3S", "4S", "5S", "6S"])
    assert s.turn == 1
    assert len(s.stock) == 104 - 10
    assert s.view(0)["hand_sizes"] == [5, 5]
    s4 = gamenight.new("five-in-a-row", players=4, seed=3)
    assert isinstance(s4, FiveInARow) and all(len(h) == 5 for h in s4.hands)
    assert s4.side_of(0) == s4.side_of(2) != s4.side_of(1)


# ---- playing a card ---------------------------------------------------------------------------

def test_a_card_puts_a_disc_on_either_space_showing_it_then_the_player_draws() -> None:
    s = new(["2H 3H 4H 5H 6H", "2S 3S 4S 4S 6S"], "7C 8C")
    assert sorted(m for m in moves(s) if m.startswith("play 4S")) == ["play 4S 1,9", "play 4S 7,5"]
    s.play("play 4S 1,9", 1)
    assert s.board[cell(1, 9)] == 1
    assert "7C" in s.view(1)["hand"] and s.turn == 0
    assert s.discards == [C.card("4S")]
    with pytest.raises(IllegalMove, match="showing 2♥"):
        s.play("play 2H 0,4", 0)
    s.play("play 4H 0,1", 0)
    with pytest.raises(IllegalMove, match="taken already"):
        s.play("play 4S 1,9", 1)


def test_two_eyed_jack_places_on_any_free_space_but_not_a_corner() -> None:
    s = new(["2H 3H 4H 5H 6H", "JC 3S 4S 5S 6S"])
    jc = [m for m in moves(s) if m.startswith("play JC")]
    assert len(jc) == 96
    with pytest.raises(IllegalMove, match="free space"):
        s.play("play JC 0,0", 1)
    s.play("play JC 4,4", 1)
    assert s.board[cell(4, 4)] == 1


def test_one_eyed_jack_takes_off_an_opposing_disc_only() -> None:
    s = new(["2H 3H 4H 5H 6H", "JS 3S 4S 5S 6S"])
    assert not [m for m in moves(s) if m.startswith("remove")]  # nothing to take off yet
    assert not [m for m in moves(s) if m.startswith("play JS")]
    put(s, 0, (2, 2))
    put(s, 1, (3, 3))
    assert [m for m in moves(s) if m.startswith("remove")] == ["remove JS 2,2"]
    with pytest.raises(IllegalMove, match="your own side"):
        s.play("remove JS 3,3", 1)
    s.play("remove JS 2,2", 1)
    assert s.board[cell(2, 2)] == EMPTY


def test_T_5R_5_one_eyed_jack_never_takes_a_disc_of_a_finished_row() -> None:
    s = new(["8S 3H 4H 5H 3C", "JH 3S 4S 5S 6S"])
    put(s, 0, (4, 2), (4, 3), (4, 5), (4, 6), (7, 7))
    set_position(s, turn=0)
    s.play("play 8S 4,4", 0)
    assert s.rows_of(0) == 1 and s.locked[cell(4, 4)]
    with pytest.raises(IllegalMove, match="finished row"):
        s.play("remove JH 4,4", 1)
    s.play("remove JH 7,7", 1)  # a disc outside the row may go


def test_T_5R_6_a_dead_card_is_exchanged_once_a_turn() -> None:
    s = new(["2C 3H 2H 5H 6H", "4H 4H 4S 5S 6S"], "KC KD 9H")
    put(s, 0, (0, 1), (6, 8))
    assert s.is_dead(C.card("4H"))
    assert "dead 4H" in moves(s)
    s.play("dead 4H", 1)
    assert "KC" in s.view(1)["hand"]
    assert "dead 4H" not in moves(s)  # one a turn
    with pytest.raises(IllegalMove, match="One dead card a turn"):
        s.play("dead 4H", 1)
    s.play("play 4S 1,9", 1)
    with pytest.raises(IllegalMove, match="not dead"):
        s.play("dead 2C", 0)


def test_no_usable_card_throws_one_away_and_draws() -> None:
    s = new(["2H 3H 2D 5H 6H", "JS 4H 4H 7H 7H"], "KC KD")
    put(s, 1, (0, 1), (6, 8), (0, 4), (3, 8))  # own discs: nothing for the one-eyed jack to take
    set_position(s, extra={"dead_used": True})  # the turn's exchange made already
    assert moves(s) == ["discard 4H", "discard 7H", "discard JS"]
    s.play("discard 4H", 1)
    assert s.hands[1].count(C.card("4H")) == 1 and "KC" in s.view(1)["hand"]


def test_an_empty_draw_pile_is_made_again_from_the_discards() -> None:
    s = new(HANDS2)
    run_down_stock(s, 1, top_last=True)
    s.play("play 4S 1,9", 1)
    assert not s.stock
    s.play("play 4H 0,1", 0)
    assert len(s.hands[0]) == 5 and s.stock and len(s.discards) == 0
    assert any(e.kind == "reshuffle" for e in s.events)


# ---- rows ---------------------------------------------------------------------------------------

FREE = frozenset((0, 9, 90, 99))


def rows_after(cells: list[tuple[int, int]], overlap: bool = False) -> int:
    """Discs put down one by one in this order: how many rows get marked."""
    mine: set[int] = set()
    rows: list[tuple[int, int, tuple[int, ...]]] = []
    for r, c in cells:
        mine.add(cell(r, c))
        for d, five in find_rows(mine, FREE, rows, 0, cell(r, c), overlap):
            rows.append((0, d, five))
    return len(rows)


def test_T_5R_1_five_in_a_row_across_is_one_row() -> None:
    assert rows_after([(4, c) for c in range(2, 7)]) == 1
    assert rows_after([(4, c) for c in range(2, 6)]) == 0


def test_T_5R_2_crossing_rows_share_a_disc() -> None:
    assert rows_after([(5, c) for c in (2, 3, 5, 6)] + [(r, 4) for r in (3, 4, 6, 7)] + [(5, 4)]) == 2
    s = new(["4C 3H 4H 5H 6H", "2S 3S 4S 5S 6S"])
    put(s, 0, *[(5, c) for c in (2, 3, 5, 6)], *[(r, 4) for r in (3, 4, 6, 7)])
    set_position(s, turn=0)
    s.play("play 4C 5,4", 0)
    assert s.rows_of(0) == 2


def test_T_5R_3_a_free_corner_counts_for_every_colour() -> None:
    assert rows_after([(0, c) for c in range(1, 5)]) == 1
    s = new(["7H 3H 4H 5H 6H", "2S 3S 4S 5S 6S"])
    put(s, 0, (0, 1), (0, 2), (0, 3))
    set_position(s, turn=0)
    s.play("play 7H 0,4", 0)
    assert s.rows_of(0) == 1


def test_T_5R_4_a_whole_line_of_ten_is_two_rows_nine_is_one() -> None:
    assert rows_after([(2, c) for c in range(10)]) == 2
    assert rows_after([(2, c) for c in range(9)]) == 1
    assert rows_after([(2, c) for c in range(9)], overlap=True) == 2
    assert rows_after([(4, c) for c in range(2, 8)]) == 1  # six in a line: one row


def test_a_diagonal_and_a_column_make_rows() -> None:
    assert rows_after([(i, i) for i in range(1, 6)]) == 1
    assert rows_after([(i, 9 - i) for i in range(2, 7)]) == 1
    assert rows_after([(r, 3) for r in range(5)]) == 1


# ---- the end ----------------------------------------------------------------------------------

def test_three_rows_win_and_partners_share_them() -> None:
    s = gamenight.new("five-in-a-row", players=4, deck=deal_deck(
        ["2H 3H 4H 5H 6H", "8S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"]), options={})
    assert isinstance(s, FiveInARow)
    put(s, 0, *[(4, c) for c in (2, 3, 5, 6)])  # seat 0 and 2: side 0
    put(s, 1, *[(r, 0) for r in range(1, 6)], *[(r, 1) for r in range(1, 6)])
    set_position(s, extra={"rows": [(1, 1, tuple(cell(r, 0) for r in range(1, 6))),
                                    (1, 1, tuple(cell(r, 1) for r in range(1, 6)))]})
    put(s, 1, (3, 4), (5, 4), (6, 4), (7, 4))
    assert s.turn == 1
    s.play("play 8S 4,4", 1)  # seat 1 finishes the column (3..7,4): East–West's third row
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (1, 3)
    assert "East–West" in s.outcome.reason
    assert s.rows_of(1) == 3 and s.outcome.scores == (0, 3, 0, 3)
    assert s.score_sheet.totals == [0, 1]  # the sheet's line for the row made in play


def test_rows_to_win_option() -> None:
    s = new(["8S 3H 4H 5H 6H", "2S 3S 4S 5S 6S"], rows_to_win=1)
    put(s, 0, (4, 2), (4, 3), (4, 5), (4, 6))
    set_position(s, turn=0)
    s.play("play 8S 4,4", 0)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0,)


def test_hand_size_option_and_sequence_preset() -> None:
    s = gamenight.new("five-in-a-row", players=2, seed=1, options={"hand_size": 7})
    assert isinstance(s, FiveInARow) and [len(h) for h in s.hands] == [7, 7]
    p = gamenight.new("five-in-a-row", players=2, seed=1, preset="sequence")
    assert isinstance(p, FiveInARow)
    assert p.options.rows_to_win == 2 and p.options.same_line_overlap and len(p.hands[0]) == 7


def test_manual_draw_penalty_forgetting_to_draw_misses_the_next_turn() -> None:
    s = new(HANDS2, "7C 8C 9C", manual_draw_penalty=True)
    s.play("play 4S 1,9", 1)
    assert moves(s, 1) == ["draw", "done"]
    s.play("done", 1)
    assert len(s.hands[1]) == 4 and s.view(0)["missing_turn"] == [1]
    s.play("play 4H 0,1", 0)
    s.play("draw", 0)
    # player 2's turn is missed: the card is drawn, and it is player 1's turn again
    assert s.turn == 0 and len(s.hands[1]) == 5
    assert any(e.kind == "missed" for e in s.events)


def test_a_whole_pass_of_the_deck_with_no_disc_moved_is_a_draw() -> None:
    s = new(["2H 3H 2D 5H 6H", "JS 4H 4H 7H 7H"], "KC KD")
    put(s, 1, (0, 1), (6, 8), (0, 4), (3, 8))
    set_position(s, extra={"dead_used": True, "idle": 103})
    s.play("discard 4H", 1)
    assert s.is_over and s.outcome is not None and s.outcome.winners == (0, 1)


# ---- hidden cards, a public board ---------------------------------------------------------

def test_hands_hidden_board_public_and_sample_redeals_hands() -> None:
    s = gamenight.new("five-in-a-row", players=2, seed=5)
    assert isinstance(s, FiveInARow)
    seat = s.turn
    s.play(s.legal_moves(seat)[0], seat)
    v = s.view(seat)
    assert v["hand"] is not None and "board" in v
    assert s.view(1 - seat)["hand"] != v["hand"] or True
    t = s.sample(seat, random.Random(1))
    assert isinstance(t, FiveInARow)
    assert t.board == s.board and t.hands[seat] == s.hands[seat]
    assert any(cast(FiveInARow, t.sample(seat, random.Random(k))).hands[1 - seat] != s.hands[1 - seat]
               for k in range(5))


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("five_in_a_row_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (1, 3)
    assert s.score_sheet.totals == [0, 3]


def test_typed_shorthands_a_card_and_its_space_or_a_bare_card_with_one_move() -> None:
    s = new(["2H 3H 4H 5H 6H", "2S 3S 4S 4S JS"])
    put(s, 0, (2, 2))
    s.play("4S 7,5", 1)
    assert s.board[cell(7, 5)] == 1
    s.play("2H 4,1", 0)
    with pytest.raises(IllegalMove, match="name the space too"):
        s.play("2S", 1)
    s.play("JS 2,2", 1)  # a one-eyed jack and the disc it takes off
    assert s.board[cell(2, 2)] == EMPTY


CORNERS_FILLED = " ".join((["2H", "3H", "4H", "5H"][(r // 9) * 2 + c // 9] if t == "FREE" else t)
                          for r, line in enumerate(LAYOUT_TEXT) for c, t in enumerate(line))


def test_free_corners_off_only_with_a_layout_that_fills_them() -> None:
    with pytest.raises(gamenight.OptionError, match="Free corners"):
        gamenight.new("five-in-a-row", players=2, seed=1, options={"free_corners": False})
    s = new(["7H 6C 4H 5H 6H", "2S 3S 4S 5S 6S"], free_corners=False, layout=CORNERS_FILLED)
    assert s.view(0)["board"]["spaces"][0]["label"] == "2H"
    put(s, 0, (0, 1), (0, 2))
    set_position(s, turn=0)
    s.play("play 7H 0,4", 0)
    s.play("play 2S 6,1", 1)
    s.play("play 6C 0,3", 0)
    assert s.rows_of(0) == 0  # the corner counts for nobody now: a card shows there
    assert "play 2H 0,0" not in moves(s, 0)


def test_layout_option_is_checked() -> None:
    for bad, why in (("7H 8H", "100 spaces"), (CORNERS_FILLED.replace("8C", "JC", 1), "jack"),
                     (CORNERS_FILLED.replace("8C", "XX", 1), "no card")):
        with pytest.raises(gamenight.OptionError, match=why):
            gamenight.new("five-in-a-row", players=2, seed=1, options={"layout": bad})
    s = gamenight.new("five-in-a-row", players=2, seed=1, options={"layout": CORNERS_FILLED})
    assert isinstance(s, FiveInARow) and s.free == frozenset()
    assert s.cells_of[C.card("2H")] == (0, 41, 70)


def test_the_terminal_draws_the_board_in_text() -> None:
    from rich.console import Console

    from gamenight.cli.render import board_block

    s = new(["8S 3H 4H 5H 6H", "2S 3S 4S 5S 6S"])
    put(s, 0, (4, 2), (4, 3), (4, 5), (4, 6))
    put(s, 1, (0, 1))
    set_position(s, turn=0)
    s.play("play 8S 4,4", 0)
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(board_block(s.view(0)["board"]))
    lines = console.export_text().splitlines()
    assert len(lines) == 11 and max(map(len, lines)) <= 76
    assert lines[1].split()[:3] == ["1", "★", "◆4♥"]  # row 1 (from 1): a free corner, Player 2 on 4♥
    assert "◉8♠" in lines[5]  # a disc of the finished row
    assert "● Player 1" in lines[1] and "◆ Player 2" in lines[2]
