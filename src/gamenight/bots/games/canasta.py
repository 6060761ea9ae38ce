"""Canasta (``canasta``: four in partnerships, two-hand, three-hand): the canasta family's
heuristic partner (:mod:`gamenight.bots.families.canasta`), which reads classic canasta's rules
(no foot, the frozen pile, canastas of any kind to go out) and the sides (three-hand's
partnership) from the view."""

from __future__ import annotations

from gamenight.bots.families.canasta import CanastaBot


class ClassicCanastaBot(CanastaBot):
    """The family's bot for classic canasta."""


GAME_BOTS = {"canasta": ClassicCanastaBot}
