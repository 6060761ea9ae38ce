"""What the fuzz tests share: the rule sets to fuzz, positions to type moves into, the words a
game's moves are made of, the example budgets of the two tiers, and a fingerprint of a state.

Positions are reached by seeded random play, built once per rule set and never played on: a
test types into a ``clone()``.
"""

from __future__ import annotations

import json
import random
from functools import cache

from hypothesis import HealthCheck, settings

import gamenight
from gamenight.core.state import State

#: every registered game with each of its rule sets (its default player count)
RULE_SETS: list[tuple[str, str | None]] = [(spec.id, preset) for spec in gamenight.games()
                                           for preset in (None, *spec.presets)]
IDS = [f"{game}-{preset or 'default'}" for game, preset in RULE_SETS]
#: random steps played before each fuzzed position (the first deal's bidding, play, later deals)
DEPTHS = (0, 3, 12, 40, 120)

#: the default tier: a few seconds per game, the same examples on every run
FAST = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: the slow tier (``--all``): more examples, drawn afresh on every run, so every CI run tries new
#: ones and what the fuzzers have tried grows with every run: 60 each run (300 cost some 250 s of
#: the suite's CPU at 34 games; 150 cost 57 s of CI's 10 minutes, its two fuzzers together; 100,
#: about 45)
SLOW = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@cache
def positions(game: str, preset: str | None) -> tuple[State, ...]:
    """Positions of one seeded random match, at each of :data:`DEPTHS` steps (while it lasts)."""
    s = gamenight.new(game, preset=preset, seed=5)
    rng = random.Random(17)
    out: list[State] = []
    for step in range(max(DEPTHS) + 1):
        if s.is_over:
            break
        if step in DEPTHS:
            out.append(s.clone())
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        s.play(rng.choice(s.legal_moves(seat)), seat)
    return tuple(out)


@cache
def words(game: str, preset: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The verbs and the argument words of every legal move of every seat in the positions."""
    verbs: set[str] = set()
    args: set[str] = set()
    for s in positions(game, preset):
        for seat in range(s.num_players):
            for m in s.legal_moves(seat):
                verb, *rest = str(m).split()
                verbs.add(verb)
                args.update(rest)
    return tuple(sorted(verbs)), tuple(sorted(args))


def fingerprint(s: State) -> str:
    """Everything a refusal must leave as it was: the log, every zone's pieces in order, and what
    every seat and a spectator see (without the drawing, which is made from the same entries)."""
    views = [s.view(seat, layout=False) for seat in (None, *range(s.num_players))]
    return json.dumps([s.log, s.card_zones(), views], sort_keys=True, default=repr)


@cache
def fingerprints(game: str, preset: str | None) -> tuple[str, ...]:
    """:func:`fingerprint` of each of the :func:`positions`, made once: a test types into a copy
    and the position itself never changes, so every example refused in it compares against the
    same fingerprint (making it anew for each example was a third of the move fuzzer's time)."""
    return tuple(fingerprint(s) for s in positions(game, preset))
