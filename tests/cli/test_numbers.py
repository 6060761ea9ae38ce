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
