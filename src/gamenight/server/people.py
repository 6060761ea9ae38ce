"""The people at a table, as the table service keeps them in memory: names, chat, presence, who is
being waited for and since when, and the rematch series a table belongs to.

Everything here is small and synchronous: the rules for a name or a chat message, the chat's rate
limit, and the parts of a state frame that are about people rather than the game (``frame_fields``).
:mod:`gamenight.server.people_service` does the locking, storing and broadcasting.

Rematch tokens: a rematch's human seat gets its own token, ``rematch_token(old token, new table)``
(an HMAC, so only the holder of the old seat's token can compute it, and the server stores neither:
the new seat keeps the old token's hash as its *claim*, and takes the new token's hash the first
time the old token is presented to the finished table).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import time
import unicodedata
from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight.core.state import State
from gamenight.server.links import seat_path, spectator_path
from gamenight.server.storage import CHAT_KEPT, ChatRow, RematchRow, TableRecord

#: the longest name a person may choose
MAX_NAME_CHARS = 24
#: the longest chat message
MAX_CHAT_CHARS = 280
#: a seat may send CHAT_BURST messages in any CHAT_WINDOW_S seconds
CHAT_BURST = 5
CHAT_WINDOW_S = 10.0
#: the quick messages the table page offers as buttons (any text is accepted the same way)
QUICK_MESSAGES = ("Your turn!", "Good game", "Thinking…", "Oops")

_SPACES = re.compile(r"\s+")


class PeopleError(Exception):
    """A refused name, chat message or rematch: a stable code, a sentence, the HTTP status."""

    def __init__(self, code: str, message: str, status: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def _printable(text: str) -> str:
    """NFC text on one line: control and formatting characters (bidi overrides, zero widths) out,
    every run of white space one space."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return _SPACES.sub(" ", text).strip()


def clean_name(text: str) -> str:
    """A person's name as the table will show it, or ``PeopleError`` saying what to change."""
    name = _printable(text)
    if not name:
        raise PeopleError("bad_name", "A name needs at least one letter or digit.", 422)
    if len(name) > MAX_NAME_CHARS:
        raise PeopleError("bad_name", f"A name is at most {MAX_NAME_CHARS} characters.", 422)
    return name


def check_names_differ(names: Sequence[str]) -> None:
    """Two seats called alike would make every sentence ambiguous: refuse it."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        key = name.casefold()
        if key in seen:
            raise PeopleError("bad_name", f"Two seats cannot both be called {name!r}: choose another name.",
                              422)
        seen[key] = seat


def clean_chat(text: str) -> str:
    message = _printable(text)
    if not message:
        raise PeopleError("bad_request", "An empty message says nothing: type something first.", 422)
    if len(message) > MAX_CHAT_CHARS:
        raise PeopleError("too_long", f"A message is at most {MAX_CHAT_CHARS} characters "
                                      f"(this one has {len(message)}).", 422)
    return message


@dataclass
class ChatLimiter:
    """At most CHAT_BURST messages per seat in any CHAT_WINDOW_S seconds (a sliding window)."""

    burst: int = CHAT_BURST
    window: float = CHAT_WINDOW_S
    sent: dict[int, deque[float]] = field(default_factory=dict)

    def allow(self, seat: int, now: float) -> None:
        times = self.sent.setdefault(seat, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.burst:
            wait = max(1, round(self.window - (now - times[0])))
            raise PeopleError("rate_limited", f"Slow down: at most {self.burst} messages in "
                                              f"{self.window:g} seconds (try again in {wait} s).", 429)
        times.append(now)


@dataclass
class People:
    """A live table's people: what is kept in memory (chat and the rematch links are also stored)."""

    #: the game's own name for each seat (before any person chose one)
    default_names: list[str] = field(default_factory=list)
    chat: deque[ChatRow] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    chat_count: int = 0
    chat_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    limiter: ChatLimiter = field(default_factory=ChatLimiter)
    #: unix time each seat to act started being waited for
    waiting_since: dict[int, float] = field(default_factory=dict)
    #: each seat's token as last presented (memory only, never stored): its rematch link needs it
    tokens: dict[int, str] = field(default_factory=dict)
    #: the table this one is the rematch of (and the series results before it), and its own rematch
    rematch_of: RematchRow | None = None
    rematch_id: str | None = None
    #: the seats with a page open on each other process serving the table (server.cluster)
    elsewhere: dict[str, frozenset[int]] = field(default_factory=dict)

    def load_chat(self, rows: Sequence[ChatRow]) -> None:
        self.chat.extend(rows)
        self.chat_count = rows[-1].number if rows else 0

    def stamp_waiting(self, to_act: frozenset[int], mover: int | None, now: float) -> None:
        """Seats that start to be waited for are stamped now; a seat that just moved and must move
        again is waited for afresh; a seat no longer to act is not waited for."""
        since = self.waiting_since
        for seat in list(since):
            if seat not in to_act:
                del since[seat]
        for seat in to_act:
            if seat not in since or seat == mover:
                since[seat] = now


class Watcher(Protocol):
    """A page open on a table: the seat it is for (None: a spectator)."""

    @property
    def seat(self) -> int | None: ...


class PeopleTable(Protocol):
    """What the people's facts are read from: a live table (``server.live.LiveTable``), named here by
    what it has so that this module needs nothing of the service's."""

    @property
    def id(self) -> str: ...

    @property
    def state(self) -> State: ...

    @property
    def record(self) -> TableRecord: ...

    @property
    def people(self) -> People: ...

    @property
    def connections(self) -> Collection[Watcher]: ...


def rematch_token(old_token: str, table_id: str) -> str:
    """The rematch seat's token: only the holder of the old seat's token can compute it."""
    digest = hmac.new(old_token.encode(), f"gamenight rematch {table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()


def chat_json(row: ChatRow, names: Sequence[str]) -> dict[str, Any]:
    return {"n": row.number, "seat": row.seat, "name": names[row.seat], "text": row.text,
            "at": row.created_at.timestamp()}


def chat_frame(rows: Sequence[ChatRow], names: Sequence[str], *, history: bool) -> dict[str, Any]:
    """``{"type": "chat", "messages": [...], "history": bool}``; a history replaces what the page had."""
    return {"type": "chat", "history": history, "messages": [chat_json(r, names) for r in rows]}


def seats_json(table: PeopleTable) -> list[dict[str, Any]]:
    """Every seat: kind, name (the person's own, else the game's), bot kind, whether a page is open on
    it now, and the game's name for it."""
    present = {c.seat for c in table.connections}.union(*table.people.elsewhere.values())
    names = table.state.names
    defaults = table.people.default_names or names
    return [{"seat": i, "kind": s.kind, "name": names[i], "bot": s.bot,
             "connected": s.kind == "bot" or i in present, "default_name": defaults[i]}
            for i, s in enumerate(table.record.seats)]


def waiting_json(table: PeopleTable) -> list[dict[str, Any]]:
    since = table.people.waiting_since
    return [{"seat": s, "since": since[s]} for s in sorted(table.state.to_act) if s in since]


def rematch_json(table: PeopleTable, seat: int | None) -> dict[str, Any] | None:
    """The rematch as this seat follows it: with its own new token; spectators follow as spectators."""
    new_id = table.people.rematch_id
    if new_id is None:
        return None
    if seat is None:
        return {"table_id": new_id, "link": spectator_path(new_id)}
    token = table.people.tokens.get(seat)
    if token is None or table.record.seats[seat].kind != "human":
        return {"table_id": new_id, "link": None}
    return {"table_id": new_id, "link": seat_path(new_id, rematch_token(token, new_id))}


def series_results(table: PeopleTable) -> list[dict[str, Any]]:
    """Every finished match of the table's series, oldest first, this one last once it is over."""
    earlier = list(table.people.rematch_of.series) if table.people.rematch_of else []
    outcome = table.state.outcome
    if outcome is not None:
        earlier.append({"table_id": table.id, "winners": list(outcome.winners)})
    return earlier


def series_json(table: PeopleTable) -> dict[str, Any] | None:
    """Matches won per seat, or per team where the game keeps one score per team, across the series
    (a table that is no rematch and has none is no series)."""
    if table.people.rematch_of is None and table.people.rematch_id is None:
        return None
    results = series_results(table)
    state = table.state
    teams: dict[int, list[int]] = {}
    for seat in range(state.num_players):
        teams.setdefault(state.column_of(seat), []).append(seat)
    tally = []
    for seats in teams.values():
        wins = sum(1 for r in results if any(w in seats for w in r["winners"]))
        tally.append({"label": "/".join(state.names[s] for s in seats), "seats": seats, "wins": wins})
    return {"matches": len(results), "playing": not state.is_over, "tally": tally}


def frame_fields(table: PeopleTable, seat: int | None) -> dict[str, Any]:
    """What a state frame and a snapshot carry about people, for ``seat`` (None: a spectator)."""
    out: dict[str, Any] = {"seats": seats_json(table), "waiting": waiting_json(table)}
    rematch = rematch_json(table, seat)
    if rematch is not None:
        out["rematch"] = rematch
    series = series_json(table)
    if series is not None:
        out["series"] = series
    return out


def now() -> float:
    """Unix time, for the waiting stamps the pages count from."""
    return time.time()


__all__ = [
    "MAX_CHAT_CHARS",
    "MAX_NAME_CHARS",
    "QUICK_MESSAGES",
    "ChatLimiter",
    "People",
    "PeopleError",
    "PeopleTable",
    "chat_frame",
    "check_names_differ",
    "clean_chat",
    "clean_name",
    "frame_fields",
    "rematch_token",
    "series_json",
]
