"""Chicken Foot (``chicken-foot``): shed the heavy tiles, and open feet only you can fill.

The bot reads its seat's view (its tiles, the open ends, which lines take a tile now, the yard)
and scores each legal play by one look ahead:

* **Pips**: what a tile costs if it is still in hand when the round ends — its pips, and the
  0-0's 50 (the book's charge), so the heaviest tiles go first.
* **Chicken feet**: a double opens a foot whose three toes must be filled before anything else;
  holding tiles of that number, the bot fills them itself while the others may have to draw, so a
  double is laid when it holds at least one more of its number (more is better), and held back
  when it holds none (it would be stuck behind its own foot).
* **Its next turn**: the end a tile leaves open is better when the bot holds that number (it can
  play again next turn rather than draw).
* Going out wins the round; a tile drawn that fits is always played; drawing and passing are
  forced.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import dominoes as D
from gamenight.games.chicken_foot import PLAY_OF


def count_number(hand: list[int], n: int) -> int:
    """How many tiles of the hand carry the number ``n``."""
    return sum(1 for t in hand if D.HIGH[t] == n or D.LOW[t] == n)


class ChickenFootBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        plays = [m for m in legal if m.verb == "play"]
        if not plays:
            return legal[0]
        hand = [D.tile_of(c) for c in view["hand"]]
        if len(hand) == 1:
            return plays[0]
        ends: list[int] = view["ends"]
        blank = int(view.get("options", {}).get("double_blank", 50))
        best, best_score = plays[0], float("-inf")
        for m in plays:
            t, k = PLAY_OF[m]
            end = ends[k - 1]
            rest = list(hand)
            rest.remove(t)
            score = float(D.PIPS[t]) + (blank if t == 0 else 0)
            if D.IS_DOUBLE[t]:
                mine = count_number(rest, end)
                score += 12 * min(mine, 3) if mine else -25
            else:
                score += 3 * count_number(rest, D.other_end(t, end))
            if score > best_score:
                best, best_score = m, score
        return best


GAME_BOTS = {"chicken-foot": ChickenFootBot}
