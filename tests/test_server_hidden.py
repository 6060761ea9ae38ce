"""No frame carries a card hidden from its seat: full games of every registered game through the
server, every WebSocket frame of every seat and of a spectator recorded and checked.

For each game two tables are played to the end (``bot_delay_ms`` 0): one where the test plays every
seat as a person would (over that seat's WebSocket, a random legal move from the seat's own frame),
and one where the server's bots hold every other seat and act through the same move path. A
spectator watches both. When the game is over the test fetches the log (published only then), checks
the revealed seed against the commitment shown from the start, and replays the game independently
with ``gamenight.new`` + ``play``. Then every recorded frame, at its version ``v``, for its seat ``s``
(``None``: the spectator), must satisfy:

(a) **It is the engine's view, exactly**: ``frame.view == replay_at_v.view(s)`` and the seed is
    absent until the game is over. So the server never sends another seat's view, nor anything
    beside the view.

(b) **The hand is the seat's own**: the hand's card codes are exactly the cards in zone ``hand{s}``
    (``card_zones()``) at ``v``; a spectator has no hand.

(c) **No hidden card appears anywhere outside the events**: every card code found in any string of
    the frame (hand, trick, piles, legal moves, calls, score sheet...) is checked against the set of
    cards hidden from ``s`` at ``v``, computed from the replay's zones, not from the view:

    * every card in another seat's hand or pass pile (zones ``hand{t}`` / ``pass{t}``, ``t != s``),
    * every card in a face-down pile of nobody's (the engine's ``_hidden_piles(s)`` entries with no
      holder: a kitty, the stock, a discard the seat did not make),
    * minus the cards whose identity ``s`` was shown (``known[(s, t)]``: cards it passed to ``t``, an
      up-card the dealer picked up). For the spectator: every seat's hands and pass piles and every
      face-down pile, minus the cards shown to the whole table.

    A card that is public where it lies (on the table, in a trick taken) is not in that set, so it
    may appear; a card that leaks through any key of the view is caught, whatever the key is named.

(d) **The events leak nothing**: sentences use card labels (``Q♠``), and earlier deals' sentences
    legitimately name cards that are now in other hands, so events are checked two ways: no event
    private to another seat (``to=t``) is in the frame unless the same sentence is the seat's own;
    and each sentence the move to ``v`` produced names no card that was hidden from ``s`` at the
    moment the engine wrote it (the replay's event list is a :class:`Witness` that computes the
    hidden sets of (c) at every append, mid-move: "East plays 9♠" is written once 9♠ is on the
    table, "The kitty held ..." once the kitty is turned up) and is still hidden after the move
    ("You receive 8♥ ..." is written just before the cards reach the hand).

Games without card zones (none yet) get (a) and the first part of (d).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import re
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import gamenight
from gamenight.core.events import Event
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.server import create_app
from gamenight.server.service import LiveTable

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

CODES = {code: c for c, code in enumerate(C.CODE_OF)}
WORD_RE = re.compile(r"[A-Z0-9]+")
LABELS = {label: c for c, label in enumerate(C.LABEL_OF) if c < 52}
LABEL_RE = re.compile(r"(?<![0-9A-Za-z])(" + "|".join(
    re.escape(label) for label in sorted(LABELS, key=len, reverse=True)) + ")")
Key = int | None


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("hidden") / "tables.db"
    with TestClient(create_app(str(db))) as c:
        yield c


@dataclass
class Recording:
    table_id: str
    seed_commitment: str
    humans: list[int]
    frames: dict[Key, list[dict[str, Any]]] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)


def play_through_server(client: TestClient, game: str, players: int, bots: set[int], seed: int) -> Recording:
    """Play a whole game through the server, recording every frame of every human seat and of a
    spectator. The test moves only from what a seat's own frame shows."""
    rng = random.Random(seed)
    seats = [{"kind": "bot", "bot": "random" if s % 4 == 3 else None} if s in bots else {"kind": "human"}
             for s in range(players)]
    seats = [{k: v for k, v in s.items() if v is not None} for s in seats]
    r = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, "bot_delay_ms": 0})
    assert r.status_code == 201, r.text
    created = r.json()
    table_id = created["table_id"]
    humans = [s for s in range(players) if s not in bots]
    rec = Recording(table_id, created["seed_commitment"], humans, {k: [] for k in [*humans, None]})
    with contextlib.ExitStack() as stack:
        sockets: dict[Key, Any] = {
            s: stack.enter_context(client.websocket_connect(
                f"/ws/tables/{table_id}?token={created['seats'][s]['token']}")) for s in humans}
        sockets[None] = stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}"))

        def read(key: Key) -> dict[str, Any]:
            frame: dict[str, Any] = sockets[key].receive_json()
            if frame["type"] == "state":
                rec.frames[key].append(frame)
            else:
                rec.errors.append(frame)
            return frame

        def catch_up(key: Key, version: int) -> dict[str, Any]:
            while not rec.frames[key] or rec.frames[key][-1]["version"] < version:
                read(key)
            return rec.frames[key][-1]

        deadline = time.monotonic() + 60
        version = 0  # the newest version known to be committed
        while True:
            assert time.monotonic() < deadline, "the game did not finish"
            latest = {key: catch_up(key, version) for key in sockets}
            if latest[None]["view"]["is_over"]:
                break
            movers = [s for s in humans if s in latest[s]["view"]["to_act"]]
            if not movers:  # bots to act: ask where the table is
                now = client.get(f"/api/tables/{table_id}").json()["version"]
                if now == version:
                    time.sleep(0.001)
                version = now
                continue
            s = rng.choice(movers)
            frame = latest[s]
            choice = rng.choice(frame["view"]["legal_moves"])
            sockets[s].send_json({"move": choice, "version": frame["version"]})
            answer = read(s)  # our new state, or a refusal if a bot moved first
            version = max(version, answer["version"])
    return rec


def json_ready(value: Any) -> Any:
    return json.loads(json.dumps(value))


def has_zones(state: State) -> bool:
    return hasattr(state, "card_zones") and hasattr(state, "known") and hasattr(state, "_hidden_piles")


def zone_of(state: State) -> dict[int, str]:
    """Where every card lies (zone name by card)."""
    return {c: name for name, cards in state.card_zones().items() for c in cards}  # type: ignore[attr-defined]


def hidden_from(state: Any, seat: Key) -> set[int]:
    """The cards ``seat`` may not see now, from the zones (see the module docstring, (c))."""
    zones: dict[str, list[int]] = state.card_zones()
    known: dict[tuple[int, int], set[int]] = state.known
    n = state.num_players
    hidden: set[int] = set()
    shown: set[int] = set()
    if seat is None:
        for t in range(n):
            told_all = set.intersection(*(known.get((o, t), set()) for o in range(n) if o != t))
            shown |= told_all
            hidden |= set(zones.get(f"hand{t}", ())) | set(zones.get(f"pass{t}", ()))
        for s in range(n):
            hidden |= {c for pile, holder in state._hidden_piles(s) if holder is None for c in pile}
        return hidden - shown
    for t in range(n):
        if t != seat:
            hidden |= set(zones.get(f"hand{t}", ())) | set(zones.get(f"pass{t}", ()))
            shown |= known.get((seat, t), set())
    hidden |= {c for pile, holder in state._hidden_piles(seat) if holder is None for c in pile}
    return hidden - shown


def card_codes(value: Any, path: str = "") -> Iterator[tuple[str, int]]:
    """Every card code in any string of ``value`` (outside ``events``), with where it was found."""
    if isinstance(value, dict):
        for k, v in value.items():
            if not (path == "view" and k == "events"):
                yield from card_codes(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from card_codes(v, f"{path}[{i}]")
    elif isinstance(value, str):
        for word in WORD_RE.findall(value):
            if word in CODES:
                yield path, CODES[word]


def labelled_cards(sentence: str) -> set[int]:
    return {LABELS[m] for m in LABEL_RE.findall(sentence)}


class Witness(list[Event]):
    """Stands in for the replay's ``state.events``: for every event the engine appends, it notes
    which cards each seat could not see at that very moment (mid-move, as the sentence is written)."""

    def __init__(self, state: State, keys: list[Key]) -> None:
        super().__init__(state.events)
        self.state = state
        self.keys = keys
        initial = {k: hidden_from(state, k) for k in keys}
        self.hidden_at: list[dict[Key, set[int]]] = [initial for _ in state.events]

    def append(self, event: Event) -> None:
        super().append(event)
        self.hidden_at.append({k: hidden_from(self.state, k) for k in self.keys})


def check_game(rec: Recording, log: dict[str, Any]) -> int:
    """Replay the game independently and check every recorded frame; returns how many were checked."""
    assert hashlib.sha256(str(log["seed"]).encode()).hexdigest() == rec.seed_commitment
    state = gamenight.new(log["game"], players=log["players"], seed=log["seed"], options=log["options"])
    state.preset = log["preset"]
    by_version: dict[int, list[tuple[Key, dict[str, Any]]]] = {}
    for key, frames in rec.frames.items():
        versions = [f["version"] for f in frames]
        assert versions == sorted(set(versions)), "frames arrive in order, each version once"
        for f in frames:
            by_version.setdefault(f["version"], []).append((key, f))
    final = len(log["moves"])
    assert all(rec.frames[key][-1]["version"] == final for key in rec.frames)
    zones = has_zones(state)
    keys: list[Key] = [*range(state.num_players), None]
    witness = Witness(state, keys) if zones else None
    if witness is not None:
        state.events = witness
    checked = 0
    for v in range(final + 1):
        events_before = 0 if v == 0 else len(state.events)
        if v:
            seat, text = log["moves"][v - 1]
            state.play(text, seat)
        hidden = {k: hidden_from(state, k) for k in keys} if zones else {}
        for key, frame in by_version.get(v, []):
            check_frame(state, key, frame, final, log)
            if witness is not None:
                check_cards(state, key, frame, hidden[key])
                fresh = [witness.hidden_at[i][key] for i in range(events_before, len(witness))
                         if witness[i].to is None or witness[i].to == key]
                check_new_events(key, frame, fresh, hidden[key])
            checked += 1
    return checked


def check_frame(state: State, key: Key, frame: dict[str, Any], final: int, log: dict[str, Any]) -> None:
    """(a) the engine's view exactly, the seed only at the end; (d) no other seat's private event."""
    v = frame["version"]
    assert set(frame) == {"type", "version", "view", "seed"}
    assert frame["view"] == json_ready(state.view(key)), f"v{v} seat {key}: not the engine's view"
    assert frame["seed"] == (str(log["seed"]) if v == final else None)
    own = {e.text for e in state.events if e.to is None or e.to == key}
    private = {e.text for e in state.events if e.to is not None and e.to != key} - own
    leaked = private & set(frame["view"]["events"])
    assert not leaked, f"v{v} seat {key}: another seat's private events {leaked}"


def check_cards(state: Any, key: Key, frame: dict[str, Any], hidden: set[int]) -> None:
    """(b) the hand is the seat's own; (c) no hidden card anywhere in the frame outside the events."""
    v = frame["version"]
    view = frame["view"]
    if key is None:
        assert view.get("hand") is None
    else:
        assert sorted(CODES[c] for c in view["hand"]) == sorted(state.card_zones()[f"hand{key}"])
    leaks = [(path, C.CODE_OF[c]) for path, c in card_codes(frame) if c in hidden]
    assert not leaks, f"v{v} seat {key}: hidden cards in the frame: {leaks}"


def check_new_events(key: Key, frame: dict[str, Any], hidden_when_written: list[set[int]],
                     hidden_now: set[int]) -> None:
    """(d) each sentence the last move produced names no card hidden from the seat both when it was
    written and now ("You receive 8♥ ..." is written before the cards reach the hand: allowed)."""
    events = frame["view"]["events"]
    fresh = hidden_when_written[-len(events):] if events else []
    for sentence, hidden in zip(events[len(events) - len(fresh):], fresh, strict=True):
        named = labelled_cards(sentence) & hidden & hidden_now
        where = f"v{frame['version']} seat {key}"
        assert not named, f"{where}: {sentence!r} names hidden {C.codes(sorted(named))}"


def layouts(game: str) -> list[tuple[int, set[int]]]:
    spec = gamenight.core.registry.get(game)
    n = spec.default_players
    return [(n, set()), (n, {s for s in range(n) if s % 2 == 1})]


GAMES = [spec.id for spec in gamenight.games()]


@pytest.mark.parametrize("game", GAMES)
def test_no_frame_carries_a_hidden_card(client: TestClient, game: str) -> None:
    total = 0
    for i, (players, bots) in enumerate(layouts(game)):
        rec = play_through_server(client, game, players, bots, seed=1000 + i)
        log = client.get(f"/api/tables/{rec.table_id}/log").json()
        assert len(log["moves"]) > 0
        total += check_game(rec, log)
        # a bot may move between the frame a person chose from and the move's arrival
        assert {e["code"] for e in rec.errors} <= ({"stale_version", "not_your_turn"} if bots else set())
        if not bots:
            # every seat saw every version, from the first to the last
            for key, frames in rec.frames.items():
                assert [f["version"] for f in frames] == list(range(len(log["moves"]) + 1)), key
    assert total > 100


def test_the_checks_catch_leaks(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks are not vacuous: a server that shows North's view to the spectator fails them,
    and each of (c) and (d) catches a leaked card on its own."""
    with monkeypatch.context() as patch:
        honest_frame = LiveTable.frame
        patch.setattr(LiveTable, "frame", lambda self, seat: honest_frame(self, 0 if seat is None else seat))
        rec = play_through_server(client, "euchre", 4, set(), seed=7)
    log = client.get(f"/api/tables/{rec.table_id}/log").json()
    with pytest.raises(AssertionError, match="not the engine's view"):
        check_game(rec, log)
    state: Any = gamenight.new("euchre", players=4, seed=log["seed"], options=log["options"])
    north = state.hands[0]
    first = rec.frames[None][0]
    assert first["version"] == 0 and first["view"]["hand"] == C.codes(state.sorted_hand(north))
    with pytest.raises(AssertionError):
        check_cards(state, None, first, hidden_from(state, None))  # it was recorded with North's hand
    honest = json_ready({**rec.frames[1][0], "view": state.view(1)})
    check_cards(state, 1, honest, hidden_from(state, 1))
    played = [{"seat": 0, "card": C.CODE_OF[north[0]]}]
    leaky = json_ready({**honest, "view": {**honest["view"], "trick": played}})
    with pytest.raises(AssertionError, match="hidden cards"):
        check_cards(state, 1, leaky, hidden_from(state, 1))
    sentence = f"North holds {C.LABEL_OF[north[1]]}."
    told = json_ready({**honest, "view": {**honest["view"], "events": [*honest["view"]["events"], sentence]}})
    check_cards(state, 1, told, hidden_from(state, 1))  # (c) does not read sentences...
    with pytest.raises(AssertionError, match="names hidden"):
        check_new_events(1, told, [hidden_from(state, 1)], hidden_from(state, 1))  # ...(d) does
