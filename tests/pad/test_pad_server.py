"""Score pads over HTTP and the WebSocket: made, entered by the scorekeeper only, an impossible hand
refused in words, corrected, followed live, exported as CSV, and still there after a restart (on
SQLite and PostgreSQL); each player's own link votes for that player only, and still does after a
restart."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from gamenight.server import create_app

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def hand(view: dict[str, Any], **values: Any) -> dict[str, Any]:
    return {**view["blank"], **values}


def test_a_pad_is_kept_followed_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        assert "hand-and-foot" in [g["id"] for g in client.get("/api/pads/games").json()]  # among others
        made = client.post("/api/pads", json={"game": "hand-and-foot", "players": PLAYERS})
        assert made.status_code == 201
        body = made.json()
        pad, token = body["pad_id"], body["token"]
        assert body["follow_link"].endswith(f"/p/{pad}") and body["edit_link"].endswith(f"?token={token}")
        assert body["follow_qr"].startswith("data:image/svg+xml")
        auth = {"Authorization": f"Bearer {token}"}
        view = body["view"]
        assert [s["label"] for s in view["form"]["sections"]] == [
            "Canastas", "Red threes", "Cards melded", "Cards left in hand and foot", "Going out"]

        with client.websocket_connect(f"/ws/pads/{pad}", subprotocols=["gamenight"]) as follower:
            first = follower.receive_json()
            assert first["type"] == "state" and first["version"] == 0 and first["view"]["sheet"]["rows"] == []
            refused = client.post(f"/api/pads/{pad}/entries", headers=auth,
                                  json={"entry": hand(view, clean=[1, 0], out=0)})
            assert refused.status_code == 422
            assert refused.json()["error"] == {"code": "impossible", "message": (
                "Round 1: Ann–Cid: 1 canasta takes at least 7 cards, and the team melded 0 (threes never "
                "make books).")}
            watching = client.post(f"/api/pads/{pad}/entries", json={"entry": hand(view, melded_high=[3, 3])})
            assert watching.status_code == 403
            assert "follow link only watches" in watching.json()["error"]["message"]
            ok = client.post(f"/api/pads/{pad}/entries", headers=auth,
                             json={"entry": hand(view, melded_high=[4, 3], left_aces=[0, 1])})
            assert ok.status_code == 200 and ok.json()["version"] == 1
            live = follower.receive_json()
            assert live["version"] == 1 and live["view"]["sheet"]["totals"] == [40, 10]
            fixed = client.put(f"/api/pads/{pad}/entries/1", headers=auth,
                               json={"entry": hand(view, melded_high=[5, 3], left_aces=[0, 1])})
            assert fixed.status_code == 200
            assert follower.receive_json()["view"]["sheet"]["totals"] == [50, 10]
            proposed = client.post(f"/api/pads/{pad}/amendments", headers=auth,
                                   json={"from_hand": 2, "changes": {"out_bonus": 0}, "by": "Cid"})
            assert proposed.status_code == 200 and follower.receive_json()["version"] == 3
            for player in ("Ann", "Bob", "Dee"):
                voted = client.post(f"/api/pads/{pad}/amendments/1/votes", headers=auth,
                                    json={"player": player, "yes": True})
                assert voted.status_code == 200
            frame = follower.receive_json()
            while frame["version"] < 6:  # a frame per vote, or fewer: a newer state replaces one unsent
                frame = follower.receive_json()
            amended = frame["view"]
            assert amended["amendments"][0]["status"] == "accepted"
            assert amended["amendments"][0]["words"] == "From round 2: Going out: 0"
            assert amended["sheet"]["next_caption"] == "First meld 120"
        assert client.get(f"/api/pads/{pad}").json()["can_edit"] is False
        assert client.get(f"/api/pads/{pad}", headers=auth).json()["can_edit"] is True
        sheet = client.get(f"/api/pads/{pad}/sheet.csv")
        assert sheet.headers["content-type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(sheet.text)))
        assert rows[0] == ["Hand and Foot", "Ann–Cid (Ann & Cid)", "Bob–Dee (Bob & Dee)", ""]
        assert rows[2] == ["Round 1", "50", "50", "10", "10", "the stock ran out"]
        assert rows[3] == ["Total", "", "50", "", "10", ""]
        assert client.get(f"/p/{pad}").status_code == 200
        assert client.get("/p/nothere").status_code == 404
        assert "content-security-policy" in client.get("/pad").headers

    with TestClient(create_app(db_url)) as client:  # the server restarted
        again = client.get(f"/api/pads/{pad}", headers=auth).json()
        assert again["view"]["sheet"]["totals"] == [50, 10] and again["can_edit"] is True
        bad = client.post("/api/pads", json={"game": "hand-and-foot", "players": PLAYERS[:3]})
        assert bad.status_code == 422
        assert bad.json()["error"]["message"] == "Hand and Foot is played by 2, 4, 6 players, not 3."
        # a pad made open: everyone at the table writes on it, no token needed
        shared = client.post("/api/pads", json={"game": "hand-and-foot", "players": PLAYERS,
                                                "open": True}).json()
        anyone = client.post(f"/api/pads/{shared['pad_id']}/entries",
                             json={"entry": hand(shared["view"], melded_low=[3, 0])})
        assert anyone.status_code == 200 and anyone.json()["view"]["sheet"]["totals"] == [15, 0]
        with client.websocket_connect("/ws/pads/nothere", subprotocols=["gamenight"]) as nobody:
            assert nobody.receive_json()["code"] == "unknown_pad"


def test_each_player_votes_and_proposes_from_his_own_phone_and_only_for_himself(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'pads.db'}"
    with TestClient(create_app(url)) as client:
        made = client.post("/api/pads", json={"game": "hand-and-foot", "players": PLAYERS}).json()
        pad, keeper = made["pad_id"], {"Authorization": f"Bearer {made['token']}"}
        assert client.get(f"/api/pads/{pad}/voters").status_code == 403  # the scorekeeper's only
        links = client.get(f"/api/pads/{pad}/voters", headers=keeper).json()
        assert [v["player"] for v in links] == PLAYERS and links[0]["qr"].startswith("data:image/svg+xml")
        own = {v["player"]: {"Authorization": f"Bearer {v['link'].split('?token=')[1]}"} for v in links}
        assert all(v["link"].startswith(made["follow_link"] + "?token=") for v in links)
        assert made["token"] not in str(links) and len({str(v) for v in own.values()}) == 4
        ann = client.get(f"/api/pads/{pad}", headers=own["Ann"]).json()
        assert (ann["voter"], ann["can_edit"], ann["keeper"]) == ("Ann", False, False)
        assert client.post(f"/api/pads/{pad}/amendments", headers=keeper,
                           json={"from_hand": 1, "changes": {"out_bonus": 0}, "by": "Cid"}).status_code == 200
        votes = f"/api/pads/{pad}/amendments/1/votes"
        # Ann's link votes for Ann, never for Bob; a link of no player here, or none, votes for nobody
        for_bob = client.post(votes, headers=own["Ann"], json={"player": "Bob", "yes": True})
        assert for_bob.status_code == 403
        assert for_bob.json()["error"]["message"] == (
            "This link votes for Ann only: Bob votes with Bob's own link, or the scorekeeper records it.")
        wrong = client.post(votes, headers={"Authorization": "Bearer not-a-token"}, json={"player": "Bob",
                                                                                          "yes": True})
        assert wrong.status_code == 403 and wrong.json()["error"]["message"].startswith(
            "That link votes for nobody at this pad")
        assert client.post(votes, json={"player": "Bob", "yes": True}).status_code == 403
        assert client.post(f"/api/pads/{pad}/entries", headers=own["Ann"],
                           json={"entry": made["view"]["blank"]}).status_code == 403  # a vote, not a pen
        assert client.post(votes, headers=own["Ann"], json={"player": "Ann", "yes": True}).status_code == 200
        # Bob has no phone: the scorekeeper records his vote, and the pad says so
        recorded = client.post(votes, headers=keeper, json={"player": "Bob", "yes": True}).json()
        amendment = recorded["view"]["amendments"][0]
        assert amendment["votes"] == {"Cid": True, "Ann": True, "Bob": True}
        assert amendment["recorded"] == ["Bob"] and amendment["status"] == "pending"

    with TestClient(create_app(url)) as client:  # the server restarted: every link still votes
        assert client.get(f"/api/pads/{pad}", headers=own["Dee"]).json()["voter"] == "Dee"
        assert client.post(votes, headers=own["Dee"], json={"player": "Cid", "yes": False}).status_code == 403
        done = client.post(votes, headers=own["Dee"], json={"player": "Dee", "yes": True}).json()
        assert done["view"]["amendments"][0]["status"] == "accepted"
        again = client.get(f"/api/pads/{pad}/voters", headers=keeper).json()
        assert again == links  # the same links, shown again from the scorekeeper's token
        # any player proposes a change from their own phone, in their own name only
        amend = f"/api/pads/{pad}/amendments"
        as_cid = client.post(amend, headers=own["Bob"], json={"from_hand": 1, "changes": {"out_bonus": 200},
                                                              "by": "Cid"})
        assert as_cid.status_code == 403 and as_cid.json()["error"]["message"] == (
            "This link proposes for Bob only: Cid proposes with Cid's own link, "
            "or the scorekeeper writes it.")
        mine = client.post(amend, headers=own["Bob"], json={"from_hand": 1, "changes": {"out_bonus": 200},
                                                            "by": "Bob", "note": "more for going out"})
        assert mine.status_code == 200
        proposed = mine.json()["view"]["amendments"][1]
        assert proposed["proposed_by"] == "Bob" and proposed["votes"] == {"Bob": True}
        assert client.post(amend, json={"from_hand": 1, "changes": {"out_bonus": 300},
                                        "by": "Ann"}).status_code == 403  # the follow link only watches
