"""What a seat sees of a canasta-family table (the rules in effect included, as data), the
zones the conformance suite counts, and the hidden piles a sample redeals: every hand but the
seat's own (keeping cards known from the pile), every foot not yet picked up (the owner's too:
it lies face down) and the stock."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.core.layout import Field, Kind
from gamenight.core.sampling import redeal_piles
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, team_canastas
from gamenight.families.canasta_turn.melds import MeldMixin
from gamenight.families.canasta_turn.rules import rules_json

#: display order: naturals from four to ace, then threes, twos and jokers
_DISPLAY = [(C.RANK_OF[c] if C.RANK_OF[c] > C.THREE else 20 + (C.RANK_OF[c] != C.THREE))
            for c in range(52)] + [30]


class ViewMixin(MeldMixin):
    """The table as a seat sees it; conservation zones; sampling."""

    #: what a person sees (core.layout); until the kernel lists zones, its hands and piles too
    FIELDS: tuple[Field, ...] = (
        Field("deal", "Deal", Kind.NUMBER, head=True), Field("dealer", "Dealer", Kind.SEAT),
        Field("hand", "Your hand", Kind.HAND, piece="card"),
        Field("hand_sizes", "Cards", Kind.NUMBER, per_seat=True),
        Field("foot_sizes", "Foot", Kind.NUMBER, per_seat=True),
        Field("in_foot", "In the foot", Kind.FLAG, per_seat=True),
        Field("stock", "Stock", Kind.NUMBER),
        Field("discard_pile", "Discard pile", Kind.PIECES, piece="card"),
        Field("known_cards", "Known to hold", Kind.PIECES, per_seat=True, piece="card"),
        Field("team_books", "Books", Kind.DATA, piece="card"), Field("need", "To go out", Kind.TEXT),
        Field("stock_piles", "Stock piles", Kind.DATA), Field("provisional", "Provisional", Kind.DATA),
        Field("asked", "Asked", Kind.DATA),
    )

    def sort_for_display(self, hand: Sequence[int]) -> list[int]:
        return sorted(hand, key=lambda c: (_DISPLAY[c], c))

    def hand_visible(self, seat: int, owner: int) -> bool:
        return seat == owner

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        rules = self.turn_rules.books
        n = self.num_players
        out: dict[str, Any] = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "hand": (C.codes(self.sort_for_display(self.hands[seat]))
                     if seat is not None and self.hand_visible(seat, seat) else None),
            "hand_order": "rank",
            "hand_sizes": [len(h) for h in self.hands],
            "foot_sizes": [len(f) for f in self.feet],
            "in_foot": list(self.in_foot),
            "stock": self.stock_size(),
            "discard_top": C.CODE_OF[self.discards[-1]] if self.discards else None,
            "pile_size": len(self.discards),
            "discard_pile": C.codes(self.discards),
            "known_cards": [C.codes(sorted(s)) for s in self.shown],
            "team_books": [{
                "name": self.sheet.columns[t],
                "seats": [s for s in range(n) if self.team_of(s) == t],
                "opened": self.opened[t],
                "minimum": self.minimum(t),
                "red_threes": C.codes(self.red3[t]),
                "canastas": list(team_canastas(self.books[t], rules)),
                "books": [{"number": i + 1, "rank": "wild" if b.rank == WILD else C.RANKS[b.rank],
                           "cards": C.codes(b.cards), "naturals": b.naturals, "wilds": b.wilds,
                           "closed": b.closed, "kind": b.kind(rules), "canasta": b.is_canasta(rules)}
                          for i, b in enumerate(self.books[t])],
            } for t in range(self.teams)],
            "need": self.turn_rules.need.describe(),
            "rules": rules_json(self.turn_rules),
        }
        if len(self.stocks) > 1:
            out["stock_piles"] = [len(p) for p in self.stocks]
        if self.turn_rules.all_in_foot:
            out["played_foot"] = list(self.played_foot)
        if self.prov_active:
            out["provisional"] = self.prov_value
        if self.asked:
            out["asked"] = self.asked
        return out

    # ---- conservation and sampling -----------------------------------------------------

    def card_zones(self) -> dict[str, list[int]]:
        zones: dict[str, list[int]] = {}
        for s in range(self.num_players):
            zones[f"hand{s}"] = self.hands[s]
            zones[f"foot{s}"] = self.feet[s]
        for i, pile in enumerate(self.stocks):
            zones[f"stock{i}"] = pile
        zones["discards"] = self.discards
        for t in range(self.teams):
            zones[f"books{t}"] = [c for b in self.books[t] for c in b.cards]
            zones[f"red3_{t}"] = self.red3[t]
        return zones

    def _hidden_piles(self, seat: int) -> list[tuple[list[int], list[int]]]:
        piles: list[tuple[list[int], list[int]]] = []
        for s in range(self.num_players):
            if not self.hand_visible(seat, s):
                piles.append((self.hands[s], self.shown[s]))
            if self.feet[s]:
                piles.append((self.feet[s], []))
        piles.extend((p, []) for p in self.stocks)
        return piles

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        redeal_piles(self._hidden_piles(seat), rng)
