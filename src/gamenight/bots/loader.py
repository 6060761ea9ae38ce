"""Your own bot, named by an import path: ``package.module:Name``.

``Name`` is a class or a factory function, built once per match: with the game's id when it requires
one argument (``MyBot("hearts")``, ``make("hearts")``), else with none (``MyBot()``). It may also be a bot
object itself (anything with a ``choose`` method), used as it is. What it builds must have
``choose(view, legal, sampler, rng)`` (see :mod:`gamenight.bots.base`); a ``name`` is optional.

``gamenight sim GAME --bot package.module:Name`` uses it, as can any command that seats bots
(:func:`load_bot` is the one place that reads such a path). The current directory is importable,
so a bot in ``./mybot.py`` is ``mybot:MyBot``.

``gamenight serve --bot package.module:Name`` *offers* it (:func:`offer_bot`): the lobby lists it for
a seat, under its own name (its ``name``), in the games it plays (its ``games``, a list of game ids,
or else every game it can be made for), and a table's seat names it by that name. Only offered
bots are: a request never names an import path, so nobody reaches a module through the API.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from gamenight.bots.base import Bot


class BotLoadError(ValueError):
    """A bot path that does not import, or names something that is not a bot; the message is one
    sentence saying which."""


def is_bot_path(text: str) -> bool:
    """Whether ``text`` names a bot by import path (``module:Name``) rather than a built-in kind."""
    return ":" in text


def find_object(path: str) -> Any:
    """The object ``module:Name`` names (``Name`` may be dotted: ``module:Outer.Inner``)."""
    module_name, _, attr = path.partition(":")
    if not module_name or not attr:
        raise BotLoadError(f"{path!r} is not a bot path: write it as module:Name, like mypkg.mybot:MyBot.")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # a bot in the current directory, as `python -m` would find it
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise BotLoadError(f"The bot {path!r} does not import: {e}.") from None
    for part in attr.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise BotLoadError(f"The module {module_name!r} has no {attr!r} for the bot {path!r}.") from None
    return found


def takes_game_id(maker: Callable[..., Any]) -> bool:
    """Whether a class or factory takes one argument (the game's id) rather than none."""
    try:
        params = list(inspect.signature(maker).parameters.values())
    except (TypeError, ValueError):  # no signature to read (a builtin): call it with none
        return False
    required = [p for p in params if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                                           p.POSITIONAL_OR_KEYWORD)]
    return len(required) == 1


def is_bot(obj: object) -> bool:
    return not isinstance(obj, type) and callable(getattr(obj, "choose", None))


def load_bot(path: str, game_id: str) -> Bot:
    """The bot ``path`` names, built for ``game_id``; :class:`BotLoadError` with a sentence otherwise."""
    found = find_object(path)
    if is_bot(found):
        return cast(Bot, found)
    if not callable(found):
        kind = type(found).__name__
        raise BotLoadError(f"{path!r} is not a bot class or a function that makes one "
                           f"(it is {'an' if kind[0] in 'aeiou' else 'a'} {kind}).")
    try:
        bot = found(game_id) if takes_game_id(found) else found()
    except Exception as e:
        raise BotLoadError(f"The bot {path!r} could not be made: {type(e).__name__}: {e}.") from None
    if not is_bot(bot):
        raise BotLoadError(f"{path!r} made a {type(bot).__name__}, which has no "
                           "choose(view, legal, sampler, rng) method, so it is not a bot.")
    return cast(Bot, bot)


def place_bot(kinds: list[str], path: str, seats: list[int], game_id: str) -> list[str]:
    """Every seat's bot, with ``path`` in ``seats`` (checked now: a path that will not make a bot is
    refused before any match starts)."""
    load_bot(path, game_id)
    out = list(kinds)
    for seat in seats:
        if not 0 <= seat < len(out):
            raise BotLoadError(f"There is no seat {seat}: the seats are 0 to {len(out) - 1}.")
        out[seat] = path
    return out


# ---- a server's own bots (gamenight serve --bot) ----------------------------------------------


@dataclass(frozen=True)
class OfferedBot:
    """A bot of the server's own, offered for a seat under ``name`` in the games ``games``."""

    name: str
    path: str
    games: tuple[str, ...]


#: the bots ``gamenight serve --bot`` offers, by name (this process's: a server has one set)
_OFFERED: dict[str, OfferedBot] = {}
#: the longest name a lobby lists
MAX_BOT_NAME = 40


def bot_name(path: str, found: object, bot: object) -> str:
    """The name a person reads: the bot's ``name``, else its class's or factory's name."""
    name = getattr(bot, "name", None) or getattr(found, "__name__", None) or path.partition(":")[2]
    name = " ".join(str(name).split())
    if not name or len(name) > MAX_BOT_NAME:
        raise BotLoadError(f"The bot {path!r} needs a name of 1 to {MAX_BOT_NAME} characters (its name "
                           f"attribute), not {name!r}.")
    return name


def games_of(path: str, found: object, game_ids: Sequence[str]) -> tuple[str, ...]:
    """The games the bot plays: its ``games`` attribute (game ids) if it has one, else every game it
    can be made for (a bot made for one game refuses the others)."""
    declared = getattr(found, "games", None)
    if declared is None:
        return tuple(g for g in game_ids if _makes_a_bot(path, g))
    if isinstance(declared, str):
        declared = [declared]
    unknown = [g for g in declared if g not in game_ids]
    if unknown:
        raise BotLoadError(f"The bot {path!r} names games there are none of: {', '.join(map(str, unknown))} "
                           "(see gamenight list).")
    return tuple(declared)


def _makes_a_bot(path: str, game_id: str) -> bool:
    try:
        load_bot(path, game_id)
    except BotLoadError:
        return False
    return True


def offer_bot(path: str, game_ids: Sequence[str], taken: Sequence[str]) -> OfferedBot:
    """Offer the bot ``path`` names for a seat in the games of ``game_ids`` it plays, under its own
    name (not one of ``taken``, gamenight's own bots, nor another offered bot's): checked now, each
    problem a sentence (:class:`BotLoadError`)."""
    found = find_object(path)
    games = games_of(path, found, game_ids)
    if not games:
        load_bot(path, game_ids[0])  # the reason it makes no bot, in its own sentence
        raise BotLoadError(f"The bot {path!r} could not be made for any game.")
    name = bot_name(path, found, load_bot(path, games[0]))
    clash = [t for t in (*taken, *_OFFERED) if t.casefold() == name.casefold()]
    if clash:
        raise BotLoadError(f"The bot {path!r} is named {name!r}, as another bot of this server is: "
                           "give it a name of its own (its name attribute).")
    offered = OfferedBot(name, path, games)
    _OFFERED[name] = offered
    return offered


def offered_bot(kind: str) -> OfferedBot | None:
    """The offered bot a seat names by ``kind``, if any."""
    return _OFFERED.get(kind)


def offered_for(game_id: str) -> list[str]:
    """The names of the offered bots that play ``game_id``, in the order they were offered."""
    return [b.name for b in _OFFERED.values() if game_id in b.games]


def withdraw_bots() -> None:
    """Offer none of them any more (a test's server after its own)."""
    _OFFERED.clear()


__all__ = ["BotLoadError", "OfferedBot", "find_object", "is_bot_path", "load_bot", "offer_bot", "offered_bot",
           "offered_for", "place_bot", "withdraw_bots"]
