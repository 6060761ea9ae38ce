"""What a trick-avoidance round charges: penalties as data.

Compendium games deal several rounds, each avoiding something else: Canadian Salad's ten
(red cards, even cards, tricks, hearts, faces, sevens, aces, queens, the king of spades, the
last trick) and Saskatchewan's five paying hands (tricks, hearts, queens, the king of clubs, the
last trick). A :class:`Penalty` says what one round charges — so much a card of interest, so
much a trick, so much for the last trick — and is built once, at import, by
:func:`card_penalty`, :func:`trick_penalty` or :func:`last_trick_penalty`. Charging a player is
then a sum over a precomputed per-card table, the same for every game that uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gamenight.equipment import cards as C

#: card ints a penalty table covers: the 52 suited cards and the joker
CARD_COUNT = 53


@dataclass(frozen=True, slots=True)
class Penalty:
    """What one round charges. ``per_card[c]`` is the charge for card ``c`` taken in a trick
    (empty: no card carries one)."""

    #: what the score sheet row is called ("Red cards")
    name: str
    #: the charge in players' words ("5 for each red card")
    describe: str
    per_card: tuple[int, ...] = ()
    #: charged for each trick taken
    per_trick: int = 0
    #: charged to the winner of the last trick
    last_trick: int = 0

    def charge(self, taken: Sequence[int], tricks: int, took_last: bool) -> int:
        """What a player pays for the cards ``taken`` in ``tricks`` tricks, the last one among
        them when ``took_last``."""
        total = tricks * self.per_trick
        if took_last:
            total += self.last_trick
        values = self.per_card
        if values:
            total += sum(map(values.__getitem__, taken))
        return total

    def interest(self, cards: Sequence[int]) -> int:
        """How many of ``cards`` carry a charge."""
        values = self.per_card
        return sum(1 for c in cards if values[c]) if values else 0

    def available(self, deck: Sequence[int], tricks: int) -> int:
        """The whole charge of a deal of ``deck`` played in ``tricks`` tricks: what every player
        together pays for it."""
        return self.charge(deck, tricks, True)

    @property
    def counts_cards(self) -> bool:
        """Whether the round charges for cards (else for tricks, or for the last trick)."""
        return bool(self.per_card)


def card_penalty(name: str, describe: str, value: int, test: Callable[[int], bool]) -> Penalty:
    """``value`` for each card taken that passes ``test`` (a card int of the 52; the joker never)."""
    per_card = tuple(value if c < C.JOKER and test(c) else 0 for c in range(CARD_COUNT))
    return Penalty(name, describe, per_card=per_card)


def trick_penalty(name: str, describe: str, value: int) -> Penalty:
    """``value`` for each trick taken."""
    return Penalty(name, describe, per_trick=value)


def last_trick_penalty(name: str, describe: str, value: int) -> Penalty:
    """``value`` for taking the last trick."""
    return Penalty(name, describe, last_trick=value)


__all__ = ["Penalty", "card_penalty", "last_trick_penalty", "trick_penalty"]
