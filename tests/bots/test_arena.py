"""The arena: its arithmetic on worked examples, its seating, and ``gamenight arena`` end to end."""

from __future__ import annotations

import math
import pickle

import pytest
from typer.testing import CliRunner

from gamenight import arena
from gamenight.arena import ArenaResult, MatchResult
from gamenight.cli import app


def test_the_interval_of_a_mean_on_a_worked_example() -> None:
    # mean 2, sample variance ((1+1+0+0+... )): values 1, 2, 3 -> variance 1, standard error 1/sqrt(3)
    mean, half = arena.interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(1.96 / math.sqrt(3))


def test_wilsons_interval_and_the_elo_curve_on_worked_examples() -> None:
    # 8 wins in 8: centre (1 + 1.96²/16) / (1 + 1.96²/8), half-width 1.96/(1 + 1.96²/8) * sqrt(1.96²/256)
    low, high = arena.wilson(1.0, 8)
    assert low == pytest.approx(0.6756, abs=1e-4) and high == 1.0
    low, high = arena.wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert arena.elo(0.5) == 0.0
    assert arena.elo(0.75) == pytest.approx(400 * math.log10(3))  # 3 to 1 is 190.8 points
    assert arena.elo(1.0) == math.inf


def test_scores_share_a_win_per_seat_and_ratings_follow_the_scores() -> None:
    # A holds seats 0 and 2, B seats 1 and 3 and then the other way round
    shared = MatchResult(0, (0, 1, 0, 1), (10, 10, 10, 10), (0, 1, 2, 3), False)
    a_won = MatchResult(1, (1, 0, 1, 0), (5, 10, 5, 10), (1, 3), False)
    low_a_won = MatchResult(2, (0, 1, 0), (3, 9, 3), (0, 2), True)  # three seats, fewest points win
    assert arena.match_score(shared, 0, 1) == 0.5
    assert arena.match_score(a_won, 0, 1) == 1.0 and arena.point_advantage(a_won, 0, 1) == 5.0
    assert arena.match_score(low_a_won, 0, 1) == 1.0 and arena.point_advantage(low_a_won, 0, 1) == 6.0
    result = ArenaResult("euchre", ["strong", "casual"], [shared, a_won, low_a_won])
    pair = result.pairs()[0]
    assert pair.matches == 3 and pair.score == pytest.approx(2.5 / 3)
    rated = arena.ratings(result)
    assert rated["strong"] - rated["casual"] == pytest.approx(arena.elo(2.5 / 3), abs=1.0)
    assert arena.seating(2, 4, 1) == (1, 0, 1, 0) and arena.seating(3, 3, 2) == (2, 0, 1)


def test_the_arena_command_end_to_end() -> None:
    out = CliRunner().invoke(app, ["arena", "euchre", "--bots", "casual,random", "--matches", "2",
                                   "--seed", "4", "--workers", "1"])
    assert out.exit_code == 0, out.output
    assert "casual" in out.output and "random" in out.output and "2 matches" in out.output
    again = arena.run("euchre", ["casual", "random"], 2, 4, workers=1)
    assert [m.seats for m in again.matches] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert again.matches == arena.run("euchre", ["casual", "random"], 2, 4, workers=1).matches  # seeded
    bad = CliRunner().invoke(app, ["arena", "euchre", "--bots", "casual,grandmaster", "--matches", "1"])
    assert bad.exit_code == 2 and "grandmaster" in bad.output


def test_a_match_past_the_move_bound_stops_with_words_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    # a Euchre match of casual bots takes 312 moves; with the bound at 100 it counts as looping
    monkeypatch.setattr(arena, "MATCH_MOVE_BOUND", 100)
    with pytest.raises(arena.StuckMatch, match="Euchre with seed 4 did not end in 100 moves"):
        arena.play_match("euchre", ["casual", "casual"], 0, 4)
    out = CliRunner().invoke(app, ["arena", "euchre", "--bots", "casual,random", "--matches", "1",
                                   "--seed", "4", "--workers", "1"])
    assert out.exit_code == 2 and "did not end in 100 moves" in out.output and "Traceback" not in out.output
    sent = pickle.loads(pickle.dumps(arena.StuckMatch.of("Euchre", 4)))  # from a worker process, intact
    assert isinstance(sent, arena.StuckMatch) and str(sent) == str(arena.StuckMatch.of("Euchre", 4))


def test_your_own_bot_enters_the_arena_by_its_path() -> None:
    mine = "tests.client.test_sim_bot:make_first_move_bot"
    out = CliRunner().invoke(app, ["arena", "whist-with-10s", "--bots", f"{mine},random", "--matches", "2",
                                   "--workers", "1"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    assert mine in out.output and "2 matches" in out.output
    bad = CliRunner().invoke(app, ["arena", "euchre", "--bots", "casual,tests.client.test_sim_bot:Nothing"])
    assert bad.exit_code == 2 and "has no 'Nothing'" in " ".join(bad.output.split())


def test_the_direction_of_the_points_is_read_from_the_outcome() -> None:
    assert arena.lowest_wins((3, 9, 3), (0, 2)) and not arena.lowest_wins((10, 4), (0,))
    assert not arena.lowest_wins((5, 5), (0, 1))  # everyone tied: no direction to flip
