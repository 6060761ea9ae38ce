"""``gamenight serve --bot module:Name``: the server's own bot is a choice for a seat in the lobby
(``/api/games``' ``bots``, which the lobby's seat menus list) and in ``POST /api/tables``, under its
own name, in the games it plays; it takes its turns as the other bots do (after the table's delay,
never before); a table whose bot is no longer offered still loads after a restart; and a path that
makes no bot is refused at start in one sentence. One test starts ``gamenight serve --bot`` in its own
process and picks the bot in the lobby's seat menu in Chromium (about 5 s of CPU)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.bots.loader import BotLoadError, OfferedBot, offer_bot, withdraw_bots
from gamenight.cli import app
from gamenight.core import registry
from gamenight.core.moves import Move
from tests.server.clocked import advance, clocked_client
from tests.server.test_server import get, live
from tests.web.test_browser import ROOT, chromium_path, free_port, start_from_lobby, table_of, watch_errors

GAME = "whist-with-10s"
HERE = __name__
KINDS = ("beginner", "casual", "strong", "expert", "random", "heuristic")


class Counting:
    """Plays a random legal move and counts its choices; plays Whist only."""

    name = "Counting bot"
    games = (GAME,)
    chosen = 0

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        Counting.chosen += 1
        return rng.choice(legal)


class Random(Counting):
    name = "random"


def hearts_only(game_id: str) -> Counting:
    """A factory that makes a bot for Hearts and refuses every other game."""
    if game_id != "hearts":
        raise ValueError("hearts only")
    bot = Counting()
    bot.name = "Hearts player"
    return bot


def every_game() -> list[str]:
    return [g.id for g in registry.games()]


@pytest.fixture
def offered() -> Iterator[OfferedBot]:
    yield offer_bot(f"{HERE}:Counting", every_game(), KINDS)
    withdraw_bots()


def table(client: Any, bots: list[str], delay_ms: int) -> str:
    seats = [{"kind": "bot", "bot": b} for b in bots]
    r = client.post("/api/tables", json={"game": GAME, "seats": seats, "bot_delay_ms": delay_ms, "seed": 3})
    assert r.status_code == 201, r.text
    return str(r.json()["table_id"])


def test_the_servers_own_bot_is_listed_seated_and_plays_after_the_delay(tmp_path: Path,
                                                                         offered: OfferedBot) -> None:
    assert offered.games == (GAME,)
    db = str(tmp_path / "tables.db")
    with clocked_client(db) as (client, clock):
        bots = {g["id"]: g["bots"] for g in client.get("/api/games").json()}
        assert bots[GAME][-1] == "Counting bot" and "Counting bot" not in bots["hearts"]

        seats = [{"kind": "bot", "bot": "Counting bot"}] * 4
        wrong = client.post("/api/tables", json={"game": "hearts", "seats": seats})
        assert wrong.status_code == 422 and "Unknown bot 'Counting bot'" in wrong.text

        Counting.chosen = 0
        waiting = table(client, ["Counting bot"] * 4, delay_ms=500)
        advance(client, clock, 0.499)
        assert not live(client, waiting).state.moves and Counting.chosen == 0  # the delay holds it
        advance(client, clock, 0.001)
        assert len(live(client, waiting).state.moves) == 1 and Counting.chosen == 1

        played = table(client, ["Counting bot", "casual", "Counting bot", "casual"], delay_ms=0)
        advance(client, clock)
        snap = get(client, played)
        assert snap["view"]["is_over"] and not snap.get("notices")
        assert [s["bot"] for s in snap["seats"]] == ["Counting bot", "casual", "Counting bot", "casual"]
        assert any(seat == 0 for seat, _ in live(client, played).state.moves)

    withdraw_bots()  # restarted without --bot: the table loads, the fallback bot plays the seats meanwhile
    with clocked_client(db) as (client, clock):
        assert "Counting bot" not in {g["id"]: g["bots"] for g in client.get("/api/games").json()}[GAME]
        assert [s["bot"] for s in get(client, waiting)["seats"]] == ["Counting bot"] * 4
        advance(client, clock, 0.5)
        assert len(live(client, waiting).state.moves) == 2


def test_where_a_bot_plays_and_the_sentences_for_a_path_that_will_not_do(offered: OfferedBot) -> None:
    games = every_game()
    hearts = offer_bot(f"{HERE}:hearts_only", games, KINDS)  # no games attribute: where it can be made
    assert (hearts.name, hearts.games) == ("Hearts player", ("hearts",))
    for path, says in [
        (f"{HERE}:Random", "is named 'random', as another bot of this server is"),
        (f"{HERE}:Counting", "is named 'Counting bot', as another bot of this server is"),
        ("no_such_module_for_gamenight:Bot", "does not import"),
    ]:
        with pytest.raises(BotLoadError, match=says):
            offer_bot(path, games, KINDS)


def test_serve_refuses_a_bad_bot_at_start_and_names_a_good_one(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    import uvicorn

    runs: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda application, **_: runs.append(application))
    monkeypatch.setattr("gamenight.server.app.tune_gc", lambda: None)  # pytest keeps its collector
    bad = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "a.db"), "--bot", f"{HERE}:Nothing"])
    assert bad.exit_code == 2 and f"The module '{HERE}' has no 'Nothing'" in bad.output and not runs
    try:
        good = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "a.db"), "--bot", f"{HERE}:Counting"],
                                  env={"COLUMNS": "200"})
        assert good.exit_code == 0, good.output
        assert "Your bot 'Counting bot' is offered for a seat in Whist" in good.output and len(runs) == 1
    finally:
        withdraw_bots()


def test_the_lobby_of_a_server_started_with_the_bot_lists_it_and_seats_it(tmp_path: Path) -> None:
    """``gamenight serve --bot`` for real, in its own process, and the lobby's seat menu in Chromium."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium (Debian's package 'chromium-headless-shell', or 'chromium')")
    base = f"http://127.0.0.1:{(port := free_port())}"
    log = tmp_path / "serve.log"
    command = [sys.executable, "-c", "from gamenight.cli import app; app()", "serve", "--port", str(port),
               "--db", str(tmp_path / "tables.db"), "--bot", f"{HERE}:Counting"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90  # a wait for readiness (imports take long on busy cores)
        while not answers(base):
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        assert "Your bot 'Counting bot' is offered for a seat in Whist with 10s." in log.read_text()
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable)
            page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            errors = watch_errors(page)
            page.goto(base + f"/#{GAME}")
            page.click(".seats-fold summary")
            shown = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.textContent)")
            assert shown[-1] == "Counting bot (own bot)", shown
            page.select_option("#seat-1", "bot:Counting bot")
            page.select_option("#bot-delay", "0")
            table_id, _ = table_of(start_from_lobby(page)["seats"][0]["link"])
            with urllib.request.urlopen(f"{base}/api/tables/{table_id}", timeout=10) as r:
                seats = [s["bot"] for s in json.loads(r.read())["seats"]]
            assert seats == [None, "Counting bot", "casual", "casual"]
            assert not errors, errors
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/games", timeout=1) as r:
            return bool(r.status == 200)
    except OSError:
        return False
