"""The errors every game raises, so callers can tell a player's mistake from a program's."""

from __future__ import annotations


class GameError(Exception):
    """Base of gamenight's errors."""


class IllegalMove(GameError):
    """A move that cannot be parsed, or that the rules forbid now.

    The message is a sentence a player understands and names the rule, for example
    "You must follow suit: you hold a heart". The state is left untouched.
    """


class NoVerb(IllegalMove):
    """Text that does not start with a verb (``5C``, ``""``): the state that reads it names the verbs
    the player may use now (:meth:`with_verbs`), where the notation alone can only give an example."""

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        super().__init__(self.with_verbs(()))

    def with_verbs(self, verbs: tuple[str, ...] | list[str]) -> str:
        named = " or ".join(f"'{v}'" for v in list(dict.fromkeys(verbs))[:3]) or "'play'"
        if not self.text:
            return f"Type a move: it starts with a word such as {named}."
        return f"{self.text!r} is not a move: a move starts with a word such as {named}."


class OptionError(GameError, ValueError):
    """An unknown option, a bad value, or a combination of options the rules do not allow."""


class UnknownGame(GameError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class SeatError(IllegalMove, ValueError):
    """A seat that is not at the table: seats are whole numbers from 0 to players − 1 (``None``,
    where a call allows it, is a spectator or "the one seat to act"). Playing for such a seat is
    an illegal move; asking a view, the legal moves or a sample for one is a ``ValueError``."""


class DeckError(OptionError):
    """A stacked ``deck`` the game cannot deal: not a list of piece codes, or naming a piece the
    game's equipment does not hold (or more copies of it than it holds)."""


class LogError(GameError, ValueError):
    """A game log :func:`~gamenight.core.registry.replay` cannot read: not a mapping, a key
    missing, or a value of the wrong kind. (A move that does not replay is an ``IllegalMove``.)"""
