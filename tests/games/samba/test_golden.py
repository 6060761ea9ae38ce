"""Samba's golden matches (``tests/golden/samba_heuristic.json``, ``samba_brazilian.json``): four
heuristic bots; the logs replay to these figures (re-record with ``python3 -m tests.golden.record``
on a rules change, and update the figures here)."""

from __future__ import annotations

from tests.helpers import golden_match


def test_samba_match_to_10000_both_sides_over_the_higher_wins() -> None:
    s = golden_match("samba_heuristic")
    assert s.is_over and len(s.sheet.rows) == 9
    assert s.sheet.totals == [10815, 10000]
    out = s.outcome
    assert out is not None and tuple(out.winners) == (0, 2)


def test_brazilian_two_hands() -> None:
    s = golden_match("samba_brazilian")
    assert s.sheet.totals == [4560, 6215]
    assert s.sheet.rows[-1].note == "the stock ran out"
