"""Horseshit Rummy: put the valuable cards on the table, take from the spread pile what pays.

Every card a player lays in front of him scores for him and every card left in his hand at the
end scores against him, so a hand is worth the value it can lay down less the value it would be
left holding: with the table's sets to lay off on, that is the hand's total less twice its least
deadwood (``worth``; the family's exact plan, ``best_with_lay_offs``, with the round's values —
the wild rank and aces 100). On that one measure:

* **The pile**: of drawing from the stock, taking the top discard and every dig the rules allow,
  the bot picks the one that raises the hand's worth most — a dig brings the whole top of the pile
  (wild cards and aces in it included, and junk too, which counts against it until discarded) —
  and draws unless a pick gains more than a stock card is worth on average.
* **Melds and lay-offs**: the plan's sets as soon as they are made (a dug card's set first, the
  richest of those allowed), then its lay-offs on anyone's sets, then any card left over that
  still goes onto a set (a wild card above all: 100 points in front instead of against).
* **The discard**: never a wild card while anything else will do (any set takes it, and in the
  pile it waits for a digger); else the card whose loss leaves the hand worth most, a card the
  next player is known to hold or that lays off on a set on the table (anyone may take it free)
  counted as costing what it would score for him; among equals the costliest to be caught holding.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamenight.bots.families.rummy import TablePlanBot, table_melds
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.melds import MeldRules, MeldSolver
from gamenight.games.horseshit_rummy import round_rules, values_for

#: what a card from the stock adds to a hand's worth, on average, for the pile to beat
DRAW_WORTH = 0


def wild_of(view: dict[str, Any]) -> int:
    return C.RANKS.index(view["wild_rank"])


class HorseshitBot(TablePlanBot):
    """The family's table plan, scored as Horseshit scores and using the spread pile."""

    def __init__(self) -> None:
        super().__init__()
        self.next_pairs: set[int] = set()

    def rules(self, view: dict[str, Any]) -> MeldRules:
        return round_rules(wild_of(view))

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        return values_for(wild_of(view))

    def worth(self, hand: Sequence[int], solver: MeldSolver) -> int:
        """What the hand lays down less what it is left holding, the table's sets used."""
        total = sum(solver.values[c] for c in hand)
        return total - 2 * self.plan(list(hand), solver).deadwood_value

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        self.table = table_melds(view, solver.rules)
        if view["phase"] == "draw":
            return self.choose_pickup(view, legal, hand, solver)
        if view.get("dug"):
            return self.choose_dug_meld(legal, hand, solver)
        return None

    # ---- the stock or the pile ----------------------------------------------------------------

    def choose_pickup(self, view: dict[str, Any], legal: list[Move], hand: list[int],
                      solver: MeldSolver) -> Move:
        pile = C.cards(view["discard_pile"])
        base = self.worth(hand, solver)
        best = next((m for m in legal if m.verb == "draw"), legal[0])
        best_gain = DRAW_WORTH
        for m in legal:
            if m.verb == "take":
                picked = pile[-1:]
            elif m.verb == "dig" and m.number is not None:
                picked = pile[-m.number:]
            else:
                continue
            gain = self.worth([*hand, *picked], solver) - base
            if gain > best_gain:
                best, best_gain = m, gain
        return best

    def choose_dug_meld(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        """The set the dig asks for that leaves the richest hand and table."""
        def after(m: Move) -> int:
            rest = Counter(hand)
            rest.subtract(m.cards)
            return sum(solver.values[c] for c in m.cards) + self.worth(list(rest.elements()), solver)

        return max((m for m in legal if m.verb == "meld"), key=after, default=legal[0])

    # ---- lay-offs and the discard -------------------------------------------------------------

    def choose_lay_off(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        offers = self.planned_lay_offs(legal, hand, solver)
        if offers:
            return max(offers, key=lambda m: solver.values[m.cards[0]])
        return super().choose_lay_off(legal, hand, solver)  # deadwood (a wild card) onto any set

    def choose_discard(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        rules = solver.rules
        fed = self.next_pairs

        def cost(m: Move) -> tuple[bool, int, int]:
            c = m.cards[0]
            rest = list(hand)
            rest.remove(c)
            # a card the next player pairs, or anyone lays off free, scores for him what it is worth
            feeds = C.RANK_OF[c] in fed or self.helps_others(c, rules)
            value = solver.values[c]
            return rules.is_wild(c), -self.worth(rest, solver) + (value if feeds else 0), -value

        return min((m for m in legal if m.verb == "discard"), key=cost)

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        self.next_pairs = self.known_pairs_of_next(view)
        return super().choose(view, legal, sampler, rng)

    @staticmethod
    def known_pairs_of_next(view: dict[str, Any]) -> set[int]:
        """The ranks the next player is known to hold (face up, or taken from the pile): a discard
        of one would give him a pair, or a set."""
        known = view.get("known_cards") or []
        if not known:
            return set()
        nxt = (view["seat"] + 1) % len(known)
        return {C.RANK_OF[C.card(x)] for x in known[nxt]}


GAME_BOTS = {"horseshit-rummy": HorseshitBot}

__all__ = ["GAME_BOTS", "HorseshitBot"]
