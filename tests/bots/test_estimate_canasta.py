"""The canasta family's horizon estimate (families/canasta_turn/estimate.py): the side ahead on the
table gets the better number in its own points, a red three counts against a side that has not
melded, the plain estimate is exactly what the sheet writes when the stock runs out there, and the
meld-aware share charges a card that can go down less than one that cannot."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.horizon import DealEstimate, estimated_advantage
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families import canasta_turn
from gamenight.families.canasta import book_of
from gamenight.families.canasta_turn import estimate

#: the canasta family's games on the shared turn kernel
GAMES = ("canasta", "samba", "mexicana", "joker-canasta", "hand-and-foot")


def cards(text: str) -> list[int]:
    return [C.card(c) for c in text.split()]


def ahead(state: State, seat: int) -> float:
    assert isinstance(state, DealEstimate)
    return estimated_advantage(state, seat, state.deal_estimate())


def bare_canasta() -> Any:
    """A four-hand canasta with nothing on the table and known hands: North–South (seats 0, 2)
    and East–West (1, 3) hold the same cards."""
    state: Any = gamenight.new("canasta", seed=1)
    state.books = [[], []]
    state.red3 = [[], []]
    state.opened = [False, False]
    for s in range(4):
        state.hands[s] = cards("5C 9D")
    return state


def test_a_side_with_a_natural_canasta_is_ahead_by_its_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(estimate, "MELDABLE_SHARE", 1.0)
    state = bare_canasta()
    kings = cards("KC KC KD KD KH KH KS")
    state.books[0] = [book_of(C.KING, kings, 0, state.turn_rules.books)]
    state.opened[0] = True
    held = 2 * (5 + 10)  # each side's two hands
    assert state.deal_estimate() == [500 + 70 - held, -held]  # the bonus and the kings, no going out
    assert ahead(state, 0) == 570 == -ahead(state, 1)
    assert ahead(state, 2) == 570  # the partner's column is the side's


def test_a_red_three_counts_against_a_side_that_has_not_melded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(estimate, "MELDABLE_SHARE", 1.0)
    state = bare_canasta()
    state.red3 = [cards("3H"), cards("3D")]
    state.books[0] = [book_of(C.NINE, cards("9C 9S 9H"), 0, state.turn_rules.books)]
    state.opened[0] = True
    held = 2 * (5 + 10)
    assert state.deal_estimate() == [100 + 30 - held, -100 - held]


@pytest.mark.parametrize("game", GAMES)
def test_the_plain_estimate_is_what_the_sheet_writes_on_a_stock_out(game: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty moves of casual play in, the estimate at share 1 is the row the hand scores if it
    ended there with nobody out: the game's own scoring, nothing else."""
    monkeypatch.setattr(estimate, "MELDABLE_SHARE", 1.0)
    state: Any = gamenight.new(game, seed=4)
    bot, rng = make_bot("casual", game), random.Random(4)
    for _ in range(40):
        seat = min(state.to_act)
        view, legal = state.view(seat, layout=False), state.legal_moves(seat)
        state.play(bot.choose(view, legal, sampler_for(state, seat), rng), seat)
    assert not state.sheet.rows
    row = state.deal_estimate()
    state._score_round(None)
    assert row == state.sheet.rows[-1].points


def test_cards_that_can_meld_are_charged_the_share(monkeypatch: pytest.MonkeyPatch) -> None:
    state = bare_canasta()
    state.books[0] = [book_of(C.NINE, cards("9C 9S 9H"), 0, state.turn_rules.books)]
    state.opened[0] = True
    state.hands[0] = cards("9D KS KH 2C 5C 3S")  # onto the nines; a pair of kings with a two; lone 5, 3
    assert estimate.meldable_value(state.hands[0], {C.NINE}, state.values) == 10 + 10 + 10 + 20
    assert estimate.meldable_value(cards("KS 2C 5C"), set(), state.values) == 0  # nothing to meld with
    monkeypatch.setattr(estimate, "MELDABLE_SHARE", 1.0)
    full = state.deal_estimate()
    monkeypatch.setattr(estimate, "MELDABLE_SHARE", 0.5)
    # half of the 50 that can go down, and of the partner's 9D (onto the nines); East-West's lone
    # cards in full
    assert state.deal_estimate() == [full[0] + 25 + 5, full[1]]


def test_every_family_game_offers_the_estimate() -> None:
    for game in GAMES:
        state = gamenight.new(game, seed=2)
        assert isinstance(state, canasta_turn.CanastaState) and isinstance(state, DealEstimate)
        assert len(state.deal_estimate()) == len(state.sheet.columns)


def test_oklahoma_scores_each_player_now_a_card_near_a_meld_charged_half() -> None:
    """Oklahoma Canasta (the draw-and-discard kernel, each for himself): melded points less the
    hand's held values; with no card near another that is exactly the sheet's score now."""
    state: Any = gamenight.new("oklahoma-canasta", seed=1, players=2)
    state.hands[0] = cards("4C 9D KS")
    state.hands[1] = cards("4C 9D KS")
    assert state.deal_estimate() == [float(p) for p in state.hand_scores(None)] == [-25.0, -25.0]
    state.hands[1] = cards("KH KS JK")  # a pair of kings, near a meld; the joker (200 in hand) in full
    assert state.deal_estimate() == [-25.0, -(5 + 5 + 200)]
    assert ahead(state, 0) > 0 > ahead(state, 1)
