"""The search bot and the levels: reproducible under a seed, within an injected clock's budget, able
to finish a match in a trick game, a rummy, a dice game and a board game, and every level's name
accepted wherever a bot is named (make_bot, the terminal, the server, the lobby's list)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import gamenight
from gamenight.bots import KINDS, LEVELS, make_bot, sampler_for, seat_bots
from gamenight.bots.ismcts import ISMCTSBot
from gamenight.bots.levels import BUDGETS, SEARCH_DOES_NOT_HELP, STRONG_SHARE, SlipBot
from gamenight.bots.search import SearchBot, _lowest_wins, standing
from gamenight.bots.search_doc import GAIN_FILE, gain_section, levels_section
from gamenight.cli.setup import bot_kinds
from gamenight.core.state import State
from gamenight.server.app import game_infos
from gamenight.server.live import SeatRequest
from gamenight.server.service import TableService


def heuristic(game: str) -> Any:
    return lambda: make_bot("heuristic", game)


def ask(bot: Any, state: State, seat: int, rng: random.Random) -> Any:
    return bot.choose(state.view(seat, layout=False), state.legal_moves(seat), sampler_for(state, seat), rng)


def bidding_position() -> tuple[State, int]:
    """Euchre's first decision: pass, order up or order alone (a real choice for search)."""
    state = gamenight.new("euchre", seed=5)
    seat = state.to_move
    assert seat is not None and len(state.legal_moves(seat)) > 1
    return state, seat


def test_the_same_seed_and_budget_give_the_same_move_and_the_same_search() -> None:
    state, seat = bidding_position()
    runs = []
    for _ in range(2):
        bot = SearchBot(heuristic("euchre"), simulations=12)
        move = ask(bot, state, seat, random.Random(7))
        runs.append((move, bot.last_simulations))
    assert runs[0] == runs[1]
    assert runs[0][1] == 12  # the whole budget was searched, on determinizations, not the true state
    assert not state.moves  # the true state was never played on


def test_the_time_budget_reads_the_injected_clock_only() -> None:
    ticks = iter(range(1000))
    state, seat = bidding_position()
    bot = SearchBot(heuristic("euchre"), simulations=10_000, seconds=3.0, clock=lambda: float(next(ticks)))
    ask(bot, state, seat, random.Random(1))
    # the deadline is set at tick 0; the clock is read before each bid but the first of a round
    # (pass, order up, order up alone: ticks 1, 2) and before each round but the first (tick 3,
    # the deadline): one round, each bid played once
    assert bot.last_simulations == 3


def test_the_tree_search_is_reproducible_and_plays_a_legal_move() -> None:
    """ISMCTS, the alternative the flat search was measured against, on the same budget."""
    state, seat = bidding_position()
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(heuristic("euchre"), simulations=10_000, steps=400)
        runs.append((ask(bot, state, seat, random.Random(4)), bot.last_simulations, bot.last_moves))
    assert runs[0] == runs[1] and runs[0][0] in state.legal_moves(seat)
    assert runs[0][2] == len(state.legal_moves(seat)) and runs[0][1] > runs[0][2]  # each bid tried, more


def test_the_step_budget_stops_the_search_after_its_rollouts_played_that_many_moves() -> None:
    state, seat = bidding_position()
    bot = SearchBot(heuristic("euchre"), simulations=10_000, steps=300)
    ask(bot, state, seat, random.Random(2))
    # a round plays a rollout for each live move: the budget is crossed by less than a round's moves
    assert 300 <= bot.last_steps < 300 + bot.last_moves * 40
    assert bot.last_simulations < 10_000


@pytest.mark.parametrize(("game", "players", "options", "budget"), [
    ("euchre", None, {}, 4),  # tricks, partners
    ("gin-rummy", None, {"target": 10, "scoring": "single"}, 2),  # a rummy, a short match; long rollouts
    ("ten-thousand", None, {"target": 2000}, 4),  # dice
    ("five-in-a-row", None, {}, 4),  # a board game
], ids=["trick", "rummy", "dice", "board"])
def test_a_search_bot_finishes_a_match(game: str, players: int | None, options: dict[str, Any],
                                       budget: int) -> None:
    state = gamenight.new(game, seed=5, players=players, options=options)
    bots: dict[int, Any] = {seat: make_bot("heuristic", game) for seat in range(state.num_players)}
    searcher = SearchBot(heuristic(game), simulations=budget)  # two moves, one or two rounds
    bots[0] = searcher
    rng = random.Random(3)
    searched = 0
    while not state.is_over:
        for seat in sorted(state.to_act):
            if seat in state.to_act:
                state.play(ask(bots[seat], state, seat, rng), seat)  # play refuses an illegal move
                searched += searcher.last_simulations if seat == 0 else 0
    assert state.outcome is not None and searched > 0


def test_where_strong_plays_a_share_expert_still_plays_the_whole_budget() -> None:
    game = sorted(STRONG_SHARE)[0]
    strong, expert = make_bot("strong", game, timed=False), make_bot("expert", game, timed=False)
    assert isinstance(strong, SearchBot) and isinstance(expert, SearchBot)
    assert strong.steps == round(BUDGETS["strong"].steps * STRONG_SHARE[game]) < BUDGETS["strong"].steps
    assert expert.steps == BUDGETS["expert"].steps
    whist = make_bot("strong", "court-whist", timed=False)  # a game not in the share
    assert "court-whist" not in STRONG_SHARE
    assert isinstance(whist, SearchBot) and whist.steps == BUDGETS["strong"].steps


def test_every_level_is_accepted_wherever_a_bot_is_named() -> None:
    assert set(LEVELS) <= set(KINDS) and {"random", "heuristic"} <= set(KINDS)
    assert isinstance(make_bot("beginner", "hearts"), SlipBot)
    assert type(make_bot("casual", "hearts")) is type(make_bot("heuristic", "hearts"))
    assert isinstance(make_bot("strong", "hearts"), SearchBot)
    # where the game's bot is exact, the searching levels are that bot
    assert type(make_bot("expert", "red-dog")) is type(make_bot("heuristic", "red-dog"))
    # and where the search was measured not to help, or is too dear at a table's pace
    assert {g.id for g in gamenight.games()} >= SEARCH_DOES_NOT_HELP
    for game in sorted(SEARCH_DOES_NOT_HELP)[:3]:
        assert type(make_bot("strong", game)) is type(make_bot("heuristic", game))
    assert bot_kinds("strong,expert", "euchre", 2, []) == ["strong", "expert"]  # the terminal's --bots
    state = gamenight.new("hearts", seed=1)
    records, _ = TableService._seat_records(state, [SeatRequest("human")] + [SeatRequest("bot", lv) for lv in
                                                                           ("beginner", "strong", "expert")],
                                            [None] * 4)
    assert [r.bot for r in records[1:]] == ["beginner", "strong", "expert"]  # the server's seats
    assert all(info["bots"] == seat_bots(info["id"]) == [*LEVELS, "random"] for info in game_infos())
    with pytest.raises(ValueError, match="the bots are"):
        make_bot("grandmaster", "hearts")


def test_the_search_reads_a_money_sheet_as_more_is_better() -> None:
    golf = gamenight.new("golf", seed=1)  # the fewest strokes win, but the sheet counts the cents won
    hearts = gamenight.new("hearts", seed=1)
    assert not _lowest_wins(golf) and _lowest_wins(hearts)


def play_a_deal(state: State) -> None:
    """The casual bots play until the sheet gains its next row."""
    bots = {seat: make_bot("heuristic", state.spec.id) for seat in range(state.num_players)}
    rng, rows = random.Random(3), len(state.sheet.rows)
    while len(state.sheet.rows) == rows:
        seat = min(state.to_act)
        state.play(bots[seat].choose(state.view(seat, layout=False), state.legal_moves(seat),
                                     sampler_for(state, seat), rng), seat)


def test_the_search_weighs_golf_by_its_strokes_not_the_hole_money() -> None:
    golf = gamenight.new("golf", seed=4)
    play_a_deal(golf)
    strokes = golf.hole_scores[-1]  # type: ignore[attr-defined]
    assert standing(golf) == [-float(s) for s in strokes]  # fewer strokes stand better
    # the hole's money moved only from the highest score: the sheet alone could not tell the rest apart
    assert len(set(strokes)) > len({p for p in golf.sheet.rows[-1].points})


def test_the_search_stands_on_the_sheet_where_the_game_says_nothing_else() -> None:
    hearts, euchre = gamenight.new("hearts", seed=2), gamenight.new("euchre", seed=2)
    for state in (hearts, euchre):
        play_a_deal(state)
    assert standing(hearts) == [-float(t) for t in hearts.sheet.totals]  # fewer points win
    assert standing(euchre) == [float(t) for t in euchre.sheet.totals]


def test_the_pages_gain_table_says_what_the_bench_kept(tmp_path: Path) -> None:
    def row(against: str, deals: int, gain: float, half: float, ms: float, p99: float) -> dict[str, Any]:
        return {"against": against, "deals": deals, "gain": gain, "half": half, "ms": ms, "p99": p99}

    kept = {"hearts": {"strong": row("casual", 100, 2.5, 1.4, 119.0, 182.0),
                       "expert/strong": row("strong", 30, -0.5, 0.9, 400.0, 700.0)},
            "golf": {"strong": row("casual", 20, -9.0, 3.0, 50.0, 90.0)}}
    (tmp_path / GAIN_FILE).write_text(json.dumps(kept), encoding="utf-8")
    rows = [line for line in gain_section(tmp_path) if line.startswith("| ") and "Game" not in line]
    assert rows == ["| golf | strong | casual | 20 | -9.000 ± 3.000 | worse | 50 | 90 |",
                    "| hearts | strong | casual | 100 | +2.500 ± 1.400 | yes | 119 | 182 |",
                    "| hearts | expert | strong | 30 | -0.500 ± 0.900 | no | 400 | 700 |"]
    assert gain_section(tmp_path / "nowhere") == []
    assert f"{BUDGETS['strong'].steps:,} rollout moves" in "\n".join(levels_section())
    # a horizon game's share is of the horizon budget (Five Hundreds: half its 500 moves)
    assert "250 in five-hundreds (of the horizon search's 500)" in "\n".join(levels_section())
