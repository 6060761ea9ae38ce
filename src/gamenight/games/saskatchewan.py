"""Saskatchewan Rummy — the family rule book (seed 000, p.17).

Three or more players (up to ten here), one 52-card deck without jokers, aces high, no trumps,
played for cents into one pot. All the cards are dealt out evenly; to make the hands equal the
fewest low cards are taken out first, twos before threes, in the order 2♣ 2♦ 2♠ 2♥ 3♣ 3♦ 3♠ 3♥:
three players play without 2♣ (17 cards each), five without 2♣ 2♦ (10), six without the four
twos (8), seven without 2♣ 2♦ 2♠ (7), eight without the twos (6), nine without the twos and 3♣
3♦ 3♠ (5), ten without 2♣ 2♦ (5); four players keep every card.

Six hands, the deal passing to the left each time; the player left of the dealer starts. Hands
1 to 5 are trick hands: follow suit if you can, the highest card of the suit led wins, the
winner leads. When each ends, everyone pays into the pot for what he took:

1. 5¢ for each trick; 2. 5¢ for each heart; 3. 10¢ for each queen; 4. 25¢ for the king of
   clubs; 5. 50¢ for the last trick.

Hand 6 is Sevens (Fan-Tan): on your turn play one card — any seven, which starts its suit's
row in the middle, or the next card up or down of a row already started (8, 9 … K, and the ace
only on that suit's king; 6, 5 … down to the lowest card left in the deck). If you can play you
must; if you cannot, you pay 5¢ into the pot and pass. The first player out takes half the pot,
the second and third share the rest. Each player's result is what he won less what he paid.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §16):

* G-SK-1 — one pot for the whole game, paid out in hand 6.
* G-SK-2 — the fewest cards removed, in the order above (hearts are kept longest).
* G-SK-3 — follow suit in hands 1–5 (the book's general rule).
* G-SK-4 — in hand 6 the sevens are played in turn like any card. Option ``all_sevens_first``
  lays all four out before the first turn.
* G-SK-5 — a player who can play in hand 6 must.
* G-SK-6 — with three players the hand ends when two are out and the last player counts as
  third. Option ``three_player_payout = second_gets_half`` gives the second player the whole
  remainder instead.
* G-SK-7 — the first out takes ⌈pot/2⌉; the second and third share the rest, an odd cent to the
  second.
* G-SK-8 — an ace goes only on its suit's king.
* Hand 6 ends when three players are out (two with three players); the others win nothing.
* Every trick of hands 1–5 is played out, even once nothing is left to pay for.
* The rates are options (``trick_rate`` … ``pass_rate``); option ``hands = sevens_only`` plays
  the sixth hand alone (a pot made of passes only).
* The first dealer is chosen at random and the deal passes to the left (GEN-2, GEN-7). Money is
  kept in whole cents and nobody runs out of it: a player's result may be negative (GEN-11).

The score sheet is a money ledger: a row per hand, each player's outlay (or winnings) in cents.
The preset ``sevens_out`` starts the sixth hand with the four sevens already laid out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import CENTS, money
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.match import MatchRules
from gamenight.families.penalties import Penalty, card_penalty, last_trick_penalty, trick_penalty
from gamenight.families.stakes import Stakes, half_up
from gamenight.families.tricks import (
    CARD_TEXT,
    COUNT,
    ONLY,
    PLAY,
    PUBLIC,
    ROW,
    TRICK,
    ActingPhase,
    TrickState,
)

#: the low cards taken out to make the hands equal, first to last (G-SK-2)
REMOVAL_ORDER: tuple[int, ...] = tuple(C.make_card(r, s) for r in (C.TWO, C.THREE)
                                       for s in (C.CLUBS, C.DIAMONDS, C.SPADES, C.HEARTS))
SEVEN = C.SEVEN
KING = C.KING
ACE = C.ACE
KING_OF_CLUBS = C.make_card(C.KING, C.CLUBS)
PASS = Move("pass")

TRICKS, HEARTS, QUEENS, KING_CLUBS = "tricks", "hearts", "queens", "king"
LAST_TRICK, SEVENS = "last", "sevens"
TRICK_HANDS = (TRICKS, HEARTS, QUEENS, KING_CLUBS, LAST_TRICK)
#: what each hand is called on the score sheet
HAND_NAMES = {TRICKS: "Tricks", HEARTS: "Hearts", QUEENS: "Queens", KING_CLUBS: "King of clubs",
              LAST_TRICK: "Last trick", SEVENS: "Sevens"}
#: the most players the deck serves (five cards each)
MOST_PLAYERS = 10


@dataclass(frozen=True, kw_only=True)
class SaskatchewanOptions(Options):
    all_sevens_first: bool = option(
        False, "Sevens laid out first",
        "In the sixth hand: off, the sevens are played in turn like any other card; on, all four "
        "sevens are laid out in the middle before the first turn.",
    )
    three_player_payout: str = option(
        "third_gets_quarter", "Sharing the pot with three players",
        "With three players only two can go out before the last one: who shares the other half of the pot?",
        choices={"third_gets_quarter": "The second out and the last player share it (a quarter of the pot "
                                       "each)",
                 "second_gets_half": "The second out takes all of it"},
    )
    hands: str = option(
        "all", "Hands to play",
        "Which hands make the game.",
        choices={"all": "All six: five paying trick hands, then sevens",
                 "sevens_only": "Only the hand of sevens (the pot is made of passes)"},
    )
    trick_rate: int = option(5, "Cents a trick (hand 1)", "What each trick taken costs in the first hand.",
                             minimum=0, maximum=1000)
    heart_rate: int = option(5, "Cents a heart (hand 2)", "What each heart taken costs in the second hand.",
                             minimum=0, maximum=1000)
    queen_rate: int = option(10, "Cents a queen (hand 3)", "What each queen taken costs in the third hand.",
                             minimum=0, maximum=1000)
    king_rate: int = option(25, "Cents for the king of clubs (hand 4)",
                            "What taking the king of clubs costs in the fourth hand.",
                            minimum=0, maximum=1000)
    last_trick_rate: int = option(50, "Cents for the last trick (hand 5)",
                                  "What taking the last trick costs in the fifth hand.",
                                  minimum=0, maximum=1000)
    pass_rate: int = option(5, "Cents a pass (hand 6)",
                            "What a player pays each time he cannot play in the hand of sevens.",
                            minimum=0, maximum=1000)


PRESETS = {
    "sevens_out": Preset(
        "sevens_out",
        "The sixth hand starts with the four sevens laid out in the middle, as some families read the book.",
        {"all_sevens_first": True},
    ),
}


def removed_cards(players: int) -> list[int]:
    """G-SK-2: the fewest low cards that make the deck deal out evenly, twos first."""
    return list(REMOVAL_ORDER[:52 % players])


def hand_penalty(kind: str, o: SaskatchewanOptions) -> Penalty:
    """What one trick hand charges, at the rates in effect."""
    if kind == TRICKS:
        return trick_penalty(HAND_NAMES[kind], f"{money(o.trick_rate)} for each trick", o.trick_rate)
    if kind == HEARTS:
        return card_penalty(HAND_NAMES[kind], f"{money(o.heart_rate)} for each heart", o.heart_rate,
                            lambda c: C.SUIT_OF[c] == C.HEARTS)
    if kind == QUEENS:
        return card_penalty(HAND_NAMES[kind], f"{money(o.queen_rate)} for each queen", o.queen_rate,
                            lambda c: C.RANK_OF[c] == C.QUEEN)
    if kind == KING_CLUBS:
        return card_penalty(HAND_NAMES[kind], f"{money(o.king_rate)} for the king of clubs", o.king_rate,
                            lambda c: c == KING_OF_CLUBS)
    return last_trick_penalty(HAND_NAMES[kind], f"{money(o.last_trick_rate)} for the last trick",
                              o.last_trick_rate)


def fits(card: int, rows: list[list[int]]) -> bool:
    """Whether ``card`` may go on the sevens layout: a seven starts its row; otherwise the next
    card up (the ace only on the king) or down of its suit's row."""
    row = rows[C.SUIT_OF[card]]
    rank = C.RANK_OF[card]
    if not row:
        return rank == SEVEN
    return rank == C.RANK_OF[row[-1]] + 1 or rank == C.RANK_OF[row[0]] - 1


def payouts(pot: int, places: int, *, second_gets_half: bool = False) -> list[int]:
    """G-SK-7: what the first, second (and third) out take: ⌈pot/2⌉, then the rest shared, an odd
    cent to the second (``second_gets_half``: the second takes all the rest)."""
    first = half_up(pot)
    rest = pot - first
    if places == 2 or second_gets_half:
        return [first, rest]
    return [first, rest - rest // 2, rest // 2]


def taken_detail(kind: str, taken: list[int], tricks: int, took_last: bool) -> str:
    """What a player took that the hand charges for, as the score sheet writes it."""
    if kind == TRICKS:
        return f"{tricks} trick{'s' if tricks != 1 else ''}" if tricks else "—"
    if kind == HEARTS:
        hearts = sum(1 for c in taken if C.SUIT_OF[c] == C.HEARTS)
        return f"{hearts}♥" if hearts else "—"
    if kind == QUEENS:
        return " ".join(C.LABEL_OF[c] for c in sorted(taken) if C.RANK_OF[c] == C.QUEEN) or "—"
    if kind == KING_CLUBS:
        return "K♣" if KING_OF_CLUBS in taken else "—"
    return "last trick" if took_last else "—"


def trick_hand_row(kind: str, penalty: Penalty, taken: list[list[int]], tricks: list[int],
                   last: int | None) -> tuple[list[int], list[str]]:
    """What each player owes the pot for a trick hand, and what he took as the sheet writes it."""
    seats = range(len(tricks))
    return ([penalty.charge(taken[s], tricks[s], s == last) for s in seats],
            [taken_detail(kind, taken[s], tricks[s], s == last) for s in seats])


def hand_label(deal: str, kind: str) -> str:
    """A hand's row label: the hand and what it charges for."""
    return f"{deal}: {HAND_NAMES[kind].lower()}"


def pot_note(pot: int) -> str:
    return f"pot {money(pot)}"


def place_words(players: int) -> tuple[str, str, str]:
    """The places paid in the sevens, as the ledger and the sheet name them."""
    return "first out", "second out", "third out" if players > 3 else "third, the last left"


def sevens_shares(pot: int, out: list[int], passes: list[int], *, second_gets_half: bool = False,
                  ) -> tuple[list[int], list[int], list[str]]:
    """The sevens' payout (G-SK-6, G-SK-7): the places paid in order (with three players the last
    one left is third), what each takes of ``pot``, and each player's line on the sheet."""
    n = len(passes)
    places = list(out)
    if n == 3:
        places.append(next(s for s in range(3) if s not in places))  # the last player is third
    amounts = payouts(pot, len(places), second_gets_half=n == 3 and second_gets_half)
    words = place_words(n)
    details = [f"{p} pass{'es' if p != 1 else ''}" for p in passes]
    for place, seat in enumerate(places[:len(amounts)]):
        details[seat] = f"{words[place]}; {details[seat]}"
    return places, amounts, details


def ahead_words(names: list[str], nets: list[int]) -> str:
    """Why the game ended, and who is ahead by the most."""
    best = max(nets)
    leaders = " and ".join(names[s] for s in range(len(nets)) if nets[s] == best)
    return f"After the sevens, {leaders} {'is' if ' and ' not in leaders else 'are'} ahead by the most: " \
           f"{money(best, signed=True)}."


class SaskPhase(PhaseName):
    """Saskatchewan's own phase after the five trick hands (those use the kernel's play)."""

    SEVENS = "sevens", "Sevens: play a card on the rows, or pass and pay"


ONE_CARD = "Play one card on the rows, for example 'play 7H', or 'pass' when none fits."


class LayCard(MoveKind["Saskatchewan"]):
    """Hand 6: lay a card on the rows: a seven starts its suit's row, any other card goes next to
    an end of its suit's row (the ace only on the king)."""

    verbs = ("play",)

    def candidates(self, s: Saskatchewan, seat: int) -> list[Move]:
        return [PLAY[c] for c in s.hands[seat]]

    def legal(self, s: Saskatchewan, seat: int) -> list[Move]:
        rows = s.rows
        return [PLAY[c] for c in s.hands[seat] if fits(c, rows)]

    def verify(self, s: Saskatchewan, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or len(move.cards) != 1:
            return ONE_CARD
        c = move.cards[0]
        if c not in s.hands[seat]:
            return f"You do not hold {C.NAME_OF[c]}."
        return None if fits(c, s.rows) else s.why_not_fit(c)

    def apply(self, s: Saskatchewan, seat: int, move: Move) -> None:
        s.lay(seat, move.cards[0])

    def describe(self, s: Saskatchewan, move: Move, viewer: int | None) -> str:
        c = move.cards[0]
        if C.RANK_OF[c] == SEVEN:
            return f"Start the {C.SUIT_NAMES[C.SUIT_OF[c]]} row with {C.LABEL_OF[c]}"
        return f"Lay {C.LABEL_OF[c]} on the rows"


class PassAndPay(OneMove["Saskatchewan"]):
    """Hand 6: pass, paying into the pot, only when no card of the hand fits the rows."""

    def rule(self, s: Saskatchewan, seat: int) -> str | None:
        playable = [c for c in s.hands[seat] if fits(c, s.rows)]
        if playable:
            shown = " ".join(C.LABEL_OF[c] for c in playable)
            return f"You can play ({shown}), so you must: you may pass only when no card fits."
        return None

    def apply(self, s: Saskatchewan, seat: int, move: Move) -> None:
        s.pass_turn(seat)

    def describe(self, s: Saskatchewan, move: Move, viewer: int | None) -> str:
        rate = s.options.pass_rate
        return f"Pass and pay {money(rate)} into the pot" if rate else "Pass: no card fits"


class SevensPhase(ActingPhase):
    """Hand 6: one card a turn on the rows, or a paid pass when none fits."""

    otherwise = ONE_CARD

    def to_act(self, s: Saskatchewan) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: Saskatchewan) -> list[MoveKind[Any]]:
        return [LayCard(), PassAndPay(PASS)]


class Saskatchewan(Stakes, TrickState):
    DEAL_WORD = "hand"
    FIELDS: tuple[Field, ...] = (
        Field("hand_rule", "This hand", Kind.TEXT, head=True),
        Field("money", "Money", Kind.LEDGER),
        Field("to_pay", "To pay", Kind.TEXT, per_seat=True),
        Field("passes", "Passes", Kind.NUMBER, per_seat=True),
        Field("gone_out", "Out, in order", Kind.SEATS),
        Field("removed", "Taken out of the deck", Kind.PIECES, piece="card", minor=True),
    )
    options: SaskatchewanOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**TrickState.phases, SaskPhase.SEVENS: SevensPhase()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.schedule: tuple[str, ...] = (SEVENS,) if o.hands == "sevens_only" else (*TRICK_HANDS, SEVENS)
        self._init_tricks(MatchRules(deals=len(self.schedule)))
        self.sheet.unit = CENTS
        self.open_stakes()
        self.removed = removed_cards(self.num_players)
        self.size = (52 - len(self.removed)) // self.num_players
        self.kind = self.schedule[0]
        self.penalty: Penalty | None = None
        #: the sevens layout: one row per suit, lowest card first
        self.rows: list[list[int]] = [[] for _ in range(4)]
        self.gone_out: list[int] = []
        self.passes = [0] * self.num_players
        self._start_deal()

    def deck_template(self) -> list[int]:
        removed = set(removed_cards(self.num_players))
        return [c for c in C.standard_deck() if c not in removed]

    # ---- the deal ---------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        self.deal_hands(self.size)
        self.kind = self.schedule[self.deal_no - 1]
        self.rows = [[] for _ in range(4)]
        self.gone_out = []
        self.passes = [0] * self.num_players
        first = self.left_of_dealer()
        if self.kind == SEVENS:
            self.penalty = None
            self.emit("deal", f"{self.deal_name()}, sevens: {self.names[self.dealer]} deals {self.size} "
                              f"cards each; {money(self.options.pass_rate)} to the pot for each pass, and "
                              "the first out takes half the pot.", seat=self.dealer)
            self.phase_name = SaskPhase.SEVENS
            self.turn = self.leader = first
            if self.options.all_sevens_first:
                self._lay_out_sevens()
            return
        self.penalty = hand_penalty(self.kind, self.options)
        self.emit("deal", f"{self.deal_name()}, {self.penalty.name.lower()}: {self.names[self.dealer]} deals "
                          f"{self.size} cards each; {self.penalty.describe} taken.", seat=self.dealer)
        self.start_play(first)

    # ---- hands 1-5: paying for what was taken ---------------------------------------------

    def _on_hand_over(self) -> None:
        penalty = self.penalty
        assert penalty is not None
        last = self.last_trick_winner()
        owed, details = trick_hand_row(self.kind, penalty, self.taken, self.tricks_won, last)
        for seat in range(self.num_players):
            if owed[seat]:
                self.pay_pot(seat, owed[seat], f"{details[seat]} in hand {self.deal_no}")
        label = hand_label(self.deal_name(), self.kind)
        changes = self.sheet_deal(label, details=details, note=pot_note(self.ledger.pot()))
        paid = ", ".join(f"{self.names[s]} {money(-changes[s])}"
                         for s in range(self.num_players) if changes[s])
        self.emit("score", f"{label}: {paid or 'nobody pays'}; the pot holds {money(self.ledger.pot())}.")
        if self.deal_no < len(self.schedule):
            self.pass_deal()
            self._start_deal()
        else:  # a schedule without the sevens (never the book's): the pot stays unpaid
            self._finish()

    def charges_so_far(self) -> list[int]:
        """What each seat would pay if the hand ended now (the last trick not yet counted)."""
        penalty = self.penalty
        if penalty is None:
            return [0] * self.num_players
        return [penalty.charge(self.taken[s], self.tricks_won[s], False) for s in range(self.num_players)]

    # ---- hand 6: sevens ------------------------------------------------------------------

    def _lay_out_sevens(self) -> None:
        """Option: the four sevens go out before the first turn, from whoever holds them."""
        for seat in self.seats_from(self.leader):
            for c in [c for c in self.hands[seat] if C.RANK_OF[c] == SEVEN]:
                self.hands[seat].remove(c)
                self.rows[C.SUIT_OF[c]].append(c)
                self.emit("lay", f"{self.names[seat]} lays out {C.LABEL_OF[c]}.", seat=seat,
                          card=C.CODE_OF[c])

    def why_not_fit(self, c: int) -> str:
        row = self.rows[C.SUIT_OF[c]]
        suit = C.SUIT_NAMES[C.SUIT_OF[c]]
        if not row:
            return f"The {suit} row has not started: only the seven of {suit} can start it."
        low, high = C.LABEL_OF[row[0]], C.LABEL_OF[row[-1]]
        if C.RANK_OF[c] == ACE:
            return f"An ace goes only on its king: the {suit} row reaches {high}."
        return (f"{C.LABEL_OF[c]} does not fit: the {suit} row runs from {low} to {high}; play next to "
                "either end.")

    def lay(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        row = self.rows[C.SUIT_OF[c]]
        if row and C.RANK_OF[c] < C.RANK_OF[row[0]]:
            row.insert(0, c)
        else:
            row.append(c)
        self.emit("lay", f"{self.names[seat]} plays {C.LABEL_OF[c]}.", seat=seat, card=C.CODE_OF[c])
        if not self.hands[seat]:
            self._go_out(seat)
        else:
            self._next_turn(seat)

    def pass_turn(self, seat: int) -> None:
        rate = self.options.pass_rate
        self.passes[seat] += 1
        if rate:
            self.pay_pot(seat, rate, "a pass in the sevens")
        self.emit("pass", f"{self.names[seat]} cannot play and passes, paying {money(rate)} into the pot.",
                  seat=seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        n = self.num_players
        nxt = (seat + 1) % n
        while not self.hands[nxt]:
            nxt = (nxt + 1) % n
        self.turn = nxt

    def places_paid(self) -> int:
        """How many go out before the hand ends: three, or two at a three-handed table."""
        return 3 if self.num_players > 3 else 2

    def _go_out(self, seat: int) -> None:
        self.gone_out.append(seat)
        place = ("first", "second", "third")[len(self.gone_out) - 1]
        self.emit("out", f"{self.names[seat]} goes out {place}.", seat=seat)
        if len(self.gone_out) < self.places_paid():
            self._next_turn(seat)
            return
        self._pay_out()

    def _pay_out(self) -> None:
        """G-SK-6, G-SK-7: the first out takes half the pot, the next two share the rest."""
        pot = self.ledger.pot()
        second_half = self.options.three_player_payout == "second_gets_half"
        places, amounts, details = sevens_shares(pot, self.gone_out, self.passes,
                                                 second_gets_half=second_half)
        words = place_words(self.num_players)
        for seat, amount, why in zip(places, amounts, words, strict=False):
            if amount:
                self.take_pot(seat, why, amount=amount)
        label = hand_label(self.deal_name(), SEVENS)
        self.sheet_deal(label, details=details, note=pot_note(pot))
        shares = ", ".join(f"{self.names[s]} {money(a)}" for s, a in zip(places, amounts, strict=False) if a)
        self.emit("score", f"{label}: the pot of {money(pot)} is paid out: {shares}.")
        self._finish()

    def _finish(self) -> None:
        self.finish_on_money(ahead_words(self.names, self.ledger.nets()))

    # ---- what a seat sees ---------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        sevens = self.kind == SEVENS
        out.update(
            hand_kind=self.kind,
            hand_rule=self.hand_rule(),
            money=self.ledger_view(),
            pot=self.ledger.pot(),
            to_pay=None if sevens or self.phase_name != "play" else [
                money(c) for c in self.charges_so_far()],
            passes=list(self.passes) if sevens else None,
            gone_out=list(self.gone_out) if sevens else None,
            rows=[C.codes(r) for r in self.rows] if sevens else None,
            removed=C.codes(self.removed),
            rates=[self.options.trick_rate, self.options.heart_rate, self.options.queen_rate,
                   self.options.king_rate, self.options.last_trick_rate, self.options.pass_rate],
        )
        if sevens:  # no tricks in the sevens
            out["tricks_won"] = None
        return out

    def hand_rule(self) -> str:
        """What this hand costs, in the headline."""
        if self.penalty is None:
            return f"sevens, {money(self.options.pass_rate)} a pass"
        return f"{self.penalty.name.lower()}, {self.penalty.describe}"

    def zones(self) -> list[Zone]:
        """The kernel's zones; in the sevens, only the hands and the rows (no trick is played, so
        the piles of tricks and the trick are empty and left out of the table)."""
        out = super().zones()
        if self.kind != SEVENS:
            return out
        return [z for z in out if z.show is not COUNT and z.show is not TRICK]

    def _table_zones(self) -> list[Zone]:
        """The four rows of the sevens layout, face up in the middle (hand 6 only)."""
        if self.kind != SEVENS:
            return []
        return [Zone(f"row/{C.SUITS[s]}", self.rows[s], CARD_TEXT, visibility=PUBLIC, show=ROW,
                     label=f"{C.SUIT_NAMES[s].capitalize()} row") for s in range(4)]


SPEC: GameSpec = register(GameSpec(
    id="saskatchewan",
    title="Saskatchewan Rummy",
    family="trick-taking",
    players=tuple(range(3, MOST_PLAYERS + 1)),
    default_players=4,
    options_cls=SaskatchewanOptions,
    state_cls=Saskatchewan,
    summary="Five trick hands that cost cents into a pot (tricks, hearts, queens, the king of clubs, the "
            "last trick), then a hand of sevens: the first out takes half the pot.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["HAND_NAMES", "SEVENS", "SPEC", "Saskatchewan", "SaskatchewanOptions", "ahead_words", "fits",
           "hand_label", "hand_penalty", "payouts", "place_words", "pot_note", "removed_cards",
           "sevens_shares", "trick_hand_row"]
