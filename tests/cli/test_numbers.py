"""One numbering at the terminal: people count from 1 (issue 27).

Seats (``--seat``, the seat table, Arizona's ``take 3``), a board's rows and columns (5 in a
Row) and a dominoes game's trains are shown and read from 1; the engine's moves keep their own
form (a grid space from 0) and the terminal translates.
"""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import gamenight
from gamenight.cli.loops import Session, quoted_as_typed
from gamenight.cli.menu import display_order, typed_move
from gamenight.cli.render import hand_pieces, render_view
from gamenight.cli.screen import turn_screen
from gamenight.core.errors import IllegalMove


def text_of(view: dict[str, object]) -> str:
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    moves = display_order(view["legal_moves"], hand_pieces(view))  # type: ignore[arg-type]
    for part in [*turn_screen(view, moves, 80, 24), render_view(view)]:
        console.print(part)
    return console.export_text()


def session(state: gamenight.State, seat: int) -> Session:
    return Session(state, seat, {}, Console(file=io.StringIO()), lambda prompt: "")


def test_a_board_space_is_shown_and_typed_from_1() -> None:
    state = gamenight.new("five-in-a-row", seed=3)
    seat = min(state.to_act)
    move = next(m for m in map(str, state.legal_moves(seat)) if m.startswith("play "))
    _, card, space = move.split()
    row, col = map(int, space.split(","))
    shown = f"{row + 1},{col + 1}"
    assert typed_move(move) == f"play {card} {shown}"
    text = text_of(state.view(seat))
    assert f" {shown}" in text  # the menu's spaces, from 1
    rows = [line.split()[1] for line in text.splitlines() if re.match(r"│ +\d+  ?[●◆]?(★|[2-9JQKA1])", line)]
    assert rows[:10] == [str(r) for r in range(1, 11)], text  # the board's rows, from 1
    assert quoted_as_typed(f"for example '{move}'.") == f"for example 'play {card} {shown}'."
    try:
        session(state, seat).play_answer(f"play {card} 0,{col + 1}", [move])
    except IllegalMove as e:
        assert "count from 1" in str(e)
    else:
        raise AssertionError("a row 0 is no space")
    session(state, seat).play_answer(f"play {card} {shown}", [move])
    assert state.moves[-1][0] == seat and str(state.moves[-1][1]) == move


def test_seats_and_trains_are_numbered_from_1_on_screen() -> None:
    state = gamenight.new("mexican-train", seed=4)
    rng = random.Random(4)
    while not any(m.startswith("play ") and m.split()[-1].isdigit() for m in state.view(min(state.to_act))[
            "legal_moves"]):
        seat = min(state.to_act)
        state.play(rng.choice(state.legal_moves(seat)), seat)
    seat = min(state.to_act)
    text = text_of(state.view(seat))
    for s, name in enumerate(state.names):
        assert f"{s + 1} {name}" in text  # the seat table
        assert f"{s + 1} {'Your' if s == seat else name + chr(39) + 's'} train" in text  # the trains


def test_sixteen_seats_fit_80_columns_as_a_grid_of_seat_numbers() -> None:
    state = gamenight.new("court-whist", seed=2, players=16)
    rng = random.Random(2)
    for _ in range(40):  # into the first hand's tricks
        seat = min(state.to_act)
        state.play(rng.choice(state.legal_moves(seat)), seat)
    seat = min(state.to_act)
    text = text_of(state.view(seat))
    head = next(line for line in text.splitlines() if " 16 " in line or line.rstrip(" │").endswith("16"))
    assert head.split()[1:17] == [str(s) for s in range(1, 17)], text
    assert "…" not in text and max(map(len, text.splitlines())) <= 80, text
    assert "Cards taken" in text and "Trick" in text and "Tricks won" in text


def test_ten_thousand_shows_one_score_the_live_one() -> None:
    """The seat table's Score counts what was banked this round; the sheet's line, written at the
    round's end, would disagree with it: the screen shows the live one only."""
    state = gamenight.new("ten-thousand", seed=5, players=3)
    rng = random.Random(5)
    while not state.score_sheet.rows or not any(state.view(0)["scores"][s] != state.score_sheet.totals[s]
                                                for s in range(3)):
        seat = min(state.to_act)
        state.play(rng.choice(state.legal_moves(seat)), seat)
    text = text_of(state.view(min(state.to_act)))
    assert "Score" in text and "Score:" not in text, text
