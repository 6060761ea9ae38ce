"""500 Rummy: bidding from the hand's tricks and counters, burying to void, playing for counters.

* Bidding: for each suit and for no trump the bot counts the tricks its hand should take
  (:func:`hand_tricks`) and expects the side to take about :data:`PER_TRICK` counters a trick,
  with its partner's share of the tricks and the kitty's help added (:func:`expected_take`). A
  partner who has bid is worth more, opponents who bid leave less. It bids the cheapest legal bid
  in its best denomination while that stays within what it expects, and passes otherwise; it
  does not overcall its partner without a clearly better hand.
* Burying: the cards of the shortest side suits it can empty (no counters in them), low first;
  trumps last.
* Play (the family policy, partners opposite): everyone wants every trick with counters in it;
  a counter goes onto a trick the partner is winning, never onto one the opponents win when
  another card will do; the declarers lead trumps to draw the defenders' out.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.auction import NO_TRUMP, read_bid
from gamenight.games.five_hundred_rummy import COUNTER, HAND_TOTAL

#: counters a side takes per trick it wins, on average (125 over 12 tricks)
PER_TRICK = HAND_TOTAL / 12
#: the tricks a silent partner brings, one who bid, and one whose opponents bid over him
PARTNER_TRICKS, PARTNER_BID_TRICKS, PARTNER_SILENT_VS_BIDS = 2.5, 3.5, 2.0
#: what the four kitty cards add to the declarer's take, on average
KITTY_HELP = 6.0
#: counters kept in hand as margin before bidding
MARGIN = 0.0
#: how much better than the partner's bid a hand must be to overcall it
OVERCALL_PARTNER = 20


def hand_tricks(hand: list[int], trump: int | None) -> float:
    """Tricks ``hand`` should take with ``trump`` (``None``: no trump): top cards and length."""
    by_suit: dict[int, list[int]] = {
        s: sorted((C.RANK_OF[c] for c in hand if C.SUIT_OF[c] == s), reverse=True) for s in range(4)}
    trumps = len(by_suit[trump]) if trump is not None else 0
    total = 0.0
    for s, ranks in by_suit.items():
        length = len(ranks)
        if s == trump:
            total += _top_tricks(ranks) + max(0, length - 3)
            continue
        total += _top_tricks(ranks) * (0.8 if trump is None else 1.0)
        if trump is None:
            total += max(0, length - 4) * 0.7  # a long suit runs once it is established
        elif length <= 1 and trumps >= 3:
            total += 0.7 if length == 0 else 0.4  # ruffing a short suit
    return total


def _top_tricks(ranks: list[int]) -> float:
    """Sure and likely tricks from the top of a suit: A 1, K with a guard 0.6 (1 with the ace)."""
    have = set(ranks)
    out = 0.0
    if C.ACE in have:
        out += 1
    if C.KING in have and len(ranks) >= 2:
        out += 1.0 if C.ACE in have else 0.6
    if C.QUEEN in have and len(ranks) >= 3:
        out += 0.6 if (C.ACE in have and C.KING in have) else 0.3
    return out


def expected_take(hand: list[int], trump: int | None, partner_tricks: float) -> float:
    """The counters the bot expects its side to take as declarer in this denomination."""
    return PER_TRICK * (hand_tricks(hand, trump) + partner_tricks) + KITTY_HELP


def denomination_of(move: Move) -> int | str:
    """A bid move's suit, or no trump."""
    _, denomination, _ = read_bid(move)
    return NO_TRUMP if denomination is None else denomination


class FiveHundredRummyBot(TrickBot):
    partnership = True

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = [C.card(c) for c in view["hand"]]
        if view["phase"] == "bury":
            return self.bury(view, hand, legal)
        return self.bid(view, hand, legal)

    # ---- the auction ------------------------------------------------------------------------

    def partner_tricks(self, view: dict[str, Any]) -> float:
        seat = view["seat"]
        partner = (seat + 2) % 4
        bidders = {b["seat"] for b in view.get("bids") or [] if b["bid"] != "pass"}
        if partner in bidders:
            return PARTNER_BID_TRICKS
        if bidders - {seat}:
            return PARTNER_SILENT_VS_BIDS
        return PARTNER_TRICKS

    def bid(self, view: dict[str, Any], hand: list[int], legal: list[Move]) -> Move:
        bids = [m for m in legal if m.verb == "bid"]
        passes = [m for m in legal if m.verb == "pass"]
        if not bids:
            return legal[0]
        partner = self.partner_tricks(view)
        worth = {d: expected_take(hand, d if isinstance(d, int) else None, partner)
                 for d in {denomination_of(m) for m in bids}}
        # the no trump bonus only counts if the bid is made: prefer it only when it is as strong
        best = max(worth, key=lambda d: (worth[d], d == NO_TRUMP))
        mine = [m for m in bids if denomination_of(m) == best]
        cheapest = min(mine, key=lambda m: m.number or 0)
        number = cheapest.number or 0
        seat = view["seat"]
        high = view.get("high_bidder")
        limit = worth[best] - MARGIN
        if high is not None and high == (seat + 2) % 4:
            limit -= OVERCALL_PARTNER
        if number <= limit or not passes:
            return cheapest
        return passes[0]

    # ---- burying ----------------------------------------------------------------------------

    def bury(self, view: dict[str, Any], hand: list[int], legal: list[Move]) -> Move:
        trump = C.suit(view["trump"]) if view.get("trump") else None
        length = [0] * 4
        with_counters = [False] * 4
        for c in hand:
            length[C.SUIT_OF[c]] += 1
            with_counters[C.SUIT_OF[c]] |= bool(COUNTER[c])

        def keep_worth(m: Move) -> tuple[int, int, int, int, int]:
            c = m.cards[0]
            s = C.SUIT_OF[c]
            return (s == trump, COUNTER[c], with_counters[s], length[s], C.RANK_OF[c])

        return min(legal, key=keep_worth)

    # ---- the play ---------------------------------------------------------------------------

    def card_cost(self, tv: TrickView, c: int) -> int:
        """Giving a counter to the opponents hurts most; trumps and high cards next."""
        return tv.power[c] + (30 if tv.suit_of[c] == tv.trump else 0) + 4 * COUNTER[c]

    def follow(self, tv: TrickView, cards: list[int], want: bool) -> int:
        win = tv.winning()
        assert win is not None
        partner_wins = win[0] == tv.partner()
        best_key = tv.key(win[1])
        beaten = any(tv.key(c) > best_key for c in cards)
        if partner_wins and (tv.is_last_to_play() or (not beaten and best_key >= 112)):
            # partner has it: put a counter on it if we can spare one
            counters = [c for c in cards if COUNTER[c] and tv.key(c) <= best_key]
            if counters:
                return max(counters, key=lambda c: COUNTER[c])
        return super().follow(tv, cards, want)

    def lead(self, tv: TrickView, cards: list[int], want: bool) -> int:
        declarer = tv.raw.get("declarer")
        trumps = [c for c in cards if tv.suit_of[c] == tv.trump]
        ours = declarer is not None and declarer % 2 == tv.seat % 2
        if ours and trumps and len(trumps) >= 2:
            return max(trumps, key=lambda c: tv.power[c])  # draw the defenders' trumps
        aces = [c for c in cards if C.RANK_OF[c] == C.ACE and tv.suit_of[c] != tv.trump]
        if aces:
            return aces[0]
        side = [c for c in cards if tv.suit_of[c] != tv.trump and not COUNTER[c]]
        if side:
            return min(side, key=lambda c: tv.power[c])
        return super().lead(tv, cards, want)


GAME_BOTS = {"five-hundred-rummy": FiveHundredRummyBot}
