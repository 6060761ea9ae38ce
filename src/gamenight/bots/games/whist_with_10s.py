"""Whist with 10s: the family policy, aware that taking tricks is bad in the low no-trump deal
and that tens are worth ten times a trick."""

from __future__ import annotations

from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.equipment import cards as C


class WhistBot(TrickBot):
    partnership = True

    def wants_trick(self, tv: TrickView) -> bool:
        return tv.raw.get("contract") != "low no-trump"

    def card_cost(self, tv: TrickView, c: int) -> int:
        # tens are the points: never throw one away cheaply
        return super().card_cost(tv, c) + (30 if C.RANK_OF[c] == C.TEN else 0)


GAME_BOTS = {"whist-with-10s": WhistBot}
