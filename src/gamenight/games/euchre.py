"""Euchre — the family rule book (seed 000, p.2), with standard North American rules as a preset.

Four players, partners opposite (North–South against East–West), the 24 cards nine to ace.
Five cards each, dealt one at a time from the dealer's left; the next card of the rest is turned
up on the kitty. From the dealer's left each player may order the up-card's suit as trump or
pass; the dealer accepts on his own turn by picking it up. The dealer then takes the up-card and
discards one card face down. If all four pass, the up-card is turned down and each may call any
other suit or pass; if all pass again the hands are thrown in and the deal passes left. The
player who makes trump may go alone (announced with the order or call); his partner sits out.
Trumps rank right bower (jack of trumps), left bower (the other jack of that colour, which is a
trump for following suit), A K Q 10 9. The makers score 1 for 3–4 tricks, 2 for all five, 4 for
five alone; makers taking fewer than three are euchred and the defenders score 2. First side to
10 wins.

Family house rules (the defaults) and the decisions where the book is silent
(``shared/rules/metzker-book.md`` §2):

* Dealer's partner goes alone: if the dealer's partner orders up, he must go alone. G-EU-1: only
  when ordering up in the first round (``dealer_partner_forced_alone``: ``off``, ``both_rounds``).
* G-EU-2: when the dealer's partner goes alone on the up-card, the dealer's hand is out of play,
  there is no exchange and the up-card stays face up on the kitty (``loner_takes_upcard``: the
  loner takes it and discards).
* No Ace–No Face: a hand of only 9s and 10s (with the 32-card deck: no ace and no face card)
  throws all hands in and the deal passes left. G-EU-5: checked automatically right after the deal,
  before bidding (``no_ace_no_face = claimable``: each such holder, in turn from the dealer's left,
  may ``claim`` the redeal or ``pass``; being asked tells the table the holder has such a hand, as
  it would at a real table where the question is spoken aloud). Every throw-in is a score-sheet
  row of 0 points with a note, so the deal count is honest.
* G-EU-3: nobody defends alone. G-EU-8: the dealer may go alone when picking up (``pickup
  alone``, then he discards). Moves: ``pass``, ``order``, ``order alone``, ``pickup``, ``pickup
  alone``, ``discard XX``, ``call S``, ``call S alone``, ``claim``, ``play XX``.
* Lead: the player left of the dealer, or the next player if he sits out (book); ``loner_lead =
  left_of_maker`` gives the North American rule that the player left of a lone maker leads.
* The dealer may discard any of his six cards, the up-card included; everyone knows he took it,
  nobody else knows his discard. The rest of the kitty is seen by nobody.

Options also give stick-the-dealer, the target and the 004 seed's 32-card deck (7–A; kitty 12).
Preset ``standard`` (shared/rules/other-seeds.md §9): no forced loner, no No Ace–No Face, lone
maker's left leads, 24 cards, game 10. A dealer's partner who chooses to go alone on the up-card
is still handled as G-EU-2 (the dealer sits out without exchanging).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.tricks import CARD_TEXT, ONLY, OWNER, PILE, UNSEEN, ActingPhase, PlayPhase, TrickState
from gamenight.families.tricks import Phase as TrickPhase

PASS, ORDER, ORDER_ALONE = Move("pass"), Move("order"), Move("order", WORD("alone"))
PICKUP, PICKUP_ALONE, CLAIM = Move("pickup"), Move("pickup", WORD("alone")), Move("claim")
CALL = [Move("call", C.SUIT_ARG[s]) for s in range(4)]
CALL_ALONE = [Move("call", C.SUIT_ARG[s], WORD("alone")) for s in range(4)]
DISCARD = [Move("discard", C.CARD_ARG[c]) for c in range(52)]
#: the first round's bids as listed (the fast listings of the rules)
ORDERS, ALONE_ONLY, PICKUPS = [ORDER, ORDER_ALONE], [ORDER_ALONE], [PICKUP, PICKUP_ALONE]
TEAMS = ("North–South", "East–West")
MAKERS_MIN, MARCH = 3, 5
EUCHRE_POINTS = 2


@dataclass(frozen=True, kw_only=True)
class EuchreOptions(Options):
    #: the calling and the lone hand's house rules: read as each deal is called and played
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({
        "stick_the_dealer", "no_ace_no_face", "dealer_partner_forced_alone", "loner_takes_upcard",
        "loner_lead"})
    dealer_partner_forced_alone: str = option(
        "round1_only", "Dealer's partner must go alone",
        "The book: if the dealer's partner wants the up-card's suit as trumps, he must play alone.",
        choices={"round1_only": "Only when he orders up the up-card in the first round",
                 "off": "Never: he may play with his partner like anyone else",
                 "both_rounds": "Also when he calls a suit in the second round"})
    no_ace_no_face: str = option(
        "auto", "No Ace–No Face redeal",
        "The book: a hand of only nines and tens throws all hands in and the deal passes left.",
        choices={"auto": "The hands are thrown in as soon as such a hand is dealt",
                 "claimable": "Its holder may claim the redeal or play the hand",
                 "off": "No redeal: every hand is played"})
    stick_the_dealer: bool = option(
        False, "Stick the dealer",
        "Not in the book, where four passes twice throw the hands in. On: the dealer may not pass in "
        "the second round and must call trumps.")
    loner_takes_upcard: bool = option(
        False, "Lone partner takes the up-card",
        "When the dealer's partner goes alone on the up-card, the dealer sits out and nobody "
        "exchanges. On: the lone partner picks up the up-card and discards a card.")
    loner_lead: str = option(
        "left_of_dealer", "Who leads against a loner",
        "Who plays the first card when someone goes alone.",
        choices={"left_of_dealer": "The player left of the dealer, or the next one if he sits out (the book)",
                 "left_of_maker": "The player left of the lone player (North American rule)"})
    target: int = option(10, "Game", "The book: the first team to 10 points wins.", minimum=1, maximum=100)
    deck: str = option(
        "24", "Deck", "The cards in play, and with them the kitty left after the deal.",
        choices={"24": "24 cards, nine to ace (the book)",
                 "32": "32 cards, seven to ace, with a kitty of twelve"})


PRESETS = {"standard": Preset(
    "standard", "Standard North American Euchre: no forced loner, no No Ace–No Face, "
    "no stick-the-dealer, the player left of a lone maker leads, game 10.",
    {"dealer_partner_forced_alone": "off", "no_ace_no_face": "off", "stick_the_dealer": False,
     "loner_lead": "left_of_maker", "target": 10, "deck": "24"})}


def no_ace_no_face(hand: list[int]) -> bool:
    """The book's redeal: no ace and no face card (with 24 cards: only 9s and 10s)."""
    return all(C.RANK_OF[c] < C.JACK for c in hand)


def deal_points(tricks: int, alone: bool) -> tuple[int, bool]:
    """(points, whether the makers score them) for the makers' tricks: the book's table."""
    if tricks < MAKERS_MIN:
        return EUCHRE_POINTS, False
    if tricks == MARCH:
        return (4 if alone else 2), True
    return 1, True


def call_words(how: str, trump: int, alone: bool) -> str:
    """How trumps were made, as the calls and the sheet write it ("orders up hearts alone")."""
    return f"{how} {C.SUIT_NAMES[trump]}" + (" alone" if alone else "")


def how_made(maker: int, dealer: int, first_round: bool) -> str:
    """The verb of a making: the dealer picks the up-card up, another orders it up, and in the
    second round a suit is called."""
    if not first_round:
        return "calls"
    return "picks up" if maker == dealer else "orders up"


def deal_row(makers: int, tricks: list[int], alone: bool) -> tuple[list[int], list[str], str]:
    """A played deal's row on the sheet from the makers' team and each team's tricks: the points
    (only one side scores), each team's tricks in words, and the note (euchred, march)."""
    points, to_makers = deal_points(tricks[makers], alone)
    row = [0, 0]
    row[makers if to_makers else 1 - makers] = points
    note = "euchred" if not to_makers else ("march" if tricks[makers] == MARCH else "")
    return row, [f"{t} trick{'' if t == 1 else 's'}" for t in tricks], note


def made_label(deal: str, call: str, maker: str) -> str:
    """A played deal's row label: the deal, the call and who made it."""
    return f"{deal}: {call} ({maker})"


#: a thrown-in deal's row: its label after the deal's name, and the note when everybody passed
THROWN_IN, ALL_PASSED = "thrown in", "Everybody passed twice"


def reached_words(totals: list[int], target: int) -> str:
    """Why the match ended: the side that reached the target."""
    win = 0 if totals[0] > totals[1] else 1  # only one side scores a deal: no ties
    return f"{TEAMS[win]} reached {totals[win]} of {target}."


class EuchrePhase(PhaseName):
    """Euchre's own phases before the play (the kernel's ``TrickPhase.PLAY``); ``str`` is what views show."""

    #: No Ace–No Face, claimable: the holders in turn claim the redeal or play on
    CLAIM = "claim", "No Ace–No Face: claim a redeal or play on"
    #: round 1: order up the up-card's suit (the dealer: pick it up) or pass
    ORDER = "order", "Bidding, first round: order up or pass"
    #: the player who took the up-card discards one card face down
    DISCARD = "discard", "Discarding for the up-card"
    CALL = "call", "Bidding, second round: call trumps or pass"  # round 2: call another suit or pass


# ---- the kinds of move (core.phases.MoveKind: each rule once) and the phases made of them ----

def _suit_name(s: Euchre) -> str:
    return C.SUIT_NAMES[C.SUIT_OF[s.up_card]]


def _alone_or_not(move: Move, plain: Move, alone: Move) -> bool:
    """Whether ``move`` reads as ``plain`` or ``alone`` (the same verb, nothing else after it)."""
    return move.args == plain.args or move.args == alone.args


class ClaimRedeal(OneMove["Euchre"]):
    """No Ace–No Face, claimable: the holder throws the hands in (always his to claim)."""

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s._no_ace_no_face_throw_in(seat)

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        return "Claim a redeal: no ace and no face card"


class PlayOn(OneMove["Euchre"]):
    """No Ace–No Face, claimable: the holder keeps the hand and play goes on."""

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s.emit("claim", f"{s.names[seat]} plays on.", seat=seat)
        s.claimants.pop(0)
        if not s.claimants:
            s._open_round(EuchrePhase.ORDER)

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        return "Play this hand"


class ClaimPhase(ActingPhase):
    """Each holder of a No Ace–No Face hand, from the dealer's left, claims the redeal or plays on."""

    otherwise = "Your hand has no ace and no face card: 'claim' the redeal (No Ace–No Face) or 'pass'."

    def to_act(self, s: Euchre) -> frozenset[int]:
        return ONLY[s.claimants[0]]

    def kinds(self, s: Euchre) -> list[MoveKind[Any]]:
        return [ClaimRedeal(CLAIM), PlayOn(PASS)]


class PassBid(OneMove["Euchre"]):
    """Pass in the bidding: always allowed, but for a stuck dealer in the second round."""

    def rule(self, s: Euchre, seat: int) -> str | None:
        if s.phase_name == EuchrePhase.CALL and s._stuck(seat):
            return "Stick the dealer: everyone else passed, so the dealer must call a suit."
        return None

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s._apply_pass(seat)


class OrderUp(MoveKind["Euchre"]):
    """Round 1, not the dealer: order the dealer to pick up the up-card, its suit trumps; the
    dealer's partner must go alone by the house rule (``dealer_partner_forced_alone``)."""

    verbs = ("order",)

    def candidates(self, s: Euchre, seat: int) -> list[Move]:
        return [ORDER, ORDER_ALONE]

    def legal(self, s: Euchre, seat: int) -> list[Move]:
        # bots bid every deal: the rule's answer without asking it move by move
        if seat == s.dealer:
            return []
        return ALONE_ONLY if s._forced_alone(seat, EuchrePhase.ORDER) else ORDERS

    def verify(self, s: Euchre, seat: int, move: Move) -> str | None:
        if seat == s.dealer:
            return "You are the dealer: say 'pickup' (or 'pickup alone') to take the up-card, or 'pass'."
        if not _alone_or_not(move, ORDER, ORDER_ALONE):
            return (f"In the first round you may only order up {_suit_name(s)} or pass; "
                    "another suit may be called in the second round.")
        if move is not ORDER_ALONE and s._forced_alone(seat, EuchrePhase.ORDER):
            return "The dealer's partner who orders up must go alone (house rule): say 'order alone'."
        return None

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s._order_up(seat, move is ORDER_ALONE)

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        return f"Order up {_suit_name(s)}" + (" and go alone" if move is ORDER_ALONE else "")


class PickUp(MoveKind["Euchre"]):
    """Round 1, the dealer: accept the up-card's suit as trumps by picking the card up."""

    verbs = ("pickup",)

    def candidates(self, s: Euchre, seat: int) -> list[Move]:
        return [PICKUP, PICKUP_ALONE]

    def legal(self, s: Euchre, seat: int) -> list[Move]:
        return PICKUPS if seat == s.dealer else []

    def verify(self, s: Euchre, seat: int, move: Move) -> str | None:
        if seat != s.dealer:
            return "Only the dealer picks up: say 'order' to order the dealer to pick it up, or 'pass'."
        if not _alone_or_not(move, PICKUP, PICKUP_ALONE):
            return "Say 'pickup' to take the up-card, or 'pickup alone' to take it and play alone."
        return None

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s._order_up(seat, move is PICKUP_ALONE)

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        alone = " and go alone" if move is PICKUP_ALONE else ""
        return f"Pick up {C.LABEL_OF[s.up_card]}: {_suit_name(s)} trumps{alone}"


class OrderPhase(ActingPhase):
    """Round 1: from the dealer's left, order up the up-card's suit or pass; the dealer picks it up."""

    def to_act(self, s: Euchre) -> frozenset[int]:
        return ONLY[s.bidder]

    def kinds(self, s: Euchre) -> list[MoveKind[Any]]:
        return [PassBid(PASS), OrderUp(), PickUp()]

    def why_not_other(self, s: Euchre, seat: int, move: Move) -> str | None:
        return (f"In the first round you may only order up {_suit_name(s)} or pass; "
                "another suit may be called in the second round.")


class DiscardOne(MoveKind["Euchre"]):
    """The player who took the up-card discards any one card of his six face down."""

    verbs = ("discard",)

    def candidates(self, s: Euchre, seat: int) -> list[Move]:
        return [DISCARD[c] for c in s.hands[seat]]

    def legal(self, s: Euchre, seat: int) -> list[Move]:
        return self.candidates(s, seat)  # any card of the hand

    def verify(self, s: Euchre, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or len(move.cards) != 1:
            return f"You took the up-card: discard one card face down, for example 'discard {s._any()}'."
        if move.cards[0] not in s.hands[seat]:
            return f"You do not hold {C.NAME_OF[move.cards[0]]}."
        return None

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        s._apply_discard(seat, move.cards[0])

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        c = move.cards[0]
        return f"Discard {C.LABEL_OF[c]}" + (", the up-card," if c == s.up_card else "") + " face down"


class DiscardPhase(ActingPhase):
    """The player who took the up-card discards one card face down."""

    def to_act(self, s: Euchre) -> frozenset[int]:
        return ONLY[s.taker]

    def kinds(self, s: Euchre) -> list[MoveKind[Any]]:
        return [DiscardOne()]

    def why_not_other(self, s: Euchre, seat: int, move: Move) -> str | None:
        return f"You took the up-card: discard one card face down, for example 'discard {s._any()}'."


@cache
def calls(turned_down: int, forced_alone: bool) -> list[Move]:
    """Round 2's calls: any suit but the turned-down one, alone or not (alone only, when forced)."""
    return [m for suit in range(4) if suit != turned_down
            for m in ((CALL_ALONE[suit],) if forced_alone else (CALL[suit], CALL_ALONE[suit]))]


SECOND_ROUND = ("In the second round, call a suit other than the turned-down one "
                "('call S', 'call S alone') or pass.")


class CallTrumps(MoveKind["Euchre"]):
    """Round 2: name any suit but the turned-down one as trumps, alone or not (the dealer's partner
    alone if the house rule says so in both rounds)."""

    verbs = ("call",)

    def candidates(self, s: Euchre, seat: int) -> list[Move]:
        return [m for suit in range(4) for m in (CALL[suit], CALL_ALONE[suit])]

    def legal(self, s: Euchre, seat: int) -> list[Move]:
        # bots bid every deal: the rule's answer without asking it move by move
        return calls(C.SUIT_OF[s.up_card], s._forced_alone(seat, EuchrePhase.CALL))

    def verify(self, s: Euchre, seat: int, move: Move) -> str | None:
        suit, up_suit = move.suit, C.SUIT_OF[s.up_card]
        if suit is None or not _alone_or_not(move, CALL[suit], CALL_ALONE[suit]):
            return SECOND_ROUND
        if suit == up_suit:
            return f"You cannot call {C.SUIT_NAMES[up_suit]}: that suit was turned down this deal."
        if move is not CALL_ALONE[suit] and s._forced_alone(seat, EuchrePhase.CALL):
            return "The dealer's partner who calls trump must go alone (house rule): add 'alone'."
        return None

    def apply(self, s: Euchre, seat: int, move: Move) -> None:
        assert move.suit is not None
        how = how_made(seat, s.dealer, first_round=False)
        s._make_trump(seat, move.suit, move is CALL_ALONE[move.suit], how)
        s._begin_play()

    def describe(self, s: Euchre, move: Move, viewer: int | None) -> str:
        assert move.suit is not None
        alone = " and go alone" if move is CALL_ALONE[move.suit] else ""
        return f"Call {C.SUIT_NAMES[move.suit]} trumps{alone}"


class CallPhase(ActingPhase):
    """Round 2: from the dealer's left, call a suit other than the turned-down one, or pass."""

    otherwise = SECOND_ROUND

    def to_act(self, s: Euchre) -> frozenset[int]:
        return ONLY[s.bidder]

    def kinds(self, s: Euchre) -> list[MoveKind[Any]]:
        return [PassBid(PASS), CallTrumps()]


class EuchrePlay(PlayPhase):
    def why_not_other(self, s: TrickState, seat: int, move: Move) -> str | None:
        assert isinstance(s, Euchre)
        return f"Trump is made and the cards are being played: play a card, e.g. 'play {s._any()}'."


class Euchre(TrickState):
    FIELDS: tuple[Field, ...] = (
        Field("bowers", "Bowers: the jacks of the trump colour are the top trumps", Kind.FLAG),
        Field("up_card_state", "Up-card", Kind.TEXT),
        Field("calls", "Calls", Kind.PLAYS),
        Field("maker", "Maker", Kind.SEAT),
        Field("alone", "Going alone", Kind.FLAG),
        Field("took_up_card", "Took up the up-card", Kind.SEAT),
        Field("target", "Playing to", Kind.NUMBER),
    )
    options: EuchreOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **TrickState.phases, TrickPhase.PLAY: EuchrePlay(), EuchrePhase.CLAIM: ClaimPhase(),
        EuchrePhase.ORDER: OrderPhase(), EuchrePhase.DISCARD: DiscardPhase(), EuchrePhase.CALL: CallPhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_tricks(MatchRules(target=self.options.target), teams=2)
        self._start_deal()

    def _sheet_columns(self) -> list[str]:
        return list(TEAMS)

    def deck_template(self) -> list[int]:
        return C.euchre_deck() if self.options.deck == "24" else C.standard_deck(ranks=range(C.SEVEN, 13))

    # ---- the deal -------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        rest = self.deal_hands(5)
        self.up_card = rest[0]
        self.up = [rest[0]]  # the up-card while it lies on the kitty, face up or turned down
        self.up_state = "face up"
        self.kitty = rest[1:]
        self.discard: list[int] = []
        self.taker = -1  # who took the up-card and discards
        self.maker = -1
        self.alone = False
        self.calls: list[tuple[int, str]] = []
        self.claimants: list[int] = []
        self.bidder = self.passes = 0
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals and turns up "
                          f"{C.LABEL_OF[self.up_card]}.", seat=self.dealer, card=C.CODE_OF[self.up_card])
        self._check_no_ace_no_face()

    def _check_no_ace_no_face(self) -> None:
        mode = self.options.no_ace_no_face
        seats = self._from_dealers_left() if mode != "off" else []
        holders = [s for s in seats if no_ace_no_face(self.hands[s])]
        if not holders:
            self._open_round(EuchrePhase.ORDER)
        elif mode == "auto":
            self._no_ace_no_face_throw_in(holders[0])
        else:
            self.claimants = holders
            self.phase_name = EuchrePhase.CLAIM

    def _no_ace_no_face_throw_in(self, holder: int) -> None:
        shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[holder]))
        self._throw_in(f"No Ace–No Face: {self.names[holder]} holds {shown}")

    def _from_dealers_left(self) -> list[int]:
        return self.seats_from(self.left_of_dealer())

    def _throw_in(self, why: str) -> None:
        self.sheet.add(f"{self.deal_name()}: {THROWN_IN}", [0, 0], note=why)
        self.emit("throw_in", f"{why}: the hands are thrown in and the deal passes left.")
        self.pass_deal()
        self._start_deal()

    # ---- making trump ---------------------------------------------------------------------

    def _open_round(self, phase: str) -> None:
        self.phase_name = phase
        self.bidder = self.left_of_dealer()
        self.passes = 0

    def _forced_alone(self, seat: int, phase: str) -> bool:
        rule = self.options.dealer_partner_forced_alone
        return seat == self.partner_of(self.dealer) and (
            rule == "both_rounds" or (rule == "round1_only" and phase == EuchrePhase.ORDER))

    def _stuck(self, seat: int) -> bool:
        return self.options.stick_the_dealer and seat == self.dealer

    def _any(self) -> str:
        seat = next(iter(self._to_act()))
        return C.CODE_OF[self.hands[seat][0]] if self.hands[seat] else "QS"

    def _apply_pass(self, seat: int) -> None:
        self.calls.append((seat, "pass"))
        self.emit("pass", f"{self.names[seat]} passes.", seat=seat)
        self.passes += 1
        if self.passes < 4:
            self.bidder = (seat + 1) % 4
        elif self.phase_name == EuchrePhase.ORDER:
            self.up_state = "turned down"
            self.emit("turn_down", f"Everybody passed: {C.LABEL_OF[self.up_card]} is turned down.")
            self._open_round(EuchrePhase.CALL)
        else:
            self._throw_in(ALL_PASSED)

    def _make_trump(self, seat: int, trump: int, alone: bool, how: str) -> None:
        self.set_trump(trump, bowers=True)
        self.maker, self.alone = seat, alone
        self.calls.append((seat, call_words(how, trump, alone)))
        if alone:
            self.sit_out(self.partner_of(seat))
        self.emit("trump", f"{self.names[seat]} {how} {C.SUIT_NAMES[trump]}" + (" and goes alone." if alone
                  else "."), seat=seat, trump=C.SUITS[trump], alone=alone)

    def _order_up(self, seat: int, alone: bool) -> None:
        dealer = self.dealer
        self._make_trump(seat, C.SUIT_OF[self.up_card], alone, how_made(seat, dealer, first_round=True))
        if not self.active[dealer]:  # G-EU-2: the dealer's hand is out of play
            if not self.options.loner_takes_upcard:
                self._begin_play()
                return
            dealer = seat
        self.taker = dealer
        self.hands[dealer].append(self.up_card)
        self.up.clear()
        self.up_state = "taken"
        self.knowledge.tell(f"hand/{dealer}", [self.up_card])  # everyone saw him take it
        self.phase_name = EuchrePhase.DISCARD

    def _apply_discard(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        self.discard.append(c)
        # from now on the others only know the up-card is in his hand or his discard, whichever he
        # threw (saying it is in the hand would tell them when it is not): sampling keeps it there
        self.knowledge.forget(f"hand/{seat}", [self.up_card])
        # one line each: the others read the public one, he reads his own (which names the card)
        self.emit("discard", f"{self.names[seat]} discards a card face down.", seat=seat, except_=seat)
        self.emit("discard", f"You discard {C.LABEL_OF[c]}.", seat=seat, to=seat)
        self._begin_play()

    def _begin_play(self) -> None:
        leader = self.left_of_dealer()
        if self.alone and self.options.loner_lead == "left_of_maker":
            leader = (self.maker + 1) % 4
        if not self.active[leader]:  # the book: the next player in rotation leads
            leader = self.next_seat(leader)
        self.start_play(leader)

    # ---- scoring --------------------------------------------------------------------------

    def _on_hand_over(self) -> None:
        makers = self.team_of(self.maker)
        tricks = [self.tricks_won[0] + self.tricks_won[2], self.tricks_won[1] + self.tricks_won[3]]
        row, details, note = deal_row(makers, tricks, self.alone)
        label = made_label(self.deal_name(), self.calls[-1][1], self.names[self.maker])
        self.sheet.add(label, row, details=details, note=note)
        self.emit("score", f"{label}: {TEAMS[0]} {row[0]:+d}, {TEAMS[1]} {row[1]:+d}.")
        if not self.match_over(self._reached):
            self.pass_deal()
            self._start_deal()

    def _reached(self, why: MatchEnd, totals: list[int]) -> str:
        return reached_words(totals, self.options.target)

    # ---- what a seat sees -----------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        phase = self.phase_name
        out.update({
            "up_card": C.CODE_OF[self.up_card], "up_card_state": self.up_state,
            "round": 1 if phase == EuchrePhase.ORDER else 2 if phase == EuchrePhase.CALL else None,
            "calls": [{"seat": s, "call": text} for s, text in self.calls],
            "maker": self.maker if self.maker >= 0 else None, "alone": self.alone,
            "took_up_card": self.taker if self.taker >= 0 else None,
            "kitty_size": len(self.kitty) + len(self.discard) + len(self.up),
            "discarded": C.codes(self.discard) if seat is not None and seat == self.taker else None,
            "target": self.options.target,
        })
        return out

    # ---- hidden cards ---------------------------------------------------------------------

    def _discard_known(self) -> bool:
        """The taker showed out of trumps, so everyone knows he discarded the up-card."""
        return bool(self.discard) and self.discard[0] == self.up_card and self.trump in self.void[self.taker]

    def _table_zones(self) -> list[Zone]:
        """The up-card (seen by all, face up or turned down), the kitty nobody sees, and the
        discard only the player who took the up-card sees (everyone, once he shows out of trumps:
        then it is the up-card)."""
        taker = self.taker
        if self._discard_known():
            discard = Zone("discard", self.discard, CARD_TEXT, label="The discard", show=PILE)
        elif taker >= 0:
            discard = Zone("discard", self.discard, CARD_TEXT, owner=taker, visibility=OWNER,
                           label=f"{self.names[taker]}'s discard", show=PILE)
        else:
            discard = Zone("discard", self.discard, CARD_TEXT, visibility=UNSEEN,
                           label="The discard", show=PILE)
        return [
            Zone("up_card", self.up, CARD_TEXT, label="The up-card", show=PILE),
            Zone("kitty", self.kitty, CARD_TEXT, visibility=UNSEEN, label="The kitty", show=PILE),
            discard,
        ]

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Everyone saw the taker pick up the up-card; until he shows out of trumps the others
        cannot tell whether he kept it or discarded it (an either-or that zones cannot say):
        sample as if he kept it, and his discard as any other card of his hand."""
        taker = self.taker
        up = self.up_card
        if taker < 0 or seat == taker or self._discard_known():
            super()._redeal_hidden(seat, rng)
            return
        hand = self.hands[taker]
        if self.discard and self.discard[0] == up and hand:
            i = rng.randrange(len(hand))
            hand[i], self.discard[0] = self.discard[0], hand[i]
        if up not in hand:  # he has played it
            super()._redeal_hidden(seat, rng)
            return
        hand.remove(up)
        super()._redeal_hidden(seat, rng)
        hand.append(up)

    def parse(self, text: str) -> Move:
        """'pick up' is read as 'pickup'."""
        words = text.split()
        if len(words) > 1 and words[0].lower() == "pick" and words[1].lower() == "up":
            text = " ".join(["pickup", *words[2:]])
        return super().parse(text)


SPEC: GameSpec = register(GameSpec(
    id="euchre",
    title="Euchre",
    family="trick-taking",
    players=(4,),
    default_players=4,
    options_cls=EuchreOptions,
    state_cls=Euchre,
    summary="Partnership trick game with 24 cards and bowers: order up or call trump, take three of "
            "five tricks, go alone for double; first side to 10.",
    presets=PRESETS,
    teams="North–South against East–West",
    rules=__doc__ or "",
))

__all__ = ["ALL_PASSED", "SPEC", "TEAMS", "THROWN_IN", "Euchre", "EuchreOptions", "call_words", "deal_points",
           "deal_row", "how_made", "made_label", "no_ace_no_face", "reached_words"]
