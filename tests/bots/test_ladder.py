"""The ladder in docs/BOTS.md: each level against the level below, read from the finest measure kept."""

from __future__ import annotations

from typing import Any

from gamenight.bots.ladder import EXACT, Step, game_row, section, step, verdict


def paired(deals: int, gain: float, half: float) -> dict[str, Any]:
    return {"against": "casual", "deals": deals, "gain": gain, "half": half, "ms": 1.0, "p99": 2.0}


def matches(n: int, score: float, low: float, high: float) -> dict[str, Any]:
    return {"matches": n, "score": score, "score_low": low, "score_high": high}


def test_a_step_reads_the_paired_deals_before_the_matches() -> None:
    kept = {"strong": paired(100, 2.0, 1.0)}
    arena = {"strong/casual": matches(30, 0.4, 0.3, 0.5)}
    assert step("euchre", "strong", "casual", kept, arena) == Step("+2.00 ± 1.00 a deal, 100 deals", True)
    assert not step("euchre", "strong", "casual", {}, arena).sure  # the matches alone: not above even
    assert step("euchre", "expert", "strong", kept, arena).text == "not measured"


def test_a_step_is_unsure_on_few_deals_or_an_interval_across_zero() -> None:
    assert step("euchre", "strong", "casual", {"strong": paired(10, 9.0, 1.0)}, {}).text.endswith(
        "(too few deals)")
    assert not step("euchre", "expert", "strong", {"expert/strong": paired(300, 0.1, 0.2)}, {}).sure


def test_a_level_that_is_the_bot_below_is_not_measured_against_it() -> None:
    assert step("red-dog", "strong", "casual", {}, {}) == Step(EXACT, False, same=True)
    assert step("canasta", "expert", "strong", {}, {}).same  # the search is too dear there
    assert not step("rummy", "expert", "strong", {}, {}).same  # its horizon search is a bot of its own


def test_the_verdict_asks_every_level_to_be_surely_stronger() -> None:
    sure, unsure, exact = Step("", True), Step("", False), Step(EXACT, False, same=True)
    assert verdict([sure, sure, sure]) == "yes"
    assert verdict([sure, exact, exact]) == "exact"
    assert verdict([sure, Step("same bot: the search is too dear", False, same=True), sure]) == "no"
    assert verdict([sure, sure, unsure]) == "no"


def test_the_section_has_a_row_for_every_game() -> None:
    arena = {"red-dog": {"casual/beginner": matches(30, 0.73, 0.56, 0.86)}}
    lines = section({}, arena)
    assert game_row("red-dog", {}, arena["red-dog"]).endswith("| exact |")
    assert sum(line.startswith("| ") for line in lines) == 1 + 34  # the header, every game
    assert "the casual bot is exact in 1." in "\n".join(lines)
