"""The rummy kernel's rule switches, one frozen and typed record a game declares once.

A draw-and-discard game (:mod:`gamenight.families.draw_discard`) states how its turn differs from
the kernel's in a :class:`RummyRules` (its class attribute ``RUMMY_RULES``); a switch that hangs
on the table's options is set with :func:`dataclasses.replace` when the game starts and handed to
``_init_table(..., rummy=...)``. Each record is checked when it is made, so a combination no game
could play (a cap on melds in a game where nobody melds in turn, a dig in a game without melds)
fails where it is written, not in the middle of a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Restock(StrEnum):
    """What happens when a player must draw and the stock is empty."""

    SHUFFLE = "shuffle"  # the discard pile but its top card, shuffled, is the new stock (GEN-10)
    TURN_OVER = "turn_over"  # the same, turned over without shuffling (Standard Rummy)
    END = "end"  # the hand ends (the book's Gin)


class Dig(StrEnum):
    """How deep the discard pile may be dug (it then lies spread, every card read)."""

    NONE = "none"  # only the top card is taken
    TO_PLAY = "play"  # to any card, which is then melded with a card held before (Five Hundreds)
    TO_PAIR = "pair"  # to a card the hand holds a natural pair of (Horseshit)


class ClaimOrder(StrEnum):
    """Whose claim on a discard stands when several are made."""

    TURN_ORDER = "turn_order"  # nearest the discarder's left, once those before have passed
    FIRST_CLICK = "first_click"  # the first made


class LayOffOn(StrEnum):
    """Whose melds a player may lay off on."""

    ANY = "any"
    OWN = "own"


#: the verbs of the kernel's own moves: a game's meld verb must be none of them
KERNEL_VERBS = frozenset({"draw", "take", "dig", "layoff", "discard", "claim", "pass"})


@dataclass(frozen=True, slots=True, kw_only=True)
class RummyRules:
    """How a rummy's turn differs from the kernel's (the defaults are the kernel's)."""

    #: new melds are laid during the turn at all
    melds_in_turn: bool = True
    #: new melds a turn (Standard Rummy: 1); 0 = no limit
    max_melds_per_turn: int = 0
    #: cards are laid off on the table's melds during the turn
    lay_off_in_turn: bool = True
    #: on anyone's melds, or only on the player's own
    lay_off_on: LayOffOn = LayOffOn.ANY
    #: may the card just taken from the discard pile be discarded again this turn (with several
    #: decks an identical copy counts as that card)
    discard_taken: bool = False
    #: may a meld or lay-off empty the hand (else the last card must be discarded)
    out_without_discard: bool = True
    #: what an empty stock does when a player must draw
    restock: Restock = Restock.SHUFFLE
    #: how often the stock is remade (0 = no limit); past it the hand ends
    max_restocks: int = 0
    #: the verb of a new meld
    meld_verb: str = "meld"
    #: a card laid off on another player's meld lies in front of whoever laid it (and counts for him)
    layoffs_in_front: bool = False
    #: how deep the discard pile may be dug
    dig: Dig = Dig.NONE
    #: after a discard, the players who could play it now may claim it out of turn
    claims: bool = False
    #: whose claim stands
    claim_order: ClaimOrder = ClaimOrder.TURN_ORDER
    #: the verb of a claim (10 Dime's is a buy)
    claim_verb: str = "claim"
    #: cards discarded only when the hand holds no other card it may discard (Oklahoma's Q♠)
    discard_last_only: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        for why in self.contradictions():
            raise ValueError(f"RummyRules: {why}")

    def contradictions(self) -> list[str]:
        """Every combination of switches that no game could play, in words."""
        out = []
        if self.max_melds_per_turn < 0 or self.max_restocks < 0:
            out.append("a limit is a count, 0 or more (0: no limit)")
        if self.max_melds_per_turn and not self.melds_in_turn:
            out.append("a limit on melds a turn needs melds laid in the turn")
        if self.max_restocks and self.restock is Restock.END:
            out.append("a stock that is never remade has no limit on remaking it")
        if self.dig is not Dig.NONE and not self.melds_in_turn:
            out.append("the card dug to must be melded in the turn, so a dig needs melds in the turn")
        if self.claim_order is not ClaimOrder.TURN_ORDER and not self.claims:
            out.append("an order of claims needs claims")
        if self.claims and self.claim_verb == "claim" and not self.lay_off_in_turn:
            out.append("a claim lays the discard off, so claims need lay-offs")
        if self.layoffs_in_front and not (self.lay_off_in_turn or self.claims):
            out.append("lay-offs in front of their players need lay-offs")
        if not self.meld_verb or self.meld_verb in KERNEL_VERBS - {"meld"}:
            out.append(f"the meld verb {self.meld_verb!r} is empty or another move's")
        claim_verb = self.claim_verb
        if not claim_verb or claim_verb in KERNEL_VERBS - {"claim"} or claim_verb == self.meld_verb:
            out.append(f"the claim verb {self.claim_verb!r} is empty or another move's")
        if not (isinstance(self.restock, Restock) and isinstance(self.dig, Dig)
                and isinstance(self.claim_order, ClaimOrder) and isinstance(self.lay_off_on, LayOffOn)):
            out.append("restock, dig, claim_order and lay_off_on take their enums' members")
        return out


class RederivedRules:
    """The rummy kernel's part in a house rule amended mid-match (``State.amend``): its rules are a
    frozen record copied from the options, so they are made again from the amended ones."""

    rummy: RummyRules

    def _rummy_rules(self) -> RummyRules:
        """The rummy rules the options make, for a game whose options set some (then made again when
        an amendment changes them); by default the ones the table was made with."""
        return self.rummy

    def _options_changed(self) -> None:
        self.rummy = self._rummy_rules()


__all__ = ["KERNEL_VERBS", "ClaimOrder", "Dig", "LayOffOn", "RederivedRules", "Restock", "RummyRules"]
