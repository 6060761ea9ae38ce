"""Chicken Foot — the family rule book (seed 000, p.22), dominoes.

Any number of players (two to ten here). A double-nine set (55 tiles) for up to seven players, a
double-twelve set (91) for eight or more. Each round every player draws 7 tiles; the rest is the
chicken yard. One round for each double of the set, from the 0-0 upwards: round 1 starts from the
0-0, round 2 from the 1-1, ... (ten rounds with a double-nine set, thirteen with double-twelve).
Whoever holds the round's double lays it in the centre; if nobody holds it, the players draw one
tile each in turn from the chicken yard until someone gets it, and he lays it. The player to his
left plays next, and play goes round the table to the left.

On a turn a player lays one tile with a matching end on an open end. The centre double has four
arms (its two sides and two ends): each must receive a tile matching the double before any arm is
extended. Any other double is laid crosswise at the end of its line and opens a chicken foot: three
toes grow from it, and they must get a tile each (matching the double) before any tile is played
anywhere else. A player who cannot play draws one tile from the chicken yard and may play it at
once if it fits; otherwise he passes. With the yard empty, a player who cannot play passes.
Announcing one's last tile is a courtesy the book does not require (hand sizes are always shown).

The hand ends when a player lays his last tile (he "dominoes") or when nobody can play (the yard
empty and no tile in any hand fits where play is allowed). Each player scores the pips left in his
hand; the 0-0 counts 50. After the last round the lowest total wins; equal lowest totals share it.

Moves: ``play 5-3 6`` lays the 5-3 on line 6 (lines are numbered: the centre double's arms 1 to
4, then the toes in the order the feet were opened, three to a foot); ``draw``; ``pass``.

Options (``shared/rules/metzker-book.md`` §21, code CF):

* ``tile_set`` (OPT-CF-set) — by the number of players (double-nine up to seven players,
  double-twelve for eight or more: G-CF-1), or always double-nine (up to seven players), or always
  double-twelve.
* ``double_blank`` (OPT-CF-double_blank) — what the 0-0 left in a hand counts: 50 (the book) or
  0 (its pips).
* ``round_order`` (OPT-CF-round_order) — the round's doubles from the 0-0 upwards (the book) or
  from the top double downwards.
* ``rounds`` — a shorter game (HOUSE): only the first so many rounds (0: one round for every
  double of the set, the book's whole game).

Rule decisions (the gap ids of §21):

* G-CF-1 — double-nine for up to seven players (10 rounds), double-twelve for eight or more (13).
* G-CF-2 — one tile a turn, also while the centre's arms or a foot's toes are being filled.
* G-CF-3 — a foot that can never be completed keeps its obligation: players draw while the yard
  lasts, then pass, and the hand ends blocked when nobody can play.
* G-CF-4 — a player may go out on a double: the hand ends at once, no toes owed.
* G-CF-5 — blanks are worth their pips (0), except the 0-0 (50 by default; the option makes it 0).
* G-CF-6 — in round 1 the player left of the shuffler draws first for a missing double; in later
  rounds the player left of the last round's starter (who laid its double). The drawing stops as
  soon as the double turns up, and the tiles drawn stay in the hands. The holder of the double
  lays it (that is his turn) and the player to his left plays the first tile. Hands are drawn in
  the same order, 7 tiles at a time (a stacked boneyard names each hand in turn, then the yard).
* G-CF-7 — the centre double has four arms only; it is not a chicken foot. Some published rules
  make it one with six toes: option ``six_toe_centre`` (off by default, as the book) gives the
  centre six arms, lines 1 to 6, each to get a tile matching the double before any arm grows;
  the toes of later feet are numbered after them.
* The drawn tile "may be played at once": the player chooses to play it or to pass; a drawn tile
  that does not fit ends his turn (he passes).
* While a foot is waiting for its toes, a player may lay a tile only on one of its empty toes;
  while the centre's arms are being filled, only on an empty arm. Nobody can open a second foot
  while one waits (a toe of the x-x foot needs an x-y tile with y not x).
* A blocked hand is checked after every turn: the yard empty and no tile in any hand matching a
  place where play is allowed now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, option
from gamenight.core.phases import KindsPhase, MoveKind, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import dominoes as D
from gamenight.families.dominoes import (
    DRAW,
    PASS,
    DealsTiles,
    DrawOrPass,
    DrawTile,
    PassTurn,
    bare_tile_play,
    deal_hands,
    draw_for_double,
    draw_tile,
    in_hand_order,
    line_record,
    lines_picture,
    nobody_can_play,
    record_round,
    round_double,
)
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules
from gamenight.families.table import Seating

if TYPE_CHECKING:
    from gamenight.core.views import Place

HAND = 7
ARMS = 4
#: option six_toe_centre: the centre double as a chicken foot of six toes
SIX_ARMS = 6
TOES = 3
MAX_PLAYERS = 10
#: the most players a double-nine set serves (7 tiles each and some left in the yard)
NINE_MAX = 7
#: the most lines of play: six arms and three toes for every other double of a double-twelve set
MAX_LINES = SIX_ARMS + TOES * 12
#: ``PLAY[t][k]``: lay tile t on line k (numbered from 1)
LINE_ARG = [NUMBER(k) for k in range(MAX_LINES + 1)]
#: the layout field the lines are drawn in (a line each, in their order): where a play goes
BARNYARD_FIELD = "barnyard"
PLAY: list[list[Move]] = [[Move("play", D.TILE_ARG[t], LINE_ARG[k]) for k in range(MAX_LINES + 1)]
                          for t in range(len(D.DOUBLE_TWELVE))]
#: each play move's (tile, line number from 1)
PLAY_OF: dict[Move, tuple[int, int]] = {m: (t, k) for t, row in enumerate(PLAY)
                                         for k, m in enumerate(row) if k}
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(MAX_PLAYERS)]
OWNER, PUBLIC, UNSEEN = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY
#: how the three toes of a foot leave its double (degrees from the line it ends): a picture hint
TOE_TURNS = (-50, 0, 50)


def set_top(players: int, tile_set: str = "auto") -> int:
    """The highest double of the set (G-CF-1): double-nine up to seven players, else double-twelve."""
    if tile_set == "double9" or (tile_set == "auto" and players <= NINE_MAX):
        return 9
    return 12


def rounds_of(options: ChickenFootOptions, players: int) -> int:
    """How many rounds the match lasts: one for each double of the set, or the fewer the options
    ask for (the engine and the score pad both count them here)."""
    top = set_top(players, options.tile_set)
    return min(options.rounds or top + 1, top + 1)


def pips_left(hand: list[int], double_blank: int = 50) -> int:
    """What a hand left at the end of a round scores (the 0-0 ``double_blank``: G-CF-5)."""
    return D.pip_count(hand, double_blank)


@dataclass(frozen=True, kw_only=True)
class ChickenFootOptions(Options):
    tile_set: str = option(
        "auto", "Set",
        "Which domino set the game is played with (and so how many rounds: one for each double).",
        choices={"auto": "Double-nine up to seven players (10 rounds), double-twelve for eight or more (13)",
                 "double9": "Always double-nine: 10 rounds (up to seven players)",
                 "double12": "Always double-twelve: 13 rounds"},
    )
    double_blank: int = option(
        50, "Double blank",
        "What the 0-0 left in a hand counts at the end of a round (the book: 50; 0 by its pips).",
        minimum=0, maximum=50,
    )
    round_order: str = option(
        "ascending", "Round order",
        "Which double starts each round.",
        choices={"ascending": "From the 0-0 upwards: 0-0, 1-1, 2-2, ... (the book)",
                 "descending": "From the top double downwards: 9-9 (or 12-12), then one lower each round"},
    )
    rounds: int = option(
        0, "Rounds",
        "How many rounds the game lasts (0: one for every double of the set, the book's whole game).",
        minimum=0, maximum=13,
    )
    six_toe_centre: bool = option(
        False, "Six-toe centre",
        "The centre double is a chicken foot of its own with six toes: six tiles go on it before any "
        "of them grows (the book: four arms).",
    )

    def check(self, players: int) -> None:
        if self.tile_set == "double9" and players > NINE_MAX:
            raise OptionError("A double-nine set has 55 tiles: enough for seven players at most, "
                              f"not {players}.")


class ChickenFootPhase(PhaseName):
    NONE = "", "Between rounds"
    PLAY = "play", "Playing: a tile on an open arm, or on the chicken foot's toes"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

class PlayTile(MoveKind["ChickenFoot"]):
    """Lay a tile from the hand on an open line whose end it matches: a waiting foot's empty toes
    first, then the centre's empty arms, then any line not closed by a foot."""

    verbs = ("play",)

    def candidates(self, s: ChickenFoot, seat: int) -> list[Move]:
        return s._playable(seat)  # the open lines' matching tiles: exactly the rule's

    def verify(self, s: ChickenFoot, seat: int, move: Move) -> str | None:
        if len(move.args) != 2 or len(move.pieces) != 1 or move.args[1] not in LINE_ARG[1:]:
            return "Name the tile and the line: 'play 5-3 2' lays the 5-3 on line 2."
        t = move.pieces[0]
        x = LINE_ARG.index(move.args[1]) - 1
        if x >= len(s.lines):
            return f"There are {len(s.lines)} lines of play now, numbered from 1."
        if t not in s.hands[seat]:
            return f"You do not hold the {D.CODE_OF[t]}."
        allowed = s.open_lines()
        if x not in allowed:
            return s.closed_because(x, allowed)
        end = s.ends[x]
        if not D.has_end(t, end):
            return f"The {D.CODE_OF[t]} does not match the {end} open on line {x + 1}."
        return None

    def places(self, s: ChickenFoot, seat: int, move: Move) -> list[Place | None]:
        """The tile lies in the hand; the line named is that line of the barnyard's picture."""
        if len(move.args) != 2 or move.args[1] not in LINE_ARG[1:]:
            return [None for _ in move.args]
        return [None, {"zone": BARNYARD_FIELD, "index": LINE_ARG.index(move.args[1]) - 1}]

    def legal(self, s: ChickenFoot, seat: int) -> list[Move]:
        return s._playable(seat)

    def apply(self, s: ChickenFoot, seat: int, move: Move) -> None:
        s._play(seat, move)

    def describe(self, s: ChickenFoot, move: Move, viewer: int | None) -> str:
        t, k = PLAY_OF[move]
        start = s.ends[k - 1]
        return f"Play {start}\u2013{D.other_end(t, start)} on {s._line_name(k - 1)}"


class PlayPhase(KindsPhase["ChickenFoot"]):
    otherwise = "Play a tile on an open line, draw from the chicken yard or pass."

    def to_act(self, s: ChickenFoot) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: ChickenFoot) -> list[MoveKind[Any]]:
        return [PlayTile(), DrawTile(DRAW), PassTurn(PASS)]


class ChickenFoot(PhaseDispatch, DealsTiles, DrawOrPass, Seating, MatchPlay, State):
    """Four arms from the centre double, a chicken foot of three toes from every other double."""

    YARD: ClassVar[str] = "chicken yard"
    DRAWN_MAY_WAIT: ClassVar[bool] = True  # "may be played at once": the player may pass instead
    DEAL_WORD: ClassVar[str] = "round"
    options: ChickenFootOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        ChickenFootPhase.NONE: PhaseHandler(), ChickenFootPhase.PLAY: PlayPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.COUNTER, head=True),
        Field("double", "Centre double", Kind.PIECE, piece="tile", head=True),
        Field("to_do", "Now", Kind.TEXT),
        Field(BARNYARD_FIELD, "Barnyard", Kind.DOMINOES, piece="tile"),
        Field("last_round", "Last round", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating()
        self.top = set_top(n, self.options.tile_set)
        self.rounds = rounds_of(self.options, n)
        self.match_rules = MatchRules(deals=self.rounds, lowest_wins=True)
        self.phase_name: str = ChickenFootPhase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: the chicken yard
        self.boneyard: list[int] = []
        #: the round's double in the centre (empty before it is laid)
        self.centre: list[int] = []
        self.double = 0
        #: every line of play: the four arms, then the toes; tiles in the order laid
        self.lines: list[list[int]] = []
        #: the number each line grows from, and its open end
        self.starts: list[int] = []
        self.ends: list[int] = []
        #: the line and tile index a toe grows from (None: an arm of the centre)
        self.branch: list[tuple[int, int] | None] = []
        #: a line ended by a crosswise double: its toes carry on, the line itself is closed
        self.footed: list[bool] = []
        #: the toes of the foot now waiting for its tiles (empty: none waits)
        self.foot: list[int] = []
        self.turn = 0
        #: the player has drawn this turn (he may play the tile drawn, or pass)
        self.drew = False
        self.starter = 0
        self.last_round = ""
        self._start_round()

    def deck_template(self) -> list[int]:
        return list(D.SETS["double-nine" if self.top == 9 else "double-twelve"].tiles)

    # ---- a round --------------------------------------------------------------------------

    def _start_round(self) -> None:
        if self.deal_no:
            self.dealer = self.starter  # G-CF-6: the last starter's left draws first
        self.deal_no += 1
        self.knowledge.clear()
        number = self.double = round_double(self.deal_no, self.top, self.options.round_order)
        double = D.DOUBLE[number]
        bones = self._fresh_boneyard()
        order = self.seats_from(self.left_of_dealer())
        self.boneyard = deal_hands(self.hands, bones, order, HAND)
        arms = self.arms
        self.lines = [[] for _ in range(arms)]
        self.starts = [number] * arms
        self.ends = [number] * arms
        self.branch = [None] * arms
        self.footed = [False] * arms
        self.foot = []
        self.drew = False
        self.emit("deal", f"{self.deal_name()} of {self.rounds}: the centre double is the "
                          f"{D.CODE_OF[double]}. Each player draws {HAND} tiles; {len(self.boneyard)} "
                          "stay in the chicken yard.",
                  seat=self.dealer)
        self.centre = []
        starter = draw_for_double(self, self.hands, self.boneyard, double, order, whole_pass=False,
                                  yard="chicken yard")
        self.hands[starter].remove(double)
        self.knowledge.forget(f"hand/{starter}", [double])
        self.centre.append(double)
        self.emit("engine", f"{self.names[starter]} lays the {D.CODE_OF[double]} in the centre.",
                  seat=starter, tile=D.CODE_OF[double])
        self.starter = self.turn = starter
        self.phase_name = ChickenFootPhase.PLAY
        if not self.hands[starter]:  # G-CF-4: out on the double itself
            self._end_round(starter)
            return
        self._next_turn(starter)

    # ---- where play is allowed ------------------------------------------------------------

    @property
    def arms(self) -> int:
        """The centre double's arms: four (the book, G-CF-7), or six with ``six_toe_centre``."""
        return SIX_ARMS if self.options.six_toe_centre else ARMS

    def open_lines(self) -> list[int]:
        """The lines a tile may go on now: a waiting foot's empty toes; else the centre's empty
        arms; else every line not closed by a foot."""
        if self.foot:
            return [x for x in self.foot if not self.lines[x]]
        empty = [x for x in range(self.arms) if not self.lines[x]]
        if empty:
            return empty
        return [x for x in range(len(self.lines)) if not self.footed[x]]

    def _playable(self, seat: int) -> list[Move]:
        hand = self.hands[seat]
        high, low = D.HIGH, D.LOW
        out: list[Move] = []
        for x in self.open_lines():
            end = self.ends[x]
            out.extend(PLAY[t][x + 1] for t in hand if high[t] == end or low[t] == end)
        return out

    def _play_moves(self, seat: int) -> list[Move]:
        return self._playable(seat)

    # ---- why not ----------------------------------------------------------------------------

    def _line_name(self, x: int) -> str:
        if x < self.arms:
            return f"arm {x + 1}"
        return f"toe {x + 1} (of the {D.CODE_OF[self.lines[self._foot_of(x)][-1]]})"

    def _foot_of(self, x: int) -> int:
        b = self.branch[x]
        assert b is not None
        return b[0]

    def closed_because(self, x: int, allowed: list[int]) -> str:
        """Why line ``x``, not among the ``allowed`` lines, takes no tile now."""
        if self.foot:
            d = D.CODE_OF[self.lines[self._foot_of(self.foot[0])][-1]]
            return (f"The chicken foot of the {d} needs its toes first ({len(allowed)} still empty): "
                    f"lines {', '.join(str(y + 1) for y in allowed)}.")
        if any(not self.lines[y] for y in range(self.arms)):
            arms = number_word(self.arms)
            return (f"All {arms} arms of the {D.CODE_OF[self.centre[0]]} need a tile before any arm grows: "
                    f"the empty ones are lines {', '.join(str(y + 1) for y in allowed)}.")
        return f"Line {x + 1} ends in a crosswise double: play on its toes."

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """A tile named without its line (``play 6-4``) where it fits only one is played there."""
        return bare_tile_play(legal, move) if move.verb == "play" else None

    # ---- doing it -------------------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        t, k = PLAY_OF[move]
        x = k - 1
        self.hands[seat].remove(t)
        self.knowledge.forget(f"hand/{seat}", [t])
        start = self.ends[x]
        self.lines[x].append(t)
        self.ends[x] = D.other_end(t, start)
        self.drew = False
        self.emit("play", f"{self.names[seat]} plays {start}-{self.ends[x]} on {self._line_name(x)}.",
                  seat=seat, tile=D.CODE_OF[t], line=k)
        if self.foot and all(self.lines[y] for y in self.foot):
            d = D.CODE_OF[self.lines[self._foot_of(self.foot[0])][-1]]
            self.foot = []
            self.emit("foot", f"The chicken foot of the {d} has its three toes: play goes on anywhere.")
        if not self.hands[seat]:  # G-CF-4: even on a double
            self._end_round(seat)
            return
        if D.IS_DOUBLE[t]:
            self._open_foot(x, start)
            self.emit("foot", f"{self.names[seat]}: \u201cChicken foot!\u201d The {D.CODE_OF[t]} lies "
                              "crosswise; its three toes need a tile each before play goes anywhere "
                              "else.", seat=seat)
        self._next_turn(seat)

    def _open_foot(self, x: int, number: int) -> None:
        """A double laid crosswise at the end of line ``x``: three toes grow from it."""
        self.footed[x] = True
        first = len(self.lines)
        for _ in range(TOES):
            self.lines.append([])
            self.starts.append(number)
            self.ends.append(number)
            self.branch.append((x, len(self.lines[x]) - 1))
            self.footed.append(False)
        self.foot = list(range(first, first + TOES))

    def _draw(self, seat: int, move: Move) -> None:
        draw_tile(self, self.hands, self.boneyard, seat)
        self.drew = True
        if not self._playable(seat):
            self.emit("pass", f"{self.names[seat]} cannot play the tile drawn and passes.", seat=seat)
            self._next_turn(seat)

    def _pass(self, seat: int, move: Move) -> None:
        if self.drew:
            why = "keeps the tile drawn and passes"
        else:
            why = "cannot play and passes: the chicken yard is empty"
        self.emit("pass", f"{self.names[seat]} {why}.", seat=seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        self.drew = False
        self.phase_name = ChickenFootPhase.PLAY
        if not self.boneyard and nobody_can_play(self.hands, [self.ends[x] for x in self.open_lines()]):
            self.emit("blocked", "The chicken yard is empty and nobody can play: the round is blocked.")
            self._end_round(None)
            return
        self.turn = self.next_seat(seat)

    # ---- the end of a round -------------------------------------------------------------

    def _end_round(self, out: int | None) -> None:
        _, self.last_round = record_round(self, self.hands, out, self.options.double_blank)
        self.phase_name = ChickenFootPhase.NONE
        if not self.match_over(self._why_end):
            self._start_round()

    def _why_end(self, why: MatchEnd, totals: list[int]) -> str:
        played = f"{number_word(self.rounds)} round{'s' if self.rounds > 1 else ''}"
        return f"After {played} the lowest total ({min(totals)}) wins."

    # ---- what a seat sees ------------------------------------------------------------------

    def to_do(self) -> str:
        if self.phase_name == ChickenFootPhase.NONE:
            return ""
        if self.foot:
            d = D.CODE_OF[self.lines[self._foot_of(self.foot[0])][-1]]
            left = sum(1 for y in self.foot if not self.lines[y])
            return (f"Chicken foot: the {d} needs {left} more toe{'s' if left > 1 else ''} before play "
                    "goes elsewhere")
        empty = sum(1 for y in range(self.arms) if not self.lines[y])
        if empty:
            arms = number_word(self.arms)
            return (f"The {D.CODE_OF[self.centre[0]]} needs a tile on each of its {arms} arms "
                    f"({empty} still empty) before any arm grows")
        return ""

    def barnyard_picture(self) -> dict[str, Any]:
        allowed = set(self.open_lines()) if self.phase_name == ChickenFootPhase.PLAY else set()
        lines = []
        toe_no = [0] * len(self.lines)
        for x, tiles in enumerate(self.lines):
            b = self.branch[x]
            branch = None
            label = f"Arm {x + 1}"
            if b is not None:
                toe_no[b[0]] += 1
                turn = TOE_TURNS[(toe_no[b[0]] - 1) % TOES]
                branch = (f"line/{b[0]}", b[1], turn)
                label = f"Toe {x + 1}"
            note = ""
            if self.footed[x]:
                note = f"chicken foot of the {D.CODE_OF[tiles[-1]]}"
            rec = line_record(f"line/{x}", label, self.starts[x], tiles, target=str(x + 1),
                              open_to_all=x in allowed, branch=branch[:2] if branch else None, note=note,
                              turn=branch[2] if branch else None,
                              closed=self.footed[x], crosswise=[len(tiles) - 1] if self.footed[x] else ())
            lines.append(rec)
        return lines_picture(self.centre[0] if self.centre else None, lines,
                             hint="Select a tile in your hand, then the open end of an arm or a toe "
                                  "to lay it there.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "deal": [self.deal_no, self.rounds],
            "double": D.CODE_OF[D.DOUBLE[self.double]],
            "to_do": self.to_do() or None,
            "barnyard": self.barnyard_picture(),
            "last_round": self.last_round or None,
            # what a program reads (not drawn: no field names them)
            "hand": D.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "boneyard_size": len(self.boneyard),
            "double_number": self.double,
            "ends": list(self.ends),
            "open_lines": self.open_lines(),
            "footed": list(self.footed),
            "foot": list(self.foot),
            "drew": self.drew,
            "turn": self.turn,
            "top": self.top,
        }

    def zones(self) -> list[Zone]:
        tt = D.TILE_TEXT
        out = [Zone(f"hand/{s}", self.hands[s], tt, s, OWNER, None, Show.HAND, f"{name}'s tiles",
                    order=in_hand_order)
               for s, name in enumerate(self.names)]
        out.append(Zone("boneyard", self.boneyard, tt, None, UNSEEN, None, Show.COUNT, "Chicken yard"))
        out.append(Zone("centre", self.centre, tt, None, PUBLIC, None, Show.ROW, "Centre double",
                        detail="barnyard"))
        laid = [t for line in self.lines for t in line]
        out.append(Zone("lines", laid, tt, None, PUBLIC, None, Show.ROW, "Arms and toes", detail="barnyard"))
        return out



SPEC: GameSpec = register(GameSpec(
    id="chicken-foot",
    title="Chicken Foot",
    family="dominoes",
    players=tuple(range(2, MAX_PLAYERS + 1)),
    default_players=4,
    options_cls=ChickenFootOptions,
    state_cls=ChickenFoot,
    summary="Dominoes: fill the centre double's four arms, then grow them; every double laid crosswise "
            "is a chicken foot whose three toes must be filled before play goes elsewhere. A round for "
            "each double from 0-0 up; the 0-0 left in hand costs 50; low score wins.",
    rules=__doc__ or "",
    tested_players=(2, 3, 4, 7, 8, 10),
))

__all__ = ["SPEC", "ChickenFoot", "ChickenFootOptions", "pips_left", "rounds_of", "set_top"]
