"""What a person may type at the terminal beyond the menu's numbers, and the help and the way out
that go with it: the help speaks of the pieces this game's hand holds, a domino typed as the screen
draws it, Ctrl-C offering to save like q, and menu items never reading "9) 1"."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console

import gamenight
from gamenight.cli.loops import help_text, leave_table, moves_with_cards, tile_key
from gamenight.cli.menu import display_order, menu_lines, number_labels
from gamenight.cli.render import hand_pieces


def turn_of(game: str, seed: int = 2) -> tuple[gamenight.State, int]:
    state = gamenight.new(game, seed=seed)
    return state, min(state.to_act)


def test_the_help_gives_examples_from_the_moves_on_offer_and_the_hand_pieces_way_of_typing() -> None:
    dice, seat = turn_of("ten-thousand")
    view = dice.view(seat)
    text = help_text(view, display_order(view["legal_moves"], hand_pieces(view)))
    assert "'roll'" in text and "rank then suit" not in text and "domino" not in text
    tiles, seat = turn_of("mexican-train")
    view = tiles.view(seat)
    text = help_text(view, display_order(view["legal_moves"], hand_pieces(view)))
    assert "A domino is its two ends" in text and "rank then suit" not in text
    cards, seat = turn_of("euchre")
    view = cards.view(seat)
    text = help_text(view, display_order(view["legal_moves"], hand_pieces(view)))
    assert "rank then suit" in text and "'pass'" in text


def test_a_domino_typed_either_way_round_or_with_a_bar_is_the_one_move_it_names() -> None:
    assert tile_key("12|6") == tile_key("6-12") == (6, 12)
    assert tile_key("12") is None and tile_key("QS") is None
    moves = ["play 12-6 1", "play 12-3 1", "play 12-3 2"]
    assert moves_with_cards("6|12", moves) == "play 12-6 1"
    assert moves_with_cards("12-3", moves) is None  # it fits two trains: the person must say which
    assert moves_with_cards("12-5", moves) is None


def test_ctrl_c_offers_to_save_the_game_as_q_does(tmp_path: Path) -> None:
    state = gamenight.new("euchre", seed=1)
    save = tmp_path / "interrupted.json"
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return str(save)

    leave_table(state, "interrupted", None, Console(file=io.StringIO()), ask)
    assert asked and "Save this game?" in asked[0]
    assert json.loads(save.read_text())["game"] == "euchre"
    asked.clear()
    leave_table(state, "end of input", None, Console(file=io.StringIO()), ask)
    assert not asked  # a script's input ran out: nobody is there to answer


def test_a_menu_of_numbered_places_names_the_place_beside_the_item_number() -> None:
    state = gamenight.new("golf", seed=3)
    while 0 not in state.to_act:
        state.play(state.legal_moves(min(state.to_act))[0], min(state.to_act))
    state.play("draw", 0)
    view = state.view(0)
    labels = number_labels(view["moves"])
    assert labels["exchange 3"] == "place 3" and labels["flip 3"] == "card 3"
    text = "\n".join(line.plain for line in menu_lines(view["legal_moves"], 80, labels=labels))
    assert "9) card 1" in text and "9) 1 " not in text
