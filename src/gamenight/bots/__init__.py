"""Bots: random, and heuristic bots per family tuned per game.

The family heuristics live in ``bots/families/`` and the bots tuned per game in ``bots/games/``.
A module in ``bots/games/`` that defines ``GAME_BOTS = {game_id: BotClass}`` registers its
heuristic bots; it is found by discovery, like the games. The levels for people (beginner, casual,
strong, expert: ``bots.levels``) are built on those heuristics and the search bot (``bots.search``).
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from collections.abc import Callable

from gamenight.bots import games
from gamenight.bots.base import Bot, RandomBot, Sampler, sampler_for
from gamenight.bots.levels import LEVEL_WORDS, LEVELS, level_bot
from gamenight.bots.loader import load_bot, offered_bot, offered_for
from gamenight.core import registry

#: every bot a seat may have: the levels for people, and the two plain bots programs and stored tables name
KINDS = (*LEVELS, "random", "heuristic")

_heuristic: dict[str, type] = {}
_loaded = False


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    for module in pkgutil.iter_modules(games.__path__):
        found = importlib.import_module(f"{games.__name__}.{module.name}")
        _heuristic.update(getattr(found, "GAME_BOTS", {}))
    _loaded = True


def heuristic_games() -> list[str]:
    _discover()
    return sorted(_heuristic)


def make_bot(kind: str, game_id: str, *, timed: bool = True,
             clock: Callable[[], float] = time.perf_counter) -> Bot:
    """A bot of ``kind`` (one of :data:`KINDS`) for ``game_id``. A searching level keeps to its time
    budget on ``clock``; ``timed=False`` leaves it the step budget alone (reproducible runs)."""
    spec = registry.get(game_id)
    if kind == "random":
        return RandomBot()
    if kind == "heuristic" or kind in LEVELS:
        _discover()
        if spec.id not in _heuristic:
            raise ValueError(f"There is no heuristic bot for {spec.title} yet; use 'random'.")
        heuristic: type = _heuristic[spec.id]
        if kind == "heuristic":
            bot: Bot = heuristic()
            return bot
        return level_bot(kind, heuristic, timed=timed, clock=clock, game=spec.id)
    offered = offered_bot(kind)  # a bot of the server's own (gamenight serve --bot)
    if offered is not None and spec.id in offered.games:
        return load_bot(offered.path, spec.id)
    raise ValueError(f"Unknown bot {kind!r}; the bots are: {', '.join([*KINDS, *offered_for(spec.id)])}.")


def seat_bots(game_id: str) -> list[str]:
    """The bots a lobby lists for a seat of ``game_id``: the levels, weakest first, then random
    ("heuristic" is the casual level under its older name), then the server's own bots that play it."""
    _discover()
    spec = registry.get(game_id)
    own = [*LEVELS, "random"] if spec.id in _heuristic else ["random"]
    return [*own, *offered_for(spec.id)]


__all__ = ["KINDS", "LEVELS", "LEVEL_WORDS", "Bot", "RandomBot", "Sampler", "heuristic_games", "make_bot",
           "sampler_for", "seat_bots"]
