"""Canadian Salad: the family policy set to avoid whatever the round in play charges.

The round's penalty is in the view (``penalty_cards``, ``penalty_per_trick``,
``penalty_last_trick``), so one bot plays every round of every rule set:

* It never wants a trick: following, it plays the highest card that still loses (an identical
  card played later wins when the rules say so); void in the suit led, it throws the card that
  would cost most to keep — a card the round charges for first, then the highest.
* Leading, it leads its lowest card, keeping cards the round charges for out of the lead.
* The king of spades round: the ace of spades is dangerous too while a king is still out.
* A round that only charges the last trick: while more than a few tricks remain, winning is
  free, so it sheds its highest cards and keeps low ones for the end.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C

KING_OF_SPADES = C.make_card(C.KING, C.SPADES)
ACE_OF_SPADES = C.make_card(C.ACE, C.SPADES)
#: in a last-trick round, the hand size at which the bot starts ducking
LAST_TRICK_CARE = 4


class CanadianSaladBot(TrickBot):
    def __init__(self) -> None:
        #: the round's charge per card (index: card int), read per decision
        self.values: list[int] = [0] * 53
        self.king_out = False
        self.last_only = False

    def choose_play(self, tv: TrickView, legal: list[Move], rng: random.Random) -> Move:
        self._read_round(tv.raw)
        if self.last_only and len(tv.hand) > LAST_TRICK_CARE:
            cards = [m.card for m in legal]
            return legal[cards.index(max(cards, key=lambda c: tv.power[c]))]
        return super().choose_play(tv, legal, rng)

    def _read_round(self, view: dict[str, Any]) -> None:
        values = [0] * 53
        for code, value in (view.get("penalty_cards") or {}).items():
            values[C.card(code)] = value
        self.values = values
        self.last_only = not any(values) and not view.get("penalty_per_trick") and bool(
            view.get("penalty_last_trick"))
        decks = int(view.get("decks") or 1)
        played = view.get("played") or []
        self.king_out = values[KING_OF_SPADES] > 0 and played.count(C.CODE_OF[KING_OF_SPADES]) < decks

    def wants_trick(self, tv: TrickView) -> bool:
        return False

    def card_cost(self, tv: TrickView, c: int) -> int:
        cost = 4 * self.values[c] + tv.power[c]
        if c == ACE_OF_SPADES and self.king_out:
            cost += 200
        return cost

    def lead(self, tv: TrickView, cards: list[int], want: bool) -> int:
        return min(cards, key=lambda c: (self.values[c] > 0, tv.power[c], self.card_cost(tv, c)))


GAME_BOTS = {"canadian-salad": CanadianSaladBot}
