"""The table service's desk for the people: names, chat (and speech where a game counts it),
presence, and rematches. It takes the same locks and writes through the same group-commit writer as
moves; what it knows of games is only the protocol (``name_seats``, ``speak``, ``outcome``).

* A name is chosen when the table is created, or later by the seat itself; it is stored and the
  game replayed with it, as a restart would, so every sentence, past and future, says it. Rewording
  the state in place was tried (issue 31, F5) and read differently from a replay in 8 of 34 games
  (team names built from seat names, sentences a game wrote once); a replay costs tens of
  milliseconds on a long game, so renames are rate-limited per client instead
  (``Limits.renames_per_minute``).
* A chat message is stored before it is shown; the table's connections all get it, spectators
  included, who may read but not write. Messages are rate-limited per seat.
* Speech: where a game's rules count it (``State.counts_speech``), each chat message of a seat is
  also passed to ``State.speak`` under the table's lock, and a speech the game records is saved
  and published like a move (it becomes a ``speak`` entry of the log).
* A rematch is a new table with the same game, options, seats, names and table settings, linked from
  the finished one; each human seat of it opens with its own token (see ``people.rematch_token``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

import gamenight
from gamenight.core.events import Event
from gamenight.core.state import State
from gamenight.server.clock import Clock
from gamenight.server.live import Connection, LiveTable
from gamenight.server.people import (
    PeopleError,
    chat_frame,
    chat_json,
    check_names_differ,
    clean_chat,
    clean_name,
    rematch_token,
    seats_json,
    series_results,
)
from gamenight.server.storage import (
    ChatRow,
    GroupCommitWriter,
    RematchRow,
    SeatRecord,
    SeatsUpdate,
    TableRecord,
    utc_now,
)
from gamenight.server.wire import dumps, sha256_hex

log = logging.getLogger(__name__)


class Tables(Protocol):
    """What the desk asks of the table service (``server.service.TableService``): its clock and
    writer, a table by id, a new table served, a speech saved as a move, a state replayed."""

    @property
    def clock(self) -> Clock: ...

    @property
    def writer(self) -> GroupCommitWriter: ...

    async def get(self, table_id: str) -> LiveTable: ...

    async def open_table(self, record: TableRecord, state: State) -> LiveTable: ...

    async def commit_move(self, table: LiveTable, seat: int, *, acted: bool = True,
                          events: Sequence[Event] = ()) -> int: ...

    async def rebuild(self, table: LiveTable) -> None: ...

    async def speak_elsewhere(self, table: LiveTable, seat: int) -> bool: ...


def _storage_error(what: str) -> PeopleError:
    return PeopleError("storage_error", f"The {what} could not be saved, so nothing changed. Try again.", 503)


class PeopleDesk:
    """Names, chat, presence and rematches for every table of one :class:`TableService`."""

    def __init__(self, service: Tables) -> None:
        self.service = service

    # ---- names -------------------------------------------------------------------------------------

    @staticmethod
    def seat_names(state: State, asked: Sequence[str | None]) -> list[str | None]:
        """The names a new table's seats go by: each one asked for, cleaned, or ``None`` for the
        game's own; two seats may not be called alike."""
        cleaned = [None if a is None or not a.strip() else clean_name(a) for a in asked]
        check_names_differ([c or state.names[i] for i, c in enumerate(cleaned)])
        return [None if c == state.names[i] else c for i, c in enumerate(cleaned)]

    async def rename(self, table: LiveTable, seat: int | None, name: str) -> None:
        """Seat ``seat`` is called ``name`` from now on, at every page of the table."""
        if seat is None:
            raise PeopleError("bad_token", "Spectators have no seat to name: open your seat's link.", 403)
        chosen = clean_name(name)
        async with table.lock:
            names = list(table.state.names)
            if names[seat] == chosen:
                return
            names[seat] = chosen
            check_names_differ(names)
            stored = None if chosen == table.people.default_names[seat] else chosen
            seats = list(table.record.seats)
            seats[seat] = replace(seats[seat], name=stored)
            await self._save_seats(table, tuple(seats), "name")
            # replayed with the new name, as a restart would: every sentence says it
            await self.service.rebuild(table)
            self._publish(table)

    async def _save_seats(self, table: LiveTable, seats: tuple[SeatRecord, ...], what: str) -> None:
        try:
            await self.service.writer.write(SeatsUpdate(table.id, seats))
        except Exception as e:
            log.error("table %s: the seats could not be saved: %s", table.id, e)
            raise _storage_error(what) from None
        table.record = replace(table.record, seats=seats)

    def _publish(self, table: LiveTable) -> None:
        """Every page of the table gets its frame again (same version, new people facts)."""
        table.frames.clear()
        for conn in table.connections:
            conn.push_state(table.frame(conn.seat))

    # ---- chat and speech -----------------------------------------------------------------------------

    async def chat(self, table: LiveTable, seat: int | None, text: str) -> dict[str, Any]:
        """Store and send a seat's message to the table; where the game counts speech, it speaks."""
        if seat is None:
            raise PeopleError("spectator", "Spectators can read the table's chat but not write in it.", 403)
        message = clean_chat(text)
        people = table.people
        people.limiter.allow(seat, self.service.clock.now())
        async with people.chat_lock:  # numbers in order, stored in order
            row = ChatRow(table.id, people.chat_count + 1, seat, message, utc_now())
            try:
                await self.service.writer.write(row)
            except Exception as e:
                log.error("table %s: a chat message could not be saved: %s", table.id, e)
                raise _storage_error("message") from None
            people.chat_count = row.number
            people.chat.append(row)
            frame = dumps(chat_frame([row], table.state.names, history=False))
            for conn in table.connections:
                if conn.wants_people:
                    conn.push_message(frame)
        if type(table.state).counts_speech:
            await self.speak(table, seat)
        return chat_json(row, table.state.names)

    async def speak(self, table: LiveTable, seat: int) -> None:
        """The game hears ``seat`` speak; a speech its rules count is saved and published as a move
        (by the process that owns the table, where several share it: see server.cluster)."""
        if table.replica and await self.service.speak_elsewhere(table, seat):
            return
        async with table.lock:
            state = table.state
            before = len(state.moves)
            state.speak(seat)
            if len(state.moves) > before:
                await self.service.commit_move(table, seat, acted=False)

    # ---- presence ---------------------------------------------------------------------------------------

    def presence_changed(self, table: LiveTable) -> None:
        """A seat's first page opened or its last one closed: every page gets the seats again, as
        ``{"type": "seats", "seats": [...]}`` (a state frame is sent once per version; presence
        changes between versions), and the cached frames are dropped so the next ones say it too."""
        table.frames.clear()
        frame = dumps({"type": "seats", "seats": seats_json(table)})
        for conn in table.connections:
            if conn.wants_people:
                conn.push_message(frame)

    def subscribe(self, conn: Connection, table: LiveTable) -> None:
        """A page asks for the table's talk and presence (``{"type": "hello"}``): it gets the recent
        chat now (a ``history`` that replaces what it had) and then every message and seat change.
        Clients that never ask (programs playing moves) get state frames and errors only."""
        conn.wants_people = True
        conn.push_message(dumps(chat_frame(list(table.people.chat), table.state.names, history=True)))
        conn.push_message(dumps({"type": "seats", "seats": seats_json(table)}))

    def arrives(self, table: LiveTable, conn_seat: int | None) -> bool:
        """Whether a page for ``conn_seat`` makes its seat connected (no other page had it open)."""
        return conn_seat is not None and all(c.seat != conn_seat for c in table.connections)

    def left(self, table: LiveTable, seat: int | None) -> None:
        """A page closed (already out of the table's connections)."""
        if seat is not None and all(c.seat != seat for c in table.connections):
            self.presence_changed(table)

    async def seen(self, table: LiveTable, seat: int | None, token: str | None) -> None:
        """A seat's token was presented: kept in memory for its rematch link, and the rematch seat
        claimed with it if it is not yet."""
        if seat is None or not token:
            return
        table.people.tokens[seat] = token
        if table.people.rematch_id is not None:
            await self._claim(table.people.rematch_id, seat, token)

    # ---- rematch --------------------------------------------------------------------------------------

    async def rematch(self, table: LiveTable, seat: int | None, token: str | None) -> tuple[LiveTable, str]:
        """The rematch of a finished table (started by the first seated player to ask), and the link
        of this seat at it."""
        if seat is None or not token:
            raise PeopleError("bad_token", "Only a seated player can ask for a rematch: use your seat's "
                                           "link.", 403)
        async with table.lock:
            if not table.state.is_over:
                raise PeopleError("not_over", "A rematch can start once this game is over.", 409)
            table.people.tokens[seat] = token
            if table.people.rematch_id is None:
                await self._start_rematch(table)
            new_id = table.people.rematch_id
        assert new_id is not None
        await self._claim(new_id, seat, token)
        new = await self.service.get(new_id)
        return new, rematch_token(token, new_id)

    async def _start_rematch(self, table: LiveTable) -> None:
        """Same game, options, seats, names and table settings (bot delay, trick pause, claim window,
        hints), a new seed; the seats whose tokens this server has seen are claimed at once (the others
        when their holders come back)."""
        rec = table.record
        new_id = secrets.token_urlsafe(9)
        tokens = table.people.tokens
        seats = tuple(self._rematch_seat(s, tokens.get(i), new_id) for i, s in enumerate(rec.seats))
        seed = secrets.randbits(63)
        state = gamenight.new(rec.game, players=rec.players, seed=seed, options=rec.options,
                              preset=rec.preset)
        state.name_seats([s.name for s in seats])
        record = TableRecord(id=new_id, game=rec.game, preset=rec.preset, options=rec.options,
                             players=rec.players, seed=seed, seats=seats, bot_delay_ms=rec.bot_delay_ms,
                             trick_pause_ms=rec.trick_pause_ms, claim_window_ms=rec.claim_window_ms,
                             hints=rec.hints, created_at=utc_now())
        link = RematchRow(new_id, rec.id, tuple(series_results(table)))
        try:
            new = await self.service.open_table(record, state)
            await self.service.writer.write(link)
        except Exception as e:
            log.error("table %s: the rematch could not be saved: %s", rec.id, e)
            raise _storage_error("rematch") from None
        new.people.rematch_of = link
        table.people.rematch_id = new_id
        self._publish(table)

    @staticmethod
    def _rematch_seat(old: SeatRecord, token: str | None, new_id: str) -> SeatRecord:
        if old.kind != "human":
            return SeatRecord(old.kind, old.bot, name=old.name)
        if token is not None:
            return SeatRecord("human", token_sha256=sha256_hex(rematch_token(token, new_id)), name=old.name)
        return SeatRecord("human", name=old.name, claim_sha256=old.token_sha256)

    async def _claim(self, new_id: str, seat: int, token: str) -> None:
        """Give the rematch's seat its token, if ``token`` is the one its claim names."""
        new = await self.service.get(new_id)
        async with new.lock:
            record = new.record.seats[seat]
            if record.token_sha256 is not None or record.claim_sha256 != sha256_hex(token):
                return
            seats = list(new.record.seats)
            mine = sha256_hex(rematch_token(token, new_id))
            seats[seat] = replace(record, token_sha256=mine, claim_sha256=None)
            await self._save_seats(new, tuple(seats), "rematch seat")


__all__ = ["PeopleDesk"]
