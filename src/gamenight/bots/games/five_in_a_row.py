"""5 in a Row: a bot that reads the board in lines of five.

Every move is valued over the lines of five through its space (precomputed,
``games.five_in_a_row.WINDOWS_AT``): a disc is worth more the more of its side's discs (and free
corners) a line already holds with no opposing disc in it — a line it finishes most of all — and
a space where the opponent's line of four (or three) would be blocked is worth almost as much.
Jacks are saved: a two-eyed jack is played only where it wins, finishes a row or blocks a four
(or when nothing else is left), and a one-eyed jack takes off only an opposing disc that breaks a
line of three or more. A dead card is always exchanged (a free new card); with nothing usable the
least useful card is thrown away.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.five_in_a_row import (
    CELL_OF_SQUARE,
    EMPTY,
    JACKS,
    ONE_EYED,
    TWO_EYED,
    WINDOWS,
    WINDOWS_AT,
)
from gamenight.games.five_in_a_row_board import FREE, cells_of

#: a line holding k of my discs (none of theirs) gains this much from one more
OWN = (1.0, 4.0, 16.0, 80.0, 5000.0)
#: a line holding k of theirs (none of mine) loses this much of its threat when I block it
BLOCK = (0.0, 2.0, 10.0, 60.0, 2500.0)
#: what a jack in hand is worth keeping
KEEP_TWO_EYED = 70.0
KEEP_ONE_EYED = 50.0


Counts = list[tuple[int, int, int, int]]


def _counts(discs: list[int], free: frozenset[int], side: int) -> Counts:
    """Per window: my discs and theirs, each with the free corners (which count for both), then
    my discs and theirs alone (what blocks the line for the other side)."""
    out = []
    for _, cells in WINDOWS:
        mine = theirs = corners = 0
        for i in cells:
            d = discs[i]
            if i in free:
                corners += 1
            elif d == side:
                mine += 1
            elif d != EMPTY:
                theirs += 1
        out.append((mine + corners, theirs + corners, mine, theirs))
    return out


def place_value(cell: int, counts: Counts) -> float:
    value = 0.0
    for k in WINDOWS_AT[cell]:
        mine, theirs, own, opp = counts[k]
        if opp == 0:
            value += OWN[min(mine, 4)]
        elif own == 0:
            value += BLOCK[min(theirs, 4)]
    return value


def remove_value(cell: int, counts: Counts) -> float:
    """What taking their disc off ``cell`` breaks: their lines through it with none of mine."""
    value = 0.0
    for k in WINDOWS_AT[cell]:
        _, theirs, own, _ = counts[k]
        if own == 0:
            value += BLOCK[min(theirs - 1, 4)] * 1.5
    return value


class FiveInARowBot:
    name = "lines"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        verbs = {m.verb for m in legal}
        if "draw" in verbs:
            return next(m for m in legal if m.verb == "draw")
        dead = [m for m in legal if m.verb == "dead"]
        if dead:
            return dead[0]
        discs: list[int] = view["discs_on"]
        side: int = view["side"]
        free, cells = _board_of(view)
        counts = _counts(discs, free, side)
        best: Move | None = None
        best_value = -1e18
        for m in legal:
            if m.verb == "play":
                card = m.cards[0]
                cell = CELL_OF_SQUARE[m.spaces[0]]
                value = place_value(cell, counts)
                if card in TWO_EYED:
                    value -= KEEP_TWO_EYED
            elif m.verb == "remove":
                cell = CELL_OF_SQUARE[m.spaces[0]]
                value = remove_value(cell, counts) - KEEP_ONE_EYED
            elif m.verb == "discard":
                card = m.cards[0]
                value = -_card_worth(card, cells, discs, counts)
            else:
                continue
            value += rng.random() * 0.01
            if value > best_value:
                best, best_value = m, value
        return best if best is not None else legal[0]


def _card_worth(card: int, cells: dict[int, tuple[int, ...]], discs: list[int], counts: Counts) -> float:
    if card in JACKS:
        return KEEP_TWO_EYED if card not in ONE_EYED else KEEP_ONE_EYED
    return max((place_value(i, counts) for i in cells.get(card, ()) if discs[i] == EMPTY), default=0.0)


_BOARDS: dict[tuple[str, ...], tuple[frozenset[int], dict[int, tuple[int, ...]]]] = {}


def _board_of(view: dict[str, Any]) -> tuple[frozenset[int], dict[int, tuple[int, ...]]]:
    """The free spaces and each card's spaces of the board in the view (the layout in play)."""
    labels = tuple(sp["label"] for sp in view["board"]["spaces"])
    known = _BOARDS.get(labels)
    if known is None:
        layout = tuple(FREE if t == "FREE" else C.card(t) for t in labels)
        known = _BOARDS[labels] = (frozenset(i for i, c in enumerate(layout) if c == FREE), cells_of(layout))
    return known


GAME_BOTS = {"five-in-a-row": FiveInARowBot}
