"""The Card Game: the rummy family policy with the round's wild rank.

* Rules: the round's meld rules from the view (hand size → wild rank, the ace and all-wild
  options), so the family policy keeps wild cards (it never discards one while anything else
  will do, and always takes a wild from the discard pile) and measures deadwood as the round
  scores it.
* Going out: as soon as it can. Of the cards it could go out discarding, it throws the costliest
  natural card (the choice does not change its score; a wild would only help the next player).
* The vote on the going-out score: −5. The bonus rewards going out, which this bot does at the
  first chance, so it expects to earn it more often than the table.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.rummy import RummyBot
from gamenight.core.moves import Move
from gamenight.families.melds import MeldRules, MeldSolver
from gamenight.games.the_card_game import GOING_OUT_BONUS, VOTES, round_rules


class CardGameBot(RummyBot):
    def rules(self, view: dict[str, Any]) -> MeldRules:
        o = view["options"]
        return round_rules(view["cards_this_round"], o["ace"], o["allow_all_wild_meld"])

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        if VOTES[GOING_OUT_BONUS] in legal:
            return VOTES[GOING_OUT_BONUS]
        outs = [m for m in legal if m.verb == "out"]
        if outs:
            wild = solver.rules.is_wild
            return max(outs, key=lambda m: (not wild(m.cards[0]), solver.values[m.cards[0]]))
        return None


GAME_BOTS = {"the-card-game": CardGameBot}
