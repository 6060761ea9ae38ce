"""Rook: the family play policy with the game's own ranking (the Rook a trump), and a bidder.

* Bidding: a hand's worth for its best trump suit counts its aces (1s of the Rook deck), kings
  (14s), the Rook, the trump suit's length and the counters it holds; the bot bids up to
  ``BASE + worth`` in the lowest steps, less when its partner holds the bid.
* Passing: the cheapest cards of the shortest side suits, never an ace, the Rook or a counter
  while another card will do; the bidder keeps his long suit.
* Trumps: the suit with the most length and strength. The bidder leads himself.
* Five players: the bidder buries side cards, counters first (buried counters are his), and calls
  the highest trump he lacks; the holder of the called card plays with him once he knows.
* Play: everyone wants every trick with counters in it; a bot whose partner is winning the
  trick throws it a counter; the bidding side leads trumps to draw the defenders'.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.rook import COUNTERS, ROOK57, rook_tables

BASE = 50
#: how much less the bot bids over its partner's standing bid
PARTNER_DISCOUNT = 20


def suit_letter(view: dict[str, Any], letter: str | None) -> int | None:
    if not letter:
        return None
    return C.ROOK_COLOURS.index(letter) if letter in C.ROOK_COLOURS else C.suit(letter)


def rook_of(view: dict[str, Any]) -> int:
    return C.ROOK_BIRD if view["options"]["deck"] == ROOK57 else C.JOKER


class RookView(TrickView):
    """The view decoded with Rook's ranking: the Rook a member of the trump suit."""

    def ranking(self, view: dict[str, Any]) -> tuple[int | None, list[int], list[int]]:
        trump = suit_letter(view, view.get("trump"))
        suit_of, power = rook_tables(trump, rook_of(view), view["options"]["rook_rank"])
        return trump, suit_of, power

    def partner(self) -> int:
        """Across the table; in the five-player game the known partner of the bidder (or -1)."""
        raw = self.raw
        if not raw.get("partner_game"):
            return (self.seat + 2) % self.n
        bidder, partner = raw.get("bidder"), raw.get("partner")
        if partner is None or bidder is None or partner == bidder:
            return -1
        if self.seat == bidder:
            return int(partner)
        return int(bidder) if self.seat == partner else -1


def hand_worth(hand: list[int], trump: int, rook: int) -> int:
    """What a hand is worth with ``trump`` as trumps (see the module docstring)."""
    worth = 0
    length = 0
    for c in hand:
        rank = C.RANK_OF[c]
        if c == rook:
            worth += 14
            length += 1
            continue
        if C.SUIT_OF[c] == trump:
            length += 1
            worth += 3 if rank >= C.QUEEN else 1
        if rank == 13 or (c < C.JOKER and rank == C.ACE):  # an ace, or the Rook deck's 1
            worth += 12
        elif rank == C.KING or (C.IS_ROOK_DECK[c] and rank == 12):
            worth += 4
        worth += COUNTERS[c] // 5
    return worth + 6 * max(0, length - 3)


def best_trump(hand: list[int], rook: int) -> int:
    return max(range(4), key=lambda s: (hand_worth(hand, s, rook), s))


class RookBot(TrickBot):
    partnership = True

    def trick_view(self, view: dict[str, Any]) -> TrickView:
        return RookView(view)

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = [C.card(c) for c in view["hand"]]
        rook = rook_of(view)
        phase = view["phase"]
        if phase == "bid":
            return self.bid(view, hand, rook, legal)
        if phase == "trump":
            best = best_trump(hand, rook)
            return next(m for m in legal if m.suit == best)
        if phase in ("pass", "bury"):
            return self.shed(view, hand, rook, legal)
        if phase == "call":
            return self.call(hand, rook, suit_letter(view, view.get("trump")), legal)
        if phase == "lead":
            return next(m for m in legal if not m.args)
        return legal[rng.randrange(len(legal))]

    def bid(self, view: dict[str, Any], hand: list[int], rook: int, legal: list[Move]) -> Move:
        limit = BASE + max(hand_worth(hand, s, rook) for s in range(4))
        high = view.get("high_bidder")
        seat = view["seat"]
        if high is not None and not view.get("partner_game") and high % 2 == seat % 2:
            limit -= PARTNER_DISCOUNT
        bids = [m for m in legal if m.verb == "bid" and m.number is not None]
        passes = [m for m in legal if m.verb == "pass"]
        affordable = [m for m in bids if m.number is not None and m.number <= limit]
        if affordable:
            return min(affordable, key=lambda m: m.number or 0)
        return passes[0] if passes else min(bids, key=lambda m: m.number or 0)

    def shed(self, view: dict[str, Any], hand: list[int], rook: int, legal: list[Move]) -> Move:
        """The card to pass or bury: side cards of short suits, cheap ones passed and counters buried."""
        keep = suit_letter(view, view.get("trump"))
        if keep is None and view.get("bidder") == view["seat"]:
            keep = best_trump(hand, rook)
        count = {s: sum(1 for c in hand if C.SUIT_OF[c] == s) for s in range(4)}
        burying = view["phase"] == "bury"
        cards = [m.cards[0] for m in legal]

        def cost(c: int) -> tuple[int, ...]:
            top = C.RANK_OF[c] >= C.KING  # an ace or king (the Rook deck's 1 or 14)
            counter = COUNTERS[c]
            return (c == rook, C.SUIT_OF[c] == keep, top,
                    -counter if burying else counter, count.get(C.SUIT_OF[c], 9), C.RANK_OF[c])

        c = min(cards, key=cost)
        return legal[cards.index(c)]

    def call(self, hand: list[int], rook: int, trump: int | None, legal: list[Move]) -> Move:
        """The highest trump the bidder lacks (the ace, the 1), else the highest card he lacks."""
        cards = {m.cards[0]: m for m in legal}
        missing = [c for c in cards if c not in hand and c != rook]
        trumps = [c for c in missing if C.SUIT_OF[c] == trump]
        pool = trumps or missing or list(cards)
        return cards[max(pool, key=lambda c: C.RANK_OF[c])]

    def card_cost(self, tv: TrickView, c: int) -> int:
        return tv.power[c] + (60 if tv.suit_of[c] == tv.trump else 0) + 4 * COUNTERS[c]

    def follow(self, tv: TrickView, cards: list[int], want: bool) -> int:
        win = tv.winning()
        assert win is not None
        partner = tv.partner()
        if partner >= 0 and win[0] == partner:
            best_key = tv.key(win[1])
            # the rook tables double every rank: 2 * ACE is an ace's (the Rook deck's 14's) power
            safe = tv.is_last_to_play() or best_key >= 200 or best_key >= 100 + 2 * C.ACE
            if safe:  # smear: give the partner's trick a counter that cannot win it back
                losers = [c for c in cards if tv.key(c) <= best_key and tv.suit_of[c] != tv.trump]
                if losers:
                    return max(losers, key=lambda c: (COUNTERS[c], -tv.power[c]))
        return super().follow(tv, cards, want)

    def lead(self, tv: TrickView, cards: list[int], want: bool) -> int:
        bidder = tv.raw.get("bidder")
        trumps = [c for c in cards if tv.suit_of[c] == tv.trump]
        ours = bidder is not None and (bidder == tv.seat or tv.partner() == bidder)
        if ours and len(trumps) >= 2:
            return max(trumps, key=lambda c: tv.power[c])  # draw the defenders' trumps
        side = [c for c in cards if tv.suit_of[c] != tv.trump]
        if side:
            # a top side card, else the cheapest card that gives the least away
            top = max(side, key=lambda c: tv.power[c])
            if C.RANK_OF[top] >= C.ACE:
                return top
            return min(side, key=lambda c: (COUNTERS[c], tv.power[c]))
        return super().lead(tv, cards, want)


GAME_BOTS = {"rook": RookBot}
