"""Observations: what one seat sees, as a fixed-shape tensor and as text.

Both are built from ``State.view(seat)`` alone (the dict a person's screen draws from), never from
the state's hidden parts: the tensor reads the view's zones (``layout.zones``: each zone's pieces
as that seat sees them, ``None`` where face down, or only their number), its score sheet, phase,
seats to act and, in dice games, its dice. Seats are counted from the observer (0 is the observer,
1 the next seat in turn...), so one network can play any seat. The fields, in order, are
documented in docs/PROGRAMS.md; :meth:`Observer.fields` lists their names and sizes.
"""

from __future__ import annotations

import math
import re
import zlib
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.core.layout import declared_fields
from gamenight.core.state import State
from gamenight.core.zones import layout as zone_layout
from gamenight.interop.actions import PIECE_KINDS, ActionSpace

#: how many buckets the phase's name is hashed into (phases have no fixed list across games)
PHASE_BUCKETS = 16
#: the faces a die may show in the dice field (index = face)
DIE_FACES = 7
#: score totals are divided by this, so that usual scores land near -1 .. 1
SCORE_SCALE = 500.0
#: the kinds of the view's game entries (layout fields) the tensor reads: the contract and the
#: bids, trump, the dealer, the maker and the declarer, flags such as "alone", each seat's numbers
ENTRY_KINDS = ("suit", "seat", "seats", "flag", "number", "counter", "plays", "text")
#: the suits of a ``suit`` entry, in their slots (anything else, no trump, in the slot after them)
SUITS = "CDHS"
#: how many buckets a ``text`` entry's words are hashed into (a contract's words, "by South")
TEXT_BUCKETS = 8
#: a number n of the game entries reads as log(1 + |n|) / log(1 + NUMBER_SCALE), signed: a bid of
#: 3 is 0.2, of 200 is 0.77, a target of 10,000 is 1.33
NUMBER_SCALE = 1000.0

Obs = npt.NDArray[np.float32]


class Observer:
    """Turns one seat's view into the same fixed-shape vector at every step of a game."""

    def __init__(self, state: State, space: ActionSpace) -> None:
        self.players = state.num_players
        self.space = space
        self.piece_index: dict[tuple[str, str], int] = {}
        copies: list[int] = []
        counts = state.pieces_in_play()
        for block, value in space.tokens:
            if block in PIECE_KINDS:
                self.piece_index[(block, space.formats[block](value))] = len(copies)
                copies.append(max(1, counts.get(value, 1)))
        self.copies = np.asarray(copies, dtype=np.float32)
        self.pieces = len(copies)
        self.equipment = float(max(1, sum(counts.values())))
        probe = state.view(0)
        self.cells = board_cells(probe)
        #: the game's entries the tensor reads, in the order the game declares its fields
        self.entries = [(key, str(f["kind"])) for key, f in declared_fields(type(state))
                        if f.get("kind") in ENTRY_KINDS]
        self.entries_size = sum(entry_width(kind, self.players) for _, kind in self.entries)
        self._slots: list[tuple[str, Any, int, int]] = []  # each entry's encoder and slots, once
        at = 0
        for key, kind in self.entries:
            width = entry_width(kind, self.players)
            self._slots.append((key, ENCODERS[kind], at, at + width))
            at += width
        #: the tensor reads game entries of the view (dice, boards): build the whole view each time
        self.whole_view = bool(self.cells) or "dice" in probe

    def fields(self) -> list[tuple[str, int]]:
        """The observation's fields in order, each with its length."""
        n, p = self.players, self.pieces
        out: list[tuple[str, int]] = []
        for r in range(n):
            out += [(f"seat+{r} hand pieces", p), (f"seat+{r} other pieces", p)]
        out += [("table pieces", p), ("pile tops", p), ("hidden counts", n + 1), ("to act", n),
                ("score totals", n), ("phase", PHASE_BUCKETS), ("dice rolled", DIE_FACES),
                ("dice held", DIE_FACES), ("board", self.cells * n), ("game entries", self.entries_size),
                ("my seat", n),
                ("pending selection", self.space.size)]
        return out

    @property
    def size(self) -> int:
        return sum(size for _, size in self.fields())

    def observe(self, state: State, seat: int, pending: tuple[int, ...] = ()) -> Obs:
        """The observation of ``seat`` now: :meth:`tensor` of its view, where only the view's
        entries the tensor reads are built (:func:`seat_view`)."""
        view = state.view(seat) if self.whole_view else seat_view(state, seat, bool(self.entries))
        return self.tensor(view, pending)

    def tensor(self, view: dict[str, Any], pending: tuple[int, ...] = ()) -> Obs:
        """The observation of the seat whose ``view`` this is (``pending``: its selection so far)."""
        seat = view["seat"]
        n, p = self.players, self.pieces
        planes = np.zeros((2 * n + 2, p), dtype=np.float32)
        hidden = np.zeros(n + 1, dtype=np.float32)
        for zone in view.get("layout", {}).get("zones", []):
            self._zone(zone, seat, planes, hidden)
        planes /= self.copies if p else 1.0
        parts = [planes.ravel(), hidden / self.equipment, self._to_act(view, seat),
                 self._scores(view, seat), self._phase(view), *self._dice(view), self._board(view),
                 self._entries(view, seat), np.eye(n, dtype=np.float32)[seat], self._pending(pending)]
        return np.concatenate(parts).astype(np.float32)

    def _zone(self, zone: dict[str, Any], seat: int, planes: Obs, hidden: Obs) -> None:
        """Count a zone's visible pieces into its plane, and its face-down ones as hidden."""
        owner = zone.get("owner")
        rel = (owner - seat) % self.players if owner is not None and owner < self.players else None
        shown = zone.get("pieces")
        # an owned zone goes to its seat's hand plane or other plane; an unowned one to the table's
        plane = 2 * self.players if rel is None else 2 * rel + (zone.get("show") != "hand")
        unseen = zone.get("count", 0) - sum(1 for x in shown or () if x is not None)
        hidden[self.players if rel is None else rel] += unseen
        if not shown:
            return
        kind = zone.get("piece", "")
        index = self.piece_index
        for text in shown:
            i = index.get((kind, text)) if text is not None else None
            if i is not None:
                planes[plane, i] += 1.0
        if rel is None and zone.get("show") == "pile" and shown[-1] is not None:
            top = index.get((kind, shown[-1]))
            if top is not None:
                planes[2 * self.players + 1, top] = 1.0

    def _to_act(self, view: dict[str, Any], seat: int) -> Obs:
        out = np.zeros(self.players, dtype=np.float32)
        for s in view.get("to_act", []):
            out[(s - seat) % self.players] = 1.0
        return out

    def _scores(self, view: dict[str, Any], seat: int) -> Obs:
        """The score sheet's totals from the observer's seat on, when the sheet has a column per
        seat (a team sheet's columns are read as they come, padded with zeros)."""
        totals = list(view.get("score_sheet", {}).get("totals", []))[: self.players]
        totals += [0] * (self.players - len(totals))
        if len(view.get("score_sheet", {}).get("columns", [])) == self.players:
            totals = totals[seat:] + totals[:seat]
        return np.asarray(totals, dtype=np.float32) / SCORE_SCALE

    @staticmethod
    def _phase(view: dict[str, Any]) -> Obs:
        out = np.zeros(PHASE_BUCKETS, dtype=np.float32)
        out[zlib.crc32(str(view.get("phase", "")).encode()) % PHASE_BUCKETS] = 1.0
        return out

    @staticmethod
    def _dice(view: dict[str, Any]) -> tuple[Obs, Obs]:
        """How many dice show each face, rolled and held, where the view has dice."""
        rolled = np.zeros(DIE_FACES, dtype=np.float32)
        held = np.zeros(DIE_FACES, dtype=np.float32)
        dice = view.get("dice")
        if isinstance(dice, dict):
            for out, key in ((rolled, "rolled"), (held, "held")):
                for face in dice.get(key) or ():
                    if isinstance(face, int) and 0 <= face < DIE_FACES:
                        out[face] += 1.0
        return rolled, held

    def _board(self, view: dict[str, Any]) -> Obs:
        """Who holds each space of the view's boards (``board`` fields: a disc's side) and tracks
        (``track`` fields: each marble's side): a cell by side, sides as the view numbers them."""
        n = self.players
        out = np.zeros((max(self.cells, 0), n), dtype=np.float32)
        base = 0
        for key, kind in _board_fields(view):
            value = view.get(key) or {}
            if kind == "board":
                for i, space in enumerate(value.get("spaces", [])):
                    disc = space.get("disc")
                    if isinstance(disc, int) and 0 <= disc < n and base + i < self.cells:
                        out[base + i, disc] = 1.0
                base += len(value.get("spaces", []))
            else:
                for marble in value.get("marbles", []):
                    hole, side = marble.get("hole"), marble.get("side")
                    if isinstance(side, int) and 0 <= side < n and 0 <= base + hole < self.cells:
                        out[base + hole, side] += 1.0
                base += _holes(value)
        return out.ravel()

    def _entries(self, view: dict[str, Any], seat: int) -> Obs:
        """The game's entries of the view (:data:`ENTRY_KINDS`), each in its slots, seats counted
        from the observer; an entry the view does not hold now reads as zeros."""
        out = np.zeros(self.entries_size, dtype=np.float32)
        n = self.players
        for key, encode, start, end in self._slots:
            value = view.get(key)
            if value is not None:
                encode(value, out[start:end], seat, n)
        return out

    def _pending(self, pending: tuple[int, ...]) -> Obs:
        out = np.zeros(self.space.size, dtype=np.float32)
        for a in pending:
            out[a] += 1.0
        return out


def seat_view(state: State, seat: int, entries: bool = True) -> dict[str, Any]:
    """The entries of ``state.view(seat)`` the tensor reads in a game without dice or boards, built
    by the same functions as the view (its zones as ``seat`` sees them, the seats to act, the
    phase, the score sheet's totals, the game's own entries where it has some the tensor reads),
    without the rest (events, moves in words, the layout's fields)."""
    sheet = state.sheet
    out = state._view(seat) if entries else {}
    out.update({"seat": seat, "phase": state.phase(), "to_act": sorted(state.to_act),
                "score_sheet": {"columns": sheet.columns, "totals": sheet.totals},
                "layout": {"zones": zone_layout(state.zones(), seat, state.knowledge)}})
    return out


# ---- the game's entries ------------------------------------------------------------------------


def entry_width(kind: str, players: int) -> int:
    """The slots of one game entry of ``kind`` at a table of ``players``."""
    return {"suit": len(SUITS) + 1, "seat": players, "seats": players, "flag": players + 1,
            "number": players + 1, "counter": 2, "plays": 3 * players, "text": 1 + TEXT_BUCKETS}[kind]


def squash(x: float) -> float:
    """A number of any size (a bid, a count, a target) to a modest float, its sign kept."""
    return math.copysign(math.log1p(abs(x)) / math.log1p(NUMBER_SCALE), x)


def _is_number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _per_seat(values: list[Any], out: Obs, seat: int, players: int, read: Any) -> None:
    """A list with a value per seat into ``out`` from the observer on; another list as it comes."""
    rotate = len(values) == players
    for i, v in enumerate(values[: len(out)]):
        out[(i - seat) % players if rotate else i] = read(v)


def _suit(value: Any, out: Obs, seat: int, players: int) -> None:
    if isinstance(value, str):
        out[SUITS.index(value) if len(value) == 1 and value in SUITS else len(SUITS)] = 1.0


def _seat(value: Any, out: Obs, seat: int, players: int) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        out[(value - seat) % players] = 1.0


def _seats(value: Any, out: Obs, seat: int, players: int) -> None:
    for s in value if isinstance(value, list) else ():
        _seat(s, out, seat, players)


def _flag(value: Any, out: Obs, seat: int, players: int) -> None:
    """A flag in the first slot; a flag per seat in the next ones."""
    if isinstance(value, list):
        _per_seat(value, out[1:], seat, players, lambda v: 1.0 if v else 0.0)
    else:
        out[0] = 1.0 if value else 0.0


def _number(value: Any, out: Obs, seat: int, players: int) -> None:
    """A number in the first slot; a number per seat (each seat's bid, tricks) in the next ones."""
    if isinstance(value, list):
        _per_seat(value, out[1:], seat, players, lambda v: squash(v) if _is_number(v) else 0.0)
    elif _is_number(value):
        out[0] = squash(value)


def _counter(value: Any, out: Obs, seat: int, players: int) -> None:
    """A count such as round 2 of 19: both numbers."""
    for i, v in enumerate(value[:2] if isinstance(value, list) else ()):
        if _is_number(v):
            out[i] = squash(v)


def _first_number(words: str) -> float:
    found = re.search(r"-?\d+", words)
    return squash(int(found.group())) if found else 0.0


def _plays(value: Any, out: Obs, seat: int, players: int) -> None:
    """The calls and bids of the auction, each seat's last: it spoke, it passed, the number it bid."""
    for play in value if isinstance(value, list) else ():
        who = play.get("seat") if isinstance(play, dict) else None
        if not isinstance(who, int) or not 0 <= who < players:
            continue
        said = " ".join(str(v) for k, v in play.items() if k != "seat")
        at = 3 * ((who - seat) % players)
        out[at:at + 3] = (1.0, 1.0 if "pass" in said.lower() else 0.0, _first_number(said))


def _text(value: Any, out: Obs, seat: int, players: int) -> None:
    """A sentence such as a contract ("8 spades", "200 by South"): its first number, and its words
    hashed into a bucket (no list of contracts is shared by all games)."""
    words = " ".join(str(v) for v in value if v is not None) if isinstance(value, list) else str(value)
    if not words:
        return
    out[0] = _first_number(words)
    letters = re.sub(r"[^a-z ]+", "", words.lower()).strip()
    if letters:
        out[1 + zlib.crc32(letters.encode()) % TEXT_BUCKETS] = 1.0


#: how each kind of game entry is written into its slots
ENCODERS: dict[str, Any] = {"suit": _suit, "seat": _seat, "seats": _seats, "flag": _flag, "number": _number,
                            "counter": _counter, "plays": _plays, "text": _text}


def _board_fields(view: dict[str, Any]) -> list[tuple[str, str]]:
    """The view's board and track fields (a layout field of kind ``board`` or ``track``)."""
    fields = view.get("layout", {}).get("fields", [])
    return [(f["key"], f["kind"]) for f in fields if f.get("kind") in ("board", "track")]


def _holes(track: dict[str, Any]) -> int:
    """How many holes a track has: its loop, then each seat's own holes."""
    own = [h for s in track.get("seats", []) for h in (*s.get("home", []), *s.get("castle", []))]
    return max([int(track.get("loop", 0)) - 1, *map(int, own)]) + 1


def board_cells(view: dict[str, Any]) -> int:
    """How many cells the boards and tracks of a view have (fixed for a game and rule set)."""
    total = 0
    for key, kind in _board_fields(view):
        value = view.get(key) or {}
        total += len(value.get("spaces", [])) if kind == "board" else _holes(value)
    return total


def text(view: dict[str, Any], last_events: int = 8) -> str:
    """The view in words, for a language-model agent: the game and phase, what the seat sees of
    each zone, the scores, what just happened and the moves it may make (their text and words)."""
    lines = [f"{view['title']}: you are {view['players'][view['seat']]} (seat {view['seat']})."]
    if view.get("phase_label"):
        lines.append(f"Now: {view['phase_label']}.")
    for zone in view.get("layout", {}).get("zones", []):
        shown = zone.get("pieces")
        if shown:
            cards = " ".join(p if p is not None else "??" for p in shown)
            lines.append(f"{zone['label']}: {cards}")
        elif zone.get("count"):
            lines.append(f"{zone['label']}: {zone['count']} face down")
    sheet = view.get("score_sheet", {})
    if sheet.get("columns"):
        lines.append("Scores: " + ", ".join(f"{c} {t}" for c, t in
                                            zip(sheet["columns"], sheet.get("totals", []), strict=False)))
    events = view.get("events", [])[-last_events:]
    if events:
        lines.append("Lately: " + " ".join(events))
    if view.get("is_over"):
        lines.append("The game is over.")
    elif view.get("moves"):
        lines.append("Your moves (answer with the move's text):")
        lines.extend(f"  {m['text']}: {m['words']}" for m in view["moves"])
    return "\n".join(lines)
