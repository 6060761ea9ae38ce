"""The Gin Rummy bot: the rummy family heuristic (keep melds, discard to the least deadwood, take
the discard only when it joins a meld) plus gin's own decisions, from the seat's view alone:

* **Upcard** (standard first turn): take it when it joins a meld, else pass.
* **Endings**: Double Gin, then Gin, whenever legal. Knock (Run) with the discard leaving the
  least deadwood while the hand is young — the opponent is rarely ready early — and later only
  with little deadwood, since by then an undercut is likely (the book's undercut costs twice
  the runner's deadwood plus 25, so its Runs are stricter). Near the end of the stock any
  legal knock beats a drawn hand.
* **Wall**: take the last discard whenever that is legal: it is offered only to knock.
* **Laying the melds** after a knock with a choice: the arrangement costing least — its deadwood
  plus what the defender may be expected to lay off on it (the value of every card the bot has
  not seen that would fit one of its melds, times the chance the defender holds it), so of two
  arrangements with the same deadwood the one leaving fewer lay-offs.
* **Lay-offs**: the exact best set of lay-offs on the knocker's melds (``best_with_lay_offs``),
  one card at a time, then ``done``.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.families.rummy import RummyBot
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.melds import Meld, MeldRules, MeldSolver

#: stock cards left (above the wall) while a knock at the limit still pays
EARLY = 14
#: late in the hand: the most deadwood to knock with, by rule set (standard limit 10, book 9)
LATE_KNOCK = {"difference": 6, "double": 3}
#: this close to the wall, any legal knock beats a drawn hand
LAST_TURNS = 2


class GinRummyBot(RummyBot):
    def rules(self, view: dict[str, Any]) -> MeldRules:
        return MeldRules(ace=view["options"]["ace"], jokers_wild=False)

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        phase = view["phase"]
        if phase == "upcard":
            take = legal[0]
            return take if self.take_pays(take.card, hand, solver) else legal[1]  # [take X, pass]
        if phase == "wall":
            return legal[0]  # a take is offered only when it lets us knock
        if phase == "layoff":
            return self.lay_off(view, legal, hand, solver)
        if phase == "arrange":
            return self.arrange(view, legal, hand, solver)
        return self.ending(view, legal, hand, solver)

    def ending(self, view: dict[str, Any], legal: list[Move], hand: list[int],
               solver: MeldSolver) -> Move | None:
        endings = [m for m in legal if m.verb in ("knock", "gin", "double")]
        if not endings:
            return None
        for verb in ("double", "gin"):
            found = [m for m in endings if m.verb == verb]
            if found:
                return found[0]
        after = solver.deadwood_after_discards(hand)
        best = min(endings, key=lambda m: (after[m.card], -solver.values[m.card]))
        if not any(m.verb == "discard" for m in legal):
            return best  # the last discard was taken at the wall: knocking is the only way on
        o = view["options"]
        left = view["stock_size"] - o["wall"]
        limit = o["knock_limit"] if left > EARLY else LATE_KNOCK[o["undercut"]]
        return best if left <= LAST_TURNS or after[best.card] <= limit else None

    def arrange(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        """The arrangement with the least deadwood plus expected lay-offs."""
        rules, values = solver.rules, solver.values
        seen = set(hand) | set(C.cards(view.get("discard_pile") or []))
        unseen = [c for c in range(52) if c not in seen]
        seat = view["seat"]
        defender = next(t for t in view["table_seats"] if t != seat)
        chance: float = view["hand_sizes"][defender] / max(1, len(unseen))

        def cost(move: Move) -> float:
            groups = " ".join(str(move).split()[1:]).split(" and ")
            melds = [rules.check(C.cards(g), None) for g in groups]
            laid = {c for m in melds if isinstance(m, Meld) for c in m.cards}
            fits: int = sum(values[c] for c in unseen
                       if any(isinstance(m, Meld) and rules.lay_offs(m, c) for m in melds))
            dead: int = sum(values[c] for c in hand if c not in laid)
            return dead + chance * fits

        return min(legal, key=cost)

    def lay_off(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        rules = solver.rules
        table = [rules.check(C.cards(m["cards"]), m["kind"]) for m in view["melds"]]
        melds = [m for m in table if isinstance(m, Meld)]
        plan = solver.best_with_lay_offs(hand, melds)
        wanted = {(lo.target + 1, c) for lo in plan.lay_offs for c in lo.cards}
        for m in legal:
            if m.verb == "layoff" and (m.number, m.card) in wanted:
                return m
        return next(m for m in legal if m.verb == "done")


GAME_BOTS = {"gin-rummy": GinRummyBot}

__all__ = ["GAME_BOTS", "GinRummyBot"]
