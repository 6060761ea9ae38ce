"""The search's inference: a sampled world is weighed by how likely the others' bids are in it under
the bot's own bidding (Oh Hell's and Euchre's ``plausibility``), and the search keeps one of several candidate
worlds by that weight; a game whose bot has no such hook is searched exactly as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.base import Sampler
from gamenight.bots.games.euchre import EuchreBot, bidding_plausibility, hands_as_dealt
from gamenight.bots.games.oh_hell import OhHellBot, bid_likelihood, bids_plausibility
from gamenight.bots.search import SearchBot
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.tricks import TrickState
from gamenight.games.euchre import Euchre
from gamenight.games.oh_hell import OhHell


def heuristic(game: str) -> Any:
    return lambda: make_bot("heuristic", game)


def play_until(state: State, done: Any, rng: random.Random) -> None:
    """Casual bots play every seat until ``done(state)``."""
    bot = make_bot("heuristic", state.spec.id)
    while not done(state):
        seat = min(state.to_act)
        view = state.view(seat, layout=False)
        state.play(bot.choose(view, state.legal_moves(seat), sampler_for(state, seat), rng), seat)


def bids_made(seed: int) -> OhHell:
    """An Oh Hell deal of ten cards each, its bids made in turn, its play not begun."""
    state = gamenight.new("oh-hell", seed=seed, options={"order": "down_up"})
    play_until(state, lambda s: s.phase() == "play", random.Random(seed))
    assert isinstance(state, OhHell)
    return state


def test_the_true_deal_is_more_plausible_than_one_where_a_high_bidder_holds_only_low_cards() -> None:
    state = bids_made(3)
    seat = state.dealer  # the searching seat; the high bidder is another
    bidder = max((s for s in range(4) if s != seat), key=lambda s: state.bids[s])
    assert state.bids[bidder] >= 3
    stacked = state.clone()
    assert isinstance(stacked, OhHell)
    # the bidder's hand swapped for the lowest cards the two other unseen hands hold between them
    third = [s for s in range(4) if s not in (seat, bidder)]
    pool = sorted(stacked.hands[bidder] + [c for s in third for c in stacked.hands[s]],
                  key=lambda c: C.RANK_OF[c])
    stacked.hands[bidder][:] = pool[:10]
    stacked.hands[third[0]][:], stacked.hands[third[1]][:] = pool[10:20], pool[20:]
    bot = OhHellBot()
    assert bot.plausibility(state, seat) > 5 * bot.plausibility(stacked, seat)


def test_the_hands_as_dealt_are_rebuilt_from_the_cards_played_since_the_bids() -> None:
    state = bids_made(5)
    before = bids_plausibility(state, 0)
    play_until(state, lambda s: sum(s.tricks_won) == 3, random.Random(1))
    assert state.deal_no == 1 and sum(len(h) for h in state.hands) == 28
    assert bids_plausibility(state, 0) == pytest.approx(before, rel=1e-12)  # the same hands as dealt


def test_secret_and_missing_bids_tell_nothing() -> None:
    state = gamenight.new("oh-hell", seed=2)  # the book's first round: one card each, bid in secret
    assert isinstance(state, OhHell) and state.phase() == "blind_bid"
    assert bids_plausibility(state, 0) == 1.0  # nobody has bid
    state.play("bid 1", 1)
    state.play("bid 0", 2)
    for seat in range(4):  # the bids are in, still secret: a world's bids are the sampler's guesses
        world = state.sample(seat, random.Random(seat))
        assert isinstance(world, OhHell) and bids_plausibility(world, seat) == 1.0
    turn = gamenight.new("oh-hell", seed=7, options={"order": "down_up"})  # in turn, nobody has bid yet
    assert isinstance(turn, OhHell) and bids_plausibility(turn, turn.dealer) == 1.0


def test_a_bid_is_likelier_the_nearer_the_estimate_and_the_dealers_hook_is_no_bid() -> None:
    assert bid_likelihood(3, 3.1, 5, None) > bid_likelihood(3, 1.2, 5, None) > bid_likelihood(3, 0.1, 5, None)
    assert sum(bid_likelihood(b, 2.4, 5, None) for b in range(6)) == pytest.approx(1.0)
    assert sum(bid_likelihood(b, 2.4, 5, 2) for b in range(6) if b != 2) == pytest.approx(1.0)


def hands_of(world: State) -> list[list[int]]:
    assert isinstance(world, TrickState)
    return world.hands


def recorded(sampler: Sampler, worlds: list[list[list[int]]]) -> Sampler:
    """``sampler``, noting every world's hands."""
    def sample(rng: random.Random) -> State:
        world = sampler(rng)
        worlds.append([list(h) for h in hands_of(world)])
        return world
    return sample


def search(game: str, state: State, seat: int, infer: int, seed: int = 7) -> tuple[Any, SearchBot, list[Any]]:
    bot = SearchBot(heuristic(game), simulations=40, steps=1_500, infer=infer)
    worlds: list[list[list[int]]] = []
    move = bot.choose(state.view(seat, layout=False), state.legal_moves(seat),
                      recorded(sampler_for(state, seat), worlds), random.Random(seed))
    return move, bot, worlds


def play_position() -> tuple[OhHell, int]:
    state = bids_made(11)
    play_until(state, lambda s: len(s.legal_moves(s.turn)) > 2, random.Random(2))
    return state, state.turn


def test_the_inference_draws_its_candidates_and_is_the_same_under_the_same_seed() -> None:
    state, seat = play_position()
    first = search("oh-hell", state, seat, infer=4)
    again = search("oh-hell", state, seat, infer=4)
    assert first[0] == again[0] and first[2] == again[2]
    bot = first[1]
    assert bot.last_simulations > 0 and bot.last_candidates >= 4 * 3  # four candidates a round
    # every world but the first (the prior's) is a candidate, four a round
    assert bot.last_candidates == len(first[2]) - 1 and bot.last_candidates % 4 == 0


def test_the_kept_world_follows_the_weights() -> None:
    state, seat = play_position()
    bot = SearchBot(heuristic("oh-hell"), infer=16)
    marker = state.hands[(seat + 1) % 4][0]

    class OnlyMarked:
        """Plausible only where the next seat holds its true first card."""

        def plausibility(self, world: State, seat: int) -> float:
            return 1.0 if marker in hands_of(world)[(seat + 1) % 4] else 0.0

    rng = random.Random(3)
    kept = [bot._plausible_world(sampler_for(state, seat), rng, OnlyMarked(), seat) for _ in range(20)]
    marked = sum(marker in hands_of(w)[(seat + 1) % 4] for w in kept)
    # a world holds the marker there about one time in three: sixteen candidates all but always
    # include one, and only such a world is kept (unweighted, some seven of the twenty would)
    assert marked == 20


def test_a_game_without_the_hook_is_searched_exactly_as_before() -> None:
    state = gamenight.new("hearts", seed=4)
    play_until(state, lambda s: s.phase() == "play" and len(s.legal_moves(min(s.to_act))) > 2,
               random.Random(4))
    seat = min(state.to_act)
    plain, plain_bot, plain_worlds = search("hearts", state, seat, infer=0)
    asked, asked_bot, asked_worlds = search("hearts", state, seat, infer=8)
    assert plain == asked and plain_worlds == asked_worlds
    assert asked_bot.last_candidates == 0 and asked_bot.last_steps == plain_bot.last_steps


def euchre_made(seed: int) -> Euchre:
    """A Euchre deal whose trump was made in the first round by a seat that is not the dealer."""
    state = gamenight.new("euchre", seed=seed)
    play_until(state, lambda s: s.phase() == "play", random.Random(seed))
    assert isinstance(state, Euchre)
    return state


def test_euchre_the_true_deal_is_more_plausible_than_one_where_the_maker_holds_no_trumps() -> None:
    state = next(s for s in map(euchre_made, range(40)) if s.maker not in (-1, s.dealer) and len(s.calls) < 4)
    seat = (state.maker + 1) % 4  # a defender searching
    stacked = state.clone()
    assert isinstance(stacked, Euchre)
    others = [s for s in range(4) if s not in (seat, state.maker)]
    pool = stacked.hands[state.maker] + [c for s in others for c in stacked.hands[s]]
    weak = sorted(pool, key=lambda c: (stacked.suit_of[c] == stacked.trump, stacked.power[c]))
    stacked.hands[state.maker][:] = weak[:5]
    rest = weak[5:]
    for s in others:  # the others' hands keep their sizes (the dealer's partner may sit out)
        size = len(stacked.hands[s])
        stacked.hands[s][:], rest = rest[:size], rest[size:]
    bot = EuchreBot()
    assert bot.plausibility(state, seat) > 5 * bot.plausibility(stacked, seat)
    fresh = gamenight.new("euchre", seed=1)
    assert isinstance(fresh, Euchre) and bidding_plausibility(fresh, 0) == 1.0  # nobody has bid


def test_euchre_hands_as_dealt_come_back_through_the_play_and_the_discard() -> None:
    state = next(s for s in map(euchre_made, range(40)) if s.taker >= 0)
    dealt = [sorted(h) for h in hands_as_dealt(state)]
    assert state.up_card not in dealt[state.taker] or state.up_card in state.discard
    play_until(state, lambda s: sum(s.tricks_won) == 2, random.Random(0))
    assert [sorted(h) for h in hands_as_dealt(state)] == dealt
