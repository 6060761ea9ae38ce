"""``gamenight sim red-dog``: the generic simulation measures the house edge of a game played
against the house (``families.house``) and sets it beside the exact figure of §2.2.

A modest number of rounds keeps it fast (about a second), so the interval is wide (±7% or so
for 2,000 rounds): the test proves the measurement and the exact function agree, and that the
exact figure is the one for the rules in effect, not a tight estimate.
"""

from __future__ import annotations

import re

from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.games.red_dog import house_edge

runner = CliRunner()
ROUNDS = 2000


def sim(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["sim", "red-dog", *args], terminal_width=120)
    return result.exit_code, result.output


def interval(out: str) -> tuple[float, float, float]:
    found = re.search(r"95% confidence interval\s+(-?[\d.]+)% to (-?[\d.]+)%", out)
    exact = re.search(r"Exact, best play on a fresh shoe\s+(-?[\d.]+)%", out)
    assert found is not None and exact is not None, out
    return float(found.group(1)), float(found.group(2)), float(exact.group(1))


def test_the_measured_house_edge_covers_the_exact_one_for_six_decks() -> None:
    code, out = sim("--rounds", str(ROUNDS), "--players", "1", "--seed", "0")
    assert code == 0, out
    assert f"Rounds settled {ROUNDS:,}" in re.sub(r"\s+", " ", out)
    low, high, exact = interval(out)
    assert exact == 2.7978 and "(17533/626665)" in out
    assert low <= exact <= high and high - low < 20
    assert "The exact edge is within the interval." in out


def test_the_exact_figure_follows_the_rules_in_effect() -> None:
    code, out = sim("--rounds", "1000", "--players", "2", "--seed", "1", "--option", "max_raise_multiple=0",
                    "--option", "decks=1")
    assert code == 0, out
    low, high, exact = interval(out)
    assert exact == round(float(house_edge(1, 0)) * 100, 4) == 9.1885  # one deck, nobody raising
    assert low <= exact <= high


def test_random_bots_are_not_held_to_the_best_play_figure() -> None:
    code, out = sim("--rounds", "500", "--bots", "random", "--players", "1")
    assert code == 0 and "these bots do not all play it" in re.sub(r"\s+", " ", out)


def test_only_games_against_the_house_count_rounds() -> None:
    result = runner.invoke(app, ["sim", "hearts", "--rounds", "10"])
    assert result.exit_code != 0 and "not played against the house" in result.output
    code, out = sim("--rounds", "10", "--games", "2")
    assert code != 0 and "not both" in out


def test_counting_matches_reports_the_edge_too() -> None:
    code, out = sim("--games", "5", "--seed", "3")
    assert code == 0 and "Red Dog: 5 matches" in out and "Against the house" in out
    assert "Rounds settled 100" in re.sub(r"\s+", " ", out)  # 5 sessions of 20 rounds
