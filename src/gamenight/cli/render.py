"""The command line: ``gamenight serve | list | rules | play | sim | replay``.

The CLI knows no game by name. It reads the registry (``core.registry.games()``), starts
games with ``gamenight.new``, draws each seat's screen from that seat's ``view`` and asks bots
through ``gamenight.bots.make_bot``. A new game displays without changes here: the view keys
the card-table conventions name (hand, trick, trump, dealer, tricks won...) get their own
layout, per-seat lists become columns of the seat table, and anything else is shown as
``key: value`` lines.

The file has three layers, top to bottom: rendering (view dicts in, Rich renderables out,
no I/O), the loops (a person's match, bot-vs-bot simulation, replay), and the Typer commands.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

import gamenight
from gamenight.bots import KINDS, Bot, heuristic_games, make_bot, sampler_for
from gamenight.core import registry
from gamenight.core.errors import GameError, IllegalMove, UnknownGame
from gamenight.core.events import Event
from gamenight.core.moves import parse_move
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.equipment import cards as C

app = typer.Typer(
    help="Play the family's card games in the terminal, against bots, or let bots play each other.",
    no_args_is_help=True,
    add_completion=False,
)

#: exit status for a bad command line or a file that cannot be used (as Click uses for usage errors)
USAGE_ERROR = 2


class CliError(Exception):
    """A mistake on the command line or in a file: one line for the person, exit status 2."""


# =========================================================================================
# Rendering: data in, renderables out. Nothing here reads input or touches a State.
# =========================================================================================

#: canonical card codes ("QS", "TH", "JK"): values in a view that are cards
CARD_CODES = frozenset(C.CODE_OF)
RED = "bold red"
BLACK = "bold"
JOKER_STYLE = "bold magenta"
#: a card label inside a sentence ("10♥", "Q♠") or a lone suit symbol
LABEL_RE = re.compile(r"(?:10|[2-9JQKA])?[♣♦♥♠]")
#: view keys drawn by the table layout (or deliberately not shown); the rest are shown generically
LAYOUT_KEYS = frozenset({
    "game", "title", "seat", "players", "phase", "to_act", "move_number", "options", "preset",
    "score_sheet", "events", "legal_moves", "is_over", "outcome", "deal", "deal_of", "dealer",
    "hand", "hand_sizes", "trump", "bowers", "low_ranking", "leader", "trick", "last_trick",
    "tricks_won", "sitting_out", "teams", "team_books", "hand_order", "discard_pile", "known_cards",
})
#: "deal 3 of 6" counters a view may hold as [number, of]; the first found heads the panel
COUNTER_KEYS = ("deal_of", "round_of", "hand_of")
Scalar = int | str | bool | None


def is_card(value: object) -> bool:
    return isinstance(value, str) and value in CARD_CODES


def card_text(code: str) -> Text:
    """A card as its label with the suit symbol, red or black; other text unchanged."""
    if not is_card(code):
        return Text(code)
    c = C.card(code)
    if c == C.JOKER:
        return Text(C.LABEL_OF[c], style=JOKER_STYLE)
    return Text(C.LABEL_OF[c], style=RED if C.SUIT_COLOUR[C.SUIT_OF[c]] else BLACK)


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


def scalar_text(value: Scalar) -> Text:
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, str):
        return card_text(value) if is_card(value) else Text(value)
    return Text(str(value))


#: keys whose whole-number value names a seat (table roles), shown as the seat's name
SEAT_KEYS = frozenset({"seat", "to", "from", "maker", "declarer", "caller", "bidder", "taker", "winner",
                       "took_up_card", "kitty_taker", "leader", "dealer"})


@dataclass(frozen=True)
class Names:
    """What generic rendering needs to label values: seat names and score-sheet columns."""

    players: Sequence[str]
    columns: Sequence[str]

    def seat(self, value: object) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.players):
            return self.players[value]
        return None


def is_seat_key(key: str) -> bool:
    return key in SEAT_KEYS or key.endswith("_seat")


def value_text(value: Any, names: Names, key: str = "") -> Text:
    """Any JSON value of a view, readably: cards coloured, seats named, per-team lists labelled."""
    if is_seat_key(key) and names.seat(value) is not None:
        return Text(str(names.seat(value)))
    if isinstance(value, dict):
        return dict_text(value, names)
    if isinstance(value, list):
        return list_text(value, names, key)
    if is_scalar(value):
        return scalar_text(value)
    return Text(str(value))


def dict_text(value: dict[str, Any], names: Names) -> Text:
    """``{"seat": 2, "call": "pass"}`` reads ``South pass``; other dicts ``key: value, ...``."""
    seat = names.seat(value.get("seat"))
    if seat is not None:
        rest = [value_text(v, names, k) for k, v in value.items() if k != "seat" and v is not None]
        return Text(" ").join([Text(seat), *rest])
    return Text(", ").join(Text.assemble(f"{pretty_key(k).lower()} ", value_text(v, names, k))
                           for k, v in value.items() if v is not None)


def list_text(value: list[Any], names: Names, key: str) -> Text:
    if value and all(is_card(v) for v in value):
        return cards_text(value, group_suits=True)
    if key.endswith("_of") and len(value) == 2 and all(isinstance(v, int) for v in value):
        return Text(f"{value[0]} of {value[1]}")  # round_of: [3, 20] is "3 of 20"
    columns = names.columns
    if len(value) == len(columns) and len(columns) != len(names.players) and all(is_scalar(v) for v in value):
        return Text(" · ").join(Text.assemble(f"{col} ", scalar_text(v)) for col, v in zip(
            columns, value, strict=True))
    joiner = " · " if value and all(isinstance(v, dict) for v in value) else ", "
    return Text(joiner).join(value_text(v, names) for v in value)


def is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def played_cards_text(plays: Sequence[dict[str, Any]], players: Sequence[str]) -> Text:
    """Cards on the table in the order played: ``South 4♣ · West J♣``."""
    return value_text(list(plays), Names(players, ()))


def per_seat_keys(view: dict[str, Any]) -> list[str]:
    """Keys outside the layout holding one plain value per seat (bids, points...): seat-table columns."""
    n = len(view["players"])
    out = []
    for key, value in view.items():
        if key in LAYOUT_KEYS or not isinstance(value, list) or len(value) != n:
            continue
        if all(is_scalar(v) and not is_card(v) for v in value):
            out.append(key)
    return out


def seat_table(view: dict[str, Any]) -> Table:
    """One row per seat: who deals, who is to act, cards held, tricks won, the card each played."""
    players: list[str] = view["players"]
    me = view.get("seat")
    acting = set(view.get("to_act", []))
    extra = [k for k in per_seat_keys(view) if any(v is not None for v in view[k])]  # no empty columns
    on_table = {p["seat"]: (i, p["card"]) for i, p in enumerate(view.get("trick") or [])}
    out = Table(box=None, padding=(0, 2, 0, 0), header_style="bold dim")
    out.add_column("Seat", no_wrap=True)
    has_sizes = "hand_sizes" in view
    has_tricks = "tricks_won" in view
    has_trick = "trick" in view
    if has_sizes:
        out.add_column("Cards", justify="right")
    if has_tricks:
        out.add_column("Tricks", justify="right")
    for key in extra:
        out.add_column(pretty_key(key), justify="right")
    if has_trick:
        out.add_column("This trick")
    sitting_out = set(view.get("sitting_out") or [])
    for s, name in enumerate(players):
        label = Text()
        label.append("▶ " if s in acting else "  ", style="bold yellow")
        label.append(name, style="bold" if s == me else "")
        if s == me:
            label.append(" (you)", style="bold")
        if view.get("dealer") == s:
            label.append(" · dealer", style="dim")
        row: list[RenderableType] = [label]
        if has_sizes:
            row.append(str(view["hand_sizes"][s]))
        if has_tricks:
            row.append(str(view["tricks_won"][s]))
        row.extend(scalar_text(view[key][s]) for key in extra)
        if has_trick:
            row.append(trick_cell(s, on_table, sitting_out))
        out.add_row(*row)
    return out


def trick_cell(seat: int, on_table: dict[int, tuple[int, str]], sitting_out: set[int]) -> Text:
    if seat in sitting_out:
        return Text("sits out", style="dim")
    if seat not in on_table:
        return Text("")
    order, code = on_table[seat]
    out = card_text(code)
    if order == 0:
        out.append(" led", style="dim")
    return out


def trump_text(view: dict[str, Any]) -> Text:
    trump = view["trump"]
    if trump is None:
        return Text("Trump: none")
    s = C.suit(trump)
    return Text.assemble("Trump: ", (f"{C.SUIT_SYMBOLS[s]} {C.SUIT_NAMES[s]}",
                                    RED if C.SUIT_COLOUR[s] else BLACK))


def has_seat_table(view: dict[str, Any]) -> bool:
    return "hand_sizes" in view or "tricks_won" in view or "trick" in view


def headline(view: dict[str, Any]) -> Text:
    """The game, deal, trump, phase (and dealer, when no seat table shows it) on one line."""
    parts: list[Text] = [Text(view["title"], style="bold")]
    counter = next((k for k in COUNTER_KEYS if k in view), None)
    if counter is not None:
        number, of = view[counter]
        parts.append(Text(f"{pretty_key(counter.removesuffix('_of'))} {number} of {of}"))
    elif "deal" in view:
        parts.append(Text(f"Deal {view['deal']}"))
    if "trump" in view and (view["trump"] is not None or view["phase"] == "play"):
        parts.append(trump_text(view))  # no trump before play means none chosen yet, not no-trump
    if view.get("dealer") is not None and not has_seat_table(view):
        parts.append(Text(f"Dealer: {view['players'][view['dealer']]}"))
    parts.append(Text(f"Phase: {str(view['phase']).replace('_', ' ')}"))
    return Text(" · ").join(parts)


def ranking_notes(view: dict[str, Any]) -> list[Text]:
    """How this deal ranks cards, when it is not the usual ace-high order."""
    notes = []
    if view.get("low_ranking"):
        notes.append(Text("Cards rank low this deal: the two is highest, the ace lowest.", style="italic"))
    if view.get("bowers") and view.get("trump"):
        trump = C.suit(view["trump"])
        right, left = C.make_card(C.JACK, trump), C.make_card(C.JACK, C.SAME_COLOUR_SUIT[trump])
        notes.append(Text.assemble(("Bowers: ", "italic"), card_text(C.CODE_OF[right]), " then ",
                                   card_text(C.CODE_OF[left]), (" are the top trumps.", "italic")))
    return notes


def info_lines(view: dict[str, Any]) -> RenderableType:
    """Everything else the view holds, as ``Key: value`` items (so new games show without changes)."""
    names = Names(view["players"], view["score_sheet"]["columns"])
    skip = LAYOUT_KEYS | set(per_seat_keys(view)) | set(COUNTER_KEYS)
    out = []
    for key, value in view.items():
        if key in skip or value is None or value == [] or value == {}:
            continue
        label = pretty_key(key.removesuffix("_of") if key.endswith("_of") else key)
        out.append(Text.assemble((f"{label}: ", "bold"), value_text(value, names, key)))
    return Packed(out)


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


def render_view(view: dict[str, Any]) -> RenderableType:
    """The table as the view's seat sees it: a panel with seats, table cards, extras and the hand."""
    parts: list[RenderableType] = [*ranking_notes(view)]
    if has_seat_table(view):
        parts.append(seat_table(view))
    if view.get("last_trick"):
        parts.append(Text.assemble(("Last trick: ", "bold"), played_cards_text(view["last_trick"],
                                                                               view["players"])))
    parts.extend(table_piles(view))
    parts.extend(team_books_text(view))
    parts.append(info_lines(view))
    parts.append(totals_text(view["score_sheet"]))
    if view.get("hand") is not None:
        by_rank = view.get("hand_order") == "rank"
        parts.append(Text())
        parts.append(Text.assemble(("Your hand: ", "bold"), cards_text(view["hand"], group_suits=not by_rank,
                                                                      group_ranks=by_rank)))
    return Panel(Group(*parts), title=headline(view), title_align="left", box=box.ROUNDED, padding=(0, 1))


#: the most discards shown; a longer pile shows its top cards and its size
PILE_SHOWN = 10


def table_piles(view: dict[str, Any]) -> list[Text]:
    """The discard pile (its top cards, when long) and the cards everyone knows a seat holds."""
    out = []
    pile = view.get("discard_pile")
    if pile:
        shown = cards_text(pile[-PILE_SHOWN:])
        more = f"  ({len(pile)} cards, top last)" if len(pile) > PILE_SHOWN else "  (top last)"
        out.append(Text.assemble(("Discard pile: ", "bold"), "… " if len(pile) > PILE_SHOWN else "", shown,
                                 (more, "dim")))
    known = view.get("known_cards") or []
    items = [Text.assemble((f"{view['players'][s]} ", "bold"), cards_text(cards))
             for s, cards in enumerate(known) if cards]
    if items:
        out.append(Text.assemble(("Known in hands: ", "bold"), Text(" · ").join(items)))
    return out


def team_books_text(view: dict[str, Any]) -> list[Text]:
    """Each team's books (numbered, for 'add N card'), red threes, canastas and first-meld state."""
    out = []
    for team in view.get("team_books") or []:
        status = "opened" if team["opened"] else f"needs {team['minimum']} to open"
        clean, dirty, wild = team["canastas"]
        line = Text.assemble((team["name"], "bold"), f" ({status}; canastas: clean {clean}, dirty {dirty}, "
                                                      f"wild {wild})")
        if team["red_threes"]:
            line.append("  red threes: ")
            line.append_text(cards_text(team["red_threes"]))
        out.append(line)
        for book in team["books"]:
            state = "canasta" if book["canasta"] else "book"
            closed = ", closed" if book["closed"] else ""
            out.append(Text.assemble(f"  {book['number']:>2}. ", cards_text(book["cards"]),
                                     (f"  {book['kind']} {state}, {len(book['cards'])}{closed}", "dim")))
    return out


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


# =========================================================================================
# Setting up: games, options and bots from the command line
# =========================================================================================


def game_spec(game_id: str) -> GameSpec:
    try:
        return registry.get(game_id)
    except UnknownGame as e:
        raise CliError(str(e)) from None


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``k=v`` words into a dict; the values are coerced (and checked) by the game's options."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CliError(f"Write each option as NAME=VALUE, for example --option low_nt_ranking=reversed "
                           f"(not {pair!r}).")
        out[name.strip()] = value.strip()
    return out


def start_game(game_id: str, *, players: int | None, seed: int | None, options: Sequence[str],
               preset: str | None) -> State:
    spec = game_spec(game_id)
    try:
        return gamenight.new(spec.id, players=players, seed=seed, options=parse_option_pairs(options),
                             preset=preset)
    except GameError as e:
        raise CliError(str(e)) from None


def bot_kinds(kinds: str, game_id: str, players: int, notes: list[str]) -> list[str]:
    """The bot kind of every seat from ``kind`` or ``kind,kind,...``; a heuristic the game does not
    have yet falls back to random, with a note saying so."""
    wanted = [k.strip().lower() for k in kinds.split(",") if k.strip()]
    if len(wanted) == 1:
        wanted *= players
    if len(wanted) != players:
        raise CliError(f"--bots names {len(wanted)} bots for {players} seats: "
                       "give one kind, or one per seat.")
    for k in wanted:
        if k not in KINDS:
            raise CliError(f"Unknown bot {k!r}; the bots are: {', '.join(KINDS)}.")
    if "heuristic" in wanted and game_id not in heuristic_games():
        notes.append(f"There is no heuristic bot for {game_id} yet: random bots play instead.")
        wanted = ["random" if k == "heuristic" else k for k in wanted]
    return wanted


def build_bot(kind: str, game_id: str) -> Bot:
    try:
        return make_bot(kind, game_id)
    except ValueError as e:
        raise CliError(str(e)) from None


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each bot's own RNG, fixed by the game's seed and its seat, so a seeded run reproduces."""
    return random.Random(f"gamenight-bot:{seed}:{seat}")


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> list[Event]:
    """Ask a bot for its move from its own view only, and play it."""
    legal = state.legal_moves(seat)
    move = bot.choose(state.view(seat), legal, sampler_for(state, seat), rng)
    return state.play(move, seat)


def save_log(state: State, path: Path, console: Console) -> None:
    try:
        path.write_text(json.dumps(state.log, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        console.print(Text(f"Could not save the game to {path}: {e.strerror or e}.", style="bold red"))
        return
    then = "replay" if state.is_over else f"play {state.spec.id} --resume"
    console.print(f"Saved the game to {path} ({len(state.moves)} moves): gamenight {then} {path}",
                  soft_wrap=True)  # a command to copy: never broken across lines


# =========================================================================================
# A person's match
# =========================================================================================


class Quit(Exception):
    """The person left the table (q, end of input or Ctrl-C)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


#: events shown again when a saved game is resumed
RESUME_EVENTS = 8
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
SCORE_WORDS = frozenset({"s", "score", "sheet"})
SYMBOL_LETTERS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})

HELP = """\
Type the number of a move, or the move itself: a card ('QS', '10H')
or a move with its verb ('play QS', 'bid 3', 'pass').
Cards are rank then suit: 2-9, T or 10, J, Q, K, A, then C, D, H or S.
A move the rules do not allow is refused with the reason; choose again.
  s, score   the score sheet so far
  ?, help    this help
  q, quit    leave the table (and save the game to resume it later
             with 'gamenight play GAME --resume FILE')"""


@dataclass
class Session:
    """A person's seat at a table of bots, and what has been shown to them so far."""

    state: State
    human: int
    bots: dict[int, tuple[Bot, random.Random]]
    console: Console
    ask: Callable[[str], str]
    pending: list[Event] = field(default_factory=list, init=False)
    rows_shown: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        # what happened before the person's first turn: the first deal's announcement, or the
        # last moves of a resumed game (whose score sheet so far is not news)
        seen = [e for e in self.state.events if e.visible_to(self.human)]
        self.pending = seen[-RESUME_EVENTS:]
        self.rows_shown = len(self.state.score_sheet.rows)

    def note(self, events: Iterable[Event]) -> None:
        self.pending.extend(e for e in events if e.visible_to(self.human))

    def run(self) -> None:
        """Play to the end of the match: bots act for their seats (first, in a simultaneous
        phase), the person for theirs."""
        state = self.state
        while not state.is_over:
            acting = state.to_act
            bot_seat = next((s for s in sorted(acting) if s != self.human), None)
            if bot_seat is not None:
                bot, rng = self.bots[bot_seat]
                self.note(bot_move(state, bot_seat, bot, rng))
            elif self.human in acting:
                self.note(self.human_turn(self.show_table()))
            else:
                raise RuntimeError(f"{state.spec.title}: nobody may act but the game is not over")
        self.show_news()
        self.console.print(render_sheet(state.score_sheet.to_json(), title="Final score sheet"))
        outcome = state.outcome
        assert outcome is not None
        self.console.print(render_outcome(outcome.to_json(), state.names, self.human))

    def show_news(self) -> None:
        """Events since the person last acted, with the score sheet after a deal's score (the
        final one is shown with the outcome)."""
        rows = len(self.state.score_sheet.rows)
        new_row = rows > self.rows_shown and not self.state.is_over
        sheet = self.state.score_sheet.to_json() if new_row else None
        self.console.print(render_news(self.pending, sheet))
        self.pending = []
        self.rows_shown = rows

    def show_table(self) -> dict[str, Any]:
        self.show_news()
        view = self.state.view(self.human)
        self.console.print(render_view(view))
        return view

    def human_turn(self, view: dict[str, Any]) -> list[Event]:
        """Ask until the person gives a legal move; every refusal says why, and nothing is lost."""
        moves = display_order(view["legal_moves"], view.get("hand"))
        self.console.print(render_moves(moves))
        self.console.print(prompt_hint(moves))
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise Quit("end of input") from None
            except KeyboardInterrupt:
                raise Quit("interrupted") from None
            word = answer.lower()
            if word in QUIT_WORDS:
                raise Quit("quit")
            if word in HELP_WORDS:
                self.console.print(HELP)
                continue
            if word in SCORE_WORDS:
                self.console.print(render_sheet(self.state.score_sheet.to_json()))
                continue
            try:
                return self.play_answer(answer, moves)
            except IllegalMove as e:
                self.console.print(Text.assemble(("✗ ", "bold red"), styled_sentence(str(e))))

    def play_answer(self, answer: str, moves: Sequence[str]) -> list[Event]:
        """A number picks from the list; anything else is read by the game (its ``parse``)."""
        if not answer:
            if len(moves) == 1:
                return self.state.play(moves[0], self.human)
            raise IllegalMove(f"Type a move: a number from 1 to {len(moves)}, or the move itself.")
        verb = number_verb(moves)
        if verb is not None and answer.lstrip("-").isdigit():
            return self.state.play(f"{verb} {int(answer)}", self.human)  # the engine says why not
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(moves):
                raise IllegalMove(f"There is no move {number}: choose 1 to {len(moves)}.")
            return self.state.play(moves[number - 1], self.human)
        text = answer.translate(SYMBOL_LETTERS)
        try:
            return self.state.play(text, self.human)
        except IllegalMove:
            # "8D" where the game reads only "play 8D": the one legal move with exactly these cards
            match = moves_with_cards(text, moves)
            if match is None:
                raise
            return self.state.play(match, self.human)


def moves_with_cards(text: str, moves: Sequence[str]) -> str | None:
    """The one legal move naming exactly the cards typed (and nothing else), if there is one."""
    words = text.split()
    if not words or not all(C.is_card_code(w) for w in words):
        return None
    typed = sorted(C.card(w) for w in words)
    found = [m for m in moves if sorted(parse_move(m).cards) == typed]
    return found[0] if len(found) == 1 else None


def leave_table(
    state: State, how: str, save: Path | None, console: Console, ask: Callable[[str], str]
) -> None:
    """On quit: save where --save says, or offer to; at end of input, save only if --save was given."""
    console.print()
    if save is not None:
        save_log(state, save, console)
    elif how == "quit":
        try:
            answer = ask("Save this game? Type a file name, or press Enter to leave without saving: ").strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer:
            save_log(state, Path(answer), console)
    console.print(f"Left the table after {len(state.moves)} moves.")


# =========================================================================================
# Bot-vs-bot simulation
# =========================================================================================


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("–  games/s" if speed is None else f"{speed:.1f} games/s", style="cyan")


@dataclass
class SimTotals:
    """What a run of bot-vs-bot matches adds up to, per seat."""

    players: int
    games: int = 0
    moves: int = 0
    wins: list[int] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.shares = [0.0] * self.players
        self.scores = [0] * self.players

    def add(self, state: State) -> None:
        outcome = state.outcome
        assert outcome is not None
        self.games += 1
        self.moves += len(state.moves)
        for w in outcome.winners:
            self.wins[w] += 1
            self.shares[w] += 1 / len(outcome.winners)
        for s, score in enumerate(outcome.scores):
            self.scores[s] += score


def sim_match(game_id: str, kinds: Sequence[str], *, seed: int, players: int | None, options: Sequence[str],
              preset: str | None) -> State:
    state = start_game(game_id, players=players, seed=seed, options=options, preset=preset)
    bots = [(build_bot(k, game_id), bot_rng(seed, s)) for s, k in enumerate(kinds)]
    while not state.is_over:
        acting = state.to_act
        if not acting:
            raise RuntimeError(f"{state.spec.title}: nobody may act but the game is not over")
        seat = min(acting)
        bot, rng = bots[seat]
        bot_move(state, seat, bot, rng)
    return state


def render_sim(totals: SimTotals, names: Sequence[str], kinds: Sequence[str], title: str) -> RenderableType:
    """Per seat: the bot, its wins, win %, share of the wins and mean final score."""
    out = Table(title=title, box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
    for name, justify in (("Seat", "left"), ("Bot", "left"), ("Wins", "right"), ("Win %", "right"),
                          ("Share", "right"), ("Mean score", "right")):
        out.add_column(name, justify=justify)  # type: ignore[arg-type]
    n = max(totals.games, 1)
    for s, name in enumerate(names):
        out.add_row(f"{s} {name}", kinds[s], str(totals.wins[s]), f"{100 * totals.wins[s] / n:.1f}",
                    f"{totals.shares[s]:.2f}", f"{totals.scores[s] / n:.1f}")
    legend = Text("Wins: matches the seat was among the winners (a team's win counts for each partner, a tie "
                  "for each tied seat). Share: each match split equally among its winners, so the shares "
                  "add up to the matches played.", style="dim")
    return Group(out, legend)


# =========================================================================================
# Replay
# =========================================================================================


def load_log(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CliError(f"No file {str(path)!r}.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"Cannot read {str(path)!r}: {e}.") from None
    except json.JSONDecodeError as e:
        raise CliError(f"{str(path)!r} is not a saved game: it is not JSON ({e}).") from None
    needed = ("game", "players", "seed", "options", "moves")
    if not isinstance(data, dict) or any(k not in data for k in needed):
        raise CliError(f"{str(path)!r} is not a saved game: a game log has the keys {', '.join(needed)}.")
    if not isinstance(data["moves"], list) or not all(
        isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) and isinstance(m[1], str)
        for m in data["moves"]
    ):
        raise CliError(f"{str(path)!r} is not a saved game: its moves must be [seat, \"move\"] pairs.")
    return data


def replay_log(log: dict[str, Any], path: Path) -> State:
    """``gamenight.replay``, with any failure turned into one line naming the file."""
    try:
        return gamenight.replay(log)
    except (GameError, KeyError, TypeError, ValueError) as e:
        raise CliError(f"{str(path)!r} does not replay: {e}") from None


def step_through(log: dict[str, Any], path: Path, seat: int | None, console: Console) -> State:
    """Replay move by move, printing what ``seat`` (or a spectator) saw happen, and each new score row."""
    state = replay_log({**log, "moves": []}, path)
    console.print(render_events([e.text for e in state.events if e.visible_to(seat)]))
    rows = 0
    for i, (who, text) in enumerate(log["moves"]):
        try:
            events = state.play(text, who)
        except (GameError, ValueError) as e:
            raise CliError(f"{str(path)!r} does not replay: "
                           f"move {i + 1} ({text!r} by seat {who}): {e}") from None
        new_row = len(state.score_sheet.rows) > rows and not state.is_over
        rows = len(state.score_sheet.rows)
        console.print(render_news([e for e in events if e.visible_to(seat)],
                                  state.score_sheet.to_json() if new_row else None))
    return state


# =========================================================================================
# Commands
# =========================================================================================


def fail(console: Console, message: str) -> NoReturn:
    console.print(Text.assemble(("Error: ", "bold red"), message), soft_wrap=True)  # one line, unwrapped
    raise typer.Exit(USAGE_ERROR)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def out_console() -> Console:
    # highlight=False: Rich would otherwise colour numbers and words in engine sentences at random
    return Console(highlight=False)


@app.command("list")
def list_games() -> None:
    """List the games: id, title, family, players, presets and the bots that play them."""
    out_console().print(render_games(registry.games(), heuristic_games()))


@app.command()
def rules(
    game: GameArg,
    preset: PresetOpt = None,
) -> None:
    """Show a game's rules in effect: summary, rules, options (defaults or a preset's) and presets."""
    try:
        spec = game_spec(game)
        if preset is not None and preset not in spec.presets:
            known = ", ".join(spec.presets) or "none"
            raise CliError(f"Unknown preset {preset!r} for {spec.title}; its presets are: {known}.")
    except CliError as e:
        fail(err_console(), str(e))
    out_console().print(render_rules(spec, preset))


GameArg = Annotated[str, typer.Argument(help="Game id, as 'gamenight list' shows it.")]
PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A named rule set.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A house rule as NAME=VALUE (repeat for several); see 'gamenight rules GAME'.")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")]


@app.command()
def play(
    game: GameArg,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, from 0 (North when four play).")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="The bots' kind: heuristic or random.")] = "heuristic",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Fix the shuffles (random otherwise).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game log here (at the end, on q).")]
    = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Go on with a game saved unfinished.")]
    = None,
) -> None:
    """Play a full match against bots in the terminal."""
    console = out_console()
    notes: list[str] = []
    try:
        if resume is None:
            state = start_game(game, players=players, seed=seed, options=option or [], preset=preset)
        else:
            state = resume_game(game, resume, ruled=bool(option or preset or players or seed is not None))
        if not 0 <= seat < state.num_players:
            raise CliError(f"There is no seat {seat}: this table has seats 0 to {state.num_players - 1}.")
        kinds = bot_kinds(bots, state.spec.id, state.num_players, notes)
        table = Session(state, seat, {s: (build_bot(kinds[s], state.spec.id), bot_rng(state.seed, s))
                                     for s in range(state.num_players) if s != seat},
                       console, ask_line(console))
    except CliError as e:
        fail(err_console(), str(e))
    introduce(state, seat, kinds, notes, console)
    try:
        try:
            table.run()
        except KeyboardInterrupt:  # Ctrl-C while the bots think
            raise Quit("interrupted") from None
    except Quit as q:
        leave_table(state, q.how, save, console, table.ask)
        raise typer.Exit(130 if q.how == "interrupted" else 0) from None
    if save is not None:
        save_log(state, save, console)


def resume_game(game: str, path: Path, *, ruled: bool) -> State:
    """A saved game, replayed to where it was left."""
    if ruled:
        raise CliError("--resume takes the rules, players and seed from the saved game: "
                       "leave out --preset, --option, --players and --seed.")
    log = load_log(path)
    spec = game_spec(game)
    if log["game"] != spec.id:
        raise CliError(f"{str(path)!r} is a game of {log['game']}, not {spec.id}.")
    state = replay_log(log, path)
    if state.is_over:
        raise CliError(f"The game in {str(path)!r} is over: see it with 'gamenight replay {path}'.")
    return state


def ask_line(console: Console) -> Callable[[str], str]:
    """Read a line from the person, with line editing when it is a real terminal."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (input() edits lines once it is loaded)
    return lambda prompt: console.input(Text(prompt, style="bold cyan"))


def introduce(state: State, seat: int, kinds: Sequence[str], notes: Sequence[str], console: Console) -> None:
    spec = state.spec
    console.print(Text(f"{spec.title}: {spec.summary}", style="bold"))
    if spec.teams:
        console.print(f"Teams: {spec.teams}.")
    others = ", ".join(f"{state.names[s]} ({kinds[s]})" for s in range(state.num_players) if s != seat)
    console.print(f"You are {state.names[seat]} (seat {seat}). Bots: {others}.")
    changed = {k: v for k, v in state.options.to_json().items()
               if v != next(o.default for o in spec.options if o.name == k)}
    rules_line = ", ".join(f"{k}={option_value_text(v)}" for k, v in changed.items()) or "the defaults"
    console.print(f"Rules: {rules_line}" + (f" (preset {state.preset})" if state.preset else "") +
                  f". Seed {state.seed}.")
    for note in notes:
        console.print(Text(note, style="yellow"))
    if state.moves:
        console.print(f"Resuming after {len(state.moves)} moves.")
    console.print(Text("Type ? at the prompt for help.", style="dim"))


@app.command()
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="How many matches to play.")],
    bots: Annotated[str, typer.Option(
        "--bots", help="One bot kind for every seat, or one per seat: heuristic,random,random,random.")
    ] = "heuristic",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Match i is played with seed SEED+i.")] = 0,
) -> None:
    """Let bots play N full matches against each other and tally wins and scores."""
    console = out_console()
    notes: list[str] = []
    try:
        first = start_game(game, players=players, seed=seed, options=option or [], preset=preset)
        kinds = bot_kinds(bots, first.spec.id, first.num_players, notes)
    except CliError as e:
        fail(err_console(), str(e))
    for note in notes:
        console.print(Text(note, style="yellow"))
    totals = SimTotals(first.num_players)
    started = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                        console=console)
    try:
        with progress:
            task = progress.add_task(first.spec.title, total=games)
            for i in range(games):
                totals.add(sim_match(first.spec.id, kinds, seed=seed + i, players=first.num_players,
                                     options=option or [], preset=preset))
                progress.advance(task)
    except KeyboardInterrupt:
        console.print(Text(f"Interrupted: the summary covers the {totals.games} matches finished.",
                           style="yellow"))
        if not totals.games:
            raise typer.Exit(130) from None
    elapsed = time.perf_counter() - started
    done = totals.games
    title = f"{first.spec.title}: {done} matches, seeds {seed}–{seed + done - 1}"
    console.print(render_sim(totals, first.names, kinds, title))
    console.print(f"Moves: {totals.moves} in all, {totals.moves / totals.games:.1f} a match.")
    console.print(f"Time: {elapsed:.2f} s ({done / elapsed:.1f} games/s, "
                  f"{totals.moves / elapsed:.0f} moves/s).")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game log saved with 'gamenight play --save'.")],
    seat: Annotated[int | None, typer.Option("--seat", help="See the game as this seat (else: spectator).")]
    = None,
    step: Annotated[bool, typer.Option("--step", help="Print every move's events as it replays.")] = False,
) -> None:
    """Replay a saved game and print its score sheet and outcome."""
    console = out_console()
    try:
        log = load_log(file)
        if seat is not None and not (isinstance(log["players"], int) and 0 <= seat < log["players"]):
            raise CliError(f"There is no seat {seat} in this game.")
        state = step_through(log, file, seat, console) if step else replay_log(log, file)
    except CliError as e:
        fail(err_console(), str(e))
    console.print(Text(f"{state.spec.title}, seed {state.seed}, {len(state.moves)} moves replayed.",
                       style="bold"))
    console.print(render_sheet(state.score_sheet.to_json(), title="Final score sheet" if state.is_over
                               else "Score sheet"))
    outcome = state.outcome
    if outcome is None:
        console.print(Text(f"The game is not finished: {state.names[min(state.to_act)]} is to act."
                           if state.to_act else "The game is not finished."))
    else:
        console.print(render_outcome(outcome.to_json(), state.names, seat))


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (sqlite:///FILE, postgresql://...) or an SQLite file path; default: "
                     "gamenight.db in your data folder.")] = None,
) -> None:
    """Serve the lobby and the tables in the browser, at http://HOST:PORT/."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from gamenight.server.app import MAX_WS_FRAME, create_app, tune_gc
    from gamenight.server.storage import default_db_url, normalise_db_url

    url = normalise_db_url(db) if db else default_db_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        application = create_app(url)
    except Exception as e:  # a bad URL, a missing driver, an unwritable folder: one line for the person
        fail(err_console(), f"Cannot use the database given ({type(e).__name__}): {e}")
    out_console().print(f"gamenight: open http://{host}:{port}/ (tables stored in {shown})", soft_wrap=True)
    tune_gc()
    uvicorn.run(application, host=host, port=port, ws_max_size=MAX_WS_FRAME, log_level="info")


def main() -> None:  # pragma: no cover - the console script calls app() directly
    app()


__all__ = ["app", "render_events", "render_moves", "render_outcome", "render_sheet", "render_view"]
