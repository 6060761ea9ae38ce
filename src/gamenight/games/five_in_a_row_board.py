"""5 in a Row's board (the game is ``five_in_a_row``, whose docstring has its rules): the
proposed layout of the 100 spaces, every card but the jacks twice and the four corners free, and a
layout typed as the ``layout`` option."""

from __future__ import annotations

from gamenight.core.errors import OptionError
from gamenight.equipment import cards as C

SIZE = 10
CELLS = SIZE * SIZE
FREE = -1
#: the spec's proposed board (``shared/rules/five-in-a-row-board.json``), row by row
LAYOUT_TEXT: tuple[tuple[str, ...], ...] = (
    ("FREE", "4H", "7D", "6C", "7H", "10S", "7C", "5C", "4C", "FREE"),
    ("8C", "AC", "10H", "AD", "8H", "AH", "6H", "3D", "3H", "4S"),
    ("QC", "6D", "5D", "3H", "QD", "AS", "QS", "AD", "9S", "9C"),
    ("4D", "7S", "KD", "KH", "3D", "10D", "KS", "9D", "7H", "QS"),
    ("KS", "2H", "3C", "QH", "8S", "10C", "7S", "6S", "6D", "10D"),
    ("6C", "10S", "3S", "9H", "4C", "KC", "AS", "AC", "6H", "5H"),
    ("KC", "2S", "7C", "10H", "2D", "KH", "QC", "AH", "4H", "9D"),
    ("2H", "2D", "5S", "5D", "7D", "4S", "2C", "9C", "4D", "9H"),
    ("6S", "2C", "5H", "8C", "10C", "8S", "3S", "3C", "8D", "2S"),
    ("FREE", "QH", "9S", "8D", "5C", "KD", "QD", "5S", "8H", "FREE"),
)
#: the card each space shows, by cell ``r * 10 + c`` (FREE for a corner)
LAYOUT: tuple[int, ...] = tuple(FREE if t == "FREE" else C.card(t) for line in LAYOUT_TEXT for t in line)
#: the longest layout text an option takes
MAX_LAYOUT_TEXT = 1000


def cells_of(layout: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """The cells showing each card of a layout."""
    out: dict[int, tuple[int, ...]] = {}
    for i, c in enumerate(layout):
        if c != FREE:
            out[c] = (*out.get(c, ()), i)
    return out


def parse_layout(text: str) -> tuple[int, ...]:
    """A board typed as 100 spaces row by row (``FREE 4H 7D …``; commas or spaces between them);
    an empty text is the proposed board. ``OptionError`` says what is wrong."""
    if not text.strip():
        return LAYOUT
    if len(text) > MAX_LAYOUT_TEXT:
        raise OptionError(f"A board layout is at most {MAX_LAYOUT_TEXT} characters long.")
    words = text.replace(",", " ").split()
    if len(words) != CELLS:
        raise OptionError(f"A board layout names {CELLS} spaces, row by row, not {len(words)}.")
    out: list[int] = []
    for k, word in enumerate(words):
        if word.upper() == "FREE":
            out.append(FREE)
            continue
        if not C.is_card_code(word) or C.card(word) >= 52:
            raise OptionError(f"Space {k // SIZE},{k % SIZE} of the layout, {word!r}, is no card (or FREE).")
        card = C.card(word)
        if C.RANK_OF[card] == C.JACK:
            raise OptionError(f"Space {k // SIZE},{k % SIZE} of the layout shows a jack: no jack is on the "
                              "board.")
        out.append(card)
    return tuple(out)
