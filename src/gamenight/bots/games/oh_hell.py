"""Oh Hell!: bid the tricks the hand should take, then play to take exactly that many.

Bidding estimates, card by card, the chance that the card wins a trick: no opponent holds a
higher card of its suit (each unseen card lies in an opponent's hand with the chance that
hand sizes give), and, for a side-suit card, nobody void in the suit trumps it; a king or
queen without a smaller card to cover it is caught more often, and the third card of a suit
is ruffed more often than the first. The bid is the legal number nearest the sum, so the
dealer's hook is respected by construction. In play the seat wants a trick exactly while
it has taken fewer tricks than it bid.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C

#: a high card with no smaller card of its suit to play under the ace is caught this often
UNCOVERED = 0.5
#: the chance a low trump wins by ruffing, per side suit the hand is void in
RUFF_CHANCE = 0.35
#: tricks ≈ SCALE × the summed chances + SHARE × (hand size / players) + SHIFT: the card-by-card
#: chances miss the small cards that win late, once the suits run out (fitted over seeded matches)
SCALE, SHARE, SHIFT = 1.1, 0.3, -0.15


def card_win_chances(tv: TrickView, up_card: int | None, leader: bool) -> list[float]:
    """For every card in hand, a rough chance that it takes a trick."""
    hand = tv.hand
    h = len(hand)
    n = tv.n
    mine = set(hand)
    unseen = [c for c in range(52) if c not in mine and c != up_card]
    q = min(1.0, (n - 1) * h / len(unseen))  # chance an unseen card is in an opponent's hand
    per_suit = [0] * 4
    for c in unseen:
        per_suit[C.SUIT_OF[c]] += 1
    trump = tv.trump
    left = len(unseen)
    # the chance an opponent holds at least one trump, and that one holds none of a suit
    has_trump = 1 - (1 - per_suit[trump] / left) ** h if trump is not None else 0.0
    out: list[float] = []
    for c in hand:
        s, r = C.SUIT_OF[c], C.RANK_OF[c]
        higher = sum(1 for x in unseen if C.SUIT_OF[x] == s and C.RANK_OF[x] > r)
        mine_in_suit = sorted((C.RANK_OF[x] for x in hand if C.SUIT_OF[x] == s), reverse=True)
        depth = mine_in_suit.index(r)  # 0 for my top card of the suit
        p = (1 - q) ** higher
        if higher and not any(x < r for x in mine_in_suit):
            p *= UNCOVERED  # a bare king must fall under the ace when the suit comes round
        if s == trump:
            if h > 1:  # a low trump still wins by ruffing a suit the hand is void in
                voids = sum(1 for t in range(4) if t != s and not any(C.SUIT_OF[x] == t for x in hand))
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
    chances = sum(card_win_chances(tv, C.card(up) if up else None, leader))
    return SCALE * chances + SHARE * len(tv.hand) / tv.n + SHIFT


class OhHellBot(TrickBot):
    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """Bid the legal number nearest the expected tricks (the hook removes one of them)."""
        expected = estimate_tricks(view)
        return min(legal, key=lambda m: (abs((m.number or 0) - expected), m.number or 0))

    def wants_trick(self, tv: TrickView) -> bool:
        bid = tv.raw["bids"][tv.seat]
        return bid is not None and tv.raw["tricks_won"][tv.seat] < bid


GAME_BOTS = {"oh-hell": OhHellBot}
