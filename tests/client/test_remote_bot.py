"""The remote client against the real server: the README's example bot plays a seat of a Hearts table
over the WebSocket to the end of the match, against three of the server's bots, without one error
frame (the version race avoided, not retried); a link the server refuses ends it with a sentence."""

from __future__ import annotations

import importlib.util
import random
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamenight.client import SeatError, parse_link, play_seat

pytest.importorskip("websockets")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Any]]:
    """The real server in a subprocess, in a list: the restart test puts its successor there."""
    from tests.web.test_browser import Server

    servers = [Server(tmp_path_factory.mktemp("client") / "tables.db").start()]
    try:
        yield servers
    finally:
        servers[-1].stop()


@pytest.fixture
def server(running: list[Any]) -> str:
    return str(running[-1].base)


def example_bot() -> Any:
    spec = importlib.util.spec_from_file_location("remote_bot", ROOT / "examples" / "remote_bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.FirstChoiceBot()


def hearts_table(base: str) -> dict[str, Any]:
    from tests.web.test_browser import Api

    status, made = Api(base).call("/api/tables", {
        "game": "hearts", "seed": 28, "bot_delay_ms": 0, "trick_pause_ms": 0,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3})
    assert status == 201, made
    return made  # type: ignore[no-any-return]


def test_the_example_bot_finishes_a_hearts_match_without_an_error_frame(server: str) -> None:
    made = hearts_table(server)
    link = made["seats"][0]["link"]
    versions: list[int] = []
    result = play_seat(link, example_bot(), rng=random.Random(28),
                       on_state=lambda frame: versions.append(frame["version"]))
    assert result.errors == []
    assert result.view["is_over"] and result.outcome is not None
    assert result.view["seat"] == 0 and result.view["game"] == "hearts"
    # a whole match: several deals, every one of the seat's 13 cards and its pass of three each time
    assert result.moves_sent >= 2 * 16
    assert versions == sorted(versions)
    from tests.web.test_browser import Api

    snapshot = Api(server).snapshot(made["table_id"], made["seats"][0]["token"])
    assert snapshot["version"] == result.version and snapshot["view"]["is_over"]


def test_a_link_the_server_refuses_ends_with_a_sentence(server: str) -> None:
    made = hearts_table(server)
    link = made["seats"][0]["link"]
    forged = link.replace(urllib.parse.quote(made["seats"][0]["token"], safe=""), "not-a-token")
    with pytest.raises(SeatError, match="token"):
        play_seat(forged, example_bot(), max_reconnects=0)


def test_a_seat_link_is_read_as_the_table_page_reads_it() -> None:
    link = parse_link("https://games.example.org/t/ab%2012?token=x%2By")
    assert link.socket_url == "wss://games.example.org/ws/tables/ab%2012"
    assert (link.table_id, link.token) == ("ab 12", "x+y")
    assert link.subprotocols == ["gamenight", "gamenight.token.x+y"]
    with pytest.raises(SeatError, match="not a seat link"):
        parse_link("games.example.org/t/ab12")


def test_the_client_comes_back_after_the_server_restarts_and_finishes(running: list[Any]) -> None:
    """The server is killed mid-match (SIGKILL: nothing said to the client) and started again on the
    same port and database: the client reconnects with backoff, resumes from the stored table and
    plays to the end. A move whose answer the kill swallowed may be refused once as a race."""
    from tests.web.test_browser import Server

    old = running[-1]
    made = hearts_table(old.base)
    restarted = threading.Thread(target=lambda: running.append(Server(old.db, port=old.port).start()))

    def kill_once(frame: dict[str, Any]) -> None:
        waiting = 0 not in frame["view"]["to_act"]  # not between its move and that move's answer
        if not restarted.is_alive() and len(running) == 1 and frame["version"] >= 30 and waiting:
            old.kill()  # from inside the client's loop: its socket dies under it
            restarted.start()

    result = play_seat(made["seats"][0]["link"], example_bot(), rng=random.Random(5), backoff_s=0.2,
                       max_reconnects=20, on_state=kill_once)
    restarted.join()
    assert len(running) == 2 and result.reconnects >= 1
    assert result.view["is_over"]
    assert len(result.errors) <= 1
    assert all(e["code"] in ("stale_version", "not_your_turn") for e in result.errors)
