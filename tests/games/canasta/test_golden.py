"""A golden partnership match (``tests/golden/canasta_heuristic.json``, four heuristic bots, seed
2026): it replays from its log to the same score sheet, hand by hand, and the sheet's arithmetic
holds. Re-record on purpose with ``python3 -m tests.golden.record canasta_heuristic``."""

from __future__ import annotations

import json

import gamenight
from gamenight.games.canasta import Canasta
from tests.helpers import GOLDEN_DIR

GOLDEN = GOLDEN_DIR / "canasta_heuristic.json"
#: seven hands, every one ended by a player going out; East–West pass 5,000 first
ROWS = [([555, 1105], "East went out"), ([545, 805], "West went out"), ([750, 1060], "South went out"),
        ([810, 650], "North went out"), ([600, 510], "North went out"), ([725, 655], "South went out"),
        ([730, 400], "North went out")]


def test_the_golden_match_replays_to_the_same_sheet() -> None:
    record = json.loads(GOLDEN.read_text())
    s = gamenight.replay(record["log"])
    assert isinstance(s, Canasta) and s.outcome is not None
    assert [(r.points, r.note) for r in s.sheet.rows] == ROWS
    assert s.sheet.totals == [4715, 5185] and s.outcome.winners == (1, 3)
    # the minimum rose with the score: 90 from 1,500, 120 from 3,000
    deals = [e.text.split("First meld: ")[1] for e in s.events if e.kind == "deal"]
    assert deals[0] == "North–South 50, East–West 50." and deals[-1] == "North–South 120, East–West 120."
