"""``gamenight pad``, driven through Typer's CliRunner: a round entered, an impossible one refused
with the reason and asked again, the pad saved, resumed and corrected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.pad import Pad

runner = CliRunner()
PLAYERS = "Ann,Bob,Cid,Dee"


def answers(form: dict[str, Any], values: dict[str, Any]) -> list[str]:
    """The lines a person types for one round, in the order the terminal asks: each team's fields,
    then the round's; a field not in ``values`` is kept (Enter)."""
    lines: list[str] = []
    fields = [f for s in form["sections"] for f in s["fields"]]
    for team in range(len(form["columns"])):
        lines += [str(values[f["key"]][team]) if f["key"] in values else ""
                  for f in fields if f["scope"] == "column"]
    for f in fields:
        if f["scope"] == "hand":
            choice = [c["value"] for c in f["choices"]].index(values.get(f["key"], f["default"])) + 1
            lines.append(str(choice))
    return lines


def run(args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, args, input="\n".join(lines) + "\n", env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_pad_in_the_terminal_refuses_corrects_and_resumes(tmp_path: Path) -> None:
    file = tmp_path / "pad.json"
    form = Pad.create("hand-and-foot", PLAYERS.split(",")).form_for(1).to_json()
    impossible = answers(form, {"clean": [1, 0], "melded_high": [6, 3], "out": 0})
    possible = answers(form, {"clean": [1, 0], "melded_high": [7, 3]})
    out = run(["pad", "hand-and-foot", "--players", PLAYERS, "--file", str(file)],
              ["", *impossible, *possible, "q"])
    assert "Refused: Round 1: Ann–Cid: 1 canasta takes at least 7 cards, and the team melded 6" in out
    assert "Ann–Cid" in out and "Bob–Dee" in out and "Red canastas" in out and "Who went out" in out
    saved = json.loads(file.read_text())
    assert saved["players"] == PLAYERS.split(",") and len(saved["entries"]) == 1
    assert Pad.from_json(saved).sheet().sheet.totals == [570, 30]
    assert "570" in out and "Score pad closed. It is saved in" in out

    loose = answers(form, {"melded_high": [8, 3]})  # the rest kept as entered
    fixed = answers(form, {"melded_high": [10, 3]})
    out = run(["pad", "hand-and-foot", "--file", str(file)], ["c 1", *loose, *fixed, "q"])
    assert "the other 1 melded card would be a book of fewer than three" in out
    assert Pad.from_json(json.loads(file.read_text())).sheet().sheet.totals == [600, 30]
    assert "600" in out

    # the Kali Effect: Cid proposes twos at 50 from round 2, everyone accepts, round 2 counts them so
    twos = answers(form, {"melded_twos": [3, 0], "melded_high": [3, 0]})
    out = run(["pad", "hand-and-foot", "--file", str(file)],
              ["a", "deuce_value", "50", "2", "Cid", "y", "y", "y", "", *twos, "q"])
    assert "From round 2: Two's value: 50: accepted." in out
    assert Pad.from_json(json.loads(file.read_text())).sheet().sheet.rows[1].points == [180, 0]

    result = runner.invoke(app, ["pad", "hand-and-foot", "--file", str(file), "--players", PLAYERS])
    assert result.exit_code == 2 and "leave out --players" in result.output


def test_a_pad_for_players_the_rules_do_not_allow_is_refused_in_words() -> None:
    result = runner.invoke(app, ["pad", "hand-and-foot", "--players", "Ann,Bob,Cid"])
    assert result.exit_code == 2
    assert "Hand and Foot is played by 2, 4, 6 players, not 3." in result.output
    result = runner.invoke(app, ["pad", "hand-and-foot", "--players", PLAYERS, "--option", "rounds=99"])
    assert result.exit_code == 2 and "rounds" in result.output
