"""The horizon search (bots/horizon.py): each family's deal estimate points the right way and
counts in the sheet's points (a position where one seat is clearly ahead), the search's reward
weighs a side's loss like its win, rollouts stop at the horizon where a game estimates, and a game
without the hook is searched exactly as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.horizon import DealEstimate, HorizonSearchBot, estimated_advantage
from gamenight.bots.levels import HORIZON, HORIZON_BUDGETS, SEARCH_DOES_NOT_HELP, STRONG_SHARE
from gamenight.bots.search import SearchBot, _advantage, standing
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.equipment import dominoes as D
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.melds import RUMMY_VALUES
from gamenight.games.horseshit_rummy import round_rules, values_for
from gamenight.games.jokers_wild import CASTLE, EMPTY, ENTRANCE, HOME, LOOP


def cards(text: str) -> list[int]:
    return [C.card(c) for c in text.split()]


def ahead(state: State, seat: int) -> float:
    assert isinstance(state, DealEstimate)
    return estimated_advantage(state, seat, state.deal_estimate())


def test_gin_counts_the_deadwood_difference_a_stock_out_would_score() -> None:
    state: Any = gamenight.new("gin-rummy", seed=1)
    state.hands[0] = cards("AH 2H 3H 4S 5S 6S 7C 7D 7S KD KC KH")  # every card melded
    state.hands[1] = cards("AS 3C 5D 7H 9S JC QD KS 2D 4C 6H 8D 9C")  # 13 cards: the best discard first
    deadwood = min(state.deadwood_after(state.hands[1]).values())
    assert deadwood > 10
    assert ahead(state, 0) == deadwood == -ahead(state, 1)


def test_a_card_one_from_a_meld_is_charged_half() -> None:
    assert drawing_deadwood(cards("KS KH 2C"), RUMMY_VALUES) == 5 + 5 + 2  # a pair of kings
    assert drawing_deadwood(cards("5H 7H"), RUMMY_VALUES) == 2.5 + 3.5  # a run's gap
    assert drawing_deadwood(cards("5H 8H 5C"), RUMMY_VALUES) == 2.5 + 8 + 2.5


def test_rummy_charges_each_hand_its_deadwood_fewer_winning() -> None:
    state: Any = gamenight.new("rummy", seed=1)
    state.hands[0] = cards("AH 2H 3H 9S 9C 9D 4C")  # 4 left over
    for s in (1, 2, 3):
        state.hands[s] = cards("KS 8C JD 5H 2S 4C 7D")[: 7 - s]  # no two near a meld
    assert state.deal_estimate() == [4, 10 + 8 + 10 + 5 + 2 + 4, 10 + 8 + 10 + 5 + 2, 10 + 8 + 10 + 5]
    assert ahead(state, 0) > 20 and ahead(state, 1) < 0


def test_the_card_game_charges_what_is_left_after_the_best_discard() -> None:
    state: Any = gamenight.new("the-card-game", seed=1)  # three cards, threes wild
    state.hands[0] = cards("5H 6H 7H")
    state.hands[1] = cards("KS QC 9D 8C")  # yet to discard: the king goes, 10 + 9 + 8 stay
    state.hands[2] = cards("KS QC 9D")
    state.hands[3] = cards("5S 3C 5D")  # a set of fives with a wild three
    row = state.deal_estimate()
    assert row == [0.0, 27.0, 29.0, 0.0]
    assert ahead(state, 0) > 0 > ahead(state, 2)


@pytest.mark.parametrize("game", ["mexican-train", "chicken-foot"])
def test_a_domino_hand_costs_its_pips(game: str) -> None:
    state: Any = gamenight.new(game, seed=1)
    state.hands[0] = [D.tile(1, 0)]
    row = state.deal_estimate()
    assert row[0] == 1 and all(p > 20 for p in row[1:])
    assert ahead(state, 0) > 0 and ahead(state, 1) < ahead(state, 0)


def test_five_in_a_row_values_a_line_of_four_near_a_row() -> None:
    state: Any = gamenight.new("five-in-a-row", seed=1)
    assert ahead(state, 0) == 0  # an empty board: even
    for col in range(1, 5):  # four blue discs beside a free corner: a row in one more
        state.board[col] = 0
    assert 0.4 < ahead(state, 0) < 2 and ahead(state, 1) == -ahead(state, 0)


def test_five_hundreds_counts_a_hand_s_melds_for_it_and_its_loose_cards_against() -> None:
    state: Any = gamenight.new("five-hundreds", seed=1)
    state.hands[0] = cards("9H 9C 9D 4C")  # a set of nines to lay (+15), a loose four (-5)
    state.hands[1] = cards("KS 8C JD 4H")  # nothing near a meld: -30
    state.hands[2] = cards("KS KH 2C 6D")  # a pair of kings, each charged half: -10 - 5 - 5
    state.hands[3] = cards("AS")  # an ace held: -25
    assert state.deal_estimate() == [10, -30, -20, -25]
    assert ahead(state, 0) > 0 > ahead(state, 1)


def test_horseshit_counts_what_a_hand_could_lay_for_it_and_only_a_pair_as_near() -> None:
    state: Any = gamenight.new("horseshit-rummy", seed=1)
    state.wild = C.SEVEN
    state.meld_rules, state.values = round_rules(C.SEVEN), values_for(C.SEVEN)
    state.hands[0] = cards("9H 9C 9D 4C")  # a set of nines to lay (+15), a loose four (-5)
    state.hands[1] = cards("KS 8C JD 4H")  # nothing near a set: -30
    state.hands[2] = cards("KS KH 6C 5C")  # a pair of kings, each charged half; no runs: 6C 5C full
    state.hands[3] = cards("7S")  # a wild card with no set to join: 100 against
    assert state.deal_estimate() == [10, -30, -20, -100]
    state.hands[3] = cards("7S QD QH")  # the wild card makes a set of queens: 120 to lay
    assert state.deal_estimate()[3] == 120


def test_jokers_wild_counts_the_castles_and_a_share_for_the_way_round() -> None:
    state: Any = gamenight.new("jokers-wild", seed=1)  # four players, two sides
    assert state.deal_estimate() == [0, 0]  # every marble at Home
    castle = CASTLE[state.bseat[0]]
    state.holes[HOME[state.bseat[0]][0]] = EMPTY  # a marble of the first side comes home
    state.holes[castle[0]] = state.bseat[0]
    assert state.deal_estimate() == [1, 0]
    way = ENTRANCE[state.bseat[1]]  # a marble of the second side one hole before its entrance
    state.holes[HOME[state.bseat[1]][0]] = EMPTY
    state.holes[(way - 1) % LOOP] = state.bseat[1]
    row = state.deal_estimate()
    assert 0.75 < row[1] < 1 and ahead(state, 0) > 0


def test_golf_counts_each_grid_as_it_would_score_now_fewer_strokes_ahead() -> None:
    state: Any = gamenight.new("golf", seed=1)
    state.grids[0] = cards("KH 5S KD 9C KS 5D KC 9H")  # kings 0, the fives and nines pair: 0
    state.grids[1] = cards("QH 9S 8D 5C 4H 3D 2H 6S")  # no pair: 10 + 9 + 8 + 5 + 4 + 3 + 2 + 6
    strokes = [state.score_of(s) for s in range(state.num_players)]
    assert strokes[:2] == [0, 47]
    assert state.deal_estimate() == [-float(x) for x in strokes]  # more is better, as the standing
    assert ahead(state, 0) > 0 > ahead(state, 1)


def test_sweep_charges_every_card_a_player_holds_as_if_another_went_out() -> None:
    state: Any = gamenight.new("sweep", seed=1)
    state.hands[0], state.table[0], state.faces[0] = cards("TH KS"), cards("AS 5D"), [True, False]
    held = state.deal_estimate()
    assert held[0] == 25 + 10 + 1 + 5  # a 10 25, a king 10, an ace 1, a five its face; blind ones too
    assert held[1] > held[0] and ahead(state, 0) > 0 > ahead(state, 1)  # fewer points win


def test_thirty_one_estimates_a_showdown_now_where_the_lowest_hand_pays() -> None:
    state: Any = gamenight.new("thirty-one", seed=1)
    state.hands[:4] = [cards("KH QH AH"), cards("2C 5D 9S"), cards("TS JS 4S"), cards("7D 8D 3C")]
    quarter = state.options.quarter
    assert state.deal_estimate() == [0, -quarter, 0, 0]  # 9 is the lowest count
    state.knocker = 1
    assert state.deal_estimate() == [0, -2 * quarter, 0, 0]  # a lowest knocker loses two lives
    assert ahead(state, 1) < 0 < ahead(state, 0)


def test_a_hollywood_loss_weighs_like_a_win() -> None:
    state = gamenight.new("gin-rummy", seed=1)  # the sheet: each side's three games, then its total
    start = standing(state)
    state.sheet.add("hand", [0, 0, 0, 0, 12, 0, 0, 12])
    assert _advantage(state, 0, start) == -12 and _advantage(state, 1, start) == 12


def decide(bot: SearchBot, game: str, seed: int) -> tuple[Any, int]:
    state = gamenight.new(game, seed=seed)
    seat = min(state.to_act)
    while len(state.legal_moves(seat)) < 2:  # the first real choice
        state.play(state.legal_moves(seat)[0], seat)
        seat = min(state.to_act)
    move = bot.choose(state.view(seat, layout=False), state.legal_moves(seat), sampler_for(state, seat),
                      random.Random(seed))
    assert move in state.legal_moves(seat)
    return move, bot.last_steps // max(1, bot.last_simulations)


def heuristic(game: str) -> Any:
    return lambda: make_bot("heuristic", game)


def test_rollouts_stop_at_the_horizon_where_the_game_estimates() -> None:
    full = SearchBot(heuristic("gin-rummy"), simulations=24)
    cut = HorizonSearchBot(heuristic("gin-rummy"), simulations=24, stop="reply")
    _, full_length = decide(full, "gin-rummy", 3)
    _, cut_length = decide(cut, "gin-rummy", 3)
    assert cut_length <= 4 < full_length  # a draw and a discard answer the move, where the deal runs on


def test_a_game_without_an_estimate_is_searched_to_the_end_of_the_deal() -> None:
    assert not isinstance(gamenight.new("euchre", seed=2), DealEstimate)
    full = SearchBot(heuristic("euchre"), simulations=12)
    cut = HorizonSearchBot(heuristic("euchre"), simulations=12, stop="reply")
    assert decide(full, "euchre", 2) == decide(cut, "euchre", 2)
    assert full.last_steps == cut.last_steps


def test_the_levels_search_to_a_horizon_only_where_it_was_adopted() -> None:
    assert not set(HORIZON) & SEARCH_DOES_NOT_HELP  # adopted: no longer the heuristic
    for game, horizon in HORIZON.items():
        assert isinstance(gamenight.new(game, seed=1), DealEstimate)
        bot = make_bot("strong", game)
        assert isinstance(bot, HorizonSearchBot) and bot.stop == horizon.stop
        share = STRONG_SHARE.get(game, 1.0)  # strong's own share, where expert is a level above it
        assert bot.steps == round(HORIZON_BUDGETS["strong"].steps * horizon.share * share)
        expert = make_bot("expert", game)
        assert isinstance(expert, HorizonSearchBot) and expert.stop == horizon.stop_of("expert")
        assert expert.steps == round(HORIZON_BUDGETS["expert"].steps * horizon.share)
    assert not isinstance(make_bot("strong", "hearts"), HorizonSearchBot)
    assert type(make_bot("strong", "gin-rummy")) is type(make_bot("heuristic", "gin-rummy"))
