"""10 Dime Rummy: play the round's contract, then put every card it can on the table.

Every card a player puts down scores for him and every card he holds at the end counts against
him, so the bot's whole aim is to get its cards onto the table before someone goes out:

* **Before the contract**: it measures a hand by the contract kernel's shortfall (the fewest more
  cards it needs). It buys the top discard when that card lowers the shortfall and it has dimes to
  spare (it keeps about a dime for every two rounds still to come); otherwise it draws — or,
  offered a discard out of turn, passes. It
  discards the card whose loss leaves the shortfall lowest, never a wild card while anything else
  will do, and among equals the card that would cost most left in hand.
* **Laying the contract**: as soon as it can, each set with as many natural cards as possible
  and as few wild ones (the wilds are worth more kept for later sets and lay-offs, which take
  them too).
* **After the contract**: it lays every further set it can and lays off every card it can, on
  anyone's sets, the most valuable first; it buys a discard it could lay off straight away while
  dimes last beyond its reserve; it discards the costliest card that no set on the table takes,
  keeping pairs that a third card would make a set of. It goes out at the first chance: every
  card it lays counts, and going out leaves the others holding theirs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.contracts import Contract, discard_shortfalls, shortfall
from gamenight.families.melds import Meld
from gamenight.games.ten_dime_rummy import DIME, RULES, VALUES

#: a dime kept back for every this many rounds still to come
ROUNDS_PER_RESERVED_DIME = 2


class TenDimeBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        hand = [C.card(c) for c in view.get("hand") or []]
        contract = Contract.parse(view["contract"], distinct_ranks=view["options"]["distinct_contract_ranks"])
        made = bool(view["made"][seat])
        by_verb: dict[str, list[Move]] = {}
        for m in legal:
            by_verb.setdefault(m.verb, []).append(m)
        buy = by_verb.get("buy")
        if buy and self.buy_pays(view, hand, contract, made, buy[0].cards[0]):
            return buy[0]
        if "pass" in by_verb:  # a discard up for buying out of turn that does not pay
            return by_verb["pass"][0]
        if "draw" in by_verb:
            return by_verb["draw"][0]
        if "meld" in by_verb:
            return self.choose_meld(by_verb["meld"])
        if "layoff" in by_verb:
            return max(by_verb["layoff"], key=lambda m: VALUES[m.cards[0]])
        if "discard" in by_verb:
            return self.choose_discard(view, by_verb["discard"], hand, contract, made)
        return legal[rng.randrange(len(legal))]

    # ---- buying ------------------------------------------------------------------------------

    def spare_dimes(self, view: dict[str, Any]) -> int:
        """Dimes beyond the reserve kept for the rounds still to come."""
        dimes = int(view["money"]["seats"][view["seat"]]["purse"]) // DIME
        reserve = (int(view["rounds"]) - int(view["round"])) // ROUNDS_PER_RESERVED_DIME
        return dimes - reserve

    def buy_pays(self, view: dict[str, Any], hand: list[int], contract: Contract, made: bool,
                 top: int) -> bool:
        if self.spare_dimes(view) <= 0:
            return False
        if made:
            return self.lays_off(view, top)
        return shortfall(contract, [*hand, top], RULES) < shortfall(contract, hand, RULES)

    def lays_off(self, view: dict[str, Any], c: int) -> bool:
        """Whether ``c`` would go straight onto a set on the table."""
        return any(self.table_meld(m).cards and RULES.lay_offs(self.table_meld(m), c) for m in view["melds"])

    @staticmethod
    def table_meld(entry: dict[str, Any]) -> Meld:
        found = RULES.check(C.cards(" ".join(entry["cards"])), "set")
        assert isinstance(found, Meld)
        return found

    # ---- melds -------------------------------------------------------------------------------

    @staticmethod
    def choose_meld(melds: list[Move]) -> Move:
        """The set with the most natural cards and the fewest wild ones."""
        def key(m: Move) -> tuple[int, int]:
            wild = sum(RULES.is_wild(c) for c in m.cards)
            return len(m.cards) - wild, -wild

        return max(melds, key=key)

    # ---- the discard ---------------------------------------------------------------------------

    def choose_discard(self, view: dict[str, Any], discards: list[Move], hand: list[int], contract: Contract,
                       made: bool) -> Move:
        wild = RULES.is_wild
        if not made:
            after = discard_shortfalls(contract, hand, RULES)
            return min(discards, key=lambda m: (after.get(m.cards[0], 99), wild(m.cards[0]),
                                                -VALUES[m.cards[0]]))
        ranks = Counter(C.RANK_OF[c] for c in hand if not wild(c))
        return min(discards, key=lambda m: (wild(m.cards[0]), self.lays_off(view, m.cards[0]),
                                            ranks[C.RANK_OF[m.cards[0]]] >= 2, -VALUES[m.cards[0]]))


GAME_BOTS = {"ten-dime-rummy": TenDimeBot}
