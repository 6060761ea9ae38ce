"""Euchre: the family play policy, plus making trump by counting trumps (bowers first) and aces.

* Order up / call: a hand's worth in a suit counts the right bower 3, the left 2.5, the trump ace 2,
  king 1.5, any other trump 1, each side ace 1 and, with two trumps or more, each void 0.5. The
  up-card goes to the dealer: his partner counts half its worth as help, an opponent of the
  dealer counts half of it against. Make trump at 5.5 or more (``MAKE``); the dealer's partner
  who must then go alone (the book's house rule) at 2 more.
* Alone: at least three top trumps in sequence from the right bower (or four trumps with both
  bowers) and nothing else but side aces.
* The dealer discards the lowest side card, preferring to void a suit, never a side ace if another
  card will do.
* Play: the maker leads trumps to draw the defenders' out, and so does his partner holding two
  trumps or more (with one, leading it measured no better: 0.51 of 3,000 matches in
  ``gamenight arena``); everyone wants every trick, but never takes one from a partner who holds
  it surely (the family policy). tests/bots/test_partners.py shows each way a bot reads its partner.
* Reading the bidding (:meth:`EuchreBot.plausibility`, the hook of the search's inference,
  ``SearchBot.infer``): in a sampled world each other seat's hand as it bid (its cards there, those it
  played since, and the taker's discard back for the up-card) is judged by this bot's rule above,
  softened: it makes trump with chance 1 / (1 + exp((need - worth) / spread)), :data:`MAKE_SPREAD`
  one point of worth; a pass weighs the rest. The true deal weighs a median 1.5 times a sampled
  deal's mean (up to 12). Expert reading the bidding gained +0.04 ± 0.12 points a deal on strong (200
  paired deals, seeds 2000-2199, eight worlds a round; 331 ms of CPU a decision): not adopted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, cast

from gamenight.bots.families.tricks import TrickBot, TrickView, played_since
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.tricks import trick_tables
from gamenight.games.euchre import Euchre, EuchrePhase

MAKE = 5.5
#: the spread, in worth, of the others' making about this bot's threshold, as the search's inference
#: reads their bids (:meth:`EuchreBot.plausibility`): soft, for people and other bots bid otherwise
MAKE_SPREAD = 1.0
#: the moves that end a deal's plays, read backwards: its bidding and the taker's discard
BIDDING_VERBS = frozenset({"pass", "order", "pickup", "call", "discard", "claim"})
#: worth of a trump by its power in trick_tables (right bower 21, left 20, ace 12, king 11)
TRUMP_WORTH = {21: 3.0, 20: 2.5, 12: 2.0, 11: 1.5}


def worth(hand: list[int], trump: int) -> float:
    """How good ``hand`` is with ``trump`` as trumps (see the module docstring)."""
    suit_of, power = trick_tables(trump, bowers=True)
    total = 0.0
    trumps = 0
    suits = set()
    for c in hand:
        if suit_of[c] == trump:
            trumps += 1
            total += TRUMP_WORTH.get(power[c], 1.0)
        else:
            suits.add(suit_of[c])
            if C.RANK_OF[c] == C.ACE:
                total += 1.0
    if trumps >= 2:
        total += 0.5 * (3 - len(suits))
    return total


def goes_alone(hand: list[int], trump: int) -> bool:
    """Top trumps in sequence and only side aces besides: a likely march alone."""
    suit_of, power = trick_tables(trump, bowers=True)
    trumps = sorted((power[c] for c in hand if suit_of[c] == trump), reverse=True)
    if any(suit_of[c] != trump and C.RANK_OF[c] != C.ACE for c in hand):
        return False
    top = 0
    for want, have in zip((21, 20, 12, 11, 10), trumps, strict=False):
        if want != have:
            break
        top += 1
    return top >= 3 or (top >= 2 and len(trumps) >= 4)


def best_discard(hand: list[int], trump: int) -> int:
    """The dealer's discard: the lowest side card, voiding a suit where possible, aces kept."""
    suit_of, power = trick_tables(trump, bowers=True)
    side = [c for c in hand if suit_of[c] != trump]
    if not side:
        return min(hand, key=lambda c: power[c])
    count = {s: sum(1 for c in side if suit_of[c] == s) for s in range(4)}
    return min(side, key=lambda c: (C.RANK_OF[c] == C.ACE, count[suit_of[c]] > 1, power[c]))


def _makes(value: float, need: float, spread: float) -> float:
    """The chance a hand worth ``value`` makes trump where this bot needs ``need``: a logistic
    step of width ``spread`` where the bot's own rule is a sharp one (people's rules differ)."""
    return 1.0 / (1.0 + math.exp((need - value) / spread))


def hands_as_dealt(state: Euchre) -> list[list[int]]:
    """Each seat's hand as it bid: its cards in ``state``, those it played since, and for the one
    who took the up-card his discard back in its place."""
    played = played_since(state, BIDDING_VERBS)
    hands = [state.hands[s] + played[s] for s in range(4)]
    taker = state.taker
    if taker >= 0:  # (before his discard the up-card is in his hand: it goes all the same)
        hand = hands[taker] + state.discard
        if state.up_card in hand:
            hand.remove(state.up_card)
        hands[taker] = hand
    return hands


def bidding_plausibility(state: Euchre, seat: int, spread: float = MAKE_SPREAD) -> float:
    """How likely the other seats' passes and makings of this deal are in ``state`` (a world
    ``seat`` sampled), each seat judging its hand as dealt by this bot's rule: in the first round
    the up-card's suit (with the dealer's pick-up or the help or harm of giving it him), in the
    second its best suit, the called one for the maker; the dealer's partner forced alone needs
    more (:meth:`EuchreBot._make`). A seat that has not bid counts 1."""
    if not state.calls:
        return 1.0
    hands = None
    up = state.up_card
    first = C.SUIT_OF[up]
    weight = 1.0
    for i, (who, text) in enumerate(state.calls):
        first_round = i < 4  # four passes turn the up-card down
        if who == seat or (not first_round and state._stuck(who)):  # a stuck dealer must call
            continue
        if hands is None:
            hands = hands_as_dealt(state)
        made = text != "pass"
        hand = hands[who]
        if first_round:
            value = first_round_worth(hand, up, who, state.dealer)
            need = _need(state, who, EuchrePhase.ORDER, hand, first)
        else:
            suit = state.trump if made and state.trump is not None else \
                max((t for t in range(4) if t != first), key=lambda t: worth(hand, t))
            value = worth(hand, suit)
            need = _need(state, who, EuchrePhase.CALL, hand, suit)
        chance = _makes(value, need, spread)
        weight *= chance if made else 1.0 - chance
    return weight


def _need(state: Euchre, who: int, phase: str, hand: list[int], trump: int) -> float:
    """The worth at which this bot's seat ``who`` makes trump (more where it must go alone)."""
    forced = state._forced_alone(who, phase)
    return MAKE + (2.0 if forced and not goes_alone(hand, trump) else 0.0)


def first_round_worth(hand: list[int], up: int, seat: int, dealer: int) -> float:
    """A hand's worth in the up-card's suit as this bot judges it in the first round: the dealer's
    after picking it up and discarding; another's with half the up-card's worth to his partner the
    dealer, against him from the dealer's opponents."""
    trump = C.SUIT_OF[up]
    if seat == dealer:
        keep = [*hand, up]
        keep.remove(best_discard(keep, trump))
        return worth(keep, trump)
    help_ = 0.5 * (worth([*hand, up], trump) - worth(hand, trump))
    return worth(hand, trump) + (help_ if (seat + 2) % 4 == dealer else -help_)


class EuchreBot(TrickBot):
    partnership = True
    #: the worth at which the bot makes trump
    make = MAKE
    #: how sharply the others' bids are read, in worth (see MAKE_SPREAD)
    sigma: float = MAKE_SPREAD

    def plausibility(self, world: State, seat: int) -> float:
        """The search's hook (:attr:`gamenight.bots.search.SearchBot.infer`): how likely the
        others' passes and makings are in the sampled ``world`` (:func:`bidding_plausibility`)."""
        return bidding_plausibility(cast(Euchre, world), seat, self.sigma)

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = [C.card(c) for c in view["hand"]]
        phase = view["phase"]
        if phase == "claim":
            return next(m for m in legal if m.verb == "claim")
        if phase == "discard":
            c = best_discard(hand, C.suit(view["trump"]))
            return next(m for m in legal if m.cards == (c,))
        if phase == "order":
            return self.order_up(view, hand, legal)
        return self.call(hand, legal)

    def order_up(self, view: dict[str, Any], hand: list[int], legal: list[Move]) -> Move:
        up = C.card(view["up_card"])
        trump = C.SUIT_OF[up]
        seat, dealer = view["seat"], view["dealer"]
        value = first_round_worth(hand, up, seat, dealer)
        mine = hand
        if seat == dealer:
            mine = [*hand, up]
            mine.remove(best_discard(mine, trump))
        return self._make(legal, value, goes_alone(mine, trump), lambda m: m.verb != "pass")

    def call(self, hand: list[int], legal: list[Move]) -> Move:
        suits = {m.suit for m in legal if m.suit is not None}
        best = max(suits, key=lambda s: worth(hand, s))
        return self._make(legal, worth(hand, best), goes_alone(hand, best), lambda m: m.suit == best)

    def _make(self, legal: list[Move], value: float, alone: bool, makes: Callable[[Move], bool]) -> Move:
        """Make trump with a good enough hand (alone if it marches); pass otherwise, when allowed."""
        options = [m for m in legal if makes(m)]
        forced_alone = all(m.flag == "alone" for m in options)
        need = self.make + (2.0 if forced_alone and not alone else 0.0)  # the dealer's partner must go alone
        passes = [m for m in legal if m.verb == "pass"]
        if passes and value < need:
            return passes[0]
        want_alone = alone or forced_alone
        return next(m for m in options if (m.flag == "alone") == want_alone)

    def lead(self, tv: TrickView, cards: list[int], want: bool) -> int:
        maker = tv.raw.get("maker")
        trumps = [c for c in cards if tv.suit_of[c] == tv.trump]
        ours = maker is not None and maker % 2 == tv.seat % 2
        if ours and trumps and (maker == tv.seat or len(trumps) >= 2):
            return max(trumps, key=lambda c: tv.power[c])  # draw the defenders' trumps
        return super().lead(tv, cards, want)


GAME_BOTS = {"euchre": EuchreBot}
