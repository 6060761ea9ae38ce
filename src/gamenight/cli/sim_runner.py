"""``gamenight sim``'s matches, played wherever :mod:`gamenight.spread` puts them.

A job names everything a match needs (the game, the bots, the seed, the rules as already read on
this machine: an ``@FILE`` option's text travels, not its path), so a worker process or a Ray node
plays the same match as this process would; it sends back only what the totals need.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import gamenight
from gamenight.cli.loops import play_bots
from gamenight.core.scoring import Outcome
from gamenight.families.house import HouseGame, HouseRound
from gamenight.spread import spread


@dataclass(frozen=True)
class SimJob:
    game: str
    kinds: tuple[str, ...]
    seed: int
    players: int
    options: Mapping[str, str]
    preset: str | None


@dataclass(frozen=True)
class SimMatch:
    """What a finished match adds to the totals: its outcome, its moves, its settled house rounds."""

    outcome: Outcome
    moves: int
    house_rounds: tuple[HouseRound, ...]


def play_sim_match(job: SimJob) -> SimMatch:
    state = gamenight.new(job.game, players=job.players, seed=job.seed, options=dict(job.options),
                          preset=job.preset)
    play_bots(state, job.kinds)
    assert state.outcome is not None
    rounds = tuple(state.house_rounds()) if isinstance(state, HouseGame) else ()
    return SimMatch(state.outcome, len(state.moves), rounds)


def sim_matches(game: str, kinds: Sequence[str], seeds: Sequence[int], *, players: int,
                options: Mapping[str, str], preset: str | None, workers: int | None = None,
                ray: str | None = None) -> Iterator[SimMatch]:
    """The matches of ``seeds``, in that order, over ``workers`` processes or Ray at ``ray``."""
    jobs = [SimJob(game, tuple(kinds), seed, players, dict(options), preset) for seed in seeds]
    return spread(play_sim_match, jobs, workers=workers, ray=ray)


__all__ = ["SimJob", "SimMatch", "play_sim_match", "sim_matches"]
