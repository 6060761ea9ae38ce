"""Rendering: view dicts in, Rich renderables out. Nothing here reads input or touches a State."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gamenight.core.events import Event
from gamenight.core.registry import GameSpec
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
    if c == C.JOKER:
        return Text(C.LABEL_OF[c], style=JOKER_STYLE)
    return Text(C.LABEL_OF[c], style=RED if C.SUIT_COLOUR[C.SUIT_OF[c]] else BLACK)


def tile_text(code: str) -> Text:
    """A domino tile as its two ends: ``12-7`` is ``[12|7]``."""
    a, sep, b = code.partition("-")
    return Text(f"[{a}|{b}]" if sep else f"[{code}]", style="bold")


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
    if kind in ("number", "text") and is_scalar(value):
        return scalar_text(value)
    return data_text(value, piece)


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
class Layout:
    """The view's layout description, sorted for drawing."""

    zones: list[dict[str, Any]]
    fields: list[dict[str, Any]]

    @staticmethod
    def of(view: dict[str, Any]) -> Layout:
        layout = view.get("layout") or {}
        return Layout(list(layout.get("zones", [])), list(layout.get("fields", [])))

    def seat_zones(self) -> list[dict[str, Any]]:
        """Zones a seat owns (hands, tricks taken, cards to pass): columns of the seat table."""
        return [z for z in self.zones if z["owner"] is not None and z["show"] != "trick"]

    def trick_zones(self) -> list[dict[str, Any]]:
        return [z for z in self.zones if z["show"] == "trick"]

    def table_zones(self) -> list[dict[str, Any]]:
        """Zones nobody owns (piles, stock, melds): drawn on the felt, by group."""
        return [z for z in self.zones if z["owner"] is None and z["show"] != "trick"]


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
    ("West's hand" → "Hand", "Tricks taken by West" → "Tricks taken")."""
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
    return zone_pieces_text(z)


def zone_pieces_text(z: dict[str, Any]) -> Text:
    pieces = z["pieces"] or []
    columns = z.get("columns") or 0
    if z["show"] == "grid" and columns:
        rows = [pieces[i:i + columns] for i in range(0, len(pieces), columns)]
        return Text(" / ").join(pieces_text(r, z["piece"], group=False) for r in rows)
    return pieces_text(pieces, z["piece"])


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


def seat_table(view: dict[str, Any], columns: list[tuple[str, list[Text]]]) -> Table:
    """One row per seat: who is to act, then every column the layout gives."""
    players: list[str] = view["players"]
    me = view.get("seat")
    acting = set(view.get("to_act", []))
    out = Table(box=None, padding=(0, 2, 0, 0), header_style="bold dim")
    out.add_column("Seat", no_wrap=True)
    for title, _ in columns:
        out.add_column(title)
    for s, name in enumerate(players):
        label = Text()
        label.append("▶ " if s in acting else "  ", style="bold yellow")
        label.append(name, style="bold" if s == me else "")
        if s == me:
            label.append(" (you)", style="bold")
        row: list[RenderableType] = [label]
        row.extend(cells[s] if s < len(cells) else Text("") for _, cells in columns)
        out.add_row(*row)
    return out


def headline(view: dict[str, Any]) -> Text:
    """The game, the fields declared for the headline (deal, trumps...), and the phase."""
    parts: list[Text] = [Text(view["title"], style="bold")]
    names = Names(view["players"], view["score_sheet"]["columns"])
    for f in Layout.of(view).fields:
        value = view.get(f["key"])
        if not f.get("head") or f["per_seat"] or is_empty(value):
            continue
        sep = " " if f["kind"] in ("number", "counter") else ": "
        parts.append(Text.assemble(f"{f['label']}{sep}", field_value_text(f, value, names)))
    parts.append(Text(f"Phase: {str(view['phase']).replace('_', ' ')}"))
    return Text(" · ").join(parts)


def info_lines(view: dict[str, Any]) -> RenderableType:
    """The declared fields not drawn elsewhere, as ``Label: value`` items (flags by their label)."""
    names = Names(view["players"], view["score_sheet"]["columns"])
    out = []
    blocks: list[Text] = []
    for f in Layout.of(view).fields:
        value = view.get(f["key"])
        if f.get("head") or f["per_seat"] or f["kind"] == "hand" or is_empty(value):
            continue
        if f["kind"] == "flag":
            out.append(Text(f["label"], style="italic"))
        elif f["kind"] == "data" and is_records(value):
            blocks.append(Text(f"{f['label']}:", style="bold"))
            blocks.extend(data_block(value, f.get("piece", ""), "  "))
        else:
            out.append(Text.assemble((f"{f['label']}: ", "bold"), field_value_text(f, value, names)))
    return Group(Packed(out), *blocks)


def is_records(value: Any) -> TypeGuard[list[dict[str, Any]]]:
    """A non-empty list of dicts (melds, a team's books): drawn a record a line."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def data_block(records: list[dict[str, Any]], piece: str, indent: str) -> list[Text]:
    """Records a line each; a record's own records (a team's books) indented under it."""
    lines: list[Text] = []
    for record in records:
        flat = {k: v for k, v in record.items() if not is_records(v)}
        lines.append(Text.assemble(indent, data_text(flat, piece)))
        for k, v in record.items():
            if is_records(v):
                lines.append(Text(f"{indent}  {pretty_key(str(k))}:", style="dim"))
                lines.extend(data_block(v, piece, indent + "    "))
    return lines


@dataclass(frozen=True)
class Packed:
    """Items side by side while they fit the width drawn in, so the panel stays short enough
    for a 24-line terminal; an item too long for a line gets one of its own (and wraps)."""

    items: Sequence[Text]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from pack(self.items, options.max_width)


def pack(items: Sequence[Text], width: int) -> list[Text]:
    """Short items share a line, three spaces apart, up to ``width`` columns."""
    lines: list[Text] = []
    for item in items:
        if lines and lines[-1].cell_len + 3 + item.cell_len <= width:
            lines[-1].append("   ")
            lines[-1].append_text(item)
        else:
            lines.append(item.copy())
    return lines


def totals_text(sheet: dict[str, Any]) -> Text:
    return Text.assemble(("Score: ", "bold"), Text(" · ").join(
        Text(f"{col} {total}") for col, total in zip(sheet["columns"], sheet["totals"], strict=True)))


#: the most pieces of a pile shown; a longer pile shows its top ones and its size
PILE_SHOWN = 10


def table_zones_text(layout: Layout) -> list[Text]:
    """The zones nobody owns (piles, stock, kitty, melds), a line each, grouped by ``group``:
    a pile's top pieces and its size, hidden ones by their number."""
    out: list[Text] = []
    group = None
    for z in sorted(layout.table_zones(), key=lambda z: z.get("group", "")):
        if z["count"] == 0:
            continue
        if z.get("group", "") != group:
            group = z.get("group", "")
            if group:
                out.append(Text(group, style="bold underline"))
        out.append(zone_line(z, indent="  " if group else ""))
    return out


def zone_line(z: dict[str, Any], indent: str = "") -> Text:
    label = Text.assemble(indent, (f"{z['label']}: ", "bold"))
    pieces = z["pieces"]
    count = z["count"]
    if pieces is None:
        label.append(f"{count} face down" if z["show"] != "pile" else f"{count}, face down", style="dim")
    elif z["show"] == "pile" and count > PILE_SHOWN:
        label.append("… ")
        label.append_text(pieces_text(pieces[-PILE_SHOWN:], z["piece"]))
        label.append(f"  ({count}, top last)", style="dim")
    else:
        label.append_text(zone_pieces_text(z))
        if z["show"] == "pile" and count > 1:
            label.append("  (top last)", style="dim")
    if z.get("known"):
        label.append("  known: ", style="dim")
        label.append_text(pieces_text(z["known"], z["piece"]))
    return label


def render_view(view: dict[str, Any]) -> RenderableType:
    """The table as the view's seat sees it, from its layout: the seat table (owned zones, the
    trick, per-seat fields), the felt (piles and melds), the other fields, the score and the hand."""
    layout = Layout.of(view)
    parts: list[RenderableType] = []
    columns = seat_columns(view, layout)
    if columns:
        parts.append(seat_table(view, columns))
    parts.extend(table_zones_text(layout))
    parts.append(info_lines(view))
    parts.append(totals_text(view["score_sheet"]))
    hand = own_hand(view)
    if hand is not None:
        label, pieces, piece = hand
        parts.append(Text())
        parts.append(Text.assemble((f"{label}: ", "bold"), pieces_text(pieces, piece)))
    return Panel(Group(*parts), title=headline(view), title_align="left", box=box.ROUNDED, padding=(0, 1))


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


def number_verb(moves: Sequence[str]) -> str | None:
    """The verb when every move is that verb with a number (``bid 0`` ... ``bid 7``): then the
    person types the number itself, and list positions would only be an off-by-one trap."""
    split = [m.split() for m in moves]
    verbs = {w[0] for w in split}
    if len(verbs) == 1 and all(len(w) == 2 and w[1].lstrip("-").isdigit() for w in split):
        return split[0][0]
    return None


def prompt_hint(moves: Sequence[str]) -> Text:
    """How to answer: the numbers, an example move (a bare card where the move names one)."""
    example = moves[0]
    verb = number_verb(moves)
    if verb is not None:
        return Text(f"Type the number to {verb}, or '{example}'. ? help · s score · q quit", style="dim")
    card_words = [w for w in example.split() if is_card(w)]
    hint = f"'{card_words[0]}' / '{example}'" if len(card_words) == 1 else f"'{example}'"
    if len(moves) == 1:
        return Text(f"Enter or 1 plays it (or type {hint}). ? help · s score · q quit", style="dim")
    return Text(f"Type 1–{len(moves)}, or a move like {hint}. ? help · s score · q quit", style="dim")


def display_order(legal: Sequence[str], hand: Sequence[str] | None) -> list[str]:
    """Moves in the order a person reads them: moves naming no card first (as the engine lists
    them), then card moves in the order of the hand on screen."""
    position = {code: i for i, code in enumerate(hand or [])}

    def key(item: tuple[int, str]) -> tuple[int, int, int]:
        index, text = item
        words = [w for w in text.split() if is_card(w)]
        if not words:
            return (0, 0, index)
        return (1, position.get(words[0], len(position)), index)

    return [text for _, text in sorted(enumerate(legal), key=key)]


def render_moves(moves: Sequence[str]) -> RenderableType:
    """The legal moves, numbered; when every move is one verb with cards, only the cards are listed,
    and when every move is one verb with a number, only the numbers (which are typed as they are)."""
    verb = number_verb(moves)
    if verb is not None:
        numbers = Text("   ").join(Text(m.split()[1], style="bold cyan") for m in moves)
        return Group(Text(f"Your move ({verb}):", style="bold"), numbers)
    verbs = {m.split()[0] for m in moves}
    only_cards = len(verbs) == 1 and all(any(is_card(w) for w in m.split()) for m in moves)
    header = Text(f"Your move ({next(iter(verbs))} a card):" if only_cards and all(
        len(m.split()) == 2 for m in moves) else "Your move:", style="bold")
    items = Text()
    for i, m in enumerate(moves, 1):
        shown = cards_text([w for w in m.split() if is_card(w)]) if only_cards else move_text(m)
        if i > 1:
            items.append("   ")
        items.append(f"{i}) ", style="bold cyan")
        items.append_text(shown)
    return Group(header, items)


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
            out.add_column(col, justify="right", footer=str(sheet["totals"][i]))
        for row in sheet["rows"]:
            label = Text(row["label"])
            if row.get("note") and details:
                label.append(f"\n{row['note']}", style="dim")
            cells: list[RenderableType] = [label]
            for i, (points, total) in enumerate(zip(row["points"], row["totals"], strict=True)):
                cell = Text.assemble(f"{points:+d}", (f" = {total}", "dim"))
                if details and row.get("details"):
                    cell.append(f"\n{row['details'][i]}", style="dim")
                cells.append(cell)
            out.add_row(*cells)
        return out


def sheet_width(sheet: dict[str, Any], *, with_details: bool) -> int:
    """Columns a sheet needs on one line per cell (labels and cells are never wrapped then)."""
    rows = sheet["rows"]
    label = max([5, *(len(r["label"]) for r in rows),
                 *(len(r.get("note", "")) for r in rows if with_details)])
    widths = []
    for i, col in enumerate(sheet["columns"]):
        cells = [len(f"{r['points'][i]:+d} = {r['totals'][i]}") for r in rows]
        if with_details:
            cells += [len(r["details"][i]) for r in rows if r.get("details")]
        widths.append(max([len(col), len(str(sheet["totals"][i])), *cells]))
    return label + sum(widths) + 2 * len(widths) + 1


def render_outcome(outcome: dict[str, Any], players: Sequence[str], seat: int | None = None) -> Text:
    """Who won, every seat's final score, why the game ended (and, for a person, the verdict)."""
    winners = outcome["winners"]
    names = " and ".join(players[w] for w in winners)
    out = Text.assemble(("Result: ", "bold"), (f"{names} {'win' if len(winners) > 1 else 'wins'}. ",
                                               "bold green"), outcome["reason"])
    out.append("\nFinal scores: " + " · ".join(f"{p} {s}" for p, s in zip(players, outcome["scores"],
                                                                          strict=True)))
    if seat is not None:
        out.append("\nYou win!" if seat in winners else "\nYou lose.", style="bold")
    return out


def players_text(spec: GameSpec) -> str:
    counts = sorted(spec.players)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} ({spec.default_players})"
    return f"{', '.join(map(str, counts))} ({spec.default_players})"


def render_games(specs: Sequence[GameSpec], heuristic: Iterable[str]) -> Table:
    """The registry as a table: id, title, family, players, presets and the bots available."""
    has_heuristic = set(heuristic)
    out = Table(title="Games", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False,
                caption="Players: the counts allowed (the usual one in brackets). Bot: the best bot "
                        "the game has ('random' plays every game).")
    for name in ("Id", "Title", "Family", "Players", "Presets", "Bot"):
        # words wrap where a narrow terminal needs it; ids and counts stay whole to be copied
        out.add_column(name, no_wrap=name in ("Id", "Players", "Bot"), overflow="fold",
                       min_width=8 if name == "Presets" else None)
    for spec in specs:
        bots = "heuristic" if spec.id in has_heuristic else "random"
        presets = ", ".join(spec.presets) or "—"
        out.add_row(spec.id, spec.title, spec.family, players_text(spec), presets, bots)
    return out


def option_value_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def render_rules(spec: GameSpec, preset: str | None) -> RenderableType:
    """The rules in effect: summary, the rules text, every option's value, and the presets."""
    head = Text.assemble((spec.title, "bold"), f"  ({spec.id}, {spec.family}, {players_text(spec)} players)")
    parts: list[RenderableType] = [head]
    if spec.teams:
        parts.append(Text(f"Teams: {spec.teams}"))
    parts += [Text(), Text(spec.summary, style="italic"), Text()]
    if spec.rules:
        parts.append(Panel(Markdown(spec.rules), title="Rules", title_align="left", box=box.ROUNDED))
    parts.append(render_options(spec, preset))
    parts.append(render_presets(spec, preset))
    return Group(*parts)


def render_options(spec: GameSpec, preset: str | None) -> RenderableType:
    """Each option as ``name = value  (allowed)``, then its label and help, indented: a list rather
    than a table, so long help lines read well in a narrow terminal."""
    if not spec.options:
        return Text("\nThis game has no options.")
    chosen = dict(spec.presets[preset].values) if preset else {}
    title = f"Options in effect with preset {preset!r}" if preset else "Options (defaults)"
    parts: list[RenderableType] = [Text(f"\n{title}", style="bold underline"),
                                   Text("Change one with --option NAME=VALUE.", style="dim")]
    for info in spec.options:
        value = chosen.get(info.name, info.default)
        line = Text.assemble((info.name, "bold cyan"), " = ", (option_value_text(value), "bold"))
        if info.name in chosen:
            line.append(f"  (preset {preset}; default {option_value_text(info.default)})", style="yellow")
        line.append(f"  [{allowed_text(info.type, info.choices, info.minimum, info.maximum)}]", style="dim")
        parts.append(line)
        body = Text.assemble((info.label, "italic"), f" — {info.help}" if info.help else "")
        parts.append(Padding(body, (0, 0, 0, 4)))
    return Group(*parts)


def render_presets(spec: GameSpec, preset: str | None) -> RenderableType:
    if not spec.presets:
        return Text("\nThis game has no presets.")
    parts: list[RenderableType] = [Text("\nPresets", style="bold underline"),
                                   Text("Use one with --preset NAME.", style="dim")]
    for p in spec.presets.values():
        marker = "  (in effect)" if p.name == preset else ""
        parts.append(Text.assemble((p.name, "bold yellow"), (marker, "yellow"), f" — {p.description}"))
        sets = ", ".join(f"{k}={option_value_text(v)}" for k, v in p.values.items()) or "nothing"
        parts.append(Padding(Text(f"sets {sets}", style="dim"), (0, 0, 0, 4)))
    return Group(*parts)


def allowed_text(kind: str, choices: Sequence[str] | None, minimum: int | None, maximum: int | None) -> str:
    if choices:
        return " | ".join(choices)
    if kind == "bool":
        return "on | off"
    if kind == "int":
        low = "" if minimum is None else str(minimum)
        high = "" if maximum is None else str(maximum)
        return f"{low}–{high}" if low or high else "a whole number"
    return "text"
