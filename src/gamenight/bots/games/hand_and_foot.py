"""Hand and Foot (``hand-and-foot``): the canasta family's heuristic partner
(:mod:`gamenight.bots.families.canasta`), which reads the family book's rules and the
``demeritt`` and ``ultimate`` presets from the view."""

from __future__ import annotations

from gamenight.bots.families.canasta import CanastaBot


class HandAndFootBot(CanastaBot):
    """The family's bot, under Hand and Foot's name (its packets, its foot and asking partner are
    the family bot's own)."""


GAME_BOTS = {"hand-and-foot": HandAndFootBot}
