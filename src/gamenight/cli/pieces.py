"""Drawing pieces and words in the terminal: a card, a tile, a die, a board space, a suit, a move,
an engine sentence, each as a Rich ``Text``; and packing short items into lines. Data in,
renderables out: nothing here reads a view's layout (``cli.fields`` and ``cli.render`` do)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from gamenight.equipment import cards as C

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


#: a grid board's space as the engine writes it in moves: ``row,column`` from 0 (``4,2``)
GRID_SPACE = re.compile(r"^(\d{1,2}),(\d{1,2})$")


def shown_space(word: str) -> str:
    """A grid space as people count it, from 1 (the engine's ``0,4`` is ``1,5``); any other
    word as it is. The terminal shows and reads rows, columns, seats and trains from 1
    (docs/ARCHITECTURE.md, "Numbers people read"); the engine's moves keep their own form."""
    m = GRID_SPACE.match(word)
    return word if m is None else f"{int(m[1]) + 1},{int(m[2]) + 1}"


def engine_space(word: str) -> str | None:
    """A grid space typed from 1 in the engine's form (``1,5`` is ``0,4``); None for a row or
    column 0, which people's numbering does not have; any other word as it is."""
    m = GRID_SPACE.match(word)
    if m is None:
        return word
    row, col = int(m[1]), int(m[2])
    return None if row < 1 or col < 1 else f"{row - 1},{col - 1}"


def space_text(code: str) -> Text:
    """A board space by its name, numbered from 1."""
    return Text(shown_space(code), style="underline")


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
        elif GRID_SPACE.match(word):
            out.append(shown_space(word))
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


def led(label: Text, items: Sequence[Text]) -> list[Text]:
    """Items to pack after a label: the label and the first item share one, a space apart."""
    if not items:
        return [label]
    return [Text.assemble(label, " ", items[0]), *items[1:]]
