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


def pip_count(ts: Sequence[Tile]) -> int:
    """The pips on these tiles (what a hand left at the end scores in most games)."""
    return sum(PIPS[t] for t in ts)


#: a domino tile in a move: ``12-7`` (either order reads); pieces slot
TILE = Kind("tile", "pieces", CODE_OF.__getitem__, _read_tile, priority=40)
#: the move argument of every tile
TILE_ARG: list[Arg] = [TILE(t) for t in range(len(CODE_OF))]
