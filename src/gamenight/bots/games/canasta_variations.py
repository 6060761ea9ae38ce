"""Mexicana and Joker Canasta (``mexicana``, ``joker-canasta``): the canasta family's heuristic
partner (:mod:`gamenight.bots.families.canasta`), which reads every rule it plays by from the
view's ``rules`` entry (no foot, the always-frozen pile, sevens blocking it, melds closing at
seven, wild melds, the going-out requirement as it grows with Mexicana's red threes), so it needs
no rule of its own."""

from __future__ import annotations

from gamenight.bots.families.canasta import CanastaBot


class CanastaVariationBot(CanastaBot):
    """The family's bot for Mexicana and Joker Canasta."""


GAME_BOTS = {"mexicana": CanastaVariationBot, "joker-canasta": CanastaVariationBot}
