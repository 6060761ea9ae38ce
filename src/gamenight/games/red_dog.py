"""Red Dog (In-Between) — The Book of Card Games (seed 001), with ``shared/rules/other-seeds.md`` §2.

Any number of players (one to seven here, the spots of a casino table) each bet against the house,
which deals from a shoe of six 52-card decks (option ``decks``, 1–8). Ranks run 2 low to ace high
(A = 14); suits do not matter.

A round:

1. Each player with money for it places a bet within the table limits (``min_bet`` … ``max_bet``,
   in whole chips of ``chip`` cents), in seat order.
2. The dealer turns two cards face up, left and right, and sets the **spread** marker: the number
   of ranks strictly between them (6 and Q: spread 5 — 7, 8, 9, 10, J).
3. A **pair**: the dealer turns a third card at once, with no raising. The same rank pays 11 to 1;
   any other card is a push (the bet comes back).
4. **Consecutive** ranks (spread 0): a push; no third card is dealt.
5. A spread of 1 to 11: each player in turn may **raise** by up to the first bet (whole chips,
   at least one) or **stand**; then the dealer turns the third card. Strictly between the two →
   the whole stake (bet and raise) wins 5 to 1 for spread 1, 4 to 1 for spread 2, 2 to 1 for
   spread 3, 1 to 1 for 4 or more, the stake returned too. Equal to either card or outside → the
   house takes the stake.
6. The three cards stay on the table until the next deal, then go to the discards; the shoe is
   reshuffled as the policy says.

Money (``families.stakes``): each player starts with a purse (``stake``); a bet or a raise is
paid into the bets on the table, and at the settlement the bets come back (a win or a push) and
the bank pays the winnings, or the bank takes them — every movement a ledger line with its
reason. A purse never goes below zero: a player who cannot cover the smallest bet sits out, and
one who cannot cover a chip more stands. The score sheet is the money sheet (a row a round).

**The match** (the book plays on for as long as the table likes): a session of ``rounds`` rounds
(20 by default), ended sooner when no player can cover the smallest bet. Whoever won the most
money wins; the outcome says what the house won or lost.

**The odds shown** (option ``show_odds``, on by default): while raising, each player reads what a
unit raised is worth — P(win) from the cards left in the shoe (the cards in the discards and on the
table are seen by all), times the payout, less the chance of losing — and whether the best play is
to raise. On a fresh shoe that is the spec's exact table (§2.2: spread 7 wins 168/310 = 84/155,
worth +13/155 a unit; six or less, stand). :mod:`gamenight.games.red_dog_odds` computes the
exact value of a round for any shoe (6 decks, raising on 7–11 only: house edge 17533/626665 =
2.7978%); ``gamenight sim red-dog --rounds N`` measures it (``families.house``).

House decisions, by the gap ids of ``shared/rules/other-seeds.md`` §2.3:

* GAP 1 — the ace is high only (A = 14). Option ``ace_low`` makes it low only (A = 1).
* GAP 2 — a raise is up to the first bet (option ``max_raise_multiple``, 1 by default; 0 forbids
  raising), in whole chips, never below one chip; a purse too small for a chip may only stand.
* GAP 3/4 — no raise on a pair or on consecutive cards.
* GAP 5 — no third card on consecutive ranks.
* GAP 6 — the shoe is reshuffled before every round (``reshuffle = every_hand``), which makes the
  published odds exact; ``penetration`` deals on until the cut card (``penetration`` percent of the
  shoe dealt, 75 by default) and reshuffles before the next round. A stacked deck (tests) lies on
  top of the first shoe and is dealt through in order before any reshuffle.
* GAP 8 — every player bets against the same cards; each decides to raise alone, in seat order.
* GAP 9 — "5 to 1" pays five units a unit staked, the stake returned on top.
* The table limits: ``min_bet`` $1, ``max_bet`` $10, chips of $1, purses of $20 (``stake``). A
  bet above the purse is not offered.

Presets: ``single_deck`` (one deck: house edge 3.155%), ``casino_shoe`` (eight decks, dealt to
the cut card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import CENTS, money
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.families.house import HouseRound
from gamenight.families.stakes import BANK, Stakes
from gamenight.games.red_dog_odds import (
    PAIR_PAYS,
    full_counts,
    house_edge,
    percent,
    raise_value,
    remembered_round_value,
    round_value,
    shoe_counts,
    signed_units,
    spread_of,
    spread_pays,
    value_of,
)

#: the pot the bets and raises lie in until the third card settles them
BETS = "bets"
#: the most players: the spots of a casino table
MOST_PLAYERS = 7
STAND = Move("stand")


def outcome_of_cards(left: int, right: int, third: int | None, ace_low: bool) -> tuple[int, str]:
    """The payout each unit staked gets (−1 lost, 0 push, n to 1 won) and why, in words, from the
    cards on the table (``third``: None when none is dealt, on consecutive cards). The engine and
    the score pad both settle through this."""
    a, b = value_of(left, ace_low), value_of(right, ace_low)
    if a == b:
        assert third is not None
        if value_of(third, ace_low) == a:
            return PAIR_PAYS, f"three {C.RANK_PLURALS[C.RANK_OF[third]]}, paid 11 to 1"
        return 0, f"a pair and {C.LABEL_OF[third]}: a push"
    if abs(a - b) == 1:
        return 0, "consecutive cards: a push"
    assert third is not None
    low, high = min(a, b), max(a, b)
    t = value_of(third, ace_low)
    cards = f"{C.LABEL_OF[third]} between {C.LABEL_OF[left]} and {C.LABEL_OF[right]}"
    if low < t < high:
        pays = spread_pays(high - low - 1)
        return pays, f"{cards}, spread {high - low - 1} pays {pays} to 1"
    if t in (low, high):
        return -1, f"{C.LABEL_OF[third]} matches an up-card: the house takes the stake"
    return -1, f"{C.LABEL_OF[third]} falls outside: the house takes the stake"


@dataclass(frozen=True, slots=True)
class Settlement:
    """A player's stake settled: staked (in words too), won (−stake: lost), the sheet's detail."""

    stake: int
    staked: str
    won: int
    detail: str


def settle_seat(bet: int, raised: int, pays: int) -> Settlement:
    """A player's bet and raise settled at ``pays`` to 1 (−1: the house takes the stake)."""
    stake = bet + raised
    staked = f"{money(bet)} + {money(raised)} raised" if raised else money(bet)
    if pays < 0:
        return Settlement(stake, staked, -stake, f"{staked}: lost")
    won = f"won {money(pays * stake)}" if pays else "push"
    return Settlement(stake, staked, pays * stake, f"{staked}: {won}")


def cards_text(cards: Sequence[int]) -> str:
    """The round's cards as the sheet notes them: left, right, then the third if dealt."""
    return " ".join(C.LABEL_OF[c] for c in cards)


@dataclass(frozen=True, kw_only=True)
class RedDogOptions(Options):
    decks: int = option(6, "Decks in the shoe", "How many 52-card decks the dealer shuffles together.",
                        minimum=1, maximum=8)
    min_bet: int = option(100, "Smallest bet (cents)", "The table's lowest bet.", minimum=1, maximum=100000)
    max_bet: int = option(1000, "Largest bet (cents)", "The table's highest bet.", minimum=1, maximum=100000)
    chip: int = option(100, "Chip (cents)", "Bets and raises are made in whole chips of this value.",
                       minimum=1, maximum=100000)
    stake: int = option(2000, "Starting purse (cents)", "The money each player sits down with.",
                        minimum=1, maximum=10000000)
    rounds: int = option(20, "Rounds", "How many rounds the session lasts (sooner if nobody can bet).",
                         minimum=1, maximum=500)
    max_raise_multiple: int = option(
        1, "Largest raise (times the bet)",
        "How much a player may raise on a spread, as a multiple of the first bet: 1 means up to the bet "
        "again, 0 that nobody raises.", minimum=0, maximum=3)
    ace_low: bool = option(False, "Ace low", "Off: the ace is the highest card. On: the ace is the lowest.")
    reshuffle: str = option(
        "every_hand", "Shuffling the shoe", "When the dealer reshuffles the shoe.",
        choices={"every_hand": "Before every round: the odds shown are exact",
                 "penetration": "Only when the cut card is reached: the cards seen change the odds"},
    )
    penetration: int = option(75, "Cut card (percent dealt)",
                              "With the cut card: how much of the shoe is dealt before the reshuffle.",
                              minimum=50, maximum=95)
    show_odds: bool = option(True, "Show the odds of raising",
                             "On: while raising, each player reads what a raise is worth and the best play.")

    def check(self, players: int) -> None:
        if self.max_bet < self.min_bet:
            raise OptionError("The largest bet cannot be smaller than the smallest bet.")
        if self.min_bet % self.chip or self.max_bet % self.chip:
            raise OptionError("The smallest and largest bets are whole numbers of chips.")
        if self.stake < self.min_bet:
            raise OptionError("The starting purse must cover the smallest bet.")
        if (self.max_bet - self.min_bet) // self.chip > 200:
            raise OptionError("The table offers at most 200 different bets: use larger chips.")


PRESETS = {
    "single_deck": Preset("single_deck", "One deck in the shoe, reshuffled every round.", {"decks": 1}),
    "casino_shoe": Preset("casino_shoe", "Eight decks dealt down to the cut card at three quarters.",
                          {"decks": 8, "reshuffle": "penetration"}),
}


class RedDogPhase(PhaseName):
    BET = "bet", "Betting: place your bet within the table limits"
    RAISE = "raise", "Raising: raise up to your bet, or stand"
    OVER = "over", "The session is over"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

class PlaceBet(MoveKind["RedDog"]):
    """Bet on the round before the cards are turned: within the table limits, in whole chips, out
    of the purse."""

    verbs = ("bet",)

    def candidates(self, s: RedDog, seat: int) -> list[Move]:
        o = s.options
        return [bet_move(a) for a in range(o.min_bet, o.max_bet + 1, o.chip)]

    def legal(self, s: RedDog, seat: int) -> list[Move]:
        o = s.options
        top = min(o.max_bet, s.ledger.purses[seat])
        return [bet_move(a) for a in range(o.min_bet, top + 1, o.chip)]

    def verify(self, s: RedDog, seat: int, move: Move) -> str | None:
        o = s.options
        amount = move.number
        if amount is None or len(move.args) != 1:
            return f"Say how much you bet, in cents: for example 'bet {o.min_bet}' ({money(o.min_bet)})."
        if amount < o.min_bet or amount > o.max_bet:
            return f"The table takes bets from {money(o.min_bet)} to {money(o.max_bet)}."
        if amount % o.chip:
            return f"Bets are whole chips of {money(o.chip)}."
        if amount > s.ledger.purses[seat]:
            return f"Your purse holds {money(s.ledger.purses[seat])}: you cannot bet {money(amount)}."
        return None

    def apply(self, s: RedDog, seat: int, move: Move) -> None:
        s.place_bet(seat, move.number or 0)

    def describe(self, s: RedDog, move: Move, viewer: int | None) -> str:
        return f"Bet {money(move.number or 0)}"

    def confirm(self, s: RedDog, seat: int, move: Move) -> str | None:
        """A bet goes on the table at once and cannot be taken back: asked before it is sent."""
        return f"Bet {money(move.number or 0)}? It cannot be taken back."


class Stand(OneMove["RedDog"]):
    """Keep the bet as it is on the spread: always allowed."""

    def apply(self, s: RedDog, seat: int, move: Move) -> None:
        s.decide_raise(seat, 0)

    def describe(self, s: RedDog, move: Move, viewer: int | None) -> str:
        return f"Stand: keep the bet at {money(s.bet[s.turn])}"


class RaiseBet(MoveKind["RedDog"]):
    """Raise on the spread, before the third card: whole chips, up to the bet (times the rules'
    multiple) and within the purse."""

    verbs = ("raise",)

    def candidates(self, s: RedDog, seat: int) -> list[Move]:
        chip = s.options.chip
        return [raise_move(a) for a in range(chip, s.raise_cap(seat) + 1, chip)]

    def legal(self, s: RedDog, seat: int) -> list[Move]:
        return self.candidates(s, seat)  # the candidates stop at the cap: every one verifies

    def verify(self, s: RedDog, seat: int, move: Move) -> str | None:
        amount = move.number
        if amount is None or len(move.args) != 1:
            return "Raise by an amount in cents ('raise 100'), or stand."
        chip, cap = s.options.chip, s.raise_cap(seat)
        if amount % chip or amount <= 0:
            return f"Raises are whole chips of {money(chip)}."
        if amount > cap:
            return f"You may raise at most {money(cap)} (up to your bet, within your purse)."
        return None

    def apply(self, s: RedDog, seat: int, move: Move) -> None:
        s.decide_raise(seat, move.number or 0)

    def describe(self, s: RedDog, move: Move, viewer: int | None) -> str:
        return f"Raise {money(move.number or 0)}"

    def confirm(self, s: RedDog, seat: int, move: Move) -> str | None:
        """A raise goes on the table at once and cannot be taken back: asked before it is sent."""
        return f"Raise {money(move.number or 0)}? It cannot be taken back."


class BetPhase(KindsPhase["RedDog"]):
    wrong: ClassVar[dict[str, str]] = dict.fromkeys(
        ("raise", "stand"), "Place a bet first: the raising comes once the two cards are turned.")
    otherwise = "Place a bet first: 'bet' and an amount in cents within the table limits."

    def to_act(self, s: RedDog) -> frozenset[int]:
        return frozenset((s.turn,))

    def kinds(self, s: RedDog) -> list[MoveKind[Any]]:
        return [PlaceBet()]


class RaisePhase(KindsPhase["RedDog"]):
    wrong: ClassVar[dict[str, str]] = {"bet": "The bets are down: raise up to your bet, or stand."}
    otherwise = "Raise by an amount in cents ('raise 100'), or stand."

    def to_act(self, s: RedDog) -> frozenset[int]:
        return frozenset((s.turn,))

    def kinds(self, s: RedDog) -> list[MoveKind[Any]]:
        return [Stand(STAND), RaiseBet()]


class OverPhase(PhaseHandler["RedDog"]):
    pass


_BET_MOVES: dict[int, Move] = {}
_RAISE_MOVES: dict[int, Move] = {}


def bet_move(amount: int) -> Move:
    move = _BET_MOVES.get(amount)
    if move is None:
        move = _BET_MOVES[amount] = Move("bet", NUMBER(amount))
    return move


def raise_move(amount: int) -> Move:
    move = _RAISE_MOVES.get(amount)
    if move is None:
        move = _RAISE_MOVES[amount] = Move("raise", NUMBER(amount))
    return move


def _pair(f: Fraction | None) -> list[int] | None:
    """A fraction as JSON: [numerator, denominator]."""
    return None if f is None else [f.numerator, f.denominator]


class RedDog(Stakes, DealsCards, PhaseDispatch, State):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("round", "{Deal}", Kind.COUNTER, head=True),
        Field("spread_marker", "Spread", Kind.TEXT, head=True),
        Field("money", "Money", Kind.LEDGER),
        Field("purses", "Purse", Kind.TEXT, per_seat=True),
        Field("bets", "Bet", Kind.TEXT, per_seat=True),
        Field("last_round", "Last round", Kind.TEXT, per_seat=True),
        Field("raise_odds", "Raising is worth", Kind.TEXT),
        Field("payouts", "Pays", Kind.TEXT),
        Field("house", "The house", Kind.TEXT),
        Field("limits", "Table limits", Kind.TEXT, minor=True),
        Field("shoe_note", "The shoe", Kind.TEXT, minor=True),
    )
    options: RedDogOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        RedDogPhase.BET: BetPhase(), RedDogPhase.RAISE: RaisePhase(), RedDogPhase.OVER: OverPhase()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.sheet.unit = CENTS
        self.open_stakes(stake=o.stake, pots=(BETS,), may_owe=False)
        self.ace_low = o.ace_low
        template = self.deck_template()
        # the top of a stacked shoe is the end of the list (the deck is given top first); any other
        # card is drawn at random from those left (_draw), which is dealing a shuffled shoe
        self.shoe: list[int] = (C.stack_deck(template, self.stacked_deck, self.rng)[::-1]
                                if self.stacked_deck is not None else template)
        #: how many cards of each value are left in the shoe (kept as cards leave and come back)
        self.counts = shoe_counts(self.shoe, o.ace_low)
        #: how many stacked cards still lie on top of the shoe (no reshuffle until they are dealt)
        self.stacked_left = len(self.stacked_deck or ())
        self.left: list[int] = []
        self.right: list[int] = []
        self.third: list[int] = []
        self.discards: list[int] = []
        self.bet = [0] * self.num_players
        self.raised = [0] * self.num_players
        self.decided = [False] * self.num_players
        self.playing: list[int] = []
        self.turn = 0
        self.spread: int | None = None  # None: no cards yet or a pair; 0 consecutive
        self.result = ""
        self.rounds_settled: list[HouseRound] = []
        self.phase_name: str = RedDogPhase.BET
        self._start_round()

    # ---- the shoe ---------------------------------------------------------------------

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.options.decks)

    def _draw(self) -> int:
        """The next card of the shoe: a stacked card from the top, else one drawn at random from
        those left (a shuffled shoe dealt from the top, without shuffling all of it each round)."""
        shoe = self.shoe
        if self.stacked_left:
            self.stacked_left -= 1
        else:
            i = self.rng.randrange(len(shoe))
            shoe[i], shoe[-1] = shoe[-1], shoe[i]
        card = shoe.pop()
        self.counts[value_of(card, self.ace_low)] -= 1
        return card

    def _needs_shuffle(self) -> bool:
        """GAP 6: before every round, or once the cut card is reached; never while stacked cards
        lie on top."""
        if self.stacked_left:
            return False
        if self.options.reshuffle == "every_hand":
            return bool(self.discards or self.left)  # any card dealt since (on the table or gone)
        total = 52 * self.options.decks
        return (total - len(self.shoe)) * 100 >= self.options.penetration * total or len(self.shoe) < 3

    def _clear_table(self) -> None:
        for pile in (self.left, self.right, self.third):
            self.discards.extend(pile)
            pile.clear()

    def _reshuffle(self) -> None:
        """Every card back in the shoe; it is shuffled by drawing at random from it (``_draw``)."""
        self.shoe.extend(self.discards)
        self.discards.clear()
        self.counts = full_counts(self.options.decks, self.ace_low)
        if self.options.reshuffle != "every_hand":
            self.emit("shuffle", f"The cut card is out: the dealer reshuffles the shoe "
                                 f"({len(self.shoe)} cards).")

    # ---- betting ----------------------------------------------------------------------

    def _start_round(self) -> None:
        o = self.options
        self.playing = [s for s in range(self.num_players) if self.ledger.purses[s] >= o.min_bet]
        if not self.playing:
            self._finish("Nobody can cover the smallest bet.")
            return
        self.deal_no += 1
        self.bet = [0] * self.num_players
        self.raised = [0] * self.num_players
        self.decided = [False] * self.num_players
        self.phase_name = RedDogPhase.BET
        self.turn = self.playing[0]
        sitting = [self.names[s] for s in range(self.num_players) if s not in self.playing]
        out = f"; {', '.join(sitting)} cannot cover the smallest bet and sit out" if sitting else ""
        self.emit("deal", f"{self.deal_name()} of {o.rounds}: place your bets ({money(o.min_bet)} to "
                          f"{money(o.max_bet)}){out}.")

    def place_bet(self, seat: int, amount: int) -> None:
        self.bet[seat] = amount
        self.pay(seat, BETS, amount, f"bets {money(amount)} on {self.deal_name().lower()}")
        self.emit("bet", f"{self.names[seat]} bets {money(amount)}.", seat=seat)
        later = [s for s in self.playing if s > seat]
        if later:
            self.turn = later[0]
        else:
            self._deal_up_cards()

    # ---- the cards --------------------------------------------------------------------

    def _deal_up_cards(self) -> None:
        self._clear_table()
        if self._needs_shuffle():
            self._reshuffle()
        self.left.append(self._draw())
        self.right.append(self._draw())
        a, b = (value_of(c, self.ace_low) for c in (self.left[0], self.right[0]))
        shown = f"{C.LABEL_OF[self.left[0]]} and {C.LABEL_OF[self.right[0]]}"
        if a == b:
            self.spread = None
            self.emit("cards", f"The dealer turns {shown}: a pair, so a third card at once.")
            self._turn_third()
            self._settle()
        elif abs(a - b) == 1:
            self.spread = 0
            self.emit("cards", f"The dealer turns {shown}: consecutive, a push.")
            self._settle()
        else:
            self.spread = spread_of(a, b)
            self.emit("cards", f"The dealer turns {shown}: spread {self.spread}, pays "
                               f"{spread_pays(self.spread)} to 1.")
            if self.options.max_raise_multiple == 0:
                self._turn_third()
                self._settle()
                return
            self.phase_name = RedDogPhase.RAISE
            self.turn = self.playing[0]

    def _turn_third(self) -> None:
        self.third.append(self._draw())
        self.emit("cards", f"The third card: {C.LABEL_OF[self.third[0]]}.")

    # ---- raising ----------------------------------------------------------------------

    def raise_cap(self, seat: int) -> int:
        """GAP 2: up to the first bet (times the option), whole chips, within the purse."""
        o = self.options
        cap = min(self.bet[seat] * o.max_raise_multiple, self.ledger.purses[seat])
        return cap - cap % o.chip

    def decide_raise(self, seat: int, amount: int) -> None:
        self.decided[seat] = True
        if amount:
            self.raised[seat] = amount
            self.pay(seat, BETS, amount, f"raises {money(amount)} on spread {self.spread}")
            self.emit("raise", f"{self.names[seat]} raises {money(amount)}.", seat=seat)
        else:
            self.emit("stand", f"{self.names[seat]} stands.", seat=seat)
        later = [s for s in self.playing if s > seat]
        if later:
            self.turn = later[0]
            return
        self._turn_third()
        self._settle()

    # ---- settling ---------------------------------------------------------------------

    def _settle(self) -> None:
        pays, why = outcome_of_cards(self.left[0], self.right[0], self.third[0] if self.third else None,
                                     self.ace_low)
        details = []
        bets = wagered = net = 0
        for seat in range(self.num_players):
            if seat not in self.playing:
                details.append("sat out")
                continue
            st = settle_seat(self.bet[seat], self.raised[seat], pays)
            bets += self.bet[seat]
            wagered += st.stake
            if pays < 0:
                self.pay(BETS, BANK, st.stake, f"{self.names[seat]} loses {st.staked}: {why}")
            else:
                self.pay(BETS, seat, st.stake, f"stake back: {why}")
                if pays:
                    self.pay(BANK, seat, st.won, why)
            net += st.won
            details.append(st.detail)
        self.rounds_settled.append(HouseRound(bets, wagered, net))
        self.result = why[0].upper() + why[1:] + "."
        table = cards_text([*self.left, *self.right, *self.third])
        changes = self.sheet_deal(self.deal_name(), details=details, note=table)
        told = ", ".join(f"{self.names[s]} {money(changes[s], signed=True)}" for s in self.playing)
        self.emit("score", f"{self.deal_name()}: {why}. {told}.")
        if self.deal_no >= self.options.rounds:
            self._finish(f"After {self.deal_no} rounds.")
        else:
            self._start_round()

    def _finish(self, why: str) -> None:
        self.phase_name = RedDogPhase.OVER
        # a game against the house: its result is the house's and each player's, never "X wins"
        self.finish_on_money(why, self.against_the_house(self.house_won()))

    # ---- what a seat sees -------------------------------------------------------------

    def phase_label(self) -> str:
        """The phase in words; while raising, with what a raise is worth (option ``show_odds``),
        so a person reads it on the smallest screen."""
        label = super().phase_label()
        odds = self.raise_odds() if self.options.show_odds else None
        if odds is None:
            return label
        best = "raise" if odds[0] > 0 else "stand"
        return f"{label}: a raise is worth {signed_units(odds[0])} a unit, best {best}"

    def left_counts(self) -> list[int]:
        """The value counts of the cards left in the shoe: everyone may work them out, every card
        dealt lying face up on the table or in the discards."""
        return list(self.counts)

    def next_counts(self) -> list[int]:
        """The value counts of the shoe the next card comes from, as everyone can work it out:
        while betting, a fresh shoe if the dealer will reshuffle before dealing (GAP 6)."""
        if self.phase_name == RedDogPhase.BET and self._needs_shuffle():
            return full_counts(self.options.decks, self.ace_low)
        return self.left_counts()

    def round_odds(self) -> Fraction | None:
        """While betting: what the coming round is worth a unit of bet, raising at best."""
        if self.phase_name != RedDogPhase.BET:
            return None
        return remembered_round_value(tuple(self.next_counts()), self.options.max_raise_multiple)

    def raise_odds(self) -> tuple[Fraction, int, int] | None:
        """Now, on a spread: what a unit raised is worth, the cards between and the cards left."""
        if self.phase_name != RedDogPhase.RAISE or not self.left:
            return None
        counts = self.left_counts()
        a, b = (value_of(c, self.ace_low) for c in (self.left[0], self.right[0]))
        low, high = min(a, b), max(a, b)
        return raise_value(counts, low, high), sum(counts[low + 1:high]), sum(counts)

    def _raise_odds_text(self) -> str | None:
        odds = self.raise_odds()
        if odds is None or not self.options.show_odds:
            return None
        value, between, left = odds
        best = "raise the most you may" if value > 0 else "stand"
        return (f"{signed_units(value)} a unit ({value}): {between} of the {left} cards left fall between, "
                f"{percent(Fraction(between, left), 1)} to win. Best: {best}.")

    def spread_text(self) -> str:
        if not self.left:
            return "no cards yet"
        if self.phase_name != RedDogPhase.RAISE:
            return f"{self._spread_words()} (last round)" if self.phase_name == RedDogPhase.BET else \
                self._spread_words()
        return self._spread_words()

    def _spread_words(self) -> str:
        if self.spread is None:
            return "a pair: three of a kind pays 11 to 1, else a push"
        if self.spread == 0:
            return "0, consecutive: a push"
        return f"{self.spread}, pays {spread_pays(self.spread)} to 1"

    def bet_text(self, seat: int) -> str:
        if seat not in self.playing:
            return "sits out"
        if not self.bet[seat]:
            return "—"
        if self.raised[seat]:
            return f"{money(self.bet[seat])} + {money(self.raised[seat])}"
        return money(self.bet[seat])

    def limits_text(self) -> str:
        o = self.options
        most = "the bet" if o.max_raise_multiple == 1 else f"{o.max_raise_multiple} × the bet"
        raising = f"raise up to {most}" if o.max_raise_multiple else "no raising"
        return f"bets {money(o.min_bet)} to {money(o.max_bet)} in chips of {money(o.chip)}; {raising}"

    def house_won(self) -> int:
        """What the bank has won from the players so far (the bets on the table not counted)."""
        return -sum(self.ledger.nets()) - self.ledger.pot(BETS)

    def house_text(self) -> str:
        house = self.house_won()
        return f"{'won' if house >= 0 else 'lost'} {money(abs(house))} this session"

    def shoe_text(self) -> str:
        o = self.options
        edge = self.exact_house_edge()
        policy = "reshuffled every round" if o.reshuffle == "every_hand" else f"cut card at {o.penetration}%"
        text = (f"{len(self.shoe)} cards left of {o.decks} deck{'s' if o.decks > 1 else ''}, {policy}; "
                f"house edge with the best raising {percent(edge)} on a fresh shoe")
        coming = self.round_odds()
        if coming is not None and o.show_odds and o.reshuffle != "every_hand":
            text += f"; the next round is worth {signed_units(coming)} a unit bet"
        return text

    def _view(self, seat: int | None) -> dict[str, Any]:
        o = self.options
        return {
            "hand": None if seat is None else [],  # nobody holds cards: the dealer's lie face up
            "round": [self.deal_no, o.rounds],
            "spread_marker": self.spread_text(),
            "spread": self.spread,
            "money": self.ledger_view(),
            "purses": [money(p) for p in self.ledger.purses],
            "bets": [self.bet_text(s) for s in range(self.num_players)],
            "last_round": self.sheet.rows[-1].details if self.sheet.rows else None,
            "bet_amounts": list(self.bet),
            "raised": list(self.raised),
            "raise_odds": self._raise_odds_text(),
            "payouts": ["1 between: 5 to 1", "2 between: 4 to 1", "3 between: 2 to 1",
                        "4 or more: 1 to 1", "pair then the same rank: 11 to 1"],
            "house": self.house_text(),
            "limits": self.limits_text(),
            "shoe_note": self.shoe_text(),
            "last_result": self.result,
            "up_cards": C.codes([*self.left, *self.right]),
            "third_card": C.codes(self.third),
            "round_ev": _pair(self.round_odds()),
            "raise_ev": _pair(odds[0]) if (odds := self.raise_odds()) else None,
            "rules": {"ace_low": o.ace_low, "max_raise_multiple": o.max_raise_multiple, "chip": o.chip,
                      "min_bet": o.min_bet, "max_bet": o.max_bet},
        }

    def zones(self) -> list[Zone]:
        pub, show = Visibility.PUBLIC, Show.PILE
        return [
            Zone("shoe", self.shoe, C.CARD_TEXT, visibility=Visibility.NOBODY, show=show, label="Shoe"),
            Zone("left", self.left, C.CARD_TEXT, visibility=pub, show=show, label="Left card"),
            Zone("right", self.right, C.CARD_TEXT, visibility=pub, show=show, label="Right card"),
            Zone("third", self.third, C.CARD_TEXT, visibility=pub, show=show, label="Third card"),
            Zone("discards", self.discards, C.CARD_TEXT, visibility=pub, show=show, label="Discards"),
        ]

    # ---- the house (families.house.HouseGame) -------------------------------------------

    def house_rounds(self) -> list[HouseRound]:
        return list(self.rounds_settled)

    def exact_house_edge(self) -> Fraction:
        o = self.options
        return house_edge(o.decks, o.max_raise_multiple, ace_low=o.ace_low)


SPEC: GameSpec = register(GameSpec(
    id="red-dog",
    title="Red Dog",
    family="banking",
    players=tuple(range(1, MOST_PLAYERS + 1)),
    default_players=3,
    options_cls=RedDogOptions,
    state_cls=RedDog,
    summary="Bet against the house that the third card falls between the dealer's two; raise on a wide "
            "spread.",
    presets=PRESETS,
    rules=__doc__ or "",
    tested_players=(1, 3, 7),
))

__all__ = ["SPEC", "RedDog", "RedDogOptions", "Settlement", "cards_text", "full_counts", "house_edge",
           "outcome_of_cards", "raise_value", "round_value", "settle_seat", "shoe_counts", "spread_of",
           "spread_pays", "value_of"]
