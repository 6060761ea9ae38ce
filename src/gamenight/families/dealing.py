"""The deck a card game deals from, shared by every card family's kernel."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C


class DealsCards:
    """A game's deck for each deal: its template shuffled by the game's own RNG, except the first
    deal of a game started with a stacked ``deck``, which lies as the caller stacked it."""

    stacked_deck: list[str] | None
    deal_no: int
    rng: random.Random
    #: a card game's moves name cards, suits, numbers and words (``State.ARG_KINDS``): never a tile
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"card", "suit", "number", "word"})

    def deck_template(self) -> list[int]:
        """Every card the game plays with (the conformance suite checks they are all conserved)."""
        return C.standard_deck()

    def _deck_problem(self) -> str:
        """Why the stacked deck cannot be dealt (a code that is no card, a card named more often
        than the game's deck holds it), or ``""``: :func:`gamenight.new` asks before play."""
        if self.stacked_deck is None:
            return ""
        return C.deck_problem(self.deck_template(), self.stacked_deck)

    def _fresh_deck(self) -> list[int]:
        template = self.deck_template()
        if self.deal_no == 1 and self.stacked_deck is not None:
            return C.stack_deck(template, self.stacked_deck, self.rng)
        return C.shuffled(template, self.rng)


class DrawsBack:
    """A hand drawn back up from a face-down draw pile after each card played (5 in a Row,
    Jokers Wild): the discard pile, shuffled, becomes the new draw pile when it runs out.
    ``stock`` keeps its top card last."""

    hands: list[list[int]]
    stock: list[int]
    discards: list[int]
    rng: random.Random
    names: list[str]

    if TYPE_CHECKING:  # the state's own (a stub here would hide it)
        def emit(self, kind: str, text: str, *, seat: int | None = None, to: int | None = None,
                 **data: Any) -> None: ...

    def zones(self) -> list[Zone]:
        """Each hand, its owner's; the draw pile face down; the discard pile face up."""
        out = [Zone(f"hand/{s}", self.hands[s], C.CARD_TEXT, s, Visibility.OWNER, None, Show.HAND,
                    f"{name}'s hand") for s, name in enumerate(self.names)]
        out += [
            Zone("stock", self.stock, C.CARD_TEXT, None, Visibility.NOBODY, None, Show.PILE, "Draw pile"),
            Zone("discards", self.discards, C.CARD_TEXT, None, Visibility.PUBLIC, None, Show.PILE,
                 "Discard pile"),
        ]
        return out

    def draw_card(self, seat: int) -> bool:
        """One card from the stock into the hand, the discards shuffled into a new stock when it
        is empty. False when there is no card anywhere."""
        if not self.stock:
            if not self.discards:
                return False
            self.stock = self.discards
            self.discards = []
            self.rng.shuffle(self.stock)
            self.emit("reshuffle", "The draw pile is empty: the discard pile is shuffled into a new one.")
        self.hands[seat].append(self.stock.pop())
        return True
