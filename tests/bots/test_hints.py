"""Hints: the strong bot's move in words, from the seat's view only, and the terminal's '?'."""

from __future__ import annotations

import random

from typer.testing import CliRunner

import gamenight
from gamenight.bots.base import sampler_for
from gamenight.bots.hints import hint, hint_for
from gamenight.cli import app


def test_a_hint_names_a_legal_move_in_words_and_says_why() -> None:
    state = gamenight.new("euchre", seed=5)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat, layout=False)
    move, words = hint(view, state.legal_moves(seat), sampler_for(state, seat), random.Random(2))
    assert move in state.legal_moves(seat)
    said = next(e["words"] for e in view["moves"] if e["text"] == str(move))
    assert words.startswith(f"The strong bot would play: {said}.")
    assert "guesses at what it cannot see, playing each to the end of the deal" in words
    assert not state.moves  # asking changed nothing
    money = gamenight.new("red-dog", seed=1)  # an exact bot (the odds): it says so, not "guesses"
    _, words = hint_for(money, min(money.to_act), random.Random(1))
    assert words.startswith("The strong bot would play: Bet") and "own reckoning" in words


def test_a_horizon_games_hint_says_how_far_its_search_looked() -> None:
    state = gamenight.new("golf", seed=3)  # strong stops its rollouts once the seat's next turn is over
    _, words = hint_for(state, min(state.to_act), random.Random(1))
    assert "playing each through its next turn and judging the game from there" in words
    assert "end of the deal" not in words


def test_the_terminals_question_mark_shows_the_hint() -> None:
    out = CliRunner().invoke(app, ["play", "euchre", "--seed", "3", "--bots", "casual"], input="?\nq\n\n")
    assert out.exit_code == 0, out.output
    assert "The strong bot would play:" in out.output
