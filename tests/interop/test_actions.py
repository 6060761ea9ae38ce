"""The action encoding: a fixed space per game, and every masked sequence ends in a legal move."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.core.moves import Move
from gamenight.interop.actions import ActionSpace, Selection, actions_for, space_for

#: one game of each shape of move: single cards, melds and pickups, dice keeps, marble splits,
#: named wild cards, dominoes, bets with large numbers
SAMPLE = ["hearts", "canasta", "ten-thousand", "jokers-wild", "oklahoma-canasta", "mexican-train",
          "red-dog", "five-in-a-row"]


def play_by_masks(game: str, seed: int, steps: int) -> tuple[int, int]:
    """Play ``steps`` moves choosing uniformly among masked actions; check each ends legal and
    that every legal move at each decision round-trips through its actions."""
    state = gamenight.new(game, seed=seed)
    space = space_for(state)
    rng = random.Random(seed)
    selections = {seat: Selection(space, seat) for seat in range(state.num_players)}
    moves = atoms = 0
    while not state.is_over and moves < steps:
        seat = min(state.to_act)
        legal = state.legal_moves(seat)
        for move in rng.sample(legal, min(len(legal), 8)):  # a move's actions lead back to it
            assert _made_by(space, actions_for(space, move, legal), legal) is move
        selection = selections[seat]
        made: Move | None = None
        while made is None:
            allowed = selection.allowed(legal)
            assert allowed and max(allowed) < space.size
            made = selection.choose(rng.choice(sorted(allowed)), legal)
            atoms += 1
        assert made in legal
        selection.clear()
        state.play(made, seat)
        moves += 1
    return moves, atoms


def _made_by(space: ActionSpace, actions: tuple[int, ...], legal: list[Move]) -> Move | None:
    selection = Selection(space, 0)
    made: Move | None = None
    for action in actions:
        assert made is None, "a move was complete before its last action"
        made = selection.choose(action, legal)
    return made


@pytest.mark.parametrize("game", SAMPLE)
def test_masked_sequences_end_in_legal_moves(game: str) -> None:
    moves, atoms = play_by_masks(game, seed=5, steps=60)
    assert moves > 0 and atoms >= moves


def test_space_is_fixed_for_a_game_and_rule_set() -> None:
    sizes = {space_for(gamenight.new("canasta", seed=s)).size for s in range(4)}
    assert len(sizes) == 1
    euchre = space_for(gamenight.new("euchre", seed=1))
    cards = [t for t in euchre.tokens if t[0] == "card"]
    assert len(cards) == 24  # the euchre deck, not all 52 cards


def test_a_card_play_is_one_action_and_a_meld_is_select_then_confirm() -> None:
    state = gamenight.new("hearts", seed=2)
    space = space_for(state)
    seat = min(state.to_act)
    legal = state.legal_moves(seat)
    assert all(len(actions_for(space, m, legal)) == 1 for m in legal)
    move = Move("meld", *gamenight.new("canasta", seed=1).parse("meld 5H 5D 5C").args)
    names = [space.name(a) for a in space.encode(move)]
    assert names == ["card 5H", "card 5D", "card 5C", "verb meld"]


def test_values_past_the_blocks_are_spelled() -> None:
    space = space_for(gamenight.new("red-dog", seed=1))
    move = gamenight.new("red-dog", seed=1).parse("bet 1000")
    names = [space.name(a) for a in space.encode(move)]
    assert names == ["escape number", "digit 1", "digit 0", "digit 0", "digit 0", "escape end", "verb bet"]


def test_an_action_the_mask_refuses_is_refused() -> None:
    state = gamenight.new("euchre", seed=1)
    space = space_for(state)
    seat = min(state.to_act)
    legal = state.legal_moves(seat)
    selection = Selection(space, seat)
    refused = next(a for a in range(space.size) if a not in selection.allowed(legal))
    with pytest.raises(ValueError, match="cannot lead to a legal move"):
        selection.choose(refused, legal)
