"""Mexicana's golden match (``tests/golden/mexicana_heuristic.json``, four heuristic bots, seed
2026) replays from its log to the recorded figures: East–West win at 5,370 to 4,560."""

from __future__ import annotations

from tests.helpers import golden_match


def test_the_golden_match_replays_to_its_figures() -> None:
    s = golden_match("mexicana_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.sheet.totals == [4560, 5370]
    assert sorted(s.outcome.winners) == [1, 3]
