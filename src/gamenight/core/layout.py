"""The layout description: what a renderer draws from, the same for the terminal and the browser.

``State.view(seat)["layout"]`` is ``{"family", "zones", "fields"}``:

* ``zones``: every zone as the seat sees it (``core.zones.zone_view``), with its ``show`` hint,
  owner, group, piece kind and player-facing label;
* ``fields``: the view's other entries a person should see, each ``{"key", "label", "kind",
  "per_seat"}`` (plus ``"piece"`` where the value holds pieces, ``"head"`` for the headline). A
  renderer shows exactly these, by their label and kind, and never guesses from key names: an
  entry no field names (a bot's rules data) is not shown.

Kernels and games declare their fields as data, a ``FIELDS`` class attribute of :class:`Field`
records; the state merges them along the class hierarchy, kernel first, a game's own after (a
game's field with a kernel field's key replaces it; with an empty label, removes it). A label
may say ``{Deal}``: the game's word for a deal (``State.DEAL_WORD``: "Round" in Oh Hell), so the
headline, the log and the score sheet name a deal alike; the layout carries the word as
``deal_word``. Labels are written for players: no rule citations, no identifiers.
Equipment-neutral: a field names the piece kind of its values (``"card"``, ``"tile"``,
``"face"``) as text, as a zone's codec does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

#: how a small count is said in sentences ("three cards", "no cards")
NUMBER_WORDS: tuple[str, ...] = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                 "ten", "eleven", "twelve", "thirteen")


def number_word(n: int) -> str:
    """A count in words up to thirteen, in figures beyond: "three", "no", "14"."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


class Kind(StrEnum):
    """How a field's value reads."""

    SEAT = "seat"  # a seat number: the seat's name
    SEATS = "seats"  # a list of seat numbers
    SUIT = "suit"  # a suit letter (drawn by the piece kind's suit drawer)
    PIECE = "piece"  # one piece (an up-card, a discard)
    PIECES = "pieces"  # a list of pieces
    HAND = "hand"  # the viewing seat's own pieces, which it plays from (before its zones exist)
    PLAYS = "plays"  # a list of {"seat": s, <one more entry>}: a piece played, or a call made
    NUMBER = "number"
    COUNTER = "counter"  # [n, of]: "3 of 6"
    TEAMS = "teams"  # one plain value per score-sheet column (team)
    TEXT = "text"  # a sentence, or a list of short sentences (each one item, never split)
    FLAG = "flag"  # shown as its label when true, not at all when false
    DATA = "data"  # anything else: nested lists and dicts, spelled out generically
    #: the last finished trick: {"number": n (counted over the match), "deal": d, "plays": [{"seat": s,
    #: <piece>}], "winner": s}; a renderer leaves it on the table a moment, the winner marked
    TRICK = "trick"
    #: the melds laid out on the table by team (or seat): a list of {"name", "seats", "group" (the
    #: zone group whose pieces it shows in detail), "books": [{"cards", "number"?, "rank"?,
    #: "naturals"?, "wilds"?, "closed"?, "kind"?}], "notes": [short texts]}
    MELDS = "melds"
    #: pieces of the viewing seat's hand to mark with the field's label (the cards it received in a pass)
    MARKS = "marks"
    #: {"verb", "count"}: the viewing seat chooses ``count`` more pieces, one ``verb`` move each (a
    #: Hearts pass): a page lets it select them all, then sends the moves in turn
    CHOOSE = "choose"
    #: one player's own score card: {"name", "columns": [heading...], "rows": [{"label", "cells":
    #: [number or None, one per column], "note"?}], "total_label", "total"}
    SCORECARD = "scorecard"
    #: play money (``families.stakes``): {"seats": [{"purse", "net", "text"}] (``text`` is the
    #: purse, or the net where nobody staked anything: ``counts`` says which), "pots": [{"name",
    #: "label", "amount", "text"}], "payments": [sentences, newest last]}; amounts in cents, each
    #: also written out, so a renderer prints the words it is given
    LEDGER = "ledger"
    #: dice on the table: {"seat" (whose turn), "rolled": [faces just rolled, to keep from],
    #: "held": [faces set aside this turn], "free": dice to roll next, "hot": all five held,
    #: "verb": the move that keeps dice}; a renderer draws them as dice, the held ones apart,
    #: and lets the seat to act select rolled dice and keep them
    DICE = "dice"
    #: a board of spaces (5 in a Row's grid): {"rows", "cols", "piece" (what a space shows: "card"),
    #: "spaces": [{"space" (its text in moves: "4,2"), "label" (a piece code, "FREE"...), "disc"
    #: (the side whose disc is there, or null), "row" (in a finished row)}] in reading order,
    #: "sides": [{"name", "colour"}], "lines": [{"side", "from", "to"}] (finished rows)}; a renderer
    #: draws the picture, and a space a legal move names is a place to click for it
    BOARD = "board"
    #: domino lines of play (``families.dominoes.lines_picture``): {"centre": tile code or None,
    #: "lines": [{"key", "label", "seat", "tiles" (as they lie), "open", "start", "marked",
    #: "open_to_all", "target", "from"?: {"line", "index", "turn"?}, "note"?, "closed"?,
    #: "crosswise"? (indexes of tiles lying across the line)}], "verb", "marker", "hint"?}; a page
    #: draws the lines radiating from the centre tile, and a tile of the hand with a line's end
    #: makes the move ``verb tile target``; zones naming the field as their ``detail`` are drawn by it
    DOMINOES = "dominoes"
    #: a race track of numbered holes (Jokers Wild's loop): {"loop" (holes round the loop, numbered
    #: 0.. clockwise), "per_side", "seats": [{"name" (or null: a side nobody plays), "seat",
    #: "colour", "out" (the hole marbles come out on), "entrance" (where the finish branches off),
    #: "home": [holes], "castle": [holes, from the loop in]}] one per side, "marbles": [{"hole",
    #: "text" (as a person reads it), "side", "moves": [{"move", "label"}] (the viewing seat's moves
    #: with that marble, when it is to act)}], "mine" (the side whose marbles the viewer moves)}; a
    #: renderer draws the loop, the Homes and the finish stretches, and a marble with moves is a
    #: place to click: it offers its moves
    TRACK = "track"


KINDS = frozenset(k.value for k in Kind)


@dataclass(frozen=True, slots=True)
class Field:
    """One view entry a person should see: its key, its label for players, how it reads.

    ``per_seat``: the value is a list with one entry per seat (a column of the seat table);
    ``piece``: the piece kind of the pieces it holds; ``head``: shown in the headline;
    ``minor``: worth showing where there is room (the last hand, the tables of a tournament), and
    the first thing a renderer short of room leaves out (a terminal of 24 lines)."""

    key: str
    label: str
    kind: Kind = Kind.TEXT
    per_seat: bool = False
    piece: str = ""
    head: bool = False
    minor: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "label": self.label, "kind": self.kind.value,
                               "per_seat": self.per_seat}
        if self.piece:
            out["piece"] = self.piece
        if self.head:
            out["head"] = True
        if self.minor:
            out["minor"] = True
        return out


_MERGED: dict[type, tuple[tuple[str, dict[str, Any]], ...]] = {}


def declared_fields(cls: type) -> tuple[tuple[str, dict[str, Any]], ...]:
    """The fields a state class declares, merged along its hierarchy (kernel first, a game's
    own after; a later field replaces an earlier one with its key), as (key, JSON) pairs.
    Computed once per class."""
    cached = _MERGED.get(cls)
    if cached is not None:
        return cached
    merged: dict[str, Field] = {}
    for klass in reversed(cls.__mro__):
        for f in klass.__dict__.get("FIELDS", ()):
            merged.pop(f.key, None)
            if f.label:  # a game drops a kernel's field by declaring its key with no label
                merged[f.key] = f
    word = str(getattr(cls, "DEAL_WORD", "deal")).capitalize()
    out = tuple((key, {**f.to_json(), "label": f.label.replace("{Deal}", word)}) for key, f in merged.items())
    _MERGED[cls] = out
    return out


def build_layout(family: str, zones: list[dict[str, Any]], fields: tuple[tuple[str, dict[str, Any]], ...],
                 view: dict[str, Any], *, deal_word: str = "deal",
                 verb_words: dict[str, str] | None = None) -> dict[str, Any]:
    """The layout description of ``view``: the fields whose keys the view holds (shared,
    read-only dicts: renderers never change them), the game's word for a deal, and its words for
    verbs that read badly alone (only where a game has some)."""
    out: dict[str, Any] = {"family": family, "zones": zones,
                           "fields": [f for key, f in fields if key in view], "deal_word": deal_word}
    if verb_words:
        out["verb_words"] = verb_words
    return out


__all__ = ["KINDS", "Field", "Kind", "build_layout", "declared_fields"]
