"""Observations: a fixed shape at every step, and nothing a seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamenight
from gamenight.interop.actions import space_for
from gamenight.interop.observe import Observer, text


@pytest.mark.parametrize("game", ["hearts", "canasta", "ten-thousand", "golf", "jokers-wild"])
def test_a_seat_observes_the_same_whatever_it_cannot_see(game: str) -> None:
    """Redealing every piece a seat cannot see (the game's own sample) leaves its observation as
    it was: the tensor is built from what the seat sees. Its shape never changes."""
    state = gamenight.new(game, seed=11)
    observer = Observer(state, space_for(state))
    rng = random.Random(3)
    differs = 0
    for _ in range(40):
        if state.is_over:
            break
        seat = min(state.to_act)
        mine = observer.tensor(state.view(seat))
        assert mine.shape == (observer.size,) and mine.dtype == np.float32
        assert np.array_equal(mine, observer.observe(state, seat))  # the short way reads the same
        other = state.sample(seat, rng)
        assert np.array_equal(mine, observer.tensor(other.view(seat)))
        peer = (seat + 1) % state.num_players
        differs += not np.array_equal(observer.tensor(state.view(peer)), observer.tensor(other.view(peer)))
        state.play(rng.choice(state.legal_moves(seat)), seat)
    if game in ("hearts", "canasta"):
        assert differs, "the redeal changed what another seat sees, so the check has teeth"


def test_the_hand_is_in_the_first_plane_and_the_fields_add_up() -> None:
    state = gamenight.new("hearts", seed=4)
    observer = Observer(state, space_for(state))
    seat = min(state.to_act)
    obs = observer.tensor(state.view(seat))
    hand = obs[: observer.pieces]
    assert hand.sum() == len(state.view(seat)["hand"])
    assert sum(size for _, size in observer.fields()) == obs.size


def test_the_text_names_the_hand_and_the_moves() -> None:
    state = gamenight.new("euchre", seed=1)
    seat = min(state.to_act)
    words = text(state.view(seat))
    assert "Euchre" in words and state.view(seat)["moves"][0]["words"] in words
