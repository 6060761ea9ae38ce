"""5 in a Row — the family rule book (seed 000, p.21, "5 In a Row (Board Game)").

A board game played with cards, after Sequence. Two 52-card decks, no jokers. Two players, or
four in two partnerships, partners opposite (North–South against East–West). The board is ten by
ten: every card but the jacks shows twice on it, and the four corners are free spaces. Five cards
to each player; the player left of the dealer begins.

On your turn you play one card face up on the discard pile and put a disc of your colour on a
free space showing that card (either of its two spaces: ``play 7H 0,4``, spaces written row,column
from 0). A two-eyed jack (J♣, J♦) puts your disc on any free space (``play JC 4,2``); a one-eyed
jack (J♠, J♥) takes an opposing disc off the board (``remove JS 4,2``), but never one that is part
of a finished row. Then you draw a card. A card whose two spaces are both taken is dead: once a
turn, before playing, you may throw it away and draw another (``dead 4H``). When the draw pile
runs out the discard pile is shuffled into a new one.

Five discs of a colour in a straight line — along a row, down a column or on a diagonal, a free
corner counting for every colour — make a row; it is marked, and its discs can never be taken off.
Two rows may share one disc only where they cross. The first side with three rows wins.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §20, code 5R):

* G-5R-1 — the board is the spec's proposed layout (``five-in-a-row-board.json``): every non-jack
  card twice, the two copies never in one line and at least three spaces apart.
* G-5R-2 — the corners are free and count for every colour. Option ``free_corners`` off: no
  free spaces, which only a layout with a card on every corner allows (option ``layout``).
* Option ``layout`` (OPT-5R-layout): another board, 100 spaces row by row (card codes, FREE for
  a free space); empty, the proposed board. A card shows on at most two spaces (two decks), a
  jack on none.
* G-5R-3 — J♠ and J♥ are one-eyed, J♣ and J♦ two-eyed.
* G-5R-4 — two rows in one line may not share a disc (nine in a line is one row, ten two);
  option ``same_line_overlap``: they may share one (nine in a line is two rows), as in Sequence.
  A finished row stays as it was marked: discs added to its line later make a new row only where
  five of them lie outside it (one may be shared with the option).
* G-5R-5 — three rows for each side, partnerships included (option ``rows_to_win``).
* Option ``hand_size``: five cards each; 0 is Sequence's count (preset ``sequence``), seven each
  for two players and six for four.
* G-5R-6 — the program draws for you. Option ``manual_draw_penalty``: you draw yourself
  (``draw``) or end your turn without (``done``), and forgetting costs your next turn: the turn is
  missed and the card drawn then.
* G-5R-7 — one dead card a turn.
* G-5R-8 — a one-eyed jack with no opposing disc to take cannot be played for effect; a player with
  no usable card at all (no placement, no removal) throws one card away without effect
  (``discard 7H``) and draws. A dead card exchange is still allowed first.
* One-eyed jack: the book's "may not re-occupy that space this turn" holds by itself, since a
  turn plays one card.
* End with no winner (the spec's tie when nobody can play): the game is drawn when a whole pass
  of the 104 cards (104 turns in a row) puts no disc on the board and takes none off.
* Hands are hidden; the board, the discard pile and how many cards each side holds are public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.errors import IllegalMove, OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.core.zones import Visibility
from gamenight.equipment import boards as B
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards, DrawsBack
from gamenight.families.table import Seating
from gamenight.games.five_in_a_row_board import CELLS, FREE, LAYOUT, SIZE, cells_of, parse_layout
from gamenight.games.side_words import colour_sentence, side_names

ROW_LENGTH = 5
EMPTY = -1

#: the fewest cards a hand may be set to, and Sequence's count by players (0 in ``hand_size``)
MIN_HAND = 3
SEQUENCE_HAND = {2: 7, 4: 6}


#: the cells showing each card on the proposed board
CELLS_OF: dict[int, tuple[int, ...]] = cells_of(LAYOUT)
CORNERS: tuple[int, ...] = tuple(i for i, c in enumerate(LAYOUT) if c == FREE)
#: the board square (move notation) of each cell, and back
SQUARE: tuple[int, ...] = tuple(B.square(i // SIZE, i % SIZE) for i in range(CELLS))
CELL_OF_SQUARE: dict[int, int] = {s: i for i, s in enumerate(SQUARE)}
SPACE_ARG = [B.SPACE(s) for s in SQUARE]
#: the four directions (along a row, down a column, the two diagonals) as cell steps
DIRS: tuple[tuple[int, int], ...] = B.DIRECTIONS
DIR_NAMES = ("across", "down", "diagonally", "diagonally")
#: every line of five cells, with its direction
WINDOWS: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (d, tuple(CELL_OF_SQUARE[s] for s in line))
    for d, (dr, dc) in enumerate(DIRS)
    for line in B.FIVE_IN_A_ROW.lines(ROW_LENGTH)
    if B.row(line[1]) - B.row(line[0]) == dr and B.col(line[1]) - B.col(line[0]) == dc
)
#: the windows through each cell
WINDOWS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, (_, cells) in enumerate(WINDOWS) if i in cells) for i in range(CELLS))

#: what an open line holding k discs (free corners counted) is worth to its side, in rows: the
#: horizon search's estimate (``deal_estimate``); a line of four is most of a row, lines of two
#: count little (and many lie open early on)
LINE_WORTH = (0.0, 0.0, 0.02, 0.1, 0.4, 1.0)

ONE_EYED = frozenset({C.card("JS"), C.card("JH")})
TWO_EYED = frozenset({C.card("JC"), C.card("JD")})
JACKS = ONE_EYED | TWO_EYED
COLOURS = ("blue", "green")
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(4)]
OWNER, PUBLIC, UNSEEN = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY
DRAW, DONE = Move("draw"), Move("done")
#: turns in a row with no disc placed or taken off after which the game is drawn
IDLE_LIMIT = 104


def cell_text(i: int) -> str:
    return f"{i // SIZE},{i % SIZE}"


def row_of_five(side: int, direction: int, cells: tuple[int, ...]) -> tuple[list[int], str]:
    """A row of five on the score sheet: a point to the side that made it, and where it lies (the
    engine's sheet and the score pad's both)."""
    return ([int(t == side) for t in range(2)],
            f"{DIR_NAMES[direction]}, {cell_text(cells[0])} to {cell_text(cells[-1])}")


def place_move(card: int, cell: int) -> Move:
    return Move("play", C.CARD_ARG[card], SPACE_ARG[cell])


def remove_move(card: int, cell: int) -> Move:
    return Move("remove", C.CARD_ARG[card], SPACE_ARG[cell])


#: every move built once: (verb, card, cell) -> move
PLACE = {(c, i): place_move(c, i) for c in range(52) for i in range(CELLS) if C.RANK_OF[c] != C.JACK
         or c in TWO_EYED}
REMOVE = {(c, i): remove_move(c, i) for c in ONE_EYED for i in range(CELLS)}
DEAD = [Move("dead", C.CARD_ARG[c]) for c in range(52)]
DISCARD = [Move("discard", C.CARD_ARG[c]) for c in range(52)]


def _card_on_space(card: int, word: str) -> Move | None:
    """``7S 3,1``: the card played on that space (a one-eyed jack taking the disc off it)."""
    try:
        cell = CELL_OF_SQUARE.get(B.square_of(word), -1)
    except ValueError:
        return None
    return (REMOVE if card in ONE_EYED else PLACE).get((card, cell))


def find_rows(team_cells: set[int], free: frozenset[int], rows: list[tuple[int, int, tuple[int, ...]]],
              team: int, start: int, overlap: bool) -> list[tuple[int, tuple[int, ...]]]:
    """The new rows (direction, cells) a disc of ``team`` just put on ``start`` makes: in each
    direction, the line of the team's discs (and free corners) through it, cut into fives from
    one end, each five sharing no disc (one with ``overlap``) with a row already marked in that
    line. ``rows`` holds the rows marked so far (team, direction, cells)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    r0, c0 = divmod(start, SIZE)
    for d, (dr, dc) in enumerate(DIRS):
        # back to the start of the line through the disc
        r, c = r0, c0
        while 0 <= r - dr < SIZE and 0 <= c - dc < SIZE and ((r - dr) * SIZE + c - dc in team_cells
                                                             or (r - dr) * SIZE + c - dc in free):
            r, c = r - dr, c - dc
        line: list[int] = []
        while 0 <= r < SIZE and 0 <= c < SIZE and (r * SIZE + c in team_cells or r * SIZE + c in free):
            line.append(r * SIZE + c)
            r, c = r + dr, c + dc
        if len(line) < ROW_LENGTH:
            continue
        marked: set[int] = set()
        for t, rd, cells in rows:
            if t == team and rd == d:
                marked.update(cells)
        k = 0
        while k + ROW_LENGTH <= len(line):
            five = tuple(line[k:k + ROW_LENGTH])
            shared = sum(1 for x in five if x in marked)
            if shared == 0 or (overlap and shared == 1):
                out.append((d, five))
                marked.update(five)
                k += ROW_LENGTH - (1 if overlap else 0)
            else:
                k += 1
    return out


@dataclass(frozen=True, kw_only=True)
class FiveInARowOptions(Options):
    rows_to_win: int = option(
        3, "Rows to win",
        "How many rows of five a side needs to win.",
        minimum=1, maximum=5,
    )
    hand_size: int = option(
        5, "Cards in hand",
        "How many cards each player holds (0: Sequence's count, seven each for two players and six "
        "for four).",
        minimum=0, maximum=7,
    )
    same_line_overlap: bool = option(
        False, "Rows in one line may share a disc",
        "Whether two rows in the same line may share one disc (nine in a line: two rows), "
        "as well as rows that cross.",
    )
    free_corners: bool = option(
        True, "Free corners",
        "Whether the free spaces (the corners) count for every colour. Off only with a layout "
        "that puts a card on every corner.",
    )
    layout: str = option(
        "", "Board layout",
        "Another board: its 100 spaces row by row, card codes (7H, 10S) or FREE, separated by spaces "
        "or commas. Empty: the usual board, with free corners.",
    )

    def check(self, players: int) -> None:
        if 0 < self.hand_size < MIN_HAND:
            raise OptionError(f"Cards in hand: at least {MIN_HAND} each (or 0 for Sequence's count).")
        try:
            layout = parse_layout(self.layout)
        except OptionError as err:
            raise OptionError(f"Option 'layout': {err}") from None
        if not self.free_corners and FREE in layout:
            raise OptionError("Free corners can be switched off only with a layout that puts a card on "
                              "every free space (option 'layout').")
    manual_draw_penalty: bool = option(
        False, "Draw yourself",
        "You draw your own card after playing; end the turn without drawing and you miss your next "
        "turn.",
    )


PRESETS: dict[str, Preset] = {
    "sequence": Preset("sequence", "Sequence's usual rules: two rows win, rows in a line may share a disc, "
                                   "seven cards each for two players, six for four",
                       {"rows_to_win": 2, "same_line_overlap": True, "hand_size": 0}),
}


class FiveInARowPhase(PhaseName):
    NONE = "", "Game over"
    PLAY = "play", "Playing a card: put a disc on a space it shows"
    DRAW = "draw", "Drawing a card"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

def space_words(cell: int) -> str:
    """A space as a player reads it, rows and columns counted from 1 as people count (the moves
    write it from 0: ``0,4`` is row 1, column 5; docs/ARCHITECTURE.md "Numbers people read")."""
    return f"row {cell // SIZE + 1}, column {cell % SIZE + 1}"


class PlaceDisc(MoveKind["FiveInARow"]):
    """Play a card and put a disc on a free space showing it; a two-eyed jack on any free space
    (never a corner, which counts for everyone)."""

    verbs = ("play",)

    def candidates(self, s: FiveInARow, seat: int) -> list[Move]:
        return s._play_moves(seat)  # each card's empty spaces: exactly the rule's

    def legal(self, s: FiveInARow, seat: int) -> list[Move]:
        return s._play_moves(seat)

    def verify(self, s: FiveInARow, seat: int, move: Move) -> str | None:
        parts = s._card_and_cell(move)
        if parts is None:
            return "Name a card and a space (row,column): 'play 7H 0,4'."
        card, cell = parts
        label = C.LABEL_OF[card]
        if card not in s.hands[seat]:
            return f"You do not hold {label}."
        if card in ONE_EYED:
            return (f"{label} is a one-eyed jack: it takes an opposing disc off "
                    f"('remove {C.CODE_OF[card]} r,c').")
        if cell in s.free:
            return "A free space counts for everyone: no disc goes there."
        if s.board[cell] != EMPTY:
            return f"Space {cell_text(cell)} is taken already."
        if card not in TWO_EYED and cell not in s.cells_of.get(card, ()):
            where = " and ".join(cell_text(i) for i in s.cells_of.get(card, ())) or "none on this board"
            return f"{label} puts a disc only on a space showing {label} ({where})."
        return None

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s._play(seat, move)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        card, cell = move.cards[0], CELL_OF_SQUARE[move.spaces[0]]
        return f"Play {C.LABEL_OF[card]} on {space_words(cell)}"


class TakeDiscOff(MoveKind["FiveInARow"]):
    """A one-eyed jack takes an opposing disc off the board, never one in a finished row."""

    verbs = ("remove",)

    def candidates(self, s: FiveInARow, seat: int) -> list[Move]:
        return s._remove_moves(seat)  # held one-eyed jacks × removable discs: exactly the rule's

    def legal(self, s: FiveInARow, seat: int) -> list[Move]:
        return s._remove_moves(seat)

    def verify(self, s: FiveInARow, seat: int, move: Move) -> str | None:
        parts = s._card_and_cell(move)
        if parts is None:
            return "Name a one-eyed jack and the disc to take off: 'remove JS 4,2'."
        card, cell = parts
        if card not in ONE_EYED:
            return "Only a one-eyed jack (J\u2660, J\u2665) takes a disc off the board."
        if card not in s.hands[seat]:
            return f"You do not hold {C.LABEL_OF[card]}."
        if s.board[cell] == EMPTY:
            return f"There is no disc on {cell_text(cell)}."
        if s.board[cell] == s.side_of(seat):
            return "That disc is your own side's: a one-eyed jack takes an opposing disc off."
        if s.locked[cell]:
            return f"The disc on {cell_text(cell)} is part of a finished row: it can never be taken off."
        return None

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s._remove(seat, move)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        card, cell = move.cards[0], CELL_OF_SQUARE[move.spaces[0]]
        return f"Take the {COLOURS[s.board[cell]]} disc off {space_words(cell)} with {C.LABEL_OF[card]}"


def one_card(move: Move) -> bool:
    """The move names one card and nothing else."""
    return len(move.cards) == 1 and len(move.args) == 1


class DeadCard(MoveKind["FiveInARow"]):
    """Once a turn, before playing, throw away a card whose spaces are all taken and draw another."""

    verbs = ("dead",)

    def candidates(self, s: FiveInARow, seat: int) -> list[Move]:
        return [DEAD[c] for c in sorted(set(s.hands[seat]))]

    def verify(self, s: FiveInARow, seat: int, move: Move) -> str | None:
        if not one_card(move):
            return "Name the dead card: 'dead 4H'."
        card = move.cards[0]
        if card not in s.hands[seat]:
            return f"You do not hold {C.LABEL_OF[card]}."
        if s.dead_used:
            return "One dead card a turn: play a card now."
        if card in JACKS:
            return "A jack is never dead."
        if not (s.stock or s.discards):
            return "There is no card left to draw in exchange."
        if not s.is_dead(card):
            return f"{C.LABEL_OF[card]} is not dead: one of its spaces is still free."
        return None

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s._dead(seat, move)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        return f"Throw away dead {C.LABEL_OF[move.cards[0]]} and draw another"


class ThrowAway(MoveKind["FiveInARow"]):
    """With no card that can be used (no space to take, no disc to take off), throw one away
    without effect."""

    verbs = ("discard",)

    def candidates(self, s: FiveInARow, seat: int) -> list[Move]:
        return [DISCARD[c] for c in sorted(set(s.hands[seat]))]

    def legal(self, s: FiveInARow, seat: int) -> list[Move]:
        return [] if s._play_moves(seat) or s._remove_moves(seat) else self.candidates(s, seat)

    def verify(self, s: FiveInARow, seat: int, move: Move) -> str | None:
        if not one_card(move):
            return "Name the card to throw away: 'discard 7H'."
        if move.cards[0] not in s.hands[seat]:
            return f"You do not hold {C.LABEL_OF[move.cards[0]]}."
        if s._play_moves(seat) or s._remove_moves(seat):
            return "You can use a card: a card is thrown away without effect only when none can be used."
        return None

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s._discard(seat, move)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        return f"Throw {C.LABEL_OF[move.cards[0]]} away: no card can be used"


class DrawCard(OneMove["FiveInARow"]):
    """Draw your card after playing (where players draw for themselves)."""

    source = "stock"

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s.draw_card(seat)
        s._next_turn(seat)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        return "Draw a card"


class EndWithoutDrawing(OneMove["FiveInARow"]):
    """End the turn without drawing: the next turn is missed, and the card drawn then."""

    def apply(self, s: FiveInARow, seat: int, move: Move) -> None:
        s.owes_draw[seat] = True
        s.emit("forgot", f"{s.names[seat]} ends the turn without drawing, and will miss the next turn.",
               seat=seat)
        s._next_turn(seat)

    def describe(self, s: FiveInARow, move: Move, viewer: int | None) -> str:
        return "End the turn without drawing (you miss your next turn)"


class PlayPhase(KindsPhase["FiveInARow"]):
    wrong: ClassVar[dict[str, str]] = {
        "draw": "Play a card first; then draw.",
        "done": "Play a card first.",
    }
    otherwise = "Play a card on a space it shows, or take a disc off with a one-eyed jack."

    def to_act(self, s: FiveInARow) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: FiveInARow) -> list[MoveKind[Any]]:
        return [PlaceDisc(), TakeDiscOff(), DeadCard(), ThrowAway()]


class DrawPhase(KindsPhase["FiveInARow"]):
    otherwise = "You have played your card this turn: draw ('draw'), or end the turn ('done')."
    wrong: ClassVar[dict[str, str]] = dict.fromkeys(("play", "remove", "dead", "discard"), otherwise)

    def to_act(self, s: FiveInARow) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: FiveInARow) -> list[MoveKind[Any]]:
        return [DrawCard(DRAW), EndWithoutDrawing(DONE)]


class FiveInARow(PhaseDispatch, DealsCards, DrawsBack, Seating, State):
    """Cards played to put discs on a board of cards: three rows of five win."""

    DEAL_WORD: ClassVar[str] = "game"
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"card", "space", "number", "word"})
    options: FiveInARowOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        FiveInARowPhase.NONE: PhaseHandler(), FiveInARowPhase.PLAY: PlayPhase(),
        FiveInARowPhase.DRAW: DrawPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True),
        Field("board", "The board", Kind.BOARD),
        Field("rows_to_win", "Rows to win", Kind.NUMBER),
        Field("discs", "Discs", Kind.TEXT),
        Field("missing_turn", "Misses the next turn", Kind.SEATS),
        Field("last_play", "Last play", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating(teams=2 if n == 4 else 1)
        self.phase_name: str = FiveInARowPhase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discards: list[int] = []
        #: the side whose disc is on each cell (EMPTY: none)
        self.board: list[int] = [EMPTY] * CELLS
        #: cells in a finished row: their discs stay
        self.locked: list[bool] = [False] * CELLS
        #: the rows marked: (side, direction, cells)
        self.rows: list[tuple[int, int, tuple[int, ...]]] = []
        #: the card on each cell (FREE: a free space) and the cells of each card
        self.layout: tuple[int, ...] = parse_layout(self.options.layout)
        self.cells_of: dict[int, tuple[int, ...]] = cells_of(self.layout)
        self.free: frozenset[int] = frozenset(i for i, c in enumerate(self.layout) if c == FREE)
        self.turn = 0
        self.dead_used = False
        #: seats that ended a turn without drawing (manual draw): they miss their next turn
        self.owes_draw: list[bool] = [False] * n
        self.idle = 0
        self.last_play = ""
        self._deal()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=2)

    def _sheet_columns(self) -> list[str]:
        if self.num_players == 4:
            return ["North–South", "East–West"]
        return list(self.names)

    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    def side_name(self, side: int) -> str:
        return self._sheet_columns()[side]

    # ---- the deal -------------------------------------------------------------------------

    def _deal(self) -> None:
        n = self.num_players
        self.deal_no = 1
        deck = self._fresh_deck()
        size = self.options.hand_size or SEQUENCE_HAND[n]
        order = self.seats_from(self.left_of_dealer())
        for i, s in enumerate(order):
            self.hands[s] = deck[i:size * n:n]
        self.stock = deck[size * n:][::-1]  # the top of the pile (drawn first) last in the list
        self.turn = order[0]
        self.phase_name = FiveInARowPhase.PLAY
        colours = "; ".join(f"{self.side_name(t)} play {COLOURS[t]}" for t in range(self.sides))
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {size} cards each; "
                          f"{colours}. {self.names[self.turn]} begins.", seat=self.dealer)

    # ---- what a seat may do -----------------------------------------------------------------

    def is_dead(self, card: int) -> bool:
        """A card whose spaces are all taken (one the board does not show at all, too); never a
        jack."""
        return card not in JACKS and all(self.board[i] != EMPTY for i in self.cells_of.get(card, ()))

    def removable(self, seat: int) -> list[int]:
        """The opposing discs a one-eyed jack may take off: any not in a finished row."""
        me = self.side_of(seat)
        board, locked = self.board, self.locked
        return [i for i in range(CELLS) if board[i] != EMPTY and board[i] != me and not locked[i]]

    def _play_moves(self, seat: int) -> list[Move]:
        out: list[Move] = []
        board = self.board
        for c in sorted(set(self.hands[seat])):
            if c in TWO_EYED:
                free = self.free
                out += [PLACE[c, i] for i in range(CELLS) if board[i] == EMPTY and i not in free]
            elif c not in ONE_EYED:
                out += [PLACE[c, i] for i in self.cells_of.get(c, ()) if board[i] == EMPTY]
        return out

    def _remove_moves(self, seat: int) -> list[Move]:
        jacks = sorted(set(self.hands[seat]) & ONE_EYED)
        if not jacks:
            return []
        cells = self.removable(seat)
        return [REMOVE[c, i] for c in jacks for i in cells]

    # ---- a move's parts -------------------------------------------------------------------------

    def _card_and_cell(self, move: Move) -> tuple[int, int] | None:
        if len(move.cards) != 1 or len(move.spaces) != 1 or len(move.args) != 2:
            return None
        cell = CELL_OF_SQUARE.get(move.spaces[0])
        return None if cell is None else (move.cards[0], cell)

    # ---- doing it ---------------------------------------------------------------------------

    def _take(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.discards.append(card)

    def _play(self, seat: int, move: Move) -> None:
        card, cell = move.cards[0], CELL_OF_SQUARE[move.spaces[0]]
        self._take(seat, card)
        side = self.side_of(seat)
        self.board[cell] = side
        self.idle = 0
        how = "two-eyed jack: " if card in TWO_EYED else ""
        self.last_play = (f"{self.names[seat]} played {C.LABEL_OF[card]} and put a {COLOURS[side]} disc "
                          f"on {cell_text(cell)}.")
        self.emit("play", f"{self.names[seat]} plays {how}{C.LABEL_OF[card]} and puts a {COLOURS[side]} disc "
                          f"on {cell_text(cell)}.", seat=seat, card=C.CODE_OF[card], space=cell_text(cell))
        if self._mark_rows(seat, cell):
            return
        self._after_play(seat)

    def _remove(self, seat: int, move: Move) -> None:
        card, cell = move.cards[0], CELL_OF_SQUARE[move.spaces[0]]
        self._take(seat, card)
        gone = self.board[cell]
        self.board[cell] = EMPTY
        self.idle = 0
        self.last_play = (f"{self.names[seat]} played {C.LABEL_OF[card]} and took the {COLOURS[gone]} disc "
                          f"off {cell_text(cell)}.")
        self.emit("remove", f"{self.names[seat]} plays one-eyed jack {C.LABEL_OF[card]} and takes the "
                            f"{COLOURS[gone]} disc off {cell_text(cell)}.", seat=seat, card=C.CODE_OF[card],
                  space=cell_text(cell))
        self._after_play(seat)

    def _dead(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self._take(seat, card)
        self.dead_used = True
        self.emit("dead", f"{self.names[seat]} throws away dead card {C.LABEL_OF[card]} and draws another.",
                  seat=seat, card=C.CODE_OF[card])
        self.draw_card(seat)

    def _discard(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self._take(seat, card)
        self.idle += 1
        self.last_play = f"{self.names[seat]} could use no card and threw {C.LABEL_OF[card]} away."
        self.emit("discard", f"{self.names[seat]} can use no card and throws {C.LABEL_OF[card]} away.",
                  seat=seat, card=C.CODE_OF[card])
        self._after_play(seat)

    def _after_play(self, seat: int) -> None:
        if self.idle >= IDLE_LIMIT:
            self._drawn_game()
            return
        if self.options.manual_draw_penalty:
            self.phase_name = FiveInARowPhase.DRAW
            return
        self.draw_card(seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        self.phase_name = FiveInARowPhase.PLAY
        self.dead_used = False
        nxt = self.next_seat(seat)
        while self.owes_draw[nxt]:
            # the book: forgetting to draw costs the next turn; the card is drawn now
            self.owes_draw[nxt] = False
            self.draw_card(nxt)
            self.emit("missed", f"{self.names[nxt]} misses this turn (no card was drawn last turn) and "
                                "draws now.", seat=nxt)
            nxt = self.next_seat(nxt)
        self.turn = nxt

    # ---- rows and the end ------------------------------------------------------------------------

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`), in rows (the sheet gives
        a side a point a row): each side's open lines of five — no opposing disc in them, free
        corners counting for both — weighed by how near they are to a row (:data:`LINE_WORTH`)."""
        row = [0.0] * self.sides
        board, free = self.board, self.free
        for _, cells in WINDOWS:
            held = [board[i] for i in cells if i not in free and board[i] != EMPTY]
            if held and any(h != held[0] for h in held):
                continue  # both colours: nobody's row
            if held:
                row[held[0]] += LINE_WORTH[len(held) + sum(1 for i in cells if i in free)]
        return row

    def rows_of(self, side: int) -> int:
        return sum(1 for t, _, _ in self.rows if t == side)

    def _mark_rows(self, seat: int, cell: int) -> bool:
        """Mark the rows the disc on ``cell`` finished; True when its side has won."""
        side = self.side_of(seat)
        mine = {i for i in range(CELLS) if self.board[i] == side}
        new = find_rows(mine, self.free, self.rows, side, cell, self.options.same_line_overlap)
        for d, cells in new:
            self.rows.append((side, d, cells))
            for i in cells:
                self.locked[i] = True
            # the score sheet counts the rows: a line for each, a point to the side that made it
            points, where = row_of_five(side, d, cells)
            self.sheet.add(f"{self.deal_name()}, row {len(self.rows)}", points, note=where)
            self.emit("row", f"{self.side_name(side)} finish a row of five {DIR_NAMES[d]}, "
                             f"{cell_text(cells[0])} to {cell_text(cells[-1])}: it is marked "
                             f"({self.rows_of(side)} of {self.options.rows_to_win}).",
                      seat=seat, spaces=[cell_text(i) for i in cells])
        if new and self.rows_of(side) >= self.options.rows_to_win:
            self._won(side)
            return True
        return False

    def _won(self, side: int) -> None:
        self.phase_name = FiveInARowPhase.NONE
        rows = [self.rows_of(t) for t in range(self.sides)]
        winners = [s for s in range(self.num_players) if self.side_of(s) == side]
        self.finish([rows[self.side_of(s)] for s in range(self.num_players)], winners,
                    f"{self.side_name(side)} made {rows[side]} rows of five.")

    def _drawn_game(self) -> None:
        self.phase_name = FiveInARowPhase.NONE
        rows = [self.rows_of(t) for t in range(self.sides)]
        self.finish([rows[self.side_of(s)] for s in range(self.num_players)], list(range(self.num_players)),
                    f"A whole pass of the {IDLE_LIMIT} cards put no disc on the board and took none off: "
                    "the game is drawn.")

    # ---- typed shorthands ------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """A card and a space (``7S 3,1``) play it there (a one-eyed jack takes the disc off); a
        bare card makes its one legal move, or is answered with the moves it has."""
        words = text.split()
        if words and C.is_card_code(words[0]) and len(words) <= 2:
            card = C.card(words[0])
            if len(words) == 2:
                made = _card_on_space(card, words[1])
                if made is not None:
                    return made
            elif not self.is_over:
                legal = [m for m in self.legal_moves(self.turn) if card in m.cards]
                if len(legal) == 1:
                    return legal[0]
                if legal:
                    some = ", ".join(str(m) for m in legal[:4]) + ("…" if len(legal) > 4 else "")
                    example = str(legal[0]).split(" ", 1)[1]
                    raise IllegalMove(f"{C.LABEL_OF[card]} has {len(legal)} moves ({some}): name the space "
                                      f"too, e.g. '{example}'.")
        return parse_move(text)

    # ---- what a seat sees ----------------------------------------------------------------------

    def board_view(self) -> dict[str, Any]:
        """The board as a picture needs it: each space's card, its disc's side, whether it is in
        a finished row; the sides' colours and names."""
        board, locked = self.board, self.locked
        spaces = []
        for i in range(CELLS):
            c = self.layout[i]
            spaces.append({
                "space": cell_text(i),
                "label": C.CODE_OF[c] if c != FREE else "FREE",
                "disc": board[i] if board[i] != EMPTY else None,
                "row": locked[i],
            })
        return {
            "rows": SIZE, "cols": SIZE, "piece": "card", "spaces": spaces,
            "sides": [{"name": side_names(self.names, t), "colour": COLOURS[t]} for t in range(self.sides)],
            "lines": [{"side": t, "from": cell_text(cells[0]), "to": cell_text(cells[-1])}
                      for t, _, cells in self.rows],
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        return {
            "deal": self.deal_no,
            "board": self.board_view(),
            "rows_made": [self.rows_of(t) for t in range(self.sides)],
            "rows_to_win": self.options.rows_to_win,
            "discs": [colour_sentence(self.names, t, COLOURS[t], seat) for t in range(self.sides)],
            "missing_turn": [s for s in range(n) if self.owes_draw[s]] or None,
            "last_play": self.last_play or None,
            # what a program reads (not drawn: no field names them)
            "hand": C.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "side": self.side_of(seat) if seat is not None else None,
            "discs_on": [self.board[i] for i in range(CELLS)],
            "locked": [self.locked[i] for i in range(CELLS)],
            "dead_used": self.dead_used,
            "stock_size": len(self.stock),
            "turn": self.turn,
        }


SPEC: GameSpec = register(GameSpec(
    id="five-in-a-row",
    title="5 in a Row",
    family="board",
    players=(2, 4),
    default_players=2,
    options_cls=FiveInARowOptions,
    state_cls=FiveInARow,
    summary="Play a card and put your disc on a space of the board showing it; jacks place anywhere or "
            "take a disc off. Three rows of five win.",
    presets=PRESETS,
    teams="four: partners opposite",
    rules=__doc__ or "",
))

__all__ = ["SPEC", "FiveInARow", "FiveInARowOptions", "find_rows", "row_of_five"]
