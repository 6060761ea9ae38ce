"""Domino tiles as small ints, and the sets the rule books call for.

A tile is an ``int``: the tile with ends ``high >= low`` is ``high * (high + 1) // 2 + low``.
The numbering does not depend on the set, and a double-N set is exactly the tiles
``0 .. (N+1)(N+2)/2 - 1``: double-six is ``range(28)``, double-nine ``range(55)``,
double-twelve ``range(91)``. A tile and its reverse are the same tile (``7-12`` is ``12-7``);
a game that cares which way a tile lies keeps that in its layout, not in the tile.

Text: ``HIGH-LOW`` with the high end first (``12-7``, ``0-0``); either order reads
(``7-12``), so a tile always prints the same way and always reads back.

Every table here is computed once at import, for ends up to :data:`MAX_END` (double-18, the
largest set sold), so hot paths index lists instead of calling functions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gamenight.core.errors import DeckError
from gamenight.core.notation import Arg, Kind, read_digits

Tile = int

#: the highest end of any set here (double-18)
MAX_END = 18


def tile(a: int, b: int) -> Tile:
    """The tile with ends ``a`` and ``b``, in either order."""
    if not (0 <= a <= MAX_END and 0 <= b <= MAX_END):
        raise ValueError(f"{a}-{b} is not a domino (ends run from 0 to {MAX_END})")
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


#: the high end, low end, pip total and doubleness of every tile
HIGH: list[int] = [h for h in range(MAX_END + 1) for _ in range(h + 1)]
LOW: list[int] = [lo for h in range(MAX_END + 1) for lo in range(h + 1)]
PIPS: list[int] = [h + lo for h, lo in zip(HIGH, LOW, strict=True)]
IS_DOUBLE: list[bool] = [h == lo for h, lo in zip(HIGH, LOW, strict=True)]
#: the text of every tile: ``12-7``
CODE_OF: list[str] = [f"{h}-{lo}" for h, lo in zip(HIGH, LOW, strict=True)]
#: the double of each end: ``DOUBLE[6]`` is the 6-6
DOUBLE: list[Tile] = [tile(n, n) for n in range(MAX_END + 1)]


def ends(t: Tile) -> tuple[int, int]:
    """A tile's two ends, high first."""
    return HIGH[t], LOW[t]


def has_end(t: Tile, end: int) -> bool:
    """Whether the tile can be played on an open ``end``."""
    return HIGH[t] == end or LOW[t] == end


def other_end(t: Tile, end: int) -> int:
    """The end left open when the tile's ``end`` is matched (a double leaves its own number)."""
    if HIGH[t] == end:
        return LOW[t]
    if LOW[t] == end:
        return HIGH[t]
    raise ValueError(f"{CODE_OF[t]} has no {end} end")


def code(t: Tile) -> str:
    return CODE_OF[t]


def _read_tile(word: str) -> Tile | None:
    a, dash, b = word.partition("-")
    x, y = read_digits(a), read_digits(b)
    if not dash or x is None or y is None:
        return None
    if x > MAX_END or y > MAX_END:
        return None
    return tile(x, y)


def tile_of(text: str) -> Tile:
    """The tile for ``"12-7"`` (or ``"7-12"``); ``ValueError`` if none."""
    t = _read_tile(text.strip())
    if t is None:
        raise ValueError(f"{text!r} is not a domino (write its two ends, like 12-7)")
    return t


def tiles(texts: str | Iterable[str]) -> list[Tile]:
    """Tiles from texts, given as a list or one space-separated string."""
    if isinstance(texts, str):
        texts = texts.split()
    return [tile_of(t) for t in texts]


@dataclass(frozen=True)
class DominoSet:
    """A double-``top`` set: every tile once, from ``0-0`` to ``top-top``."""

    name: str
    top: int

    @property
    def tiles(self) -> range:
        return range((self.top + 1) * (self.top + 2) // 2)

    @property
    def doubles(self) -> tuple[Tile, ...]:
        return tuple(DOUBLE[: self.top + 1])

    def __len__(self) -> int:
        return len(self.tiles)

    def shuffled(self, rng: random.Random) -> list[Tile]:
        """The set's tiles face down and mixed, with the game's own RNG."""
        out = list(self.tiles)
        rng.shuffle(out)
        return out


DOUBLE_SIX = DominoSet("double-six", 6)
DOUBLE_NINE = DominoSet("double-nine", 9)
DOUBLE_TWELVE = DominoSet("double-twelve", 12)
DOUBLE_FIFTEEN = DominoSet("double-fifteen", 15)
DOUBLE_EIGHTEEN = DominoSet("double-eighteen", 18)
#: the sets by name
SETS: dict[str, DominoSet] = {s.name: s for s in (DOUBLE_SIX, DOUBLE_NINE, DOUBLE_TWELVE,
                                                  DOUBLE_FIFTEEN, DOUBLE_EIGHTEEN)}


def pip_count(ts: Sequence[Tile], double_blank: int = 0) -> int:
    """The pips on these tiles (what a hand left at the end scores in most games); the double
    blank counts ``double_blank`` (0 by its pips; 50 where a book charges it)."""
    return sum(PIPS[t] for t in ts) + (double_blank if 0 in ts else 0)


def codes(ts: Iterable[Tile]) -> list[str]:
    """The text of each tile: ``["12-7", "0-0"]``."""
    return [CODE_OF[t] for t in ts]


def laid(start: int, ts: Sequence[Tile]) -> list[str]:
    """A line of play as it lies: each tile written from the end that touches the one before
    (``start``, the number it grows from) to its open end — ``laid(12, [12-5, 5-3])`` is
    ``["12-5", "5-3"]``, and a tile matched on its low end reads low first (``"3-9"``)."""
    out = []
    end = start
    for t in ts:
        nxt = other_end(t, end)
        out.append(f"{end}-{nxt}")
        end = nxt
    return out


def open_end(start: int, ts: Sequence[Tile]) -> int:
    """The number a line of play grown from ``start`` is open on."""
    end = start
    for t in ts:
        end = other_end(t, end)
    return end


def deck_problem(tiles_: Sequence[Tile], top: Sequence[str]) -> str:
    """Why the tiles named in ``top`` cannot lie on top of a boneyard of ``tiles_`` (a code that
    is no tile, a tile the set lacks or that is named twice), or ``""``."""
    left = set(tiles_)
    for text in top:
        t = _read_tile(text.strip()) if isinstance(text, str) else None
        if t is None:
            shown = repr(text) if len(repr(text)) <= 20 else repr(text)[:17] + "..."
            return f"{shown} in the stacked boneyard is not a domino: write its two ends, like 12-7."
        if t not in left:
            return f"The stacked boneyard names {CODE_OF[t]} twice, or this set has no such tile."
        left.discard(t)
    return ""


def stack(tiles_: Sequence[Tile], top: Sequence[str], rng: random.Random) -> list[Tile]:
    """The set with the tiles named in ``top`` first, in that order, the rest shuffled after them
    (a stacked boneyard for tests: ``deck=``). ``DeckError`` if ``top`` names a tile badly."""
    why = deck_problem(tiles_, top)
    if why:
        raise DeckError(why)
    head = [tile_of(t) for t in top]
    rest = [t for t in tiles_ if t not in set(head)]
    rng.shuffle(rest)
    return head + rest


#: a domino tile in a move: ``12-7`` (either order reads); pieces slot
TILE = Kind("tile", "pieces", CODE_OF.__getitem__, _read_tile, priority=40)
#: the move argument of every tile
TILE_ARG: list[Arg] = [TILE(t) for t in range(len(CODE_OF))]
#: how a zone of tiles prints its pieces (like the cards' ``CARD_TEXT``)
TILE_TEXT = TILE
