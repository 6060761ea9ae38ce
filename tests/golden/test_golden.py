"""Every recorded match in ``tests/golden/*.json`` replays from its log to its recorded final score
sheet and outcome. The logs are data: no bot runs here, so tuning a bot cannot break these tests,
while any change to the rules that moves a score does. Re-record on purpose with
``python3 -m tests.golden.record`` (see ``tests/golden/record.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamenight
from tests.golden.record import MATCHES
from tests.helpers import GOLDEN_DIR

FILES = sorted(GOLDEN_DIR.glob("*.json"))
#: golden files a script (not the bots of record.py) plays; their own tests check the script
SCRIPTED = {"hand_and_foot_match"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_match_replays_to_its_score_sheet_and_outcome(path: Path) -> None:
    record = json.loads(path.read_text())
    s = gamenight.replay(record["log"])
    assert s.is_over and s.outcome is not None
    assert s.score_sheet.to_json() == record["score_sheet"]
    assert s.outcome.to_json() == record["outcome"]
    assert json.loads(json.dumps(s.log)) == record["log"]  # the log round-trips unchanged


def test_every_recipe_has_its_file_and_every_file_its_recipe() -> None:
    stems = {p.stem for p in FILES}
    missing = " ".join(sorted(set(MATCHES) - stems))
    assert not missing, f"record them: python3 -m tests.golden.record {missing}"
    assert stems - set(MATCHES) <= SCRIPTED
    for name, recipe in MATCHES.items():
        log = json.loads((GOLDEN_DIR / f"{name}.json").read_text())["log"]
        played = (recipe.game, recipe.players, recipe.seed, recipe.preset)
        assert (log["game"], log["players"], log["seed"], log["preset"]) == played, name
        assert {k: log["options"][k] for k in recipe.options} == recipe.options
