"""The family heuristic for draw-and-discard rummies, tuned per game by subclasses.

It plays from the seat's view alone and leans on the exact meld solver:

* **Draw**: take the top discard when it joins a meld of the hand's best arrangement (a wild
  card always), otherwise draw from the stock.
* **Meld and lay off** (where the game lets a player meld during the turn): lay the melds of the
  hand's best arrangement, and lay off cards that arrangement leaves as deadwood, costliest first.
* **Discard**: the card whose discard leaves the least deadwood; among equals the costliest, and
  never a wild card while anything else will do.

A game's bot subclass says which rules and values hold this deal (:meth:`RummyBot.rules`,
:meth:`RummyBot.values`) and handles the game's own moves (knocking, gin, going out, votes) in
:meth:`RummyBot.special`, which is asked first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move, parse_move
from gamenight.equipment import cards as C
from gamenight.families.melds import RUMMY_VALUES, Arrangement, Meld, MeldRules, MeldSolver, solver_for


class RummyBot:
    """Heuristic bot for the rummy family; games subclass it where it pays."""

    name = "heuristic"

    # ---- what games override --------------------------------------------------------

    def rules(self, view: dict[str, Any]) -> MeldRules:
        """The meld rules in force for this deal (wild ranks can change every round)."""
        raise NotImplementedError

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        """What each card costs left in hand (the deadwood table), 53 entries."""
        return RUMMY_VALUES

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        """The game's own moves (knock, gin, go out, vote); ``None`` leaves the turn to the family."""
        return None

    def wants_to_meld_now(self, view: dict[str, Any]) -> bool:
        """Whether to lay melds as soon as they are made (a game may prefer to hold them back)."""
        return True

    # ---- the family policy ----------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        hand = [C.card(c) for c in view.get("hand") or []]
        solver = solver_for(self.rules(view), tuple(self.values(view)))
        move = self.special(view, legal, hand, solver, rng)
        if move is not None:
            return move
        verbs = {m.verb for m in legal}
        if "draw" in verbs or "take" in verbs:
            return self.choose_draw(legal, hand, solver)
        if "meld" in verbs and self.wants_to_meld_now(view):
            move = self.choose_meld(legal, hand, solver)
            if move is not None:
                return move
        if "layoff" in verbs:
            move = self.choose_lay_off(legal, hand, solver)
            if move is not None:
                return move
        if "discard" in verbs:
            return self.choose_discard(legal, hand, solver)
        return legal[rng.randrange(len(legal))]

    def choose_draw(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        take = next((m for m in legal if m.verb == "take"), None)
        draw = next((m for m in legal if m.verb == "draw"), None)
        if take is None:
            return draw if draw is not None else legal[0]
        if draw is None or self.take_pays(take.card, hand, solver):
            return take
        return draw

    def take_pays(self, c: int, hand: list[int], solver: MeldSolver) -> bool:
        """Whether to take ``c`` from the discard pile: a wild card always; else ``c`` must join a
        meld of the best arrangement it makes (merely lower than some card in hand is not enough: a
        card from the stock would swap for that card as well), and the hand after the turn's
        discard must carry less deadwood than the hand now. A take that only swaps like for like is
        a pass that shows the table a card: where the rules let the taken card be thrown back (The
        Card Game), four bots took and threw back the same ace for ever, the stock untouched."""
        if solver.rules.is_wild(c):
            return True
        held = [*hand, c]
        plan = solver.best(held)
        if plan.deadwood.count(c) >= held.count(c):
            return False
        now = solver.best(hand).deadwood_value
        # quick: throwing the plan's costliest loose card (not c) leaves at most the rest loose
        loose = [solver.values[d] for d in plan.deadwood if d != c]
        if loose and plan.deadwood_value - max(loose) < now:
            return True
        # else every discard's best (the full table: the plan may have to break a meld); discarding
        # c itself (or its twin from another deck) would leave the hand as it was
        after = [dw for d, dw in solver.deadwood_after_discards(held).items() if d != c]
        return bool(after) and min(after) < now

    def choose_meld(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        wanted = {tuple(sorted(m.cards)) for m in solver.best(hand).melds}
        for m in legal:
            if m.verb == "meld" and tuple(sorted(m.cards)) in wanted:
                return m
        return None

    def choose_lay_off(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        deadwood = set(solver.best(hand).deadwood)
        offers = [m for m in legal if m.verb == "layoff" and m.cards[0] in deadwood]
        if not offers:
            return None
        return max(offers, key=lambda m: solver.values[m.cards[0]])

    def choose_discard(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        after = solver.deadwood_after_discards(hand)
        rules = solver.rules
        discards = [m for m in legal if m.verb == "discard"]

        def cost(m: Move) -> tuple[int, int, int]:
            c = m.cards[0]
            return (rules.is_wild(c), after.get(c, 1 << 30), -solver.values[c])

        return min(discards, key=cost)


class TablePlanBot(RummyBot):
    """The family heuristic planning with the melds on the table to lay off on (Standard Rummy,
    Sticks): the hand's best arrangement counts cards that go onto the table's melds as used, so a
    discard it would take, a meld it lays and a card it lays off all come from that one plan. A
    game sets ``self.table`` (the melds on the table, read from the view) in ``special``."""

    def __init__(self) -> None:
        self.table: list[Meld] = []

    def plan(self, hand: list[int], solver: MeldSolver) -> Arrangement:
        """The best arrangement of ``hand`` with the table's melds to lay off on."""
        return solver.best_with_lay_offs(hand, self.table)

    def take_pays(self, c: int, hand: list[int], solver: MeldSolver) -> bool:
        held = [*hand, c]
        return self.plan(held, solver).deadwood.count(c) < held.count(c)

    def choose_meld(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        wanted = sorted(self.plan(hand, solver).melds, key=lambda m: -m.size)
        offered = {tuple(sorted(m.cards)): m for m in legal if m.verb == "meld"}
        for meld in wanted:
            move = offered.get(tuple(sorted(meld.cards)))
            if move is not None:
                return move
        return None

    def planned_lay_offs(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> list[Move]:
        """The legal lay-offs the plan makes."""
        plan = self.plan(hand, solver)
        planned = {(lo.target + 1, c) for lo in plan.lay_offs for c in lo.cards}
        return [m for m in legal if m.verb == "layoff" and (m.number, m.cards[0]) in planned]

    def choose_discard(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        """The discard leaving the least deadwood once the table is used, then one nobody can lay
        off on the table, then the costliest."""
        discards = [m for m in legal if m.verb == "discard"]

        def cost(m: Move) -> tuple[int, bool, int]:
            c = m.cards[0]
            rest = list(hand)
            rest.remove(c)
            left = self.plan(rest, solver).deadwood_value
            return left, self.helps_others(c, solver.rules), -RUMMY_VALUES[c]

        return min(discards, key=cost)

    def helps_others(self, c: int, rules: MeldRules) -> bool:
        """Whether ``c`` lays off on a meld on the table (anyone may take it and lay it off)."""
        return any(rules.lay_offs(m, c) for m in self.table)


def table_melds(view: dict[str, Any], rules: MeldRules) -> list[Meld]:
    """The melds on the table, read back from the view. A group of wild cards only that the rules
    cannot read (a contract's closed group: Sticks' W5) is left out: nothing is laid off on it."""
    out = []
    for m in view.get("melds") or []:
        move = parse_move("meld " + m["text"])
        found = rules.read(move)
        if not isinstance(found, Meld) and all(0 <= c <= C.JOKER and rules.is_wild(c) for c in move.cards):
            continue
        assert isinstance(found, Meld), found
        out.append(found)
    return out

