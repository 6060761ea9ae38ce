"""The horizon search's estimate of a canasta-family hand (``deal_estimate``, read by
:mod:`gamenight.bots.horizon` on its sampled worlds only, where every hand is known).

"Scored now": each column gets what the game's own scoring (:meth:`EstimateMixin.hand_parts`,
the function the sheet is written with) would give it if the hand ended this moment with nobody
out: melded cards, canasta bonuses, red threes (against a side that has not melded, as each game
says), an unplayed foot, less the cards in hand; no going-out bonus. Only the cards in hand are
weighed differently, because a canasta hand is mostly melds to come, not a loss to come: a card
that cannot go down (a three, or a lone natural of a rank the side has no open book of) is
charged in full, as the sheet would; one that can (a natural with an open book of its rank or two
more of it in the hand, a wild card once the side has a book to put it on) is charged
:data:`MELDABLE_SHARE` of its value (a share of 1 is the plain score now). Samba's sequences are
not looked for: a card that would extend one counts as a book's would.

Measured (``bench/search_strength.py --only canasta --levels strong --stop turn --z 2``, strong's
horizon budget, paired deals against casual, 95%): the plain score now (share 1) +44.0 ± 56.4
points a deal (300 deals, seeds 1000-1299; 59 ms of CPU a decision, p99 97 ms); cards that can meld
free (share 0) +57.6 ± 53.9 on the same 300 deals, then +10.0 ± 47.1 on 400 fresh ones (seeds
2000-2399; 59 ms): no gain shown either way, so the share stays 1, the rule's own count. A canasta
deal's paired difference spreads widely (a standard deviation of about 500 points), so a gain of
30 points a deal would take about a thousand deals to show. Joker Canasta, share 1, the same
search: -139.9 ± 168.0 (300 deals, seeds 3000-3299; 68 ms, p99 119 ms): no gain shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.base import CanastaBase
from gamenight.families.canasta_turn.rules import CLASS, IS_WILD

#: the share of its value a card in hand that can go down onto the side's melds is charged
MELDABLE_SHARE = 1.0
#: the card classes (:data:`~gamenight.families.canasta_turn.rules.CLASS`) of naturals that make books
NATURALS = range(C.FOUR, C.ACE + 1)


class EstimateMixin(CanastaBase):
    """``deal_estimate`` for every canasta-family game, from the game's own ``hand_parts``."""

    def hand_parts(self, out: int | None) -> list[dict[str, int]]:
        """Each score column's points for the hand by part (the game's scoring; its ``held`` part
        the cards left in hand, negative), were it scored now with ``out`` gone out (``None``:
        nobody). Must not change the state."""
        raise NotImplementedError

    def deal_estimate(self) -> list[float]:
        """Per column, what the hand would add if scored now with nobody out, a card in hand that
        can meld charged only :data:`MELDABLE_SHARE` (the module's docstring says why)."""
        row = [float(sum(parts.values())) for parts in self.hand_parts(None)]
        if MELDABLE_SHARE == 1.0:
            return row
        for seat in range(self.num_players):
            refund = (1.0 - MELDABLE_SHARE) * self.meldable_value(seat)
            row[self.column_of(seat)] += refund
        return row

    def meldable_value(self, seat: int) -> int:
        """The card value of the cards in ``seat``'s hand that could go down onto its side's
        books as they lie, or as a new book with the hand's own cards (the module's docstring)."""
        team = self.team_of(seat)
        open_ranks = {b.rank for b in self.books[team] if not b.closed}
        return meldable_value(self.hands[seat], open_ranks, self.values)


def meldable_value(hand: Sequence[int], open_ranks: set[int], values: Sequence[int]) -> int:
    """The value of the cards of ``hand`` that can meld: naturals of a rank in ``open_ranks`` or
    held three or more, or a pair where the hand holds a wild card; wild cards where there is an
    open book or a natural pair to go with."""
    counts: dict[int, int] = {}
    wilds = 0
    for c in hand:
        if IS_WILD[c]:
            wilds += 1
        else:
            counts[CLASS[c]] = counts.get(CLASS[c], 0) + 1
    books = {r for r, k in counts.items()
             if r in NATURALS and (r in open_ranks or k >= 3 or (k == 2 and wilds))}
    total = sum(values[c] for c in hand if not IS_WILD[c] and CLASS[c] in books)
    if wilds and (open_ranks or books):
        total += sum(values[c] for c in hand if IS_WILD[c])
    return total


__all__ = ["MELDABLE_SHARE", "EstimateMixin", "meldable_value"]
