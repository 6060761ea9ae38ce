"""Hints: what the strong bot would play, in words, with a sentence saying why where it can.

``hint(view, legal, sampler, rng)`` needs only what the seat's own bot gets (its view, its legal
moves, determinizations consistent with the view): it never sees the true state, so a hint reveals
nothing a person could not know.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots import make_bot
from gamenight.bots.base import Sampler, sampler_for
from gamenight.bots.search import SearchBot
from gamenight.core.moves import Move
from gamenight.core.state import State

#: the level a hint asks
HINT_LEVEL = "strong"


def move_words(view: dict[str, Any], move: Move) -> str:
    """The move in the players' words, as the view lists it (the move's text where it is not listed)."""
    for entry in view.get("moves") or []:
        if entry.get("text") == str(move):
            return str(entry.get("words") or move)
    return str(move)


def hint(view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> tuple[Move, str]:
    """The strong bot's move for the seat whose ``view`` this is (its game is the view's ``game``), and
    a sentence saying so, and why where the bot can say."""
    bot = make_bot(HINT_LEVEL, str(view["game"]))
    move = bot.choose(view, legal, sampler, rng)
    words = f"The strong bot would play: {move_words(view, move)}."
    if len(legal) == 1:
        return move, f"{words} It is the only move."
    if isinstance(bot, SearchBot) and bot.last_simulations:
        return move, (f"{words} It compared {bot.last_moves} moves over {bot.last_simulations} guesses at "
                      f"what it cannot see, {bot.reach_words()}, and this one did best.")
    return move, f"{words} It is the move the bot's own reckoning for this game chooses."


def hint_for(state: State, seat: int, rng: random.Random) -> tuple[Move, str]:
    """:func:`hint` for ``seat`` of a live ``state`` (a terminal's, a server's): from the seat's view only."""
    return hint(state.view(seat, layout=False), state.legal_moves(seat), sampler_for(state, seat), rng)


__all__ = ["HINT_LEVEL", "hint", "hint_for", "move_words"]
