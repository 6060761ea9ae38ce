"""The declared shape of a view: what ``State.view(seat)`` returns, for every game, as types.

A view is JSON: the envelope every game shares (:class:`View`: the game, the seats, the phase, who
is to act, the moves, the score sheet, the events, the outcome, the layout), the layout renderers
draw from (:class:`Layout`: zones and fields) and each game's own entries, which the layout's
fields name with a *kind* (``core.layout.Kind``). Each kind's value has one declared shape here
(:data:`FIELD_VALUES`), so a reader draws a kind by its type, never by guessing; a game's other
entries (a bot's rules data) stay an open part of the envelope, shown to nobody.

The moves a seat may make go out twice: ``legal_moves`` (their texts: programs type them back) and
``moves`` (:class:`MoveEntry`: the verb and typed arguments beside the text, so no reader parses a
move's text again). An argument's ``value`` is what the rest of the view uses for the same thing:
a piece's code as the zones show it (``"QS"``, ``"12-7"``), a suit's letter as suit fields show
it, a board space's text as the board's spaces carry it (``"4,2"``), and the plain number or word
for numbers, die faces, holes and words — the rule (:func:`arg_value`): the value itself where it
prints as itself, else its text.

:func:`view_schema` publishes all of it as one JSON Schema (``GET /api/schema``): the envelope,
the layout, each field kind's value, and for each registered game its declared fields typed by
kind. pydantic, which writes the schema, is imported only when it is asked for.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any, Literal, NotRequired

# pydantic reads TypedDicts from typing_extensions on Python 3.11 (typing's lack what it needs)
from typing_extensions import TypedDict

from gamenight.core.moves import Move
from gamenight.core.notation import Arg

# ---- moves -------------------------------------------------------------------------------------


class Place(TypedDict):
    """Where on the table a move's argument is drawn, when it is not simply a piece of the viewer's
    hand: a zone of the view's layout (``grid/0``, ``discards``, ``train/2``) or a layout field
    drawn as a picture (``dice``, ``track``), and where the argument's piece lies in it (``index``:
    its position among the zone's pieces, a die among the dice rolled, a hole of a track; none: the
    zone as a whole, such as a train's open end)."""

    zone: str
    index: NotRequired[int]


#: one typed argument of a move: its kind (``card``, ``suit``, ``number``, ``word``, ``tile``, ``face``,
#: ``space``, ``hole``...), its value as the view names it elsewhere, and its text; an argument
#: written ``piece=as`` (a wild card named as the card it stands for, ``JK=9H``) also gives the
#: piece it names (``piece``: a code of the hand) and what it stands for (``as``); ``at``: where the
#: argument lies on the table (:class:`Place`), so a person taps it there
MoveArg = TypedDict("MoveArg", {"kind": str, "value": int | str, "text": str,
                                "piece": NotRequired[str], "as": NotRequired[str], "at": NotRequired[Place]})


class MoveEntry(TypedDict):
    """A move the seat may make: its text (as ``legal_moves`` lists it), verb and arguments.
    ``words``: the move in players' words, where the engine says it. ``confirm``: the question a
    player confirms with a second tap before the move is sent (a knock, going alone, a bet), where
    the move ends the turn early or commits the hand. ``at``: where the move itself lies on the
    table apart from its arguments (:class:`Place`: the stock a draw takes from, the pile a pickup
    takes), so a person taps the stock or the pile to make it."""

    text: str
    verb: str
    args: list[MoveArg]
    words: NotRequired[str]
    confirm: NotRequired[str]
    at: NotRequired[Place]


def arg_value(arg: Arg) -> int | str:
    """The value a view uses for ``arg``: the plain value where it prints as itself (a number, a
    die face, a hole, a word), else its text (a card's or a tile's code, a suit's letter, a board
    space), which is how zones and fields show pieces."""
    value = arg.value
    text = arg.kind.format(value)
    return value if isinstance(value, (int, str)) and str(value) == text else text


def arg_entry(arg: Arg) -> MoveArg:
    """One argument as a view lists it (a ``piece=as`` argument with its two parts apart)."""
    text = arg.kind.format(arg.value)
    out = MoveArg(kind=arg.kind.name, value=arg_value(arg), text=text)
    piece, named, stands_for = text.partition("=")
    if named and piece and stands_for:
        out["piece"] = piece
        out["as"] = stands_for
    return out


#: each interned move's entry, built once: a move is interned (one object per move), and the
#: entries are shared, read-only, by every view that lists the move
#: each interned move's entry, held only while the move lives (the move table stays bounded)
_ENTRIES: weakref.WeakKeyDictionary[Move, MoveEntry] = weakref.WeakKeyDictionary()


def move_entry(move: Move) -> MoveEntry:
    """``move`` as a view lists it: text, verb, typed arguments."""
    entry = _ENTRIES.get(move)
    if entry is None:
        args = [arg_entry(a) for a in move.args]
        entry = MoveEntry(text=str(move), verb=move.verb, args=args)
        if Move.named(str(move)) is move:  # only interned moves are kept (a throwaway is never legal)
            _ENTRIES[move] = entry
    return entry


def placed_entry(entry: MoveEntry, places: Sequence[Place | None] | None) -> MoveEntry:
    """``entry`` with each argument's place on the table (``places``: one per argument, ``None``
    where it lies nowhere but the hand); the shared entry itself where nothing is placed."""
    if not places or not any(places):
        return entry
    args: list[MoveArg] = [{**a, "at": p} if p is not None else a
                           for a, p in zip(entry["args"], places, strict=False)]
    return MoveEntry(text=entry["text"], verb=entry["verb"], args=args)


# ---- the score sheet and the outcome -----------------------------------------------------------


class ScoreRow(TypedDict):
    label: str
    points: list[int]
    totals: list[int]
    points_text: NotRequired[list[str]]
    totals_text: NotRequired[list[str]]
    details: NotRequired[list[str]]
    note: NotRequired[str]


class SheetMark(TypedDict):
    """A house rule amended mid-match, marked on the sheet before the row of the deal it applies from."""

    row: int
    text: str


class ScoreSheet(TypedDict):
    columns: list[str]
    rows: list[ScoreRow]
    totals: list[int]
    unit: NotRequired[str]
    totals_text: NotRequired[list[str]]
    marks: NotRequired[list[SheetMark]]


class Outcome(TypedDict):
    """How the game ended. ``headline``: the result in a sentence where "X wins" would be wrong
    (a game against the house), read in its place."""

    scores: list[int]
    winners: list[int]
    reason: str
    unit: NotRequired[str]
    scores_text: NotRequired[list[str]]
    headline: NotRequired[str]


# ---- the layout --------------------------------------------------------------------------------

FieldKind = Literal["seat", "seats", "suit", "piece", "pieces", "hand", "plays", "number", "counter",
                    "teams", "text", "flag", "data", "trick", "melds", "marks", "choose", "scorecard",
                    "ledger", "dice", "board", "dominoes", "track"]
ZoneShow = Literal["hand", "pile", "spread", "row", "grid", "trick", "count"]


class ZoneView(TypedDict):
    """A zone as the seat sees it (``core.zones.zone_view``): its pieces as codes (``None`` face
    down), or ``pieces: None`` and only ``count`` where it sees none of them."""

    key: str
    name: str
    label: str
    owner: int | None
    show: ZoneShow
    piece: str
    count: int
    pieces: list[str | None] | None
    group: NotRequired[str]
    columns: NotRequired[int]
    seats: NotRequired[list[int]]
    detail: NotRequired[str]
    table: NotRequired[int]
    stacks: NotRequired[list[int]]
    peeked: NotRequired[list[int]]
    known: NotRequired[list[str]]


class FieldSpec(TypedDict):
    """A view entry a person should see (``core.layout.Field``): the key its value has in the view."""

    key: str
    label: str
    kind: FieldKind
    per_seat: bool
    piece: NotRequired[str]
    head: NotRequired[bool]
    minor: NotRequired[bool]


class Layout(TypedDict):
    family: str
    zones: list[ZoneView]
    fields: list[FieldSpec]
    deal_word: str
    verb_words: NotRequired[dict[str, str]]
    #: a meld's verb and the verb adding one card to it (State.GROWS): a meld of more cards is made
    #: as the meld, then each card added
    grows: NotRequired[dict[str, str]]


# ---- each field kind's value (see core.layout.Kind) ---------------------------------------------


class Play(TypedDict):
    """``{"seat": s, <one more entry>}``: a piece played (``card``), or a call made (``bid``)."""

    seat: int


class Trick(TypedDict):
    number: int
    deal: int
    plays: list[Play]
    winner: int


class Book(TypedDict):
    cards: list[str]
    number: NotRequired[int | None]
    rank: NotRequired[str]
    naturals: NotRequired[int]
    wilds: NotRequired[int]
    closed: NotRequired[bool]
    canasta: NotRequired[bool]
    kind: NotRequired[str]
    text: NotRequired[str]


class MeldTeam(TypedDict):
    name: str
    books: list[Book]
    group: NotRequired[str]
    seats: NotRequired[list[int]]
    notes: NotRequired[list[str]]
    canastas: NotRequired[list[int]]
    red_threes: NotRequired[list[str]]
    minimum: NotRequired[int]
    opened: NotRequired[bool]
    opening: NotRequired[str]
    pile: NotRequired[str]


class Choose(TypedDict):
    verb: str
    count: int


class ScorecardRow(TypedDict):
    label: str
    cells: list[int | None]
    note: NotRequired[str]


class Scorecard(TypedDict):
    name: str
    columns: list[str]
    rows: list[ScorecardRow]
    total_label: str
    total: int


class LedgerSeat(TypedDict):
    purse: int
    net: int
    text: str


class LedgerPot(TypedDict):
    name: str
    label: str
    amount: int
    text: str


class Ledger(TypedDict):
    seats: list[LedgerSeat]
    pots: list[LedgerPot]
    payments: list[str]
    counts: NotRequired[str]


class Dice(TypedDict):
    seat: int
    rolled: list[int]
    held: list[int]
    free: int
    hot: bool
    verb: str
    at: NotRequired[int]
    moves: NotRequired[list[str]]


class BoardSpace(TypedDict):
    space: str
    label: str
    disc: int | None
    row: bool


class BoardSide(TypedDict):
    name: str
    colour: str


#: a finished row on the board, from one end to the other (``from`` is no Python name: declared so)
BoardLine = TypedDict("BoardLine", {"side": int, "from": str, "to": str})


class Board(TypedDict):
    rows: int
    cols: int
    piece: str
    spaces: list[BoardSpace]
    sides: list[BoardSide]
    lines: list[BoardLine]


class LineStart(TypedDict):
    line: str
    index: int
    turn: NotRequired[int]


class DominoLine(TypedDict):
    key: str
    label: str
    seat: int | None
    tiles: list[str]
    open: int
    start: int
    marked: bool
    open_to_all: bool
    target: str
    closed: NotRequired[bool]
    crosswise: NotRequired[list[int]]
    note: NotRequired[str]


class Dominoes(TypedDict):
    centre: str | None
    lines: list[DominoLine]
    verb: str
    marker: str
    hint: NotRequired[str]


class TrackSeat(TypedDict):
    name: str | None
    seat: int | None
    colour: str
    out: int
    entrance: int
    home: list[int]
    castle: list[int]


class MarbleMove(TypedDict):
    move: str
    label: str


class Marble(TypedDict):
    hole: int
    text: str
    side: int
    moves: list[MarbleMove]


class Track(TypedDict):
    loop: int
    per_side: int
    seats: list[TrackSeat]
    marbles: list[Marble]
    mine: int | None


#: the value of a field of each kind (``None`` also: a field with nothing to show yet); a field
#: ``per_seat`` holds a list of them, one per seat
FIELD_VALUES: dict[str, Any] = {
    "seat": int, "seats": list[int], "suit": str, "piece": str, "pieces": list[str | None],
    "hand": list[str | None], "plays": list[Play], "number": int, "counter": tuple[int, int],
    "teams": list[int | str | None], "text": str | list[str], "flag": bool, "data": Any,
    "trick": Trick, "melds": list[MeldTeam], "marks": list[str], "choose": Choose, "scorecard": Scorecard,
    "ledger": Ledger, "dice": Dice, "board": Board, "dominoes": Dominoes, "track": Track,
}


# ---- the envelope -------------------------------------------------------------------------------


class View(TypedDict):
    """What every game's view holds (``State.view``); a game adds its own entries beside these,
    those a person should see named by the layout's fields."""

    game: str
    title: str
    seat: int | None
    players: list[str]
    phase: str
    phase_label: str
    to_act: list[int]
    window: list[int]
    move_number: int
    options: dict[str, bool | int | str]
    preset: str | None
    score_sheet: ScoreSheet
    events: list[str]
    legal_moves: list[str]
    moves: list[MoveEntry]
    is_over: bool
    outcome: Outcome | None
    layout: NotRequired[Layout]


#: the shapes that are whole as declared: anything else in them is a mistake the schema refuses
#: (the envelope and the kind values stay open: a game's own entries, a kind's later additions)
CLOSED = ("MoveArg", "MoveEntry", "Place", "ZoneView", "FieldSpec", "Layout", "ScoreRow", "ScoreSheet",
          "Outcome")

__all__ = ["CLOSED", "FIELD_VALUES", "FieldKind", "FieldSpec", "Layout", "MoveArg", "MoveEntry", "Place",
           "View", "ZoneView", "arg_value", "move_entry", "placed_entry"]
