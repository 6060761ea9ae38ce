"""Saskatchewan: avoid what each trick hand charges for, then play the sevens to go out early.

* Hands 1–4 (tricks, hearts, queens, the king of clubs): never wants a trick; plays the highest
  card that still loses and, void in the suit led, sheds what the hand charges for first (the
  king of clubs, queens, high hearts), then its highest cards.
* Hand 5 (only the last trick costs): sheds high cards while the hand is long — winning early
  tricks is free — and keeps low cards to lose the last one.
* Hand 6 (sevens): among the cards that fit, plays the one that opens the way to most of its own
  cards in that suit soonest, so what it opens it can follow itself, and holds back the cards
  whose neighbours it does not hold (they would only let others out).
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.saskatchewan import HEARTS, KING_CLUBS, KING_OF_CLUBS, LAST_TRICK, QUEENS, SEVEN

#: hand 5: while the bot holds more than this many cards, winning a trick costs nothing
LAST_TRICK_SAFE = 3
ACE_OF_CLUBS = C.make_card(C.ACE, C.CLUBS)


class SaskatchewanBot(TrickBot):
    def __init__(self) -> None:
        self.kind = ""

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        self.kind = str(view.get("hand_kind") or "")
        return super().choose(view, legal, sampler, rng)

    # ---- hands 1-5 ------------------------------------------------------------------------

    def wants_trick(self, tv: TrickView) -> bool:
        return self.kind == LAST_TRICK and len(tv.hand) > LAST_TRICK_SAFE

    def card_cost(self, tv: TrickView, c: int) -> int:
        """How much keeping ``c`` may cost later: the bot sheds the dearest card first."""
        rank = C.RANK_OF[c]
        if self.kind == HEARTS and C.SUIT_OF[c] == C.HEARTS:
            return 40 + rank
        if self.kind == QUEENS and rank == C.QUEEN:
            return 60
        if self.kind == KING_CLUBS and c in (KING_OF_CLUBS, ACE_OF_CLUBS):
            return 60 + rank
        return rank

    def follow(self, tv: TrickView, cards: list[int], want: bool) -> int:
        if self.kind == LAST_TRICK and want:  # a free trick: get rid of the highest card
            return max(cards, key=lambda c: tv.power[c])
        return super().follow(tv, cards, want)

    # ---- hand 6: sevens -------------------------------------------------------------------

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        hand = [C.card(c) for c in view.get("hand") or []]
        return max(legal, key=lambda m: sevens_value(hand, m.cards[0]) if m.cards else -99)


def sevens_value(hand: list[int], c: int) -> int:
    """How good laying ``c`` is: the bot's own cards it leads towards (more, and nearer, is
    better); a card whose next neighbour the bot does not hold opens a play for someone else."""
    suit, rank = C.SUIT_OF[c], C.RANK_OF[c]
    own = [C.RANK_OF[x] for x in hand if C.SUIT_OF[x] == suit and x != c]
    if rank == SEVEN:
        beyond = own
    elif rank > SEVEN:
        beyond = [r for r in own if r > rank]
    else:
        beyond = [r for r in own if r < rank]
    if not beyond:
        return -6 - (1 if rank == SEVEN else 0)  # opens the suit for others and gains nothing
    nearest = min(abs(r - rank) for r in beyond)
    return 4 * len(beyond) - nearest


GAME_BOTS = {"saskatchewan": SaskatchewanBot}
