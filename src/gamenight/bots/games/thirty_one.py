"""The Thirty One bot, from the seat's view alone, on the game's own count (``hand_value2``):

* **What to keep**: discard the card that leaves the best count (ties: keep the higher cards
  of the suit already counted, so the next draw has more to join).
* **Draw or take**: take the top discard when the hand it makes counts at least as much as the
  average hand a stock card would make — the average over every card the seat has not seen
  (its own hand and the discard pile are seen), each followed by its best discard.
* **When to knock**: with a count at or above a threshold that rises with the number of players
  still in (more hands to be beaten by), lowered on the first lap (the others have not improved
  yet) and raised when a knock that goes wrong would cost the last lives (the knocker who is
  lowest loses two). Never after someone else has knocked (one knock a round).
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.thirty_one import AFTER_DRAW, best_value2, hand_value2

#: the count (doubled) to knock with, by players still in (more: the same as 6)
KNOCK_AT2: dict[int, int] = {2: 42, 3: 46, 4: 48, 5: 50, 6: 51}
#: lowered on the first lap, when the others' hands are as dealt
FIRST_LAP2 = 4
#: raised when the knocker would be put out by the double loss
LAST_LIVES2 = 4


def best_discard(hand: list[int], allowed: set[int] | None = None) -> tuple[int, int]:
    """The card to discard from a four-card hand, and the count the rest makes."""
    best: tuple[int, int, int] | None = None
    for c in hand:
        if allowed is not None and c not in allowed:
            continue
        rest = [x for x in hand if x != c]
        value = hand_value2(rest)
        # tie: discard the lowest card (keep the high ones)
        key = (value, -_card_weight(c), c)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[2], best[0]


def _card_weight(c: int) -> int:
    return C.RANK_OF[c]


class ThirtyOneBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        hand = C.cards(view["hand"])
        if view["phase"] == "draw":
            return self.draw(view, legal, hand)
        return self.discard(view, legal, hand)

    # ---- the draw --------------------------------------------------------------------------

    def draw(self, view: dict[str, Any], legal: list[Move], hand: list[int]) -> Move:
        knock = next((m for m in legal if m.verb == "knock"), None)
        if knock is not None and hand_value2(hand) >= self.knock_at(view):
            return knock
        take = next((m for m in legal if m.verb == "take"), None)
        draw = next((m for m in legal if m.verb == "draw"), None)
        if take is None:
            return draw or legal[0]
        if draw is None:
            return take
        top = take.cards[0]
        with_top = best_value2([*hand, top]) if top not in hand else 0
        return take if with_top >= self.expected_draw(view, hand) else draw

    def expected_draw(self, view: dict[str, Any], hand: list[int]) -> float:
        """The average best count after drawing an unseen card."""
        seen = set(hand) | set(C.cards(view["discard_pile"]))
        for known in view.get("known_cards") or []:
            seen.update(C.cards(known))
        unseen = [c for c in range(52) if c not in seen]
        if not unseen:
            return 0.0
        return sum(best_value2([*hand, c]) for c in unseen) / len(unseen)

    # ---- the discard, and knocking with it ---------------------------------------------------

    def discard(self, view: dict[str, Any], legal: list[Move], hand: list[int]) -> Move:
        allowed = {m.cards[0] for m in legal if m.verb == "discard"}
        card, value = best_discard(hand, allowed)
        knocks = {m.cards[0]: m for m in legal if m.verb == "knock" and m.cards}
        if card in knocks and view["options"]["knock_timing"] == AFTER_DRAW and value >= self.knock_at(view):
            return knocks[card]
        return next(m for m in legal if m.verb == "discard" and m.cards[0] == card)

    def knock_at(self, view: dict[str, Any]) -> int:
        seat = view["seat"]
        players_in = sum(1 for out in view["out"] if not out)
        at = KNOCK_AT2.get(players_in, KNOCK_AT2[6])
        if view["stock_size"] >= 52 - 3 * players_in - 1 - players_in:  # the first lap
            at -= FIRST_LAP2
        if view["lives"][seat] <= 2:
            at += LAST_LIVES2
        return at


GAME_BOTS = {"thirty-one": ThirtyOneBot}
