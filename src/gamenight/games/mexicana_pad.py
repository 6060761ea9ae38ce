"""Mexicana on the score pad: classic canasta's pad (:mod:`gamenight.games.canasta_pad`) with three
decks, canastas of sevens scoring their own bonus, all six red threes, and going out tied to the
side's red threes; scored by the game's own :func:`~gamenight.games.mexicana.score_mexicana_side`.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.games.canasta import MIXED, NATURAL, SideHand
from gamenight.games.canasta_pad import CANASTA, CanastaPad
from gamenight.games.mexicana import (
    CANASTAS_GE_RED3,
    SEVENS,
    MexicanaOptions,
    mexicana_bonuses,
    score_mexicana_side,
)
from gamenight.pad.schema import PadField


class MexicanaPad(CanastaPad):
    options: MexicanaOptions
    decks = 3

    def canasta_kinds(self) -> list[tuple[str, str, str]]:
        o = self.options
        natural_only = ("Natural canastas of sevens", "Seven or more sevens, no wild card")
        sevens = natural_only if o.sevens_natural_only else ("Canastas of sevens",
                                                             "Seven or more sevens, natural or mixed")
        return [(NATURAL, "Natural canastas", f"Seven or more naturals, not sevens: {o.natural_bonus} each."),
                (MIXED, "Mixed canastas", f"Seven or more cards with wild cards among them"
                                          f"{', sevens too' if o.sevens_natural_only else ', not sevens'}: "
                                          f"{o.mixed_bonus} each."),
                (SEVENS, sevens[0], f"{sevens[1]}: {o.sevens_bonus} each.")]

    def bonuses(self) -> dict[str, int]:
        return mexicana_bonuses(self.options)

    def threes_fields(self) -> list[PadField]:
        o = self.options
        return [PadField("red_threes", "Red threes", maximum=self.in_play("red_threes"),
                         help=f"{o.red_three_bonus} each, all six {o.all_red_threes}; taken off from a side "
                              "that melded nothing.")]

    def least_in(self, kind: str) -> tuple[int, int]:
        """A canasta of sevens is natural, or mixed where the bonus is not natural-only."""
        if kind == SEVENS:
            return (CANASTA, 0) if self.options.sevens_natural_only else (4, 0)
        return super().least_in(kind)

    def canastas_to_go_out(self, hand: SideHand) -> str | None:
        """At least two canastas, and as many canastas as red threes laid down (or, the other
        reading, as many red threes as canastas)."""
        o = self.options
        made, red = sum(hand.canastas.values()), hand.threes.get("red", 0)
        least = o.canastas_to_go_out
        if o.mex_goout == CANASTAS_GE_RED3:
            need = max(least, red)
            if made < need:
                return f"going out needs {need} canastas (at least {least}, and one for each red three)"
            return None
        if made < least or red < made:
            return (f"going out needs {least} canastas or more, and no more canastas than red threes laid "
                    f"down ({red})")
        return None

    def score_columns(self, hands: Sequence[SideHand], lone: int | None) -> list[dict[str, int]]:
        return [score_mexicana_side(self.options, h) for h in hands]


PAD_RULES = MexicanaPad

__all__ = ["PAD_RULES", "MexicanaPad"]
