"""Rendering: view dicts in, Rich renderables out. Nothing here reads input or touches a State."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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
