"""Mexicana's golden match (``tests/golden/mexicana_heuristic.json``, four heuristic bots, seed
2026) replays from its log to the recorded figures: North–South win at 5,030 to 4,300."""

from __future__ import annotations

from tests.helpers import golden_match


def test_the_golden_match_replays_to_its_figures() -> None:
    s = golden_match("mexicana_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.sheet.totals == [5030, 4300]
    assert sorted(s.outcome.winners) == [0, 2]
