"""Five Hundreds — the family rule book (seed 000, "Five Hundreds – New Entry, Rules under review"),
completed from ``shared/rules/metzker-book.md`` §11 (code FH).

Two to four players, each for himself, one 52-card deck, no jokers and no wild cards. Seven cards
each; the next card is turned up to start the discard pile, which lies spread in a row so that
every discard shows. The player left of the dealer leads; the deal passes to the left (G-FH-7).
The first dealer is chosen at random (GEN-2).

Melds: sets of three or four cards of a rank; runs of three or more cards of a suit in order, the
ace high or low (A-2-3 or Q-K-A) but never both (no K-A-2).

A turn:

1. **Draw** (``draw``) the top of the stock; or **take** (``take 9D``) the top discard — it need
   not be used, but it may not be discarded again the same turn (G-FH-3); or **dig** (``dig 3 9D``):
   take a discard deeper in the pile together with every card lying on it. The deepest card taken
   must be melded this turn, before anything else, in a new meld holding at least one card the
   player held before the dig (G-FH-4): laying it off on a meld on the table does not do, and the
   dig is offered only when such a meld can be laid.
2. **Meld** any number of sets and runs (``meld 7H 8H 9H run``). Once a player has melded — this
   turn or earlier in the hand — he may **lay off** (``layoff 2 QC``) on anyone's melds; a card he
   lays off lies in front of him and scores for him.
3. **Discard** (``discard 4S``) to end the turn.

**Rummy** (G-FH-1): when a discard could be laid off on a meld on the table, every other player
who could lay it off now — except the next player, who may take it in his turn — may call
Rummy: ``claim 1 8H`` takes it out of turn and lays it off on meld 1, in front of himself (it is
not a turn: play goes on from the discarder's left), or ``pass``. All of them answer at once.
Only a player who has melded this hand may claim (option ``claim_requires_meld``, on). Of several
claims, option ``claim_resolution``: ``turn_order`` (the claim of the player nearest the
discarder's left stands, once those before him have passed) or ``first_click`` (the first claim
made stands at once). With two players there is nobody to claim.

**Going out**: a player goes out only by discarding his last card, and that final discard must
not be playable — it must fit no meld on the table (the book; T-FH-5). So a meld or lay-off
may never leave a player holding nothing, nor holding one card that fits a meld on the table
as the play leaves it (a lay-off that lengthens a run makes the next card of the run playable).
A player whose cards are all playable discards one of them as an ordinary discard (no penalty,
G-FH-5: the others may claim it) and keeps the rest, and does so turn after turn ("keep
discarding playable cards each round") until he draws a card he may end with: then he lays off
what he can and discards it. With the last card playable he never goes out; with two playable
cards he discards one and holds the other.

**The stock runs out** (G-FH-2): the hand ends when the player who drew the last card of the
stock has discarded (and any claim of that discard is settled); everyone is scored as he
stands.

**Scoring** each hand: every card a player has put on the table (his melds and the cards he
laid off, claims included) less every card left in his hand; a hand's score may be negative. Ace
25 (in A-2-3 too, G-FH-6), king to ten 10, nine to two 5.

**The end**: the first to 500 (option ``target``) at the end of a hand wins; when several reach
it in the same hand the highest total wins; an exact tie at the top plays another hand (HOUSE).
Option ``max_hands`` (0: off) stops the game after that many hands, the highest total winning
(equal totals share the win).

House decisions besides those above:

* A dig takes at least two cards (taking the top card alone is a ``take``); the cards dug above
  the deepest are the player's to keep or to discard that same turn.
* A player who has not melded may not lay off, even on a turn he claimed a card; a claim is a
  lay-off of the discard alone, never a meld.
* "Playable" means fitting a meld on the table, whoever owns it and whether or not the player
  himself may lay off yet.
* The score sheet has a row per hand naming who went out (or that the stock ran out) and, for
  each player, the points laid less the points held.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.options import Options, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.draw_discard import (
    DIG_TO_PLAY,
    END,
    FIRST_CLICK,
    TURN_ORDER,
    DrawDiscardState,
    Phase,
)
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import ACE_EITHER, Meld, MeldRules, solver_for
from gamenight.families.rummy_rules import ClaimOrder, RummyRules

HAND_SIZE = 7
#: sets of three or four, runs of three or more, the ace high or low; no wild cards
RULES = MeldRules(max_set=4, ace=ACE_EITHER, jokers_wild=False)
#: the kinds of card a hand is scored by, their words and each one's points: ace 25, king to ten
#: 10, nine to two 5 (the score pad enters cards by these kinds)
CARD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("aces", "Aces", 25), ("high", "Tens to kings", 10), ("low", "Twos to nines", 5))
KIND_POINTS = {k: v for k, _, v in CARD_KINDS}


def card_kind(card: int) -> str:
    rank = C.RANK_OF[card]
    return "aces" if rank == C.ACE else "high" if rank >= C.TEN else "low"


#: what each card counts, by its kind (no jokers: the last entry is 0)
VALUES: tuple[int, ...] = (*(KIND_POINTS[card_kind(c)] for c in range(C.JOKER)), 0)


def card_points(cards: Sequence[int]) -> int:
    return sum(VALUES[c] for c in cards)


def kind_counts(cards: Sequence[int]) -> dict[str, int]:
    kinds = [card_kind(c) for c in cards]
    return {k: kinds.count(k) for k, _, _ in CARD_KINDS}


def counted(cards: Mapping[str, int]) -> int:
    """What cards counted by kind are worth."""
    return sum(KIND_POINTS[k] * n for k, n in cards.items())


def hand_scores(laid: Sequence[Mapping[str, int]], held: Sequence[Mapping[str, int]]) -> list[int]:
    """Cards on the table in front of each player less cards in his hand (T-FH-1, T-FH-2)."""
    return [counted(a) - counted(h) for a, h in zip(laid, held, strict=True)]


def score_details(laid: Sequence[Mapping[str, int]], held: Sequence[Mapping[str, int]]) -> list[str]:
    return [f"{counted(a)} laid − {counted(h)} held" for a, h in zip(laid, held, strict=True)]


def match_rules(o: FiveHundredsOptions) -> MatchRules:
    """The target at the end of a hand, a tie for the best plays on; or the cap on hands."""
    return MatchRules(target=o.target, play_on_tied=True, cap=o.max_hands)


@dataclass(frozen=True, kw_only=True)
class FiveHundredsOptions(Options):
    claim_resolution: str = option(
        TURN_ORDER, "When several call Rummy",
        "Who gets a discard that several players claim out of turn.",
        choices={TURN_ORDER: "The player nearest the discarder's left, once those before him have let it go",
                 FIRST_CLICK: "Whoever claims it first"})
    claim_requires_meld: bool = option(
        True, "Only players who have melded call Rummy",
        "On: a player may claim someone's discard only once he has laid a meld of his own this hand. "
        "Off: anyone who could lay it on the table may claim it.")
    target: int = option(
        500, "Target score", "The first player to this many points at the end of a hand wins; if several "
        "reach it in the same hand, the highest total wins.", minimum=50, maximum=5_000)
    max_hands: int = option(
        0, "Stop after this many hands",
        "Zero plays on until someone reaches the target. Otherwise the game stops after this many hands "
        "and the highest total wins.", minimum=0, maximum=200)


class FiveHundreds(DrawDiscardState):
    DEAL_WORD = "hand"
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.DRAW: "Drawing: from the stock, the top discard, or digging deeper",
        Phase.CLAIM: "Rummy? The discard may be claimed",
    }
    FIELDS: tuple[Field, ...] = (
        Field("on_table", "On the table", Kind.NUMBER, per_seat=True),
        Field("melded", "Melded", Kind.FLAG, per_seat=True),
        Field("hand_points", "Your hand counts", Kind.NUMBER),
        Field("target", "Playing to", Kind.NUMBER, minor=True),
    )
    #: G-FH-3: not the discard just taken; G-FH-2 ends the hand before anyone faces the empty stock
    RUMMY_RULES = RummyRules(dig=DIG_TO_PLAY, claims=True, layoffs_in_front=True, out_without_discard=False,
                             discard_taken=False, restock=END)
    options: FiveHundredsOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self._init_table(RULES, rummy=replace(self.RUMMY_RULES, claim_order=ClaimOrder(o.claim_resolution)))
        self.match_rules = match_rules(o)
        self._start_hand()

    def deck_template(self) -> list[int]:
        return C.standard_deck()

    def _start_hand(self) -> None:
        self.begin_deal()
        self.deal(HAND_SIZE)
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each; "
                          f"{C.LABEL_OF[self.discards[-1]]} starts the discard pile.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    # ---- who may lay off and claim: a player who has melded ---------------------------------

    def has_melded(self, seat: int) -> bool:
        """Whether ``seat`` has laid a meld of his own this hand (this turn or before)."""
        return seat in self.meld_owner

    def _lay_off_rule(self, seat: int) -> str | None:
        if self.melds and not self.has_melded(seat):
            return "You may lay off only once you have laid a meld of your own (this turn or before)."
        return super()._lay_off_rule(seat)

    def _may_claim(self, seat: int) -> bool:
        return self.has_melded(seat) or not self.options.claim_requires_meld

    # ---- the final discard must not be playable (T-FH-5) ------------------------------------

    def playable(self, c: int, table: Sequence[Meld] | None = None) -> bool:
        """Whether ``c`` fits a meld on the table (or on ``table``, the melds as a play leaves them)."""
        return any(RULES.lay_offs(m, c) for m in (self.melds if table is None else table))

    def _may_lay(self, seat: int, cards: Sequence[int], meld: Meld, at: int | None,
                 held: Sequence[int] | None = None) -> bool:
        """A meld or lay-off may leave one card only if it fits no meld of the table as the play
        leaves it: that card is the final discard."""
        hand = self.hands[seat] if held is None else held
        if len(hand) - len(cards) != 1:
            return True
        last = next(c for c in hand if c not in cards)  # one deck: every card is distinct
        table = list(self.melds)
        if at is None:
            table.append(meld)
        else:
            table[at] = meld
        return not self.playable(last, table)

    def _discard_rule(self, seat: int, c: int) -> str | None:
        if len(self.hands[seat]) == 1 and self.playable(c):
            return f"Your final discard must not be playable: {C.NAME_OF[c]} fits a meld on the table."
        return super()._discard_rule(seat, c)

    def _keep_a_discard_reason(self, seat: int, cards: Sequence[int]) -> str:
        rest = list(self.hands[seat])
        for c in cards:
            rest.remove(c)
        if not rest:
            return "You must keep a card to discard: nobody goes out without a final discard."
        if len(rest) == 1 and rest[0] != self.taken:
            return (f"That would leave you only {C.NAME_OF[rest[0]]}, which would fit a meld on the table: "
                    "your final discard must not be playable. Keep another card, or discard one.")
        return super()._keep_a_discard_reason(seat, cards)

    # ---- the stock runs out (G-FH-2) --------------------------------------------------------

    def _next_turn(self, seat: int) -> None:
        if not self.stock:
            self.emit("stock", "The stock is used up: the hand is over.")
            self.phase_name = Phase.NONE
            self._on_hand_over(None)
            return
        super()._next_turn(seat)

    # ---- scoring and the end ----------------------------------------------------------------

    def counted_by_kind(self) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
        """The cards each player laid, and holds, counted by kind."""
        n = self.num_players
        return ([kind_counts(self.table_cards(s)) for s in range(n)],
                [kind_counts(self.hands[s]) for s in range(n)])

    def hand_scores(self) -> list[int]:
        return hand_scores(*self.counted_by_kind())

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each player's points as if
        the hand were scored now, except that the cards his hand could meld count for him, as he
        will lay them, and a deadwood card one card from a meld counts half against him
        (:func:`~gamenight.families.deal_estimates.drawing_deadwood`): scored as it stands, a hand
        held for a meld would look as bad as one of loose cards."""
        solver = solver_for(RULES, VALUES)
        row: list[float] = []
        for s in range(self.num_players):
            best = solver.best(self.hands[s])
            meldable = card_points(self.hands[s]) - card_points(best.deadwood)
            row.append(card_points(self.table_cards(s)) + meldable - drawing_deadwood(best.deadwood, VALUES))
        return row

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        points = self.hand_scores()
        for s in range(n):
            if self.hands[s]:
                shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
                self.emit("show", f"{self.names[s]} shows {shown}: {card_points(self.hands[s])} against.",
                          seat=s, cards=C.codes(self.hands[s]))
        details = score_details(*self.counted_by_kind())
        how = f"{self.names[out]} goes out" if out is not None else "the stock ran out"
        label = f"{self.deal_name()}: {how}"
        self.sheet.add(label, points, details=details)
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if self.match_over(self.why_over):
            return
        self._tell_a_tie_at_the_top()
        self.pass_deal()
        self._start_hand()

    def _tell_a_tie_at_the_top(self) -> None:
        totals = self.sheet.totals
        top = max(totals)
        if top >= self.options.target:
            tied = " and ".join(self.names[s] for s in range(self.num_players) if totals[s] == top)
            self.emit("tie", f"{tied} are tied at {top}, the highest total: another hand is played.")

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        top = max(totals)
        if why is MatchEnd.CAP:
            return f"{self.deal_no} hands are played: the highest total wins."
        return f"{' and '.join(self.names[s] for s in range(len(totals)) if totals[s] == top)} reached {top}."

    # ---- what a seat sees -------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        n = self.num_players
        out.update({
            "on_table": [card_points(self.table_cards(s)) for s in range(n)],
            "melded": [self.has_melded(s) for s in range(n)],
            "hand_points": card_points(self.hands[seat]) if seat is not None else None,
            "target": self.options.target,
        })
        return out


SPEC: GameSpec = register(GameSpec(
    id="five-hundreds",
    title="Five Hundreds",
    family="rummy",
    players=(2, 3, 4),
    default_players=4,
    options_cls=FiveHundredsOptions,
    state_cls=FiveHundreds,
    summary="Draw, take or dig deep into the spread discard pile; meld sets and runs, lay off on anyone's "
            "melds and call Rummy on a playable discard; score what lies in front of you less what you "
            "hold, first to 500.",
    rules=__doc__ or "",
))

__all__ = ["CARD_KINDS", "HAND_SIZE", "RULES", "SPEC", "VALUES", "FiveHundreds", "FiveHundredsOptions",
           "card_kind", "card_points", "counted", "hand_scores", "kind_counts", "match_rules",
           "score_details"]
