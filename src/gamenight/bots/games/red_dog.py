"""Red Dog: the book's best play against the house.

* Raising: raise the most the table allows exactly when a unit raised is worth more than it
  costs — the third card's chance of falling between, from the cards left in the shoe, times the
  payout, beats the chance of losing (``games.red_dog_odds.raise_value``; on a fresh shoe: spreads 7
  to 11, the book's "raise if the spread is higher than six"). Otherwise stand.
* Betting: every bet loses in the long run on a fresh shoe (the house edge), so the smallest bet
  — unless the cards seen since the last shuffle make the coming round worth more than nothing a
  unit (``games.red_dog_odds.round_value`` over the shoe left), when it bets the most it may.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move


def _positive(pair: object) -> bool:
    return isinstance(pair, list) and len(pair) == 2 and pair[0] > 0


class RedDogBot:
    name = "heuristic"
    #: the exact odds already decide every move: the levels above casual keep this bot (bots.levels)
    exact = True

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        raises = [m for m in legal if m.verb == "raise"]
        if any(m.verb == "stand" for m in legal):
            if raises and _positive(view.get("raise_ev")):
                return max(raises, key=lambda m: m.number or 0)
            return next(m for m in legal if m.verb == "stand")
        bets = [m for m in legal if m.verb == "bet"]
        if bets:
            pick = max if _positive(view.get("round_ev")) else min
            return pick(bets, key=lambda m: m.number or 0)
        return legal[0]


GAME_BOTS = {"red-dog": RedDogBot}
