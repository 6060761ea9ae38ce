"""gamenight: the games of a family's rule books, playable, rule-enforced and scored.

    >>> import gamenight
    >>> s = gamenight.new("euchre", seed=1)
    >>> s.legal_moves()          # doctest: +SKIP
    >>> s.play("pass")           # doctest: +SKIP
"""

# Register every game now. Importing the subpackage binds the attribute `gamenight.games` to it;
# the `from gamenight.core import games` below (sorted after it) binds the protocol's function again.
import gamenight.games as _games_package  # noqa: F401 - registers every game
from gamenight.core import (
    GameError,
    GameSpec,
    IllegalMove,
    Move,
    OptionError,
    Outcome,
    State,
    UnknownGame,
    games,
    new,
    replay,
)

__all__ = [
    "GameError", "GameSpec", "IllegalMove", "Move", "OptionError", "Outcome", "State",
    "UnknownGame", "games", "new", "replay",
]
__version__ = "0.1.0"
