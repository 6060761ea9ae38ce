"""Arizona Rummy: the rummy family's table-planning policy with the round's wild rank, the piles
in front of every player, and going out the moment it can.

From the seat's view alone (the round, its hand, its own melds, every pile and the cards known to
lie in other hands):

* **Rules and values**: the round's meld rules (its rank and jokers wild) and what each card
  costs if it is left in hand (joker 50, the wild rank 25, ace 20, ...), so the family's plan
  measures deadwood as the round scores it.
* **Holding melds**: it lays nothing down until it goes out. Nothing is lost by waiting — when
  another player goes out everyone has a last lay-down — and a meld kept in hand can still be
  rebuilt around the cards that come.
* **Going out**: as soon as the hand, less one card, melds completely (its own melds on the table
  counted): it lays the plan's melds and lay-offs, then discards that card (the costliest such
  card; never a wild card where another will do).
* **Drawing**: of the piles' top cards that join a meld of the plan and leave less deadwood
  than the hand holds now, once it has discarded (a wild card: no more), it takes the one leaving
  the least (a wild card first); otherwise the stock.
* **Discarding**: the card whose loss leaves the least deadwood, then — because a discard stays on
  top of its pile for a whole round of turns, open to every other player — one that fits no card
  the others are known to hold (taken from a pile), then the costliest. Never a wild card while
  anything else will do.
* **The last lay-down** (someone else went out): every meld of the plan and every lay-off onto its
  own melds, then ``done``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.bots.families.rummy import TablePlanBot
from gamenight.core.moves import Move, parse_move
from gamenight.equipment import cards as C
from gamenight.families.melds import Meld, MeldRules, MeldSolver
from gamenight.games.arizona_rummy import DONE, round_rules, round_values


def own_melds(view: dict[str, Any], rules: MeldRules) -> list[Meld]:
    """The viewing seat's melds on the table, read back from the view."""
    out = []
    for m in view.get("melds") or []:
        if m["owner"] == view["seat"]:
            found = rules.read(parse_move("meld " + m["text"]))
            if isinstance(found, Meld):
                out.append(found)
    return out


def fits(c: int, other: int, rules: MeldRules) -> bool:
    """Whether natural ``c`` could share a meld with natural ``other``: the same rank, or the same
    suit within two places."""
    if C.RANK_OF[c] == C.RANK_OF[other]:
        return True
    return C.SUIT_OF[c] == C.SUIT_OF[other] and abs(C.RANK_OF[c] - C.RANK_OF[other]) <= 2


class ArizonaBot(TablePlanBot):
    def __init__(self) -> None:
        super().__init__()
        #: the cards other players are known to hold (taken from a pile), read at each discard
        self.known: list[int] = []

    def rules(self, view: dict[str, Any]) -> MeldRules:
        return round_rules(view["round"])

    def values(self, view: dict[str, Any]) -> Sequence[int]:
        return round_values(view["round"])

    def wants_to_meld_now(self, view: dict[str, Any]) -> bool:
        return False  # melds are laid when going out (and in the last lay-down): see the notes

    def special(self, view: dict[str, Any], legal: list[Move], hand: list[int], solver: MeldSolver,
                rng: random.Random) -> Move | None:
        rules = solver.rules
        self.table = own_melds(view, rules)
        if DONE in legal:
            return self.lay_everything(legal, hand, solver)
        if any(m.verb == "take" for m in legal):
            return self.choose_take(legal, hand, solver)
        if any(m.verb == "discard" for m in legal):
            out = self.going_out(legal, hand, solver)
            if out is not None:
                return out
            self.known = [C.card(c) for seat, known in enumerate(view.get("known_cards") or [])
                          if seat != view["seat"] for c in known]
            return self.choose_discard(legal, hand, solver)
        return None

    def choose_meld(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        """A meld of the plan, as the game lists it: the same natural cards and as many wild
        cards (the list names each meld once, its wild cards by class)."""
        wild = solver.rules.is_wild

        def shape(cards: Sequence[int]) -> tuple[tuple[int, ...], int]:
            return tuple(sorted(c for c in cards if not wild(c))), sum(map(wild, cards))

        offered = {(m.flag, *shape(m.cards)): m for m in legal if m.verb == "meld"}
        for meld in sorted(self.plan(hand, solver).melds, key=lambda m: -m.size):
            move = offered.get((meld.kind, *shape(meld.cards)))
            if move is not None:
                return move
        return None

    # ---- the last lay-down -----------------------------------------------------------------

    def lay_everything(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        move = self.choose_meld(legal, hand, solver)
        if move is not None:
            return move
        offs = self.planned_lay_offs(legal, hand, solver)
        return offs[0] if offs else DONE

    # ---- going out ---------------------------------------------------------------------------

    def going_out(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move | None:
        """The next step of going out, if the hand less one card melds completely: a meld, a
        lay-off, or (all laid) the discard."""
        discards = {m.cards[0]: m for m in legal if m.verb == "discard"}
        if len(hand) == 1:
            return discards.get(hand[0])
        wild = solver.rules.is_wild
        # with no melds of its own on the table, one pass of the solver answers for every discard
        after = solver.deadwood_after_discards(hand) if not self.table else None
        for c in sorted(discards, key=lambda x: (wild(x), -solver.values[x])):
            rest = list(hand)
            rest.remove(c)
            if after.get(c) != 0 if after is not None else bool(self.plan(rest, solver).deadwood):
                continue
            move = self.choose_meld(legal, rest, solver)
            if move is None:
                offs = self.planned_lay_offs(legal, rest, solver)
                move = offs[0] if offs else None
            return move if move is not None else discards[c]
        return None

    # ---- drawing -------------------------------------------------------------------------------

    def choose_take(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        """The pile's top card that leaves the least deadwood, if it joins a meld; else the stock."""
        draw = next((m for m in legal if m.verb == "draw"), None)
        now = solver.deadwood(hand)
        best: tuple[int, Move] | None = None
        for m in legal:
            if m.verb != "take":
                continue
            c = m.cards[0]
            wild = solver.rules.is_wild(c)
            left = min(solver.deadwood_after_discards([*hand, c]).values(), default=0)
            # a card that only trades places with one in hand gains nothing the stock would not
            # (and two players could trade cards between their piles for ever)
            if left > now or (left == now and not wild) or not self.take_pays(c, hand, solver):
                continue
            if wild:
                left -= 1000
            if best is None or left < best[0]:
                best = (left, m)
        if best is not None:
            return best[1]
        return draw if draw is not None else legal[0]

    # ---- discarding ----------------------------------------------------------------------------

    def choose_discard(self, legal: list[Move], hand: list[int], solver: MeldSolver) -> Move:
        rules = solver.rules
        after = solver.deadwood_after_discards(hand) if not self.table else None
        discards = [m for m in legal if m.verb == "discard"]

        def cost(m: Move) -> tuple[bool, int, bool, int]:
            c = m.cards[0]
            if after is not None:
                left = after.get(c, 1 << 30)
            else:
                rest = list(hand)
                rest.remove(c)
                left = self.plan(rest, solver).deadwood_value
            return rules.is_wild(c), left, self.helps(c, rules), -solver.values[c]

        return min(discards, key=cost)

    def helps(self, c: int, rules: MeldRules) -> bool:
        """Whether ``c`` fits a card another player is known to hold (he took it from a pile)."""
        return any(rules.is_natural(k) and fits(c, k, rules) for k in self.known)


GAME_BOTS = {"arizona-rummy": ArizonaBot}
