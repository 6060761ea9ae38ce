"""Joker Canasta on the score pad: classic canasta's pad (:mod:`gamenight.games.canasta_pad`) with
wild canastas by their cards (seven twos, four jokers and three twos, another mix), threes of both
colours laid out and scored by colour (plus only with a canasta), and Joker Canasta's minimums;
scored by the game's own :func:`~gamenight.games.joker_canasta.score_joker_side`.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.families.canasta_turn import band_minimum
from gamenight.games.canasta import MIXED, NATURAL, SideHand
from gamenight.games.canasta_pad import CANASTA, MELD_CLASSES, CanastaPad, count_of
from gamenight.games.joker_canasta import (
    FOUR_JOKERS,
    INCREMENTAL,
    JOKER_BANDS,
    OTHER_WILD,
    SEVEN_TWOS,
    THREES_STEPS,
    JokerCanastaOptions,
    joker_bonuses,
    score_joker_side,
)
from gamenight.pad.schema import Entry, PadField

WILD_KINDS = (SEVEN_TWOS, FOUR_JOKERS, OTHER_WILD)


class JokerCanastaPad(CanastaPad):
    options: JokerCanastaOptions
    #: wild canastas: seven wild cards with no natural
    wild_melds = True

    def canasta_kinds(self) -> list[tuple[str, str, str]]:
        o = self.options
        return [(NATURAL, "Natural canastas", f"Seven naturals: {o.natural_bonus} each."),
                (MIXED, "Mixed canastas", f"Seven cards with wild cards among them: {o.mixed_bonus} each."),
                (SEVEN_TWOS, "Wild canastas of seven twos", f"{o.seven_twos} each."),
                (FOUR_JOKERS, "Wild canastas of four jokers and three twos", f"{o.four_jokers} each."),
                (OTHER_WILD, "Other wild canastas",
                 f"Seven wild cards of another mix: {o.wild_canasta} each.")]

    def bonuses(self) -> dict[str, int]:
        return joker_bonuses(self.options)

    def threes_fields(self) -> list[PadField]:
        steps = ", ".join(map(str, THREES_STEPS))
        how = ("each three adds its step" if self.options.threes_table == INCREMENTAL
               else "the step of the last three")
        words = (f"By colour, {how} ({steps} for the first to the fourth); taken off from a side without a "
                 "canasta.")
        return [PadField("red_threes", "Red threes", maximum=self.in_play("red_threes"), help=words),
                PadField("black_threes_laid", "Black threes", maximum=self.in_play("black_threes"),
                         help=words)]

    def threes(self, entry: Entry, col: int) -> dict[str, int]:
        return {"red": count_of(entry, "red_threes", col), "black": count_of(entry, "black_threes_laid", col)}

    def melded_kinds(self) -> list[str]:
        """Black threes are laid out like red ones, never melded nor held."""
        return list(MELD_CLASSES)

    def held_kinds(self) -> list[str]:
        return list(MELD_CLASSES)

    def least_in(self, kind: str) -> tuple[int, int]:
        return (0, CANASTA) if kind in WILD_KINDS else super().least_in(kind)

    def wild_cards_problem(self, name: str, h: SideHand, wilds: int, naturals: int) -> str | None:
        """The wild canastas are made of the wild cards they name."""
        twos, jokers = h.canastas.get(SEVEN_TWOS, 0), h.canastas.get(FOUR_JOKERS, 0)
        least_twos = CANASTA * twos + 3 * jokers
        if least_twos > h.melded["twos"]:
            return (f"{name}: its wild canastas hold at least {least_twos} twos, and the side melded "
                    f"{h.melded['twos']}.")
        if 4 * jokers > h.melded["jokers"]:
            return (f"{name}: its wild canastas hold at least {4 * jokers} jokers, and the side melded "
                    f"{h.melded['jokers']}.")
        return super().wild_cards_problem(name, h, wilds, naturals)

    def minimum(self, score: int) -> int:
        return band_minimum(JOKER_BANDS, score)

    def score_columns(self, hands: Sequence[SideHand], lone: int | None) -> list[dict[str, int]]:
        return [score_joker_side(self.options, h) for h in hands]


PAD_RULES = JokerCanastaPad

__all__ = ["PAD_RULES", "JokerCanastaPad"]
