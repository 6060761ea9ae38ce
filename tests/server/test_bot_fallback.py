"""A bot that fails on the server — it raises, or names a move that is not legal — is logged (the
table, the seat, the traceback) and replaced, for that move and the rest of the game, by the table's
fallback bot; the seat's stored bot becomes the fallback (a reload keeps it), and the table is told
in words, in every snapshot and state frame. No failing bot turns into a silent random move."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from gamenight.bots import RandomBot, Sampler
from gamenight.core.moves import Move
from gamenight.server.table_bots import FALLBACK_BOT
from tests.server.clocked import advance, clocked_client
from tests.server.test_server import create, get, live

NOTICE = "Mia's bot hit a problem; a simpler bot plays for it."
BOTS = [{"kind": "bot", "bot": "heuristic", "name": n} for n in ("Ann", "Mia", "Cy", "Dot")]


class Raising:
    """A bot whose every choice fails."""

    name = "raising"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        self.asked += 1
        raise RuntimeError("the bot's own bug")


class Cheating(Raising):
    """A bot that names a move it may not make."""

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        self.asked += 1
        return "nonsense"  # type: ignore[return-value]


@pytest.mark.parametrize("broken", [Raising, Cheating])
def test_a_failing_bot_is_logged_and_the_fallback_plays_the_rest_of_the_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, broken: type[Raising]) -> None:
    db = str(tmp_path / "tables.db")
    with clocked_client(db) as (client, clock):
        created = create(client, BOTS, bot_delay_ms=0, seed=11)
        table_id = created["table_id"]
        table = live(client, table_id)
        bot = broken()
        table.bots[1] = bot  # a test's privilege: Mia's heuristic bot, broken
        with caplog.at_level(logging.ERROR, logger="gamenight.server.table_bots"), \
                client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
            assert "notices" not in spectator.receive_json()
            advance(client, clock)  # bots with no delay: the whole game
            frame = spectator.receive_json()
            while frame["version"] < table.version:
                frame = spectator.receive_json()
        snap = get(client, table_id)
        assert snap["view"]["is_over"], "the table stalled"
        assert bot.asked == 1, "the broken bot was asked again after it failed"
        assert isinstance(table.bots[1], RandomBot)
        assert [m for s, m in table.state.moves if s == 1], "Mia's seat made no move"
        (failure,) = [r for r in caplog.records if r.name == "gamenight.server.table_bots"]
        assert table_id in failure.getMessage() and "seat 1" in failure.getMessage()
        assert failure.exc_info is not None  # the traceback
        assert snap["notices"] == [NOTICE] and frame["notices"] == [NOTICE]
        assert [s["bot"] for s in snap["seats"]] == ["heuristic", FALLBACK_BOT, "heuristic", "heuristic"]
    with clocked_client(db) as (client, _):  # stored: a restart keeps the simpler bot in the seat
        assert [s["bot"] for s in get(client, table_id)["seats"]][1] == FALLBACK_BOT


def test_a_table_without_a_failing_bot_has_no_notice(tmp_path: Path) -> None:
    with clocked_client(str(tmp_path / "tables.db")) as (client, clock):
        created = create(client, BOTS, bot_delay_ms=0, seed=11)
        advance(client, clock)
        snap = get(client, created["table_id"])
        assert snap["view"]["is_over"] and snap["notices"] == []
        assert {s["bot"] for s in snap["seats"]} == {"heuristic"}
