"""Observations: a fixed shape at every step, and nothing a seat cannot see."""

from __future__ import annotations

import random

import numpy as np
import pytest

import gamenight
from gamenight.interop.actions import space_for
from gamenight.interop.observe import Observer, entry_width, squash, text


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


def entry(observer: Observer, tensor: np.ndarray, key: str) -> list[float]:
    """The slots of the game entry ``key`` in an observation."""
    names = [name for name, _ in observer.fields()]
    at = sum(size for _, size in observer.fields()[: names.index("game entries")])
    for k, kind in observer.entries:
        width = entry_width(kind, observer.players)
        if k == key:
            return [round(float(x), 3) for x in tensor[at:at + width]]
        at += width
    raise KeyError(key)


def test_the_bids_and_the_contract_are_in_the_tensor() -> None:
    """Oh Hell's bids, seat by seat from the observer on; Euchre's trump and maker, once ordered up."""
    state = gamenight.new("oh-hell", seed=2, players=4)
    observer = Observer(state, space_for(state))
    while "bids" not in state.view(0) or None in (state.view(0)["bids"] or [None]):
        seat = min(state.to_act)
        state.play(state.legal_moves(seat)[-1], seat)  # the highest bid each time
    bids = state.view(0)["bids"]
    seat = 1
    assert entry(observer, observer.observe(state, seat), "bids") == [
        0.0, *(round(squash(bids[(seat + r) % 4]), 3) for r in range(4))]

    state = gamenight.new("euchre", seed=3)
    observer = Observer(state, space_for(state))
    before = observer.observe(state, 2)
    assert entry(observer, before, "maker") == [0.0] * 4
    while state.view(0).get("maker") is None:
        seat = min(state.to_act)
        state.play(state.legal_moves(seat)[0] if len(state.legal_moves(seat)) == 1 else
                   next(m for m in state.legal_moves(seat) if m.verb != "pass"), seat)
    view = state.view(2)
    after = observer.observe(state, 2)
    suit = "CDHS".index(view["trump"])
    assert entry(observer, after, "trump") == [1.0 if i == suit else 0.0 for i in range(5)]
    assert entry(observer, after, "maker") == [1.0 if r == (view["maker"] - 2) % 4 else 0.0 for r in range(4)]
