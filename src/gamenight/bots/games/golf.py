"""Golf: keep the grid low, pair what can be paired, knock when ahead.

The bot reads its grid as it sees it (face-up cards and its two corners; a face-down card it has
not seen counts as the average card) and the other players' face-up cards, and estimates every
grid's score with the game's own column and block rules:

* **Drawing**: it takes the top discard when putting it somewhere lowers its estimate by at least
  ``TAKE_GAIN`` (a king, a joker, a card that pairs), else it draws from the stock.
* **The drawn card**: it exchanges it where that lowers its estimate most, if it lowers it at all;
  otherwise it discards it and turns up a card it has not seen (never one of its corners, which it
  knows already), and never the last face-down card while another player looks lower.
* **Knocking**: when its estimate is the lowest at the table by ``KNOCK_MARGIN`` and it has at
  most ``KNOCK_UNKNOWN`` cards it has not seen (a knocker who is highest pays double).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.golf import (
    CARDS,
    COLUMNS,
    KNOCK_WORD,
    MINUS10,
    RANK,
    VALUES,
    block_score,
    column_score,
    grid_score,
)

#: what a card not seen is worth on average (three or four decks with jokers: about 5.1)
UNSEEN = 5.1
TAKE_GAIN = 3.0
KNOCK_MARGIN = 4.0
KNOCK_UNKNOWN = 1
Grid = list[int | None]


def estimate(grid: Sequence[int | None], pair_match: str = RANK, joker_pair: str = MINUS10) -> float:
    """A grid's expected score: known columns exactly (blocks where all four are known), each
    card not seen as the average card."""
    if None not in grid:
        return float(grid_score([c for c in grid if c is not None], pair_match, joker_pair))
    cols = [(grid[i], grid[i + COLUMNS]) for i in range(COLUMNS)]
    single: list[float] = []
    for t, b in cols:
        if t is not None and b is not None:
            single.append(float(column_score(t, b, pair_match, joker_pair)))
        else:
            single.append((VALUES[t] if t is not None else UNSEEN) + (VALUES[b] if b is not None else UNSEEN))
    best = [0.0] * (COLUMNS + 2)
    for i in range(COLUMNS - 1, -1, -1):
        best[i] = single[i] + best[i + 1]
        if i + 1 < COLUMNS:
            block = _block(cols[i], cols[i + 1], pair_match)
            if block is not None:
                best[i] = min(best[i], block + best[i + 2])
    return best[0]


Column = tuple[int | None, int | None]


def _block(a: Column, b: Column, pair_match: str) -> float | None:
    if a[0] is None or a[1] is None or b[0] is None or b[1] is None:
        return None
    score = block_score((a[0], a[1]), (b[0], b[1]), pair_match)
    return None if score is None else float(score)


class GolfBot:
    name = "heuristic"

    def __init__(self) -> None:
        self.pair_match = RANK
        self.joker_pair = MINUS10
        self._up: list[bool] = [False] * CARDS

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat: int = view["seat"]
        opts = view["options"]
        self.pair_match = str(opts.get("pair_match", RANK))
        self.joker_pair = str(opts.get("joker_pair", MINUS10))
        grids: list[Grid] = [[C.card(x) if x is not None else None for x in g] for g in view["grids"]]
        mine = grids[seat]
        self._up = [bool(u) for u in view["face_up"][seat]]
        last_lap = view.get("ender") is not None
        if view["phase"] == "draw":
            return self._draw(view, legal, grids, seat, last_lap)
        hand = view.get("hand") or []
        drawn = C.card(hand[0])
        return self._place(legal, grids, mine, seat, drawn, last_lap)

    def est(self, grid: Sequence[int | None]) -> float:
        return estimate(grid, self.pair_match, self.joker_pair)

    def _others_low(self, grids: list[Grid], seat: int) -> float:
        return min(self.est(g) for s, g in enumerate(grids) if s != seat)

    def _should_knock(self, grid: Grid, grids: list[Grid], seat: int) -> bool:
        unknown = sum(c is None for c in grid)
        return unknown <= KNOCK_UNKNOWN and self.est(grid) + KNOCK_MARGIN <= self._others_low(grids, seat)

    def _best_exchange(self, grid: Grid, card: int) -> tuple[float, int]:
        now = self.est(grid)
        best = (-1e9, 0)
        for pos in range(CARDS):
            trial = list(grid)
            trial[pos] = card
            gain = now - self.est(trial)
            if gain > best[0]:
                best = (gain, pos)
        return best

    def _draw(self, view: dict[str, Any], legal: list[Move], grids: list[Grid], seat: int,
              last_lap: bool) -> Move:
        by_verb = {m.verb: m for m in legal}
        if "knock" in by_verb and self._should_knock(grids[seat], grids, seat):
            return by_verb["knock"]
        take = by_verb.get("take")
        if take is not None:
            gain, _ = self._best_exchange(grids[seat], take.cards[0])
            if gain >= TAKE_GAIN or "draw" not in by_verb:
                return take
        return by_verb.get("draw") or legal[0]

    def _place(self, legal: list[Move], grids: list[Grid], mine: Grid, seat: int, drawn: int,
               last_lap: bool) -> Move:
        plain = {(m.verb, m.number): m for m in legal if m.flag is None}
        knocking = {(m.verb, m.number): m for m in legal if m.flag == KNOCK_WORD}
        gain, pos = self._best_exchange(mine, drawn)
        face_down = [i for i in range(CARDS) if ("flip", i + 1) in plain]
        choice: tuple[str, int]
        if gain > 0 or not face_down:
            choice = ("exchange", pos + 1)
        else:
            unseen = [i for i in face_down if mine[i] is None]
            pick = (unseen or face_down)[0]
            choice = ("flip", pick + 1)
        after = list(mine)
        if choice[0] == "exchange":
            after[choice[1] - 1] = drawn
        ends = not last_lap and self._down_after(mine, choice) == 0
        if ends and self.est(after) > self._others_low(grids, seat):
            # turning up the eighth card would end the hole behind: exchange a face-up card instead
            ups = [i for i in range(CARDS) if ("exchange", i + 1) in plain and self._up[i]]
            if ups:
                best = min(ups, key=lambda i: self.est([*mine[:i], drawn, *mine[i + 1:]]))
                choice = ("exchange", best + 1)
                after = list(mine)
                after[best] = drawn
        if choice in knocking and self._should_knock(after, grids, seat):
            return knocking[choice]
        return plain[choice]

    def _down_after(self, mine: Grid, choice: tuple[str, int]) -> int:
        return sum(1 for i in range(CARDS) if not self._up[i] and i != choice[1] - 1)


GAME_BOTS = {"golf": GolfBot}
