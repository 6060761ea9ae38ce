"""Rendering: view dicts in, Rich renderables out. Nothing here reads input or touches a State."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gamenight.core.events import Event
from gamenight.equipment import cards as C

# =========================================================================================
# Rendering: data in, renderables out. Nothing here reads input or touches a State.
#
# The table is drawn from the view's layout description (``view["layout"]``, core.layout): its
# zones by their ``show`` hint and owner, its fields by their label and kind. No view key is
# read by name here: an entry no field declares is not shown.
# =========================================================================================

#: canonical card codes ("QS", "TH", "JK"): values in a view that are cards
CARD_CODES = frozenset(C.CODE_OF)
RED = "bold red"
BLACK = "bold"
JOKER_STYLE = "bold magenta"
#: the Rook deck's colours red, green, yellow and black, in the terminal's colours
ROOK_STYLES = ("bold red", "bold green", "bold yellow", "bold")
#: a card label inside a sentence ("10♥", "Q♠") or a lone suit symbol
LABEL_RE = re.compile(r"(?:10|[2-9JQKA])?[♣♦♥♠]")
#: a piece lying face down
FACE_DOWN = "▒▒"
Scalar = int | str | bool | None


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in CARD_CODES


# ---- drawing pieces, one function per kind of piece ------------------------------------------


def card_text(code: str) -> Text:
    """A card as its label with the suit symbol, red or black; other text unchanged."""
    if not is_card(code):
        return Text(code)
    c = C.card(code)
    if c == C.JOKER or c == C.ROOK_BIRD:
        return Text(C.LABEL_OF[c], style=JOKER_STYLE)
    if C.IS_ROOK_DECK[c]:  # a Rook card in its own colour
        return Text(C.LABEL_OF[c], style=ROOK_STYLES[C.SUIT_OF[c]])
    return Text(C.LABEL_OF[c], style=RED if C.SUIT_COLOUR[C.SUIT_OF[c]] else BLACK)


def tile_text(code: str) -> Text:
    """A domino tile as its two ends on a light face: ``12-7`` is `` 12|7 `` (reversed)."""
    a, sep, b = code.partition("-")
    return Text(f" {a}|{b} " if sep else f" {code} ", style="bold reverse")


#: die faces one to six as the die's own glyphs
DIE_GLYPHS = "⚀⚁⚂⚃⚄⚅"


def die_text(code: str) -> Text:
    """A die showing a face: ⚄ for a five (other faces in a box: ``[12]``)."""
    if code.isdigit() and 1 <= int(code) <= 6:
        return Text(f"{DIE_GLYPHS[int(code) - 1]} {code}", style="bold")
    return Text(f"[{code}]", style="bold")


def space_text(code: str) -> Text:
    """A board space by its name."""
    return Text(code, style="underline")


PieceDrawer = Callable[[str], Text]
#: how each kind of piece (a zone's codec name, a field's ``piece``) is drawn; text otherwise
DRAWERS: dict[str, PieceDrawer] = {"card": card_text, "tile": tile_text, "face": die_text, "die": die_text,
                                   "space": space_text, "hole": space_text}


def drawer(piece: str) -> PieceDrawer:
    return DRAWERS.get(piece, Text)


def piece_text(code: str | None, piece: str) -> Text:
    return Text(FACE_DOWN, style="dim") if code is None else drawer(piece)(code)


def pieces_text(codes: Sequence[str | None], piece: str, *, group: bool = True) -> Text:
    """Pieces side by side; cards get a wider gap where the suit changes (or the rank, in a
    hand sorted by rank)."""
    if piece == "card" and all(is_card(c) for c in codes):
        return cards_text([c for c in codes if c is not None], **card_grouping(codes) if group else {})
    return Text(" ").join(piece_text(c, piece) for c in codes)


def card_grouping(codes: Sequence[str | None]) -> dict[str, bool]:
    """Group a row of cards by suit, or by rank where it is sorted by rank (fewer rank changes)."""
    pairs = list(itertools.pairwise(codes))
    suits = sum(1 for a, b in pairs if a and b and a[-1] != b[-1])
    ranks = sum(1 for a, b in pairs if a and b and a[0] != b[0])
    return {"group_ranks": True} if ranks < suits else {"group_suits": True}


def cards_text(codes: Iterable[str], *, group_suits: bool = False, group_ranks: bool = False) -> Text:
    """Cards side by side; ``group_suits`` (``group_ranks``) leaves a wider gap where the suit (rank)
    changes."""
    out = Text()
    previous: str | None = None
    at = 0 if group_ranks else -1
    for code in codes:
        if previous is not None:
            grouped = group_suits or group_ranks
            same = not grouped or not (is_card(code) and is_card(previous)) or code[at] == previous[at]
            out.append(" " if same else "   ")
        out.append_text(card_text(code))
        previous = code
    return out


def card_suit_text(letter: str) -> Text:
    """A suit by its symbol and name (``♥ hearts``), or a Rook colour by its name (``green``)."""
    if len(letter) == 1 and letter in C.ROOK_COLOURS:
        colour = C.ROOK_COLOURS.index(letter)
        return Text(C.ROOK_COLOUR_NAMES[colour], style=ROOK_STYLES[colour])
    if len(letter) != 1 or letter not in C.SUITS:
        return Text(letter)
    s = C.SUITS.index(letter)
    return Text(f"{C.SUIT_SYMBOLS[s]} {C.SUIT_NAMES[s]}", style=RED if C.SUIT_COLOUR[s] else BLACK)


#: how a suit is drawn, by the piece kind it belongs to
SUIT_DRAWERS: dict[str, PieceDrawer] = {"card": card_suit_text}


def styled_sentence(text: str) -> Text:
    """An engine sentence with its card labels and suit symbols coloured."""
    out = Text(text)
    for m in LABEL_RE.finditer(text):
        red = m.group()[-1] in "♥♦"
        out.stylize(RED if red else BLACK, m.start(), m.end())
    return out


def move_text(move: str) -> Text:
    """A move's text with its cards and suits shown as coloured symbols: ``play 8♦``, ``call ♠``."""
    out = Text()
    for i, word in enumerate(move.split()):
        if i:
            out.append(" ")
        if is_card(word):
            out.append_text(card_text(word))
        elif i and len(word) == 1 and word in C.SUITS:  # the suit of "call S" (verbs are words)
            s = C.SUITS.index(word)
            out.append(C.SUIT_SYMBOLS[s], style=RED if C.SUIT_COLOUR[s] else BLACK)
        else:
            out.append(word)
    return out


def pretty_key(key: str) -> str:
    return key.replace("_", " ").capitalize()


def scalar_text(value: Scalar, piece: str = "") -> Text:
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, str):
        return card_text(value) if piece == "card" and is_card(value) else Text(value)
    return Text(str(value))


@dataclass(frozen=True)
class Names:
    """What rendering needs to label values: seat names and score-sheet columns."""

    players: Sequence[str]
    columns: Sequence[str]

    def seat(self, value: object) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.players):
            return self.players[value]
        return None


# ---- fields: a value by its declared kind ---------------------------------------------------


def is_empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {}


def field_value_text(field: dict[str, Any], value: Any, names: Names) -> Text:
    """A field's value as its kind says it reads."""
    kind = field["kind"]
    piece = field.get("piece", "")
    if value is None:
        return Text("—", style="dim")
    if kind == "seat":
        return Text(names.seat(value) or str(value))
    if kind == "seats":
        return Text(", ").join(Text(names.seat(v) or str(v)) for v in value)
    if kind == "suit":
        return SUIT_DRAWERS.get(piece, Text)(str(value))
    if kind == "piece":
        return piece_text(value, piece)
    if kind in ("pieces", "hand"):
        return pieces_text(value, piece) if value else Text("none", style="dim")
    if kind == "plays":
        return plays_text(value, piece, names)
    if kind == "choose" and isinstance(value, dict):
        return Text(f"{value.get('count')} ({value.get('verb')})")
    if kind == "trick" and isinstance(value, dict):
        won = names.seat(value.get("winner")) or "—"
        return Text.assemble(plays_text(value.get("plays", []), piece, names), f" (won by {won})")
    if kind == "counter" and isinstance(value, list) and len(value) == 2:
        return Text(f"{value[0]} of {value[1]}")
    if kind == "teams" and isinstance(value, list):
        return Text(" · ").join(Text.assemble(f"{col} ", scalar_text(v)) for col, v in zip(
            names.columns, value, strict=False))
    if kind == "flag":
        return Text("yes" if value else "no")
    if kind == "scorecard" and isinstance(value, dict):
        return scorecard_text(value)
    if kind == "dice" and isinstance(value, dict):
        return dice_text(value, names)
    if kind in ("number", "text") and is_scalar(value):
        return scalar_text(value)
    return data_text(value, piece)


def dice_text(dice: dict[str, Any], names: Names) -> Text:
    """Dice on the table: the roll to keep from, the dice held apart in brackets, and how many
    are left to roll: ``Ann rolled ⚀ 1 ⚃ 4 ⚄ 5 · held apart ⚀ 1 · 3 to roll``."""
    parts = []
    who = names.seat(dice.get("seat")) or ""
    rolled = [str(f) for f in dice.get("rolled") or []]
    held = [str(f) for f in dice.get("held") or []]
    if rolled:
        parts.append(Text.assemble(f"{who} rolled ".lstrip(), pieces_text(rolled, "face", group=False)))
    if held:
        parts.append(Text.assemble(("held apart ", "italic"), pieces_text(held, "face", group=False)))
    free = dice.get("free") or 0
    if free:
        parts.append(Text(f"{free} to roll" + (" (hot dice)" if dice.get("hot") else "")))
    return Text(" · ").join(parts) if parts else Text("none", style="dim")


def scorecard_text(card: dict[str, Any]) -> Text:
    """A score card on a line per row: ``Coronation 3 5 — — = 8``, then the grand total."""
    rows = []
    for row in card.get("rows", []):
        cells = ["—" if c is None else str(c) for c in row.get("cells", [])]
        head, total = " ".join(cells[:-1]), cells[-1] if cells else "—"
        note = f" ({row['note']})" if row.get("note") else ""
        rows.append(Text(f"{row.get('label', '')} {head} = {total}{note}"))
    rows.append(Text(f"{card.get('total_label', 'Total')} {card.get('total', 0)}", style="bold"))
    return Text(" · ").join(rows)


def plays_text(plays: Sequence[dict[str, Any]], piece: str, names: Names) -> Text:
    """What each seat played or called, in order: ``South 4♣ · West J♣``."""
    items = []
    for play in plays:
        who = names.seat(play.get("seat")) or "—"
        rest = [v for k, v in play.items() if k != "seat"]
        shown = [piece_text(v, piece) if piece and isinstance(v, str) else data_text(v, piece) for v in rest]
        items.append(Text(" ").join([Text(who), *shown]))
    return Text(" · ").join(items)


def data_text(value: Any, piece: str = "") -> Text:
    """Any JSON value spelled out: lists and dicts nested, pieces drawn (a field's ``piece``)."""
    if isinstance(value, dict):
        return Text(", ").join(Text.assemble(f"{pretty_key(str(k)).lower()} ", data_text(v, piece))
                               for k, v in value.items() if v is not None)
    if isinstance(value, list):
        if value and piece == "card" and all(is_card(v) for v in value):
            return cards_text(value, group_suits=True)
        joiner = " · " if value and all(isinstance(v, dict) for v in value) else ", "
        return Text(joiner).join(data_text(v, piece) for v in value)
    return scalar_text(value, piece)


def is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def played_cards_text(plays: Sequence[dict[str, Any]], players: Sequence[str]) -> Text:
    """Cards on the table in the order played: ``South 4♣ · West J♣``."""
    return plays_text(plays, "card", Names(players, ()))


# ---- the layout: zones and fields as the view's seat sees them ------------------------------


@dataclass(frozen=True)
class Detail:
    """How much of the table to draw. The terminal draws the most detail that fits its height
    (:data:`LEVELS`, most first); the hand and the moves are always drawn in full."""

    #: fields declared minor (the last hand, a tournament's tables)
    minor: bool = True
    #: a blank line before the hand
    gap: bool = True
    #: the most pieces of a pile shown (its top ones, with its size)
    pile: int = 10
    #: every meld and book with its cards (False: the open ones in brief; the team's notes count
    #: the rest)
    melds: bool = True
    #: the other fields (False: only the headline's, and the melds)
    info: bool = True
    #: seats side by side in a row of the seat table
    per_row: int = 1
    #: the melds at all (the last thing left out)
    books: bool = True


#: from the most detail to the least: the terminal draws the first that fits
LEVELS: tuple[Detail, ...] = (
    Detail(),
    Detail(minor=False),
    Detail(minor=False, gap=False, pile=5),
    Detail(minor=False, gap=False, pile=5, melds=False),
    Detail(minor=False, gap=False, pile=3, melds=False, info=False),
    Detail(minor=False, gap=False, pile=3, melds=False, info=False, per_row=2),
    Detail(minor=False, gap=False, pile=3, melds=False, info=False, per_row=2, books=False),
)


@dataclass(frozen=True)
class Layout:
    """The view's layout description, sorted for drawing."""

    zones: list[dict[str, Any]]
    fields: list[dict[str, Any]]

    @staticmethod
    def of(view: dict[str, Any]) -> Layout:
        layout = view.get("layout") or {}
        return Layout(list(layout.get("zones", [])), list(layout.get("fields", [])))

    def seat_zones(self) -> list[dict[str, Any]]:
        """Zones a seat owns (hands, feet, tricks taken, cards to pass): columns of the seat table.
        A seat's melds (rows in a group) lie on the felt instead."""
        return [z for z in self.zones if z["owner"] is not None and z["show"] != "trick"
                and not (z["show"] == "row" and z.get("group"))]

    def trick_zones(self) -> list[dict[str, Any]]:
        return [z for z in self.zones if z["show"] == "trick"]

    def table_zones(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Zones drawn on the felt (piles, stock, melds; a seat's melds too), except those a
        field of kind ``melds`` shows in detail (its records name their zone group, or the zone
        names the field)."""
        shown_by_field = {f["key"] for f in self.fields if f["kind"] in TABLE_KINDS and view.get(f["key"])}
        covered = {r.get("group") for f in self.fields if f["key"] in shown_by_field
                   for r in view[f["key"]] if isinstance(r, dict)}
        return [z for z in self.zones if z["show"] != "trick" and z not in self.seat_zones()
                and not (z.get("group") and z["group"] in covered) and z.get("detail") not in shown_by_field]


def own_hand(view: dict[str, Any]) -> tuple[str, list[str], str] | None:
    """The viewing seat's hand as (label, pieces, piece kind): its hand zone, or (before a kernel
    lists zones) the field of kind ``hand``."""
    seat = view.get("seat")
    layout = Layout.of(view)
    for z in layout.zones:
        if z["show"] == "hand" and z["owner"] == seat and seat is not None and z["pieces"] is not None:
            return "Your hand", [p for p in z["pieces"] if p is not None], z["piece"]
    for f in layout.fields:
        if f["kind"] == "hand" and view.get(f["key"]) is not None:
            return f["label"], list(view[f["key"]]), f.get("piece", "")
    return None


def hand_pieces(view: dict[str, Any]) -> list[str] | None:
    """The pieces of the viewing seat's hand, in the order shown (for listing moves)."""
    hand = own_hand(view)
    return hand[1] if hand is not None else None


def column_title(zones: Sequence[dict[str, Any]], players: Sequence[str]) -> str:
    """The seat-table heading of one kind of owned zone: its label without the owner's name
    ("West's hand" → "Hand", "Cards taken by West" → "Cards taken")."""
    z = zones[0]
    label = str(z["label"])
    if 0 <= z["owner"] < len(players):
        name = players[z["owner"]]
        for form in (f"{name}'s ", f" by {name}", f" of {name}", f"{name} "):
            label = label.replace(form, " ")
    label = " ".join(label.split())
    return (label[:1].upper() + label[1:]) if label else z["name"]


def zone_cell(z: dict[str, Any], me: int | None) -> Text:
    """An owned zone in its seat's row: its pieces where the seat sees them (not the viewer's own
    hand, drawn below), else how many."""
    pieces = z["pieces"]
    if z["show"] == "count" or pieces is None or not pieces or (z["show"] == "hand" and z["owner"] == me):
        return Text(str(z["count"]))
    if z["show"] == "pile" and len(pieces) > 1:  # a pile in front of its player: its top, its size
        return Text.assemble(piece_text(pieces[-1], z["piece"]), (f" ({len(pieces)})", "dim"))
    return zone_pieces_text(z)


def zone_pieces_text(z: dict[str, Any]) -> Text:
    pieces = z["pieces"] or []
    columns = z.get("columns") or 0
    if z["show"] == "grid" and columns:
        peeked = set(z.get("peeked") or ())
        if peeked:  # face down, seen by the viewer alone (Golf's corners): in brackets
            marked = [Text.assemble(("(", "dim"), piece_text(c, z["piece"]), (")", "dim")) if i in peeked
                      else piece_text(c, z["piece"]) for i, c in enumerate(pieces)]
            rows_text = (Text(" ").join(marked[i:i + columns]) for i in range(0, len(marked), columns))
            return Text(" / ").join(rows_text)
        rows = [pieces[i:i + columns] for i in range(0, len(pieces), columns)]
        return Text(" / ").join(pieces_text(r, z["piece"], group=False) for r in rows)
    stacks = z.get("stacks")
    if stacks is not None and sum(stacks) == len(pieces):
        return stacks_text(pieces, stacks, z["piece"])
    return pieces_text(pieces, z["piece"])


def stacks_text(pieces: Sequence[str | None], stacks: Sequence[int], piece: str) -> Text:
    """Pieces lying on one another, the top one first: ``7♥/▒▒`` is a seven face up on a
    face-down card; stacks side by side."""
    out: list[Text] = []
    at = 0
    for size in stacks:
        stack = pieces[at:at + size]
        at += size
        out.append(Text("/").join(piece_text(c, piece) for c in reversed(stack)))
    return Text(" ").join(out)


def seat_columns(view: dict[str, Any], layout: Layout) -> list[tuple[str, list[Text]]]:
    """The seat table's columns after the seat: owned zones (by kind of zone), the trick, then
    the per-seat fields; each a heading and one cell per seat."""
    players: list[str] = view["players"]
    n = len(players)
    me = view.get("seat")
    names = Names(players, view["score_sheet"]["columns"])
    out: list[tuple[str, list[Text]]] = []
    by_name: dict[str, list[dict[str, Any]]] = {}
    for z in layout.seat_zones():
        by_name.setdefault(z["name"], []).append(z)
    for zones in by_name.values():
        cells = [Text("") for _ in range(n)]
        for z in zones:
            if 0 <= z["owner"] < n:
                cells[z["owner"]] = zone_cell(z, me)
        out.append((column_title(zones, players), cells))
    for z in layout.trick_zones():
        cells = [Text("") for _ in range(n)]
        for i, (seat, code) in enumerate(zip(z.get("seats") or [], z["pieces"] or [], strict=False)):
            if 0 <= seat < n:
                cells[seat] = piece_text(code, z["piece"])
                if i == 0:
                    cells[seat].append(" led", style="dim")
        out.append((z["label"], cells))
    for f in layout.fields:
        value = view.get(f["key"])
        if not f["per_seat"] or not isinstance(value, list) or all(v is None for v in value):
            continue
        out.append((f["label"], [field_value_text(f, v, names) if i < len(value) else Text("")
                                 for i, v in enumerate(value[:n])]))
    return out


def seat_table(view: dict[str, Any], columns: list[tuple[str, list[Text]]], per_row: int = 1) -> Table:
    """A row per seat (``per_row`` seats side by side, in seat order, where room is short): who is
    to act, then every column the layout gives."""
    players: list[str] = view["players"]
    me = view.get("seat")
    acting = set(view.get("to_act", []))
    out = Table(box=None, padding=(0, 2, 0, 0), header_style="bold dim")
    for _ in range(per_row):
        out.add_column("Seat", no_wrap=True)
        for title, _cells in columns:
            out.add_column(title)
    row: list[RenderableType] = []
    for s, name in enumerate(players):
        label = Text()
        label.append("▶ " if s in acting else "  ", style="bold yellow")
        label.append(name, style="bold" if s == me else "")
        if s == me:
            label.append(" (you)", style="bold")
        row.append(label)
        row.extend(cells[s] if s < len(cells) else Text("") for _, cells in columns)
        if len(row) == per_row * (1 + len(columns)) or s == len(players) - 1:
            out.add_row(*row)
            row = []
    return out


def headline(view: dict[str, Any], *, phase: bool = True) -> Text:
    """The game, the fields declared for the headline (the deal's count first, then trumps...),
    and (``phase``) the phase in players' words."""
    parts: list[Text] = [Text(view["title"], style="bold")]
    names = Names(view["players"], view["score_sheet"]["columns"])
    fields = [f for f in Layout.of(view).fields
              if f.get("head") and not f["per_seat"] and not is_empty(view.get(f["key"]))]
    for f in sorted(fields, key=lambda f: f["kind"] not in ("number", "counter")):
        sep = " " if f["kind"] in ("number", "counter") else ": "
        parts.append(Text.assemble(f"{f['label']}{sep}", field_value_text(f, view[f["key"]], names)))
    words = phase_words(view)
    if phase and words:
        parts.append(Text(words, style="italic"))
    return Text(" · ").join(parts)


def phase_words(view: dict[str, Any]) -> str:
    """The phase as players say it (none once the game is over)."""
    if view.get("is_over"):
        return ""
    return str(view.get("phase_label") or str(view["phase"]).replace("_", " "))


def shown_fields(view: dict[str, Any], detail: Detail) -> list[dict[str, Any]]:
    """The declared fields drawn below the felt at this detail: not the headline's, the seat
    table's or the hand; no minor one unless there is room."""
    return [f for f in Layout.of(view).fields
            if not (f.get("head") or f["per_seat"] or f["kind"] == "hand" or is_empty(view.get(f["key"])))
            and (detail.minor or not f.get("minor"))
            and (detail.info or (detail.books and f["kind"] in TABLE_KINDS))]


def info_lines(view: dict[str, Any], detail: Detail = LEVELS[0]) -> RenderableType:
    """The declared fields not drawn elsewhere: short ``Label: value`` items side by side (flags
    by their label), then each field of several items (a list of sentences, melds) as a block
    whose lines break only between items."""
    names = Names(view["players"], view["score_sheet"]["columns"])
    out = []
    blocks: list[RenderableType] = []
    for f in shown_fields(view, detail):
        value = view[f["key"]]
        if f["kind"] == "flag":
            out.append(Text(f["label"], style="italic"))
        elif f["kind"] == "melds" and is_records(value):
            blocks.extend(melds_block(value, f.get("piece", ""), detail.melds))
        elif f["kind"] == "dominoes" and isinstance(value, dict):
            blocks.extend(dominoes_block(f["label"], value, detail.melds))
        elif f["kind"] == "ledger" and isinstance(value, dict):
            blocks.extend(ledger_block(f["label"], value, names, detail.minor))
        elif f["kind"] == "board" and isinstance(value, dict):
            blocks.insert(0, board_block(value))
        elif f["kind"] == "track" and isinstance(value, dict):
            blocks.insert(0, track_block(value))
        elif f["kind"] == "text" and isinstance(value, list):
            items = [styled_sentence(str(v)) for v in value]
            blocks.append(Packed(led(Text(f"{f['label']}:", style="bold"), items)))
        else:
            out.append(Text.assemble((f"{f['label']}: ", "bold"), field_value_text(f, value, names)))
    return Group(Packed(out), *blocks)


#: each side's disc on a board space (its own shape, for a terminal without colours), and the
#: same disc in a finished row
DISCS = ("●", "◆", "▲", "■")
ROW_DISCS = ("◉", "◈", "△", "□")
#: the colours the engine names for sides, as the terminal shows them
DISC_STYLES = {"blue": "bold blue", "green": "bold green", "red": "bold red", "yellow": "bold yellow"}


def board_block(board: dict[str, Any]) -> Text:
    """A ``board`` field in text: a line per row of the grid under the column numbers, each space
    its piece (a card) and, before it, the disc on it in its side's colour and shape (● ◆; ◉ ◈ in a
    finished row);
    a free space is ★. The key of the sides' colours stands at the right of the first rows."""
    cols = int(board.get("cols", 0)) or 1
    spaces = board.get("spaces", [])
    sides = board.get("sides", [])
    styles = [DISC_STYLES.get(str(s.get("colour")), "bold") for s in sides]
    key = [Text.assemble((DISCS[i % 4], styles[i]), f" {s.get('name', '')}") for i, s in enumerate(sides)]
    key.append(Text(f"{ROW_DISCS[0]} {ROW_DISCS[1]} in a finished row", style="dim"))
    piece = str(board.get("piece", ""))
    out = Text("    " + "".join(f"{c:<5}" for c in range(cols)).rstrip(), style="dim")
    for k, space in enumerate(spaces):
        if k % cols == 0:
            out.append(f"\n{k // cols:>2} ", style="dim")
        disc = space.get("disc")
        label = str(space.get("label", ""))
        if disc is not None and 0 <= disc < len(styles):
            out.append((ROW_DISCS if space.get("row") else DISCS)[disc % 4], style=styles[disc])
        else:
            out.append(" ")
        if label in ("FREE", "DEAD"):
            drawn = Text("★" if label == "FREE" else "×", style="dim")
        else:
            drawn = drawer(piece)(label)
        if disc is not None and space.get("row"):
            drawn.stylize("underline")
        out.append_text(drawn)
        last = k % cols == cols - 1
        if last and k // cols < len(key):
            out.append(" " * max(1, 4 - drawn.cell_len))
            out.append_text(key[k // cols])
        elif not last:
            out.append(" " * max(1, 4 - drawn.cell_len))
    return out


#: a track's marble on a hole, by side (its own shape, for a terminal without colours)
MARBLES = ("●", "◆", "▲", "■")


def track_block(track: dict[str, Any]) -> Text:
    """A ``track`` field in text: a line per side of the loop (its holes from the left, two
    columns each: a marble in its side's colour and shape, » the Castle entrance, o the come-out
    hole, · an empty hole), then that side's player, Home and Castle (C1 first)."""
    per = int(track.get("per_side", 18)) or 18
    loop = int(track.get("loop", per * 4))
    seats = track.get("seats", [])
    styles = [DISC_STYLES.get(str(s.get("colour")), "bold") for s in seats]
    on: dict[int, int] = {int(m["hole"]): int(m["side"]) for m in track.get("marbles", [])}

    def dot(hole: int, empty: str) -> Text:
        side = on.get(hole)
        if side is None or not 0 <= side < len(styles):
            return Text(empty, style="dim")
        return Text(MARBLES[side % 4], style=styles[side])

    marks = {int(s.get("entrance", -1)): "»" for s in seats} | {int(s.get("out", -1)): "o" for s in seats}
    out = Text("   " + "".join(f"{c:<10}" for c in range(0, per, 5)).rstrip(), style="dim")
    for k in range(loop // per):
        out.append(f"\n{k * per:>2} ", style="dim")
        for hole in range(k * per, (k + 1) * per):
            out.append_text(dot(hole, marks.get(hole, "·")))
            out.append(" ")
        if k < len(seats) and seats[k].get("name"):
            seat = seats[k]
            out.append(f" {str(seat['name'])[:10]}", style=styles[k])
            out.append(" Home ", style="dim")
            home = sorted(seat.get("home", []), key=lambda h: int(h) not in on)  # the marbles first
            for hole in home:
                out.append_text(dot(int(hole), "○"))
            out.append(" Castle ", style="dim")
            for hole in seat.get("castle", []):
                out.append_text(dot(int(hole), "·"))
    return out


def ledger_block(label: str, ledger: dict[str, Any], names: Names, payments: bool) -> list[RenderableType]:
    """A ``ledger`` field: the pots and each seat's purse on one packed line (the amounts as the
    engine wrote them), then (``payments``, where there is room) the last payment. Where nobody
    staked a purse the money sheet's score line already says what each has won or paid, so the
    seats are left to it (the terminal's 24 lines are few)."""
    items = [Text.assemble((f"{p['label']}: ", "bold"), str(p["text"])) for p in ledger.get("pots", [])]
    seats = ledger.get("seats", []) if ledger.get("counts") == "purse" else []
    if seats:
        items.append(Text.assemble(("Purses: ", "bold"), f"{names.seat(0) or '0'} {seats[0]['text']}"))
        items.extend(Text(f"{names.seat(i) or str(i)} {s['text']}") for i, s in enumerate(seats) if i)
    out: list[RenderableType] = [Packed(led(Text(f"{label}:", style="bold"), items), gap=" · ")]
    recent = ledger.get("payments") or []
    if payments and recent:
        out.append(Text.assemble(("Last: ", "dim"), styled_sentence(str(recent[-1]))))
    return out


def is_records(value: Any) -> TypeGuard[list[dict[str, Any]]]:
    """A non-empty list of dicts (a team's books)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


#: the field kinds that draw the table itself (a renderer keeps them while it has room for melds)
TABLE_KINDS = frozenset({"melds", "dominoes", "board", "track"})
#: the most tiles of a line of play drawn: its open end and the tiles before it
LINE_SHOWN = (6, 2)


def dominoes_block(label: str, picture: dict[str, Any], full: bool) -> list[RenderableType]:
    """A ``dominoes`` field: the centre tile, then each line of play as an item — its name, its
    marker, its last tiles as they lie up to the open end (``…[5|3][3|9]``) and how many it holds
    — packed side by side where they fit. ``full``: more tiles of each line."""
    centre = picture.get("centre")
    head = Text.assemble((f"{label}: ", "bold"), "centre ",
                         tile_text(centre) if centre else Text("not laid yet", style="dim"))
    items: list[Text] = []
    shown = LINE_SHOWN[0] if full else LINE_SHOWN[1]
    labels = {line.get("key"): line.get("label") for line in picture.get("lines", [])}
    for line in picture.get("lines", []):
        tiles = list(line.get("tiles", []))
        item = Text(f"{line.get('label', '')}", style="bold")
        if line.get("marked"):
            item.append(f" ⚑{picture.get('marker', 'marker')}", style="yellow")
        elif line.get("open_to_all") and line.get("seat") is not None:
            item.append(" (open)", style="yellow")
        if line.get("from"):
            parent = labels.get(line["from"].get("line"), line["from"].get("line"))
            item.append(f" (from {parent})", style="dim")
        if line.get("note"):
            item.append(f" ({line['note']})", style="yellow")
        item.append(": ")
        if not tiles:
            item.append(f"starts on {line.get('start', '')}", style="dim")
        else:
            if len(tiles) > shown:
                item.append(f"{len(tiles)}: …", style="dim")
            item.append_text(Text("").join(tile_text(t) for t in tiles[-shown:]))
            if line.get("closed"):
                item.append(" ✕", style="dim")  # nothing more on this end: its branches carry on
        items.append(item)
    return [head, Padding(Packed(items), (0, 0, 0, 2))]


def melds_block(teams: list[dict[str, Any]], piece: str, full: bool) -> list[RenderableType]:
    """A ``melds`` field: per team (or seat) a line with its name and notes, then its melds as
    items, broken between melds. ``full``: every meld with its pieces; else the open ones in
    brief (``11) 5 ×6``), the notes counting the rest."""
    out: list[RenderableType] = []
    for team in teams:
        notes = "; ".join(map(str, team.get("notes", [])))
        head = Text.assemble((f"{team.get('name', '')}: ", "bold"), notes)
        books = [meld_item(b, piece, full) for b in team.get("books", []) if full or not b.get("closed")]
        if full:  # the melds under their team's line, indented
            out.extend([head, Padding(Packed(books), (0, 0, 0, 2))] if books else [head])
        else:
            out.append(Packed([head, *books]))
    return out


def meld_item(book: dict[str, Any], piece: str, full: bool) -> Text:
    """One meld: its number, then its pieces (``full``) or its rank and size, and wild cards."""
    number = book.get("number")
    out = Text(f"{number}) " if number is not None else "", style="bold cyan")
    cards = book.get("cards", [])
    if full:
        out.append_text(pieces_text(cards, piece, group=False))
        if book.get("closed"):
            out.append(" ✓", style="green")
        return out
    rank = str(book.get("rank", ""))
    out.append(RANK_WORDS.get(rank, rank))
    out.append(f" ×{len(cards)}")
    if book.get("wilds") and rank != "wild":
        out.append(f" ({book['wilds']} wild)", style="dim")
    return out


#: a book's rank as its cards print it
RANK_WORDS = {"T": "10"}


@dataclass(frozen=True)
class Packed:
    """Items side by side while they fit the width drawn in, so the panel stays short enough
    for a 24-line terminal; a line breaks only between items, and an item too long for a line
    gets one of its own (and wraps)."""

    items: Sequence[Text]
    gap: str = "   "

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from pack(self.items, options.max_width, self.gap)


def pack(items: Sequence[Text], width: int, gap: str = "   ") -> list[Text]:
    """Short items share a line, ``gap`` apart, up to ``width`` columns; an item that does not
    fit starts the next line, indented like a continuation when the first item is a label."""
    lines: list[Text] = []
    for item in items:
        if lines and lines[-1].cell_len + len(gap) + item.cell_len <= width:
            lines[-1].append(gap)
            lines[-1].append_text(item)
        else:
            lines.append(item.copy())
    return lines


def totals_text(sheet: dict[str, Any]) -> RenderableType:
    """The score so far: each column's total; columns named ``Team: part`` (three games at once
    and a total) are gathered under their team, a team an item."""
    teams: dict[str, list[str]] = {}
    for col, total in zip(sheet["columns"], sheet.get("totals_text") or sheet["totals"], strict=True):
        team, sep, part = str(col).partition(": ")
        teams.setdefault(team, []).append(f"{part} {total}" if sep else str(total))
    parted = any(len(parts) > 1 for parts in teams.values())
    items = [Text(f"{team}: {', '.join(parts)}" if parted else f"{team} {parts[0]}")
             for team, parts in teams.items()]
    return Packed(led(Text("Score:", style="bold"), items), gap=" · ")


def led(label: Text, items: Sequence[Text]) -> list[Text]:
    """Items to pack after a label: the label and the first item share one, a space apart."""
    if not items:
        return [label]
    return [Text.assemble(label, " ", items[0]), *items[1:]]


def table_zones_text(view: dict[str, Any], detail: Detail = LEVELS[0]) -> list[RenderableType]:
    """The zones on the felt: piles (their top pieces and size, hidden ones by their number)
    side by side where they fit, then each group of zones (a seat's melds, a team's books) as a
    line led by its owner, its zones as items."""
    layout = Layout.of(view)
    players: list[str] = view["players"]
    loose: list[dict[str, Any]] = []
    groups: dict[str, list[dict[str, Any]]] = {}
    for z in layout.table_zones(view):
        if z["count"] == 0:
            continue
        if z.get("group"):
            groups.setdefault(z["group"], []).append(z)
        else:
            loose.append(z)
    brief = detail.pile < PILE_SHOWN
    lines = hidden_piles_text(loose, detail.pile) if brief else [zone_line(z, detail.pile) for z in loose]
    out: list[RenderableType] = [Packed(lines)] if lines else []
    if not detail.books:  # the last thing a short screen leaves out: each seat's melds ('t' shows them)
        return out
    for zones in groups.values():
        owner = zones[0]["owner"]
        if owner is not None and all(z["owner"] == owner for z in zones) and 0 <= owner < len(players):
            head = Text(f"{players[owner]}:", style="bold")
            out.append(Packed(led(head, [zone_line(z, detail.pile) for z in zones])))
        else:
            out.extend(Packed([zone_line(z, detail.pile)]) for z in zones)
    return out


#: the most pieces of a pile shown at full detail
PILE_SHOWN = 10


def hidden_piles_text(zones: list[dict[str, Any]], most: int = 3) -> list[Text]:
    """Piles in brief: face-down piles of one kind ("Stock pile 1" to "Stock pile 6") as one item
    with their sizes; the others as :func:`zone_line` shows them, their top ``most`` pieces."""
    out: list[Text] = []
    runs: dict[str, list[dict[str, Any]]] = {}
    for z in zones:
        if z["pieces"] is None and z.get("show") == "pile":
            runs.setdefault(z["name"], []).append(z)
    for z in zones:
        run = runs.get(z["name"], [])
        if len(run) < 2 or z not in run:
            out.append(zone_line(z, most))
        elif z is run[0]:
            first, last = run[0]["label"], run[-1]["label"]
            stem = first.rstrip("0123456789").rstrip()
            numbers = f"{first[len(stem):].strip()}–{last[len(stem):].strip()}"
            span = f"{stem} {numbers}" if last.startswith(stem) else first
            sizes = ", ".join(str(p["count"]) for p in run)
            out.append(Text.assemble((f"{span}: ", "bold"), sizes, (" face down", "dim")))
    return out


def zone_line(z: dict[str, Any], most: int = PILE_SHOWN) -> Text:
    label = Text(f"{z['label']}: ", style="bold")
    pieces = z["pieces"]
    count = z["count"]
    if pieces is None:
        label.append(f"{count} face down" if z["show"] != "pile" else f"{count}, face down", style="dim")
    elif z["show"] == "pile" and count > most:
        label.append("… ")
        label.append_text(pieces_text(pieces[-most:], z["piece"]))
        label.append(f"  ({count}, top last)", style="dim")
    else:
        label.append_text(zone_pieces_text(z))
        if z["show"] == "pile" and count > 1:
            label.append("  (top last)", style="dim")
        elif z["show"] == "spread" and count > 1:  # a pile to dig in: every card, however many
            label.append(f"  ({count}, top last)", style="dim")
    if z.get("known"):
        label.append("  known: ", style="dim")
        label.append_text(pieces_text(z["known"], z["piece"]))
    return label


def render_view(view: dict[str, Any], detail: Detail = LEVELS[0], width: int | None = None) -> RenderableType:
    """The table as the view's seat sees it, from its layout: the seat table (owned zones, the
    trick, per-seat fields), the felt (piles and melds), the other fields, the score and the hand;
    as much of it as ``detail`` says (the hand always). A headline too long for ``width`` gives
    the phase a line of its own."""
    layout = Layout.of(view)
    parts: list[RenderableType] = []
    title = headline(view)
    if width is not None and title.cell_len > width - TITLE_MARGIN and phase_words(view):
        title = headline(view, phase=False)
        parts.append(Text(phase_words(view), style="italic"))
    columns = seat_columns(view, layout)
    if columns:
        parts.append(seat_table(view, columns, detail.per_row))
    parts.extend(table_zones_text(view, detail))
    parts.append(info_lines(view, detail))
    parts.append(totals_text(view["score_sheet"]))
    hand = own_hand(view)
    if hand is not None:
        label, pieces, piece = hand
        if detail.gap:
            parts.append(Text())
        items = hand_items(pieces, piece) if pieces else [Text("none", style="dim")]
        parts.append(Packed(led(Text(f"{label}:", style="bold"), items)))
    return Panel(Group(*parts), title=title, title_align="left", box=box.ROUNDED, padding=(0, 1))


#: the columns of a panel's top border a title cannot take (corners and spaces)
TITLE_MARGIN = 6


def hand_items(pieces: Sequence[str], piece: str) -> list[Text]:
    """The hand as items to pack: cards a group (suit, or rank in a hand sorted by rank) an item,
    so a long hand breaks between groups, never inside one."""
    if piece != "card" or not all(is_card(c) for c in pieces):
        return [pieces_text(pieces, piece)]
    at = 0 if "group_ranks" in card_grouping(pieces) else -1
    groups: list[list[str]] = []
    for code in pieces:
        if groups and groups[-1][-1][at] == code[at]:
            groups[-1].append(code)
        else:
            groups.append([code])
    return [cards_text(g) for g in groups]


def fit_view(view: dict[str, Any], width: int, height: int) -> tuple[RenderableType, int]:
    """The most detailed drawing of the table that fits ``height`` lines of ``width`` columns,
    with the number of lines it takes (the least detailed one when none fits)."""
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    drawn: RenderableType = Text()
    lines = 0
    for detail in LEVELS:
        drawn = render_view(view, detail, width)
        lines = len(console.render_lines(drawn, console.options.update(width=width), pad=False))
        if lines <= height:
            break
    return drawn, lines


def render_events(texts: Sequence[str]) -> RenderableType:
    """What happened since the person last acted, a sentence a line."""
    return Group(*(Text.assemble(("• ", "dim"), styled_sentence(t)) for t in texts))


def render_news(events: Sequence[Event], sheet: dict[str, Any] | None) -> RenderableType:
    """Events, with the score sheet (when given) right after the last ``score`` event, so it
    comes before the next deal's announcements."""
    if sheet is None:
        return render_events([e.text for e in events])
    cut = max((i + 1 for i, e in enumerate(events) if e.kind == "score"), default=len(events))
    return Group(render_events([e.text for e in events[:cut]]), render_sheet(sheet),
                 render_events([e.text for e in events[cut:]]))


def render_sheet(sheet: dict[str, Any], title: str = "Score sheet") -> RenderableType:
    """The score sheet as the book keeps it: a row per deal with points and running totals."""
    if not sheet["rows"]:
        return Text(f"{title}: no deal scored yet.", style="bold")
    return SheetView(sheet, title)


@dataclass(frozen=True)
class SheetView:
    """A score sheet that fits the width it is drawn in: each row's details (tricks, bids...)
    go under the points where there is room, and are left out where there is not."""

    sheet: dict[str, Any]
    title: str

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        details = sheet_width(self.sheet, with_details=True) <= options.max_width
        yield self.table(details)

    def table(self, details: bool) -> Table:
        sheet = self.sheet
        out = Table(title=self.title, box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False,
                    show_footer=bool(sheet["rows"]))
        out.add_column("", footer="Total")
        for i, col in enumerate(sheet["columns"]):
            out.add_column(col, justify="right", footer=sheet_totals(sheet)[i])
        for row in sheet["rows"]:
            label = Text(row["label"])
            if row.get("note") and details:
                label.append(f"\n{row['note']}", style="dim")
            cells: list[RenderableType] = [label]
            for i, (points, total) in enumerate(zip(*row_amounts(row), strict=True)):
                cell = Text.assemble(points, (f" = {total}", "dim"))
                if details and row.get("details"):
                    cell.append(f"\n{row['details'][i]}", style="dim")
                cells.append(cell)
            out.add_row(*cells)
        return out


def sheet_totals(sheet: dict[str, Any]) -> list[str]:
    """The sheet's totals as written: money as the engine wrote it, points as numbers."""
    return [str(t) for t in sheet.get("totals_text") or sheet["totals"]]


def row_amounts(row: dict[str, Any]) -> tuple[list[str], list[str]]:
    """A row's amounts (signed) and running totals as written."""
    points = row.get("points_text") or [f"{p:+d}" for p in row["points"]]
    totals = row.get("totals_text") or [str(t) for t in row["totals"]]
    return points, totals


def sheet_width(sheet: dict[str, Any], *, with_details: bool) -> int:
    """Columns a sheet needs on one line per cell (labels and cells are never wrapped then)."""
    rows = sheet["rows"]
    label = max([5, *(len(r["label"]) for r in rows),
                 *(len(r.get("note", "")) for r in rows if with_details)])
    widths = []
    for i, col in enumerate(sheet["columns"]):
        cells = [len(f"{row_amounts(r)[0][i]} = {row_amounts(r)[1][i]}") for r in rows]
        if with_details:
            cells += [len(r["details"][i]) for r in rows if r.get("details")]
        widths.append(max([len(col), len(sheet_totals(sheet)[i]), *cells]))
    return label + sum(widths) + 2 * len(widths) + 1


def render_outcome(outcome: dict[str, Any], players: Sequence[str], seat: int | None = None) -> Text:
    """Who won, every seat's final score, why the game ended (and, for a person, the verdict)."""
    winners = outcome["winners"]
    names = " and ".join(players[w] for w in winners)
    out = Text.assemble(("Result: ", "bold"), (f"{names} {'win' if len(winners) > 1 else 'wins'}. ",
                                               "bold green"), outcome["reason"])
    scores = outcome.get("scores_text") or outcome["scores"]
    out.append("\nFinal scores: " + " · ".join(f"{p} {s}" for p, s in zip(players, scores, strict=True)))
    if seat is not None:
        out.append("\nYou win!" if seat in winners else "\nYou lose.", style="bold")
    return out
