"""Chicken Foot on the score pad: the domino pad Mexican Train's module describes, on the set the
players' number (or the options) give, one round per double from the 0-0 up (or down)."""

from __future__ import annotations

from gamenight.families.dominoes import round_double
from gamenight.games.chicken_foot import ChickenFootOptions, rounds_of, set_top
from gamenight.games.mexican_train_pad import DominoPad


class ChickenFootPad(DominoPad):
    """Chicken Foot's pad: a column per player, the pips left in each hand."""

    options: ChickenFootOptions

    def top(self) -> int:
        return set_top(len(self.players), self.options.tile_set)

    def engine(self, hand: int) -> int:
        return round_double(hand, self.top(), self.options.round_order)

    def rounds(self) -> int:
        return rounds_of(self.options, len(self.players))


PAD_RULES = ChickenFootPad

__all__ = ["PAD_RULES", "ChickenFootPad"]
