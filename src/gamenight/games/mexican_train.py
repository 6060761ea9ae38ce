"""Mexican Train — the family rule book (seed 000, p.24), dominoes.

Two to eight players, a double-twelve set (91 tiles). Each round every player draws a hand from
the boneyard: 15 tiles each for two to four players, 11 for five or six, 8 for seven or eight.
Thirteen rounds: the first round's engine (the centre double) is the 12-12, then the 11-11, and
so on down to the 0-0. Whoever holds the engine lays it in the centre and plays first; if nobody
holds it, every player draws one tile from the boneyard, and again, until somebody has it. Play
goes round the table to the left.

Each player has a train of his own, growing from the engine (its first tile must carry the
engine's number), and there is one Mexican train that anybody may start (also with the engine's
number) and play on. On a turn a player lays one tile with a matching end on his own train, the
Mexican train, or another player's train that carries a marker. A player who cannot play draws a
tile from the boneyard and plays it if he can; if he still cannot play, he puts his marker on his
train (at its start if it has no tile yet), and everyone may play on it. The marker comes off when
its owner next plays a tile anywhere. After playing a double a player must play one more tile
anywhere he may (his own train, the Mexican train, a marked train): he may lay further doubles
first, but then still owes one more tile; if he cannot follow up, he draws one, plays it if it
fits, and otherwise marks his train. A player may go out on a double without a follow-up. A player
down to one tile announces it (the program says it for him). When a player has laid his last
tile the round ends and every other player scores the pips left in his hand (the double blank
counts 0); after thirteen rounds the lowest total wins (equal lowest totals share the win).

Moves: ``play 12-7 3`` lays the 12-7 on player 3's train (players are numbered from 1),
``play 12-7 mexican`` on the Mexican train; ``draw``; ``pass`` (no play and the boneyard is
empty); with the announcement option, ``announce`` or ``quiet`` when down to one tile.

Options (``shared/rules/metzker-book.md`` §23, code MT):

* ``double_blank`` — the double blank counts 0 (the book's rules) or 50 (the book's closing line)
  — G-MT-1.
* ``held_out_engine`` — the book's variation: the next round's engine is set aside before the
  hands are drawn and laid in the centre, and the player who went out last round plays first.
* ``must_satisfy_doubles`` — the common rule: a double left without a tile on it must be covered
  before anything else is played, by whoever can (even on another player's train) — G-MT-2.
* ``marker_removal`` — the marker comes off when its owner plays anywhere (the book), or only when
  he plays on his own train (the common rule) — G-MT-3.
* ``announce`` — the program announces a player's last tile (default), or the player must say
  it and draws a tile if he keeps quiet — G-MT-5.
* ``rounds`` — a shorter game (HOUSE): the first so many engines from the 12-12 down (13, the
  book's whole game, by default).
* ``tiles_table`` — the book's hand sizes (15 / 11 / 8), or the usual published ones (15 for two
  to four, 12 for five or six, 10 for seven or eight).

House decisions where the book is silent (G-MT ids of §23):

* G-MT-2 — without the option, a double is an open end like any other once its player has made
  (or failed to make) his one follow-up tile.
* G-MT-3 — the book's marker removal: the marker comes off when its owner lays a tile anywhere
  (he could play); a player who draws and still cannot play keeps it.
* G-MT-4 — a blocked round (boneyard empty and nobody able to play anywhere, even were every
  train marked) ends at once, and everyone scores the pips in his hand.
* G-MT-5 — announcement automatic; the option makes it the player's move, and keeping quiet costs
  one tile from the boneyard (if any is left).
* G-MT-6 — one tile a turn, also on the first turn (no building a whole train at once). The
  book does not print the common "build your train" rule; option ``whole_train_first_turn`` adds
  it as the published sets print it: on his first turn of each round, once a player has laid a
  tile on his own train he may go on laying tiles on it, one after another, while one fits, and
  says ``done`` to stop (the turn ends by itself when none fits). A double laid while building
  still owes its follow-up (anywhere he may play; one on his own train goes on building). A first
  turn that begins elsewhere (the Mexican train, a marked train) is one tile, as in the book.
* G-MT-7 — a marked player may play on his own train.
* A player who cannot play must draw (while the boneyard lasts); a drawn tile that fits must be
  played (the book: he marks his train only if he cannot play it). One draw a turn, and one more
  for each double left without its follow-up.
* A follow-up tile may go on the double just played.
* Drawing for the engine: everyone draws one tile in turn from the left of the round's shuffler,
  and the drawing stops at the end of the first pass round the table in which the engine turned
  up; the tiles drawn stay in the hands. The shuffler passes to the left each round (seat 0 with a
  stacked boneyard, whose tiles are drawn in blocks: each hand in turn from the shuffler's left,
  then the boneyard in order).
* Held-out engine: the first round is begun by the player left of the shuffler; after a blocked
  round, by the player with the fewest pips left (the first of them to the left of the last
  round's starter).
* With ``must_satisfy_doubles`` several uncovered doubles are covered in the order they were laid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, WORD
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseDispatch, PhaseHandler, PhaseName
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
    longest_chain,
    nobody_can_play,
    record_round,
    round_double,
)
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules
from gamenight.families.table import Seating

if TYPE_CHECKING:
    from gamenight.core.views import Place

#: the layout field the trains are drawn in (a line each, the Mexican train last): where a play goes
TRAINS_FIELD = "trains"

TOP = 12
ROUNDS = TOP + 1
#: tiles in each hand by player count: the book's table and the usual published one
TILES_TABLE: dict[str, dict[int, int]] = {
    "book": {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8},
    "common": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}
MAX_PLAYERS = 8
MEXICAN_WORD = "mexican"
MEXICAN = WORD(MEXICAN_WORD)
#: the move argument naming each train: 0 the Mexican train, k player k's (numbered from 1)
TRAIN_ARG = [MEXICAN, *(NUMBER(k) for k in range(1, MAX_PLAYERS + 1))]
#: ``PLAY[t][k]``: lay tile t on train k (0: the Mexican train, k: player k's)
PLAY: list[list[Move]] = [[Move("play", D.TILE_ARG[t], TRAIN_ARG[k]) for k in range(MAX_PLAYERS + 1)]
                          for t in range(len(D.DOUBLE_TWELVE))]
#: each play move's (tile, train number)
PLAY_OF: dict[Move, tuple[int, int]] = {m: (t, k) for t, row in enumerate(PLAY) for k, m in enumerate(row)}
ANNOUNCE = Move("announce")
DONE = Move("done")
QUIET = Move("quiet")
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(MAX_PLAYERS)]
NOBODY: frozenset[int] = frozenset()
OWNER, PUBLIC, UNSEEN = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY


def hand_size(players: int, table: str = "book") -> int:
    """Tiles each player draws for his hand."""
    return TILES_TABLE[table][players]


def engine_of(round_no: int) -> int:
    """The centre double's number in round ``round_no`` (from 1): 12, then 11, ... down to 0."""
    return round_double(round_no, TOP)


#: the share of a hand's own-train chain the deal estimate takes as shed already
PLANNED = 0.5
#: the search steps the estimate spends on each hand's chain (the bot's 800 cost a millisecond a
#: rollout with four hands of twenty tiles; 200 found the same chains in the hands tried)
PLAN_STEPS = 200


def pips_left(hand: list[int], double_blank: int) -> int:
    """What a hand left at the end of a round costs (the double blank ``double_blank``)."""
    return D.pip_count(hand, double_blank)


@dataclass(frozen=True, kw_only=True)
class MexicanTrainOptions(Options):
    double_blank: int = option(
        0, "Double blank", "What the double blank left in a hand counts at the end of a round "
                           "(0: nothing, it has no pips; the book's closing line makes it 50).",
        minimum=0, maximum=50,
    )
    held_out_engine: bool = option(
        False, "Engine held out",
        "The next round's centre double is set aside before the hands are drawn, and the player "
        "who went out last round plays first.",
    )
    must_satisfy_doubles: bool = option(
        False, "Doubles must be covered",
        "A double left without a tile on it must be covered before anything else is played, by "
        "whoever can, even on another player's train.",
    )
    marker_removal: str = option(
        "can_play_anywhere", "Marker comes off",
        "When a player's marker leaves his train.",
        choices={"can_play_anywhere": "When he next plays a tile anywhere",
                 "own_train_only": "Only when he plays a tile on his own train"},
    )
    announce: str = option(
        "automatic", "Last tile",
        "How a player down to one tile lets the others know.",
        choices={"automatic": "The table says it for him",
                 "penalty": "He must say it himself, or draw a tile"},
    )
    rounds: int = option(
        ROUNDS, "Rounds",
        "How many rounds the game lasts: the engines go down from the 12-12, one a round "
        "(13: every double down to the 0-0).",
        minimum=1, maximum=ROUNDS,
    )
    whole_train_first_turn: bool = option(
        False, "Build your train on the first turn",
        "On his first turn of each round a player may lay as many tiles as he can on his own train, "
        "one after another, and says 'done' when he stops (the book: one tile a turn).",
    )
    tiles_table: str = option(
        "book", "Tiles each",
        "How many tiles each player draws for his hand.",
        choices={"book": "15 for two to four players, 11 for five or six, 8 for seven or eight",
                 "common": "15 for two to four players, 12 for five or six, 10 for seven or eight"},
    )


PRESETS: dict[str, Preset] = {
    "common": Preset("common", "The rules most published sets print: uncovered doubles must be covered, "
                               "the marker comes off only on the owner's own train, larger hands for "
                               "five to eight players.",
                     {"must_satisfy_doubles": True, "marker_removal": "own_train_only",
                      "tiles_table": "common"}),
}


class MexicanTrainPhase(PhaseName):
    NONE = "", "Between rounds"
    PLAY = "play", "Playing: a tile on your train, the Mexican train or a marked train"
    ANNOUNCE = "announce", "Down to one tile: say so"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

class PlayTile(MoveKind["MexicanTrain"]):
    """Lay a tile from the hand on a train whose open end it matches: one's own, the Mexican train
    or a marked train; only the first uncovered double where doubles must be covered."""

    verbs = ("play",)

    def candidates(self, s: MexicanTrain, seat: int) -> list[Move]:
        return s.plays_for(seat, list(range(s.num_players + 1)))

    def legal(self, s: MexicanTrain, seat: int) -> list[Move]:
        return s._play_moves(seat)  # the hot path: only the trains open to the seat

    def verify(self, s: MexicanTrain, seat: int, move: Move) -> str | None:
        if len(move.args) != 2 or len(move.pieces) != 1 or move.args[1] not in TRAIN_ARG:
            return ("Name the tile and the train: 'play 12-7 3' (player 3's train) or "
                    "'play 12-7 mexican'.")
        t = move.pieces[0]
        k = TRAIN_ARG.index(move.args[1])
        n = s.num_players
        if k > n:
            return f"There are only {n} players' trains (and the Mexican train)."
        if t not in s.hands[seat]:
            return f"You do not hold the {D.CODE_OF[t]}."
        line = s.line_of(k)
        covering = s.options.must_satisfy_doubles and bool(s.uncovered)
        if covering and line != s.uncovered[0]:
            u = s.uncovered[0]
            return (f"The {s.ends[u]}-{s.ends[u]} must be covered first "
                    f"({s._line_name(u, seat)}).")
        if s.building and not s.owed and line != seat:
            return "You are building your own train on your first turn: play on it, or say 'done'."
        if not covering and line < n and line != seat and not s.marked[line]:
            return f"{s.names[line]}'s train has no marker: you may not play on it."
        end = s.ends[line]
        if not D.has_end(t, end):
            return f"The {D.CODE_OF[t]} does not match the {end} open on {s._line_name(line, seat)}."
        return None

    def places(self, s: MexicanTrain, seat: int, move: Move) -> list[Place | None]:
        """The tile lies in the hand; the train named is that line of the trains' picture, whose
        open end the tile goes on."""
        if len(move.args) != 2 or move.args[1] not in TRAIN_ARG:
            return [None for _ in move.args]
        return [None, {"zone": TRAINS_FIELD, "index": s.line_of(TRAIN_ARG.index(move.args[1]))}]

    def apply(self, s: MexicanTrain, seat: int, move: Move) -> None:
        s._play(seat, move)

    def describe(self, s: MexicanTrain, move: Move, viewer: int | None) -> str:
        t, k = PLAY_OF[move]
        line = s.line_of(k)
        start = s.ends[line]
        return f"Play {start}\u2013{D.other_end(t, start)} on {s._line_name(line, viewer)}"


class Announce(OneMove["MexicanTrain"]):
    """Say you are down to one tile (the rules in effect make it the player's own job)."""

    def apply(self, s: MexicanTrain, seat: int, move: Move) -> None:
        s._announce(seat, move)

    def describe(self, s: MexicanTrain, move: Move, viewer: int | None) -> str:
        return "Say \u201cOne tile left!\u201d"


class KeepQuiet(OneMove["MexicanTrain"]):
    """Say nothing about the last tile, and draw one for it while the boneyard has any."""

    def apply(self, s: MexicanTrain, seat: int, move: Move) -> None:
        s._quiet(seat, move)

    def describe(self, s: MexicanTrain, move: Move, viewer: int | None) -> str:
        if s.boneyard:
            return "Keep quiet: draw a tile as the penalty"
        return "Keep quiet (the boneyard is empty)"


class EndBuilding(OneMove["MexicanTrain"]):
    """Stop building one's train on the first turn (option ``whole_train_first_turn``): the turn
    ends; never with a double's follow-up still owed."""

    def rule(self, s: MexicanTrain, seat: int) -> str | None:
        if not s.building:
            return "'done' ends the building of your train on your first turn: play a tile, draw or pass."
        if s.owed:
            return "You laid a double: play one more tile, or draw."
        return None

    def apply(self, s: MexicanTrain, seat: int, move: Move) -> None:
        s._end_turn(seat)

    def describe(self, s: MexicanTrain, move: Move, viewer: int | None) -> str:
        return "Stop building your train"


class PlayPhase(KindsPhase["MexicanTrain"]):
    wrong: ClassVar[dict[str, str]] = {
        "announce": "Nothing to announce now: play a tile, draw or pass.",
        "quiet": "Nothing to announce now: play a tile, draw or pass.",
    }
    otherwise = "Play a tile on a train, draw from the boneyard or pass."

    def to_act(self, s: MexicanTrain) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: MexicanTrain) -> list[MoveKind[Any]]:
        return [PlayTile(), DrawTile(DRAW), PassTurn(PASS), EndBuilding(DONE)]


class AnnouncePhase(KindsPhase["MexicanTrain"]):
    wrong: ClassVar[dict[str, str]] = {
        "play": "You are down to one tile: 'announce' it (or keep 'quiet' and draw one).",
        "draw": "You are down to one tile: 'announce' it (or keep 'quiet' and draw one).",
        "pass": "You are down to one tile: 'announce' it (or keep 'quiet' and draw one).",
    }
    otherwise = "You are down to one tile: 'announce' it (or keep 'quiet' and draw one)."

    def to_act(self, s: MexicanTrain) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: MexicanTrain) -> list[MoveKind[Any]]:
        return [Announce(ANNOUNCE), KeepQuiet(QUIET)]


class MexicanTrain(PhaseDispatch, DealsTiles, DrawOrPass, Seating, MatchPlay, State):
    """Personal trains and the Mexican train from a centre double, thirteen rounds from 12-12 to 0-0."""

    YARD: ClassVar[str] = "boneyard"
    DEAL_WORD: ClassVar[str] = "round"
    options: MexicanTrainOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        MexicanTrainPhase.NONE: PhaseHandler(), MexicanTrainPhase.PLAY: PlayPhase(),
        MexicanTrainPhase.ANNOUNCE: AnnouncePhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.COUNTER, head=True),
        Field("engine", "Engine", Kind.PIECE, piece="tile", head=True),
        Field("to_do", "Now", Kind.TEXT),
        Field(TRAINS_FIELD, "Trains", Kind.DOMINOES, piece="tile"),
        Field("train_state", "Train", Kind.TEXT, per_seat=True),
        Field("last_round", "Last round", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating()
        self.match_rules = MatchRules(deals=self.options.rounds, lowest_wins=True)
        self.phase_name: str = MexicanTrainPhase.NONE
        self.hand_size = hand_size(n, self.options.tiles_table)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.boneyard: list[int] = []
        #: the engine laid in the centre (empty before it is laid)
        self.centre: list[int] = []
        self.engine = TOP
        #: each player's train, then the Mexican train (index n): tiles in the order laid
        self.lines: list[list[int]] = [[] for _ in range(n + 1)]
        #: the open end of each train (the engine's number while it is empty)
        self.ends: list[int] = [TOP] * (n + 1)
        self.marked: list[bool] = [False] * n
        #: trains ending in a double nobody has covered yet, in the order the doubles were laid
        self.uncovered: list[int] = []
        self.announced: list[bool] = [False] * n
        self.turn = 0
        #: a double was laid this turn and its follow-up tile is still owed
        self.owed = False
        #: the player has drawn since his last tile (one draw a turn, or a follow-up)
        self.drew = False
        #: option whole_train_first_turn: the seats whose first turn of the round is over, and
        #: whether the seat to act is building his train (more tiles on it, or 'done')
        self.first_turn_over: list[bool] = []
        self.building = False
        self.last_out: int | None = None
        self.starter = 0
        self.next_starter: int | None = None
        self.last_round = ""
        self._start_round()

    # ---- a round --------------------------------------------------------------------------

    def _start_round(self) -> None:
        n = self.num_players
        if self.deal_no:
            self.pass_deal()
        self.deal_no += 1
        self.knowledge.clear()
        engine = self.engine = engine_of(self.deal_no)
        double = D.DOUBLE[engine]
        held = self.options.held_out_engine
        bones = self._fresh_boneyard(without=(double,) if held else ())
        k = self.hand_size
        order = self.seats_from(self.left_of_dealer())
        self.boneyard = deal_hands(self.hands, bones, order, k)
        self.lines = [[] for _ in range(n + 1)]
        self.ends = [engine] * (n + 1)
        self.marked = [False] * n
        self.uncovered = []
        self.announced = [False] * n
        self.owed = self.drew = self.building = False
        self.first_turn_over = [False] * n
        rounds = self.options.rounds
        self.emit("deal", f"{self.deal_name()} of {rounds}: the engine is the {D.CODE_OF[double]}. "
                          f"Each player draws {k} tiles; {len(self.boneyard)} stay in the boneyard.",
                  seat=self.dealer)
        if held:
            self.centre = [double]
            starter = self.next_starter if self.next_starter is not None else order[0]
            self.emit("engine", f"The {D.CODE_OF[double]} was held out and lies in the centre; "
                                f"{self.names[starter]} plays first.", seat=starter, tile=D.CODE_OF[double])
        else:
            self.centre = []
            starter = draw_for_double(self, self.hands, self.boneyard, double, order)
            self.hands[starter].remove(double)
            self.knowledge.forget(f"hand/{starter}", [double])
            self.centre.append(double)
            self.emit("engine", f"{self.names[starter]} lays the {D.CODE_OF[double]} in the centre "
                                "and plays first.",
                      seat=starter, tile=D.CODE_OF[double])
        self.starter = self.turn = starter
        self.phase_name = MexicanTrainPhase.PLAY

    # ---- what a seat may play -----------------------------------------------------------

    def train_no(self, line: int) -> int:
        """The number a move names a train by: 0 the Mexican train, k player k's."""
        return 0 if line == self.num_players else line + 1

    def line_of(self, k: int) -> int:
        return self.num_players if k == 0 else k - 1

    def open_lines(self, seat: int) -> list[int]:
        """The trains ``seat`` may play on now: an uncovered double first where doubles must be
        covered; else his own, the Mexican train and every marked train."""
        if self.options.must_satisfy_doubles and self.uncovered:
            return [self.uncovered[0]]
        n = self.num_players
        return [seat, n, *(j for j in range(n) if j != seat and self.marked[j])]

    def plays_for(self, seat: int, lines: list[int]) -> list[Move]:
        hand = self.hands[seat]
        out: list[Move] = []
        high, low = D.HIGH, D.LOW
        for line in lines:
            end = self.ends[line]
            k = self.train_no(line)
            out.extend(PLAY[t][k] for t in hand if high[t] == end or low[t] == end)
        return out

    def _play_moves(self, seat: int) -> list[Move]:
        if self.building and not self.owed:
            return self.plays_for(seat, [seat])
        return self.plays_for(seat, self.open_lines(seat))

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """A tile named without its train (``play 6-4``) where it fits only one is played there."""
        return bare_tile_play(legal, move) if move.verb == "play" else None

    # ---- the trains in words ----------------------------------------------------------------

    def _line_name(self, line: int, seat: int | None) -> str:
        n = self.num_players
        if line == n:
            return "the Mexican train"
        return "your train" if line == seat else f"{self.names[line]}'s train"

    # ---- doing it -------------------------------------------------------------------------

    def _play(self, seat: int, move: Move) -> None:
        t, k = PLAY_OF[move]
        n = self.num_players
        line = self.line_of(k)
        self.hands[seat].remove(t)
        self.knowledge.forget(f"hand/{seat}", [t])
        start = self.ends[line]
        self.lines[line].append(t)
        self.ends[line] = D.other_end(t, start)
        if line in self.uncovered:
            self.uncovered.remove(line)
        double = D.IS_DOUBLE[t]
        if double:
            self.uncovered.append(line)
        first = len(self.lines[line]) == 1
        text = f"{self.names[seat]} plays {start}-{self.ends[line]} "
        if line == n:
            text += "to start the Mexican train" if first else "on the Mexican train"
        elif line == seat:
            text += "to start his train" if first else "on his train"
        else:
            text += f"on {self.names[line]}'s train"
        self.emit("play", text + ".", seat=seat, tile=D.CODE_OF[t], train=k)
        if self.marked[seat] and (self.options.marker_removal == "can_play_anywhere" or line == seat):
            self.marked[seat] = False
            self.emit("unmark", f"{self.names[seat]}'s marker comes off: his train is his own again.",
                      seat=seat)
        self.drew = False
        if not self.hands[seat]:
            self._end_round(seat)
            return
        if double:
            self.owed = True
            self.emit("double", f"{self.names[seat]} laid a double and plays one more tile.", seat=seat)
            return
        self.owed = False
        if self._builds_on(seat, line):
            self.building = True
            return
        self._end_turn(seat)

    def _builds_on(self, seat: int, line: int) -> bool:
        """Option ``whole_train_first_turn``: after a tile on his own train in his first turn of
        the round, a player goes on building it while a tile of his fits its end."""
        return (self.options.whole_train_first_turn and line == seat and not self.first_turn_over[seat]
                and bool(self.plays_for(seat, [seat])))

    def _draw(self, seat: int, move: Move) -> None:
        draw_tile(self, self.hands, self.boneyard, seat)
        self.drew = True
        self.announced[seat] = False
        if not self._play_moves(seat):
            self._mark(seat, "cannot play the tile drawn")
            self._end_turn(seat)

    def _pass(self, seat: int, move: Move) -> None:
        self._mark(seat, "cannot play" if self.boneyard else "cannot play and the boneyard is empty")
        self._end_turn(seat)

    def _mark(self, seat: int, why: str) -> None:
        if self.marked[seat]:
            self.emit("pass", f"{self.names[seat]} {why}; his marker stays on his train.", seat=seat)
            return
        self.marked[seat] = True
        self.emit("mark", f"{self.names[seat]} {why} and puts his marker on his train.", seat=seat)

    def _end_turn(self, seat: int) -> None:
        self.owed = self.drew = self.building = False
        self.first_turn_over[seat] = True
        if len(self.hands[seat]) == 1 and not self.announced[seat]:
            if self.options.announce == "penalty":
                self.phase_name = MexicanTrainPhase.ANNOUNCE
                return
            self.announced[seat] = True
            self.emit("one", f"{self.names[seat]} has one tile left.", seat=seat)
        self._next_turn(seat)

    def _announce(self, seat: int, move: Move) -> None:
        self.announced[seat] = True
        self.emit("one", f"{self.names[seat]}: \u201cOne tile left!\u201d", seat=seat)
        self.phase_name = MexicanTrainPhase.PLAY
        self._next_turn(seat)

    def _quiet(self, seat: int, move: Move) -> None:
        self.announced[seat] = True
        if self.boneyard:
            t = self.boneyard.pop(0)
            self.hands[seat].append(t)
            self.emit("penalty", f"{self.names[seat]} did not say he was down to one tile and draws a tile.",
                      seat=seat)
            self.emit("draw", f"You draw the {D.CODE_OF[t]}.", seat=seat, to=seat, tile=D.CODE_OF[t])
            self.announced[seat] = False
        else:
            self.emit("penalty", f"{self.names[seat]} did not say he was down to one tile; "
                                 "the boneyard is empty, so it costs nothing.", seat=seat)
        self.phase_name = MexicanTrainPhase.PLAY
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        self.phase_name = MexicanTrainPhase.PLAY
        if not self.boneyard and self._blocked():
            self.emit("blocked", "The boneyard is empty and nobody can play: the round is blocked.")
            self._end_round(None)
            return
        self.turn = self.next_seat(seat)

    def _blocked(self) -> bool:
        """Nobody could play anywhere, even were every train marked."""
        n = self.num_players
        everywhere = list(range(n + 1))
        if self.options.must_satisfy_doubles and self.uncovered:
            everywhere = [self.uncovered[0]]
        return nobody_can_play(self.hands, [self.ends[line] for line in everywhere])

    # ---- the end of a round -------------------------------------------------------------

    def _end_round(self, out: int | None) -> None:
        points, self.last_round = record_round(self, self.hands, out, self.options.double_blank)
        if out is not None:
            self.next_starter = out
        else:
            low = min(points)
            after = self.seats_from(self.next_seat(self.starter))
            self.next_starter = next(s for s in after if points[s] == low)
        self.last_out = out
        self.phase_name = MexicanTrainPhase.NONE
        if not self.match_over(self._why_end):
            self._start_round()

    def _why_end(self, why: MatchEnd, totals: list[int]) -> str:
        rounds = self.options.rounds
        played = f"{number_word(rounds)} round{'s' if rounds > 1 else ''}"
        return f"After {played} the lowest total ({min(totals)}) wins."

    # ---- what a seat sees ------------------------------------------------------------------

    def to_do(self, seat: int | None) -> str:
        if self.phase_name == MexicanTrainPhase.NONE:
            return ""
        who = self.names[self.turn]
        if self.phase_name == MexicanTrainPhase.ANNOUNCE:
            return f"{who} is down to one tile"
        if self.options.must_satisfy_doubles and self.uncovered:
            u = self.uncovered[0]
            return f"The {self.ends[u]}-{self.ends[u]} on {self._line_name(u, None)} must be covered"
        if self.owed:
            return f"{who} laid a double: one more tile, or draw"
        if self.building:
            return f"{who} is building his train: another tile on it, or done"
        return ""

    def train_state(self) -> list[str | None]:
        out: list[str | None] = []
        for s in range(self.num_players):
            bits = []
            if self.marked[s]:
                bits.append("marked")
            if len(self.hands[s]) == 1 and self.announced[s]:
                bits.append("one tile left")
            out.append(", ".join(bits) or None)
        return out

    def trains_picture(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        first = self.uncovered[0] if self.options.must_satisfy_doubles and self.uncovered else -1
        lines = []
        for line in range(n + 1):
            k = self.train_no(line)
            if line == n:
                label = "Mexican train"
            else:
                label = "Your train" if line == seat else f"{self.names[line]}'s train"
            lines.append(line_record(
                "mexican" if line == n else f"train/{line}", label, self.engine, self.lines[line],
                target=str(TRAIN_ARG[k]), seat=None if line == n else line,
                marked=line < n and self.marked[line],
                open_to_all=line in (n, first) or (line < n and self.marked[line])))
        return lines_picture(self.centre[0] if self.centre else None, lines)

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each hand's pips, less
        :data:`PLANNED` of the pips of the longest chain it can lay on its own train (tiles it will
        shed one a turn, where only the others are at risk when the round ends): pips alone
        rewarded shedding a heavy tile now over keeping the train playable."""
        blank = self.options.double_blank
        plans = (longest_chain(self.ends[s], hand, PLAN_STEPS) for s, hand in enumerate(self.hands))
        return [pips_left(hand, blank) - PLANNED * pips_left(plan, blank)
                for hand, plan in zip(self.hands, plans, strict=True)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        return {
            "deal": [self.deal_no, self.options.rounds],
            "engine": D.CODE_OF[D.DOUBLE[self.engine]],
            "to_do": self.to_do(seat) or None,
            "trains": self.trains_picture(seat),
            "train_state": self.train_state(),
            "last_round": self.last_round or None,
            # what a program reads (not drawn: no field names them)
            "hand": D.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "boneyard_size": len(self.boneyard),
            "engine_number": self.engine,
            "ends": list(self.ends),
            "train_lengths": [len(x) for x in self.lines],
            "marked": list(self.marked),
            "uncovered": list(self.uncovered),
            "owed": self.owed,
            "drew": self.drew,
            "turn": self.turn,
            "mexican": n,
        }

    def zones(self) -> list[Zone]:
        n = self.num_players
        tt = D.TILE_TEXT
        out = [Zone(f"hand/{s}", self.hands[s], tt, s, OWNER, None, Show.HAND, f"{name}'s tiles",
                    order=in_hand_order)
               for s, name in enumerate(self.names)]
        out.append(Zone("boneyard", self.boneyard, tt, None, UNSEEN, None, Show.COUNT, "Boneyard"))
        out.append(Zone("centre", self.centre, tt, None, PUBLIC, None, Show.ROW, "Engine", detail="trains"))
        out += [Zone(f"train/{s}", self.lines[s], tt, None, PUBLIC, None, Show.ROW, f"{name}'s train",
                     detail="trains") for s, name in enumerate(self.names)]
        out.append(Zone("mexican", self.lines[n], tt, None, PUBLIC, None, Show.ROW, "Mexican train",
                        detail="trains"))
        return out



SPEC: GameSpec = register(GameSpec(
    id="mexican-train",
    title="Mexican Train",
    family="dominoes",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=MexicanTrainOptions,
    state_cls=MexicanTrain,
    summary="Dominoes: build your own train from the centre double, slough tiles onto the Mexican train, "
            "and play on anyone's marked train; thirteen rounds from double twelve to double blank, low "
            "score wins.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["SPEC", "MexicanTrain", "MexicanTrainOptions", "engine_of", "hand_size", "pips_left"]
