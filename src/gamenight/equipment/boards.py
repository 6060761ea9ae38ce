"""Boards as data: grid boards and track boards, whose spaces are small ints.

**Grid boards** (5 in a Row's 10×10): the square in row ``r``, column ``c`` (both from 0, row
first) is ``r * STRIDE + c``, with ``STRIDE = 32``, whatever the board's size (boards up to
32×32), so a square means the same on every board, as a card does in every deck. Its text is
``r,c`` (``4,2``): the coordinates the rule book's worked cases use ("own discs at (4,2)…").
Move notation: :data:`SPACE`, in a move's ``spaces``.

**Track boards** (Jokers Wild, a pegs-and-jokers race): every hole is numbered. The loop's
holes come first, ``0 .. loop-1`` in the direction of play; then, seat by seat, the seat's
start holes (where its pieces wait: the book's "Home") and its finish holes (the stretch a
piece ends in: the book's "Castle"), in order from the loop. A hole's text is its number.
Move notation: :data:`HOLE`, in a move's ``spaces``; typed back in, the digits read as plain
numbers and :func:`~gamenight.core.moves.parse_move` returns the move the game built.

**Pieces** (marbles, pegs, discs): the pieces of one seat are interchangeable, so a move names
the space a piece stands on, as a card move names a card and not a copy of it; there is no
piece kind. A position is a list with, for each space, the seat whose piece is there or
:data:`EMPTY`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gamenight.core.notation import Kind, read_digits

Space = int

#: squares per row in the numbering of grid squares (the widest and tallest grid)
STRIDE = 32
#: no piece on this space
EMPTY = -1


def square(r: int, c: int) -> Space:
    """The grid square in row ``r``, column ``c`` (from 0)."""
    if not (0 <= r < STRIDE and 0 <= c < STRIDE):
        raise ValueError(f"({r},{c}) is off every board (rows and columns run 0 to {STRIDE - 1})")
    return r * STRIDE + c


def row(s: Space) -> int:
    return s // STRIDE


def col(s: Space) -> int:
    return s % STRIDE


def square_text(s: Space) -> str:
    """``r,c``: ``4,2``."""
    if not 0 <= s < STRIDE * STRIDE:
        raise ValueError(f"{s!r} is not a grid square")
    return f"{s // STRIDE},{s % STRIDE}"


def _read_square(word: str) -> Space | None:
    r, comma, c = word.partition(",")
    ri, ci = read_digits(r), read_digits(c)
    if not comma or ri is None or ci is None:
        return None
    return ri * STRIDE + ci if ri < STRIDE and ci < STRIDE else None


def square_of(text: str) -> Space:
    """The square for ``"4,2"``; ``ValueError`` if none."""
    s = _read_square(text.strip())
    if s is None:
        raise ValueError(f"{text!r} is not a square (write row,column from 0, like 4,2)")
    return s


#: the four directions of a line: along a row, down a column, and the two diagonals
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass(frozen=True)
class GridBoard:
    """A ``rows`` × ``cols`` grid; ``squares`` lists its squares in reading order."""

    rows: int
    cols: int
    squares: tuple[Space, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= STRIDE and 1 <= self.cols <= STRIDE):
            raise ValueError(f"a grid board has 1 to {STRIDE} rows and columns, not {self.rows}×{self.cols}")
        object.__setattr__(self, "squares",
                           tuple(r * STRIDE + c for r in range(self.rows) for c in range(self.cols)))

    def contains(self, s: Space) -> bool:
        return s >= 0 and s // STRIDE < self.rows and s % STRIDE < self.cols

    def step(self, s: Space, dr: int, dc: int) -> Space | None:
        """The square ``dr`` rows and ``dc`` columns from ``s``, or ``None`` off the board."""
        r, c = s // STRIDE + dr, s % STRIDE + dc
        return r * STRIDE + c if 0 <= r < self.rows and 0 <= c < self.cols else None

    @property
    def corners(self) -> tuple[Space, ...]:
        last_r, last_c = (self.rows - 1) * STRIDE, self.cols - 1
        return tuple(dict.fromkeys((0, last_c, last_r, last_r + last_c)))

    def lines(self, length: int) -> tuple[tuple[Space, ...], ...]:
        """Every straight line of ``length`` squares: along rows, columns and both diagonals."""
        out = []
        for s in self.squares:
            for dr, dc in DIRECTIONS:
                line = [s]
                while len(line) < length:
                    nxt = self.step(line[-1], dr, dc)
                    if nxt is None:
                        break
                    line.append(nxt)
                if len(line) == length:
                    out.append(tuple(line))
        return tuple(out)


@dataclass(frozen=True)
class TrackBoard:
    """A loop of numbered holes with, for each seat, start holes and a finish stretch.

    ``entry[p]`` is the loop hole seat ``p``'s pieces come out onto, ``exit[p]`` the loop
    hole its finish stretch branches from; ``start[p]`` and ``finish[p]`` are its holes off
    the loop (finish in order from the loop). ``owner[s]`` is the seat a hole off the loop
    belongs to (:data:`EMPTY` for loop holes). Build one with :func:`track`.
    """

    loop: int
    entry: tuple[int, ...]
    exit: tuple[int, ...]
    start: tuple[tuple[Space, ...], ...]
    finish: tuple[tuple[Space, ...], ...]
    owner: tuple[int, ...]
    #: per hole: its place in its seat's finish stretch (0 the first from the loop; -1 elsewhere)
    finish_index: tuple[int, ...] = field(init=False, repr=False)
    #: per hole: whether it is a start hole (a Home)
    is_start: tuple[bool, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        index = [-1] * len(self.owner)
        starting = [False] * len(self.owner)
        for p in range(len(self.entry)):
            for i, s in enumerate(self.finish[p]):
                index[s] = i
            for s in self.start[p]:
                starting[s] = True
        object.__setattr__(self, "finish_index", tuple(index))
        object.__setattr__(self, "is_start", tuple(starting))

    @property
    def seats(self) -> int:
        return len(self.entry)

    @property
    def size(self) -> int:
        """How many holes in all."""
        return len(self.owner)

    def on_loop(self, s: Space) -> bool:
        return 0 <= s < self.loop

    def ahead(self, hole: int, n: int) -> int:
        """The loop hole ``n`` holes on from ``hole`` (back when ``n`` is negative)."""
        return (hole + n) % self.loop

    def empty(self) -> list[int]:
        """A position with no piece anywhere: :data:`EMPTY` on every hole."""
        return [EMPTY] * self.size


def track(loop: int, seats: int, *, entry: int, exit: int, start: int, finish: int) -> TrackBoard:
    """A loop of ``loop`` holes shared out evenly between ``seats`` sides. Each seat's side
    begins at hole ``p * loop // seats``; its pieces come out at ``entry`` holes into its side
    and leave for its ``finish`` holes at ``exit`` holes into it; it has ``start`` holes."""
    if seats < 1 or loop < seats:
        raise ValueError(f"a track of {loop} holes cannot be shared between {seats} seats")
    sides = [p * loop // seats for p in range(seats)]
    starts: list[tuple[Space, ...]] = []
    finishes: list[tuple[Space, ...]] = []
    owner = [EMPTY] * loop
    for p in range(seats):
        starts.append(tuple(range(len(owner), len(owner) + start)))
        owner += [p] * start
        finishes.append(tuple(range(len(owner), len(owner) + finish)))
        owner += [p] * finish
    return TrackBoard(
        loop=loop,
        entry=tuple((side + entry) % loop for side in sides),
        exit=tuple((side + exit) % loop for side in sides),
        start=tuple(starts),
        finish=tuple(finishes),
        owner=tuple(owner),
    )


#: 5 in a Row: ten by ten (the layout of cards on it is the game's data)
FIVE_IN_A_ROW = GridBoard(10, 10)
#: Jokers Wild (the book's house geometry, after pagat's Pegs and Jokers): 4 sides of 18 holes,
#: come-out at the 8th hole of a side, castle entrance at the 3rd, 5-hole Home and Castle
JOKERS_WILD = track(72, 4, entry=8, exit=3, start=5, finish=5)


def _read_hole(word: str) -> Space | None:
    return read_digits(word)


#: a grid square in a move: ``r,c`` from 0 (``4,2``); spaces slot
SPACE = Kind("space", "spaces", square_text, _read_square, priority=50)
#: a track board's hole in a move: its number (``30``); spaces slot
HOLE = Kind("hole", "spaces", str, _read_hole, priority=34, listed=False)
