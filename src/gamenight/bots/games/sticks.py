"""Sticks (``sticks``): play the stick first, then shed.

While its stick is face down the bot measures every choice by the contract kernel's
``shortfall`` — the fewest more cards the hand needs to lay the stick exactly:

* **Draw**: take the top discard when it lowers the shortfall (a wild card always does while
  something is missing), else draw from the stock.
* **Lay the stick** as soon as it can: the groups of ``search``'s answer, one move each (the
  kernel then offers only the rest of the stick).
* **Discard** the card whose loss leaves the smallest shortfall; among equals never a wild card,
  then the card the hand's best arrangement values least.
* **Trade in** (where the table allows it) a stick still far out of reach after the new deal.

Once the stick is face up it plays the family policy with the table in view: the melds and
lay-offs of the best arrangement of its hand together with everyone's melds, and the discard that
leaves the least deadwood after lay-offs (among equals not a card anyone could lay off).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from gamenight.bots.families.rummy import TablePlanBot, table_melds
from gamenight.core.moves import Move
from gamenight.families.contracts import Contract, discard_shortfalls, search, shortfall
from gamenight.families.draw_discard import COUNT_VALUES
from gamenight.families.melds import RUMMY_VALUES, MeldRules, MeldSolver
from gamenight.games.sticks import RULES

#: a stick this many cards short after a new deal is traded in, where the table allows it
TRADE_SHORTFALL = 5


@lru_cache(maxsize=1024)
def _parse(text: str) -> Contract:
    return Contract.parse(text, exact=True)


@lru_cache(maxsize=1 << 15)
def stick_shortfall(stick: Contract, hand: tuple[int, ...]) -> int:
    """``shortfall`` of a sorted hand, remembered: a turn asks about the same hands repeatedly."""
    return shortfall(stick, hand, RULES)


class SticksBot(TablePlanBot):
    """Lays its stick as soon as it can, keeping what serves it; then lays off and sheds."""

    def __init__(self) -> None:
        super().__init__()
        self.stick: Contract | None = None

    def rules(self, view: dict[str, Any]) -> MeldRules:
        return RULES

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        """Every card counts one: what matters is how many are left, not their points."""
        return COUNT_VALUES

    # ---- the stick ----------------------------------------------------------------------

    def short(self, hand: Sequence[int]) -> int:
        assert self.stick is not None
        return stick_shortfall(self.stick, tuple(sorted(hand)))

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        self.table = table_melds(view, RULES)
        text = view.get("my_stick_text")
        self.stick = _parse(text) if text else None
        if self.stick is None:
            return None  # the stick is face up: the family policy, with the table in view
        verbs = {m.verb for m in legal}
        if "trade" in verbs and self.short(hand) >= TRADE_SHORTFALL:
            return next(m for m in legal if m.verb == "trade")
        if "draw" in verbs or "take" in verbs:
            return self.draw_for_stick(legal, hand)
        melds = [m for m in legal if m.verb == "meld"]
        if melds:
            return self.lay_stick(melds, hand)
        discards = [m for m in legal if m.verb == "discard"]
        if discards:
            return self.discard_for_stick(discards, hand, solver)
        return None

    def draw_for_stick(self, legal: list[Move], hand: list[int]) -> Move:
        take = next((m for m in legal if m.verb == "take"), None)
        draw = next((m for m in legal if m.verb == "draw"), None)
        if take is not None and (draw is None or self.short([*hand, take.cards[0]]) < self.short(hand)):
            return take
        return draw if draw is not None else legal[0]

    def lay_stick(self, melds: list[Move], hand: list[int]) -> Move:
        """A group of the stick as ``search`` lays it (keeping a card for the discard)."""
        assert self.stick is not None
        found = search(self.stick, hand, RULES, keep=1)
        offered = {tuple(sorted(m.cards)): m for m in melds}
        for meld in found or ():
            move = offered.get(tuple(sorted(meld.cards)))
            if move is not None:
                return move
        return melds[0]

    def discard_for_stick(self, discards: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        assert self.stick is not None
        short = discard_shortfalls(self.stick, hand, RULES)
        after = solver.deadwood_after_discards(hand)
        rules = solver.rules

        def cost(m: Move) -> tuple[int, bool, int, int]:
            c = m.cards[0]
            return short[c], rules.is_wild(c), after.get(c, 1 << 30), -RUMMY_VALUES[c]

        return min(discards, key=cost)

    # ---- after the stick: shed, with the table's melds in view ----------------------------

    def choose_lay_off(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        offers = self.planned_lay_offs(legal, hand, solver)
        if not offers:
            deadwood = set(self.plan(hand, solver).deadwood)
            offers = [m for m in legal if m.verb == "layoff" and m.cards[0] in deadwood]
        if not offers:
            return None
        return max(offers, key=lambda m: RUMMY_VALUES[m.cards[0]])


GAME_BOTS = {"sticks": SticksBot}

__all__ = ["GAME_BOTS", "SticksBot", "stick_shortfall"]
