"""Mexican Train (``mexican-train``): keep your own train long, slough the rest elsewhere.

The bot reads its seat's view (its tiles, every train's open end, the markers, the boneyard) and
scores each legal play:

* **Its own train is a plan**: the longest chain of its tiles that can follow its train's open
  end (a bounded depth-first search). Tiles of that chain are kept for its own train, laid there
  one by one in chain order; a play on its own train off the chain scores low (it wastes the plan).
* **Everything else goes elsewhere**: tiles outside the plan are laid on the Mexican train or on
  a marked train (an open train is a free place to shed), the heaviest first — pips left in the
  hand are what a round costs.
* **Doubles it can follow**: a double is two tiles' worth of shedding in one turn when another
  tile can follow it (on it or anywhere open); a double it could not follow forces a draw, so it
  waits.
* **Its marker**: with its train marked, a play on its own train also takes the marker off under
  the common rule (``own_train_only``), so it leans there.
* The last tile is always announced; drawing and passing are forced.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import dominoes as D
from gamenight.families.dominoes import longest_chain
from gamenight.games.mexican_train import PLAY_OF


class MexicanTrainBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        verbs = {m.verb for m in legal}
        if "announce" in verbs:
            return next(m for m in legal if m.verb == "announce")
        plays = [m for m in legal if m.verb == "play"]
        if not plays:
            return legal[0]
        seat: int = view["seat"]
        hand = [D.tile_of(c) for c in view["hand"]]
        ends: list[int] = view["ends"]
        mexican: int = view["mexican"]
        marked: list[bool] = view["marked"]
        own_end = ends[seat]
        plan = longest_chain(own_end, hand)
        planned = set(plan)
        # the other ends it may play on now: where a double's follow-up could go
        others = [ends[j] for j in range(len(marked)) if marked[j] and j != seat]
        open_ends = [ends[seat], ends[mexican], *others]
        best, best_score = plays[0], float("-inf")
        for m in plays:
            t, k = PLAY_OF[m]
            line = mexican if k == 0 else k - 1
            score = float(D.PIPS[t])
            if line == seat:
                if plan and t == plan[0]:
                    score += 40
                else:
                    score -= 25 if t in planned else 5
                if marked[seat]:
                    score += 8
            else:
                score += -30 if t in planned else 20
                if line != mexican:
                    score += 4  # shed on a marked train while it is open
            if D.IS_DOUBLE[t]:
                rest = list(hand)
                rest.remove(t)
                new_end = D.HIGH[t]
                follows = any(D.has_end(x, e) for x in rest for e in (new_end, *open_ends))
                score += 30 if follows or not rest else -40
            if len(hand) == 1:
                score += 1000  # going out
            if score > best_score:
                best, best_score = m, score
        return best


GAME_BOTS = {"mexican-train": MexicanTrainBot}
