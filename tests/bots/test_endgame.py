"""The endgame solver is exact to each game's rules: in random endgames of Euchre, Hearts and Oh
Hell its row equals an exhaustive max^n search through the real engine (State.clone and play,
the same tie rule), and the search bot with an endgame plays legal, reproducible moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.endgame import cards_left, in_play, position, scoring_for, solver_for
from gamenight.bots.search import SearchBot, _lowest_wins
from gamenight.core.state import State
from gamenight.equipment import cards as C

Row = tuple[int, ...]
#: Oh Hell's book starts with one card each: ten first, for endgames worth solving
OPTIONS = {"oh-hell": {"order": "down_up"}}


def endgame(game: str, seed: int, cards: int) -> State:
    """A deal played by random legal moves until every hand in the play holds ``cards`` or
    fewer, mid-trick as often as not."""
    rng = random.Random(seed)
    state = gamenight.new(game, seed=seed, options=OPTIONS.get(game))
    stop = rng.randrange(3)  # cards into the trick before the position is taken
    while True:
        if in_play(state) and cards_left(state) <= cards and scoring_for(state) is not None:
            s: Any = state
            if len(s.trick) >= min(stop, s.n_active - 1):
                return state
        seat = min(state.to_act)
        legal = state.legal_moves(seat)
        state.play(legal[rng.randrange(len(legal))], seat)


def engine_row(state: State, searcher: int, lowest: bool, adv: Any) -> Row:
    """Max^n through the engine: every legal move on a copy, to the deal's row."""
    rows = len(state.sheet.rows)
    seat = min(state.to_act)
    best: tuple[float, float, Row] | None = None
    for move in state.legal_moves(seat):
        copy = state.clone()
        copy.play(move, seat)
        row = tuple(copy.sheet.rows[-1].points) if len(copy.sheet.rows) != rows else engine_row(
            copy, searcher, lowest, adv)
        key = (adv(row, seat), -adv(row, searcher), row)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2]


@pytest.mark.parametrize("game,cards,seeds", [("euchre", 3, range(14, 27)), ("hearts", 2, range(8)),
                                              ("oh-hell", 3, range(4))])
def test_the_solver_plays_endgames_as_an_exhaustive_search_through_the_engine(
        game: str, cards: int, seeds: range) -> None:
    for seed in seeds:
        state = endgame(game, seed, cards)
        scoring = scoring_for(state)
        assert scoring is not None
        solver = solver_for(state, scoring, _lowest_wins(state))
        searcher = seed % state.num_players
        hands, turn, trick, seats, tricks, rel, broken = position(state, scoring)
        row = solver.solve(hands, turn, trick, seats, tricks, rel, broken, searcher)
        exact = engine_row(state, searcher, _lowest_wins(state), solver.advantage)
        assert row == exact, (game, seed)
        fresh = solver_for(state, scoring, _lowest_wins(state))  # Euchre's two columns: alpha-beta
        value = fresh.value(hands, turn, trick, seats, tricks, rel, broken, searcher)
        assert value == solver.advantage(exact, searcher), (game, seed)


def test_hearts_keeps_its_lead_rule_in_the_solver() -> None:
    """Unbroken hearts: a seat holding a heart and a club may not lead the heart."""
    state = endgame("hearts", 3, 2)
    s: Any = state
    scoring = scoring_for(state)
    assert scoring is not None and scoring.restricted
    solver = solver_for(state, scoring, True)
    solver._hands = [0] * state.num_players
    solver._broken = False
    heart, club = C.make_card(C.FIVE, C.HEARTS), C.make_card(C.FIVE, C.CLUBS)
    solver._hands[s.turn] = (1 << heart) | (1 << club)
    assert solver._moves(s.turn, []) == [club]
    solver._broken = True
    assert sorted(solver._moves(s.turn, [])) == sorted([club, heart])


def test_a_search_with_an_endgame_is_reproducible_and_plays_a_legal_move() -> None:
    state = next(s for s in (endgame("euchre", seed, 3) for seed in range(20))
                 if len(s.legal_moves(min(s.to_act))) > 1)
    seat = min(state.to_act)
    moves = []
    for _ in range(2):
        bot = SearchBot(lambda: make_bot("heuristic", "euchre"), simulations=10, endgame=3)
        moves.append(bot.choose(state.view(seat, layout=False), state.legal_moves(seat),
                                sampler_for(state, seat), random.Random(3)))
        assert bot.last_solved > 0
    assert moves[0] == moves[1] and moves[0] in state.legal_moves(seat)
