"""Push (Rummy) — the family book (000 p.5), completed from ``shared/rules/metzker-book.md`` §4.

Four players in two partnerships, partners sitting opposite (North–South against East–West).
Two 52-card decks and four jokers (108 cards); jokers and twos are wild. Five deals, each with
its own hand size and *contract*, the melds a player must lay down before any other melding:

* deal 1: 6 cards, two sets of three (``S3+S3``);
* deal 2: 7 cards, a set of three and a run of four (``S3+R4``);
* deal 3: 8 cards, two runs of four (``R4+R4``);
* deal 4: 9 cards, three sets of three (``S3+S3+S3``);
* deal 5: 10 cards, two runs of five (``R5+R5``).

(The catalogue is data: ``CONTRACTS`` below, parsed with the contract kernel.) The lengths are
minimums: a contract's set may hold four cards, its run six (G-PU-2). A contract takes as many
cards as are dealt, so a player who lays it at his first chance goes out with his discard;
every push makes the opponent's task longer.

The deal: one card at a time from the dealer's left; the next card turned up starts the discard
pile — if it is wild the dealer buries it in the middle of the stock and turns up the next. The
player left of the dealer starts; the deal passes to the left (G-PU-7).

A turn:

1. **Draw**, one of: ``take 8D`` — the top discard into your hand; or ``push`` — the top card of
   the stock goes face down on the top discard, both go to the opponent on your left, and you
   draw the next stock card. Pushing needs a top discard (G-PU-8) and two stock cards (G-PU-4);
   where it cannot be done, ``draw`` takes the top stock card instead. When a player must draw
   and the stock is empty, the discard pile but its top card is shuffled into a new stock
   (GEN-10).
2. **Meld**: first your own contract, group by group in one turn (``meld 7C 7D JK set``); your
   partner's contract does not count for you. Once it is down — that same turn and later — you
   may lay more melds and lay off on any meld on the table (yours, your partner's, the
   opponents'), and swap a wild: ``swap 3 5S JK`` puts the natural 5♠ from your hand in place of
   the joker standing for it in meld 3; the freed wild goes to your hand and must be melded or
   laid off that same turn (a swap may come before your contract, the wild going into it).
3. **Discard** one card — but not the card you just took from the discard pile (G-PU-5).

Melds: a set is three or more cards of one rank with no two natural cards of the same suit
(G-PU-3); a run three or more cards of one suit in order, the ace high or low but never both
(no K-A-2); a run on the table is only ever extended, never split or joined. Any number of wild
cards may go in a meld, even all of them; the player then declares what it stands for (a set:
its rank only; a run: its suit and first card) — ``meld 7 JK JK 2C set``, ``meld H 5 JK 2S 2D
run``. A set's rank may be typed as a word or a letter too (``meld K 2C JK JK set``, ``meld
kings 2C JK JK``); a set of wild cards typed with no rank is refused with how to name one (it
could stand for any of thirteen). A two is always wild, even in A-2-3 (G-PU-6).

Going out: meld or lay off your last card, or discard it. The hand is scored at once: the team
of the player who went out scores 0 (his partner's cards do not count); the two opponents count
the cards left in their hands — a wild 25, an ace 20, K Q J 10 ten each, 9 down to 3 five each
— and their team scores the sum. After the fifth deal the lower team total wins; equal totals
tie.

Options (the book's rule first):

* ``same_suit_in_set`` — off: no two natural cards of one suit in a set (G-PU-3, pagat's Push);
  on: a set may hold two 7♥ from the two decks.
* ``discard_taken_card`` — off: the card taken from the discard pile may not be discarded that
  turn (G-PU-5); on: it may.

House decisions (no gap of the spec covers them):

* The stock card of a push travels face down: only the opponent who receives it sees it; the
  discard under it is known to everyone as being in his hand.
* A wild up-card is buried in the middle of the stock (the book says "bury it in the stock").
* ``stock_remakes`` (3; 1 to 10) — GEN-10 remakes a used-up stock from the discard pile, but
  at a table where every hand is down to cards nobody can play, drawing and discarding would go
  round for ever. So the stock is remade at most this many times a deal (and never from a
  discard pile of one card); when it runs out again the deal ends with nobody out and both teams
  count the cards in their hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import ContractState
from gamenight.families.contracts import Contract
from gamenight.families.draw_discard import DRAW, HAND, DrawDiscardState, DrawPhase, Phase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import ACE_EITHER, SET, Meld, MeldRules
from gamenight.families.pile_access import DigDeep
from gamenight.families.rummy_kinds import DrawFromStock, TakeDiscard
from gamenight.families.rummy_rules import RummyRules

#: the five deals: cards dealt and the contract, as the book lists them
CONTRACTS: tuple[str, ...] = ("S3+S3", "S3+R4", "R4+R4", "S3+S3+S3", "R5+R5")
DEAL_SIZES: tuple[int, ...] = (6, 7, 8, 9, 10)
SCHEDULE: tuple[Contract, ...] = tuple(Contract.parse(t) for t in CONTRACTS)
TEAM_NAMES = ("North–South", "East–West")
#: a push needs the stock card pushed and the one drawn after it (G-PU-4)
PUSH_NEEDS = 2
PUSH: Move = Move("push")
#: the words a player may name a set's rank by, each read as the rank's number (2..14, aces 14):
#: the letter of the card codes, the name and its plural ("K", "king", "kings")
RANK_WORDS: dict[str, int] = {
    word: rank + 2
    for rank in range(13)
    for word in (C.RANKS[rank].lower(), C.RANK_NAMES[rank], C.RANK_PLURALS[rank])
    if not word.isdigit()
}


#: the kinds of card a hand left is counted by, their words and what each costs: a wild (joker or
#: two, G-PU-6) 25, an ace 20, K Q J 10 ten, nine down to three five (the score pad enters these)
CARD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("wild", "Wild cards (jokers and twos)", 25), ("aces", "Aces", 20), ("high", "Tens to kings", 10),
    ("low", "Threes to nines", 5))
KIND_POINTS = {k: v for k, _, v in CARD_KINDS}


def card_kind(c: int) -> str:
    if c == C.JOKER or C.RANK_OF[c] == C.TWO:
        return "wild"
    r = C.RANK_OF[c]
    return "aces" if r == C.ACE else "high" if r >= C.TEN else "low"


def card_value(c: int) -> int:
    """What a card left in hand costs."""
    return KIND_POINTS[card_kind(c)]


def kind_counts(cards: Sequence[int]) -> dict[str, int]:
    kinds = [card_kind(c) for c in cards]
    return {k: kinds.count(k) for k, _, _ in CARD_KINDS}


def counted(cards: Mapping[str, int]) -> int:
    """What a hand's cards counted by kind cost."""
    return sum(KIND_POINTS[k] * n for k, n in cards.items())


def team_seats(team: int, players: int = 4) -> list[int]:
    """Partners sit opposite: North–South are seats 0 and 2, East–West 1 and 3."""
    return list(range(team, players, 2))


def deal_points(out: int | None, values: Sequence[int]) -> list[int]:
    """Each team's points: the team of the player who went out 0 (his partner's cards do not
    count), the other the sum of its hands; with nobody out both teams count (``values``: each
    seat's hand)."""
    return [0 if out is not None and out % 2 == t else sum(values[s] for s in team_seats(t, len(values)))
            for t in range(2)]


def team_detail(team: int, out: int | None, names: Sequence[str], values: Sequence[int]) -> str:
    if out is not None and out % 2 == team:
        return "went out"
    return ", ".join(f"{names[s]} {values[s]}" for s in team_seats(team, len(values)))


def deal_note(out: int | None) -> str:
    return "" if out is not None else "nobody went out: both teams count their hands"


#: five deals; the lower total wins
MATCH_RULES = MatchRules(deals=len(SCHEDULE), lowest_wins=True)


#: the value of every card (53 entries, joker last)
VALUES: tuple[int, ...] = tuple(card_value(c) for c in range(53))


def meld_rules(same_suit_in_set: bool = False) -> MeldRules:
    """Sets and runs of three or more, jokers and twos wild, all-wild melds allowed, the ace high
    or low (never round the corner), naturals of a set in distinct suits unless the option says."""
    return MeldRules(ace=ACE_EITHER, jokers_wild=True, wild_ranks=frozenset({C.TWO}), all_wild=True,
                     distinct_suits_in_sets=not same_suit_in_set)


def hand_value(cards: list[int]) -> int:
    return sum(VALUES[c] for c in cards)


def rank_word_as_number(text: str, verb: str) -> str:
    """A meld's text with a rank named in words (``K``, ``king``, ``kings``) put as its number;
    a plural with no ``set`` or ``run`` says a set. Other moves are left alone."""
    words = text.split()
    if not words or words[0].lower() != verb:
        return text
    out = [words[0]]
    plural = False
    for word in words[1:]:
        number = RANK_WORDS.get(word.lower())
        plural = plural or word.lower() in C.RANK_PLURALS
        out.append(word if number is None else str(number))
    if plural and not any(w.lower() in ("set", "run") for w in words[1:]):
        out.append(SET)
    return " ".join(out)


def name_the_rank(move: Move) -> str:
    """Why a set of wild cards with no rank is refused, and how to name one."""
    labels = " ".join(C.LABEL_OF[c] for c in move.cards)
    codes = " ".join(C.CODE_OF[c] for c in move.cards)
    return (f"Say which rank {labels} stand for: a set of wild cards only may be any rank. Put the rank "
            f"before the cards, as a number or a word: 'meld 13 {codes} set' or 'meld K {codes} set' "
            "for kings, 'meld 7 ...' for sevens.")


@dataclass(frozen=True, kw_only=True)
class PushOptions(Options):
    same_suit_in_set: bool = option(
        False, "Two cards of one suit in a set",
        "Off: a set may not hold two natural cards of the same suit (two 7♥ from the two decks). "
        "On: it may.")
    discard_taken_card: bool = option(
        False, "Discard the card you took",
        "Off: the card you take from the discard pile cannot be discarded the same turn. On: it can.")
    stock_remakes: int = option(
        3, "Times the stock is remade",
        "How often in a deal a used-up stock is remade by shuffling the discard pile (all but its top "
        "card). When it runs out once more, the deal ends with nobody out and both teams count their "
        "hands.", minimum=1, maximum=10)


class DrawUnlessPush(DrawFromStock):
    """A plain draw only where pushing cannot be done (G-PU-4, G-PU-8)."""

    def rule(self, s: DrawDiscardState, seat: int) -> str | None:
        assert isinstance(s, Push)
        if s.may_push():
            top = C.CODE_OF[s.discards[-1]]
            return (f"Take the top discard ('take {top}') or push it with the top stock card to the "
                    "player on your left ('push'), who gets both; then you draw.")
        return super().rule(s, seat)

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        assert isinstance(s, Push)
        return [] if s.may_push() else super().legal(s, seat)


class PushTheDiscard(OneMove["Push"]):
    """Push the top discard with the top stock card to the player on the left, then draw."""

    def verify(self, s: Push, seat: int, move: Move) -> str | None:
        if move.args:
            return "Push names no card: just 'push'."
        if not s.discards:
            return "There is no discard to push: draw from the stock ('draw')."
        if len(s.stock) < PUSH_NEEDS:
            return ("The stock is too short to push (a push needs one card for the opponent and one for "
                    "you): take the top discard or draw from the stock.")
        return None

    def apply(self, s: Push, seat: int, move: Move) -> None:
        s.push(seat)

    def describe(self, s: Push, move: Move, viewer: int | None) -> str:
        top = C.LABEL_OF[s.discards[-1]] if s.discards else "the discard"
        return f"Push {top} and a stock card to the left, then draw"


class PushDraw(DrawPhase):
    """The draw: take the top discard, or push it with a stock card to the left and draw."""

    def kinds(self, s: Any) -> list[MoveKind[Any]]:
        return [DrawUnlessPush(DRAW), TakeDiscard(), DigDeep(), PushTheDiscard(PUSH)]


class Push(ContractState):
    FIELDS: tuple[Field, ...] = (
        Field("deal_of", "{Deal}", Kind.COUNTER, head=True),
        Field("deal", ""),  # the counter says it
        Field("cards_this_deal", "Cards dealt", Kind.NUMBER),
        Field("pushed", "Last push", Kind.TEXT, minor=True),
    )
    DEAL_WORD = "deal"
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.DRAW: "Drawing: take the discard, or push it to the left and draw",
        Phase.PLAY: "Melding and discarding",
    }
    EXTRA_WITH_CONTRACT = True
    NEW_MELDS_AFTER_CONTRACT = True
    RUMMY_RULES = RummyRules(out_without_discard=True)
    SWAP_WILDS = "both"
    SWAP_ON = "any"
    SWAP_BEFORE_CONTRACT = True  # the freed wild may go into the contract that turn
    options: PushOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**ContractState.phases, Phase.DRAW: PushDraw()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        # G-PU-5, switchable; a deal of dead hands must end
        self._init_table(meld_rules(o.same_suit_in_set), teams=2, rummy=replace(
            self.RUMMY_RULES, discard_taken=o.discard_taken_card, max_restocks=o.stock_remakes))
        self._init_contracts()
        self.match_rules = MATCH_RULES
        self.last_push: str | None = None
        self._start_deal()

    def _sheet_columns(self) -> list[str]:
        return list(TEAM_NAMES)

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=2, jokers=4)

    # ---- an all-wild set names its rank (the book: "sets: rank only") ------------------------

    def parse(self, text: str) -> Move:
        """A set's rank typed as a word or letter (``meld K 2C JK JK set``, ``meld kings 2C JK
        JK``) is read as its number, the listed form: ``meld 13 2C JK JK set``."""
        return super().parse(rank_word_as_number(text, self.RUMMY_RULES.meld_verb))

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        if not self._names_no_rank(move):
            return super()._resolve(seat, move, legal)
        # a set of wild cards with no rank: the one listed set of these cards, if only one is
        same_cards = [m for m in legal if m.verb == move.verb and m.flag == SET and m.number is not None
                      and sorted(m.cards) == sorted(move.cards)]
        return same_cards[0] if len(same_cards) == 1 else None

    def meld_rule(self, seat: int, move: Move) -> str | None:
        if self._names_no_rank(move) and not self._missing(seat, move.cards) \
                and isinstance(self.meld_rules.check(move.cards, SET, number=C.KING + 2), Meld):
            return name_the_rank(move)  # (only where a rank would make it a set)
        return super().meld_rule(seat, move)

    def _names_no_rank(self, move: Move) -> bool:
        """A meld of wild cards only, typed as a set (or as neither) and with no rank."""
        return (move.verb == self.RUMMY_RULES.meld_verb and move.flag in (None, SET) and move.number is None
                and move.suit is None and bool(move.cards)
                and all(0 <= c <= C.JOKER and self.meld_rules.is_wild(c) for c in move.cards))

    def contract_of(self, seat: int) -> Contract:
        """Every player has the deal's contract, and must lay it himself."""
        return SCHEDULE[max(self.deal_no, 1) - 1]

    @property
    def size(self) -> int:
        return DEAL_SIZES[max(self.deal_no, 1) - 1]

    # ---- the deal ------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        self.last_push = None
        self.deal(self.size)
        self.emit("deal", f"{self.deal_name()} of {len(SCHEDULE)}: {self.names[self.dealer]} deals "
                          f"{self.size} cards each. The contract: {self.contract_of(0).describe()}.",
                  seat=self.dealer)
        self._no_wild_upcard()
        self.begin_turn(self.left_of_dealer())

    def _no_wild_upcard(self) -> None:
        """The first up-card may not be wild: the dealer buries it in the stock and turns another."""
        while self.meld_rules.is_wild(self.discards[-1]):
            wild = self.discards.pop()
            self.stock.insert(len(self.stock) // 2, wild)
            self.discards.append(self.stock.pop(0))
            self.emit("bury", f"{self.names[self.dealer]} buries {C.LABEL_OF[wild]} in the stock (the first "
                              f"up-card may not be wild) and turns up {C.LABEL_OF[self.discards[-1]]}.",
                      seat=self.dealer, card=C.CODE_OF[wild])

    # ---- the draw: push, or a plain draw where pushing cannot be done --------------------

    def may_push(self) -> bool:
        """A push needs a top discard (G-PU-8) and two stock cards (G-PU-4)."""
        return bool(self.discards) and len(self.stock) >= PUSH_NEEDS

    def push(self, seat: int) -> None:
        """The top stock card goes face down on the top discard; both go to the opponent on the
        pusher's left; then the pusher draws the next stock card."""
        top = self.discards.pop()
        under = self.stock.pop(0)
        to = self.next_seat(seat)
        self.hands[to] += [top, under]
        self.knowledge.tell(HAND[to], (top,))  # everyone saw the discard go; the stock card is face down
        self.last_push = (f"{self.names[seat]} pushed {C.LABEL_OF[top]} and a stock card to "
                          f"{self.names[to]}.")
        self.emit("push", f"{self.names[seat]} pushes {C.LABEL_OF[top]} and the top stock card to "
                          f"{self.names[to]}.", seat=seat, to_seat=to, card=C.CODE_OF[top])
        self.emit("pushed", f"You receive {C.LABEL_OF[top]} and {C.LABEL_OF[under]} from "
                            f"{self.names[seat]}.", seat=to, to=to, cards=[C.CODE_OF[top], C.CODE_OF[under]])
        self.draw_card(seat)

    # ---- scoring ---------------------------------------------------------------------------

    ESTIMATE_VALUES = VALUES

    def seat_points(self, seat: int, laid: Sequence[int], held: Sequence[int], made: bool) -> float:
        """A hand's count with nobody out: its cards left, by kind (the team's column adds both
        partners', as ``deal_points`` does)."""
        return counted(kind_counts(held))

    def _on_hand_over(self, out: int | None) -> None:
        teams = range(self.teams)
        counted_teams = [out is None or t != self.team_of(out) for t in teams]
        values = [counted(kind_counts(h)) for h in self.hands]
        for s in range(self.num_players):
            if self.hands[s]:
                value = values[s]
                labels = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
                counts = counted_teams[self.team_of(s)]
                self.emit("show", f"{self.names[s]} shows {labels}: "
                                  f"{f'{value} points' if counts else 'not counted'}.",
                          seat=s, cards=C.codes(self.hands[s]))
        points = deal_points(out, values)
        details = [team_detail(t, out, self.names, values) for t in teams]
        how = f"{self.names[out]} goes out" if out is not None else "the stock ran out"
        label = f"{self.deal_name()}: {how}"
        self.sheet.add(label, points, details=details, note=deal_note(out))
        self.emit("score", f"{label}: " + ", ".join(f"{TEAM_NAMES[t]} {points[t]:+d}" for t in teams) + ".")
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_deal()

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return f"All {len(SCHEDULE)} deals are played: the lower total wins."

    # ---- what a seat sees ------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out.update(self._contract_view(seat))
        out.update({
            "deal_of": [self.deal_no, len(SCHEDULE)],
            "cards_this_deal": self.size,
            "pushed": self.last_push,
            "may_push": self.may_push(),
        })
        return out


SPEC: GameSpec = register(GameSpec(
    id="push",
    title="Push",
    family="rummy",
    players=(4,),
    default_players=4,
    options_cls=PushOptions,
    state_cls=Push,
    summary="Contract rummy for two partnerships: five deals from two sets of three to two runs of five, "
            "jokers and twos wild; take the discard or push it to the opponent on your left. Low wins.",
    teams="partners sit opposite: two teams",
    rules=__doc__ or "",
))

__all__ = ["CARD_KINDS", "CONTRACTS", "DEAL_SIZES", "MATCH_RULES", "PUSH", "RANK_WORDS", "SCHEDULE", "SPEC",
           "TEAM_NAMES", "VALUES", "Push", "PushOptions", "card_kind", "card_value", "counted", "deal_note",
           "deal_points", "hand_value", "kind_counts", "meld_rules", "name_the_rank", "rank_word_as_number",
           "team_detail", "team_seats"]
