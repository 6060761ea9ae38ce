"""Bots on the server: the part of the table service that gives a bot seat its turn.

A bot seat that may act gets a turn (an asyncio task) after the table's ``bot_delay_ms`` on the
service's clock, and after a finished trick's pause where a person sits; in a simultaneous phase
every bot seat to act gets one, in a timed window too (so a bot claims after the table's delay,
never before a person could). The turn takes the table's lock, asks the bot in a worker thread (a
slow bot never stalls the other tables) with the seat's view and ``sampler_for(state, seat)`` only,
and plays the answer through the service's move path, as a person's move.

A bot that fails — it raises, or names a move that is not legal — is logged with the table, the
seat and the traceback, and the table's fallback bot (:data:`FALLBACK_BOT`, the simplest bot every
game has) chooses that move and every later one of the seat: the seat's stored bot becomes the
fallback, and the table is told in words (a notice every page and snapshot carries). A failing
bot never turns into a silent random move.

A server's own bots (``gamenight serve --bot``: :func:`gamenight.bots.loader.offer_bot`) take their
turns here like the others: after the table's delay, in a worker thread, with the same fallback.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import replace

from gamenight.bots import Bot, make_bot, sampler_for
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.server.clock import Clock
from gamenight.server.live import SAVE_RETRY_S, LiveTable, MovePath, ServiceError
from gamenight.server.storage import GroupCommitWriter, SeatsUpdate

log = logging.getLogger(__name__)

#: the bot that plays for a seat whose own bot failed: every game has it (a uniformly random legal move)
FALLBACK_BOT = "random"


class BotFailed(Exception):
    """A bot answered with something that is not a legal move."""


def ask_bot(bot: Bot, state: State, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
    """``bot``'s move for ``seat``, from what the seat may see; :class:`BotFailed` if it is not legal."""
    view = state.view(seat, layout=False)  # a bot reads the entries, not the layout
    move = bot.choose(view, list(legal), sampler_for(state, seat), rng)
    if move not in legal:
        raise BotFailed(f"the bot chose {move}, which is not a legal move")
    return move


def seat_bot(kind: str, game_id: str) -> Bot:
    """The bot a stored seat names. One this server does not offer now (a server's own bot, and the
    server restarted without its ``--bot``) is logged and played by the fallback bot meanwhile; the
    seat keeps its bot's name, so a restart with the bot offered again gives the seat back to it."""
    try:
        return make_bot(kind, game_id)
    except ValueError as e:
        log.warning("a seat's bot %r is not offered by this server (%s); the %s bot plays for it",
                    kind, e, FALLBACK_BOT)
    return make_bot(FALLBACK_BOT, game_id)


def fallback_notice(name: str) -> str:
    return f"{name}'s bot hit a problem; a simpler bot plays for it."


class TableBots:
    """Every table's bot turns, on one clock, making their moves through ``move``."""

    def __init__(self, clock: Clock, move: MovePath, writer: GroupCommitWriter) -> None:
        self.clock = clock
        self._move = move
        self._writer = writer

    def schedule(self, table: LiveTable) -> None:
        """Every bot seat that may act now and has no turn pending gets one, after the table's delay
        (several at once in simultaneous phases)."""
        if table.is_done or table.closed or not table.bots:
            return
        for seat in table.state.to_act:
            if seat in table.bots and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.get_running_loop().create_task(self._turn(table, seat))

    async def _turn(self, table: LiveTable, seat: int) -> None:
        await self.clock.sleep(table.record.bot_delay_ms / 1000)
        wait = table.pause_until - self.clock.now()
        if wait > 0:  # a finished trick is still on show
            await self.clock.sleep(wait)
        try:
            await asyncio.shield(asyncio.ensure_future(self._play(table, seat)))
        except ServiceError as e:
            if e.code != "storage_error":
                log.error("table %s: bot in seat %d refused: %s", table.id, seat, e.message)
                return
            await self.clock.sleep(SAVE_RETRY_S)
            self.schedule(table)
        except Exception:  # even the fallback bot could not choose: the game's view is broken
            log.exception("table %s: no bot could choose a move for seat %d", table.id, seat)

    async def _play(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            table.bot_tasks.pop(seat, None)  # from here a new turn may be scheduled for this seat
            if table.closed or table.is_done or seat not in table.state.to_act:
                return
            # a worker thread chooses (the lock keeps the state still): a slow bot stalls no other table
            choice, failed = await asyncio.to_thread(self.choose, table, seat)
            if failed:
                await self._fall_back(table, seat)
            await self._move(table, seat, str(choice), None)

    @staticmethod
    def choose(table: LiveTable, seat: int) -> tuple[Move, bool]:
        """The seat's bot's move, and whether that bot failed (then the fallback bot chose it)."""
        state = table.state
        legal = state.legal_moves(seat)
        bot = table.bots[seat]
        try:
            return ask_bot(bot, state, seat, legal, table.bot_rng), False
        except Exception:
            log.exception("table %s: the %s bot in seat %d failed; the %s bot plays for the seat from now on",
                          table.id, table.record.seats[seat].bot or "default", seat, FALLBACK_BOT)
        return ask_bot(make_bot(FALLBACK_BOT, table.record.game), state, seat, legal, table.bot_rng), True

    async def _fall_back(self, table: LiveTable, seat: int) -> None:
        """The seat's bot is the fallback from now on: in memory, in storage (so a reload keeps it) and
        in the seat's facts, and the table is told so."""
        table.bots[seat] = make_bot(FALLBACK_BOT, table.record.game)
        seats = list(table.record.seats)
        if seats[seat].bot == FALLBACK_BOT:
            return  # no simpler bot to hand the seat to: the failure is logged
        seats[seat] = replace(seats[seat], bot=FALLBACK_BOT)
        try:
            await self._writer.write(SeatsUpdate(table.id, tuple(seats)))
        except Exception as e:
            log.error("table %s: seat %d's change of bot could not be saved (%s); it holds until the table "
                      "reloads", table.id, seat, e)
        else:
            table.record = replace(table.record, seats=tuple(seats))
        table.notices.append(fallback_notice(table.state.names[seat]))
        table.frames.clear()


__all__ = ["FALLBACK_BOT", "BotFailed", "TableBots", "ask_bot", "fallback_notice", "seat_bot"]
