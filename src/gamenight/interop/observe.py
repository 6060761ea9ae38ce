"""Observations: what one seat sees, as a fixed-shape tensor and as text.

Both are built from ``State.view(seat)`` alone (the dict a person's screen draws from), never from
the state's hidden parts: the tensor reads the view's zones (``layout.zones``: each zone's pieces
as that seat sees them, ``None`` where face down, or only their number), its score sheet, phase,
seats to act and, in dice games, its dice. Seats are counted from the observer (0 is the observer,
1 the next seat in turn...), so one network can play any seat. The fields, in order, are
documented in docs/PROGRAMS.md; :meth:`Observer.fields` lists their names and sizes.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import numpy.typing as npt

from gamenight.core.state import State
from gamenight.core.zones import layout as zone_layout
from gamenight.interop.actions import PIECE_KINDS, ActionSpace

#: how many buckets the phase's name is hashed into (phases have no fixed list across games)
PHASE_BUCKETS = 16
#: the faces a die may show in the dice field (index = face)
DIE_FACES = 7
#: score totals are divided by this, so that usual scores land near -1 .. 1
SCORE_SCALE = 500.0

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
                ("dice held", DIE_FACES), ("board", self.cells * n), ("my seat", n),
                ("pending selection", self.space.size)]
        return out

    @property
    def size(self) -> int:
        return sum(size for _, size in self.fields())

    def observe(self, state: State, seat: int, pending: tuple[int, ...] = ()) -> Obs:
        """The observation of ``seat`` now: :meth:`tensor` of its view, where only the view's
        entries the tensor reads are built (:func:`seat_view`)."""
        return self.tensor(state.view(seat) if self.whole_view else seat_view(state, seat), pending)

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
                 np.eye(n, dtype=np.float32)[seat], self._pending(pending)]
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

    def _pending(self, pending: tuple[int, ...]) -> Obs:
        out = np.zeros(self.space.size, dtype=np.float32)
        for a in pending:
            out[a] += 1.0
        return out


def seat_view(state: State, seat: int) -> dict[str, Any]:
    """The entries of ``state.view(seat)`` the tensor reads in a game without dice or boards, built
    by the same functions as the view (its zones as ``seat`` sees them, the seats to act, the
    phase, the score sheet's totals), without the rest (events, moves in words, game entries)."""
    sheet = state.sheet
    return {"seat": seat, "phase": state.phase(), "to_act": sorted(state.to_act),
            "score_sheet": {"columns": sheet.columns, "totals": sheet.totals},
            "layout": {"zones": zone_layout(state.zones(), seat, state.knowledge)}}


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
