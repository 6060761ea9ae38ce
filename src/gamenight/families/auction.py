"""Point-count auctions, and burying cards from a kitty: 500 Rummy, Rook and their kin.

The books' bidding games share one auction: starting at a seat (the dealer's left) and going
clockwise, each player still in either passes — and is out of the auction for the hand — or
bids a number of points higher than the bid standing, optionally naming a denomination (a
trump suit, or no trump). When all but one have passed and someone has bid, the last one left
has the contract. Games differ only in data (:class:`AuctionRules`): the lowest and highest
bid and the step between them, what a bid names besides its number, and what happens when
nobody bids at all (a redeal, or the dealer must take the lowest bid).

Bids rank by number; at an equal number no trump outranks a suit, and suits are equal to each
other (500 Rummy: 80♥ cannot overcall 80♠, but 80 no trump can). Rook's bids are numbers only:
its trump is named after the auction.

The high bidder of those games often takes a kitty and buries as many cards face down
(500 Rummy: four, never a counter; the five-player Rook: three). :meth:`Auctions.start_bury`
is that step: one ``bury`` move per card, any the game's rule allows (``bury_rule``), into the
``buried`` zone only the burier sees. Each kind of move (:class:`Bid`, :class:`PassCall`,
:class:`Bury`) holds its rule once: its listing is the candidates its rule allows.

A game mixes :class:`Auctions` in before its kernel's state (``class Rook(Auctions,
TrickState)``), merges :data:`AUCTION_PHASES` into its ``phases`` and :data:`AUCTION_FIELDS` into
its ``FIELDS``, adds :meth:`Auctions.auction_view` to its view and :meth:`Auctions.auction_zones`
to its zones, and writes the hooks ``_auction_won`` and ``_auction_passed_out`` (and
``_bury_done`` and perhaps ``bury_rule`` if it buries).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, WORD
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler, PhaseName
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.tricks import NOBODY, ONLY, ActingPhase

#: the denomination of a bid that names no trump suit
NO_TRUMP = "NT"
#: how a move writes it (words are lower case; ``NT`` reads too)
NO_TRUMP_WORD = "nt"
#: what a bid names besides its number: a suit (``C.CLUBS`` … ``C.SPADES``), ``NO_TRUMP``, or
#: ``None`` where bids are numbers only
Denomination = int | str | None

#: what everyone passing without a bid leads to
REDEAL, DEALER = "redeal", "dealer"

PASS_MOVE = Move("pass")
#: one interned move per card for burying
BURY: list[Move] = [C.card_move("bury", (c,)) for c in range(C.CARD_COUNT)]


class AuctionPhase(PhaseName):
    """The auction's phases; ``str(phase)`` is what views show."""

    BID = "bid", "Bidding"
    BURY = "bury", "Burying cards"


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """One game's auction, as data."""

    #: the lowest bid
    minimum: int
    #: the highest bid
    maximum: int
    #: bids go ``minimum``, ``minimum + step`` … up to ``maximum``
    step: int = 5
    #: what a bid names besides its number; empty: a bid is a number only
    denominations: tuple[int | str, ...] = ()
    #: everyone passed and nobody bid: ``"redeal"`` (the game's ``_auction_passed_out``) or
    #: ``"dealer"`` (the dealer must bid the minimum, naming any denomination)
    all_pass: str = REDEAL

    def __post_init__(self) -> None:
        if self.step < 1 or self.minimum > self.maximum:
            raise ValueError(f"an auction needs a positive step and minimum ≤ maximum, not {self!r}")
        if self.all_pass not in (REDEAL, DEALER):
            raise ValueError(f"all_pass is 'redeal' or 'dealer', not {self.all_pass!r}")

    def numbers(self) -> range:
        return range(self.minimum, self.maximum + 1, self.step)

    def spoken_range(self) -> str:
        """"from 60 to 125 in steps of 5", for refusals."""
        return f"from {self.minimum} to {self.maximum} in steps of {self.step}"


def bid_rank(number: int, denomination: Denomination) -> int:
    """A bid's place in the auction: a higher number outranks a lower one; at an equal number
    no trump outranks a suit; suits are equal."""
    return number * 2 + (denomination == NO_TRUMP)


def bid_text(number: int, denomination: Denomination) -> str:
    """A bid in players' words: "80 ♥", "70 no trump", "120"."""
    if denomination is None:
        return str(number)
    if denomination == NO_TRUMP:
        return f"{number} no trump"
    assert isinstance(denomination, int)
    return f"{number} {C.SUIT_SYMBOLS[denomination]}"


_BID_MOVES: dict[tuple[int, Denomination], Move] = {}


def bid_move(number: int, denomination: Denomination) -> Move:
    """The interned move of a bid: ``bid 80 H``, ``bid 70 nt``, ``bid 120``."""
    key = (number, denomination)
    move = _BID_MOVES.get(key)
    if move is None:
        if denomination is None:
            move = Move("bid", NUMBER(number))
        elif denomination == NO_TRUMP:
            move = Move("bid", NUMBER(number), WORD(NO_TRUMP_WORD))
        else:
            assert isinstance(denomination, int)
            move = Move("bid", NUMBER(number), C.SUIT_ARG[denomination])
        _BID_MOVES[key] = move
    return move


@cache
def _ladder(rules: AuctionRules) -> tuple[tuple[int, ...], tuple[Move, ...]]:
    """Every bid of an auction by rank, lowest first: their ranks and their moves."""
    # stable: equal ranks (suits at one number) keep the order the rules list them in
    bids = sorted(
        ((bid_rank(n, d), bid_move(n, d)) for n in rules.numbers() for d in (rules.denominations or (None,))),
        key=lambda bid: bid[0],
    )
    return tuple(r for r, _ in bids), tuple(m for _, m in bids)


#: how people write no trump after a bid's number, besides ``nt``: all read as ``nt``
NO_TRUMP_SPELLINGS = frozenset({"no trump", "no trumps", "notrump", "notrumps", "no-trump", "no-trumps"})


def no_trump_as_nt(text: str) -> str:
    """'bid 70 no trump' (or 'notrump', 'no-trump') written as the move's one word: 'bid 70 nt'.
    Anything else is left as typed."""
    words = text.split()
    if len(words) > 2 and words[0].lower() == "bid" and " ".join(words[2:]).lower() in NO_TRUMP_SPELLINGS:
        return f"{words[0]} {words[1]} {NO_TRUMP_WORD}"
    return text


def read_bid(move: Move) -> tuple[int | None, Denomination, bool]:
    """A ``bid`` move's number and denomination as typed, and whether its shape is right (a
    number, then at most a suit or ``NT``)."""
    args = move.args
    if not args or args[0].kind is not NUMBER:
        return None, None, False
    number = args[0].value
    assert isinstance(number, int)
    if len(args) == 1:
        return number, None, True
    if len(args) > 2:
        return number, None, False
    second = args[1]
    if second.kind is C.SUIT:
        return number, second.value, True
    if second.kind is WORD and second.value == NO_TRUMP_WORD:
        return number, NO_TRUMP, True
    return number, None, False


class Bid(MoveKind["Auctions"]):
    """Bid a number (and, where the rules say, trumps or no trump) above the bid standing; the
    dealer forced to take the bid after everyone passed bids the lowest number."""

    verbs = ("bid",)

    def candidates(self, s: Auctions, seat: int) -> list[Move]:
        """Every bid above the one standing, lowest first (the dealer forced to take the bid: the
        lowest bid in each denomination)."""
        rules = s.auction_rules
        if s.dealer_forced:
            return [bid_move(rules.minimum, d) for d in (rules.denominations or (None,))]
        ranks, moves = _ladder(rules)
        start = bisect_right(ranks, bid_rank(*s.high_bid)) if s.high_bid is not None else 0
        return list(moves[start:])

    def legal(self, s: Auctions, seat: int) -> list[Move]:
        return self.candidates(s, seat)  # the ladder above the bid standing: every one verifies

    def verify(self, s: Auctions, seat: int, move: Move) -> str | None:
        rules = s.auction_rules
        number, denomination, shaped = read_bid(move)
        if not shaped or number is None:
            return f"A bid is a number{s._naming_hint()}, for example '{s._example()}'."
        if number not in rules.numbers():
            return f"Bids go {rules.spoken_range()}."
        if rules.denominations and denomination not in rules.denominations:
            return f"Name your bid's trumps or no trump, for example '{s._example()}'."
        if not rules.denominations and denomination is not None:
            return f"A bid is a number only, for example '{s._example()}'; trumps are named later."
        if s.dealer_forced:
            if number != rules.minimum:
                return f"Everyone passed, so the dealer takes the bid at {rules.minimum}{s._naming_hint()}."
            return None
        if s.high_bid is None or bid_rank(number, denomination) > bid_rank(*s.high_bid):
            return None
        standing = bid_text(*s.high_bid)
        if rules.denominations and number == s.high_bid[0] and NO_TRUMP in rules.denominations:
            return f"A bid must beat {standing}: bid more, or {number} no trump."
        return f"A bid must beat {standing}."

    def apply(self, s: Auctions, seat: int, move: Move) -> None:
        s.make_call(seat, move)

    def describe(self, s: Auctions, move: Move, viewer: int | None) -> str:
        number, denomination, _ = read_bid(move)
        assert number is not None
        if denomination is None or denomination == NO_TRUMP:
            return f"Bid {bid_text(number, denomination)}"
        assert isinstance(denomination, int)
        return f"Bid {number} {C.SUIT_NAMES[denomination]}"


class PassCall(OneMove["Auctions"]):
    """Pass, and be out of the auction for the hand: always, except the dealer forced to bid."""

    def rule(self, s: Auctions, seat: int) -> str | None:
        if s.dealer_forced:
            return (f"Everyone passed, so the dealer must take the bid at {s.auction_rules.minimum}"
                    f"{s._naming_hint()}; you cannot pass.")
        return None

    def apply(self, s: Auctions, seat: int, move: Move) -> None:
        s.make_call(seat, move)

    def describe(self, s: Auctions, move: Move, viewer: int | None) -> str:
        return "Pass: out of the bidding this hand"


class BidPhase(ActingPhase):
    """The auction: the seat whose turn it is passes or bids."""

    def to_act(self, s: Auctions) -> frozenset[int]:
        return ONLY[s.bid_turn]

    def kinds(self, s: Auctions) -> list[MoveKind[Any]]:
        return [PassCall(PASS_MOVE), Bid()]

    def why_not_other(self, s: Auctions, seat: int, move: Move) -> str | None:
        rules = s.auction_rules
        example = bid_move(rules.minimum, (rules.denominations or (None,))[0])
        return f"It is time to bid or pass, for example '{example}' or 'pass'."


class Bury(MoveKind["Auctions"]):
    """Bury a card of the hand face down, one at a time: any the game allows (its ``bury_rule``)."""

    verbs = ("bury",)

    def candidates(self, s: Auctions, seat: int) -> list[Move]:
        return [BURY[c] for c in dict.fromkeys(s.sorted_hand(s.hands[seat]))]

    def verify(self, s: Auctions, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or len(move.cards) != 1:
            left = s.bury_left
            return f"Bury {left} more card{'s' if left != 1 else ''}, one at a time, for example 'bury 7C'."
        c = move.cards[0]
        if c not in s.hands[seat]:
            return f"You do not hold {C.NAME_OF[c]}."
        return s.bury_rule(seat, c)

    def apply(self, s: Auctions, seat: int, move: Move) -> None:
        s.bury_card(seat, move.cards[0])

    def describe(self, s: Auctions, move: Move, viewer: int | None) -> str:
        left = s.bury_left - 1
        more = f" ({left} more to bury)" if left else " (the last to bury)"
        return f"Bury {C.LABEL_OF[move.cards[0]]}{more}"


class BuryPhase(ActingPhase):
    """The high bidder buries cards face down, one at a time."""

    def to_act(self, s: Auctions) -> frozenset[int]:
        return ONLY[s.burier] if s.burier is not None else NOBODY

    def kinds(self, s: Auctions) -> list[MoveKind[Any]]:
        return [Bury()]

    def why_not_other(self, s: Auctions, seat: int, move: Move) -> str | None:
        left = s.bury_left
        return f"Bury {left} more card{'s' if left != 1 else ''}, one at a time, for example 'bury 7C'."


#: merge into a game's ``phases``
AUCTION_PHASES: dict[str, PhaseHandler[Any]] = {AuctionPhase.BID: BidPhase(), AuctionPhase.BURY: BuryPhase()}

#: merge into a game's ``FIELDS``
AUCTION_FIELDS: tuple[Field, ...] = (
    Field("high_bid", "High bid", Kind.TEXT, head=True),
    Field("bids", "Bids", Kind.PLAYS),
    Field("bury", "Cards still to bury", Kind.CHOOSE),
)


class Auctions(State):
    """The auction and the burial, mixed into a state (before its kernel's state class)."""

    # provided by the kernel's state this is mixed into
    dealer: int
    phase_name: str
    hands: list[list[int]]

    if TYPE_CHECKING:
        def sorted_hand(self, hand: Sequence[int]) -> list[int]: ...

    #: the bury zone's label
    BURY_LABEL: ClassVar[str] = "Buried cards"

    def parse(self, text: str) -> Move:
        """A bid's no trump may be typed as people write it ('bid 70 no trump')."""
        return super().parse(no_trump_as_nt(text))

    def init_auction(self) -> None:
        """Set the auction's attributes before any deal (call once, in ``__init__``)."""
        n = self.num_players
        self.auction_rules = AuctionRules(0, 0)
        self.calls: list[tuple[int, int | None, Denomination]] = []
        self.passed: list[bool] = [False] * n
        self.high_bid: tuple[int, Denomination] | None = None
        self.high_bidder: int | None = None
        self.bid_turn = 0
        self.dealer_forced = False
        self.buried: list[int] = []
        self.burier: int | None = None
        self.bury_left = 0

    # ---- the auction ------------------------------------------------------------------

    def start_auction(self, rules: AuctionRules, first: int) -> None:
        """Open the bidding: ``first`` speaks first, then clockwise."""
        self.auction_rules = rules
        self.calls = []
        self.passed = [False] * self.num_players
        self.high_bid = None
        self.high_bidder = None
        self.bid_turn = first
        self.dealer_forced = False
        self.buried = []
        self.burier = None
        self.bury_left = 0
        self.phase_name = AuctionPhase.BID

    def _naming_hint(self) -> str:
        denominations = self.auction_rules.denominations
        if not denominations:
            return ""
        return " naming trumps or no trump" if NO_TRUMP in denominations else " naming trumps"

    def _example(self) -> str:
        rules = self.auction_rules
        number = rules.minimum if self.high_bid is None else min(self.high_bid[0] + rules.step, rules.maximum)
        return str(bid_move(number, (rules.denominations or (None,))[0]))

    def make_call(self, seat: int, move: Move) -> None:
        """A pass (out of the auction for the hand) or a bid; then the next seat still in
        speaks, or the auction ends."""
        name = self.names[seat]
        if move.verb == "pass":
            self.passed[seat] = True
            self.calls.append((seat, None, None))
            self.emit("pass", f"{name} passes.", seat=seat)
        else:
            number, denomination, _ = read_bid(move)
            assert number is not None
            self.high_bid = (number, denomination)
            self.high_bidder = seat
            self.calls.append((seat, number, denomination))
            self.emit("bid", f"{name} bids {bid_text(number, denomination)}.", seat=seat,
                      bid=number, denomination=denomination)
        self._after_call(seat)

    def _after_call(self, seat: int) -> None:
        still_in = [s for s in range(self.num_players) if not self.passed[s]]
        if self.high_bidder is not None and (self.dealer_forced or still_in == [self.high_bidder]):
            assert self.high_bid is not None
            number, denomination = self.high_bid
            self.emit("contract", f"{self.names[self.high_bidder]} has the bid at "
                                  f"{bid_text(number, denomination)}.", seat=self.high_bidder)
            self._auction_won(self.high_bidder, number, denomination)
        elif not still_in:
            self._everyone_passed()
        else:
            n = self.num_players
            nxt = (seat + 1) % n
            while self.passed[nxt]:
                nxt = (nxt + 1) % n
            self.bid_turn = nxt

    def _everyone_passed(self) -> None:
        if self.auction_rules.all_pass == DEALER:
            self.dealer_forced = True
            self.passed[self.dealer] = False
            self.bid_turn = self.dealer
            self.emit("all_passed", f"Everyone passed: {self.names[self.dealer]}, the dealer, must take "
                                    f"the bid at {self.auction_rules.minimum}.", seat=self.dealer)
        else:
            self.emit("all_passed", "Everyone passed: the cards are thrown in and dealt again.")
            self._auction_passed_out()

    def _auction_won(self, seat: int, number: int, denomination: Denomination) -> None:
        """Hook: ``seat`` has the contract."""
        raise NotImplementedError

    def _auction_passed_out(self) -> None:
        """Hook: everyone passed and the rules redeal."""
        raise NotImplementedError

    # ---- burying ----------------------------------------------------------------------

    def start_bury(self, seat: int, count: int) -> None:
        """``seat`` buries ``count`` cards face down, one ``bury`` move each."""
        self.burier = seat
        self.bury_left = count
        self.phase_name = AuctionPhase.BURY

    def bury_rule(self, seat: int, card: int) -> str | None:
        """Hook: why ``seat`` may not bury ``card`` (a card it holds) now, or ``None``: any card
        may be buried unless the game says."""
        return None

    def _bury_done(self, seat: int) -> None:
        """Hook: the last card is buried."""
        raise NotImplementedError

    def bury_card(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.buried.append(card)
        self.bury_left -= 1
        self.emit("bury", f"{self.names[seat]} buries a card.", seat=seat)
        self.emit("buried", f"You bury {C.LABEL_OF[card]}.", seat=seat, to=seat, card=C.CODE_OF[card])
        if not self.bury_left:
            self._bury_done(seat)

    # ---- what a seat sees -------------------------------------------------------------

    def auction_view(self, seat: int | None) -> dict[str, Any]:
        """The calls so far, the bid standing, who has passed, and (to the burier) how many
        cards are still to bury."""
        high = None
        if self.high_bid is not None and self.high_bidder is not None:
            high = f"{bid_text(*self.high_bid)} by {self.names[self.high_bidder]}"
        bury = None
        if seat is not None and seat == self.burier and self.phase_name == AuctionPhase.BURY:
            bury = {"verb": "bury", "count": self.bury_left}
        return {
            "bids": [{"seat": s, "bid": "pass" if n is None else bid_text(n, d)} for s, n, d in self.calls],
            "high_bid": high,
            "high_bidder": self.high_bidder,
            "contract": (None if self.high_bid is None
                         else {"number": self.high_bid[0], "denomination": self._denomination_json()}),
            "passed": list(self.passed),
            "bid_turn": self.bid_turn if self.phase_name == AuctionPhase.BID else None,
            "bury": bury,
            "buried": C.codes(self.buried) if seat is not None and seat == self.burier else None,
        }

    def _denomination_json(self) -> str | None:
        assert self.high_bid is not None
        d = self.high_bid[1]
        if d is None or d == NO_TRUMP:
            return d
        assert isinstance(d, int)
        return C.SUITS[d]

    def auction_zones(self) -> list[Zone]:
        """The buried cards: face down, seen by the burier only."""
        owner = self.burier
        visibility = Visibility.OWNER if owner is not None else Visibility.NOBODY
        return [Zone("buried", self.buried, C.CARD_TEXT, owner=owner, visibility=visibility,
                     show=Show.PILE, label=self.BURY_LABEL)]


__all__ = [
    "AUCTION_FIELDS", "AUCTION_PHASES", "BURY", "DEALER", "NO_TRUMP", "PASS_MOVE", "REDEAL", "AuctionPhase",
    "AuctionRules", "Auctions", "Bid", "BidPhase", "Bury", "BuryPhase", "PassCall", "bid_move", "bid_rank",
    "bid_text", "read_bid",
]
