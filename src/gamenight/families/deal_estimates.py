"""What a rummy hand's deadwood is likely to cost at the end of the deal, for a draw-and-discard
game's ``deal_estimate`` (read by the horizon search, :mod:`gamenight.bots.horizon`).

A hand's deadwood now over-charges cards that are one card from a meld: a pair, or two cards of a
suit a rank or two apart, are often melded by a later draw. :func:`drawing_deadwood` counts such
cards at :data:`DRAWING_SHARE` of their value. Rummy's estimate uses it (its horizon search gained
+2.0 ± 1.1 points a deal with it); Gin's was measured with it and without, and gained neither way,
so Gin keeps the plain deadwood (docs/BOTS.md). Horseshit Rummy, which melds sets only, counts a
card near only where another of its rank is loose (``runs=False``): its horizon search gained
+16.4 ± 9.4 points a deal on casual over 300 deals (seeds 0-299; horizon strong's whole budget,
untimed, 212 ms of CPU a decision).

A contract rummy's hand not yet down (``ContractState.deal_estimate``) is weighed the same way: a
contract the hand could lay now counts as laid, one card short as laid half the time, and each card
more halves it again (:func:`contract_chance`). Measured with it (``bench/search_strength.py
--levels strong --stop turn --z 2``, paired deals against casual, 95%; horizon strong's budget,
untimed): Push +39.3 ± 18.4 points a deal over 100 deals (seeds 0-99), 214 ms of CPU a decision
(p99 411 ms); timed as a server asks it, 206 ms median and 236 ms p99 over 40 answers. 10 Dime
Rummy +32.4 ± 11.0 points a deal over 100 deals (seeds 0-99), 168 ms (p99 256 ms); as a server
asks it, 206 ms median, 217 ms p99 (40 answers). Desert Rummy, whose hands count only the
meld laid: +0.007 ± 0.009 melds a deal over 100 deals (seeds 0-99, 82 ms), no gain. Sticks
likewise: +0.048 ± 0.055 sticks a deal over 70 deals (seeds 0-69, a 15-minute cap), no gain, and
dear: 479 ms a decision, p99 1.7 s. Push and 10 Dime play it at strong and expert on half the
horizon budget (:data:`gamenight.bots.levels.HORIZON`, whose docstring has those figures).
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.equipment import cards as C

#: the share of its value a deadwood card one card from a meld is charged
DRAWING_SHARE = 0.5


def contract_chance(shortfall: int) -> float:
    """How likely a contract ``shortfall`` cards short is to go down before the deal ends, for an
    estimate: :data:`DRAWING_SHARE` for each card it lacks, as a card one from a meld is charged."""
    return DRAWING_SHARE ** shortfall


def drawing_deadwood(deadwood: Sequence[int], values: Sequence[int], *, runs: bool = True) -> float:
    """The value of ``deadwood``, cards that pair with another deadwood card (same rank, or, where
    the game melds ``runs``, the same suit two ranks apart at most) charged :data:`DRAWING_SHARE` of
    it. Jokers and other suitless cards count in full."""
    total = 0.0
    for i, c in enumerate(deadwood):
        near = C.SUIT_OF[c] != C.NO_SUIT and any(
            j != i and (C.RANK_OF[d] == C.RANK_OF[c]
                        or (runs and C.SUIT_OF[d] == C.SUIT_OF[c] and abs(C.RANK_OF[d] - C.RANK_OF[c]) <= 2))
            for j, d in enumerate(deadwood))
        total += values[c] * (DRAWING_SHARE if near else 1.0)
    return total


__all__ = ["DRAWING_SHARE", "contract_chance", "drawing_deadwood"]
