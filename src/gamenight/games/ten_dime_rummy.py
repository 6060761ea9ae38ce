"""10 Dime Rummy — the family rule book (seed 000, p.7).

Two to eight players, each for himself, with three decks and their jokers (162 cards) up to five
players and four decks (216 cards) from six on; jokers and twos are wild. Everyone begins the game
with ten dimes. Eight rounds, twelve cards each; the card after the deal is turned up to start the
discard pile. Each round has its contract, the sets a player must lay down before anything else:

* Round 1: S3 — a set of three
* Round 2: S3+S3 — two sets of three
* Round 3: S4 — a set of four
* Round 4: S4+S4 — two sets of four
* Round 5: S5 — a set of five
* Round 6: S5+S5 — two sets of five
* Round 7: S6 — a set of six
* Round 8: S6+S6 — two sets of six

The catalogue is data (``CONTRACTS`` below, in the contract kernel's notation: ``S4+S4`` is two
sets of at least four).

Only sets count (cards of one rank, three or more; identical cards of several decks may share a
set); no runs. Every set, in the contract or after it, holds at least as many natural cards as wild
ones (Q Q 2 Jkr is a set, Q 2 Jkr is not). A wild card on the table stays there: nobody takes it
back or swaps it.

A turn: draw the top card of the stock (``draw``), or **buy** the top discard (``buy 7H``): one
dime into the pot for that card and the next two cards of the stock. Having bought, a player may
buy again — a dime for the next discard now on top and two more stock cards — as often as his
dimes and the discard pile last, or go on to play. Then he lays his contract set by set
(``meld 9H 9S 9C set``; once the first set of it is down, only the rest of the contract until it is
complete), and once it is down, the same turn or later, more sets of three or more and cards laid
off on anyone's sets (``layoff 2 9D``). Cards laid off on another player's set lie in front of the
player who lays them and count for him. The turn ends with a discard, or without one when the
player has melded his last card: either way he goes out and the round ends — but nobody goes out
before every player has had a turn in the round.

Scoring each round: everything a player has put on the table (his sets and his lay-offs) less
everything left in his hand; a round's score may be negative. Joker 50, two 25, ace 20, king to
ten 10, nine to three 5. After round 8 the highest total wins and takes the pot; dimes a player
did not spend stay his.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §6):

* G-TDR-1 — three decks with jokers for two to five players, four from six on. Option ``decks``
  fixes three or four whatever the table. Two to eight players: the spec's practical range (four
  decks would deal more, but eight seats are what the table shows in a row).
* G-TDR-2 — buying replaces the stock draw and is done on one's own turn (the book's own text,
  "throw a dime in the pot and get the discard", reads as a player's own draw). Option
  ``buy_timing`` "any time" adds buying out of turn, contract rummy's "may I": after each discard
  every player but the next (who may buy it in his turn) and but the discarder may answer at once
  ``buy 7H`` or ``pass``, through the rummy kernel's claim window; of several buyers the one
  nearest the discarder's left gets it. An out-of-turn buy costs what a buy in turn costs — a dime
  for the discard and the next two stock cards — and is not a turn: play goes on with the next
  player. A player with no dime left is not asked. At a table the window has a timer and a person
  who lets it run out passes.
* G-TDR-3 — the contract's sizes are minimums (a set of four meets "a set of three"); the two sets
  of a contract must be of different ranks (option ``distinct_contract_ranks``).
* G-TDR-4 — a bought discard need not be used; it may even be discarded again the same turn (the
  dime bought the two stock cards as well).
* G-TDR-5 — a buy takes as many stock cards as there are, remaking the stock first from the
  discard pile but its top card where it runs out (GEN-10).
* G-TDR-6 — nobody lays off before his contract is down.
* G-TDR-7 — equal best totals share the pot; it is shared in whole dimes, an odd dime going to the
  sharer nearest the dealer's left.
* T-TDR-5 — "you may go out the same round if everybody has had at least one play": nobody goes
  out (by discarding or melding his last card) before every player's first turn of the round has
  begun — the last player of the first lap may go out on it. Until then a player keeps two cards
  after melding: one to discard and one to hold.
* When the stock runs out it is remade once a round from the discard pile but its top card,
  shuffled (GEN-10); when it runs out again the round ends with nobody out and everyone is scored
  as he stands.
* A player with no dimes left cannot buy. Money is kept in cents (a dime is 10¢, GEN-11); the
  ledger shows each purse and the pot, and each round's row on the score sheet notes the dimes
  spent and the pot.
* The first dealer is chosen at random and the deal passes to the left (GEN-2, GEN-7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, PhaseHandler, pile_top
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import money
from gamenight.core.views import Place
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import ContractPlayPhase, ContractState
from gamenight.families.contracts import Contract
from gamenight.families.draw_discard import DRAW, HAND, PASS_CLAIM, DrawDiscardState, DrawPhase, Phase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import AT_MOST_NATURALS, MeldRules
from gamenight.families.pile_access import ClaimDiscard, ClaimPhase, LetItGo, answer_rule, same
from gamenight.families.rummy_kinds import DrawFromStock
from gamenight.families.rummy_rules import RummyRules
from gamenight.families.stakes import Stakes, shares

#: the eight rounds' contracts, in the contract kernel's notation (G-TDR-3: sizes are minimums)
CONTRACTS: tuple[str, ...] = ("S3", "S3+S3", "S4", "S4+S4", "S5", "S5+S5", "S6", "S6+S6")
HAND_SIZE = 12
#: one dime, in cents (GEN-11)
DIME = 10
#: stock cards a buy takes with the discard
BUY_EXTRA = 2
#: how often the stock is remade in a round before a round with nobody out ends
RESTOCKS = 1
#: the kinds of card a round is counted by, their words and each one's points: joker 50, two 25,
#: ace 20, king to ten 10, nine to three 5 (the score pad enters cards by these kinds)
CARD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("jokers", "Jokers", 50), ("twos", "Twos", 25), ("aces", "Aces", 20), ("high", "Tens to kings", 10),
    ("low", "Threes to nines", 5))
KIND_POINTS = {k: v for k, _, v in CARD_KINDS}


def card_kind(c: int) -> str:
    if c == C.JOKER:
        return "jokers"
    r = C.RANK_OF[c]
    return "twos" if r == C.TWO else "aces" if r == C.ACE else "high" if r >= C.TEN else "low"


#: what each card counts, by its kind
VALUES: tuple[int, ...] = tuple(KIND_POINTS[card_kind(c)] for c in range(C.JOKER + 1))
#: sets only; jokers and twos wild; never more wild cards than natural ones in a set
RULES = MeldRules(runs=False, wild_ranks=frozenset({C.TWO}), wild_ratio=AT_MOST_NATURALS)
BY_PLAYERS = "by_players"
OWN_TURN, ANY_TIME = "own_turn", "any_time"

#: interned moves: buying the top discard (it is named, as a take is)
BUY: list[Move] = [Move("buy", C.CARD_ARG[c]) for c in range(53)]


def decks_for(players: int, choice: str = BY_PLAYERS) -> int:
    """G-TDR-1: three decks with jokers up to five players, four from six on (or as chosen)."""
    if choice != BY_PLAYERS:
        return int(choice)
    return 3 if players <= 5 else 4


def contracts(distinct_ranks: bool = True) -> tuple[Contract, ...]:
    """The eight rounds' contracts; their sets of different ranks unless the option says not."""
    return tuple(Contract.parse(text, distinct_ranks=distinct_ranks) for text in CONTRACTS)


def card_points(cards: list[int] | tuple[int, ...]) -> int:
    return sum(VALUES[c] for c in cards)


# ---- a round's row from its facts: the engine and the score pad both call these ---------------

def kind_counts(cards: Sequence[int]) -> dict[str, int]:
    kinds = [card_kind(c) for c in cards]
    return {k: kinds.count(k) for k, _, _ in CARD_KINDS}


def counted(cards: Mapping[str, int]) -> int:
    """What cards counted by kind are worth."""
    return sum(KIND_POINTS[k] * n for k, n in cards.items())


def round_points(laid: Sequence[Mapping[str, int]], held: Sequence[Mapping[str, int]]) -> list[int]:
    """Cards on the table less cards in hand (T-TDR-1, T-TDR-2)."""
    return [counted(a) - counted(h) for a, h in zip(laid, held, strict=True)]


def round_detail(laid: Mapping[str, int], held: Mapping[str, int], made: bool, bought: int) -> str:
    """A player's round as the sheet writes it: the points laid and held, the contract missed, the
    dimes spent buying."""
    return (f"{counted(laid)} laid − {counted(held)} held{'' if made else '; no contract'}"
            f"{f'; bought {bought}' if bought else ''}")


def round_label(number: int, contract: Contract, how: str) -> str:
    return f"Round {number}: {contract.text}, {how}"


def dimes_text(cents: int) -> str:
    return f"{_count(cents // DIME, 'dime')} ({money(cents)})"


def match_rules(o: TenDimeOptions) -> MatchRules:
    """A round per contract; the highest total takes the pot."""
    return MatchRules(deals=len(contracts(o.distinct_contract_ranks)))


def match_reason(o: TenDimeOptions) -> str:
    rounds = len(contracts(o.distinct_contract_ranks))
    return f"All {rounds} rounds are played: the highest total takes the pot."


@dataclass(frozen=True, kw_only=True)
class TenDimeOptions(Options):
    distinct_contract_ranks: bool = option(
        True, "Contract sets of different ranks",
        "On: the two sets of a two-set contract must be of different ranks (two sets of fours are not "
        "two sets of four). Off: the same rank twice will do.")
    start_dimes: int = option(
        10, "Dimes each", "The dimes each player begins the game with; a dime buys the top discard "
        "and two more cards from the stock.", minimum=0, maximum=50)
    buy_timing: str = option(
        OWN_TURN, "Buying",
        "When a player may buy the top discard.",
        choices={OWN_TURN: "On his own turn only, instead of drawing",
                 ANY_TIME: "Also out of turn, straight after anyone's discard (the next player buys in "
                           "his turn)"})
    decks: str = option(
        BY_PLAYERS, "Decks",
        "How many decks (each with its two jokers) are shuffled together.",
        choices={BY_PLAYERS: "Three up to five players, four from six players on",
                 "3": "Always three", "4": "Always four"})


class BuyDiscard(MoveKind["TenDimeRummy"]):
    """Buy the top discard for a dime, with the next two cards of the stock (G-TDR-5): as the draw,
    or again straight after a buy, before anything is laid."""

    verbs = ("buy",)

    def places(self, s: TenDimeRummy, seat: int, move: Move) -> list[Place | None]:
        return pile_top("discards", len(s.discards))  # the card bought: the pile's top, where it lies

    def candidates(self, s: TenDimeRummy, seat: int) -> list[Move]:
        return [BUY[s.discards[-1]]] if s.discards else []

    def legal(self, s: TenDimeRummy, seat: int) -> list[Move]:
        return [BUY[s.discards[-1]]] if s._may_buy(seat) else []

    def verify(self, s: TenDimeRummy, seat: int, move: Move) -> str | None:
        if s.phase_name == Phase.PLAY and not s.may_buy_again:
            return ("You may buy again only straight after a buy, before you lay anything: "
                    + ("you have drawn from the stock." if not s.bought else "you have laid cards since."))
        if not s.discards:
            return "The discard pile is empty: there is nothing to buy."
        if not s.ledger.can_pay(seat, DIME):
            return "You have no dimes left to buy with: draw from the stock."
        top = s.discards[-1]
        if not same(move, BUY[top]):
            return f"Only the top card of the discard pile can be bought: 'buy {C.CODE_OF[top]}'."
        return None

    def apply(self, s: TenDimeRummy, seat: int, move: Move) -> None:
        s._buy(seat)

    def describe(self, s: TenDimeRummy, move: Move, viewer: int | None) -> str:
        return f"Buy {C.LABEL_OF[move.cards[0]]} for a dime, with two cards of the stock"


class BuyOutOfTurn(ClaimDiscard):
    """Buy the discard out of turn for a dime, with two cards of the stock (option ``buy_timing``)."""

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        why = answer_rule(s, seat)
        if why is not None:
            return why
        assert s.claim is not None
        card = s.claim.card
        if not same(move, BUY[card]):
            return f"The discard up for buying is {C.NAME_OF[card]}: 'buy {C.CODE_OF[card]}'."
        return None

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        return f"Buy {C.LABEL_OF[move.cards[0]]} for a dime, with two cards of the stock"


class TenDimeClaims(ClaimPhase):
    """The claim window: buying the discard out of turn, or letting it go."""

    otherwise = "The discard is up for buying: 'buy' it for a dime, or let it go ('pass')."

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [BuyOutOfTurn(s.RUMMY_RULES.claim_verb), LetItGo(PASS_CLAIM)]


class TenDimeDraw(DrawPhase):
    """The draw: the top of the stock, or buying the top discard (never taking it free)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), BuyDiscard()]

    wrong: ClassVar[dict[str, str]] = {
        "take": "The discard pile is not free in this game: 'buy' pays a dime for its top card and the "
                "next two cards of the stock."}


class TenDimePlay(ContractPlayPhase):
    """The contract kernel's play, and buying again straight after a buy."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), BuyDiscard()]


class TenDimeRummy(Stakes, ContractState):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round counter says it
        Field("round_of", "{Deal}", Kind.COUNTER, head=True),
        Field("contract_words", "Contract", Kind.TEXT, head=True),
        # every seat has the round's contract: the seats show only whether each has laid it
        Field("my_contract", ""), Field("contracts", ""),
        Field("made", "Contract laid", Kind.FLAG, per_seat=True),
        Field("distinct_ranks", "Contract", Kind.TEXT),
        Field("money", "Dimes", Kind.LEDGER),
        Field("on_table", "Laid", Kind.NUMBER, per_seat=True),
        Field("table_melds", "On the table", Kind.MELDS, piece="card"),
        Field("hand_points", "Your hand counts", Kind.NUMBER),
        Field("bought_now", "Bought this turn", Kind.PIECES, piece="card"),
        Field("decks", "Decks", Kind.NUMBER, minor=True),
    )
    EXTRA_WITH_CONTRACT = True
    NEW_MELDS_AFTER_CONTRACT = True
    #: G-TDR-4: the card bought may be discarded; out of turn (option buy_timing), the claim
    #: window's claim is a buy
    RUMMY_RULES = RummyRules(layoffs_in_front=True, out_without_discard=True, discard_taken=True,
                             max_restocks=RESTOCKS, claim_verb="buy")
    options: TenDimeOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **ContractState.phases, Phase.DRAW: TenDimeDraw(), Phase.PLAY: TenDimePlay(),
        Phase.CLAIM: TenDimeClaims(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.decks = decks_for(self.num_players, o.decks)
        self.catalogue = contracts(o.distinct_contract_ranks)
        self._init_table(RULES, rummy=replace(self.RUMMY_RULES, claims=o.buy_timing == ANY_TIME))
        self._init_contracts()
        self.match_rules = match_rules(o)
        self.open_stakes(stake=o.start_dimes * DIME, may_owe=False)
        #: turns begun this round (nobody goes out before each player has had one)
        self.turns_begun = 0
        #: the discards bought this turn; a player may buy again until he lays a card
        self.bought: list[int] = []
        self.may_buy_again = False
        self._start_round()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, jokers=2 * self.decks)

    def contract_of(self, seat: int) -> Contract:
        return self.catalogue[max(self.deal_no, 1) - 1]

    # ---- rounds -----------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.begin_deal()
        self.turns_begun = 0
        self.deal(HAND_SIZE)
        contract = self.contract_of(0)
        self.emit("deal", f"{self.deal_name()} of {len(self.catalogue)}: {self.names[self.dealer]} deals "
                          f"{HAND_SIZE} cards each; the contract is {contract.describe()}.", seat=self.dealer,
                  contract=contract.text)
        self.begin_turn(self.left_of_dealer())

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        self.turns_begun += 1
        self.bought = []
        self.may_buy_again = False
        super().begin_turn(seat, draw=draw)

    def everyone_has_played(self) -> bool:
        """T-TDR-5: every player's first turn of the round has begun (the current one counts)."""
        return self.turns_begun >= self.num_players

    # ---- going out: only once everyone has played ------------------------------------------

    def _may_go_out_by_melding(self, seat: int) -> bool:
        return self.everyone_has_played()

    def _keep(self, seat: int) -> int:
        """In the first lap a player keeps two cards: one to discard and one to hold."""
        return 0 if self.everyone_has_played() else 2

    def _leaves_a_way_on(self, seat: int, cards: Sequence[int]) -> bool:
        if not self.everyone_has_played() and len(self.hands[seat]) - len(cards) < 2:
            return False
        return super()._leaves_a_way_on(seat, cards)

    def _discard_rule(self, seat: int, c: int) -> str | None:
        if len(self.hands[seat]) == 1 and not self.everyone_has_played():
            return "Nobody goes out before every player has had a turn this round."
        return super()._discard_rule(seat, c)

    def _keep_a_discard_reason(self, seat: int, cards: Sequence[int]) -> str:
        if not self.everyone_has_played():
            return ("Nobody goes out before every player has had a turn this round: keep two cards, one to "
                    "discard and one to hold.")
        return super()._keep_a_discard_reason(seat, cards)

    # ---- buying (BuyDiscard) -------------------------------------------------------------------

    def _may_buy(self, seat: int) -> bool:
        if not self.discards or not self.ledger.can_pay(seat, DIME):
            return False
        return self.phase_name == Phase.DRAW or self.may_buy_again

    def _buy(self, seat: int) -> None:
        c = self.discards[-1]
        self.taken = c
        self.bought.append(c)
        self.may_buy_again = True
        self.phase_name = Phase.PLAY
        self.buy_discard(seat)

    def buy_discard(self, seat: int) -> None:
        """A dime into the pot for the top discard and the next two stock cards (in turn or not)."""
        c = self.discards.pop()
        self.pay_pot(seat, DIME, f"bought {C.LABEL_OF[c]}")
        self.hands[seat].append(c)
        self.knowledge.tell(HAND[seat], (c,))  # everyone saw it bought
        extra = self._draw_for_buy(seat)
        dimes = self.ledger.purses[seat] // DIME
        self.emit("buy", f"{self.names[seat]} pays a dime into the pot for {C.LABEL_OF[c]} and "
                         f"{_count(len(extra), 'card')} from the stock ({_count(dimes, 'dime')} left).",
                  seat=seat, card=C.CODE_OF[c])
        if extra:
            self.emit("drawn", f"You draw {' '.join(C.LABEL_OF[x] for x in extra)}.", seat=seat, to=seat,
                      cards=C.codes(extra))

    # ---- buying out of turn (option buy_timing): the rummy kernel's claim window ---------------

    def _claims_of(self, seat: int, card: int) -> list[Move]:
        return [BUY[card]] if self.ledger.can_pay(seat, DIME) else []

    def _claimed(self, seat: int, move: Move) -> None:
        self.buy_discard(seat)

    def _draw_for_buy(self, seat: int) -> list[int]:
        """G-TDR-5: the next two stock cards, remaking the stock if it runs out and may be remade."""
        out: list[int] = []
        for _ in range(BUY_EXTRA):
            if not self.stock and len(self.discards) >= 2 and self.restocks < self.rummy.max_restocks:
                self.restock(shuffle=True)
            if not self.stock:
                break
            out.append(self.stock.pop(0))
        self.hands[seat].extend(out)
        return out

    def _on_laid(self, seat: int, index: int, cards: Sequence[int], *, new: bool) -> bool:
        self.may_buy_again = False  # buying is the draw: once anything is laid, it is over
        return super()._on_laid(seat, index, cards, new=new)

    # ---- scoring --------------------------------------------------------------------------

    def counted_by_kind(self) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
        """The cards each player laid, and holds, counted by kind."""
        n = self.num_players
        return ([kind_counts(self.table_cards(s)) for s in range(n)],
                [kind_counts(self.hands[s]) for s in range(n)])

    def dimes_bought(self, seat: int) -> int:
        return self.ledger.paid_by(seat, self.deal_no) // DIME

    def round_scores(self) -> list[int]:
        return round_points(*self.counted_by_kind())

    ESTIMATE_VALUES = VALUES

    def seat_points(self, seat: int, laid: Sequence[int], held: Sequence[int], made: bool) -> float:
        """A player's round: the cards he laid less those he holds (``round_points``)."""
        return round_points([kind_counts(laid)], [kind_counts(held)])[0]

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        points = self.round_scores()
        for s in range(n):
            if self.hands[s]:
                shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
                self.emit("show", f"{self.names[s]} shows {shown}: {card_points(self.hands[s])} against.",
                          seat=s, cards=C.codes(self.hands[s]))
        laid, held = self.counted_by_kind()
        details = [round_detail(laid[s], held[s], self.made[s], self.dimes_bought(s)) for s in range(n)]
        how = f"{self.names[out]} goes out" if out is not None else "the stock ran out"
        label = round_label(self.deal_no, self.contract_of(0), how)
        self.sheet.add(label, points, details=details, note=f"pot {dimes_text(self.ledger.pot())}")
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if self.deal_no >= len(self.catalogue):
            self._pay_out_pot()
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_round()

    def _pay_out_pot(self) -> None:
        """After the last round the highest total takes the pot (G-TDR-7: equal totals share it in
        whole dimes, an odd dime to the sharer nearest the dealer's left)."""
        totals = self.sheet.totals
        best = max(totals)
        order = self.seats_from(self.left_of_dealer())
        winners = [s for s in order if totals[s] == best]
        pot = self.ledger.pot()
        if not pot:
            return
        for seat, dimes in zip(winners, shares(pot // DIME, len(winners)), strict=True):
            if dimes:
                self.take_pot(seat, "the highest total" if len(winners) == 1 else "a share of the pot",
                              amount=dimes * DIME)
        who = " and ".join(self.names[s] for s in winners)
        self.emit("pot", f"{who} {'takes' if len(winners) == 1 else 'share'} the pot of "
                         f"{self._dimes_text(pot)}.")

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return match_reason(self.options)

    @staticmethod
    def _dimes_text(cents: int) -> str:
        return dimes_text(cents)

    # ---- what a seat sees -------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out.update(self._contract_view(seat))
        contract = self.contract_of(0)
        out.update({
            "round": self.deal_no,
            "rounds": len(self.catalogue),
            "round_of": [self.deal_no, len(self.catalogue)],
            "contract": contract.text,
            "contract_words": self.headline_contract(),
            "distinct_ranks": ("The two sets must be of different ranks"
                               if contract.distinct_ranks and len(contract.groups) > 1 else None),
            "catalogue": [c.text for c in self.catalogue],
            "decks": self.decks,
            "money": self.ledger_view(),
            "dimes": [p // DIME for p in self.ledger.purses],
            "pot_dimes": self.ledger.pot() // DIME,
            "on_table": [card_points(self.table_cards(s)) for s in range(self.num_players)],
            "hand_points": card_points(self.hands[seat]) if seat is not None else None,
            "bought_now": C.codes(self.bought) if self.bought else None,
            "everyone_has_played": self.everyone_has_played(),
            "table_melds": self._table_melds(),
        })
        return out

    def headline_contract(self) -> str:
        """The round's contract in a few words for the headline (whether its sets must differ in
        rank is a field of its own)."""
        groups = Contract(self.contract_of(0).groups)
        words = groups.describe()
        return words[0].upper() + words[1:]

    def _table_melds(self) -> list[dict[str, Any]]:
        """Each seat's side of the table: its sets (the cards it laid in them), then the cards it
        laid off on other players' sets, which lie in front of it."""
        out = []
        for seat in range(self.num_players):
            books: list[dict[str, Any]] = []
            laid_off: list[int] = []
            for i, meld in enumerate(self.melds):
                mine = [c for s, c in self.contributions[i] if s == seat]
                if self.meld_owner[i] == seat:
                    books.append({"number": i + 1, "cards": C.codes(mine), "rank": C.RANKS[meld.rank],
                                  "wilds": sum(RULES.is_wild(c) for c in mine)})
                else:
                    laid_off.extend(mine)
            if laid_off:
                books.append({"number": None, "cards": C.codes(laid_off), "rank": "laid off",
                              "wilds": 0})
            if books:
                out.append({"name": self.names[seat], "group": f"melds/{seat}", "notes": [],
                            "books": books})
        return out


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


SPEC: GameSpec = register(GameSpec(
    id="ten-dime-rummy",
    title="10 Dime Rummy",
    family="rummy",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=TenDimeOptions,
    state_cls=TenDimeRummy,
    summary="Eight rounds of set contracts with jokers and twos wild; buy the discard for a dime, lay "
            "on anyone's sets, score what you put down less what you hold; the highest total takes "
            "the pot.",
    rules=__doc__ or "",
    tested_players=(2, 4, 6),
))

__all__ = ["BUY", "CARD_KINDS", "CONTRACTS", "DIME", "RULES", "SPEC", "VALUES", "TenDimeOptions",
           "TenDimeRummy", "card_kind", "card_points", "contracts", "counted", "decks_for", "dimes_text",
           "kind_counts", "match_reason", "match_rules", "round_detail", "round_label", "round_points"]
