"""``gamenight serve --bot module:Name``: the server's own bot is a choice for a seat in the lobby
(``/api/games``' ``bots``, which the lobby's seat menus list) and in ``POST /api/tables``, under its
own name, in the games it plays; it takes its turns as the other bots do (after the table's delay,
never before); a table whose bot is no longer offered still loads after a restart; and a path that
makes no bot is refused at start in one sentence."""

from __future__ import annotations

import random
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
    bad = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "a.db"), "--bot", f"{HERE}:Nothing"])
    assert bad.exit_code == 2 and f"The module '{HERE}' has no 'Nothing'" in bad.output and not runs
    try:
        good = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "a.db"), "--bot", f"{HERE}:Counting"],
                                  env={"COLUMNS": "200"})
        assert good.exit_code == 0, good.output
        assert "Your bot 'Counting bot' is offered for a seat in Whist" in good.output and len(runs) == 1
    finally:
        withdraw_bots()
