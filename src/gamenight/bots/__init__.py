"""Bots: random, and heuristic bots per family tuned per game.

The family heuristics live in ``bots/families/`` and the bots tuned per game in ``bots/games/``.
A module in ``bots/games/`` that defines ``GAME_BOTS = {game_id: BotClass}`` registers its
heuristic bots; it is found by discovery, like the games.
"""

from __future__ import annotations

import importlib
import pkgutil

from gamenight.bots import games
from gamenight.bots.base import Bot, RandomBot, Sampler, sampler_for
from gamenight.core import registry

KINDS = ("random", "heuristic")

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


def make_bot(kind: str, game_id: str) -> Bot:
    """A bot of ``kind`` ("random" or "heuristic") for ``game_id``."""
    spec = registry.get(game_id)
    if kind == "random":
        return RandomBot()
    if kind == "heuristic":
        _discover()
        if spec.id not in _heuristic:
            raise ValueError(f"There is no heuristic bot for {spec.title} yet; use 'random'.")
        bot: Bot = _heuristic[spec.id]()
        return bot
    raise ValueError(f"Unknown bot {kind!r}; the bots are: {', '.join(KINDS)}.")


__all__ = ["KINDS", "Bot", "RandomBot", "Sampler", "heuristic_games", "make_bot", "sampler_for"]
