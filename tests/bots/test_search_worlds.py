"""What the search stands on: the worlds it samples are ones the seat cannot tell from the true one
(the same view, every void and known card kept), and the rollouts' cheap bot view makes every
heuristic choose what the page's full view makes it choose."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.bots import Bot, make_bot, sampler_for
from gamenight.bots.search import bot_view
from gamenight.core.state import State

#: a trick game with partners and bowers, one with passing and voids, a rummy, a canasta, dominoes
GAMES = ("euchre", "hearts", "gin-rummy", "canasta", "mexican-train")


def play_on(state: State, bots: list[Bot], seat: int, rng: random.Random) -> None:
    legal = state.legal_moves(seat)
    state.play(bots[seat].choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng), seat)


@pytest.mark.parametrize("game", GAMES)
def test_a_sampled_world_looks_to_the_seat_exactly_like_the_true_one(game: str) -> None:
    state = gamenight.new(game, seed=4)
    bots = [make_bot("heuristic", game) for _ in range(state.num_players)]
    rng = random.Random(0)
    checked = 0
    for n in range(100):
        if state.is_over:
            break
        seat = min(state.to_act)
        if n % 15 == 3:
            for who in range(state.num_players):
                world = state.sample(who, rng)
                assert world.view(who) == state.view(who), (game, n, who)
                for zone in world.zones():  # a void (or any rule's constraint) holds of every hidden piece
                    hidden = set(zone.hidden_from(who))
                    assert zone.allowed is None or all(
                        zone.allowed(p) for i, p in enumerate(zone.pieces) if i in hidden), (game, zone.key)
                assert world.pieces_in_play() == state.pieces_in_play()
                checked += 1
        play_on(state, bots, seat, rng)
    assert checked >= 10


def test_euchre_samples_keep_voids_with_the_left_bower_counted_as_trump() -> None:
    """A seat that showed out of trumps holds neither bower in any sampled world."""
    state = gamenight.new("euchre", seed=2)
    bots = [make_bot("heuristic", "euchre") for _ in range(4)]
    rng = random.Random(1)
    while not state.is_over and not any(state.void):  # type: ignore[attr-defined]
        seat = min(state.to_act)
        play_on(state, bots, seat, rng)
    voids = {s: set(v) for s, v in enumerate(state.void) if v}  # type: ignore[attr-defined]
    assert voids
    observer = next(s for s in range(4) if s not in voids)
    for _ in range(30):
        world = state.sample(observer, rng)
        for s, suits in voids.items():
            assert not [c for c in world.hands[s] if world.suit_of[c] in suits]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", [*GAMES[:4], "five-in-a-row", "golf", "sweep"])
def test_every_heuristic_chooses_alike_from_the_bot_view_and_the_full_view(game: str) -> None:
    state = gamenight.new(game, seed=11)
    full = [make_bot("heuristic", game) for _ in range(state.num_players)]
    light = [make_bot("heuristic", game) for _ in range(state.num_players)]
    options = state.options.to_json()
    for n in range(150):
        if state.is_over:
            break
        seat = min(state.to_act)
        legal = state.legal_moves(seat)
        sampler = sampler_for(state, seat)
        move = full[seat].choose(state.view(seat, layout=False), legal, sampler, random.Random(n))
        same = light[seat].choose(bot_view(state, seat, options), legal, sampler, random.Random(n))
        assert move == same, (game, n)
        state.play(move, seat)
