"""The Push bot: plays its contract first, then goes out fast, from the seat's view alone.

* **Draw**: take the top discard when it serves — a wild always; before the contract, when it
  lowers the hand's shortfall (``contracts.shortfall``: the fewest more cards the contract needs);
  after it, when it joins a meld of the hand's best arrangement or lays off on the table. Otherwise
  push it: the opponent on the left gets two cards to count against his team, and the bot still
  draws a fresh card.
* **Contract**: as soon as the hand meets it (``contracts.search``, keeping a card to discard
  unless every card goes down), lay its groups one by one.
* **After the contract**: lay the melds of the best arrangement of the hand (Push's card values,
  exact solver), lay off the deadwood, costliest first, and swap a natural that is deadwood for a
  wild on the table when the freed wild can be laid at once; the kernel makes it meld the wild.
* **Discard**: before the contract, a card whose loss leaves the shortfall lowest; after it, the
  card leaving the least deadwood. Never a wild while anything else will do; among equals the
  costliest card, and most of all when an opponent is close to going out (few cards left); and
  not a card the next player (an opponent) could lay off on the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move, parse_move
from gamenight.equipment import cards as C
from gamenight.families.contracts import Contract, shortfall
from gamenight.families.contracts import search as contract_search
from gamenight.families.melds import Meld, MeldRules, MeldSolver, solver_for
from gamenight.games.push import VALUES, meld_rules

#: an opponent holding this many cards or fewer may go out soon: shed high cards
CLOSE = 3


@lru_cache(maxsize=64)
def _contract(text: str) -> Contract:
    return Contract.parse(text)


@lru_cache(maxsize=4096)
def _shortfall(contract: Contract, hand: tuple[int, ...], rules: MeldRules) -> int:
    return shortfall(contract, hand, rules)


@lru_cache(maxsize=4096)
def _table_meld(text: str, rules: MeldRules) -> Meld:
    """A meld on the table from its text in the view (an all-wild one names what it stands for)."""
    found = rules.read(parse_move(f"meld {text}"))
    assert isinstance(found, Meld), found
    return found


def _key(meld: Meld) -> tuple[str, tuple[int, ...], int, int, int]:
    """A meld up to which wild cards it uses: kind, naturals, how many wilds, where a run starts."""
    return meld.kind, tuple(sorted(meld.natural_cards())), meld.wilds, meld.start, meld.rank


class PushBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        rules = meld_rules(view["options"]["same_suit_in_set"])
        hand = sorted(C.card(c) for c in view.get("hand") or [])
        me = view["seat"]
        contract = _contract(view["contract_codes"][me])
        made = view["made"][me]
        solver = solver_for(rules, VALUES)
        verbs = {m.verb for m in legal}
        table = [_table_meld(m["text"], rules) for m in view["melds"]]
        if verbs & {"take", "push", "draw"}:
            return self.choose_draw(legal, hand, contract, made, rules, solver, table)
        move = self.choose_play(view, legal, hand, contract, made, rules, solver)
        if move is not None:
            return move
        discards = [m for m in legal if m.verb == "discard"]
        if discards:
            return self.choose_discard(view, discards, hand, contract, made, rules, solver, table)
        return legal[rng.randrange(len(legal))]

    # ---- the draw ---------------------------------------------------------------------------

    def choose_draw(self, legal: list[Move], hand: list[int], contract: Contract, made: bool,
                    rules: MeldRules, solver: MeldSolver, table: Sequence[Meld]) -> Move:
        take = next((m for m in legal if m.verb == "take"), None)
        other = next((m for m in legal if m.verb in ("push", "draw")), None)
        if take is None or other is None:
            return take or other or legal[0]
        return take if self.take_pays(take.cards[0], hand, contract, made, rules, solver, table) else other

    def take_pays(self, c: int, hand: list[int], contract: Contract, made: bool, rules: MeldRules,
                  solver: MeldSolver, table: Sequence[Meld]) -> bool:
        if rules.is_wild(c):
            return True
        if not made:
            after = _shortfall(contract, tuple(sorted([*hand, c])), rules)
            return after < _shortfall(contract, tuple(hand), rules)
        held = [*hand, c]
        if solver.best(held).deadwood.count(c) < held.count(c):
            return True
        return any(rules.lay_offs(m, c) for m in table)

    # ---- melding ----------------------------------------------------------------------------

    def choose_play(self, view: dict[str, Any], legal: list[Move], hand: list[int], contract: Contract,
                    made: bool, rules: MeldRules, solver: MeldSolver) -> Move | None:
        melds = [m for m in legal if m.verb == "meld"]
        if not made:
            if not melds:
                return None
            found = contract_search(contract, hand, rules, keep=0 if contract.size == len(hand) else 1)
            if found is None:
                return None
            wanted = {_key(m) for m in found}
            for m in melds:
                read = rules.read(m)
                if isinstance(read, Meld) and _key(read) in wanted:
                    return m
            return melds[0]  # part-way through the contract: only its groups are legal
        best = solver.best(hand)
        if melds:
            wanted = {_key(m) for m in best.melds}
            for m in melds:
                read = rules.read(m)
                if isinstance(read, Meld) and _key(read) in wanted:
                    return m
        deadwood = set(best.deadwood)
        offers = [m for m in legal if m.verb == "layoff" and m.cards[0] in deadwood]
        if offers:
            return max(offers, key=lambda m: VALUES[m.cards[0]])
        swaps = [m for m in legal if m.verb == "swap" and m.cards[0] in deadwood]
        if swaps:
            return swaps[0]
        if view.get("freed"):  # a wild freed by a swap must be laid now
            laid = [m for m in legal if m.verb in ("meld", "layoff")]
            if laid:
                return laid[0]
        return None

    # ---- the discard ------------------------------------------------------------------------

    def choose_discard(self, view: dict[str, Any], discards: list[Move], hand: list[int], contract: Contract,
                       made: bool, rules: MeldRules, solver: MeldSolver, table: Sequence[Meld]) -> Move:
        sizes = view["hand_sizes"]
        me = view["seat"]
        close = any(sizes[s] <= CLOSE for s in range(len(sizes)) if s % 2 != me % 2)
        after = solver.deadwood_after_discards(hand) if made else self.shortfalls_after(
            hand, [m.cards[0] for m in discards], contract, rules)
        nxt = (me + 1) % len(sizes)
        nxt_made = view["made"][nxt]

        def cost(m: Move) -> tuple[int, int, int, int]:
            c = m.cards[0]
            helps = nxt_made and any(rules.lay_offs(t, c) for t in table)
            worth = after.get(c, 1 << 20)
            if close and not made:  # shed points rather than chase a contract that may not come
                worth = worth - VALUES[c] // 10
            return (rules.is_wild(c), worth, helps, -VALUES[c])

        return min(discards, key=cost)

    def shortfalls_after(self, hand: list[int], cards: list[int], contract: Contract,
                         rules: MeldRules) -> dict[int, int]:
        """The shortfall after discarding each card, searched only as far as needed: the loosest
        cards first (the fewest partners for a set or a run), stopping at the first whose loss
        costs the contract nothing; the cards not searched count as costing one more card."""
        base = _shortfall(contract, tuple(hand), rules)
        out: dict[int, int] = {}
        for c in sorted(set(cards), key=lambda c: (rules.is_wild(c), _ties(c, hand, rules), -VALUES[c])):
            rest = list(hand)
            rest.remove(c)
            out[c] = _shortfall(contract, tuple(rest), rules)
            if out[c] == base:
                break
        return {c: out.get(c, base + 1) for c in cards}


def _ties(c: int, hand: list[int], rules: MeldRules) -> int:
    """How many other natural cards of the hand could share a set or a run with ``c``."""
    rank, suit = C.RANK_OF[c], C.SUIT_OF[c]
    n = 0
    for d in hand:
        if d == c or not rules.is_natural(d):
            continue
        if C.RANK_OF[d] == rank or (C.SUIT_OF[d] == suit and abs(C.RANK_OF[d] - rank) <= 2):
            n += 1
    return n


GAME_BOTS = {"push": PushBot}
