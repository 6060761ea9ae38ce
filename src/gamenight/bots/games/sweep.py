"""Sweep (``sweep``): shed the high cards while the pile lets you, keep the 10s to escape.

The bot reads its seat's view (its hand, every face-up card, the pile and the cards swept away)
and scores each legal move:

* **Which set to lead**: a set of four sweeps and leads again, so it comes first; otherwise the
  highest rank it holds, every card of it (kings are the hardest cards to get rid of: only a
  lead or a king on top lets them go). A 10 is led only when nothing else is left.
* **Following**: a play that makes four on top (a sweep, and the lead) first; else the highest
  rank the pile allows, as many cards as may go — the low cards are kept, since they go on
  anything. Face-up cards are played with their rank, uncovering the blind card beneath.
* **When to play a blind card**: when the only other choice is to pick up (nothing to lose), when
  the only plays are 10s and the blind card is more likely than not to be playable (counted from
  the cards it has not seen), on a lead when only blind cards are left, and on a king on top
  (anything goes on it) when the best play from the hand is a low card.
* **Adding** to a blind card that stood: as many matching cards as may go.
* **Picking up**: only when forced (the rules allow nothing else).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.sweep import MOST_ON_TOP, move_parts
from gamenight.games.sweep_score import ORDER, TEN

KING = 13
#: a sweep (four on top, then the lead) is worth more than any single play
SWEEP_BONUS = 200


def unseen_ranks(view: dict[str, Any]) -> Counter[int]:
    """The play ranks of the cards this seat has not seen: others' hands, every blind card, the
    spare cards."""
    counts: Counter[int] = Counter({r: 4 * view["decks"] for r in set(ORDER)})
    seen = list(view["hand"]) + list(view["pile"]) + list(view["swept"])
    for up in view["face_up"]:
        seen += up
    for code in seen:
        counts[ORDER[C.card(code)]] -= 1
    return counts


def blind_odds(view: dict[str, Any]) -> float:
    """The chance an unseen card can go on the pile now."""
    top = view["top_rank"]
    if top < 0:
        return 1.0
    counts = unseen_ranks(view)
    total = sum(counts.values())
    if total <= 0:
        return 0.5
    # a card of the top rank always fits: fewer than four lie there, since four sweep
    fits = sum(n for r, n in counts.items() if r <= top or r == TEN)
    return fits / total


class SweepBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        plays = [m for m in legal if m.verb in ("play", "add")]
        blinds = [m for m in legal if m.verb == "blind"]
        if view["phase"] == "add":
            return max(plays, key=lambda m: len(m.cards)) if plays else legal[0]
        best = max(plays, key=lambda m: self.score(view, m)) if plays else None
        if blinds and self.gamble(view, best):
            return blinds[0]
        if best is not None:
            return best
        return legal[0]  # pickup

    def score(self, view: dict[str, Any], move: Move) -> float:
        parts = move_parts(move)
        hand, up = parts if parts is not None else (move.cards, ())
        cards = hand + up
        rank = ORDER[cards[0]]
        n = len(cards)
        top, count = view["top_rank"], view["top_count"]
        if rank == TEN:
            # an escape kept for later; shed at the end, or when nothing else goes
            left = len(view["hand"]) + len(view["face_up"][view["seat"]])
            return -100 + n - (0 if left <= n else 50)
        value = 10.0 * rank + 3 * n + len(up)
        if (top < 0 and n == MOST_ON_TOP) or (rank == top and count + n == MOST_ON_TOP):
            value += SWEEP_BONUS
        return value

    def gamble(self, view: dict[str, Any], best: Move | None) -> bool:
        """Whether to play a blind card rather than ``best`` (None: the other choice is a pick-up)."""
        if best is None:
            return True
        parts = move_parts(best)
        cards = parts[0] + parts[1] if parts is not None else best.cards
        rank = ORDER[cards[0]]
        if rank == TEN and view["top_rank"] >= 0:
            return blind_odds(view) > 0.5
        return view["top_rank"] == KING and rank <= 5


GAME_BOTS = {"sweep": SweepBot}
