"""Court Whist: the family policy at the seat's own table, playing with the partner the view
names (partners change every game; Conspiracy has none), losing tricks in Revolution (each side
scores the other's), and naming the longest suit for trumps in Coronation."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.bots.families.tricks import TrickBot, TrickView
from gamenight.core.moves import Move
from gamenight.equipment import cards as C

#: a table holds four chairs whatever the size of the party
CHAIRS = 4


class CourtTrickView(TrickView):
    """The seat's table in party seats: four players, the partner as the view names him."""

    def __init__(self, view: dict[str, Any]) -> None:
        super().__init__(view)
        self.partner_seat: int | None = None if view.get("game_name") == "Conspiracy" else view.get("partner")

    def is_last_to_play(self) -> bool:
        return len(self.trick) == CHAIRS - 1

    def partner(self) -> int:
        return self.partner_seat if self.partner_seat is not None else -1


class CourtWhistBot(TrickBot):
    partnership = True

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "play":
            return self.choose_play(CourtTrickView(view), legal, rng)
        return self.choose_other(view, legal, rng)

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """Coronation: trumps in the longest suit, the stronger one of equal length."""
        hand = [C.card(c) for c in view.get("hand") or []]
        calls = [m for m in legal if m.verb == "call" and m.suit is not None]
        if not calls:
            return legal[rng.randrange(len(legal))]

        def strength(m: Move) -> tuple[int, int]:
            mine = [c for c in hand if C.SUIT_OF[c] == m.suit]
            return len(mine), sum(C.RANK_OF[c] for c in mine)

        return max(calls, key=strength)

    def wants_trick(self, tv: TrickView) -> bool:
        # Revolution: each side scores the other's tricks
        return tv.raw.get("game_name") != "Revolution"

    def card_cost(self, tv: TrickView, c: int) -> int:
        # Restoration: face cards are points in the tricks that take them
        faces = tv.raw.get("game_name") == "Restoration" and C.RANK_OF[c] in (C.JACK, C.QUEEN, C.KING)
        return super().card_cost(tv, c) + (8 if faces else 0)


GAME_BOTS = {"court-whist": CourtWhistBot}
