"""Samba (``samba``, presets ``bolivia`` and ``brazilian``): a heuristic partner, built on the Hand
and Foot bot (:class:`~gamenight.bots.games.hand_and_foot.HandAndFootBot`: its retract memory and
its counting helpers) with Samba's own reading of the table, since sequences and several groups of
a rank are not the count searches Hand and Foot's books allow. It sees only its seat's view and
legal moves; the engine lists only plays that keep the turn able to end (the minimum reachable,
a card kept unless going out), so every rule is the kernel's, never a copy.

* **The pile**: the top card onto a side's sequence is taken whenever offered (a free card
  toward a samba); a pair pickup when the pile holds three cards or more, or when nothing else
  is offered and the pile is not a lone card.
* **First meld**: the most valuable lays first (sequences and natural groups, then a pair with
  a wild card, then wild melds) while the side is below its minimum; when no lay is left and the
  melds are still provisional it takes them back (``retract``) and lays nothing more that turn.
* **Melds**: lays that complete a canasta, a samba or a bolivia first; merges that make a canasta;
  naturals onto sequences and groups; new sequences (a samba is 1,500) before new groups; wild
  cards only onto groups of five or more (closing a canasta) or, where wild melds exist, onto
  the side's wild meld, which it starts with four wild cards in hand; a pair with a wild card when
  the hand is ending or holds wilds to spare. Everything goes down when the side can go out.
* **Brazilian's penalty** (1,000 for each sequence or wild meld of three to six when the other
  side goes out) does not stop it starting sequences: measured head to head over 60 seeded
  Brazilian matches, a bot that started none once the other side could go out and held five
  cards or fewer won 23 (margin −613 a match), and one that started none once the stock ran low
  or a hand grew short won 25 (−696), against this bot: a samba's 1,500 outweighs the risk.
* **Discards**: never a wild card while anything else will do; black threes first (they block
  the pile), then the card least connected to the hand (no pair, no neighbour in its suit),
  the cheapest, avoiding the top ranks of the opponents' groups and sequences.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamenight.bots.games.hand_and_foot import HandAndFootBot
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn import is_black_three, is_wild
from gamenight.games.hand_and_foot import card_values

VALUES = card_values(20)
YES = "answer yes"


class SambaBot(HandAndFootBot):
    """Samba's heuristic partner; see the module docstring."""

    name = "heuristic"

    def __init__(self) -> None:
        super().__init__()
        #: the turn in which this bot began laying below the minimum
        self.laying: tuple[int, int, int, int] | None = None

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        if len(legal) == 1:
            if legal[0].verb == "retract":
                self.retracted = (int(view["deal"]), int(view["seat"]), int(view["stock"]), 0)
            return legal[0]
        verbs = {m.verb for m in legal}
        if "answer" in verbs:
            return next(m for m in legal if str(m) == YES)
        seat = int(view["seat"])
        mine = next(t for t in view["team_books"] if seat in t["seats"])
        if verbs & {"draw", "pickup"}:
            return self.choose_draw_samba(view, legal)
        return self.choose_play_samba(view, mine, legal, rng)

    # ---- the draw ----------------------------------------------------------------------

    @staticmethod
    def choose_draw_samba(view: dict[str, Any], legal: list[Move]) -> Move:
        pile = int(view["pile_size"])
        onto_run = [m for m in legal if m.verb == "pickup" and m.number is not None]
        pair = [m for m in legal if m.verb == "pickup" and m.cards]
        if pair and pile >= 3:
            return pair[0]
        if onto_run:
            return onto_run[0]
        if pair and pile >= 2:
            return pair[0]
        draw = [m for m in legal if m.verb == "draw"]
        return draw[0] if draw else legal[0]

    # ---- play --------------------------------------------------------------------------

    def choose_play_samba(self, view: dict[str, Any], mine: dict[str, Any], legal: list[Move],
                          rng: random.Random) -> Move:
        key = (int(view["deal"]), int(view["seat"]), int(view["stock"]), 0)
        books = {b["number"]: b for b in mine["books"]}
        hand = C.cards(view["hand"] or [])
        lays = [m for m in legal if m.verb in ("meld", "add", "merge")]
        discards = [m for m in legal if m.verb == "discard"]
        retract = next((m for m in legal if m.verb == "retract"), None)
        if not mine["opened"]:
            lays = [m for m in lays if m.verb != "merge"]  # a merge adds no point
            if self.laying == key and "provisional" not in view:
                self.retracted = key  # taken back (a harness may play a lone 'retract' itself)
            if discards and (self.retracted == key or self.reach(hand) < int(mine["minimum"])):
                lays = []  # taken back this turn, or out of reach: no (second) try
            if lays:
                if self.retracted == key:  # the pile's cards wait: try the lays in another order
                    self.laying = key
                    return rng.choice(lays)
                self.laying = key
                return max(lays, key=lambda m: (self.opening_worth(m), str(m)))
            if retract is not None:
                self.retracted = key
                return retract
            return self.discard_samba(view, hand, discards) if discards else legal[0]
        wanted = [(self.lay_worth(m, books, hand, len(hand)), str(m), m) for m in lays]
        wanted = [w for w in wanted if w[0] > 0]
        if wanted:
            return max(wanted, key=lambda w: (w[0], w[1]))[2]
        if discards:
            return self.discard_samba(view, hand, discards)
        return retract or legal[0]

    @staticmethod
    def reach(hand: list[int]) -> int:
        """A quick estimate of the points the hand can lay: naturals held three or more of a
        rank, and pairs with the wild cards there are."""
        ranks = Counter(C.RANK_OF[c] for c in hand if not is_wild(c) and C.RANK_OF[c] != C.THREE)
        wilds = sorted((VALUES[c] for c in hand if is_wild(c)), reverse=True)
        total = sum(VALUES[C.make_card(r, 0)] * k for r, k in ranks.items() if k >= 3)
        pairs = sorted((VALUES[C.make_card(r, 0)] * 2 for r, k in ranks.items() if k == 2), reverse=True)
        return total + sum(p + w for p, w in zip(pairs, wilds, strict=False))

    @staticmethod
    def opening_worth(m: Move) -> float:
        """Below the minimum: the points laid, naturals before wild cards."""
        if m.verb == "merge":
            return -1
        wild = sum(1 for c in m.cards if is_wild(c))
        return sum(VALUES[c] for c in m.cards) - 15 * wild

    @staticmethod
    def lay_worth(m: Move, books: dict[int, dict[str, Any]], hand: list[int], size: int) -> float:
        """How much a lay is wanted (0 or less: not now)."""
        spare_wilds = sum(1 for c in hand if is_wild(c))
        if m.verb == "merge":
            a, b = m.numbers[0], m.numbers[1]
            total = len(books[a]["cards"]) + len(books[b]["cards"])
            return 90 if total >= 7 else 0
        cards = m.cards
        if m.verb == "add":
            assert m.number is not None
            book = books[m.number]
            after = len(book["cards"]) + 1
            completes = after == 7
            if is_wild(cards[0]):
                if book["rank"] == "wild":
                    return 70 if completes else 40
                if completes:
                    return 80
                return 30 if after >= 5 and spare_wilds >= 2 else 0
            return 100 if completes else 60
        wild = sum(1 for c in cards if is_wild(c))
        naturals = [c for c in cards if not is_wild(c)]
        if C.RANK_OF[cards[0]] == C.THREE:
            return 200  # black threes going out
        if not naturals:
            return 35 if spare_wilds >= 4 else 0
        if len({C.RANK_OF[c] for c in naturals}) > 1:
            return 55  # a sequence
        if wild:
            return 25 if size <= 5 or spare_wilds >= 3 else 0
        return 50

    # ---- discards ----------------------------------------------------------------------

    @staticmethod
    def discard_samba(view: dict[str, Any], hand: list[int], discards: list[Move]) -> Move:
        ranks = Counter(C.RANK_OF[c] for c in hand)
        held = set(hand)
        opp_ranks: set[int] = set()
        seat = int(view["seat"])
        for t in view["team_books"]:
            if seat in t["seats"]:
                continue
            for b in t["books"]:
                cards = C.cards(b["cards"])
                opp_ranks.update(C.RANK_OF[c] for c in cards if not is_wild(c))

        def keep(m: Move) -> float:
            c = m.cards[0]
            if is_wild(c):
                return 1000.0
            if is_black_three(c):
                return -100.0
            r, s = C.RANK_OF[c], C.SUIT_OF[c]
            worth = 40.0 * (ranks[r] - 1)
            if r < 12 and C.make_card(r + 1, s) in held:
                worth += 25
            if r > C.FOUR and C.make_card(r - 1, s) in held:
                worth += 25
            if r in opp_ranks:
                worth += 30
            return worth + VALUES[c] / 4

        return min((m for m in discards if m.cards), key=lambda m: (keep(m), m.cards[0]), default=discards[0])


GAME_BOTS = {"samba": SambaBot}
