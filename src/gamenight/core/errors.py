"""The errors every game raises, so callers can tell a player's mistake from a program's."""

from __future__ import annotations


class GameError(Exception):
    """Base of gamenight's errors."""


class IllegalMove(GameError):
    """A move that cannot be parsed, or that the rules forbid now.

    The message is a sentence a player understands and names the rule, for example
    "You must follow suit: you hold a heart". The state is left untouched.
    """


class OptionError(GameError, ValueError):
    """An unknown option, a bad value, or a combination of options the rules do not allow."""


class UnknownGame(GameError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"
