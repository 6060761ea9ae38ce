"""A view's fields in the terminal, each drawn by its declared kind: :data:`FIELD_DRAWERS` is the one
table from a field kind (``core.layout.Kind``; its value's shape is ``core.views.FIELD_VALUES``)
to the function that draws it on a line and, for the kinds that are pictures of their own (melds,
lines of dominoes, a ledger, a board, a track, a list of sentences), the block drawn below the
short items. No view key is read by name here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeGuard

from rich.console import RenderableType
from rich.padding import Padding
from rich.text import Text

from gamenight.cli.pieces import (
    SUIT_DRAWERS,
    Names,
    Packed,
    cards_text,
    drawer,
    is_card,
    led,
    piece_text,
    pieces_text,
    pretty_key,
    scalar_text,
    styled_sentence,
    tile_text,
)


def is_empty(value: Any) -> bool:
    return value is None or value is False or value == [] or value == {}


def field_value_text(field: dict[str, Any], value: Any, names: Names) -> Text:
    """A field's value on a line, as its kind says it reads: :data:`FIELD_DRAWERS` has one drawer
    per kind (``core.views.FIELD_VALUES`` declares each kind's value); ``None`` reads "—"."""
    if value is None:
        return Text("—", style="dim")
    drawn = FIELD_DRAWERS.get(field["kind"])
    return (drawn.text if drawn is not None else spelled_out)(value, field.get("piece", ""), names)


def field_block(field: dict[str, Any], value: Any, names: Names, *, full: bool,
                minor: bool) -> list[RenderableType] | None:
    """A field's value as a block of its own below the short items (melds, a board, a list of
    sentences), or ``None`` where its kind reads on a line. ``full``: melds and lines of play in
    full; ``minor``: room for the last payment."""
    drawn = FIELD_DRAWERS.get(field["kind"])
    if drawn is None or drawn.block is None:
        return None
    return drawn.block(field["label"], value, field.get("piece", ""), names, full, minor)


def seat_text(value: int, piece: str, names: Names) -> Text:
    return Text(names.seat(value) or str(value))


def seats_text(value: list[int], piece: str, names: Names) -> Text:
    return Text(", ").join(Text(names.seat(v) or str(v)) for v in value)


def suit_text(value: str, piece: str, names: Names) -> Text:
    return SUIT_DRAWERS.get(piece, Text)(str(value))


def one_piece_text(value: str, piece: str, names: Names) -> Text:
    return piece_text(value, piece)


def some_pieces_text(value: list[str | None], piece: str, names: Names) -> Text:
    return pieces_text(value, piece) if value else Text("none", style="dim")


def field_plays_text(value: list[dict[str, Any]], piece: str, names: Names) -> Text:
    return plays_text(value, piece, names)


def choose_text(value: dict[str, Any], piece: str, names: Names) -> Text:
    return Text(f"{value['count']} ({value['verb']})")


def trick_text(value: dict[str, Any], piece: str, names: Names) -> Text:
    won = names.seat(value["winner"]) or "—"
    return Text.assemble(plays_text(value["plays"], piece, names), f" (won by {won})")


def counter_text(value: list[int], piece: str, names: Names) -> Text:
    return Text(f"{value[0]} of {value[1]}")


def teams_text(value: list[int | str | None], piece: str, names: Names) -> Text:
    return Text(" · ").join(Text.assemble(f"{col} ", scalar_text(v)) for col, v in zip(
        names.columns, value, strict=False))


def flag_text(value: bool, piece: str, names: Names) -> Text:
    return Text("yes" if value else "no")


def plain_text(value: Any, piece: str, names: Names) -> Text:
    """A number or a sentence as it is; a list of sentences one after another."""
    return scalar_text(value) if is_scalar(value) else data_text(value, piece)


def field_scorecard_text(value: dict[str, Any], piece: str, names: Names) -> Text:
    return scorecard_text(value)


def field_dice_text(value: dict[str, Any], piece: str, names: Names) -> Text:
    return dice_text(value, names)


def spelled_out(value: Any, piece: str, names: Names) -> Text:
    """A value of a kind with no drawer of its own (``data``): spelled out generically."""
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
    # rows and columns numbered from 1, as the terminal reads and shows spaces (pieces.shown_space)
    out = Text("    " + "".join(f"{c:<5}" for c in range(1, cols + 1)).rstrip(), style="dim")
    for k, space in enumerate(spaces):
        if k % cols == 0:
            out.append(f"\n{k // cols + 1:>2} ", style="dim")
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
        target = str(line.get("target", ""))
        # the number a move names the line by ("play 12-7 3"), from 1, unless its label says it ("Arm 3")
        if target.isdigit() and not str(line.get("label", "")).endswith(f" {target}"):
            item = Text.assemble((f"{target} ", "bold cyan"), item)
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


# ---- one drawer per field kind ----------------------------------------------------------------


def text_block(label: str, value: Any, piece: str, names: Names, full: bool,
               minor: bool) -> list[RenderableType] | None:
    """A list of short sentences, packed after the label, each an item never split."""
    if not isinstance(value, list):
        return None
    return [Packed(led(Text(f"{label}:", style="bold"), [styled_sentence(str(v)) for v in value]))]


def field_melds_block(label: str, value: list[dict[str, Any]], piece: str, names: Names, full: bool,
                      minor: bool) -> list[RenderableType]:
    return melds_block(value, piece, full)


def field_dominoes_block(label: str, value: dict[str, Any], piece: str, names: Names, full: bool,
                         minor: bool) -> list[RenderableType]:
    return dominoes_block(label, value, full)


def field_ledger_block(label: str, value: dict[str, Any], piece: str, names: Names, full: bool,
                       minor: bool) -> list[RenderableType]:
    return ledger_block(label, value, names, minor)


def field_board_block(label: str, value: dict[str, Any], piece: str, names: Names, full: bool,
                      minor: bool) -> list[RenderableType]:
    return [board_block(value)]


def field_track_block(label: str, value: dict[str, Any], piece: str, names: Names, full: bool,
                      minor: bool) -> list[RenderableType]:
    return [track_block(value)]


FieldText = Callable[[Any, str, Names], Text]
FieldBlock = Callable[[str, Any, str, Names, bool, bool], "list[RenderableType] | None"]


class FieldDrawer(NamedTuple):
    """How the terminal draws a field of one kind: ``text`` on a line (the headline, the seat
    table's cells, the short items); ``block``, where the kind is a picture or a list of its own,
    below them (a board or a track first: ``first``)."""

    text: FieldText
    block: FieldBlock | None = None
    first: bool = False


#: THE dispatch table of the terminal: each field kind (``core.layout.Kind``) and how it is drawn,
#: from the value ``core.views.FIELD_VALUES`` declares for it; a kind not here is spelled out
FIELD_DRAWERS: dict[str, FieldDrawer] = {
    "seat": FieldDrawer(seat_text),
    "seats": FieldDrawer(seats_text),
    "suit": FieldDrawer(suit_text),
    "piece": FieldDrawer(one_piece_text),
    "pieces": FieldDrawer(some_pieces_text),
    "hand": FieldDrawer(some_pieces_text),
    "marks": FieldDrawer(some_pieces_text),
    "plays": FieldDrawer(field_plays_text),
    "number": FieldDrawer(plain_text),
    "counter": FieldDrawer(counter_text),
    "teams": FieldDrawer(teams_text),
    "text": FieldDrawer(plain_text, text_block),
    "flag": FieldDrawer(flag_text),
    "data": FieldDrawer(spelled_out),
    "trick": FieldDrawer(trick_text),
    "choose": FieldDrawer(choose_text),
    "scorecard": FieldDrawer(field_scorecard_text),
    "dice": FieldDrawer(field_dice_text),
    "melds": FieldDrawer(spelled_out, field_melds_block),
    "ledger": FieldDrawer(spelled_out, field_ledger_block),
    "dominoes": FieldDrawer(spelled_out, field_dominoes_block),
    "board": FieldDrawer(spelled_out, field_board_block, first=True),
    "track": FieldDrawer(spelled_out, field_track_block, first=True),
}
