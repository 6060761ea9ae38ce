"""Mexicana and Joker Canasta (``mexicana``, ``joker-canasta``): the Hand and Foot partner
(:class:`~gamenight.bots.games.hand_and_foot.HandAndFootBot`), which reads every rule it plays by
from the view's ``rules`` entry (the always-frozen pile, sevens blocking it, melds closing at
seven, wild melds, the going-out requirement as it grows with Mexicana's red threes), so it
needs no rule of its own. It is adapted through its view only: a classic-canasta table has no
foot (every hand is its player's last packet, so it plays "in the foot" from the start) and no
Hand and Foot options, so the view it reads gets those entries (classic card values, a black
three left in hand costing 5; threes never stay in a hand in Joker Canasta).

Against a random pair (``bench/bot_strength.py --games 300 --workers 1``): Mexicana 100% of 300
matches (mean 6,090 to 1,078), Joker Canasta 100% of 300 (mean 9,598 to −1,887); median decision
0.18 ms and 0.21 ms (``bench/bot_decisions.py --matches 5``).
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.bots.games.hand_and_foot import HandAndFootBot
from gamenight.core.moves import Move
from gamenight.families.canasta_turn import RETRACT

#: the Hand and Foot options the bot reads, as classic canasta scores them
CLASSIC_OPTIONS = {"deuce_value": 20, "red_three_held": 500, "black_three_held": 5}


def footless_view(view: dict[str, Any]) -> dict[str, Any]:
    """The view as the Hand and Foot bot reads it: every player in his (only) packet."""
    n = len(view["hand_sizes"])
    return {**view, "options": {**CLASSIC_OPTIONS, **view["options"]},
            "in_foot": view.get("in_foot") or [True] * n}


class CanastaVariationBot(HandAndFootBot):
    """The Hand and Foot partner on a footless classic table."""

    def __init__(self) -> None:
        super().__init__()
        #: the turn in which this bot last laid books below the minimum
        self.tried: tuple[int, int, int, int] | None = None

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        key = self.note_retract(view, legal)
        lays = [m for m in legal if m.verb in ("meld", "add")]
        if (self.retracted == key and view.get("provisional") is not None and lays
                and not any(m.verb == "discard" for m in legal)):
            # bound to open this turn (the pile was taken below the minimum) and the preferred
            # order fell short once: the parent would lay the same books again, so try others
            return rng.choice(lays)
        return super().choose(footless_view(view), legal, sampler, rng)

    def note_retract(self, view: dict[str, Any], legal: list[Move]) -> tuple[int, int, int, int]:
        """Books laid below the minimum this turn and now gone were taken back: remember the turn,
        so that they are not laid again. (The parent notes only the retracts it chooses itself; a
        retract that was the only legal move, which a table may play without asking the bot, comes
        when the last card would be going out and the opening falls short: two cards must stay.)"""
        key = (int(view.get("deal") or 0), int(view["seat"]), int(view["stock"]), len(view["discard_pile"]))
        if legal == [RETRACT]:
            self.retracted = key
        elif view.get("provisional") is not None:
            self.tried = key
        elif self.tried == key:
            self.retracted = key
        return key


GAME_BOTS = {"mexicana": CanastaVariationBot, "joker-canasta": CanastaVariationBot}
