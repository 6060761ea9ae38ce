"""Horseshit Rummy — the family rule book (seed 000, p.15), completed from
``shared/rules/metzker-book.md`` §14 (code HS).

Two to eight players, each for himself, with three decks (144 cards) up to five players and four
(192) from six on, every two and every joker taken out: ranks three to ace.

The deal (a "round"): the dealer deals from his left, and each player's **first card is dealt
face up**. It stays in his hand, everyone knowing it is there until he plays it, and its rank says
how many cards he gets: a three three cards, ... a ten ten, a jack 11, a queen 12, a king 13, an
ace 14. The rank of the **dealer's** face-up card is wild for everyone this round. The next card
is turned up to start the discard pile, which lies spread so every card in it can be read; the
rest is the stock. The player left of the dealer starts; the deal passes to the left.

Melds are **sets only**: three or more cards of one rank, identical cards of several decks
allowed, as many wild cards as you like but at least one natural card (with eights wild, Q 8 8 is
a set, 8 8 8 is not). No runs.

A turn:

1. Draw: the top card of the stock (``draw``); or the top discard (``take 7H``) — but never a
   wild card on its own; or **dig** the spread pile (``dig 3 KD``: the top three cards, the K♦
   the deepest) down to a card of which you hold a natural pair — that card must then be melded
   with the pair this turn, before anything else; the other cards dug go to your hand. A wild card
   comes out of the pile only in such a dig.
2. Meld sets (``meld KD KS KH``) and lay off cards on anyone's sets (``layoff 2 KC``): a card laid
   on another player's set lies in front of you and counts for you. Not in the turn in which you
   lay your first set: that turn you may lay sets (and add to your own) but put nothing on other
   players' sets — and once you have laid on another player's set, your first set waits for a
   later turn.
3. Discard one card. You need not discard to go out: melding or laying off your last card goes
   out too. You may go out on your first turn. Wild cards on the table stay there: nobody takes
   them back.

The round ends when someone goes out. Each player scores the cards in front of him — his sets
and the cards he laid on others' — less the cards left in his hand: a card of the wild rank 100
(an ace too, wild or not), an ace 100, king to ten 10, nine to three 5. A round's score may be
negative. At the end of a round a player with 1,500 or more wins; if several have, the highest
total; equal highest totals play another round.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §14):

* G-HS-1 — a card is turned up from the stock to start the discard pile.
* G-HS-2 — the top discard alone may be taken without a pair, unless it is wild. Option
  ``top_card_free`` (on) — off: even the top card needs a natural pair in hand (``dig 1 KD``)
  and is then melded with it.
* G-HS-3 — "the round that you meld" is the turn of your first set: in that turn nothing goes
  on other players' sets (and a turn that has laid on others' sets lays no first set). Adding to
  your own sets is always allowed: it is no more than laying a bigger set.
* G-HS-4 — three decks up to five players, four from six.
* G-HS-5 — when a player must draw from an empty stock, the discard pile but its top card is
  shuffled into a new stock (GEN-10), as often as needed; a pile too small to make a stock ends
  the round with nobody out, everyone scored as he stands.
* G-HS-6 — several at or over 1,500: the highest total wins; a tie for it plays another round.
* G-HS-7 — a dig takes every card above the one dug to; only that card must be melded, with a
  natural pair held before the dig (a wild card may join the set). The other cards go to the
  hand and may be played or discarded that turn.
* The deal, one card at a time: the face-up cards first, one to each player from the dealer's
  left round to the dealer; then the face-down cards one at a time in the same order, a player
  whose hand is full passed over. (A stacked deck deals in that order, dealer seat 0.)
* The card taken alone from the top of the pile may not be discarded the same turn (usual
  rummy), nor a copy of it from another deck; cards dug may. So a hand holding only copies of the
  top card may not take it, unless it then melds whole and goes out.
* Two to eight players: "any number" as far as four decks and one table serve.
* Option ``target`` (1,500) sets the winning total; option ``max_rounds`` (off: 0) stops a long
  evening after that many rounds, the highest total winning.
* The first dealer is chosen at random (GEN-2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.options import Options, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.draw_discard import DIG_TO_PAIR, HAND, DrawDiscardState, Phase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import RANK_PLURAL, MeldRules, solver_for
from gamenight.families.rummy_rules import RummyRules

#: the ranks in the deck: three to ace (every two out; no jokers)
RANKS = tuple(range(C.THREE, C.ACE + 1))
#: sets only, at least one natural card in each, jokers none; the wild rank is the round's
RULES = MeldRules(runs=False, jokers_wild=False)
WILD_VALUE = 100
TARGET = 1500


def decks_for(players: int) -> int:
    """G-HS-4: three decks up to five players, four from six on."""
    return 3 if players <= 5 else 4


def hand_size(up: int) -> int:
    """The cards a player is dealt, fixed by his face-up first card: a three 3 ... a ten 10, a jack
    11, a queen 12, a king 13, an ace 14."""
    return C.RANK_OF[up] + 2


def round_rules(wild: int) -> MeldRules:
    """The round's meld rules: the dealer's face-up rank wild."""
    return RULES.with_wild_ranks(wild)


def values_for(wild: int) -> tuple[int, ...]:
    """What each card counts this round: the wild rank 100, the rest by rank (T-HS-1), by the card
    kinds the round is scored by (no jokers: the last entry is 0)."""
    return (*(KIND_POINTS[card_kind(c, wild)] for c in range(C.JOKER)), 0)


# ---- a round's score from its facts: the engine and the score pad both call these -------------

#: the kinds of card a round is counted by, their words and each one's points (T-HS-1)
CARD_KINDS: tuple[tuple[str, str, int], ...] = (
    ("wild", "Cards of the wild rank", WILD_VALUE), ("aces", "Aces", 100),
    ("high", "Tens to kings", 10), ("low", "Threes to nines", 5))
KIND_POINTS = {k: v for k, _, v in CARD_KINDS}


def card_kind(card: int, wild: int) -> str:
    """Which kind a card counts as in a round where rank ``wild`` is wild."""
    rank = C.RANK_OF[card]
    if rank == wild:
        return "wild"
    return "aces" if rank == C.ACE else "high" if rank >= C.TEN else "low"


def kind_counts(cards: Sequence[int], wild: int) -> dict[str, int]:
    """Cards counted by kind."""
    kinds = [card_kind(c, wild) for c in cards]
    return {k: kinds.count(k) for k, _, _ in CARD_KINDS}


def counted(cards: Mapping[str, int]) -> int:
    """What cards counted by kind are worth."""
    return sum(KIND_POINTS[k] * n for k, n in cards.items())


def round_scores(front: Sequence[Mapping[str, int]], held: Sequence[Mapping[str, int]]) -> list[int]:
    """The cards in front of each player less the cards in his hand (T-HS-1)."""
    return [counted(f) - counted(h) for f, h in zip(front, held, strict=True)]


def score_details(front: Sequence[Mapping[str, int]], held: Sequence[Mapping[str, int]]) -> list[str]:
    return [f"{counted(f)} in front − {counted(h)} in hand" for f, h in zip(front, held, strict=True)]


def match_rules(o: HorseshitOptions) -> MatchRules:
    """The target ends the game at the end of a round, a tie for the best plays on; or the cap."""
    return MatchRules(target=o.target, play_on_tied=True, cap=o.max_rounds)


def cap_reason(cap: int) -> str:
    rounds = f"{number_word(cap)} round{'' if cap == 1 else 's'}"
    return f"The game stops after {rounds}: the highest total wins."


@dataclass(frozen=True, kw_only=True)
class HorseshitOptions(Options):
    target: int = option(
        TARGET, "Game to",
        "A player with this many points or more at the end of a round wins; if several have, the "
        "highest total.", minimum=100, maximum=10000)
    top_card_free: bool = option(
        True, "Top discard without a pair",
        "On: you may take the top card of the discard pile alone without holding a pair of it, "
        "unless it is wild. Off: even the top card needs a natural pair in your hand, and is then "
        "melded with it.")
    max_rounds: int = option(
        0, "Stop after this many rounds",
        "Zero plays until someone reaches the winning total. Otherwise the game also stops after "
        "this many rounds, the highest total winning.", minimum=0, maximum=200)


class HorseshitRummy(DrawDiscardState):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("wilds", "Wild", Kind.TEXT, head=True),
        Field("up_cards", "Turned up", Kind.PIECE, per_seat=True, piece="card"),
        Field("in_front", "In front", Kind.NUMBER, per_seat=True),
        Field("hand_points", "Your hand counts", Kind.NUMBER),
        Field("first_set_turn", "This turn", Kind.TEXT),
        Field("target", "Game to", Kind.NUMBER, minor=True),
        Field("decks", "Decks", Kind.NUMBER, minor=True),
    )
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.DRAW: "Drawing: from the stock, the top discard, or down the pile to a pair",
        Phase.PLAY: "Melding, laying off and discarding",
    }
    RUMMY_RULES = RummyRules(dig=DIG_TO_PAIR, layoffs_in_front=True, out_without_discard=True)
    options: HorseshitOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        n = self.num_players
        self.decks = decks_for(n)
        self._init_table(RULES)
        self.match_rules = match_rules(o)
        #: each player's face-up first card this round
        self.up_cards: list[int] = []
        self.wild = C.ACE
        self.values = values_for(self.wild)
        #: who has laid a set this round before the current turn, and what the current turn did
        self.has_melded: list[bool] = [False] * n
        self.first_set_now = False
        self.laid_on_others_now = False
        self._start_round()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, ranks=RANKS)

    # ---- the deal -----------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.begin_deal()
        n = self.num_players
        deck = self._fresh_deck()
        order = self.seats_from(self.left_of_dealer())
        # every hand holds three cards at least, so the kernel's first lap deals the face-up cards
        up = {seat: deck[i] for i, seat in enumerate(order)}
        self.up_cards = [up[s] for s in range(n)]
        self.deal([hand_size(c) for c in self.up_cards], deck=deck)
        for s in range(n):
            self.knowledge.tell(HAND[s], (self.up_cards[s],))  # dealt face up: everyone saw it
        self.wild = C.RANK_OF[self.up_cards[self.dealer]]
        self.meld_rules = round_rules(self.wild)
        self.values = values_for(self.wild)
        self.has_melded = [False] * n
        shown = ", ".join(f"{self.names[s]} {C.LABEL_OF[c]} ({hand_size(c)} cards)"
                          for s in order for c in (self.up_cards[s],))
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals, the first cards face up: "
                          f"{shown}. The dealer's {C.LABEL_OF[self.up_cards[self.dealer]]} makes "
                          f"{self.wild_name()} wild.", seat=self.dealer, up=C.codes(self.up_cards))
        self.begin_turn(self.left_of_dealer())

    def wild_name(self) -> str:
        return RANK_PLURAL[self.wild]

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        self.first_set_now = False
        self.laid_on_others_now = False
        super().begin_turn(seat, draw=draw)

    # ---- the draw: the top discard free unless it is wild (G-HS-2) ------------------------------

    def take_discard_rule(self, seat: int) -> str | None:
        pile = self.discards
        if pile:
            top = pile[-1]
            if not self.options.top_card_free:
                return (f"Even the top card needs a natural pair in your hand: 'dig 1 {C.CODE_OF[top]}' if "
                        f"you hold two natural {RANK_PLURAL[C.RANK_OF[top]]}, and meld them together.")
            if self.meld_rules.is_wild(top):
                return ("A wild card cannot be taken from the pile on its own: only in a dig down to a card "
                        "you hold a natural pair of.")
        return super().take_discard_rule(seat)

    # ---- G-HS-3: nothing on other players' sets in the turn of your first set -------------------

    def _on_laid(self, seat: int, index: int, cards: Sequence[int], *, new: bool) -> bool:
        if new and not self.has_melded[seat]:
            self.has_melded[seat] = True
            self.first_set_now = True
        elif not new and self.meld_owner[index] != seat:
            self.laid_on_others_now = True
        return super()._on_laid(seat, index, cards, new=new)

    def _meld_rule(self, seat: int) -> str | None:
        if not self.has_melded[seat] and self.laid_on_others_now:
            return ("You have laid cards on other players' sets this turn: your first set waits for a later "
                    "turn.")
        return super()._meld_rule(seat)

    def _lay_off_on_rule(self, seat: int, index: int) -> str | None:
        if self.meld_owner[index] != seat and self.first_set_now:
            return ("Not in the turn you lay your first set: nothing goes on other players' sets until your "
                    "next turn.")
        return super()._lay_off_on_rule(seat, index)

    # ---- scoring ---------------------------------------------------------------------------------

    def points(self, cards: Sequence[int]) -> int:
        values = self.values
        return sum(values[c] for c in cards)

    def counted_by_kind(self) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
        """The cards in front of each player, and in his hand, counted by kind."""
        n, wild = self.num_players, self.wild
        return ([kind_counts(self.table_cards(s), wild) for s in range(n)],
                [kind_counts(self.hands[s], wild) for s in range(n)])

    def round_scores(self) -> list[int]:
        return round_scores(*self.counted_by_kind())

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each player's round score
        as if the round were scored now, except that what his hand could lay, its sets and its
        lay-offs on the table's sets, counts for him, as he will lay it, and a loose card paired by
        another (one card from a set) counts half against him
        (:func:`~gamenight.families.deal_estimates.drawing_deadwood`): scored as it stands, a hand
        held for its sets would look as bad as a hand of loose cards."""
        solver = solver_for(self.meld_rules, self.values)
        row: list[float] = []
        for s in range(self.num_players):
            hand = self.hands[s]
            plan = solver.best_with_lay_offs(hand, self.melds)
            layable = self.points(hand) - plan.deadwood_value
            loose = drawing_deadwood(plan.deadwood, self.values, runs=False)
            row.append(self.points(self.table_cards(s)) + layable - loose)
        return row

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        scores = self.round_scores()
        for s in range(n):
            if self.hands[s]:
                shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
                self.emit("show", f"{self.names[s]} shows {shown}: {self.points(self.hands[s])} against.",
                          seat=s, cards=C.codes(self.hands[s]))
        details = score_details(*self.counted_by_kind())
        how = f"{self.names[out]} goes out" if out is not None else "the stock ran out"
        label = f"{self.deal_name()}: {how}"
        self.sheet.add(label, scores, details=details, note=f"{self.wild_name()} wild")
        said = ", ".join(f"{self.names[s]} {scores[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {said}.")
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_round()

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        if why == MatchEnd.CAP:
            return cap_reason(self.match_rules.cap)
        best = max(totals)
        who = " and ".join(self.names[s] for s, t in enumerate(totals) if t == best)
        return f"{who} {best:,}, the highest total at or over {self.match_rules.target:,}."

    # ---- what a seat sees ----------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        mine = seat is not None and seat == self.turn and self.phase_name == Phase.PLAY
        out.update({
            "up_cards": C.codes(self.up_cards),
            "wild_rank": C.RANKS[self.wild],
            "wilds": self.wild_name(),
            "in_front": [self.points(self.table_cards(s)) for s in range(self.num_players)],
            "hand_points": self.points(self.hands[seat]) if seat is not None else None,
            "has_melded": list(self.has_melded),
            "first_set_turn": ("Your first set: nothing on other players' sets this turn"
                               if mine and self.first_set_now else None),
            "target": self.match_rules.target,
            "decks": self.decks,
        })
        return out


SPEC: GameSpec = register(GameSpec(
    id="horseshit-rummy",
    title="Horseshit Rummy",
    family="rummy",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=HorseshitOptions,
    state_cls=HorseshitRummy,
    summary="Your face-up first card says how many cards you get and the dealer's makes its rank wild; "
            "sets only, dig the spread discard pile down to a card you hold a pair of, lay on anyone's "
            "sets, and score what lies in front of you less what you hold: first to 1,500.",
    rules=__doc__ or "",
    tested_players=(2, 4, 8),
))

__all__ = ["CARD_KINDS", "RANKS", "RULES", "SPEC", "HorseshitOptions", "HorseshitRummy", "cap_reason",
           "card_kind", "counted", "decks_for", "hand_size", "kind_counts", "match_rules", "round_rules",
           "round_scores", "score_details", "values_for"]
