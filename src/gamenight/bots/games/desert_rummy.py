"""Desert Rummy: play the meld you are on, then shed onto it.

From the seat's view alone (its level's contract, its hand, its own melds on the table):

* **Before the meld is down** the measure is the contract's shortfall (``contracts.shortfall``:
  the fewest cards the hand still needs). The top discard is taken when it is wild or lowers
  that shortfall; the discard is the card whose loss costs the contract least
  (``discard_shortfalls``), never a wild card while anything else will do, and among equals the
  card with the fewest neighbours (same rank, or same suit within two places).
* **Laying the meld**: as soon as it can, group by group, each group with as many natural cards
  and as few wild cards as the kernel lets it (the cards laid now are cards it need not shed later).
* **After the meld**: every wild swap (the freed wild goes on one of its melds: one card fewer to
  shed), then lay-offs onto its own melds, naturals before wilds (a natural makes room for a
  wild, never the reverse), and a discard of the card that cannot be laid off — the one least
  likely to fit later. It takes the top discard only when it lays off.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move, parse_move
from gamenight.equipment import cards as C
from gamenight.families.contracts import Contract, discard_shortfalls, shortfall
from gamenight.families.melds import Meld
from gamenight.games.desert_rummy import RULES

_WILD = RULES.wild_table


@lru_cache(maxsize=4096)
def _shortfall(contract: Contract, hand: tuple[int, ...]) -> int:
    return shortfall(contract, hand, RULES)


@lru_cache(maxsize=4096)
def _discard_costs(contract: Contract, hand: tuple[int, ...]) -> dict[int, int]:
    return discard_shortfalls(contract, list(hand), RULES)


def _neighbours(c: int, hand: list[int]) -> int:
    """How many other cards of the hand could share a group with ``c``: same rank, or same suit
    within two places."""
    if _WILD[c]:
        return 99
    rank, suit = C.RANK_OF[c], C.SUIT_OF[c]
    n = -1
    for x in hand:
        if _WILD[x]:
            continue
        if C.RANK_OF[x] == rank or (C.SUIT_OF[x] == suit and abs(C.RANK_OF[x] - rank) <= 2):
            n += 1
    return n


def own_melds(view: dict[str, Any]) -> list[Meld]:
    """The viewing seat's melds on the table, read back from the view."""
    out = []
    for m in view.get("melds") or []:
        if m["owner"] == view["seat"]:
            found = RULES.read(parse_move("meld " + m["text"]))
            if isinstance(found, Meld):
                out.append(found)
    return out


def fits_own(c: int, melds: list[Meld]) -> bool:
    return any(RULES.lay_offs(m, c) for m in melds)


class DesertBot:
    """The Desert Rummy bot (see the module notes)."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        hand = [C.card(c) for c in view.get("hand") or []]
        contract = Contract.parse(view["contract_codes"][seat])
        made = view["made"][seat]
        by_verb: dict[str, list[Move]] = {}
        for m in legal:
            by_verb.setdefault(m.verb, []).append(m)
        if "draw" in by_verb or "take" in by_verb:
            return self.choose_draw(view, by_verb, hand, contract, made)
        if not made:
            if "meld" in by_verb:
                return self.contract_group(by_verb["meld"])
            return self.discard_for_contract(by_verb["discard"], hand, contract)
        for verb in ("swap", "meld"):
            if verb in by_verb:
                return by_verb[verb][0]
        if "layoff" in by_verb:
            return min(by_verb["layoff"], key=lambda m: (_WILD[m.cards[0]], m.number or 0))
        return self.shed(by_verb.get("discard") or legal, hand, own_melds(view))

    # ---- the draw -----------------------------------------------------------------------

    def choose_draw(self, view: dict[str, Any], by_verb: dict[str, list[Move]], hand: list[int],
                    contract: Contract, made: bool) -> Move:
        takes = by_verb.get("take")
        draws = by_verb.get("draw")
        if not takes:
            return draws[0] if draws else next(iter(by_verb.values()))[0]
        if not draws or self.take_pays(takes[0].cards[0], view, hand, contract, made):
            return takes[0]
        return draws[0]

    def take_pays(self, top: int, view: dict[str, Any], hand: list[int], contract: Contract,
                  made: bool) -> bool:
        if made:
            return fits_own(top, own_melds(view))
        if _WILD[top]:
            return True
        now = _shortfall(contract, tuple(sorted(hand)))
        held = tuple(sorted([*hand, top]))
        costs = _discard_costs(contract, held)
        # the best discard after taking it, other than the card itself
        after = min(v for c, v in costs.items() if c != top or held.count(top) > 1)
        return after < now

    # ---- the contract ---------------------------------------------------------------------

    @staticmethod
    def contract_group(melds: list[Move]) -> Move:
        """The group with the most natural cards and the fewest wild cards."""
        def key(m: Move) -> tuple[int, int]:
            wilds = sum(_WILD[c] for c in m.cards)
            return (-(len(m.cards) - wilds), wilds)
        return min(melds, key=key)

    def discard_for_contract(self, discards: list[Move], hand: list[int], contract: Contract) -> Move:
        costs = _discard_costs(contract, tuple(sorted(hand)))

        def key(m: Move) -> tuple[int, bool, int, int]:
            c = m.cards[0]
            return (costs.get(c, 99), _WILD[c], _neighbours(c, hand), -C.RANK_OF[c])
        return min(discards, key=key)

    # ---- after the meld ---------------------------------------------------------------------

    @staticmethod
    def shed(discards: list[Move], hand: list[int], melds: list[Meld]) -> Move:
        """The card least likely to be laid off later: one that fits no meld now, far from every
        run's ends and of no set's rank; never a wild card while anything else will do."""
        def distance(c: int) -> int:
            if _WILD[c]:
                return -1
            if fits_own(c, melds):
                return 0
            best = 99
            for m in melds:
                if m.is_run and m.suit == C.SUIT_OF[c]:
                    pos = C.RANK_OF[c] + 1
                    best = min(best, abs(pos - m.start), abs(pos - m.end))
            return best

        return max(discards, key=lambda m: (distance(m.cards[0]), C.RANK_OF[m.cards[0]]))


GAME_BOTS = {"desert-rummy": DesertBot}
