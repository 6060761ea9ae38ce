"""The family's match history: a finished pad is recorded with its winners and final totals, a
correction rewrites it (its date kept), each person's wins are counted per game, and pads finished
before the history was kept are found, on SQLite and PostgreSQL (``GET /api/history``); the
terminal lists the finished pads saved in a folder (``gamenight pad-history``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import delete
from typer.testing import CliRunner

from gamenight.cli import app
from gamenight.pad import Pad
from gamenight.server import create_app
from gamenight.server.storage import pad_history_table

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]
#: a four-round Hand and Foot match (the family book's rules): Ann–Cid win 3475 to 980
ROUNDS: list[dict[str, Any]] = [
    {"clean": [1, 0], "dirty": [1, 0], "wild": [1, 0], "melded_high": [14, 3], "melded_twos": [8, 0],
     "melded_jokers": [2, 0], "red_threes": [1, 0], "left_aces": [0, 1], "out": 0},
    {"melded_high": [4, 9], "left_jokers": [1, 0], "out": None},
    {"clean": [0, 1], "melded_aces": [0, 7], "melded_low": [3, 0], "red_threes": [0, 2], "left_high": [2, 1],
     "out": None},
    {"melded_high": [5, 5], "out": None},
]


def play(client: TestClient, players: list[str], rounds: list[dict[str, Any]]) -> tuple[str, dict[str, str]]:
    made = client.post("/api/pads", json={"game": "hand-and-foot", "players": players}).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    for entry in rounds:
        entered = client.post(f"/api/pads/{made['pad_id']}/entries", headers=auth,
                              json={"entry": {**made["view"]["blank"], **entry}})
        assert entered.status_code == 200, entered.json()
    return made["pad_id"], auth


def test_a_finished_pad_is_in_the_history_with_its_winners(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        pad, auth = play(client, PLAYERS, ROUNDS[:3])
        assert client.get("/api/history").json() == {"matches": [], "wins": []}  # not over yet
        blank = client.get(f"/api/pads/{pad}").json()["view"]["blank"]
        assert client.post(f"/api/pads/{pad}/entries", headers=auth,
                           json={"entry": {**blank, **ROUNDS[3]}}).status_code == 200
        [match] = client.get("/api/history").json()["matches"]
        assert match["pad_id"] == pad and match["title"] == "Hand and Foot" and match["hands"] == 4
        assert match["players"] == PLAYERS and match["winners"] == ["Ann", "Cid"]
        assert [(s["name"], s["players"], s["total"], s["won"]) for s in match["sides"]] == [
            ("Ann–Cid", ["Ann", "Cid"], 3475, True), ("Bob–Dee", ["Bob", "Dee"], 980, False)]
        assert match["text"] == "Ann–Cid wins. After 4 rounds."

        # a correction of the last round rewrites the result; the match ended when it ended
        fixed = client.put(f"/api/pads/{pad}/entries/4", headers=auth,
                           json={"entry": {**blank, **ROUNDS[3], "melded_high": [5, 95]}})
        assert fixed.status_code == 200
        [again] = client.get("/api/history").json()["matches"]
        assert [s["total"] for s in again["sides"]] == [3475, 1880]
        assert again["finished_at"] == match["finished_at"] and again["date"] == match["date"]

        # another night, two players: "ann" is Ann (named as first written); Bob wins this one
        play(client, ["ann", "Bob"], [{"melded_high": [0, 3], "out": None}] * 4)
        history = client.get("/api/history").json()
        assert [m["winners"] for m in history["matches"]] == [["Bob"], ["Ann", "Cid"]]  # newest first
        assert [(w["person"], w["title"], w["wins"], w["played"]) for w in history["wins"]] == [
            ("Ann", "Hand and Foot", 1, 2), ("Bob", "Hand and Foot", 1, 2), ("Cid", "Hand and Foot", 1, 1),
            ("Dee", "Hand and Foot", 0, 1)]

        # a database from before the history was kept: its finished pads are found when first asked
        pads = client.app.state.pads  # type: ignore[attr-defined]
        with pads.storage.engine.begin() as conn:
            conn.execute(delete(pad_history_table))
        pads.backfilled = False
        again = client.get("/api/history").json()
        assert [m["winners"] for m in again["matches"]] == [["Bob"], ["Ann", "Cid"]]
        assert again["wins"] == history["wins"]


def test_the_terminal_lists_the_finished_pads_saved_in_a_folder(tmp_path: Path) -> None:
    finished = Pad.create("hand-and-foot", PLAYERS)
    for entry in ROUNDS:
        finished.add({**finished.form_for(finished.next_hand()).blank(), **entry})
    going_on = Pad.create("hand-and-foot", ["Eve", "Fay"])
    (tmp_path / "friday.json").write_text(json.dumps(finished.to_json()), encoding="utf-8")
    (tmp_path / "tonight.json").write_text(json.dumps(going_on.to_json()), encoding="utf-8")
    (tmp_path / "notes.json").write_text("[1, 2]", encoding="utf-8")  # not a pad: passed over
    result = CliRunner().invoke(app, ["pad-history", str(tmp_path)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Hand and Foot │ Ann–Cid 3475 (won), Bob–Dee 980" in result.output
    assert "Eve" not in result.output  # a match not over is not history yet
    assert re.search(r"│ Ann\s+│ Hand and Foot │ 1\s+│ 1\s+│", result.output)
    assert re.search(r"│ Dee\s+│ Hand and Foot │ 0\s+│ 1\s+│", result.output)
