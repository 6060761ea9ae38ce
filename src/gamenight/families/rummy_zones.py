"""The melds on a rummy table as zones (:mod:`gamenight.core.zones`), for the draw-and-discard
kernel (:mod:`gamenight.families.draw_discard`): conservation, sampling and the layout read them.

Most rummies show a meld as one pile of cards, whoever laid them. Where lay-offs lie in front of
whoever laid them (``RummyRules.layoffs_in_front``: they count for him), each meld shows only its
owner's cards and each player's lay-offs on the others' melds are one row in front of him.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.melds import Meld


def meld_zone(i: int, cards: list[int], meld: Meld, owner: int) -> Zone:
    """Meld ``i`` (from 0) as a zone in its owner's group."""
    return Zone(f"meld/{i + 1}", cards, C.CARD_TEXT, owner=owner, label=f"Meld {i + 1} ({meld.kind})",
                group=f"melds/{owner}")


def owners_cards(meld: Meld, owner: int, laid: Sequence[tuple[int, int]]) -> list[int]:
    """The cards of ``meld`` its ``owner`` laid, in the meld's own order (a run he lengthened below
    reads low to high): ``laid`` is who laid which card, in the order laid."""
    others: Counter[int] = Counter(c for s, c in laid if s != owner)
    own = []
    for c in meld.cards:
        if others[c]:
            others[c] -= 1
        else:
            own.append(c)
    return own


def front_zones(melds: Sequence[Meld], owners: Sequence[int],
                contributions: Sequence[Sequence[tuple[int, int]]], players: int) -> list[Zone]:
    """Each meld with only the cards its owner laid, and each player's lay-offs on the others' melds
    in one row in front of him."""
    laid_off: list[list[int]] = [[] for _ in range(players)]
    out = []
    for i, meld in enumerate(melds):
        for s, c in contributions[i]:
            if s != owners[i]:
                laid_off[s].append(c)
        out.append(meld_zone(i, owners_cards(meld, owners[i], contributions[i]), meld, owners[i]))
    out.extend(Zone(f"laid_off/{s}", cards, C.CARD_TEXT, owner=s, label="Laid off on others' melds",
                    group=f"melds/{s}") for s, cards in enumerate(laid_off) if cards)
    return out


__all__ = ["front_zones", "meld_zone", "owners_cards"]
