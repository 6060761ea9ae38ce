"""Rendering: view dicts in, Rich renderables out. Nothing here reads input or touches a State.

The table is drawn from the view's layout description (``view["layout"]``, core.layout; its
declared shape is core.views): its zones by their ``show`` hint and owner, its fields by their
label and kind — each kind by the one drawer ``cli.fields.FIELD_DRAWERS`` gives it, pieces by
``cli.pieces``. No view key is read by name here: an entry no field declares is not shown.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from gamenight.cli.fields import (
    FIELD_DRAWERS,
    TABLE_KINDS,
    board_block,
    dominoes_block,
    field_block,
    field_value_text,
    is_empty,
    played_cards_text,
)
from gamenight.cli.pieces import (
    Names,
    Packed,
    card_grouping,
    card_text,
    cards_text,
    is_card,
    led,
    move_text,
    pack,
    piece_text,
    pieces_text,
    styled_sentence,
)
from gamenight.core.events import Event

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
            pieces = [p for p in z["pieces"] if p is not None]
            return own_label(z, view.get("players") or []), pieces, z["piece"]
    for f in layout.fields:
        if f["kind"] == "hand" and view.get(f["key"]) is not None:
            return f["label"], list(view[f["key"]]), f.get("piece", "")
    return None


def own_label(z: dict[str, Any], players: Sequence[str]) -> str:
    """The viewer's own zone as the viewer says it: "West's drawn card" → "Your drawn card"."""
    label = str(z["label"])
    name = players[z["owner"]] if 0 <= z["owner"] < len(players) else ""
    if name and label.startswith(f"{name}'s "):
        return "Your " + label[len(name) + 3:]
    return "Your hand"


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
    out.extend(trick_columns(layout.trick_zones(), n))
    for f in layout.fields:
        value = view.get(f["key"])
        if not f["per_seat"] or not isinstance(value, list) or all(v is None for v in value):
            continue
        out.append((f["label"], [field_value_text(f, v, names) if i < len(value) else Text("")
                                 for i, v in enumerate(value[:n])]))
    return out


def trick_columns(zones: Sequence[dict[str, Any]], n: int) -> list[tuple[str, list[Text]]]:
    """A column per trick on the table, each seat's card in its row; several tricks played at
    once at separate tables (Court Whist's three or four) share one column, "Trick", since a
    seat plays to one of them only: a column per table would not fit 80 columns."""
    columns: list[tuple[str, list[Text]]] = []
    for z in zones:
        cells = [Text("") for _ in range(n)]
        for i, (seat, code) in enumerate(zip(z.get("seats") or [], z["pieces"] or [], strict=False)):
            if 0 <= seat < n:
                cells[seat] = piece_text(code, z["piece"])
                if i == 0:
                    cells[seat].append(" led", style="dim")
        columns.append((z["label"], cells))
    if len(columns) < 2 or not tables_apart(zones):
        return columns
    merged = [next((c[s] for _, c in columns if c[s].plain), Text("")) for s in range(n)]
    return [("Trick", merged)]


def tables_apart(zones: Sequence[dict[str, Any]]) -> bool:
    """Whether no seat plays to two of these tricks."""
    seats = [s for z in zones for s in z.get("seats") or []]
    return len(seats) == len(set(seats))


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
        label.append(seat_number(s, name), style="dim")
        label.append(name, style="bold" if s == me else "")
        if s == me:
            label.append(" (you)", style="bold")
        row.append(label)
        row.extend(cells[s] if s < len(cells) else Text("") for _, cells in columns)
        if len(row) == per_row * (1 + len(columns)) or s == len(players) - 1:
            out.add_row(*row)
            row = []
    return out


def seat_number(seat: int, name: str) -> str:
    """The seat's number as moves and ``--seat`` name it, from 1 ("3 " before South), unless
    its name says it already ("Player 3")."""
    number = str(seat + 1)
    return "" if name.endswith(f" {number}") else f"{number} "


#: more seats than this are drawn as a grid, a column per seat (:func:`seat_grid`)
GRID_SEATS = 8
#: the columns a panel's borders and padding take
PANEL_SIDES = 4


def grid_width(view: dict[str, Any], columns: list[tuple[str, list[Text]]]) -> int:
    """The columns :func:`seat_grid` takes: the entries' names, then each seat's widest cell (a
    seat's "▶you" at least), a space after each; longer entries ("3 + face") keep a row per seat."""
    label = max(len("Seat"), *(len(title) for title, _ in columns))
    heads = [grid_head(view, s) for s in range(len(view["players"]))]
    seats = [max(2, *(len(line) for line in head.split("\n")),
                 *(grid_cell(cells[s]).cell_len for _, cells in columns)) for s, head in enumerate(heads)]
    return label + sum(w + 1 for w in seats)


def grid_cell(cell: Text) -> Text:
    """A cell as :func:`seat_grid` draws it: the card that led a trick marked ``*`` ("J♦*")."""
    if not cell.plain.endswith(" led"):
        return cell
    out = cell.copy()
    out.right_crop(len(" led"))
    out.append("*", style="dim")
    return out


def grid_head(view: dict[str, Any], seat: int) -> str:
    """A seat's column head in :func:`seat_grid`: its number, then ▶ if it is to act and "you"."""
    mark = ("▶" if seat in view.get("to_act", []) else "") + ("you" if seat == view.get("seat") else "")
    return f"{seat + 1}\n{mark}"


def seat_grid(view: dict[str, Any], columns: list[tuple[str, list[Text]]]) -> RenderableType:
    """The seat table turned on its side for a big table (Court Whist's 12 or 16): a column per
    seat headed by its number (▶ to act, "you" for the viewer), a row per entry; 16 seats fit 80
    columns where a row per seat, even two to a line, did not. Seats named otherwise than by
    their number are listed under it."""
    players: list[str] = view["players"]
    me = view.get("seat")
    acting = set(view.get("to_act", []))
    out = Table(box=None, padding=(0, 1, 0, 0), header_style="bold dim", pad_edge=False)
    out.add_column("Seat", no_wrap=True)
    for s in range(len(players)):
        out.add_column(Text(grid_head(view, s), style="bold yellow" if s in acting or s == me else ""),
                       no_wrap=True, min_width=2)
    for title, cells in columns:
        out.add_row(title, *map(grid_cell, cells))
    parts: list[RenderableType] = [out]
    if any(" led" in c.plain for _, cells in columns for c in cells):
        parts.append(Text("* led the trick", style="dim"))
    named = [f"{s + 1} {name}" for s, name in enumerate(players) if seat_number(s, name)]
    if named:
        parts.append(Text(" · ".join(named), style="dim"))
    return Group(*parts)


def headline(view: dict[str, Any], *, phase: bool = True, game: bool = True) -> Text:
    """The game (``game``), the fields declared for the headline (the deal's count first, then
    trumps...), and (``phase``) the phase in players' words."""
    parts: list[Text] = [Text(view["title"], style="bold")] if game else []
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
            and (detail.info or (detail.books and f["kind"] in TABLE_KINDS))
            and not previous_deals_trick(view, f)]


def previous_deals_trick(view: dict[str, Any], f: dict[str, Any]) -> bool:
    """A trick field still holding the previous deal's last trick (kept in the view for the felt's
    pause): the news has told it, and the next deal's bidding does not go on showing it."""
    value = view.get(f["key"])
    return (f["kind"] == "trick" and isinstance(value, dict) and view.get("deal") is not None
            and value.get("deal") is not None and value["deal"] != view["deal"])


def info_lines(view: dict[str, Any], detail: Detail = LEVELS[0]) -> RenderableType:
    """The declared fields not drawn elsewhere: short ``Label: value`` items side by side (flags
    by their label), then each field that is a block of its own (a list of sentences, melds, a
    board: ``cli.fields.field_block``), lines broken only between items."""
    names = Names(view["players"], view["score_sheet"]["columns"])
    out = []
    blocks: list[RenderableType] = []
    for f in shown_fields(view, detail):
        value = view[f["key"]]
        block = field_block(f, value, names, full=detail.melds, minor=detail.minor)
        if block is not None:
            if FIELD_DRAWERS[f["kind"]].first:  # a picture of the table leads the blocks
                blocks[:0] = block
            else:
                blocks.extend(block)
        elif f["kind"] == "flag":
            out.append(Text(f["label"], style="italic"))
        else:
            out.append(Text.assemble((f"{f['label']}: ", "bold"), field_value_text(f, value, names)))
    return Group(Packed(out), *blocks)


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


#: a seat-table column that keeps the score as it stands, within a deal (10,000's banked points):
#: the score sheet's line, written at each deal's end, would disagree with it for a deal
LIVE_SCORE = "Score"



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
        if title.cell_len > width - TITLE_MARGIN:  # still cut: the fields go to a line of their own too
            title = Text(view["title"], style="bold")
            parts.append(headline(view, phase=False, game=False))
        parts.append(Text(phase_words(view), style="italic"))
    columns = seat_columns(view, layout)
    if columns:
        grid = len(view["players"]) > GRID_SEATS and grid_width(view, columns) <= (width or 80) - PANEL_SIDES
        parts.append(seat_grid(view, columns) if grid else seat_table(view, columns, detail.per_row))
    parts.extend(table_zones_text(view, detail))
    parts.append(info_lines(view, detail))
    if not any(title == LIVE_SCORE for title, _ in columns):  # else the seat table's live score says it
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


def fit_view(view: dict[str, Any], width: int, height: int,
             known: dict[Detail, tuple[RenderableType, int]] | None = None) -> tuple[RenderableType, int]:
    """The most detailed drawing of the table that fits ``height`` lines of ``width`` columns,
    with the number of lines it takes (the least detailed one when none fits). The levels are
    tried in order: a level does not always take fewer lines than the one before it (two seats to
    a row can take more when their columns wrap), so the first that fits is the answer. ``known``:
    levels already drawn at this width (they are not drawn again)."""
    drawn: tuple[RenderableType, int] = (Text(), 0)
    for detail in LEVELS:
        drawn = known[detail] if known and detail in known else drawn_lines(view, detail, width)
        if drawn[1] <= height:
            break
    return drawn


def drawn_lines(view: dict[str, Any], detail: Detail, width: int) -> tuple[RenderableType, int]:
    """The table drawn at ``detail`` for ``width`` columns, with the lines it takes. What is
    returned is the drawing already laid out in lines, so printing it (at this width) lays out
    nothing again: a table's drawing is most of a turn's time in the terminal."""
    console = Console(width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    options = console.options.update(width=width)
    lines = console.render_lines(render_view(view, detail, width), options, pad=False)
    return Segments([segment for line in lines for segment in (*line, Segment.line())]), len(lines)


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
    # a game against the house says its result in a sentence of its own, never "X wins"
    headline = outcome.get("headline") or f"{names} {'win' if len(winners) > 1 else 'wins'}."
    out = Text.assemble(("Result: ", "bold"), (f"{headline} ", "bold green"), outcome["reason"])
    scores = outcome.get("scores_text") or outcome["scores"]
    out.append("\nFinal scores: " + " · ".join(f"{p} {s}" for p, s in zip(players, scores, strict=True)))
    if seat is not None and outcome.get("headline"):
        out.append(f"\nYour result: {scores[seat]}.", style="bold")
    elif seat is not None:
        out.append("\nYou win!" if seat in winners else "\nYou lose.", style="bold")
    return out


#: what other modules draw with, from the modules the renderer was split into
__all__ = ["LEVELS", "Detail", "Layout", "board_block", "card_text", "dominoes_block", "drawn_lines",
           "fit_view", "hand_pieces", "is_card", "led", "move_text", "pack", "played_cards_text",
           "render_events", "render_news", "render_outcome", "render_sheet", "render_view", "styled_sentence",
           "zone_pieces_text"]
