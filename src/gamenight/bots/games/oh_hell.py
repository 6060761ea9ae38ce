"""Oh Hell!: bid the tricks the hand should take, then play to take exactly that many.

Bidding estimates, card by card, the chance that the card wins a trick: no opponent holds a
higher card of its suit (each unseen card lies in an opponent's hand with the chance that
hand sizes give), and, for a side-suit card, nobody void in the suit trumps it; a king or
queen without a smaller card to cover it is caught more often, and the third card of a suit
is ruffed more often than the first. The bid is the legal number nearest the sum, so the
dealer's hook is respected by construction. In play the seat wants a trick exactly while
it has taken fewer tricks than it bid.

Reading the others' bids (:meth:`OhHellBot.plausibility`, the hook of the search's inference,
``SearchBot.infer``): in a sampled world each other seat's hand as dealt (its cards there and those
it has played since the bids) gets this bot's estimate, and its bid the chance
exp(-(bid - estimate)^2 / 2 sigma^2), normalised over the bids it could make (:data:`BID_SIGMA`,
one trick: soft, for people bid otherwise); a bid not made or still secret counts 1. The true deal
weighs 1.6 to 12 times a sampled deal's mean (48 positions of the first ten-card deal, 200 worlds
each). Measured with bench/search_strength.py (ten cards first, paired deals, 95%), eight worlds a
round: on strong's budget without the endgames it gained +0.49 ± 1.35 points a deal on strong (150
deals, seeds 1000-1149; 105 ms of CPU a decision against strong's 54), sixteen worlds and sigma half a
trick -0.33 ± 1.34 (the same deals; 143 ms); expert reading bids, +0.42 ± 0.89 on strong (300 deals,
seeds 2000-2299; 317 ms a decision, untimed), and +0.75 ± 0.77 on plain expert (293 deals, the same
seeds; bench/inference_paired.py). Not significant: the levels do not read bids.
"""

from __future__ import annotations

import math
import random
from typing import Any, cast

from gamenight.bots.families.tricks import TrickBot, TrickView, played_since
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.oh_hell import NO_BID, OhHell, OhHellPhase

#: a high card with no smaller card of its suit to play under the ace is caught this often
UNCOVERED = 0.5
#: the chance a low trump wins by ruffing, per side suit the hand is void in
RUFF_CHANCE = 0.35
#: tricks ≈ SCALE × the summed chances + SHARE × (hand size / players) + SHIFT: the card-by-card
#: chances miss the small cards that win late, once the suits run out (fitted over seeded matches)
SCALE, SHARE, SHIFT = 1.1, 0.3, -0.15
#: the spread, in tricks, of the others' bids about this bot's estimate of their hands, as the
#: search's inference reads them (:meth:`OhHellBot.plausibility`): a soft weight, not a filter, for
#: people and other bots bid otherwise (one trick did no worse than half: the module docstring)
BID_SIGMA = 1.0


def card_win_chances(tv: TrickView, up_card: int | None, leader: bool) -> list[float]:
    """For every card in hand, a rough chance that it takes a trick."""
    return hand_win_chances(tv.hand, tv.n, tv.trump, up_card, leader)


def hand_win_chances(hand: list[int], n: int, trump: int | None, up_card: int | None,
                     leader: bool) -> list[float]:
    """:func:`card_win_chances` from the hand itself, no view (the plausibility of a sampled world
    asks it of every other seat of every candidate world, so it counts by suit rather than scanning
    the deck for every card)."""
    h = len(hand)
    # the unseen cards of each suit, and of each suit above each rank: the deck less hand and up-card
    per_suit = [13] * 4
    above = [[12 - r for r in range(13)] for _ in range(4)]
    in_suit: list[list[int]] = [[], [], [], []]
    for c in (*hand, up_card) if up_card is not None else hand:
        s, r = C.SUIT_OF[c], C.RANK_OF[c]
        per_suit[s] -= 1
        counts = above[s]
        for lower in range(r):
            counts[lower] -= 1
    for c in hand:
        in_suit[C.SUIT_OF[c]].append(C.RANK_OF[c])
    left = sum(per_suit)
    q = min(1.0, (n - 1) * h / left)  # chance an unseen card is in an opponent's hand
    # the chance an opponent holds at least one trump, and that one holds none of a suit
    has_trump = 1 - (1 - per_suit[trump] / left) ** h if trump is not None else 0.0
    voids = sum(1 for t in range(4) if t != trump and not in_suit[t])
    out: list[float] = []
    for c in hand:
        s, r = C.SUIT_OF[c], C.RANK_OF[c]
        higher = above[s][r]
        mine_in_suit = in_suit[s]
        depth = sum(1 for x in mine_in_suit if x > r)  # 0 for my top card of the suit
        p = (1 - q) ** higher
        if higher and not any(x < r for x in mine_in_suit):
            p *= UNCOVERED  # a bare king must fall under the ace when the suit comes round
        if s == trump:
            if h > 1:  # a low trump still wins by ruffing a suit the hand is void in
                p = max(p, min(1.0, RUFF_CHANCE * voids))
        else:
            void = (1 - per_suit[s] / left) ** h
            p *= (1 - void * has_trump) ** ((n - 1) * (depth + 1))
            if h == 1 and not leader:  # one card: a side card wins only if its suit is led
                p *= per_suit[s] / left
        out.append(p)
    return out


def estimate_tricks(view: dict[str, Any]) -> float:
    tv = TrickView(view)
    up = view.get("trump_card")
    leader = (view["dealer"] + 1) % tv.n == tv.seat
    return hand_estimate(tv.hand, tv.n, tv.trump, C.card(up) if up else None, leader)


def hand_estimate(hand: list[int], n: int, trump: int | None, up_card: int | None, leader: bool) -> float:
    """The tricks this bot expects ``hand`` to take (the bid it makes is the legal number nearest)."""
    chances = sum(hand_win_chances(hand, n, trump, up_card, leader))
    return SCALE * chances + SHARE * len(hand) / n + SHIFT


def bid_likelihood(bid: int, expected: float, hand_size: int, barred: int | None,
                   sigma: float = BID_SIGMA) -> float:
    """The chance a seat expecting ``expected`` tricks bids ``bid``: each legal bid (0 to the hand
    size, less the dealer's ``barred`` hook) weighted exp(-(bid - expected)^2 / (2 sigma^2)),
    normalised, so a hand whose estimate lies past the last bid still explains it fully."""
    scale = -0.5 / (sigma * sigma)
    total = 0.0
    for b in range(hand_size + 1):
        if b != barred:
            total += math.exp(scale * (b - expected) ** 2)
    return math.exp(scale * (bid - expected) ** 2) / total if total else 1.0


def bids_plausibility(state: OhHell, seat: int, sigma: float = BID_SIGMA) -> float:
    """How likely the other seats' bids of this deal are in ``state`` (a world ``seat`` sampled)
    were each bidding as this bot does: each hand as it was dealt (its cards in ``state`` and
    those it played since), its estimate, and :func:`bid_likelihood`. A bid not yet made, or
    still secret (a one-card round's), counts 1."""
    bids = state.bids
    if state.phase_name == OhHellPhase.BLIND or all(b == NO_BID for s, b in enumerate(bids) if s != seat):
        return 1.0
    n, h = state.num_players, state.hand_size
    up = state.up_card[0]
    trump = C.SUIT_OF[up]
    played = played_since(state, ("bid",))  # the plays since the bids
    lead = (state.dealer + 1) % n
    weight = 1.0
    for other, bid in enumerate(bids):
        if other == seat or bid == NO_BID:
            continue
        dealt = state.hands[other] + played[other]
        if len(dealt) != h:  # the moves do not tell this deal's plays (an edited log): no evidence
            continue
        expected = hand_estimate(dealt, n, trump, up, other == lead)
        barred = state.hook() if other == state.dealer else None
        weight *= bid_likelihood(bid, expected, h, barred, sigma)
    return weight


class OhHellBot(TrickBot):
    #: how far from this bot's estimate the others' bids are taken to stray (see BID_SIGMA)
    sigma: float = BID_SIGMA

    def plausibility(self, world: State, seat: int) -> float:
        """The search's hook (:attr:`gamenight.bots.search.SearchBot.infer`): how likely the
        others' bids are in the sampled ``world`` (:func:`bids_plausibility`)."""
        return bids_plausibility(cast(OhHell, world), seat, self.sigma)

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """Bid the legal number nearest the expected tricks (the hook removes one of them)."""
        expected = estimate_tricks(view)
        return min(legal, key=lambda m: (abs((m.number or 0) - expected), m.number or 0))

    def wants_trick(self, tv: TrickView) -> bool:
        bid = tv.raw["bids"][tv.seat]
        return bid is not None and tv.raw["tricks_won"][tv.seat] < bid


GAME_BOTS = {"oh-hell": OhHellBot}
