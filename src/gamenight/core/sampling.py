"""Redealing unseen cards consistently with what a seat knows (for ``State.sample``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence


def redeal(
    unseen: Sequence[int],
    capacities: Sequence[int],
    allowed: Callable[[int, int], bool],
    rng: random.Random,
) -> list[list[int]]:
    """Share ``unseen`` cards among zones of the given sizes, each card only to a zone where
    ``allowed(card, zone)`` holds (a player who showed out of a suit gets none of it).

    Cards are placed in random order to a random zone with room; a card with no zone left
    takes one through an augmenting path (moving a card already placed to another zone
    that may hold it), so a consistent deal is always found when one exists. It does:
    the true deal is one.
    """
    if sum(capacities) != len(unseen):
        raise ValueError("zone sizes do not add up to the unseen cards")
    zones: list[list[int]] = [[] for _ in capacities]
    room = list(capacities)
    order = list(unseen)
    rng.shuffle(order)
    nzones = len(capacities)
    for c in order:
        options = [z for z in range(nzones) if room[z] > 0 and allowed(c, z)]
        if options:
            z = options[rng.randrange(len(options))]
            zones[z].append(c)
            room[z] -= 1
        elif not _augment(c, zones, room, allowed, set()):
            raise ValueError("no deal of the unseen cards fits what this seat knows")
    return zones


def _augment(
    c: int, zones: list[list[int]], room: list[int], allowed: Callable[[int, int], bool], seen: set[int]
) -> bool:
    for z in range(len(zones)):
        if z in seen or not allowed(c, z):
            continue
        seen.add(z)
        if room[z] > 0:
            zones[z].append(c)
            room[z] -= 1
            return True
        for i, other in enumerate(zones[z]):
            # move `other` elsewhere so `c` can take its place
            if _augment(other, zones, room, allowed, seen):
                zones[z][i] = c
                return True
    return False
