"""What the benchmarks share about driving a peer engine from Python."""

from __future__ import annotations

import random
from typing import Any


def openspiel_random_playout(state: Any, rng: random.Random) -> int:
    """Play an OpenSpiel state to its end: chance outcomes sampled from their list (as OpenSpiel's
    own Python examples play), decisions uniformly random. Returns the number of decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions
