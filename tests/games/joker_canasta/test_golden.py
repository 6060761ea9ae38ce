"""Joker Canasta's golden match (``tests/golden/joker_canasta_heuristic.json``, four heuristic bots,
seed 2026) replays from its log to the recorded figures: North–South win at 11,495 to 6,705."""

from __future__ import annotations

from tests.helpers import golden_match


def test_the_golden_match_replays_to_its_figures() -> None:
    s = golden_match("joker_canasta_heuristic")
    assert s.is_over and s.outcome is not None
    assert s.sheet.totals == [11495, 6705]
    assert sorted(s.outcome.winners) == [0, 2]
