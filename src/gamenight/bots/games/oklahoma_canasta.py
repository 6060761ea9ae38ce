"""Oklahoma Canasta (``oklahoma-canasta``): the rummy family's bot, planning with the game's own
score — melded values less held values — through the exact meld solver.

* **Draw**: of drawing from the stock and each way to take the whole pile (its top card melded at
  once with cards from the hand), the one whose hand plans best: the meld laid plus the best plan
  of the hand with the rest of the pile in it. The stock's card is unknown, so a pickup must gain.
* **Swap**: the joker is taken from a meld when the hand holds its named card and the joker would
  then be melded by the plan (a joker held at the end costs 200).
* **Meld and add**: the melds of the plan as soon as they are legal; then the plan's deadwood added
  to its own melds, a wild card first (a wild held costs more than it ever scores).
* **Discard**: the card leaving the best plan; never a wild card while anything else will do;
  among equals not one that lets the next player take the pile with cards he is known to hold,
  then the costliest.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.bots.families.rummy import RummyBot
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.melds import Arrangement, MeldRules, MeldSolver, solver_for
from gamenight.games.oklahoma_canasta import HELD, JOKER, MELDED, meld_rules, move_cards

#: a pickup must plan this much better than drawing from the stock
PICKUP_MARGIN = 5
#: a card the plan cannot use counts half its value against a hand (judging a pickup against the
#: draw): it may still meld later, or be discarded (at two seats against random players, 60
#: matches: 78% with half, 75% with the whole value or a quarter)
PILE_DEADWOOD = 0.5


def _without(cards: Sequence[int], gone: Sequence[int]) -> list[int]:
    rest = Counter(cards)
    rest.subtract(gone)
    return list(rest.elements())


class OklahomaBot(RummyBot):
    """Plans melded less held, takes the pile when it pays, swaps the joker when it can use it."""

    def rules(self, view: dict[str, Any]) -> MeldRules:
        return meld_rules(int(view.get("min_naturals") or 2))

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        return HELD

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        hand = [C.card(c) for c in view.get("hand") or []]
        solver = solver_for(self.rules(view), HELD, MELDED)
        verbs = {m.verb for m in legal}
        if "draw" in verbs or "pickup" in verbs:
            return self.choose_pickup(view, legal, hand, solver)
        for choose in (self.choose_swap, self.choose_named_meld, self.choose_addition):
            move = choose(legal, hand, solver)
            if move is not None:
                return move
        if "discard" in verbs:
            return self.choose_okl_discard(view, legal, hand, solver)
        return legal[rng.randrange(len(legal))]

    def choose_pickup(self, view: dict[str, Any], legal: list[Move], hand: list[int],
                      solver: MeldSolver) -> Move:
        draw = next((m for m in legal if m.verb == "draw"), None)
        pile = [C.card(c) for c in view.get("discard_pile") or []]
        best, best_worth = draw, self.worth(solver.best(hand)) + PICKUP_MARGIN
        seen: set[tuple[int, ...]] = set()
        for move in legal:
            if move.verb != "pickup":
                continue
            cards = move_cards(move)
            key = tuple(sorted(cards))
            if key in seen:
                continue
            seen.add(key)
            rest = _without([*hand, *pile], cards)
            worth = sum(MELDED[c] for c in cards) + self.worth(solver.best(rest))
            if worth > best_worth:
                best, best_worth = move, worth
        return best if best is not None else legal[0]

    @staticmethod
    def worth(plan: Arrangement) -> int:
        return plan.melded_value - int(PILE_DEADWOOD * plan.deadwood_value)

    def choose_swap(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        for move in legal:
            if move.verb == "swap":
                after = [*_without(hand, move.cards[:1]), JOKER]
                if JOKER not in solver.best(after).deadwood:
                    return move
        return None

    def choose_named_meld(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        wanted = {tuple(sorted(m.cards)) for m in solver.best(hand).melds}
        for move in legal:
            if move.verb == "meld" and tuple(sorted(move_cards(move))) in wanted:
                return move
        return None

    def choose_addition(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        deadwood = set(solver.best(hand).deadwood)
        offers = [m for m in legal if m.verb == "layoff" and move_cards(m)[0] in deadwood]
        if not offers:
            return None
        return max(offers, key=lambda m: HELD[move_cards(m)[0]])

    def choose_okl_discard(self, view: dict[str, Any], legal: list[Move], hand: list[int],
                           solver: MeldSolver) -> Move:
        rules = solver.rules
        discards = [m for m in legal if m.verb == "discard"]
        seat = int(view.get("seat") or 0)
        known = view.get("known_cards") or []
        players = len(view.get("hand_sizes") or [1])
        nxt = (seat + 1) % players
        next_holds = [C.card(c) for c in known[nxt]] if nxt < len(known) else []

        def cost(m: Move) -> tuple[bool, int, bool, int]:
            c = m.cards[0]
            return (rules.is_wild(c), -solver.score(_without(hand, (c,))), self.feeds(c, next_holds, rules),
                    -HELD[c])

        return min(discards, key=cost)

    @staticmethod
    def feeds(c: int, next_holds: list[int], rules: MeldRules) -> bool:
        """Whether ``c`` on top of the pile would let the next player take it with cards he is
        known to hold."""
        if len(next_holds) < 2:
            return False
        return any(c in m.cards for m in rules.all_melds([*next_holds, c], all_wild=False))


GAME_BOTS = {"oklahoma-canasta": OklahomaBot}

__all__ = ["GAME_BOTS", "OklahomaBot"]
