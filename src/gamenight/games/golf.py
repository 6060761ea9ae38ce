"""Golf — the family rule book (seed 000, p.13).

Any number of players (two to eight seats here) with three decks and their jokers (162 cards) up
to six players and four decks (216 cards) from seven on. Each player is dealt eight cards face
down in two rows of four, which he may not look at — except the two outer cards of his bottom row
(the bottom corners), which he may look at whenever he likes: the view shows them to him, and to
nobody else, where they lie. The next card starts the discard pile; the player left of the dealer
begins.

A turn: take the top card of the stock (``draw``) or of the discard pile (``take 7H``), then
either exchange it for one of your eight cards (``exchange 3``: the new card lies face up there,
the card it replaces goes face up on the discard pile; a face-up card may be exchanged again
later), or discard it and turn one of your face-down cards face up (``flip 5``). A card taken from
the discard pile must be exchanged. Cards are numbered 1–4 along the top row and 5–8 along the
bottom row, left to right; the bottom corners are 5 and 8.

Knocking (``knock``, at the start of a turn instead of drawing): your cards stay as they are and
every other player has exactly one more turn. When a player's eighth card is face up, likewise
every other player has one more turn. Then everyone's cards are turned face up and scored.

Scoring, by columns: king 0, red seven 0, joker −5, queen, jack and ten 10, nine to two their
face value, ace 1. Two cards of the same rank in a column (a pair) count nothing. Two pairs of the
same rank side by side (a block of four) count −10 for the four; a block of four jokers −50.

Money, in quarters (cents: GEN-11): everyone antes 25¢ into the pot at the start; after each
hole the highest score pays 25¢ into the pot (all tied highest pay), and a knocker who is highest
(or tied highest) pays double, 50¢. After nine holes the lowest total takes the pot. The ledger
shows every payment with its reason; the score sheet is the money sheet (each hole's row notes
the hole's scores and the running totals); the outcome says who won the money.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §12):

* Decks: three decks with jokers up to six players, four from seven on (option ``decks``).
* G-GO-1 — the ante is paid once a game, a game is nine holes and the lowest total takes the
  pot; equal lowest totals share it (the odd cents to the sharer nearest the dealer's left).
  Option ``settlement`` "per round": everyone antes each hole and the lowest score of the hole
  takes that hole's pot. Option ``rounds``: 9 or 18 holes.
* G-GO-2 — a knock is made at the start of one's turn instead of drawing, and the knocker's cards
  are then frozen. Option ``knock_timing`` "after your action": the knock ends the turn
  (``exchange 3 knock``, ``flip 5 knock``).
* G-GO-3 — a pair is two cards of the same rank (a queen over a jack is no pair). Option
  ``pair_match`` "value": any two cards of the same value pair (queen, jack and ten; a king over a
  red seven), and a block is four cards of one value.
* G-GO-4 — two jokers in a column do not cancel: −10 (pairing never makes a score worse).
  Option ``joker_pair`` "zero": they pair like any other (0). Four jokers in a block are −50 either way.
* Blocks may not share cards; of the ways to find them the one scoring lowest counts (eight of a
  rank: two blocks, −20).
* G-GO-5 — a card taken from the discard pile must be exchanged.
* G-GO-6 — a knocker tied for highest pays double.
* G-GO-7 — the first of a knock and an eighth card face up ends the round; once one has
  happened nobody knocks, and an eighth card turned up starts nothing more.
* G-GO-8 — a red seven over a black seven is a pair: 0.
* G-GO-9 — the knocker has no turn after the others' last turns.
* When the stock runs out, the discard pile but its top card is shuffled into a new stock
  (GEN-10). The deal passes to the left (GEN-7); the first dealer is drawn at random (GEN-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import CENTS, money
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import DRAW, HAND, DrawDiscardState, DrawPhase, Phase, PlayPhase
from gamenight.families.match import MatchRules
from gamenight.families.melds import MeldRules
from gamenight.families.pile_access import same
from gamenight.families.rummy_kinds import DrawFromStock, TakeDiscard
from gamenight.families.rummy_rules import RummyRules
from gamenight.families.stakes import Ledger, Rounding, Stakes

if TYPE_CHECKING:
    from gamenight.core.views import Place

#: a quarter, in cents (GEN-11): the ante and what the highest score pays
QUARTER = 25
CARDS = 8
COLUMNS = 4
#: positions the owner may look at: the two outer cards of the bottom row (positions 5 and 8)
CORNERS = (4, 7)
PEEK: list[bool] = [i in CORNERS for i in range(CARDS)]
BY_PLAYERS = "by_players"
INSTEAD, AFTER = "instead_of_turn", "after_action"
RANK, VALUE = "rank", "value"
MINUS10, ZERO = "minus10", "zero"
PER_GAME, PER_ROUND = "per_game", "per_round"
KNOCK_WORD = "knock"
PLACES = "Name one of your cards by its place, 1 to 4 along the top row and 5 to 8 along the bottom."

#: each card's value: K 0, red 7 0, joker −5, Q J 10 → 10, 9..2 face value, A 1
_RANK_VALUE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, 1)
VALUES: tuple[int, ...] = tuple(
    [0 if (C.RANK_OF[c] == C.SEVEN and C.SUIT_OF[c] in (C.HEARTS, C.DIAMONDS)) else _RANK_VALUE[C.RANK_OF[c]]
     for c in range(52)] + [-5])
JOKER_PAIR = -10  # G-GO-4: two jokers in a column keep their −5 each
BLOCK = -10
JOKER_BLOCK = -50

KNOCK: Move = Move("knock")
EXCHANGE: list[Move] = [C.card_move("exchange", (), i + 1) for i in range(CARDS)]
FLIP: list[Move] = [C.card_move("flip", (), i + 1) for i in range(CARDS)]
EXCHANGE_KNOCK: list[Move] = [C.card_move("exchange", (), i + 1, None, KNOCK_WORD) for i in range(CARDS)]
FLIP_KNOCK: list[Move] = [C.card_move("flip", (), i + 1, None, KNOCK_WORD) for i in range(CARDS)]


def decks_for(players: int, choice: str = BY_PLAYERS) -> int:
    """Three decks with jokers up to six players, four from seven on (or as chosen)."""
    if choice != BY_PLAYERS:
        return int(choice)
    return 3 if players <= 6 else 4


def _match_key(c: int, pair_match: str) -> int:
    """What two cards must share to pair: the rank (jokers their own), or the value."""
    if pair_match == VALUE:
        return 100 + VALUES[c]
    return C.RANK_OF[c]


def column_score(top: int, bottom: int, pair_match: str = RANK, joker_pair: str = MINUS10) -> int:
    """One column: a pair counts nothing (G-GO-3; a red 7 over a black 7 too, G-GO-8), two jokers
    −10 unless the option pairs them (G-GO-4), anything else the two values."""
    if top == C.JOKER and bottom == C.JOKER:
        return 0 if joker_pair == ZERO else JOKER_PAIR
    if C.RANK_OF[top] == C.RANK_OF[bottom] or _match_key(top, pair_match) == _match_key(bottom, pair_match):
        return 0
    return VALUES[top] + VALUES[bottom]


def block_score(a: Sequence[int], b: Sequence[int], pair_match: str) -> int | None:
    """Two side-by-side columns ``a`` and ``b`` (top, bottom): their block's score, or None."""
    cards = (*a, *b)
    if all(c == C.JOKER for c in cards):
        return JOKER_BLOCK
    if C.JOKER in cards:
        return None
    key = _match_key(cards[0], pair_match)
    rank = C.RANK_OF[cards[0]]
    if all(_match_key(c, pair_match) == key for c in cards) or all(C.RANK_OF[c] == rank for c in cards):
        return BLOCK
    return None


def grid_score(grid: Sequence[int], pair_match: str = RANK, joker_pair: str = MINUS10) -> int:
    """A grid's score (positions 0–3 the top row, 4–7 the bottom row): columns, with the
    non-overlapping blocks that score lowest (T-GO-1 to T-GO-5)."""
    cols = [(grid[i], grid[i + COLUMNS]) for i in range(COLUMNS)]
    single = [column_score(t, b, pair_match, joker_pair) for t, b in cols]
    best = [0] * (COLUMNS + 2)
    for i in range(COLUMNS - 1, -1, -1):
        best[i] = single[i] + best[i + 1]
        if i + 1 < COLUMNS:
            block = block_score(cols[i], cols[i + 1], pair_match)
            if block is not None:
                best[i] = min(best[i], block + best[i + 2])
    return best[0]


# ---- the money: pure functions over the ledger, the engine's and the score pad's ------------------


def pay_ante(ledger: Ledger, deal: int, order: Sequence[int], per_round: bool) -> Ledger:
    """G-GO-1: everyone antes a quarter (``order``: from the dealer's left), once a game or every hole."""
    for s in order:
        ledger = ledger.pay_pot(s, QUARTER, f"the ante for hole {deal}" if per_round else "the ante", deal)
    return ledger


def pay_highest(ledger: Ledger, deal: int, order: Sequence[int], scores: Sequence[int],
                knocker: int | None) -> Ledger:
    """The highest score pays a quarter into the pot, all tied highest pay, and a knocker who is
    (tied) highest pays double (G-GO-6)."""
    high = max(scores)
    for s in order:
        if scores[s] != high:
            continue
        if s == knocker:
            why = f"knocked and had the highest score, {high}, so pays double"
            ledger = ledger.pay_pot(s, 2 * QUARTER, why, deal)
        else:
            ledger = ledger.pay_pot(s, QUARTER, f"highest score of hole {deal}, {high}", deal)
    return ledger


def pay_lowest(ledger: Ledger, deal: int, order: Sequence[int], scores: Sequence[int],
               why: str) -> tuple[Ledger, list[int], int]:
    """The lowest takes the pot; equal lowest share it, odd cents nearest the dealer's left (the
    first in ``order``). Returns the ledger, who took the pot and how much (0: it was empty)."""
    low = min(scores)
    winners = [s for s in order if scores[s] == low]
    pot = ledger.pot()
    if not pot:
        return ledger, winners, 0
    if len(winners) == 1:
        return ledger.take_pot(winners[0], why, deal), winners, pot
    shared = ledger.split_pot(winners, f"a share of the pot: {why}", deal, rounding=Rounding.FIRST)
    return shared, winners, pot


def settle_hole(ledger: Ledger, deal: int, order: Sequence[int], scores: Sequence[int], totals: Sequence[int],
                knocker: int | None, settlement: str,
                last: bool) -> tuple[Ledger, list[tuple[list[int], int, str]]]:
    """A hole's money: the highest pays, then the hole's pot (per round) or, after the last hole,
    the game's (per game) goes to the lowest. Returns the ledger and each pot taken (who, how
    much, why)."""
    ledger = pay_highest(ledger, deal, order, scores, knocker)
    taken: list[tuple[list[int], int, str]] = []
    lowest: list[tuple[Sequence[int], str]] = []
    if settlement == PER_ROUND:
        lowest.append((scores, f"the lowest score of hole {deal}"))
    if last and settlement == PER_GAME:
        lowest.append((totals, "the lowest total"))
    for counted, why in lowest:
        ledger, winners, pot = pay_lowest(ledger, deal, order, counted, why)
        if pot:
            taken.append((winners, pot, why))
    return ledger, taken


def hole_label(deal_name: str, names: Sequence[str], knocker: int | None, ender: int | None) -> str:
    """A hole's row on the sheet, by how it ended ("Hole 3: Ann knocked")."""
    how = (f"{names[knocker]} knocked" if knocker is not None
           else f"{names[ender]} turned up all eight" if ender is not None
           else "the stock ran out")
    return f"{deal_name}: {how}"


def game_winners(totals: Sequence[int], nets: Sequence[int], settlement: str) -> list[int]:
    """One pot for the game: the lowest totals won it (a sharer's odd cent does not split them);
    a pot each hole: the money decides."""
    if settlement == PER_ROUND:
        return [s for s, n in enumerate(nets) if n == max(nets)]
    return [s for s, t in enumerate(totals) if t == min(totals)]


def golf_match_rules(o: GolfOptions) -> MatchRules:
    """Nine holes (or eighteen), the lowest total of strokes the best."""
    return MatchRules(deals=int(o.rounds), lowest_wins=True)


def why_over(names: Sequence[str], totals: Sequence[int], holes: int, settlement: str) -> str:
    low = min(totals)
    who = " and ".join(names[s] for s in range(len(totals)) if totals[s] == low)
    if settlement == PER_GAME:
        return f"After {holes} holes {who} had the lowest total, {low}, and took the pot."
    return f"After {holes} holes, the money won and lost decides (lowest total: {who}, {low})."


@dataclass(frozen=True, kw_only=True)
class GolfOptions(Options):
    knock_timing: str = option(
        INSTEAD, "Knocking",
        "When a player may knock; after a knock everyone else has one more turn.",
        choices={INSTEAD: "At the start of your turn, instead of drawing: your cards stay as they are",
                 AFTER: "At the end of your turn, after exchanging or turning up a card"})
    pair_match: str = option(
        RANK, "Pairs",
        "Which two cards in a column pair and count nothing.",
        choices={RANK: "Two cards of the same rank (a queen over a jack is no pair)",
                 VALUE: "Two cards of the same value (queen, jack and ten all pair; a king with a red "
                        "seven)"})
    joker_pair: str = option(
        MINUS10, "Two jokers in a column",
        "Whether two jokers one above the other pair like other cards.",
        choices={MINUS10: "They keep their minus five each: minus ten",
                 ZERO: "They pair like any other two cards: nothing"})
    rounds: str = option(
        "9", "Holes", "How many rounds (holes) a game lasts.",
        choices={"9": "Nine holes", "18": "Eighteen holes"})
    settlement: str = option(
        PER_GAME, "The pot",
        "When the ante is paid and who takes the pot.",
        choices={PER_GAME: "Everyone antes once; after the last hole the lowest total takes the pot",
                 PER_ROUND: "Everyone antes every hole; the lowest score of the hole takes that hole's pot"})
    decks: str = option(
        BY_PLAYERS, "Decks",
        "How many decks (each with its two jokers) are shuffled together.",
        choices={BY_PLAYERS: "Three up to six players, four from seven players on",
                 "3": "Always three", "4": "Always four"})


def knock_rule(s: Golf, timing: str) -> str | None:
    """A knock, at the time the rules in effect give it (option ``knock_timing``), and never once
    the last turns have begun (G-GO-7)."""
    if s.ender is not None:
        return "The last turns have begun: nobody knocks now."
    if s.options.knock_timing != timing:
        if timing == INSTEAD:
            return "Knock at the end of your turn: 'exchange N knock' or 'flip N knock'."
        return "Knock at the start of your turn, instead of drawing: 'knock'."
    return None


#: a knock cannot be taken back and ends the hole for everyone: asked before it is sent
KNOCK_QUESTION = "Knock? Everyone else gets one more turn, then the hole ends."


class KnockInsteadOfTurn(OneMove["Golf"]):
    """Knock instead of drawing: everyone else has one more turn (G-GO-2)."""

    question = KNOCK_QUESTION

    def verify(self, s: Golf, seat: int, move: Move) -> str | None:
        why = knock_rule(s, INSTEAD)
        if why is None and move.args:
            return "Knock by itself: 'knock'."
        return why

    def apply(self, s: Golf, seat: int, move: Move) -> None:
        s._knocks(seat)
        s._next_turn(seat)

    def describe(self, s: Golf, move: Move, viewer: int | None) -> str:
        return "Knock instead of drawing (everyone else has one more turn)"


class PlaceCard(MoveKind["Golf"]):
    """A move naming one of the player's eight places (1-4 the top row, 5-8 the bottom), with
    ``knock`` after it where the knock ends a turn (``after_action``)."""

    plain: list[Move]
    knocking: list[Move]

    def candidates(self, s: Golf, seat: int) -> list[Move]:
        return [*self.plain, *self.knocking]

    def verify(self, s: Golf, seat: int, move: Move) -> str | None:
        pos = s._position(move)
        if pos is None or move.cards or move.suit is not None:
            return PLACES
        why = self.place_rule(s, seat, pos)
        if why is not None:
            return why
        if move.flag is not None and move.flag != KNOCK_WORD:
            return f"Say '{self.plain[pos]}', or '{self.knocking[pos]}' to knock as well."
        if move.flag == KNOCK_WORD:
            why = knock_rule(s, AFTER)
            if why is not None:
                return why
            if s._knock_variant(seat, pos, self.knocking) is None:
                return ("That turns your last card face up, which starts the last turns anyway: there is "
                        "nothing to knock for.")
        canonical = self.knocking[pos] if move.flag else self.plain[pos]
        return None if same(move, canonical) else f"Say '{self.plain[pos]}' or '{self.knocking[pos]}'."

    def place_rule(self, s: Golf, seat: int, pos: int) -> str | None:
        """Whether the card at ``pos`` may be played so (``None``), or why not."""
        return None

    def places(self, s: Golf, seat: int, move: Move) -> list[Place | None]:
        """The place named is that card of the seat's own grid (a knock after it lies nowhere)."""
        pos = s._position(move)
        return [{"zone": f"grid/{seat}", "index": pos} if pos is not None and i == 0 else None
                for i in range(len(move.args))]

    def confirm(self, s: Golf, seat: int, move: Move) -> str | None:
        return KNOCK_QUESTION if move.flag == KNOCK_WORD else None


class Exchange(PlaceCard):
    """Put the card drawn in one of the places, discarding the card there."""

    verbs = ("exchange",)
    plain, knocking = EXCHANGE, EXCHANGE_KNOCK

    def legal(self, s: Golf, seat: int) -> list[Move]:
        return s._exchange_moves(seat)

    def apply(self, s: Golf, seat: int, move: Move) -> None:
        s._exchange(seat, move)

    def describe(self, s: Golf, move: Move, viewer: int | None) -> str:
        pos = (move.number or 1) - 1
        drawn = s.hands[s.turn][-1] if s.hands[s.turn] else None
        what = C.LABEL_OF[drawn] if drawn is not None and viewer == s.turn else "the card"
        knock = " and knock" if move.flag else ""
        return f"Put {what} in place {pos + 1}{knock}"


class TurnUp(PlaceCard):
    """Discard the card drawn and turn one of the face-down cards up (G-GO-5: not a card taken
    from the discard pile, which must be exchanged)."""

    verbs = ("flip",)
    plain, knocking = FLIP, FLIP_KNOCK

    def legal(self, s: Golf, seat: int) -> list[Move]:
        return s._flip_moves(seat)

    def place_rule(self, s: Golf, seat: int, pos: int) -> str | None:
        if s.taken is not None:
            return "A card taken from the discard pile must be exchanged for one of yours."
        if s.up[seat][pos]:
            return f"Card {pos + 1} is face up already: turn up a face-down card."
        return None

    def apply(self, s: Golf, seat: int, move: Move) -> None:
        s._flip(seat, move)

    def describe(self, s: Golf, move: Move, viewer: int | None) -> str:
        knock = " and knock" if move.flag else ""
        return f"Discard the card and turn up card {move.number}{knock}"


class GolfDraw(DrawPhase):
    """The draw: the stock or the top discard, or a knock instead (G-GO-2)."""

    def kinds(self, s: Any) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), TakeDiscard(), KnockInsteadOfTurn(KNOCK)]


class GolfPlay(PlayPhase):
    """Exchange the card drawn for one of yours, or discard it and turn one of yours up."""

    wrong: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("draw", "take"), "You have drawn already this turn: exchange the card or turn "
                                          "one up."),
        "knock": "Knock at the start of your turn, instead of drawing.",
        "discard": "Discard the card by turning one of yours face up: 'flip N'.",
    }

    def kinds(self, s: Any) -> list[MoveKind[Any]]:
        return [Exchange(), TurnUp()]


class Golf(Stakes, DrawDiscardState):
    DEAL_WORD = "hole"
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the hole counter says it
        Field("taken", ""),  # the card in hand says it
        Field("hole_of", "{Deal}", Kind.COUNTER, head=True),
        Field("last_lap", "Last turns", Kind.TEXT, head=True),
        Field("money", "Money", Kind.LEDGER),
        Field("showing", "Showing", Kind.NUMBER, per_seat=True),
        Field("totals", "Total", Kind.NUMBER, per_seat=True),
        Field("knocker", "Knocked", Kind.SEAT),
        Field("my_corners", "Your corners (only you see them)", Kind.PIECES, piece="card"),
        Field("last_hole", "Last hole", Kind.TEXT, minor=True),
        Field("decks", "Decks", Kind.NUMBER, minor=True),
    )
    RUMMY_RULES = RummyRules(melds_in_turn=False, lay_off_in_turn=False)
    options: GolfOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.DRAW: GolfDraw(), Phase.PLAY: GolfPlay(),
    }
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.PLAY: "Exchange the card for one of yours, or turn one up (places 1-4 top, 5-8 bottom)"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        n = self.num_players
        self.decks = decks_for(n, o.decks)
        self.holes = int(o.rounds)
        self._init_table(MeldRules(runs=False))
        self.match_rules = golf_match_rules(o)
        self.sheet.unit = CENTS
        self.open_stakes()
        self.grids: list[list[int]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[False] * CARDS for _ in range(n)]
        #: each hole's scores, and the running totals
        self.hole_scores: list[list[int]] = []
        self.totals: list[int] = [0] * n
        self.knocker: int | None = None
        #: who started the last turns (by knocking or by an eighth card face up); None: nobody yet
        self.ender: int | None = None
        self.last_hole: str | None = None
        self._start_hole()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, jokers=2 * self.decks)

    # ---- the deal -----------------------------------------------------------------------------

    def _start_hole(self) -> None:
        self.begin_deal()
        n = self.num_players
        per_round = self.options.settlement == PER_ROUND
        if per_round or self.deal_no == 1:  # G-GO-1: the ante, once a game or every hole
            order = self.seats_from(self.left_of_dealer())
            self.ledger = pay_ante(self.ledger, self.deal_no, order, per_round)
        self.deal(CARDS)
        self.grids = [self.hands[s] for s in range(n)]  # dealt into two rows of four, face down
        self.hands = [[] for _ in range(n)]
        self.up = [[False] * CARDS for _ in range(n)]
        self.knocker = None
        self.ender = None
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals eight cards each, face down; "
                          f"{C.LABEL_OF[self.discards[-1]]} starts the discard pile.")
        for s in range(n):
            g = self.grids[s]
            left, right = (C.LABEL_OF[g[i]] for i in CORNERS)
            self.emit("peek", f"Your bottom corners: {left} and {right}.", seat=s, to=s)
        self.begin_turn(self.left_of_dealer())

    def _take_leaves_a_way_on(self, seat: int, top: int) -> bool:
        return True  # the card taken is exchanged: there is always a place for it

    # ---- knocking -----------------------------------------------------------------------------

    def _may_knock(self, seat: int) -> bool:
        return self.ender is None  # G-GO-7: once the last turns have begun, nobody knocks

    def _knocks(self, seat: int) -> None:
        self.knocker = self.ender = seat
        self.emit("knock", f"{self.names[seat]} knocks: everyone else has one more turn.", seat=seat)

    # ---- exchanging and turning up ------------------------------------------------------------

    def _knock_variant(self, seat: int, pos: int, verb_moves: list[Move]) -> Move | None:
        """``after_action``: the move that also knocks, where the turn leaves a card face down."""
        if self.options.knock_timing != AFTER or not self._may_knock(seat):
            return None
        down = sum(not u for u in self.up[seat])
        if down - (not self.up[seat][pos]) == 0:
            return None  # the eighth card face up ends it anyway (G-GO-7)
        return verb_moves[pos]

    def _exchange_moves(self, seat: int) -> list[Move]:
        out = list(EXCHANGE)
        for pos in range(CARDS):
            k = self._knock_variant(seat, pos, EXCHANGE_KNOCK)
            if k is not None:
                out.append(k)
        return out

    def _flip_moves(self, seat: int) -> list[Move]:
        if self.taken is not None:
            return []  # G-GO-5: a card from the discard pile must be exchanged
        out = [FLIP[pos] for pos in range(CARDS) if not self.up[seat][pos]]
        for pos in range(CARDS):
            if not self.up[seat][pos]:
                k = self._knock_variant(seat, pos, FLIP_KNOCK)
                if k is not None:
                    out.append(k)
        return out

    def _position(self, move: Move) -> int | None:
        n = move.number
        return n - 1 if n is not None and 1 <= n <= CARDS else None

    def _exchange(self, seat: int, move: Move) -> None:
        pos = self._position(move)
        assert pos is not None
        new = self.hands[seat].pop()
        self.knowledge.forget(HAND[seat], (new,))
        old = self.grids[seat][pos]
        was_up = self.up[seat][pos]
        self.grids[seat][pos] = new
        self.up[seat][pos] = True
        self.discards.append(old)
        how = "" if was_up else ", face down till now"
        self.emit("exchange", f"{self.names[seat]} puts {C.LABEL_OF[new]} in place {pos + 1} and discards "
                              f"{C.LABEL_OF[old]}{how}.", seat=seat, card=C.CODE_OF[new], out=C.CODE_OF[old])
        self._end_turn(seat, move)

    def _flip(self, seat: int, move: Move) -> None:
        pos = self._position(move)
        assert pos is not None
        drawn = self.hands[seat].pop()
        self.discards.append(drawn)
        self.up[seat][pos] = True
        c = self.grids[seat][pos]
        self.emit("flip", f"{self.names[seat]} discards {C.LABEL_OF[drawn]} and turns up card {pos + 1}: "
                          f"{C.LABEL_OF[c]}.", seat=seat, card=C.CODE_OF[c], out=C.CODE_OF[drawn])
        self._end_turn(seat, move)

    def _end_turn(self, seat: int, move: Move) -> None:
        if self.ender is None and all(self.up[seat]):
            self.ender = seat
            self.emit("all_up", f"{self.names[seat]} has all eight cards face up: everyone else has one more "
                                "turn.", seat=seat)
        elif move.flag == KNOCK_WORD:
            self._knocks(seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        """After a knock or an eighth card face up, each other player has one more turn; the
        knocker has none after them (G-GO-9)."""
        nxt = self.next_seat(seat)
        if self.ender is not None and nxt == self.ender:
            self.phase_name = Phase.NONE
            self._on_hand_over(None)
            return
        self.begin_turn(nxt)

    # ---- scoring ------------------------------------------------------------------------------

    def score_of(self, seat: int) -> int:
        o = self.options
        return grid_score(self.grids[seat], o.pair_match, o.joker_pair)

    def match_standing(self) -> list[int]:
        """What the match is won on, more being better, for the search bots
        (:func:`gamenight.bots.search.standing`): the fewest strokes take the pot (or each hole's
        pot, settled per hole), while the sheet keeps the money, which a hole moves only from its
        highest score."""
        return [-t for t in self.totals]

    def deal_estimate(self) -> list[float]:
        """The hole as it would score now, in :meth:`match_standing`'s terms (fewer strokes better),
        for the horizon search (:mod:`gamenight.bots.horizon`): every grid as it lies, the cards
        nobody has seen included, which the search has dealt at random, so that over its sampled
        deals a face-down card counts what such a card is worth on average."""
        return [-float(self.score_of(s)) for s in range(self.num_players)]

    def showing(self, seat: int) -> int:
        """What the face-up cards alone score (face-down ones counted as nothing)."""
        o = self.options
        g = self.grids[seat]
        up = self.up[seat]
        total = 0
        for i in range(COLUMNS):
            t, b = i, i + COLUMNS
            if up[t] and up[b]:
                total += column_score(g[t], g[b], o.pair_match, o.joker_pair)
            elif up[t]:
                total += VALUES[g[t]]
            elif up[b]:
                total += VALUES[g[b]]
        return total

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        if self.ender is None:  # the stock could not be remade: the hole ends as it stands
            self.emit("stock", "The stock is spent: the hole ends here.")
        for s in range(n):
            self.up[s] = [True] * CARDS
        scores = [self.score_of(s) for s in range(n)]
        for s in range(n):
            shown = " ".join(C.LABEL_OF[c] for c in self.grids[s][:COLUMNS]) + " / " + \
                " ".join(C.LABEL_OF[c] for c in self.grids[s][COLUMNS:])
            self.emit("show", f"{self.names[s]} turns up {shown}: {scores[s]}.", seat=s,
                      cards=C.codes(self.grids[s]))
        self.hole_scores.append(scores)
        self.totals = [t + sc for t, sc in zip(self.totals, scores, strict=True)]
        last = self.deal_no >= self.holes
        order = self.seats_from(self.left_of_dealer())
        self.ledger, taken = settle_hole(self.ledger, self.deal_no, order, scores, self.totals, self.knocker,
                                         self.options.settlement, last)
        for winners, pot, why in taken:
            who = " and ".join(self.names[s] for s in winners)
            verb = "takes" if len(winners) == 1 else "share"
            self.emit("pot", f"{who} {verb} the pot of {money(pot)}: {why}.")
        details = [f"{scores[s]} (total {self.totals[s]})" for s in range(n)]
        label = hole_label(self.deal_name(), self.names, self.knocker, self.ender)
        self.sheet_deal(label, details=details, note=f"pot {money(self.ledger.pot())}")
        said = ", ".join(f"{self.names[s]} {scores[s]}" for s in range(n))
        self.last_hole = f"{label}: {said}."
        self.emit("score", f"{label}: {said}.")
        if last:
            self._finish()
            return
        self.pass_deal()
        self._start_hole()

    def _finish(self) -> None:
        """The money decides: each seat scores its net winnings. With one pot for the game its
        winners are the lowest totals, who shared it (a sharer's odd cent does not split them)."""
        o = self.options
        self.finish(self.ledger.nets(), game_winners(self.totals, self.ledger.nets(), o.settlement),
                    why_over(self.names, self.totals, self.holes, o.settlement))

    # ---- what a seat sees ---------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        n = self.num_players
        ender = self.ender
        lap = None
        if ender is not None and not self.is_over:
            why = "knocked" if self.knocker == ender else "turned up all eight"
            lap = f"{self.names[ender]} {why}: one more turn each"
        out.update({
            "hole": self.deal_no,
            "holes": self.holes,
            "hole_of": [self.deal_no, self.holes],
            "decks": self.decks,
            "money": self.ledger_view(),
            "showing": [self.showing(s) for s in range(n)],
            "totals": list(self.totals),
            "hole_scores": [list(r) for r in self.hole_scores],
            "knocker": self.knocker,
            "ender": ender,
            "last_lap": lap,
            "last_hole": self.last_hole,
            "face_up": [list(u) for u in self.up],
            "grids": [self._grid_view(s, seat) for s in range(n)],
            "my_corners": self._corners(seat),
        })
        return out

    def _corners(self, seat: int | None) -> list[str] | None:
        """The seat's bottom corners while they lie face down (it may look at them any time)."""
        if seat is None:
            return None
        down = [C.CODE_OF[self.grids[seat][i]] for i in CORNERS if not self.up[seat][i]]
        return down or None

    def _grid_view(self, owner: int, seat: int | None) -> list[str | None]:
        """``owner``'s grid as ``seat`` sees it: face-up cards, and the owner's two corners to
        him alone; None for a card face down."""
        g = self.grids[owner]
        up = self.up[owner]
        mine = seat == owner
        return [C.CODE_OF[g[i]] if up[i] or (mine and PEEK[i]) else None for i in range(CARDS)]

    def zones(self) -> list[Zone]:
        zones = super().zones()
        names = self.names
        for z in zones:  # a Golf hand only ever holds the card just drawn: say so, not "hand"
            if z.show is Show.HAND and z.owner is not None:
                z.label = f"{names[z.owner]}'s drawn card"
        for s in range(self.num_players):
            zones.append(Zone(f"grid/{s}", self.grids[s], C.CARD_TEXT, owner=s, visibility=Visibility.FACES,
                              face_up=self.up[s], owner_sees=PEEK, show=Show.GRID, columns=COLUMNS,
                              label=f"{names[s]}'s cards"))
        return zones


SPEC: GameSpec = register(GameSpec(
    id="golf",
    title="Golf",
    family="rummy",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=GolfOptions,
    state_cls=Golf,
    summary="Eight cards face down in two rows of four, two corners peeked at; draw, exchange or turn "
            "one up, knock; pairs, red sevens, kings and jokers are good; the highest hole pays a "
            "quarter, the lowest total takes the pot.",
    rules=__doc__ or "",
    tested_players=(2, 4, 7),
))

__all__ = ["CORNERS", "PEEK", "QUARTER", "SPEC", "VALUES", "Golf", "GolfOptions", "block_score",
           "column_score", "decks_for", "grid_score"]
