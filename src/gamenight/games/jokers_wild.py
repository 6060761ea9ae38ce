"""Jokers Wild — the family rule book (seed 000, p.23, "Jokers Wild (Board Game)").

A marble race played with cards, after Pegs and Jokers. Three decks with their jokers (162
cards). Two players, or four in two partnerships, partners opposite. The board is a loop of 72
holes, 18 to a side, played clockwise (hole numbers rise); each side has a Home of five holes
beside its come-out hole (hole 8 of its side, its corner counted 0: 8, 26, 44, 62) and a Castle
of five holes branching off its Castle entrance (hole 3 of the side: 3, 21, 39, 57). With two
players they sit at the first and the third side. Each player has five marbles, all in Home at
the start; five cards each, the rest face down as the draw pile; the player left of the dealer
begins.

On your turn you play one card and make its move, then draw back to five:

* an ace moves a marble 1 hole, a jack, queen or king 10; either may instead bring a marble out
  of Home onto your come-out hole (``out KH``);
* 2 to 6, 9 and 10 move a marble forward that many holes (``move 5H 30``: the marble on 30);
* an 8 moves a marble exactly 8 holes backward (``move 8C 30``);
* a 7 moves one marble 7 holes, or is split between two of your marbles (``split 7H 10 3 40 4``:
  the marble on 10 moves 3, then the marble on 40 moves 4);
* a joker moves one of your marbles on the loop to the hole of any other marble on the loop
  (``swap JK 10 50``): an opponent's marble goes back to its Home, a partner's to its Castle
  entrance — and an opponent on that entrance goes Home.

A marble may never pass or land on a marble of your own or your partner's; landing on an
opponent sends it Home (passing it is free). A forward move that reaches your Castle entrance
goes on into the Castle when it can end inside it with the exact count, passing no marble, and
otherwise goes on round the loop. Marbles in the Castle move further in by exact count. A player
who can make a move must, even one that hurts; with no move, you throw one card away
(``discard 5H``) and draw. When all five of your marbles are in your Castle your cards move your
partner's marbles (out of its Home too); a 7 that brings your last marble in moves a partner's
marble with the rest (``split 7H 2 2 60 5``), and the rest is lost only when no partner's marble
can use it (``split 7H 2 2``). The first side with all its marbles in its Castle wins (both
partners' ten; a single player's five).

Typed shorthands: the card first (``5H 30``, ``7H 10 3 40 4``, ``JK 10 50``), a Castle hole as
``C1``..``C5`` of the marble's owner, and a bare card with a single move.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §22, code JW):

* G-JW-1 — the spec's proposed geometry (pagat's Pegs and Jokers): holes 0–71, come-out hole
  ``18p + 8``, Castle entrance ``18p + 3``; Home and Castle holes are numbered after the loop
  (seat by seat: Home, then Castle C1..C5), as the picture shows.
* G-JW-2 — five marbles each (option ``marbles``: three to five).
* G-JW-3 — landing exactly on an opponent sends it Home; passing it is free.
* G-JW-4 — a normal move may not end on a partner's marble; only a joker displaces a partner.
  Option ``land_on_partner_sends_to_entrance`` (pagat): it may, and the partner's marble goes to
  its Castle entrance as with a joker.
* G-JW-5 — exact count into the Castle; a move that cannot end inside it goes on round the loop.
  A move that can end inside the Castle always does (the book's goal; never a choice). Option
  ``castle_overshoot`` ``must_wait``: a marble that cannot end inside its Castle may not move
  past its entrance at all.
* Backing in (option ``back_in_with_8``, on): a marble an 8 takes backward past its Castle
  entrance may enter on a later forward move. Off: it must go round the loop again first.
  An 8 never enters a Castle, and marbles in the Castle or in Home never move backward.
* G-JW-6 — the joker's own marble must be on the loop (out of Home, not in its Castle); its target
  is any other player's marble on the loop, never one in a Home or a Castle, never one's own.
* G-JW-7 — two players sit at the first and third sides (board seats 0 and 2); no partner rules.
* G-JW-8 — a joker that is the only card with a move must be played (the book: no pass while you
  have a play). Option ``joker_never_forced`` (pagat): when every move you have is a joker's,
  you may throw a card away instead.
* G-JW-9 — a joker (or, with the option of G-JW-4, a landing) that would send a partner's marble
  to its Castle entrance while a marble of your side holds that entrance is illegal.
* G-JW-10 — option ``nine_split``: a 9 may also be split between two marbles, the first part
  forward and then the rest backward (``split 9H 10 5 40 4``: 10 forward 5, then 40 back 4).
* G-JW-11 — jacks, queens and kings move 10 (the book).
* Option ``decks`` (OPT-JW-decks): three or four decks, each with its two jokers.
* The 7: each part moves at least one hole and the two parts move two different marbles, in the
  order written (the first may clear the way for the second); a part that brings your last marble
  into its Castle hands the rest to your partner's marbles, as above.
* Marbles that go Home fill its lowest free hole; a marble comes out from its lowest full one.
* A marble a joker moves (or one sent to its entrance) may turn into its Castle on its next
  forward move, whatever an 8 did to it before.
* No scores: the score sheet records, at the end, each side's marbles in its Castles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.errors import IllegalMove
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards, DrawsBack
from gamenight.families.table import Seating
from gamenight.games.jokers_wild_board import (
    BOARD,
    CASTLE,
    CASTLE_INDEX,
    COLOURS,
    CONTINUE,
    EMPTY,
    ENTRANCE,
    HOLES,
    HOME,
    IN_HOME,
    JOKER,
    LOOP,
    MUST_WAIT,
    ONLY,
    OUT_HOLE,
    OUT_RANKS,
    Position,
    Rules,
    goes,
    hole_text,
    holes_and_counts,
    marble_moves,
    move_candidates,
    mover_of,
    moves_by_verb,
    out_candidates,
    play_card,
    rules_from,
    side_done,
    split_moves,
    steps_of,
    swap_candidates,
    way_home,
)

if TYPE_CHECKING:
    from gamenight.core.views import Place

#: the layout field the board is drawn from: where a move's holes lie
TRACK_FIELD = "track"

HAND_SIZE = 5


# ---- the game ---------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class JokersWildOptions(Options):
    marbles: int = option(
        5, "Marbles each",
        "How many marbles each player brings home (Home and Castle hold five).",
        minimum=3, maximum=5,
    )
    decks: int = option(
        3, "Decks",
        "How many decks, each with its two jokers, make the draw pile.",
        minimum=3, maximum=4,
    )
    back_in_with_8: bool = option(
        True, "Back in with an 8",
        "A marble an 8 takes backward past its Castle entrance may enter on a later forward move; "
        "off, it must go round the loop again first.",
    )
    castle_overshoot: str = option(
        CONTINUE, "A move too long for the Castle",
        "What a marble does that reaches its Castle entrance but cannot end inside the Castle.",
        choices={CONTINUE: "It goes on round the loop", MUST_WAIT: "It may not move past its entrance"},
    )
    joker_never_forced: bool = option(
        False, "A joker is never forced",
        "When every move you have is a joker's, you may throw a card away instead.",
    )
    nine_split: bool = option(
        False, "Split a 9",
        "A 9 may also be split between two marbles: one forward, then the other backward the rest.",
    )
    land_on_partner_sends_to_entrance: bool = option(
        False, "Land on a partner",
        "A normal move may end on a partner's marble, which goes to its Castle entrance (as with "
        "a joker).",
    )


PRESETS: dict[str, Preset] = {
    "pegs-and-jokers": Preset("pegs-and-jokers", "Pagat's Pegs and Jokers: land on a partner, jokers never "
                                                 "forced, 9s split",
                              {"land_on_partner_sends_to_entrance": True, "joker_never_forced": True,
                               "nine_split": True}),
}


class JokersWildPhase(PhaseName):
    NONE = "", "Game over"
    PLAY = "play", "Playing a card: move a marble"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

EXAMPLES = "'move 5H 30', 'out KH', 'split 7H 10 3 40 4', 'swap JK 10 50'"


def castle_row(inside: list[int], sides: list[int], columns: int) -> list[int]:
    """The sheet's one row, at the end: each side's marbles in its players' Castles, from each
    player's (the engine's sheet and the score pad's)."""
    row = [0] * columns
    for player, n in enumerate(inside):
        row[sides[player]] += n
    return row


def card_first(s: JokersWild, seat: int, move: Move, numbers: Iterable[int], example: str) -> str | None:
    """The shape every card move shares: the card held, first, then ``numbers`` holes or counts
    (one of the counts given), each hole on the board; ``None`` when the move has that shape."""
    if len(move.cards) != 1 or move.args[0].kind.name != "card":
        return f"Name the card you play first: {EXAMPLES}."
    card = move.cards[0]
    if card not in s.hands[seat]:
        return f"You do not hold {C.LABEL_OF[card]}."
    if len(move.args) - 1 not in numbers or any(not isinstance(a.value, int) for a in move.args[1:]):
        return f"Write it {example}."
    if any(not 0 <= h < HOLES for h in holes_and_counts(move)[0]):
        return "There is no such hole."
    return None


def board_rule(s: JokersWild, seat: int, move: Move) -> str | None:
    """The first rule of the board the move breaks (tried on a copy), as a sentence."""
    why = play_card(s.rules, s.pos.copy(), s.bseat[seat], move, [])
    return why[0].upper() + why[1:] + "." if why else None


def marble_places(move: Move) -> list[Place | None]:
    """Each hole a move names is that hole of the board (its marble, where a person taps it); the
    card lies in the hand, a count nowhere."""
    return [{"zone": TRACK_FIELD, "index": a.value} if a.kind.name == "hole" else None for a in move.args]


class BringOut(MoveKind["JokersWild"]):
    """An ace or a face card brings a marble out of Home onto the come-out hole (not onto a
    marble of the side; an opponent there goes Home)."""

    verbs = ("out",)

    def candidates(self, s: JokersWild, seat: int) -> Iterable[Move]:
        return out_candidates(s.rules, s.pos, s.bseat[seat], s.hands[seat])

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        return s.card_moves(seat)[self.verbs[0]]  # the hot path: the position's moves, found once

    def verify(self, s: JokersWild, seat: int, move: Move) -> str | None:
        return card_first(s, seat, move, (0,), "as the card alone: 'out KH'") or board_rule(s, seat, move)

    def apply(self, s: JokersWild, seat: int, move: Move) -> None:
        s._play_card(seat, move)

    def describe(self, s: JokersWild, move: Move, viewer: int | None) -> str:
        return f"Bring a marble out with the {C.LABEL_OF[move.cards[0]]}"


class MoveMarble(MoveKind["JokersWild"]):
    """A card moves one marble its count: forward (into the Castle by exact count), or back 8
    with an 8, never passing or landing on a marble of the side."""

    verbs = ("move",)

    def candidates(self, s: JokersWild, seat: int) -> Iterable[Move]:
        return move_candidates(s.rules, s.pos, s.bseat[seat], s.hands[seat])

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        return s.card_moves(seat)[self.verbs[0]]  # the hot path: the position's moves, found once

    def verify(self, s: JokersWild, seat: int, move: Move) -> str | None:
        shape = "with the card and the marble's hole: 'move 5H 30'"
        return card_first(s, seat, move, (1,), shape) or board_rule(s, seat, move)

    def places(self, s: JokersWild, seat: int, move: Move) -> list[Place | None]:
        return marble_places(move)

    def apply(self, s: JokersWild, seat: int, move: Move) -> None:
        s._play_card(seat, move)

    def describe(self, s: JokersWild, move: Move, viewer: int | None) -> str:
        card = move.cards[0]
        n = steps_of(card)
        way = f"back {-n} holes" if n < 0 else f"{n} hole{'s' if n != 1 else ''}"
        return f"Move a marble {way} from {hole_text(holes_and_counts(move)[0][0])} with {C.LABEL_OF[card]}"


class SplitCard(MoveKind["JokersWild"]):
    """A 7 (or a 9, with the option: forward, then back) split between two marbles; the rest of a
    7 that brings the last marble home moves a partner's, or is lost when none can use it."""

    verbs = ("split",)

    def candidates(self, s: JokersWild, seat: int) -> list[Move]:
        return split_moves(s.rules, s.pos, s.bseat[seat], s.hands[seat])

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        return s.card_moves(seat)[self.verbs[0]]  # built part by part by the rule: every one verifies

    def verify(self, s: JokersWild, seat: int, move: Move) -> str | None:
        shape = "as the card, then each part's marble and count: 'split 7H 10 3 40 4'"
        return card_first(s, seat, move, (2, 4), shape) or board_rule(s, seat, move)

    def places(self, s: JokersWild, seat: int, move: Move) -> list[Place | None]:
        return marble_places(move)

    def apply(self, s: JokersWild, seat: int, move: Move) -> None:
        s._play_card(seat, move)

    def describe(self, s: JokersWild, move: Move, viewer: int | None) -> str:
        card, (sp, nums) = move.cards[0], holes_and_counts(move)  # typed text reads holes as numbers
        first = f"Split {C.LABEL_OF[card]}: {nums[0]} from {hole_text(sp[0])}"
        if len(sp) == 1:
            return f"{first}, the other {7 - nums[0]} lost"
        back = " back" if C.RANK_OF[card] == C.NINE else ""
        return f"{first}, then {nums[1]}{back} from {hole_text(sp[1])}"


class JokerSwap(MoveKind["JokersWild"]):
    """A joker moves a marble of the side's on the loop to another player's marble's hole there:
    an opponent goes Home, a partner to its Castle entrance."""

    verbs = ("swap",)

    def candidates(self, s: JokersWild, seat: int) -> Iterable[Move]:
        return swap_candidates(s.rules, s.pos, s.bseat[seat], s.hands[seat])

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        return s.card_moves(seat)[self.verbs[0]]  # the hot path: the position's moves, found once

    def verify(self, s: JokersWild, seat: int, move: Move) -> str | None:
        shape = "as the joker, your marble's hole and the other's: 'swap JK 10 50'"
        return card_first(s, seat, move, (2,), shape) or board_rule(s, seat, move)

    def places(self, s: JokersWild, seat: int, move: Move) -> list[Place | None]:
        return marble_places(move)

    def apply(self, s: JokersWild, seat: int, move: Move) -> None:
        s._play_card(seat, move)

    def describe(self, s: JokersWild, move: Move, viewer: int | None) -> str:
        src, dst = holes_and_counts(move)[0]
        whose = s.holes[dst]
        return f"Joker: the marble on {src} takes the {COLOURS[whose]} marble's hole {dst}"


class ThrowAway(MoveKind["JokersWild"]):
    """With no card that moves a marble (or, with the option, only jokers that do), throw a card
    away and draw."""

    verbs = ("discard",)

    def candidates(self, s: JokersWild, seat: int) -> list[Move]:
        return [Move("discard", C.CARD_ARG[c]) for c in sorted(set(s.hands[seat]))]

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        return [] if s.must_move(seat) else self.candidates(s, seat)

    def verify(self, s: JokersWild, seat: int, move: Move) -> str | None:
        if len(move.cards) != 1 or len(move.args) != 1:
            return "Name the one card you throw away: 'discard 5H'."
        if move.cards[0] not in s.hands[seat]:
            return f"You do not hold {C.LABEL_OF[move.cards[0]]}."
        if s.must_move(seat):
            return "You have a move: a card is thrown away only when none of yours can move a marble."
        return None

    def apply(self, s: JokersWild, seat: int, move: Move) -> None:
        s._throw_away(seat, move)

    def describe(self, s: JokersWild, move: Move, viewer: int | None) -> str:
        if any(s.card_moves(s.turn).values()):  # only jokers move, and the rules do not force one
            return f"Throw {C.LABEL_OF[move.cards[0]]} away rather than play a joker"
        return f"Throw {C.LABEL_OF[move.cards[0]]} away: no marble can move"


class PlayPhase(KindsPhase["JokersWild"]):
    otherwise = f"Play a card and make its move: {EXAMPLES}; or 'discard 5H' when none can move."

    def to_act(self, s: JokersWild) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: JokersWild) -> list[MoveKind[Any]]:
        return [BringOut(), MoveMarble(), SplitCard(), JokerSwap(), ThrowAway()]

    def legal(self, s: JokersWild, seat: int) -> list[Move]:
        # the kinds' moves in order, as always; the board's moves are worked out once for all five
        s._listing = moves_by_verb(s.rules, s.pos, s.bseat[seat], s.hands[seat])
        try:
            return super().legal(s, seat)
        finally:
            s._listing = None


class JokersWild(PhaseDispatch, DealsCards, DrawsBack, Seating, State):
    """Cards move marbles round a 72-hole loop, from Home to the Castle."""

    DEAL_WORD: ClassVar[str] = "game"
    VERB_WORDS: ClassVar[dict[str, str]] = {"out": "bring a marble out", "move": "move a marble",
                                            "split": "split between two marbles",
                                            "swap": "swap with another marble"}
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"card", "hole", "number", "word"})
    options: JokersWildOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        JokersWildPhase.NONE: PhaseHandler(), JokersWildPhase.PLAY: PlayPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True),
        Field(TRACK_FIELD, "The board", Kind.TRACK),
        Field("castles", "In the Castles", Kind.TEXT),
        Field("helping", "Moving a partner's marbles", Kind.TEXT),
        Field("last_play", "Last play", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating(teams=2 if n == 4 else 1)
        self.phase_name: str = JokersWildPhase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discards: list[int] = []
        #: the board seat of each player: the first and third sides at two
        self.bseat: list[int] = [2 * s for s in range(n)] if n == 2 else list(range(n))
        self.player_of: dict[int, int] = {b: s for s, b in enumerate(self.bseat)}
        o = self.options
        side = [frozenset({b}) for b in range(BOARD.seats)]
        partner = [-1] * BOARD.seats
        if n == 4:
            for b in range(4):
                side[b] = frozenset({b, (b + 2) % 4})
                partner[b] = (b + 2) % 4
        self.rules = Rules(o.marbles, o.back_in_with_8, o.castle_overshoot == MUST_WAIT,
                           o.land_on_partner_sends_to_entrance, o.nine_split, tuple(side), tuple(partner))
        holes = BOARD.empty()
        for b in self.bseat:
            for h in HOME[b][:o.marbles]:
                holes[h] = b
        #: the marbles on the holes, and the holes of marbles barred from their Castle (the state's own
        #: lists, so a clone copies them; ``pos`` reads them as a Position)
        self.holes: list[int] = holes
        self.bar: set[int] = set()
        #: while the phase lists the legal moves: the position's card moves by verb (card_moves)
        self._listing: dict[str, list[Move]] | None = None
        self.turn = 0
        self.last_play = ""
        self._deal()

    @property
    def pos(self) -> Position:
        return Position(self.holes, self.bar)

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.options.decks, jokers=2 * self.options.decks)

    def _sheet_columns(self) -> list[str]:
        if self.num_players == 4:
            return [f"{self.names[0]} & {self.names[2]}", f"{self.names[1]} & {self.names[3]}"]
        return list(self.names)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.num_players == 4 else seat

    def column_of(self, seat: int) -> int:
        return self.side_of(seat)

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): the sheet's row were the
        race to end now, each side's marbles counted as the casual bot values them, in marbles in
        the Castle (:func:`way_home`): how far each has come, less where it is exposed."""
        row = [0.0] * len(self._sheet_columns())
        pos, playing = self.pos, tuple(self.bseat)
        for s in range(self.num_players):
            row[self.side_of(s)] += way_home(pos, self.rules, self.bseat[s], playing)
        return row

    # ---- the deal ---------------------------------------------------------------------------------

    def _deal(self) -> None:
        n = self.num_players
        self.deal_no = 1
        deck = self._fresh_deck()
        order = self.seats_from(self.left_of_dealer())
        for i, s in enumerate(order):
            self.hands[s] = deck[i:HAND_SIZE * n:n]
        self.stock = deck[HAND_SIZE * n:][::-1]
        self.turn = order[0]
        self.phase_name = JokersWildPhase.PLAY
        colours = "; ".join(f"{self.names[s]} plays {COLOURS[self.bseat[s]]}" for s in range(n))
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each; "
                          f"{colours}. "
                          f"{self.names[self.turn]} begins.", seat=self.dealer)

    # ---- what a seat may do ---------------------------------------------------------------------

    def card_moves(self, seat: int) -> dict[str, list[Move]]:
        """Every legal card move of ``seat``, by verb: the fast path of the kinds' listings and of
        the rule that a player who can move must. While the phase lists the moves
        (:class:`PlayPhase`), the position's moves are worked out once for all its kinds."""
        listing = self._listing
        if listing is None:
            return moves_by_verb(self.rules, self.pos, self.bseat[seat], self.hands[seat])
        return listing

    def must_move(self, seat: int) -> bool:
        """A card of the hand can move a marble, so one must (G-JW-8: a joker too, unless the option
        frees a player whose only moves are jokers')."""
        free = self.options.joker_never_forced
        return any(moves for verb, moves in self.card_moves(seat).items() if not (free and verb == "swap"))

    # ---- doing it ---------------------------------------------------------------------------------

    def _throw_away(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self.hands[seat].remove(card)
        self.discards.append(card)
        name = self.names[seat]
        self.last_play = f"{name} could move no marble and threw {C.LABEL_OF[card]} away."
        self.emit("discard", f"{name} can move no marble and throws {C.LABEL_OF[card]} away.", seat=seat,
                  card=C.CODE_OF[card])
        self.draw_card(seat)
        self.turn = self.next_seat(seat)

    def _play_card(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self.hands[seat].remove(card)
        self.discards.append(card)
        name = self.names[seat]
        before = self.pos.copy()
        notes: list[str] = []
        play_card(self.rules, self.pos, self.bseat[seat], move, notes)
        what = self._describe(move, before)
        extra = f"; {'; '.join(notes)}" if notes else ""
        self.last_play = f"{name} played {C.LABEL_OF[card]}: {what}{extra}."
        self.emit(move.verb, f"{name} plays {C.LABEL_OF[card]}: {what}{extra}.", seat=seat,
                  card=C.CODE_OF[card], move=str(move))
        b = self.bseat[seat]
        if side_done(self.rules, self.pos, b):
            self._won(seat)
            return
        q = self.rules.partner[b]
        if before.in_castle(b) < self.rules.marbles <= self.pos.in_castle(b) and q >= 0:
            self.emit("helping", f"All of {name}'s marbles are in the Castle: {name}'s cards now move "
                                 f"{self.names[self.player_of[q]]}'s marbles.", seat=seat)
        self.draw_card(seat)
        self.turn = self.next_seat(seat)

    def _describe(self, move: Move, before: Position) -> str:
        sp, nums = move.spaces, move.numbers
        if move.verb == "out":
            return "a marble comes out of Home"
        if move.verb == "swap":
            return f"the marble on {sp[0]} takes the hole {sp[1]}"
        if move.verb == "move":
            n = steps_of(move.cards[0])
            return f"the marble on {hole_text(sp[0])} moves {abs(n)} {'back' if n < 0 else 'on'}"
        parts = [f"the marble on {hole_text(h)} moves {k}" for h, k in zip(sp, nums, strict=True)]
        if len(parts) == 1:
            parts.append(f"the other {7 - nums[0]} are lost")
        elif C.RANK_OF[move.cards[0]] == C.NINE:
            parts[1] += " back"
        return ", then ".join(parts)

    def _won(self, seat: int) -> None:
        self.phase_name = JokersWildPhase.NONE
        n = self.num_players
        inside = castle_row([self.pos.in_castle(self.bseat[s]) for s in range(n)],
                            [self.side_of(s) for s in range(n)], len(self._sheet_columns()))
        self.sheet.add(f"{self.deal_name()}: marbles in the Castles", inside)
        side = self.side_of(seat)
        winners = [s for s in range(n) if self.side_of(s) == side]
        who = " and ".join(self.names[s] for s in winners)
        self.finish([inside[self.side_of(s)] for s in range(n)], winners,
                    f"{who} brought all {self.rules.marbles * len(winners)} marbles into the Castle"
                    f"{'s' if len(winners) > 1 else ''}.")

    # ---- typed shorthands -----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """The card first (``5H 30``, ``7H 10 3 40 4``, ``JK 10 50``, ``KH out``); ``C1``..``C5``
        for a hole of the moving marbles' Castle; a bare card with one move makes it."""
        words = text.split()
        if not words:
            return parse_move(text)
        if not self.is_over:
            b = mover_of(self.rules, self.pos, self.bseat[self.turn])
            if b >= 0:
                words = [str(CASTLE[b][int(w[1]) - 1]) if len(w) == 2 and w[0] in "cC" and w[1] in "12345"
                         else w for w in words]
        if C.is_card_code(words[0]):
            card = C.card(words[0])
            rest = words[1:]
            if rest == ["out"]:
                return parse_move(f"out {words[0]}")
            if len(rest) == 1:
                return parse_move(f"move {' '.join(words)}")
            if len(rest) == 2 and card == JOKER:
                return parse_move(f"swap {' '.join(words)}")
            if len(rest) in (2, 4):
                return parse_move(f"split {' '.join(words)}")
            if not rest and not self.is_over:
                legal = [m for m in self.legal_moves(self.turn) if card in m.cards]
                if len(legal) == 1:
                    return legal[0]
                if legal:
                    some = ", ".join(str(m) for m in legal[:4]) + ("…" if len(legal) > 4 else "")
                    raise IllegalMove(f"{C.LABEL_OF[card]} has {len(legal)} moves ({some}): name the marble "
                                      "too.")
        return parse_move(" ".join(words))

    # ---- what a seat sees -------------------------------------------------------------------------

    def track_view(self, seat: int | None) -> dict[str, Any]:
        """The board as a picture needs it: the loop's size and sides, each side's come-out hole,
        entrance, Home and Castle holes, every marble (its hole, its side) and, for the seat to
        act, the moves each marble of its can make."""
        holes = self.pos.holes
        legal: list[Move] = []
        if seat is not None and not self.is_over and seat == self.turn:
            legal = self.legal_moves(seat)
        mover = mover_of(self.rules, self.pos, self.bseat[seat]) if seat is not None else -1
        by_hole: dict[int, list[dict[str, str]]] = {}
        for m in legal:
            if m.verb == "discard":
                continue
            key = self.pos.in_home(mover)[0] if m.verb == "out" else m.spaces[0]
            by_hole.setdefault(key, []).append({"move": str(m), "label": self._move_label(m)})
        seats = []
        for b in range(BOARD.seats):
            s = self.player_of.get(b)
            seats.append({"name": self.names[s] if s is not None else None, "seat": s, "colour": COLOURS[b],
                          "out": OUT_HOLE[b], "entrance": ENTRANCE[b], "home": list(HOME[b]),
                          "castle": list(CASTLE[b])})
        marbles = [{"hole": h, "text": hole_text(h), "side": holes[h], "moves": by_hole.get(h, [])}
                   for h in range(HOLES) if holes[h] != EMPTY]
        return {"loop": LOOP, "per_side": LOOP // BOARD.seats, "seats": seats, "marbles": marbles,
                "mine": mover if seat is not None else None}

    def _move_label(self, m: Move) -> str:
        """What a move's button says beside its marble: ``5♥: to 25``, ``7♥: 3 here, 4 with 40``."""
        card = C.LABEL_OF[m.cards[0]]
        sp, nums = m.spaces, m.numbers
        if m.verb == "out":
            b = mover_of(self.rules, self.pos, self.bseat[self.turn])
            return f"{card}: out to {OUT_HOLE[b]}"
        if m.verb == "swap":
            return f"{card}: take {sp[1]}"
        if m.verb == "move":
            went = goes(self.rules, self.pos, sp[0], steps_of(m.cards[0]))
            return f"{card}: to {hole_text(went[0])}" if not isinstance(went, str) else card
        back = " back" if C.RANK_OF[m.cards[0]] == C.NINE else ""
        if len(sp) == 1:
            return f"{card}: {nums[0]} here, the rest lost"
        return f"{card}: {nums[0]} here, {nums[1]}{back} with {hole_text(sp[1])}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        r = self.rules
        castles = []
        for s in range(n):
            b = self.bseat[s]
            castles.append(f"{self.names[s]} ({COLOURS[b]}) {self.pos.in_castle(b)} of {r.marbles}")
        helping = [f"{self.names[s]} moves {self.names[self.player_of[r.partner[self.bseat[s]]]]}'s marbles"
                   for s in range(n) if r.partner[self.bseat[s]] >= 0
                   and self.pos.in_castle(self.bseat[s]) >= r.marbles]
        return {
            "deal": self.deal_no,
            "track": self.track_view(seat),
            "castles": castles,
            "helping": helping or None,
            "last_play": self.last_play or None,
            # what a program reads (not drawn: no field names them)
            "hand": C.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "board_seat": self.bseat[seat] if seat is not None else None,
            "board_seats": list(self.bseat),
            "holes": list(self.pos.holes),
            "barred": sorted(self.pos.bar),
            "stock_size": len(self.stock),
            "turn": self.turn,
            "rules": {"marbles": r.marbles, "back_in": r.back_in, "must_wait": r.must_wait,
                      "land_partner": r.land_partner, "nine_split": r.nine_split, "partner": list(r.partner)},
        }


SPEC: GameSpec = register(GameSpec(
    id="jokers-wild",
    title="Jokers Wild",
    family="board",
    players=(2, 4),
    default_players=4,
    options_cls=JokersWildOptions,
    state_cls=JokersWild,
    summary="Cards move your marbles from Home round a 72-hole loop into your Castle; jokers swap, 7s split, "
            "8s go back. Partners opposite race all ten home.",
    presets=PRESETS,
    teams="four: partners opposite",
    rules=__doc__ or "",
))

__all__ = ["CASTLE", "CASTLE_INDEX", "EMPTY", "ENTRANCE", "HOME", "IN_HOME", "JOKER", "LOOP", "OUT_HOLE",
           "OUT_RANKS", "SPEC", "JokersWild", "JokersWildOptions", "Position", "Rules", "castle_row",
           "marble_moves", "play_card", "rules_from"]
