"""The family's match history: a finished pad is recorded with its winners and final totals, a
correction rewrites it (its date kept), each person's wins are counted per game, and pads finished
before the history was kept are found, on SQLite and PostgreSQL (``GET /api/history``); a played
table is recorded once when its match ends; the terminal lists the finished pads saved in a folder,
or a server's pads and tables (``gamenight pad-history``)."""

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
from gamenight.server.pad_api import read_history
from gamenight.server.storage import MoveRow, Storage, pad_history_table

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


def test_a_played_table_is_in_the_history_once_when_its_match_ends(tmp_path: Path) -> None:
    """A two-player Oklahoma Canasta table of one hand, played to its end through the API (each seat
    its first legal move), is listed with its winners beside the pads; a restart replays it and a
    rematch follows it, and it is still listed once."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(url)) as client:
        made = client.post("/api/tables", json={
            "game": "oklahoma-canasta", "options": {"max_hands": 1}, "seed": 7, "trick_pause_ms": 0,
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
        table, tokens = made["table_id"], [s["token"] for s in made["seats"]]
        pad, _auth = play(client, ["Ann", "Cid"], [{"melded_high": [3, 0], "out": None}] * 4)
        seat, moves = 0, 0
        auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
        while True:
            snap = client.get(f"/api/tables/{table}", headers=auth[seat]).json()
            view = snap["view"]
            if view["is_over"]:
                break
            if seat not in view["to_act"]:
                seat = view["to_act"][0]
                continue
            if moves == 5:  # a table under way is not in the history yet
                assert [m.get("pad_id") for m in client.get("/api/history").json()["matches"]] == [pad]
            moved = client.post(f"/api/tables/{table}/moves", headers=auth[seat],
                                json={"move": view["legal_moves"][0], "version": snap["version"]})
            assert moved.status_code == 200, moved.text
            moves += 1
        history = client.get("/api/history").json()
        played, padded = history["matches"]  # newest first: the table ended after the pad
        outcome = view["outcome"]
        assert played["table_id"] == table and played["link"] == f"/t/{table}" and "pad_id" not in played
        assert (played["title"], played["players"], played["hands"]) == (
            "Oklahoma Canasta", ["Ann", "Bob"], 1)
        assert [(s["name"], s["players"], s["total"]) for s in played["sides"]] == [
            ("Ann", ["Ann"], outcome["scores"][0]), ("Bob", ["Bob"], outcome["scores"][1])]
        assert played["winners"] == [["Ann", "Bob"][w] for w in outcome["winners"]] != []
        assert played["text"].endswith(outcome["reason"]) and padded["link"] == f"/p/{pad}"
        # wins per person per game count both: Ann played a pad of Hand and Foot and a table
        assert {(w["person"], w["title"]) for w in history["wins"]} == {
            ("Ann", "Hand and Foot"), ("Cid", "Hand and Foot"), ("Ann", "Oklahoma Canasta"),
            ("Bob", "Oklahoma Canasta")}
        rematch = client.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]})
        assert rematch.status_code == 201, rematch.text

    with TestClient(create_app(url)) as client:  # restarted: the finished table replays on first use
        assert client.get(f"/api/tables/{table}").json()["view"]["is_over"]
        again = client.get("/api/history").json()
        assert [m.get("table_id") for m in again["matches"]] == [table, None] and again == history
    # the terminal reads the server's database: the table and the pad, newest first, with the wins
    result = CliRunner().invoke(app, ["pad-history", "--db", url], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert result.output.index("Oklahoma Canasta │ Ann ") < result.output.index("Hand and Foot    │ Ann ")
    assert re.search(r"│ Bob\s+│ Oklahoma Canasta │ [01]\s+│ 1\s+│", result.output)
    assert re.search(r"│ Cid\s+│ Hand and Foot\s+│ 0\s+│ 1\s+│", result.output)
    # a process finishing the table again (a replica replaying it) writes nothing over the line kept
    storage = Storage(url)
    with storage.engine.begin() as conn:
        again_row = MoveRow(table, 999, 0, "again", True, result={**played, "winners": ["Cid"]})
        Storage.write_batch(conn, [again_row])
    assert read_history(storage.engine)["matches"] == history["matches"]
    storage.close()
