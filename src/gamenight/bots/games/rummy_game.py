"""Rummy (``rummy``): the family policy, with the table's melds in view.

Rummy lets everyone lay off on any meld, so the hand's worth is judged together with the table
(``best_with_lay_offs``, exact): a discard is taken when it melds *or* lays off; the melds and
lay-offs laid are the ones of that joint arrangement (the longest meld first, since only one new
meld may go down a turn); a discard leaves the least deadwood after lay-offs, and among equals
not a card the next player could lay off or meld. Facing the used-up stock it takes the top
discard only when that lets it go out this turn, and otherwise passes, ending the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.bots.families.rummy import TablePlanBot, table_melds
from gamenight.core.moves import Move
from gamenight.families.melds import MeldRules, MeldSolver
from gamenight.games.rummy import PASS, RULES, VALUES


class RummyGameBot(TablePlanBot):
    """Standard Rummy: one new meld a turn (an option), lay-offs on any meld."""

    def rules(self, view: dict[str, Any]) -> MeldRules:
        return RULES

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        return VALUES

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        self.table = table_melds(view, RULES)
        if PASS in legal:  # the stock is used up: take the top discard only to go out with it
            take = next((m for m in legal if m.verb == "take"), None)
            if take is not None and self.goes_out_with(view, [*hand, take.card], solver):
                return take
            return PASS
        return None

    def goes_out_with(self, view: dict[str, Any], hand: list[int], solver: MeldSolver) -> bool:
        """Whether ``hand`` (after drawing) can be emptied this turn: everything but one card melded
        or laid off, within the new-meld limit of the turn."""
        plan = self.plan(hand, solver)
        limit = view.get("new_melds_left")
        return len(plan.deadwood) <= 1 and (limit is None or len(plan.melds) <= limit)

    def choose_lay_off(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        offers = self.planned_lay_offs(legal, hand, solver)
        if not offers:
            return super().choose_lay_off(legal, hand, solver)
        return max(offers, key=lambda m: VALUES[m.cards[0]])


GAME_BOTS = {"rummy": RummyGameBot}

__all__ = ["GAME_BOTS", "RummyGameBot"]
