"""``amend`` at the terminal's table (cli/amend.py): the rules that may change are listed in words,
a change is accepted by the bots and applies from the next deal, and a saved game keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import gamenight
from tests.cli.test_cli import run


def test_amend_lists_the_rules_changes_one_and_the_saved_game_keeps_it(tmp_path: Path) -> None:
    save = tmp_path / "amended.json"
    answers = ["amend", "amend 3", "amend 3 300", "amend 3 twelve", "amend 1 9", "q", str(save)]
    code, out = run("play", "canasta", "--seed", "1", input="\n".join(answers) + "\n", columns=120)
    assert code == 0, out
    assert "House rules that may change from the next hand on:" in out and "3  Going out: 100" in out
    assert "Going out: a whole number from 0 to 1000." in out
    assert "From hand 2: Going out: 300. The bots accept." in out
    assert "✗ Going out takes a whole number, not 'twelve'." in out
    assert "✗ Canastas to go out must be at most 3, not 9." in out
    log = json.loads(save.read_text())
    assert log["amendments"] == [{"move": len(log["moves"]), "changes": {"out_bonus": 300}}]
    assert gamenight.replay(log).amendments[0].words == "Going out: 300"
    code, out = run("replay", str(save), "--step")
    assert code == 0 and "From hand 2: Going out: 300." in out, out
